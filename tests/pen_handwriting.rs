//! "Keep my handwriting" and learning from overwrites, on real ink from the held-out writers:
//! a pen write keeps its tidied glyph (Sudoku and KenKen), typed values, hints, Solve and clears
//! have none, undo brings the previous glyph back, saves hold the glyphs (format 2) and load
//! them back exactly, small; and the overwrite rule of `pen::lesson` teaches only a correction.

mod common;

use inkdoku::grid::{symbol_value, Grid};
use inkdoku::ink::{self, parse_jsonl, Sample, Stroke};
use inkdoku::kenken::play::{KenkenGame, KenkenInfo, KenkenSession};
use inkdoku::pen::lesson::{Lesson, Moves, Overwrites, MIN_PROBABILITY, WINDOW_MS};
use inkdoku::pen::{PenOptions, PenWrite, WriteOutcome};
use inkdoku::play::{BoardView, GameInPlay};
use inkdoku::save::{from_bytes, to_bytes, LoadError};
use inkdoku::session::glyph::MAX_GLYPH_POINTS;
use inkdoku::sudoku::play::SudokuSession;
use serde_json::{json, Value};

const KEEP: PenOptions = PenOptions { adapter: None, keep_handwriting: true, tidy_marks: false };

fn samples() -> Vec<Sample> {
    parse_jsonl(&common::read_shared("ink/test.jsonl")).expect("test.jsonl parses")
}

/// Row 1 is `1..45....`: r1c2, r1c3, r1c6-9 are open.
fn sudoku() -> GameInPlay {
    let puzzle = "1..45.....5.7.......9.2.4.62....7...5..89.23..9.2.4....4.67.9.2..8....4.912......";
    let solution = "123456789456789123789123456234567891567891234891234567345678912678912345912345678";
    GameInPlay::Sudoku(SudokuSession::new(Grid::parse(puzzle).unwrap(), Grid::parse(solution).unwrap(), "medium", None).unwrap())
}

/// `strokes` scaled into cell (row, col) of an `n` x `n` board, 70% of it.
fn into_cell(strokes: &[Stroke], n: usize, row: usize, col: usize) -> Vec<Stroke> {
    let [x0, y0, x1, y1] = ink::strokes_bounds(strokes).map(|v| v as f32);
    let k = 0.7 / n as f32 / (x1 - x0).max(y1 - y0).max(1e-6);
    let (cx, cy) = ((col as f32 + 0.5) / n as f32, (row as f32 + 0.5) / n as f32);
    let p = |q: &ink::Point| ink::Point::new(cx + (q.x - (x0 + x1) / 2.0) * k, cy + (q.y - (y0 + y1) / 2.0) * k);
    strokes.iter().map(|s| Stroke::new(s.points.iter().map(p).collect())).collect()
}

/// The first test sample of `label` that the board reads as itself.
fn clear_sample(all: &[Sample], label: char, game: &GameInPlay, n: usize) -> Vec<Stroke> {
    all.iter()
        .filter(|s| s.label_char() == Some(label))
        .map(|s| into_cell(&s.strokes, n, 0, 1))
        .find(|ink| {
            let w = game.clone().write_opts(0, 1, ink, PenOptions::default(), 0).unwrap();
            matches!(w.outcome, WriteOutcome::Symbol { symbol, unsure: false, .. } if symbol == label)
        })
        .expect("a clear sample")
}

fn glyphs(game: &GameInPlay) -> Vec<bool> {
    match game.view(0).board {
        BoardView::Sudoku(v) => v.cells.iter().map(|c| c.glyph.is_some()).collect(),
        BoardView::Kenken(v) => v.cells.iter().map(|c| c.glyph.is_some()).collect(),
        // No pen games (the sliding picture; the shell's tests' toy game).
        _ => vec![],
    }
}

fn act(game: &mut GameInPlay, action: Value) {
    game.act(action, 0).unwrap();
}

