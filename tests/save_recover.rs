//! Launch-time recovery: damaged saves are set aside (never deleted) and the backup is used.

mod common;

use std::fs;
use std::path::Path;

use common::{file_names, scratch};
use inkdoku::session::gridplay::GridMove;
use inkdoku::grid::Shape;
use inkdoku::play::{GameInPlay, GameKind};
use inkdoku::save::{self, backup_path, load, LoadError, Recovery};
use inkdoku::testkit::sample_session;
use inkdoku::sudoku::play::{Action, SudokuSession};
use rand::rngs::StdRng;
use rand::SeedableRng;

fn game() -> SudokuSession {
    sample_session(Shape::S9, 0.4, &mut StdRng::seed_from_u64(9))
}

/// The Sudoku autosave at launch (one autosave per game kind).
fn load_or_recover(path: &Path, now_ms: u64) -> Recovery {
    save::load_or_recover(path, now_ms, Some(GameKind::Sudoku))
}

fn sudoku(s: &SudokuSession) -> GameInPlay {
    GameInPlay::Sudoku(s.clone())
}

fn first_open_cell(s: &SudokuSession) -> (usize, usize) {
    (0..81).map(|i| (i / 9, i % 9)).find(|&(r, c)| s.game().givens().get(r, c) == 0).unwrap()
}

#[test]
fn autosave_keeps_the_previous_save_as_backup() {
    let d = scratch("save-recover-bak");
    let p = d.join("current.json");
    let mut s = game();
    save::save(&p, &sudoku(&s), 1).unwrap();
    let first = s.clone();
    let (r, c) = first_open_cell(&s);
    s.apply(Action::Grid(GridMove::SetValue { row: r, col: c, value: 1 })).unwrap();
    save::save(&p, &sudoku(&s), 2).unwrap();
    assert_eq!(load(&p).unwrap().game, sudoku(&s));
    assert_eq!(load(&backup_path(&p)).unwrap().game, sudoku(&first));
    assert_eq!(load_or_recover(&p, 3), Recovery::Loaded(load(&p).unwrap()));
    assert_eq!(file_names(&d), ["current.json", "current.json.bak"]);
    fs::remove_dir_all(&d).unwrap();
}

#[test]
fn damaged_save_is_set_aside_and_the_backup_loads() {
    let d = scratch("save-recover-damaged");
    let p = d.join("current.json");
    let mut s = game();
    save::save(&p, &sudoku(&s), 1).unwrap();
    let good = s.clone();
    let (r, c) = first_open_cell(&s);
    s.apply(Action::Grid(GridMove::SetValue { row: r, col: c, value: 1 })).unwrap();
    save::save(&p, &sudoku(&s), 2).unwrap();
    let full = fs::read(&p).unwrap();
    fs::write(&p, &full[..full.len() - 10]).unwrap();

    let rec = load_or_recover(&p, 777);
    let Recovery::FromBackup { loaded, problem, set_aside } = &rec else { panic!("{rec:?}") };
    assert_eq!(loaded.game, sudoku(&good));
    assert_eq!(*problem, LoadError::Truncated);
    let aside = set_aside.clone().unwrap();
    assert_eq!(aside, d.join("current.json.corrupt-777"));
    assert_eq!(fs::read(&aside).unwrap(), &full[..full.len() - 10], "the damaged file is kept byte for byte");
    assert!(!p.exists());
    let msg = rec.message().unwrap();
    assert!(msg.contains("cut short") && msg.contains("corrupt-777"), "{msg}");

    // The next autosave writes a fresh main file and leaves the good backup alone.
    save::save(&p, &loaded.game, 800).unwrap();
    assert_eq!(load(&backup_path(&p)).unwrap().game, sudoku(&good));
    assert_eq!(file_names(&d), ["current.json", "current.json.bak", "current.json.corrupt-777"]);
    fs::remove_dir_all(&d).unwrap();
}

#[test]
fn both_damaged_nothing_is_deleted() {
    let d = scratch("save-recover-both");
    let p = d.join("current.json");
    fs::write(&p, b"{ not json").unwrap();
    fs::write(backup_path(&p), b"").unwrap();
    fs::write(d.join("current.json.corrupt-5"), b"older damage").unwrap();
    let rec = load_or_recover(&p, 5);
    let Recovery::Unrecoverable { problem, backup_problem, set_aside } = &rec else { panic!("{rec:?}") };
    assert!(matches!(problem, LoadError::Corrupt { .. }));
    assert_eq!(*backup_problem, LoadError::Empty);
    assert_eq!(set_aside, &[d.join("current.json.corrupt-5-1"), d.join("current.json.bak.corrupt-5")]);
    assert_eq!(fs::read(d.join("current.json.corrupt-5")).unwrap(), b"older damage");
    assert_eq!(fs::read(d.join("current.json.corrupt-5-1")).unwrap(), b"{ not json");
    assert!(rec.message().unwrap().contains("new game"));
    assert!(rec.loaded().is_none());
    fs::remove_dir_all(&d).unwrap();
}

#[test]
fn missing_save_and_newer_version() {
    let d = scratch("save-recover-missing");
    let p = d.join("current.json");
    assert_eq!(load_or_recover(&p, 1), Recovery::NoSave);
    assert!(matches!(load(&p), Err(LoadError::Missing { .. })));

    // Main missing (deleted by hand), backup present: the backup loads, nothing is moved.
    let s = game();
    save::save(&p, &sudoku(&s), 1).unwrap();
    save::save(&p, &sudoku(&s), 2).unwrap();
    fs::remove_file(&p).unwrap();
    let rec = load_or_recover(&p, 3);
    assert!(matches!(&rec, Recovery::FromBackup { problem: LoadError::Missing { .. }, set_aside: None, .. }), "{rec:?}");
    assert_eq!(rec.into_loaded().unwrap().game, sudoku(&s));

    // A save from a newer version is kept aside as such, so autosave never overwrites it.
    let mut v: serde_json::Value = serde_json::from_slice(&save::to_bytes(&sudoku(&s), 4).unwrap()).unwrap();
    v["version"] = 99.into();
    fs::write(&p, serde_json::to_vec(&v).unwrap()).unwrap();
    let rec = load_or_recover(&p, 4);
    assert!(matches!(&rec, Recovery::FromBackup { problem: LoadError::NewerVersion { found: 99, .. }, .. }), "{rec:?}");
    assert!(d.join("current.json.newer-4").exists());
    fs::remove_dir_all(&d).unwrap();
}

#[test]
fn loading_a_bad_file_leaves_the_game_in_play_untouched() {
    let d = scratch("save-recover-export");
    let mut s = game();
    let (r, c) = first_open_cell(&s);
    s.apply(Action::Grid(GridMove::SetValue { row: r, col: c, value: 2 })).unwrap();
    let mut playing = sudoku(&s);
    let before = playing.clone();
    let chosen = d.join(format!("puzzle.{}", save::EXTENSION));
    save::export(&chosen, &playing, 10).unwrap();
    assert!(!backup_path(&chosen).exists());
    fs::write(&chosen, b"{\"format\":\"inkdoku-save\",\"version\":1,\"kind\":\"sudoku\"}").unwrap();
    // Loading returns a new session or an error; the caller only swaps on success.
    if let Ok(l) = load(&chosen) {
        playing = l.game;
    }
    assert_eq!(playing, before);
    assert!(matches!(load(&chosen), Err(LoadError::Structure { .. })));
    fs::remove_dir_all(&d).unwrap();
}
