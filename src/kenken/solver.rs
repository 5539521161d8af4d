//! KenKen solver: cage-aware constraint propagation plus search, counting solutions to a limit.
//!
//! Candidates are bit masks (bit v set = value v possible). Propagation repeats, to a fixpoint:
//! removing placed values from their row and column, hidden singles (a value with one place
//! left in a row/column), and cage combinations (each cage keeps only the values that occur in
//! some assignment meeting its target with the current candidates). At [`Level::Hard`] a cage
//! also "claims" values: if every combination puts `v` in the cage's part of row `r`, `v` leaves
//! the rest of row `r`. The same propagator, at a lower level, rates puzzles (see [`super::rate`]).

use super::{Op, Puzzle};

/// The candidate mask with every value 1..=n.
pub fn full_mask(n: usize) -> u16 {
    ((1u16 << n) - 1) << 1
}

/// Deduction strength of the propagator, from weakest to strongest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// Placed values leave their row/column; cage combinations.
    Easy,
    /// Plus hidden singles in rows and columns.
    Medium,
    /// Plus values a cage claims for a row or column part.
    Hard,
}

/// What enumerating one cage found.
pub(crate) struct CageScan {
    /// Per cage cell, the values used by some valid combination.
    pub support: Vec<u16>,
    /// `(row, values)` that every combination places inside the cage's part of that row.
    pub row_claims: Vec<(usize, u16)>,
    pub col_claims: Vec<(usize, u16)>,
}

struct Enumerator<'a> {
    op: Op,
    target: u64,
    doms: Vec<u16>,
    /// For each cage cell, the earlier cage cells sharing its row or column.
    conflicts: Vec<Vec<usize>>,
    suffix_min: Vec<u64>,
    suffix_max: Vec<u64>,
    vals: Vec<u8>,
    support: Vec<u16>,
    /// Claims bookkeeping: local row/column index of each cell and the running intersections.
    lines: Option<Lines<'a>>,
    found: bool,
}

struct Lines<'a> {
    rows: &'a [usize],
    cols: &'a [usize],
    row_acc: Vec<u16>,
    col_acc: Vec<u16>,
    scratch_r: Vec<u16>,
    scratch_c: Vec<u16>,
}

impl Enumerator<'_> {
    fn rec(&mut self, i: usize, acc: u64) -> bool {
        let k = self.vals.len();
        if i == k {
            let ok = match self.op {
                Op::Add | Op::Mul => acc == self.target,
                _ => self.op.holds(self.target, &self.vals),
            };
            if ok {
                self.found = true;
                for (s, &v) in self.support.iter_mut().zip(&self.vals) {
                    *s |= 1 << v;
                }
                match &mut self.lines {
                    Some(l) => {
                        l.scratch_r.iter_mut().for_each(|m| *m = 0);
                        l.scratch_c.iter_mut().for_each(|m| *m = 0);
                        for (j, &v) in self.vals.iter().enumerate() {
                            l.scratch_r[l.rows[j]] |= 1 << v;
                            l.scratch_c[l.cols[j]] |= 1 << v;
                        }
                        for (a, s) in l.row_acc.iter_mut().zip(&l.scratch_r) {
                            *a &= s;
                        }
                        for (a, s) in l.col_acc.iter_mut().zip(&l.scratch_c) {
                            *a &= s;
                        }
                    }
                    // Without claims, stop as soon as every candidate is known to be supported.
                    None => return self.support == self.doms,
                }
            }
            return false;
        }
        let mut mask = self.doms[i];
        for &j in &self.conflicts[i] {
            mask &= !(1u16 << self.vals[j]);
        }
        while mask != 0 {
            let v = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            let next = match self.op {
                Op::Add => {
                    let s = acc + v as u64;
                    if s + self.suffix_min[i + 1] > self.target || s + self.suffix_max[i + 1] < self.target {
                        continue;
                    }
                    s
                }
                Op::Mul => {
                    let p = acc * v as u64;
                    if !self.target.is_multiple_of(p) || p.saturating_mul(self.suffix_max[i + 1]) < self.target {
                        continue;
                    }
                    p
                }
                _ => acc,
            };
            self.vals[i] = v;
            if self.rec(i + 1, next) {
                return true;
            }
        }
        false
    }
}

/// Precomputed cage geometry, shared by every propagation call.
pub(crate) struct Geometry {
    pub n: usize,
    pub cells: Vec<Vec<usize>>,
    conflicts: Vec<Vec<Vec<usize>>>,
    /// Per cage: distinct rows / columns and each cell's index into them.
    rows: Vec<(Vec<usize>, Vec<usize>)>,
    cols: Vec<(Vec<usize>, Vec<usize>)>,
}

