//! The human solver's easy, medium and hard techniques on the bit-set board, for the variants'
//! generator: its dig asks, for each given it takes out, whether the techniques within a
//! level put the cell back, and the human board (`human`) asks that several times slower.
//!
//! What the techniques find does not depend on the order they are tried in (each one's
//! deductions, on a board with fewer candidates, are still found by it or by a smaller
//! technique of the same level, and a puzzle with a solution runs into no contradiction), so
//! their closure here, cheapest first, is where the human path within the level stops; tested
//! against it board for board (`variants::generator`).

use std::sync::{Arc, OnceLock};

use super::{Cells, Search, State, Tables};
use crate::grid::{Area, Geometry};
use crate::sudoku::{exact, Difficulty};

/// Units on a board of up to 128 cells: rows, columns, boxes or regions, two diagonals.
const MAX_UNITS: usize = 3 * 11 + 2;

/// How far [`Techniques::close`] goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Reach {
    /// The singles and a Killer's cage combinations: the human easy level.
    Easy,
    /// Past easy, locked candidates between any two units (pointing and claiming, through a
    /// jigsaw's regions and an X's diagonals), a Killer's cage and unit and innies and outies
    /// of one unit, and naked and hidden pairs and triples: the human medium level.
    Medium,
    /// Past medium, a Killer's innies and outies over runs of rows or columns, the fish of rows
    /// and columns (X-wing, swordfish, jellyfish), naked and hidden quads, and the XY-, XYZ-
    /// and W-wings: the human hard level.
    Hard,
}

impl Reach {
    /// How far the techniques go within `level`: easy, medium and hard are theirs whole.
    pub(crate) fn within(level: Difficulty) -> Option<Reach> {
        match level {
            Difficulty::Easy => Some(Reach::Easy),
            Difficulty::Medium => Some(Reach::Medium),
            Difficulty::Hard => Some(Reach::Hard),
            Difficulty::Expert => None,
        }
    }
}

/// The techniques on one variant's geometry, made once for a generator's dig.
pub(crate) struct Techniques {
    /// The geometry they were made of: its units' and cages' cell lists, read where they are
    /// (a Killer's generator makes techniques for every cut, and copying its few hundred lists
    /// cost more than the sets below).
    geo: Arc<Geometry>,
    t: Tables<2>,
    /// For each unit, the other units sharing two or more cells with it (where a digit's
    /// places can all lie in both).
    crossing: Vec<Vec<usize>>,
    /// Each cage's cells as a set, in the geometry's order.
    cage_sets: Vec<Cells<2>>,
    /// What the 45 rule says ([`Sums`]), made the first time medium looks (easy never does).
    sums: OnceLock<Sums>,
}

/// What the 45 rule says, as sets: cells (an area's innies or its outies), their sum, and where
/// the geometry lists them ([`Techniques::sum_cells`]).
struct Sums {
    all: Vec<(Cells<2>, i32, SumOf)>,
    /// How many of `all` are over one unit (they come first): medium's; the rest, over runs of
    /// rows or columns, are hard's.
    of_units: usize,
}

impl Sums {
    fn of(geo: &Geometry) -> Sums {
        let all: Vec<(Cells<2>, i32, SumOf)> = geo
            .sum_areas()
            .iter()
            .enumerate()
            .flat_map(|(k, a)| {
                let innies = (Cells::of(&a.innies), a.innie_sum, SumOf::Innies(k));
                std::iter::once(innies).chain(a.outies.as_ref().map(|(cells, sum)| (Cells::of(cells), *sum, SumOf::Outies(k))))
            })
            .collect();
        // `Geometry::sum_areas` lists the units before the runs.
        let of_units = all.iter().take_while(|&&(_, _, of)| matches!(geo.sum_areas()[of.area()].area, Area::Unit(_))).count();
        Sums { all, of_units }
    }

    /// The sums the techniques within `reach` read.
    fn within(&self, reach: Reach) -> &[(Cells<2>, i32, SumOf)] {
        if reach == Reach::Hard {
            &self.all
        } else {
            &self.all[..self.of_units]
        }
    }
}

/// Which area's innies or outies one of [`Sums`] is (an index into
/// `Geometry::sum_areas`).
#[derive(Clone, Copy)]
enum SumOf {
    Innies(usize),
    Outies(usize),
}

impl SumOf {
    fn area(self) -> usize {
        match self {
            SumOf::Innies(k) | SumOf::Outies(k) => k,
        }
    }
}

