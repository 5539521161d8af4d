//! Sudoku as a [`Game`]: givens, solution, the player's entries, typed candidates and free-form
//! pencil ink, changed by [`Action`]s recorded as reversible [`Edit`]s.
//!
//! Cells are addressed `(row, col)`, 0-based; internally a cell is `row * size + col`.
//! Candidates are a bitmask per cell: bit `v - 1` set means `v` is noted.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::{Control, EditMismatch, Game, Session};
use crate::grid::{Grid, Shape};

/// A Sudoku play session.
pub type SudokuSession = Session<Sudoku>;

/// The most points one pencil stroke may hold; a longer one is almost certainly a runaway input.
pub const MAX_NOTE_POINTS: usize = 4096;

/// A point in board coordinates: (0, 0) is the top-left corner of the board, (1, 1) the
/// bottom-right, so notes survive any resize or rotation. Serialised as `[x, y]`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(from = "[f32; 2]", into = "[f32; 2]")]
pub struct Point {
    pub x: f32,
    pub y: f32,
}

impl From<[f32; 2]> for Point {
    fn from([x, y]: [f32; 2]) -> Point {
        Point { x, y }
    }
}

impl From<Point> for [f32; 2] {
    fn from(p: Point) -> [f32; 2] {
        [p.x, p.y]
    }
}

impl Point {
    fn is_on_board(self) -> bool {
        (0.0..=1.0).contains(&self.x) && (0.0..=1.0).contains(&self.y)
    }
}

/// One pencil stroke. `id` is unique among the notes currently on the board (the id of a
/// removed note may be given again to a later one).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Note {
    pub id: u32,
    pub points: Vec<Point>,
}

/// What the player (or the UI on their behalf) asks for. JSON: `{"type": "set_value", "row": 0,
/// "col": 4, "value": 7}`, `{"type": "undo"}`, ...
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Writes a value; clears that cell's candidates and the pencil notes mostly inside it.
    SetValue { row: usize, col: usize, value: u8 },
    /// Clears the player's value and candidates in one cell.
    Clear { row: usize, col: usize },
    /// Clears the player-filled cells among `cells` (givens are skipped): one eraser stroke,
    /// one undo step. Cells are `[row, col]` pairs.
    ClearCells { cells: Vec<(usize, usize)> },
    /// Adds or removes one typed candidate in an empty cell.
    ToggleCandidate { row: usize, col: usize, value: u8 },
    /// Auto-candidates: every empty cell gets the values not yet in its row, column or box.
    SetCandidates,
    /// Adds a pencil stroke (points in board coordinates; clamped onto the board and kept to
    /// 1/10000 of its side).
    AddNote { stroke: Vec<Point> },
    /// Removes pencil strokes (the eraser in pencil mode).
    RemoveNotes { ids: Vec<u32> },
    /// Writes the solution's value into a cell, recorded as a hint.
    ApplyHint { row: usize, col: usize, value: u8 },
    /// Fills every cell from the solution.
    Solve,
    Undo,
    Redo,
}

/// Why an action was refused. The game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ActionError {
    #[error("row {row}, column {col} is outside the {size}x{size} board")]
    OutOfBoard { row: usize, col: usize, size: u8 },
    #[error("{value} is not a symbol of a {size}x{size} board")]
    BadValue { value: u8, size: u8 },
    #[error("r{}c{} is a given and can't be changed", .row + 1, .col + 1)]
    Given { row: usize, col: usize },
    #[error("r{}c{} already holds a value; candidates go in empty cells", .row + 1, .col + 1)]
    Filled { row: usize, col: usize },
    #[error("there is no pencil note with id {id}")]
    UnknownNote { id: u32 },
    #[error("a pencil stroke needs at least one point")]
    EmptyStroke,
    #[error("a pencil stroke has a point that is not a number")]
    BadPoint,
    #[error("a pencil stroke has {points} points; at most {max} are kept")]
    StrokeTooLong { points: usize, max: usize },
    #[error("the hint {value} for r{}c{} does not match the solution", .row + 1, .col + 1)]
    WrongHint { row: usize, col: usize, value: u8 },
    #[error("nothing to undo")]
    NothingToUndo,
    #[error("nothing to redo")]
    NothingToRedo,
    #[error("the game's history is damaged: {0}")]
    History(#[from] EditMismatch),
}

impl ActionError {
    /// A stable machine-readable code for IPC (`{kind, message}`).
    pub fn kind(&self) -> &'static str {
        match self {
            ActionError::OutOfBoard { .. } => "out_of_board",
            ActionError::BadValue { .. } => "bad_value",
            ActionError::Given { .. } => "given_cell",
            ActionError::Filled { .. } => "filled_cell",
            ActionError::UnknownNote { .. } => "unknown_note",
            ActionError::EmptyStroke => "empty_stroke",
            ActionError::BadPoint => "bad_point",
            ActionError::StrokeTooLong { .. } => "stroke_too_long",
            ActionError::WrongHint { .. } => "wrong_hint",
            ActionError::NothingToUndo => "nothing_to_undo",
            ActionError::NothingToRedo => "nothing_to_redo",
            ActionError::History(_) => "damaged_history",
        }
    }
}

