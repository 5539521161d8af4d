//! Sudoku in play: givens, solution, the player's entries, typed candidates and ink notes,
//! changed by [`Action`]s recorded as reversible [`Edit`]s. Undo, redo and the timer are the
//! session's ([`crate::session::Session`]).
//!
//! Cells are addressed `(row, col)`, 0-based; internally a cell is `row * size + col`.
//! Candidates are a bitmask per cell: bit `v - 1` set means `v` is noted.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use std::sync::Arc;

use crate::grid::{Geometry, Grid, Layout, Shape};
use crate::session::cells::{bit, full_mask, CellChange, CellState};
use crate::session::colours::{ColourChange, Colours, MAX_COLOUR};
use crate::session::glyph::{self, Glyph, MarkGlyph};
pub use crate::session::gridplay::GridMove;
use crate::session::gridplay::{Change, EditParts, GridBoard, GridError};
use crate::session::marks::{CellMarks, MarkChange, MarkKind, Marks};
use crate::session::scratchpad::{InkEdit, InkNote, StrokeError};
use crate::session::{EditMismatch, Game, Session};

/// A Sudoku play session.
pub type SudokuSession = Session<SudokuGame>;

/// What the player (or the view on their behalf) asks for. JSON: `{"type": "set_value", "row":
/// 0, "col": 4, "value": 7}`, ...
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Auto-candidates: every empty cell gets the values not yet in its row, column or box.
    SetCandidates,
    /// Writes the solution's value into a cell, recorded as a hint.
    ApplyHint { row: usize, col: usize, value: u8 },
    /// Fills every cell from the solution.
    Solve,
    /// One step of "Solve step by step": the computer writes the numbers `place` and removes
    /// the candidates `eliminate`, as a person does with pencil marks: a number placed leaves
    /// the candidates of its row, column and box, and a step that removes candidates while the
    /// board has none writes every cell's candidates first. Each number must be the solution's
    /// and no removed candidate may be; one undo step. Only the engine makes it (never JSON).
    /// `lists`: the kind of mark those candidates are written as when the board has no lists
    /// yet (the player's choice, #43): `Centre`, centre marks; else the candidate slots.
    #[serde(skip)]
    ApplyStep { place: Vec<(usize, usize, u8)>, eliminate: Vec<(usize, usize, u8)>, lists: MarkKind },
    /// The moves every pen-grid game has (write, clear, erase, colour, candidate, pencil
    /// notes), with their own `type`s ([`GridMove`]); givens are the core's fixed cells.
    #[serde(untagged)]
    Grid(GridMove),
}

