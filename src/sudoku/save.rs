//! The Sudoku part of a save: the givens, solution and the board now (a cross-check of the
//! replayed history), and the edits as the game records them.

use serde::{Deserialize, Serialize};

use std::sync::Arc;

use crate::grid::{Grid, Layout};
use crate::session::marks::CellMarks;
use crate::session::scratchpad::InkNote;
use crate::session::{History, Mark, Session, Timer};
use crate::sudoku::play::{Edit, SavedPlay, SudokuGame, SudokuSession};

use crate::save::{inconsistent, replay_error, LoadError, SaveError};

/// The Sudoku part of a save.
#[derive(Serialize, Deserialize)]
pub(super) struct Record {
    size: u8,
    box_rows: u8,
    box_cols: u8,
    /// The givens, one line, `.` for blanks.
    puzzle: String,
    solution: String,
    difficulty: String,
    #[serde(default)]
    seed: Option<u64>,
    /// The player's values, one line, `.` where there is none.
    entries: String,
    /// One bitmask per cell, row-major (bit `v - 1` = candidate `v`).
    candidates: Vec<u32>,
    /// Ink notes.
    #[serde(default)]
    notes: Vec<InkNote>,
    /// Cell colours, one per cell row-major (0 = none); left out when no cell is coloured.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    colours: Vec<u8>,
    /// Corner and centre marks, one string per cell row-major (`"27/139"`); left out when no
    /// cell has any (format 4).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    marks: Vec<CellMarks>,
    /// The player's checkpoints ("Mark this position"), oldest first; omitted when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    checkpoints: Vec<MarkRecord>,
    /// A variant's regions, diagonals and cages (issue 42): only in a variant kind's save
    /// (`sudoku-x`, `jigsaw`, `killer`), which a classic Sudoku's reader refuses.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    variant: Option<Layout>,
}

/// One checkpoint: its number, the moves in the history when it was made, and the board then
/// (as the record's own `entries`, `candidates`, `notes`, `colours`).
#[derive(Serialize, Deserialize)]
struct MarkRecord {
    n: u32,
    step: usize,
    entries: String,
    candidates: Vec<u32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    notes: Vec<InkNote>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    colours: Vec<u8>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    marks: Vec<CellMarks>,
}

fn board_line(g: &SudokuGame) -> Result<String, SaveError> {
    Ok(Grid::from_values(g.shape(), g.entries().to_vec()).ok_or_else(|| SaveError::Encode("entries do not fit the board".into()))?.to_line())
}

/// Sudoku edits are saved as they are.
pub(super) type EditRecord = Edit;

/// Whether the history goes back to a checkpoint (an edit of kind `back`, format 3).
pub(super) fn has_back(history: &History<Edit>) -> bool {
    history.done().iter().chain(history.undone()).any(|e| e.kind == crate::sudoku::play::EditKind::Back)
}

/// Whether the game holds corner or centre marks anywhere: an edit, the board, a checkpoint
/// (format 4).
pub(super) fn has_marks(rec: &Record, history: &History<Edit>) -> bool {
    !rec.marks.is_empty() || rec.checkpoints.iter().any(|m| !m.marks.is_empty()) || history.done().iter().chain(history.undone()).any(|e| !e.marks.is_empty() || e.kind == crate::sudoku::play::EditKind::Mark)
}

/// Whether an edit keeps the player's handwriting (format 2).
pub(super) fn has_glyphs(history: &History<Edit>) -> bool {
    history.done().iter().chain(history.undone()).any(|e| e.glyph.is_some())
}

pub(super) fn record(session: &SudokuSession) -> Result<(Record, &History<Edit>), SaveError> {
    let g = session.game();
    let shape = g.shape();
    let checkpoints = session
        .marks()
        .iter()
        .map(|m| {
            let b = &m.game;
            Ok(MarkRecord { n: m.n, step: m.step, entries: board_line(b)?, candidates: b.candidates().to_vec(), notes: b.notes().to_vec(), colours: b.colours().to_saved(), marks: b.marks().to_saved() })
        })
        .collect::<Result<_, SaveError>>()?;
    let rec = Record {
        size: shape.size,
        box_rows: shape.box_rows,
        box_cols: shape.box_cols,
        puzzle: g.givens().to_line(),
        solution: g.solution().to_line(),
        difficulty: g.difficulty().to_string(),
        seed: g.seed(),
        entries: board_line(g)?,
        candidates: g.candidates().to_vec(),
        notes: g.notes().to_vec(),
        colours: g.colours().to_saved(),
        marks: g.marks().to_saved(),
        checkpoints,
        variant: g.variant().map(|geo| geo.layout()),
    };
    Ok((rec, session.history()))
}

fn parse_line(what: &str, line: &str) -> Result<Grid, LoadError> {
    Grid::parse(line).map_err(|e| inconsistent(format!("{what}: {e}")))
}

