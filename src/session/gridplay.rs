//! The pen-on-a-grid core that Sudoku and KenKen share: an `n` x `n` board of the player's
//! values and typed candidates, ink notes on it and colour marks, the moves every such game has
//! (write, clear, erase, colour, candidates, pencil notes) and the checks that guard their undo.
//! A game embeds a [`GridBoard`] and supplies only what differs: which cells are fixed (Sudoku's
//! givens), its own error and edit types (their JSON and save shapes are the games'), conflicts,
//! auto-candidates, solving and its solver steps.

use serde::{Deserialize, Serialize};

use crate::session::cells::{bit, CellChange, CellState};
use crate::session::colours::{ColourChange, Colours, MAX_COLOUR};
use crate::grid::Geometry;
use crate::session::glyph::{self, Glyph, MarkGlyph};
use crate::session::marks::{CellMarks, MarkChange, MarkKind, Marks};
use crate::session::scratchpad::{InkEdit, InkNote, Point, Scratchpad, StrokeError};
use crate::session::EditMismatch;

/// Why the core refused a move; each game turns it into its own error (their codes and
/// messages are the view's).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GridError {
    OutOfBoard { row: usize, col: usize },
    BadValue { value: u8 },
    /// A fixed cell (a Sudoku given).
    Fixed { row: usize, col: usize },
    /// Candidates go in empty cells.
    Filled { row: usize, col: usize },
    Ink(StrokeError),
    BadColour { colour: u8 },
}

impl From<StrokeError> for GridError {
    fn from(e: StrokeError) -> Self {
        GridError::Ink(e)
    }
}

/// The moves every pen-grid game has, in every game's JSON (`{"type": "set_value", "row": 0,
/// "col": 4, "value": 7}`, ...): a game's `Action` holds them as its untagged `Grid` variant
/// beside its own moves (auto-candidates, solve, hints), and [`GridBoard::plan`] makes them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum GridMove {
    /// Writes a value; clears that cell's candidates and the ink notes mostly inside it.
    SetValue { row: usize, col: usize, value: u8 },
    /// Clears the player's value and candidates in one cell.
    Clear { row: usize, col: usize },
    /// Clears the player-filled cells among `cells` (fixed cells keep their value) and the
    /// colour of every one of them: one eraser stroke, one undo step. Cells are `[row, col]`.
    ClearCells { cells: Vec<(usize, usize)> },
    /// Marks cells with a colour (`1..=MAX_COLOUR`; 0 takes the colour away), fixed ones too.
    SetColour { cells: Vec<(usize, usize)>, colour: u8 },
    /// Adds or removes one typed candidate in an empty cell.
    ToggleCandidate { row: usize, col: usize, value: u8 },
    /// A pencil stroke (points in board coordinates; clamped onto the board): kept as an ink
    /// note, or, if it is a scratch-out over notes, rubs those out.
    AddNote { stroke: Vec<Point> },
    /// The eraser in pencil mode: removes the ink notes `ids` and the typed candidates of
    /// `cells` (number pad or Auto notes; values stay), as one undo step.
    RemoveNotes {
        ids: Vec<u32>,
        #[serde(default)]
        cells: Vec<(usize, usize)>,
    },
    /// Writes a value in every open cell among `cells` (givens are left as they are), as one
    /// undo step: a number typed on a selection. With `tidy`, the value also goes from the
    /// marks (typed candidates, corner and centre marks) of the cells' peers.
    SetValues {
        cells: Vec<(usize, usize)>,
        value: u8,
        #[serde(default)]
        tidy: bool,
    },
    /// A corner or centre mark, or a typed candidate, toggled over the open empty cells among
    /// `cells` as one: if every one of them has it, it goes from all, else it is added where
    /// it is missing.
    Mark { cells: Vec<(usize, usize)>, kind: MarkKind, value: u8 },
    /// Delete on a selection, one layer at a time: the values of the open cells among `cells`
    /// if any holds one; else their marks (typed candidates, corner and centre marks); else
    /// the colours of all of them.
    DeleteCells { cells: Vec<(usize, usize)> },
    /// A value written with the pen, with the player's ink kept to show it ("keep my
    /// handwriting"). Only the engine's pen path makes it (never from JSON). `tidy` as in
    /// `SetValues`.
    #[serde(skip)]
    WriteInk { row: usize, col: usize, value: u8, glyph: Glyph, tidy: bool },
    /// Small digits written with the pencil, read (`crate::pen::marks`): the ink notes `ids` go
    /// and the digits become the empty open cell's corner and centre marks (each added where
    /// missing, in the order given), as one undo step. Only the engine's reading path makes
    /// it (never from JSON).
    /// `glyphs`: each digit's ink, kept with "keep my handwriting".
    #[serde(skip)]
    ReadMarks { row: usize, col: usize, ids: Vec<u32>, corner: Vec<u8>, centre: Vec<u8>, glyphs: Vec<(u8, Glyph)> },
}

