//! The pencil-ink scratchpad every pen game shares: free-form notes kept as strokes in board
//! coordinates (so they survive any resize or rotation), added and erased as reversible edits,
//! and cleared from a cell when a value is written into it. A pencil stroke that is a
//! scratch-out (a zig-zag, as the pen reads it) rubs out the notes it crosses instead of being
//! kept ([`Scratchpad::plan_pencil`]): one rule here, the view only sends strokes.
//!
//! Vocabulary, the same in every game: *ink notes* are these strokes; typed marks in a cell
//! are *candidates*.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::EditMismatch;

/// The most points one ink note may hold; a longer one is almost certainly a runaway input.
pub const MAX_NOTE_POINTS: usize = 4096;

/// A point in board coordinates: (0, 0) is the top-left corner of the board, (1, 1) the
/// bottom-right. Serialised as `[x, y]`.
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

/// One ink note (a pencil stroke). `id` is unique among the notes currently on the board (the
/// id of a removed note may be given again to a later one).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct InkNote {
    pub id: u32,
    pub points: Vec<Point>,
}

impl InkNote {
    fn is_well_formed(&self) -> bool {
        !self.points.is_empty() && self.points.len() <= MAX_NOTE_POINTS && self.points.iter().all(|p| p.is_on_board())
    }
}

/// Why an ink note can't be added or removed. The board is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StrokeError {
    #[error("a pencil stroke needs at least one point")]
    EmptyStroke,
    #[error("a pencil stroke has a point that is not a number")]
    BadPoint,
    #[error("a pencil stroke has {points} points; at most {max} are kept")]
    StrokeTooLong { points: usize, max: usize },
    #[error("there is no pencil note with id {id}")]
    UnknownNote { id: u32 },
}

impl StrokeError {
    /// A stable machine-readable code for IPC (`{kind, message}`).
    pub fn kind(&self) -> &'static str {
        match self {
            StrokeError::EmptyStroke => "empty_stroke",
            StrokeError::BadPoint => "bad_point",
            StrokeError::StrokeTooLong { .. } => "stroke_too_long",
            StrokeError::UnknownNote { .. } => "unknown_note",
        }
    }
}

/// The ink part of an edit: notes added and notes removed. In a save they are the edit's
/// `notes_added` and `notes_removed` fields (omitted when empty).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct InkEdit {
    #[serde(default, rename = "notes_added", skip_serializing_if = "Vec::is_empty")]
    pub added: Vec<InkNote>,
    #[serde(default, rename = "notes_removed", skip_serializing_if = "Vec::is_empty")]
    pub removed: Vec<InkNote>,
}

impl InkEdit {
    pub fn is_empty(&self) -> bool {
        self.added.is_empty() && self.removed.is_empty()
    }
}

/// The ink notes on one board, sorted by id.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Scratchpad {
    notes: Vec<InkNote>,
}

impl Scratchpad {
    /// Notes read back from a save: well formed and in strictly increasing id order.
    pub fn from_notes(notes: Vec<InkNote>) -> Result<Scratchpad, String> {
        for (k, note) in notes.iter().enumerate() {
            if k > 0 && notes[k - 1].id >= note.id {
                return Err("pencil notes are not in id order or repeat an id".into());
            }
            if !note.is_well_formed() {
                return Err(format!("pencil note {} has no points, too many, or points off the board", note.id));
            }
        }
        Ok(Scratchpad { notes })
    }

    pub fn notes(&self) -> &[InkNote] {
        &self.notes
    }

