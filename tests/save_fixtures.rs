//! Compatibility: save files written by the release before the midend took over undo, redo and
//! replay (commit 39da955; `tests/fixtures/saves`) load through the one replay, hold what was
//! saved, keep playing, and are written back byte for byte. A file whose history was damaged is
//! still refused, and the autosave still sets it aside with the friendly message.

mod common;

use std::path::PathBuf;

use common::assert_playable;
use inkdoku::session::gridplay::GridMove;
use inkdoku::grid::{Grid, Shape};
use inkdoku::kenken::play::{Action as KAction, KenkenGame, KenkenInfo};
use inkdoku::play::{GameInPlay, GameKind};
use inkdoku::save::{self, from_bytes, from_bytes_of, to_bytes, LoadError, Loaded, Recovery};
use inkdoku::session::cells::bit;
use inkdoku::session::Point;
use inkdoku::slide::play::{move_count, SlideGame, SlideInfo};
use inkdoku::slide::Board;
use inkdoku::sudoku::play::{Action, EditKind, SudokuGame};

/// Each fixture: its kind, when it was saved, its play time, and its history's done and undone
/// lengths.
const FIXTURES: [(&str, GameKind, u64, u64, usize, usize); 8] = [
    ("sudoku-9x9-v1.inkdoku", GameKind::Sudoku, 125_000, 124_000, 7, 1),
    ("sudoku-4x4-fresh-v1.inkdoku", GameKind::Sudoku, 2_000, 2_000, 0, 0),
    ("kenken-4x4-v1.inkdoku", GameKind::Kenken, 61_000, 61_000, 5, 1),
    ("slide-3x4-v1.inkdoku", GameKind::Slide, 30_000, 30_000, 3, 1),
    // Format 2 (the player's handwriting kept with pen writes), written when it was introduced.
    ("sudoku-4x4-glyph-v2.inkdoku", GameKind::Sudoku, 1_764_500_000_000, 0, 3, 1),
    ("kenken-4x4-glyph-v2.inkdoku", GameKind::Kenken, 1_764_500_000_000, 0, 2, 1),
    // Format 4 (corner and centre marks, #43), written when it was introduced.
    ("sudoku-4x4-marks-v4.inkdoku", GameKind::Sudoku, 1_764_900_000_000, 0, 5, 1),
    ("kenken-4x4-marks-v4.inkdoku", GameKind::Kenken, 1_764_900_000_000, 0, 3, 1),
];

fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/saves").join(name)
}

