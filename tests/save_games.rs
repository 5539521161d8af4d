//! KenKen and sliding-puzzle saves: round trips of long random sessions, truncated and mutated
//! files, files of one kind given to another kind's loader, and hand-damaged contents.

mod common;

use std::collections::BTreeMap;

use common::{assert_playable, file_names, kenken_move, kenken_puzzles, scratch, slide_move};
use inkdoku::session::gridplay::GridMove;
use inkdoku::grid::Shape;
use inkdoku::kenken::generator::Generated;
use inkdoku::kenken::play::{Action as KAction, KenkenGame, KenkenInfo, KenkenSession};
use inkdoku::play::{GameInPlay, GameKind};
use inkdoku::save::{from_bytes, from_bytes_of, to_bytes, LoadError, Loaded};
use inkdoku::testkit::{play, sample_session};
use inkdoku::slide::play::{Action as SAction, SlideGame, SlideInfo, SlideSession};
use inkdoku::slide::{shuffle, Board, Dir};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn info_of(g: &Generated, seed: u64) -> KenkenInfo {
    KenkenInfo { solution: Some(g.solution.clone()), difficulty: Some(g.difficulty.name().to_string()), seed: Some(seed) }
}

/// Plays `steps` random moves (values, clears, candidates, some illegal; undo and redo mixed in
/// by `play`), pausing and resuming the clock now and then.
fn random_kenken(ix: usize, seed: u64, steps: usize) -> (KenkenSession, KenkenInfo) {
    let g = &kenken_puzzles()[ix % kenken_puzzles().len()];
    let mut rng = StdRng::seed_from_u64(seed);
    let mut s = KenkenSession::from_game(KenkenGame::new(g.puzzle.clone()));
    play(&mut s, &mut rng, steps, |s, rng| kenken_move(s, rng, false));
    (s, info_of(g, ix as u64))
}

const SLIDE_SIZES: [(usize, usize); 5] = [(3, 3), (3, 4), (5, 3), (5, 5), (6, 6)];

/// A shuffled board, then `steps` random taps and steps, with undos and redos mixed in.
fn random_slide(ix: usize, seed: u64, steps: usize) -> (SlideSession, SlideInfo) {
    let (rows, cols) = SLIDE_SIZES[ix % SLIDE_SIZES.len()];
    let start = shuffle(rows, cols, rows * cols, seed).expect("shuffle");
    let mut rng = StdRng::seed_from_u64(seed ^ 0x5eed);
    let mut s = SlideSession::from_game(SlideGame::new(start));
    play(&mut s, &mut rng, steps, slide_move);
    // Every other game shows the player's own picture: its name travels with the save.
    let picture = seed.is_multiple_of(2).then(|| format!("{seed:016x}.png"));
    (s, SlideInfo { difficulty: Some("medium".into()), seed: Some(seed), picture })
}

const SAVED_AT: u64 = 1_700_000_000_000;

fn kenken_bytes(s: &KenkenSession, info: &KenkenInfo) -> Vec<u8> {
    to_bytes(&GameInPlay::Kenken(s.clone(), info.clone()), SAVED_AT).expect("a KenKen session encodes")
}

fn slide_bytes(s: &SlideSession, info: &SlideInfo) -> Vec<u8> {
    to_bytes(&GameInPlay::Slide(s.clone(), info.clone()), SAVED_AT).expect("a slide session encodes")
}

