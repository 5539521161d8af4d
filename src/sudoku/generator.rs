//! Puzzle generator: a random full board, then cells removed in random order (in mirrored pairs
//! for 180-degree symmetry) as long as the solution stays unique and the puzzle stays within the
//! target level; a candidate is kept only if its rating is exactly the target. Reproducible from
//! a seed, cancellable through the progress callback.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::grid::{Geometry, Grid, Shape};

use super::bitboard;
use super::human;
use super::solver;
use super::Difficulty;

/// What to generate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct GenerateOptions {
    pub shape: Shape,
    pub difficulty: Difficulty,
    /// Givens symmetric under rotation by 180 degrees.
    pub symmetric: bool,
    /// Same options and seed, same puzzle.
    pub seed: u64,
}

/// Why no puzzle came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum GenerateError {
    #[error("generation was cancelled")]
    Cancelled,
    #[error("no {size}x{size} {difficulty} puzzle can be made (see sudoku::generator::available)")]
    Unavailable { size: u8, difficulty: Difficulty },
}

/// Whether the generator can make this level on this shape. 4x4 puzzles are easy only: every
/// 4x4 puzzle with one solution is solved by singles (checked over all of them in
/// `tests/sudoku_generator.rs`, see docs/sudoku.md).
pub fn available(shape: Shape, difficulty: Difficulty) -> bool {
    match shape.size {
        4 => difficulty == Difficulty::Easy,
        6 => difficulty <= Difficulty::Expert,
        _ => true,
    }
}

/// Attempts before giving up on a level (generous: the common case takes a handful).
const MAX_ATTEMPTS: usize = 20_000;

fn expected_attempts(d: Difficulty) -> f32 {
    match d {
        Difficulty::Easy => 1.0,
        Difficulty::Medium => 3.0,
        Difficulty::Hard => 10.0,
        Difficulty::Expert => 30.0,
    }
}

/// Generates a puzzle with exactly one solution whose rating level is exactly the requested one.
/// `progress` gets a non-decreasing estimate in 0..1 and returns false to cancel.
pub fn generate(opts: &GenerateOptions, progress: &mut dyn FnMut(f32) -> bool) -> Result<Grid, GenerateError> {
    let unavailable = GenerateError::Unavailable { size: opts.shape.size, difficulty: opts.difficulty };
    if !available(opts.shape, opts.difficulty) {
        return Err(unavailable);
    }
    let mut rng = rand::rngs::StdRng::seed_from_u64(opts.seed);
    let shape = opts.shape;
    let n = shape.n();
    let cells = n * n;
    let mut shown = 0f32;
    let mut report = |p: f32| -> bool {
        shown = shown.max(p.min(0.99));
        progress(shown)
    };
    if !report(0.0) {
        return Err(GenerateError::Cancelled);
    }
    let expected = expected_attempts(opts.difficulty);
    for attempt in 0..MAX_ATTEMPTS {
        let full = solver::random_solution(shape, &mut rng);
        // Groups of cells removed together: single cells, or a cell with its mirror image (the
        // same cells in the same order as f7660de's vectors, without a vector each).
        let mut groups: Vec<Group> = (0..cells)
            .filter(|&i| !opts.symmetric || i <= cells - 1 - i)
            .map(|i| if opts.symmetric && i != cells - 1 - i { Group::pair(i, cells - 1 - i) } else { Group::one(i) })
            .collect();
        groups.shuffle(&mut rng);
        let mut dig = Digger::new(&full, opts.difficulty);
        let total = groups.len();
        for (k, g) in groups.iter().enumerate() {
            let frac = (attempt as f32 + k as f32 / total as f32) / expected;
            if !report(1.0 - 1.0 / (1.0 + frac)) {
                return Err(GenerateError::Cancelled);
            }
            let kept = dig.try_remove(g.cells());
            if kept == Kept::Changed
                && n == 16
                && opts.difficulty == Difficulty::Expert
                && !human::solvable_within(&dig.puzzle, Difficulty::Hard)
            {
                // 16x16: uniqueness searches on sparse boards are what costs; the first expert
                // state is kept rather than digging on to a minimal puzzle. (A removal the
                // singles undo leaves the answer as it was: true, or the loop had stopped.)
                break;
            }
        }
        let mut puzzle = dig.puzzle;
        // Digging kept the puzzle within the target, so its level is the target exactly when the
        // level below does not solve it (cheaper than a full rating: no chains are searched).
        let hit = match opts.difficulty {
            Difficulty::Easy => true,
            Difficulty::Medium => !human::solvable_within(&puzzle, Difficulty::Easy),
            Difficulty::Hard => !human::solvable_within(&puzzle, Difficulty::Medium),
            Difficulty::Expert => !human::solvable_within(&puzzle, Difficulty::Hard),
        };
        if hit {
            // The result is ready: 1.0 is the last report (cancelling now changes nothing).
            progress(1.0);
            if opts.difficulty == Difficulty::Easy {
                puzzle = with_min_givens(&puzzle, &full, min_easy_givens(shape), opts.symmetric, &mut rng);
            }
            return Ok(puzzle);
        }
    }
    Err(unavailable)
}

