//! The KenKen part of a save: the cages, the solution if known, the board now (a cross-check of
//! the replayed history) and the edits.
//!
//! Compatibility: the first saves (format 1) had no ink notes and kept typed candidates in a
//! field named `notes` with bit `v` for candidate `v`, and wrote every edit as a tuple
//! `[cell, value_before, marks_before, value_after, marks_after]` (marks with the same bit
//! rule). Both are still written that way, so those files and these read alike; ink notes are
//! the new optional field `ink` (cell colours `colours`), and an edit that carries ink or
//! colours is written as an object
//! `{"cells": [tuples], "notes_added": [...], "notes_removed": [...]}`.

use serde::{Deserialize, Serialize};

use crate::kenken::play::{Edit, KenkenGame, KenkenInfo, KenkenSession};
use crate::kenken::{Cage, Op, Puzzle};
use crate::session::cells::{CellChange, CellState};
use crate::session::colours::ColourChange;
use crate::session::glyph::Glyph;
use crate::session::marks::{CellMarks, MarkChange};
use crate::session::scratchpad::{InkEdit, InkNote};
use crate::session::{History, Mark, Session, Timer};

use crate::save::{inconsistent, replay_error, unfit_step, LoadError, SaveError};

/// One cage as in the shared data sets: `{"op": "+", "target": 7, "cells": [[0,0],[0,1]]}`.
#[derive(Serialize, Deserialize)]
struct CageRecord {
    op: String,
    target: u64,
    cells: Vec<[usize; 2]>,
}

/// The KenKen part of a save.
#[derive(Serialize, Deserialize)]
pub(super) struct Record {
    size: usize,
    cages: Vec<CageRecord>,
    /// Row-major digits, or absent.
    #[serde(default)]
    solution: Option<String>,
    #[serde(default)]
    difficulty: Option<String>,
    #[serde(default)]
    seed: Option<u64>,
    /// The player's values, row-major digits, `.` where there is none.
    entries: String,
    /// Typed candidates, one mask per cell, row-major: bit `v` set = candidate `v`.
    #[serde(rename = "notes")]
    marks: Vec<u16>,
    /// Ink notes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    ink: Vec<InkNote>,
    /// Cell colours, one per cell (0 = none), as Sudoku's; omitted when no cell is coloured.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    colours: Vec<u8>,
    /// Corner and centre marks, one string per cell (as Sudoku's); omitted when none (format 4).
    #[serde(default, rename = "marks", skip_serializing_if = "Vec::is_empty")]
    pencil_marks: Vec<CellMarks>,
    /// The player's checkpoints ("Mark this position"), oldest first; omitted when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    checkpoints: Vec<MarkRecord>,
}

/// One checkpoint: its number, the moves in the history when it was made, and the board then
/// (as the record's own `entries`, `notes` (typed candidates, bit `v`), `ink`, `colours`).
#[derive(Serialize, Deserialize)]
struct MarkRecord {
    n: u32,
    step: usize,
    entries: String,
    notes: Vec<u16>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    ink: Vec<InkNote>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    colours: Vec<u8>,
    #[serde(default, rename = "marks", skip_serializing_if = "Vec::is_empty")]
    pencil_marks: Vec<CellMarks>,
}

/// `[cell, value_before, marks_before, value_after, marks_after]`.
type CellRecord = (usize, u8, u16, u8, u16);

/// One edit on disk: the first format's tuple, or an object when ink is involved.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
pub(super) enum EditRecord {
    Cell(CellRecord),
    Full {
        #[serde(default)]
        cells: Vec<CellRecord>,
        #[serde(flatten)]
        ink: InkEdit,
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
        mark_glyphs: Vec<crate::session::glyph::MarkGlyph>,
        /// A step of "Solve step by step" (written only when true).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        by_computer: bool,
    },
}

/// Whether the game holds corner or centre marks anywhere: an edit, the board, a checkpoint
/// (format 4).
pub(super) fn has_marks(rec: &Record, history: &History<EditRecord>) -> bool {
    !rec.pencil_marks.is_empty()
        || rec.checkpoints.iter().any(|m| !m.pencil_marks.is_empty())
        || history.done().iter().chain(history.undone()).any(|e| matches!(e, EditRecord::Full { marks, .. } if !marks.is_empty()))
}

/// Whether an edit keeps the player's handwriting (format 2).
pub(super) fn has_glyphs(history: &History<EditRecord>) -> bool {
    history.done().iter().chain(history.undone()).any(|e| matches!(e, EditRecord::Full { glyph: Some(_), .. }))
}

fn digits(values: &[u8]) -> String {
    values.iter().map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) }).collect()
}

