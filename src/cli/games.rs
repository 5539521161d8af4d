//! KenKen and the sliding puzzle: `inkdoku kenken solve|generate|rate|hint|bench` and
//! `inkdoku slide solve|shuffle|bench-korf`. Formats: docs/kenken.md and docs/slide.md.
//! Bad input gives a precise message on stderr and exit code 2.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Args, Subcommand};

use super::read_input;

use inkdoku::kenken::generator;
use inkdoku::kenken::rate::{self, Difficulty};
use inkdoku::kenken::{hint as khint, solver as ksolver, KenkenError, Puzzle};
use inkdoku::slide::{self, solver as ssolver, Board};

#[derive(Subcommand)]
pub enum KenkenCommand {
    /// Solve puzzles (JSON lines, or one hand-entry text puzzle): prints each solution as
    /// `r1/r2/...`, or `unsolvable` or `multiple`.
    Solve(KenkenSolveArgs),
    /// Generate unique puzzles of a difficulty, one JSON line each (with solution).
    Generate(KenkenGenerateArgs),
    /// Rate puzzles: `easy`, `medium`, `hard`, `expert`, or `unsolvable` / `multiple`.
    Rate(InputArgs),
    /// A hint for a puzzle and, optionally, the player's grid (`--board`).
    Hint(KenkenHintArgs),
    /// Solve every puzzle of the files and report times per size (for docs/benchmarks.md).
    Bench(BenchArgs),
}

#[derive(Subcommand)]
pub enum SlideCommand {
    /// Solve boards, one per line: prints `optimal|quick LENGTH STEPS` (gap steps U D L R).
    Solve(SlideSolveArgs),
    /// Make solvable shuffled boards, one per line (`RxC: tiles`).
    Shuffle(SlideShuffleArgs),
    /// The next move for each board, one per line: `TILE DIR REMAINING` (optimal up to 16 cells,
    /// from the quick solver beyond), or `solved`.
    Hint(SlideSolveArgs),
    /// Korf's 100 15-puzzles with optimal IDA* under a time budget per instance.
    BenchKorf(KorfArgs),
}

#[derive(Args)]
pub struct InputArgs {
    /// Input file; `-` or nothing for stdin.
    file: Option<PathBuf>,
}

#[derive(Args)]
pub struct KenkenSolveArgs {
    /// Input file; `-` or nothing for stdin.
    file: Option<PathBuf>,
    /// Print the number of solutions (up to --limit) instead.
    #[arg(long)]
    count: bool,
    #[arg(long, default_value_t = 2)]
    limit: usize,
}

#[derive(Args)]
pub struct KenkenGenerateArgs {
    /// Board size 3..=9.
    #[arg(long, default_value_t = 6)]
    size: usize,
    /// easy, medium, hard or expert.
    #[arg(long, default_value = "medium")]
    difficulty: Difficulty,
    #[arg(long, default_value_t = 1)]
    count: usize,
    /// Seed for reproducible output (puzzle k uses seed + k); random if absent.
    #[arg(long)]
    seed: Option<u64>,
}

#[derive(Args)]
pub struct KenkenHintArgs {
    /// The puzzle (one JSON line or hand-entry text); `-` or nothing for stdin.
    file: Option<PathBuf>,
    /// The player's grid: N*N digits row-major, 0 or . for empty (spaces and / ignored).
    #[arg(long)]
    board: Option<String>,
}

#[derive(Args)]
pub struct BenchArgs {
    /// JSONL puzzle files.
    files: Vec<PathBuf>,
}

#[derive(Args)]
pub struct SlideSolveArgs {
    /// Input file, one board per line; `-` or nothing for stdin.
    file: Option<PathBuf>,
    /// Always use the fast non-optimal solver.
    #[arg(long)]
    quick: bool,
    /// Node budget for the optimal solver (boards up to 16 cells); over it, falls back to quick.
    #[arg(long, default_value_t = 200_000_000)]
    budget: u64,
    /// Print the tiles to slide instead of gap steps.
    #[arg(long)]
    tiles: bool,
}