fn bytes(name: &str) -> Vec<u8> {
    std::fs::read(path(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn load(name: &str) -> GameInPlay {
    from_bytes(&bytes(name)).unwrap_or_else(|e| panic!("{name}: {e}")).game
}

/// The cells of a row-major list that are not 0, with their index.
fn non_zero<T: Copy + Default + PartialEq>(cells: &[T]) -> Vec<(usize, T)> {
    cells.iter().copied().enumerate().filter(|&(_, x)| x != T::default()).collect()
}

#[test]
fn every_fixture_loads_through_the_one_replay_and_is_written_back_the_same() {
    for (name, kind, saved_at, elapsed, done, undone) in FIXTURES {
        let file = bytes(name);
        let Loaded { game, saved_at_ms } = from_bytes(&file).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!((game.kind(), saved_at_ms), (kind, saved_at), "{name}");
        assert_eq!(from_bytes_of(&file, kind).map(|l| l.game).as_ref(), Ok(&game), "{name}");
        assert_eq!(save::load(&path(name)).map(|l| l.game).as_ref(), Ok(&game), "{name}");
        // The clock comes back paused at the saved play time.
        assert!(!game.is_running(), "{name}");
        assert_eq!((game.elapsed(0), game.elapsed(u64::MAX / 2)), (elapsed, elapsed), "{name}");
        let lengths = game.history_lengths();
        assert_eq!(lengths, (done, undone), "{name}");
        // The format did not change: this build writes the same game back byte for byte.
        let again = to_bytes(&game, saved_at).unwrap();
        assert_eq!(String::from_utf8_lossy(&again), String::from_utf8_lossy(&file), "{name}");
        assert_eq!(from_bytes(&again).map(|l| l.game), Ok(game), "{name}");
    }
}

#[test]
fn sudoku_9x9_holds_its_values_candidates_ink_and_history() {
    let GameInPlay::Sudoku(s) = load("sudoku-9x9-v1.inkdoku") else { panic!("not a Sudoku") };
    let g = s.game();
    assert_eq!(g.shape(), Shape::S9);
    let puzzle = "1..45.....5.7.......9.2.4.62....7...5..89.23..9.2.4....4.67.9.2..8....4.912......";
    let solution = "123456789456789123789123456234567891567891234891234567345678912678912345912345678";
    assert_eq!((g.givens().to_line().as_str(), g.solution().to_line().as_str()), (puzzle, solution));
    assert_eq!((g.difficulty(), g.seed()), ("medium", Some(2_550_779_531_575_986_084)));
    // A value and a hint (r1c2 = 2, r1c6 = 6), candidates 3 and 7 in r1c3, one ink note.
    assert_eq!(non_zero(g.entries()), [(1, 2), (5, 6)]);
    assert_eq!(non_zero(g.candidates()), [(2, bit(3) | bit(7))]);
    let points = [(0.31, 0.52), (0.33, 0.55), (0.36, 0.53)].map(|(x, y)| Point { x, y });
    assert_eq!(g.notes().len(), 1);
    assert_eq!((g.notes()[0].id, g.notes()[0].points.as_slice()), (0, &points[..]));
    let kinds = |edits: &[inkdoku::sudoku::play::Edit]| edits.iter().map(|e| e.kind).collect::<Vec<_>>();
    use EditKind::*;
    assert_eq!(kinds(s.history().done()), [Value, Candidate, Candidate, Note, Hint, Value, Erase]);
    assert_eq!(kinds(s.history().undone()), [AutoCandidates]);

    // Undoing everything reaches the bare puzzle; redoing the undone step is auto-candidates.
    let bare = SudokuGame::new(Grid::parse(puzzle).unwrap(), Grid::parse(solution).unwrap(), "medium", g.seed()).unwrap();
    let mut candidates_now = s.clone();
    assert_eq!(candidates_now.apply(Action::SetCandidates), Ok(true));
    assert_eq!(&assert_playable(s, &bare), candidates_now.game());
}

#[test]
fn sudoku_4x4_fresh_game_has_no_history() {
    let GameInPlay::Sudoku(s) = load("sudoku-4x4-fresh-v1.inkdoku") else { panic!("not a Sudoku") };
    let g = s.game();
    assert_eq!((g.shape(), g.givens().to_line().as_str(), g.solution().to_line().as_str()), (Shape::S4, "...43412.341.1.3", "1234341223414123"));
    assert!(g.entries().iter().all(|&v| v == 0) && g.candidates().iter().all(|&c| c == 0) && g.notes().is_empty());
    assert_eq!(s.game(), s.start());
    assert!(!s.can_undo() && !s.can_redo());
}

#[test]
fn kenken_4x4_holds_its_cages_values_and_candidates() {
    let GameInPlay::Kenken(s, info) = load("kenken-4x4-v1.inkdoku") else { panic!("not a KenKen") };
    let solution = [2, 4, 3, 1, 1, 2, 4, 3, 4, 3, 1, 2, 3, 1, 2, 4];
    assert_eq!(info, KenkenInfo { solution: Some(solution.to_vec()), difficulty: Some("easy".into()), seed: Some(5) });
    let p = s.game().puzzle();
    assert_eq!((p.size(), p.cages().len()), (4, 8));
    let first = &p.cages()[0];
    assert_eq!((first.op.symbol(), first.target, first.cells.as_slice()), ("-", 2, &[(0, 2), (0, 3)][..]));
    assert_eq!(s.game().values(), &[2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    // On disk the marks of r2c2 are 20 (bit v: 2 and 4); in memory candidates are bit v - 1.
    assert_eq!(non_zero(s.game().candidates()), [(5, bit(2) | bit(4))]);
    assert_eq!(bit(2) | bit(4), 0b1010);
    assert!(s.game().notes().is_empty());
    // Undoing everything reaches the bare puzzle; the undone step writes 4 into r4c4.
    let bare = KenkenGame::new(p.clone());
    let end = assert_playable(s, &bare);
    assert_eq!(non_zero(end.values()), [(0, 2), (15, 4)]);
}

#[test]
fn slide_3x4_holds_its_start_board_and_moves() {
    let GameInPlay::Slide(s, info) = load("slide-3x4-v1.inkdoku") else { panic!("not a sliding puzzle") };
    assert_eq!(info, SlideInfo { difficulty: Some("medium".into()), seed: Some(9), picture: None });
    let b = s.game().board();
    assert_eq!((b.rows(), b.cols()), (3, 4));
    assert_eq!(b.tiles(), &[1, 2, 3, 4, 6, 9, 7, 0, 5, 11, 8, 10]);
    assert_eq!(move_count(&s), 3);
    // Undoing everything reaches the start board; the undone step slides three tiles left.
    let mut redone = s.clone();
    while redone.can_redo() {
        redone.redo().unwrap();
    }
    assert_eq!((move_count(&redone), redone.game().board().gap()), (6, 4));
    let start = SlideGame::new(Board::new(3, 4, vec![1, 2, 3, 0, 6, 9, 7, 4, 5, 11, 8, 10]).unwrap());
    assert_eq!(&assert_playable(s, &start), redone.game());
}

/// `name` with one character of its history changed.
fn damaged(name: &str, at: usize) -> Vec<u8> {
    let mut b = bytes(name);
    // A digit becomes another digit, never a leading zero: the file stays valid JSON.
    b[at] = if b[at] == b'9' { b'1' } else { b[at] + 1 };
    b
}

/// The positions of the digits in the `done` list of a fixture's history.
fn done_digits(name: &str) -> Vec<usize> {
    let b = bytes(name);
    let text = String::from_utf8_lossy(&b);
    let from = text.find("\"done\":").unwrap_or_else(|| panic!("{name}: no history"));
    let to = from + text[from..].find("\"undone\":").unwrap_or_else(|| panic!("{name}: no undone list"));
    // A glyph's coordinates are the shape of the player's ink, not part of the proved history.
    let mut in_glyph = vec![false; b.len()];
    for (at, _) in text.match_indices("\"glyph\":[[") {
        let end = at + text[at..].find("]]").unwrap_or(0);
        in_glyph[at..=end + 1].iter_mut().for_each(|x| *x = true);
    }
    (from..to).filter(|&i| b[i].is_ascii_digit() && !in_glyph[i]).collect()
}

#[test]
fn a_damaged_history_is_refused_as_inconsistent() {
    for (name, _, _, _, done, _) in FIXTURES {
        if done == 0 {
            continue;
        }
        // Every digit of every applied step matters: the replay no longer fits, or no longer
        // ends on the saved board.
        let digits = done_digits(name);
        assert!(digits.len() >= done, "{name}");
        for at in digits {
            match from_bytes(&damaged(name, at)) {
                Err(e @ LoadError::Inconsistent { .. }) => assert!(e.to_string().starts_with("the saved game is damaged"), "{e}"),
                other => panic!("{name}, byte {at} changed: {other:?}"),
            }
        }
    }
    // An undone step that no longer redoes: r4c4 of the KenKen was not 1 before it.
    let name = "kenken-4x4-v1.inkdoku";
    let at = String::from_utf8_lossy(&bytes(name)).find("[15,0,0,4,0]").unwrap() + 4;
    let e = from_bytes(&damaged(name, at)).unwrap_err();
    assert!(matches!(&e, LoadError::Inconsistent { detail } if detail.contains("redo step 1")), "{e:?}");
}

#[test]
fn a_damaged_autosave_is_set_aside_and_its_backup_continues() {
    let d = common::scratch("save-fixtures");
    for (k, (name, kind, ..)) in FIXTURES.into_iter().filter(|f| f.4 > 0).enumerate() {
        let p = d.join(format!("{}.json", kind.as_str()));
        std::fs::write(save::backup_path(&p), bytes(name)).unwrap();
        std::fs::write(&p, damaged(name, done_digits(name)[0])).unwrap();
        let now = 1_000 + k as u64;
        let rec = save::load_or_recover(&p, now, Some(kind));
        let msg = rec.message().unwrap_or_default();
        assert!(msg.starts_with("Sorry: the saved game is damaged") && msg.contains("previous save was restored"), "{msg}");
        match rec {
            Recovery::FromBackup { loaded, problem: LoadError::Inconsistent { .. }, set_aside: Some(aside) } => {
                assert_eq!(loaded.game, load(name));
                assert_eq!(aside, d.join(format!("{}.json.corrupt-{now}", kind.as_str())));
            }
            other => panic!("{name}: {other:?}"),
        }
    }
    let _ = std::fs::remove_dir_all(&d);
}

/// The save of `game` as JSON, once it is known to load back as the same game.
fn round_trip(game: &GameInPlay) -> serde_json::Value {
    let file = to_bytes(game, 70_000).unwrap();
    assert_eq!(from_bytes(&file).map(|l| l.game).as_ref(), Ok(game));
    serde_json::from_slice(&file).unwrap()
}

/// KenKen games now carry ink notes: a save with them uses the object form of an edit for the
/// steps that write or erase ink (plain cell steps keep the first format's tuple) and loads back
/// the same game.
#[test]
fn a_kenken_save_with_ink_notes_round_trips() {
    let GameInPlay::Kenken(mut s, info) = load("kenken-4x4-v1.inkdoku") else { panic!("not a KenKen") };
    // Cell r3c3 of a 4x4 board spans 0.5..0.75 on both axes.
    let inside = vec![Point { x: 0.6, y: 0.6 }, Point { x: 0.65, y: 0.7 }];
    let elsewhere = vec![Point { x: 0.1, y: 0.9 }];
    assert_eq!(s.apply(KAction::Grid(GridMove::AddNote { stroke: inside.clone() })), Ok(true));
    assert_eq!(s.apply(KAction::Grid(GridMove::AddNote { stroke: elsewhere.clone() })), Ok(true));
    assert_eq!(s.apply(KAction::Grid(GridMove::SetValue { row: 2, col: 2, value: 1 })), Ok(true));
    assert_eq!(s.game().notes().iter().map(|n| n.id).collect::<Vec<_>>(), [1]);
    assert_eq!(s.apply(KAction::Grid(GridMove::ToggleCandidate { row: 3, col: 0, value: 3 })), Ok(true));
    assert_eq!(s.apply(KAction::Grid(GridMove::RemoveNotes { ids: vec![1], cells: vec![] })), Ok(true));
    assert_eq!(s.apply(KAction::Grid(GridMove::AddNote { stroke: elsewhere.clone() })), Ok(true));
    s.undo().unwrap();
    let game = GameInPlay::Kenken(s, info);

    let v = round_trip(&game);
    let inside_note = serde_json::json!({"id": 0, "points": [[0.6, 0.6], [0.65, 0.7]]});
    let elsewhere_note = |id: u32| serde_json::json!({"id": id, "points": [[0.1, 0.9]]});
    let done = v["history"]["done"].as_array().unwrap();
    assert_eq!(done.len(), 10);
    assert_eq!(done[0], serde_json::json!([0, 0, 0, 2, 0]), "a plain cell step is still the first format's tuple");
    assert_eq!(done[5], serde_json::json!({"cells": [], "notes_added": [inside_note]}));
    assert_eq!(done[6], serde_json::json!({"cells": [], "notes_added": [elsewhere_note(1)]}));
    assert_eq!(done[7], serde_json::json!({"cells": [[10, 0, 0, 1, 0]], "notes_removed": [inside_note]}));
    assert_eq!(done[8], serde_json::json!([12, 0, 0, 0, 8]), "candidates on disk are bit v");
    assert_eq!(done[9], serde_json::json!({"cells": [], "notes_removed": [elsewhere_note(1)]}));
    // The new move dropped the file's redo branch; the undone step is the last note.
    assert_eq!(v["history"]["undone"], serde_json::json!([{"cells": [], "notes_added": [elsewhere_note(0)]}]));
    assert_eq!(v["game"]["ink"], serde_json::json!(null), "no ink left on the board: the field is left out");

    // With ink on the board it is saved in `ink`; the first format's `notes` stay the marks.
    let GameInPlay::Kenken(mut s, info) = game else { unreachable!() };
    s.redo().unwrap();
    let v = round_trip(&GameInPlay::Kenken(s, info));
    assert_eq!(v["game"]["ink"], serde_json::json!([elsewhere_note(0)]));
    assert_eq!(v["game"]["notes"][12], 8);
    // Ink in the history but not on the saved board does not add up.
    let mut bad = v.clone();
    bad["game"].as_object_mut().unwrap().remove("ink");
    let e = from_bytes(&serde_json::to_vec(&bad).unwrap()).unwrap_err();
    assert!(matches!(e, LoadError::Inconsistent { .. }), "{e:?}");
}

/// The cells of a game's view that show the player's handwriting.
fn inked(game: &GameInPlay) -> Vec<usize> {
    let v = serde_json::to_value(game.view(0)).unwrap();
    v["cells"].as_array().unwrap().iter().enumerate().filter(|(_, c)| c.get("glyph").is_some()).map(|(i, _)| i).collect()
}

#[test]
fn format_2_keeps_handwriting_through_undo_and_redo() {
    let mut s = load("sudoku-4x4-glyph-v2.inkdoku");
    // r1c2 written 2 in ink; r1c3 typed 3, then overwritten with a 4 in ink; an inked 1 undone.
    assert_eq!(inked(&s), [1, 2]);
    s.undo(0).unwrap();
    assert_eq!(inked(&s), [1], "the typed 3 is back, without ink");
    s.redo(0).unwrap();
    s.redo(0).unwrap();
    assert_eq!(inked(&s), [0, 1, 2]);
    let mut k = load("kenken-4x4-glyph-v2.inkdoku");
    assert_eq!(inked(&k), [0]);
    k.redo(0).unwrap();
    assert_eq!(inked(&k), [0, 1]);
    // The same handwriting claimed by a version-1 file is refused, not silently dropped.
    let text = String::from_utf8(bytes("sudoku-4x4-glyph-v2.inkdoku")).unwrap().replace("\"version\":2", "\"version\":1");
    assert_eq!(from_bytes(text.as_bytes()).map(|_| ()).map_err(|e| e.kind()), Err("structure"));
}

/// Every kind of the list, not only those with a checked-in fixture: its sample game, played
/// a little, is written, read back the same, and written again byte for byte.
#[test]
fn every_kind_is_written_and_read_back_byte_for_byte() {
    use inkdoku::session::{Game, Session};
    use inkdoku::testkit::{each_kind, play, EachKind, TestHooks};
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    struct RoundTrip(Vec<GameKind>);
    impl EachKind for RoundTrip {
        fn visit<D: TestHooks>(&mut self, kind: GameKind, wrap: fn(Session<D::Game>, D::Info) -> GameInPlay)
        where
            D::Game: PartialEq + std::fmt::Debug,
            <D::Game as Game>::Action: Clone + std::fmt::Debug,
        {
            for seed in 0..8 {
                let mut rng = StdRng::seed_from_u64(seed);
                let (mut s, info) = D::sample(&mut rng);
                play(&mut s, &mut rng, 30, D::random_move);
                let game = wrap(s, info);
                let file = to_bytes(&game, 1_764_500_000_000).unwrap_or_else(|e| panic!("{kind:?}: {e}"));
                let Loaded { game: back, saved_at_ms } = from_bytes_of(&file, kind).unwrap_or_else(|e| panic!("{kind:?}: {e}"));
                assert_eq!((&back, saved_at_ms), (&game, 1_764_500_000_000), "{kind:?}");
                assert_eq!(back.history_lengths(), game.history_lengths(), "{kind:?}");
                let again = to_bytes(&back, 1_764_500_000_000).unwrap();
                assert_eq!(String::from_utf8_lossy(&again), String::from_utf8_lossy(&file), "{kind:?}");
            }
            self.0.push(kind);
        }
    }
    let mut seen = RoundTrip(Vec::new());
    each_kind(&mut seen);
    assert_eq!(seen.0, GameKind::ALL, "every kind of the list, in its order");
}

fn marks_of(game: &GameInPlay) -> Vec<(usize, String)> {
    let v = serde_json::to_value(game.view(0)).unwrap();
    v["cells"].as_array().unwrap().iter().enumerate().filter_map(|(i, c)| Some((i, c.get("marks")?.as_str()?.to_string()))).collect()
}

#[test]
fn format_4_keeps_corner_and_centre_marks_through_undo_and_redo() {
    let mut s = load("sudoku-4x4-marks-v4.inkdoku");
    let first = marks_of(&s);
    assert_eq!(first.iter().map(|(_, m)| m.as_str()).collect::<Vec<_>>(), ["1", "/24"], "a corner 3 tidied away by a 3 written, the centre marks back from an undone Delete");
    s.redo(0).unwrap();
    assert_eq!(marks_of(&s).len(), 1, "the Delete again");
    s.undo(0).unwrap();
    s.undo(0).unwrap();
    assert!(marks_of(&s).iter().any(|(_, m)| m.contains('3')), "undoing the tidy write brings the corner 3 back");
    let k = load("kenken-4x4-marks-v4.inkdoku");
    assert_eq!(marks_of(&k), [(0, "4/1".to_string()), (1, "/1".to_string())], "marks kept under r1c2's 2");
    // The same marks claimed by a version-3 file are refused, not silently dropped.
    for name in ["sudoku-4x4-marks-v4.inkdoku", "kenken-4x4-marks-v4.inkdoku"] {
        let text = String::from_utf8(bytes(name)).unwrap().replace("\"version\":4", "\"version\":3");
        assert_eq!(from_bytes(text.as_bytes()).map(|_| ()).map_err(|e| e.kind()), Err("structure"), "{name}");
    }
}
