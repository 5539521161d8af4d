//! "Back up everything" and "Restore from a backup" (#44 item 5): a backup carries every file
//! and reads back the same; a damaged, foreign or newer one is refused and changes nothing (and
//! any bytes give an error, never a panic); a restore replaces everything at once and keeps the
//! state it replaced; and, killed at random moments (SIGKILL on Unix, TerminateProcess on
//! Windows, run under Wine by scripts/test-windows.sh), a restore leaves the old state or the
//! new once the next start finishes it, never a mix.

mod common;

use common::spawn_retrying;
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use inkdoku::backup::{self, Backup, BackupError};
use inkdoku::play::{GameInPlay, GameKind};
use inkdoku::stats::{GameId, Stats};
use inkdoku::testkit::{backup_layout, sample_session};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn scratch(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("inkdoku-backup-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap_or_else(|e| panic!("{e}"));
    d
}

fn png(tag: u8) -> Vec<u8> {
    let mut b = b"\x89PNG\r\n\x1a\n".to_vec();
    b.extend(std::iter::repeat_n(tag, 300));
    b
}

fn stats(games: usize) -> Vec<u8> {
    let mut s = Stats::new();
    for k in 0..games {
        let id = GameId { puzzle: format!("{k:016x}"), kind: GameKind::Sudoku, size: "9x9".into(), difficulty: "easy".into(), daily: None };
        s.start(&id, 1_000 + k as u64);
        s.win(&id, 60_000, None, 2_000 + k as u64);
    }
    serde_json::to_vec(&s).unwrap_or_default()
}

fn sudoku_save(seed: u64) -> Vec<u8> {
    let s = sample_session(inkdoku::grid::Shape::S9, 0.4, &mut StdRng::seed_from_u64(seed));
    inkdoku::save::to_bytes(&GameInPlay::Sudoku(s), 1_700_000_000_000).unwrap_or_default()
}

/// Writes `files` (path → bytes) into `dir`.
fn lay_out(dir: &Path, files: &BTreeMap<String, Vec<u8>>) {
    for (path, bytes) in files {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().unwrap_or(dir)).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(&p, bytes).unwrap_or_else(|e| panic!("{e}"));
    }
}

/// The old state: two games' worth of files, settings, statistics, a profile, two photos.
fn old_state() -> BTreeMap<String, Vec<u8>> {
    BTreeMap::from([
        ("autosave-sudoku.inkdoku".into(), sudoku_save(1)),
        ("stats.json".into(), stats(3)),
        ("settings.json".into(), br#"{"settings": {"language": "en"}}"#.to_vec()),
        ("handwriting.json".into(), inkdoku::ink::adapt::Profile::default().to_bytes()),
        ("pictures/aa.png".into(), png(1)),
        ("pictures/bb.png".into(), png(2)),
    ])
}

/// The new state: another game, other statistics, no settings file, one other photo.
fn new_state() -> BTreeMap<String, Vec<u8>> {
    BTreeMap::from([
        ("autosave-sudoku.inkdoku".into(), sudoku_save(2)),
        ("stats.json".into(), stats(7)),
        ("handwriting.json".into(), inkdoku::ink::adapt::Profile::default().to_bytes()),
        ("pictures/cc.png".into(), png(3)),
    ])
}

/// What the data folder holds of the layout's files (not backups, `.bak`s or logs).
fn snapshot(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let layout = backup_layout();
    let mut out = BTreeMap::new();
    for (name, _) in &layout.files {
        if let Ok(b) = std::fs::read(dir.join(name)) {
            out.insert(name.clone(), b);
        }
    }
    if let Ok(rd) = std::fs::read_dir(dir.join("pictures")) {
        for e in rd.filter_map(|e| e.ok()) {
            let name = e.file_name().to_string_lossy().into_owned();
            out.insert(format!("pictures/{name}"), std::fs::read(e.path()).unwrap_or_default());
        }
    }
    out
}

fn as_map(b: &Backup) -> BTreeMap<String, Vec<u8>> {
    b.files.iter().map(|e| (e.path.clone(), e.data.clone())).collect()
}

/// A backup file of `files`, written in `dir`.
fn backup_file(dir: &Path, files: &BTreeMap<String, Vec<u8>>) -> PathBuf {
    let src = dir.join("src");
    lay_out(&src, files);
    let b = backup::collect(&src, &backup_layout(), 1_800_000_000_000).unwrap_or_else(|e| panic!("{e}"));
    let path = dir.join("new.inkdoku-backup");
    backup::write(&path, &b).unwrap_or_else(|e| panic!("{e}"));
    path
}

#[test]
fn a_backup_carries_every_file_and_says_what_it_holds() {
    let dir = scratch("roundtrip");
    lay_out(&dir, &old_state());
    std::fs::write(dir.join("stats.json.bak"), b"old").unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(dir.join("pictures").join("not-a-photo.txt"), b"x").unwrap_or_else(|e| panic!("{e}"));
    let layout = backup_layout();
    let b = backup::collect(&dir, &layout, 5).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(as_map(&b), old_state(), "the layout's files and the photos, nothing else");
    let path = dir.join("all.inkdoku-backup");
    backup::write(&path, &b).unwrap_or_else(|e| panic!("{e}"));
    let (back, contents) = backup::read(&path, &layout).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back, b);
    assert_eq!((contents.made_at_ms, contents.games.len(), contents.games_recorded, contents.games_won, contents.photos, contents.settings), (5, 1, 3, 3, 2, true));
    assert_eq!(contents.games[0].kind, GameKind::Sudoku);
}

