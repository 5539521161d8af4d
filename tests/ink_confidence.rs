//! "Not sure" and adaptation on real ink from the held-out writers: the confidence output's
//! figures on the whole test set, an unsure guess replaced by an alternative in one undo step,
//! and adaptation to one writer.

mod common;

use inkdoku::grid::Grid;
use inkdoku::ink::adapt::{first_per_symbol, Adapter};
use inkdoku::ink::{self, model, parse_jsonl, parse_symbol_set, Recognition, Sample, Stroke};
use inkdoku::pen::{self, WriteOutcome};
use inkdoku::session::Session;
use inkdoku::sudoku::play::SudokuGame;

fn test_samples() -> Vec<Sample> {
    parse_jsonl(&common::read_shared("ink/test.jsonl")).expect("test.jsonl parses")
}

#[test]
fn unsure_flags_almost_every_error_and_few_answers() {
    // The goal on the held-out writers: at most 0.2% wrong and not flagged, at most 2%
    // flagged (a rejection counts as flagged: it is never written silently). Met for 1-4, 1-6
    // and 1-9; not for 1-9 + A-G (docs/benchmarks.md), which is held to what it reaches.
    let all = test_samples();
    for (set, max_silent, max_flagged) in [("1-4", 0.002, 0.02), ("1-6", 0.002, 0.02), ("1-9", 0.002, 0.02), ("1-9A-G", 0.0045, 0.04)] {
        let legal = parse_symbol_set(set).unwrap();
        let (mut n, mut flagged, mut silent) = (0usize, 0usize, 0usize);
        for s in &all {
            let Some(label) = s.label_char().filter(|c| legal.contains(c)) else { continue };
            let r = ink::recognize(&s.strokes, &legal).unwrap();
            n += 1;
            flagged += r.is_unsure() as usize;
            silent += (!r.is_unsure() && r.best().map(|b| b.0) != Some(label)) as usize;
        }
        let (f, w) = (flagged as f64 / n as f64, silent as f64 / n as f64);
        assert!(n > 2500, "{set}");
        assert!(w <= max_silent, "{set}: wrong and not flagged {w:.4} ({silent}/{n})");
        assert!(f <= max_flagged, "{set}: flagged {f:.4} ({flagged}/{n})");
    }
}

fn puzzle() -> Session<SudokuGame> {
    let puzzle = "1..45.....5.7.......9.2.4.62....7...5..89.23..9.2.4....4.67.9.2..8....4.912......";
    let solution = "123456789456789123789123456234567891567891234891234567345678912678912345912345678";
    let g = SudokuGame::new(Grid::parse(puzzle).unwrap(), Grid::parse(solution).unwrap(), "medium", None).unwrap();
    Session::from_game(g)
}

/// `strokes` scaled into cell (row, col) of a 9x9 board (board coordinates 0..1), 70% of it.
fn into_cell(strokes: &[Stroke], row: usize, col: usize) -> Vec<Stroke> {
    let [x0, y0, x1, y1] = ink::strokes_bounds(strokes).map(|v| v as f32);
    let k = 0.7 / 9.0 / (x1 - x0).max(y1 - y0).max(1e-6);
    let (cx, cy) = ((col as f32 + 0.5) / 9.0, (row as f32 + 0.5) / 9.0);
    strokes
        .iter()
        .map(|s| {
            Stroke::new(
                s.points
                    .iter()
                    .map(|p| ink::Point::new(cx + (p.x - (x0 + x1) / 2.0) * k, cy + (p.y - (y0 + y1) / 2.0) * k))
                    .collect(),
            )
        })
        .collect()
}