/// What the techniques make of a puzzle and the cells asked of ([`Techniques::close`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Closure {
    /// They fill every cell asked of.
    Filled,
    /// They stop short of one: where, if asked for.
    Stuck(Option<Stop>),
    /// The puzzle breaks a rule, or the techniques run into a contradiction (no solution).
    Broken,
}

/// A board the techniques have taken as far as they go ([`Techniques::reach`]), to carry
/// forward while givens are put back one by one. At medium, with where they found nothing,
/// so the next given costs the steps it opens up, not a look at every unit and cage again
/// (at easy the looks are few, and copying the marks cost more than they spared).
#[derive(Clone)]
pub(crate) struct Reached {
    st: State<2>,
    // Boxed: the board moves several times a given on its way through `add_back`.
    quiet: Option<Box<Quiet>>,
}

impl Reached {
    /// Whether every cell is filled.
    pub(crate) fn is_solved(&self) -> bool {
        self.st.unsolved.is_empty()
    }

    /// Whether every cell of `cells` is filled.
    pub(crate) fn fills(&self, cells: &Cells<2>) -> bool {
        cells.and(self.st.unsolved).is_empty()
    }
}

/// Where each technique last found nothing: it looks again only where that changed. What a
/// technique finds depends only on what it reads (a unit's candidates, a digit's cells, a
/// cage's candidates), so a mark stays true on any later board of the same puzzle with more
/// givens. The cage marks hold for the reach they were made at (medium reads more there than
/// easy; hard as medium).
#[derive(Clone)]
struct Quiet {
    reach: Reach,
    /// Each unit's candidates where the pairs and triples last found nothing in it.
    units: [[u16; 16]; MAX_UNITS],
    /// Each digit's cells where locked candidates last found nothing for it.
    digits: [Cells<2>; 16],
    /// Each digit's open cells where cage and unit last found nothing for it.
    in_cage: [Cells<2>; 16],
    /// Each cage's cells' candidates where its techniques last found nothing.
    cages: Vec<[u16; 16]>,
    /// The hard techniques' marks, made the first time they look (boxed: the easy and medium
    /// closures, most of them, never zero or copy them).
    hard: Option<Box<HardQuiet>>,
}

/// Where the hard techniques last found nothing.
#[derive(Clone)]
struct HardQuiet {
    /// Each unit's candidates where the quads last found nothing in it.
    quads: [[u16; 16]; MAX_UNITS],
    /// Each digit's cells where the fish last found nothing for it.
    fish: [Cells<2>; 16],
}

impl HardQuiet {
    fn new() -> HardQuiet {
        HardQuiet { quads: [[0u16; 16]; MAX_UNITS], fish: [Cells::EMPTY; 16] }
    }
}

impl Quiet {
    // Inlined, the marks are zeroed where they live, not built and copied there (1 % of a
    // hard Killer).
    #[inline(always)]
    fn new(reach: Reach, cages: usize) -> Quiet {
        Quiet {
            reach,
            units: [[0u16; 16]; MAX_UNITS],
            digits: [Cells::EMPTY; 16],
            in_cage: [Cells::EMPTY; 16],
            cages: vec![[0u16; 16]; cages],
            hard: None,
        }
    }

    /// These marks for the techniques within `reach`: between medium and hard every mark but
    /// the hard techniques' own is of the same technique, so it holds.
    fn towards(self, reach: Reach) -> Quiet {
        match (self.reach, reach) {
            (from, to) if from == to => self,
            (Reach::Medium | Reach::Hard, Reach::Medium | Reach::Hard) => Quiet { reach, hard: None, ..self },
            _ => Quiet::new(reach, self.cages.len()),
        }
    }
}

/// The board where the techniques stop: each cell's value (0 for none) and candidates (a mask,
/// bit d-1 for digit d; none on a filled cell).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Stop {
    pub values: Vec<u8>,
    pub cands: Vec<u16>,
}

impl Techniques {
    /// `None` for a board over 128 cells (the variants come at 6x6 and 9x9).
    pub(crate) fn of(geo: &Arc<Geometry>) -> Option<Techniques> {
        if geo.n * geo.n > 128 || geo.units.len() > MAX_UNITS {
            return None;
        }
        let t = Tables::of(geo);
        let crossing = (0..t.units.len())
            .map(|u| (0..t.units.len()).filter(|&v| v != u && t.units[u].and(t.units[v]).few() >= 2).collect())
            .collect();
        Some(Techniques {
            geo: Arc::clone(geo),
            t,
            crossing,
            cage_sets: geo.cages.iter().map(|k| Cells::of(&k.cells)).collect(),
            sums: OnceLock::new(),
        })
    }

