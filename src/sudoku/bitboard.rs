//! Exact solver on cell bit sets, for the generator's uniqueness tests on 4x4, 6x6 and 16x16
//! boards (9x9 has the band solver in `fast9`).
//!
//! The state is, for each digit, the set of cells that may still hold it (a placed digit keeps
//! its own cell), plus the set of unsolved cells; a cell set is `W` 64-bit words (one for up
//! to 64 cells, four for 16x16's 256). Placing a digit is a few word operations: the digit
//! leaves the cell's peers, the other digits leave the cell. Propagation finds hidden singles
//! and dead units per digit and unit with a popcount, and naked singles for all cells at once
//! by counting each cell's digits in bit slices (cells seen once, twice). The search branches
//! on a cell with two candidates when there is one, else on one with the fewest.
//!
//! Only counts and solutions matter here, not which solution comes first, so the search order
//! is free to differ from the cell-based solver's (`solver::Generic`). Tested against it in this
//! module.
//!
//! The random full boards of 4x4, 6x6 and 16x16 are the exception: [`random_fill`] walks the
//! very tree the cell-based solver walks with the generator's random digit orders (same
//! branching cell, same digits in the same order, same node count), so it gives the same board,
//! faster (tested against it in `solver`).
//!
//! The same board also carries the human solver's easy, medium and hard techniques for the
//! variants' generator ([`levels`]).

use std::sync::OnceLock;

use crate::grid::{Geometry, Shape};

mod levels;
pub(crate) use levels::{Closure, Reach, Reached, Techniques};
#[cfg(test)]
pub(crate) use levels::Stop;

/// A set of cells: bit `i % 64` of word `i / 64` is cell `i`. Also the exact solver's changed
/// cells and the variants' generator's kept givens.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Cells<const W: usize>([u64; W]);

impl<const W: usize> Cells<W> {
    pub(crate) const EMPTY: Self = Cells([0; W]);

    fn one(i: usize) -> Self {
        let mut s = Self::EMPTY;
        s.insert(i);
        s
    }
    /// The set of a list of cells.
    pub(crate) fn of(cells: &[usize]) -> Self {
        let mut s = Self::EMPTY;
        for &c in cells {
            s.insert(c);
        }
        s
    }
    pub(crate) fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    fn remove(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }
    fn contains(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 != 0
    }
    pub(crate) fn and(self, o: Self) -> Self {
        Cells(std::array::from_fn(|k| self.0[k] & o.0[k]))
    }
    fn or(self, o: Self) -> Self {
        Cells(std::array::from_fn(|k| self.0[k] | o.0[k]))
    }
    pub(crate) fn and_not(self, o: Self) -> Self {
        Cells(std::array::from_fn(|k| self.0[k] & !o.0[k]))
    }
    /// Whether the two share a cell.
    pub(crate) fn meets(&self, o: &Self) -> bool {
        self.0.iter().zip(&o.0).any(|(a, b)| a & b != 0)
    }
    pub(crate) fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    /// 0, 1, or 2 for two or more cells: what the singles need, without a population count
    /// (no popcount instruction on the baseline x86-64 target).
    fn few(&self) -> u8 {
        let mut seen = 0;
        for &w in &self.0 {
            if w != 0 {
                if seen != 0 || w & (w - 1) != 0 {
                    return 2;
                }
                seen = 1;
            }
        }
        seen
    }
    /// The lowest cell, if any.
    fn first(&self) -> Option<usize> {
        self.0.iter().position(|&w| w != 0).map(|k| k * 64 + self.0[k].trailing_zeros() as usize)
    }
}

/// A shape's units and peers as cell sets.
struct Tables<const W: usize> {
    n: usize,
    cells: usize,
    all: Cells<W>,
    units: Vec<Cells<W>>,
    peers: Vec<Cells<W>>,
}

impl<const W: usize> Tables<W> {
    fn new(shape: Shape) -> Self {
        Tables::of(Geometry::of_sudoku(shape))
    }

