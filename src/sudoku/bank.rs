//! Instant new games: a bank of pre-generated, pre-rated puzzles per size and level, embedded in
//! the binary (made by our generator with `tools/make_sudoku_bank.sh`), served through a random
//! validity-preserving transform so that a new game starts at once, even on a slow tablet.
//!
//! Levels a size cannot have are served at the hardest level below that the bank holds:
//! 4x4 boards are always easy (see [`super::generator::available`]). [`Instant::difficulty`]
//! says what was served.

use std::sync::OnceLock;

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::grid::{Grid, Shape};

use super::transform::Transform;
use super::Difficulty;

/// One banked puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub difficulty: Difficulty,
    pub symmetric: bool,
    pub puzzle: Grid,
}

/// A puzzle served from the bank, with the level actually served.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Instant {
    pub puzzle: Grid,
    pub difficulty: Difficulty,
}

const FILES: [(Shape, &str); 4] = [
    (Shape::S4, include_str!("bank/sudoku4.txt")),
    (Shape::S6, include_str!("bank/sudoku6.txt")),
    (Shape::S9, include_str!("bank/sudoku9.txt")),
    (Shape::S16, include_str!("bank/sudoku16.txt")),
];

/// Reads the bank text (`LEVEL SYMMETRIC PUZZLE` per line); lines that do not parse are skipped
/// (the unit tests check there are none).
fn parse(text: &str, shape: Shape) -> Vec<Entry> {
    text.lines()
        .filter_map(|l| {
            let mut it = l.split_whitespace();
            let difficulty = it.next()?.parse().ok()?;
            let symmetric = it.next()? == "1";
            let puzzle = Grid::parse(it.next()?).ok()?;
            (puzzle.shape() == shape).then_some(Entry { difficulty, symmetric, puzzle })
        })
        .collect()
}

/// Every banked puzzle of a shape.
pub fn entries(shape: Shape) -> &'static [Entry] {
    static BANKS: [OnceLock<Vec<Entry>>; 4] = [OnceLock::new(), OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let k = FILES.iter().position(|(s, _)| *s == shape).unwrap_or(2);
    BANKS[k].get_or_init(|| parse(FILES[k].1, FILES[k].0))
}

/// The level served for a request: the requested one if banked, else the hardest banked below
/// it, else the easiest banked.
pub fn served_level(shape: Shape, difficulty: Difficulty) -> Difficulty {
    difficulty.served(|d| entries(shape).iter().any(|e| e.difficulty == d))
}

/// A new puzzle at once: a banked puzzle of that shape and level (or the level said in the
/// result), randomly relabelled, permuted and possibly transposed. With `symmetric`, the givens
/// are 180-degree symmetric. Never fails: an empty bank (impossible with the embedded files)
/// would fall back to the generator.
pub fn instant_puzzle(shape: Shape, difficulty: Difficulty, symmetric: bool, rng: &mut impl Rng) -> Instant {
    let level = served_level(shape, difficulty);
    let all = entries(shape);
    let pick = |sym_only: bool| -> Vec<&Entry> {
        all.iter().filter(|e| e.difficulty == level && (!sym_only || e.symmetric)).collect()
    };
    let mut pool = pick(symmetric);
    if pool.is_empty() {
        pool = pick(false);
    }
    if pool.is_empty() {
        let opts = super::generator::GenerateOptions { shape, difficulty: level, symmetric, seed: rng.random() };
        if let Ok(puzzle) = super::generator::generate(&opts, &mut |_| true) {
            return Instant { puzzle, difficulty: level };
        }
        return Instant { puzzle: super::solver::random_solution(shape, rng), difficulty: Difficulty::Easy };
    }
    let e = pool[rng.random_range(0..pool.len())];
    let t = Transform::random(shape, e.symmetric, rng);
    let mut puzzle = t.apply(&e.puzzle);
    let min = super::generator::min_easy_givens(shape);
    if level == Difficulty::Easy && puzzle.filled() < min {
        if let Some(solution) = super::solver::solve(&puzzle) {
            puzzle = super::generator::with_min_givens(&puzzle, &solution, min, e.symmetric, rng);
        }
    }
    Instant { puzzle, difficulty: level }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn every_bank_line_parses() {
        for (shape, text) in FILES {
            assert_eq!(entries(shape).len(), text.lines().count(), "{shape:?}");
        }
    }

    #[test]
    fn serves_every_shape_and_level() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        for shape in Shape::ALL {
            for d in Difficulty::ALL {
                let i = instant_puzzle(shape, d, true, &mut rng);
                assert_eq!(i.puzzle.shape(), shape);
                assert!(i.difficulty <= d);
                assert!(super::super::transform::is_symmetric(&i.puzzle));
                if i.difficulty == Difficulty::Easy {
                    // The seed's MinimumFilledCells, still one solution, still easy.
                    assert!(i.puzzle.filled() >= super::super::generator::min_easy_givens(shape), "{shape:?}: {}", i.puzzle.filled());
                    assert_eq!(super::super::solver::count_solutions(&i.puzzle, 2), 1);
                    assert!(super::super::human::solvable_within(&i.puzzle, Difficulty::Easy));
                }
            }
        }
        for _ in 0..50 {
            let i = instant_puzzle(Shape::S9, Difficulty::Easy, false, &mut rng);
            assert!(i.puzzle.filled() >= 32, "{}", i.puzzle.filled());
        }
        assert_eq!(served_level(Shape::S4, Difficulty::Expert), Difficulty::Easy);
        assert_eq!(served_level(Shape::S9, Difficulty::Expert), Difficulty::Expert);
    }
}
