//! "Watch my solve" (issue #44, item 4): the journal of every move, undo and redo with its play
//! time, the board at each step of it (through the game in play, as the shell drives it), the
//! journal in the save, a file from before it, and the recent wins kept for the statistics.

use std::path::PathBuf;

use inkdoku::grid::Shape;
use inkdoku::play::{GameInPlay, GameKind, ReplayStep};
use inkdoku::save::{from_bytes, to_bytes};
use inkdoku::session::Op;
use inkdoku::testkit::sample_session;
use inkdoku::wins::{self, WinsError, KEPT};
use rand::rngs::StdRng;
use rand::SeedableRng;
use serde_json::{json, Value};

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("inkdoku-replay-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A 4x4 Sudoku and its open cells with their solution values.
fn sudoku(seed: u64) -> (GameInPlay, Vec<(usize, usize, u8)>) {
    let s = sample_session(Shape::S4, 0.4, &mut StdRng::seed_from_u64(seed));
    let g = s.game();
    let open = (0..16).filter(|&i| g.givens().values()[i] == 0).map(|i| (i / 4, i % 4, g.solution().values()[i])).collect();
    (GameInPlay::Sudoku(s), open)
}

fn values(v: &Value) -> Vec<u64> {
    v["cells"].as_array().unwrap().iter().map(|c| c["value"].as_u64().unwrap()).collect()
}

fn view_at(g: &GameInPlay, k: usize) -> Value {
    serde_json::to_value(g.replay_view(k).unwrap()).unwrap()
}

/// A game won by the player with a note, a wrong number rubbed out, an undo cut off by a new
/// move, and an undo redone: the replay shows each, at the time it was made.
fn won_game(seed: u64) -> (GameInPlay, Vec<Value>) {
    let (mut g, open) = sudoku(seed);
    g.resume(0);
    let mut seen = vec![serde_json::to_value(g.view(0)).unwrap()];
    let mut clock = 0;
    let mut step = |g: &mut GameInPlay, f: &dyn Fn(&mut GameInPlay, u64)| {
        clock += 1_500;
        f(g, clock);
        seen.push(serde_json::to_value(g.view(clock)).unwrap());
    };
    let (r0, c0, v0) = open[0];
    let wrong = v0 % 4 + 1;
    step(&mut g, &|g, t| assert_eq!(g.act(json!({"type": "toggle_candidate", "row": r0, "col": c0, "value": v0}), t), Ok(true)));
    step(&mut g, &|g, t| assert_eq!(g.act(json!({"type": "set_value", "row": r0, "col": c0, "value": wrong}), t), Ok(true)));
    step(&mut g, &|g, t| assert_eq!(g.act(json!({"type": "clear_cells", "cells": [[r0, c0]]}), t), Ok(true)));
    step(&mut g, &|g, t| g.undo(t).unwrap());
    step(&mut g, &|g, t| assert_eq!(g.act(json!({"type": "set_value", "row": r0, "col": c0, "value": v0}), t), Ok(true)));
    step(&mut g, &|g, t| g.undo(t).unwrap());
    step(&mut g, &|g, t| g.redo(t).unwrap());
    for &(r, c, v) in &open[1..] {
        step(&mut g, &|g, t| assert_eq!(g.act(json!({"type": "set_value", "row": r, "col": c, "value": v}), t), Ok(true)));
    }
    assert!(g.is_solved());
    (g, seen)
}

#[test]
fn every_step_of_the_replay_is_the_board_as_it_was_then() {
    let (g, seen) = won_game(5);
    let steps = g.replay_steps();
    assert_eq!(steps.len() + 1, seen.len());
    let ops: Vec<Op> = steps.iter().map(|s| s.op).collect();
    assert_eq!(&ops[..7], &[Op::Do, Op::Do, Op::Do, Op::Undo, Op::Do, Op::Undo, Op::Redo]);
    assert!(steps.iter().enumerate().all(|(k, s)| s.t_ms == 1_500 * (k as u64 + 1)), "{steps:?}");
    for (k, want) in seen.iter().enumerate() {
        let v = view_at(&g, k);
        assert_eq!(values(&v), values(want), "values at step {k}");
        assert_eq!(v["cells"], want["cells"], "cells at step {k}");
        assert_eq!(v["elapsed_ms"], if k == 0 { json!(0) } else { json!(1_500 * k) });
        assert_eq!(v["running"], json!(false), "a frame's clock stands still");
    }
    assert_eq!(view_at(&g, steps.len())["solved"], json!(true));
    assert_eq!(view_at(&g, steps.len() + 40)["solved"], json!(true), "past the end is the end");
    assert_eq!(view_at(&g, 0)["solved"], json!(false));
}

#[test]
fn the_journal_travels_in_the_save_and_a_file_from_before_it_replays_its_history() {
    let (g, _) = won_game(6);
    let bytes = to_bytes(&g, 9_000).unwrap();
    let v: Value = serde_json::from_slice(&bytes).unwrap();
    assert!(v["history"]["journal"]["ops"].as_str().unwrap().starts_with("dddudur"));
    assert_eq!(v["history"]["dropped"].as_array().map(Vec::len), Some(1), "the undone clear cut off by a new move");
    let back = from_bytes(&bytes).unwrap().game;
    assert_eq!(back.replay_steps(), g.replay_steps());
    for k in 0..=g.replay_steps().len() {
        assert_eq!(back.replay_view(k), g.replay_view(k), "step {k}");
    }
    // A journal that does not fit (edited, or from a bug) is made up from the history: the
    // game loads, and its replay is its moves.
    let mut odd = v.clone();
    odd["history"]["journal"]["ops"] = json!("u");
    odd["history"]["journal"]["t"] = json!([0]);
    let back = from_bytes(&serde_json::to_vec(&odd).unwrap()).unwrap().game;
    assert_eq!(back.view(0).board, g.view(0).board);
    assert!(back.replay_steps().iter().all(|s| s.op == Op::Do));
    assert_eq!(back.replay_view(back.replay_steps().len()).unwrap().board, g.view(0).board);
    // A file written before the journal (the v1 fixture: 7 moves, 1 undone): its moves, then
    // the undone one made and undone, all at the saved play time; written back unchanged.
    let old = std::fs::read(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/saves/sudoku-9x9-v1.inkdoku")).unwrap();
    let game = from_bytes(&old).unwrap().game;
    let steps = game.replay_steps();
    let mut want = vec![ReplayStep { op: Op::Do, t_ms: 124_000 }; 8];
    want.push(ReplayStep { op: Op::Undo, t_ms: 124_000 });
    assert_eq!(steps, want);
    assert_eq!(game.replay_view(9).unwrap().board, game.view(0).board);
    assert_eq!(to_bytes(&game, 125_000).unwrap(), old);
}

#[test]
fn recent_wins_are_kept_listed_opened_and_bounded() {
    let dir = temp_dir("wins");
    assert_eq!(wins::list(&dir), []);
    let (g, _) = won_game(7);
    let id = wins::keep(&dir, &g, 1_764_000_000_000).unwrap();
    assert_eq!(id, "1764000000000-sudoku");
    let listed = wins::list(&dir);
    assert_eq!(listed.len(), 1);
    assert_eq!((listed[0].won_at_ms, listed[0].summary.kind, listed[0].steps), (1_764_000_000_000, GameKind::Sudoku, g.replay_steps().len()));
    let opened = wins::open(&dir, &id).unwrap();
    assert_eq!(opened.replay_steps(), g.replay_steps());
    assert!(opened.is_solved());

    // Only the newest KEPT stay.
    for k in 0..KEPT as u64 + 3 {
        wins::keep(&dir, &g, 1_765_000_000_000 + k).unwrap();
    }
    let listed = wins::list(&dir);
    assert_eq!(listed.len(), KEPT);
    assert_eq!(listed[0].won_at_ms, 1_765_000_000_000 + KEPT as u64 + 2, "newest first");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), KEPT);
    assert_eq!(wins::open(&dir, &id), Err(WinsError::NoSuchWin), "the oldest went");

    // Names that are no win, and a damaged file: refused, never a panic, nothing else read.
    for bad in ["", "../stats", "1-chess", "1765000000000-sudoku/../x", "1765000000000"] {
        assert_eq!(wins::open(&dir, bad), Err(WinsError::NoSuchWin), "{bad}");
    }
    let newest = &listed[0].id;
    std::fs::write(dir.join(format!("{newest}.inkdoku")), b"{\"format\": \"inkdoku-save\", \"vers").unwrap();
    assert!(matches!(wins::open(&dir, newest), Err(WinsError::Load(inkdoku::save::LoadError::Truncated))));
    assert_eq!(wins::open(&dir, newest).map_err(|e| e.kind()), Err("win_unreadable"));
    assert_eq!(wins::list(&dir).len(), KEPT - 1, "a damaged one is left out");
    std::fs::write(dir.join("notes.txt"), b"mine").unwrap();
    assert_eq!(wins::list(&dir).len(), KEPT - 1);
    let _ = std::fs::remove_dir_all(&dir);
}
