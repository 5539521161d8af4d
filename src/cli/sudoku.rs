//! Sudoku: exact solver, human-technique solver, rating, hints and generator.
//! `inkdoku solve | generate | rate | hint | steps`.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Subcommand};

use super::read_input;

use std::sync::Arc;

use inkdoku::grid::{Geometry, Grid, GridError, Shape};
use inkdoku::sudoku::generator::{self, GenerateOptions};
use inkdoku::sudoku::human::{self, Hint, Step};
use inkdoku::sudoku::solo::{self, ClassicTextError, NotClassic};
use inkdoku::sudoku::{exact, solver, Difficulty};
use inkdoku::variants::{self, Kind, Puzzle};

#[derive(Subcommand)]
pub enum Command {
    /// Solve puzzles, one per line: prints the solution, `unsolvable` or `multiple`.
    Solve(SolveArgs),
    /// Generate puzzles with one solution at an exact difficulty, one per line.
    Generate(GenerateArgs),
    /// Rate puzzles, one per line: `LEVEL SCORE HARDEST_TECHNIQUE`.
    Rate(InputArgs),
    /// The next step for a puzzle (first line) and optionally the player's board (second line).
    Hint(HintArgs),
    /// The full human solution path of each puzzle.
    Steps(StepsArgs),
}

#[derive(Args)]
pub struct InputArgs {
    /// Input file with one puzzle per line (a grid line or a Solo game ID of any variant such
    /// as `3x3:b6_4e1…` or `9j:…`), or one multi-line grid; `-` or nothing for stdin.
    file: Option<PathBuf>,
}

#[derive(Args)]
pub struct GenerateArgs {
    /// A variant instead of classic Sudoku: killer, killer-x, jigsaw or x. Printed as Solo
    /// game IDs, one per line.
    #[arg(long, value_parser = parse_kind)]
    variant: Option<Kind>,
    /// Board size: 4, 6, 9 or 16 (a variant: 6 or 9 for x and jigsaw, 9 for killer).
    #[arg(long, default_value_t = 9)]
    size: usize,
    /// easy, medium, hard or expert.
    #[arg(long, default_value = "medium")]
    difficulty: Difficulty,
    /// Givens symmetric under rotation by 180 degrees.
    #[arg(long)]
    symmetric: bool,
    /// How many puzzles.
    #[arg(long, default_value_t = 1)]
    count: usize,
    /// Seed for reproducible output (puzzle k uses seed + k); random if absent.
    #[arg(long)]
    seed: Option<u64>,
}

#[derive(Args)]
pub struct HintArgs {
    /// Input: the puzzle line (a grid line or a classic Solo game ID), then optionally the
    /// current board line.
    file: Option<PathBuf>,
    /// Print the hint as JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
pub struct StepsArgs {
    /// Input file with one puzzle per line (a grid line or a classic Solo game ID); `-` or
    /// nothing for stdin.
    file: Option<PathBuf>,
    /// Print each path as one JSON line.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
pub struct SolveArgs {
    /// Input file with one puzzle per line (a grid line or a classic Solo game ID such as
    /// `3x3:b6_4e1…`), or one multi-line grid; `-` or nothing for stdin.
    file: Option<PathBuf>,
    /// Print the number of solutions (capped by --limit) instead of the solution.
    #[arg(long)]
    count: bool,
    /// Stop counting at this many solutions.
    #[arg(long, default_value_t = 2)]
    limit: usize,
    /// exact: the backtracking solver, the answer alone; human: the way a person would, one
    /// named technique per step (as the app's hints), then the answer.
    #[arg(long, value_enum, default_value_t = Method::Exact, conflicts_with = "count")]
    method: Method,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Method {
    Exact,
    Human,
}

fn parse_kind(s: &str) -> Result<Kind, String> {
    Kind::from_id(s).ok_or_else(|| format!("{s} is not one of killer, killer-x, jigsaw, x"))
}

/// A puzzle of the input: a classic grid, or a variant read from its Solo game ID.
enum Item {
    Classic(Grid),
    Variant(Puzzle),
}

impl Item {
    fn givens(&self) -> &Grid {
        match self {
            Item::Classic(g) => g,
            Item::Variant(p) => &p.givens,
        }
    }

    fn geometry(&self) -> Option<&Arc<Geometry>> {
        match self {
            Item::Classic(_) => None,
            Item::Variant(p) => Some(p.rules.geometry()),
        }
    }