/// Loads a save that must hold a game of `kind`, saved at [`SAVED_AT`]; the game comes back
/// with its clock paused.
fn load_as(bytes: &[u8], kind: GameKind) -> Result<GameInPlay, TestCaseError> {
    let loaded = from_bytes_of(bytes, kind).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(loaded.saved_at_ms, SAVED_AT);
    prop_assert_eq!(loaded.game.kind(), kind);
    prop_assert!(!loaded.game.is_running());
    Ok(loaded.game)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// save -> load gives back exactly the same KenKen session: board, whole history, timer, info.
    #[test]
    fn kenken_save_then_load_is_identity(ix in 0usize..4, seed in any::<u64>(), steps in 0usize..2_000) {
        let (s, info) = random_kenken(ix, seed, steps);
        let GameInPlay::Kenken(l, linfo) = load_as(&kenken_bytes(&s, &info), GameKind::Kenken)? else { unreachable!() };
        prop_assert_eq!(&l, &s);
        prop_assert_eq!(linfo, info);
        // The loaded game keeps playing: undo all the way leads to the bare puzzle.
        assert_playable(l, &KenkenGame::new(s.game().puzzle().clone()));
    }

    /// save -> load gives back exactly the same sliding-puzzle session, and its start board.
    #[test]
    fn slide_save_then_load_is_identity(ix in 0usize..5, seed in any::<u64>(), steps in 0usize..2_000) {
        let (s, info) = random_slide(ix, seed, steps);
        let GameInPlay::Slide(l, linfo) = load_as(&slide_bytes(&s, &info), GameKind::Slide)? else { unreachable!() };
        prop_assert_eq!(&l, &s);
        prop_assert_eq!(linfo, info);
        assert_playable(l, s.start());
    }
}

/// Loads with the generic loader; a loaded file must be playable and re-save to the same.
fn check_outcome(bytes: &[u8], tally: &mut BTreeMap<&'static str, usize>) {
    match from_bytes(bytes) {
        Ok(Loaded { game, .. }) if game.kind() != GameKind::Sudoku => {
            *tally.entry("loaded").or_default() += 1;
            let again = from_bytes(&to_bytes(&game, 0).expect("a loaded game encodes")).expect("a re-saved game loads");
            assert_eq!(again.game, game);
            // Playable: the whole history undoes to the bare puzzle (the start board) and redoes.
            match game {
                GameInPlay::Kenken(s, _) => {
                    let bare = KenkenGame::new(s.game().puzzle().clone());
                    assert_playable(s, &bare);
                }
                GameInPlay::Slide(s, _) => {
                    let start = s.start().clone();
                    assert_playable(s, &start);
                }
                // Sudoku is not in these data sets (and the shell's tests turn on the toy game).
                _ => unreachable!(),
            }
        }
        Ok(_) => {
            // A mutation can only turn `kenken`/`slide` into `sudoku` by changing several bytes.
            *tally.entry("loaded_sudoku").or_default() += 1;
        }
        Err(e) => {
            assert!(!e.to_string().is_empty());
            *tally.entry(e.kind()).or_default() += 1;
        }
    }
}

fn sample_files() -> Vec<Vec<u8>> {
    let mut files: Vec<Vec<u8>> = (0..4)
        .map(|ix| {
            let (s, info) = random_kenken(ix, 100 + ix as u64, 300);
            kenken_bytes(&s, &info)
        })
        .collect();
    files.extend((0..5).map(|ix| {
        let (s, info) = random_slide(ix, 200 + ix as u64, 300);
        slide_bytes(&s, &info)
    }));
    files
}

#[test]
fn every_truncation_is_a_typed_error() {
    for bytes in sample_files() {
        let mut tally = BTreeMap::new();
        let stride = (bytes.len() / 2_000).max(1);
        for len in (0..bytes.len()).step_by(stride) {
            let cut = &bytes[..len];
            match from_bytes(cut) {
                Ok(_) => panic!("a {len}-byte prefix of a {}-byte save loaded", bytes.len()),
                Err(e) => assert!(matches!(e, LoadError::Truncated | LoadError::Empty), "prefix {len}: {e:?}"),
            }
            check_outcome(cut, &mut tally);
        }
        println!("{} bytes, prefixes every {stride}: {tally:?}", bytes.len());
    }
}

