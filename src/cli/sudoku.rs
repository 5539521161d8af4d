//! `inkdoku solve | generate | rate | hint | steps`.

use std::process::ExitCode;

use clap::Subcommand;

#[derive(Subcommand)]
pub enum Command {
    /// Solve puzzles, one per line (placeholder until the solver lands).
    Solve,
}

pub fn run(cmd: Command) -> ExitCode {
    match cmd {
        Command::Solve => {
            eprintln!("inkdoku solve: not built yet");
            ExitCode::from(2)
        }
    }
}
