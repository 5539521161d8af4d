//! Exact solver: counts solutions up to a limit, for every board shape.
//!
//! 9x9 boards go to the band solver in `fast9`; the other shapes (and random filling for the
//! generator) use a cell-based bitset solver with naked and hidden singles and
//! fewest-candidates branching.

use std::sync::OnceLock;

use rand::seq::SliceRandom;
use rand::Rng;

use crate::grid::{Geometry, Grid, Shape};

use super::bitboard;
use super::fast9;

/// The units and peers of a Sudoku shape ([`Geometry::of_sudoku`]: the cache is the grid's).
pub(crate) fn geometry(shape: Shape) -> &'static Geometry {
    Geometry::of_sudoku(shape)
}

/// Each cell's peers as a bit set (bit `p % 64` of word `p / 64`), per shape: the search
/// counts a cell's unsolved peers with four popcounts instead of a walk over them.
fn peer_sets(shape: Shape) -> &'static [[u64; 4]] {
    static SETS: [OnceLock<Vec<[u64; 4]>>; 4] = [OnceLock::new(), OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let k = Shape::ALL.iter().position(|&s| s == shape).unwrap_or(2);
    SETS[k].get_or_init(|| {
        geometry(Shape::ALL[k])
            .peers
            .iter()
            .map(|ps| {
                let mut set = [0u64; 4];
                for &p in ps {
                    set[p / 64] |= 1 << (p % 64);
                }
                set
            })
            .collect()
    })
}

/// The outcome of counting: how many solutions were found (capped by the limit) and the first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solutions {
    pub count: usize,
    pub first: Option<Grid>,
}

/// Counts the solutions of `grid`, stopping at `limit` (1 = solve, 2 = uniqueness check).
pub fn count_solutions(grid: &Grid, limit: usize) -> usize {
    if grid.shape() == Shape::S9 {
        return if limit == 0 { 0 } else { fast9::count_only(grid.values(), limit) };
    }
    solutions(grid, limit).count
}

/// A solution of `grid` (the first found; not a uniqueness check), or `None` if it has none.
pub fn solve(grid: &Grid) -> Option<Grid> {
    solutions(grid, 1).first
}

/// The solution if `grid` has exactly one.
pub fn unique_solution(grid: &Grid) -> Option<Grid> {
    let s = solutions(grid, 2);
    if s.count == 1 {
        s.first
    } else {
        None
    }
}

/// Counts solutions up to `limit` and keeps the first one found.
pub fn solutions(grid: &Grid, limit: usize) -> Solutions {
    let shape = grid.shape();
    if limit == 0 {
        return Solutions { count: 0, first: None };
    }
    if shape == Shape::S9 {
        let (count, first) = fast9::count(grid.values(), limit);
        let first = first.and_then(|v| Grid::from_values(shape, v.to_vec()));
        return Solutions { count, first };
    }
    generic_solutions(grid, limit)
}

/// The cell-based solver on any shape (also used to cross-check the 9x9 band solver).
pub fn generic_solutions(grid: &Grid, limit: usize) -> Solutions {
    let shape = grid.shape();
    let mut solver = Generic::new(shape, None);
    let Some(mut st) = solver.start(grid.values()) else { return Solutions { count: 0, first: None } };
    let mut count = 0;
    let mut first = None;
    solver.search(&mut st, limit, &mut count, &mut first);
    Solutions { count, first: first.and_then(|v| Grid::from_values(shape, v)) }
}

/// Up to two solutions of `grid` (any shape): "several solutions, and here is where two of them
/// differ". Uses the cell-based solver, which keeps the second one.
pub fn two_solutions(grid: &Grid) -> Vec<Grid> {
    let shape = grid.shape();
    let mut solver = Generic::new(shape, None);
    solver.keep_second = true;
    let Some(mut st) = solver.start(grid.values()) else { return vec![] };
    let (mut count, mut first) = (0, None);
    solver.search(&mut st, 2, &mut count, &mut first);
    [first, solver.second.take()].into_iter().flatten().filter_map(|v| Grid::from_values(shape, v)).collect()
}

