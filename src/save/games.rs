//! KenKen and sliding-puzzle saves: the same envelope as Sudoku (`format`, `version`, `kind`,
//! `saved_at_ms`, `elapsed_ms`, `game`, `history`), with their own `game` record and edits.
//! See `docs/save-format.md`.
//!
//! As for Sudoku, the history is proved on load, never trusted: for KenKen every `done` edit
//! is replayed from the bare puzzle and must end exactly on the saved board (the edits are
//! checked swaps, so this is the same proof as undoing them back to the start); for the
//! sliding puzzle every `done` edit is undone from the saved board and must end exactly on
//! the saved start. Every `undone` edit must then redo cleanly.

use serde::{Deserialize, Serialize};

use crate::kenken::session::{Edit as KenkenEdit, KenkenGame, KenkenSession};
use crate::kenken::{Cage, Op, Puzzle};
use crate::session::{Game, History, Session, Timer};
use crate::slide::session::{Edit as SlideEdit, SlideGame, SlideSession};
use crate::slide::{Board, Dir};

use super::{LoadError, SaveError};

/// What a KenKen save keeps beside the session: where the puzzle came from.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct KenkenInfo {
    /// Row-major solution, if known (checked against the cages on load).
    pub solution: Option<Vec<u8>>,
    /// A label such as `easy` (free text to the loader).
    pub difficulty: Option<String>,
    /// The generator seed, if the puzzle was generated.
    pub seed: Option<u64>,
}

/// What a sliding-puzzle save keeps beside the session.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SlideInfo {
    /// A label such as `medium` (free text to the loader).
    pub difficulty: Option<String>,
    /// The shuffle seed, if the board was shuffled.
    pub seed: Option<u64>,
}

/// A KenKen game read back from a save.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadedKenken {
    /// The session, its timer paused at the saved play time.
    pub session: KenkenSession,
    pub info: KenkenInfo,
    pub saved_at_ms: u64,
}

/// A sliding-puzzle game read back from a save.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadedSlide {
    /// The session, its timer paused at the saved play time.
    pub session: SlideSession,
    /// The board the game started from (where undoing the whole history leads).
    pub start: Board,
    pub info: SlideInfo,
    pub saved_at_ms: u64,
}

fn inconsistent(detail: impl Into<String>) -> LoadError {
    LoadError::Inconsistent { detail: detail.into() }
}

/// How a load error names an edit's list: `done` edits are the ones undo would take back.
fn step_list(undone: bool) -> &'static str {
    if undone { "redo" } else { "undo" }
}

// ---------------------------------------------------------------------------------------------
// KenKen

/// One cage as in the shared data sets: `{"op": "+", "target": 7, "cells": [[0,0],[0,1]]}`.
#[derive(Serialize, Deserialize)]
struct CageRecord {
    op: String,
    target: u64,
    cells: Vec<[usize; 2]>,
}

/// The KenKen part of a save.
#[derive(Serialize, Deserialize)]
pub(super) struct KenkenRecord {
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
    /// One mask per cell, row-major: bit `v` set = note `v`.
    notes: Vec<u16>,
}

/// `[cell, value_before, notes_before, value_after, notes_after]`.
pub(super) type KenkenEditRecord = (usize, u8, u16, u8, u16);

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

/// Notes use bits 1..=size.
fn notes_ok(mask: u16, size: usize) -> bool {
    let allowed = ((1u32 << (size + 1)) - 2) as u16;
    mask & !allowed == 0
}

pub(super) fn kenken_record(session: &KenkenSession, info: &KenkenInfo) -> Result<(KenkenRecord, History<KenkenEditRecord>), SaveError> {
    let g = session.game();
    let p = g.puzzle();
    let n = p.size();
    if let Some(sol) = &info.solution {
        if sol.len() != n * n || sol.iter().any(|&v| v == 0 || v as usize > n) {
            return Err(SaveError::Encode(format!("the solution is not {} values 1..={n}", n * n)));
        }
    }
    let rec = KenkenRecord {
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
        notes: g.notes().to_vec(),
    };
    let history = session.history().map(|e: &KenkenEdit| (e.cell, e.before.0, e.before.1, e.after.0, e.after.1));
    Ok((rec, history))
}

