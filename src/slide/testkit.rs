//! The sliding puzzle's test hooks ([`crate::testkit::TestHooks`]): shuffled boards of 3..6 by
//! 3..6, and random taps and steps for `testkit::play`.

use rand::rngs::StdRng;
use rand::Rng;

use super::def::{SlideDef, SlideView};
use super::play::{Action, SlideGame, SlideInfo, SlideSession};
use super::shuffle::shuffle;
use super::Dir;
use crate::testkit::TestHooks;

/// A random sliding-puzzle move for `testkit::play`: a tap anywhere (refused off the gap's
/// row and column) or a step of the gap (refused at the edge).
pub fn random_move(s: &SlideSession, rng: &mut impl Rng) -> Action {
    let b = s.game().board();
    if rng.random_ratio(4, 7) {
        Action::Tap { row: rng.random_range(0..b.rows()), col: rng.random_range(0..b.cols()) }
    } else {
        Action::Step { dir: Dir::ALL[rng.random_range(0..4)] }
    }
}

impl TestHooks for SlideDef {
    fn sample(rng: &mut StdRng) -> (SlideSession, SlideInfo) {
        let (rows, cols, seed) = (rng.random_range(3..=6), rng.random_range(3..=6), rng.random());
        let start = shuffle(rows, cols, rows * cols, seed).expect("3..6 by 3..6 boards shuffle");
        let info = SlideInfo { difficulty: Some("medium".into()), seed: Some(seed), picture: None };
        (SlideSession::from_game(SlideGame::new(start)), info)
    }

    fn random_move(s: &SlideSession, rng: &mut StdRng) -> Action {
        random_move(s, rng)
    }

    fn drawn(view: &SlideView) -> usize {
        view.tiles.len()
    }
}