impl Geometry {
    pub fn new(p: &Puzzle) -> Geometry {
        let n = p.size();
        let mut g = Geometry { n, cells: vec![], conflicts: vec![], rows: vec![], cols: vec![] };
        for cage in p.cages() {
            g.cells.push(cage.cells.iter().map(|&(r, c)| r * n + c).collect());
            g.conflicts.push(
                (0..cage.cells.len())
                    .map(|i| {
                        (0..i)
                            .filter(|&j| cage.cells[i].0 == cage.cells[j].0 || cage.cells[i].1 == cage.cells[j].1)
                            .collect()
                    })
                    .collect(),
            );
            let local = |key: &dyn Fn(&(usize, usize)) -> usize| {
                let mut distinct: Vec<usize> = cage.cells.iter().map(key).collect();
                distinct.sort_unstable();
                distinct.dedup();
                let idx = cage.cells.iter().map(|c| distinct.iter().position(|&d| d == key(c)).unwrap_or(0)).collect();
                (distinct, idx)
            };
            g.rows.push(local(&|c| c.0));
            g.cols.push(local(&|c| c.1));
        }
        g
    }
}

/// Enumerates cage `ci` under candidates `doms`; `None` if no combination fits.
pub(crate) fn scan(p: &Puzzle, g: &Geometry, ci: usize, doms: &[u16], claims: bool) -> Option<CageScan> {
    let cage = &p.cages()[ci];
    let cells = &g.cells[ci];
    let cd: Vec<u16> = cells.iter().map(|&c| doms[c]).collect();
    let k = cells.len();
    let (mut smin, mut smax) = (vec![0u64; k + 1], vec![0u64; k + 1]);
    if cage.op == Op::Mul {
        smax[k] = 1;
    }
    for i in (0..k).rev() {
        // An empty candidate set first: it has no highest value (and no combination fits).
        if cd[i] == 0 {
            return None;
        }
        let lo = cd[i].trailing_zeros() as u64;
        let hi = 15 - cd[i].leading_zeros() as u64;
        smin[i] = smin[i + 1] + lo;
        smax[i] = if cage.op == Op::Mul { smax[i + 1].saturating_mul(hi) } else { smax[i + 1] + hi };
    }
    let lines = if claims && k > 1 {
        let (rl, ri) = &g.rows[ci];
        let (cl, cix) = &g.cols[ci];
        Some(Lines {
            rows: ri,
            cols: cix,
            row_acc: vec![u16::MAX; rl.len()],
            col_acc: vec![u16::MAX; cl.len()],
            scratch_r: vec![0; rl.len()],
            scratch_c: vec![0; cl.len()],
        })
    } else {
        None
    };
    let mut e = Enumerator {
        op: cage.op,
        target: cage.target,
        doms: cd,
        conflicts: g.conflicts[ci].clone(),
        suffix_min: smin,
        suffix_max: smax,
        vals: vec![0; k],
        support: vec![0; k],
        lines,
        found: false,
    };
    e.rec(0, if cage.op == Op::Mul { 1 } else { 0 });
    if !e.found {
        return None;
    }
    let (mut row_claims, mut col_claims) = (vec![], vec![]);
    if let Some(l) = e.lines {
        row_claims = g.rows[ci].0.iter().copied().zip(l.row_acc).filter(|&(_, m)| m != 0).collect();
        col_claims = g.cols[ci].0.iter().copied().zip(l.col_acc).filter(|&(_, m)| m != 0).collect();
    }
    Some(CageScan { support: e.support, row_claims, col_claims })
}

/// Values cage `ci` can use per cell with nothing else known; `None` if its target is unreachable.
pub(crate) fn cage_support(p: &Puzzle, ci: usize, doms: &[u16]) -> Option<Vec<u16>> {
    scan(p, &Geometry::new(p), ci, doms, false).map(|s| s.support)
}

