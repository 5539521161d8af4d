//! The Killer techniques (issue 42), on a board whose geometry has cages; on any other board
//! they find nothing at once.
//!
//! - **Cage combination**: the digit sets a cage's size and sum allow, less those its placed
//!   digits and its cells' candidates rule out; a cell keeps only their digits, and a digit
//!   every set needs with one cell left for it goes there.
//! - **Cage and unit**: a digit the cage must hold whose places in the cage all lie in one row,
//!   column or box leaves the rest of that unit; and a digit whose places in a unit all lie in
//!   one cage leaves that cage's other cells.
//! - **Innies and outies** (the 45 rule): a row, column or box holds every digit once, so its
//!   cells add up to 45 on a 9x9. The cages wholly inside give part of that; what is left is
//!   the sum of the cells of the cages that stick out (innies), and what those cages hold
//!   outside is the sum of the outies. One such cell left is placed; two left keep only the
//!   digits that pair up to their sum.
//! - **Innies and outies over several rows or columns**: the same over a run of neighbouring
//!   rows or columns (45 a unit). A hard step: the run has to be seen across the board.

use super::{bits, sym, Board, Step, Technique};
use crate::grid::Area;

/// The sets of the cage's size and sum that hold its placed digits and fit its open cells:
/// (the union of their open digits, the digits every one needs); (0, 0) when none does.
fn cage_digits(b: &Board, k: usize) -> (u16, u16) {
    let (placed, sets) = cage_sets(b, k);
    let (mut allowed, mut needed) = (0u16, u16::MAX);
    for set in sets {
        let rest = set & !placed;
        allowed |= rest;
        needed &= rest;
    }
    if allowed == 0 {
        (0, 0)
    } else {
        (allowed, needed)
    }
}

/// The cage's placed digits, and the sets of [`cage_digits`] themselves (also for the step's
/// sentence). The cage's cells are read once, not once per set: this runs for every cage at
/// every step.
fn cage_sets(b: &Board, k: usize) -> (u16, impl Iterator<Item = u16> + '_) {
    let cage = &b.geo.cages[k];
    let (mut placed, mut open, mut cells, mut m) = (0u16, 0u16, [0u16; 16], 0);
    for &c in &cage.cells {
        match b.values[c] {
            0 => {
                // A cage holds at most n <= 16 cells (`Geometry::variant`).
                if let Some(slot) = cells.get_mut(m) {
                    *slot = b.cands[c];
                    m += 1;
                }
                open |= b.cands[c];
            }
            v => placed |= 1 << (v - 1),
        }
    }
    let sets = crate::sudoku::exact::digit_sets(b.n(), cage.cells.len(), cage.sum);
    (placed, sets.iter().copied().filter(move |&set| crate::sudoku::exact::set_fits(set, placed, open, cells[..m].iter().copied())))
}

fn set_text(set: u16) -> String {
    bits(set).map(|v| sym(v).to_string()).collect::<Vec<_>>().join("+")
}

/// "the 3-cell cage of 15 at r1c1".
fn cage_name(b: &Board, k: usize) -> String {
    let cage = &b.geo.cages[k];
    format!("the {}-cell cage of {} at {}", cage.cells.len(), cage.sum, b.rc(cage.cells[0]))
}

pub(super) fn cage_combination(b: &Board) -> Option<Step> {
    for k in 0..b.geo.cages.len() {
        let cells = &b.geo.cages[k].cells;
        if cells.iter().all(|&c| b.values[c] != 0) {
            continue;
        }
        let (allowed, needed) = cage_digits(b, k);
        if allowed == 0 {
            continue;
        }
        let open = || cells.iter().copied().filter(|&c| b.values[c] == 0);
        let sets_text = || cage_sets(b, k).1.map(set_text).collect::<Vec<_>>().join(", ");
        if open().any(|c| b.cands[c] & !allowed != 0) {
            let out: Vec<usize> = open().filter(|&c| b.cands[c] & !allowed != 0).collect();
            let mut s = b.step(
                Technique::CageCombination,
                || format!("{} can only be made as {}, so its cells hold only those digits.", cage_name(b, k), sets_text()),
            );
            s.eliminations = b.cands_in(&out, !allowed);
            b.focus_all(&mut s, cells);
            return Some(s);
        }
        for v in bits(needed) {
            let mut places = open().filter(|&c| b.cands[c] & (1 << (v - 1)) != 0);
            if let (Some(c), None) = (places.next(), places.next()) {
                let mut s = b.step(
                    Technique::CageCombination,
                    || format!(
                        "{} can only be made as {}; each needs {}, and only {} can hold it.",
                        cage_name(b, k),
                        sets_text(),
                        sym(v),
                        b.rc(c)
                    ),
                );
                s.placements.push(b.placement(c, v));
                b.focus_value(&mut s, cells, v);
                return Some(s);
            }
        }
    }
    None
}

