//! The puzzle generator as it was at commit f7660de (issue #27's start), kept unchanged as the
//! reference for the faster `generator`: the test at the end of `generator.rs` checks that both
//! make the same puzzle from the same options and seed, and `benches/sudoku_generator.rs` times
//! both in the same run. Not used by the engine. (It calls today's `human` and `solver`.)
#![allow(dead_code)]

use rand::seq::SliceRandom;
use rand::SeedableRng;

use crate::grid::Grid;

use super::generator::{available, min_easy_givens, with_min_givens, GenerateError, GenerateOptions};
use super::human;
use super::solver;
use super::Difficulty;

/// Attempts before giving up on a level (generous: the common case takes a handful).
const MAX_ATTEMPTS: usize = 20_000;

fn expected_attempts(d: Difficulty) -> f32 {
    match d {
        Difficulty::Easy => 1.0,
        Difficulty::Medium => 3.0,
        Difficulty::Hard => 10.0,
        Difficulty::Expert => 30.0,
    }
}

/// Generates a puzzle with exactly one solution whose rating level is exactly the requested one.
/// `progress` gets a non-decreasing estimate in 0..1 and returns false to cancel.
pub fn generate(opts: &GenerateOptions, progress: &mut dyn FnMut(f32) -> bool) -> Result<Grid, GenerateError> {
    let unavailable = GenerateError::Unavailable { size: opts.shape.size, difficulty: opts.difficulty };
    if !available(opts.shape, opts.difficulty) {
        return Err(unavailable);
    }
    let mut rng = rand::rngs::StdRng::seed_from_u64(opts.seed);
    let shape = opts.shape;
    let n = shape.n();
    let cells = n * n;
    let mut shown = 0f32;
    let mut report = |p: f32| -> bool {
        shown = shown.max(p.min(0.99));
        progress(shown)
    };
    if !report(0.0) {
        return Err(GenerateError::Cancelled);
    }
    let expected = expected_attempts(opts.difficulty);
    for attempt in 0..MAX_ATTEMPTS {
        let full = solver::random_solution(shape, &mut rng);
        // Groups of cells removed together: single cells, or a cell with its mirror image.
        let mut groups: Vec<Vec<usize>> = (0..cells)
            .filter(|&i| !opts.symmetric || i <= cells - 1 - i)
            .map(|i| if opts.symmetric && i != cells - 1 - i { vec![i, cells - 1 - i] } else { vec![i] })
            .collect();
        groups.shuffle(&mut rng);
        let mut puzzle = full.clone();
        let total = groups.len();
        for (k, g) in groups.iter().enumerate() {
            let frac = (attempt as f32 + k as f32 / total as f32) / expected;
            if !report(1.0 - 1.0 / (1.0 + frac)) {
                return Err(GenerateError::Cancelled);
            }
            for &i in g {
                puzzle.set(i / n, i % n, 0);
            }
            // Human techniques below expert are sound deductions: if they fill the board, the
            // solution is unique, so no separate uniqueness search is needed. Expert puzzles
            // need the exact count when logic alone does not finish them.
            let keep = match opts.difficulty {
                Difficulty::Expert => {
                    human::solvable_within(&puzzle, Difficulty::Hard) || solver::count_solutions(&puzzle, 2) == 1
                }
                d => human::solvable_within(&puzzle, d),
            };
            if !keep {
                for &i in g {
                    puzzle.set(i / n, i % n, full.get(i / n, i % n));
                }
            } else if n == 16
                && opts.difficulty == Difficulty::Expert
                && !human::solvable_within(&puzzle, Difficulty::Hard)
            {
                // 16x16: uniqueness searches on sparse boards are what costs; the first expert
                // state is kept rather than digging on to a minimal puzzle.
                break;
            }
        }
        // Digging kept the puzzle within the target, so its level is the target exactly when the
        // level below does not solve it (cheaper than a full rating: no chains are searched).
        let hit = match opts.difficulty {
            Difficulty::Easy => true,
            Difficulty::Medium => !human::solvable_within(&puzzle, Difficulty::Easy),
            Difficulty::Hard => !human::solvable_within(&puzzle, Difficulty::Medium),
            Difficulty::Expert => !human::solvable_within(&puzzle, Difficulty::Hard),
        };
        if hit {
            // The result is ready: 1.0 is the last report (cancelling now changes nothing).
            progress(1.0);
            if opts.difficulty == Difficulty::Easy {
                puzzle = with_min_givens(&puzzle, &full, min_easy_givens(shape), opts.symmetric, &mut rng);
            }
            return Ok(puzzle);
        }
    }
    Err(unavailable)
}

