//! Properties: generated puzzles are unique, rated as asked, round-trip through JSON, and the
//! hint chain from an empty board reaches the solution without a wrong value.

use inkdoku::kenken::generator::generate;
use inkdoku::kenken::hint::hint;
use inkdoku::kenken::rate::Difficulty;
use inkdoku::kenken::{solver, Puzzle};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn generated_puzzles_behave(size in 4usize..=7, level in 0usize..3, seed in any::<u64>()) {
        let d = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard][level];
        let g = generate(size, d, seed).expect("4..7 always generate");
        prop_assert_eq!(solver::solutions(&g.puzzle, 2).count, 1);
        let e = Puzzle::from_json(&g.puzzle.to_json(Some(&g.solution), None)).expect("round trip");
        prop_assert_eq!(&e.puzzle, &g.puzzle);
        let mut board = vec![0u8; size * size];
        for _ in 0..size * size {
            let h = hint(&g.puzzle, &board).expect("unique puzzle");
            prop_assert_eq!(h.value, g.solution[h.row * size + h.col]);
            prop_assert!(!h.text.is_empty());
            board[h.row * size + h.col] = h.value;
        }
        prop_assert_eq!(board, g.solution);
    }
}
