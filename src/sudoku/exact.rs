//! The exact solver for any [`Geometry`]: a jigsaw's regions, the diagonals of an X and Killer
//! cages (issue 42). Classic boards keep their faster solvers (`solver`, `fast9`); this one is
//! the variants' and counts solutions up to a limit, finds where two differ, and fills a random
//! board for the generators.
//!
//! Each node propagates to a fixpoint: naked singles, hidden singles over every unit, and each
//! cage's combinations (the digit sets of the cage's size and sum that hold its placed digits
//! and fit its cells' candidates: a cell keeps only their digits, and a digit every set needs,
//! with one cell left for it, goes there). A unit's innies (its cells outside the cages wholly
//! inside it, up to [`MAX_INNIES`] of them) are held to their sum the same way. Then it
//! branches on a cell with fewest candidates.
//!
//! A unit or a sum is looked at again only when one of its cells changed since it was last
//! looked at (each rule reads its own cells only, and a node starts from its parent's
//! fixpoint): the fixpoint, and so every node and count, is the one a look at all of them
//! each time reaches, for a fraction of the work.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use crate::grid::{Area, Geometry};

/// Cells of the largest board (16x16).
const MAX_CELLS: usize = 256;
/// The most cells of a unit's innies the solver holds to their sum: making 40 hard Killers took
/// 16.0 G instructions with up to 6, 17.3 G with every unit's (up to 8), 23.6 G with none; up
/// to 4 was about as good as 6, up to 2 much worse (docs/benchmarks.md).
const MAX_INNIES: usize = 6;

/// What a count found: how many solutions (up to the limit), the first and, when asked, a second.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Found {
    pub count: usize,
    pub first: Option<Vec<u8>>,
    pub second: Option<Vec<u8>>,
    /// Whether the search stopped at its node budget before it knew (the count is then a floor).
    pub gave_up: bool,
}

/// Counts the solutions of `values` (0 = empty) on `geo`, stopping at `limit`.
pub fn solutions(geo: &Geometry, values: &[u8], limit: usize) -> Found {
    solutions_within(geo, values, limit, usize::MAX)
}

/// [`solutions`] with a budget of search nodes: past it, `gave_up` and the count so far (a
/// pasted puzzle must not hang the app).
///
/// The search restarts: short runs with shuffled digit orders and a doubling budget (from
/// [`FIRST_RUN_NODES`]), until one runs to its end (its count is the answer) or the runs
/// between them have found `limit` different solutions. On an open board a single search
/// can sink into a subtree without solutions and take minutes (a jigsaw with two givens and
/// thousands of solutions); a fresh order finds two at once. The runs before the one that ends
/// cost, together, less than its budget: a board that needs the whole search (one solution)
/// pays for it a few times at worst, and Solo's hardest puzzles end in the first run.
pub fn solutions_within(geo: &Geometry, values: &[u8], limit: usize, max_nodes: usize) -> Found {
    // Seeded: the same board gives the same answer, solutions included.
    let mut rng = rand::rngs::StdRng::seed_from_u64(0x5eed);
    let mut seen: Vec<Vec<u8>> = Vec::new();
    let (mut spent, mut budget) = (0usize, FIRST_RUN_NODES);
    loop {
        let last = budget >= max_nodes.saturating_sub(spent);
        let run_budget = if last { max_nodes.saturating_sub(spent) } else { budget };
        let (found, nodes) = search_within(geo, values, limit, run_budget, Some(&mut rng));
        spent = spent.saturating_add(nodes);
        if !found.gave_up {
            return found;
        }
        for s in [found.first, found.second].into_iter().flatten() {
            if !seen.contains(&s) {
                seen.push(s);
            }
        }
        if seen.len() >= limit || last {
            let count = seen.len().min(limit);
            let mut kept = seen.into_iter();
            let first = kept.next();
            let second = if limit >= 2 { kept.next() } else { None };
            return Found { count, first, second, gave_up: count < limit };
        }
        budget = budget.saturating_mul(2);
    }
}

/// The first restart's node budget (see [`solutions_within`]): most boards, a generator's or a
/// pasted one, are settled within it, in the first run.
pub const FIRST_RUN_NODES: usize = 2_000;

