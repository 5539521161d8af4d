//! Property tests of the play session, one for every game: random moves with undo and redo mixed
//! in (`testkit::play`), each move checked as it is made, then undo/redo, replay and save
//! checked over the whole history. Sudoku, KenKen and the sliding puzzle run the same checks.

mod common;

use std::fmt::Debug;

use common::{assert_playable, kenken_move, kenken_puzzles, slide_move};
use inkdoku::grid::Shape;
use inkdoku::kenken::play::{KenkenGame, KenkenInfo, KenkenSession};
use inkdoku::play::{BoardView, GameInPlay};
use inkdoku::save::{from_bytes, to_bytes};
use inkdoku::testkit::{play, random_action, random_pen_action, sample_session};
use inkdoku::session::{Game, Session};
use inkdoku::slide::play::{SlideGame, SlideInfo, SlideSession};
use inkdoku::slide::shuffle;
use inkdoku::sudoku::play::{Action, SudokuSession};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::SeedableRng;

/// One move, tried on a copy of `s`: a move that changes the game is reversed exactly by undo
/// and made again exactly by redo; a refused or no-op move changes nothing. The view of the
/// result has `cells` cells and says what the session says.
fn check_move<G>(s: &Session<G>, action: &G::Action, cells: usize, in_play: &impl Fn(Session<G>) -> GameInPlay) -> Result<(), String>
where
    G: Game + PartialEq + Debug,
    G::Action: Clone + Debug,
{
    let mut t = s.clone();
    match t.apply(action.clone()) {
        Ok(true) => {
            let after = t.clone();
            t.undo().map_err(|e| format!("undo of {action:?}: {e}"))?;
            if t.game() != s.game() {
                return Err(format!("undo of {action:?} does not restore the game"));
            }
            t.redo().map_err(|e| format!("redo of {action:?}: {e}"))?;
            if t != after {
                return Err(format!("redo of {action:?} does not make it again"));
            }
        }
        Ok(false) | Err(_) if &t != s => return Err(format!("{action:?} must change nothing")),
        Ok(false) | Err(_) => {}
    }
    let (solved, can_undo) = (t.is_solved(), t.can_undo());
    let view = in_play(t).view(0);
    let drawn = match &view.board {
        BoardView::Sudoku(b) => b.cells.len(),
        BoardView::Kenken(b) => b.cells.len(),
        BoardView::Slide(b) => b.tiles.len(),
        // `cargo test --workspace` builds the engine with the shell's test-only toy game.
        _ => unreachable!("the property test plays Sudoku, KenKen and the slide"),
    };
    if (drawn, view.solved, view.can_undo) != (cells, solved, can_undo) {
        return Err(format!("after {action:?} the view draws {drawn} cells, solved {}, can_undo {}", view.solved, view.can_undo));
    }
    Ok(())
}

/// The shared property of every game's session. From `s` (a board of `cells` cells), plays
/// `steps` moves chosen by `next` with undo and redo mixed in, checking each move
/// ([`check_move`]); then over the whole history:
/// - `Session::replay` of the start and the history rebuilds the same session;
/// - saving and loading gives back the same game (`in_play` adds what the session does not
///   hold), its clock paused;
/// - undo and redo are exact inverses and undoing everything reaches the start, both as play
///   left the session and with every undone move redone (`common::assert_playable`, through
///   `testkit::check_undo_redo`).
fn check_session<G>(
    mut s: Session<G>,
    rng: &mut StdRng,
    steps: usize,
    cells: usize,
    mut next: impl FnMut(&Session<G>, &mut StdRng) -> G::Action,
    in_play: impl Fn(Session<G>) -> GameInPlay,
) -> Result<(), TestCaseError>
where
    G: Game + PartialEq + Debug,
    G::Action: Clone + Debug,
{
    let mut failure = None;
    play(&mut s, rng, steps, |s, rng| {
        let action = next(s, rng);
        if failure.is_none() {
            failure = check_move(s, &action, cells, &in_play).err();
        }
        action
    });
    if let Some(f) = failure {
        return Err(TestCaseError::fail(f));
    }

    let again = Session::replay(s.start().clone(), s.history().clone(), s.timer()).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(&again, &s);

    let game = in_play(s.clone());
    let bytes = to_bytes(&game, 1_700_000_000_000).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let loaded = from_bytes(&bytes).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(loaded.saved_at_ms, 1_700_000_000_000);
    prop_assert!(!loaded.game.is_running());
    prop_assert_eq!(&loaded.game, &game);

    let start = s.start().clone();
    assert_playable(s, &start);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn sudoku_sessions(shape_ix in 0usize..4, seed in any::<u64>(), steps in 1usize..400) {
        let shape = Shape::ALL[shape_ix];
        let mut rng = StdRng::seed_from_u64(seed);
        let s = sample_session(shape, 0.4, &mut rng);
        check_session(s, &mut rng, steps, shape.cells(), random_pen_action, GameInPlay::Sudoku)?;
    }

    #[test]
    fn kenken_sessions(ix in 0usize..4, seed in any::<u64>(), steps in 1usize..400) {
        let g = &kenken_puzzles()[ix];
        let n = g.puzzle.size();
        let info = KenkenInfo { solution: Some(g.solution.clone()), difficulty: Some("easy".into()), seed: Some(seed) };
        let s = KenkenSession::from_game(KenkenGame::new(g.puzzle.clone()));
        let in_play = |s| GameInPlay::Kenken(s, info.clone());
        check_session(s, &mut StdRng::seed_from_u64(seed), steps, n * n, |s, rng| kenken_move(s, rng, true), in_play)?;
    }

    #[test]
    fn slide_sessions(rows in 3usize..=6, cols in 3usize..=6, seed in any::<u64>(), steps in 1usize..400) {
        let start = shuffle(rows, cols, rows * cols, seed).expect("3..6 by 3..6 boards shuffle");
        let info = SlideInfo { difficulty: Some("medium".into()), seed: Some(seed), picture: None };
        let s = SlideSession::from_game(SlideGame::new(start));
        let in_play = |s| GameInPlay::Slide(s, info.clone());
        check_session(s, &mut StdRng::seed_from_u64(seed), steps, rows * cols, slide_move, in_play)?;
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
        // Keep the timeline growing: random_action never undoes; skip solving here.
        if matches!(a, Action::Solve) {
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
