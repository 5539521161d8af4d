//! Exact-solver benchmark: inkdoku against its own solver as of commit e92aa49 (kept in
//! `src/sudoku/fast9_ref.rs`) and the `sudoku` crate, side by side in one run, on every 9x9 set
//! in ../shared/data/sudoku.
//!
//! `cargo bench --bench sudoku_solver [-- SECONDS_PER_REP [SET_NAME_FILTER [REPS]]]`
//! Each rep loops over the whole file (parse + count) until SECONDS_PER_REP (default 1.0) have
//! passed; REPS (default 3) reps per solver, interleaved; the median is reported. Counts of the
//! solvers are compared on the first pass so a fast wrong answer cannot hide.
//!
//! `cargo bench --bench sudoku_solver -- once new|old SET LIMIT` runs one pass of one solver and
//! prints the solution count: a fixed workload for `valgrind --tool=callgrind` A/B counts.

use std::hint::black_box;
use std::str::FromStr;
use std::time::Instant;

use inkdoku::grid::Grid;
use inkdoku::sudoku::solver;

// The file allows its own dead code (the bench uses part of it).
#[path = "../src/sudoku/fast9_ref.rs"]
mod fast9_ref;

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

fn old(line: &str, limit: usize) -> usize {
    match Grid::parse(line) {
        Ok(g) => fast9_ref::count_only(g.values(), limit),
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
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/sudoku");
    let load = |set: &str| -> Option<Vec<String>> {
        let text = std::fs::read_to_string(format!("{dir}/{set}.txt")).ok()?;
        Some(text.lines().filter(|l| !l.trim().is_empty()).map(str::to_string).collect())
    };
    if args.first().map(String::as_str) == Some("once") {
        let (Some(which), Some(set)) = (args.get(1), args.get(2)) else {
            eprintln!("usage: once new|old SET [LIMIT]");
            return;
        };
        let limit = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(2);
        let Some(lines) = load(set) else {
            eprintln!("{set}: file not found");
            return;
        };
        let f = if which == "old" { old } else { ours };
        let total: usize = lines.iter().map(|l| f(l, limit)).sum();
        println!("{which} {set} limit {limit}: {} puzzles, {total} solutions counted", lines.len());
        return;
    }
    let secs = args.first().and_then(|s| f64::from_str(s).ok()).unwrap_or(1.0);
    let filter = args.get(1).cloned().filter(|f| f != "all");
    let reps = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(3usize);
    println!(
        "| set | puzzles | limit | inkdoku | e92aa49 | crate | inkdoku / e92aa49 | inkdoku / crate |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for set in SETS {
        if filter.as_deref().is_some_and(|f| !set.contains(f)) {
            continue;
        }
        let Some(lines) = load(set) else {
            eprintln!("skipping {set}: file not found");
            continue;
        };
        let mismatches = lines.iter().filter(|l| ours(l, 2) != theirs(l, 2) || ours(l, 2) != old(l, 2)).count();
        if mismatches > 0 {
            eprintln!("{set}: {mismatches} puzzles where the solution counts differ!");
        }
        for limit in [2, 1] {
            let (mut a, mut o, mut b) = (Vec::new(), Vec::new(), Vec::new());
            for _ in 0..reps {
                a.push(rate(&lines, secs, |l| ours(l, limit)));
                o.push(rate(&lines, secs, |l| old(l, limit)));
                b.push(rate(&lines, secs, |l| theirs(l, limit)));
            }
            let (a, o, b) = (median(a), median(o), median(b));
            println!("| {set} | {} | {limit} | {a:.0} | {o:.0} | {b:.0} | {:.2} | {:.2} |", lines.len(), a / o, a / b);
        }
    }
}