/// One search of at most `max_nodes` nodes, in digit order, or in random digit orders from
/// `rng`: what it found and the nodes it took.
fn search_within(geo: &Geometry, values: &[u8], limit: usize, max_nodes: usize, rng: Option<&mut rand::rngs::StdRng>) -> (Found, usize) {
    let mut s = Exact::new(geo, rng.map(|r| shuffled_orders(geo.n, r)));
    s.keep_second = limit >= 2;
    s.max_nodes = max_nodes;
    s.run_counting(values, limit)
}

/// Whether `values` (0 = empty) has a solution without `digit` in the empty `cell`, in one
/// search of at most `max_nodes` nodes (`None` past it). A digger's check: when the board with
/// `digit` given in `cell` has one solution, the board without it has one too exactly when this
/// says no. It costs less than counting to two: the search never walks the known solution's
/// branch, and the missing digit prunes from the first node.
pub(crate) fn other_solution_within(geo: &Geometry, values: &[u8], cell: usize, digit: u8, max_nodes: usize) -> Option<bool> {
    let cells = geo.n * geo.n;
    if values.len() != cells || cell >= cells || values[cell] != 0 || digit == 0 || usize::from(digit) > geo.n {
        // Not a digger's question: unknown, so a digger keeps its given.
        return None;
    }
    let mut s = Exact::new(geo, None);
    s.max_nodes = max_nodes;
    let Some(mut st) = s.start(values) else { return Some(false) };
    if st.value[cell] == 0 {
        st.cand[cell] &= !(1u16 << (digit - 1));
        s.mark(cell);
        match st.cand[cell] {
            0 => return Some(false),
            m if m & (m - 1) == 0 => s.queue.push(cell),
            _ => {}
        }
        if !s.settle(&mut st) {
            return Some(false);
        }
    } else if st.value[cell] == digit {
        return Some(false);
    }
    s.search(&mut st, 1);
    (!s.found.gave_up).then_some(s.found.count > 0)
}

/// 64 shuffled orders of the n digits, end to end (the search takes one by its node count).
fn shuffled_orders(n: usize, rng: &mut impl Rng) -> Vec<u8> {
    let mut orders: Vec<u8> = Vec::with_capacity(64 * n);
    for _ in 0..64 {
        let k = orders.len();
        orders.extend(0..n as u8);
        orders[k..].shuffle(rng);
    }
    orders
}

/// The one solution of `values` on `geo`, if it has exactly one.
pub fn unique_solution(geo: &Geometry, values: &[u8]) -> Option<Vec<u8>> {
    let f = solutions(geo, values, 2);
    if f.count == 1 {
        f.first
    } else {
        None
    }
}

/// A uniformly shuffled complete board of `geo` (random digit order at every branch), or `None`
/// when none exists or none was found within `max_nodes` (a jigsaw layout can have no
/// solution; the generators then try another).
pub fn random_fill(geo: &Geometry, rng: &mut impl Rng, max_nodes: usize) -> Option<Vec<u8>> {
    let n = geo.n;
    let mut s = Exact::new(geo, Some(shuffled_orders(n, rng)));
    s.max_nodes = max_nodes;
    s.run(&vec![0; n * n], 1).first
}

#[derive(Clone)]
struct State {
    cand: [u16; MAX_CELLS],
    value: [u8; MAX_CELLS],
    left: usize,
}

/// A set of cells of the largest board.
type Cells = super::bitboard::Cells<{ MAX_CELLS / 64 }>;

struct Exact<'g> {
    geo: &'g Geometry,
    all: u16,
    /// The sums to hold, each with its digit sets (every set of its size whose digits add up
    /// to its sum) and its cells as a set: the cages, then each unit's innies
    /// (`Geometry::sum_areas`).
    sums: Vec<(&'g [usize], &'static [u16], Cells)>,
    /// Each unit's cells as a set.
    units: Vec<Cells>,
    /// The cells whose candidates or value changed since the rules last looked at them.
    changed: Cells,
    /// Tests only: every rule looks at the whole board at every pass, as it did before the
    /// changed cells were kept (the fixpoint must be the same).
    #[cfg(test)]
    everywhere: bool,
    queue: Vec<usize>,
    orders: Option<Vec<u8>>,
    nodes: usize,
    max_nodes: usize,
    keep_second: bool,
    found: Found,
}

