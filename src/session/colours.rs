//! Cell colours: marks a player puts on cells while reasoning (chains, pairs, "these two are
//! the same"). Part of the game like the numbers: set and cleared by moves, undone and redone,
//! saved. Colour `0` is none; `1..=MAX_COLOUR` are the view's palette (each a hue and a
//! pattern, so the mark never depends on seeing the hue).

use serde::{Deserialize, Serialize};

use super::EditMismatch;

/// The number of colours a cell can be marked with.
pub const MAX_COLOUR: u8 = 4;

/// One cell's colour change. Serialised as `[cell, before, after]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "(u16, u8, u8)", into = "(u16, u8, u8)")]
pub struct ColourChange {
    /// Row-major cell index.
    pub cell: u16,
    pub before: u8,
    pub after: u8,
}

impl From<(u16, u8, u8)> for ColourChange {
    fn from((cell, before, after): (u16, u8, u8)) -> Self {
        ColourChange { cell, before, after }
    }
}

impl From<ColourChange> for (u16, u8, u8) {
    fn from(c: ColourChange) -> Self {
        (c.cell, c.before, c.after)
    }
}

/// The colour of every cell of a board, row-major.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Colours {
    cells: Vec<u8>,
}

impl Colours {
    /// A board of `cells` cells, none coloured.
    pub fn new(cells: usize) -> Colours {
        Colours { cells: vec![0; cells] }
    }

    /// Colours read back from a save: empty (none coloured, as in files written before
    /// colours), or one valid colour per cell.
    pub fn from_saved(saved: Vec<u8>, cells: usize) -> Result<Colours, String> {
        if saved.is_empty() {
            return Ok(Colours::new(cells));
        }
        if saved.len() != cells {
            return Err(format!("{} cell colours for {cells} cells", saved.len()));
        }
        if let Some(&c) = saved.iter().find(|&&c| c > MAX_COLOUR) {
            return Err(format!("there is no cell colour {c}"));
        }
        Ok(Colours { cells: saved })
    }

    /// Row-major, 0 = none.
    pub fn as_slice(&self) -> &[u8] {
        &self.cells
    }

    /// For a save: empty when no cell is coloured, so such a file reads as an older one.
    pub fn to_saved(&self) -> Vec<u8> {
        if self.cells.iter().all(|&c| c == 0) {
            Vec::new()
        } else {
            self.cells.clone()
        }
    }

    pub fn get(&self, i: usize) -> u8 {
        self.cells.get(i).copied().unwrap_or(0)
    }

    /// The changes that give every cell in `cells` (checked indices) the colour `colour`
    /// (checked, 0 = none); cells already that colour are left out.
    pub fn plan_set(&self, cells: &[usize], colour: u8) -> Vec<ColourChange> {
        let mut idx = cells.to_vec();
        idx.sort_unstable();
        idx.dedup();
        idx.into_iter()
            .filter(|&i| self.get(i) != colour)
            .map(|i| ColourChange { cell: i as u16, before: self.get(i), after: colour })
            .collect()
    }

    /// Whether `changes` fit this board in the direction given.
    pub fn check(&self, changes: &[ColourChange], forward: bool) -> Result<(), EditMismatch> {
        let mut seen = std::collections::HashSet::new();
        for c in changes {
            let i = c.cell as usize;
            if i >= self.cells.len() {
                return Err(EditMismatch(format!("coloured cell {i} is outside the board")));
            }
            if !seen.insert(i) {
                return Err(EditMismatch(format!("cell {i} changes colour twice in one edit")));
            }
            if c.before > MAX_COLOUR || c.after > MAX_COLOUR {
                return Err(EditMismatch(format!("cell {i} gets a colour that does not exist")));
            }
            let (now, _) = if forward { (c.before, c.after) } else { (c.after, c.before) };
            if self.cells[i] != now {
                return Err(EditMismatch(format!("cell {i} is not the colour recorded")));
            }
        }
        Ok(())
    }

    /// Applies changes that passed [`Colours::check`] in the same direction.
    pub fn apply(&mut self, changes: &[ColourChange], forward: bool) {
        for c in changes {
            self.cells[c.cell as usize] = if forward { c.after } else { c.before };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_check_apply_and_round_trip() {
        let mut c = Colours::new(16);
        let e = c.plan_set(&[3, 1, 3], 2);
        assert_eq!(e, vec![ColourChange { cell: 1, before: 0, after: 2 }, ColourChange { cell: 3, before: 0, after: 2 }]);
        c.check(&e, true).unwrap();
        c.apply(&e, true);
        assert_eq!((c.get(1), c.get(3)), (2, 2));
        assert!(c.check(&e, true).is_err(), "the same change does not fit twice");
        assert!(c.plan_set(&[1, 3], 2).is_empty(), "already that colour: no change");
        c.check(&e, false).unwrap();
        c.apply(&e, false);
        assert_eq!(c, Colours::new(16));
        assert!(c.check(&[ColourChange { cell: 99, before: 0, after: 1 }], true).is_err());
        assert!(c.check(&[ColourChange { cell: 1, before: 0, after: 9 }], true).is_err());
    }

    #[test]
    fn saved_colours_are_checked_and_none_is_saved_as_nothing() {
        assert_eq!(Colours::from_saved(vec![], 4).unwrap(), Colours::new(4));
        assert!(Colours::from_saved(vec![0, 1], 4).is_err());
        assert!(Colours::from_saved(vec![0, 1, 2, MAX_COLOUR + 1], 4).is_err());
        let c = Colours::from_saved(vec![0, 1, 0, 4], 4).unwrap();
        assert_eq!(c.to_saved(), vec![0, 1, 0, 4]);
        assert!(Colours::new(4).to_saved().is_empty());
    }
}