    /// The edit that adds a stroke: points clamped onto the board and kept to 1/10000 of its
    /// side (a fifth of a pixel on a 4K screen), so saves stay short.
    pub fn plan_add(&self, stroke: &[Point]) -> Result<InkEdit, StrokeError> {
        if stroke.is_empty() {
            return Err(StrokeError::EmptyStroke);
        }
        if stroke.len() > MAX_NOTE_POINTS {
            return Err(StrokeError::StrokeTooLong { points: stroke.len(), max: MAX_NOTE_POINTS });
        }
        if !stroke.iter().all(|p| p.x.is_finite() && p.y.is_finite()) {
            return Err(StrokeError::BadPoint);
        }
        // A pen that slides just past the board's edge is still writing on it.
        let snap = |t: f32| (t.clamp(0.0, 1.0) * 10_000.0).round() / 10_000.0;
        let points = stroke.iter().map(|p| Point { x: snap(p.x), y: snap(p.y) }).collect();
        // The next id follows the last; only a crafted file can reach u32::MAX, and then the
        // first free id is used.
        let id = match self.notes.last() {
            None => 0,
            Some(last) => last
                .id
                .checked_add(1)
                .unwrap_or_else(|| (0u32..).zip(&self.notes).find(|(k, n)| *k != n.id).map_or(0, |(k, _)| k)),
        };
        Ok(InkEdit { added: vec![InkNote { id, points }], removed: vec![] })
    }

    /// The edit a pencil stroke makes on a board of `side` cells per side: a scratch-out (the
    /// pen's zig-zag gesture, judged against the cell size as when writing) that crosses notes
    /// removes them; any other stroke, or a zig-zag over nothing, is kept as a note.
    pub fn plan_pencil(&self, stroke: &[Point], side: usize) -> Result<InkEdit, StrokeError> {
        let add = self.plan_add(stroke)?;
        let cell = 1.0 / side.max(1) as f32;
        let ink = crate::ink::Stroke::new(
            stroke.iter().map(|p| crate::ink::Point { x: p.x, y: p.y, t: None, p: None }).collect(),
        );
        if crate::ink::gesture::classify(std::slice::from_ref(&ink), cell) != crate::ink::gesture::Gesture::ScratchOut {
            return Ok(add);
        }
        // A zig-zag crosses what lies under it: within a tenth of a cell of its line.
        let crossed = self.crossed_by(stroke, cell * 0.1);
        if crossed.is_empty() {
            return Ok(add);
        }
        self.plan_remove(&crossed)
    }

    /// Ids of the notes that come within `radius` of the polyline `path` (board units).
    pub fn crossed_by(&self, path: &[Point], radius: f32) -> Vec<u32> {
        let segs = |pts: &[Point]| -> Vec<(Point, Point)> {
            match pts {
                [] => vec![],
                [p] => vec![(*p, *p)],
                _ => pts.windows(2).map(|w| (w[0], w[1])).collect(),
            }
        };
        let path = segs(path);
        self.notes
            .iter()
            .filter(|note| segs(&note.points).iter().any(|&(c, d)| path.iter().any(|&(a, b)| seg_seg_dist(a, b, c, d) <= radius)))
            .map(|note| note.id)
            .collect()
    }

    /// The edit that erases notes by id (the eraser in pencil mode); empty if `ids` is.
    pub fn plan_remove(&self, ids: &[u32]) -> Result<InkEdit, StrokeError> {
        let mut ids = ids.to_vec();
        ids.sort_unstable();
        ids.dedup();
        let mut removed = Vec::with_capacity(ids.len());
        for id in ids {
            let k = self.find(id).map_err(|_| StrokeError::UnknownNote { id })?;
            removed.push(self.notes[k].clone());
        }
        Ok(InkEdit { added: vec![], removed })
    }

    /// Notes with most of their points inside cell (`row`, `col`) of an `n` x `n` board: writing
    /// a value there removes them, as a typed digit covers what was scribbled in its cell.
    pub fn in_cell(&self, n: usize, row: usize, col: usize) -> Vec<InkNote> {
        let cell_of = |t: f32| ((t * n as f32) as usize).min(n.saturating_sub(1));
        self.notes
            .iter()
            .filter(|note| {
                let inside = note.points.iter().filter(|p| cell_of(p.y) == row && cell_of(p.x) == col).count();
                inside * 2 > note.points.len()
            })
            .cloned()
            .collect()
    }