    /// The cells of one of [`Sums`], as the geometry lists them.
    fn sum_cells(&self, of: SumOf) -> &[usize] {
        match of {
            SumOf::Innies(k) => &self.geo.sum_areas()[k].innies,
            SumOf::Outies(k) => self.geo.sum_areas()[k].outies.as_ref().map_or(&[], |(cells, _)| cells),
        }
    }

    /// Whether the techniques within `reach` fill every cell of `cells` from the puzzle
    /// `values`. They are the human solver's, the same rules over the same units, peers and
    /// cages: the singles (a cage's cells are peers, not a unit); a cage's combinations
    /// (`human::cages`: the digit sets of its size and sum that hold its placed digits and fit
    /// its open cells; its open cells keep only their digits, and a digit every set needs with
    /// one cell left goes there); at medium, locked candidates, cage and unit, innies and
    /// outies of one unit (the same areas and sums, `Geometry::sum_areas`) and naked and hidden
    /// subsets of two and three; at hard, innies and outies over runs of rows or columns, the
    /// fish of rows and columns, quads and the XY-, XYZ- and W-wings (on the same peers, a
    /// cage's among them). With `stop`, a stuck answer says where they stopped.
    pub(crate) fn close(&self, values: &[u8], cells: &[usize], reach: Reach, stop: bool) -> Closure {
        let goal = Cells::of(cells);
        match self.closure(values, Some(goal), reach, &mut self.quiet(reach)) {
            None => Closure::Broken,
            Some(st) if st.unsolved.and(goal).is_empty() => Closure::Filled,
            Some(st) => Closure::Stuck(stop.then(|| self.stop(&st))),
        }
    }

    fn stop(&self, st: &State<2>) -> Stop {
        let (placed, cands) = (self.placed(st), self.masks(st));
        Stop {
            values: placed[..self.t.cells].iter().map(|&b| if b == 0 { 0 } else { b.trailing_zeros() as u8 + 1 }).collect(),
            cands: cands[..self.t.cells].to_vec(),
        }
    }

    /// The state where the closure stops (early once `goal` is filled, if any), with its
    /// marks in `quiet`; `None` on a broken puzzle or a contradiction.
    fn closure(&self, values: &[u8], goal: Option<Cells<2>>, reach: Reach, quiet: &mut Quiet) -> Option<State<2>> {
        if values.len() != self.t.cells {
            return None;
        }
        let mut st = super::start(&self.t, values, None)?;
        self.advance(&mut st, quiet, goal, reach).then_some(st)
    }

    #[inline(always)]
    fn quiet(&self, reach: Reach) -> Quiet {
        Quiet::new(reach, self.cage_sets.len())
    }

    /// Takes `st` as far as the techniques within `reach` go (or until `goal` is filled);
    /// false on a contradiction. The cheaper techniques go first, and the singles run again
    /// after anything changes.
    fn advance(&self, st: &mut State<2>, quiet: &mut Quiet, goal: Option<Cells<2>>, reach: Reach) -> bool {
        let search = Search { t: &self.t, limit: 0, count: 0, first: None };
        if quiet.reach != reach {
            *quiet = std::mem::replace(quiet, self.quiet(Reach::Easy)).towards(reach);
        }
        loop {
            if !search.propagate_until(st, goal) {
                return false;
            }
            if goal.is_some_and(|g| st.unsolved.and(g).is_empty()) {
                return true;
            }
            if self.cages(&search, st, reach, &mut quiet.cages) {
                continue;
            }
            if reach == Reach::Easy {
                return true;
            }
            let changed = self.locked(st, &mut quiet.digits)
                || self.unit_in_cage(st, &mut quiet.in_cage)
                || self.innies_outies(&search, st, reach)
                || self.subsets(st, &mut quiet.units, &[2, 3])
                || (reach == Reach::Hard && {
                    let hard = quiet.hard.get_or_insert_with(|| Box::new(HardQuiet::new()));
                    self.subsets(st, &mut hard.quads, &[4]) || self.fish(st, &mut hard.fish) || self.wings(st)
                });
            if !changed {
                return true;
            }
        }
    }

    /// The puzzle `values` taken as far as the techniques within `reach` go; `None` if it is
    /// broken or they run into a contradiction.
    pub(crate) fn reach(&self, values: &[u8], reach: Reach) -> Option<Reached> {
        if values.len() != self.t.cells {
            return None;
        }
        self.carry_on(super::start(&self.t, values, None)?, None, reach)
    }