impl From<GridMove> for Action {
    fn from(m: GridMove) -> Action {
        Action::Grid(m)
    }
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
    #[error(transparent)]
    Ink(#[from] StrokeError),
    #[error("there is no cell colour {colour} (colours are 1 to {max}, 0 for none)", max = MAX_COLOUR)]
    BadColour { colour: u8 },
    #[error("the hint {value} for r{}c{} does not match the solution", .row + 1, .col + 1)]
    WrongHint { row: usize, col: usize, value: u8 },
    #[error("a puzzle being entered has no answer yet: start it first")]
    NoAnswerYet,
    #[error("the game's history is damaged: {0}")]
    History(#[from] EditMismatch),
}

/// A refused move, as every game's refusal reaches the app.
impl From<ActionError> for crate::play::PlayError {
    fn from(e: ActionError) -> Self {
        crate::play::PlayError::refused(e.kind(), e)
    }
}

impl ActionError {
    /// A stable machine-readable code for IPC (`{kind, message}`).
    pub fn kind(&self) -> &'static str {
        match self {
            ActionError::OutOfBoard { .. } => "out_of_board",
            ActionError::BadValue { .. } => "bad_value",
            ActionError::Given { .. } => "given_cell",
            ActionError::Filled { .. } => "filled_cell",
            ActionError::Ink(e) => e.kind(),
            ActionError::BadColour { .. } => "bad_colour",
            ActionError::WrongHint { .. } => "wrong_hint",
            ActionError::NoAnswerYet => "no_answer_yet",
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
    #[error("the puzzle is {size}x{size} but its variant's board is {variant}x{variant}")]
    VariantSize { size: u8, variant: usize },
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
    Colour,
    /// A step of "Solve step by step" (the computer's move, as `Solve` is).
    Step,
    /// "Back to a mark" or "Back to the last correct position": the board set as it was then.
    Back,
    /// A corner or centre mark toggled (#43; save format 4).
    Mark,
}

/// A recorded, reversible move. In a save: `{"kind", "cells", "notes_added", "notes_removed",
/// "colours"}`, empty lists left out.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(from = "EditRecord", into = "EditRecord")]
pub struct Edit {
    pub kind: EditKind,
    pub cells: Vec<CellChange>,
    pub ink: InkEdit,
    pub colours: Vec<ColourChange>,
    /// Corner and centre marks (#43).
    pub marks: Vec<MarkChange>,
    /// The player's handwriting for the one cell a pen write changed (see
    /// [`crate::session::glyph`]).
    pub glyph: Option<Glyph>,
    /// The handwriting of marks read from the pencil's ink ("keep my handwriting", #43).
    pub mark_glyphs: Vec<MarkGlyph>,
}

/// [`Edit`] as saved. Written out rather than `#[serde(flatten)]`ing the ink: flatten makes
/// serde buffer every edit, which doubled the time to load a long history.
#[derive(Serialize, Deserialize)]
struct EditRecord {
    kind: EditKind,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    cells: Vec<CellChange>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    notes_added: Vec<InkNote>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    notes_removed: Vec<InkNote>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    colours: Vec<ColourChange>,
    /// Save format 4: corner and centre marks.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    marks: Vec<MarkChange>,
    /// Save format 2: the player's handwriting of a pen write.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    glyph: Option<Glyph>,
    /// Save format 4: handwritten marks' ink kept.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    mark_glyphs: Vec<MarkGlyph>,
}

impl From<EditRecord> for Edit {
    fn from(r: EditRecord) -> Edit {
        Edit { kind: r.kind, cells: r.cells, ink: InkEdit { added: r.notes_added, removed: r.notes_removed }, colours: r.colours, marks: r.marks, glyph: r.glyph, mark_glyphs: r.mark_glyphs }
    }
}

impl From<Edit> for EditRecord {
    fn from(e: Edit) -> EditRecord {
        EditRecord { kind: e.kind, cells: e.cells, notes_added: e.ink.added, notes_removed: e.ink.removed, colours: e.colours, marks: e.marks, glyph: e.glyph, mark_glyphs: e.mark_glyphs }
    }
}

impl Edit {
    fn new(kind: EditKind) -> Edit {
        Edit { kind, cells: Vec::new(), ink: InkEdit::default(), colours: Vec::new(), marks: Vec::new(), glyph: None, mark_glyphs: Vec::new() }
    }

    /// An edit is built as the pen-grid core's [`Change`] (its cells, ink and colours) and
    /// takes its kind here; `None` stays `None` (no undo step).
    fn from_change(kind: EditKind, c: Option<Change>) -> Option<Edit> {
        c.map(|c| Edit::of_change(kind, c))
    }

    fn of_change(kind: EditKind, c: Change) -> Edit {
        Edit { cells: c.cells, ink: c.ink, colours: c.colours, marks: c.marks, mark_glyphs: c.mark_glyphs, ..Edit::new(kind) }
    }

    /// The edit of a shared move, its kind said by the move (a pencil stroke that rubs notes
    /// out is an erasure).
    fn of_move(m: &GridMove, c: Change) -> Edit {
        let kind = match m {
            GridMove::SetValue { .. } | GridMove::SetValues { .. } | GridMove::WriteInk { .. } => EditKind::Value,
            GridMove::Clear { .. } | GridMove::DeleteCells { .. } => EditKind::Clear,
            GridMove::Mark { kind: MarkKind::Candidate, .. } => EditKind::Candidate,
            GridMove::Mark { .. } | GridMove::ReadMarks { .. } => EditKind::Mark,
            GridMove::ClearCells { .. } => EditKind::Erase,
            GridMove::SetColour { .. } => EditKind::Colour,
            GridMove::ToggleCandidate { .. } => EditKind::Candidate,
            GridMove::AddNote { .. } if c.ink.removed.is_empty() => EditKind::Note,
            GridMove::AddNote { .. } | GridMove::RemoveNotes { .. } => EditKind::EraseNotes,
        };
        Edit::of_change(kind, c)
    }
}

/// The Sudoku game state.
#[derive(Debug, Clone, PartialEq)]
pub struct SudokuGame {
    givens: Grid,
    solution: Grid,
    stage: Stage,
    seed: Option<u64>,
    /// The shared pen-grid core; its fixed cells are the givens.
    board: GridBoard,
    /// A variant's board (issue 42: a jigsaw's regions, an X's diagonals, a Killer's cages);
    /// `None` for a classic Sudoku, whose boxes are its shape's.
    variant: Option<Arc<Geometry>>,
}

/// Whether a game is played or is a puzzle being copied from paper (its solution then only a
/// placeholder). Saved as the difficulty label, [`super::check::BEING_ENTERED`] for the latter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stage {
    /// A puzzle in play, with its difficulty label (`easy`, ...).
    Playing(String),
    /// A board on which a puzzle from paper is being copied (`check::entry_session`).
    BeingEntered,
}

impl Stage {
    /// The stage a saved (or given) difficulty label stands for.
    pub fn from_label(label: String) -> Stage {
        if label == super::check::BEING_ENTERED {
            Stage::BeingEntered
        } else {
            Stage::Playing(label)
        }
    }

    /// The label the view shows and the save keeps.
    pub fn label(&self) -> &str {
        match self {
            Stage::Playing(d) => d,
            Stage::BeingEntered => super::check::BEING_ENTERED,
        }
    }
}

impl ActionError {
    fn from_grid(e: GridError, size: u8) -> ActionError {
        match e {
            GridError::OutOfBoard { row, col } => ActionError::OutOfBoard { row, col, size },
            GridError::BadValue { value } => ActionError::BadValue { value, size },
            GridError::Fixed { row, col } => ActionError::Given { row, col },
            GridError::Filled { row, col } => ActionError::Filled { row, col },
            GridError::Ink(e) => ActionError::Ink(e),
            GridError::BadColour { colour } => ActionError::BadColour { colour },
        }
    }
}

/// What the player has put on a saved board (the save loader hands it to `restore`).
pub(crate) struct SavedPlay {
    pub entries: Vec<u8>,
    pub candidates: Vec<u32>,
    pub notes: Vec<InkNote>,
    pub colours: Vec<u8>,
    pub marks: Vec<CellMarks>,
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
    /// A player's value that differs from the solution (the view decides whether to show it).
    pub incorrect: bool,
    /// The player's colour mark, 0 = none.
    #[serde(default)]
    pub colour: u8,
    /// Corner and centre marks, as one string (`"27/139"`: corner digits in the order
    /// written, then `/` and the centre digits); left out when none. Under a value they are
    /// kept but hidden: the view draws them only in an empty cell.
    #[serde(default, skip_serializing_if = "CellMarks::is_empty")]
    pub marks: CellMarks,
    /// An empty cell whose marks the solution rules out (the view shows it only with "Show
    /// incorrect numbers"): its candidate list (slots, else centre marks) leaves out its
    /// number, or a digit corner-marked here is corner-marked in its box only where it does not
    /// go. Left out when false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub marks_wrong: bool,
    /// The player's handwriting of this value, when written with the pen and kept ("keep my
    /// handwriting"); the view draws it instead of the typed symbol when the setting is on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub glyph: Option<Glyph>,
    /// The player's handwriting of marks read from their ink, by symbol (`{"7": glyph}`); the
    /// view draws it in the mark's place when "keep my handwriting" is on (#43).
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub mark_glyphs: std::collections::BTreeMap<char, Glyph>,
}

/// The Sudoku part of what the view draws (the session adds undo, timer and solved flags).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SudokuView {
    pub size: u8,
    pub box_rows: u8,
    pub box_cols: u8,
    /// Row-major.
    pub cells: Vec<CellView>,
    /// Ink notes.
    pub notes: Vec<InkNote>,
    pub difficulty: String,
    /// A variant's regions, diagonals and cages (issue 42); absent for a classic Sudoku.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<Layout>,
}

impl SudokuGame {
    /// A variant's game (issue 42) on `geo`, which must be of the puzzle's side: the solution
    /// is checked against its regions, diagonals and cages.
    pub fn with_variant(
        puzzle: Grid,
        solution: Grid,
        difficulty: impl Into<String>,
        seed: Option<u64>,
        geo: Arc<Geometry>,
    ) -> Result<SudokuGame, NewGameError> {
        if geo.n != puzzle.shape().n() {
            return Err(NewGameError::VariantSize { size: puzzle.shape().size, variant: geo.n });
        }
        SudokuGame::checked(puzzle, solution, difficulty.into(), seed, Some(geo))
    }