/// What a move changes on the board, before the game wraps it into its edit.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Change {
    pub cells: Vec<CellChange>,
    pub ink: InkEdit,
    pub colours: Vec<ColourChange>,
    pub marks: Vec<MarkChange>,
    /// Handwritten marks' ink kept (see [`crate::session::glyph::MarkGlyph`]).
    pub mark_glyphs: Vec<MarkGlyph>,
}

impl Change {
    pub fn with_ink(ink: InkEdit) -> Change {
        Change { ink, ..Change::default() }
    }

    /// Records one cell's change (nothing when it stays as it is).
    pub fn set(&mut self, cell: usize, before: CellState, after: CellState) {
        if before != after {
            self.cells.push(CellChange { cell: cell as u16, before, after });
        }
    }

    /// `None` for a change that changes nothing (no undo step).
    pub fn non_empty(self) -> Option<Change> {
        (!self.cells.is_empty() || !self.ink.is_empty() || !self.colours.is_empty() || !self.marks.is_empty()).then_some(self)
    }
}

/// The glyph a pen write keeps: only with the one value it shows (a write that only rubs out
/// notes keeps none).
pub fn glyph_for(change: &Change, glyph: &Glyph) -> Option<Glyph> {
    (change.cells.len() == 1).then(|| glyph.clone())
}

/// The parts of a recorded edit the board checks and applies (each game's edit holds them
/// under its own save shape).
#[derive(Debug, Clone, Copy)]
pub struct EditParts<'a> {
    pub cells: &'a [CellChange],
    pub ink: &'a InkEdit,
    pub colours: &'a [ColourChange],
    pub marks: &'a [MarkChange],
    pub glyph: Option<&'a Glyph>,
}

impl<'a> EditParts<'a> {
    /// The parts of a [`Change`] (no glyph).
    pub fn of(c: &'a Change) -> EditParts<'a> {
        EditParts { cells: &c.cells, ink: &c.ink, colours: &c.colours, marks: &c.marks, glyph: None }
    }
}

/// The player's marks on an `n` x `n` board. Invariants: a cell holds a value or candidates,
/// never both, within `1..=n`; a fixed cell holds neither.
#[derive(Debug, Clone, PartialEq)]
pub struct GridBoard {
    n: usize,
    /// Cells the player can't change.
    fixed: Vec<bool>,
    /// Player values, 0 = none.
    values: Vec<u8>,
    /// Typed candidates (bit `v - 1` = `v`).
    candidates: Vec<u32>,
    ink: Scratchpad,
    colours: Colours,
    /// Corner and centre marks; they may lie under a value (hidden until it goes).
    marks: Marks,
}

impl GridBoard {
    /// An empty board; `fixed` (row-major, `n * n`) marks the cells the pen can't change.
    pub fn new(n: usize, fixed: Vec<bool>) -> GridBoard {
        let cells = n * n;
        debug_assert_eq!(fixed.len(), cells);
        GridBoard {
            n,
            fixed,
            values: vec![0; cells],
            candidates: vec![0; cells],
            ink: Scratchpad::default(),
            colours: Colours::new(cells),
            marks: Marks::new(cells),
        }
    }

