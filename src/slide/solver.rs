//! Sliding-puzzle solvers.
//!
//! - [`optimal`]: IDA* with Manhattan distance plus linear conflict (admissible, so the first
//!   solution found is shortest), updated incrementally per move. Optimal in practice for 3x3
//!   (milliseconds) and 4x4 (seconds to minutes for the hardest positions: use a node budget).
//! - [`quick`]: good but not optimal, for any size: places tiles one at a time row by row /
//!   column by column with small IDA* searches, freezing finished lines, and solves the last
//!   3x3 region optimally.

use super::{Board, Dir, SlideError};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    #[error(transparent)]
    Board(#[from] SlideError),
    #[error("gave up after {nodes} nodes (search bound {bound}); the optimal solution is at least {bound} moves")]
    Budget { nodes: u64, bound: u32 },
}

/// A solution as gap steps, with the search effort.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    pub steps: Vec<Dir>,
    pub nodes: u64,
}

const FOUND: u32 = u32::MAX;

struct Search {
    rows: usize,
    cols: usize,
    tiles: Vec<u8>,
    gap: usize,
    /// Cells the gap may not enter (finished lines in the staged solver).
    frozen: Vec<bool>,
    /// Tiles that count: all (with linear conflict) or a subset (Manhattan only).
    counted: Vec<bool>,
    use_lc: bool,
    md: u32,
    row_lc: Vec<u32>,
    col_lc: Vec<u32>,
    path: Vec<Dir>,
    nodes: u64,
    budget: u64,
    /// Wall-clock limit for benchmarks; checked every 65,536 nodes.
    deadline: Option<std::time::Instant>,
    /// 4x4 only: the additive pattern databases, maxed with Manhattan + linear conflict.
    pdb: Option<&'static super::pdb::Pdb>,
    /// Cell of each tile (kept for the pattern-database lookup).
    pos: Vec<u8>,
}

impl Search {
    fn new(b: &Board, frozen: Vec<bool>, counted: Vec<bool>, use_lc: bool, budget: u64) -> Search {
        let mut s = Search {
            rows: b.rows,
            cols: b.cols,
            tiles: b.tiles.clone(),
            gap: b.gap,
            frozen,
            counted,
            use_lc,
            md: 0,
            row_lc: vec![0; b.rows],
            col_lc: vec![0; b.cols],
            path: vec![],
            nodes: 0,
            budget,
            deadline: None,
            pdb: None,
            pos: vec![0; b.tiles.len()],
        };
        for (i, &t) in b.tiles.iter().enumerate() {
            s.pos[t as usize] = i as u8;
        }
        s.md = (0..s.tiles.len()).map(|i| s.dist(i, s.tiles[i])).sum();
        if use_lc {
            for r in 0..s.rows {
                s.row_lc[r] = s.line_lc(r, true);
            }
            for c in 0..s.cols {
                s.col_lc[c] = s.line_lc(c, false);
            }
        }
        s
    }

    fn dist(&self, at: usize, t: u8) -> u32 {
        if t == 0 || !self.counted[t as usize] {
            return 0;
        }
        let g = t as usize - 1;
        ((at / self.cols).abs_diff(g / self.cols) + (at % self.cols).abs_diff(g % self.cols)) as u32
    }

    /// 2 x (tiles in their goal line that must leave it to fix their order) = 2 x (k - LIS).
    fn line_lc(&self, line: usize, is_row: bool) -> u32 {
        let mut keys = [0usize; 6];
        let mut k = 0;
        let len = if is_row { self.cols } else { self.rows };
        for j in 0..len {
            let i = if is_row { line * self.cols + j } else { j * self.cols + line };
            let t = self.tiles[i];
            if t == 0 || !self.counted[t as usize] {
                continue;
            }
            let g = t as usize - 1;
            let (gr, gc) = (g / self.cols, g % self.cols);
            if is_row && gr == line {
                keys[k] = gc;
                k += 1;
            } else if !is_row && gc == line {
                keys[k] = gr;
                k += 1;
            }
        }
        if k < 2 {
            return 0;
        }
        let mut lis = [1u32; 6];
        let mut best = 1;
        for a in 1..k {
            for b in 0..a {
                if keys[b] < keys[a] && lis[b] + 1 > lis[a] {
                    lis[a] = lis[b] + 1;
                }
            }
            best = best.max(lis[a]);
        }
        2 * (k as u32 - best)
    }