/// A uniformly shuffled complete board (random digit order at every branch).
pub fn random_solution(shape: Shape, rng: &mut impl Rng) -> Grid {
    let n = shape.n();
    let (values, orders) = random_start(shape, rng);
    // Not 9x9: the bit-set solver walks the same tree, faster (same board).
    let filled = if shape == Shape::S9 {
        generic_fill(shape, &values, orders)
    } else {
        bitboard::random_fill(shape, &values, &orders)
    };
    if let Some(v) = filled.and_then(|v| Grid::from_values(shape, v)) {
        return v;
    }
    // Unreachable in practice (a permuted first row always completes); a fixed pattern keeps
    // the function total.
    let (br, bc) = (shape.box_rows as usize, shape.box_cols as usize);
    let mut g = Grid::empty(shape);
    for r in 0..n {
        for c in 0..n {
            let v = ((r % br) * bc + r / br + c) % n;
            g.set(r, c, v as u8 + 1);
        }
    }
    g
}

/// What a random full board is searched from: the first row, a random permutation (always
/// extendable, and it saves search), and 64 random digit orders of n digits each, one after the
/// other (one allocation), taken in turn by the search's nodes.
fn random_start(shape: Shape, rng: &mut impl Rng) -> (Vec<u8>, Vec<u8>) {
    let n = shape.n();
    let mut values = vec![0u8; n * n];
    let mut row: Vec<u8> = (1..=n as u8).collect();
    row.shuffle(rng);
    values[..n].copy_from_slice(&row);
    let mut orders: Vec<u8> = Vec::with_capacity(64 * n);
    for _ in 0..64 {
        let k = orders.len();
        orders.extend(0..n as u8);
        orders[k..].shuffle(rng);
    }
    (values, orders)
}

/// The cell-based solver's first solution of `values`, branching on digits in `orders`.
fn generic_fill(shape: Shape, values: &[u8], orders: Vec<u8>) -> Option<Vec<u8>> {
    let mut solver = Generic::new(shape, Some(orders));
    let mut st = solver.start(values)?;
    let (mut count, mut first) = (0, None);
    solver.search(&mut st, 1, &mut count, &mut first);
    first
}

/// Set bits of each byte.
const BITS8: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};

/// Cells of the largest board (16x16).
const MAX_CELLS: usize = 256;

/// A search state. Fixed-size arrays: a branch copies it on the stack instead of allocating
/// two vectors (a large part of a small board's search time); cells past n * n are unused.
#[derive(Clone)]
struct GState {
    cand: [u16; MAX_CELLS],
    value: [u8; MAX_CELLS],
    left: usize,
}

struct Generic {
    geo: &'static Geometry,
    peer_sets: &'static [[u64; 4]],
    all: u16,
    queue: Vec<usize>,
    /// Random digit orders for branching (generator), n digits each, concatenated; `None` =
    /// ascending.
    orders: Option<Vec<u8>>,
    nodes: usize,
    /// The second solution found, when asked for (`keep_second`): where two solutions differ.
    second: Option<Vec<u8>>,
    keep_second: bool,
}

impl Generic {
    fn new(shape: Shape, orders: Option<Vec<u8>>) -> Self {
        let geo = geometry(shape);
        let all = if geo.n >= 16 { u16::MAX } else { (1u16 << geo.n) - 1 };
        Generic { geo, peer_sets: peer_sets(shape), all, queue: Vec::new(), orders, nodes: 0, second: None, keep_second: false }
    }