/// Why a game could not be started from a puzzle and its solution.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NewGameError {
    #[error("a {size}x{size} board with {box_rows}x{box_cols} boxes is not one Inkdoku plays")]
    UnsupportedShape { size: u8, box_rows: u8, box_cols: u8 },
    #[error("the puzzle is {puzzle}x{puzzle} but the solution is {solution}x{solution}")]
    ShapeMismatch { puzzle: u8, solution: u8 },
    #[error("the solution has blank cells")]
    SolutionIncomplete,
    #[error("the solution breaks the rules at r{}c{}", .row + 1, .col + 1)]
    SolutionInvalid { row: usize, col: usize },
    #[error("the given at r{}c{} differs from the solution", .row + 1, .col + 1)]
    GivenMismatch { row: usize, col: usize },
}

/// What kind of move an edit records (shown in history, counted for hints).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EditKind {
    Value,
    Clear,
    Erase,
    Candidate,
    AutoCandidates,
    Note,
    EraseNotes,
    Hint,
    Solve,
}

/// One cell's change: `(cell index, value before, candidates before, value after, candidates
/// after)`. Serialised as a 5-element array to keep long histories small.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellChange(pub u16, pub u8, pub u32, pub u8, pub u32);

/// A recorded, reversible move.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Edit {
    pub kind: EditKind,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cells: Vec<CellChange>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes_added: Vec<Note>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes_removed: Vec<Note>,
}

impl Edit {
    fn new(kind: EditKind) -> Edit {
        Edit { kind, cells: Vec::new(), notes_added: Vec::new(), notes_removed: Vec::new() }
    }

    fn is_empty(&self) -> bool {
        self.cells.is_empty() && self.notes_added.is_empty() && self.notes_removed.is_empty()
    }
}

/// The Sudoku game state.
#[derive(Debug, Clone, PartialEq)]
pub struct Sudoku {
    givens: Grid,
    solution: Grid,
    difficulty: String,
    seed: Option<u64>,
    /// Player values, 0 = none; always 0 on givens.
    entries: Vec<u8>,
    /// Typed candidates; always 0 on filled cells.
    candidates: Vec<u32>,
    /// Pencil notes, sorted by id.
    notes: Vec<Note>,
}

/// One cell as the view draws it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellView {
    /// The given or the player's value; 0 = blank.
    pub value: u8,
    pub given: bool,
    /// Bit `v - 1` set: candidate `v` is noted.
    pub candidates: u32,
    /// The value repeats in its row, column or box.
    pub conflict: bool,
    /// A player's value that differs from the solution (the UI decides whether to show it).
    pub incorrect: bool,
}

/// Everything the UI needs to draw a Sudoku board.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BoardView {
    pub size: u8,
    pub box_rows: u8,
    pub box_cols: u8,
    /// Row-major.
    pub cells: Vec<CellView>,
    pub notes: Vec<Note>,
    pub can_undo: bool,
    pub can_redo: bool,
    pub elapsed_ms: u64,
    pub running: bool,
    pub solved: bool,
    pub difficulty: String,
    /// Hints applied so far (in the current, undoable timeline).
    pub hints_used: usize,
}

fn bit(value: u8) -> u32 {
    1u32 << (value - 1)
}

/// All candidate bits a board of this size may use.
fn full_mask(size: u8) -> u32 {
    if size >= 32 {
        u32::MAX
    } else {
        (1u32 << size) - 1
    }
}

impl Sudoku {
    /// A new game: `puzzle` holds the givens, `solution` the full answer (the caller, usually the
    /// generator, knows it). Checks they belong together.
    pub fn new(
        puzzle: Grid,
        solution: Grid,
        difficulty: impl Into<String>,
        seed: Option<u64>,
    ) -> Result<Sudoku, NewGameError> {
        let shape = puzzle.shape();
        if !Shape::ALL.contains(&shape) {
            return Err(NewGameError::UnsupportedShape {
                size: shape.size,
                box_rows: shape.box_rows,
                box_cols: shape.box_cols,
            });
        }
        if solution.shape() != shape {
            return Err(NewGameError::ShapeMismatch { puzzle: shape.size, solution: solution.shape().size });
        }
        let n = shape.n();
        // Grid's fields can arrive from a deserialiser unchecked: check lengths before indexing.
        if puzzle.values().len() != shape.cells() || solution.values().len() != shape.cells() {
            return Err(NewGameError::ShapeMismatch { puzzle: shape.size, solution: solution.shape().size });
        }
        if solution.values().iter().any(|&v| v == 0 || v > shape.size) {
            return Err(NewGameError::SolutionIncomplete);
        }
        if let Some(&(row, col)) = solution.conflicts().first() {
            return Err(NewGameError::SolutionInvalid { row, col });
        }
        for (i, (&g, &s)) in puzzle.values().iter().zip(solution.values()).enumerate() {
            if g != 0 && g != s {
                return Err(NewGameError::GivenMismatch { row: i / n, col: i % n });
            }
        }
        Ok(Sudoku {
            givens: puzzle,
            solution,
            difficulty: difficulty.into(),
            seed,
            entries: vec![0; shape.cells()],
            candidates: vec![0; shape.cells()],
            notes: Vec::new(),
        })
    }

