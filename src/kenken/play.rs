//! KenKen in play through the shared [`Session`]: a value and typed candidates per cell and
//! ink notes on the board, as in Sudoku; undo, redo and the timer are the session's. Saving:
//! `crate::save` (`kind: "kenken"`, see docs/save-format.md).

use serde::{Deserialize, Serialize};

use crate::session::cells::{CellChange, CellState};
use crate::session::colours::{ColourChange, Colours, MAX_COLOUR};
use crate::session::glyph::Glyph;
pub use crate::session::gridplay::GridMove;
use crate::session::gridplay::{Change, EditParts, GridBoard, GridError};
use crate::session::marks::{CellMarks, MarkChange, Marks};
use crate::session::scratchpad::{InkEdit, InkNote, StrokeError};
#[cfg(test)]
use crate::session::cells::bit;
use crate::session::{EditMismatch, Game, Session};

use super::Puzzle;

/// The player's board: a value (0 = empty) and candidates (bit `v - 1` = `v`) per cell, and
/// ink notes.
#[derive(Debug, Clone, PartialEq)]
pub struct KenkenGame {
    puzzle: Puzzle,
    /// The shared pen-grid core (no fixed cells in KenKen).
    board: GridBoard,
}

/// A move. JSON as for Sudoku: `{"type": "set_value", "row": 0, "col": 2, "value": 3}`, ...
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// "Fill all candidates": every empty cell gets the values not yet in its row or column
    /// that some combination of its cage can still use.
    SetCandidates,
    /// Fills every cell from the puzzle's only solution (one undo step).
    Solve,
    /// One step of "Solve step by step": `value` into the cell (0: the cell cleared, a wrong
    /// number taken out), recorded as the computer's move. Only the engine makes it.
    #[serde(skip)]
    ApplyStep { row: usize, col: usize, value: u8 },
    /// The moves every pen-grid game has ([`GridMove`]), with their own `type`s.
    #[serde(untagged)]
    Grid(GridMove),
}

/// A recorded change: cells, ink, colours and corner/centre marks.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Edit {
    pub cells: Vec<CellChange>,
    pub ink: InkEdit,
    pub colours: Vec<ColourChange>,
    pub marks: Vec<MarkChange>,
    /// The player's handwriting of the one cell a pen write changed
    /// ([`crate::session::glyph`]).
    pub glyph: Option<Glyph>,
    /// A step of "Solve step by step": the computer's move, not the player's.
    pub by_computer: bool,
    /// The handwriting of marks read from the pencil's ink (see Sudoku's `Edit::mark_glyphs`).
    pub mark_glyphs: Vec<crate::session::glyph::MarkGlyph>,
}

impl From<GridMove> for Action {
    fn from(m: GridMove) -> Action {
        Action::Grid(m)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    #[error("cell ({row},{col}) is outside the board")]
    Outside { row: usize, col: usize },
    #[error("{value} is not a value of this board (1..={size})")]
    Value { value: u8, size: usize },
    #[error("r{}c{} already holds a value; candidates go in empty cells", .row + 1, .col + 1)]
    Filled { row: usize, col: usize },
    #[error(transparent)]
    Ink(#[from] StrokeError),
    #[error("there is no cell colour {colour} (colours are 1 to {max}, 0 for none)", max = MAX_COLOUR)]
    BadColour { colour: u8 },
    #[error("this puzzle has no solution, so the computer can't finish it")]
    Unsolvable,
    #[error("this puzzle has more than one solution, so the computer can't pick the answer")]
    NotUnique,
    #[error("damaged history: {0}")]
    Damaged(String),
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
            ActionError::Outside { .. } => "out_of_board",
            ActionError::Value { .. } => "bad_value",
            ActionError::Filled { .. } => "filled_cell",
            ActionError::Ink(e) => e.kind(),
            ActionError::BadColour { .. } => "bad_colour",
            ActionError::Unsolvable => "unsolvable",
            ActionError::NotUnique => "not_unique",
            ActionError::Damaged(_) => "damaged_history",
        }
    }
}

impl From<EditMismatch> for ActionError {
    fn from(e: EditMismatch) -> Self {
        ActionError::Damaged(e.0)
    }
}

pub type KenkenSession = Session<KenkenGame>;

/// What a KenKen game keeps beside the board: where the puzzle came from.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct KenkenInfo {
    /// Row-major solution, if known (checked against the cages on load).
    pub solution: Option<Vec<u8>>,
    /// A label such as `easy` (free text to the loader).
    pub difficulty: Option<String>,
    /// The generator seed, if the puzzle was generated.
    pub seed: Option<u64>,
}

