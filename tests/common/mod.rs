//! Helpers shared by the integration tests: the `inkdoku` binary run as a user runs it, the
//! shared data files, read in place from `../shared/data` (never copied into the repository),
//! random moves of KenKen and the sliding puzzle for `testkit::play` (the games' own hooks), a check that a session
//! is playable, and scratch folders.

// Each test crate includes this module and uses only part of it.
#![allow(dead_code)]

use std::fmt::Debug;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use inkdoku::kenken::generator::Generated;
use inkdoku::kenken::play::{Action as KenkenAction, KenkenSession};
use inkdoku::testkit::check_undo_redo;
use inkdoku::session::{Game, Session};
use inkdoku::slide::play::{Action as SlideAction, SlideSession};
use rand::Rng;

/// Runs `inkdoku ARGS` with `stdin` as its input: (exit code, stdout, stderr).
pub fn run_cli(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_inkdoku"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the inkdoku binary runs");
    // A command that refuses its arguments exits before it reads its input: a broken pipe then
    // is its answer, not a failure of the test.
    match child.stdin.take().expect("stdin is piped").write_all(stdin.as_bytes()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        r => r.expect("write stdin"),
    }
    let out = child.wait_with_output().expect("inkdoku finishes");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The path of a shared data file, e.g. `shared_path("sudoku/17_clue.txt")`.
pub fn shared_path(rel: &str) -> String {
    format!("{}/../shared/data/{rel}", env!("CARGO_MANIFEST_DIR"))
}

/// A shared data file's text; a missing file fails the test with its path.
pub fn read_shared(rel: &str) -> String {
    let path = shared_path(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The non-blank lines of a Sudoku set in `shared/data/sudoku`.
pub fn sudoku_lines(name: &str) -> Vec<String> {
    read_shared(&format!("sudoku/{name}")).lines().filter(|l| !l.trim().is_empty()).map(str::to_string).collect()
}

/// About `n` (at least `n`, or the whole file) evenly spaced lines of a Sudoku set: big files
/// are sampled to keep CI fast.
pub fn sudoku_sample(name: &str, n: usize) -> Vec<String> {
    let all = sudoku_lines(name);
    let step = (all.len() / n).max(1);
    all.into_iter().step_by(step).collect()
}

/// Easy KenKen puzzles of sizes 3, 4, 6 and 9 (the game's own, `kenken::testkit`).
pub fn kenken_puzzles() -> &'static [Generated] {
    inkdoku::kenken::testkit::puzzles()
}

/// A random KenKen move for `testkit::play` (the game's own hook, `kenken::testkit`).
pub fn kenken_move(s: &KenkenSession, rng: &mut impl Rng, ink: bool) -> KenkenAction {
    inkdoku::kenken::testkit::random_move(s, rng, ink)
}

/// A random sliding-puzzle move for `testkit::play` (the game's own hook, `slide::testkit`).
pub fn slide_move(s: &SlideSession, rng: &mut impl Rng) -> SlideAction {
    inkdoku::slide::testkit::random_move(s, rng)
}

/// A session (a loaded one, say) is playable: it started from `bare` (the game as it began),
/// undo and redo are exact inverses and undoing everything reaches the start
/// (`testkit::check_undo_redo`), both as the session is and once every undone move is redone.
/// Returns the game with everything redone.
pub fn assert_playable<G: Game + PartialEq + Debug>(mut s: Session<G>, bare: &G) -> G {
    assert_eq!(s.start(), bare);
    check_undo_redo(&mut s).unwrap_or_else(|e| panic!("{e}"));
    while s.can_redo() {
        assert_eq!(s.redo(), Ok(()));
    }
    check_undo_redo(&mut s).unwrap_or_else(|e| panic!("after redoing everything: {e}"));
    s.game().clone()
}

/// A fresh, empty scratch folder `inkdoku-<tag>-<pid>` in the temp dir.
pub fn scratch(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("inkdoku-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The names of the files in a folder, sorted.
pub fn file_names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    v.sort();
    v
}

/// Starts `cmd`, trying again a few times when the system can't start a process. Under Wine,
/// `CreateProcess` now and then fails with ERROR_INTERNAL_ERROR (1359) when many processes are
/// started in a row (a crash test starts hundreds): that is the harness failing, not the code
/// under test, which only runs once the process is up.
pub fn spawn_retrying(cmd: &mut Command) -> std::process::Child {
    const TRIES: u32 = 5;
    let mut last = None;
    for i in 0..TRIES {
        match cmd.spawn() {
            Ok(child) => return child,
            Err(e) => {
                eprintln!("starting {:?} failed (try {}): {e}", cmd.get_program(), i + 1);
                last = Some(e);
                std::thread::sleep(std::time::Duration::from_millis(200 << i));
            }
        }
    }
    panic!("could not start {:?} in {TRIES} tries: {last:?}", cmd.get_program())
}

// ---- Simon Tatham's Solo (tests/solo_ids.rs, tests/variants.rs)

/// sgt-solo on the PATH, or where Debian puts it (`/usr/games` is not on every PATH); `None`
/// when `INKDOKU_SKIP_SOLO=1` (the Windows runs: Solo's Debian build is a Linux program).
/// Missing otherwise, the test fails saying how to install it.
pub fn sgt_solo() -> Option<PathBuf> {
    if std::env::var("INKDOKU_SKIP_SOLO").is_ok_and(|v| v == "1") {
        eprintln!("the Solo game ID tests are skipped (INKDOKU_SKIP_SOLO=1)");
        return None;
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    let found = std::env::split_paths(&path).chain([PathBuf::from("/usr/games")]).map(|d| d.join("sgt-solo")).find(|p| p.is_file());
    assert!(
        found.is_some(),
        "sgt-solo (Simon Tatham's Solo) is not installed, and this test reads the IDs it makes: \
         install it with `sudo apt-get install sgt-puzzles` (scripts/setup.sh test does), \
         or set INKDOKU_SKIP_SOLO=1 to skip the Solo game ID tests"
    );
    found
}

/// `count` IDs of `params`, made by Solo now.
pub fn solo_generate(bin: &PathBuf, count: usize, params: &str) -> Vec<String> {
    let out = Command::new(bin)
        .args(["--generate", &count.to_string(), params])
        // Headless: Solo generates without a display (GTK only warns on stderr).
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .unwrap_or_else(|e| panic!("running {} failed: {e}", bin.display()));
    assert!(out.status.success(), "sgt-solo --generate {count} {params}: {}", String::from_utf8_lossy(&out.stderr));
    let ids: Vec<String> = String::from_utf8_lossy(&out.stdout).lines().map(str::to_string).filter(|l| !l.is_empty()).collect();
    assert_eq!(ids.len(), count, "sgt-solo --generate {count} {params} printed {ids:?}");
    ids
}