    /// A geometry's units and peers (its cage mates among them) as cell sets; it must fit
    /// (`n * n <= 64 * W`, n at most 16).
    fn of(geo: &Geometry) -> Self {
        let cells = geo.n * geo.n;
        Tables {
            n: geo.n,
            cells,
            all: Cells::of(&(0..cells).collect::<Vec<_>>()),
            units: geo.units.iter().map(|u| Cells::of(u)).collect(),
            peers: geo.peers.iter().map(|p| Cells::of(p)).collect(),
        }
    }
}

#[derive(Clone, Copy)]
struct State<const W: usize> {
    /// Per digit (0-based), the cells that may hold it, its placed cells included.
    pos: [Cells<W>; 16],
    unsolved: Cells<W>,
    /// Digits whose cells changed since their units were last looked at (a bit per digit).
    dirty: u16,
}

impl<const W: usize> State<W> {
    /// The digits (1-based) of a solved state, cell by cell.
    fn values(&self, t: &Tables<W>) -> Vec<u8> {
        let mut v = vec![0u8; t.cells];
        for d in 0..t.n {
            let mut m = self.pos[d];
            while let Some(c) = m.first() {
                m.remove(c);
                v[c] = d as u8 + 1;
            }
        }
        v
    }
}

struct Search<'t, const W: usize> {
    t: &'t Tables<W>,
    limit: usize,
    count: usize,
    first: Option<State<W>>,
}

impl<const W: usize> Search<'_, W> {
    /// Writes digit `d` in cell `c`; false if `d` cannot go there.
    fn place(&self, st: &mut State<W>, c: usize, d: usize) -> bool {
        if !st.pos[d].contains(c) {
            return false;
        }
        let cell = Cells::one(c);
        for e in 0..self.t.n {
            if st.pos[e].contains(c) {
                st.pos[e] = st.pos[e].and_not(cell);
                st.dirty |= 1 << e;
            }
        }
        st.pos[d] = st.pos[d].and_not(self.t.peers[c]).or(cell);
        st.unsolved.remove(c);
        true
    }

    /// Hidden and naked singles until none is left; false on a contradiction (a digit with no
    /// place in a unit, a cell with no digit).
    fn propagate(&self, st: &mut State<W>) -> bool {
        self.propagate_until(st, None)
    }

    /// [`Search::propagate`], stopping as soon as every cell of `goal` (if any) is solved.
    fn propagate_until(&self, st: &mut State<W>, goal: Option<Cells<W>>) -> bool {
        loop {
            if goal.is_some_and(|g| st.unsolved.and(g).is_empty()) {
                return true;
            }
            let mut changed = false;
            if let Some(g) = goal {
                // A goal cell is most often a naked single from the start (a generator's dig
                // asks of one cell taken out of a fuller board): look at the cells before the
                // units. The closure does not depend on the order.
                match self.naked_singles(st) {
                    None => return false,
                    Some(placed) => changed = placed,
                }
                if st.unsolved.and(g).is_empty() {
                    return true;
                }
            }
            // Only digits whose cells changed can have a new hidden single or dead unit.
            let mut digits = std::mem::take(&mut st.dirty);
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                for u in &self.t.units {
                    let m = st.pos[d].and(*u);
                    match m.few() {
                        0 => return false,
                        1 => {
                            if let Some(c) = m.and(st.unsolved).first() {
                                if !self.place(st, c, d) {
                                    return false;
                                }
                                changed = true;
                            }
                        }
                        _ => {}
                    }
                }
            }
            match self.naked_singles(st) {
                None => return false,
                Some(placed) => changed |= placed,
            }
            if !changed && st.dirty == 0 {
                return true;
            }
        }
    }

    /// One pass of naked singles: the cells holding one digit (counted for all cells at once,
    /// cells seen once and twice) get it, lowest cell first. Whether any was placed; None on a
    /// contradiction (a cell with no digit, also one a single placed just before emptied).
    fn naked_singles(&self, st: &mut State<W>) -> Option<bool> {
        let n = self.t.n;
        let (mut ones, mut twos) = (Cells::EMPTY, Cells::EMPTY);
        for d in 0..n {
            twos = twos.or(ones.and(st.pos[d]));
            ones = ones.or(st.pos[d]);
        }
        if !st.unsolved.and_not(ones).is_empty() {
            return None;
        }
        let mut single = st.unsolved.and_not(twos);
        let placed = !single.is_empty();
        while let Some(c) = single.first() {
            single.remove(c);
            let d = (0..n).find(|&d| st.pos[d].contains(c))?;
            if !self.place(st, c, d) {
                return None;
            }
        }
        Some(placed)
    }

    fn search(&mut self, mut st: State<W>) {
        if !self.propagate(&mut st) {
            return;
        }
        if st.unsolved.is_empty() {
            self.count += 1;
            if self.first.is_none() {
                self.first = Some(st);
            }
            return;
        }
        let n = self.t.n;
        // A cell with exactly two digits (seen twice, not three times), else the fewest.
        let (mut ones, mut twos, mut threes) = (Cells::EMPTY, Cells::EMPTY, Cells::EMPTY);
        for d in 0..n {
            threes = threes.or(twos.and(st.pos[d]));
            twos = twos.or(ones.and(st.pos[d]));
            ones = ones.or(st.pos[d]);
        }
        let cell = match st.unsolved.and(twos).and_not(threes).first() {
            Some(c) => c,
            None => {
                let mut best = (usize::MAX, 0);
                let mut rest = st.unsolved;
                while let Some(c) = rest.first() {
                    rest.remove(c);
                    let k = (0..n).filter(|&d| st.pos[d].contains(c)).count();
                    if k < best.0 {
                        best = (k, c);
                    }
                }
                best.1
            }
        };
        for d in 0..n {
            if self.count >= self.limit {
                return;
            }
            if st.pos[d].contains(cell) {
                let mut s2 = st;
                if self.place(&mut s2, cell, d) {
                    self.search(s2);
                }
            }
        }
    }
}