impl From<GridError> for ActionError {
    fn from(e: GridError) -> Self {
        match e {
            GridError::OutOfBoard { row, col } => ActionError::Outside { row, col },
            GridError::BadValue { value } => ActionError::Value { value, size: 0 },
            // KenKen has no fixed cells: the core never refuses one.
            GridError::Fixed { row, col } | GridError::Filled { row, col } => ActionError::Filled { row, col },
            GridError::Ink(e) => ActionError::Ink(e),
            GridError::BadColour { colour } => ActionError::BadColour { colour },
        }
    }
}

impl KenkenGame {
    pub fn new(puzzle: Puzzle) -> KenkenGame {
        let n = puzzle.size();
        KenkenGame { puzzle, board: GridBoard::new(n, vec![false; n * n]) }
    }

    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The shared pen-grid core.
    pub fn board(&self) -> &GridBoard {
        &self.board
    }

    /// Row-major values, 0 = empty.
    pub fn values(&self) -> &[u8] {
        self.board.values()
    }

    /// Row-major candidate masks, bit `v - 1` = `v`.
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

    /// Corner and centre marks, row-major (under a value: hidden, kept).
    pub fn marks(&self) -> &Marks {
        self.board.marks()
    }

    /// The core's refusal as KenKen's (its bad-value error names the board's size).
    fn refuse(&self, e: GridError) -> ActionError {
        match ActionError::from(e) {
            ActionError::Value { value, .. } => ActionError::Value { value, size: self.puzzle.size() },
            other => other,
        }
    }

    /// Rebuilds a state from saved parts, checking every invariant (the save loader uses it to
    /// cross-check the board its history replays to).
    pub(crate) fn restore(
        puzzle: Puzzle,
        values: Vec<u8>,
        candidates: Vec<u32>,
        notes: Vec<InkNote>,
        colours: Vec<u8>,
        marks: Vec<CellMarks>,
    ) -> Result<KenkenGame, String> {
        let mut g = KenkenGame::new(puzzle);
        g.board.restore(values, candidates, notes, colours, marks)?;
        Ok(g)
    }

    fn edit(change: Option<Change>) -> Option<Edit> {
        change.map(Self::edit_of)
    }

    fn edit_of(c: Change) -> Edit {
        Edit { cells: c.cells, ink: c.ink, colours: c.colours, marks: c.marks, mark_glyphs: c.mark_glyphs, ..Edit::default() }
    }

    /// The candidates a player could note in empty cell `i`: values not placed in its row or
    /// column, kept only if some combination of its cage (with the same rule for the cage's
    /// other empty cells, and its filled cells as they are) can use them.
    fn open_candidates(&self, doms: &[u16], g: &super::solver::Geometry, i: usize) -> u32 {
        let n = self.puzzle.size();
        let ci = self.puzzle.cage_at(i / n, i % n);
        let mask = match super::solver::scan(&self.puzzle, g, ci, doms, false) {
            Some(scan) => g.cells[ci].iter().zip(&scan.support).find(|(&k, _)| k == i).map_or(doms[i], |(_, &m)| m),
            // No combination fits what is placed: fall back to the row and column rule.
            None => doms[i],
        };
        u32::from(mask >> 1)
    }

    /// Per cell, the values the row and column still allow (solver masks, bit `v`); a filled
    /// cell holds just its value.
    fn row_col_domains(&self) -> Vec<u16> {
        let n = self.puzzle.size();
        let v = self.board.values();
        (0..n * n)
            .map(|k| {
                if v[k] != 0 {
                    return 1 << v[k];
                }
                let (r, c) = (k / n, k % n);
                (0..n).fold(super::solver::full_mask(n), |m, j| m & !(1 << v[r * n + j]) & !(1 << v[j * n + c]))
                    & super::solver::full_mask(n)
            })
            .collect()
    }

