//! Puzzle generator: random Latin square, random cages, operations from the solution, kept only
//! if the solution is unique and the rating matches. Reproducible from a seed.

use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};

use super::rate::{self, Difficulty};
use super::{solver, Cage, Op, Puzzle, MAX_SIZE, MIN_SIZE};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    #[error("size {0} is outside 3..=9")]
    Size(usize),
    #[error("no {difficulty} {size}x{size} puzzle found in {attempts} attempts; try another seed or level")]
    GaveUp { size: usize, difficulty: Difficulty, attempts: usize },
    #[error("cancelled")]
    Cancelled,
}

/// A generated puzzle with its solution (row-major) and rating.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    pub puzzle: Puzzle,
    pub solution: Vec<u8>,
    pub difficulty: Difficulty,
    /// Candidates tried before this one.
    pub attempts: usize,
}

/// How many candidate puzzles to try before giving up.
pub const MAX_ATTEMPTS: usize = 2000;

/// A unique puzzle of exactly `difficulty`, the same for the same `(size, difficulty, seed)`.
pub fn generate(size: usize, difficulty: Difficulty, seed: u64) -> Result<Generated, GenerateError> {
    generate_with(size, difficulty, seed, &mut |_| true)
}

/// [`generate`], telling `progress` (0..1, an estimate: the search has no known length) after
/// each candidate tried; it returns `false` to cancel. The same puzzle as [`generate`].
pub fn generate_with(size: usize, difficulty: Difficulty, seed: u64, progress: &mut dyn FnMut(f32) -> bool) -> Result<Generated, GenerateError> {
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return Err(GenerateError::Size(size));
    }
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    for attempt in 0..MAX_ATTEMPTS {
        // Half-way after TYPICAL attempts, never 1 before the end.
        const TYPICAL: f32 = 20.0;
        if !progress(attempt as f32 / (attempt as f32 + TYPICAL)) {
            return Err(GenerateError::Cancelled);
        }
        let solution = latin_square(size, &mut rng);
        let cages = random_cages(size, &solution, difficulty, &mut rng);
        // Cages built from a real solution always pass validation; skip the odd failure anyway.
        let Ok(puzzle) = Puzzle::new(size, cages) else { continue };
        if solver::solutions(&puzzle, 2).count != 1 {
            continue;
        }
        if rate::rate_unique(&puzzle) == difficulty {
            return Ok(Generated { puzzle, solution, difficulty, attempts: attempt + 1 });
        }
    }
    Err(GenerateError::GaveUp { size, difficulty, attempts: MAX_ATTEMPTS })
}

/// A random Latin square by randomised backtracking, row by row.
fn latin_square(n: usize, rng: &mut impl Rng) -> Vec<u8> {
    fn fill(g: &mut [u8], n: usize, k: usize, rng: &mut impl Rng) -> bool {
        if k == n * n {
            return true;
        }
        let (r, c) = (k / n, k % n);
        let mut vals: Vec<u8> = (1..=n as u8).collect();
        vals.shuffle(rng);
        for v in vals {
            if (0..c).any(|j| g[r * n + j] == v) || (0..r).any(|i| g[i * n + c] == v) {
                continue;
            }
            g[k] = v;
            if fill(g, n, k + 1, rng) {
                return true;
            }
        }
        g[k] = 0;
        false
    }
    // Randomised row-by-row fill rarely backtracks far for n <= 9; a shuffled cyclic square is
    // the fallback so this always returns.
    let mut g = vec![0u8; n * n];
    if fill(&mut g, n, 0, rng) {
        return g;
    }
    (0..n * n).map(|k| ((k / n + k % n) % n + 1) as u8).collect()
}

/// Random connected cages with operations chosen from the solution's values.
fn random_cages(n: usize, sol: &[u8], difficulty: Difficulty, rng: &mut impl Rng) -> Vec<Cage> {
    // Easier levels: more given cells and smaller cages.
    let (p_single, max_len) = match difficulty {
        Difficulty::Easy => (0.2, 3),
        Difficulty::Medium => (0.08, 4),
        Difficulty::Hard => (0.03, 4),
        Difficulty::Expert => (0.0, 5),
    };
    let mut owner = vec![usize::MAX; n * n];
    let mut order: Vec<usize> = (0..n * n).collect();
    order.shuffle(rng);
    let mut groups: Vec<Vec<usize>> = vec![];
    for &start in &order {
        if owner[start] != usize::MAX {
            continue;
        }
        let target = if rng.random_bool(p_single) { 1 } else { rng.random_range(2..=max_len) };
        let id = groups.len();
        owner[start] = id;
        let mut cells = vec![start];
        while cells.len() < target {
            let mut options = vec![];
            for &c in &cells {
                let (r, cc) = (c / n, c % n);
                if r > 0 { options.push(c - n) }
                if r + 1 < n { options.push(c + n) }
                if cc > 0 { options.push(c - 1) }
                if cc + 1 < n { options.push(c + 1) }
            }
            options.retain(|&o| owner[o] == usize::MAX);
            let Some(&next) = options.choose(rng) else { break };
            owner[next] = id;
            cells.push(next);
        }
        groups.push(cells);
    }
    groups
        .into_iter()
        .map(|cells| {
            let vals: Vec<u64> = cells.iter().map(|&c| sol[c] as u64).collect();
            let (op, target) = match vals.as_slice() {
                [v] => (Op::Given, *v),
                [a, b] => {
                    let (lo, hi) = ((*a).min(*b), (*a).max(*b));
                    let roll = rng.random_range(0..100);
                    if hi % lo == 0 && roll < 45 {
                        (Op::Div, hi / lo)
                    } else if roll < 70 {
                        (Op::Sub, hi - lo)
                    } else if roll < 85 {
                        (Op::Add, a + b)
                    } else {
                        (Op::Mul, a * b)
                    }
                }
                _ => {
                    if rng.random_bool(0.5) {
                        (Op::Add, vals.iter().sum())
                    } else {
                        (Op::Mul, vals.iter().product())
                    }
                }
            };
            Cage { op, target, cells: cells.iter().map(|&c| (c / n, c % n)).collect() }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_is_told_and_cancel_stops_the_search() {
        let mut seen = Vec::new();
        let g = generate_with(6, Difficulty::Hard, 7, &mut |p| {
            seen.push(p);
            true
        })
        .unwrap();
        assert_eq!(g, generate(6, Difficulty::Hard, 7).unwrap(), "the same puzzle with or without a listener");
        assert_eq!(seen.len(), g.attempts, "told once per candidate");
        assert!(seen.windows(2).all(|w| w[0] < w[1]) && seen.iter().all(|p| (0.0..1.0).contains(p)), "{seen:?}");
        // Cancelled just before the candidate that would have been kept: no puzzle.
        let mut calls = 0;
        let r = generate_with(6, Difficulty::Hard, 7, &mut |_| {
            calls += 1;
            calls < g.attempts
        });
        assert_eq!((r, calls), (Err(GenerateError::Cancelled), g.attempts));
    }

    #[test]
    fn generates_unique_rated_reproducible() {
        for (size, d) in [(3, Difficulty::Easy), (4, Difficulty::Medium), (5, Difficulty::Hard), (6, Difficulty::Easy)] {
            let g = generate(size, d, 11).unwrap();
            assert_eq!(g.puzzle.check(&g.solution), Ok(()));
            assert_eq!(solver::solutions(&g.puzzle, 2).count, 1);
            assert_eq!(rate::rate(&g.puzzle), Ok(d));
            assert_eq!(generate(size, d, 11).unwrap(), g);
        }
    }
}
