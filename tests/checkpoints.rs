//! Checkpoints (issue #44, item 3), through the game in play as the shell drives it: "Mark
//! this position", "Back to a mark" and "Back to the last correct position", each back one undo
//! step, for Sudoku and KenKen; the sliding puzzle has none. Marks are kept in the save.

mod common;

use inkdoku::grid::Shape;
use inkdoku::kenken::play::{KenkenGame, KenkenInfo, KenkenSession};
use inkdoku::play::{GameInPlay, PlayError};
use inkdoku::save::{from_bytes, to_bytes};
use inkdoku::session::{CheckpointError, MAX_MARKS};
use inkdoku::testkit::sample_session;
use rand::rngs::StdRng;
use rand::SeedableRng;
use serde_json::json;

/// A game with its open cells and their solution values, for either pen-grid game.
struct Case {
    game: GameInPlay,
    /// (row, col, right value, a wrong value) of cells the player may write in.
    open: Vec<(usize, usize, u8, u8)>,
}

fn sudoku() -> Case {
    let s = sample_session(Shape::S4, 0.4, &mut StdRng::seed_from_u64(3));
    let g = s.game();
    let open = (0..16)
        .filter(|&i| g.givens().values()[i] == 0)
        .map(|i| {
            let right = g.solution().values()[i];
            (i / 4, i % 4, right, right % 4 + 1)
        })
        .collect();
    Case { game: GameInPlay::Sudoku(s), open }
}

fn kenken() -> Case {
    let g = &common::kenken_puzzles()[2];
    let n = g.puzzle.size();
    let info = KenkenInfo { solution: Some(g.solution.clone()), difficulty: Some("easy".into()), seed: Some(1) };
    let s = KenkenSession::from_game(KenkenGame::new(g.puzzle.clone()));
    let open = (0..n * n).map(|i| (i / n, i % n, g.solution[i], g.solution[i] % n as u8 + 1)).collect();
    Case { game: GameInPlay::Kenken(s, info), open }
}

fn write(g: &mut GameInPlay, (row, col): (usize, usize), value: u8) {
    assert_eq!(g.act(json!({"type": "set_value", "row": row, "col": col, "value": value}), 0), Ok(true));
}

fn values(g: &GameInPlay) -> serde_json::Value {
    let v = serde_json::to_value(g.view(0)).unwrap();
    json!(v["cells"].as_array().unwrap().iter().map(|c| c["value"].clone()).collect::<Vec<_>>())
}

fn checkpoint(e: CheckpointError) -> Result<(), PlayError> {
    Err(PlayError::Checkpoint(e))
}

#[test]
fn mark_back_to_it_as_one_step_undo_and_redo() {
    for mut case in [sudoku(), kenken()] {
        let g = &mut case.game;
        let o = case.open.clone();
        write(g, (o[0].0, o[0].1), o[0].2);
        assert_eq!(g.mark_position(), Ok(1));
        assert_eq!(g.mark_position().map_err(|e| e.kind()), Err("already_marked"), "a position is marked once");
        let at_mark = values(g);
        write(g, (o[1].0, o[1].1), o[1].2);
        g.act(json!({"type": "toggle_candidate", "row": o[2].0, "col": o[2].1, "value": 1}), 0).unwrap();
        g.act(json!({"type": "set_colour", "cells": [[o[0].0, o[0].1]], "colour": 2}), 0).unwrap();
        assert_eq!(g.mark_position(), Ok(2));
        let marks = g.view(0).marks.unwrap();
        assert_eq!(marks.iter().map(|m| (m.n, m.step, m.moves_ago)).collect::<Vec<_>>(), vec![(1, 1, Some(3)), (2, 4, Some(0))]);
        let now = (values(g), g.history_lengths());
        let whole_now = g.clone();

        g.back_to_mark(1, 0).unwrap();
        assert_eq!(values(g), at_mark);
        assert_eq!(g.history_lengths(), (5, 0), "one undo step");
        assert_eq!(g.back_to_mark(1, 0), checkpoint(CheckpointError::AlreadyThere));
        assert_eq!(g.back_to_mark(7, 0), checkpoint(CheckpointError::NoSuchMark(7)));
        g.undo(0).unwrap();
        assert_eq!((values(g), g.history_lengths()), (now.0.clone(), (4, 1)));
        assert_eq!(g.view(0).board, whole_now.view(0).board, "undo brings back every value, candidate and colour");
        g.redo(0).unwrap();
        assert_eq!(values(g), at_mark);
        // Back to the newer mark from the older one: forward again, one step.
        g.back_to_mark(2, 0).unwrap();
        assert_eq!(values(g), now.0);
        assert_eq!(g.history_lengths(), (6, 0));
    }
}

#[test]
fn a_game_keeps_the_newest_marks() {
    let mut case = sudoku();
    let g = &mut case.game;
    let (a, b) = ((case.open[0].0, case.open[0].1), (case.open[1].0, case.open[1].1));
    for k in 0..MAX_MARKS as u8 + 2 {
        // A different board each time: the two cells count up in base 4.
        for (cell, value) in [(a, k % 4 + 1), (b, k / 4 % 4 + 1)] {
            g.act(json!({"type": "set_value", "row": cell.0, "col": cell.1, "value": value}), 0).unwrap();
        }
        g.mark_position().unwrap();
    }
    let marks = g.view(0).marks.unwrap();
    assert_eq!(marks.len(), MAX_MARKS);
    assert_eq!(marks.first().map(|m| m.n), Some(3), "the oldest went");
}