    /// `from` with digit `digit` (1-based) written in `cell`, taken as far as the techniques
    /// within `reach` go from there: what they found without it still holds, so this is where
    /// they stop on the puzzle with that given more. `None` on a contradiction.
    pub(crate) fn place_and_reach(&self, from: &Reached, cell: usize, digit: u8, reach: Reach) -> Option<Reached> {
        let mut st = from.st;
        let search = Search { t: &self.t, limit: 0, count: 0, first: None };
        let d = usize::from(digit).checked_sub(1)?;
        if cell >= self.t.cells || d >= self.t.n || !search.place(&mut st, cell, d) {
            return None;
        }
        self.carry_on(st, from.quiet.as_deref(), reach)
    }

    /// `from` taken further, as far as the techniques within `reach` go.
    pub(crate) fn go_on(&self, from: &Reached, reach: Reach) -> Option<Reached> {
        self.carry_on(from.st, from.quiet.as_deref(), reach)
    }

    /// `st` taken as far as the techniques within `reach` go, from the marks `from` (what of
    /// them holds within `reach`); at medium and hard the marks go on with the board.
    fn carry_on(&self, mut st: State<2>, from: Option<&Quiet>, reach: Reach) -> Option<Reached> {
        match reach {
            Reach::Medium | Reach::Hard => {
                let mut quiet = Box::new(from.map_or_else(|| self.quiet(reach), |q| q.clone().towards(reach)));
                self.advance(&mut st, &mut quiet, None, reach).then_some(Reached { st, quiet: Some(quiet) })
            }
            Reach::Easy => {
                let mut quiet = self.quiet(reach);
                self.advance(&mut st, &mut quiet, None, reach).then_some(Reached { st, quiet: None })
            }
        }
    }

    /// Each filled cell's digit as a bit (bit d for digit d + 1); none on an unsolved cell.
    fn placed(&self, st: &State<2>) -> [u16; 128] {
        self.digits_of(st, self.t.all.and_not(st.unsolved))
    }

    /// Each unsolved cell's candidates (bit d for digit d + 1).
    fn masks(&self, st: &State<2>) -> [u16; 128] {
        self.digits_of(st, st.unsolved)
    }

    /// The digits each cell of `among` may hold (bit d for digit d + 1); none elsewhere.
    fn digits_of(&self, st: &State<2>, among: Cells<2>) -> [u16; 128] {
        let mut out = [0u16; 128];
        for d in 0..self.t.n {
            for (k, &w) in st.pos[d].and(among).0.iter().enumerate() {
                let mut w = w;
                while w != 0 {
                    out[k * 64 + w.trailing_zeros() as usize] |= 1 << d;
                    w &= w - 1;
                }
            }
        }
        out
    }

    /// Each cage's techniques once, over the cages whose cells changed since they last found
    /// nothing there (`quiet`): its combinations, the digit sets of its size and sum that hold
    /// its placed digits and fit its open cells (its open cells keep only their digits, a
    /// digit every set needs with one cell left goes there), and at medium a digit every set
    /// needs whose places in the cage all lie in one unit leaves the rest of that unit.
    /// Whether anything changed (a digit placed ends the pass at once: the candidates read at
    /// its start no longer hold).
    fn cages(&self, search: &Search<'_, 2>, st: &mut State<2>, reach: Reach, quiet: &mut [[u16; 16]]) -> bool {
        if self.cage_sets.is_empty() {
            return false;
        }
        let n = self.t.n;
        let mut cands = self.masks(st);
        let placed_at = self.placed(st);
        let mut changed = false;
        for ((cage, set), quiet) in self.geo.cages.iter().zip(&self.cage_sets).zip(quiet.iter_mut()) {
            let (cells, sum) = (&cage.cells, cage.sum);
            // Most cages are full on a fairly full board.
            if set.and(st.unsolved).is_empty() {
                continue;
            }
            let now = gather(&cands, cells);
            if now == *quiet {
                continue;
            }
            let (mut placed, mut open, mut masks, mut m) = (0u16, 0u16, [0u16; 16], 0);
            for &c in cells {
                if cands[c] != 0 {
                    // A cage holds at most n <= 16 cells (`Geometry::variant`).
                    if let Some(slot) = masks.get_mut(m) {
                        *slot = cands[c];
                        m += 1;
                    }
                    open |= cands[c];
                } else {
                    placed |= placed_at[c];
                }
            }
            let (mut allowed, mut needed) = (0u16, u16::MAX);
            for &set in exact::digit_sets(n, cells.len(), sum) {
                if exact::set_fits(set, placed, open, masks[..m].iter().copied()) {
                    allowed |= set & !placed;
                    needed &= set & !placed;
                }
            }
            // No set fits: a contradiction the human finders pass over too.
            if allowed == 0 {
                continue;
            }
            let before = changed;
            for &c in cells {
                if cands[c] & !allowed != 0 {
                    take_out(st, cands[c] & !allowed, Cells::one(c));
                    cands[c] &= allowed;
                    changed = true;
                }
            }
            for d in (0..n).filter(|&d| needed & (1 << d) != 0) {
                let places = st.pos[d].and(*set).and(st.unsolved);
                if places.few() == 1 {
                    if let Some(c) = places.first() {
                        if search.place(st, c, d) {
                            return true;
                        }
                    }
                }
                if reach >= Reach::Medium && !places.is_empty() {
                    for unit in &self.t.units {
                        if places.and_not(*unit).is_empty() {
                            changed |= take_out(st, 1 << d, unit.and(st.unsolved).and_not(*set));
                        }
                    }
                }
            }
            if changed == before {
                *quiet = now;
            }
        }
        changed
    }