#[test]
fn a_pen_write_keeps_its_glyph_and_only_a_pen_write_does() {
    let all = samples();
    let mut g = sudoku();
    let three = clear_sample(&all, '3', &g, 9);
    let seven = clear_sample(&all, '7', &g, 9);
    // Setting off: the value, no glyph.
    let mut off = g.clone();
    off.write_opts(0, 1, &three, PenOptions::default(), 0).unwrap();
    assert!(!glyphs(&off)[1]);
    // On: the glyph, in the view as JSON too (flat integer lists per stroke).
    g.write_opts(0, 1, &three, KEEP, 0).unwrap();
    assert!(glyphs(&g)[1]);
    let view = serde_json::to_value(g.view(0)).unwrap();
    let strokes = view["cells"][1]["glyph"].as_array().expect("a glyph in the view");
    assert!(!strokes.is_empty() && strokes.iter().all(|s| s.as_array().is_some_and(|s| s.len() % 2 == 0 && s.iter().all(|v| v.as_u64().is_some_and(|v| v <= 1000)))));
    assert!(view["cells"][2].get("glyph").is_none(), "no glyph, no field");
    // A second pen write replaces it; undo brings the first back; redo the second.
    g.write_opts(0, 1, &seven, KEEP, 0).unwrap();
    let second = serde_json::to_value(g.view(0)).unwrap()["cells"][1]["glyph"].clone();
    assert_ne!(second, view["cells"][1]["glyph"]);
    g.undo(0).unwrap();
    assert_eq!(serde_json::to_value(g.view(0)).unwrap()["cells"][1]["glyph"], view["cells"][1]["glyph"]);
    g.redo(0).unwrap();
    assert_eq!(serde_json::to_value(g.view(0)).unwrap()["cells"][1]["glyph"], second);
    // Typed, cleared, hinted, solved: no handwriting. Undo of the typed value: the glyph again.
    act(&mut g, json!({"type": "set_value", "row": 0, "col": 1, "value": 2}));
    assert!(!glyphs(&g)[1]);
    g.undo(0).unwrap();
    assert!(glyphs(&g)[1]);
    act(&mut g, json!({"type": "clear", "row": 0, "col": 1}));
    assert!(!glyphs(&g)[1]);
    g.write_opts(0, 2, &into_cell(&all.iter().find(|s| s.label_char() == Some('3')).unwrap().strokes, 9, 0, 2), KEEP, 0).unwrap();
    assert!(glyphs(&g)[2]);
    act(&mut g, json!({"type": "clear_cells", "cells": [[0, 2]]}));
    assert!(!glyphs(&g)[2], "the eraser takes the glyph with the value");
    act(&mut g, json!({"type": "apply_hint", "row": 0, "col": 1, "value": 2}));
    act(&mut g, json!({"type": "solve"}));
    assert!(glyphs(&g).iter().all(|&b| !b));
    g.undo(0).unwrap();
    g.undo(0).unwrap();
    g.undo(0).unwrap();
    assert!(glyphs(&g)[2], "undoing the eraser brings the glyph back");
}

#[test]
fn kenken_keeps_glyphs_too_and_saves_round_trip_them() {
    let all = samples();
    let gen = inkdoku::kenken::generator::generate(4, inkdoku::kenken::rate::Difficulty::Easy, 5).unwrap();
    let info = KenkenInfo { solution: Some(gen.solution.clone()), ..KenkenInfo::default() };
    let mut g = GameInPlay::Kenken(KenkenSession::from_game(KenkenGame::new(gen.puzzle.clone())), info);
    let plain = to_bytes(&g, 0).unwrap();
    let two = clear_sample(&all, '2', &g, 4);
    g.write_opts(0, 1, &two, KEEP, 0).unwrap();
    assert!(glyphs(&g)[1]);
    act(&mut g, json!({"type": "set_value", "row": 1, "col": 1, "value": 3}));
    g.undo(0).unwrap();
    let bytes = to_bytes(&g, 7).unwrap();
    let text = String::from_utf8(bytes.clone()).unwrap();
    assert!(text.contains("\"version\":2") && text.contains("\"glyph\":[["), "{text}");
    assert!(String::from_utf8(plain).unwrap().contains("\"version\":1"), "no glyph: still version 1");
    let back = from_bytes(&bytes).unwrap().game;
    assert_eq!(back, g, "save then load is the identity, glyphs included");
    assert_eq!(to_bytes(&back, 7).unwrap(), bytes);
    assert!(glyphs(&back)[1]);
}