pub(super) fn cage_unit(b: &Board) -> Option<Step> {
    // A digit the cage must hold, confined within it to one unit.
    for k in 0..b.geo.cages.len() {
        let cells = &b.geo.cages[k].cells;
        let (_, needed) = cage_digits(b, k);
        for v in bits(needed) {
            let bit = 1u16 << (v - 1);
            let places: Vec<usize> = cells.iter().copied().filter(|&c| b.values[c] == 0 && b.cands[c] & bit != 0).collect();
            let Some(&first) = places.first() else { continue };
            for &u in &b.geo.cell_units[first] {
                if !places.iter().all(|&c| b.geo.cell_units[c].contains(&u)) {
                    continue;
                }
                let elim: Vec<usize> = b.positions(u, v).iter().copied().filter(|c| !cells.contains(c)).collect();
                if elim.is_empty() {
                    continue;
                }
                let mut s = b.step(
                    Technique::CageUnit,
                    || format!(
                        "{} must hold {}, and it can only be in {}, so {} leaves the rest of {}.",
                        cage_name(b, k),
                        sym(v),
                        b.unit_name(u),
                        sym(v),
                        b.unit_name(u)
                    ),
                );
                s.eliminations = b.cands_of(&elim, v);
                b.focus_value(&mut s, cells, v);
                s.focus_candidates = b.cands_of(&places, v);
                return Some(s);
            }
        }
    }
    // A unit's digit whose places all lie in one cage.
    if b.geo.cages.is_empty() {
        return None;
    }
    for u in 0..b.geo.units.len() {
        for v in 1..=b.n() as u8 {
            if b.unit_has_value(u, v) {
                continue;
            }
            let places = b.positions(u, v);
            let Some(k) = places.first().and_then(|&c| b.geo.cage_of[c]) else { continue };
            if !places.iter().all(|&c| b.geo.cage_of[c] == Some(k)) {
                continue;
            }
            let cells = &b.geo.cages[usize::from(k)].cells;
            let bit = 1u16 << (v - 1);
            let elim: Vec<usize> =
                cells.iter().copied().filter(|c| !places.contains(c) && b.values[*c] == 0 && b.cands[*c] & bit != 0).collect();
            if elim.is_empty() {
                continue;
            }
            let mut s = b.step(
                Technique::CageUnit,
                || format!(
                    "In {}, {} can only be in {}, so that cage holds it there and its other cells lose {}.",
                    b.unit_name(u),
                    sym(v),
                    cage_name(b, usize::from(k)),
                    sym(v)
                ),
            );
            s.eliminations = b.cands_of(&elim, v);
            b.focus_value(&mut s, &places, v);
            return Some(s);
        }
    }
    None
}

/// An area's name, for the sentence.
fn area_name(area: Area, b: &Board) -> String {
    match area {
        Area::Unit(u) => b.unit_name(u).to_string(),
        Area::Rows(start, len) => format!("rows {} to {}", start + 1, start + len),
        Area::Columns(start, len) => format!("columns {} to {}", start + 1, start + len),
    }
}

pub(super) fn innies_outies(b: &Board) -> Option<Step> {
    sums_over(b, Technique::InniesOuties, |area| matches!(area, Area::Unit(_)))
}

pub(super) fn innies_outies_runs(b: &Board) -> Option<Step> {
    sums_over(b, Technique::InniesOutiesRuns, |area| !matches!(area, Area::Unit(_)))
}

/// The 45 rule over the areas `among` takes, as `technique`.
fn sums_over(b: &Board, technique: Technique, among: impl Fn(Area) -> bool) -> Option<Step> {
    let mut open = Vec::new();
    for a in b.geo.sum_areas().iter().filter(|a| among(a.area)) {
        let outies = a.outies.as_ref().map(|(cells, sum)| (cells, *sum, "outies"));
        for (cells, sum, side) in std::iter::once((&a.innies, a.innie_sum, "innies")).chain(outies) {
            let known: i32 = cells.iter().map(|&c| i32::from(b.values[c])).sum();
            open.clear();
            open.extend(cells.iter().copied().filter(|&c| b.values[c] == 0));
            if let Some(s) = sum_step(b, technique, &open, sum - known, || area_name(a.area, b), side) {
                return Some(s);
            }
        }
    }
    None
}

/// One or two open cells whose digits add up to `left` (`area` names where, for the sentence).
fn sum_step(b: &Board, technique: Technique, open: &[usize], left: i32, area: impl Fn() -> String, side: &str) -> Option<Step> {
    let why = |what: String| format!("By the 45 rule on {}, the {side} {what}", area());
    match *open {
        [c] => {
            let v = u8::try_from(left).ok().filter(|&v| v >= 1 && usize::from(v) <= b.n())?;
            if b.cands[c] & (1 << (v - 1)) == 0 {
                return None;
            }
            let mut s = b.step(technique, || why(format!("{} must be {}.", b.rc(c), sym(v))));
            s.placements.push(b.placement(c, v));
            b.focus_all(&mut s, open);
            Some(s)
        }
        [p, q] => {
            let fits = |a: usize, other: usize, v: u8| {
                let w = left - i32::from(v);
                (1..=b.n() as i32).contains(&w)
                    && b.cands[other] & (1 << (w - 1)) != 0
                    && !(w == i32::from(v) && b.sees(a, other))
            };
            // The eliminations first: most pairs have none, and their sentence is then unwritten.
            let mut eliminations = Vec::new();
            for (a, other) in [(p, q), (q, p)] {
                for v in bits(b.cands[a]) {
                    if !fits(a, other, v) {
                        eliminations.push(b.cand(a, v));
                    }
                }
            }
            if eliminations.is_empty() {
                return None;
            }
            let mut s = b.step(
                technique,
                || why(format!("{} and {} add up to {}, so each keeps only digits that pair up to it.", b.rc(p), b.rc(q), left)),
            );
            s.eliminations = eliminations;
            b.focus_all(&mut s, open);
            Some(s)
        }
        _ => None,
    }
}
