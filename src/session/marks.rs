//! Corner and centre marks, the serious solver's pencil marks (#43): a **corner mark** is
//! Snyder notation (a digit that can only go in two or three cells of a unit, written small in
//! those cells' corners, kept in the order written), a **centre mark** is a cell's candidate
//! list (small, in the middle, shown in ascending order). Both are layers of their own beside
//! the typed candidate slots: set by moves, undone, saved. A value written over them hides
//! them; they come back when it goes (as SudokuPad does), so they may sit under a value.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::cells::{bit, full_mask};
use super::EditMismatch;
use crate::grid::{symbol_char, symbol_value};

/// Which mark a move writes: a corner or centre mark (this layer), or a typed candidate slot
/// (the cell's own candidates: `Candidate` is never a mark of this layer, so
/// [`CellMarks::has`] is false and [`CellMarks::with`] leaves the marks as they are).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MarkKind {
    Corner,
    Centre,
    Candidate,
}

/// One cell's marks. Written as one string: the corner digits in the order they were added,
/// then `/` and the centre digits when there are any (`"27"`, `"/139"`, `"27/139"`, `""`), each
/// digit as the board writes it (`1`-`9`, `A`-`G`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct CellMarks {
    /// Distinct digits in the order written.
    pub corner: Vec<u8>,
    /// Bit `v - 1` = `v`.
    pub centre: u32,
}

impl CellMarks {
    pub fn is_empty(&self) -> bool {
        self.corner.is_empty() && self.centre == 0
    }

    pub fn has(&self, kind: MarkKind, v: u8) -> bool {
        match kind {
            MarkKind::Corner => self.corner.contains(&v),
            MarkKind::Centre => self.centre & bit(v) != 0,
            MarkKind::Candidate => false,
        }
    }

    /// With `v` added to (`on`) or taken from the `kind` marks.
    pub fn with(&self, kind: MarkKind, v: u8, on: bool) -> CellMarks {
        let mut m = self.clone();
        match (kind, on) {
            (MarkKind::Corner, true) if !m.corner.contains(&v) => m.corner.push(v),
            (MarkKind::Corner, false) => m.corner.retain(|&d| d != v),
            (MarkKind::Centre, true) => m.centre |= bit(v),
            (MarkKind::Centre, false) => m.centre &= !bit(v),
            _ => {}
        }
        m
    }

    /// Without `v` in either mark.
    pub fn without(&self, v: u8) -> CellMarks {
        self.with(MarkKind::Corner, v, false).with(MarkKind::Centre, v, false)
    }

    /// Whether a cell of an `n` x `n` board could hold these: digits `1..=n`, each corner digit
    /// once.
    pub fn fits(&self, n: usize) -> bool {
        let mut seen = 0u32;
        self.corner.iter().all(|&v| {
            let ok = v >= 1 && v as usize <= n && seen & bit(v) == 0;
            seen |= bit(v);
            ok
        }) && self.centre & !full_mask(n) == 0
    }

    /// The centre digits, ascending.
    pub fn centre_digits(&self) -> Vec<u8> {
        (1..=32u8).filter(|&v| self.centre & bit(v) != 0).collect()
    }
}

impl fmt::Display for CellMarks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let corner: String = self.corner.iter().map(|&v| symbol_char(v)).collect();
        if self.centre == 0 {
            return f.write_str(&corner);
        }
        let centre: String = self.centre_digits().into_iter().map(symbol_char).collect();
        write!(f, "{corner}/{centre}")
    }
}

impl From<CellMarks> for String {
    fn from(m: CellMarks) -> String {
        m.to_string()
    }
}

impl TryFrom<String> for CellMarks {
    type Error = String;