#[test]
fn sudoku_saves_round_trip_glyphs_in_format_2_and_refuse_them_in_format_1() {
    let all = samples();
    let mut g = sudoku();
    for (k, col) in [1, 2, 5, 6].into_iter().enumerate() {
        let s = all.iter().filter(|s| s.label_char().is_some_and(|c| c.is_ascii_digit())).nth(k * 7).unwrap();
        g.write_opts(0, col, &into_cell(&s.strokes, 9, 0, col), KEEP, 0).unwrap();
    }
    g.undo(0).unwrap();
    let bytes = to_bytes(&g, 1).unwrap();
    let back = from_bytes(&bytes).unwrap().game;
    assert_eq!(back, g);
    assert_eq!(serde_json::to_value(back.view(0)).unwrap(), serde_json::to_value(g.view(0)).unwrap(), "a resumed game looks the same");
    let text = String::from_utf8(bytes).unwrap();
    let old = text.replace("\"version\":2", "\"version\":1");
    assert!(matches!(from_bytes(old.as_bytes()), Err(LoadError::Structure { .. })));
    let broken = text.replacen("\"glyph\":[[", "\"glyph\":[[1001,", 1);
    assert!(from_bytes(broken.as_bytes()).is_err(), "a glyph out of its box is refused");
}

/// Glyph sizes over 300 real digits and letters: bounded and small (the figure is in
/// docs/save-format.md).
#[test]
fn glyphs_of_real_ink_are_small() {
    let all = samples();
    let mut sizes = Vec::new();
    for s in all.iter().step_by(25).take(300) {
        let g = inkdoku::session::glyph::Glyph::tidy(&s.strokes).expect("real ink makes a glyph");
        assert!(g.points() <= MAX_GLYPH_POINTS);
        sizes.push(serde_json::to_string(&g).unwrap().len());
    }
    sizes.sort_unstable();
    let mean = sizes.iter().sum::<usize>() as f64 / sizes.len() as f64;
    eprintln!("glyph JSON bytes over {} samples: mean {mean:.0}, median {}, max {}", sizes.len(), sizes[sizes.len() / 2], sizes[sizes.len() - 1]);
    assert!(mean < 300.0 && sizes[sizes.len() - 1] < 1200, "mean {mean}, max {}", sizes[sizes.len() - 1]);
}

/// A real sample whose ink is read with a plausible runner-up, that runner-up, and a digit the
/// ink is not (both legal in 9x9).
fn ambiguous(all: &[Sample], g: &GameInPlay) -> (Vec<Stroke>, PenWrite, char, char) {
    for s in all.iter().filter(|s| s.label_char().is_some_and(|c| ('1'..='9').contains(&c))) {
        let ink = into_cell(&s.strokes, 9, 0, 1);
        let w = g.clone().write_opts(0, 1, &ink, PenOptions::default(), 0).unwrap();
        let Some(&(runner, p)) = w.readings.get(1) else { continue };
        if p < MIN_PROBABILITY || runner == '1' {
            continue;
        }
        let Some(other) = ('2'..='9').find(|c| w.readings.iter().all(|r| r.0 != *c || r.1 < MIN_PROBABILITY)) else { continue };
        return (ink, w, runner, other);
    }
    panic!("no ambiguous sample")
}

fn value(c: char) -> u8 {
    symbol_value(c).unwrap()
}

/// What the shell tells the lesson rule of the game.
fn moves(g: &GameInPlay) -> Moves {
    Moves { steps: g.history_len(), last_value_change: g.last_value_change() }
}

/// The shell's sequence: report the change, then the write.
fn pen(g: &mut GameInPlay, o: &mut Overwrites, ink: &[Stroke], now: u64) -> Option<Lesson> {
    let w = g.write_opts(0, 1, ink, PenOptions::default(), now).unwrap();
    let lesson = o.changed(moves(g), now);
    o.wrote(moves(g), 0, 1, &w, ink, now);
    lesson
}

fn typed(g: &mut GameInPlay, o: &mut Overwrites, row: usize, col: usize, v: u8, now: u64) -> Option<Lesson> {
    g.act(json!({"type": "set_value", "row": row, "col": col, "value": v}), now).unwrap();
    o.changed(moves(g), now)
}

#[test]
fn an_overwrite_with_a_plausible_reading_soon_after_teaches_it() {
    let all = samples();
    let g0 = sudoku();
    let (ink, _, runner, other) = ambiguous(&all, &g0);
    // By keyboard or number pad.
    let (mut g, mut o) = (g0.clone(), Overwrites::default());
    assert_eq!(pen(&mut g, &mut o, &ink, 1_000), None);
    g.pause(1_500);
    assert_eq!(o.changed(moves(&g), 1_500), None, "the clock is no move: still watching");
    assert_eq!(typed(&mut g, &mut o, 0, 1, value(runner), 5_000), Some(Lesson { symbol: runner, strokes: ink.clone() }));
    assert_eq!(typed(&mut g, &mut o, 0, 1, value(other), 6_000), None, "one lesson per write");
    // By writing it again, clearly.
    let (mut g, mut o) = (g0.clone(), Overwrites::default());
    pen(&mut g, &mut o, &ink, 1_000);
    let again = clear_sample(&all, runner, &g0, 9);
    assert_eq!(pen(&mut g, &mut o, &again, 4_000), Some(Lesson { symbol: runner, strokes: ink.clone() }));
    // Inside the window, just.
    let (mut g, mut o) = (g0.clone(), Overwrites::default());
    pen(&mut g, &mut o, &ink, 1_000);
    assert!(typed(&mut g, &mut o, 0, 1, value(runner), 1_000 + WINDOW_MS).is_some());
}

