//! Property tests of the play session, one for every game: random moves with undo and redo mixed
//! in (`testkit::play`), each move checked as it is made, then undo/redo, replay and save
//! checked over the whole history. Every kind of the list runs the same checks, with its own
//! sample game and random moves (`testkit::TestHooks`, in the game's folder), without being
//! named here.

mod common;

use std::fmt::Debug;

use common::assert_playable;
use inkdoku::grid::Shape;
use inkdoku::play::{GameInPlay, GameKind};
use inkdoku::save::{from_bytes, to_bytes};
use inkdoku::session::{CheckpointError, Game, Session};
use inkdoku::sudoku::play::{Action, SudokuSession};
use inkdoku::testkit::{each_kind, play_watched, random_action, sample_session, EachKind, TestHooks};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// One move, tried on a copy of `s`: a move that changes the game is reversed exactly by undo
/// and made again exactly by redo; a refused or no-op move changes nothing. The view of the
/// result draws `cells` cells (`drawn` counts them) and says what the session says.
fn check_move<G>(s: &Session<G>, action: &G::Action, cells: usize, in_play: &impl Fn(Session<G>) -> GameInPlay, drawn: &impl Fn(&Session<G>) -> usize) -> Result<(), String>
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
            // The same game and undo/redo lists (the journal has the undo and redo besides).
            if t.game() != after.game() || t.history().without_journal() != after.history().without_journal() {
                return Err(format!("redo of {action:?} does not make it again"));
            }
        }
        Ok(false) | Err(_) if &t != s => return Err(format!("{action:?} must change nothing")),
        Ok(false) | Err(_) => {}
    }
    let (solved, can_undo) = (t.is_solved(), t.can_undo());
    let drawn = drawn(&t);
    let view = in_play(t).view(0);
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
    drawn: impl Fn(&Session<G>) -> usize,
) -> Result<(), TestCaseError>
where
    G: Game + PartialEq + Debug,
    G::Action: Clone + Debug,
{
    let mut failure = None;
    let mut checked = |s: &Session<G>, rng: &mut StdRng| {
        let action = next(s, rng);
        if failure.is_none() {
            failure = check_move(s, &action, cells, &in_play, &drawn).err();
        }
        action
    };
    // The game after each op of the journal (every change: a move, an undo, a redo), as play
    // left it: what "Watch my solve" must show at each step.
    let mut frames = vec![s.game().clone()];
    let mut watch = |s: &Session<G>| {
        if s.history().journal().len() == frames.len() {
            frames.push(s.game().clone());
        }
    };
    // Checkpoints: a mark half-way, play on, a second mark, then back to the first as one
    // undo step (undo returns, redo goes back again); the marks go into the save below.
    play_watched(&mut s, rng, steps / 2, &mut checked, &mut watch);
    let first = s.mark();
    play_watched(&mut s, rng, steps - steps / 2, &mut checked, &mut watch);
    let second = s.mark();
    match (first, second) {
        (Ok(n), _) if G::JUMPS => {
            let before = s.clone();
            let marked = s.marks().iter().find(|m| m.n == n).map(|m| m.game.clone());
            match s.back_to_mark(n) {
                Ok(()) => {
                    prop_assert_eq!(Some(s.game()), marked.as_ref());
                    watch(&s);
                    prop_assert_eq!(s.history().done().len(), before.history().done().len() + 1, "one undo step");
                    s.undo().map_err(|e| TestCaseError::fail(e.to_string()))?;
                    watch(&s);
                    prop_assert_eq!(s.game(), before.game());
                    s.redo().map_err(|e| TestCaseError::fail(e.to_string()))?;
                    watch(&s);
                    prop_assert_eq!(Some(s.game()), marked.as_ref());
                }
                Err(CheckpointError::AlreadyThere) => prop_assert_eq!(Some(s.game()), marked.as_ref()),
                Err(e) => return Err(TestCaseError::fail(format!("back to mark {n}: {e}"))),
            }
        }
        (Err(CheckpointError::NotSupported), Err(CheckpointError::NotSupported)) if !G::JUMPS => {}
        other => return Err(TestCaseError::fail(format!("marks: {other:?}"))),
    }
    if let Some(f) = failure {
        return Err(TestCaseError::fail(f));
    }

    // The replay: the journal holds every change, and each step shows the game as it was.
    prop_assert_eq!(s.history().journal().len() + 1, frames.len());
    for (k, frame) in frames.iter().enumerate() {
        let at = s.at_step(k).map_err(|e| TestCaseError::fail(format!("step {k}: {e}")))?;
        prop_assert_eq!(at.game(), frame, "the replay's step {}", k);
    }
    let end = s.at_step(frames.len()).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(end.history(), s.history());

    let mut again = Session::replay(s.start().clone(), s.history().clone(), s.timer()).map_err(|e| TestCaseError::fail(e.to_string()))?;
    again.set_marks(s.marks().to_vec());
    prop_assert_eq!(&again, &s);

    let mut game = in_play(s.clone());
    // Half the games are a day's daily puzzle (the date is the session's, saved with it).
    if rng.random_bool(0.5) {
        game.set_daily(inkdoku::daily::Day::at(rng.random_range(946_684_800_000..4_000_000_000_000), 0));
    }
    let bytes = to_bytes(&game, 1_700_000_000_000).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let loaded = from_bytes(&bytes).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(loaded.saved_at_ms, 1_700_000_000_000);
    prop_assert!(!loaded.game.is_running());
    prop_assert_eq!(&loaded.game, &game);
    // A loaded game replays as the one saved, step for step.
    let steps = game.replay_steps();
    prop_assert_eq!(&loaded.game.replay_steps(), &steps);
    prop_assert!(steps.windows(2).all(|w| w[0].t_ms <= w[1].t_ms), "the times go forward");
    for k in (0..=steps.len()).step_by(steps.len() / 16 + 1).chain([steps.len()]) {
        let (a, b) = (game.replay_view(k), loaded.game.replay_view(k));
        prop_assert!(a.is_ok() && a == b, "step {} of {}", k, steps.len());
    }

    let start = s.start().clone();
    assert_playable(s, &start);
    Ok(())
}

