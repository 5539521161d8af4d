//! "Hint": the engine's advice for the board as the player has it (what to highlight, what to
//! say, and the move a second press makes), for any kind of game.

use inkdoku::play::Advice;

use super::game::read;
use super::{AppState, CommandError};

pub fn hint(state: &AppState) -> Result<Advice, CommandError> {
    read(state, |g| Ok(g.advice()?))
}