    pub fn shape(&self) -> Shape {
        self.givens.shape()
    }

    pub fn givens(&self) -> &Grid {
        &self.givens
    }

    pub fn solution(&self) -> &Grid {
        &self.solution
    }

    pub fn difficulty(&self) -> &str {
        &self.difficulty
    }

    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// Player values, row-major, 0 = none.
    pub fn entries(&self) -> &[u8] {
        &self.entries
    }

    /// Candidate bitmasks, row-major.
    pub fn candidates(&self) -> &[u32] {
        &self.candidates
    }

    pub fn notes(&self) -> &[Note] {
        &self.notes
    }

    /// The board as the player sees it: givens and entries together.
    pub fn board(&self) -> Grid {
        let values = self.givens.values().iter().zip(&self.entries).map(|(&g, &e)| g.max(e)).collect();
        // Same shape and length as the givens, values in range: from_values cannot refuse.
        Grid::from_values(self.shape(), values).unwrap_or_else(|| self.givens.clone())
    }

    /// Every cell filled and equal to the solution.
    pub fn is_solved(&self) -> bool {
        self.givens
            .values()
            .iter()
            .zip(&self.entries)
            .zip(self.solution.values())
            .all(|((&g, &e), &s)| g.max(e) == s)
    }

    /// The values not yet in a cell's row, column or box, as a candidate mask.
    fn open_values(&self, board: &Grid, row: usize, col: usize) -> u32 {
        let shape = self.shape();
        let n = shape.n();
        let (br, bc) = (shape.box_rows as usize, shape.box_cols as usize);
        let (r0, c0) = (row / br * br, col / bc * bc);
        let mut used = 0u32;
        for k in 0..n {
            for v in [board.get(row, k), board.get(k, col), board.get(r0 + k / bc, c0 + k % bc)] {
                if v != 0 {
                    used |= bit(v);
                }
            }
        }
        full_mask(shape.size) & !used
    }

    fn check_cell(&self, row: usize, col: usize) -> Result<usize, ActionError> {
        let size = self.shape().size;
        if row >= size as usize || col >= size as usize {
            return Err(ActionError::OutOfBoard { row, col, size });
        }
        Ok(row * size as usize + col)
    }

    fn check_value(&self, value: u8) -> Result<(), ActionError> {
        let size = self.shape().size;
        if value == 0 || value > size {
            return Err(ActionError::BadValue { value, size });
        }
        Ok(())
    }

    /// A cell the player may change (in range and not a given).
    fn check_open_cell(&self, row: usize, col: usize) -> Result<usize, ActionError> {
        let i = self.check_cell(row, col)?;
        if self.givens.values()[i] != 0 {
            return Err(ActionError::Given { row, col });
        }
        Ok(i)
    }

    /// Notes with most of their points inside cell `i`: writing a value there removes them.
    fn notes_in_cell(&self, i: usize) -> Vec<Note> {
        let n = self.shape().n();
        let (row, col) = (i / n, i % n);
        let cell_of = |t: f32| ((t * n as f32) as usize).min(n - 1);
        self.notes
            .iter()
            .filter(|note| {
                let inside = note.points.iter().filter(|p| cell_of(p.y) == row && cell_of(p.x) == col).count();
                inside * 2 > note.points.len()
            })
            .cloned()
            .collect()
    }

    /// The edit for writing `value` into open cell `i` (shared by SetValue and ApplyHint).
    fn write_edit(&self, kind: EditKind, i: usize, value: u8) -> Option<Edit> {
        let mut edit = Edit::new(kind);
        let (v0, c0) = (self.entries[i], self.candidates[i]);
        if v0 != value || c0 != 0 {
            edit.cells.push(CellChange(i as u16, v0, c0, value, 0));
        }
        edit.notes_removed = self.notes_in_cell(i);
        (!edit.is_empty()).then_some(edit)
    }