pub(super) fn restore_kenken(
    rec: KenkenRecord,
    history: History<KenkenEditRecord>,
    elapsed_ms: u64,
) -> Result<(KenkenSession, KenkenInfo), LoadError> {
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
    if rec.notes.len() != n * n {
        return Err(inconsistent(format!("notes: {} cells, expected {}", rec.notes.len(), n * n)));
    }
    if let Some(k) = rec.notes.iter().position(|&m| !notes_ok(m, n)) {
        return Err(inconsistent(format!("notes of cell {k} name values beyond {n}")));
    }
    // Every edit must name a cell of the board and values it can hold; the swaps check the rest.
    let history = history.try_map(|undone, k, &(cell, vb, nb, va, na): &KenkenEditRecord| {
        let ok = cell < n * n
            && vb as usize <= n
            && va as usize <= n
            && notes_ok(nb, n)
            && notes_ok(na, n)
            && (vb, nb) != (va, na);
        if !ok {
            return Err(inconsistent(format!("{} step {k}: not a change this board can make", step_list(undone))));
        }
        Ok(KenkenEdit { cell, before: (vb, nb), after: (va, na) })
    })?;
    let mut game = KenkenGame::new(puzzle);
    for (k, e) in history.done().iter().enumerate() {
        game.forward(e).map_err(|m| inconsistent(format!("replaying step {}: {m}", k + 1)))?;
    }
    if game.values() != entries.as_slice() || game.notes() != rec.notes.as_slice() {
        return Err(inconsistent("the history does not lead from the bare puzzle to the saved board"));
    }
    let mut probe = game.clone();
    for (k, e) in history.undone().iter().rev().enumerate() {
        probe.forward(e).map_err(|m| inconsistent(format!("redo step {}: {m}", k + 1)))?;
    }
    let info = KenkenInfo { solution, difficulty: rec.difficulty, seed: rec.seed };
    Ok((Session::from_parts(game, history, Timer::paused_at(elapsed_ms)), info))
}

// ---------------------------------------------------------------------------------------------
// Sliding puzzle

/// The sliding-puzzle part of a save.
#[derive(Serialize, Deserialize)]
pub(super) struct SlideRecord {
    rows: usize,
    cols: usize,
    /// The board the game started from, row-major, 0 = gap.
    start: Vec<u8>,
    /// The board now.
    tiles: Vec<u8>,
    #[serde(default)]
    difficulty: Option<String>,
    #[serde(default)]
    seed: Option<u64>,
}

/// `{"gap_before": 5, "steps": "ULLD"}`: the gap's cell before and its single steps.
#[derive(Serialize, Deserialize)]
pub(super) struct SlideEditRecord {
    gap_before: usize,
    steps: String,
}

fn dir_of(ch: char) -> Option<Dir> {
    Dir::ALL.into_iter().find(|d| d.letter() == ch)
}

pub(super) fn slide_record(session: &SlideSession, info: &SlideInfo) -> Result<(SlideRecord, History<SlideEditRecord>), SaveError> {
    let board = session.game().board();
    // The session does not keep its start: undoing the whole history finds it.
    let mut g = session.game().clone();
    for e in session.history().done().iter().rev() {
        g.backward(e).map_err(|m| SaveError::Encode(format!("the history does not undo: {m}")))?;
    }
    let rec = SlideRecord {
        rows: board.rows(),
        cols: board.cols(),
        start: g.board().tiles().to_vec(),
        tiles: board.tiles().to_vec(),
        difficulty: info.difficulty.clone(),
        seed: info.seed,
    };
    let history = session
        .history()
        .map(|e: &SlideEdit| SlideEditRecord { gap_before: e.gap_before, steps: crate::slide::steps_to_text(&e.steps) });
    Ok((rec, history))
}

pub(super) fn restore_slide(
    rec: SlideRecord,
    history: History<SlideEditRecord>,
    elapsed_ms: u64,
) -> Result<(SlideSession, Board, SlideInfo), LoadError> {
    let board = Board::new(rec.rows, rec.cols, rec.tiles).map_err(|e| inconsistent(format!("board: {e}")))?;
    let start = Board::new(rec.rows, rec.cols, rec.start).map_err(|e| inconsistent(format!("start: {e}")))?;
    if !start.is_solvable() {
        return Err(inconsistent("the start board cannot be solved"));
    }
    let cells = rec.rows * rec.cols;
    let history = history.try_map(|undone, k, e: &SlideEditRecord| {
        let steps = e.steps.chars().map(dir_of).collect::<Option<Vec<Dir>>>();
        match steps {
            Some(steps) if !steps.is_empty() && e.gap_before < cells => Ok(SlideEdit { gap_before: e.gap_before, steps }),
            _ => Err(inconsistent(format!("{} step {k}: not a move this board can make", step_list(undone)))),
        }
    })?;
    let game = SlideGame::new(board);
    let mut g = game.clone();
    for (k, e) in history.done().iter().enumerate().rev() {
        g.backward(e).map_err(|m| inconsistent(format!("undo step {}: {m}", k + 1)))?;
    }
    if g.board() != &start {
        return Err(inconsistent("undoing the whole history does not lead back to the start board"));
    }
    let mut g = game.clone();
    for (k, e) in history.undone().iter().rev().enumerate() {
        g.forward(e).map_err(|m| inconsistent(format!("redo step {}: {m}", k + 1)))?;
    }
    let info = SlideInfo { difficulty: rec.difficulty, seed: rec.seed };
    Ok((Session::from_parts(game, history, Timer::paused_at(elapsed_ms)), start, info))
}
