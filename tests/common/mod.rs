//! Helpers shared by the integration tests: the `inkdoku` binary run as a user runs it, and the
//! shared data files, read in place from `../shared/data` (never copied into the repository).

// Each test crate includes this module and uses only part of it.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `inkdoku ARGS` with `stdin` as its input: (exit code, stdout, stderr).
pub fn run_cli(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_inkdoku"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the inkdoku binary runs");
    child.stdin.take().expect("stdin is piped").write_all(stdin.as_bytes()).expect("write stdin");
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
