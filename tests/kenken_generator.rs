//! The generator makes unique puzzles of the asked level for every size, reproducibly.

use inkdoku::kenken::generator::generate;
use inkdoku::kenken::rate::{rate, Difficulty};
use inkdoku::kenken::{solver, Puzzle};

#[test]
fn every_size_and_level() {
    for size in 3..=9 {
        for d in [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard] {
            // 3x3 is too small for every level to exist with every seed; it has to exist for some.
            let g = match (1..=5).map(|seed| generate(size, d, seed)).find_map(Result::ok) {
                Some(g) => g,
                None => panic!("{size}x{size} {d}: no puzzle from seeds 1..=5"),
            };
            assert_eq!(g.puzzle.check(&g.solution), Ok(()), "{size} {d}");
            assert_eq!(solver::solutions(&g.puzzle, 2).count, 1, "{size} {d}");
            assert_eq!(rate(&g.puzzle), Ok(d), "{size} {d}");
            // The JSON round trip keeps everything.
            let e = Puzzle::from_json(&g.puzzle.to_json(Some(&g.solution), Some(d.name()))).unwrap();
            assert_eq!(e.puzzle, g.puzzle);
            eprintln!("{size}x{size} {d}: {} attempts", g.attempts);
        }
    }
}
