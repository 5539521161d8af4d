//! Pencil marks written by hand, read (#43 item 3): when the pencil pauses, the ink notes just
//! written into one cell are read by [`crate::ink::marks`]. Small digits become the cell's
//! corner marks (written near its corners or edges) and centre marks (in its middle), and their
//! ink goes, in one undo step; ink that is not small digits (an arrow, a circle, a word) stays
//! the player's free ink. A digit the recogniser was not sure of is offered with its
//! alternatives, as an unsure value is, and [`replace_mark`] swaps it in the same undo step.

use serde::Serialize;

use super::{runners_up, PenGame, PenOptions, WriteError};
use crate::grid::symbol_value;
use crate::ink::marks::{read_mark_digits, MarkDigit};
use crate::ink::{margin_unsure, Stroke, UNSURE_MARGIN};
use crate::session::glyph::Glyph;
use crate::session::gridplay::GridMove;
use crate::session::marks::MarkKind;
use crate::session::Session;

/// What became of a cell's pencil ink. JSON: `{"kind": "marks", "corner": ["2", "7"],
/// "centre": [], "unsure": [{"symbol": "7", "kind": "corner", "alternatives": ["1"]}]}`,
/// `{"kind": "ink"}`, `{"kind": "filled"}`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum MarksOutcome {
    /// Read as small digits: these marks were added (in the order written) and the ink went.
    Marks { corner: Vec<char>, centre: Vec<char>, unsure: Vec<UnsureMark> },
    /// Not small digits (or none of the notes given lies in the cell): the ink stays as it is.
    Ink,
    /// The cell holds a value or is a given: its marks would be hidden, so the ink stays.
    Filled,
}

/// A mark the recogniser was not sure of, and what else it may be (best first).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct UnsureMark {
    pub symbol: char,
    pub kind: MarkKind,
    pub alternatives: Vec<char>,
}

/// A reading applied: its outcome, and what the shell keeps to swap an unsure mark and learn
/// from the swap (each digit with its ink and kind, and the notes read).
#[derive(Debug, Clone, PartialEq)]
pub struct MarksWrite {
    pub outcome: MarksOutcome,
    pub read: Option<ReadMarks>,
}

/// The move a reading made: the notes it took and the digits it read, in writing order.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadMarks {
    pub row: usize,
    pub col: usize,
    pub ids: Vec<u32>,
    pub digits: Vec<MarkDigit>,
    /// "Keep my handwriting": each digit's ink is kept, tidied, to show in its mark's place.
    pub keep: bool,
}

impl ReadMarks {
    fn grid_move(&self) -> GridMove {
        let values = |centre: bool| self.digits.iter().filter(|d| d.centre == centre).filter_map(|d| symbol_value(d.symbol)).collect();
        let glyphs = if self.keep { self.digits.iter().filter_map(|d| Some((symbol_value(d.symbol)?, Glyph::tidy(&d.strokes)?))).collect() } else { Vec::new() };
        GridMove::ReadMarks { row: self.row, col: self.col, ids: self.ids.clone(), corner: values(false), centre: values(true), glyphs }
    }

    /// The ink of the digit read as `symbol`.
    pub fn ink_of(&self, symbol: char) -> Option<&[Stroke]> {
        self.digits.iter().find(|d| d.symbol == symbol).map(|d| d.strokes.as_slice())
    }
}

/// Reads the ink notes `ids` lying mostly inside cell (`row`, `col`) as pencil marks, adapted
/// to the player's hand (`opts.adapter`), and applies what they mean (see [`MarksOutcome`]);
/// with `opts.keep_handwriting` the marks keep the digits' ink to show.
pub fn read_marks<G: PenGame>(session: &mut Session<G>, row: usize, col: usize, ids: &[u32], opts: PenOptions) -> Result<MarksWrite, WriteError<G::Error>> {
    let adapter = opts.adapter;
    let g = session.game();
    let side = g.side();
    if row >= side || col >= side {
        return Err(WriteError::OutOfBoard { row, col, side });
    }
    let board = g.grid_board();
    if g.is_fixed(row, col) || board.values()[row * side + col] != 0 {
        return Ok(MarksWrite { outcome: MarksOutcome::Filled, read: None });
    }
    let notes: Vec<_> = board.notes_in(row, col).into_iter().filter(|n| ids.contains(&n.id)).collect();
    if notes.is_empty() {
        return Ok(MarksWrite { outcome: MarksOutcome::Ink, read: None });
    }
    // The cell's own units: 0..1 across the cell, as the reader is measured in.
    let n = side as f32;
    let strokes: Vec<Stroke> = notes
        .iter()
        .map(|note| Stroke::from_xy(&note.points.iter().map(|p| [p.x * n - col as f32, p.y * n - row as f32]).collect::<Vec<_>>()))
        .collect();
    // Free ink (and, as the notes have points, never an empty reading) stays as it is.
    let Some(digits) = read_mark_digits(&strokes, &g.symbols(), adapter)?.filter(|d| !d.is_empty()) else {
        return Ok(MarksWrite { outcome: MarksOutcome::Ink, read: None });
    };
    // What was read goes; what was not (a dash beside the digits, a dot) stays as ink.
    let ids = notes.iter().enumerate().filter(|(k, _)| digits.iter().any(|d| d.inputs.contains(k))).map(|(_, n)| n.id).collect();
    let read = ReadMarks { row, col, ids, digits, keep: opts.keep_handwriting };
    session.apply(G::grid_move(read.grid_move())).map_err(WriteError::Move)?;
    let symbols: Vec<char> = read.digits.iter().map(|d| d.symbol).collect();
    let kind = |d: &MarkDigit| if d.centre { MarkKind::Centre } else { MarkKind::Corner };
    let unsure = read
        .digits
        .iter()
        .filter(|d| d.ranked.first().map(|r| r.0) != Some(d.symbol) || margin_unsure(&d.ranked, UNSURE_MARGIN))
        .map(|d| UnsureMark {
            symbol: d.symbol,
            kind: kind(d),
            // A cell never holds a mark twice: the cell's other digits are no alternative.
            alternatives: runners_up(d.ranked.iter().filter(|(c, _)| !symbols.contains(c))),
        })
        .filter(|u| !u.alternatives.is_empty())
        .collect();
    let pick = |centre: bool| read.digits.iter().filter(|d| d.centre == centre).map(|d| d.symbol).collect();
    let outcome = MarksOutcome::Marks { corner: pick(false), centre: pick(true), unsure };
    Ok(MarksWrite { outcome, read: Some(read) })
}