    fn h(&self) -> u32 {
        if self.use_lc {
            let h = self.md + self.row_lc.iter().sum::<u32>() + self.col_lc.iter().sum::<u32>();
            match self.pdb {
                Some(p) => h.max(p.h(&self.pos)),
                None => h,
            }
        } else {
            self.md
        }
    }

    fn neighbour(&self, d: Dir) -> Option<usize> {
        let (r, c) = (self.gap / self.cols, self.gap % self.cols);
        let to = match d {
            Dir::Up if r > 0 => self.gap - self.cols,
            Dir::Down if r + 1 < self.rows => self.gap + self.cols,
            Dir::Left if c > 0 => self.gap - 1,
            Dir::Right if c + 1 < self.cols => self.gap + 1,
            _ => return None,
        };
        (!self.frozen[to]).then_some(to)
    }

    /// Moves the gap to `to` (a neighbour), updating the heuristic parts.
    fn shift(&mut self, to: usize) {
        let from = self.gap;
        let t = self.tiles[to];
        self.md = self.md + self.dist(from, t) - self.dist(to, t);
        self.tiles[from] = t;
        self.tiles[to] = 0;
        self.gap = to;
        self.pos[t as usize] = from as u8;
        self.pos[0] = to as u8;
        if self.use_lc {
            let (fr, fc, tr, tc) = (from / self.cols, from % self.cols, to / self.cols, to % self.cols);
            // Only the lines the tile leaves or enters change, and only if it belongs to one of
            // them (a line's conflicts involve just the tiles whose goal is in that line).
            let g = t as usize - 1;
            if fr != tr {
                let gr = g / self.cols;
                if gr == fr || gr == tr {
                    self.row_lc[fr] = self.line_lc(fr, true);
                    self.row_lc[tr] = self.line_lc(tr, true);
                }
            } else {
                let gc = g % self.cols;
                if gc == fc || gc == tc {
                    self.col_lc[fc] = self.line_lc(fc, false);
                    self.col_lc[tc] = self.line_lc(tc, false);
                }
            }
        }
    }

    /// Depth-first contour search; returns FOUND or the smallest f above the bound.
    fn dfs(&mut self, g: u32, bound: u32, prev: Option<Dir>) -> Result<u32, ()> {
        let h = self.h();
        let f = g + h;
        if f > bound {
            return Ok(f);
        }
        if h == 0 {
            return Ok(FOUND);
        }
        self.nodes += 1;
        if self.nodes > self.budget
            || (self.nodes & 0xFFFF == 0 && self.deadline.is_some_and(|d| std::time::Instant::now() > d))
        {
            return Err(());
        }
        let mut min = u32::MAX - 1;
        for d in Dir::ALL {
            if prev == Some(d.inverse()) {
                continue;
            }
            let Some(to) = self.neighbour(d) else { continue };
            let from = self.gap;
            self.shift(to);
            self.path.push(d);
            let r = self.dfs(g + 1, bound, Some(d));
            if matches!(r, Ok(FOUND)) {
                return r;
            }
            self.path.pop();
            self.shift(from);
            min = min.min(r?);
        }
        Ok(min)
    }

    fn run(&mut self) -> Result<Vec<Dir>, SolveError> {
        let mut bound = self.h();
        loop {
            match self.dfs(0, bound, None) {
                Ok(FOUND) => return Ok(std::mem::take(&mut self.path)),
                Ok(next) if next < u32::MAX - 1 => bound = next,
                // No move possible at all cannot happen on a solvable board of 3x3 or more.
                Ok(_) => return Err(SolveError::Budget { nodes: self.nodes, bound }),
                Err(()) => return Err(SolveError::Budget { nodes: self.nodes, bound }),
            }
        }
    }
}

/// An optimal solution by IDA* (Manhattan + linear conflict), giving up after `node_budget`
/// expanded nodes.
pub fn optimal(b: &Board, node_budget: u64) -> Result<Solution, SolveError> {
    optimal_within(b, node_budget, None)
}

