//! A jigsaw's regions: n connected pieces of n cells each, at random.
//!
//! It starts from the boxes and swaps the regions of two neighbouring cells of different
//! regions many times over, keeping a swap only when both regions stay in one piece: the sizes
//! never change, and after a few thousand swaps nothing of the boxes is left. A layout some
//! Latin square can't fill is possible (rare); the generator then asks for another.

use rand::Rng;

use crate::grid::Shape;

/// Random regions for a board of `shape`, each cell's region numbered in reading order (the
/// first cell met of each region gets the next number, as Solo numbers them); `None` for a
/// board of more than 128 cells (a jigsaw comes at 6x6 and 9x9).
pub fn random_regions(shape: Shape, rng: &mut impl Rng) -> Option<Vec<u8>> {
    let n = shape.n();
    let cells = n * n;
    let board = Board::new(n)?;
    let mut region: Vec<u8> = super::Rules::boxes(shape);
    // Many thousands of tries a layout: each region a cell set, so a try is a few word
    // operations (the cells that may move, whether a region is one piece), nothing allocated.
    let mut member = [0u128; 16];
    for (i, &r) in region.iter().enumerate() {
        member[usize::from(r)] |= 1 << i;
    }
    let near: Vec<Neighbours> = (0..cells).map(|i| Neighbours::of(n, i)).collect();
    let swaps = cells * 40;
    for _ in 0..swaps {
        let a = rng.random_range(0..cells);
        let nb = near[a].cells();
        let b = nb[rng.random_range(0..nb.len())];
        let (ra, rb) = (usize::from(region[a]), usize::from(region[b]));
        if ra == rb {
            continue;
        }
        // a joins b's region; some cell c of b's region (not b) next to a's region (not a)
        // joins a's region, picked among them in reading order.
        let (bit_a, bit_b) = (1u128 << a, 1u128 << b);
        let cs = member[rb] & !bit_b & board.beside(member[ra] & !bit_a);
        if cs == 0 {
            continue;
        }
        let c = nth_cell(cs, rng.random_range(0..cs.count_ones() as usize));
        let bit_c = 1u128 << c;
        let (was_a, was_b) = (member[ra], member[rb]);
        member[ra] = was_a & !bit_a | bit_c;
        member[rb] = was_b & !bit_c | bit_a;
        if board.one_piece(member[ra]) && board.one_piece(member[rb]) {
            region.swap(a, c);
        } else {
            (member[ra], member[rb]) = (was_a, was_b);
        }
    }
    Some(renumber(&region))
}

/// The cell of the `k`-th set bit of `set` (lowest first).
fn nth_cell(mut set: u128, k: usize) -> usize {
    for _ in 0..k {
        set &= set - 1;
    }
    set.trailing_zeros() as usize
}

/// An n x n board's cells as bits of a `u128` (bit i is cell i), for boards up to 11x11.
#[derive(Clone, Copy)]
struct Board {
    n: usize,
    all: u128,
    /// Every cell but those of the first column, and but those of the last.
    not_first: u128,
    not_last: u128,
}

impl Board {
    fn new(n: usize) -> Option<Board> {
        if n * n > 128 || n == 0 {
            return None;
        }
        let all = if n * n == 128 { u128::MAX } else { (1u128 << (n * n)) - 1 };
        let (mut first, mut last) = (0u128, 0u128);
        for r in 0..n {
            first |= 1 << (r * n);
            last |= 1 << (r * n + n - 1);
        }
        Some(Board { n, all, not_first: all & !first, not_last: all & !last })
    }

    /// The cells beside (up, down, left or right of) some cell of `set`.
    fn beside(&self, set: u128) -> u128 {
        ((set << self.n) | (set >> self.n) | ((set << 1) & self.not_first) | ((set >> 1) & self.not_last)) & self.all
    }

    /// Whether `set` is one piece (an empty set is).
    fn one_piece(&self, set: u128) -> bool {
        if set == 0 {
            return true;
        }
        let mut reached = set & set.wrapping_neg();
        loop {
            let next = (reached | self.beside(reached)) & set;
            if next == reached {
                return reached == set;
            }
            reached = next;
        }
    }
}

/// Regions numbered in the order a reading of the grid meets them.
pub fn renumber(region: &[u8]) -> Vec<u8> {
    let mut map = [u8::MAX; 256];
    let mut next = 0u8;
    region
        .iter()
        .map(|&r| {
            if map[usize::from(r)] == u8::MAX {
                map[usize::from(r)] = next;
                next += 1;
            }
            map[usize::from(r)]
        })
        .collect()
}

/// A cell's orthogonal neighbours (up, down, left, right, those on the board).
#[derive(Clone, Copy)]
struct Neighbours {
    cells: [usize; 4],
    len: usize,
}

impl Neighbours {
    fn of(n: usize, i: usize) -> Neighbours {
        let (r, c) = (i / n, i % n);
        let mut v = Neighbours { cells: [0; 4], len: 0 };
        for (ok, j) in [(r > 0, i.wrapping_sub(n)), (r + 1 < n, i + n), (c > 0, i.wrapping_sub(1)), (c + 1 < n, i + 1)] {
            if ok {
                v.cells[v.len] = j;
                v.len += 1;
            }
        }
        v
    }

    fn cells(&self) -> &[usize] {
        &self.cells[..self.len]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn regions_are_n_connected_pieces_of_n_and_not_the_boxes() {
        for shape in [Shape::S6, Shape::S9] {
            let n = shape.n();
            for seed in 0..20 {
                let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
                let r = random_regions(shape, &mut rng).unwrap();
                for k in 0..n as u8 {
                    assert_eq!(r.iter().filter(|&&x| x == k).count(), n);
                    let cells: Vec<usize> = (0..n * n).filter(|&i| r[i] == k).collect();
                    assert!(crate::grid::one_piece(n, &cells));
                }
                assert_eq!(r, renumber(&r));
                assert_ne!(r, crate::variants::Rules::boxes(shape));
            }
        }
    }
}
