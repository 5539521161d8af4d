//! Learning from overwrites: when the player's very next move after a pen write replaces that
//! cell's value with another symbol soon after, and the recogniser had read that symbol as a
//! plausible meaning of the ink, the ink was a misreading the player corrected: it becomes a
//! sample of the symbol they meant (the shell adds it to the handwriting profile,
//! `ink::adapt::Profile`). A change of mind to a digit the ink does not resemble teaches
//! nothing, and neither does anything but the very next move.
//!
//! The shell reports every change of the game in play ([`Overwrites::changed`]) and every pen
//! write ([`Overwrites::wrote`]); undo and redo are [`Overwrites::forget`]. The rule is here.

use crate::grid::{symbol_char, symbol_value};
use crate::ink::Stroke;

use super::{PenWrite, WriteOutcome, READINGS};

/// A correction counts only this soon after the write (a player who notices a misread digit
/// fixes it at once; later changes are reasoning about the puzzle).
pub const WINDOW_MS: u64 = 20_000;
/// The symbol the player puts instead must be among the recogniser's best [`READINGS`] (3)
/// readings of the ink with at least this probability (over the board's symbols).
pub const MIN_PROBABILITY: f32 = 0.02;

/// A sample to add: the first ink, as the symbol the player meant.
#[derive(Debug, Clone, PartialEq)]
pub struct Lesson {
    pub symbol: char,
    pub strokes: Vec<Stroke>,
}

/// The last pen write, while the next move may still correct it.
#[derive(Debug, Clone)]
struct Written {
    row: usize,
    col: usize,
    value: u8,
    readings: Vec<(char, f32)>,
    strokes: Vec<Stroke>,
    at_ms: u64,
    /// Steps in the history right after the write.
    steps: usize,
}

/// What the rule needs to know of the game in play after a command (the shell reads it from
/// the game): the steps in its history and its latest value change `(row, col, before,
/// after)`, if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Moves {
    pub steps: usize,
    pub last_value_change: Option<(usize, usize, u8, u8)>,
}

/// Watches for the overwrite that corrects a pen write.
#[derive(Debug, Clone, Default)]
pub struct Overwrites {
    last: Option<Written>,
}

impl Overwrites {
    /// The game in play changed (or may have: any command that can change it). If this is the
    /// move right after a pen write and it corrects it, the lesson to learn. Anything else that
    /// changed the game ends the watch; a command that changed nothing keeps it.
    pub fn changed(&mut self, game: Moves, now_ms: u64) -> Option<Lesson> {
        let w = self.last.take()?;
        let (steps, last) = (game.steps, game.last_value_change);
        if steps == w.steps && last.is_some_and(|(r, c, _, after)| (r, c, after) == (w.row, w.col, w.value)) {
            // Nothing happened to the game (the clock, the input mode): keep watching.
            self.last = Some(w);
            return None;
        }
        let (row, col, before, after) = last?;
        if steps != w.steps + 1 || (row, col, before) != (w.row, w.col, w.value) || now_ms.saturating_sub(w.at_ms) > WINDOW_MS {
            return None;
        }
        let symbol = symbol_char(after);
        let plausible = w.readings.iter().take(READINGS).any(|&(c, p)| c == symbol && p >= MIN_PROBABILITY);
        plausible.then_some(Lesson { symbol, strokes: w.strokes })
    }

    /// A pen write happened (report [`Overwrites::changed`] first: it may itself be the
    /// correction of the one before). A written symbol is watched from now on.
    pub fn wrote(&mut self, game: Moves, row: usize, col: usize, write: &PenWrite, strokes: &[Stroke], now_ms: u64) {
        self.last = match &write.outcome {
            WriteOutcome::Symbol { symbol, .. } => symbol_value(*symbol).map(|value| Written {
                row,
                col,
                value,
                readings: write.readings.clone(),
                strokes: strokes.to_vec(),
                at_ms: now_ms,
                steps: game.steps,
            }),
            _ => self.last.take(),
        };
    }

    /// Undo, redo, a new game: whatever follows is no correction of the last write.
    pub fn forget(&mut self) {
        self.last = None;
    }
}