#[test]
fn back_to_the_last_correct_position_undoes_to_before_the_mistake() {
    for mut case in [sudoku(), kenken()] {
        let g = &mut case.game;
        let o = case.open.clone();
        assert_eq!(g.last_correct(), Err(PlayError::Checkpoint(CheckpointError::NothingWrong)));
        write(g, (o[0].0, o[0].1), o[0].2);
        assert_eq!(g.back_to_last_correct(0), Err(PlayError::Checkpoint(CheckpointError::NothingWrong)), "nothing wrong: nothing changes");
        assert_eq!(g.history_lengths(), (1, 0));
        // A mistake put right: not a mistake any more.
        write(g, (o[1].0, o[1].1), o[1].3);
        write(g, (o[1].0, o[1].1), o[1].2);
        let correct = values(g);
        // The mistake that stays, then right moves after it.
        write(g, (o[2].0, o[2].1), o[2].3);
        write(g, (o[3].0, o[3].1), o[3].2);
        write(g, (o[4].0, o[4].1), o[4].2);
        let wrong = values(g);
        assert_eq!(g.last_correct(), Ok(3));
        assert_eq!(g.back_to_last_correct(0), Ok(3));
        assert_eq!(values(g), correct);
        assert_eq!(g.history_lengths(), (7, 0), "one undo step");
        assert_eq!(g.last_correct(), Err(PlayError::Checkpoint(CheckpointError::NothingWrong)));
        g.undo(0).unwrap();
        assert_eq!(values(g), wrong);
        g.redo(0).unwrap();
        assert_eq!(values(g), correct);
    }
}

#[test]
fn marks_are_saved_and_read_back_and_old_saves_have_none() {
    for mut case in [sudoku(), kenken()] {
        let g = &mut case.game;
        let o = case.open.clone();
        let plain = to_bytes(g, 5).unwrap();
        assert!(!String::from_utf8_lossy(&plain).contains("checkpoints"), "no marks: the file is as before");
        write(g, (o[0].0, o[0].1), o[0].2);
        g.act(json!({"type": "add_note", "stroke": [[0.1, 0.1], [0.2, 0.15]]}), 0).unwrap();
        g.mark_position().unwrap();
        write(g, (o[1].0, o[1].1), o[1].3);
        g.mark_position().unwrap();
        g.back_to_mark(1, 0).unwrap();
        let bytes = to_bytes(g, 5).unwrap();
        let v: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        // A Sudoku that went back holds an edit of kind `back`, which older builds don't know:
        // version 3, so they refuse it as newer (not as damaged). KenKen's edit is as ever.
        let version = if matches!(g, GameInPlay::Sudoku(_)) { inkdoku::save::BACK_VERSION } else { 1 };
        assert_eq!(v["version"], version);
        if version > 1 {
            let mut old = v.clone();
            old["version"] = json!(2);
            assert_eq!(from_bytes(&serde_json::to_vec(&old).unwrap()).unwrap_err().kind(), "structure");
        }
        let back = from_bytes(&bytes).unwrap().game;
        assert_eq!(&back, g, "the marks come back with the game");
        assert_eq!(to_bytes(&back, 5).unwrap(), bytes, "and are written back byte for byte");
        let mut back = back;
        back.undo(0).unwrap();
        back.back_to_mark(2, 0).unwrap_or(());
        assert_eq!(back.view(0).marks.map(|m| m.len()), Some(2));
        // A damaged checkpoint is refused as any damaged board is.
        let mut v: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        v["game"]["checkpoints"][0]["entries"] = json!("1");
        let e = from_bytes(&serde_json::to_vec(&v).unwrap()).unwrap_err();
        assert_eq!(e.kind(), "inconsistent", "{e}");
        let mut v: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        v["game"]["checkpoints"][1]["n"] = json!(1);
        assert_eq!(from_bytes(&serde_json::to_vec(&v).unwrap()).unwrap_err().kind(), "inconsistent");
    }
}

#[test]
fn the_sliding_puzzle_has_no_checkpoints() {
    let bytes = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/saves/slide-3x4-v1.inkdoku")).unwrap();
    let mut g = from_bytes(&bytes).unwrap().game;
    assert_eq!(g.view(0).marks, None);
    assert!(!serde_json::to_string(&g.view(0)).unwrap().contains("\"marks\""));
    assert_eq!(g.mark_position(), Err(PlayError::Checkpoint(CheckpointError::NotSupported)));
    assert_eq!(g.last_correct().map_err(|e| e.kind()), Err("no_checkpoints"));
}

#[test]
fn saves_of_before_read_with_no_marks() {
    for name in ["sudoku-9x9-v1.inkdoku", "kenken-4x4-v1.inkdoku", "sudoku-4x4-glyph-v2.inkdoku"] {
        let bytes = std::fs::read(format!("{}/tests/fixtures/saves/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap();
        let g = from_bytes(&bytes).unwrap().game;
        assert_eq!(g.view(0).marks, Some(vec![]), "{name}");
    }
}

/// A pencil note undone and another drawn may reuse its id: going back to a mark that holds
/// the first swaps one for the other in one step.
#[test]
fn back_to_a_mark_across_a_reused_note_id() {
    let mut case = sudoku();
    let g = &mut case.game;
    let note = |g: &mut GameInPlay, y: f32| g.act(json!({"type": "add_note", "stroke": [[0.1, y], [0.2, y + 0.05]]}), 0).unwrap();
    note(g, 0.1);
    g.mark_position().unwrap();
    let marked = g.view(0).board;
    g.undo(0).unwrap();
    note(g, 0.6);
    g.back_to_mark(1, 0).unwrap();
    assert_eq!(g.view(0).board, marked);
    g.undo(0).unwrap();
    g.redo(0).unwrap();
    assert_eq!(g.view(0).board, marked);
}