    /// Whether `edit` fits this board in the direction given: every note it takes away is on
    /// the board exactly as recorded, every note it puts down is absent and well formed.
    pub fn check(&self, edit: &InkEdit, forward: bool) -> Result<(), EditMismatch> {
        let (present, absent) = if forward { (&edit.removed, &edit.added) } else { (&edit.added, &edit.removed) };
        // An id may be in both lists (once in each): a jump back to a checkpoint replaces a
        // note by another that reused its id; the one taken away goes first.
        let (mut gone, mut put) = (HashSet::new(), HashSet::new());
        for (k, note) in present.iter().chain(absent).enumerate() {
            let ids = if k < present.len() { &mut gone } else { &mut put };
            if !ids.insert(note.id) {
                return Err(EditMismatch(format!("note {} appears twice in one edit", note.id)));
            }
            if !note.is_well_formed() {
                return Err(EditMismatch(format!("note {} has no points, too many, or points off the board", note.id)));
            }
        }
        for note in present {
            if self.find(note.id).map(|k| &self.notes[k]) != Ok(note) {
                return Err(EditMismatch(format!("note {} is not on the board as recorded", note.id)));
            }
        }
        for note in absent {
            if self.find(note.id).is_ok() && !gone.contains(&note.id) {
                return Err(EditMismatch(format!("note {} is already on the board", note.id)));
            }
        }
        Ok(())
    }

    /// Applies an edit that passed [`Scratchpad::check`] in the same direction.
    pub fn apply(&mut self, edit: &InkEdit, forward: bool) {
        let (remove, add) = if forward { (&edit.removed, &edit.added) } else { (&edit.added, &edit.removed) };
        for note in remove {
            if let Ok(k) = self.find(note.id) {
                self.notes.remove(k);
            }
        }
        for note in add {
            // Insert in id order so removing and restoring a note is an exact round trip.
            if let Err(k) = self.find(note.id) {
                self.notes.insert(k, note.clone());
            }
        }
    }

    fn find(&self, id: u32) -> Result<usize, usize> {
        self.notes.binary_search_by_key(&id, |n| n.id)
    }
}

fn point_seg_dist(p: Point, a: Point, b: Point) -> f32 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 { (((p.x - a.x) * dx + (p.y - a.y) * dy) / len2).clamp(0.0, 1.0) } else { 0.0 };
    ((p.x - (a.x + t * dx)).powi(2) + (p.y - (a.y + t * dy)).powi(2)).sqrt()
}