    /// The other half of cage and unit, once over every digit whose open cells changed since
    /// it last found nothing for it (`quiet`; a digit's step reads and changes its own cells
    /// only) and every unit: a digit whose places in a unit all lie in one cage leaves that
    /// cage's other cells. Whether anything went.
    fn unit_in_cage(&self, st: &mut State<2>, quiet: &mut [Cells<2>]) -> bool {
        if self.cage_sets.is_empty() {
            return false;
        }
        let mut changed = false;
        for (d, quiet) in quiet.iter_mut().enumerate().take(self.t.n) {
            let open = st.pos[d].and(st.unsolved);
            if open == *quiet {
                continue;
            }
            let mut went = false;
            for unit in &self.t.units {
                let places = st.pos[d].and(*unit).and(st.unsolved);
                let Some(k) = places.first().and_then(|c| self.geo.cage_of[c]) else { continue };
                let cage = self.cage_sets[usize::from(k)];
                if places.and_not(cage).is_empty() {
                    went |= take_out(st, 1 << d, cage.and(st.unsolved).and_not(places));
                }
            }
            if went {
                changed = true;
            } else {
                *quiet = open;
            }
        }
        changed
    }

    /// Innies and outies (the 45 rule) over every area within `reach` (units at medium, runs of
    /// rows or columns too at hard) until one finds something: one open cell left of an area's
    /// innies or outies gets the rest of their sum; two keep only the digits that pair up to
    /// it (the same digit only if they don't see each other). Whether one did.
    fn innies_outies(&self, search: &Search<'_, 2>, st: &mut State<2>, reach: Reach) -> bool {
        let n = self.t.n;
        if self.geo.cages.is_empty() {
            return false;
        }
        let (mut placed, mut cands) = (None, None);
        for &(set, sum, of) in self.sums.get_or_init(|| Sums::of(&self.geo)).within(reach) {
            // Most areas have more than two open cells: those are passed over at once.
            let mut open = set.and(st.unsolved);
            let Some(first) = open.first() else { continue };
            open.remove(first);
            let second = open.first();
            if let Some(c) = second {
                open.remove(c);
                if !open.is_empty() {
                    continue;
                }
            }
            let placed = placed.get_or_insert_with(|| self.placed(st));
            let cands = cands.get_or_insert_with(|| self.masks(st));
            let left = self
                .sum_cells(of)
                .iter()
                .filter(|&&c| placed[c] != 0)
                .fold(sum, |left, &c| left - (placed[c].trailing_zeros() as i32 + 1));
            match second {
                None => {
                    if (1..=n as i32).contains(&left) && search.place(st, first, left as usize - 1) {
                        return true;
                    }
                }
                Some(q) => {
                    let p = first;
                    let (cp, cq) = (cands[p], cands[q]);
                    let sees = self.t.peers[p].contains(q);
                    // The digits of `a` with a partner among `other`'s.
                    let fits = |a: u16, other: u16| {
                        (0..n as i32).filter(|&d| a & (1 << d) != 0).fold(0u16, |keep, d| {
                            let w = left - (d + 1);
                            let ok = (1..=n as i32).contains(&w) && other & (1 << (w - 1)) != 0 && !(w == d + 1 && sees);
                            if ok { keep | 1 << d } else { keep }
                        })
                    };
                    let (keep_p, keep_q) = (fits(cp, cq), fits(cq, cp));
                    if keep_p == cp && keep_q == cq {
                        continue;
                    }
                    take_out(st, cp & !keep_p, Cells::one(p));
                    take_out(st, cq & !keep_q, Cells::one(q));
                    return true;
                }
            }
        }
        false
    }

