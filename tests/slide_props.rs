//! Properties: random legal play keeps a board solvable, the solvers always finish it, the
//! optimal solver is never longer than the quick one, and undo brings back the start.

use inkdoku::slide::play::{Action, SlideGame, SlideSession};
use inkdoku::slide::{solver, Board, Dir};
use proptest::prelude::*;

fn walk(rows: usize, cols: usize, steps: &[u8]) -> Board {
    let mut b = Board::solved(rows, cols).expect("valid size");
    for &s in steps {
        b.step(Dir::ALL[s as usize % 4]);
    }
    b
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn walks_stay_solvable_and_get_solved(rows in 3usize..=6, cols in 3usize..=6, steps in prop::collection::vec(0u8..4, 0..300)) {
        let b = walk(rows, cols, &steps);
        prop_assert!(b.is_solvable());
        let q = solver::quick(&b).expect("solvable");
        let mut end = b.clone();
        for &d in &q.steps { prop_assert!(end.step(d)); }
        prop_assert!(end.is_solved());
        prop_assert_eq!(Board::parse(&b.to_line()).expect("round trip"), b);
    }

    #[test]
    fn optimal_3x3_not_longer_than_quick(steps in prop::collection::vec(0u8..4, 0..80)) {
        let b = walk(3, 3, &steps);
        let o = solver::optimal(&b, u64::MAX).expect("3x3 is cheap");
        let q = solver::quick(&b).expect("solvable");
        prop_assert!(o.steps.len() <= q.steps.len());
        prop_assert!(o.steps.len() as u32 >= solver::lower_bound(&b));
    }

    #[test]
    fn session_undo_restores(taps in prop::collection::vec((0usize..4, 0usize..4), 1..40)) {
        let start = walk(4, 4, &[0, 2, 0, 2, 1, 3]);
        let mut s = SlideSession::from_game(SlideGame::new(start.clone()));
        let mut made = 0;
        for (r, c) in taps {
            if let Ok(true) = s.apply(Action::Tap { row: r, col: c }) { made += 1; }
        }
        for _ in 0..made { prop_assert_eq!(s.undo(), Ok(())); }
        prop_assert!(!s.can_undo());
        prop_assert_eq!(s.game().board(), &start);
    }
}