    /// A new game: `puzzle` holds the givens, `solution` the full answer (the caller, usually the
    /// generator, knows it). Checks they belong together.
    pub fn new(
        puzzle: Grid,
        solution: Grid,
        difficulty: impl Into<String>,
        seed: Option<u64>,
    ) -> Result<SudokuGame, NewGameError> {
        SudokuGame::checked(puzzle, solution, difficulty.into(), seed, None)
    }

    fn checked(puzzle: Grid, solution: Grid, difficulty: String, seed: Option<u64>, variant: Option<Arc<Geometry>>) -> Result<SudokuGame, NewGameError> {
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
        let geo = variant.as_deref().unwrap_or_else(|| Geometry::of_sudoku(shape));
        if let Some(&i) = geo.conflicts(solution.values()).first() {
            return Err(NewGameError::SolutionInvalid { row: i / n, col: i % n });
        }
        for (i, (&g, &s)) in puzzle.values().iter().zip(solution.values()).enumerate() {
            if g != 0 && g != s {
                return Err(NewGameError::GivenMismatch { row: i / n, col: i % n });
            }
        }
        Ok(SudokuGame {
            board: GridBoard::new(n, puzzle.values().iter().map(|&g| g != 0).collect()),
            givens: puzzle,
            solution,
            stage: Stage::from_label(difficulty),
            seed,
            variant,
        })
    }

    /// The board's units, peers and cages: the variant's, else the shape's.
    pub fn geometry(&self) -> &Geometry {
        self.variant.as_deref().unwrap_or_else(|| Geometry::of_sudoku(self.shape()))
    }

    /// A variant's geometry (issue 42), `None` for a classic Sudoku.
    pub fn variant(&self) -> Option<&Arc<Geometry>> {
        self.variant.as_ref()
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
        self.stage.label()
    }

    pub fn stage(&self) -> &Stage {
        &self.stage
    }

    /// The shared pen-grid core.
    pub fn grid(&self) -> &GridBoard {
        &self.board
    }

    /// A board on which a puzzle from paper is being copied (`check::entry_session`): its
    /// solution is a placeholder, so hints, Solve, "incorrect" marks and winning don't apply.
    pub fn is_being_entered(&self) -> bool {
        self.stage == Stage::BeingEntered
    }

    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// Player values, row-major, 0 = none.
    pub fn entries(&self) -> &[u8] {
        self.board.values()
    }

    /// Candidate bitmasks, row-major.
    pub fn candidates(&self) -> &[u32] {
        self.board.candidates()
    }

    /// Ink notes, by id.
    pub fn notes(&self) -> &[InkNote] {
        self.board.notes()
    }

    /// Cell colours, row-major, 0 = none.
    pub fn colours(&self) -> &Colours {
        self.board.colours()
    }

    /// Whether the solution rules out the marks of empty cell `i` (see `CellView::marks_wrong`).
    fn marks_ruled_out(&self, i: usize) -> bool {
        let sol = self.solution.values();
        let m = self.board.marks().get(i);
        let list = self.board.candidate_list(i);
        if list != 0 && list & bit(sol[i]) == 0 {
            return true;
        }
        m.corner.iter().any(|&v| self.corner_mark_ruled_out(i, v))
    }

    /// Whether the solution rules out a corner mark `v` in cell `i` (Snyder notation: a digit
    /// corner-marked in some cells of a box says it goes in one of them): the cell where `v`
    /// goes in `i`'s box (or jigsaw region) is open and not corner-marked with `v`. The same
    /// for every cell of the box marked so.
    pub(crate) fn corner_mark_ruled_out(&self, i: usize, v: u8) -> bool {
        let sol = self.solution.values();
        let geo = self.geometry();
        let Some(box_unit) = geo.cell_units[i].get(2).and_then(|&u| geo.units.get(u)) else { return false };
        box_unit.iter().find(|&&j| sol[j] == v).is_some_and(|&j| j != i && self.entries()[j] == 0 && self.givens.values()[j] == 0 && !self.board.marks().get(j).has(MarkKind::Corner, v))
    }

    /// Corner and centre marks, row-major (under a value: hidden, kept).
    pub fn marks(&self) -> &Marks {
        self.board.marks()
    }

    /// The board as the player sees it: givens and entries together.
    pub fn board(&self) -> Grid {
        let values = self.givens.values().iter().zip(self.board.values()).map(|(&g, &e)| g.max(e)).collect();
        // Same shape and length as the givens, values in range: from_values cannot refuse.
        Grid::from_values(self.shape(), values).unwrap_or_else(|| self.givens.clone())
    }

    /// Whether a cell holds a given (the pen can't change it).
    pub fn is_given(&self, row: usize, col: usize) -> bool {
        let n = self.shape().n();
        row < n && col < n && self.givens.get(row, col) != 0
    }

    /// The values not yet in a cell's peers (its row, column and box, and a variant's
    /// regions, diagonals and cage), as a candidate mask; in a Killer cage, only the digits of
    /// the sets its sum and size allow that hold the digits already placed in it (a 3 in two
    /// cells is 1 and 2: what a Killer player writes first, and what "Auto notes" should).
    fn open_values(&self, board: &Grid, row: usize, col: usize) -> u32 {
        let n = self.shape().n();
        let geo = self.geometry();
        let at = row * n + col;
        let used = geo.peers[at].iter().map(|&j| board.values()[j]).filter(|&v| v != 0).fold(0u32, |m, v| m | bit(v));
        let mut open = full_mask(n) & !used;
        if let Some(cage) = geo.cage_of.get(at).copied().flatten().and_then(|k| geo.cages.get(usize::from(k))) {
            let placed = cage.cells.iter().map(|&j| board.values()[j]).filter(|&v| v != 0).fold(0u32, |m, v| m | bit(v)) as u16;
            let sets = crate::sudoku::exact::digit_sets(n, cage.cells.len(), cage.sum);
            let fits = sets.iter().filter(|&&set| set & placed == placed).fold(0u16, |m, &set| m | (set & !placed));
            open &= u32::from(fits);
        }
        open
    }

