//! Test helper for the restore crash test (`tests/backup.rs`): restores a backup into a data
//! folder (laid out as `testkit::backup_layout`) and finishes it, saying each step on stdout
//! (`read`, `committed`, `finished`), so the test can kill it at any moment of the restore.
//!
//! Usage: `inkdoku-restore-writer <data folder> <backup file> <now_ms>`.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use inkdoku::backup;
use inkdoku::testkit::backup_layout;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [dir, file, now] = args.as_slice() else {
        eprintln!("usage: inkdoku-restore-writer <data folder> <backup file> <now_ms>");
        return ExitCode::from(2);
    };
    let (dir, layout) = (PathBuf::from(dir), backup_layout());
    let say = |what: &str| {
        let mut out = std::io::stdout();
        let _ = writeln!(out, "{what}");
        let _ = out.flush();
    };
    let run = || -> Result<(), String> {
        let (b, _) = backup::read(&PathBuf::from(file), &layout).map_err(|e| e.to_string())?;
        say("read");
        backup::restore(&dir, &layout, &b, now.parse().map_err(|_| "now_ms is no number".to_string())?).map_err(|e| e.to_string())?;
        say("committed");
        backup::finish(&dir, &layout).map_err(|e| e.to_string())?;
        say("finished");
        Ok(())
    };
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("inkdoku-restore-writer: {e}");
            ExitCode::FAILURE
        }
    }
}