/// Parses a row-major digit line of `n*n` cells; `.` (0) only if `blank_ok`.
fn parse_digits(what: &str, line: &str, size: usize, blank_ok: bool) -> Result<Vec<u8>, LoadError> {
    let values: Vec<u8> = line
        .chars()
        .map(|ch| match ch {
            '.' if blank_ok => Ok(0),
            '1'..='9' if (ch as usize - '0' as usize) <= size => Ok(ch as u8 - b'0'),
            _ => Err(inconsistent(format!("{what}: {ch:?} is not a value of a {size}x{size} board"))),
        })
        .collect::<Result<_, _>>()?;
    if values.len() != size * size {
        return Err(inconsistent(format!("{what}: {} cells, expected {}", values.len(), size * size)));
    }
    Ok(values)
}

/// Candidates (bit `v - 1`) as saved marks (bit `v`); `None` if they do not fit 16 bits.
fn to_marks(candidates: u32) -> Option<u16> {
    u16::try_from(candidates << 1).ok()
}

/// Saved marks (bit `v`) as candidates (bit `v - 1`); bit 0 (no value 0) is refused.
fn from_marks(marks: u16) -> Option<u32> {
    (marks & 1 == 0).then_some(u32::from(marks) >> 1)
}

fn cell_record(c: &CellChange) -> Option<CellRecord> {
    Some((
        c.cell as usize,
        c.before.value,
        to_marks(c.before.candidates)?,
        c.after.value,
        to_marks(c.after.candidates)?,
    ))
}

fn cell_change(&(cell, vb, mb, va, ma): &CellRecord) -> Option<CellChange> {
    Some(CellChange {
        cell: u16::try_from(cell).ok()?,
        before: CellState { value: vb, candidates: from_marks(mb)? },
        after: CellState { value: va, candidates: from_marks(ma)? },
    })
}

pub(super) fn record(session: &KenkenSession, info: &KenkenInfo) -> Result<(Record, History<EditRecord>), SaveError> {
    let g = session.game();
    let p = g.puzzle();
    let n = p.size();
    if let Some(sol) = &info.solution {
        if sol.len() != n * n || sol.iter().any(|&v| v == 0 || v as usize > n) {
            return Err(SaveError::Encode(format!("the solution is not {} values 1..={n}", n * n)));
        }
    }
    let too_wide = || SaveError::Encode("candidates beyond the board".into());
    let rec = Record {
        size: n,
        cages: p
            .cages()
            .iter()
            .map(|c| CageRecord {
                op: c.op.symbol().to_string(),
                target: c.target,
                cells: c.cells.iter().map(|&(r, c)| [r, c]).collect(),
            })
            .collect(),
        solution: info.solution.as_deref().map(digits),
        difficulty: info.difficulty.clone(),
        seed: info.seed,
        entries: digits(g.values()),
        marks: g.candidates().iter().map(|&c| to_marks(c)).collect::<Option<_>>().ok_or_else(too_wide)?,
        ink: g.notes().to_vec(),
        colours: g.colours().to_saved(),
        pencil_marks: g.marks().to_saved(),
        checkpoints: session
            .marks()
            .iter()
            .map(|m| {
                let b = &m.game;
                let notes = b.candidates().iter().map(|&c| to_marks(c)).collect::<Option<_>>().ok_or_else(too_wide)?;
                Ok(MarkRecord { n: m.n, step: m.step, entries: digits(b.values()), notes, ink: b.notes().to_vec(), colours: b.colours().to_saved(), pencil_marks: b.marks().to_saved() })
            })
            .collect::<Result<_, SaveError>>()?,
    };
    let history = session.history().try_map(|_, _, e: &Edit| {
        let cells = e.cells.iter().map(cell_record).collect::<Option<Vec<_>>>().ok_or_else(too_wide)?;
        Ok(match (cells.as_slice(), e.ink.is_empty() && e.colours.is_empty() && e.marks.is_empty() && e.glyph.is_none() && e.mark_glyphs.is_empty() && !e.by_computer) {
            ([one], true) => EditRecord::Cell(*one),
            _ => EditRecord::Full { cells, ink: e.ink.clone(), colours: e.colours.clone(), marks: e.marks.clone(), glyph: e.glyph.clone(), mark_glyphs: e.mark_glyphs.clone(), by_computer: e.by_computer },
        })
    })?;
    Ok((rec, history))
}