    /// Every check an edit must pass before it touches the state; `before` picks the side that
    /// must match the current state.
    fn check_edit(&self, edit: &Edit, forward: bool) -> Result<(), EditMismatch> {
        let shape = self.shape();
        let mask = full_mask(shape.size);
        let mut seen = std::collections::HashSet::new();
        for &CellChange(i, v0, c0, v1, c1) in &edit.cells {
            let i = i as usize;
            if i >= shape.cells() {
                return Err(EditMismatch(format!("cell {i} is outside the board")));
            }
            if !seen.insert(i) {
                return Err(EditMismatch(format!("cell {i} changes twice in one edit")));
            }
            if self.givens.values()[i] != 0 {
                return Err(EditMismatch(format!("cell {i} is a given")));
            }
            for (v, c) in [(v0, c0), (v1, c1)] {
                if v > shape.size || c & !mask != 0 || (v != 0 && c != 0) {
                    return Err(EditMismatch(format!("cell {i} gets an impossible value or candidates")));
                }
            }
            let (want_v, want_c) = if forward { (v0, c0) } else { (v1, c1) };
            if (self.entries[i], self.candidates[i]) != (want_v, want_c) {
                return Err(EditMismatch(format!("cell {i} does not match the recorded change")));
            }
        }
        let (present, absent) =
            if forward { (&edit.notes_removed, &edit.notes_added) } else { (&edit.notes_added, &edit.notes_removed) };
        let mut ids = std::collections::HashSet::new();
        for note in present.iter().chain(absent) {
            if !ids.insert(note.id) {
                return Err(EditMismatch(format!("note {} appears twice in one edit", note.id)));
            }
            if note.points.is_empty()
                || note.points.len() > MAX_NOTE_POINTS
                || !note.points.iter().all(|p| p.is_on_board())
            {
                return Err(EditMismatch(format!("note {} has no points, too many, or points off the board", note.id)));
            }
        }
        for note in present {
            if self.find_note(note.id).map(|k| &self.notes[k]) != Ok(note) {
                return Err(EditMismatch(format!("note {} is not on the board as recorded", note.id)));
            }
        }
        for note in absent {
            if self.find_note(note.id).is_ok() {
                return Err(EditMismatch(format!("note {} is already on the board", note.id)));
            }
        }
        Ok(())
    }

    fn find_note(&self, id: u32) -> Result<usize, usize> {
        self.notes.binary_search_by_key(&id, |n| n.id)
    }

    /// Applies a checked edit in one direction.
    fn apply_edit(&mut self, edit: &Edit, forward: bool) -> Result<(), EditMismatch> {
        self.check_edit(edit, forward)?;
        for &CellChange(i, v0, c0, v1, c1) in &edit.cells {
            let (v, c) = if forward { (v1, c1) } else { (v0, c0) };
            self.entries[i as usize] = v;
            self.candidates[i as usize] = c;
        }
        let (remove, add) =
            if forward { (&edit.notes_removed, &edit.notes_added) } else { (&edit.notes_added, &edit.notes_removed) };
        for note in remove {
            if let Ok(k) = self.find_note(note.id) {
                self.notes.remove(k);
            }
        }
        for note in add {
            // Insert in id order so removing and restoring a note is an exact round trip.
            if let Err(k) = self.find_note(note.id) {
                self.notes.insert(k, note.clone());
            }
        }
        Ok(())
    }

    /// The view of this state; the session adds history and timer fields.
    fn view_cells(&self) -> Vec<CellView> {
        let board = self.board();
        let n = self.shape().n();
        let mut conflict = vec![false; self.shape().cells()];
        for (r, c) in board.conflicts() {
            conflict[r * n + c] = true;
        }
        (0..self.shape().cells())
            .map(|i| {
                let given = self.givens.values()[i] != 0;
                let e = self.entries[i];
                CellView {
                    value: board.values()[i],
                    given,
                    candidates: self.candidates[i],
                    conflict: conflict[i],
                    incorrect: e != 0 && e != self.solution.values()[i],
                }
            })
            .collect()
    }

    /// Rebuilds a state from saved parts, checking every invariant (used by the save loader).
    pub(crate) fn restore(
        givens: Grid,
        solution: Grid,
        difficulty: String,
        seed: Option<u64>,
        entries: Vec<u8>,
        candidates: Vec<u32>,
        notes: Vec<Note>,
    ) -> Result<Sudoku, String> {
        let mut s = Sudoku::new(givens, solution, difficulty, seed).map_err(|e| e.to_string())?;
        let shape = s.shape();
        if entries.len() != shape.cells() || candidates.len() != shape.cells() {
            return Err(format!(
                "the board has {} cells but {} entries and {} candidate sets",
                shape.cells(),
                entries.len(),
                candidates.len()
            ));
        }
        let mask = full_mask(shape.size);
        for i in 0..shape.cells() {
            let (g, e, c) = (s.givens.values()[i], entries[i], candidates[i]);
            let (row, col) = (i / shape.n() + 1, i % shape.n() + 1);
            if g != 0 && e != 0 {
                return Err(format!("r{row}c{col} holds both a given and an entry"));
            }
            if e > shape.size {
                return Err(format!("r{row}c{col} holds {e}, too big for the board"));
            }
            if c & !mask != 0 || (c != 0 && (g != 0 || e != 0)) {
                return Err(format!("r{row}c{col} has impossible candidates"));
            }
        }
        for (k, note) in notes.iter().enumerate() {
            if k > 0 && notes[k - 1].id >= note.id {
                return Err("pencil notes are not in id order or repeat an id".into());
            }
            if note.points.is_empty()
                || note.points.len() > MAX_NOTE_POINTS
                || !note.points.iter().all(|p| p.is_on_board())
            {
                return Err(format!("pencil note {} has no points, too many, or points off the board", note.id));
            }
        }
        s.entries = entries;
        s.candidates = candidates;
        s.notes = notes;
        Ok(s)
    }