/// One or two cells removed together.
#[derive(Debug, Clone, Copy)]
struct Group {
    cells: [usize; 2],
    len: usize,
}

impl Group {
    fn one(i: usize) -> Group {
        Group { cells: [i, i], len: 1 }
    }
    fn pair(i: usize, j: usize) -> Group {
        Group { cells: [i, j], len: 2 }
    }
    fn cells(&self) -> &[usize] {
        &self.cells[..self.len]
    }
}

/// What [`Digger::try_remove`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kept {
    /// The cells are back: the puzzle without them was not unique, or not within the level.
    No,
    /// Removed, and the singles put them straight back: every answer about the puzzle (unique,
    /// within a level) is what it was before.
    Undone,
    /// Removed; the puzzle is unique and within the level, but it is another puzzle.
    Changed,
}

/// The digging state of one attempt: the full board, the puzzle dug so far (unique and within
/// the level; at first the full board), and what makes each removal's check cheap. Every check
/// gives the answer of the plain test, `human::solvable_within(puzzle without the cells, level)`
/// (or, for expert, that or a unique solution); see docs/sudoku.md, "Generator".
struct Digger {
    full: Grid,
    puzzle: Grid,
    level: Difficulty,
    geo: &'static Geometry,
    /// Values placed per unit of `puzzle` (rows, columns, boxes: the geometry's unit order).
    placed: Vec<u16>,
}

impl Digger {
    fn new(full: &Grid, level: Difficulty) -> Digger {
        let shape = full.shape();
        let geo = solver::geometry(shape);
        let mut placed = vec![0u16; geo.units.len()];
        for (u, cells) in geo.units.iter().enumerate() {
            placed[u] = cells.iter().fold(0, |m, &c| m | 1 << (full.values()[c] - 1));
        }
        Digger {
            full: full.clone(),
            puzzle: full.clone(),
            level,
            geo,
            placed,
        }
    }

    fn n(&self) -> usize {
        self.geo.n
    }

    fn clear(&mut self, c: usize) {
        let n = self.n();
        let bit = 1u16 << (self.full.values()[c] - 1);
        self.puzzle.set(c / n, c % n, 0);
        for &u in &self.geo.cell_units[c] {
            self.placed[u] &= !bit;
        }
    }

    fn fill(&mut self, c: usize) {
        let n = self.n();
        let v = self.full.values()[c];
        self.puzzle.set(c / n, c % n, v);
        for &u in &self.geo.cell_units[c] {
            self.placed[u] |= 1 << (v - 1);
        }
    }

    /// The values blank cell `c` can take, from what its units hold.
    fn candidates(&self, c: usize) -> u16 {
        let all = if self.n() >= 16 { u16::MAX } else { (1u16 << self.n()) - 1 };
        self.geo.cell_units[c].iter().fold(all, |m, &u| m & !self.placed[u])
    }

    /// Whether blank cell `c`'s value is a naked or hidden single on the puzzle as it is.
    fn forced(&self, c: usize) -> bool {
        let bit = 1u16 << (self.full.values()[c] - 1);
        if self.candidates(c) == bit {
            return true;
        }
        let values = self.puzzle.values();
        self.geo.cell_units[c].iter().any(|&u| {
            self.geo.units[u].iter().all(|&e| e == c || values[e] != 0 || self.candidates(e) & bit == 0)
        })
    }

    /// Whether singles alone put all of `g` (blank) back: each in turn a naked or hidden single,
    /// given the ones already put back. Leaves the puzzle as it found it.
    fn singles_undo(&mut self, g: &[usize]) -> bool {
        let mut back = [false; 2];
        let mut progress = true;
        while progress && back[..g.len()].iter().any(|b| !b) {
            progress = false;
            for (k, &c) in g.iter().enumerate() {
                if !back[k] && self.forced(c) {
                    self.fill(c);
                    back[k] = true;
                    progress = true;
                }
            }
        }
        for (k, &c) in g.iter().enumerate() {
            if back[k] {
                self.clear(c);
            }
        }
        back[..g.len()].iter().all(|&b| b)
    }

