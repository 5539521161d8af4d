//! Optimal IDA* on the easiest of Korf's 100 15-puzzle instances: lengths must match the
//! published optima. The full set runs in the benchmark (`inkdoku slide bench-korf`, see
//! docs/benchmarks.md) under a time budget.

mod common;

use inkdoku::slide::{solver, Board};

fn korf() -> Vec<(Vec<u8>, usize)> {
    let text = common::read_shared("slide/korf100.txt");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let v: Vec<usize> = l.split_whitespace().map(|t| t.parse().expect("numbers")).collect();
            (v[..16].iter().map(|&t| t as u8).collect(), v[16])
        })
        .collect()
}

#[test]
fn easiest_korf_instances_solve_optimally() {
    let all = korf();
    assert_eq!(all.len(), 100);
    // Instance numbers (1-based) with the shortest optimal solutions: 41, 42, 42, 42 moves.
    for k in [55, 16, 42, 79] {
        let (tiles, len) = &all[k - 1];
        let b = Board::from_korf(tiles).unwrap();
        assert!(b.is_solvable(), "instance {k}");
        let s = solver::optimal(&b, 2_000_000_000).unwrap_or_else(|e| panic!("instance {k}: {e}"));
        assert_eq!(s.steps.len(), *len, "instance {k}");
        let mut end = b.clone();
        for &d in &s.steps {
            assert!(end.step(d));
        }
        assert!(end.is_solved(), "instance {k}");
    }
}

#[test]
fn quick_solver_solves_korf_instances() {
    for (tiles, len) in korf().iter().take(20) {
        let b = Board::from_korf(tiles).unwrap();
        let s = solver::quick(&b).unwrap();
        assert!(s.steps.len() >= *len);
        let mut end = b.clone();
        for &d in &s.steps {
            assert!(end.step(d));
        }
        assert!(end.is_solved());
    }
}
