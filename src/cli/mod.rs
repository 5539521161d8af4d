//! Command-line parsing and dispatch. Each family of commands lives in its own module.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod daily;
mod games;
mod recognize;
mod sudoku;

#[derive(Parser)]
#[command(name = "inkdoku", version, about = "Inkdoku puzzle engine: solve, generate, rate, hint, recognise")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    #[command(flatten)]
    Sudoku(sudoku::Command),
    /// Recognise handwriting: one JSON sample on stdin, or evaluate a JSONL file with --eval.
    Recognize(recognize::Args),
    /// KenKen: solve, generate, rate, hint, bench (docs/kenken.md).
    Kenken {
        #[command(subcommand)]
        cmd: games::KenkenCommand,
    },
    /// A day's daily puzzle as text, the same the app serves (docs/daily.md).
    Daily(daily::DailyArgs),
    /// Sliding puzzle: solve, shuffle, bench-korf (docs/slide.md).
    Slide {
        #[command(subcommand)]
        cmd: games::SlideCommand,
    },
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Sudoku(cmd) => sudoku::run(cmd),
        Command::Recognize(args) => recognize::run(args),
        Command::Kenken { cmd } => games::run_kenken(cmd),
        Command::Slide { cmd } => games::run_slide(cmd),
        Command::Daily(args) => daily::run(args),
    }
}

/// The input text of a command: a file, or stdin when the file is `-` or not given.
pub(crate) fn read_input(file: &Option<std::path::PathBuf>) -> Result<String, String> {
    use std::io::Read;
    match file {
        Some(p) if p.as_os_str() != "-" => std::fs::read_to_string(p).map_err(|e| format!("cannot read {}: {e}", p.display())),
        _ => {
            let mut s = String::new();
            std::io::stdin().read_to_string(&mut s).map_err(|e| format!("cannot read stdin: {e}"))?;
            Ok(s)
        }
    }
}
