//! Test helper for the autosave crash test (`tests/save_crash.rs`): plays a deterministic chain
//! of random moves and autosaves atomically after each, printing `saved <k>` once save `k` is on
//! disk, until it is killed.
//!
//! Usage: `inkdoku-autosave-writer <save path> <seed> <k>` where the file holds state `k` of the
//! chain (0: no file yet, start from the seed's puzzle).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use inkdoku::play::GameInPlay;
use inkdoku::save;
use inkdoku::session::testkit::{chain_start, chain_step};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
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

fn usage() -> ExitCode {
    eprintln!("usage: inkdoku-autosave-writer <save path> <seed> <k>");
    ExitCode::from(2)
}