    fn refuse(&self, e: GridError) -> ActionError {
        ActionError::from_grid(e, self.shape().size)
    }

    fn check_value(&self, value: u8) -> Result<(), ActionError> {
        self.board.check_value(value).map_err(|e| self.refuse(e))
    }

    /// A cell the player may change (in range and not a given).
    fn check_open_cell(&self, row: usize, col: usize) -> Result<usize, ActionError> {
        self.board.open_cell(row, col).map_err(|e| self.refuse(e))
    }

    fn cell_state(&self, i: usize) -> CellState {
        self.board.state(i)
    }

    /// The edit of [`Action::ApplyStep`].
    fn step_edit(&self, place: &[(usize, usize, u8)], eliminate: &[(usize, usize, u8)], lists: MarkKind) -> Result<Option<Edit>, ActionError> {
        let n = self.shape().n();
        let mut after: Vec<CellState> = (0..n * n).map(|i| self.cell_state(i)).collect();
        // Each changed cell's corner and centre marks.
        let mut marks: std::collections::BTreeMap<usize, CellMarks> = std::collections::BTreeMap::new();
        let mut gone: Vec<(usize, u8)> = Vec::new();
        if !eliminate.is_empty() && self.candidates().iter().all(|&c| c == 0) {
            // No slots: the lists are written first, as centre marks where the player keeps
            // their lists there (or chose to), else in the slots.
            let centre = lists == MarkKind::Centre || (0..n * n).any(|i| self.board.marks().get(i).centre != 0);
            let board = self.board();
            for (i, &v) in board.values().iter().enumerate() {
                if v != 0 {
                    continue;
                }
                let open = self.open_values(&board, i / n, i % n);
                if !centre {
                    after[i].candidates = open;
                } else if self.board.marks().get(i).centre == 0 {
                    marks.insert(i, CellMarks { centre: open, ..self.board.marks().get(i).clone() });
                }
            }
        }
        for &(row, col, value) in eliminate {
            let i = self.check_open_cell(row, col)?;
            self.check_value(value)?;
            if self.solution.values()[i] == value {
                return Err(ActionError::WrongHint { row, col, value });
            }
            after[i].candidates &= !bit(value);
            gone.push((i, value));
        }
        let peers = &self.geometry().peers;
        let mut ink = InkEdit::default();
        for &(row, col, value) in place {
            let i = self.check_open_cell(row, col)?;
            self.check_value(value)?;
            if self.solution.values()[i] != value || self.entries()[i] != 0 {
                return Err(ActionError::WrongHint { row, col, value });
            }
            after[i] = CellState { value, candidates: 0 };
            for &j in peers.get(i).into_iter().flatten() {
                after[j].candidates &= !bit(value);
                gone.push((j, value));
            }
            ink.removed.extend(self.board.notes_in(row, col));
        }
        let mut change = Change::with_ink(ink);
        for (i, a) in after.into_iter().enumerate() {
            change.set(i, self.cell_state(i), a);
        }
        // The step's eliminations, and its placements' digits in their peers, go from the corner
        // and centre marks too (#43): the solver writes in the player's marks as in the slots.
        for (i, v) in gone {
            let m = marks.entry(i).or_insert_with(|| self.board.marks().get(i).clone());
            *m = m.without(v);
        }
        change.marks = marks
            .into_iter()
            .filter(|(i, m)| m != self.board.marks().get(*i))
            .map(|(i, after)| MarkChange { cell: i as u16, before: self.board.marks().get(i).clone(), after })
            .collect();
        Ok(Edit::from_change(EditKind::Step, change.non_empty()))
    }

    /// Applies a checked edit in one direction (the core checks it; only a written value keeps
    /// handwriting).
    fn apply_edit(&mut self, edit: &Edit, forward: bool) -> Result<(), EditMismatch> {
        if edit.glyph.is_some() && edit.kind != EditKind::Value {
            return Err(EditMismatch("only a written value keeps handwriting".into()));
        }
        if !edit.mark_glyphs.is_empty() && edit.kind != EditKind::Mark {
            return Err(EditMismatch("only marks read from ink keep handwriting".into()));
        }
        self.board.apply(EditParts { cells: &edit.cells, ink: &edit.ink, colours: &edit.colours, marks: &edit.marks, glyph: edit.glyph.as_ref() }, forward)
    }

    fn view_cells(&self) -> Vec<CellView> {
        let board = self.board();
        let mut conflict = vec![false; self.shape().cells()];
        for i in self.geometry().conflicts(board.values()) {
            conflict[i] = true;
        }
        // A board being entered has no answer to compare with.
        let judged = !self.is_being_entered();
        (0..self.shape().cells())
            .map(|i| {
                let given = self.givens.values()[i] != 0;
                let e = self.entries()[i];
                CellView {
                    value: board.values()[i],
                    given,
                    candidates: self.candidates()[i],
                    conflict: conflict[i],
                    incorrect: judged && e != 0 && e != self.solution.values()[i],
                    colour: self.colours().get(i),
                    marks: if given { CellMarks::default() } else { self.board.marks().get(i).clone() },
                    marks_wrong: judged && !given && e == 0 && self.marks_ruled_out(i),
                    glyph: None,
                    mark_glyphs: Default::default(),
                }
            })
            .collect()
    }

    /// Rebuilds a state from saved parts, checking every invariant (the save loader uses it
    /// to cross-check the board its history replays to).
    pub(crate) fn restore(
        givens: Grid,
        solution: Grid,
        difficulty: String,
        seed: Option<u64>,
        variant: Option<Arc<Geometry>>,
        SavedPlay { entries, candidates, notes, colours, marks }: SavedPlay,
    ) -> Result<SudokuGame, String> {
        let mut s = SudokuGame::checked(givens, solution, difficulty, seed, variant).map_err(|e| e.to_string())?;
        s.board.restore(entries, candidates, notes, colours, marks)?;
        Ok(s)
    }

