//! "Enter a puzzle": a Sudoku copied from paper, given by given, checked before it is played.
//!
//! [`check`] says what a newspaper puzzle's givens make: two givens that clash (the cells), no
//! solution, several (two of them and the cells where they differ, which is where a given was
//! most likely copied wrong or left out), or exactly one, rated by the human solver (its level
//! and the hardest technique it needs).

use crate::grid::Grid;

use super::human::{self, Rating};
use super::solver;

/// What "Start" found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Givens that repeat a digit in a row, column or box (each clashing cell).
    Clashes { cells: Vec<(usize, usize)> },
    NoSolution,
    /// Two solutions and the cells where they differ.
    Multiple { first: Grid, second: Grid, differ: Vec<(usize, usize)> },
    Unique { solution: Grid, rating: Rating },
}

/// Checks entered givens (0 = empty).
pub fn check(puzzle: &Grid) -> Verdict {
    let clashes = puzzle.conflicts();
    if !clashes.is_empty() {
        return Verdict::Clashes { cells: clashes };
    }
    let mut found = solver::two_solutions(puzzle).into_iter();
    match (found.next(), found.next()) {
        (None, _) => Verdict::NoSolution,
        (Some(first), Some(second)) => {
            let n = puzzle.shape().n();
            let differ = (0..n * n).filter(|&k| first.values()[k] != second.values()[k]).map(|k| (k / n, k % n)).collect();
            Verdict::Multiple { first, second, differ }
        }
        (Some(solution), None) => match human::rate(puzzle) {
            Ok(rating) => Verdict::Unique { solution, rating },
            // The solver just proved one solution; the rater agrees or it is a bug.
            Err(_) => Verdict::NoSolution,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Difficulty;

    const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn a_newspaper_puzzle_is_rated() {
        let Verdict::Unique { solution, rating } = check(&Grid::parse(PUZZLE).unwrap()) else { panic!() };
        assert!(solution.is_complete_and_valid());
        assert_eq!(rating.level, Difficulty::Easy);
    }

    #[test]
    fn clashing_givens_are_named() {
        let mut g = Grid::parse(PUZZLE).unwrap();
        g.set(0, 2, 5);
        let Verdict::Clashes { cells } = check(&g) else { panic!() };
        assert!(cells.contains(&(0, 0)) && cells.contains(&(0, 2)), "{cells:?}");
    }

    #[test]
    fn a_missing_given_shows_where_two_solutions_differ() {
        // Take givens away until there are several solutions.
        let mut g = Grid::parse(PUZZLE).unwrap();
        let givens: Vec<(usize, usize)> = (0..81).filter(|&k| g.values()[k] != 0).map(|k| (k / 9, k % 9)).collect();
        for &(r, c) in &givens {
            g.set(r, c, 0);
            if solver::count_solutions(&g, 2) == 2 {
                break;
            }
        }
        let Verdict::Multiple { first, second, differ } = check(&g) else { panic!("{}", g.to_line()) };
        assert!(first.is_complete_and_valid() && second.is_complete_and_valid());
        assert!(first.agrees_with(&g) && second.agrees_with(&g));
        assert!(!differ.is_empty());
        assert!(differ.iter().all(|&(r, c)| first.get(r, c) != second.get(r, c)));
    }

    #[test]
    fn no_solution_is_said() {
        // Row 0 lacks a place for 9 once these are given (no clash, no solution).
        let mut values = vec![0u8; 81];
        values[..8].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8]);
        values[17] = 9;
        let g = Grid::from_values(crate::grid::Shape::S9, values).unwrap();
        assert_eq!(g.conflicts(), vec![]);
        assert_eq!(check(&g), Verdict::NoSolution);
    }

    #[test]
    fn every_shape_can_be_checked() {
        for n in [4usize, 6, 16] {
            let empty = Grid::from_values(crate::grid::Shape::from_size(n).unwrap(), vec![0; n * n]).unwrap();
            assert!(matches!(check(&empty), Verdict::Multiple { .. }), "{n}");
        }
    }
}