/// Distance between segments a-b and c-d (0 when they cross).
fn seg_seg_dist(a: Point, b: Point, c: Point, d: Point) -> f32 {
    let orient = |p: Point, q: Point, r: Point| ((q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x)).signum();
    if orient(a, b, c) * orient(a, b, d) < 0.0 && orient(c, d, a) * orient(c, d, b) < 0.0 {
        return 0.0;
    }
    point_seg_dist(a, c, d).min(point_seg_dist(b, c, d)).min(point_seg_dist(c, a, b)).min(point_seg_dist(d, a, b))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(x: f32, y: f32) -> Point {
        Point { x, y }
    }

    #[test]
    fn add_erase_and_round_trip() {
        let mut pad = Scratchpad::default();
        for k in 0..4 {
            let e = pad.plan_add(&[pt(0.1 + 0.2 * k as f32, 0.9)]).unwrap();
            pad.check(&e, true).unwrap();
            pad.apply(&e, true);
        }
        let before = pad.clone();
        let e = pad.plan_remove(&[2, 0, 2]).unwrap();
        assert_eq!(e.removed.iter().map(|n| n.id).collect::<Vec<_>>(), vec![0, 2]);
        pad.apply(&e, true);
        assert_eq!(pad.notes().iter().map(|n| n.id).collect::<Vec<_>>(), vec![1, 3]);
        assert!(pad.check(&e, true).is_err(), "the same erase does not fit twice");
        pad.check(&e, false).unwrap();
        pad.apply(&e, false);
        assert_eq!(pad, before);
        assert_eq!(pad.plan_remove(&[9]), Err(StrokeError::UnknownNote { id: 9 }));
        assert_eq!(pad.plan_add(&[]), Err(StrokeError::EmptyStroke));
        assert_eq!(pad.plan_add(&[pt(f32::NAN, 0.0)]), Err(StrokeError::BadPoint));
        // Points just off the board are clamped onto it.
        assert_eq!(pad.plan_add(&[pt(-0.01, 1.2)]).unwrap().added[0].points, vec![pt(0.0, 1.0)]);
    }

    /// A zig-zag over a 9x9 board's cell (row, col): seven strokes across it, top to bottom.
    fn zigzag(row: usize, col: usize) -> Vec<Point> {
        let (x, y, c) = ((col as f32 + 0.5) / 9.0, (row as f32 + 0.5) / 9.0, 1.0 / 9.0);
        (0..7).map(|k| pt(x + if k % 2 == 1 { 0.35 } else { -0.35 } * c, y - 0.3 * c + k as f32 * 0.1 * c)).collect()
    }

    #[test]
    fn a_pencil_scratch_out_rubs_out_the_notes_it_crosses_and_is_not_kept() {
        let mut pad = Scratchpad::default();
        let add = |pad: &mut Scratchpad, stroke: Vec<Point>| {
            let e = pad.plan_pencil(&stroke, 9).unwrap();
            assert!(e.removed.is_empty(), "a plain stroke is kept");
            pad.apply(&e, true);
        };
        // A little note in cell (2, 2), another in cell (6, 6).
        let c = 1.0 / 9.0;
        add(&mut pad, vec![pt(2.3 * c, 2.5 * c), pt(2.5 * c, 2.4 * c), pt(2.7 * c, 2.6 * c)]);
        add(&mut pad, vec![pt(6.3 * c, 6.5 * c), pt(6.7 * c, 6.5 * c)]);
        let e = pad.plan_pencil(&zigzag(2, 2), 9).unwrap();
        assert!(e.added.is_empty(), "the zig-zag is not a note");
        assert_eq!(e.removed.iter().map(|n| n.id).collect::<Vec<_>>(), vec![0], "only the note it crosses");
        pad.apply(&e, true);
        assert_eq!(pad.notes().iter().map(|n| n.id).collect::<Vec<_>>(), vec![1]);
        // A zig-zag over nothing is a note like any other stroke.
        let e = pad.plan_pencil(&zigzag(4, 4), 9).unwrap();
        assert_eq!((e.added.len(), e.removed.len()), (1, 0));
        // Bad strokes are refused before any reading.
        assert_eq!(pad.plan_pencil(&[], 9), Err(StrokeError::EmptyStroke));
        assert_eq!(pad.plan_pencil(&[pt(f32::NAN, 0.0)], 9), Err(StrokeError::BadPoint));
    }

    #[test]
    fn notes_mostly_inside_a_cell() {
        let mut pad = Scratchpad::default();
        // On a 4x4 board, cell (1,1) spans 0.25..0.5 on both axes.
        for stroke in [vec![pt(0.3, 0.3), pt(0.4, 0.45), pt(0.6, 0.4)], vec![pt(0.3, 0.3), pt(0.6, 0.4), pt(0.7, 0.4)]] {
            let e = pad.plan_add(&stroke).unwrap();
            pad.apply(&e, true);
        }
        assert_eq!(pad.in_cell(4, 1, 1).iter().map(|n| n.id).collect::<Vec<_>>(), vec![0]);
        assert!(Scratchpad::from_notes(vec![pad.notes()[1].clone(), pad.notes()[0].clone()]).is_err());
    }
}
