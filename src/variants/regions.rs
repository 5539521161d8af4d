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
    let mut region: Vec<u8> = super::Rules::boxes(shape);
    let swaps = n * n * 40;
    for _ in 0..swaps {
        let a = rng.random_range(0..n * n);
        let nb = neighbours(n, a);
        let b = nb[rng.random_range(0..nb.len())];
        let (ra, rb) = (region[a], region[b]);
        if ra == rb {
            continue;
        }
        // a joins b's region; some cell c of b's region next to a's region joins a's region.
        let cs: Vec<usize> =
            (0..n * n).filter(|&c| c != b && region[c] == rb && neighbours(n, c).iter().any(|&d| d != a && region[d] == ra)).collect();
        if cs.is_empty() {
            continue;
        }
        let c = cs[rng.random_range(0..cs.len())];
        region[a] = rb;
        region[c] = ra;
        if !connected(n, &region, ra) || !connected(n, &region, rb) {
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

fn neighbours(n: usize, i: usize) -> Vec<usize> {
    let (r, c) = (i / n, i % n);
    let mut v = Vec::with_capacity(4);
    if r > 0 {
        v.push(i - n);
    }
    if r + 1 < n {
        v.push(i + n);
    }
    if c > 0 {
        v.push(i - 1);
    }
    if c + 1 < n {
        v.push(i + 1);
    }
    v
}

/// Whether region `k` is one piece.
pub fn connected(n: usize, region: &[u8], k: u8) -> bool {
    let cells: Vec<usize> = (0..n * n).filter(|&i| region[i] == k).collect();
    let Some(&first) = cells.first() else { return true };
    let mut seen = vec![false; n * n];
    let mut stack = vec![first];
    seen[first] = true;
    let mut count = 0;
    while let Some(i) = stack.pop() {
        count += 1;
        for j in neighbours(n, i) {
            if !seen[j] && region[j] == k {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    count == cells.len()
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