/// [`check_session`] for one kind of the list: its sample game (a shape or size chosen by the
/// seed), its random moves, `steps` of them.
struct SessionProps {
    seed: u64,
    steps: usize,
    /// Each kind checked, and what failed.
    results: Vec<(GameKind, Result<(), TestCaseError>)>,
}

impl EachKind for SessionProps {
    fn visit<D: TestHooks>(&mut self, kind: GameKind, wrap: fn(Session<D::Game>, D::Info) -> GameInPlay)
    where
        D::Game: PartialEq + Debug,
        <D::Game as Game>::Action: Clone + Debug,
    {
        let mut rng = StdRng::seed_from_u64(self.seed);
        let (s, info) = D::sample(&mut rng);
        let progress = D::progress(&s, &info);
        let cells = progress.rows * progress.cols;
        let drawn = |s: &Session<D::Game>| D::drawn(&D::view(s, &info));
        let in_play = |s| wrap(s, info.clone());
        let result = check_session(s, &mut rng, self.steps, cells, D::random_move, in_play, drawn);
        self.results.push((kind, result));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Every kind of the list, each case: Sudoku of each shape, KenKen of each size, sliding
    /// boards of 3..6 by 3..6, and any kind added to the list.
    #[test]
    fn every_kind_of_session(seed in any::<u64>(), steps in 1usize..400) {
        let mut props = SessionProps { seed, steps, results: Vec::new() };
        each_kind(&mut props);
        prop_assert_eq!(props.results.len(), GameKind::ALL.len(), "every kind of the list was checked");
        for (kind, result) in props.results {
            result.map_err(|e| TestCaseError::fail(format!("{}: {e}", kind.as_str())))?;
        }
    }
}

/// The case proptest once found in the KenKen sessions (`session_props.proptest-regressions`:
/// the 3x3 puzzle, seed 245989969949344141, 37 steps), replayed as it was drawn before the test
/// looped over the list, so it stays checked.
#[test]
fn kenken_case_found_before() {
    use common::{kenken_move, kenken_puzzles};
    use inkdoku::games::GameDef;
    use inkdoku::kenken::def::KenkenDef;
    use inkdoku::kenken::play::{KenkenGame, KenkenInfo, KenkenSession};
    let seed = 245989969949344141;
    let g = &kenken_puzzles()[0];
    let n = g.puzzle.size();
    let info = KenkenInfo { solution: Some(g.solution.clone()), difficulty: Some("easy".into()), seed: Some(seed) };
    let s = KenkenSession::from_game(KenkenGame::new(g.puzzle.clone()));
    let drawn = |s: &KenkenSession| <KenkenDef as TestHooks>::drawn(&KenkenDef::view(s, &info));
    let in_play = |s| GameInPlay::Kenken(s, info.clone());
    check_session(s, &mut StdRng::seed_from_u64(seed), 37, n * n, |s, rng| kenken_move(s, rng, true), in_play, drawn).unwrap();
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
