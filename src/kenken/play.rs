//! KenKen in play through the shared [`Session`]: values and pencil notes per cell, with
//! undo/redo and the timer from the session. Saving: `crate::save` (`kind: "kenken"`, see
//! docs/save-format.md).

use crate::session::{Control, EditMismatch, Game, Session};

use super::Puzzle;

/// The player's board: a value (0 = empty) and a note mask (bit v = note v) per cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KenkenGame {
    puzzle: Puzzle,
    values: Vec<u8>,
    notes: Vec<u16>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Set { row: usize, col: usize, value: u8 },
    Clear { row: usize, col: usize },
    ToggleNote { row: usize, col: usize, value: u8 },
    Undo,
    Redo,
}

/// One cell's change: `(value, notes)` before and after.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Edit {
    pub cell: usize,
    pub before: (u8, u16),
    pub after: (u8, u16),
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    #[error("cell ({row},{col}) is outside the board")]
    Outside { row: usize, col: usize },
    #[error("{value} is not a value of this board (1..={size})")]
    Value { value: u8, size: usize },
    #[error("nothing to {0:?}")]
    Nothing(Control),
    #[error("damaged history: {0}")]
    Damaged(String),
}

impl From<EditMismatch> for ActionError {
    fn from(e: EditMismatch) -> Self {
        ActionError::Damaged(e.0)
    }
}

pub type KenkenSession = Session<KenkenGame>;

impl KenkenGame {
    pub fn new(puzzle: Puzzle) -> KenkenGame {
        let cells = puzzle.size() * puzzle.size();
        KenkenGame { puzzle, values: vec![0; cells], notes: vec![0; cells] }
    }

    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// Row-major values, 0 = empty.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    pub fn notes(&self) -> &[u16] {
        &self.notes
    }

    /// Every cell filled and every rule met.
    pub fn is_solved(&self) -> bool {
        self.puzzle.check(&self.values).is_ok()
    }

    fn cell(&self, row: usize, col: usize) -> Result<usize, ActionError> {
        let n = self.puzzle.size();
        if row >= n || col >= n {
            return Err(ActionError::Outside { row, col });
        }
        Ok(row * n + col)
    }

    fn value_ok(&self, value: u8) -> Result<(), ActionError> {
        let size = self.puzzle.size();
        if value == 0 || value as usize > size {
            return Err(ActionError::Value { value, size });
        }
        Ok(())
    }
}

impl Game for KenkenGame {
    type Action = Action;
    type Edit = Edit;
    type Error = ActionError;

    fn control(a: &Action) -> Option<Control> {
        match a {
            Action::Undo => Some(Control::Undo),
            Action::Redo => Some(Control::Redo),
            _ => None,
        }
    }

    fn nothing_to(c: Control) -> ActionError {
        ActionError::Nothing(c)
    }

    fn plan(&self, a: &Action) -> Result<Option<Edit>, ActionError> {
        let (cell, after) = match *a {
            Action::Set { row, col, value } => {
                self.value_ok(value)?;
                let cell = self.cell(row, col)?;
                // Writing a value hides the notes, as on paper; clearing brings back nothing.
                (cell, (value, 0))
            }
            Action::Clear { row, col } => {
                let cell = self.cell(row, col)?;
                (cell, (0, self.notes[cell]))
            }
            Action::ToggleNote { row, col, value } => {
                self.value_ok(value)?;
                let cell = self.cell(row, col)?;
                (cell, (self.values[cell], self.notes[cell] ^ (1 << value)))
            }
            Action::Undo | Action::Redo => return Ok(None),
        };
        let before = (self.values[cell], self.notes[cell]);
        Ok((before != after).then_some(Edit { cell, before, after }))
    }

    fn forward(&mut self, e: &Edit) -> Result<(), EditMismatch> {
        self.swap(e.cell, e.before, e.after)
    }

    fn backward(&mut self, e: &Edit) -> Result<(), EditMismatch> {
        self.swap(e.cell, e.after, e.before)
    }
}

impl KenkenGame {
    fn swap(&mut self, cell: usize, from: (u8, u16), to: (u8, u16)) -> Result<(), EditMismatch> {
        let now = (
            *self.values.get(cell).ok_or_else(|| EditMismatch(format!("no cell {cell}")))?,
            self.notes[cell],
        );
        if now != from {
            return Err(EditMismatch(format!("cell {cell} is {now:?}, the edit expects {from:?}")));
        }
        self.values[cell] = to.0;
        self.notes[cell] = to.1;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn play_undo_redo_and_win() {
        let g = super::super::generator::generate(4, super::super::rate::Difficulty::Easy, 1).unwrap();
        let mut s = KenkenSession::from_game(KenkenGame::new(g.puzzle.clone()));
        assert_eq!(s.apply(Action::ToggleNote { row: 0, col: 0, value: 2 }), Ok(true));
        assert_eq!(s.apply(Action::Set { row: 0, col: 0, value: 9 }), Err(ActionError::Value { value: 9, size: 4 }));
        assert_eq!(s.apply(Action::Clear { row: 0, col: 0 }), Ok(false));
        for k in 0..16 {
            s.apply(Action::Set { row: k / 4, col: k % 4, value: g.solution[k] }).unwrap();
        }
        assert!(s.game().is_solved());
        assert_eq!(s.apply(Action::Undo), Ok(true));
        assert!(!s.game().is_solved());
        assert_eq!(s.apply(Action::Redo), Ok(true));
        assert!(s.game().is_solved());
        for _ in 0..17 {
            s.apply(Action::Undo).unwrap();
        }
        assert_eq!(s.apply(Action::Undo), Err(ActionError::Nothing(Control::Undo)));
        assert_eq!(s.game(), &KenkenGame::new(g.puzzle));
    }
}
