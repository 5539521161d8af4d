//! Property tests of the play session: random action sequences on every board size.

use inkdoku::grid::Shape;
use inkdoku::session::testkit::{random_action, sample_session};
use inkdoku::session::{Action, SudokuSession};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::SeedableRng;

fn inverse(a: &Action) -> Action {
    match a {
        Action::Undo => Action::Redo,
        _ => Action::Undo,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Every changing action is reversed exactly by its inverse (undo, or redo after an undo),
    /// and re-applied exactly by the inverse's inverse; refused and no-op actions change nothing.
    #[test]
    fn apply_undo_redo_are_exact_inverses(shape_ix in 0usize..4, seed in any::<u64>(), steps in 1usize..400) {
        let shape = Shape::ALL[shape_ix];
        let mut rng = StdRng::seed_from_u64(seed);
        let mut s = sample_session(shape, 0.4, &mut rng);
        let start = s.game().clone();
        for _ in 0..steps {
            let action = random_action(&s, &mut rng);
            let before = s.clone();
            match s.apply(action.clone()) {
                Ok(true) => {
                    let after = s.clone();
                    let mut back = s.clone();
                    prop_assert_eq!(back.apply(inverse(&action)), Ok(true));
                    prop_assert_eq!(back.game(), before.game(), "inverse of {:?}", action);
                    prop_assert_eq!(back.apply(inverse(&inverse(&action))), Ok(true));
                    prop_assert_eq!(back.game(), after.game(), "re-applying {:?}", action);
                    prop_assert_eq!(back.history(), after.history());
                }
                Ok(false) | Err(_) => prop_assert_eq!(&s, &before, "{:?} must change nothing", action),
            }
            let view = s.view(0);
            prop_assert_eq!(view.cells.len(), shape.cells());
            prop_assert_eq!(view.solved, s.is_solved());
        }
        // Undoing everything returns to the bare puzzle; redoing everything comes back to the tip.
        while s.can_redo() {
            prop_assert_eq!(s.apply(Action::Redo), Ok(true));
        }
        let end = s.clone();
        while s.can_undo() {
            prop_assert_eq!(s.apply(Action::Undo), Ok(true));
        }
        prop_assert_eq!(s.game(), &start);
        while s.can_redo() {
            prop_assert_eq!(s.apply(Action::Redo), Ok(true));
        }
        prop_assert_eq!(s.game(), end.game());
        prop_assert_eq!(s.history(), end.history());
    }
}

/// The history stays small: thousands of moves on a 16x16 board cost kilobytes, not megabytes.
#[test]
fn long_history_stays_compact() {
    let mut rng = StdRng::seed_from_u64(16);
    let mut s: SudokuSession = sample_session(Shape::S16, 0.3, &mut rng);
    let mut applied = 0;
    while s.history().len() < 5_000 {
        let a = random_action(&s, &mut rng);
        // Keep the timeline growing: skip undo/redo here.
        if matches!(a, Action::Undo | Action::Redo | Action::Solve) {
            continue;
        }
        if s.apply(a) == Ok(true) {
            applied += 1;
        }
    }
    let bytes = serde_json::to_vec(s.history()).unwrap_or_default();
    println!("16x16 history: {} edits ({applied} applied) = {} bytes of JSON", s.history().len(), bytes.len());
    // Most bytes are pencil-stroke points; cell edits are ~25 bytes each.
    assert!(bytes.len() < 5_000 * 400, "history too large: {} bytes", bytes.len());
}