    /// Whether the puzzle (with `g` blank) has one solution; not 9x9 (see `try_remove`).
    /// Another solution differs from the full board in a cell of `g` (the puzzle with `g`
    /// filled has one solution), so it is looked for cell by cell, with the bit-set solver.
    fn unique_avoiding(&self, g: &[usize]) -> bool {
        let shape = self.puzzle.shape();
        let mut values = self.puzzle.values().to_vec();
        for &c in g {
            if bitboard::solution_avoiding(shape, &values, c, self.full.values()[c]).is_some() {
                return false;
            }
            // Every solution has the full board's value here: fix it for the next cell.
            values[c] = self.full.values()[c];
        }
        true
    }

    /// Whether to test uniqueness before the human solver (step 2 of `try_remove`): always for
    /// expert (it is the test) and on 9x9 (the band solver takes a couple of microseconds, far
    /// less than the human solver stuck on a puzzle with several solutions); 6x6 medium and hard
    /// too (measured faster). Not for easy (singles are cheaper than any search) nor 16x16 below
    /// expert, where a search proving uniqueness costs more than the human solver's answer.
    fn uniqueness_first(&self) -> bool {
        match (self.n(), self.level) {
            (_, Difficulty::Expert) => true,
            (_, Difficulty::Easy) => false,
            (9, _) | (6, _) => true,
            _ => false,
        }
    }

    /// Whether to ask the singles' whole closure (step 1b of `try_remove`) before a uniqueness
    /// search: where that search runs and is not the band solver (the levels of
    /// `uniqueness_first` off 9x9: 6x6 medium, hard and expert, 16x16 expert). A closure that puts the cells back saves the search
    /// and the human solver; one that does not costs a little.
    fn closure_first(&self) -> bool {
        self.n() != 9 && self.uniqueness_first()
    }

    /// Whether the singles' closure from the puzzle (with `g` blank) fills `g` back, on the
    /// bit-set solver. Then it is the closure of the puzzle kept so far, and so is every answer
    /// after it (see `human::solvable_within_after_removing`).
    fn closure_undoes(&self, g: &[usize]) -> bool {
        bitboard::singles_fill(self.puzzle.shape(), self.puzzle.values(), g)
    }

    /// Blanks the cells of `g` if the puzzle stays unique and within the level, else puts them
    /// back. The same decision as the plain test (f7660de's generator), reached cheaply:
    /// 1. the singles put the cells straight back: same board after singles as the puzzle that
    ///    was kept, so yes; (1b) the same when the whole closure under singles puts them back
    ///    (asked where a search would come next, see `closure_first`);
    /// 2. not unique (fast band solver on 9x9, a search for another solution elsewhere): no,
    ///    since the human techniques only make deductions that hold in every solution, so they
    ///    never fill a puzzle with two (skipped where the human solver is cheaper, see
    ///    `uniqueness_first`);
    /// 3. expert: unique is enough (within hard implies unique, so "within hard or unique" is
    ///    "unique"); other levels: the human solver, stopping early if its singles put the cells
    ///    back.
    fn try_remove(&mut self, g: &[usize]) -> Kept {
        for &c in g {
            self.clear(c);
        }
        let kept = if self.singles_undo(g) || (self.closure_first() && self.closure_undoes(g)) {
            Kept::Undone
        } else {
            let ok = if self.uniqueness_first() {
                let unique = if self.n() == 9 {
                    solver::count_solutions(&self.puzzle, 2) == 1
                } else {
                    self.unique_avoiding(g)
                };
                unique
                    && (self.level == Difficulty::Expert
                        || human::solvable_within_after_removing(&self.puzzle, self.level, g))
            } else {
                human::solvable_within_after_removing(&self.puzzle, self.level, g)
            };
            if ok {
                Kept::Changed
            } else {
                Kept::No
            }
        };
        if kept == Kept::No {
            for &c in g {
                self.fill(c);
            }
        }
        kept
    }
}

/// The Tablet PC Sudoku's `MinimumFilledCells`: an easy 9x9 keeps at least 32 givens, other
/// sizes the same share of their cells (4x4: 6, 6x6: 14, 16x16: 101).
pub fn min_easy_givens(shape: Shape) -> usize {
    (32 * shape.cells() + 40) / 81
}

