//! Crash test: a writer process autosaves after every move and is killed at random moments
//! (SIGKILL on Unix, TerminateProcess on Windows — run under Wine by scripts/test-windows.sh);
//! the save on disk must always load and hold a state the writer had reached — the last one it
//! reported saved, or the one it was writing — never damaged, never older.

mod common;

use common::spawn_retrying;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use inkdoku::play::{GameInPlay, GameKind};
use inkdoku::save::{self, backup_path, load_or_recover, Recovery};
use inkdoku::testkit::{chain_start, chain_step};
use inkdoku::sudoku::play::SudokuSession;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const ROUNDS: usize = 200;
const SEED: u64 = 20_261_129;

/// Replays the writer's deterministic chain in-process, forward only.
struct Chain {
    k: u64,
    state: SudokuSession,
}

impl Chain {
    fn at(&mut self, k: u64) -> &SudokuSession {
        assert!(k >= self.k, "the chain only moves forward ({k} < {})", self.k);
        while self.k < k {
            self.k += 1;
            chain_step(&mut self.state, SEED, self.k);
        }
        &self.state
    }
}

fn stray_temp_files(dir: &Path) -> usize {
    std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok()).filter(|e| e.file_name().to_string_lossy().contains(".tmp-")).count())
        .unwrap_or(0)
}

#[cfg(unix)]
const KILL: &str = "SIGKILL";
#[cfg(windows)]
const KILL: &str = "TerminateProcess";

/// The writer died of our kill, not of its own accord.
fn killed(status: &std::process::ExitStatus) -> bool {
    if cfg!(windows) {
        status.code() == Some(1) // the exit code Child::kill gives TerminateProcess
    } else {
        status.code().is_none() // a signal
    }
}

#[test]
fn killed_autosave_never_loses_or_corrupts_the_game() {
    let dir = std::env::temp_dir().join(format!("inkdoku-save-crash-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("current.json");
    let mut rng = StdRng::seed_from_u64(SEED);
    let mut chain = Chain { k: 0, state: chain_start(SEED) };
    // The chain index of the state the file holds (0 also while there is no file yet).
    let mut on_disk = 0u64;
    let (mut acked_total, mut no_save_rounds, mut ahead_rounds, mut mid_write_rounds) = (0u64, 0, 0, 0);

    for round in 0..ROUNDS {
        let mut child = spawn_retrying(
            Command::new(env!("CARGO_BIN_EXE_inkdoku-autosave-writer"))
                .arg(&path)
                .arg(SEED.to_string())
                .arg(on_disk.to_string())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped()),
        );
        let mut stdout = child.stdout.take().map(BufReader::new);
        let mut out = String::new();
        // A Windows process (Wine's even more) takes longer to start than the sleep below: in
        // every other round wait for the first save, so that most kills land amid the saves.
        if cfg!(windows) && round % 2 == 1 {
            if let Some(so) = stdout.as_mut() {
                let _ = so.read_line(&mut out);
            }
        }
        std::thread::sleep(Duration::from_micros(rng.random_range(0..40_000)));
        // Child::kill is SIGKILL on Unix and TerminateProcess(1) on Windows: no destructor, no
        // flush, no chance to finish.
        let _ = child.kill();
        let status = child.wait().expect("reap the writer");
        if let Some(so) = stdout.as_mut() {
            let _ = so.read_to_string(&mut out);
        }
        let mut err = String::new();
        if let Some(mut se) = child.stderr.take() {
            let _ = se.read_to_string(&mut err);
        }
        assert!(err.is_empty() && killed(&status), "round {round}: the writer failed ({status}): {err}");

        // Only whole lines count: a line cut by the kill proves nothing.
        let last_ack = out
            .split_inclusive('\n')
            .filter_map(|l| l.strip_suffix('\n')?.strip_prefix("saved ")?.parse::<u64>().ok())
            .next_back();
        let base = last_ack.unwrap_or(on_disk);
        acked_total += last_ack.map_or(0, |a| a - on_disk);
        if last_ack.is_none() {
            no_save_rounds += 1;
        }
        if stray_temp_files(&dir) > 0 {
            mid_write_rounds += 1;
        }
        // load_or_recover below clears the temp files of an interrupted write.

        if !path.exists() {
            assert_eq!(base, 0, "round {round}: the save vanished after save {base}");
            save::remove_stale_temp_files(&path);
            continue;
        }
        let rec = load_or_recover(&path, 0, Some(GameKind::Sudoku));
        let Recovery::Loaded(save::Loaded { game: GameInPlay::Sudoku(loaded), .. }) = rec else {
            panic!("round {round}: the save did not load cleanly: {rec:?}")
        };
        let expected = chain.at(base).clone();
        if loaded == expected {
            on_disk = base;
        } else {
            // Killed after the rename but before printing: the file is one step ahead.
            assert_eq!(&loaded, chain.at(base + 1), "round {round}: the save is neither state {base} nor {}", base + 1);
            on_disk = base + 1;
            ahead_rounds += 1;
        }
        // The backup, when there is one, is a complete earlier save.
        let bak = backup_path(&path);
        if bak.exists() {
            save::load(&bak).unwrap_or_else(|e| panic!("round {round}: the backup is damaged: {e}"));
        }
        assert_eq!(stray_temp_files(&dir), 0, "round {round}: temp files were not cleared");
    }
    println!(
        "save crash test: {ROUNDS} {KILL} rounds, {acked_total} saves acknowledged, final state {on_disk}; \
         {no_save_rounds} kills before a save completed, {mid_write_rounds} rounds with a temp file left \
         (killed mid-write), {ahead_rounds} kills between rename and acknowledgement"
    );
    assert!(on_disk > 0, "the writer never saved anything");
    let _ = std::fs::remove_dir_all(&dir);
}