    /// Locked candidates once over every digit whose cells changed since they last found
    /// nothing for it (`quiet`; a digit's step reads and changes its own cells only) and every
    /// unit: a digit with two or more places in a unit, all inside another unit, leaves the
    /// rest of that one. Whether anything went.
    fn locked(&self, st: &mut State<2>, quiet: &mut [Cells<2>]) -> bool {
        let mut changed = false;
        for (d, quiet) in quiet.iter_mut().enumerate().take(self.t.n) {
            if st.pos[d] == *quiet {
                continue;
            }
            let before = st.pos[d];
            for (u, crossing) in self.crossing.iter().enumerate() {
                let unit = self.t.units[u];
                // A placed digit has its one cell here, and no other place in the unit.
                let m = st.pos[d].and(unit);
                if m.few() < 2 {
                    continue;
                }
                for &v in crossing {
                    let other = self.t.units[v];
                    if !m.and_not(other).is_empty() {
                        continue;
                    }
                    st.pos[d] = st.pos[d].and_not(st.pos[d].and(other).and_not(unit));
                }
            }
            if st.pos[d] == before {
                *quiet = before;
            } else {
                st.dirty |= 1 << d;
                changed = true;
            }
        }
        changed
    }

    /// Naked and hidden subsets of `sizes` (pairs and triples, or quads at hard) over every
    /// unit whose candidates changed since they last found nothing there (`quiet`), until one
    /// finds something: whether one did.
    fn subsets(&self, st: &mut State<2>, quiet: &mut [[u16; 16]], sizes: &[u32]) -> bool {
        let masks = self.masks(st);
        for ((cells, &unit), quiet) in self.geo.units.iter().zip(&self.t.units).zip(quiet) {
            let now = gather(&masks, cells);
            if now == *quiet {
                continue;
            }
            if sizes.iter().any(|&k| self.naked(st, unit, cells, &now, k) || self.hidden(st, cells, &now, k)) {
                return true;
            }
            *quiet = now;
        }
        false
    }

    /// A naked subset of `k` cells in a unit (its cells and their candidates `cands`): `k`
    /// unsolved cells with 2 to `k` candidates each and `k` between them; those digits leave
    /// the unit's other cells. Whether anything went.
    fn naked(&self, st: &mut State<2>, unit: Cells<2>, cells: &[usize], cands: &[u16; 16], k: u32) -> bool {
        let (mut items, mut at) = ([0u16; 16], [0usize; 16]);
        let (mut m, mut open) = (0, 0);
        for (j, &c) in cells.iter().enumerate() {
            let count = cands[j].count_ones();
            open += u32::from(count > 0);
            if (2..=k).contains(&count) {
                items[m] = cands[j];
                at[m] = c;
                m += 1;
            }
        }
        if m < k as usize || open <= k {
            return false;
        }
        let mut changed = false;
        each_subset(&items[..m], k, &mut |chosen, digits| {
            let mut keep = Cells::EMPTY;
            for (i, &c) in at[..m].iter().enumerate() {
                if chosen & (1 << i) != 0 {
                    keep.insert(c);
                }
            }
            changed |= take_out(st, digits, unit.and_not(keep).and(st.unsolved));
            changed
        });
        changed
    }

    /// A hidden subset of `k` digits in a unit (its cells and their candidates `cands`): `k`
    /// digits not placed there with 2 to `k` places each and `k` places between them; those
    /// cells keep only those digits. Whether anything went.
    fn hidden(&self, st: &mut State<2>, cells: &[usize], cands: &[u16; 16], k: u32) -> bool {
        let n = self.t.n;
        // Each digit's places, bit j for the unit's j-th cell (a placed digit has none).
        let mut places = [0u16; 16];
        let mut open = 0;
        for (j, &ds) in cands.iter().enumerate().take(cells.len()) {
            open += u32::from(ds != 0);
            let mut ds = ds;
            while ds != 0 {
                places[ds.trailing_zeros() as usize] |= 1 << j;
                ds &= ds - 1;
            }
        }
        if open <= k {
            return false;
        }
        let (items, digit, m) = two_to(&places[..n], k);
        if m < k as usize {
            return false;
        }
        let mut changed = false;
        each_subset(&items[..m], k, &mut |chosen, at| {
            let mut keep = 0u16;
            for (i, &d) in digit[..m].iter().enumerate() {
                if chosen & (1 << i) != 0 {
                    keep |= 1 << d;
                }
            }
            let mut those = Cells::EMPTY;
            for (j, &c) in cells.iter().enumerate() {
                if at & (1 << j) != 0 {
                    those.insert(c);
                }
            }
            changed |= take_out(st, !keep, those);
            changed
        });
        changed
    }