    /// The moves; the shared ones are the core's, KenKen adds its candidates, solve and steps.
    fn plan_grid(&self, a: &Action) -> Result<Option<Edit>, GridError> {
        let b = &self.board;
        let n = self.puzzle.size();
        Ok(match a {
            Action::Grid(m) => b.plan(m, crate::grid::Geometry::of_latin(n))?.map(|(c, glyph)| Edit { glyph, ..Self::edit_of(c) }),
            &Action::ApplyStep { row, col, value } => {
                let plain = if value == 0 { GridMove::Clear { row, col } } else { GridMove::SetValue { row, col, value } };
                self.plan_grid(&Action::Grid(plain))?.map(|e| Edit { by_computer: true, ..e })
            }
            Action::SetCandidates => {
                let doms = self.row_col_domains();
                let g = super::solver::Geometry::new(&self.puzzle);
                let values = b.values();
                Self::edit(b.fill((0..n * n).filter(|&i| values[i] == 0).map(|i| (i, CellState { value: 0, candidates: self.open_candidates(&doms, &g, i) }))))
            }
            // Solving can be refused in ways only KenKen knows: `plan` makes that move.
            Action::Solve => None,
        })
    }

    fn apply_edit(&mut self, e: &Edit, forward: bool) -> Result<(), EditMismatch> {
        self.board.apply(EditParts { cells: &e.cells, ink: &e.ink, colours: &e.colours, marks: &e.marks, glyph: e.glyph.as_ref() }, forward)
    }
}

impl Game for KenkenGame {
    type Action = Action;
    type Edit = Edit;
    type Error = ActionError;

    fn plan(&self, a: &Action) -> Result<Option<Edit>, ActionError> {
        if matches!(a, Action::Solve) {
            let found = super::solver::solutions(&self.puzzle, 2);
            let solution = match (found.count, found.first) {
                (1, Some(s)) => s,
                (0, _) => return Err(ActionError::Unsolvable),
                _ => return Err(ActionError::NotUnique),
            };
            return Ok(Self::edit(self.board.fill(solution.iter().enumerate().map(|(i, &v)| (i, CellState { value: v, candidates: 0 })))));
        }
        self.plan_grid(a).map_err(|e| self.refuse(e))
    }

    fn forward(&mut self, e: &Edit) -> Result<(), EditMismatch> {
        self.apply_edit(e, true)
    }

    fn backward(&mut self, e: &Edit) -> Result<(), EditMismatch> {
        self.apply_edit(e, false)
    }

    const JUMPS: bool = true;

    /// The whole board (values, candidates, ink notes, colours) set as `target` has it.
    fn jump(&self, target: &KenkenGame) -> Option<Edit> {
        if target.puzzle != self.puzzle {
            return None;
        }
        Self::edit(self.board.diff(&target.board))
    }

    /// Every cell filled and every rule met.
    fn is_solved(&self) -> bool {
        self.puzzle.check(self.board.values()).is_ok()
    }
}

