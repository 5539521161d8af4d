//! The variants' instant new games (issue 42): a bank of puzzles per kind, size and level made
//! by our generator (`tools/make_variants_bank.sh`, Solo game IDs embedded in the binary),
//! served through a random transform that keeps the puzzle what it is: a symmetry of the square
//! (all 8 where the regions allow it; a 6x6's boxes only keep 4) applied to the givens, regions
//! and cages alike, and the digits relabelled (not a Killer's: its sums name them).

use std::sync::OnceLock;

use rand::seq::SliceRandom;
use rand::Rng;

use crate::grid::{Cage, Grid};
use crate::sudoku::Difficulty;

use super::{regions, Kind, Puzzle, Rules};

const FILES: [(Kind, u8, &str); 6] = [
    (Kind::X, 6, include_str!("bank/x-6.txt")),
    (Kind::X, 9, include_str!("bank/x-9.txt")),
    (Kind::Jigsaw, 6, include_str!("bank/jigsaw-6.txt")),
    (Kind::Jigsaw, 9, include_str!("bank/jigsaw-9.txt")),
    (Kind::Killer, 9, include_str!("bank/killer-9.txt")),
    (Kind::KillerX, 9, include_str!("bank/killer-x-9.txt")),
];

/// One kind and size's banked puzzles with their levels (lines that don't read are skipped:
/// the tests check there are none).
fn entries(kind: Kind, size: u8) -> &'static [(Difficulty, Puzzle)] {
    static BANKS: [OnceLock<Vec<(Difficulty, Puzzle)>>; 6] = [const { OnceLock::new() }; 6];
    let Some(k) = FILES.iter().position(|&(kd, s, _)| kd == kind && s == size) else { return &[] };
    BANKS[k].get_or_init(|| {
        FILES[k]
            .2
            .lines()
            .filter_map(|l| {
                let (level, id) = l.split_once(' ')?;
                Some((level.parse().ok()?, Puzzle::read_solo(id.trim()).ok()?))
            })
            .collect()
    })
}

/// A banked puzzle of `kind`, `size` and `level`, freshly transformed; `None` when the bank has
/// none (the caller makes one then).
pub fn instant(kind: Kind, size: u8, level: Difficulty, rng: &mut impl Rng) -> Option<Puzzle> {
    let pool: Vec<&Puzzle> = entries(kind, size).iter().filter(|(l, _)| *l == level).map(|(_, p)| p).collect();
    let p = pool.get(rng.random_range(0..pool.len().max(1)))?;
    transform(p, rng)
}

/// `p` under a random symmetry of the square and, but for a Killer, a random relabelling.
pub fn transform(p: &Puzzle, rng: &mut impl Rng) -> Option<Puzzle> {
    let shape = p.rules.shape();
    let n = shape.n();
    // The symmetries that keep a rectangular box a box of the same shape: with boxes not square,
    // only those that don't swap rows and columns.
    let square = p.rules.is_jigsaw() || shape.box_rows == shape.box_cols;
    let count = if square { 8 } else { 4 };
    let sym = rng.random_range(0..count);
    let map = |i: usize| -> usize {
        let (r, c) = (i / n, i % n);
        let (r, c) = match sym {
            0 => (r, c),
            1 => (n - 1 - r, n - 1 - c),
            2 => (r, n - 1 - c),
            3 => (n - 1 - r, c),
            4 => (c, r),
            5 => (n - 1 - c, n - 1 - r),
            6 => (c, n - 1 - r),
            _ => (n - 1 - c, r),
        };
        r * n + c
    };
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    if p.rules.cages().is_empty() {
        digits.shuffle(rng);
    }
    let mut givens = vec![0u8; n * n];
    let mut region = vec![0u8; n * n];
    for i in 0..n * n {
        let v = p.givens.values()[i];
        givens[map(i)] = if v == 0 { 0 } else { digits[usize::from(v) - 1] };
        region[map(i)] = p.rules.region_of()[i];
    }
    let region = if p.rules.is_jigsaw() { regions::renumber(&region) } else { Rules::boxes(shape) };
    let mut cages: Vec<Cage> = p
        .rules
        .cages()
        .iter()
        .map(|k| {
            let mut cells: Vec<usize> = k.cells.iter().map(|&c| map(c)).collect();
            cells.sort_unstable();
            Cage { cells, sum: k.sum }
        })
        .collect();
    cages.sort_by_key(|k| k.cells[0]);
    let rules = Rules::new(shape, region, p.rules.is_jigsaw(), p.rules.is_x(), cages).ok()?;
    Some(Puzzle { rules, givens: Grid::from_values(shape, givens)? })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn every_banked_puzzle_reads_is_unique_and_at_its_level_and_stays_so_transformed() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(42);
        for &(kind, size, text) in &FILES {
            let all = entries(kind, size);
            assert_eq!(all.len(), text.lines().filter(|l| !l.trim().is_empty()).count(), "{kind:?} {size}: a line does not read");
            for level in [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard, Difficulty::Expert] {
                assert!(all.iter().filter(|(l, _)| *l == level).count() >= 8, "{kind:?} {size} {level}: too few");
            }
            for (level, p) in all.iter().step_by(3) {
                assert_eq!(p.rules.kind(), Ok(kind));
                let t = transform(p, &mut rng).unwrap();
                assert!(t.unique_solution().is_some(), "{kind:?} {size}: {:?}", t.solo_id());
                assert_eq!(t.rate().unwrap().level, *level, "{kind:?} {size}: {:?}", t.solo_id());
                assert_eq!(t.givens.filled(), p.givens.filled());
            }
        }
    }

    #[test]
    fn the_same_seed_serves_the_same_puzzle_and_a_killer_keeps_its_sums() {
        let a = instant(Kind::Killer, 9, Difficulty::Medium, &mut rand::rngs::StdRng::seed_from_u64(7)).unwrap();
        let b = instant(Kind::Killer, 9, Difficulty::Medium, &mut rand::rngs::StdRng::seed_from_u64(7)).unwrap();
        assert_eq!(a, b);
        let total: u16 = a.rules.cages().iter().map(|k| k.sum).sum();
        assert_eq!(total, 405, "a 9x9 Killer's cages add up to 9 x 45");
        assert!(instant(Kind::Killer, 6, Difficulty::Easy, &mut rand::rngs::StdRng::seed_from_u64(7)).is_none());
    }
}
