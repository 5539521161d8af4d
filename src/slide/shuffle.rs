//! Shuffles that are always solvable (they are made of legal moves) and of a chosen distance.

use std::collections::{HashMap, VecDeque};

use rand::{Rng, SeedableRng};

use super::{solver, Board, Dir, SlideError};

/// Named difficulty levels: a target distance from the solved board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Difficulty {
    Easy,
    Medium,
    Hard,
}

impl Difficulty {
    /// Target distance: 0.75, 1.5 or 2.25 moves per cell (3x3: 6, 13, 20; 4x4: 12, 24, 36).
    pub fn distance(self, rows: usize, cols: usize) -> usize {
        let cells = rows * cols;
        match self {
            Difficulty::Easy => cells * 3 / 4,
            Difficulty::Medium => cells * 3 / 2,
            Difficulty::Hard => cells * 9 / 4,
        }
    }
}

impl std::str::FromStr for Difficulty {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().as_str() {
            "easy" => Ok(Difficulty::Easy),
            "medium" => Ok(Difficulty::Medium),
            "hard" => Ok(Difficulty::Hard),
            _ => Err(format!("unknown difficulty {s:?} (easy, medium, hard)")),
        }
    }
}

/// The largest optimal distance on a 3x3 board.
pub const MAX_3X3_DISTANCE: usize = 31;

/// A solvable board `distance` moves from solved, reproducible from `seed`.
///
/// On 3x3 the distance is exact and optimal (a breadth-first search over all 181,440 positions
/// picks a random one at exactly that distance, capped at 31). Larger boards are too big for
/// that: a random walk without immediate reversals runs until the Manhattan + linear-conflict
/// lower bound reaches `distance`, so the optimal distance is *at least* `distance`; on 4x4 the
/// optimal solver then walks back to exactly `distance` (unless that search exceeds its budget,
/// which does not happen for the named levels).
pub fn shuffle(rows: usize, cols: usize, distance: usize, seed: u64) -> Result<Board, SlideError> {
    let solved = Board::solved(rows, cols)?;
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    if rows * cols == 9 {
        let layer = exact_layer(&solved, distance.min(MAX_3X3_DISTANCE));
        let pick = rng.random_range(0..layer.len());
        return Ok(layer[pick].clone());
    }
    let mut b = solved;
    let mut prev: Option<Dir> = None;
    // The walk almost always reaches the bound fast; the cap keeps absurd targets finite.
    for _ in 0..1_000_000 {
        if solver::lower_bound(&b) as usize >= distance {
            break;
        }
        let options: Vec<Dir> =
            Dir::ALL.into_iter().filter(|&d| Some(d.inverse()) != prev && b.neighbour(d).is_some()).collect();
        let d = options[rng.random_range(0..options.len())];
        b.step(d);
        prev = Some(d);
    }
    // 4x4: make the distance exact. The optimal solver (pattern databases) is cheap at these
    // depths; walking its first `optimal - distance` steps lowers the optimal distance by one
    // each. If the budget runs out the lower-bound guarantee stays.
    if rows == 4 && cols == 4 {
        if let Ok(s) = solver::optimal(&b, EXACT_4X4_BUDGET) {
            for &d in s.steps.iter().take(s.steps.len().saturating_sub(distance)) {
                b.step(d);
            }
        }
    }
    Ok(b)
}

/// Node budget for making a 4x4 shuffle exact (about a second at most).
const EXACT_4X4_BUDGET: u64 = 5_000_000;

/// Every 3x3 position at exactly `distance` optimal moves from `solved`, in BFS order.
fn exact_layer(solved: &Board, distance: usize) -> Vec<Board> {
    let mut seen: HashMap<Vec<u8>, usize> = HashMap::new();
    let mut queue = VecDeque::from([(solved.clone(), 0usize)]);
    seen.insert(solved.tiles.clone(), 0);
    let mut layer = vec![];
    while let Some((b, d)) = queue.pop_front() {
        if d == distance {
            layer.push(b);
            continue;
        }
        for dir in Dir::ALL {
            let mut next = b.clone();
            if next.step(dir) && !seen.contains_key(&next.tiles) {
                seen.insert(next.tiles.clone(), d + 1);
                queue.push_back((next, d + 1));
            }
        }
    }
    layer
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_distance_on_3x3() {
        for (seed, dist) in [(1, 0), (2, 5), (3, 20), (4, 31)] {
            let b = shuffle(3, 3, dist, seed).unwrap();
            assert!(b.is_solvable());
            assert_eq!(solver::optimal(&b, u64::MAX).unwrap().steps.len(), dist);
        }
        assert_eq!(shuffle(3, 3, 14, 9).unwrap(), shuffle(3, 3, 14, 9).unwrap());
    }

    #[test]
    fn exact_distance_on_4x4() {
        for (seed, d) in [(1, 12), (2, 24), (3, Difficulty::Hard.distance(4, 4))] {
            let b = shuffle(4, 4, d, seed).unwrap();
            assert_eq!(solver::optimal(&b, u64::MAX).unwrap().steps.len(), d, "seed {seed}");
        }
    }

    #[test]
    fn larger_boards_reach_the_bound() {
        for (r, c) in [(3, 5), (5, 4), (6, 6)] {
            let d = Difficulty::Hard.distance(r, c);
            let b = shuffle(r, c, d, 5).unwrap();
            assert!(b.is_solvable());
            assert!(solver::lower_bound(&b) as usize >= d);
        }
    }
}