pub(super) fn restore(rec: Record, history: History<EditRecord>, elapsed_ms: u64) -> Result<(KenkenSession, KenkenInfo), LoadError> {
    let mut cages = Vec::with_capacity(rec.cages.len());
    for (i, c) in rec.cages.into_iter().enumerate() {
        let op = Op::parse(&c.op).ok_or_else(|| inconsistent(format!("cage {}: unknown operation {:?}", i + 1, c.op)))?;
        cages.push(Cage { op, target: c.target, cells: c.cells.into_iter().map(|[r, c]| (r, c)).collect() });
    }
    let puzzle = Puzzle::new(rec.size, cages).map_err(|e| inconsistent(format!("puzzle: {e}")))?;
    let n = puzzle.size();
    let solution = match rec.solution {
        None => None,
        Some(line) => {
            let s = parse_digits("solution", &line, n, false)?;
            puzzle.check(&s).map_err(|e| inconsistent(format!("the solution does not solve the puzzle: {e}")))?;
            Some(s)
        }
    };
    let entries = parse_digits("entries", &rec.entries, n, true)?;
    let candidates = rec.marks.iter().map(|&m| from_marks(m)).collect::<Option<Vec<u32>>>();
    let candidates = candidates.ok_or_else(|| inconsistent("candidates name the value 0"))?;
    let saved = KenkenGame::restore(puzzle.clone(), entries, candidates, rec.ink, rec.colours, rec.pencil_marks).map_err(inconsistent)?;
    let history = history.try_map(|undone, k, e: &EditRecord| {
        let bad = || unfit_step(undone, k, "change");
        let (cells, ink, colours, marks, glyph, mark_glyphs, by_computer) = match e {
            EditRecord::Cell(c) => (std::slice::from_ref(c), InkEdit::default(), Vec::new(), Vec::new(), None, Vec::new(), false),
            EditRecord::Full { cells, ink, colours, marks, glyph, mark_glyphs, by_computer } => {
                (cells.as_slice(), ink.clone(), colours.clone(), marks.clone(), glyph.clone(), mark_glyphs.clone(), *by_computer)
            }
        };
        let cells = cells.iter().map(cell_change).collect::<Option<Vec<_>>>().ok_or_else(bad)?;
        if cells.iter().any(|c| c.before == c.after) || (cells.is_empty() && ink.is_empty() && colours.is_empty() && marks.is_empty()) {
            return Err(bad());
        }
        Ok(Edit { cells, ink, colours, marks, glyph, mark_glyphs, by_computer })
    })?;
    let marks = rec
        .checkpoints
        .into_iter()
        .map(|m| {
            let what = format!("checkpoint {}", m.n);
            let entries = parse_digits(&what, &m.entries, n, true)?;
            let candidates = m.notes.iter().map(|&c| from_marks(c)).collect::<Option<Vec<u32>>>();
            let candidates = candidates.ok_or_else(|| inconsistent(format!("{what}: candidates name the value 0")))?;
            let game = KenkenGame::restore(puzzle.clone(), entries, candidates, m.ink, m.colours, m.pencil_marks).map_err(|e| inconsistent(format!("{what}: {e}")))?;
            Ok(Mark { n: m.n, step: m.step, game })
        })
        .collect::<Result<Vec<_>, LoadError>>()?;
    crate::save::check_marks(&marks)?;
    let mut session = Session::replay(KenkenGame::new(puzzle), history, Timer::paused_at(elapsed_ms)).map_err(replay_error)?;
    if session.game() != &saved {
        return Err(inconsistent("replaying the history from the bare puzzle does not lead to the saved board"));
    }
    session.set_marks(marks);
    Ok((session, KenkenInfo { solution, difficulty: rec.difficulty, seed: rec.seed }))
}

/// A KenKen as save-file bytes (`GameDef::encode`).
pub(crate) fn encode(s: &KenkenSession, info: &KenkenInfo, now_ms: u64) -> Result<Vec<u8>, crate::save::SaveError> {
    let (rec, history) = record(s, info)?;
    let version = if has_marks(&rec, &history) { crate::save::MARKS_VERSION } else { crate::save::version_for(has_glyphs(&history)) };
    crate::save::encode(crate::play::GameKind::Kenken, now_ms, crate::save::envelope(s, now_ms, version), rec, history)
}

/// A KenKen read back from save-file bytes, with its `saved_at_ms` (`GameDef::decode`).
pub(crate) fn decode(bytes: &[u8]) -> Result<(KenkenSession, KenkenInfo, u64), LoadError> {
    let f: crate::save::SaveFile<Record, History<EditRecord>> = crate::save::read_file(bytes)?;
    crate::save::check_glyph_version(f.version, has_glyphs(&f.history))?;
    crate::save::check_marks_version(f.version, has_marks(&f.game, &f.history))?;
    let kept = crate::save::kept(&f);
    let (mut s, info) = restore(f.game, f.history, f.elapsed_ms)?;
    crate::save::settle(&mut s, kept);
    Ok((s, info, f.saved_at_ms))
}