/// [`optimal`] that also gives up after `time` (for benchmarks and interactive use).
pub fn optimal_within(b: &Board, node_budget: u64, time: Option<std::time::Duration>) -> Result<Solution, SolveError> {
    if !b.is_solvable() {
        return Err(SlideError::Unsolvable.into());
    }
    let n = b.tiles.len();
    let mut s = Search::new(b, vec![false; n], vec![true; n], true, node_budget);
    if b.rows == 4 && b.cols == 4 {
        s.pdb = Some(super::pdb::get());
    }
    // After the (one-off) table build, so the budget measures the search.
    s.deadline = time.map(|t| std::time::Instant::now() + t);
    let steps = s.run()?;
    Ok(Solution { steps, nodes: s.nodes })
}

/// Manhattan distance plus linear conflict: a lower bound on the optimal number of moves.
pub fn lower_bound(b: &Board) -> u32 {
    let n = b.tiles.len();
    Search::new(b, vec![false; n], vec![true; n], true, 0).h()
}

/// The first step of an optimal solution and the optimal length, within the budget.
pub fn hint(b: &Board, node_budget: u64) -> Result<Option<(Dir, usize)>, SolveError> {
    let s = optimal(b, node_budget)?;
    Ok(s.steps.first().map(|&d| (d, s.steps.len())))
}

/// A fast, usually short but not optimal solution for any size.
pub fn quick(b: &Board) -> Result<Solution, SolveError> {
    if !b.is_solvable() {
        return Err(SlideError::Unsolvable.into());
    }
    let (rows, cols) = (b.rows, b.cols);
    let n = rows * cols;
    let mut cur = b.clone();
    let mut frozen = vec![false; n];
    let mut all = Vec::new();
    let mut nodes = 0;
    let (mut r0, mut c0) = (0, 0);
    // Reduce the free region to 3x3 by finishing its top row or left column, whichever is longer.
    while rows - r0 > 3 || cols - c0 > 3 {
        let line: Vec<usize> = if rows - r0 >= cols - c0 {
            (c0..cols).map(|c| r0 * cols + c).collect()
        } else {
            (r0..rows).map(|r| r * cols + c0).collect()
        };
        let is_row = rows - r0 >= cols - c0;
        let mut targets: Vec<(u8, usize)> = vec![];
        let mut run = |targets: &[(u8, usize)], gap: Option<usize>, cur: &mut Board| -> Result<(), SolveError> {
            let (steps, expanded) = place(cur, &frozen, targets, gap)?;
            nodes += expanded;
            for &d in &steps {
                cur.step(d);
            }
            all.extend(steps);
            Ok(())
        };
        let k = line.len();
        for &cell in &line[..k - 2] {
            targets.push((cell as u8 + 1, cell));
            run(&targets, None, &mut cur)?;
        }
        // The last two tiles: placing the second-to-last first would trap the last one in its
        // corner. Instead park the last tile (b) on the second-to-last cell and the other (a)
        // next to it inside the region, the gap on b's home, then two steps rotate them in.
        let (pa, pb) = (line[k - 2], line[k - 1]);
        let beside = if is_row { pa + cols } else { pa + 1 };
        let (ta, tb) = (pa as u8 + 1, pb as u8 + 1);
        let already = cur.tiles[pa] == ta && cur.tiles[pb] == tb;
        if !already {
            let mut park = targets.clone();
            park.push((tb, pa));
            park.push((ta, beside));
            run(&park, Some(pb), &mut cur)?;
            let rotate = if is_row { [Dir::Left, Dir::Down] } else { [Dir::Up, Dir::Right] };
            for d in rotate {
                cur.step(d);
                all.push(d);
            }
        }
        for &cell in &line {
            frozen[cell] = true;
        }
        if rows - r0 >= cols - c0 {
            r0 += 1;
        } else {
            c0 += 1;
        }
    }
    let mut s = Search::new(&cur, frozen, vec![true; n], true, u64::MAX);
    let steps = s.run()?;
    nodes += s.nodes;
    all.extend(steps);
    Ok(Solution { steps: all, nodes })
}

