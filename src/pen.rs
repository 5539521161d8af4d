//! What ink written into one cell means, for every game played with the pen (Sudoku, KenKen):
//! a tap (a selection, not writing), a scratch-out (clear the cell), a legal symbol for this
//! game and size (write it), or nothing readable (change nothing). One rule, one place; the
//! games only say which symbols are legal, which cells the pen can't change, and which move
//! writes or clears a cell.

use serde::Serialize;
use thiserror::Error;

use crate::grid::symbol_value;
use crate::ink::{self, adapt::Adapter, gesture::Gesture, InkError, Recognition, Stroke, Unread};
use crate::session::glyph::Glyph;
use crate::session::gridplay::{GridBoard, GridMove};
use crate::session::HistoryError;
use crate::session::{Game, Session};

/// A game that is played by writing symbols into the cells of a square board.
pub trait PenGame: Game {
    /// Cells per side.
    fn side(&self) -> usize;
    /// The symbols a cell may hold (`1`..`9`, `A`..`G`).
    fn symbols(&self) -> Vec<char>;
    /// A cell the player can't change (a Sudoku given).
    fn is_fixed(&self, row: usize, col: usize) -> bool;
    /// The board the pen writes on (values, ink notes, marks).
    fn grid_board(&self) -> &GridBoard;
    /// The game's move for one of the shared grid moves.
    fn grid_move(m: GridMove) -> Self::Action;
    /// The move that writes `value` (1-based) into a cell; `tidy`: and takes it from the marks
    /// of the cell's peers.
    fn write(row: usize, col: usize, value: u8, tidy: bool) -> Self::Action {
        Self::grid_move(if tidy { GridMove::SetValues { cells: vec![(row, col)], value, tidy } } else { GridMove::SetValue { row, col, value } })
    }
    /// The move that clears a cell.
    fn clear(row: usize, col: usize) -> Self::Action {
        Self::grid_move(GridMove::Clear { row, col })
    }
    /// The move that writes `value` with the player's ink kept as `glyph` ("keep my
    /// handwriting"; see [`crate::session::glyph`]).
    fn write_ink(row: usize, col: usize, value: u8, glyph: Glyph, tidy: bool) -> Self::Action {
        Self::grid_move(GridMove::WriteInk { row, col, value, glyph, tidy })
    }
    /// The handwriting an edit keeps, if it is a pen write that kept one.
    fn glyph_of(edit: &Self::Edit) -> Option<&Glyph>;
}

/// What a group of strokes in one cell means.
#[derive(Debug, Clone, PartialEq)]
pub enum Meaning {
    /// Much smaller than the cell: a selection.
    Tap,
    /// A zig-zag over the cell.
    ScratchOut,
    /// A legal symbol, with the recogniser's confidence (0..1) and its value; when `unsure`,
    /// `alternatives` are the runners-up (best first) the player can pick instead. `readings`:
    /// the recogniser's best [`READINGS`] legal symbols with their probabilities (what a
    /// correction right after may plausibly mean; see [`lesson`]).
    Symbol { symbol: char, value: u8, confidence: f32, unsure: bool, alternatives: Vec<char>, readings: Vec<(char, f32)> },
    /// Nothing legal was recognised, and why.
    Rejected { why: Unread },
}

/// Reads a stroke group written into one cell of a board with `side` cells per side (strokes
/// in board coordinates, 0..1 across the board), allowing only `symbols`.
pub fn interpret(strokes: &[Stroke], side: usize, symbols: &[char]) -> Result<Meaning, InkError> {
    interpret_with(strokes, side, symbols, None)
}