#[test]
fn a_restore_replaces_everything_and_keeps_what_it_replaced() {
    let dir = scratch("restore");
    let data = dir.join("data");
    lay_out(&data, &old_state());
    std::fs::write(data.join("stats.json.bak"), b"an old copy").unwrap_or_else(|e| panic!("{e}"));
    let file = backup_file(&dir, &new_state());
    let layout = backup_layout();
    let (b, _) = backup::read(&file, &layout).unwrap_or_else(|e| panic!("{e}"));
    let kept = backup::restore(&data, &layout, &b, 42).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(snapshot(&data), old_state(), "nothing moves before the restore is finished");
    assert!(data.join(backup::PENDING).is_dir());
    assert!(backup::finish(&data, &layout).unwrap_or_else(|e| panic!("{e}")));
    assert_eq!(snapshot(&data), new_state());
    assert!(!data.join("stats.json.bak").exists(), "the old state's copies go: the kept backup holds it");
    assert!(!data.join(backup::PENDING).exists());
    assert!(!backup::finish(&data, &layout).unwrap_or_else(|e| panic!("{e}")), "nothing left to finish");
    let (old, _) = backup::read(&kept, &layout).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(as_map(&old), old_state());
    assert_eq!(kept, data.join("backups").join("before-restore-42.inkdoku-backup"));
}

#[test]
fn a_damaged_foreign_or_newer_backup_is_refused_and_changes_nothing() {
    let dir = scratch("refused");
    let layout = backup_layout();
    let good = std::fs::read(backup_file(&dir, &new_state())).unwrap_or_default();
    let json: serde_json::Value = serde_json::from_slice(&good).unwrap_or_default();
    let edit = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut v = json.clone();
        f(&mut v);
        serde_json::to_vec(&v).unwrap_or_default()
    };
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("empty", Vec::new(), "not_a_backup"),
        ("a save", sudoku_save(3), "not_a_backup"),
        ("newer", edit(&|v| v["version"] = 2.into()), "backup_newer"),
        ("no version", edit(&|v| v["version"] = serde_json::Value::Null), "backup_damaged"),
        ("bad base64", edit(&|v| v["files"][0]["data"] = "%%%".into()), "backup_damaged"),
        ("a broken save", edit(&|v| v["files"][0]["data"] = "AAAA".into()), "backup_damaged"),
        ("a file of no one", edit(&|v| v["files"][0]["path"] = "../../etc/passwd".into()), "backup_damaged"),
        ("a hidden photo", edit(&|v| v["files"][3]["path"] = "pictures/.x.png".into()), "backup_damaged"),
        ("a photo that is not one", edit(&|v| v["files"][3]["data"] = "AAAA".into()), "backup_damaged"),
        ("a file twice", edit(&|v| { let f = v["files"][1].clone(); if let Some(a) = v["files"].as_array_mut() { a.push(f) } }), "backup_damaged"),
        ("cut short", good[..good.len() / 2].to_vec(), "not_a_backup"),
    ];
    for (what, bytes, kind) in cases {
        match Backup::read(&bytes, &layout) {
            Err(e) => assert_eq!(e.kind(), kind, "{what}: {e}"),
            Ok(_) => panic!("{what}: read"),
        }
    }
    // Restoring a backup whose files do not check touches nothing.
    let data = dir.join("data");
    lay_out(&data, &old_state());
    let (mut b, _) = Backup::read(&good, &layout).unwrap_or_else(|e| panic!("{e}"));
    b.files[0].data = b"not a save".to_vec();
    assert!(matches!(backup::restore(&data, &layout, &b, 1), Err(BackupError::Damaged(_))));
    assert_eq!(snapshot(&data), old_state());
    assert!(!data.join("backups").exists() && !data.join(backup::PENDING).exists());
}