    /// The same board with nothing written (the start a saved history replays from).
    pub fn blank(&self) -> GridBoard {
        GridBoard::new(self.n, self.fixed.clone())
    }

    /// Cells per side.
    pub fn side(&self) -> usize {
        self.n
    }

    pub fn values(&self) -> &[u8] {
        &self.values
    }

    pub fn candidates(&self) -> &[u32] {
        &self.candidates
    }

    pub fn notes(&self) -> &[InkNote] {
        self.ink.notes()
    }

    pub fn colours(&self) -> &Colours {
        &self.colours
    }

    pub fn marks(&self) -> &Marks {
        &self.marks
    }

    /// The player's candidate list of cell `i` (#43): its typed slots, else its centre marks
    /// (bit `v - 1` = `v`); 0 when it has neither (nothing to judge).
    pub fn candidate_list(&self, i: usize) -> u32 {
        if self.candidates[i] != 0 {
            self.candidates[i]
        } else {
            self.marks.get(i).centre
        }
    }

    /// Whether cell `i`'s candidate list is its centre marks (it has no typed slots): the layer a
    /// digit missing from the list goes back into.
    pub fn list_is_centre(&self, i: usize) -> bool {
        self.candidates[i] == 0 && self.marks.get(i).centre != 0
    }

    /// The move that puts `value` back in the candidate list of cell (`row`, `col`) it is
    /// missing from: its centre marks when they are its list, else its slots (the second press
    /// of a "missing candidate" hint).
    pub fn restore_candidate(&self, row: usize, col: usize, value: u8) -> GridMove {
        if self.list_is_centre(row * self.n + col) {
            GridMove::Mark { cells: vec![(row, col)], kind: MarkKind::Centre, value }
        } else {
            GridMove::ToggleCandidate { row, col, value }
        }
    }

    pub fn is_fixed(&self, i: usize) -> bool {
        self.fixed.get(i).copied().unwrap_or(false)
    }

    pub fn state(&self, i: usize) -> CellState {
        CellState { value: self.values[i], candidates: self.candidates[i] }
    }

    /// The ink notes mostly inside a cell (a value written there hides them, as on paper).
    pub fn notes_in(&self, row: usize, col: usize) -> Vec<InkNote> {
        self.ink.in_cell(self.n, row, col)
    }

    pub fn cell(&self, row: usize, col: usize) -> Result<usize, GridError> {
        if row >= self.n || col >= self.n {
            return Err(GridError::OutOfBoard { row, col });
        }
        Ok(row * self.n + col)
    }

    pub fn check_value(&self, value: u8) -> Result<(), GridError> {
        if value == 0 || value as usize > self.n {
            return Err(GridError::BadValue { value });
        }
        Ok(())
    }

