//! Human-technique solver benchmark: the full solution path (every step with its explanation,
//! as rating and hints build it) of inkdoku against its own human solver as of commit e92aa49
//! (kept in `src/sudoku/human_ref.rs`), in the same run, on puzzles of the shared sets.
//!
//! `cargo bench --bench sudoku_human [-- SECONDS_PER_REP [REPS [SET]]]`
//! Each rep loops over the set until SECONDS_PER_REP (default 1.0) have passed; REPS (default 3)
//! reps per solver, interleaved; the median steps per second is reported. The step lists of
//! both are compared on the first pass. SET, if given, runs only the sets whose name contains it
//! (for `perf record` of one set).

use std::time::Instant;

// The reference module names `crate::grid`, `super::solver` and `super::Difficulty`.
use inkdoku::grid;
use inkdoku::grid::Grid;
use inkdoku::sudoku::human;
#[allow(unused_imports)]
use inkdoku::sudoku::{solver, Difficulty};

// The file allows its own dead code (the bench uses part of it).
#[path = "../src/sudoku/human_ref.rs"]
mod human_ref;

/// (set file, puzzles taken evenly spaced from it)
const SETS: [(&str, usize); 6] = [
    ("17_clue", 2000),
    ("sudoku_exchange_diabolical", 1000),
    ("magictour_top1465", 200),
    ("sudoku6x6_solo_basic", 200),
    ("sudoku16x16_solo_basic", 20),
    ("sudoku16x16_solo_advanced", 20),
];

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

/// Steps per second over `grids`, path by path, for at least `secs`.
fn rate(grids: &[Grid], secs: f64, f: impl Fn(&Grid) -> usize) -> f64 {
    let start = Instant::now();
    let mut steps = 0usize;
    loop {
        for g in grids {
            steps += std::hint::black_box(f(g));
        }
        let t = start.elapsed().as_secs_f64();
        if t >= secs {
            return steps as f64 / t;
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let secs = args.first().and_then(|s| s.parse().ok()).unwrap_or(1.0);
    let reps = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(3usize);
    let only = args.get(2).cloned().unwrap_or_default();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/sudoku");
    println!("| set | puzzles | steps | inkdoku steps/s | e92aa49 steps/s | ratio |");
    println!("|---|---:|---:|---:|---:|---:|");
    for (set, n) in SETS.into_iter().filter(|(set, _)| set.contains(only.as_str())) {
        let Ok(text) = std::fs::read_to_string(format!("{dir}/{set}.txt")) else {
            eprintln!("skipping {set}: file not found");
            continue;
        };
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        let step = (lines.len() / n).max(1);
        let grids: Vec<Grid> = lines.iter().step_by(step).filter_map(|l| Grid::parse_puzzle(l).ok()).collect();
        let new = |g: &Grid| human::solve_path(g).map_or(0, |p| p.steps.len());
        let old = |g: &Grid| human_ref::solve_path(g).map_or(0, |p| p.steps.len());
        let differ = grids
            .iter()
            .filter(|g| {
                let a = human::solve_path(g).map(|p| format!("{:?}", p.steps)).unwrap_or_default();
                let b = human_ref::solve_path(g).map(|p| format!("{:?}", p.steps)).unwrap_or_default();
                a != b
            })
            .count();
        if differ > 0 {
            eprintln!("{set}: {differ} puzzles whose step lists differ!");
        }
        let steps: usize = grids.iter().map(new).sum();
        let (mut a, mut b) = (Vec::new(), Vec::new());
        for _ in 0..reps {
            a.push(rate(&grids, secs, new));
            b.push(rate(&grids, secs, old));
        }
        let (a, b) = (median(a), median(b));
        println!("| {set} | {} | {steps} | {a:.0} | {b:.0} | {:.2} |", grids.len(), a / b);
    }
}