    /// The givens placed and their naked singles propagated. The state does not depend on the
    /// order this is done in (the cells naked singles fill are the same, and every candidate set
    /// is what the placed peers leave), so the givens are written all at once and the empty
    /// cells' candidates computed from what their units hold, rather than given by given with a
    /// walk over the peers of each. `None` on a contradiction found on the way.
    fn start(&mut self, values: &[u8]) -> Option<GState> {
        let geo = self.geo;
        let cells = geo.n * geo.n;
        let mut st = GState { cand: [self.all; MAX_CELLS], value: [0; MAX_CELLS], left: cells };
        let mut held = [0u16; 3 * 16];
        for (i, &v) in values.iter().enumerate() {
            if v != 0 {
                let bit = 1u16 << (v - 1);
                for &u in &geo.cell_units[i] {
                    if held[u] & bit != 0 {
                        return None;
                    }
                    held[u] |= bit;
                }
                st.cand[i] = bit;
                st.value[i] = v;
                st.left -= 1;
            }
        }
        self.queue.clear();
        for i in 0..cells {
            if st.value[i] == 0 {
                let m = geo.cell_units[i].iter().fold(self.all, |m, &u| m & !held[u]);
                if m == 0 {
                    return None;
                }
                st.cand[i] = m;
                if m & (m - 1) == 0 {
                    self.queue.push(i);
                }
            }
        }
        self.propagate(&mut st).then_some(st)
    }

    /// Places the naked singles in the queue, and those they make, until none is left.
    fn propagate(&mut self, st: &mut GState) -> bool {
        while let Some(c) = self.queue.pop() {
            if st.value[c] != 0 {
                continue;
            }
            let m = st.cand[c];
            if m == 0 {
                return false;
            }
            if !self.place(st, c, m.trailing_zeros() as u8) {
                return false;
            }
        }
        true
    }

    /// Places digit `d` (0-based) in `cell` and propagates naked singles.
    fn assign(&mut self, st: &mut GState, cell: usize, d: u8) -> bool {
        self.queue.clear();
        self.place(st, cell, d) && self.propagate(st)
    }

    fn place(&mut self, st: &mut GState, cell: usize, d: u8) -> bool {
        let bit = 1u16 << d;
        if st.value[cell] != 0 {
            return st.value[cell] == d + 1;
        }
        if st.cand[cell] & bit == 0 {
            return false;
        }
        st.cand[cell] = bit;
        st.value[cell] = d + 1;
        st.left -= 1;
        for &p in &self.geo.peers[cell] {
            if st.cand[p] & bit != 0 {
                if st.value[p] != 0 {
                    return false;
                }
                st.cand[p] &= !bit;
                let m = st.cand[p];
                if m == 0 {
                    return false;
                }
                if m & (m - 1) == 0 {
                    self.queue.push(p);
                }
            }
        }
        true
    }

    /// Hidden singles over every unit until none is left.
    fn hidden_singles(&mut self, st: &mut GState) -> bool {
        loop {
            let mut placed = false;
            for u in 0..self.geo.units.len() {
                let (mut ones, mut twos, mut solved) = (0u16, 0u16, 0u16);
                for &c in &self.geo.units[u] {
                    let m = st.cand[c];
                    twos |= ones & m;
                    ones |= m;
                    // Branch-free: m where the cell is solved, else 0.
                    solved |= m & ((st.value[c] != 0) as u16).wrapping_neg();
                }
                if ones != self.all {
                    return false;
                }
                // Digits already placed in the unit are singles too, with nothing to do: skip
                // them rather than look for their cell.
                let mut single = ones & !twos & !solved;
                while single != 0 {
                    let d = single.trailing_zeros() as u8;
                    single &= single - 1;
                    let bit = 1u16 << d;
                    let Some(&c) = self.geo.units[u].iter().find(|&&c| st.cand[c] & bit != 0) else {
                        return false;
                    };
                    if st.value[c] == 0 {
                        if !self.assign(st, c, d) {
                            return false;
                        }
                        placed = true;
                    }
                }
            }
            if !placed {
                return true;
            }
        }
    }

