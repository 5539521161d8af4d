//! What Windows does to saves that Unix does not: another program (an antivirus, a backup or
//! indexing tool) holding the save open without FILE_SHARE_DELETE blocks every rename over it.
//! `write_atomic` waits a short, bounded while, then fails cleanly, the old save intact, so that
//! the autosave writer keeps the game in memory and tries again at the next save.
//! Run under Wine by scripts/test-windows.sh.

#![cfg(windows)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use inkdoku::save::{backup_path, is_busy, write_atomic, BUSY_WAITS_MS};

fn scratch(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("inkdoku-win-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Another process that holds `path` open (read, no FILE_SHARE_DELETE) for `ms`; returns once
/// the handle is open.
fn hold(path: &Path, ms: u64) -> Child {
    let mut child = Command::new(env!("CARGO_BIN_EXE_inkdoku-autosave-writer"))
        .arg("--hold")
        .arg(path)
        .arg(ms.to_string())
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn the holder");
    let mut line = String::new();
    let mut out = BufReader::new(child.stdout.take().expect("the holder's stdout"));
    out.read_line(&mut line).expect("read the holder");
    assert_eq!(line.trim(), "held", "the holder could not open {}", path.display());
    child
}

fn temp_files(dir: &Path) -> usize {
    std::fs::read_dir(dir).unwrap().filter_map(|e| e.ok()).filter(|e| e.file_name().to_string_lossy().contains("tmp-")).count()
}

fn names(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir).unwrap().filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).collect()
}

#[test]
fn the_holder_really_blocks_a_rename_over_the_file() {
    // Guards the two tests below: without a sharing violation they would prove nothing.
    let d = scratch("blocks");
    let p = d.join("current.json");
    std::fs::write(&p, b"old").unwrap();
    std::fs::write(d.join("new"), b"new").unwrap();
    let mut holder = hold(&p, 5_000);
    let e = std::fs::rename(d.join("new"), &p).expect_err("a rename over a held file must fail on Windows");
    assert!(is_busy(&e), "unexpected error: {e:?}");
    let _ = holder.kill();
    let _ = holder.wait();
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_save_held_open_briefly_is_replaced_after_a_short_wait() {
    let d = scratch("brief");
    let p = d.join("current.json");
    write_atomic(&p, b"one").unwrap();
    let mut holder = hold(&p, 100);
    let started = Instant::now();
    write_atomic(&p, b"two").expect("the write waits until the holder lets go");
    let waited = started.elapsed();
    assert_eq!(std::fs::read(&p).unwrap(), b"two");
    assert_eq!(std::fs::read(backup_path(&p)).unwrap(), b"one");
    assert_eq!(temp_files(&d), 0);
    let _ = holder.wait();
    println!("held 100 ms: saved after {waited:?}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_save_held_open_for_long_fails_in_bounded_time_keeps_the_old_one_and_the_next_save_works() {
    let d = scratch("long");
    let p = d.join("current.json");
    write_atomic(&p, b"one").unwrap();
    let mut holder = hold(&p, 20_000);
    let started = Instant::now();
    let e = write_atomic(&p, b"two").expect_err("a save held open for 20 s cannot be replaced");
    let waited = started.elapsed();
    assert!(is_busy(&e), "a busy file is named as such: {e:?}");
    let budget: u64 = BUSY_WAITS_MS.iter().sum();
    // The waits, plus slack for a slow machine (Wine on 2 busy cores).
    assert!(waited < Duration::from_millis(budget + 2_000), "gave up only after {waited:?}");
    assert_eq!(std::fs::read(&p).unwrap(), b"one", "the old save is intact");
    assert_eq!(temp_files(&d), 0, "no temp file left behind: {:?}", names(&d));
    // The scanner lets go: the next save goes through.
    let _ = holder.kill();
    let _ = holder.wait();
    write_atomic(&p, b"three").expect("the next save after the holder let go");
    assert_eq!(std::fs::read(&p).unwrap(), b"three");
    println!("held 20 s: gave up after {waited:?} (budget {budget} ms), next save fine");
    let _ = std::fs::remove_dir_all(&d);
}
