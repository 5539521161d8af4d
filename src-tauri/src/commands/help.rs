//! "Hint": the engine's advice for the board as the player has it (what to highlight, what to
//! say, and the move a second press makes), for any kind of game.

use inkdoku::play::Advice;

use super::game::read;
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
    read(state, |g| {
        let place = match g.advice() {
            Ok(a) if a.id != "missing_candidate" && a.id != "wrong_number" => a.place,
            _ => None,
        };
        Ok(Suggested { cell: place.map(|p| (p.row, p.col)) })
    })
}

pub fn hint(state: &AppState) -> Result<Advice, CommandError> {
    let now = state.now_ms();
    read(state, |g| {
        let advice = g.advice()?;
        if !g.is_solved() {
            state.stats.hint(g, now);
        }
        Ok(advice)
    })
}