    /// The change a shared move makes (`None`: it changes nothing, no undo step) and the glyph
    /// it keeps (a pen write with "keep my handwriting"). A pencil stroke is always a change.
    /// `geo` gives the peers a tidy write takes its value from.
    pub fn plan(&self, m: &GridMove, geo: &Geometry) -> Result<Option<(Change, Option<Glyph>)>, GridError> {
        let plain = |c: Option<Change>| c.map(|c| (c, None));
        Ok(match m {
            &GridMove::SetValue { row, col, value } => {
                let i = self.open_cell(row, col)?;
                self.check_value(value)?;
                plain(self.write(i, value))
            }
            GridMove::WriteInk { row, col, value, glyph, tidy } => {
                let i = self.open_cell(*row, *col)?;
                self.check_value(*value)?;
                let write = if *tidy { self.write_all(&[i], *value, Some(geo)) } else { self.write(i, *value) };
                write.map(|c| {
                    let kept = glyph_for(&c, glyph);
                    (c, kept)
                })
            }
            GridMove::SetValues { cells, value, tidy } => {
                self.check_value(*value)?;
                let open: Vec<usize> = self.cells(cells)?.into_iter().filter(|&i| !self.fixed[i]).collect();
                plain(self.write_all(&open, *value, tidy.then_some(geo)))
            }
            GridMove::Mark { cells, kind, value } => {
                self.check_value(*value)?;
                let empty: Vec<usize> = self.cells(cells)?.into_iter().filter(|&i| !self.fixed[i] && self.values[i] == 0).collect();
                if *kind == MarkKind::Candidate {
                    let b = bit(*value);
                    let on = !empty.iter().all(|&i| self.candidates[i] & b != 0);
                    plain(self.fill(empty.iter().map(|&i| (i, CellState { value: 0, candidates: if on { self.candidates[i] | b } else { self.candidates[i] & !b } }))))
                } else {
                    plain(Change { marks: self.marks.plan_toggle(&empty, *kind, *value), ..Change::default() }.non_empty())
                }
            }
            GridMove::ReadMarks { row, col, ids, corner, centre, glyphs } => {
                let i = self.open_cell(*row, *col)?;
                if self.values[i] != 0 {
                    return Err(GridError::Filled { row: *row, col: *col });
                }
                for &v in corner.iter().chain(centre) {
                    self.check_value(v)?;
                }
                let marks = self.marks.plan(&[i], |m| {
                    let m = corner.iter().fold(m.clone(), |m, &v| m.with(MarkKind::Corner, v, true));
                    centre.iter().fold(m, |m, &v| m.with(MarkKind::Centre, v, true))
                });
                let mark_glyphs = glyphs.iter().map(|(digit, glyph)| MarkGlyph { cell: i as u16, digit: *digit, glyph: glyph.clone() }).collect();
                plain(Change { ink: self.ink.plan_remove(ids)?, marks, mark_glyphs, ..Change::default() }.non_empty())
            }
            GridMove::DeleteCells { cells } => plain(self.delete(cells)?),
            &GridMove::Clear { row, col } => plain(self.clear(self.open_cell(row, col)?)),
            GridMove::ClearCells { cells } => plain(self.erase(cells)?),
            GridMove::SetColour { cells, colour } => plain(self.colour(cells, *colour)?),
            &GridMove::ToggleCandidate { row, col, value } => {
                let i = self.open_cell(row, col)?;
                self.check_value(value)?;
                plain(self.toggle_candidate(i, value)?)
            }
            GridMove::AddNote { stroke } => Some((self.pencil(stroke)?, None)),
            GridMove::RemoveNotes { ids, cells } => plain(self.remove_notes(ids, cells)?),
        })
    }

    /// A cell the player may change (on the board and not fixed).
    pub fn open_cell(&self, row: usize, col: usize) -> Result<usize, GridError> {
        let i = self.cell(row, col)?;
        if self.fixed[i] {
            return Err(GridError::Fixed { row, col });
        }
        Ok(i)
    }

    /// Every cell first, so a bad one refuses the whole stroke; sorted, each once.
    fn cells(&self, cells: &[(usize, usize)]) -> Result<Vec<usize>, GridError> {
        let mut idx = cells.iter().map(|&(row, col)| self.cell(row, col)).collect::<Result<Vec<_>, _>>()?;
        idx.sort_unstable();
        idx.dedup();
        Ok(idx)
    }

    /// Writes `value` into open cell `i`: its candidates go, and the ink notes mostly inside it.
    pub fn write(&self, i: usize, value: u8) -> Option<Change> {
        let mut change = Change::with_ink(InkEdit { added: vec![], removed: self.notes_in(i / self.n, i % self.n) });
        change.set(i, self.state(i), CellState { value, candidates: 0 });
        change.non_empty()
    }