    /// The fish of rows and columns, of two to four lines (X-wing, swordfish, jellyfish), once
    /// over every digit whose cells changed since they last found nothing for it (`quiet`):
    /// `k` base lines where a digit has 2 to `k` places, all inside `k` crossing lines,
    /// leave it nowhere else on those. Whether anything went.
    fn fish(&self, st: &mut State<2>, quiet: &mut [Cells<2>; 16]) -> bool {
        let n = self.t.n;
        let mut changed = false;
        for (d, quiet) in quiet.iter_mut().enumerate().take(n) {
            if st.pos[d] == *quiet {
                continue;
            }
            let before = st.pos[d];
            // Each row's places of the digit as a mask of columns, and each column's of rows
            // (a placed digit has none).
            let (mut rows, mut cols) = ([0u16; 16], [0u16; 16]);
            let mut places = st.pos[d].and(st.unsolved);
            while let Some(c) = places.first() {
                places.remove(c);
                rows[c / n] |= 1 << (c % n);
                cols[c % n] |= 1 << (c / n);
            }
            // Rows as base lines (units 0..n) with columns (n..2n) as cover, then the other way.
            for (lines, base_at, cover_at) in [(&rows, 0, n), (&cols, n, 0)] {
                for k in 2..=4u32 {
                    let (items, line, m) = two_to(&lines[..n], k);
                    if m < k as usize {
                        continue;
                    }
                    each_subset(&items[..m], k, &mut |chosen, cover| {
                        let (mut base, mut across) = (Cells::EMPTY, Cells::EMPTY);
                        for (i, &l) in line[..m].iter().enumerate() {
                            if chosen & (1 << i) != 0 {
                                base = base.or(self.t.units[base_at + l]);
                            }
                        }
                        for x in (0..n).filter(|&x| cover & (1 << x) != 0) {
                            across = across.or(self.t.units[cover_at + x]);
                        }
                        changed |= take_out(st, 1 << d, across.and_not(base).and(st.unsolved));
                        false
                    });
                }
            }
            if st.pos[d] == before {
                *quiet = before;
            } else {
                st.dirty |= 1 << d;
            }
        }
        changed
    }

