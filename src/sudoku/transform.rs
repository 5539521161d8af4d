//! Validity-preserving transforms of a Sudoku: relabel symbols, permute rows within bands and
//! bands, columns within stacks and stacks, transpose (square boxes only). Rotation by 180
//! degrees is the row and column reversal, which these permutations include. Each keeps the
//! number of solutions, the human solution path up to symmetry (hence the rating), and, when asked,
//! 180-degree symmetry of the givens.

use rand::seq::SliceRandom;
use rand::Rng;

use crate::grid::{Grid, Shape};

/// One transform: `out[r][c] = relabel[in[rows[r]][cols[c]]]`, then transposed if `transpose`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Transform {
    pub shape: Shape,
    /// Output row -> input row.
    pub rows: Vec<usize>,
    /// Output column -> input column.
    pub cols: Vec<usize>,
    /// Value -> new value (index 0 keeps blanks blank).
    pub relabel: Vec<u8>,
    pub transpose: bool,
}

/// A random permutation of 0..m that commutes with reversal (p[m-1-i] = m-1-p[i]).
fn mirror_perm(m: usize, rng: &mut impl Rng) -> Vec<usize> {
    let half = m / 2;
    let mut pairs: Vec<usize> = (0..half).collect();
    pairs.shuffle(rng);
    let mut p = vec![0; m];
    for (j, &q) in pairs.iter().enumerate() {
        let flip = rng.random_bool(0.5);
        let (a, b) = if flip { (m - 1 - q, q) } else { (q, m - 1 - q) };
        p[j] = a;
        p[m - 1 - j] = b;
    }
    if m % 2 == 1 {
        p[half] = half;
    }
    p
}

/// Rows (or columns) permutation: bands of `m` lines, `k` bands.
fn line_perm(k: usize, m: usize, symmetric: bool, rng: &mut impl Rng) -> Vec<usize> {
    let bands: Vec<usize> = if symmetric {
        mirror_perm(k, rng)
    } else {
        let mut b: Vec<usize> = (0..k).collect();
        b.shuffle(rng);
        b
    };
    let mut within: Vec<Vec<usize>> = vec![Vec::new(); k];
    for band in 0..k {
        let mirror = k - 1 - band;
        if symmetric && mirror < band {
            // The mirror band's order is this band's, reflected.
            within[band] = within[mirror].iter().rev().map(|&t| m - 1 - t).collect();
        } else if symmetric && mirror == band {
            within[band] = mirror_perm(m, rng);
        } else {
            let mut t: Vec<usize> = (0..m).collect();
            t.shuffle(rng);
            within[band] = t;
        }
    }
    (0..k * m).map(|r| bands[r / m] * m + within[r / m][r % m]).collect()
}

impl Transform {
    /// The identity on a shape.
    pub fn identity(shape: Shape) -> Transform {
        let n = shape.n();
        Transform {
            shape,
            rows: (0..n).collect(),
            cols: (0..n).collect(),
            relabel: (0..=n as u8).collect(),
            transpose: false,
        }
    }

    /// A random transform; with `keep_symmetry`, one that maps 180-degree-symmetric givens to
    /// symmetric givens.
    pub fn random(shape: Shape, keep_symmetry: bool, rng: &mut impl Rng) -> Transform {
        let n = shape.n();
        let (br, bc) = (shape.box_rows as usize, shape.box_cols as usize);
        let rows = line_perm(n / br, br, keep_symmetry, rng);
        let cols = line_perm(n / bc, bc, keep_symmetry, rng);
        let mut labels: Vec<u8> = (1..=n as u8).collect();
        labels.shuffle(rng);
        let mut relabel = vec![0u8];
        relabel.extend(labels);
        // Transposing turns r x c boxes into c x r boxes: only square boxes allow it.
        let transpose = br == bc && rng.random_bool(0.5);
        Transform { shape, rows, cols, relabel, transpose }
    }

    /// Applies the transform. A grid of another shape comes back unchanged.
    pub fn apply(&self, grid: &Grid) -> Grid {
        if grid.shape() != self.shape {
            return grid.clone();
        }
        let n = self.shape.n();
        let mut out = Grid::empty(self.shape);
        for r in 0..n {
            for c in 0..n {
                let v = self.relabel[grid.get(self.rows[r], self.cols[c]) as usize];
                if self.transpose {
                    out.set(c, r, v);
                } else {
                    out.set(r, c, v);
                }
            }
        }
        out
    }
}

/// Whether the givens are symmetric under rotation by 180 degrees.
pub fn is_symmetric(grid: &Grid) -> bool {
    let v = grid.values();
    let len = v.len();
    (0..len).all(|i| (v[i] == 0) == (v[len - 1 - i] == 0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn mirror_perms_commute_with_reversal() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(1);
        for m in 1..=5 {
            for _ in 0..20 {
                let p = mirror_perm(m, &mut rng);
                let mut s = p.clone();
                s.sort_unstable();
                assert_eq!(s, (0..m).collect::<Vec<_>>());
                assert!((0..m).all(|i| p[m - 1 - i] == m - 1 - p[i]), "{p:?}");
            }
        }
    }

    #[test]
    fn transforms_keep_solutions_valid_and_symmetry() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(2);
        for shape in Shape::ALL {
            let sol = crate::sudoku::solver::random_solution(shape, &mut rng);
            let mut sym = sol.clone();
            let n = shape.n();
            for i in (0..n * n).step_by(3) {
                sym.set(i / n, i % n, 0);
                sym.set((n * n - 1 - i) / n, (n * n - 1 - i) % n, 0);
            }
            assert!(is_symmetric(&sym));
            for _ in 0..20 {
                let t = Transform::random(shape, true, &mut rng);
                assert!(t.apply(&sol).is_complete_and_valid(), "{shape:?}");
                assert!(is_symmetric(&t.apply(&sym)), "{shape:?} {t:?}");
                let t = Transform::random(shape, false, &mut rng);
                assert!(t.apply(&sol).is_complete_and_valid(), "{shape:?}");
            }
        }
    }
}