    /// Writes `value` into each of the open cells `cells` (checked, sorted, each once): their
    /// candidates go, and the ink notes mostly inside them; their corner and centre marks stay
    /// under the value. With `tidy` peers, the value also goes from the marks of every peer of
    /// a written cell.
    pub fn write_all(&self, cells: &[usize], value: u8, tidy: Option<&Geometry>) -> Option<Change> {
        let mut after: std::collections::BTreeMap<usize, CellState> = cells.iter().map(|&i| (i, CellState { value, candidates: 0 })).collect();
        let mut marked = Vec::new();
        if let Some(geo) = tidy {
            let mut peers: Vec<usize> = cells.iter().flat_map(|&i| geo.peers.get(i).into_iter().flatten().copied()).filter(|p| !after.contains_key(p)).collect();
            peers.sort_unstable();
            peers.dedup();
            for &p in peers.iter().filter(|&&p| p < self.values.len() && self.values[p] == 0) {
                let s = self.state(p);
                if s.candidates & bit(value) != 0 {
                    after.insert(p, CellState { value: 0, candidates: s.candidates & !bit(value) });
                }
            }
            marked = peers;
        }
        let mut change = Change::with_ink(InkEdit {
            added: vec![],
            removed: cells.iter().flat_map(|&i| self.notes_in(i / self.n, i % self.n)).collect(),
        });
        for (i, s) in after {
            change.set(i, self.state(i), s);
        }
        change.marks = self.marks.plan(&marked, |m| m.without(value));
        change.non_empty()
    }

    /// Delete on one cell: its value if it holds one (its marks come back), else its
    /// candidates and its corner and centre marks.
    pub fn clear(&self, i: usize) -> Option<Change> {
        let mut change = self.fill([(i, CellState::default())]).unwrap_or_default();
        if self.values[i] == 0 {
            change.marks = self.marks.plan(&[i], |_| CellMarks::default());
        }
        change.non_empty()
    }

    /// Delete on a selection, a layer at a time: values, else marks, else colours.
    pub fn delete(&self, cells: &[(usize, usize)]) -> Result<Option<Change>, GridError> {
        let idx = self.cells(cells)?;
        let open: Vec<usize> = idx.iter().copied().filter(|&i| !self.fixed[i]).collect();
        let mut change = Change::default();
        if open.iter().any(|&i| self.values[i] != 0) {
            for &i in open.iter().filter(|&&i| self.values[i] != 0) {
                change.set(i, self.state(i), CellState::default());
            }
            return Ok(change.non_empty());
        }
        for &i in &open {
            change.set(i, self.state(i), CellState::default());
        }
        change.marks = self.marks.plan(&open, |_| CellMarks::default());
        if change.cells.is_empty() && change.marks.is_empty() {
            change.colours = self.colours.plan_set(&idx, 0);
        }
        Ok(change.non_empty())
    }

    /// One eraser stroke: the filled cells among `cells` are cleared, and every one loses its
    /// colour (fixed cells too).
    pub fn erase(&self, cells: &[(usize, usize)]) -> Result<Option<Change>, GridError> {
        let idx = self.cells(cells)?;
        let mut change = Change::default();
        for &i in idx.iter().filter(|&&i| self.values[i] != 0) {
            change.set(i, self.state(i), CellState::default());
        }
        change.colours = self.colours.plan_set(&idx, 0);
        Ok(change.non_empty())
    }

    /// Marks cells with a colour (0 takes it away), fixed cells too.
    pub fn colour(&self, cells: &[(usize, usize)], colour: u8) -> Result<Option<Change>, GridError> {
        if colour > MAX_COLOUR {
            return Err(GridError::BadColour { colour });
        }
        let idx = cells.iter().map(|&(row, col)| self.cell(row, col)).collect::<Result<Vec<_>, _>>()?;
        Ok(Change { colours: self.colours.plan_set(&idx, colour), ..Change::default() }.non_empty())
    }

    /// Adds or removes one typed candidate in empty open cell `i`.
    pub fn toggle_candidate(&self, i: usize, value: u8) -> Result<Option<Change>, GridError> {
        if self.values[i] != 0 {
            return Err(GridError::Filled { row: i / self.n, col: i % self.n });
        }
        Ok(self.fill([(i, CellState { value: 0, candidates: self.candidates[i] ^ bit(value) })]))
    }

    /// A pencil stroke: a note kept, or a scratch-out rubbing out the notes it crosses (the
    /// scratchpad decides).
    pub fn pencil(&self, stroke: &[Point]) -> Result<Change, GridError> {
        Ok(Change::with_ink(self.ink.plan_pencil(stroke, self.n)?))
    }