#[test]
fn mutated_files_never_panic() {
    let mut rng = StdRng::seed_from_u64(0xfade);
    let originals = sample_files();
    let mut tally = BTreeMap::new();
    let printable = b"0123456789.,:[]{}\"-+eE ULDRabc";
    for _ in 0..6_000 {
        let mut b = originals[rng.random_range(0..originals.len())].clone();
        for _ in 0..rng.random_range(1..4) {
            let at = rng.random_range(0..b.len());
            match rng.random_range(0..4) {
                0 => b[at] = rng.random(),
                1 => b[at] = printable[rng.random_range(0..printable.len())],
                2 => {
                    b.remove(at);
                }
                _ => b.insert(at, printable[rng.random_range(0..printable.len())]),
            }
        }
        check_outcome(&b, &mut tally);
    }
    println!("mutations: {tally:?}");
    // Most mutations must be caught; some (a digit of elapsed_ms, an unused field) are harmless.
    let loaded = tally.get("loaded").copied().unwrap_or(0);
    assert!(loaded < 6_000 / 2, "{tally:?}");
}

/// Every leaf (number, string, bool, null) and array of a JSON value, as paths.
fn paths(v: &serde_json::Value, at: &mut Vec<serde_json::Value>, out: &mut Vec<Vec<serde_json::Value>>) {
    match v {
        serde_json::Value::Object(m) => {
            for (k, x) in m {
                at.push(k.clone().into());
                paths(x, at, out);
                at.pop();
            }
        }
        serde_json::Value::Array(a) => {
            out.push(at.clone());
            for (i, x) in a.iter().enumerate() {
                at.push(i.into());
                paths(x, at, out);
                at.pop();
            }
        }
        _ => out.push(at.clone()),
    }
}

fn at_path<'a>(v: &'a mut serde_json::Value, path: &[serde_json::Value]) -> &'a mut serde_json::Value {
    path.iter().fold(v, |v, k| match k {
        serde_json::Value::String(k) => &mut v[k.as_str()],
        k => &mut v[k.as_u64().unwrap() as usize],
    })
}

/// Plausible damage inside valid JSON: a number, a character of a string, an array element
/// changed. This reaches the consistency checks that byte noise (mostly `corrupt`) does not.
#[test]
fn field_mutations_are_caught_or_harmless() {
    let mut rng = StdRng::seed_from_u64(0xcafe);
    let originals: Vec<serde_json::Value> =
        sample_files().iter().map(|b| serde_json::from_slice(b).unwrap()).collect();
    let mut tally = BTreeMap::new();
    let chars = b"0123456789.ULDRX";
    for _ in 0..4_000 {
        let mut v = originals[rng.random_range(0..originals.len())].clone();
        let mut all = Vec::new();
        paths(&v, &mut Vec::new(), &mut all);
        let path = &all[rng.random_range(0..all.len())];
        let target = at_path(&mut v, path);
        match target {
            serde_json::Value::Number(_) => {
                *target = match rng.random_range(0..4) {
                    0 => rng.random_range(0..40).into(),
                    1 => (-1).into(),
                    2 => u64::MAX.into(),
                    _ => 1.5.into(),
                }
            }
            serde_json::Value::String(st) if !st.is_empty() => {
                let mut c: Vec<char> = st.chars().collect();
                let i = rng.random_range(0..c.len());
                if rng.random_ratio(1, 4) {
                    c.remove(i);
                } else {
                    c[i] = chars[rng.random_range(0..chars.len())] as char;
                }
                *target = c.into_iter().collect::<String>().into();
            }
            serde_json::Value::Array(a) if !a.is_empty() => {
                let i = rng.random_range(0..a.len());
                if rng.random() {
                    a.remove(i);
                } else {
                    let x = a[i].clone();
                    a.insert(i, x);
                }
            }
            other => *other = serde_json::Value::Null,
        }
        check_outcome(&serde_json::to_vec(&v).unwrap(), &mut tally);
    }
    println!("field mutations: {tally:?}");
    // Valid JSON is never reported as unreadable data.
    assert!(!tally.contains_key("corrupt") && !tally.contains_key("truncated"), "{tally:?}");
    assert!(tally.get("inconsistent").copied().unwrap_or(0) > 1_000, "{tally:?}");
}