#[test]
fn nothing_is_learnt_from_another_cell_too_late_an_implausible_symbol_a_move_or_an_undo_between() {
    let all = samples();
    let g0 = sudoku();
    let (ink, _, runner, other) = ambiguous(&all, &g0);
    let r = value(runner);
    let fresh = || {
        let (mut g, mut o) = (g0.clone(), Overwrites::default());
        pen(&mut g, &mut o, &ink, 1_000);
        (g, o)
    };
    let (mut g, mut o) = fresh();
    assert_eq!(typed(&mut g, &mut o, 0, 2, r, 2_000), None, "another cell");
    let (mut g, mut o) = fresh();
    assert_eq!(typed(&mut g, &mut o, 0, 1, r, 1_001 + WINDOW_MS), None, "too late");
    let (mut g, mut o) = fresh();
    assert_eq!(typed(&mut g, &mut o, 0, 1, value(other), 2_000), None, "a change of mind");
    let (mut g, mut o) = fresh();
    typed(&mut g, &mut o, 0, 5, 6, 2_000);
    assert_eq!(typed(&mut g, &mut o, 0, 1, r, 3_000), None, "a move in between");
    let (mut g, mut o) = fresh();
    g.act(json!({"type": "set_value", "row": 0, "col": 5, "value": 6}), 2_000).unwrap();
    assert_eq!(typed(&mut g, &mut o, 0, 1, r, 3_000), None, "a move in between, even unreported");
    let (mut g, mut o) = fresh();
    g.undo(2_000).unwrap();
    assert_eq!(o.changed(moves(&g), 2_000), None);
    assert_eq!(typed(&mut g, &mut o, 0, 1, r, 3_000), None, "an undo in between");
    let (mut g, mut o) = fresh();
    g.undo(2_000).unwrap();
    assert_eq!(typed(&mut g, &mut o, 0, 1, r, 3_000), None, "an undo in between, even unreported");
    let (mut g, mut o) = fresh();
    o.forget();
    g.undo(2_000).unwrap();
    g.redo(2_100).unwrap();
    assert_eq!(typed(&mut g, &mut o, 0, 1, r, 3_000), None, "undo and redo in between (the shell forgets)");
    let (mut g, mut o) = fresh();
    g.act(json!({"type": "apply_hint", "row": 0, "col": 1, "value": 2}), 2_000).unwrap();
    assert_eq!(o.changed(moves(&g), 2_000), None, "a hint is the computer's, not a correction");
}

#[test]
fn choosing_an_alternative_keeps_the_ink_with_the_new_symbol() {
    let all = samples();
    let g0 = sudoku();
    // The first real sample the recogniser is unsure of.
    let (ink, alt) = all
        .iter()
        .filter(|s| s.label_char().is_some_and(|c| ('1'..='9').contains(&c)))
        .find_map(|s| {
            let ink = into_cell(&s.strokes, 9, 0, 1);
            match g0.clone().write_opts(0, 1, &ink, KEEP, 0).ok()?.outcome {
                WriteOutcome::Symbol { unsure: true, alternatives, .. } => Some((ink, alternatives[0])),
                _ => None,
            }
        })
        .expect("an unsure sample");
    let mut g = g0.clone();
    g.write_opts(0, 1, &ink, KEEP, 0).unwrap();
    let glyph = serde_json::to_value(g.view(0)).unwrap()["cells"][1]["glyph"].clone();
    assert!(glyph.is_array());
    g.replace_guess(0, 1, alt, false, 0).unwrap();
    let v = serde_json::to_value(g.view(0)).unwrap();
    assert_eq!((v["cells"][1]["value"].as_u64(), &v["cells"][1]["glyph"]), (Some(value(alt) as u64), &glyph));
    g.undo(0).unwrap();
    assert!(!glyphs(&g)[1], "one undo empties the cell, ink and all");
}
