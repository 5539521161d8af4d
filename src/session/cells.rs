//! One cell's change in the games played on a grid of values with typed candidates (Sudoku,
//! KenKen): what it held before and after. One bit convention everywhere: candidate `v` is bit
//! `v - 1`.

use serde::{Deserialize, Serialize};

/// What a cell holds: the player's value (0 = none) and typed candidates (bit `v - 1` = `v`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CellState {
    pub value: u8,
    pub candidates: u32,
}

impl CellState {
    /// Whether a cell of an `n` x `n` board could hold this: a value `0..=n` or candidates
    /// among `1..=n`, never both.
    pub fn fits(self, n: usize) -> bool {
        self.value as usize <= n && self.candidates & !full_mask(n) == 0 && !(self.value != 0 && self.candidates != 0)
    }
}

/// One cell's change. Serialised as `[cell, value before, candidates before, value after,
/// candidates after]` to keep long histories small.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "(u16, u8, u32, u8, u32)", into = "(u16, u8, u32, u8, u32)")]
pub struct CellChange {
    /// Row-major cell index.
    pub cell: u16,
    pub before: CellState,
    pub after: CellState,
}

impl CellChange {
    /// The side that must match the board before applying in that direction, and the side the
    /// cell then holds.
    pub fn sides(&self, forward: bool) -> (CellState, CellState) {
        if forward {
            (self.before, self.after)
        } else {
            (self.after, self.before)
        }
    }
}

impl From<(u16, u8, u32, u8, u32)> for CellChange {
    fn from((cell, v0, c0, v1, c1): (u16, u8, u32, u8, u32)) -> Self {
        CellChange {
            cell,
            before: CellState { value: v0, candidates: c0 },
            after: CellState { value: v1, candidates: c1 },
        }
    }
}

impl From<CellChange> for (u16, u8, u32, u8, u32) {
    fn from(c: CellChange) -> Self {
        (c.cell, c.before.value, c.before.candidates, c.after.value, c.after.candidates)
    }
}

/// Candidate bit of value `v` (1-based).
pub fn bit(value: u8) -> u32 {
    1u32 << (value.saturating_sub(1) as u32 % 32)
}

/// All candidate bits an `n` x `n` board may use.
pub fn full_mask(size: usize) -> u32 {
    if size >= 32 {
        u32::MAX
    } else {
        (1u32 << size) - 1
    }
}
