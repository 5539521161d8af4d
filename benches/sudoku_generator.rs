//! Generator benchmark: inkdoku per size and level (median and mean time per puzzle, rate),
//! against its own generator as of commit f7660de (kept in `src/sudoku/generator_ref.rs`; the
//! two are timed puzzle by puzzle, interleaved, and must make the same puzzles), and qqwing
//! --generate per difficulty in the same run (if `qqwing` is on PATH; else those columns stay
//! empty), with ratios.
//!
//! `cargo bench --bench sudoku_generator [-- SCALE [SIZE...]]` (SCALE multiplies the puzzle counts,
//! default 1; sizes such as `6x6 16x16` keep only those boards, default all).

use std::process::Command;
use std::time::Instant;

// The reference module names `crate::grid` and `super::{generator, human, solver, Difficulty}`.
use inkdoku::grid;
use inkdoku::grid::Shape;
use inkdoku::sudoku::generator::{self, GenerateOptions};
#[allow(unused_imports)]
use inkdoku::sudoku::{human, solver, Difficulty};

#[path = "../src/sudoku/generator_ref.rs"]
mod generator_ref;

/// Per-puzzle times (seconds) for `count` puzzles with consecutive seeds: (new, f7660de), each
/// puzzle made by one then the other; a puzzle the two make differently is reported.
fn ours(shape: Shape, difficulty: Difficulty, count: usize) -> (Vec<f64>, Vec<f64>) {
    let (mut new, mut old) = (Vec::new(), Vec::new());
    for k in 0..count {
        let opts = GenerateOptions { shape, difficulty, symmetric: k % 2 == 1, seed: 1000 + k as u64 };
        let t = Instant::now();
        let a = generator::generate(&opts, &mut |_| true);
        new.push(t.elapsed().as_secs_f64());
        let t = Instant::now();
        let b = generator_ref::generate(&opts, &mut |_| true);
        old.push(t.elapsed().as_secs_f64());
        if a != b {
            eprintln!("{opts:?}: the new and the f7660de generator made different puzzles!");
        }
    }
    (new, old)
}

/// Puzzles per second of `qqwing --generate count --difficulty level --one-line`, start-up included.
fn qqwing(level: &str, count: usize) -> Option<f64> {
    let t = Instant::now();
    let out = Command::new("qqwing")
        .args(["--generate", &count.to_string(), "--difficulty", level, "--one-line"])
        .output()
        .ok()?;
    let secs = t.elapsed().as_secs_f64();
    let made = String::from_utf8_lossy(&out.stdout).lines().filter(|l| l.trim().len() == 81).count();
    (made > 0).then(|| made as f64 / secs)
}

fn median(v: &[f64]) -> f64 {
    let mut v = v.to_vec();
    v.sort_by(|a, b| a.total_cmp(b));
    if v.is_empty() {
        f64::NAN
    } else {
        v[v.len() / 2]
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let scale: f64 = args.first().and_then(|s| s.parse().ok()).unwrap_or(1.0);
    let sizes: Vec<&String> = args.iter().skip(1).collect();
    let n = |k: usize| ((k as f64 * scale).round() as usize).max(1);
    println!(
        "| size | level | puzzles | median ms | mean ms | puzzles/s | f7660de median ms | f7660de puzzles/s | speed-up | qqwing level | qqwing puzzles/s | ratio |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|");
    for (shape, count) in [(Shape::S4, 50), (Shape::S6, 40), (Shape::S9, 40), (Shape::S16, 8)] {
        if !sizes.is_empty() && !sizes.iter().any(|s| **s == format!("{0}x{0}", shape.size)) {
            continue;
        }
        for d in Difficulty::ALL {
            if !generator::available(shape, d) {
                println!("| {0}x{0} | {d} | - | - | - | unavailable | | | | | | |", shape.size);
                continue;
            }
            let (times, old) = ours(shape, d, n(count));
            let total: f64 = times.iter().sum();
            let rate = times.len() as f64 / total;
            let mean = total / times.len() as f64;
            let old_rate = old.len() as f64 / old.iter().sum::<f64>();
            let (ql, qrate) = if shape == Shape::S9 {
                let (ql, qn) = match d {
                    Difficulty::Easy => ("easy", 100),
                    Difficulty::Medium => ("intermediate", 40),
                    Difficulty::Hard | Difficulty::Expert => ("expert", 100),
                };
                (ql, qqwing(ql, n(qn)))
            } else {
                ("", None)
            };
            let (qs, ratio) = match qrate {
                Some(q) => (format!("{q:.1}"), format!("{:.1}", rate / q)),
                None => (String::new(), String::new()),
            };
            println!(
                "| {0}x{0} | {d} | {1} | {2:.2} | {3:.2} | {4:.1} | {5:.2} | {6:.1} | {7:.1} | {ql} | {qs} | {ratio} |",
                shape.size,
                times.len(),
                median(&times) * 1e3,
                mean * 1e3,
                rate,
                median(&old) * 1e3,
                old_rate,
                rate / old_rate
            );
        }
    }
}
