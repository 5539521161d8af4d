//! Instant new games: a bank of pre-generated, pre-rated KenKen puzzles per size and level,
//! embedded in the binary (made by our generator with `tools/make_kenken_bank.sh`), served
//! through one of the square's eight symmetries (rotations and reflections) so that a new game
//! starts at once.
//!
//! Why not relabel values as the Sudoku bank does: a cage's arithmetic depends on the values
//! themselves (swapping 2 and 3 breaks a `6×` cage), so only the geometry may change. Cages,
//! targets and operations move with their cells, which keeps the puzzle's only solution and its
//! level (the rating treats rows and columns alike).
//!
//! Levels a size cannot have (3x3 beyond medium) are served at the hardest level below that the
//! bank holds; [`Instant::difficulty`] says what was served.

use std::sync::OnceLock;

use rand::Rng;

use super::rate::Difficulty;
use super::{Cage, Puzzle, MAX_SIZE, MIN_SIZE};

/// One banked puzzle with its solution (row-major).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub difficulty: Difficulty,
    pub puzzle: Puzzle,
    pub solution: Vec<u8>,
}

/// A puzzle served from the bank, with its solution and the level actually served.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Instant {
    pub puzzle: Puzzle,
    pub solution: Vec<u8>,
    pub difficulty: Difficulty,
}

const FILES: [&str; MAX_SIZE - MIN_SIZE + 1] = [
    include_str!("bank/kenken3.txt"),
    include_str!("bank/kenken4.txt"),
    include_str!("bank/kenken5.txt"),
    include_str!("bank/kenken6.txt"),
    include_str!("bank/kenken7.txt"),
    include_str!("bank/kenken8.txt"),
    include_str!("bank/kenken9.txt"),
];

/// Reads a bank file (one JSON puzzle per line with its solution and level); lines that do not
/// parse are skipped (the unit tests check there are none).
fn parse(text: &str, size: usize) -> Vec<Entry> {
    text.lines()
        .filter_map(|l| {
            let e = Puzzle::from_json(l).ok()?;
            let difficulty = e.difficulty.as_deref()?.parse().ok()?;
            (e.puzzle.size() == size).then_some(Entry { difficulty, puzzle: e.puzzle, solution: e.solution? })
        })
        .collect()
}

/// Every banked puzzle of a size (empty outside 3..=9).
pub fn entries(size: usize) -> &'static [Entry] {
    static BANKS: [OnceLock<Vec<Entry>>; MAX_SIZE - MIN_SIZE + 1] = [const { OnceLock::new() }; MAX_SIZE - MIN_SIZE + 1];
    let Some(k) = size.checked_sub(MIN_SIZE).filter(|&k| k < FILES.len()) else { return &[] };
    BANKS[k].get_or_init(|| parse(FILES[k], size))
}

/// The level served for a request: the requested one if banked, else the hardest banked below
/// it, else the easiest banked.
pub fn served_level(size: usize, difficulty: Difficulty) -> Difficulty {
    difficulty.served(|d| entries(size).iter().any(|e| e.difficulty == d))
}

/// One of the square's eight symmetries: `k & 1` transposes, `k & 2` mirrors left-right,
/// `k & 4` mirrors top-bottom.
fn map_cell(k: u8, n: usize, (r, c): (usize, usize)) -> (usize, usize) {
    let (r, c) = if k & 1 != 0 { (c, r) } else { (r, c) };
    let c = if k & 2 != 0 { n - 1 - c } else { c };
    let r = if k & 4 != 0 { n - 1 - r } else { r };
    (r, c)
}

/// A puzzle and its solution moved by symmetry `k` (0..8; 0 is the identity).
pub fn transform(puzzle: &Puzzle, solution: &[u8], k: u8) -> Option<(Puzzle, Vec<u8>)> {
    let n = puzzle.size();
    let cages = puzzle
        .cages()
        .iter()
        .map(|c| Cage { op: c.op, target: c.target, cells: c.cells.iter().map(|&rc| map_cell(k, n, rc)).collect() })
        .collect();
    let mut sol = vec![0; n * n];
    for (i, &v) in solution.iter().enumerate().take(n * n) {
        let (r, c) = map_cell(k, n, (i / n, i % n));
        sol[r * n + c] = v;
    }
    Some((Puzzle::new(n, cages).ok()?, sol))
}

/// A new puzzle at once: a banked puzzle of that size and level (or the level said in the
/// result), turned by a random symmetry. `None` only for a size with no bank (outside 3..=9).
pub fn instant_puzzle(size: usize, difficulty: Difficulty, rng: &mut impl Rng) -> Option<Instant> {
    let level = served_level(size, difficulty);
    let pool: Vec<&Entry> = entries(size).iter().filter(|e| e.difficulty == level).collect();
    if pool.is_empty() {
        return None;
    }
    let e = pool[rng.random_range(0..pool.len())];
    let (puzzle, solution) = transform(&e.puzzle, &e.solution, rng.random_range(0..8))?;
    Some(Instant { puzzle, solution, difficulty: level })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kenken::{rate, solver};
    use rand::SeedableRng;

    #[test]
    fn every_bank_line_parses_and_is_what_it_says() {
        for size in MIN_SIZE..=MAX_SIZE {
            let text = FILES[size - MIN_SIZE];
            let all = entries(size);
            assert_eq!(all.len(), text.lines().count(), "size {size}");
            for d in Difficulty::ALL {
                let count = all.iter().filter(|e| e.difficulty == d).count();
                let possible = size > 3 || d <= Difficulty::Medium;
                assert!(!possible || count >= 10, "{size}x{size} {d:?}: {count} puzzles");
            }
        }
        // Spot-check the rating and the solution of every seventh line.
        for size in [3, 6, 9] {
            for e in entries(size).iter().step_by(7) {
                assert_eq!(rate::rate(&e.puzzle), Ok(e.difficulty));
                assert_eq!(e.puzzle.check(&e.solution), Ok(()));
            }
        }
    }

    #[test]
    fn the_eight_symmetries_keep_the_puzzle_unique_and_its_level() {
        let e = &entries(5)[20];
        let mut seen = vec![];
        for k in 0..8 {
            let (p, sol) = transform(&e.puzzle, &e.solution, k).unwrap();
            assert_eq!(p.check(&sol), Ok(()), "symmetry {k}");
            assert_eq!(solver::solutions(&p, 2).count, 1);
            assert_eq!(rate::rate(&p), Ok(e.difficulty));
            seen.push(sol);
        }
        assert_eq!(transform(&e.puzzle, &e.solution, 0).unwrap().0, e.puzzle);
        seen.sort();
        seen.dedup();
        assert!(seen.len() > 1, "symmetries give other boards");
    }

    #[test]
    fn serves_every_size_and_level() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(9);
        for size in MIN_SIZE..=MAX_SIZE {
            for d in Difficulty::ALL {
                let i = instant_puzzle(size, d, &mut rng).unwrap();
                assert_eq!(i.puzzle.size(), size);
                assert_eq!(i.puzzle.check(&i.solution), Ok(()));
                assert!(i.difficulty <= d);
                assert_eq!(i.difficulty == d, size > 3 || d <= Difficulty::Medium, "{size} {d:?}");
            }
        }
        assert_eq!(served_level(3, Difficulty::Expert), Difficulty::Medium);
        assert!(instant_puzzle(10, Difficulty::Easy, &mut rng).is_none());
    }
}