#[derive(Args)]
pub struct SlideShuffleArgs {
    #[arg(long, default_value_t = 4)]
    rows: usize,
    #[arg(long, default_value_t = 4)]
    cols: usize,
    /// Target distance from solved (exact on 3x3 and 4x4; a lower bound on larger boards).
    #[arg(long, conflicts_with = "difficulty")]
    distance: Option<usize>,
    /// easy, medium or hard (a distance scaled by board size).
    #[arg(long, default_value = "medium")]
    difficulty: slide::Difficulty,
    #[arg(long, default_value_t = 1)]
    count: usize,
    #[arg(long)]
    seed: Option<u64>,
}

#[derive(Args)]
pub struct KorfArgs {
    /// Korf's file (17 numbers a line, gap top-left when solved).
    #[arg(long, default_value = "../shared/data/slide/korf100.txt")]
    file: PathBuf,
    /// Time budget per instance, in milliseconds.
    #[arg(long, default_value_t = 2000)]
    budget_ms: u64,
    /// Only the first N instances.
    #[arg(long)]
    limit: Option<usize>,
}

pub fn run_kenken(cmd: KenkenCommand) -> ExitCode {
    match cmd {
        KenkenCommand::Solve(a) => kenken_solve(a),
        KenkenCommand::Generate(a) => kenken_generate(a),
        KenkenCommand::Rate(a) => kenken_rate(a),
        KenkenCommand::Hint(a) => kenken_hint(a),
        KenkenCommand::Bench(a) => kenken_bench(a),
    }
}

pub fn run_slide(cmd: SlideCommand) -> ExitCode {
    match cmd {
        SlideCommand::Solve(a) => slide_solve(a, false),
        SlideCommand::Hint(a) => slide_solve(a, true),
        SlideCommand::Shuffle(a) => slide_shuffle(a),
        SlideCommand::BenchKorf(a) => slide_korf(a),
    }
}


/// KenKen input: JSON lines (lines starting with `{`), else the whole text is one hand-entry
/// puzzle. Items are (line number, result).
fn kenken_puzzles(text: &str) -> Vec<(usize, Result<Puzzle, KenkenError>)> {
    let first = text.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with('#'));
    if first.is_some_and(|l| l.starts_with('{')) {
        // A pretty-printed JSON puzzle spans several lines: read it whole.
        if first.is_some_and(|l| matches!(Puzzle::from_json(l), Err(KenkenError::Json(_)))) {
            if let Ok(e) = Puzzle::from_json(text) {
                return vec![(1, Ok(e.puzzle))];
            }
        }
        text.lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|(i, l)| (i + 1, Puzzle::from_json(l).map(|e| e.puzzle)))
            .collect()
    } else {
        // Line 0: a text puzzle's errors name their own lines or cages.
        vec![(0, Puzzle::from_text(text))]
    }
}

fn grid_line(n: usize, g: &[u8]) -> String {
    g.chunks(n).map(|r| r.iter().map(|v| v.to_string()).collect::<String>()).collect::<Vec<_>>().join("/")
}

