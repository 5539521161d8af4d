//! Save files: round trips of random sessions, and fuzzing with truncated and mutated bytes.

use inkdoku::grid::Shape;
use inkdoku::play::{GameInPlay, GameKind};
use inkdoku::save::{self, to_bytes, LoadError, Loaded};
use inkdoku::testkit::{play, random_action, sample_session};
use inkdoku::sudoku::play::SudokuSession;
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A session after `steps` random actions, timer paused with some play time banked.
fn random_session(shape: Shape, seed: u64, steps: usize) -> SudokuSession {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut s = sample_session(shape, 0.35, &mut rng);
    play(&mut s, &mut rng, steps, random_action);
    s
}

/// Sudoku saves are read by the Sudoku loader (a sound save of another kind is refused).
fn from_bytes(bytes: &[u8]) -> Result<Loaded, LoadError> {
    save::from_bytes_of(bytes, GameKind::Sudoku)
}

fn sudoku_bytes(s: &SudokuSession, now_ms: u64) -> Vec<u8> {
    to_bytes(&GameInPlay::Sudoku(s.clone()), now_ms).expect("a Sudoku session encodes")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// save -> load gives back exactly the same session: state, whole history, timer.
    #[test]
    fn save_then_load_is_identity(shape_ix in 0usize..4, seed in any::<u64>(), steps in 0usize..2_000) {
        let s = random_session(Shape::ALL[shape_ix], seed, steps);
        let bytes = sudoku_bytes(&s, 1_700_000_000_000);
        let loaded = from_bytes(&bytes).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(loaded.saved_at_ms, 1_700_000_000_000);
        let GameInPlay::Sudoku(mut l) = loaded.game else { return Err(TestCaseError::fail("not a Sudoku")) };
        prop_assert_eq!(&l, &s);
        // And the loaded game keeps playing: undo all the way works.
        while l.can_undo() {
            prop_assert_eq!(l.undo(), Ok(()));
        }
        prop_assert_eq!(l.game(), s.start());
    }
}

/// A loaded file must be a playable session: saving it again reads back the same.
fn check_outcome(bytes: &[u8], tally: &mut std::collections::BTreeMap<&'static str, usize>) {
    match from_bytes(bytes) {
        Ok(loaded) => {
            *tally.entry("loaded").or_default() += 1;
            let again = to_bytes(&loaded.game, 0).expect("a loaded session encodes");
            let reloaded = from_bytes(&again).expect("a re-saved session loads");
            assert_eq!(reloaded.game, loaded.game);
            let _ = loaded.game.view(0);
        }
        Err(e) => {
            assert!(!e.to_string().is_empty());
            *tally.entry(e.kind()).or_default() += 1;
        }
    }
}

#[test]
fn every_truncation_is_a_typed_error() {
    for (shape, seed) in [(Shape::S4, 1), (Shape::S9, 2), (Shape::S16, 3)] {
        let bytes = sudoku_bytes(&random_session(shape, seed, 300), 0);
        let mut tally = Default::default();
        // Every prefix on small files, a stride on big ones.
        let stride = (bytes.len() / 3_000).max(1);
        for len in (0..bytes.len()).step_by(stride) {
            let cut = &bytes[..len];
            match from_bytes(cut) {
                Ok(_) => panic!("a {len}-byte prefix of a {}-byte save loaded", bytes.len()),
                Err(e) => assert!(
                    matches!(e, LoadError::Truncated | LoadError::Empty),
                    "prefix {len}: {e:?}"
                ),
            }
            check_outcome(cut, &mut tally);
        }
        println!("{shape:?}: {} bytes, prefixes every {stride}: {tally:?}", bytes.len());
    }
}

#[test]
fn mutated_files_never_panic() {
    let mut rng = StdRng::seed_from_u64(0x1ed0c);
    let originals: Vec<Vec<u8>> = [(Shape::S4, 11), (Shape::S6, 12), (Shape::S9, 13), (Shape::S16, 14)]
        .into_iter()
        .map(|(shape, seed)| sudoku_bytes(&random_session(shape, seed, 200), 0))
        .collect();
    let mut tally = Default::default();
    let rounds = 4_000;
    for _ in 0..rounds {
        let mut b = originals[rng.random_range(0..originals.len())].clone();
        for _ in 0..rng.random_range(1..4) {
            let i = rng.random_range(0..b.len());
            match rng.random_range(0..5) {
                // A random byte anywhere.
                0 => b[i] = rng.random(),
                // A plausible JSON character, more likely to keep the file parseable.
                1 => b[i] = b"0123456789.,:[]{}\"-etn"[rng.random_range(0..22)],
                // A digit nudged: values, cells and history go out of step.
                2 if b[i].is_ascii_digit() => b[i] = b'0' + (b[i] - b'0' + rng.random_range(1..10)) % 10,
                3 => {
                    b.remove(i);
                }
                _ => b.insert(i, b"0.9,]}"[rng.random_range(0..6)]),
            }
        }
        check_outcome(&b, &mut tally);
    }
    println!("{rounds} mutated saves: {tally:?}");
}
