//! Exact-solver benchmark: inkdoku against the `sudoku` crate, side by side in one run, on every
//! 9x9 set in ../shared/data/sudoku.
//!
//! `cargo bench --bench sudoku_solver [-- SECONDS_PER_REP [SET_NAME_FILTER]]`
//! Each rep loops over the whole file (parse + count) until SECONDS_PER_REP (default 1.0) have
//! passed; 3 reps per solver, interleaved; the median is reported. Counts of both solvers are
//! compared on the first pass so a fast wrong answer cannot hide.

use std::hint::black_box;
use std::str::FromStr;
use std::time::Instant;

use inkdoku::grid::Grid;
use inkdoku::sudoku::solver;

const SETS: [&str; 6] = [
    "17_clue",
    "magictour_top1465",
    "forum_hardest_1905_11plus",
    "forum_hardest_1106",
    "serg_benchmark",
    "sudoku_exchange_diabolical",
];

fn rate(lines: &[String], secs: f64, mut f: impl FnMut(&str) -> usize) -> f64 {
    let start = Instant::now();
    let mut done = 0usize;
    loop {
        for l in lines {
            black_box(f(l));
        }
        done += lines.len();
        let t = start.elapsed().as_secs_f64();
        if t >= secs {
            return done as f64 / t;
        }
    }
}

fn ours(line: &str, limit: usize) -> usize {
    match Grid::parse(line) {
        Ok(g) => solver::count_solutions(&g, limit),
        Err(_) => usize::MAX,
    }
}

fn theirs(line: &str, limit: usize) -> usize {
    match sudoku::Sudoku::from_str_line(line) {
        Ok(s) => {
            if limit == 1 {
                s.some_solution().map_or(0, |_| 1)
            } else {
                s.solutions_count_up_to(limit)
            }
        }
        Err(_) => usize::MAX,
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let secs = args.first().and_then(|s| f64::from_str(s).ok()).unwrap_or(1.0);
    let filter = args.get(1).cloned();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/sudoku");
    println!("| set | puzzles | inkdoku count<=2 | crate count<=2 | ratio | inkdoku first | crate first | ratio |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for set in SETS {
        if filter.as_deref().is_some_and(|f| !set.contains(f)) {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(format!("{dir}/{set}.txt")) else {
            eprintln!("skipping {set}: file not found");
            continue;
        };
        let lines: Vec<String> = text.lines().filter(|l| !l.trim().is_empty()).map(str::to_string).collect();
        let mismatches = lines.iter().filter(|l| ours(l, 2) != theirs(l, 2)).count();
        if mismatches > 0 {
            eprintln!("{set}: {mismatches} puzzles where the solution counts differ!");
        }
        let mut cells = Vec::new();
        for limit in [2, 1] {
            let (mut a, mut b) = (Vec::new(), Vec::new());
            for _ in 0..3 {
                a.push(rate(&lines, secs, |l| ours(l, limit)));
                b.push(rate(&lines, secs, |l| theirs(l, limit)));
            }
            let (a, b) = (median(a), median(b));
            cells.push(format!("{a:.0} | {b:.0} | {:.2}", a / b));
        }
        println!("| {set} | {} | {} | {} |", lines.len(), cells[0], cells[1]);
    }
}