/// Runs `f` on each KenKen puzzle of the input; bad ones are reported and give exit code 2.
fn each_kenken(cmd: &str, file: &Option<PathBuf>, mut f: impl FnMut(&Puzzle) -> String) -> ExitCode {
    let text = match read_input(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("inkdoku kenken {cmd}: {e}");
            return ExitCode::from(2);
        }
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut bad = 0;
    for (line, p) in kenken_puzzles(&text) {
        match p {
            Ok(p) => {
                let _ = writeln!(out, "{}", f(&p));
            }
            Err(e) => {
                bad += 1;
                let _ = out.flush();
                if line == 0 {
                    eprintln!("inkdoku kenken {cmd}: {e}");
                } else {
                    eprintln!("inkdoku kenken {cmd}: line {line}: {e}");
                }
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

fn kenken_solve(a: KenkenSolveArgs) -> ExitCode {
    each_kenken("solve", &a.file, |p| {
        let s = ksolver::solutions(p, if a.count { a.limit } else { 2 });
        if a.count {
            return s.count.to_string();
        }
        match (s.count, s.first) {
            (1, Some(g)) => grid_line(p.size(), &g),
            (0, _) => "unsolvable".into(),
            _ => "multiple".into(),
        }
    })
}

fn kenken_rate(a: InputArgs) -> ExitCode {
    each_kenken("rate", &a.file, |p| match rate::rate(p) {
        Ok(d) => d.to_string(),
        Err(rate::RateError::Unsolvable) => "unsolvable".into(),
        Err(rate::RateError::NotUnique) => "multiple".into(),
    })
}

fn kenken_generate(a: KenkenGenerateArgs) -> ExitCode {
    let base = a.seed.unwrap_or_else(rand::random);
    let mut out = std::io::stdout().lock();
    for k in 0..a.count {
        match generator::generate(a.size, a.difficulty, base.wrapping_add(k as u64)) {
            Ok(g) => {
                let _ = writeln!(out, "{}", g.puzzle.to_json(Some(&g.solution), Some(g.difficulty.name())));
            }
            Err(e) => {
                eprintln!("inkdoku kenken generate: {e}");
                return ExitCode::from(2);
            }
        }
    }
    ExitCode::SUCCESS
}

fn kenken_hint(a: KenkenHintArgs) -> ExitCode {
    let text = match read_input(&a.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("inkdoku kenken hint: {e}");
            return ExitCode::from(2);
        }
    };
    let puzzle = match kenken_puzzles(&text).into_iter().next() {
        Some((_, Ok(p))) => p,
        Some((_, Err(e))) => {
            eprintln!("inkdoku kenken hint: {e}");
            return ExitCode::from(2);
        }
        None => {
            eprintln!("inkdoku kenken hint: no puzzle in the input");
            return ExitCode::from(2);
        }
    };
    let n = puzzle.size();
    let mut board = vec![0u8; n * n];
    if let Some(b) = &a.board {
        let cells: Vec<char> = b.chars().filter(|c| !c.is_whitespace() && *c != '/').collect();
        if cells.len() != n * n {
            eprintln!("inkdoku kenken hint: --board has {} cells, expected {}", cells.len(), n * n);
            return ExitCode::from(2);
        }
        for (k, c) in cells.into_iter().enumerate() {
            board[k] = match c {
                '.' | '0' => 0,
                c => match c.to_digit(10) {
                    Some(v) if (v as usize) <= n => v as u8,
                    _ => {
                        eprintln!("inkdoku kenken hint: --board cell {} is {c:?}, not 0..={n} or .", k + 1);
                        return ExitCode::from(2);
                    }
                },
            };
        }
    }
    match khint::hint(&puzzle, &board) {
        Ok(h) => {
            println!("{}", h.text);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("inkdoku kenken hint: {e}");
            ExitCode::from(2)
        }
    }
}

fn kenken_bench(a: BenchArgs) -> ExitCode {
    // Per size: count, total and worst time, all unique?
    let mut stats: Vec<(usize, Duration, Duration, u64, bool)> = vec![(0, Duration::ZERO, Duration::ZERO, 0, true); 10];
    for f in &a.files {
        let text = match std::fs::read_to_string(f) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("inkdoku kenken bench: cannot read {}: {e}", f.display());
                return ExitCode::from(2);
            }
        };
        for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let e = match Puzzle::from_json(line) {
                Ok(e) => e,
                Err(e) => {
                    eprintln!("inkdoku kenken bench: {}:{}: {e}", f.display(), i + 1);
                    return ExitCode::from(2);
                }
            };
            let t = Instant::now();
            let s = ksolver::solutions(&e.puzzle, 2);
            let dt = t.elapsed();
            let st = &mut stats[e.puzzle.size()];
            st.0 += 1;
            st.1 += dt;
            st.2 = st.2.max(dt);
            st.3 = st.3.max(s.nodes);
            st.4 &= s.count == 1 && e.solution.as_ref().is_none_or(|x| Some(x) == s.first.as_ref());
        }
    }
    println!("| size | puzzles | mean ms | worst ms | worst nodes | all unique and right |");
    println!("|---|---:|---:|---:|---:|---|");
    for (n, (c, tot, worst, nodes, ok)) in stats.iter().enumerate().filter(|(_, s)| s.0 > 0) {
        println!(
            "| {n}x{n} | {c} | {:.3} | {:.3} | {nodes} | {} |",
            tot.as_secs_f64() * 1000.0 / *c as f64,
            worst.as_secs_f64() * 1000.0,
            if *ok { "yes" } else { "NO" }
        );
    }
    ExitCode::SUCCESS
}