    /// A fresh copy of this game's start: givens only, nothing written.
    pub(crate) fn blank_copy(&self) -> SudokuGame {
        SudokuGame { board: self.board.blank(), ..self.clone() }
    }
}

impl Game for SudokuGame {
    type Action = Action;
    type Edit = Edit;
    type Error = ActionError;

    fn plan(&self, action: &Action) -> Result<Option<Edit>, ActionError> {
        let b = &self.board;
        match action {
            Action::Grid(m) => {
                let planned = b.plan(m, self.geometry()).map_err(|e| self.refuse(e))?;
                Ok(planned.map(|(c, glyph)| Edit { glyph, ..Edit::of_move(m, c) }))
            }
            Action::ApplyHint { .. } | Action::Solve | Action::ApplyStep { .. } if self.is_being_entered() => Err(ActionError::NoAnswerYet),
            Action::ApplyStep { place, eliminate, lists } => self.step_edit(place, eliminate, *lists),
            &Action::ApplyHint { row, col, value } => {
                let i = self.check_open_cell(row, col)?;
                self.check_value(value)?;
                if self.solution.values()[i] != value {
                    return Err(ActionError::WrongHint { row, col, value });
                }
                Ok(Edit::from_change(EditKind::Hint, b.write(i, value)))
            }
            Action::SetCandidates => {
                let board = self.board();
                let n = self.shape().n();
                let open = board.values().iter().enumerate().filter(|&(_, &v)| v == 0);
                Ok(Edit::from_change(EditKind::AutoCandidates, b.fill(open.map(|(i, _)| (i, CellState { value: 0, candidates: self.open_values(&board, i / n, i % n) })))))
            }
            Action::Solve => {
                let open = self.solution.values().iter().enumerate().filter(|&(i, _)| self.givens.values()[i] == 0);
                Ok(Edit::from_change(EditKind::Solve, b.fill(open.map(|(i, &s)| (i, CellState { value: s, candidates: 0 })))))
            }
        }
    }

    fn forward(&mut self, edit: &Edit) -> Result<(), EditMismatch> {
        self.apply_edit(edit, true)
    }

    fn backward(&mut self, edit: &Edit) -> Result<(), EditMismatch> {
        self.apply_edit(edit, false)
    }

    const JUMPS: bool = true;

    /// The whole board (values, candidates, ink notes, colours) set as `target` has it.
    fn jump(&self, target: &SudokuGame) -> Option<Edit> {
        if target.givens != self.givens {
            return None;
        }
        Edit::from_change(EditKind::Back, self.board.diff(&target.board))
    }

    /// Every cell filled and equal to the solution (never while a puzzle is being entered).
    fn is_solved(&self) -> bool {
        !self.is_being_entered()
            && self.givens
            .values()
            .iter()
            .zip(self.board.values())
            .zip(self.solution.values())
            .all(|((&g, &e), &s)| g.max(e) == s)
    }
}

impl crate::pen::PenGame for SudokuGame {
    fn side(&self) -> usize {
        self.shape().n()
    }
    fn symbols(&self) -> Vec<char> {
        self.shape().symbols()
    }
    fn is_fixed(&self, row: usize, col: usize) -> bool {
        self.is_given(row, col)
    }
    fn grid_board(&self) -> &GridBoard {
        &self.board
    }
    fn grid_move(m: GridMove) -> Action {
        Action::Grid(m)
    }
    fn glyph_of(edit: &Edit) -> Option<&Glyph> {
        edit.glyph.as_ref()
    }
}

impl Session<SudokuGame> {
    /// Starts a Sudoku game; see [`SudokuGame::new`].
    pub fn new(
        puzzle: Grid,
        solution: Grid,
        difficulty: impl Into<String>,
        seed: Option<u64>,
    ) -> Result<SudokuSession, NewGameError> {
        Ok(Session::from_game(SudokuGame::new(puzzle, solution, difficulty, seed)?))
    }