    /// The XY-, XYZ- and W-wings over the board, until one finds something: whether one did.
    /// XY: a pivot of two candidates sees two cells of two, {x,z} and {y,z}: z leaves every
    /// cell seeing both of those. XYZ: a pivot {x,y,z} sees two cells of two inside it sharing
    /// z only: z leaves every cell seeing all three. W: two cells of the same two candidates
    /// that don't see each other, and a unit where one of them has two places, one seen by
    /// each cell (and neither of them): the other candidate leaves every cell seeing both.
    fn wings(&self, st: &mut State<2>) -> bool {
        let cands = self.masks(st);
        let cells = self.t.cells;
        let (mut pairs, mut np) = ([0usize; 128], 0);
        for (c, &m) in cands.iter().enumerate().take(cells) {
            if m.count_ones() == 2 {
                pairs[np] = c;
                np += 1;
            }
        }
        let pairs = &pairs[..np];
        let peers = &self.t.peers;
        // Pivot and wings.
        for p in 0..cells {
            let pm = cands[p];
            let size = pm.count_ones();
            if !(2..=3).contains(&size) {
                continue;
            }
            let (mut wings, mut nw) = ([0usize; 128], 0);
            for &w in pairs {
                if peers[p].contains(w) && (cands[w] & pm).count_ones() == size - 1 {
                    wings[nw] = w;
                    nw += 1;
                }
            }
            for (i, &a) in wings[..nw].iter().enumerate() {
                for &c in &wings[i + 1..nw] {
                    let (am, cm) = (cands[a], cands[c]);
                    let z = am & cm;
                    if z.count_ones() != 1 || am | cm != pm | z {
                        continue;
                    }
                    let mut seeing = peers[a].and(peers[c]);
                    if size == 3 {
                        seeing = seeing.and(peers[p]);
                    }
                    let pattern = Cells::of(&[p, a, c]);
                    if take_out(st, z, seeing.and(st.unsolved).and_not(pattern)) {
                        return true;
                    }
                }
            }
        }
        // W-wings.
        let placed = self.t.all.and_not(st.unsolved);
        for (i, &a) in pairs.iter().enumerate() {
            for &c in &pairs[i + 1..] {
                let m = cands[a];
                if cands[c] != m || peers[a].contains(c) {
                    continue;
                }
                let both = peers[a].and(peers[c]).and(st.unsolved).and_not(Cells::of(&[a, c]));
                let mut xs = m;
                while xs != 0 {
                    let x = xs.trailing_zeros() as usize;
                    xs &= xs - 1;
                    let y = m & !(1 << x);
                    if st.pos[y.trailing_zeros() as usize].and(both).is_empty() {
                        continue;
                    }
                    let linked = self.t.units.iter().any(|&unit| {
                        if !st.pos[x].and(unit).and(placed).is_empty() {
                            return false;
                        }
                        // The digit's two places in the unit, p and q.
                        let mut places = st.pos[x].and(unit).and(st.unsolved);
                        let Some(p) = places.first() else { return false };
                        places.remove(p);
                        let Some(q) = places.first() else { return false };
                        places.remove(q);
                        if !places.is_empty() || [p, q].iter().any(|&e| e == a || e == c) {
                            return false;
                        }
                        (peers[p].contains(a) && peers[q].contains(c)) || (peers[p].contains(c) && peers[q].contains(a))
                    });
                    if linked && take_out(st, y, both) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Where the closure stops, for the tests against the human solver's board.
    #[cfg(test)]
    pub(crate) fn board(&self, values: &[u8], reach: Reach) -> Option<Stop> {
        self.closure(values, None, reach, &mut self.quiet(reach)).map(|st| self.stop(&st))
    }
}

/// Calls `f` with each choice of `k` (2 to 4) of `items` (a bit per item chosen) whose masks
/// hold exactly `k` bits between them, and their union, until it returns true. A choice whose
/// union already holds more than `k` bits is not taken further.
fn each_subset(items: &[u16], k: u32, f: &mut impl FnMut(u32, u16) -> bool) -> bool {
    let m = items.len();
    for i in 0..m {
        for j in i + 1..m {
            let two = items[i] | items[j];
            let bits = two.count_ones();
            if k == 2 {
                if bits == 2 && f(1 << i | 1 << j, two) {
                    return true;
                }
                continue;
            }
            if bits > k {
                continue;
            }
            for (l, &item) in items.iter().enumerate().skip(j + 1) {
                let three = two | item;
                if k == 3 {
                    if three.count_ones() == 3 && f(1 << i | 1 << j | 1 << l, three) {
                        return true;
                    }
                    continue;
                }
                if three.count_ones() > k {
                    continue;
                }
                for (q, &item) in items.iter().enumerate().skip(l + 1) {
                    let four = three | item;
                    if four.count_ones() == k && f(1 << i | 1 << j | 1 << l | 1 << q, four) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// The masks of `masks` (up to 16) with 2 to `k` bits, where each was, and how many: what a
/// subset of `k` is chosen from.
fn two_to(masks: &[u16], k: u32) -> ([u16; 16], [usize; 16], usize) {
    let (mut items, mut at, mut m) = ([0u16; 16], [0usize; 16], 0);
    for (i, &mask) in masks.iter().enumerate().take(16) {
        if (2..=k).contains(&mask.count_ones()) {
            items[m] = mask;
            at[m] = i;
            m += 1;
        }
    }
    (items, at, m)
}

/// The candidates of `cells` (up to 16), in their order, out of a board's (`Techniques::masks`).
fn gather(masks: &[u16; 128], cells: &[usize]) -> [u16; 16] {
    let mut out = [0u16; 16];
    for (slot, &c) in out.iter_mut().zip(cells) {
        *slot = masks[c];
    }
    out
}

/// Takes `digits` (bit d for digit d + 1) out of `cells`; whether any was there.
fn take_out(st: &mut State<2>, digits: u16, cells: Cells<2>) -> bool {
    let (mut changed, mut ds) = (false, digits);
    while ds != 0 {
        let d = ds.trailing_zeros() as usize;
        ds &= ds - 1;
        if !st.pos[d].and(cells).is_empty() {
            st.pos[d] = st.pos[d].and_not(cells);
            st.dirty |= 1 << d;
            changed = true;
        }
    }
    changed
}