#[test]
fn each_loader_names_the_other_kinds() {
    let (k, kinfo) = random_kenken(1, 7, 50);
    let (sl, sinfo) = random_slide(0, 7, 50);
    let mut rng = StdRng::seed_from_u64(7);
    let sudoku = GameInPlay::Sudoku(sample_session(Shape::S9, 0.4, &mut rng));
    let (kb, sb, db) = (kenken_bytes(&k, &kinfo), slide_bytes(&sl, &sinfo), to_bytes(&sudoku, 0).unwrap());
    let wrong = |expected: &str, found: &str| LoadError::WrongKind { expected: expected.into(), found: found.into() };
    let only = |kind, bytes: &[u8]| from_bytes_of(bytes, kind);

    let e = only(GameKind::Sudoku, &kb).unwrap_err();
    assert_eq!(e, wrong("sudoku", "kenken"));
    assert_eq!(e.kind(), "wrong_kind");
    assert_eq!(e.to_string(), "this saved game is a KenKen puzzle, not a Sudoku puzzle");
    assert_eq!(only(GameKind::Sudoku, &sb).unwrap_err(), wrong("sudoku", "slide"));
    assert_eq!(only(GameKind::Kenken, &db).unwrap_err(), wrong("kenken", "sudoku"));
    assert_eq!(only(GameKind::Kenken, &sb).unwrap_err(), wrong("kenken", "slide"));
    assert_eq!(only(GameKind::Slide, &db).unwrap_err(), wrong("slide", "sudoku"));
    assert_eq!(only(GameKind::Slide, &kb).unwrap_err(), wrong("slide", "kenken"));
    // The one loader reads all three, as each kind's own loader does.
    for (bytes, game) in [(db, sudoku), (kb, GameInPlay::Kenken(k, kinfo)), (sb, GameInPlay::Slide(sl, sinfo))] {
        let loaded = from_bytes(&bytes).unwrap();
        assert_eq!(loaded.game, game);
        assert_eq!(Ok(loaded), only(game.kind(), &bytes));
    }
}

fn edit_json(bytes: &[u8], f: impl FnOnce(&mut serde_json::Value)) -> Vec<u8> {
    let mut v: serde_json::Value = serde_json::from_slice(bytes).unwrap();
    f(&mut v);
    serde_json::to_vec(&v).unwrap()
}

/// A hand-made defect applied to a save's JSON.
type Damage = Box<dyn FnOnce(&mut serde_json::Value)>;

fn assert_inconsistent(r: Result<Loaded, LoadError>, what: &str) {
    match r {
        Err(e @ LoadError::Inconsistent { .. }) => assert!(e.to_string().contains("damaged"), "{what}: {e}"),
        other => panic!("{what}: expected inconsistent, got {other:?}"),
    }
}

