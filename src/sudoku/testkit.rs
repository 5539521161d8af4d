//! Sudoku's test hooks ([`crate::testkit::TestHooks`]): a board of any shape on the pattern
//! solution, and the random moves of [`crate::testkit`] (which grew up with Sudoku).

use rand::rngs::StdRng;
use rand::Rng;

use super::def::SudokuDef;
use super::play::{Action, SudokuSession, SudokuView};
use crate::grid::Shape;
use crate::testkit::{random_pen_action, sample_session, TestHooks};

impl TestHooks for SudokuDef {
    fn sample(rng: &mut StdRng) -> (SudokuSession, ()) {
        let shape = Shape::ALL[rng.random_range(0..Shape::ALL.len())];
        (sample_session(shape, 0.4, rng), ())
    }

    fn random_move(s: &SudokuSession, rng: &mut StdRng) -> Action {
        random_pen_action(s, rng)
    }

    fn drawn(view: &SudokuView) -> usize {
        view.cells.len()
    }
}
