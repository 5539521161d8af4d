//! Additive 5-5-5 pattern databases for the 4x4 board (Korf & Felner 2002): the tiles are split
//! into three groups of five; for each group, a table gives the fewest moves *of that group's
//! tiles* to bring them home from any placement (other tiles' moves are free), so the three
//! values add up to an admissible heuristic. Built once, on first use (~1-3 s, 3 MB kept).

use std::collections::VecDeque;
use std::sync::OnceLock;

/// Tiles of each group, in our numbering (1..15 row-major, gap bottom-right when solved).
pub const GROUPS: [[u8; 5]; 3] = [[1, 2, 3, 5, 6], [4, 7, 8, 11, 12], [9, 10, 13, 14, 15]];

pub struct Pdb {
    /// Per group: moves, indexed by the five tiles' cells as base-16 digits (16^5 entries).
    tables: Vec<Vec<u8>>,
}

impl Pdb {
    /// The heuristic for a board given each tile's cell (`pos[t]`, t = 1..15).
    #[inline]
    pub fn h(&self, pos: &[u8]) -> u32 {
        let mut sum = 0u32;
        for (g, table) in GROUPS.iter().zip(&self.tables) {
            let mut idx = 0usize;
            for &t in g.iter().rev() {
                idx = idx * 16 + pos[t as usize] as usize;
            }
            sum += table[idx] as u32;
        }
        sum
    }
}

/// The shared tables, built on first call.
pub fn get() -> &'static Pdb {
    static PDB: OnceLock<Pdb> = OnceLock::new();
    PDB.get_or_init(|| Pdb { tables: GROUPS.iter().map(build).collect() })
}

/// 0-1 breadth-first search backwards from the goal over (five cells, gap cell) states:
/// moving a group tile costs 1, moving the gap through other cells costs 0.
fn build(group: &[u8; 5]) -> Vec<u8> {
    const UNSEEN: u8 = u8::MAX;
    let enc = |cells: &[u8; 5], gap: u8| -> u32 {
        cells.iter().rev().fold(gap as u32, |acc, &c| acc * 16 + c as u32)
    };
    let dec = |mut s: u32| -> ([u8; 5], u8) {
        let mut cells = [0u8; 5];
        for c in cells.iter_mut() {
            *c = (s % 16) as u8;
            s /= 16;
        }
        (cells, s as u8)
    };
    // Index: cells as the low 5 digits, gap as the 6th: 16^6 entries.
    let mut dist = vec![UNSEEN; 1 << 24];
    let goal: [u8; 5] = group.map(|t| t - 1);
    let start = enc(&goal, 15);
    dist[start as usize] = 0;
    let mut dq = VecDeque::from([start]);
    while let Some(s) = dq.pop_front() {
        let d = dist[s as usize];
        let (cells, gap) = dec(s);
        let (r, c) = (gap / 4, gap % 4);
        let mut next = [None; 4];
        if r > 0 { next[0] = Some(gap - 4) }
        if r < 3 { next[1] = Some(gap + 4) }
        if c > 0 { next[2] = Some(gap - 1) }
        if c < 3 { next[3] = Some(gap + 1) }
        for to in next.into_iter().flatten() {
            let mut nc = cells;
            let mut cost = 0;
            if let Some(i) = cells.iter().position(|&x| x == to) {
                nc[i] = gap;
                cost = 1;
            }
            let ns = enc(&nc, to) as usize;
            let nd = d + cost;
            if nd < dist[ns] {
                dist[ns] = nd;
                if cost == 0 {
                    dq.push_front(ns as u32);
                } else {
                    dq.push_back(ns as u32);
                }
            }
        }
    }
    // Forget the gap: the minimum over its cells is still a lower bound.
    let mut table = vec![UNSEEN; 1 << 20];
    for (s, &d) in dist.iter().enumerate() {
        if d != UNSEEN {
            let low = s & ((1 << 20) - 1);
            table[low] = table[low].min(d);
        }
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::slide::{shuffle, solver, Board, Dir};

    fn positions(b: &Board) -> Vec<u8> {
        let mut pos = vec![0u8; 16];
        for (i, &t) in b.tiles().iter().enumerate() {
            pos[t as usize] = i as u8;
        }
        pos
    }

    #[test]
    fn exact_near_the_goal_and_admissible() {
        let mut b = Board::solved(4, 4).unwrap();
        assert_eq!(get().h(&positions(&b)), 0);
        b.step(Dir::Up);
        assert_eq!(get().h(&positions(&b)), 1);
        for seed in 0..20 {
            let b = shuffle(4, 4, 20, seed).unwrap();
            let opt = solver::optimal(&b, u64::MAX).unwrap().steps.len() as u32;
            let h = get().h(&positions(&b));
            // (The Korf test checks lengths against independently proven optima.)
            assert!(h <= opt, "seed {seed}: h {h} > optimal {opt}");
        }
    }
}
