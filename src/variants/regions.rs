//! A jigsaw's regions: n connected pieces of n cells each, at random.
//!
//! It starts from the boxes and swaps the regions of two neighbouring cells of different
//! regions many times over, keeping a swap only when both regions stay in one piece: the sizes
//! never change, and after a few thousand swaps nothing of the boxes is left. A layout some
//! Latin square can't fill is possible (rare); the generator then asks for another.

use rand::Rng;

use crate::grid::Shape;

/// Random regions for a board of `shape`, each cell's region numbered in reading order (the
/// first cell met of each region gets the next number, as Solo numbers them).
pub fn random_regions(shape: Shape, rng: &mut impl Rng) -> Vec<u8> {
    let n = shape.n();
    let cells = n * n;
    let mut region: Vec<u8> = super::Rules::boxes(shape);
    // Many thousands of tries a layout: neighbours looked up, nothing allocated per try.
    let near: Vec<Neighbours> = (0..cells).map(|i| Neighbours::of(n, i)).collect();
    let mut cs: Vec<usize> = Vec::with_capacity(cells);
    let swaps = cells * 40;
    for _ in 0..swaps {
        let a = rng.random_range(0..cells);
        let nb = near[a].cells();
        let b = nb[rng.random_range(0..nb.len())];
        let (ra, rb) = (region[a], region[b]);
        if ra == rb {
            continue;
        }
        // a joins b's region; some cell c of b's region next to a's region joins a's region.
        cs.clear();
        cs.extend((0..cells).filter(|&c| c != b && region[c] == rb && near[c].cells().iter().any(|&d| d != a && region[d] == ra)));
        if cs.is_empty() {
            continue;
        }
        let c = cs[rng.random_range(0..cs.len())];
        region[a] = rb;
        region[c] = ra;
        if !one_piece(&near, &region, ra) || !one_piece(&near, &region, rb) {
            region[a] = ra;
            region[c] = rb;
        }
    }
    renumber(&region)
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

/// Whether region `k` is one piece.
pub fn connected(n: usize, region: &[u8], k: u8) -> bool {
    let near: Vec<Neighbours> = (0..n * n).map(|i| Neighbours::of(n, i)).collect();
    one_piece(&near, region, k)
}

/// [`connected`] with the neighbours at hand (boards up to 16x16 fit the fixed stack).
fn one_piece(near: &[Neighbours], region: &[u8], k: u8) -> bool {
    let mut seen = [false; 256];
    let mut stack = [0usize; 256];
    let Some(first) = region.iter().position(|&r| r == k) else { return true };
    if region.len() > seen.len() {
        return false;
    }
    let total = region.iter().filter(|&&r| r == k).count();
    let (mut top, mut count) = (1, 0);
    stack[0] = first;
    seen[first] = true;
    while top > 0 {
        top -= 1;
        let i = stack[top];
        count += 1;
        for &j in near[i].cells() {
            if !seen[j] && region[j] == k {
                seen[j] = true;
                stack[top] = j;
                top += 1;
            }
        }
    }
    count == total
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
                let r = random_regions(shape, &mut rng);
                for k in 0..n as u8 {
                    assert_eq!(r.iter().filter(|&&x| x == k).count(), n);
                    assert!(connected(n, &r, k));
                }
                assert_eq!(r, renumber(&r));
                assert_ne!(r, crate::variants::Rules::boxes(shape));
            }
        }
    }
}
