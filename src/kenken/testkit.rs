//! KenKen's test hooks ([`crate::testkit::TestHooks`]): easy puzzles of each size, and random
//! moves for `testkit::play`.

use std::sync::OnceLock;

use rand::rngs::StdRng;
use rand::Rng;

use super::def::{KenkenDef, KenkenView};
use super::generator::{generate, Generated};
use super::play::{Action, KenkenGame, KenkenInfo, KenkenSession};
use super::rate::Difficulty;
use crate::session::gridplay::GridMove;
use crate::session::Point;
use crate::testkit::TestHooks;

/// Easy KenKen puzzles of sizes 3, 4, 6 and 9, generated once per test process (the generator
/// is deterministic but not free).
pub fn puzzles() -> &'static [Generated] {
    static P: OnceLock<Vec<Generated>> = OnceLock::new();
    P.get_or_init(|| {
        [(3, 1), (4, 2), (6, 3), (9, 4)]
            .into_iter()
            .map(|(n, seed)| generate(n, Difficulty::Easy, seed).expect("the generator builds easy puzzles"))
            .collect()
    })
}

/// A random KenKen move for `testkit::play` (which mixes in undo and redo): values (slightly
/// out of range too, so some are refused), clears and candidates, and with `ink` also ink
/// notes written and erased (now and then an unknown one).
pub fn random_move(s: &KenkenSession, rng: &mut impl Rng, ink: bool) -> Action {
    let n = s.game().puzzle().size();
    let (row, col) = (rng.random_range(0..n), rng.random_range(0..n));
    let value = rng.random_range(0..=n as u8 + 1);
    match rng.random_range(0..if ink { 18 } else { 8 }) {
        0..=2 => Action::Grid(GridMove::SetValue { row, col, value }),
        // A pen write keeping the player's ink (with `ink` only: it costs bytes, as notes do).
        3 => match ink.then(|| crate::testkit::random_glyph(rng)).flatten() {
            Some(glyph) => Action::Grid(GridMove::WriteInk { row, col, value, glyph, tidy: rng.random_ratio(1, 3) }),
            None => Action::Grid(GridMove::SetValue { row, col, value }),
        },
        4 => Action::Grid(GridMove::Clear { row, col }),
        5..=7 => Action::Grid(GridMove::ToggleCandidate { row, col, value }),
        8 => {
            // A short stroke from inside that cell, sometimes into the next or off the board.
            let cell = 1.0 / n as f32;
            let (x, y) = ((col as f32 + rng.random::<f32>()) * cell, (row as f32 + rng.random::<f32>()) * cell);
            Action::Grid(GridMove::AddNote { stroke: vec![Point { x, y }, Point { x: x + cell / 5.0, y: y + cell / 5.0 }] })
        }
        9 => {
            let mut ids: Vec<u32> = s.game().notes().iter().map(|note| note.id).filter(|_| rng.random_ratio(1, 2)).collect();
            ids.extend(rng.random_ratio(1, 20).then_some(u32::MAX));
            let cells = (0..rng.random_range(0..3)).map(|_| (rng.random_range(0..n), rng.random_range(0..n))).collect();
            Action::Grid(GridMove::RemoveNotes { ids, cells })
        }
        // Multi-cell moves: fill all candidates, an eraser stroke (sometimes off the board),
        // and now and then Solve.
        10 => Action::SetCandidates,
        11 => Action::Grid(GridMove::ClearCells { cells: (0..rng.random_range(1..=n + 1)).map(|_| (rng.random_range(0..=n), rng.random_range(0..n))).collect() }),
        // Colours (sometimes one that does not exist), as marks on a few cells.
        13..=15 => crate::testkit::random_selection_move(n, n as u8, rng, |n, rng| (rng.random_range(0..n), rng.random_range(0..n))),
        // Handwritten marks read (with `ink` only: they take notes and may keep glyphs).
        16 => Action::Grid(crate::testkit::random_read_marks(s.game().board(), n as u8, rng)),
        12 => Action::Grid(GridMove::SetColour { cells: (0..rng.random_range(0..3)).map(|_| (rng.random_range(0..n), rng.random_range(0..n))).collect(), colour: rng.random_range(0..=5) }),
        _ if rng.random_ratio(1, 4) => Action::Solve,
        _ => Action::Grid(GridMove::Clear { row, col }),
    }
}

impl TestHooks for KenkenDef {
    fn sample(rng: &mut StdRng) -> (KenkenSession, KenkenInfo) {
        let g = &puzzles()[rng.random_range(0..4)];
        let info = KenkenInfo { solution: Some(g.solution.clone()), difficulty: Some("easy".into()), seed: Some(rng.random()) };
        (KenkenSession::from_game(KenkenGame::new(g.puzzle.clone())), info)
    }

    fn random_move(s: &KenkenSession, rng: &mut StdRng) -> Action {
        random_move(s, rng, true)
    }

    fn drawn(view: &KenkenView) -> usize {
        view.cells.len()
    }
}