/// The random full board's search on a 4x4, 6x6 or 16x16 board: the tree of
/// `solver::Generic::search` with digit orders, node for node. What that search does, and how
/// it is mirrored here:
/// - a node is counted on entry; the orders used at a node are number `nodes % (orders / n)`;
/// - on entry it closes the state under hidden and naked singles (`propagate` here: the closure
///   does not depend on the order the singles are placed in, nor does whether it runs into a
///   contradiction, since every single stays a single or becomes a contradiction as candidates
///   go), and stops on a contradiction; on 16x16 the closure takes in locked candidates too
///   (pointing and claiming), as the cell-based search does there;
/// - it branches on the unsolved cell with the fewest candidates, among those the one with the
///   most unsolved peers, among those the lowest; its digits in the node's order;
/// - a branch digit is placed with its naked singles (`naked_singles` here), and the child
///   node exists only if that finds no contradiction;
/// - the first solution ends the search.
struct Filler<'t, const W: usize> {
    search: Search<'t, W>,
    orders: &'t [u8],
    nodes: usize,
    /// Each cell's box (a unit number), for the locked candidates of 16x16.
    box_of: &'t [usize],
}

impl<const W: usize> Filler<'_, W> {
    /// Naked singles until none is left; false when a cell has no digit left.
    fn naked_singles(&self, st: &mut State<W>) -> bool {
        loop {
            match self.search.naked_singles(st) {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// Locked candidates (pointing and claiming) once over every unit and digit: a digit not
    /// placed in a unit, with two or more places there all in one other unit, leaves the rest
    /// of that unit. Whether anything went (the singles then run again).
    fn locked(&self, st: &mut State<W>) -> bool {
        let t = self.search.t;
        let n = t.n;
        let mut changed = false;
        for u in 0..3 * n {
            for d in 0..n {
                let m = st.pos[d].and(t.units[u]);
                if m.few() < 2 || !m.and_not(st.unsolved).is_empty() {
                    continue;
                }
                let Some(c) = m.first() else { continue };
                // The units every place shares: the box for a line; the row and column for a box.
                let shared: [usize; 2] = if u >= 2 * n { [c / n, n + c % n] } else { [self.box_of[c], usize::MAX] };
                for target in shared {
                    if target == usize::MAX || !m.and_not(t.units[target]).is_empty() {
                        continue;
                    }
                    let gone = st.pos[d].and(t.units[target]).and_not(t.units[u]);
                    if !gone.is_empty() {
                        st.pos[d] = st.pos[d].and_not(gone);
                        st.dirty |= 1 << d;
                        changed = true;
                    }
                }
            }
        }
        changed
    }

    fn fill(&mut self, mut st: State<W>) -> Option<State<W>> {
        self.nodes += 1;
        loop {
            if !self.search.propagate(&mut st) {
                return None;
            }
            // 16x16: the cell-based search adds locked candidates to its closure.
            if st.unsolved.is_empty() || self.search.t.n < 16 || !self.locked(&mut st) {
                break;
            }
        }
        if st.unsolved.is_empty() {
            return Some(st);
        }
        let t = self.search.t;
        let n = t.n;
        // The fewest candidates; among those, the most unsolved peers; among those, the lowest.
        let (mut cell, mut best_k, mut best_deg) = (usize::MAX, usize::MAX, 0);
        let mut rest = st.unsolved;
        while let Some(c) = rest.first() {
            rest.remove(c);
            let k = (0..n).filter(|&d| st.pos[d].contains(c)).count();
            if k > best_k {
                continue;
            }
            let deg = t.peers[c].and(st.unsolved).0.iter().map(|w| w.count_ones()).sum::<u32>() + 1;
            if k < best_k || deg > best_deg {
                (cell, best_k, best_deg) = (c, k, deg);
            }
        }
        let k = self.nodes % (self.orders.len() / n);
        for &d in &self.orders[k * n..(k + 1) * n] {
            let d = d as usize;
            if !st.pos[d].contains(cell) {
                continue;
            }
            let mut s2 = st;
            if self.search.place(&mut s2, cell, d) && self.naked_singles(&mut s2) {
                if let Some(done) = self.fill(s2) {
                    return Some(done);
                }
            }
        }
        None
    }
}

/// `$body` with `$t` bound to the tables of `shape` (4x4 and 6x6: one word per cell set; 16x16:
/// four), which this solver must handle: each entry point's generic `run` is instantiated for both.
macro_rules! with_tables {
    ($shape:expr, $t:ident => $body:expr) => {{
        let shape = $shape;
        assert!(handles(shape), "bitboard solver: {shape:?}");
        if shape == Shape::S16 {
            let $t = sixteen();
            $body
        } else {
            let $t = small(shape);
            $body
        }
    }};
}

/// The random full board that `solver::random_solution` makes from `values` (its first row
/// filled) and `orders` (random digit orders, n 0-based digits each, concatenated), on a 4x4, 6x6
/// or 16x16 board: the same board as the cell-based solver's search (see [`Filler`]); `None` where
/// that search finds none.
pub(crate) fn random_fill(shape: Shape, values: &[u8], orders: &[u8]) -> Option<Vec<u8>> {
    fn run<const W: usize>(t: &Tables<W>, shape: Shape, values: &[u8], orders: &[u8]) -> Option<Vec<u8>> {
        let mut st = start(t, values, None)?;
        let search = Search { t, limit: 1, count: 0, first: None };
        let box_of: Vec<usize> = Geometry::of_sudoku(shape).cell_units.iter().map(|u| u[2]).collect();
        let mut filler = Filler { search, orders, nodes: 0, box_of: &box_of };
        // The cell-based solver's start places the givens with their naked singles only.
        if !filler.naked_singles(&mut st) {
            return None;
        }
        filler.fill(st).map(|done| done.values(t))
    }
    with_tables!(shape, t => run(t, shape, values, orders))
}

/// The puzzle `values` with `avoid` (cell, digit 1-based: that digit excluded there) set up;
/// `None` if a given contradicts another.
fn start<const W: usize>(t: &Tables<W>, values: &[u8], avoid: Option<(usize, u8)>) -> Option<State<W>> {
    // What placing the givens one by one leaves, computed in one go: a digit may go where no
    // given holds anything and no given of it is a peer, and stays on its own givens.
    let (mut seen, mut given, mut filled) = ([Cells::EMPTY; 16], [Cells::EMPTY; 16], Cells::EMPTY);
    for (c, &v) in values.iter().enumerate().take(t.cells) {
        if v != 0 {
            let d = v as usize - 1;
            if seen[d].contains(c) {
                // A peer holds the same digit.
                return None;
            }
            given[d].insert(c);
            seen[d] = seen[d].or(t.peers[c]);
            filled.insert(c);
        }
    }
    let mut st = State { pos: [Cells::EMPTY; 16], unsolved: t.all.and_not(filled), dirty: 0 };
    for d in 0..t.n {
        st.pos[d] = t.all.and_not(seen[d]).and_not(filled).or(given[d]);
    }
    if let Some((c, v)) = avoid {
        if !st.unsolved.contains(c) {
            // A given: it holds the digit, or (not so) avoids it already.
            return (values[c] != v).then_some(st);
        }
        st.pos[v as usize - 1].remove(c);
    }
    st.dirty = if t.n == 16 { u16::MAX } else { (1 << t.n) - 1 };
    Some(st)
}

/// Up to `limit` solutions counted, and the first found (values of every cell).
fn run<const W: usize>(t: &Tables<W>, values: &[u8], avoid: Option<(usize, u8)>, limit: usize) -> (usize, Option<Vec<u8>>) {
    let Some(st) = start(t, values, avoid) else { return (0, None) };
    let mut s = Search { t, limit, count: 0, first: None };
    if limit > 0 {
        s.search(st);
    }
    (s.count, s.first.map(|st| st.values(t)))
}

fn small(shape: Shape) -> &'static Tables<1> {
    static T: [OnceLock<Tables<1>>; 2] = [OnceLock::new(), OnceLock::new()];
    T[(shape != Shape::S4) as usize].get_or_init(|| Tables::new(shape))
}

fn sixteen() -> &'static Tables<4> {
    static T: OnceLock<Tables<4>> = OnceLock::new();
    T.get_or_init(|| Tables::new(Shape::S16))
}