    /// Locked candidates (pointing and claiming) for boards with boxes: a digit confined to one
    /// line inside a box (or to one box inside a line) leaves the rest of that line (or box).
    /// `None` on a contradiction, else whether anything was removed.
    fn locked(&mut self, st: &mut GState) -> Option<bool> {
        let n = self.geo.n;
        if self.geo.units.len() < 3 * n {
            return Some(false);
        }
        let mut changed = false;
        for u in 0..3 * n {
            for d in 0..n as u8 {
                let bit = 1u16 << d;
                // The other kind of unit all positions share (box for lines; row or column for boxes).
                let mut shared: [Option<usize>; 2] = [None, None];
                let mut count = 0;
                let mut placed = false;
                for &c in &self.geo.units[u] {
                    if st.cand[c] & bit == 0 {
                        continue;
                    }
                    if st.value[c] != 0 {
                        placed = true;
                        break;
                    }
                    let cu = &self.geo.cell_units[c];
                    let keys: [usize; 2] = if u >= 2 * n { [cu[0], cu[1]] } else { [cu[2], usize::MAX] };
                    for k in 0..2 {
                        shared[k] = match (count, shared[k]) {
                            (0, _) => Some(keys[k]),
                            (_, Some(x)) if x == keys[k] => Some(x),
                            _ => None,
                        };
                    }
                    count += 1;
                }
                if placed || count < 2 {
                    continue;
                }
                for target in shared.into_iter().flatten() {
                    if target == usize::MAX {
                        continue;
                    }
                    for k in 0..self.geo.units[target].len() {
                        let c = self.geo.units[target][k];
                        if st.cand[c] & bit == 0 || st.value[c] != 0 || self.geo.cell_units[c].contains(&u) {
                            continue;
                        }
                        st.cand[c] &= !bit;
                        changed = true;
                        let m = st.cand[c];
                        if m == 0 {
                            return None;
                        }
                        if m & (m - 1) == 0 && !self.assign(st, c, m.trailing_zeros() as u8) {
                            return None;
                        }
                    }
                }
            }
        }
        Some(changed)
    }