    /// The Sudoku board as the view draws it.
    pub fn board_view(&self) -> SudokuView {
        let g = self.game();
        let shape = g.shape();
        let mut cells = g.view_cells();
        let glyphs = glyph::cell_glyphs(cells.len(), self.history().done().iter().map(|e| (e.cells.as_slice(), e.glyph.as_ref())));
        for (cell, glyph) in cells.iter_mut().zip(glyphs) {
            cell.glyph = glyph.cloned();
        }
        let marked = glyph::cell_mark_glyphs(cells.len(), self.history().done().iter().map(|e| (e.marks.as_slice(), e.mark_glyphs.as_slice())));
        for (cell, glyphs) in cells.iter_mut().zip(marked) {
            cell.mark_glyphs = glyphs;
        }
        SudokuView {
            size: shape.size,
            box_rows: shape.box_rows,
            box_cols: shape.box_cols,
            cells,
            notes: g.notes().to_vec(),
            difficulty: g.difficulty().to_string(),
            variant: g.variant().map(|geo| geo.layout()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::scratchpad::Point;
    use crate::session::HistoryError;
    use crate::testkit::pattern_solution;

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

    /// #43: with centre marks chosen (or kept by the player), a step that needs the lists on a
    /// board without slots writes them as centre marks, its removal already made; a placed
    /// number takes its digit from its peers' centre marks; undo takes it all back.
    #[test]
    fn a_solver_step_writes_the_lists_as_centre_marks_when_asked() {
        let mut s = game4();
        let (r, c) = (1, 0);
        let right = sol(&s, r, c);
        let other = (1..=4).find(|&v| v != right && v != sol(&s, 0, 0)).unwrap();
        s.apply(Action::ApplyStep { place: vec![], eliminate: vec![(r, c, other)], lists: MarkKind::Centre }).unwrap();
        let g = s.game();
        assert!(g.candidates().iter().all(|&m| m == 0), "no slots");
        assert!((4..16).all(|i| g.marks().get(i).centre != 0), "every open cell got its list");
        assert!(!g.marks().get(r * 4 + c).has(MarkKind::Centre, other), "the removed one is gone");
        assert!(g.marks().get(r * 4 + c).has(MarkKind::Centre, right));
        // The next step keeps to the centre marks (the player's lists), whatever it is asked.
        s.apply(Action::ApplyStep { place: vec![(r, c, right)], eliminate: vec![], lists: MarkKind::Candidate }).unwrap();
        assert!(!s.game().marks().get(5).has(MarkKind::Centre, right), "r2c2 is a peer");
        s.undo().unwrap();
        s.undo().unwrap();
        assert!((0..16).all(|i| s.game().marks().get(i).is_empty()));
    }

    /// A step of "Solve step by step": a removal on a board without candidates writes them all
    /// first; a number placed takes its digit out of its peers' candidates; a wrong number or
    /// the removal of the solution's digit is refused and changes nothing; one undo step.
    #[test]
    fn a_solver_step_writes_candidates_places_and_refuses_what_is_wrong() {
        let mut s = game4();
        let (r, c) = (1, 0);
        let right = sol(&s, r, c);
        let other = (1..=4).find(|&v| v != right && v != sol(&s, 0, 0)).unwrap();
        s.apply(Action::ApplyStep { place: vec![], eliminate: vec![(r, c, other)], lists: MarkKind::Candidate }).unwrap();
        let g = s.game();
        assert!((4..16).all(|i| g.candidates()[i] != 0), "every open cell got its candidates");
        assert_eq!(g.candidates()[r * 4 + c] & bit(other), 0, "and the removed one is gone");
        assert_eq!(s.history().done().last().map(|e| e.kind), Some(EditKind::Step));

        s.apply(Action::ApplyStep { place: vec![(r, c, right)], eliminate: vec![], lists: MarkKind::Candidate }).unwrap();
        let g = s.game();
        assert_eq!(g.board().get(r, c), right);
        for j in [(1, 1), (1, 3), (2, 0), (3, 0), (0, 1)] {
            let i = j.0 * 4 + j.1;
            assert_eq!(g.candidates()[i] & bit(right), 0, "r{}c{} keeps no {right}", j.0 + 1, j.1 + 1);
        }
        assert_eq!(s.history().done().len(), 2, "one undo step each");

        let before = s.clone();
        let wrong = (1..=4).find(|&v| v != sol(&s, 2, 1)).unwrap();
        assert!(matches!(s.apply(Action::ApplyStep { place: vec![(2, 1, wrong)], eliminate: vec![], lists: MarkKind::Candidate }), Err(ActionError::WrongHint { .. })));
        let keep = sol(&s, 3, 3);
        assert!(matches!(s.apply(Action::ApplyStep { place: vec![], eliminate: vec![(3, 3, keep)], lists: MarkKind::Candidate }), Err(ActionError::WrongHint { .. })));
        assert!(matches!(s.apply(Action::ApplyStep { place: vec![(0, 0, sol(&s, 0, 0))], eliminate: vec![], lists: MarkKind::Candidate }), Err(ActionError::Given { .. })));
        assert_eq!(s.game(), before.game());
        s.undo().unwrap();
        s.undo().unwrap();
        assert_eq!(s.game(), game4().game(), "undo goes back step by step to the start");
    }

    #[test]
    fn set_value_undo_redo_and_no_op() {
        let mut s = game4();
        let fresh = s.clone();
        assert_eq!(s.apply(Action::Grid(GridMove::SetValue { row: 1, col: 0, value: 3 })), Ok(true));
        assert_eq!(s.game().entries()[4], 3);
        assert_eq!(s.apply(Action::Grid(GridMove::SetValue { row: 1, col: 0, value: 3 })), Ok(false));
        assert_eq!(s.history().done().len(), 1);
        assert_eq!(s.undo(), Ok(()));
        assert_eq!(s.game(), fresh.game());
        assert!(s.can_redo());
        assert_eq!(s.undo(), Err(HistoryError::NothingToUndo));
        assert_eq!(s.redo(), Ok(()));
        assert_eq!(s.game().entries()[4], 3);
        assert_eq!(s.redo(), Err(HistoryError::NothingToRedo));
        // A new move drops the redo branch.
        s.undo().unwrap();
        s.apply(Action::Grid(GridMove::SetValue { row: 1, col: 1, value: 1 })).unwrap();
        assert!(!s.can_redo());
    }

    #[test]
    fn illegal_actions_are_typed_and_change_nothing() {
        let mut s = game4();
        let before = s.clone();
        assert_eq!(
            s.apply(Action::Grid(GridMove::SetValue { row: 0, col: 0, value: 2 })),
            Err(ActionError::Given { row: 0, col: 0 })
        );
        assert_eq!(
            s.apply(Action::Grid(GridMove::SetValue { row: 4, col: 0, value: 2 })),
            Err(ActionError::OutOfBoard { row: 4, col: 0, size: 4 })
        );
        assert_eq!(s.apply(Action::Grid(GridMove::SetValue { row: 1, col: 0, value: 5 })), Err(ActionError::BadValue { value: 5, size: 4 }));
        assert_eq!(s.apply(Action::Grid(GridMove::SetValue { row: 1, col: 0, value: 0 })), Err(ActionError::BadValue { value: 0, size: 4 }));
        assert_eq!(s.apply(Action::Grid(GridMove::Clear { row: 0, col: 1 })), Err(ActionError::Given { row: 0, col: 1 }));
        assert_eq!(s.apply(Action::Grid(GridMove::RemoveNotes { ids: vec![3], cells: vec![] })), Err(ActionError::Ink(StrokeError::UnknownNote { id: 3 })));
        assert_eq!(s.apply(Action::Grid(GridMove::AddNote { stroke: vec![] })), Err(ActionError::Ink(StrokeError::EmptyStroke)));
        assert_eq!(s.apply(Action::Grid(GridMove::AddNote { stroke: vec![Point { x: f32::NAN, y: 0.1 }] })), Err(ActionError::Ink(StrokeError::BadPoint)));
        assert_eq!(
            s.apply(Action::Grid(GridMove::ClearCells { cells: vec![(1, 1), (9, 9)] })),
            Err(ActionError::OutOfBoard { row: 9, col: 9, size: 4 })
        );
        let wrong = sol(&s, 1, 0) % 4 + 1;
        assert_eq!(
            s.apply(Action::ApplyHint { row: 1, col: 0, value: wrong }),
            Err(ActionError::WrongHint { row: 1, col: 0, value: wrong })
        );
        s.apply(Action::Grid(GridMove::SetValue { row: 1, col: 0, value: 1 })).unwrap();
        assert_eq!(
            s.apply(Action::Grid(GridMove::ToggleCandidate { row: 1, col: 0, value: 2 })),
            Err(ActionError::Filled { row: 1, col: 0 })
        );
        s.undo().unwrap();
        assert_eq!(s.game(), before.game());
        assert!(ActionError::Given { row: 0, col: 0 }.to_string().contains("r1c1"));
        assert_eq!(ActionError::Ink(StrokeError::EmptyStroke).kind(), "empty_stroke");
    }

    #[test]
    fn writing_a_value_clears_candidates_and_the_notes_inside_the_cell() {
        let mut s = game4();
        s.apply(Action::Grid(GridMove::ToggleCandidate { row: 1, col: 1, value: 2 })).unwrap();
        s.apply(Action::Grid(GridMove::ToggleCandidate { row: 1, col: 1, value: 4 })).unwrap();
        assert_eq!(s.game().candidates()[5], 0b1010);
        // Cell (1,1) spans 0.25..0.5 on both axes.
        let inside = vec![Point { x: 0.3, y: 0.3 }, Point { x: 0.4, y: 0.45 }, Point { x: 0.6, y: 0.4 }];
        let outside = vec![Point { x: 0.3, y: 0.3 }, Point { x: 0.6, y: 0.4 }, Point { x: 0.7, y: 0.4 }];
        s.apply(Action::Grid(GridMove::AddNote { stroke: inside })).unwrap();
        s.apply(Action::Grid(GridMove::AddNote { stroke: outside })).unwrap();
        assert_eq!(s.game().notes().iter().map(|n| n.id).collect::<Vec<_>>(), vec![0, 1]);
        let before = s.clone();
        s.apply(Action::Grid(GridMove::SetValue { row: 1, col: 1, value: 2 })).unwrap();
        assert_eq!(s.game().candidates()[5], 0);
        assert_eq!(s.game().notes().iter().map(|n| n.id).collect::<Vec<_>>(), vec![1]);
        s.undo().unwrap();
        assert_eq!(s.game(), before.game());
    }

    #[test]
    fn eraser_stroke_is_one_undo_step_and_skips_givens() {
        let mut s = game4();
        s.apply(Action::Grid(GridMove::SetValue { row: 1, col: 0, value: 1 })).unwrap();
        s.apply(Action::Grid(GridMove::SetValue { row: 1, col: 1, value: 2 })).unwrap();
        s.apply(Action::Grid(GridMove::ToggleCandidate { row: 1, col: 2, value: 3 })).unwrap();
        let steps = s.history().done().len();
        let cells = vec![(0, 0), (1, 0), (1, 1), (1, 2), (1, 1)];
        assert_eq!(s.apply(Action::Grid(GridMove::ClearCells { cells: cells.clone() })), Ok(true));
        assert_eq!(s.history().done().len(), steps + 1);
        assert_eq!(&s.game().entries()[4..6], &[0, 0]);
        assert_eq!(s.game().candidates()[6], 0b100, "the eraser clears values only");
        assert_eq!(s.apply(Action::Grid(GridMove::ClearCells { cells })), Ok(false));
        s.undo().unwrap();
        assert_eq!(&s.game().entries()[4..6], &[1, 2]);
    }

    #[test]
    fn colours_mark_cells_undo_and_go_with_the_eraser() {
        let mut s = game4();
        let fresh = s.clone();
        // Givens may be coloured too; the same colour twice is no step.
        assert_eq!(s.apply(Action::Grid(GridMove::SetColour { cells: vec![(0, 0), (1, 1)], colour: 2 })), Ok(true));
        assert_eq!(s.apply(Action::Grid(GridMove::SetColour { cells: vec![(1, 1)], colour: 2 })), Ok(false));
        let v = s.board_view();
        assert_eq!((v.cells[0].colour, v.cells[5].colour, v.cells[1].colour), (2, 2, 0));
        assert_eq!(s.history().done().last().map(|e| e.kind), Some(EditKind::Colour));
        s.apply(Action::Grid(GridMove::SetValue { row: 1, col: 1, value: 3 })).unwrap();
        assert_eq!(s.game().colours().get(5), 2, "writing a number keeps the colour");
        // One eraser stroke clears the value and the colours, givens' colours too.
        s.apply(Action::Grid(GridMove::ClearCells { cells: vec![(0, 0), (1, 1)] })).unwrap();
        assert_eq!((s.game().colours().get(0), s.game().colours().get(5), s.game().entries()[5]), (0, 0, 0));
        assert_eq!(s.game().givens().get(0, 0), s.board_view().cells[0].value, "the given stays");
        s.undo().unwrap();
        assert_eq!((s.game().colours().get(0), s.game().entries()[5]), (2, 3));
        s.apply(Action::Grid(GridMove::SetColour { cells: vec![(0, 0)], colour: 0 })).unwrap();
        assert_eq!(s.game().colours().get(0), 0);
        assert_eq!(s.apply(Action::Grid(GridMove::SetColour { cells: vec![(0, 0)], colour: MAX_COLOUR + 1 })), Err(ActionError::BadColour { colour: MAX_COLOUR + 1 }));
        assert_eq!(
            s.apply(Action::Grid(GridMove::SetColour { cells: vec![(0, 0), (4, 0)], colour: 1 })),
            Err(ActionError::OutOfBoard { row: 4, col: 0, size: 4 })
        );
        while s.can_undo() {
            s.undo().unwrap();
        }
        assert_eq!(s.game(), fresh.game());
        let a: Action = serde_json::from_str(r#"{"type":"set_colour","cells":[[0,1]],"colour":3}"#).unwrap();
        assert_eq!(a, Action::Grid(GridMove::SetColour { cells: vec![(0, 1)], colour: 3 }));
    }

    #[test]
    fn a_scratch_out_in_pencil_rubs_out_the_notes_it_crosses_in_one_undo_step() {
        let mut s = game4();
        // A little note inside cell (1, 1) (0.25..0.5 on both axes).
        s.apply(Action::Grid(GridMove::AddNote { stroke: vec![Point { x: 0.3, y: 0.35 }, Point { x: 0.45, y: 0.4 }] })).unwrap();
        let before = s.clone();
        let zig: Vec<Point> = (0..7).map(|k| Point { x: if k % 2 == 1 { 0.46 } else { 0.29 }, y: 0.3 + k as f32 * 0.025 }).collect();
        assert_eq!(s.apply(Action::Grid(GridMove::AddNote { stroke: zig })), Ok(true));
        assert!(s.game().notes().is_empty(), "the note is gone and the zig-zag is not kept");
        assert_eq!(s.history().done().last().map(|e| e.kind), Some(EditKind::EraseNotes));
        s.undo().unwrap();
        assert_eq!(s.game(), before.game());
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
        assert!(!s.is_solved());
        s.apply(Action::Solve).unwrap();
        assert!(s.is_solved());
        let view = s.board_view();
        assert!(view.cells.iter().all(|c| !c.incorrect && !c.conflict && c.candidates == 0));
        assert_eq!(s.apply(Action::Solve), Ok(false));
        s.undo().unwrap();
        assert!(!s.is_solved());
    }

    #[test]
    fn view_flags_conflicts_and_incorrect_entries() {
        let mut s = game4();
        let given = s.game().givens().get(0, 0);
        s.apply(Action::Grid(GridMove::SetValue { row: 1, col: 0, value: given })).unwrap();
        let v = s.board_view();
        assert!(v.cells[0].conflict && v.cells[4].conflict);
        assert!(v.cells[4].incorrect && !v.cells[0].incorrect);
        assert!(v.cells[0].given && !v.cells[4].given);
        assert_eq!((v.size, v.box_rows, v.box_cols, v.cells.len()), (4, 2, 2, 16));
        assert!(s.can_undo() && !s.can_redo());
        assert_eq!(v.difficulty, "easy");
    }

    /// #26 bug 4: the eraser in pencil mode rubs out typed candidates as well as ink notes, in
    /// one undo step; values and givens stay.
    #[test]
    fn the_pencil_eraser_rubs_out_typed_candidates_and_notes_in_one_step() {
        let mut s = game4();
        s.apply(Action::SetCandidates).unwrap();
        let p = Point { x: 0.9, y: 0.9 };
        s.apply(Action::Grid(GridMove::AddNote { stroke: vec![p, p] })).unwrap();
        let blanks: Vec<usize> = (0..16).filter(|&i| s.game().board().values()[i] == 0).collect();
        let (a, b) = (blanks[0], blanks[1]);
        s.apply(Action::Grid(GridMove::SetValue { row: b / 4, col: b % 4, value: sol(&s, b / 4, b % 4) })).unwrap();
        let before = s.clone();
        let given = (0..16).find(|&i| s.game().givens().values()[i] != 0).unwrap();
        let cells = vec![(a / 4, a % 4), (b / 4, b % 4), (given / 4, given % 4)];
        assert_eq!(s.apply(Action::Grid(GridMove::RemoveNotes { ids: vec![0], cells })), Ok(true));
        assert_eq!(s.game().candidates()[a], 0, "the candidates are gone");
        assert!(s.game().notes().is_empty(), "and the note");
        assert_eq!(s.game().board().values()[b], before.game().board().values()[b], "a value stays");
        assert_eq!(s.game().candidates()[blanks[2]], before.game().candidates()[blanks[2]], "an uncrossed cell keeps its marks");
        s.undo().unwrap();
        assert_eq!(s.game(), before.game(), "one undo step brings both back");
        assert!(s.apply(Action::Grid(GridMove::RemoveNotes { ids: vec![], cells: vec![(4, 0)] })).is_err(), "off the board");
    }

    #[test]
    fn remove_notes_round_trips_order() {
        let mut s = game4();
        for k in 0..4 {
            let p = Point { x: 0.1 + 0.2 * k as f32, y: 0.9 };
            s.apply(Action::Grid(GridMove::AddNote { stroke: vec![p, p] })).unwrap();
        }
        let before = s.clone();
        s.apply(Action::Grid(GridMove::RemoveNotes { ids: vec![2, 0, 2], cells: vec![] })).unwrap();
        assert_eq!(s.game().notes().iter().map(|n| n.id).collect::<Vec<_>>(), vec![1, 3]);
        assert_eq!(s.apply(Action::Grid(GridMove::RemoveNotes { ids: vec![], cells: vec![] })), Ok(false));
        s.undo().unwrap();
        assert_eq!(s.game(), before.game());
        // Points just off the board are clamped onto it.
        s.apply(Action::Grid(GridMove::AddNote { stroke: vec![Point { x: -0.01, y: 1.2 }] })).unwrap();
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
        assert_eq!(a, Action::Grid(GridMove::SetValue { row: 1, col: 2, value: 3 }));
        let a: Action = serde_json::from_str(r#"{"type":"add_note","stroke":[[0.5,0.25]]}"#).unwrap();
        assert_eq!(a, Action::Grid(GridMove::AddNote { stroke: vec![Point { x: 0.5, y: 0.25 }] }));
        let a: Action = serde_json::from_str(r#"{"type":"clear_cells","cells":[[0,1],[2,3]]}"#).unwrap();
        assert_eq!(a, Action::Grid(GridMove::ClearCells { cells: vec![(0, 1), (2, 3)] }));
        assert_eq!(serde_json::to_string(&Action::Solve).unwrap(), r#"{"type":"solve"}"#);
        assert!(serde_json::from_str::<Action>(r#"{"type":"undo"}"#).is_err(), "undo is the session's, not a move");
        assert!(serde_json::from_str::<Action>(r#"{"type":"set_value","row":-1,"col":2,"value":3}"#).is_err());
        // Handwriting comes only from the pen path, never from the view's JSON.
        for kind in ["write_ink", "WriteInk"] {
            let json = format!(r#"{{"type":"{kind}","row":0,"col":0,"value":1,"glyph":[[0,0,9,9]]}}"#);
            assert!(serde_json::from_str::<Action>(&json).is_err(), "{kind}");
            assert!(serde_json::from_str::<crate::kenken::play::Action>(&json).is_err(), "{kind}");
        }
    }
}