fn slide_solve(a: SlideSolveArgs, hint: bool) -> ExitCode {
    let cmd = if hint { "hint" } else { "solve" };
    let text = match read_input(&a.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("inkdoku slide {cmd}: {e}");
            return ExitCode::from(2);
        }
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut bad = 0;
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let result = Board::parse(line).map_err(ssolver::SolveError::from).and_then(|b| {
            let r = if !a.quick && b.tiles().len() <= 16 {
                match ssolver::optimal(&b, a.budget) {
                    Ok(s) => Ok(("optimal", s)),
                    Err(ssolver::SolveError::Budget { .. }) => ssolver::quick(&b).map(|s| ("quick", s)),
                    Err(e) => Err(e),
                }
            } else {
                ssolver::quick(&b).map(|s| ("quick", s))
            };
            r.map(|(kind, s)| (b, kind, s))
        });
        match result {
            Ok((b, _, s)) if hint => {
                let line = match s.steps.first() {
                    None => "solved".to_string(),
                    Some(&d) => {
                        let tile = b.tile_moved_by(d).unwrap_or(0);
                        format!("{tile} {} {}", d.letter(), s.steps.len())
                    }
                };
                let _ = writeln!(out, "{line}");
            }
            Ok((b, kind, s)) => {
                let moves = if a.tiles {
                    b.tiles_for(&s.steps).iter().map(|t| t.to_string()).collect::<Vec<_>>().join(" ")
                } else {
                    slide::steps_to_text(&s.steps)
                };
                let _ = writeln!(out, "{kind} {} {moves}", s.steps.len());
            }
            Err(e) => {
                bad += 1;
                let _ = out.flush();
                eprintln!("inkdoku slide {cmd}: line {}: {e}", i + 1);
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

fn slide_shuffle(a: SlideShuffleArgs) -> ExitCode {
    let base = a.seed.unwrap_or_else(rand::random);
    let distance = a.distance.unwrap_or_else(|| a.difficulty.distance(a.rows, a.cols));
    let mut out = std::io::stdout().lock();
    for k in 0..a.count {
        match slide::shuffle(a.rows, a.cols, distance, base.wrapping_add(k as u64)) {
            Ok(b) => {
                let _ = writeln!(out, "{}", b.to_line());
            }
            Err(e) => {
                eprintln!("inkdoku slide shuffle: {e}");
                return ExitCode::from(2);
            }
        }
    }
    ExitCode::SUCCESS
}

fn slide_korf(a: KorfArgs) -> ExitCode {
    let text = match std::fs::read_to_string(&a.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("inkdoku slide bench-korf: cannot read {}: {e}", a.file.display());
            return ExitCode::from(2);
        }
    };
    let budget = Duration::from_millis(a.budget_ms);
    let t = Instant::now();
    slide::pdb::get();
    println!("pattern databases built in {:.2} s", t.elapsed().as_secs_f64());
    let (mut solved, mut matched, mut total, mut nodes) = (0, 0, 0, 0u64);
    let mut time_solved = Duration::ZERO;
    let start = Instant::now();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()).take(a.limit.unwrap_or(usize::MAX)) {
        let nums: Result<Vec<u8>, _> = line.split_whitespace().map(str::parse::<u8>).collect();
        let Ok(nums) = nums else {
            eprintln!("inkdoku slide bench-korf: line {}: not 17 numbers", i + 1);
            return ExitCode::from(2);
        };
        if nums.len() != 17 {
            eprintln!("inkdoku slide bench-korf: line {}: {} numbers, expected 17", i + 1, nums.len());
            return ExitCode::from(2);
        }
        let b = match Board::from_korf(&nums[..16]) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("inkdoku slide bench-korf: line {}: {e}", i + 1);
                return ExitCode::from(2);
            }
        };
        total += 1;
        let t = Instant::now();
        match ssolver::optimal_within(&b, u64::MAX, Some(budget)) {
            Ok(s) => {
                let dt = t.elapsed();
                solved += 1;
                time_solved += dt;
                nodes += s.nodes;
                let ok = s.steps.len() == nums[16] as usize;
                matched += ok as usize;
                println!("{:3} len {:2} (Korf {:2}) {} {:8.1} ms {:>12} nodes", i + 1, s.steps.len(), nums[16], if ok { "ok" } else { "MISMATCH" }, dt.as_secs_f64() * 1000.0, s.nodes);
            }
            Err(e) => println!("{:3} not solved in budget: {e}", i + 1),
        }
    }
    println!(
        "solved {solved}/{total} within {} ms each; lengths match Korf in {matched}/{solved}; {:.1} s solving ({nodes} nodes), {:.1} s total",
        a.budget_ms,
        time_solved.as_secs_f64(),
        start.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