impl<'g> Exact<'g> {
    fn new(geo: &'g Geometry, orders: Option<Vec<u8>>) -> Exact<'g> {
        let n = geo.n;
        let all = if n >= 16 { u16::MAX } else { (1u16 << n) - 1 };
        let cages = geo.cages.iter().map(|c| (&c.cells[..], c.sum));
        // A unit's innies share the unit, so no digit twice: a cage to the solver, as "innies
        // and outies" is one to a person. (A run of units, or outies, may hold a digit twice.)
        // Up to MAX_INNIES cells: more allow most digit sets and cost more than they prune.
        let innies = geo.sum_areas().iter().filter(|a| matches!(a.area, Area::Unit(_)) && (1..=MAX_INNIES).contains(&a.innies.len()));
        let innies = innies.map(|a| (&a.innies[..], u16::try_from(a.innie_sum).unwrap_or(0)));
        let sums = cages.chain(innies).map(|(cells, sum)| (cells, digit_sets(n, cells.len(), sum), Cells::of(cells))).collect();
        let units = geo.units.iter().map(|u| Cells::of(u)).collect();
        Exact {
            geo,
            all,
            sums,
            units,
            changed: Cells::EMPTY,
            #[cfg(test)]
            everywhere: false,
            queue: Vec::new(),
            orders,
            nodes: 0,
            max_nodes: usize::MAX,
            keep_second: false,
            found: Found::default(),
        }
    }

    fn run(self, values: &[u8], limit: usize) -> Found {
        self.run_counting(values, limit).0
    }

    /// [`Exact::run`], and the nodes it took.
    fn run_counting(mut self, values: &[u8], limit: usize) -> (Found, usize) {
        if limit == 0 || values.len() != self.geo.n * self.geo.n {
            return (Found::default(), 0);
        }
        if let Some(mut st) = self.start(values) {
            self.search(&mut st, limit);
        }
        (self.found, self.nodes)
    }

    /// The givens placed (each checked against its units and cage) and propagated.
    fn start(&mut self, values: &[u8]) -> Option<State> {
        let cells = self.geo.n * self.geo.n;
        let mut st = State { cand: [0; MAX_CELLS], value: [0; MAX_CELLS], left: cells };
        st.cand[..cells].fill(self.all);
        self.queue.clear();
        // Every rule looks once at the whole board (a cage's sum narrows its empty cells).
        self.changed = Cells::EMPTY;
        for c in 0..cells {
            self.mark(c);
        }
        for (i, &v) in values.iter().enumerate() {
            if v != 0 && (usize::from(v) > self.geo.n || !self.place(&mut st, i, v - 1)) {
                return None;
            }
        }
        self.settle(&mut st).then_some(st)
    }

    /// Writes digit `d` (0-based) in `cell` and takes it from its peers, queueing the naked
    /// singles that makes.
    fn place(&mut self, st: &mut State, cell: usize, d: u8) -> bool {
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
        self.mark(cell);
        for &p in &self.geo.peers[cell] {
            if st.cand[p] & bit != 0 {
                if st.value[p] != 0 {
                    return false;
                }
                st.cand[p] &= !bit;
                self.mark(p);
                match st.cand[p] {
                    0 => return false,
                    m if m & (m - 1) == 0 => self.queue.push(p),
                    _ => {}
                }
            }
        }
        true
    }

    fn mark(&mut self, cell: usize) {
        self.changed.insert(cell);
    }

    fn naked_singles(&mut self, st: &mut State) -> bool {
        while let Some(c) = self.queue.pop() {
            if st.value[c] == 0 {
                let m = st.cand[c];
                if m == 0 || !self.place(st, c, m.trailing_zeros() as u8) {
                    return false;
                }
            }
        }
        true
    }

    /// Propagates to a fixpoint, looking at the units and sums whose cells changed; false on
    /// a contradiction.
    fn settle(&mut self, st: &mut State) -> bool {
        loop {
            if !self.naked_singles(st) {
                return false;
            }
            #[allow(unused_mut)]
            let mut changed = std::mem::replace(&mut self.changed, Cells::EMPTY);
            if changed.is_empty() {
                return true;
            }
            #[cfg(test)]
            if self.everywhere {
                changed = Cells::of(&(0..MAX_CELLS).collect::<Vec<_>>());
            }
            if self.hidden_singles(st, &changed).is_none() || self.cages(st, &changed).is_none() {
                return false;
            }
        }
    }

    /// Each unit among `changed` must hold every digit: one with a single place goes there.
    /// `None` on a contradiction.
    fn hidden_singles(&mut self, st: &mut State, changed: &Cells) -> Option<()> {
        for u in 0..self.geo.units.len() {
            if !self.units[u].meets(changed) {
                continue;
            }
            let (mut ones, mut twos, mut solved) = (0u16, 0u16, 0u16);
            for &c in &self.geo.units[u] {
                let m = st.cand[c];
                twos |= ones & m;
                ones |= m;
                if st.value[c] != 0 {
                    solved |= m;
                }
            }
            if ones != self.all {
                return None;
            }
            let mut single = ones & !twos & !solved;
            while single != 0 {
                let d = single.trailing_zeros() as u8;
                single &= single - 1;
                let c = *self.geo.units[u].iter().find(|&&c| st.cand[c] & (1 << d) != 0)?;
                if st.value[c] == 0 && (!self.place(st, c, d) || !self.naked_singles(st)) {
                    return None;
                }
            }
        }
        Some(())
    }

    /// Each sum's digit sets against its cells (see the module), of the sums among `changed`.
    /// `None` on a contradiction.
    fn cages(&mut self, st: &mut State, changed: &Cells) -> Option<()> {
        for k in 0..self.sums.len() {
            let (cells, sets, set) = self.sums[k];
            if !set.meets(changed) {
                continue;
            }
            let (mut placed, mut open, mut masks, mut m) = (0u16, 0u16, [0u16; 16], 0);
            for &c in cells {
                if st.value[c] != 0 {
                    placed |= st.cand[c];
                } else {
                    open |= st.cand[c];
                    // A sum holds at most n <= 16 cells (a cage's digits differ, as a unit's).
                    if let Some(slot) = masks.get_mut(m) {
                        *slot = st.cand[c];
                        m += 1;
                    }
                }
            }
            if open == 0 {
                // Full: its last cells may have come from singles, after its sets were last
                // checked, so its digits must still be one of them (else the sum is wrong).
                if !sets.contains(&placed) {
                    return None;
                }
                continue;
            }
            let (mut allowed, mut needed) = (0u16, u16::MAX);
            for &set in sets {
                if !set_fits(set, placed, open, masks[..m].iter().copied()) {
                    continue;
                }
                let rest = set & !placed;
                allowed |= rest;
                needed &= rest;
            }
            if allowed == 0 {
                return None;
            }
            for &c in cells {
                if st.value[c] == 0 && st.cand[c] & !allowed != 0 {
                    st.cand[c] &= allowed;
                    self.mark(c);
                    match st.cand[c] {
                        0 => return None,
                        m if m & (m - 1) == 0 => self.queue.push(c),
                        _ => {}
                    }
                }
            }
            // A digit every set needs, with one cell left that can hold it.
            let mut need = needed;
            while need != 0 {
                let bit = need & need.wrapping_neg();
                need &= need - 1;
                let mut at = cells.iter().filter(|&&c| st.value[c] == 0 && st.cand[c] & bit != 0);
                match (at.next(), at.next()) {
                    (None, _) => return None,
                    (Some(&c), None) if st.cand[c] != bit => {
                        st.cand[c] = bit;
                        self.queue.push(c);
                        self.mark(c);
                    }
                    _ => {}
                }
            }
        }
        Some(())
    }

    fn search(&mut self, st: &mut State, limit: usize) {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            self.found.gave_up = true;
            return;
        }
        let cells = self.geo.n * self.geo.n;
        if st.left == 0 {
            self.found.count += 1;
            let v = st.value[..cells].to_vec();
            if self.found.first.is_none() {
                self.found.first = Some(v);
            } else if self.keep_second && self.found.second.is_none() {
                self.found.second = Some(v);
            }
            return;
        }
        // The first open cell with fewest candidates; an open cell of a settled board has two
        // or more, so the first with two is it.
        let mut best = None;
        let mut fewest = u32::MAX;
        for i in (0..cells).filter(|&i| st.value[i] == 0) {
            let k = st.cand[i].count_ones();
            if k < fewest {
                (best, fewest) = (Some(i), k);
                if k <= 2 {
                    break;
                }
            }
        }
        let Some(best) = best else { return };
        let m = st.cand[best];
        let mut digits = [0u8; 16];
        let mut k = 0;
        match &self.orders {
            Some(o) => {
                let n = self.geo.n;
                let start = (self.nodes % 64) * n;
                for &d in &o[start..start + n] {
                    if m & (1 << d) != 0 {
                        digits[k] = d;
                        k += 1;
                    }
                }
            }
            None => {
                let mut r = m;
                while r != 0 {
                    digits[k] = r.trailing_zeros() as u8;
                    k += 1;
                    r &= r - 1;
                }
            }
        }
        for &d in &digits[..k] {
            let mut next = st.clone();
            self.queue.clear();
            // `st` is a fixpoint: only what this digit changes is new to the rules.
            self.changed = Cells::EMPTY;
            if self.place(&mut next, best, d) && self.settle(&mut next) {
                self.search(&mut next, limit);
            }
            if self.found.count >= limit || self.found.gave_up {
                return;
            }
        }
    }
}