#[test]
fn damaged_kenken_contents_are_inconsistent() {
    // A 4x4 game with at least one value and one note in its history.
    let (mut s, info) = random_kenken(1, 3, 0);
    s.apply(KAction::Grid(GridMove::SetValue { row: 0, col: 0, value: 2 })).unwrap();
    s.apply(KAction::Grid(GridMove::ToggleCandidate { row: 1, col: 1, value: 3 })).unwrap();
    s.apply(KAction::Grid(GridMove::SetValue { row: 2, col: 2, value: 1 })).unwrap();
    s.undo().unwrap();
    let b = kenken_bytes(&s, &info);
    let v: serde_json::Value = serde_json::from_slice(&b).unwrap();
    assert_eq!(v["kind"], "kenken");
    assert_eq!(v["game"]["entries"], "2...............");
    assert_eq!(v["history"]["done"][0], serde_json::json!([0, 0, 0, 2, 0]));
    assert_eq!(v["history"]["done"][1], serde_json::json!([5, 0, 0, 0, 8]));
    assert_eq!(v["history"]["undone"][0], serde_json::json!([10, 0, 0, 1, 0]));

    let cases: Vec<(&str, Damage)> = vec![
        ("entry not in history", Box::new(|v| v["game"]["entries"] = "23..............".into())),
        ("entry beyond the board", Box::new(|v| v["game"]["entries"] = "5...............".into())),
        ("short entries", Box::new(|v| v["game"]["entries"] = "2..".into())),
        ("notes length", Box::new(|v| v["game"]["notes"] = serde_json::json!([0, 0]))),
        ("note beyond the board", Box::new(|v| v["game"]["notes"][5] = (8 | 32).into())),
        ("history emptied", Box::new(|v| v["history"]["done"] = serde_json::json!([]))),
        ("undo step mismatch", Box::new(|v| v["history"]["done"][0] = serde_json::json!([0, 0, 0, 3, 0]))),
        ("no-op edit", Box::new(|v| v["history"]["undone"][0] = serde_json::json!([10, 0, 0, 0, 0]))),
        ("redo on a cell of the wrong state", Box::new(|v| v["history"]["undone"][0] = serde_json::json!([0, 0, 0, 1, 0]))),
        ("edit off the board", Box::new(|v| v["history"]["undone"][0] = serde_json::json!([16, 0, 0, 1, 0]))),
        ("wrong solution", Box::new(|v| v["game"]["solution"] = "1111111111111111".into())),
        ("unknown op", Box::new(|v| v["game"]["cages"][0]["op"] = "%".into())),
        ("size mismatch", Box::new(|v| v["game"]["size"] = 5.into())),
        ("unreachable cage", Box::new(|v| v["game"]["cages"][0]["target"] = 1_000_000.into())),
    ];
    for (what, f) in cases {
        assert_inconsistent(from_bytes(&edit_json(&b, f)), what);
    }
    let missing = edit_json(&b, |v| v["game"].as_object_mut().unwrap().remove("cages").map(|_| ()).unwrap());
    assert!(matches!(from_bytes(&missing), Err(LoadError::Structure { .. })));
    let unknown = edit_json(&b, |v| v["kind"] = "chess".into());
    assert_eq!(from_bytes(&unknown), Err(LoadError::UnknownKind { kind: "chess".into() }));
    let newer = edit_json(&b, |v| v["version"] = (inkdoku::save::VERSION + 1).into());
    assert!(matches!(from_bytes(&newer), Err(LoadError::NewerVersion { .. })));
    // No solution, label or seed is fine: a puzzle typed in from a newspaper has none.
    let bare = edit_json(&b, |v| {
        let g = v["game"].as_object_mut().unwrap();
        g.remove("solution");
        g.remove("difficulty");
        g.remove("seed");
    });
    assert_eq!(from_bytes_of(&bare, GameKind::Kenken).unwrap().game, GameInPlay::Kenken(s, KenkenInfo::default()));
}