/// [`interpret`], adapted to the player's hand when `adapter` holds their samples.
pub fn interpret_with(
    strokes: &[Stroke],
    side: usize,
    symbols: &[char],
    adapter: Option<&Adapter>,
) -> Result<Meaning, InkError> {
    Ok(match ink::gesture::classify(strokes, 1.0 / side.max(1) as f32) {
        Gesture::Tap => Meaning::Tap,
        Gesture::ScratchOut => Meaning::ScratchOut,
        Gesture::Writing => match ink::recognize_with(ink::model::embedded()?, adapter, strokes, symbols)? {
            Recognition::Symbol { candidates, unsure } => match candidates.first() {
                Some(&(symbol, confidence)) => match symbol_value(symbol) {
                    Some(value) => Meaning::Symbol {
                        symbol,
                        value,
                        confidence,
                        unsure,
                        alternatives: if unsure { alternatives(&candidates) } else { Vec::new() },
                        readings: candidates.iter().take(READINGS).copied().collect(),
                    },
                    None => Meaning::Rejected { why: Unread::NotAllowed { looks_like: symbol } },
                },
                None => Meaning::Rejected { why: Unread::Unclear { guess: '?', percent: 0 } },
            },
            Recognition::Rejected { why, .. } => Meaning::Rejected { why },
        },
    })
}

/// Runners-up worth offering when the answer is unsure: at most [`MAX_ALTERNATIVES`], the
/// second always, the others if the recogniser gives them at least 2%.
fn alternatives(candidates: &[(char, f32)]) -> Vec<char> {
    runners_up(candidates.iter().skip(1))
}

/// Of the readings after the one chosen (best first), those worth offering: at most
/// [`MAX_ALTERNATIVES`], the first always, the others at 2 % or more (for a number, and for a
/// handwritten mark, [`marks`]).
fn runners_up<'a>(rest: impl Iterator<Item = &'a (char, f32)>) -> Vec<char> {
    rest.take(MAX_ALTERNATIVES)
        .enumerate()
        .filter(|(i, (_, p))| *i == 0 || *p >= 0.02)
        .map(|(_, (c, _))| *c)
        .collect()
}

/// How many alternatives an unsure cell offers beside it.
pub const MAX_ALTERNATIVES: usize = 3;

/// How many of the recogniser's best readings a write keeps (for [`lesson`]).
pub const READINGS: usize = 3;

pub mod lesson;
pub mod marks;

/// What became of the ink written into a cell. JSON: `{"kind": "symbol", "symbol": "7",
/// "confidence": 0.98}`, `{"kind": "rejected", "reason": "..."}`, `{"kind": "tap"}`, ...
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum WriteOutcome {
    /// Recognised and written. `unsure`: the recogniser was not confident; the view marks the
    /// cell and offers `alternatives` (best first), one of which [`replace_guess`] writes
    /// instead, in the same undo step.
    Symbol { symbol: char, confidence: f32, unsure: bool, alternatives: Vec<char> },
    /// Nothing legal was recognised; nothing changed. `why`: the reason as data
    /// (`{"code": "dot" | "not_allowed" | "unclear", ...}`), `reason` in English.
    Rejected { reason: String, why: Unread },
    /// A stroke much smaller than the cell: a selection, not writing.
    Tap,
    /// A zig-zag over the cell: cleared.
    ScratchOut,
    /// The cell is a given; nothing changed.
    Given,
}

