//! The exact solver on the shared sets: every solution valid, consistent with the givens, and
//! (for the unique sets) the only one. Big 9x9 files are sampled to keep CI fast; the full files
//! run in `cargo bench --bench sudoku_solver`.

mod common;

use common::{sudoku_lines, sudoku_sample};
use inkdoku::grid::{Grid, Shape};
use inkdoku::sudoku::solver;

#[test]
fn small_and_large_boards_match_their_solution_files() {
    let sets = [
        ("sudoku4x4_solo_trivial", Shape::S4),
        ("sudoku4x4_solo_basic", Shape::S4),
        ("sudoku6x6_solo_trivial", Shape::S6),
        ("sudoku6x6_solo_basic", Shape::S6),
        ("sudoku16x16_solo_trivial", Shape::S16),
        ("sudoku16x16_solo_basic", Shape::S16),
        ("sudoku16x16_solo_intermediate", Shape::S16),
        ("sudoku16x16_solo_advanced", Shape::S16),
    ];
    for (set, shape) in sets {
        let puzzles = sudoku_lines(&format!("{set}.txt"));
        let sols = sudoku_lines(&format!("{set}.solutions.txt"));
        assert_eq!(puzzles.len(), sols.len(), "{set}");
        for (k, (p, s)) in puzzles.iter().zip(&sols).enumerate() {
            let g = Grid::parse_puzzle(p).unwrap();
            assert_eq!(g.shape(), shape);
            let r = solver::solutions(&g, 2);
            assert_eq!(r.count, 1, "{set} line {}", k + 1);
            assert_eq!(r.first.map(|g| g.to_line()).as_deref(), Some(s.as_str()), "{set} line {}", k + 1);
        }
    }
}

#[test]
fn nine_by_nine_sets_sampled() {
    let sets = [
        ("17_clue.txt", 1500, true),
        ("magictour_top1465.txt", 1465, true),
        ("forum_hardest_1905_11plus.txt", 800, true),
        ("forum_hardest_1106.txt", 375, true),
        ("serg_benchmark.txt", 1500, false),
        ("sudoku_exchange_diabolical.txt", 1500, true),
    ];
    for (set, n, unique) in sets {
        for (k, p) in sudoku_sample(set, n).iter().enumerate() {
            let g = Grid::parse_puzzle(p).unwrap();
            let r = solver::solutions(&g, 2);
            if unique {
                assert_eq!(r.count, 1, "{set} sample {k}");
            } else {
                assert_eq!(r.count, 2, "{set} sample {k}");
            }
            let sol = r.first.unwrap();
            assert!(sol.is_complete_and_valid() && sol.agrees_with(&g), "{set} sample {k}");
            assert_eq!(solver::solve(&g).map(|s| s.is_complete_and_valid()), Some(true));
        }
    }
}

#[test]
fn band_solver_agrees_with_the_generic_solver() {
    for set in ["magictour_top1465.txt", "serg_benchmark.txt", "forum_hardest_1106.txt"] {
        for p in sudoku_sample(set, 60) {
            let g = Grid::parse(&p).unwrap();
            let a = solver::solutions(&g, 2);
            let b = solver::generic_solutions(&g, 2);
            assert_eq!(a.count, b.count, "{p}");
            if a.count == 1 {
                assert_eq!(a.first, b.first, "{p}");
            }
        }
    }
}

#[test]
fn counting_respects_the_limit() {
    let g = Grid::empty(Shape::S4);
    assert_eq!(solver::count_solutions(&g, 1000), 288);
    assert_eq!(solver::count_solutions(&Grid::empty(Shape::S6), 5), 5);
    assert_eq!(solver::count_solutions(&Grid::empty(Shape::S9), 50), 50);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(400))]
    /// Any 9x9 board (sparse or dense, with several solutions, none, or clashing givens): the
    /// band solver counts what the generic solver counts, and its first solution is a real one.
    #[test]
    fn band_solver_agrees_on_random_boards(seed: u64, keep in 0usize..=81, noise in 0usize..4, limit in 1usize..6) {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let full = solver::random_solution(Shape::S9, &mut rng);
        let mut g = Grid::empty(Shape::S9);
        for _ in 0..keep {
            let (r, c) = (rng.random_range(0..9), rng.random_range(0..9));
            g.set(r, c, full.get(r, c));
        }
        // Random givens that may clash or leave no solution.
        for _ in 0..noise {
            let (r, c) = (rng.random_range(0..9), rng.random_range(0..9));
            g.set(r, c, rng.random_range(1..=9));
        }
        let a = solver::solutions(&g, limit);
        let b = solver::generic_solutions(&g, limit);
        proptest::prop_assert_eq!(a.count, b.count, "{}", g);
        proptest::prop_assert_eq!(solver::count_solutions(&g, limit), b.count);
        if let Some(s) = a.first {
            proptest::prop_assert!(s.conflicts().is_empty() && s.filled() == 81);
            for i in 0..81 {
                let v = g.values()[i];
                proptest::prop_assert!(v == 0 || v == s.values()[i]);
            }
        }
    }
}