    /// A fresh copy of this game's start: givens only, nothing written.
    pub(crate) fn blank_copy(&self) -> Sudoku {
        Sudoku {
            entries: vec![0; self.entries.len()],
            candidates: vec![0; self.candidates.len()],
            notes: Vec::new(),
            ..self.clone()
        }
    }
}

impl Game for Sudoku {
    type Action = Action;
    type Edit = Edit;
    type Error = ActionError;

    fn control(action: &Action) -> Option<Control> {
        match action {
            Action::Undo => Some(Control::Undo),
            Action::Redo => Some(Control::Redo),
            _ => None,
        }
    }

    fn nothing_to(control: Control) -> ActionError {
        match control {
            Control::Undo => ActionError::NothingToUndo,
            Control::Redo => ActionError::NothingToRedo,
        }
    }

    fn plan(&self, action: &Action) -> Result<Option<Edit>, ActionError> {
        match action {
            &Action::SetValue { row, col, value } => {
                let i = self.check_open_cell(row, col)?;
                self.check_value(value)?;
                Ok(self.write_edit(EditKind::Value, i, value))
            }
            &Action::ApplyHint { row, col, value } => {
                let i = self.check_open_cell(row, col)?;
                self.check_value(value)?;
                if self.solution.values()[i] != value {
                    return Err(ActionError::WrongHint { row, col, value });
                }
                Ok(self.write_edit(EditKind::Hint, i, value))
            }
            &Action::Clear { row, col } => {
                let i = self.check_open_cell(row, col)?;
                let (v0, c0) = (self.entries[i], self.candidates[i]);
                let mut edit = Edit::new(EditKind::Clear);
                if v0 != 0 || c0 != 0 {
                    edit.cells.push(CellChange(i as u16, v0, c0, 0, 0));
                }
                Ok((!edit.is_empty()).then_some(edit))
            }
            Action::ClearCells { cells } => {
                // Check every cell first so a bad one refuses the whole stroke.
                let mut idx = Vec::with_capacity(cells.len());
                for &(row, col) in cells {
                    idx.push(self.check_cell(row, col)?);
                }
                idx.sort_unstable();
                idx.dedup();
                let mut edit = Edit::new(EditKind::Erase);
                for i in idx {
                    let v0 = self.entries[i];
                    if v0 != 0 {
                        edit.cells.push(CellChange(i as u16, v0, self.candidates[i], 0, 0));
                    }
                }
                Ok((!edit.is_empty()).then_some(edit))
            }
            &Action::ToggleCandidate { row, col, value } => {
                let i = self.check_open_cell(row, col)?;
                self.check_value(value)?;
                if self.entries[i] != 0 {
                    return Err(ActionError::Filled { row, col });
                }
                let c0 = self.candidates[i];
                let mut edit = Edit::new(EditKind::Candidate);
                edit.cells.push(CellChange(i as u16, 0, c0, 0, c0 ^ bit(value)));
                Ok(Some(edit))
            }
            Action::SetCandidates => {
                let board = self.board();
                let n = self.shape().n();
                let mut edit = Edit::new(EditKind::AutoCandidates);
                for (i, &v) in board.values().iter().enumerate() {
                    if v != 0 {
                        continue;
                    }
                    let c1 = self.open_values(&board, i / n, i % n);
                    if c1 != self.candidates[i] {
                        edit.cells.push(CellChange(i as u16, 0, self.candidates[i], 0, c1));
                    }
                }
                Ok((!edit.is_empty()).then_some(edit))
            }
            Action::AddNote { stroke } => {
                if stroke.is_empty() {
                    return Err(ActionError::EmptyStroke);
                }
                if stroke.len() > MAX_NOTE_POINTS {
                    return Err(ActionError::StrokeTooLong { points: stroke.len(), max: MAX_NOTE_POINTS });
                }
                if !stroke.iter().all(|p| p.x.is_finite() && p.y.is_finite()) {
                    return Err(ActionError::BadPoint);
                }
                // A pen that slides just past the board's edge is still writing on it. Points keep
                // 1/10000 of the board (a fifth of a pixel on a 4K screen): saves stay short.
                let snap = |t: f32| (t.clamp(0.0, 1.0) * 10_000.0).round() / 10_000.0;
                let points = stroke.iter().map(|p| Point { x: snap(p.x), y: snap(p.y) }).collect();
                // Notes are sorted by id: the next id follows the last; only a crafted file can
                // reach u32::MAX, and then the first free id is used.
                let id = match self.notes.last() {
                    None => 0,
                    Some(last) => last.id.checked_add(1).unwrap_or_else(|| {
                        (0u32..).zip(&self.notes).find(|(k, n)| *k != n.id).map_or(0, |(k, _)| k)
                    }),
                };
                let mut edit = Edit::new(EditKind::Note);
                edit.notes_added.push(Note { id, points });
                Ok(Some(edit))
            }
            Action::RemoveNotes { ids } => {
                let mut ids = ids.clone();
                ids.sort_unstable();
                ids.dedup();
                let mut edit = Edit::new(EditKind::EraseNotes);
                for id in ids {
                    let k = self.find_note(id).map_err(|_| ActionError::UnknownNote { id })?;
                    edit.notes_removed.push(self.notes[k].clone());
                }
                Ok((!edit.is_empty()).then_some(edit))
            }
            Action::Solve => {
                let mut edit = Edit::new(EditKind::Solve);
                for (i, &s) in self.solution.values().iter().enumerate() {
                    if self.givens.values()[i] != 0 {
                        continue;
                    }
                    let (v0, c0) = (self.entries[i], self.candidates[i]);
                    if (v0, c0) != (s, 0) {
                        edit.cells.push(CellChange(i as u16, v0, c0, s, 0));
                    }
                }
                Ok((!edit.is_empty()).then_some(edit))
            }
            // Handled by the session through `control`; reaching here means nothing to plan.
            Action::Undo | Action::Redo => Ok(None),
        }
    }