    fn search(&mut self, st: &mut GState, limit: usize, count: &mut usize, first: &mut Option<Vec<u8>>) {
        self.nodes += 1;
        loop {
            if !self.hidden_singles(st) {
                return;
            }
            if st.left == 0 || self.geo.n < 16 {
                break;
            }
            // 16x16 trees are big enough for locked candidates to pay for themselves.
            match self.locked(st) {
                None => return,
                Some(false) => break,
                Some(true) => {}
            }
        }
        if st.left == 0 {
            *count += 1;
            let cells = self.geo.n * self.geo.n;
            if first.is_none() {
                *first = Some(st.value[..cells].to_vec());
            } else if self.keep_second && self.second.is_none() {
                self.second = Some(st.value[..cells].to_vec());
            }
            return;
        }
        // Fewest candidates; among those, the cell with the most unsolved peers (its guess
        // propagates furthest).
        // Candidate counts (0 for solved cells) from a table: the baseline x86-64 target has
        // no popcount instruction.
        let cells = self.geo.n * self.geo.n;
        let mut counts = [0u8; MAX_CELLS];
        let mut best_n = u8::MAX;
        let mut unsolved = [0u64; 4];
        for i in 0..cells {
            if st.value[i] == 0 {
                let m = st.cand[i];
                let k = BITS8[(m & 0xff) as usize] + BITS8[(m >> 8) as usize];
                counts[i] = k;
                best_n = best_n.min(k);
                unsolved[i / 64] |= 1 << (i % 64);
            }
        }
        let mut best = usize::MAX;
        let mut best_deg = 0;
        for i in 0..cells {
            if st.value[i] == 0 && counts[i] == best_n {
                let peers = &self.peer_sets[i];
                let deg = (0..4).map(|k| (peers[k] & unsolved[k]).count_ones() as usize).sum::<usize>() + 1;
                if deg > best_deg {
                    best_deg = deg;
                    best = i;
                }
            }
        }
        if best == usize::MAX {
            return;
        }
        let m = st.cand[best];
        // The cell's digits in branching order, on the stack.
        let (mut digits, mut len) = ([0u8; 16], 0);
        let mut push = |d: u8| {
            if m & (1 << d) != 0 {
                digits[len] = d;
                len += 1;
            }
        };
        match &self.orders {
            Some(o) => {
                let n = self.geo.n;
                let k = self.nodes % (o.len() / n);
                o[k * n..(k + 1) * n].iter().for_each(|&d| push(d))
            }
            None => (0..16u8).for_each(push),
        }
        for &d in &digits[..len] {
            if *count >= limit {
                return;
            }
            let mut s2 = st.clone();
            if self.assign(&mut s2, best, d) {
                self.search(&mut s2, limit, count, first);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_solutions_are_distinct_and_complete() {
        let unique = Grid::parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79").unwrap();
        assert_eq!(two_solutions(&unique).len(), 1);
        let mut open = unique.clone();
        for (r, c) in [(0, 0), (0, 1), (1, 0), (4, 4), (8, 8), (8, 7)] {
            open.set(r, c, 0);
        }
        for g in [open, Grid::empty(Shape::S4), Grid::empty(Shape::S16)] {
            let two = two_solutions(&g);
            if count_solutions(&g, 2) == 2 {
                assert_eq!(two.len(), 2, "{}", g.to_line());
                assert_ne!(two[0], two[1]);
                assert!(two.iter().all(|s| s.is_complete_and_valid() && s.agrees_with(&g)));
            }
        }
        let mut none = vec![0u8; 81];
        none[..8].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8]);
        none[17] = 9;
        assert!(two_solutions(&Grid::from_values(Shape::S9, none).unwrap()).is_empty());
    }
    use rand::SeedableRng;

    const HARD: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn solves_a_hard_nine_by_nine_uniquely() {
        let g = Grid::parse(HARD).unwrap();
        let s = solutions(&g, 2);
        assert_eq!(s.count, 1);
        let sol = s.first.unwrap();
        assert!(sol.is_complete_and_valid() && sol.agrees_with(&g));
        assert_eq!(generic_solutions(&g, 2).first, Some(sol));
    }

    #[test]
    fn empty_boards_have_many_solutions_and_conflicts_none() {
        for shape in Shape::ALL {
            assert_eq!(count_solutions(&Grid::empty(shape), 2), 2, "{shape:?}");
        }
        let mut g = Grid::empty(Shape::S9);
        g.set(0, 0, 5);
        g.set(8, 0, 5);
        assert_eq!(count_solutions(&g, 2), 0);
        assert_eq!(solve(&g), None);
    }

    #[test]
    fn conflicting_givens_have_no_solution_in_both_solvers() {
        for (a, b) in [((0, 0), (0, 8)), ((0, 0), (8, 0)), ((0, 0), (2, 2)), ((3, 4), (5, 3)), ((4, 0), (4, 1))] {
            let mut g = Grid::empty(Shape::S9);
            g.set(a.0, a.1, 7);
            g.set(b.0, b.1, 7);
            assert_eq!(count_solutions(&g, 2), 0, "{a:?} {b:?}");
            assert_eq!(generic_solutions(&g, 2).count, 0);
        }
    }

    #[test]
    fn random_full_boards_of_the_bit_set_solver_are_the_cell_based_solvers() {
        // Same first row and digit orders, same tree, same board: 4x4, 6x6 and 16x16 boards
        // come from `bitboard::random_fill`, as they came from the cell-based search before.
        let mut rng = rand::rngs::StdRng::seed_from_u64(2027);
        for (shape, boards) in [(Shape::S4, 3000), (Shape::S6, 20_000), (Shape::S16, 300)] {
            for _ in 0..boards {
                let (values, orders) = random_start(shape, &mut rng);
                let fast = bitboard::random_fill(shape, &values, &orders);
                assert_eq!(fast, generic_fill(shape, &values, orders), "{shape:?}");
                assert!(Grid::from_values(shape, fast.unwrap()).unwrap().is_complete_and_valid());
            }
        }
    }

    #[test]
    fn random_solutions_are_valid_for_every_shape() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        for shape in Shape::ALL {
            let g = random_solution(shape, &mut rng);
            assert!(g.is_complete_and_valid(), "{shape:?}");
        }
    }
}