/// Why written ink could not be applied. The game is unchanged.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum WriteError<E> {
    #[error("r{}c{} is outside the {side}x{side} board", .row + 1, .col + 1)]
    OutOfBoard { row: usize, col: usize, side: usize },
    #[error(transparent)]
    Ink(#[from] InkError),
    #[error(transparent)]
    Move(E),
    /// [`replace_guess`] with a symbol this board does not use.
    #[error("{0:?} is not a symbol of this board")]
    NotASymbol(char),
    /// [`replace_guess`] with nothing to replace.
    #[error(transparent)]
    History(#[from] HistoryError),
}

/// The pen wrote `strokes` into cell (`row`, `col`): interpret them and make the move they mean
/// (one undo step, through the session like any other move).
pub fn write<G: PenGame>(
    session: &mut Session<G>,
    row: usize,
    col: usize,
    strokes: &[Stroke],
) -> Result<WriteOutcome, WriteError<G::Error>> {
    write_with(session, row, col, strokes, None)
}

/// The player picked `symbol` instead of the unsure guess just written into (`row`, `col`):
/// the guess's step is undone and `symbol` written, so the board holds one step for the cell
/// (one undo brings back what was there before the ink). The caller makes sure the last step
/// is that guess (the shell remembers it and forgets it on any other change).
pub fn replace_guess<G: PenGame>(
    session: &mut Session<G>,
    row: usize,
    col: usize,
    symbol: char,
    tidy: bool,
) -> Result<(), WriteError<G::Error>> {
    let g = session.game();
    let side = g.side();
    if row >= side || col >= side {
        return Err(WriteError::OutOfBoard { row, col, side });
    }
    let symbol = symbol.to_ascii_uppercase();
    let value = g.symbols().contains(&symbol).then(|| symbol_value(symbol)).flatten();
    let value = value.ok_or(WriteError::NotASymbol(symbol))?;
    session.undo()?;
    // The player's ink stays: only its reading changes.
    let glyph = session.history().undone().last().and_then(G::glyph_of).cloned();
    let action = match glyph {
        Some(glyph) => G::write_ink(row, col, value, glyph, tidy),
        None => G::write(row, col, value, tidy),
    };
    if let Err(e) = session.apply(action) {
        // Put the guess back: the board is as the player last saw it.
        let _ = session.redo();
        return Err(WriteError::Move(e));
    }
    Ok(())
}

/// How the pen writes: the player's adaptation, whether the ink is kept as a glyph to show
/// in the cell ("keep my handwriting"), and whether a value written takes its digit from the
/// marks of the cell's peers ("tidy marks").
#[derive(Debug, Clone, Copy, Default)]
pub struct PenOptions<'a> {
    pub adapter: Option<&'a Adapter>,
    pub keep_handwriting: bool,
    pub tidy_marks: bool,
}

/// What a pen write did, and what the recogniser read (best first, at most [`READINGS`];
/// empty unless a symbol was written).
#[derive(Debug, Clone, PartialEq)]
pub struct PenWrite {
    pub outcome: WriteOutcome,
    pub readings: Vec<(char, f32)>,
}

/// [`write`], read with the player's adaptation (see [`crate::ink::adapt`]).
pub fn write_with<G: PenGame>(
    session: &mut Session<G>,
    row: usize,
    col: usize,
    strokes: &[Stroke],
    adapter: Option<&Adapter>,
) -> Result<WriteOutcome, WriteError<G::Error>> {
    Ok(write_opts(session, row, col, strokes, PenOptions { adapter, ..PenOptions::default() })?.outcome)
}

/// [`write`] with the player's options: adapted reading, and the ink kept as the cell's glyph
/// when the setting asks for it (a glyph the ink can't make, a dot, is simply not kept).
pub fn write_opts<G: PenGame>(
    session: &mut Session<G>,
    row: usize,
    col: usize,
    strokes: &[Stroke],
    opts: PenOptions,
) -> Result<PenWrite, WriteError<G::Error>> {
    let g = session.game();
    let side = g.side();
    if row >= side || col >= side {
        return Err(WriteError::OutOfBoard { row, col, side });
    }
    if g.is_fixed(row, col) {
        return Ok(PenWrite { outcome: WriteOutcome::Given, readings: vec![] });
    }
    let mut readings = Vec::new();
    let outcome = match interpret_with(strokes, side, &g.symbols(), opts.adapter)? {
        Meaning::Tap => WriteOutcome::Tap,
        Meaning::ScratchOut => {
            session.apply(G::clear(row, col)).map_err(WriteError::Move)?;
            WriteOutcome::ScratchOut
        }
        Meaning::Symbol { symbol, value, confidence, unsure, alternatives, readings: r } => {
            let glyph = opts.keep_handwriting.then(|| Glyph::tidy(strokes)).flatten();
            let action = match glyph {
                Some(glyph) => G::write_ink(row, col, value, glyph, opts.tidy_marks),
                None => G::write(row, col, value, opts.tidy_marks),
            };
            session.apply(action).map_err(WriteError::Move)?;
            readings = r;
            WriteOutcome::Symbol { symbol, confidence, unsure, alternatives }
        }
        Meaning::Rejected { why } => WriteOutcome::Rejected { reason: why.sentence(), why },
    };
    Ok(PenWrite { outcome, readings })
}