#[test]
fn an_unsure_guess_is_replaced_in_the_same_undo_step() {
    let legal = parse_symbol_set("1-9").unwrap();
    let all = test_samples();
    // The first real test sample the recogniser is unsure of, among 1-9.
    let unsure = all
        .iter()
        .find(|s| {
            s.label_char().is_some_and(|c| legal.contains(&c))
                && ink::recognize(&s.strokes, &legal).map(|r| r.best().is_some() && r.is_unsure()).unwrap_or(false)
        })
        .expect("some test sample is unsure");
    let mut s = puzzle();
    // r1c2 is empty in this puzzle.
    let ink = into_cell(&unsure.strokes, 0, 1);
    let out = pen::write(&mut s, 0, 1, &ink).unwrap();
    let WriteOutcome::Symbol { symbol, unsure: true, alternatives, .. } = out else { panic!("{out:?}") };
    assert!(!alternatives.is_empty() && alternatives.len() <= pen::MAX_ALTERNATIVES);
    assert!(!alternatives.contains(&symbol));
    let json = serde_json::to_value(WriteOutcome::Symbol { symbol, confidence: 0.5, unsure: true, alternatives: alternatives.clone() }).unwrap();
    assert_eq!(json["unsure"], true);
    assert_eq!(json["alternatives"].as_array().map(|a| a.len()), Some(alternatives.len()));
    let steps = s.history().done().len();
    let alt = alternatives[0];
    pen::replace_guess(&mut s, 0, 1, alt, false).unwrap();
    assert_eq!(s.history().done().len(), steps, "still one step for the cell");
    assert_eq!(s.game().entries()[1], alt.to_digit(10).unwrap() as u8);
    s.undo().unwrap();
    assert_eq!(s.game().entries()[1], 0, "one undo brings back the empty cell");
    assert!(!s.can_undo());
    // A symbol the board does not use is refused, and nothing changes.
    let mut t = puzzle();
    pen::write(&mut t, 0, 1, &ink).unwrap();
    let before = t.game().clone();
    assert!(pen::replace_guess(&mut t, 0, 1, 'G', false).is_err());
    assert_eq!(t.game(), &before);
}

#[test]
fn adapting_to_each_writer_helps_overall_and_makes_no_writer_worse() {
    // As `inkdoku recognize --adapt 3` measures it (issue #15): every test writer's first 3
    // samples of each digit adapt, their other samples are scored without and with it. Fewer
    // errors in all, and no writer with more errors than before.
    let legal = parse_symbol_set("1-9").unwrap();
    let m = model::embedded().unwrap();
    let all = test_samples();
    let mut by_writer: std::collections::BTreeMap<&str, Vec<&Sample>> = Default::default();
    for s in all.iter().filter(|s| s.label_char().is_some_and(|c| legal.contains(&c))) {
        by_writer.entry(s.writer.as_deref().unwrap_or("")).or_default().push(s);
    }
    let errors = |list: &[&Sample], a: Option<&Adapter>| {
        list.iter()
            .filter(|s| ink::rank_with(m, a, &s.strokes, &legal).ok().flatten().map(|r| r[0].0) != s.label_char())
            .count()
    };
    let (mut total_before, mut total_after, mut worse) = (0, 0, Vec::new());
    for (w, list) in &by_writer {
        let (calib, rest) = first_per_symbol(list.iter().copied(), 3, |s| s.label_char().unwrap_or('?'));
        if rest.is_empty() {
            continue;
        }
        let a = Adapter::new(m, calib.iter().map(|s| (s.label_char().unwrap_or('?'), s.strokes.as_slice())));
        let (before, after) = (errors(&rest, None), errors(&rest, Some(&a)));
        total_before += before;
        total_after += after;
        if after > before {
            worse.push(format!("{w}: {before} -> {after}"));
        }
        // Recognition with the adapter still answers in the legal set and may be unsure.
        let r = ink::recognize_with(m, Some(&a), &rest[0].strokes, &legal).unwrap();
        assert!(matches!(r, Recognition::Symbol { .. } | Recognition::Rejected { .. }));
    }
    assert!(total_before > 0);
    assert!(total_after < total_before, "{total_before} errors before adapting, {total_after} after");
    assert!(worse.is_empty(), "writers worse after adapting: {worse:?}");
}