/// Whether naked and hidden singles alone, from the puzzle `values` (which has a solution),
/// fill every cell of `cells`. The closure under singles is the human solver's too
/// (`human::propagate_singles`: the same two rules, and the closure does not depend on the
/// order); it is followed only until those cells are filled: on a puzzle with a solution the
/// singles never run into a contradiction, so nothing after could change the answer.
pub(crate) fn singles_fill(shape: Shape, values: &[u8], cells: &[usize]) -> bool {
    with_tables!(shape, t => fills(t, values, cells))
}

fn fills<const W: usize>(t: &Tables<W>, values: &[u8], cells: &[usize]) -> bool {
    let Some(mut st) = start(t, values, None) else { return false };
    let search = Search { t, limit: 0, count: 0, first: None };
    let goal = Cells::of(cells);
    search.propagate_until(&mut st, Some(goal)) && st.unsolved.and(goal).is_empty()
}

/// Whether this solver takes the shape (4x4, 6x6, 16x16).
pub(crate) fn handles(shape: Shape) -> bool {
    shape != Shape::S9 && Shape::ALL.contains(&shape)
}

/// A solution of the puzzle `values` in which `cell` does not hold `digit` (1-based), or `None`
/// if there is none. The generator's uniqueness test: a puzzle made from a full board by
/// blanking `cell` has another solution exactly when it has one avoiding the board's digit
/// there, and looking for one such solution is cheaper than counting to two.
pub(crate) fn solution_avoiding(shape: Shape, values: &[u8], cell: usize, digit: u8) -> Option<Vec<u8>> {
    with_tables!(shape, t => run(t, values, Some((cell, digit)), 1)).1
}