    /// Strict: symbols only (at most 16), each corner digit once, one `/` at most. Whether the
    /// digits fit the board is the board's check ([`CellMarks::fits`]).
    fn try_from(s: String) -> Result<CellMarks, String> {
        let (corner, centre) = s.split_once('/').unwrap_or((&s, ""));
        // Upper case only: one spelling per mark, so a file reads back byte for byte.
        let digit = |c: char| symbol_value(c).filter(|_| !c.is_ascii_lowercase()).ok_or_else(|| format!("{c:?} is not a digit of a mark"));
        let mut m = CellMarks::default();
        for c in corner.chars() {
            let v = digit(c)?;
            if m.corner.contains(&v) {
                return Err(format!("corner mark {c} twice in {s:?}"));
            }
            m.corner.push(v);
        }
        for c in centre.chars() {
            m.centre |= bit(digit(c)?);
        }
        if s.contains('/') && m.centre == 0 {
            return Err(format!("an empty centre mark in {s:?}"));
        }
        Ok(m)
    }
}

/// One cell's change of marks. Serialised as `[cell, before, after]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "(u16, CellMarks, CellMarks)", into = "(u16, CellMarks, CellMarks)")]
pub struct MarkChange {
    /// Row-major cell index.
    pub cell: u16,
    pub before: CellMarks,
    pub after: CellMarks,
}

impl From<(u16, CellMarks, CellMarks)> for MarkChange {
    fn from((cell, before, after): (u16, CellMarks, CellMarks)) -> Self {
        MarkChange { cell, before, after }
    }
}

impl From<MarkChange> for (u16, CellMarks, CellMarks) {
    fn from(c: MarkChange) -> Self {
        (c.cell, c.before, c.after)
    }
}

/// The marks of every cell of a board, row-major.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Marks {
    cells: Vec<CellMarks>,
}

impl Marks {
    pub fn new(cells: usize) -> Marks {
        Marks { cells: vec![CellMarks::default(); cells] }
    }

    /// Marks read back from a save: empty (none, as in files written before marks), or one
    /// per cell that fits an `n` x `n` board.
    pub fn from_saved(saved: Vec<CellMarks>, n: usize) -> Result<Marks, String> {
        if saved.is_empty() {
            return Ok(Marks::new(n * n));
        }
        if saved.len() != n * n {
            return Err(format!("{} cells of marks for {} cells", saved.len(), n * n));
        }
        if let Some(i) = saved.iter().position(|m| !m.fits(n)) {
            return Err(format!("r{}c{} holds a mark that is not a digit of the board", i / n + 1, i % n + 1));
        }
        Ok(Marks { cells: saved })
    }

    /// For a save: empty when no cell has a mark, so such a file reads as an older one.
    pub fn to_saved(&self) -> Vec<CellMarks> {
        if self.is_empty() {
            Vec::new()
        } else {
            self.cells.clone()
        }
    }

    pub fn is_empty(&self) -> bool {
        self.cells.iter().all(CellMarks::is_empty)
    }

    pub fn get(&self, i: usize) -> &CellMarks {
        static NONE: CellMarks = CellMarks { corner: Vec::new(), centre: 0 };
        self.cells.get(i).unwrap_or(&NONE)
    }

    /// The changes that toggle `v` as a `kind` mark over `cells` (checked indices) as one: if
    /// every one of them has it, it goes from all; otherwise it is added where it is missing.
    pub fn plan_toggle(&self, cells: &[usize], kind: MarkKind, v: u8) -> Vec<MarkChange> {
        let on = !cells.iter().all(|&i| self.get(i).has(kind, v));
        self.plan(cells, |m| m.with(kind, v, on))
    }

    /// The changes that give each of `cells` (checked) the marks `f` makes of its own.
    pub fn plan(&self, cells: &[usize], f: impl Fn(&CellMarks) -> CellMarks) -> Vec<MarkChange> {
        let mut idx = cells.to_vec();
        idx.sort_unstable();
        idx.dedup();
        idx.into_iter()
            .filter_map(|i| {
                let before = self.get(i).clone();
                let after = f(&before);
                (after != before).then(|| MarkChange { cell: i as u16, before, after })
            })
            .collect()
    }