/// One stage of [`quick`]: weighted best-first search until each `(tile, cell)` target holds
/// (and then the gap is on `gap`, if given). The score, g + 3 x (distance of targets + gap's
/// distance to the nearest misplaced one), overestimates on purpose: stages are small and speed
/// matters more than length.
fn place(b: &Board, frozen: &[bool], targets: &[(u8, usize)], gap: Option<usize>) -> Result<(Vec<Dir>, u64), SolveError> {
    use std::cmp::Reverse;
    use std::collections::{BinaryHeap, HashMap};
    let (rows, cols) = (b.rows, b.cols);
    let dist = |a: usize, b: usize| (a / cols).abs_diff(b / cols) + (a % cols).abs_diff(b % cols);
    // The search state is only the gap and the target tiles' cells: other tiles are
    // interchangeable here, which keeps the searched space small.
    let start: Vec<u8> = std::iter::once(b.gap as u8)
        .chain(targets.iter().map(|&(t, _)| b.tiles.iter().position(|&y| y == t).unwrap_or(0) as u8))
        .collect();
    let score = |st: &[u8]| -> u32 {
        let g = st[0] as usize;
        let (mut md, mut near) = (0usize, usize::MAX);
        for (&p, &(_, goal)) in st[1..].iter().zip(targets) {
            let d = dist(p as usize, goal);
            if d > 0 {
                md += d;
                near = near.min(dist(p as usize, g) - 1);
            }
        }
        match (md, gap) {
            (0, Some(want)) => dist(g, want) as u32,
            (0, None) => 0,
            _ => (md + near + gap.map_or(0, |_| 1)) as u32,
        }
    };
    let mut parent: HashMap<Vec<u8>, Option<(Vec<u8>, Dir)>> = HashMap::new();
    let mut heap = BinaryHeap::new();
    parent.insert(start.clone(), None);
    heap.push((Reverse(3 * score(&start)), 0u32, start));
    let mut expanded = 0u64;
    while let Some((_, g, st)) = heap.pop() {
        if score(&st) == 0 {
            let mut steps = vec![];
            let mut key = st;
            while let Some(Some((prev, d))) = parent.get(&key) {
                steps.push(*d);
                key = prev.clone();
            }
            steps.reverse();
            return Ok((steps, expanded));
        }
        expanded += 1;
        if expanded > 5_000_000 {
            return Err(SolveError::Budget { nodes: expanded, bound: 0 });
        }
        let gp = st[0] as usize;
        let (r, c) = (gp / cols, gp % cols);
        for d in Dir::ALL {
            let to = match d {
                Dir::Up if r > 0 => gp - cols,
                Dir::Down if r + 1 < rows => gp + cols,
                Dir::Left if c > 0 => gp - 1,
                Dir::Right if c + 1 < cols => gp + 1,
                _ => continue,
            };
            if frozen[to] {
                continue;
            }
            let mut next = st.clone();
            next[0] = to as u8;
            if let Some(p) = next[1..].iter_mut().find(|p| **p as usize == to) {
                *p = gp as u8;
            }
            if parent.contains_key(&next) {
                continue;
            }
            parent.insert(next.clone(), Some((st.clone(), d)));
            heap.push((Reverse(g + 1 + 3 * score(&next)), g + 1, next));
        }
    }
    Err(SlideError::Unsolvable.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn apply(b: &Board, steps: &[Dir]) -> Board {
        let mut b = b.clone();
        for &d in steps {
            assert!(b.step(d));
        }
        b
    }

    #[test]
    fn optimal_3x3_known_lengths() {
        // A classic 31-move position (one of the two hardest 8-puzzle states).
        let b = Board::parse("8 6 7 2 5 4 3 0 1").unwrap();
        let s = optimal(&b, u64::MAX).unwrap();
        assert_eq!(s.steps.len(), 31);
        assert!(apply(&b, &s.steps).is_solved());
        let solved = Board::solved(3, 3).unwrap();
        assert!(optimal(&solved, 10).unwrap().steps.is_empty());
    }

    #[test]
    fn unsolvable_is_refused() {
        let b = Board::parse("2 1 3 4 5 6 7 8 0").unwrap();
        assert_eq!(optimal(&b, 1000), Err(SolveError::Board(SlideError::Unsolvable)));
    }

    #[test]
    fn budget_stops_the_search() {
        let b = Board::parse("8 6 7 2 5 4 3 0 1").unwrap();
        assert!(matches!(optimal(&b, 10), Err(SolveError::Budget { .. })));
    }

    #[test]
    fn quick_solves_rectangles() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        for (r, c) in [(3, 4), (4, 3), (5, 5), (6, 6), (4, 6)] {
            let mut b = Board::solved(r, c).unwrap();
            for _ in 0..2000 {
                let d = Dir::ALL[rng.random_range(0..4)];
                b.step(d);
            }
            let s = quick(&b).unwrap();
            assert!(apply(&b, &s.steps).is_solved(), "{r}x{c}");
        }
    }
}