/// Whether a cage's digit `set` can still be what it holds: it has the `placed` digits, and
/// the rest lie among the `open` cells' candidates with every open cell able to take one of
/// them (`open_cells`: each open cell's candidates). The one rule of the exact solver and the
/// human "cage combinations".
pub(crate) fn set_fits(set: u16, placed: u16, open: u16, mut open_cells: impl Iterator<Item = u16>) -> bool {
    let rest = set & !placed;
    set & placed == placed && rest & !open == 0 && open_cells.all(|m| m & rest != 0)
}

/// Every set of `size` distinct digits 1..=n (bit d-1) adding up to `sum`, ascending. Made once
/// per side (the human techniques ask at every step).
pub fn digit_sets(n: usize, size: usize, sum: u16) -> &'static [u16] {
    /// Per side: the sets grouped by (size, sum), and where each group starts.
    struct Table {
        sets: Vec<u16>,
        start: Vec<usize>,
    }
    const MAX_SUM: usize = 136;
    static TABLES: [std::sync::OnceLock<Table>; 17] = [const { std::sync::OnceLock::new() }; 17];
    let n = n.min(16);
    if size > n || usize::from(sum) > MAX_SUM {
        return &[];
    }
    let t = TABLES[n].get_or_init(|| {
        let all: u32 = if n >= 16 { 0xffff } else { (1 << n) - 1 };
        let key = |m: u32| m.count_ones() as usize * (MAX_SUM + 1) + (0..n).filter(|d| m & (1 << d) != 0).map(|d| d + 1).sum::<usize>();
        let mut masks: Vec<u32> = (0..=all).collect();
        masks.sort_by_key(|&m| (key(m), m));
        let mut start = vec![0; (n + 1) * (MAX_SUM + 1) + 1];
        for &m in &masks {
            start[key(m) + 1] += 1;
        }
        for k in 1..start.len() {
            start[k] += start[k - 1];
        }
        Table { sets: masks.into_iter().map(|m| m as u16).collect(), start }
    });
    let k = size * (MAX_SUM + 1) + usize::from(sum);
    &t.sets[t.start[k]..t.start[k + 1]]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Cage, Grid};

    fn x9() -> Geometry {
        let boxes: Vec<u8> = (0..81).map(|i| ((i / 27) * 3 + (i % 9) / 3) as u8).collect();
        Geometry::variant(9, &boxes, false, true, vec![]).unwrap()
    }

    #[test]
    fn a_classic_board_solves_as_the_classic_solver_does() {
        let g = Grid::parse("003020600900305001001806400008102900700000008006708200002609500800203009005010300").unwrap();
        let geo = Geometry::sudoku(g.shape());
        let f = solutions(&geo, g.values(), 2);
        assert_eq!(f.count, 1);
        assert_eq!(f.first.as_deref(), crate::sudoku::solver::solve(&g).as_ref().map(|s| s.values()));
    }

    /// Looking only where cells changed reaches the fixpoint a look at every unit and sum
    /// reaches: the same answers in the same number of nodes, at every given of a dig of
    /// Killers, Killer Xs and jigsaws (a count to two, and the digger's check).
    #[test]
    fn the_changed_cells_reach_the_same_fixpoint() {
        use crate::variants::{cages, regions};
        use rand::seq::SliceRandom;
        use rand::SeedableRng;
        let shape = crate::grid::Shape::from_size(9).unwrap();
        let boxes: Vec<u8> = (0..81).map(|i| ((i / 27) * 3 + (i % 9) / 3) as u8).collect();
        let mut rng = rand::rngs::StdRng::seed_from_u64(41);
        let (mut checks, mut nodes) = (0, 0);
        for kind in 0..6 {
            let (regions, x) = match kind {
                0 | 1 => (boxes.clone(), kind == 1),
                2 | 3 => (regions::random_regions(shape, &mut rng).unwrap(), false),
                _ => (boxes.clone(), kind == 5),
            };
            let plain = Geometry::variant(9, &regions, kind == 2 || kind == 3, x, vec![]).unwrap();
            let Some(solution) = random_fill(&plain, &mut rng, 100_000) else { continue };
            let geo = if kind >= 4 {
                let k = cages::random_cages(9, &solution, cages::Sizes::Printed, &mut rng).unwrap();
                Geometry::variant(9, &boxes, false, x, k).unwrap()
            } else {
                plain
            };
            let mut values = solution.clone();
            let mut order: Vec<usize> = (0..81).collect();
            order.shuffle(&mut rng);
            for c in order {
                let v = std::mem::replace(&mut values[c], 0);
                let mut answers = Vec::new();
                for everywhere in [false, true] {
                    let mut s = Exact::new(&geo, None);
                    s.everywhere = everywhere;
                    s.max_nodes = 3_000;
                    s.keep_second = true;
                    let count = s.run_counting(&values, 2);
                    let mut s = Exact::new(&geo, None);
                    s.everywhere = everywhere;
                    s.max_nodes = 3_000;
                    let other = s.start(&values).map(|mut st| {
                        st.cand[c] &= !(1 << (v - 1));
                        s.mark(c);
                        let settled = st.cand[c] != 0 && s.settle(&mut st);
                        if settled {
                            s.search(&mut st, 1);
                        }
                        (settled, s.found.count, s.found.gave_up, s.nodes)
                    });
                    answers.push((count, other));
                }
                assert_eq!(answers[0], answers[1], "kind {kind}: {values:?}");
                checks += 1;
                nodes += answers[0].0 .1;
                if answers[0].0 .0.count != 1 || answers[0].0 .0.gave_up {
                    values[c] = v;
                }
            }
        }
        assert!(checks >= 6 * 81 - 81 && nodes > 5_000, "{checks} {nodes}");
    }

    #[test]
    fn digit_sets_are_the_killer_table() {
        assert_eq!(digit_sets(9, 2, 3), [0b11]);
        assert_eq!(digit_sets(9, 2, 17), [0b1_1000_0000]);
        assert_eq!(digit_sets(4, 4, 10), [0b1111]);
        assert_eq!(digit_sets(16, 16, 136), [0xffff]);
        assert_eq!(digit_sets(9, 3, 6), [0b111]);
        assert_eq!(digit_sets(9, 9, 45).len(), 1);
        assert_eq!(digit_sets(9, 3, 15).len(), 8);
        assert!(digit_sets(9, 2, 18).is_empty());
    }

    #[test]
    fn a_random_x_fill_keeps_the_diagonals() {
        let geo = x9();
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        use rand::SeedableRng;
        let v = random_fill(&geo, &mut rng, 100_000).unwrap();
        for u in &geo.units {
            let m = u.iter().fold(0u16, |m, &c| m | 1 << (v[c] - 1));
            assert_eq!(m, 0x1ff);
        }
    }

    #[test]
    fn a_killer_cage_is_held_to_its_sum() {
        // A 4x4 with every cell its own cage: the sums are the board, one solution.
        let sol = [1u8, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let boxes: Vec<u8> = (0..16).map(|i| ((i / 8) * 2 + (i % 4) / 2) as u8).collect();
        let cages = (0..16).map(|i| Cage { cells: vec![i], sum: u16::from(sol[i]) }).collect();
        let geo = Geometry::variant(4, &boxes, false, false, cages).unwrap();
        let f = solutions(&geo, &[0; 16], 2);
        assert_eq!((f.count, f.first.as_deref()), (1, Some(&sol[..])));
        // A cage whose sum no digits make: none.
        let bad = vec![Cage { cells: vec![0, 1], sum: 2 }];
        let geo = Geometry::variant(4, &boxes, false, false, bad).unwrap();
        assert_eq!(solutions(&geo, &[0; 16], 2).count, 0);
    }
}