/// The game starts from the bare puzzle; its history must replay to the saved board.
pub(super) fn restore(rec: Record, history: History<Edit>, elapsed_ms: u64) -> Result<SudokuSession, LoadError> {
    let givens = parse_line("puzzle", &rec.puzzle)?;
    let solution = parse_line("solution", &rec.solution)?;
    let entries = parse_line("entries", &rec.entries)?;
    let shape = givens.shape();
    if (shape.size, shape.box_rows, shape.box_cols) != (rec.size, rec.box_rows, rec.box_cols) {
        return Err(inconsistent(format!(
            "the puzzle is {0}x{0} but the file says {1}x{1} with {2}x{3} boxes",
            shape.size, rec.size, rec.box_rows, rec.box_cols
        )));
    }
    if entries.shape() != shape {
        return Err(inconsistent("the entries are not the size of the puzzle"));
    }
    let variant = match &rec.variant {
        None => None,
        Some(layout) => Some(Arc::new(layout.geometry(shape.n()).ok_or_else(|| inconsistent("the variant's regions or cages do not fit the board"))?)),
    };
    let play = SavedPlay { entries: entries.values().to_vec(), candidates: rec.candidates, notes: rec.notes, colours: rec.colours, marks: rec.marks };
    let saved = SudokuGame::restore(givens.clone(), solution.clone(), rec.difficulty.clone(), rec.seed, variant.clone(), play)
        .map_err(inconsistent)?;
    let mut session = Session::replay(saved.blank_copy(), history, Timer::paused_at(elapsed_ms)).map_err(replay_error)?;
    if session.game() != &saved {
        return Err(inconsistent("replaying the history from the bare puzzle does not lead to the saved board"));
    }
    // Each checkpoint is a board of this puzzle, checked as the saved board is.
    let marks = rec
        .checkpoints
        .into_iter()
        .map(|m| {
            let what = format!("checkpoint {}", m.n);
            let entries = parse_line(&what, &m.entries)?;
            if entries.shape() != shape {
                return Err(inconsistent(format!("{what}: the entries are not the size of the puzzle")));
            }
            let play = SavedPlay { entries: entries.values().to_vec(), candidates: m.candidates, notes: m.notes, colours: m.colours, marks: m.marks };
            let game = SudokuGame::restore(givens.clone(), solution.clone(), rec.difficulty.clone(), rec.seed, variant.clone(), play)
                .map_err(|e| inconsistent(format!("{what}: {e}")))?;
            Ok(Mark { n: m.n, step: m.step, game })
        })
        .collect::<Result<Vec<_>, LoadError>>()?;
    crate::save::check_marks(&marks)?;
    session.set_marks(marks);
    Ok(session)
}

/// A Sudoku as save-file bytes (`GameDef::encode`).
pub(crate) fn encode(s: &SudokuSession, now_ms: u64) -> Result<Vec<u8>, crate::save::SaveError> {
    encode_as(crate::play::GameKind::Sudoku, s, now_ms)
}

/// A Sudoku or one of its variants as save-file bytes of `kind` (the variants' own kinds, so
/// an Inkdoku that doesn't know them refuses the file rather than play it without its cages).
pub(crate) fn encode_as(kind: crate::play::GameKind, s: &SudokuSession, now_ms: u64) -> Result<Vec<u8>, crate::save::SaveError> {
    let (rec, history) = record(s)?;
    let version = if has_marks(&rec, history) {
        crate::save::MARKS_VERSION
    } else if has_back(history) {
        crate::save::BACK_VERSION
    } else {
        crate::save::version_for(has_glyphs(history))
    };
    crate::save::encode(kind, now_ms, crate::save::envelope(s, now_ms, version), rec, history)
}

/// A classic Sudoku read back from save-file bytes, with its `saved_at_ms` (`GameDef::decode`).
pub(crate) fn decode(bytes: &[u8]) -> Result<(SudokuSession, (), u64), LoadError> {
    decode_as(bytes, false)
}

/// A classic Sudoku (`variant` false) or a variant's game read back: a record with a variant's
/// board is never read as a classic one, nor one without as a variant.
pub(crate) fn decode_as(bytes: &[u8], variant: bool) -> Result<(SudokuSession, (), u64), LoadError> {
    let f: crate::save::SaveFile<Record, History<EditRecord>> = crate::save::read_file(bytes)?;
    if f.game.variant.is_some() != variant {
        return Err(inconsistent(if variant { "a variant's save holds no regions or cages" } else { "a classic Sudoku's save holds a variant's regions or cages" }));
    }
    crate::save::check_glyph_version(f.version, has_glyphs(&f.history))?;
    crate::save::check_back_version(f.version, has_back(&f.history))?;
    crate::save::check_marks_version(f.version, has_marks(&f.game, &f.history))?;
    let kept = crate::save::kept(&f);
    let mut s = restore(f.game, f.history, f.elapsed_ms)?;
    crate::save::settle(&mut s, kept);
    Ok((s, (), f.saved_at_ms))
}
