//! KenKen and sliding-puzzle saves: round trips of long random sessions, truncated and mutated
//! files, files of one kind given to another kind's loader, and hand-damaged contents.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use inkdoku::grid::Shape;
use inkdoku::kenken::generator::{generate, Generated};
use inkdoku::kenken::rate::Difficulty;
use inkdoku::kenken::session::{Action as KAction, KenkenGame, KenkenSession};
use inkdoku::save::{
    from_bytes, from_bytes_game, from_bytes_kenken, from_bytes_slide, to_bytes, to_bytes_game, GameRef, KenkenInfo,
    LoadError, LoadedGame, SlideInfo,
};
use inkdoku::session::testkit::{play, sample_session};
use inkdoku::slide::session::{Action as SAction, SlideGame, SlideSession};
use inkdoku::slide::{shuffle, Board, Dir};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Generated once: the generator is deterministic but not free.
fn kenken_puzzles() -> &'static [Generated] {
    static P: OnceLock<Vec<Generated>> = OnceLock::new();
    P.get_or_init(|| {
        [(3, 1), (4, 2), (6, 3), (9, 4)]
            .into_iter()
            .map(|(n, seed)| generate(n, Difficulty::Easy, seed).expect("the generator builds easy puzzles"))
            .collect()
    })
}

fn info_of(g: &Generated, seed: u64) -> KenkenInfo {
    KenkenInfo { solution: Some(g.solution.clone()), difficulty: Some(g.difficulty.name().to_string()), seed: Some(seed) }
}

/// Plays `steps` random actions (values, clears, notes, undo, redo, some illegal), pausing and
/// resuming the clock now and then.
fn random_kenken(ix: usize, seed: u64, steps: usize) -> (KenkenSession, KenkenInfo) {
    let g = &kenken_puzzles()[ix % kenken_puzzles().len()];
    let n = g.puzzle.size();
    let mut rng = StdRng::seed_from_u64(seed);
    let mut s = KenkenSession::from_game(KenkenGame::new(g.puzzle.clone()));
    play(&mut s, &mut rng, steps, |_, rng| {
        let (row, col) = (rng.random_range(0..n), rng.random_range(0..n));
        // Values slightly out of range too: refused actions must not reach the history.
        let value = rng.random_range(0..=n as u8 + 1);
        match rng.random_range(0..10) {
            0..=3 => KAction::Set { row, col, value },
            4 => KAction::Clear { row, col },
            5..=7 => KAction::ToggleNote { row, col, value },
            8 => KAction::Undo,
            _ => KAction::Redo,
        }
    });
    (s, info_of(g, ix as u64))
}

const SLIDE_SIZES: [(usize, usize); 5] = [(3, 3), (3, 4), (5, 3), (5, 5), (6, 6)];

/// A shuffled board, then `steps` random taps, steps, undos and redos.
fn random_slide(ix: usize, seed: u64, steps: usize) -> (SlideSession, Board, SlideInfo) {
    let (rows, cols) = SLIDE_SIZES[ix % SLIDE_SIZES.len()];
    let start = shuffle(rows, cols, rows * cols, seed).expect("shuffle");
    let mut rng = StdRng::seed_from_u64(seed ^ 0x5eed);
    let mut s = SlideSession::from_game(SlideGame::new(start.clone()));
    play(&mut s, &mut rng, steps, |_, rng| match rng.random_range(0..10) {
        0..=3 => SAction::Tap { row: rng.random_range(0..rows), col: rng.random_range(0..cols) },
        4..=6 => SAction::Step(Dir::ALL[rng.random_range(0..4)]),
        7 | 8 => SAction::Undo,
        _ => SAction::Redo,
    });
    (s, start, SlideInfo { difficulty: Some("medium".into()), seed: Some(seed) })
}

fn kenken_bytes(s: &KenkenSession, info: &KenkenInfo) -> Vec<u8> {
    to_bytes_game(GameRef::Kenken(s, info), 1_700_000_000_000).expect("a KenKen session encodes")
}