    /// Whether `changes` fit this board (of side `n`) in the direction given.
    pub fn check(&self, changes: &[MarkChange], n: usize, forward: bool) -> Result<(), EditMismatch> {
        let mut seen = std::collections::HashSet::new();
        for c in changes {
            let i = c.cell as usize;
            if i >= self.cells.len() {
                return Err(EditMismatch(format!("marked cell {i} is outside the board")));
            }
            if !seen.insert(i) {
                return Err(EditMismatch(format!("cell {i} changes marks twice in one edit")));
            }
            if !c.before.fits(n) || !c.after.fits(n) || c.before == c.after {
                return Err(EditMismatch(format!("cell {i} gets marks that are not digits of the board, or no change")));
            }
            let now = if forward { &c.before } else { &c.after };
            if &self.cells[i] != now {
                return Err(EditMismatch(format!("cell {i} does not hold the marks recorded")));
            }
        }
        Ok(())
    }

    /// Applies changes that passed [`Marks::check`] in the same direction.
    pub fn apply(&mut self, changes: &[MarkChange], forward: bool) {
        for c in changes {
            self.cells[c.cell as usize] = if forward { c.after.clone() } else { c.before.clone() };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(s: &str) -> CellMarks {
        CellMarks::try_from(s.to_string()).unwrap()
    }

    #[test]
    fn a_cells_marks_read_and_write_as_one_string() {
        for s in ["", "27", "/139", "27/139", "9A/G", "72"] {
            assert_eq!(m(s).to_string(), s);
        }
        assert_eq!(m("2/931").to_string(), "2/139", "centre digits are shown in order");
        assert_eq!(m("72").corner, vec![7, 2], "corner digits keep the order written");
        for bad in ["22", "/", "2/", "x", "1/2/3", "0", " 1"] {
            assert!(CellMarks::try_from(bad.to_string()).is_err(), "{bad:?}");
        }
        assert!(m("9").fits(9) && !m("9").fits(6) && !m("/7").fits(6));
        let json = serde_json::to_string(&MarkChange { cell: 4, before: m(""), after: m("3/12") }).unwrap();
        assert_eq!(json, r#"[4,"","3/12"]"#);
    }

    #[test]
    fn a_toggle_over_many_cells_adds_where_missing_or_takes_from_all() {
        let mut b = Marks::new(16);
        let add = b.plan_toggle(&[1, 2], MarkKind::Corner, 3);
        b.check(&add, 4, true).unwrap();
        b.apply(&add, true);
        let more = b.plan_toggle(&[1, 2, 5], MarkKind::Corner, 3);
        assert_eq!(more.len(), 1, "only the cell without it changes");
        b.apply(&more, true);
        let gone = b.plan_toggle(&[1, 2, 5], MarkKind::Corner, 3);
        assert_eq!(gone.len(), 3);
        b.apply(&gone, true);
        assert!(b.is_empty());
        b.apply(&gone, false);
        assert_eq!(b.get(5), &m("3"));
        assert!(b.check(&gone, 4, true).is_ok() && b.check(&add, 4, true).is_err(), "a stale change is refused");
        assert!(b.check(&[MarkChange { cell: 1, before: m("3"), after: m("39") }], 4, true).is_err(), "9 is not a digit of a 4x4");
    }

    #[test]
    fn saved_marks_are_checked_and_none_is_saved_as_nothing() {
        assert_eq!(Marks::from_saved(vec![], 4).unwrap(), Marks::new(16));
        assert!(Marks::from_saved(vec![m("1")], 4).is_err());
        let mut cells = vec![CellMarks::default(); 16];
        cells[3] = m("5");
        assert!(Marks::from_saved(cells.clone(), 4).unwrap_err().contains("r1c4"));
        cells[3] = m("4/12");
        assert_eq!(Marks::from_saved(cells.clone(), 4).unwrap().to_saved(), cells);
        assert!(Marks::new(16).to_saved().is_empty());
    }
}
