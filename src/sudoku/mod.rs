//! Sudoku: exact solver, human-technique solver, rating, hints, generator and the instant bank.
//!
//! Coordinates in the API are 0-based (`row`, `col`); explanations shown to players use the
//! usual 1-based `r4c2` notation.

use serde::{Deserialize, Serialize};
use thiserror::Error;

pub mod bank;
/// Cell bit-set solving: the generators' uniqueness and singles checks.
pub(crate) mod bitboard;
pub mod check;
mod fast9;
#[cfg(test)]
mod fast9_ref;
#[cfg(test)]
mod human_ref;
#[cfg(test)]
mod generator_ref;
pub mod generator;
pub mod human;
pub mod def;
pub mod exact;
pub mod play;
/// Its save record (the shared envelope and checks are `crate::save`'s).
pub(crate) mod save;
/// Its test hooks (`testkit::TestHooks`): a sample game and random moves.
#[cfg(any(test, feature = "testkit"))]
pub mod testkit;
pub mod solo;
pub mod solver;
pub mod transform;

pub use play::{SudokuGame, SudokuSession};

/// How hard a puzzle is, from the hardest technique its human solution path needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Difficulty {
    /// Full house, naked and hidden singles only.
    Easy,
    /// Plus locked candidates and naked/hidden pairs and triples.
    Medium,
    /// Plus quads, fish (X-wing, swordfish, jellyfish) and wings (XY, XYZ, W).
    Hard,
    /// Plus colouring, forcing chains or trial.
    Expert,
}

/// A daily puzzle's level is the same word (KenKen's levels are Sudoku's too).
impl From<crate::daily::Level> for Difficulty {
    fn from(level: crate::daily::Level) -> Difficulty {
        match level {
            crate::daily::Level::Easy => Difficulty::Easy,
            crate::daily::Level::Medium => Difficulty::Medium,
            crate::daily::Level::Hard => Difficulty::Hard,
            crate::daily::Level::Expert => Difficulty::Expert,
        }
    }
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

    /// The level a bank serves for this request, given which levels it `has`: this one if it
    /// has it, else the hardest it has below, else the easiest it has (easy if none).
    pub fn served(self, has: impl Fn(Difficulty) -> bool) -> Difficulty {
        Difficulty::ALL
            .iter()
            .rev()
            .copied()
            .find(|&d| d <= self && has(d))
            .or_else(|| Difficulty::ALL.iter().copied().find(|&d| has(d)))
            .unwrap_or(Difficulty::Easy)
    }
}

impl std::fmt::Display for Difficulty {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A difficulty name that is not one of easy, medium, hard, expert.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown difficulty '{0}': expected easy, medium, hard or expert")]
pub struct UnknownDifficulty(pub String);

impl std::str::FromStr for Difficulty {
    type Err = UnknownDifficulty;
    fn from_str(s: &str) -> Result<Difficulty, UnknownDifficulty> {
        match s.trim().to_ascii_lowercase().as_str() {
            "easy" => Ok(Difficulty::Easy),
            "medium" => Ok(Difficulty::Medium),
            "hard" => Ok(Difficulty::Hard),
            "expert" => Ok(Difficulty::Expert),
            _ => Err(UnknownDifficulty(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn difficulty_names_round_trip() {
        for d in Difficulty::ALL {
            assert_eq!(d.to_string().parse::<Difficulty>(), Ok(d));
            assert_eq!(serde_json::to_string(&d).unwrap(), format!("\"{d}\""));
        }
        assert!("insane".parse::<Difficulty>().is_err());
    }
}