/// Solutions of `values`, counted up to `limit`, and the first found.
#[cfg(test)]
pub(crate) fn count(shape: Shape, values: &[u8], limit: usize) -> (usize, Option<Vec<u8>>) {
    with_tables!(shape, t => run(t, values, None, limit))
}

#[cfg(test)]
mod tests {
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};

    use super::*;
    // The tests compare with the cell-based solver; the code itself does not need it.
    use crate::sudoku::solver;
    use crate::grid::Grid;

    /// Same counts as the cell-based solver, and valid solutions that agree with the givens
    /// (and avoid what they must), on random sub-puzzles of random full boards of each shape:
    /// from nearly full to nearly empty, unique, several solutions, none (a wrong given).
    #[test]
    fn agrees_with_the_cell_based_solver() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(27);
        for (shape, boards) in [(Shape::S4, 200), (Shape::S6, 300), (Shape::S16, 12)] {
            let cells = shape.cells();
            for _ in 0..boards {
                let full = solver::random_solution(shape, &mut rng);
                let mut order: Vec<usize> = (0..cells).collect();
                order.shuffle(&mut rng);
                let mut values = full.values().to_vec();
                let step = if shape == Shape::S16 { 12 } else { 2 };
                for (k, &c) in order.iter().enumerate() {
                    values[c] = 0;
                    if k % step != 0 {
                        continue;
                    }
                    let mut p = values.clone();
                    // (On fairly full boards only: a search proving a sparse 16x16 has no
                    // solution can take long in either solver.)
                    if k < cells / 3 && rng.random_bool(0.1) {
                        // A wrong given: usually no solution at all.
                        let c = order[rng.random_range(0..cells)];
                        p[c] = rng.random_range(1..=shape.size);
                    }
                    let g = Grid::from_values(shape, p.clone()).unwrap();
                    let want = solver::generic_solutions(&g, 2).count;
                    let (got, first) = count(shape, &p, 2);
                    assert_eq!(got, want, "{}", g.to_line());
                    if let Some(s) = first {
                        let s = Grid::from_values(shape, s).unwrap();
                        assert!(s.is_complete_and_valid() && s.agrees_with(&g), "{}", g.to_line());
                    }
                    let blank = (0..cells).find(|&i| p[i] == 0);
                    if let (Some(b), 1) = (blank, want) {
                        let v = full.values()[b];
                        let unique_with_it = solver::generic_solutions(&g, 2).first.map(|s| s.values()[b]) == Some(v);
                        let other = solution_avoiding(shape, &p, b, v);
                        // One solution: avoiding its digit leaves none; avoiding another, it.
                        assert_eq!(other.is_none(), unique_with_it, "{}", g.to_line());
                    }
                    if want == 2 {
                        // Several: some blank cell differs between two; avoiding the full
                        // board's digit there finds a valid solution that does.
                        let two = solver::two_solutions(&g);
                        let b = (0..cells).find(|&i| two[0].values()[i] != two[1].values()[i]).unwrap();
                        let v = two[0].values()[b];
                        let s = solution_avoiding(shape, &p, b, v).expect("another solution");
                        let s = Grid::from_values(shape, s).unwrap();
                        assert!(s.is_complete_and_valid() && s.agrees_with(&g) && s.values()[b] != v);
                    }
                }
            }
        }
    }
}
