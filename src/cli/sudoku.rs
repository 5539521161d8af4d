//! Sudoku: exact solver, human-technique solver, rating, hints and generator.
//! `inkdoku solve | generate | rate | hint | steps`.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Subcommand};

use inkdoku::grid::{Grid, GridError};
use inkdoku::sudoku::solver;

#[derive(Subcommand)]
pub enum Command {
    /// Solve puzzles, one per line: prints the solution, `unsolvable` or `multiple`.
    Solve(SolveArgs),
}

#[derive(Args)]
pub struct SolveArgs {
    /// Input file with one puzzle per line (or one multi-line grid); `-` or nothing for stdin.
    file: Option<PathBuf>,
    /// Print the number of solutions (capped by --limit) instead of the solution.
    #[arg(long)]
    count: bool,
    /// Stop counting at this many solutions.
    #[arg(long, default_value_t = 2)]
    limit: usize,
}

pub fn run(cmd: Command) -> ExitCode {
    match cmd {
        Command::Solve(a) => solve(a),
    }
}

/// The input text, from a file or stdin.
fn read_input(file: &Option<PathBuf>) -> Result<String, String> {
    match file {
        Some(p) if p.as_os_str() != "-" => {
            std::fs::read_to_string(p).map_err(|e| format!("cannot read {}: {e}", p.display()))
        }
        _ => {
            let mut s = String::new();
            std::io::stdin().read_to_string(&mut s).map_err(|e| format!("cannot read stdin: {e}"))?;
            Ok(s)
        }
    }
}

/// Puzzles of the input: one per non-empty line, or the whole text as one multi-line grid when
/// its lines are not puzzles by themselves. Each item is (line number, parse result).
fn puzzles(text: &str) -> Vec<(usize, Result<Grid, GridError>)> {
    let lines: Vec<(usize, &str)> =
        text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()).map(|(i, l)| (i + 1, l)).collect();
    let first_is_short = lines
        .first()
        .is_some_and(|(_, l)| matches!(Grid::parse(l), Err(GridError::WrongLength { .. })));
    if lines.len() > 1 && first_is_short {
        if let Ok(g) = Grid::parse_puzzle(text) {
            return vec![(1, Ok(g))];
        }
    }
    lines.into_iter().map(|(n, l)| (n, Grid::parse_puzzle(l))).collect()
}

fn solve(a: SolveArgs) -> ExitCode {
    let text = match read_input(&a.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("inkdoku solve: {e}");
            return ExitCode::from(2);
        }
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut bad = 0;
    for (line, p) in puzzles(&text) {
        match p {
            Ok(g) => {
                let s = solver::solutions(&g, if a.count { a.limit } else { 2 });
                let r = if a.count {
                    s.count.to_string()
                } else {
                    match (s.count, s.first) {
                        (1, Some(sol)) => sol.to_line(),
                        (0, _) => "unsolvable".to_string(),
                        _ => "multiple".to_string(),
                    }
                };
                let _ = writeln!(out, "{r}");
            }
            Err(e) => {
                bad += 1;
                let _ = out.flush();
                eprintln!("inkdoku solve: line {line}: {e}");
            }
        }
    }
    let _ = out.flush();
    if bad > 0 {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}