/// `puzzle` with givens added from `solution` (random blank cells; with `symmetric`, each with
/// its 180-degree mirror) until it has at least `min`. More givens keep a unique puzzle unique,
/// and one that singles solve still solved by singles: an easy puzzle stays easy.
pub fn with_min_givens(puzzle: &Grid, solution: &Grid, min: usize, symmetric: bool, rng: &mut impl rand::Rng) -> Grid {
    let cells = puzzle.shape().cells();
    let n = puzzle.shape().n();
    let mut out = puzzle.clone();
    let mut blanks: Vec<usize> = (0..cells).filter(|&i| puzzle.values()[i] == 0).collect();
    blanks.shuffle(rng);
    for i in blanks {
        if out.filled() >= min {
            break;
        }
        let mirror = cells - 1 - i;
        for k in if symmetric { vec![i, mirror] } else { vec![i] } {
            out.set(k / n, k % n, solution.values()[k]);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn easy_puzzles_keep_the_seeds_minimum_of_givens_and_stay_unique_and_easy() {
        assert_eq!(Shape::ALL.map(min_easy_givens), [6, 14, 32, 101]);
        for (shape, symmetric) in [(Shape::S4, false), (Shape::S6, true), (Shape::S9, true), (Shape::S9, false)] {
            for seed in 0..4 {
                let opts = GenerateOptions { shape, difficulty: Difficulty::Easy, symmetric, seed };
                let p = generate(&opts, &mut |_| true).unwrap();
                assert!(p.filled() >= min_easy_givens(shape), "{shape:?} {seed}: {} givens", p.filled());
                assert_eq!(solver::count_solutions(&p, 2), 1);
                assert!(human::solvable_within(&p, Difficulty::Easy));
                let cells = shape.cells();
                if symmetric {
                    assert!((0..cells).all(|i| (p.values()[i] == 0) == (p.values()[cells - 1 - i] == 0)), "still symmetric");
                }
            }
        }
    }

    #[test]
    fn same_seed_same_puzzle_and_cancel_works() {
        let opts = GenerateOptions { shape: Shape::S9, difficulty: Difficulty::Easy, symmetric: true, seed: 42 };
        let a = generate(&opts, &mut |_| true).unwrap();
        let b = generate(&opts, &mut |_| true).unwrap();
        assert_eq!(a, b);
        assert_eq!(solver::count_solutions(&a, 2), 1);
        let mut calls = 0;
        let r = generate(&opts, &mut |_| {
            calls += 1;
            calls < 5
        });
        assert_eq!(r, Err(GenerateError::Cancelled));
    }

    /// The faster generator changes how each dug candidate is checked, not what is decided: for
    /// a fixed set of seeds on every shape and level, symmetric or not, it makes exactly the
    /// puzzle the generator of commit f7660de makes (so the level distribution of fresh puzzles,
    /// and of a bank made with it, is the same), and each is unique and rated at the level asked.
    #[test]
    fn same_puzzles_as_the_f7660de_generator() {
        use super::super::generator_ref;
        let mut cases = Vec::new();
        for (shape, seeds) in [(Shape::S4, 40u64), (Shape::S6, 24), (Shape::S9, 40), (Shape::S16, 4)] {
            for d in Difficulty::ALL {
                for seed in 0..seeds {
                    cases.push(GenerateOptions { shape, difficulty: d, symmetric: seed % 2 == 1, seed: 500 + seed });
                }
            }
        }
        let (new, old) = std::thread::scope(|s| {
            let new = s.spawn(|| cases.iter().map(|o| generate(o, &mut |_| true)).collect::<Vec<_>>());
            let old = s.spawn(|| cases.iter().map(|o| generator_ref::generate(o, &mut |_| true)).collect::<Vec<_>>());
            (new.join().unwrap(), old.join().unwrap())
        });
        let mut made = 0;
        for ((opts, a), b) in cases.iter().zip(&new).zip(&old) {
            assert_eq!(a, b, "{opts:?}");
            if let Ok(p) = a {
                made += 1;
                assert_eq!(solver::count_solutions(p, 2), 1, "{opts:?}");
                assert_eq!(human::rate(p).unwrap().level, opts.difficulty, "{opts:?} {p}");
            } else {
                assert!(!available(opts.shape, opts.difficulty), "{opts:?}");
            }
        }
        assert_eq!(made, 40 + 24 * 4 + 40 * 4 + 4 * 4);
    }
}
