//! Difficulty from the deductions needed, using the solver's propagator at growing strength.

use super::solver::{self, full_mask, Geometry, Level};
use super::Puzzle;

/// How hard a unique puzzle is, by the weakest deduction set that solves it without guessing.
/// The four levels are the ones every Inkdoku game uses; for KenKen they mean:
/// - easy: cage combinations and removing placed values from rows and columns;
/// - medium: also hidden singles (a value with one place left in a row or column);
/// - hard: also cage claims (a value every combination puts in the cage's part of a row or
///   column leaves the rest of that line);
/// - expert: the above is not enough, trial and error (search) is needed.
pub use crate::sudoku::Difficulty;

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum RateError {
    #[error("the puzzle has no solution")]
    Unsolvable,
    #[error("the puzzle has more than one solution")]
    NotUnique,
}

/// Rates a puzzle; only puzzles with exactly one solution have a difficulty.
pub fn rate(p: &Puzzle) -> Result<Difficulty, RateError> {
    match solver::solutions(p, 2).count {
        0 => return Err(RateError::Unsolvable),
        1 => {}
        _ => return Err(RateError::NotUnique),
    }
    Ok(rate_unique(p))
}

/// Rating of a puzzle already known to be unique.
pub(crate) fn rate_unique(p: &Puzzle) -> Difficulty {
    let g = Geometry::new(p);
    let n = p.size();
    for (level, d) in [(Level::Easy, Difficulty::Easy), (Level::Medium, Difficulty::Medium), (Level::Hard, Difficulty::Hard)] {
        let mut doms = vec![full_mask(n); n * n];
        if solver::propagate(p, &g, &mut doms, level) && doms.iter().all(|d| d.count_ones() == 1) {
            return d;
        }
    }
    Difficulty::Expert
}
