//! "Hint": the engine's advice for the board as the player has it (what to highlight, what to
//! say, and the move a second press makes), for any kind of game.

use inkdoku::play::Advice;

use super::game::read;
use super::{AppState, CommandError};

/// The advice; a hint asked for in an unsolved game is counted in the statistics.
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
