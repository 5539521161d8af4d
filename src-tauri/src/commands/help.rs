//! "Hint": the engine's advice for the board as the player has it (what to highlight, what to
//! say, and the move a second press makes), for any kind of game.

use inkdoku::session::marks::MarkKind;
use inkdoku::play::Advice;

use super::{AppState, CommandError};

/// The advice; a hint asked for in an unsolved game is counted in the statistics.
/// "Show the suggested cell": where the easiest next step places a number, without saying which
/// number, and without counting as a hint (the player asked for no help, the setting shows it).
/// `null` when the next step places nothing (a wrong number comes first, an elimination, a
/// solved board).
#[derive(Debug, serde::Serialize)]
pub struct Suggested {
    pub cell: Option<(usize, usize)>,
}

pub fn suggested_cell(state: &AppState) -> Result<Suggested, CommandError> {
    state.read(|g| {
        let place = match g.advice() {
            Ok(a) if a.id != "missing_candidate" && a.id != "wrong_number" => a.place,
            _ => None,
        };
        Ok(Suggested { cell: place.map(|p| (p.row, p.col)) })
    })
}

pub fn hint(state: &AppState) -> Result<Advice, CommandError> {
    let now = state.now_ms();
    state.read(|g| {
        let advice = g.advice()?;
        if !g.is_solved() {
            state.stats.hint(g, now);
        }
        Ok(advice)
    })
}

/// One step of "Solve step by step" and the board after it.
#[derive(Debug, serde::Serialize)]
pub struct SolveStep {
    /// The step made, as a hint names it (`id` "solved": nothing was left to do).
    pub advice: Advice,
    pub view: inkdoku::play::PlayView,
}

/// "Solve step by step": the computer makes the next step a person would (the view calls it
/// once per step, at the pace the player chose, and stops when the player takes over). Each
/// step counts as a hint; a game the steps finish is the computer's, not a win.
pub fn solve_step(state: &AppState) -> Result<SolveStep, CommandError> {
    // The lists a step writes where the board has none: centre marks when the pencil writes
    // them (the player's kind of mark, #43), else the slots.
    let lists = if state.lock().settings.pencil_marks == "centre" { MarkKind::Centre } else { MarkKind::Candidate };
    let (advice, view) = state.change_counting(false, |g, now| {
        let advice = g.solve_step_writing(now, lists)?;
        if advice.id != "solved" {
            state.stats.hint(g, now);
        }
        Ok(advice)
    })?;
    Ok(SolveStep { advice, view })
}