fn slide_bytes(s: &SlideSession, info: &SlideInfo) -> Vec<u8> {
    to_bytes_game(GameRef::Slide(s, info), 1_700_000_000_000).expect("a slide session encodes")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// save -> load gives back exactly the same KenKen session: board, whole history, timer, info.
    #[test]
    fn kenken_save_then_load_is_identity(ix in 0usize..4, seed in any::<u64>(), steps in 0usize..2_000) {
        let (s, info) = random_kenken(ix, seed, steps);
        let bytes = kenken_bytes(&s, &info);
        let loaded = from_bytes_kenken(&bytes).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(loaded.saved_at_ms, 1_700_000_000_000);
        prop_assert_eq!(&loaded.session, &s);
        prop_assert_eq!(&loaded.info, &info);
        prop_assert!(!loaded.session.is_running());
        // The generic loader agrees.
        let any = from_bytes_game(&bytes).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(any.kind(), "kenken");
        prop_assert_eq!(any, LoadedGame::Kenken(loaded.clone()));
        // The loaded game keeps playing: undo all the way leads to the bare puzzle.
        let mut l = loaded.session;
        while l.can_undo() {
            prop_assert_eq!(l.apply(KAction::Undo), Ok(true));
        }
        prop_assert_eq!(l.game(), &KenkenGame::new(s.game().puzzle().clone()));
    }

    /// save -> load gives back exactly the same sliding-puzzle session, and its start board.
    #[test]
    fn slide_save_then_load_is_identity(ix in 0usize..5, seed in any::<u64>(), steps in 0usize..2_000) {
        let (s, start, info) = random_slide(ix, seed, steps);
        let bytes = slide_bytes(&s, &info);
        let loaded = from_bytes_slide(&bytes).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(loaded.saved_at_ms, 1_700_000_000_000);
        prop_assert_eq!(&loaded.session, &s);
        prop_assert_eq!(&loaded.start, &start);
        prop_assert_eq!(&loaded.info, &info);
        let any = from_bytes_game(&bytes).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(any, LoadedGame::Slide(loaded.clone()));
        let mut l = loaded.session;
        while l.can_undo() {
            prop_assert_eq!(l.apply(SAction::Undo), Ok(true));
        }
        prop_assert_eq!(l.game().board(), &start);
    }
}