#[test]
fn damaged_slide_contents_are_inconsistent() {
    let start = Board::parse("3x3: 1 2 3 4 5 6 7 0 8").unwrap();
    let mut s = SlideSession::from_game(SlideGame::new(start.clone()));
    s.apply(SAction::Tap { row: 2, col: 0 }).unwrap(); // gap 7 -> 6: one step left
    s.apply(SAction::Step { dir: Dir::Up }).unwrap();
    s.undo().unwrap();
    let info = SlideInfo::default();
    let b = slide_bytes(&s, &info);
    let v: serde_json::Value = serde_json::from_slice(&b).unwrap();
    assert_eq!(v["kind"], "slide");
    assert_eq!(v["game"]["start"], serde_json::json!([1, 2, 3, 4, 5, 6, 7, 0, 8]));
    assert_eq!(v["game"]["tiles"], serde_json::json!([1, 2, 3, 4, 5, 6, 0, 7, 8]));
    assert_eq!(v["history"]["done"], serde_json::json!([{"gap_before": 7, "steps": "L"}]));
    assert_eq!(v["history"]["undone"], serde_json::json!([{"gap_before": 6, "steps": "U"}]));

    let cases: Vec<(&str, Damage)> = vec![
        ("start not reached", Box::new(|v| v["game"]["start"] = serde_json::json!([1, 2, 3, 4, 5, 6, 7, 8, 0]))),
        ("unsolvable start", Box::new(|v| v["game"]["start"] = serde_json::json!([2, 1, 3, 4, 5, 6, 7, 0, 8]))),
        ("duplicate tile", Box::new(|v| v["game"]["tiles"] = serde_json::json!([1, 1, 3, 4, 5, 6, 0, 7, 8]))),
        ("wrong count", Box::new(|v| v["game"]["tiles"] = serde_json::json!([1, 2, 0]))),
        ("size", Box::new(|v| v["game"]["rows"] = 9.into())),
        ("bad step letter", Box::new(|v| v["history"]["done"][0]["steps"] = "X".into())),
        ("empty steps", Box::new(|v| v["history"]["done"][0]["steps"] = "".into())),
        ("gap off the board", Box::new(|v| v["history"]["done"][0]["gap_before"] = 99.into())),
        ("wrong gap", Box::new(|v| v["history"]["done"][0]["gap_before"] = 8.into())),
        ("history emptied", Box::new(|v| v["history"]["done"] = serde_json::json!([]))),
        ("redo off the edge", Box::new(|v| v["history"]["undone"][0]["steps"] = "DD".into())),
    ];
    for (what, f) in cases {
        assert_inconsistent(from_bytes(&edit_json(&b, f)), what);
    }
    assert_eq!(from_bytes_of(&b, GameKind::Slide).unwrap().game, GameInPlay::Slide(s, info));
}

#[test]
fn a_bad_kenken_info_is_an_encode_error() {
    let (k, mut info) = random_kenken(1, 1, 10);
    info.solution = Some(vec![200; 16]);
    assert!(to_bytes(&GameInPlay::Kenken(k.clone(), info.clone()), 0).is_err());
    info.solution = Some(vec![1; 3]);
    assert!(to_bytes(&GameInPlay::Kenken(k, info), 0).is_err());
}