impl crate::pen::PenGame for KenkenGame {
    fn side(&self) -> usize {
        self.puzzle.size()
    }
    fn symbols(&self) -> Vec<char> {
        (1..=self.puzzle.size() as u8).map(crate::grid::symbol_char).collect()
    }
    fn is_fixed(&self, _row: usize, _col: usize) -> bool {
        false
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::scratchpad::Point;
    use crate::session::HistoryError;

    #[test]
    fn colours_mark_cells_undo_go_with_the_eraser_and_are_saved() {
        let g = super::super::generator::generate(4, super::super::rate::Difficulty::Easy, 1).unwrap();
        let mut s = KenkenSession::from_game(KenkenGame::new(g.puzzle.clone()));
        assert_eq!(s.apply(Action::Grid(GridMove::SetColour { cells: vec![(0, 0), (2, 3)], colour: 4 })), Ok(true));
        assert_eq!(s.apply(Action::Grid(GridMove::SetColour { cells: vec![(0, 0)], colour: 4 })), Ok(false));
        assert_eq!(s.apply(Action::Grid(GridMove::SetColour { cells: vec![(0, 0)], colour: MAX_COLOUR + 1 })), Err(ActionError::BadColour { colour: MAX_COLOUR + 1 }));
        s.apply(Action::Grid(GridMove::SetValue { row: 0, col: 0, value: g.solution[0] })).unwrap();
        let bytes = crate::save::to_bytes(&crate::play::GameInPlay::Kenken(s.clone(), KenkenInfo::default()), 0).unwrap();
        let crate::play::GameInPlay::Kenken(back, _) = crate::save::from_bytes(&bytes).unwrap().game else { panic!("not a KenKen") };
        assert_eq!(back.game(), s.game(), "colours and their history survive a save");
        assert_eq!(back.history(), s.history());
        // One eraser stroke: the value and both colours it passes over.
        s.apply(Action::Grid(GridMove::ClearCells { cells: vec![(0, 0), (2, 3)] })).unwrap();
        assert_eq!((s.game().values()[0], s.game().colours().get(0), s.game().colours().get(11)), (0, 0, 0));
        s.undo().unwrap();
        assert_eq!((s.game().values()[0], s.game().colours().get(0), s.game().colours().get(11)), (g.solution[0], 4, 4));
        s.undo().unwrap();
        s.undo().unwrap();
        assert_eq!(s.game(), &KenkenGame::new(g.puzzle.clone()));
    }

    #[test]
    fn play_undo_redo_and_win() {
        let g = super::super::generator::generate(4, super::super::rate::Difficulty::Easy, 1).unwrap();
        let mut s = KenkenSession::from_game(KenkenGame::new(g.puzzle.clone()));
        assert_eq!(s.apply(Action::Grid(GridMove::ToggleCandidate { row: 0, col: 0, value: 2 })), Ok(true));
        assert_eq!(s.game().candidates()[0], 0b10);
        assert_eq!(s.apply(Action::Grid(GridMove::SetValue { row: 0, col: 0, value: 9 })), Err(ActionError::Value { value: 9, size: 4 }));
        assert_eq!(s.apply(Action::Grid(GridMove::Clear { row: 1, col: 0 })), Ok(false));
        // Cell (1,1) of a 4x4 board spans 0.25..0.5: a note there goes when a value is written.
        let p = Point { x: 0.3, y: 0.3 };
        assert_eq!(s.apply(Action::Grid(GridMove::AddNote { stroke: vec![p, p] })), Ok(true));
        for k in 0..16 {
            s.apply(Action::Grid(GridMove::SetValue { row: k / 4, col: k % 4, value: g.solution[k] })).unwrap();
        }
        assert!(s.game().notes().is_empty());
        assert!(s.is_solved());
        assert_eq!(s.undo(), Ok(()));
        assert!(!s.is_solved());
        assert_eq!(s.redo(), Ok(()));
        assert!(s.is_solved());
        while s.can_undo() {
            s.undo().unwrap();
        }
        assert_eq!(s.undo(), Err(HistoryError::NothingToUndo));
        assert_eq!(s.game(), &KenkenGame::new(g.puzzle));
    }

    fn easy(size: usize, seed: u64) -> super::super::generator::Generated {
        super::super::generator::generate(size, super::super::rate::Difficulty::Easy, seed).unwrap()
    }

    /// #26 bug 4: the pencil eraser takes typed candidates with the ink notes, one undo step.
    #[test]
    fn the_pencil_eraser_rubs_out_typed_candidates_too() {
        let g = easy(4, 3);
        let mut s = KenkenSession::from_game(KenkenGame::new(g.puzzle.clone()));
        s.apply(Action::SetCandidates).unwrap();
        s.apply(Action::Grid(GridMove::SetValue { row: 0, col: 1, value: g.solution[1] })).unwrap();
        let before = s.game().clone();
        assert_eq!(s.apply(Action::Grid(GridMove::RemoveNotes { ids: vec![], cells: vec![(0, 0), (0, 1), (0, 0)] })), Ok(true));
        assert_eq!((s.game().candidates()[0], s.game().values()[1]), (0, g.solution[1]));
        assert_eq!(s.game().candidates()[2], before.candidates()[2]);
        s.undo().unwrap();
        assert_eq!(s.game(), &before);
    }

    #[test]
    fn fill_all_candidates_follows_rows_columns_and_cages() {
        let g = easy(5, 2);
        let mut s = KenkenSession::from_game(KenkenGame::new(g.puzzle.clone()));
        s.apply(Action::Grid(GridMove::SetValue { row: 0, col: 0, value: g.solution[0] })).unwrap();
        assert_eq!(s.apply(Action::SetCandidates), Ok(true));
        let game = s.game();
        assert_eq!(game.candidates()[0], 0, "a filled cell gets no candidates");
        for k in 1..25 {
            let c = game.candidates()[k];
            assert!(c & bit(g.solution[k]) != 0, "cell {k} keeps its solution value");
            if k / 5 == 0 || k % 5 == 0 {
                assert_eq!(c & bit(g.solution[0]), 0, "cell {k} sees the placed value");
            }
        }
        // A given (one-cell cage) gets just its target: the cage rule is applied.
        for cage in g.puzzle.cages().iter().filter(|c| c.op == super::super::Op::Given) {
            let (r, c) = cage.cells[0];
            if (r, c) != (0, 0) {
                assert_eq!(game.candidates()[r * 5 + c], bit(cage.target as u8));
            }
        }
        assert_eq!(s.apply(Action::SetCandidates), Ok(false), "filling twice changes nothing");
        s.undo().unwrap();
        assert!(s.game().candidates().iter().all(|&c| c == 0), "one undo step");
    }

    #[test]
    fn solve_fills_the_solution_in_one_step() {
        let g = easy(6, 4);
        let mut s = KenkenSession::from_game(KenkenGame::new(g.puzzle.clone()));
        let wrong = if g.solution[0] == 1 { 2 } else { 1 };
        s.apply(Action::Grid(GridMove::SetValue { row: 0, col: 0, value: wrong })).unwrap();
        s.apply(Action::Grid(GridMove::ToggleCandidate { row: 0, col: 1, value: 3 })).unwrap();
        assert_eq!(s.apply(Action::Solve), Ok(true));
        assert!(s.is_solved());
        assert_eq!(s.game().values(), &g.solution[..]);
        assert!(s.game().candidates().iter().all(|&c| c == 0));
        assert_eq!(s.apply(Action::Solve), Ok(false));
        s.undo().unwrap();
        assert_eq!(s.game().values()[0], wrong);
        assert_eq!(s.game().candidates()[1], bit(3));
        // A puzzle with two solutions is not solved by guessing.
        let open = Puzzle::new(3, vec![
            super::super::Cage { op: super::super::Op::Add, target: 6, cells: vec![(0, 0), (0, 1), (0, 2)] },
            super::super::Cage { op: super::super::Op::Add, target: 6, cells: vec![(1, 0), (1, 1), (1, 2)] },
            super::super::Cage { op: super::super::Op::Add, target: 6, cells: vec![(2, 0), (2, 1), (2, 2)] },
        ])
        .unwrap();
        let mut s = KenkenSession::from_game(KenkenGame::new(open));
        assert_eq!(s.apply(Action::Solve), Err(ActionError::NotUnique));
        assert_eq!(ActionError::NotUnique.kind(), "not_unique");
    }

    #[test]
    fn an_eraser_stroke_clears_cells_in_one_step() {
        let g = easy(4, 7);
        let mut s = KenkenSession::from_game(KenkenGame::new(g.puzzle.clone()));
        for k in [0, 1, 5] {
            s.apply(Action::Grid(GridMove::SetValue { row: k / 4, col: k % 4, value: g.solution[k] })).unwrap();
        }
        assert_eq!(s.apply(Action::Grid(GridMove::ClearCells { cells: vec![(0, 0), (0, 1), (0, 1), (3, 3)] })), Ok(true));
        assert_eq!(s.game().values()[..2], [0, 0]);
        assert_eq!(s.game().values()[5], g.solution[5]);
        assert_eq!(s.apply(Action::Grid(GridMove::ClearCells { cells: vec![(0, 0), (4, 0)] })), Err(ActionError::Outside { row: 4, col: 0 }));
        assert_eq!(s.apply(Action::Grid(GridMove::ClearCells { cells: vec![(3, 3)] })), Ok(false));
        s.undo().unwrap();
        assert_eq!(s.game().values()[..2], g.solution[..2]);
    }

    #[test]
    fn an_edit_naming_a_cell_twice_is_refused() {
        let g = easy(3, 1);
        let mut game = KenkenGame::new(g.puzzle);
        let change = |a: u8, b: u8| CellChange { cell: 0, before: CellState { value: a, candidates: 0 }, after: CellState { value: b, candidates: 0 } };
        let e = Edit { cells: vec![change(0, 1), change(1, 2)], ..Edit::default() };
        assert!(game.forward(&e).is_err());
        assert_eq!(game.values()[0], 0);
    }


    #[test]
    fn fill_all_candidates_survives_a_cell_with_no_value_left() {
        // Row 0 holds 1 and 2, column 2 holds 3: cell (0,2) has no value left. No panic, and
        // the cell gets no candidates.
        let g = easy(3, 1);
        let mut s = KenkenSession::from_game(KenkenGame::new(g.puzzle));
        for (row, col, value) in [(0, 0, 1), (0, 1, 2), (1, 2, 3)] {
            s.apply(Action::Grid(GridMove::SetValue { row, col, value })).unwrap();
        }
        s.apply(Action::SetCandidates).unwrap();
        assert_eq!(s.game().candidates()[2], 0);
    }
}