#[test]
fn any_bytes_read_as_a_backup_give_an_error_never_a_panic() {
    let dir = scratch("fuzz");
    let layout = backup_layout();
    let good = std::fs::read(backup_file(&dir, &new_state())).unwrap_or_default();
    let mut rng = StdRng::seed_from_u64(44);
    let mut kinds = BTreeMap::new();
    for _ in 0..3_000 {
        let mut b = good.clone();
        for _ in 0..rng.random_range(1..6) {
            let i = rng.random_range(0..b.len());
            match rng.random_range(0..3) {
                0 => b[i] = rng.random(),
                1 => { b.remove(i); }
                _ => b.insert(i, *b"{}[],:\"0aZ=/".get(rng.random_range(0..13)).unwrap_or(&b'x')),
            }
        }
        let kind = Backup::read(&b, &layout).err().map_or("read", |e| e.kind());
        *kinds.entry(kind).or_insert(0) += 1;
    }
    assert!(kinds.len() >= 3, "{kinds:?}");
}

#[cfg(unix)]
const KILL: &str = "SIGKILL";
#[cfg(windows)]
const KILL: &str = "TerminateProcess";

#[test]
fn a_restore_killed_at_any_moment_leaves_the_old_state_or_the_new() {
    const ROUNDS: usize = 120;
    let dir = scratch("crash");
    let file = backup_file(&dir, &new_state());
    let layout = backup_layout();
    let run = |data: &Path, kill_after: Option<Duration>| -> (Option<String>, bool) {
        let _ = std::fs::remove_dir_all(data);
        lay_out(data, &old_state());
        let mut child = spawn_retrying(
            Command::new(env!("CARGO_BIN_EXE_inkdoku-restore-writer")).arg(data).arg(&file).arg("7").stdout(Stdio::piped()),
        );
        if let Some(d) = kill_after {
            std::thread::sleep(d);
            let _ = child.kill();
        }
        let status = child.wait().unwrap_or_else(|e| panic!("{e}"));
        let said = child.stdout.take().map(|o| BufReader::new(o).lines().map_while(Result::ok).last()).unwrap_or_default();
        (said, status.success())
    };
    // How long a whole restore takes here: the kills fall anywhere in it.
    let data = dir.join("data");
    let t = Instant::now();
    let (said, ok) = run(&data, None);
    let whole = t.elapsed();
    assert_eq!((said.as_deref(), ok), (Some("finished"), true));
    assert_eq!(snapshot(&data), new_state());
    let mut rng = StdRng::seed_from_u64(20_261_205);
    let (mut old, mut new) = (0, 0);
    let mut steps = BTreeMap::new();
    for round in 0..ROUNDS {
        let kill = Duration::from_micros(rng.random_range(0..(whole.as_micros() as u64 * 12 / 10).max(1)));
        let (said, _) = run(&data, Some(kill));
        *steps.entry(said.clone().unwrap_or_else(|| "nothing".into())).or_insert(0) += 1;
        // The next start.
        backup::finish(&data, &layout).unwrap_or_else(|e| panic!("round {round}: finish: {e}"));
        let now = snapshot(&data);
        if now == old_state() {
            old += 1;
            assert!(matches!(said.as_deref(), None | Some("read")), "round {round}: the old state after {said:?}");
        } else if now == new_state() {
            new += 1;
            let kept = data.join("backups").join("before-restore-7.inkdoku-backup");
            let (b, _) = backup::read(&kept, &layout).unwrap_or_else(|e| panic!("round {round}: the kept backup: {e}"));
            assert_eq!(as_map(&b), old_state(), "round {round}");
        } else {
            panic!("round {round}: killed after {kill:?} ({said:?}), the data folder is a mix: {:?}", now.keys().collect::<Vec<_>>());
        }
        let leftovers: Vec<String> = std::fs::read_dir(&data).map(|rd| rd.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).filter(|n| n.starts_with(".restore")).collect()).unwrap_or_default();
        assert!(leftovers.is_empty(), "round {round}: {leftovers:?}");
    }
    println!("restore killed ({KILL}) {ROUNDS} times within {whole:?}: old state {old}, new {new}; the writer's last word: {steps:?}");
    assert!(old > 0 && new > 0, "the kills must fall both before and after the commit: old {old}, new {new}");
    let _ = std::fs::remove_dir_all(&dir);
}