#[test]
fn any_kind_autosave_recovers_from_its_backup() {
    use inkdoku::save::{load, load_or_recover, save, Recovery};
    let d = scratch("save-games-recover");
    let p = d.join("current.json");
    assert_eq!(load_or_recover(&p, 1, None), Recovery::NoSave);

    let (mut k, info) = random_kenken(1, 5, 0);
    let kenken = |k: &KenkenSession| GameInPlay::Kenken(k.clone(), info.clone());
    save(&p, &kenken(&k), 10).unwrap();
    let before = k.clone();
    k.apply(KAction::Grid(GridMove::SetValue { row: 0, col: 0, value: 1 })).unwrap();
    save(&p, &kenken(&k), 20).unwrap();
    assert_eq!(load(&p).map(|l| l.game), Ok(kenken(&k)));
    match load_or_recover(&p, 30, None) {
        Recovery::Loaded(l) => assert_eq!(l.game, kenken(&k)),
        other => panic!("{other:?}"),
    }

    // A cut-short save: the backup (one move older) is loaded and the damaged file kept.
    let bytes = std::fs::read(&p).unwrap();
    std::fs::write(&p, &bytes[..bytes.len() / 2]).unwrap();
    let rec = load_or_recover(&p, 40, None);
    assert!(rec.message().unwrap().contains("cut short"), "{rec:?}");
    match rec {
        Recovery::FromBackup { loaded, problem: LoadError::Truncated, set_aside: Some(_) } => {
            assert_eq!(loaded.game, kenken(&before))
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(file_names(&d), ["current.json.bak", "current.json.corrupt-40"]);

    // The Sudoku autosave cannot continue a sliding puzzle: it keeps the file as `.other`.
    let (sl, sinfo) = random_slide(0, 5, 20);
    let slide = GameInPlay::Slide(sl, sinfo);
    let q = d.join("slide.json");
    save(&q, &slide, 50).unwrap();
    assert!(matches!(load_or_recover(&q, 55, None), Recovery::Loaded(l) if l.game == slide));
    assert!(matches!(load_or_recover(&q, 56, Some(GameKind::Slide)), Recovery::Loaded(l) if l.game == slide));
    match load_or_recover(&q, 60, Some(GameKind::Sudoku)) {
        Recovery::Unrecoverable { problem: LoadError::WrongKind { .. }, backup_problem: LoadError::Missing { .. }, set_aside } => {
            assert_eq!(set_aside, [d.join("slide.json.other-60")])
        }
        other => panic!("{other:?}"),
    }
    let _ = std::fs::remove_dir_all(&d);
}

/// Edits are diffs: a long history costs a few dozen bytes a move, its journal (every move, undo
/// and redo with its time, and the edits a new move cut off) included.
#[test]
fn long_histories_stay_compact() {
    let per_edit = |bytes: &[u8]| {
        let v: serde_json::Value = serde_json::from_slice(bytes).unwrap();
        let h = &v["history"];
        let list = |k: &str| h[k].as_array().map_or(0, Vec::len);
        let edits = list("done") + list("undone") + list("dropped");
        (serde_json::to_vec(h).unwrap().len() as f64 / edits.max(1) as f64, edits)
    };
    let (k, info) = random_kenken(3, 1, 10_000);
    let (kb, kn) = per_edit(&kenken_bytes(&k, &info));
    let (s, sinfo) = random_slide(4, 1, 10_000);
    let (sb, sn) = per_edit(&slide_bytes(&s, &sinfo));
    println!("kenken 9x9: {kn} edits, {kb:.1} bytes/edit; slide 6x6: {sn} edits, {sb:.1} bytes/edit");
    assert!(kn > 1_000 && sn > 1_000, "{kn} {sn}");
    assert!(kb < 30.0 && sb < 40.0, "{kb} {sb}");
}

/// A save naming a picture that cannot be a stored one (edited by hand) loads with the built-in
/// picture; the picture field is optional, so saves from before it existed load too. A built-in
/// picture other than the default travels with the save by name; the default is saved as no
/// picture (as before there were several), and a built-in picture this version does not have (a
/// later version's) loads as the default.
#[test]
fn slide_picture_name_is_checked_on_load() {
    let (s, mut info) = random_slide(0, 3, 4);
    info.picture = Some("0123456789abcdef.jpg".into());
    let text = String::from_utf8(slide_bytes(&s, &info)).unwrap();
    assert!(text.contains("\"picture\":\"0123456789abcdef.jpg\""), "{text}");
    assert_eq!(loaded_picture(&text).as_deref(), Some("0123456789abcdef.jpg"));
    let named = |name: &str| loaded_picture(&text.replace("0123456789abcdef.jpg", name));
    assert_eq!(named("../../secret.png"), None);
    assert_eq!(named("builtin:reef").as_deref(), Some("builtin:reef"));
    assert_eq!(named("builtin:town").as_deref(), Some("builtin:town"));
    assert_eq!((named("builtin:lake"), named("builtin:castle")), (None, None));
    info.picture = Some("builtin:balloons".into());
    assert!(String::from_utf8(slide_bytes(&s, &info)).unwrap().contains("\"picture\":\"builtin:balloons\""));
    info.picture = None;
    let plain = String::from_utf8(slide_bytes(&s, &info)).unwrap();
    assert!(!plain.contains("picture"), "no picture, no field: {plain}");
}

/// The picture of the sliding puzzle saved as `text`, as it loads.
fn loaded_picture(text: &str) -> Option<String> {
    let GameInPlay::Slide(_, info) = from_bytes_of(text.as_bytes(), GameKind::Slide).unwrap().game else { panic!("not a slide") };
    info.picture
}