    /// The pencil eraser: the ink notes `ids` and the marks (typed candidates, corner and
    /// centre marks) of the empty cells among `cells` (values stay, with what they hide).
    pub fn remove_notes(&self, ids: &[u32], cells: &[(usize, usize)]) -> Result<Option<Change>, GridError> {
        let mut change = Change::with_ink(self.ink.plan_remove(ids)?);
        let empty: Vec<usize> = self.cells(cells)?.into_iter().filter(|&i| self.values[i] == 0).collect();
        for &i in &empty {
            let before = self.state(i);
            if before.candidates != 0 {
                change.set(i, before, CellState::default());
            }
        }
        change.marks = self.marks.plan(&empty, |_| CellMarks::default());
        Ok(change.non_empty())
    }

    /// Cells set to the states given (each at most once): the game's own fills (auto-candidates,
    /// solve).
    pub fn fill(&self, changes: impl IntoIterator<Item = (usize, CellState)>) -> Option<Change> {
        let mut change = Change::default();
        for (i, after) in changes {
            change.set(i, self.state(i), after);
        }
        change.non_empty()
    }

    /// The change that turns this board into `target` (the same puzzle's board, as a checkpoint
    /// kept it): every cell, ink note and colour that differs, in one undo step. `None` when
    /// they are the same.
    pub fn diff(&self, target: &GridBoard) -> Option<Change> {
        if target.n != self.n || target.fixed != self.fixed {
            return None;
        }
        let mut change = Change::default();
        for i in 0..self.values.len() {
            change.set(i, self.state(i), target.state(i));
        }
        let (now, then) = (self.ink.notes(), target.ink.notes());
        change.ink = InkEdit {
            added: then.iter().filter(|n| !now.contains(n)).cloned().collect(),
            removed: now.iter().filter(|n| !then.contains(n)).cloned().collect(),
        };
        change.colours = (0..self.values.len())
            .filter(|&i| self.colours.get(i) != target.colours.get(i))
            .map(|i| ColourChange { cell: i as u16, before: self.colours.get(i), after: target.colours.get(i) })
            .collect();
        change.marks = (0..self.values.len())
            .filter(|&i| self.marks.get(i) != target.marks.get(i))
            .map(|i| MarkChange { cell: i as u16, before: self.marks.get(i).clone(), after: target.marks.get(i).clone() })
            .collect();
        change.non_empty()
    }

    /// The invariant of one cell, shared by edits and saved boards.
    fn cell_ok(&self, i: usize, s: CellState) -> bool {
        s.fits(self.n) && (!self.fixed[i] || s == CellState::default())
    }

    /// Every check an edit must pass before it touches the board, in the direction given
    /// (`forward`: its "before" side must match the board; backward: its "after" side).
    pub fn check(&self, e: EditParts, forward: bool) -> Result<(), EditMismatch> {
        let EditParts { cells, ink, colours, marks, glyph } = e;
        let mut seen = std::collections::HashSet::new();
        for change in cells {
            let i = change.cell as usize;
            if i >= self.values.len() {
                return Err(EditMismatch(format!("cell {i} is outside the board")));
            }
            if !seen.insert(i) {
                return Err(EditMismatch(format!("cell {i} changes twice in one edit")));
            }
            if self.fixed[i] {
                return Err(EditMismatch(format!("cell {i} is a given")));
            }
            if !self.cell_ok(i, change.before) || !self.cell_ok(i, change.after) {
                return Err(EditMismatch(format!("cell {i} gets an impossible value or candidates")));
            }
            if self.state(i) != change.sides(forward).0 {
                return Err(EditMismatch(format!("cell {i} does not match the recorded change")));
            }
        }
        glyph::check_glyph_edit(cells, glyph)?;
        self.ink.check(ink, forward)?;
        self.colours.check(colours, forward)?;
        if let Some(m) = marks.iter().find(|m| self.fixed.get(m.cell as usize).copied().unwrap_or(false)) {
            return Err(EditMismatch(format!("cell {} is a given and takes no marks", m.cell)));
        }
        self.marks.check(marks, self.n, forward)
    }