/// Narrows `doms` to a fixpoint at `level`. `false` means a contradiction (no solution).
pub(crate) fn propagate(p: &Puzzle, g: &Geometry, doms: &mut [u16], level: Level) -> bool {
    let n = g.n;
    loop {
        let mut changed = false;
        // Placed values leave their row and column.
        for cell in 0..n * n {
            let d = doms[cell];
            if d.count_ones() != 1 {
                if d == 0 {
                    return false;
                }
                continue;
            }
            let (r, c) = (cell / n, cell % n);
            for j in 0..n {
                for other in [r * n + j, j * n + c] {
                    if other != cell && doms[other] & d != 0 {
                        doms[other] &= !d;
                        if doms[other] == 0 {
                            return false;
                        }
                        changed = true;
                    }
                }
            }
        }
        if level >= Level::Medium {
            for line in 0..2 * n {
                let at = |j: usize| if line < n { line * n + j } else { j * n + (line - n) };
                for v in 1..=n {
                    let bit = 1u16 << v;
                    let mut place = None;
                    let mut count = 0;
                    for j in 0..n {
                        if doms[at(j)] & bit != 0 {
                            count += 1;
                            place = Some(at(j));
                        }
                    }
                    match (count, place) {
                        (0, _) => return false,
                        (1, Some(cell)) if doms[cell] != bit => {
                            doms[cell] = bit;
                            changed = true;
                        }
                        _ => {}
                    }
                }
            }
        }
        for ci in 0..g.cells.len() {
            let Some(s) = scan(p, g, ci, doms, level >= Level::Hard) else { return false };
            for (&cell, &sup) in g.cells[ci].iter().zip(&s.support) {
                if doms[cell] & !sup != 0 {
                    doms[cell] &= sup;
                    changed = true;
                }
            }
            for (lines, is_row) in [(&s.row_claims, true), (&s.col_claims, false)] {
                for &(line, m) in lines {
                    for j in 0..n {
                        let cell = if is_row { line * n + j } else { j * n + line };
                        if p.cage_of[cell] != ci && doms[cell] & m != 0 {
                            doms[cell] &= !m;
                            if doms[cell] == 0 {
                                return false;
                            }
                            changed = true;
                        }
                    }
                }
            }
        }
        if !changed {
            return true;
        }
    }
}

/// The result of counting solutions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solutions {
    /// Number of solutions found, at most the limit.
    pub count: usize,
    /// The first solution found, row-major.
    pub first: Option<Vec<u8>>,
    /// The second one, if the limit allowed looking for it (where two solutions differ is
    /// what tells a player which cage they copied wrong).
    pub second: Option<Vec<u8>>,
    /// Search nodes (propagation calls), a machine-independent effort measure.
    pub nodes: u64,
}

/// Counts solutions up to `limit` (use 2 to prove uniqueness).
pub fn solutions(p: &Puzzle, limit: usize) -> Solutions {
    let g = Geometry::new(p);
    let mut out = Solutions { count: 0, first: None, second: None, nodes: 0 };
    let mut doms = vec![full_mask(p.size()); p.size() * p.size()];
    if limit > 0 {
        search(p, &g, &mut doms, limit, &mut out);
    }
    out
}

/// The unique solution, if there is exactly one.
pub fn solve_unique(p: &Puzzle) -> Option<Vec<u8>> {
    let s = solutions(p, 2);
    if s.count == 1 {
        s.first
    } else {
        None
    }
}

fn search(p: &Puzzle, g: &Geometry, doms: &mut [u16], limit: usize, out: &mut Solutions) {
    out.nodes += 1;
    if !propagate(p, g, doms, Level::Medium) {
        return;
    }
    // Branch on the cell with fewest candidates.
    let best = (0..doms.len()).filter(|&c| doms[c].count_ones() > 1).min_by_key(|&c| doms[c].count_ones());
    let Some(cell) = best else {
        out.count += 1;
        let grid = || Some(doms.iter().map(|d| d.trailing_zeros() as u8).collect());
        if out.first.is_none() {
            out.first = grid();
        } else if out.second.is_none() {
            out.second = grid();
        }
        return;
    };
    let mut m = doms[cell];
    while m != 0 && out.count < limit {
        let bit = m & m.wrapping_neg();
        m &= m - 1;
        let mut child = doms.to_vec();
        child[cell] = bit;
        search(p, g, &mut child, limit, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solves_a_small_puzzle_uniquely() {
        let e = Puzzle::from_json(r#"{"size":3,"cages":[{"op":"*","target":2,"cells":[[0,0],[1,0]]},{"op":"*","target":3,"cells":[[0,1],[0,2]]},{"op":"+","target":6,"cells":[[1,1],[1,2],[2,2]]},{"op":"-","target":1,"cells":[[2,0],[2,1]]}]}"#).unwrap();
        let s = solutions(&e.puzzle, 5);
        assert_eq!(s.count, 1);
        assert_eq!(s.first, Some(vec![2, 1, 3, 1, 3, 2, 3, 2, 1]));
    }

    #[test]
    fn counts_several_solutions() {
        // One big + cage over a 3x3 board: every Latin square of order 3 (12 of them) fits.
        let cells: Vec<(usize, usize)> = (0..9).map(|k| (k / 3, k % 3)).collect();
        let p = Puzzle::new(3, vec![super::super::Cage { op: Op::Add, target: 18, cells }]).unwrap();
        assert_eq!(solutions(&p, 100).count, 12);
        assert_eq!(solutions(&p, 2).count, 2);
    }
}