    fn forward(&mut self, edit: &Edit) -> Result<(), EditMismatch> {
        self.apply_edit(edit, true)
    }

    fn backward(&mut self, edit: &Edit) -> Result<(), EditMismatch> {
        self.apply_edit(edit, false)
    }
}

impl Session<Sudoku> {
    /// Starts a Sudoku game; see [`Sudoku::new`].
    pub fn new(
        puzzle: Grid,
        solution: Grid,
        difficulty: impl Into<String>,
        seed: Option<u64>,
    ) -> Result<SudokuSession, NewGameError> {
        Ok(Session::from_game(Sudoku::new(puzzle, solution, difficulty, seed)?))
    }

    /// What the UI draws, with the timer read at `now_ms`.
    pub fn view(&self, now_ms: u64) -> BoardView {
        let g = self.game();
        let shape = g.shape();
        BoardView {
            size: shape.size,
            box_rows: shape.box_rows,
            box_cols: shape.box_cols,
            cells: g.view_cells(),
            notes: g.notes.clone(),
            can_undo: self.can_undo(),
            can_redo: self.can_redo(),
            elapsed_ms: self.elapsed(now_ms),
            running: self.is_running(),
            solved: g.is_solved(),
            difficulty: g.difficulty.clone(),
            hints_used: self.history().done().iter().filter(|e| e.kind == EditKind::Hint).count(),
        }
    }