    /// Up to `limit` solutions counted, with the first.
    fn solutions(&self, limit: usize) -> (usize, Option<Grid>) {
        match self {
            Item::Classic(g) => {
                let s = solver::solutions(g, limit);
                (s.count, s.first)
            }
            Item::Variant(p) => {
                let s = exact::solutions(p.rules.geometry(), p.givens.values(), limit);
                (s.count, s.first.and_then(|v| Grid::from_values(p.givens.shape(), v)))
            }
        }
    }

    fn path(&self) -> Result<human::SolutionPath, human::HumanError> {
        match self {
            Item::Classic(g) => human::solve_path(g),
            Item::Variant(p) => human::solve_path_in(&p.givens, p.rules.geometry(), Difficulty::Expert),
        }
    }
}

/// One line as a puzzle: a classic one, else a variant's Solo game ID.
fn read_item(line: &str) -> Result<Item, String> {
    match solo::read_classic(line) {
        Ok(g) => Ok(Item::Classic(g)),
        Err(ClassicTextError::NotClassic(NotClassic::Variant(_))) => {
            Puzzle::read_solo(line).map(Item::Variant).map_err(|e| e.to_string())
        }
        Err(e) => Err(e.to_string()),
    }
}

pub fn run(cmd: Command) -> ExitCode {
    match cmd {
        Command::Solve(a) => solve(a),
        Command::Generate(a) => generate(a),
        Command::Rate(a) => rate(a),
        Command::Hint(a) => hint(a),
        Command::Steps(a) => steps(a),
    }
}


/// Puzzles of the input: one per non-empty line (a grid line or a classic Solo game ID), or the
/// whole text as one multi-line grid when its lines are not puzzles by themselves. Each item is
/// (line number, parse result).
fn puzzles(text: &str) -> Vec<(usize, Result<Item, String>)> {
    let lines: Vec<(usize, &str)> =
        text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()).map(|(i, l)| (i + 1, l)).collect();
    let first_is_short = lines.first().is_some_and(|(_, l)| {
        solo::resemblance(l) == solo::Resemblance::None && matches!(Grid::parse(l), Err(GridError::WrongLength { .. }))
    });
    if lines.len() > 1 && first_is_short {
        if let Ok(g) = Grid::parse_puzzle(text) {
            return vec![(1, Ok(Item::Classic(g)))];
        }
    }
    lines.into_iter().map(|(n, l)| (n, read_item(l))).collect()
}

fn solve(a: SolveArgs) -> ExitCode {
    if a.method == Method::Human {
        return each_puzzle("solve", &a.file, |g| match (g.path(), g.solutions(1).1) {
            (Ok(path), Some(answer)) if path.solved => format!("{}{}", numbered_steps(&path.steps), answer.to_line()),
            (Err(e), _) => not_rated(e),
            _ => "unsolvable".to_string(),
        });
    }
    each_puzzle("solve", &a.file, |g| {
        let (count, first) = g.solutions(if a.count { a.limit } else { 2 });
        if a.count {
            count.to_string()
        } else {
            match (count, first) {
                (1, Some(sol)) => sol.to_line(),
                (0, _) => "unsolvable".to_string(),
                _ => "multiple".to_string(),
            }
        }
    })
}

fn generate(a: GenerateArgs) -> ExitCode {
    if let Some(kind) = a.variant {
        return generate_variant(kind, &a);
    }
    let Some(shape) = Shape::from_size(a.size) else {
        eprintln!("inkdoku generate: size {} is not one of 4, 6, 9, 16", a.size);
        return ExitCode::from(2);
    };
    let base = a.seed.unwrap_or_else(rand::random);
    let mut out = std::io::stdout().lock();
    for k in 0..a.count {
        let opts = GenerateOptions {
            shape,
            difficulty: a.difficulty,
            symmetric: a.symmetric,
            seed: base.wrapping_add(k as u64),
        };
        match generator::generate(&opts, &mut |_| true) {
            Ok(g) => {
                let _ = writeln!(out, "{}", g.to_line());
            }
            Err(e) => {
                eprintln!("inkdoku generate: {e}");
                return ExitCode::from(2);
            }
        }
    }
    ExitCode::SUCCESS
}

fn generate_variant(kind: Kind, a: &GenerateArgs) -> ExitCode {
    let base = a.seed.unwrap_or_else(rand::random);
    let mut out = std::io::stdout().lock();
    for k in 0..a.count {
        let opts = variants::generator::Options {
            kind,
            size: u8::try_from(a.size).unwrap_or(0),
            difficulty: a.difficulty,
            seed: base.wrapping_add(k as u64),
        };
        match variants::generator::generate(&opts, &mut |_| true) {
            Ok(p) => match p.solo_id() {
                Ok(id) => {
                    let _ = writeln!(out, "{id}");
                }
                Err(e) => {
                    eprintln!("inkdoku generate: {e}");
                    return ExitCode::from(2);
                }
            },
            Err(e) => {
                eprintln!("inkdoku generate: {e}");
                return ExitCode::from(2);
            }
        }
    }
    ExitCode::SUCCESS
}

/// Runs `f` on every puzzle of the input; malformed lines are reported and give exit code 2.
fn each_puzzle(cmd: &str, file: &Option<PathBuf>, mut f: impl FnMut(&Item) -> String) -> ExitCode {
    let text = match read_input(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("inkdoku {cmd}: {e}");
            return ExitCode::from(2);
        }
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut bad = 0;
    for (line, p) in puzzles(&text) {
        match p {
            Ok(g) => {
                let _ = writeln!(out, "{}", f(&g));
            }
            Err(e) => {
                bad += 1;
                let _ = out.flush();
                eprintln!("inkdoku {cmd}: line {line}: {e}");
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

fn not_rated(e: human::HumanError) -> String {
    match e {
        human::HumanError::Unsolvable => "unsolvable".into(),
        human::HumanError::NotUnique => "multiple".into(),
        e => format!("error: {e}"),
    }
}

fn rate(a: InputArgs) -> ExitCode {
    each_puzzle("rate", &a.file, |g| match g.path().map(|p| human::rating_of(&p.steps)) {
        Ok(r) => format!("{} {} {}", r.level, r.score, r.hardest.id()),
        Err(e) => not_rated(e),
    })
}

fn step_text(s: &Step) -> String {
    let mut t = format!("{}: {}", s.technique.name(), s.explanation);
    let cell = |r: usize, c: usize| format!("r{}c{}", r + 1, c + 1);
    let places: Vec<String> =
        s.placements.iter().map(|p| format!("{}={}", cell(p.row, p.col), inkdoku::grid::symbol_char(p.value))).collect();
    let elims: Vec<String> =
        s.eliminations.iter().map(|e| format!("{}<>{}", cell(e.row, e.col), inkdoku::grid::symbol_char(e.value))).collect();
    if !places.is_empty() {
        t.push_str(&format!(" [place {}]", places.join(" ")));
    }
    if !elims.is_empty() {
        t.push_str(&format!(" [remove {}]", elims.join(" ")));
    }
    t
}

/// `1. <step>` lines, one per step of a human solution path (`steps`, `solve --method human`).
fn numbered_steps(steps: &[Step]) -> String {
    steps.iter().enumerate().map(|(k, s)| format!("{}. {}\n", k + 1, step_text(s))).collect()
}

fn steps(a: StepsArgs) -> ExitCode {
    each_puzzle("steps", &a.file, |g| match g.path() {
        Ok(path) => {
            let r = human::rating_of(&path.steps);
            if a.json {
                serde_json::json!({ "rating": r, "steps": path.steps }).to_string()
            } else {
                format!("{}rating: {} {} {}", numbered_steps(&path.steps), r.level, r.score, r.hardest.id())
            }
        }
        Err(e) => not_rated(e),
    })
}

fn hint(a: HintArgs) -> ExitCode {
    let text = match read_input(&a.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("inkdoku hint: {e}");
            return ExitCode::from(2);
        }
    };
    let lines: Vec<(usize, &str)> =
        text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()).map(|(i, l)| (i + 1, l)).collect();
    let line = |k: usize| lines.get(k).ok_or_else(|| "no puzzle in the input".to_string());
    let result = line(0).and_then(|(n, l)| read_item(l).map_err(|e| format!("line {n}: {e}"))).and_then(|item| {
        let current = match line(1) {
            Ok((n, l)) => Grid::parse(l).map_err(|e| format!("line {n}: {e}"))?,
            Err(_) => item.givens().clone(),
        };
        match item.geometry() {
            Some(geo) => human::hint_in(item.givens(), geo, &current, None),
            None => human::hint(item.givens(), &current, None),
        }
        .map_err(|e| e.to_string())
    });
    match result {
        Ok(h) => {
            if a.json {
                println!("{}", serde_json::to_string(&h).unwrap_or_default());
            } else {
                match h {
                    Hint::WrongEntry { explanation, .. } | Hint::MissingCandidate { explanation, .. } => {
                        println!("{explanation}")
                    }
                    Hint::Step { step } => println!("{}", step_text(&step)),
                    Hint::Solved => println!("solved"),
                }
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("inkdoku hint: {e}");
            ExitCode::from(2)
        }
    }
}