/// The player picked `symbol` instead of the unsure mark `from` of the reading `read` (the
/// last step; the shell makes sure of that): the reading's step is undone and made again with
/// `symbol` in its place, so the cell still holds one step for it. Returns the reading as it
/// now stands.
pub fn replace_mark<G: PenGame>(session: &mut Session<G>, read: &ReadMarks, from: char, symbol: char) -> Result<ReadMarks, WriteError<G::Error>> {
    let symbol = symbol.to_ascii_uppercase();
    if !session.game().symbols().contains(&symbol) {
        return Err(WriteError::NotASymbol(symbol));
    }
    let mut now = read.clone();
    match now.digits.iter().position(|d| d.symbol == from) {
        Some(k) if !read.digits.iter().any(|d| d.symbol == symbol) => now.digits[k].symbol = symbol,
        _ => return Err(WriteError::NotASymbol(symbol)),
    }
    session.undo()?;
    if let Err(e) = session.apply(G::grid_move(now.grid_move())) {
        // Put the reading back: the board is as the player last saw it.
        let _ = session.redo();
        return Err(WriteError::Move(e));
    }
    Ok(now)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::scratchpad::Point;
    use crate::sudoku::play::{Action, SudokuGame};
    use crate::session::gridplay::GridMove as M;
    use crate::grid::{Grid, Shape};
    use crate::testkit::pattern_solution;

    /// A 4x4 Sudoku with its first row given.
    fn game() -> Session<SudokuGame> {
        let solution = pattern_solution(Shape::S4);
        let mut puzzle = Grid::empty(Shape::S4);
        for c in 0..4 {
            puzzle.set(0, c, solution.get(0, c));
        }
        Session::<SudokuGame>::new(puzzle, solution, "easy", Some(7)).unwrap()
    }

    fn note(s: &mut Session<SudokuGame>, pts: &[[f32; 2]]) -> u32 {
        s.apply(Action::Grid(M::AddNote { stroke: pts.iter().map(|&p| Point::from(p)).collect() })).unwrap();
        s.game().grid().notes().iter().map(|n| n.id).max().unwrap()
    }

    #[test]
    fn a_line_across_a_cell_stays_ink_and_a_given_keeps_its_ink() {
        let mut s = game();
        // r2c2 is open: a line across it is free ink.
        let id = note(&mut s, &[[0.26, 0.26], [0.49, 0.45]]);
        let steps = s.history().done().len();
        let w = read_marks(&mut s, 1, 1, &[id], PenOptions::default()).unwrap();
        assert_eq!(w.outcome, MarksOutcome::Ink);
        assert_eq!(s.history().done().len(), steps, "nothing changed");
        // r1c1 is a given.
        let given = note(&mut s, &[[0.05, 0.05], [0.06, 0.1]]);
        assert_eq!(read_marks(&mut s, 0, 0, &[given], PenOptions::default()).unwrap().outcome, MarksOutcome::Filled);
        // Notes of another cell are not read here.
        assert_eq!(read_marks(&mut s, 3, 3, &[id], PenOptions::default()).unwrap().outcome, MarksOutcome::Ink);
        assert!(matches!(read_marks(&mut s, 4, 0, &[id], PenOptions::default()), Err(WriteError::OutOfBoard { .. })));
        assert_eq!(s.history().done().len(), steps + 1, "only the note was added");
    }
}