    pub fn is_solved(&self) -> bool {
        self.game().is_solved()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::testkit::pattern_solution;

    /// A 4x4 game with the first row given.
    fn game4() -> SudokuSession {
        let solution = pattern_solution(Shape::S4);
        let mut puzzle = Grid::empty(Shape::S4);
        for c in 0..4 {
            puzzle.set(0, c, solution.get(0, c));
        }
        SudokuSession::new(puzzle, solution, "easy", Some(7)).unwrap()
    }

    fn sol(s: &SudokuSession, r: usize, c: usize) -> u8 {
        s.game().solution().get(r, c)
    }

    #[test]
    fn set_value_undo_redo_and_no_op() {
        let mut s = game4();
        let fresh = s.clone();
        assert_eq!(s.apply(Action::SetValue { row: 1, col: 0, value: 3 }), Ok(true));
        assert_eq!(s.game().entries()[4], 3);
        assert_eq!(s.apply(Action::SetValue { row: 1, col: 0, value: 3 }), Ok(false));
        assert_eq!(s.history().done().len(), 1);
        assert_eq!(s.apply(Action::Undo), Ok(true));
        assert_eq!(s.game(), fresh.game());
        assert!(s.can_redo());
        assert_eq!(s.apply(Action::Undo), Err(ActionError::NothingToUndo));
        assert_eq!(s.apply(Action::Redo), Ok(true));
        assert_eq!(s.game().entries()[4], 3);
        assert_eq!(s.apply(Action::Redo), Err(ActionError::NothingToRedo));
        // A new move drops the redo branch.
        s.apply(Action::Undo).unwrap();
        s.apply(Action::SetValue { row: 1, col: 1, value: 1 }).unwrap();
        assert!(!s.can_redo());
    }

    #[test]
    fn illegal_actions_are_typed_and_change_nothing() {
        let mut s = game4();
        let before = s.clone();
        assert_eq!(
            s.apply(Action::SetValue { row: 0, col: 0, value: 2 }),
            Err(ActionError::Given { row: 0, col: 0 })
        );
        assert_eq!(
            s.apply(Action::SetValue { row: 4, col: 0, value: 2 }),
            Err(ActionError::OutOfBoard { row: 4, col: 0, size: 4 })
        );
        assert_eq!(s.apply(Action::SetValue { row: 1, col: 0, value: 5 }), Err(ActionError::BadValue { value: 5, size: 4 }));
        assert_eq!(s.apply(Action::SetValue { row: 1, col: 0, value: 0 }), Err(ActionError::BadValue { value: 0, size: 4 }));
        assert_eq!(s.apply(Action::Clear { row: 0, col: 1 }), Err(ActionError::Given { row: 0, col: 1 }));
        assert_eq!(s.apply(Action::RemoveNotes { ids: vec![3] }), Err(ActionError::UnknownNote { id: 3 }));
        assert_eq!(s.apply(Action::AddNote { stroke: vec![] }), Err(ActionError::EmptyStroke));
        assert_eq!(s.apply(Action::AddNote { stroke: vec![Point { x: f32::NAN, y: 0.1 }] }), Err(ActionError::BadPoint));
        assert_eq!(
            s.apply(Action::ClearCells { cells: vec![(1, 1), (9, 9)] }),
            Err(ActionError::OutOfBoard { row: 9, col: 9, size: 4 })
        );
        let wrong = sol(&s, 1, 0) % 4 + 1;
        assert_eq!(
            s.apply(Action::ApplyHint { row: 1, col: 0, value: wrong }),
            Err(ActionError::WrongHint { row: 1, col: 0, value: wrong })
        );
        s.apply(Action::SetValue { row: 1, col: 0, value: 1 }).unwrap();
        assert_eq!(
            s.apply(Action::ToggleCandidate { row: 1, col: 0, value: 2 }),
            Err(ActionError::Filled { row: 1, col: 0 })
        );
        s.apply(Action::Undo).unwrap();
        assert_eq!(s.game(), before.game());
        assert!(ActionError::Given { row: 0, col: 0 }.to_string().contains("r1c1"));
        assert_eq!(ActionError::NothingToUndo.kind(), "nothing_to_undo");
    }

    #[test]
    fn writing_a_value_clears_candidates_and_the_notes_inside_the_cell() {
        let mut s = game4();
        s.apply(Action::ToggleCandidate { row: 1, col: 1, value: 2 }).unwrap();
        s.apply(Action::ToggleCandidate { row: 1, col: 1, value: 4 }).unwrap();
        assert_eq!(s.game().candidates()[5], 0b1010);
        // Cell (1,1) spans 0.25..0.5 on both axes.
        let inside = vec![Point { x: 0.3, y: 0.3 }, Point { x: 0.4, y: 0.45 }, Point { x: 0.6, y: 0.4 }];
        let outside = vec![Point { x: 0.3, y: 0.3 }, Point { x: 0.6, y: 0.4 }, Point { x: 0.7, y: 0.4 }];
        s.apply(Action::AddNote { stroke: inside }).unwrap();
        s.apply(Action::AddNote { stroke: outside }).unwrap();
        assert_eq!(s.game().notes().iter().map(|n| n.id).collect::<Vec<_>>(), vec![0, 1]);
        let before = s.clone();
        s.apply(Action::SetValue { row: 1, col: 1, value: 2 }).unwrap();
        assert_eq!(s.game().candidates()[5], 0);
        assert_eq!(s.game().notes().iter().map(|n| n.id).collect::<Vec<_>>(), vec![1]);
        s.apply(Action::Undo).unwrap();
        assert_eq!(s.game(), before.game());
    }

    #[test]
    fn eraser_stroke_is_one_undo_step_and_skips_givens() {
        let mut s = game4();
        s.apply(Action::SetValue { row: 1, col: 0, value: 1 }).unwrap();
        s.apply(Action::SetValue { row: 1, col: 1, value: 2 }).unwrap();
        s.apply(Action::ToggleCandidate { row: 1, col: 2, value: 3 }).unwrap();
        let steps = s.history().done().len();
        let cells = vec![(0, 0), (1, 0), (1, 1), (1, 2), (1, 1)];
        assert_eq!(s.apply(Action::ClearCells { cells: cells.clone() }), Ok(true));
        assert_eq!(s.history().done().len(), steps + 1);
        assert_eq!(&s.game().entries()[4..6], &[0, 0]);
        assert_eq!(s.game().candidates()[6], 0b100, "the eraser clears values only");
        assert_eq!(s.apply(Action::ClearCells { cells }), Ok(false));
        s.apply(Action::Undo).unwrap();
        assert_eq!(&s.game().entries()[4..6], &[1, 2]);
    }

    #[test]
    fn auto_candidates_hint_and_solve() {
        let mut s = game4();
        s.apply(Action::SetCandidates).unwrap();
        let board = s.game().board();
        for (i, &c) in s.game().candidates().iter().enumerate() {
            if board.values()[i] == 0 {
                assert_ne!(c & bit(s.game().solution().values()[i]), 0, "the solution is always a candidate");
                // Row 0 is given, so no other cell in a column may keep that column's given.
                assert_eq!(c & bit(board.get(0, i % 4)), 0);
            }
        }
        assert_eq!(s.apply(Action::SetCandidates), Ok(false));
        let v = sol(&s, 2, 2);
        s.apply(Action::ApplyHint { row: 2, col: 2, value: v }).unwrap();
        assert_eq!(s.history().done().last().map(|e| e.kind), Some(EditKind::Hint));
        assert_eq!(s.view(0).hints_used, 1);
        assert!(!s.is_solved());
        s.apply(Action::Solve).unwrap();
        assert!(s.is_solved());
        let view = s.view(0);
        assert!(view.solved && view.cells.iter().all(|c| !c.incorrect && !c.conflict && c.candidates == 0));
        assert_eq!(s.apply(Action::Solve), Ok(false));
        s.apply(Action::Undo).unwrap();
        assert!(!s.is_solved());
    }

    #[test]
    fn view_flags_conflicts_and_incorrect_entries() {
        let mut s = game4();
        let given = s.game().givens().get(0, 0);
        s.apply(Action::SetValue { row: 1, col: 0, value: given }).unwrap();
        let v = s.view(0);
        assert!(v.cells[0].conflict && v.cells[4].conflict);
        assert!(v.cells[4].incorrect && !v.cells[0].incorrect);
        assert!(v.cells[0].given && !v.cells[4].given);
        assert_eq!((v.size, v.box_rows, v.box_cols, v.cells.len()), (4, 2, 2, 16));
        assert!(v.can_undo && !v.can_redo);
        assert_eq!(v.difficulty, "easy");
    }

    #[test]
    fn remove_notes_round_trips_order() {
        let mut s = game4();
        for k in 0..4 {
            let p = Point { x: 0.1 + 0.2 * k as f32, y: 0.9 };
            s.apply(Action::AddNote { stroke: vec![p, p] }).unwrap();
        }
        let before = s.clone();
        s.apply(Action::RemoveNotes { ids: vec![2, 0, 2] }).unwrap();
        assert_eq!(s.game().notes().iter().map(|n| n.id).collect::<Vec<_>>(), vec![1, 3]);
        assert_eq!(s.apply(Action::RemoveNotes { ids: vec![] }), Ok(false));
        s.apply(Action::Undo).unwrap();
        assert_eq!(s.game(), before.game());
        // Points just off the board are clamped onto it.
        s.apply(Action::AddNote { stroke: vec![Point { x: -0.01, y: 1.2 }] }).unwrap();
        assert_eq!(s.game().notes().last().map(|n| n.points[0]), Some(Point { x: 0.0, y: 1.0 }));
    }

    #[test]
    fn new_game_checks_puzzle_against_solution() {
        let solution = pattern_solution(Shape::S4);
        let mut puzzle = Grid::empty(Shape::S4);
        puzzle.set(0, 0, solution.get(0, 0) % 4 + 1);
        assert_eq!(
            SudokuSession::new(puzzle, solution.clone(), "easy", None).err(),
            Some(NewGameError::GivenMismatch { row: 0, col: 0 })
        );
        assert_eq!(
            SudokuSession::new(Grid::empty(Shape::S4), Grid::empty(Shape::S4), "easy", None).err(),
            Some(NewGameError::SolutionIncomplete)
        );
        assert!(matches!(
            SudokuSession::new(Grid::empty(Shape::S9), solution, "easy", None),
            Err(NewGameError::ShapeMismatch { .. })
        ));
        let bad = Grid::parse("1234123412341234").unwrap();
        assert!(matches!(
            SudokuSession::new(Grid::empty(Shape::S4), bad, "easy", None),
            Err(NewGameError::SolutionInvalid { .. })
        ));
    }

    #[test]
    fn actions_are_tagged_json() {
        let a: Action = serde_json::from_str(r#"{"type":"set_value","row":1,"col":2,"value":3}"#).unwrap();
        assert_eq!(a, Action::SetValue { row: 1, col: 2, value: 3 });
        let a: Action = serde_json::from_str(r#"{"type":"add_note","stroke":[[0.5,0.25]]}"#).unwrap();
        assert_eq!(a, Action::AddNote { stroke: vec![Point { x: 0.5, y: 0.25 }] });
        let a: Action = serde_json::from_str(r#"{"type":"clear_cells","cells":[[0,1],[2,3]]}"#).unwrap();
        assert_eq!(a, Action::ClearCells { cells: vec![(0, 1), (2, 3)] });
        assert_eq!(serde_json::to_string(&Action::Undo).unwrap(), r#"{"type":"undo"}"#);
        assert!(serde_json::from_str::<Action>(r#"{"type":"set_value","row":-1,"col":2,"value":3}"#).is_err());
    }
}
