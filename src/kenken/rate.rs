//! Difficulty from the deductions needed, using the solver's propagator at growing strength.

use super::solver::{self, full_mask, Geometry, Level};
use super::Puzzle;

/// How hard a unique puzzle is, by the weakest deduction set that solves it without guessing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Difficulty {
    /// Cage combinations and removing placed values from rows and columns.
    Easy,
    /// Also hidden singles: a value with one place left in a row or column.
    Medium,
    /// Also cage claims: a value every combination puts in the cage's part of a row or column
    /// leaves the rest of that line.
    Hard,
    /// The above is not enough: trial and error (search) is needed.
    Expert,
}

impl Difficulty {
    pub const ALL: [Difficulty; 4] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard, Difficulty::Expert];

    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Expert => "expert",
        }
    }
}

impl std::fmt::Display for Difficulty {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Difficulty {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("unknown difficulty {s:?} (easy, medium, hard, expert)"))
    }
}

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
