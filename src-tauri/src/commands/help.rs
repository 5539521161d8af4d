//! "Suggest a cell": the engine's hint for the board as the player has it, shaped for the view
//! (what to highlight, what to say, and the action a second press applies).

use inkdoku::session::Action;
use inkdoku::sudoku::human::{self, Hint};
use serde::Serialize;

use super::game::read;
use super::{AppState, CommandError};

#[derive(Debug, Serialize)]
pub struct Highlight {
    /// Cells the step relies on, `[row, col]`.
    pub cells: Vec<(usize, usize)>,
    /// The cell the hint is about.
    pub target: Option<CellRef>,
}

#[derive(Debug, Serialize)]
pub struct CellRef {
    pub row: usize,
    pub col: usize,
}

#[derive(Debug, Serialize)]
pub struct HintView {
    /// The technique's name, or a short title ("Wrong number", "Solved").
    pub technique: String,
    pub explanation: String,
    pub highlight: Highlight,
    /// What a second press of "Hint" does, if anything.
    pub apply: Option<Action>,
}

pub fn hint(state: &AppState) -> Result<HintView, CommandError> {
    read(state, |s| {
        let g = s.game();
        let marks: Vec<u16> = g.candidates().iter().map(|&m| m as u16).collect();
        // Only the player's own pencil marks count; with none, the engine works from all candidates.
        let marks = marks.iter().any(|&m| m != 0).then_some(marks.as_slice());
        let hint = human::hint(g.givens(), &g.board(), marks).map_err(|e| CommandError::Internal(e.to_string()))?;
        Ok(match hint {
            Hint::WrongEntry { row, col, explanation, .. } => HintView {
                technique: "Wrong number".into(),
                explanation,
                highlight: Highlight { cells: vec![], target: Some(CellRef { row, col }) },
                apply: Some(Action::Clear { row, col }),
            },
            Hint::MissingCandidate { row, col, value, explanation } => HintView {
                technique: "Missing candidate".into(),
                explanation,
                highlight: Highlight { cells: vec![], target: Some(CellRef { row, col }) },
                apply: Some(Action::ToggleCandidate { row, col, value }),
            },
            Hint::Step { step } => {
                let first = step.placements.first().copied();
                HintView {
                    technique: step.technique.name().to_string(),
                    explanation: step.explanation.clone(),
                    highlight: Highlight {
                        cells: step.focus_cells.iter().map(|c| (c.row, c.col)).collect(),
                        target: first.map(|p| CellRef { row: p.row, col: p.col }),
                    },
                    apply: first.map(|p| Action::ApplyHint { row: p.row, col: p.col, value: p.value }),
                }
            }
            Hint::Solved => HintView {
                technique: "Solved".into(),
                explanation: "Every cell is filled correctly.".into(),
                highlight: Highlight { cells: vec![], target: None },
                apply: None,
            },
        })
    })
}
