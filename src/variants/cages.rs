//! A Killer's cages, made from a solution: the board is cut into connected cages of mostly 2 to
//! 4 cells (some of 5 or more, as printed puzzles have them), none holding a digit twice; each
//! cage's sum is its solution digits' sum. No cage of one cell: Solo's game IDs can't carry one
//! (a given says the same), and the puzzles travel as those IDs.

use rand::seq::{IndexedRandom, SliceRandom};
use rand::Rng;

use crate::grid::Cage;

/// The share, in percent, of cages of 2, 3, ... cells the cutter aims at: printed puzzles'
/// mix, or (`Larger`) one leaning to larger cages, whose many combinations make a harder puzzle.
const SIZE_WEIGHTS: [(usize, u32); 5] = [(2, 36), (3, 34), (4, 20), (5, 7), (6, 3)];
const LARGER_WEIGHTS: [(usize, u32); 5] = [(2, 22), (3, 34), (4, 26), (5, 12), (6, 6)];

/// Which mix of cage sizes to cut.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sizes {
    Printed,
    Larger,
}

fn target_size(sizes: Sizes, rng: &mut impl Rng) -> usize {
    let weights = if sizes == Sizes::Larger { LARGER_WEIGHTS } else { SIZE_WEIGHTS };
    let total: u32 = weights.iter().map(|w| w.1).sum();
    let mut r = rng.random_range(0..total);
    for (size, w) in weights {
        if r < w {
            return size;
        }
        r -= w;
    }
    2
}

/// Cages covering the `n`x`n` board of `solution` (digits 1..=n, row-major), or `None` when a
/// cell was left alone with no neighbouring cage it can join (rare: the caller cuts again).
pub fn random_cages(n: usize, solution: &[u8], sizes: Sizes, rng: &mut impl Rng) -> Option<Vec<Cage>> {
    let mut owner: Vec<Option<usize>> = vec![None; n * n];
    let mut cages: Vec<Vec<usize>> = Vec::new();
    let mut order: Vec<usize> = (0..n * n).collect();
    order.shuffle(rng);
    for &start in &order {
        if owner[start].is_some() {
            continue;
        }
        let want = target_size(sizes, rng);
        let k = cages.len();
        let mut cells = vec![start];
        owner[start] = Some(k);
        let mut digits = 1u32 << solution[start];
        while cells.len() < want {
            let mut options: Vec<usize> = cells
                .iter()
                .flat_map(|&c| neighbours(n, c))
                .filter(|&d| owner[d].is_none() && digits & (1 << solution[d]) == 0)
                .collect();
            options.sort_unstable();
            options.dedup();
            let Some(&next) = options.choose(rng) else { break };
            owner[next] = Some(k);
            digits |= 1 << solution[next];
            cells.push(next);
        }
        cages.push(cells);
    }
    // A lone cell left by its neighbours' growth joins the smallest neighbouring cage it fits.
    for k in 0..cages.len() {
        if cages[k].len() != 1 {
            continue;
        }
        let c = cages[k][0];
        let j = neighbours(n, c)
            .filter_map(|d| owner[d])
            .filter(|&j| j != k && cages[j].len() < n && cages[j].iter().all(|&e| solution[e] != solution[c]))
            .min_by_key(|&j| cages[j].len())?;
        cages[j].push(c);
        owner[c] = Some(j);
        cages[k].clear();
    }
    let mut cages: Vec<Cage> = cages
        .into_iter()
        .filter(|c| !c.is_empty())
        .map(|mut cells| {
            cells.sort_unstable();
            let sum = cells.iter().map(|&c| u16::from(solution[c])).sum();
            Cage { cells, sum }
        })
        .collect();
    // In the order a Solo game ID lists them (by first cell), so that a puzzle read back from
    // its ID has the very same rules.
    cages.sort_by_key(|c| c.cells[0]);
    Some(cages)
}

fn neighbours(n: usize, i: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (i / n, i % n);
    [(r > 0).then(|| i - n), (r + 1 < n).then(|| i + n), (c > 0).then(|| i - 1), (c + 1 < n).then(|| i + 1)].into_iter().flatten()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn cages_cover_the_board_once_with_no_digit_twice_and_mostly_small() {
        let mut sizes = [0usize; 10];
        for seed in 0..30 {
            let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
            let sol = crate::sudoku::solver::random_solution(crate::grid::Shape::S9, &mut rng);
            let Some(cages) = random_cages(9, sol.values(), Sizes::Printed, &mut rng) else { continue };
            let mut seen = [0u8; 81];
            for cage in &cages {
                let mut digits = 0u16;
                for &c in &cage.cells {
                    seen[c] += 1;
                    assert_eq!(digits & (1 << sol.values()[c]), 0);
                    digits |= 1 << sol.values()[c];
                }
                assert_eq!(cage.sum, cage.cells.iter().map(|&c| u16::from(sol.values()[c])).sum::<u16>());
                sizes[cage.cells.len()] += 1;
            }
            assert!(seen.iter().all(|&k| k == 1));
        }
        let total: usize = sizes.iter().sum();
        let small: usize = sizes[2..=4].iter().sum();
        assert!(small * 100 / total >= 70, "{sizes:?}");
        assert!(sizes[1] == 0 && sizes[5..].iter().sum::<usize>() > 0, "{sizes:?}");
        assert!(total > 20 * 25, "most seeds cut: {total} cages");
    }
}
