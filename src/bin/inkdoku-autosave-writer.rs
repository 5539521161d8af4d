//! Test helper for the autosave crash test (`tests/save_crash.rs`): plays a deterministic chain
//! of random moves and autosaves atomically after each, printing `saved <k>` once save `k` is on
//! disk, until it is killed.
//!
//! Usage: `inkdoku-autosave-writer <save path> <seed> <k>` where the file holds state `k` of the
//! chain (0: no file yet, start from the seed's puzzle).
//!
//! `inkdoku-autosave-writer --hold <path> <millis>` instead plays the antivirus of
//! `tests/save_windows.rs`: it opens the file for reading without FILE_SHARE_DELETE (so on
//! Windows nobody can rename over it), prints `held`, keeps it open for `millis`, then exits.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use inkdoku::play::GameInPlay;
use inkdoku::save;
use inkdoku::testkit::{chain_start, chain_step};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, p, ms] = args.as_slice() {
        if flag == "--hold" {
            return match ms.parse::<u64>() {
                Ok(ms) => hold(&PathBuf::from(p), ms),
                Err(_) => usage(),
            };
        }
    }
    let (path, seed, start) = match args.as_slice() {
        [p, s, k] => match (s.parse::<u64>(), k.parse::<u64>()) {
            (Ok(s), Ok(k)) => (PathBuf::from(p), s, k),
            _ => return usage(),
        },
        _ => return usage(),
    };
    let mut session = if start == 0 {
        chain_start(seed)
    } else {
        match save::load(&path).map(|l| l.game) {
            Ok(GameInPlay::Sudoku(s)) => s,
            Ok(other) => {
                eprintln!("cannot resume from {}: a {} game, not the Sudoku chain", path.display(), other.kind().as_str());
                return ExitCode::FAILURE;
            }
            Err(e) => {
                eprintln!("cannot resume from {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        }
    };
    let mut out = std::io::stdout().lock();
    // Bounded so a forgotten writer stops by itself.
    for k in start + 1..start + 100_000 {
        chain_step(&mut session, seed, k);
        if let Err(e) = save::save(&path, &GameInPlay::Sudoku(session.clone()), save::now_ms()) {
            eprintln!("save {k} failed: {e}");
            return ExitCode::FAILURE;
        }
        if writeln!(out, "saved {k}").and_then(|_| out.flush()).is_err() {
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

fn hold(path: &std::path::Path, ms: u64) -> ExitCode {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(windows)]
    {
        use std::os::windows::fs::OpenOptionsExt;
        // FILE_SHARE_READ | FILE_SHARE_WRITE, not FILE_SHARE_DELETE: what a scanner often does.
        options.share_mode(0x1 | 0x2);
    }
    let file = match options.open(path) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("cannot open {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
    };
    let mut out = std::io::stdout().lock();
    if writeln!(out, "held").and_then(|_| out.flush()).is_err() {
        return ExitCode::FAILURE;
    }
    std::thread::sleep(std::time::Duration::from_millis(ms));
    drop(file);
    ExitCode::SUCCESS
}

fn usage() -> ExitCode {
    eprintln!("usage: inkdoku-autosave-writer <save path> <seed> <k> | --hold <path> <millis>");
    ExitCode::from(2)
}