/// Loads with the generic loader; a loaded file must be playable and re-save to the same.
fn check_outcome(bytes: &[u8], tally: &mut BTreeMap<&'static str, usize>) {
    match from_bytes_game(bytes) {
        Ok(LoadedGame::Kenken(l)) => {
            *tally.entry("loaded").or_default() += 1;
            let again = from_bytes_kenken(&kenken_bytes(&l.session, &l.info)).expect("a re-saved KenKen game loads");
            assert_eq!(again.session, l.session);
            // Playable: the whole history undoes to the bare puzzle and redoes.
            let mut s = l.session;
            let (done, undone) = (s.history().done().len(), s.history().undone().len());
            while s.can_undo() {
                assert_eq!(s.apply(KAction::Undo), Ok(true));
            }
            assert_eq!(s.game(), &KenkenGame::new(s.game().puzzle().clone()));
            for _ in 0..done + undone {
                assert_eq!(s.apply(KAction::Redo), Ok(true));
            }
        }
        Ok(LoadedGame::Slide(l)) => {
            *tally.entry("loaded").or_default() += 1;
            let again = from_bytes_slide(&slide_bytes(&l.session, &l.info)).expect("a re-saved slide game loads");
            assert_eq!(again.session, l.session);
            assert_eq!(again.start, l.start);
            let mut s = l.session;
            let (done, undone) = (s.history().done().len(), s.history().undone().len());
            while s.can_undo() {
                assert_eq!(s.apply(SAction::Undo), Ok(true));
            }
            assert_eq!(s.game().board(), &l.start);
            for _ in 0..done + undone {
                assert_eq!(s.apply(SAction::Redo), Ok(true));
            }
        }
        Ok(LoadedGame::Sudoku(_)) => {
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
        let (s, _, info) = random_slide(ix, 200 + ix as u64, 300);
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
            match from_bytes_game(cut) {
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
    let (sl, _, sinfo) = random_slide(0, 7, 50);
    let mut rng = StdRng::seed_from_u64(7);
    let sudoku = sample_session(Shape::S9, 0.4, &mut rng);
    let (kb, sb, db) = (kenken_bytes(&k, &kinfo), slide_bytes(&sl, &sinfo), to_bytes(&sudoku, 0).unwrap());
    let wrong = |expected: &str, found: &str| LoadError::WrongKind { expected: expected.into(), found: found.into() };

    let e = from_bytes(&kb).unwrap_err();
    assert_eq!(e, wrong("sudoku", "kenken"));
    assert_eq!(e.kind(), "wrong_kind");
    assert_eq!(e.to_string(), "this saved game is a KenKen puzzle, not a Sudoku puzzle");
    assert_eq!(from_bytes(&sb).unwrap_err(), wrong("sudoku", "slide"));
    assert_eq!(from_bytes_kenken(&db).unwrap_err(), wrong("kenken", "sudoku"));
    assert_eq!(from_bytes_kenken(&sb).unwrap_err(), wrong("kenken", "slide"));
    assert_eq!(from_bytes_slide(&db).unwrap_err(), wrong("slide", "sudoku"));
    assert_eq!(from_bytes_slide(&kb).unwrap_err(), wrong("slide", "kenken"));
    // The generic loader reads all three, Sudoku exactly as `from_bytes` does.
    assert!(matches!(from_bytes_game(&db), Ok(LoadedGame::Sudoku(l)) if l.session == sudoku));
    assert!(matches!(from_bytes_game(&kb), Ok(LoadedGame::Kenken(l)) if l.session == k));
    assert!(matches!(from_bytes_game(&sb), Ok(LoadedGame::Slide(l)) if l.session == sl));
    // A Sudoku save through the generic writer is byte for byte the Sudoku writer's.
    assert_eq!(to_bytes_game(GameRef::Sudoku(&sudoku), 0).unwrap(), db);
}

fn edit_json(bytes: &[u8], f: impl FnOnce(&mut serde_json::Value)) -> Vec<u8> {
    let mut v: serde_json::Value = serde_json::from_slice(bytes).unwrap();
    f(&mut v);
    serde_json::to_vec(&v).unwrap()
}

/// A hand-made defect applied to a save's JSON.
type Damage = Box<dyn FnOnce(&mut serde_json::Value)>;

fn assert_inconsistent(r: Result<LoadedGame, LoadError>, what: &str) {
    match r {
        Err(e @ LoadError::Inconsistent { .. }) => assert!(e.to_string().contains("damaged"), "{what}: {e}"),
        other => panic!("{what}: expected inconsistent, got {other:?}"),
    }
}

#[test]
fn damaged_kenken_contents_are_inconsistent() {
    // A 4x4 game with at least one value and one note in its history.
    let (mut s, info) = random_kenken(1, 3, 0);
    s.apply(KAction::Set { row: 0, col: 0, value: 2 }).unwrap();
    s.apply(KAction::ToggleNote { row: 1, col: 1, value: 3 }).unwrap();
    s.apply(KAction::Set { row: 2, col: 2, value: 1 }).unwrap();
    s.apply(KAction::Undo).unwrap();
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
        assert_inconsistent(from_bytes_game(&edit_json(&b, f)), what);
    }
    let missing = edit_json(&b, |v| v["game"].as_object_mut().unwrap().remove("cages").map(|_| ()).unwrap());
    assert!(matches!(from_bytes_game(&missing), Err(LoadError::Structure { .. })));
    let unknown = edit_json(&b, |v| v["kind"] = "chess".into());
    assert_eq!(from_bytes_game(&unknown), Err(LoadError::UnknownKind { kind: "chess".into() }));
    let newer = edit_json(&b, |v| v["version"] = 2.into());
    assert!(matches!(from_bytes_game(&newer), Err(LoadError::NewerVersion { found: 2, .. })));
    // No solution, label or seed is fine: a puzzle typed in from a newspaper has none.
    let bare = edit_json(&b, |v| {
        let g = v["game"].as_object_mut().unwrap();
        g.remove("solution");
        g.remove("difficulty");
        g.remove("seed");
    });
    let l = from_bytes_kenken(&bare).unwrap();
    assert_eq!(l.info, KenkenInfo::default());
    assert_eq!(l.session, s);
}

#[test]
fn damaged_slide_contents_are_inconsistent() {
    let start = Board::parse("3x3: 1 2 3 4 5 6 7 0 8").unwrap();
    let mut s = SlideSession::from_game(SlideGame::new(start.clone()));
    s.apply(SAction::Tap { row: 2, col: 0 }).unwrap(); // gap 7 -> 6: one step left
    s.apply(SAction::Step(Dir::Up)).unwrap();
    s.apply(SAction::Undo).unwrap();
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
        assert_inconsistent(from_bytes_game(&edit_json(&b, f)), what);
    }
    assert_eq!(from_bytes_slide(&b).unwrap().session, s);
}

#[test]
fn a_bad_kenken_info_is_an_encode_error() {
    let (k, mut info) = random_kenken(1, 1, 10);
    info.solution = Some(vec![200; 16]);
    assert!(to_bytes_game(GameRef::Kenken(&k, &info), 0).is_err());
    info.solution = Some(vec![1; 3]);
    assert!(to_bytes_game(GameRef::Kenken(&k, &info), 0).is_err());
}

fn scratch(tag: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("inkdoku-save-games-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn names(dir: &std::path::Path) -> Vec<String> {
    let mut v: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    v.sort();
    v
}

#[test]
fn any_kind_autosave_recovers_from_its_backup() {
    use inkdoku::save::{load_game, load_or_recover, load_or_recover_game, save_game, GameRecovery, Recovery};
    let d = scratch("recover");
    let p = d.join("current.json");
    assert_eq!(load_or_recover_game(&p, 1), GameRecovery::NoSave);

    let (mut k, info) = random_kenken(1, 5, 0);
    save_game(&p, GameRef::Kenken(&k, &info), 10).unwrap();
    let before = k.clone();
    k.apply(KAction::Set { row: 0, col: 0, value: 1 }).unwrap();
    save_game(&p, GameRef::Kenken(&k, &info), 20).unwrap();
    assert!(matches!(load_game(&p), Ok(LoadedGame::Kenken(l)) if l.session == k));
    match load_or_recover_game(&p, 30) {
        GameRecovery::Loaded(LoadedGame::Kenken(l)) => assert_eq!(l.session, k),
        other => panic!("{other:?}"),
    }

    // A cut-short save: the backup (one move older) is loaded and the damaged file kept.
    let bytes = std::fs::read(&p).unwrap();
    std::fs::write(&p, &bytes[..bytes.len() / 2]).unwrap();
    let rec = load_or_recover_game(&p, 40);
    assert!(rec.message().unwrap().contains("cut short"), "{rec:?}");
    match rec {
        GameRecovery::FromBackup { loaded: LoadedGame::Kenken(l), problem: LoadError::Truncated, set_aside: Some(_) } => {
            assert_eq!(l.session, before)
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(names(&d), ["current.json.bak", "current.json.corrupt-40"]);

    // The Sudoku-only recovery cannot continue a sliding puzzle: it keeps the file as `.other`.
    let (sl, _, sinfo) = random_slide(0, 5, 20);
    let q = d.join("slide.json");
    save_game(&q, GameRef::Slide(&sl, &sinfo), 50).unwrap();
    assert!(matches!(load_or_recover_game(&q, 55), GameRecovery::Loaded(LoadedGame::Slide(l)) if l.session == sl));
    match load_or_recover(&q, 60) {
        Recovery::Unrecoverable { problem: LoadError::WrongKind { .. }, backup_problem: LoadError::Missing { .. }, set_aside } => {
            assert_eq!(set_aside, [d.join("slide.json.other-60")])
        }
        other => panic!("{other:?}"),
    }
    let _ = std::fs::remove_dir_all(&d);
}

/// Edits are diffs: a long history costs a few dozen bytes a move.
#[test]
fn long_histories_stay_compact() {
    let per_edit = |bytes: &[u8]| {
        let v: serde_json::Value = serde_json::from_slice(bytes).unwrap();
        let h = &v["history"];
        let edits = h["done"].as_array().unwrap().len() + h["undone"].as_array().unwrap().len();
        (serde_json::to_vec(h).unwrap().len() as f64 / edits.max(1) as f64, edits)
    };
    let (k, info) = random_kenken(3, 1, 10_000);
    let (kb, kn) = per_edit(&kenken_bytes(&k, &info));
    let (s, _, sinfo) = random_slide(4, 1, 10_000);
    let (sb, sn) = per_edit(&slide_bytes(&s, &sinfo));
    println!("kenken 9x9: {kn} edits, {kb:.1} bytes/edit; slide 6x6: {sn} edits, {sb:.1} bytes/edit");
    assert!(kn > 1_000 && sn > 1_000, "{kn} {sn}");
    assert!(kb < 30.0 && sb < 40.0, "{kb} {sb}");
}
