//! The variants' test hooks ([`crate::testkit::TestHooks`]): a generated easy puzzle of the
//! kind, some of its cells given, and Sudoku's random moves (a variant plays as Sudoku does).

use rand::rngs::StdRng;
use rand::Rng;

use super::def::{VariantDef, VariantParams, VariantView, Variety};
use crate::games::{GameDef, Source};
use crate::sudoku::play::{Action, SudokuSession};
use crate::sudoku::Difficulty;
use crate::testkit::{random_pen_action, TestHooks};

impl<V: Variety> TestHooks for VariantDef<V> {
    fn sample(rng: &mut StdRng) -> (SudokuSession, ()) {
        // The kind's sizes, with and without the Killer's X (refused where it has none).
        let p = [6u8, 9]
            .into_iter()
            .flat_map(|size| [false, true].map(|x| VariantParams { size, difficulty: Difficulty::Easy, x }))
            .filter(|p| Self::validate(p).is_ok())
            .collect::<Vec<_>>();
        let p = &p[rng.random_range(0..p.len())];
        match Self::make(p, Source::Fresh, rng.random(), &mut |_| true) {
            Ok(made) => made,
            Err(e) => panic!("no {} sample: {e}", V::NAME),
        }
    }

    fn random_move(s: &SudokuSession, rng: &mut StdRng) -> Action {
        random_pen_action(s, rng)
    }

    fn drawn(view: &VariantView<V>) -> usize {
        view.0.cells.len()
    }
}