    /// Checks an edit, then applies it in one direction (the board is untouched on error).
    pub fn apply(&mut self, e: EditParts, forward: bool) -> Result<(), EditMismatch> {
        self.check(e, forward)?;
        let EditParts { cells, ink, colours, marks, .. } = e;
        for change in cells {
            let s = change.sides(forward).1;
            self.values[change.cell as usize] = s.value;
            self.candidates[change.cell as usize] = s.candidates;
        }
        self.ink.apply(ink, forward);
        self.colours.apply(colours, forward);
        self.marks.apply(marks, forward);
        Ok(())
    }

    /// Puts saved marks on a blank board, checking every invariant (the save loader cross-checks
    /// the board its history replays to).
    pub fn restore(&mut self, values: Vec<u8>, candidates: Vec<u32>, notes: Vec<InkNote>, colours: Vec<u8>, marks: Vec<CellMarks>) -> Result<(), String> {
        let cells = self.values.len();
        if values.len() != cells || candidates.len() != cells {
            return Err(format!("the board has {cells} cells but {} values and {} candidate sets", values.len(), candidates.len()));
        }
        if let Some(i) = (0..cells).find(|&i| !self.cell_ok(i, CellState { value: values[i], candidates: candidates[i] })) {
            return Err(format!("r{}c{} holds an impossible value or candidates", i / self.n + 1, i % self.n + 1));
        }
        self.ink = Scratchpad::from_notes(notes)?;
        self.colours = Colours::from_saved(colours, cells)?;
        let marks = Marks::from_saved(marks, self.n)?;
        if let Some(i) = (0..cells).find(|&i| self.fixed[i] && !marks.get(i).is_empty()) {
            return Err(format!("the given at r{}c{} holds marks", i / self.n + 1, i % self.n + 1));
        }
        self.marks = marks;
        self.values = values;
        self.candidates = candidates;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board() -> GridBoard {
        let mut fixed = vec![false; 16];
        fixed[0] = true;
        GridBoard::new(4, fixed)
    }

    #[test]
    fn fixed_cells_refuse_writes_but_take_colours() {
        let b = board();
        assert_eq!(b.open_cell(0, 0), Err(GridError::Fixed { row: 0, col: 0 }));
        assert_eq!(b.open_cell(4, 0), Err(GridError::OutOfBoard { row: 4, col: 0 }));
        assert!(b.colour(&[(0, 0)], 1).unwrap().is_some());
        assert_eq!(b.colour(&[(0, 0)], MAX_COLOUR + 1), Err(GridError::BadColour { colour: MAX_COLOUR + 1 }));
        let mut b2 = b.clone();
        let c = b.fill([(0, CellState { value: 1, candidates: 0 })]).unwrap();
        assert!(b2.apply(EditParts::of(&c), true).is_err(), "an edit may not touch a fixed cell");
        assert_eq!(b2, b);
    }

    #[test]
    fn a_change_undoes_and_a_stale_one_is_refused() {
        let mut b = board();
        let c = b.write(5, 3).unwrap();
        b.apply(EditParts::of(&c), true).unwrap();
        assert_eq!(b.values()[5], 3);
        assert_eq!(b.toggle_candidate(5, 2), Err(GridError::Filled { row: 1, col: 1 }));
        assert!(b.apply(EditParts::of(&c), true).is_err(), "the before side no longer matches");
        b.apply(EditParts::of(&c), false).unwrap();
        assert_eq!(b, board());
        assert_eq!(b.write(5, 0).map(|c| c.cells.len()), None, "writing nothing over nothing is no step");
    }

    #[test]
    fn restore_checks_the_invariants() {
        let mut b = board();
        let mut values = vec![0; 16];
        values[0] = 1;
        assert!(b.restore(values, vec![0; 16], vec![], vec![], vec![]).unwrap_err().contains("r1c1"));
        assert!(b.restore(vec![0; 15], vec![0; 16], vec![], vec![], vec![]).is_err());
        assert_eq!(b, board());
    }
}
