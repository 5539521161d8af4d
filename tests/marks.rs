//! Corner and centre marks and moves on many cells at once (#43 items 1 and 2), through the
//! game in play as the shell drives it (the view's JSON), for Sudoku and KenKen: marks toggle
//! over a selection as one undo step, a value hides them and they come back when it goes, the
//! pencil eraser and Delete rub them out a layer at a time, a tidy write takes its digit from
//! the peers' marks, and a game holding marks saves as format 4 and reads back the same.

mod common;

use inkdoku::grid::Shape;
use inkdoku::kenken::play::{KenkenGame, KenkenInfo, KenkenSession};
use inkdoku::play::GameInPlay;
use inkdoku::save::{from_bytes, to_bytes, LoadError, MARKS_VERSION};
use inkdoku::testkit::sample_session;
use rand::rngs::StdRng;
use rand::SeedableRng;
use serde_json::{json, Value};

/// A game, its side, and open cells (not givens) in its first row and elsewhere.
struct Case {
    game: GameInPlay,
    n: usize,
    /// A given cell, if the game has givens.
    given: Option<(usize, usize)>,
}

fn sudoku() -> Case {
    let s = sample_session(Shape::S9, 0.3, &mut StdRng::seed_from_u64(43));
    let g = s.game();
    let given = (0..81).find(|&i| g.givens().values()[i] != 0).map(|i| (i / 9, i % 9));
    Case { game: GameInPlay::Sudoku(s), n: 9, given }
}

/// A puzzle with one solution (hints need one).
fn classic() -> Case {
    let grid: inkdoku::grid::Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse().unwrap();
    let solution = inkdoku::sudoku::solver::solve(&grid).unwrap();
    let s = inkdoku::sudoku::SudokuSession::new(grid, solution, "easy", None).unwrap();
    Case { game: GameInPlay::Sudoku(s), n: 9, given: Some((0, 0)) }
}

fn kenken() -> Case {
    let g = &common::kenken_puzzles()[2];
    let n = g.puzzle.size();
    let info = KenkenInfo { solution: Some(g.solution.clone()), difficulty: Some("easy".into()), seed: Some(1) };
    Case { game: GameInPlay::Kenken(KenkenSession::from_game(KenkenGame::new(g.puzzle.clone())), info), n, given: None }
}

impl Case {
    /// Open cells: not givens.
    fn open(&self) -> Vec<(usize, usize)> {
        (0..self.n * self.n).map(|i| (i / self.n, i % self.n)).filter(|&c| Some(c) != self.given && self.cell(c)["given"] != json!(true)).collect()
    }

    fn act(&mut self, a: Value) -> bool {
        self.game.act(a.clone(), 0).unwrap_or_else(|e| panic!("{a}: {e:?}"))
    }

    fn view(&self) -> Value {
        serde_json::to_value(self.game.view(0)).unwrap()
    }

    fn cell(&self, (r, c): (usize, usize)) -> Value {
        self.view()["cells"][r * self.n + c].clone()
    }

    fn marks(&self, at: (usize, usize)) -> String {
        self.cell(at)["marks"].as_str().unwrap_or("").to_string()
    }

    fn undo(&mut self) {
        self.game.undo(0).unwrap();
    }

    fn redo(&mut self) {
        self.game.redo(0).unwrap();
    }
}

fn cells(cs: &[(usize, usize)]) -> Value {
    json!(cs.iter().map(|&(r, c)| [r, c]).collect::<Vec<_>>())
}

fn both() -> [Case; 2] {
    [sudoku(), kenken()]
}

#[test]
fn marks_toggle_over_a_selection_as_one_step() {
    for mut case in both() {
        let open = case.open();
        let (a, b, c) = (open[0], open[1], open[2]);
        // Corner marks keep the order written; centre marks read in order.
        assert!(case.act(json!({"type": "mark", "cells": cells(&[a]), "kind": "corner", "value": 3})));
        assert!(case.act(json!({"type": "mark", "cells": cells(&[a, b]), "kind": "corner", "value": 1})));
        assert!(case.act(json!({"type": "mark", "cells": cells(&[a]), "kind": "centre", "value": 2})));
        assert!(case.act(json!({"type": "mark", "cells": cells(&[a]), "kind": "centre", "value": 1})));
        assert_eq!((case.marks(a), case.marks(b)), ("31/12".to_string(), "1".to_string()));
        // A digit some of the selection lacks is added where missing; then one every cell has
        // goes from all, as one step.
        assert!(case.act(json!({"type": "mark", "cells": cells(&[a, b, c]), "kind": "corner", "value": 1})));
        assert_eq!(case.marks(c), "1");
        assert!(case.act(json!({"type": "mark", "cells": cells(&[a, b, c]), "kind": "corner", "value": 1})));
        assert_eq!((case.marks(a), case.marks(b), case.marks(c)), ("3/12".to_string(), String::new(), String::new()));
        case.undo();
        assert_eq!((case.marks(a), case.marks(b), case.marks(c)), ("31/12".to_string(), "1".to_string(), "1".to_string()), "one undo step for the whole selection");
        case.redo();
        assert_eq!(case.marks(b), "");
        // A bad digit or cell is refused and changes nothing.
        let before = case.view();
        assert!(case.game.act(json!({"type": "mark", "cells": cells(&[a]), "kind": "corner", "value": case.n + 1}), 0).is_err());
        assert!(case.game.act(json!({"type": "mark", "cells": cells(&[(case.n, 0)]), "kind": "centre", "value": 1}), 0).is_err());
        assert!(case.game.act(json!({"type": "mark", "cells": cells(&[a]), "kind": "side", "value": 1}), 0).is_err());
        assert_eq!(case.view(), before);
        // Typed candidate slots toggle over a selection the same way.
        assert!(case.act(json!({"type": "mark", "cells": cells(&[b, c]), "kind": "candidate", "value": 2})));
        assert_eq!((case.cell(b)["candidates"].clone(), case.cell(c)["candidates"].clone(), case.marks(b)), (json!(2), json!(2), String::new()));
        assert!(case.act(json!({"type": "mark", "cells": cells(&[b, c]), "kind": "candidate", "value": 2})));
        assert_eq!(case.cell(b)["candidates"], json!(0));
        // Givens take no marks (the rest of the selection does).
        if let Some(g) = case.given {
            assert!(case.act(json!({"type": "mark", "cells": cells(&[g, c]), "kind": "centre", "value": 4})));
            assert_eq!((case.marks(g), case.marks(c)), (String::new(), "/4".to_string()));
            assert!(!case.act(json!({"type": "mark", "cells": cells(&[g]), "kind": "centre", "value": 4})), "nothing to mark: no step");
        }
    }
}

#[test]
fn a_value_hides_the_marks_and_they_come_back_when_it_goes() {
    for mut case in both() {
        let open = case.open();
        let a = open[0];
        case.act(json!({"type": "mark", "cells": cells(&[a]), "kind": "corner", "value": 2}));
        case.act(json!({"type": "toggle_candidate", "row": a.0, "col": a.1, "value": 4}));
        case.act(json!({"type": "set_value", "row": a.0, "col": a.1, "value": 5}));
        let v = case.cell(a);
        assert_eq!((v["value"].clone(), v["candidates"].clone()), (json!(5), json!(0)), "a value takes the typed candidates, as before");
        assert_eq!(case.marks(a), "2", "the marks stay under the value (the view hides them)");
        assert!(!case.act(json!({"type": "mark", "cells": cells(&[a]), "kind": "corner", "value": 3})), "no marks go in a filled cell");
        // Delete takes the value first; the marks show again; a second Delete takes them.
        case.act(json!({"type": "clear", "row": a.0, "col": a.1}));
        assert_eq!((case.cell(a)["value"].clone(), case.marks(a)), (json!(0), "2".to_string()));
        case.act(json!({"type": "clear", "row": a.0, "col": a.1}));
        assert_eq!(case.marks(a), "");
        case.undo();
        assert_eq!(case.marks(a), "2");
    }
}

#[test]
fn delete_on_a_selection_goes_a_layer_at_a_time_and_the_pencil_eraser_rubs_marks() {
    for mut case in both() {
        let open = case.open();
        let (a, b, c) = (open[0], open[1], open[2]);
        case.act(json!({"type": "set_colour", "cells": cells(&[a, b, c]), "colour": 2}));
        case.act(json!({"type": "mark", "cells": cells(&[a, b]), "kind": "centre", "value": 1}));
        case.act(json!({"type": "set_values", "cells": cells(&[c]), "value": 3}));
        let sel = cells(&[a, b, c]);
        assert!(case.act(json!({"type": "delete_cells", "cells": sel})));
        assert_eq!((case.cell(c)["value"].clone(), case.marks(a)), (json!(0), "/1".to_string()), "values first");
        assert!(case.act(json!({"type": "delete_cells", "cells": sel})));
        assert_eq!((case.marks(a), case.marks(b), case.cell(a)["colour"].clone()), (String::new(), String::new(), json!(2)), "then marks");
        assert!(case.act(json!({"type": "delete_cells", "cells": sel})));
        assert_eq!(case.cell(a)["colour"], json!(0), "then colours");
        assert!(!case.act(json!({"type": "delete_cells", "cells": sel})), "nothing left: no step");
        // The pencil eraser rubs the marks of empty cells only.
        case.act(json!({"type": "mark", "cells": cells(&[a, b]), "kind": "corner", "value": 4}));
        case.act(json!({"type": "set_value", "row": b.0, "col": b.1, "value": 1}));
        assert!(case.act(json!({"type": "remove_notes", "ids": [], "cells": cells(&[a, b])})));
        assert_eq!((case.marks(a), case.marks(b)), (String::new(), "4".to_string()));
    }
}

#[test]
fn a_value_on_many_cells_is_one_step_and_a_tidy_one_clears_the_peers_marks() {
    for mut case in both() {
        let n = case.n;
        let open = case.open();
        // Row 0's open cells: mark 1 in all of them (every kind), then write 1 tidily elsewhere
        // in row 0.
        let row0: Vec<(usize, usize)> = open.iter().copied().filter(|&(r, _)| r == 0).collect();
        let (w, rest) = (row0[0], &row0[1..]);
        let far = *open.iter().find(|&&(r, c)| r > 0 && c != w.1 && (n != 9 || r / 3 != 0 || c / 3 != w.1 / 3) && !row0.contains(&(r, c))).unwrap();
        let marked: Vec<(usize, usize)> = rest.iter().copied().chain([far]).collect();
        case.act(json!({"type": "mark", "cells": cells(&marked), "kind": "corner", "value": 1}));
        case.act(json!({"type": "mark", "cells": cells(&marked), "kind": "centre", "value": 1}));
        for &(r, c) in &marked {
            case.act(json!({"type": "toggle_candidate", "row": r, "col": c, "value": 1}));
        }
        assert!(case.act(json!({"type": "set_values", "cells": cells(&[w]), "value": 1, "tidy": true})));
        for &at in rest {
            assert_eq!((case.marks(at), case.cell(at)["candidates"].clone()), (String::new(), json!(0)), "{at:?}: a peer loses the digit");
        }
        assert_eq!((case.marks(far), case.cell(far)["candidates"].clone()), ("1/1".to_string(), json!(1)), "a cell that is no peer keeps it");
        case.undo();
        assert_eq!(case.marks(rest[0]), "1/1", "one undo brings back the value and every mark it took");
        // Without tidy, the marks stay; a value on several cells (givens skipped) is one step.
        let mut sel = vec![w, far];
        sel.extend(case.given);
        assert!(case.act(json!({"type": "set_values", "cells": cells(&sel), "value": 2})));
        assert_eq!((case.cell(w)["value"].clone(), case.cell(far)["value"].clone(), case.marks(rest[0])), (json!(2), json!(2), "1/1".to_string()));
        case.undo();
        assert_eq!((case.cell(w)["value"].clone(), case.cell(far)["value"].clone()), (json!(0), json!(0)));
    }
}

#[test]
fn a_game_with_marks_saves_as_format_4_and_reads_back_the_same() {
    for mut case in both() {
        let before = to_bytes(&case.game, 1).unwrap();
        let version = |b: &[u8]| serde_json::from_slice::<Value>(b).unwrap()["version"].as_u64().unwrap();
        assert!(version(&before) < MARKS_VERSION as u64, "a game without marks keeps its older format");
        let open = case.open();
        case.act(json!({"type": "mark", "cells": cells(&open[..3]), "kind": "corner", "value": 2}));
        case.act(json!({"type": "mark", "cells": cells(&open[1..2]), "kind": "centre", "value": 3}));
        case.act(json!({"type": "mark", "cells": cells(&open[..1]), "kind": "corner", "value": 2}));
        case.undo();
        let bytes = to_bytes(&case.game, 2).unwrap();
        assert_eq!(version(&bytes), MARKS_VERSION as u64);
        let back = from_bytes(&bytes).unwrap().game;
        assert_eq!(serde_json::to_value(back.view(0)).unwrap(), case.view());
        assert_eq!(to_bytes(&back, 2).unwrap(), bytes, "save∘load is the identity");
        // The same marks in a file that claims an older version are damage, not data.
        let mut old: Value = serde_json::from_slice(&bytes).unwrap();
        old["version"] = json!(MARKS_VERSION - 1);
        assert!(matches!(from_bytes(&serde_json::to_vec(&old).unwrap()), Err(LoadError::Structure { .. })));
        // A mark that is not a digit of the board is refused, never a panic.
        let text = String::from_utf8(bytes.clone()).unwrap().replacen("\"2\"", "\"Z\"", 1);
        assert!(from_bytes(text.as_bytes()).is_err());
    }
}

/// An empty Sudoku cell, its solution value, and another cell of its box where the value does
/// not go.
fn sudoku_cell(case: &Case) -> ((usize, usize), u8, (usize, usize)) {
    let GameInPlay::Sudoku(s) = &case.game else { unreachable!() };
    let g = s.game();
    let sol = g.solution().values().to_vec();
    let i = (0..81).find(|&i| g.entries()[i] == 0 && g.givens().values()[i] == 0).unwrap();
    let (r, c) = (i / 9, i % 9);
    let other = (0..81)
        .find(|&j| j != i && j / 27 == i / 27 && (j % 9) / 3 == c / 3 && g.givens().values()[j] == 0 && sol[j] != sol[i])
        .unwrap();
    ((r, c), sol[i], (other / 9, other % 9))
}

#[test]
fn hints_and_show_incorrect_respect_the_marks() {
    let mut case = classic();
    let (at, right, other) = sudoku_cell(&case);
    let wrong = right % 9 + 1;
    // A centre list that leaves out the cell's number: flagged, and the hint says so and puts it
    // back in the centre marks (not the slots).
    case.act(json!({"type": "mark", "cells": cells(&[at]), "kind": "centre", "value": wrong}));
    assert_eq!(case.cell(at)["marks_wrong"], json!(true));
    let hint = case.game.advice().unwrap();
    assert_eq!((hint.id, hint.place.map(|p| (p.row, p.col, p.value))), ("missing_candidate", Some((at.0, at.1, right))));
    assert!(case.act(hint.apply.clone().unwrap()));
    assert_eq!(case.marks(at), format!("/{}", if right < wrong { format!("{right}{wrong}") } else { format!("{wrong}{right}") }));
    assert!(case.cell(at)["marks_wrong"].is_null(), "the list holds the number now");
    // A corner mark of the right number only in a cell where it does not go in that box.
    case.act(json!({"type": "delete_cells", "cells": cells(&[at])}));
    case.act(json!({"type": "mark", "cells": cells(&[other]), "kind": "corner", "value": right}));
    assert_eq!(case.cell(other)["marks_wrong"], json!(true));
    let hint = case.game.advice().unwrap();
    assert_eq!(hint.id, "wrong_corner_mark");
    assert_eq!(hint.eliminate.iter().map(|c| (c.row, c.col, c.value)).collect::<Vec<_>>(), vec![(other.0, other.1, right)]);
    assert!(hint.explanation.contains("goes elsewhere"), "{}", hint.explanation);
    // Marked where it goes too: a right Snyder pair, no longer flagged.
    case.act(json!({"type": "mark", "cells": cells(&[at]), "kind": "corner", "value": right}));
    assert!(case.cell(other)["marks_wrong"].is_null());
    assert_ne!(case.game.advice().unwrap().id, "wrong_corner_mark");
    // Applying the wrong-mark hint takes the mark away.
    case.act(json!({"type": "mark", "cells": cells(&[at]), "kind": "corner", "value": right}));
    let hint = case.game.advice().unwrap();
    assert!(case.act(hint.apply.clone().unwrap()));
    assert_eq!(case.marks(other), "");
}

#[test]
fn a_solver_step_takes_its_eliminations_and_placements_from_the_marks_too() {
    let mut case = classic();
    // Centre-mark every empty cell with every digit, then let the computer step until a step
    // places or eliminates: the digits it rules out go from the centre marks as from the slots.
    let open = case.open();
    for v in 1..=9 {
        case.act(json!({"type": "mark", "cells": cells(&open), "kind": "centre", "value": v}));
    }
    let before = case.view();
    let advice = case.game.solve_step(0).unwrap();
    let after = case.view();
    let n = 9;
    assert!(advice.place.is_some() || !advice.eliminate.is_empty(), "a step that does something");
    for p in advice.place.iter() {
        // Each peer of the placed cell loses the digit from its marks.
        for &(r, c) in open.iter().filter(|&&(r, c)| (r, c) != (p.row, p.col) && (r == p.row || c == p.col || (r / 3 == p.row / 3 && c / 3 == p.col / 3))) {
            let m = after["cells"][r * n + c]["marks"].as_str().unwrap_or("");
            assert!(!m.contains(&p.value.to_string()), "r{r}c{c} still marks {} ({m})", p.value);
        }
    }
    for e in &advice.eliminate {
        let m = after["cells"][e.row * n + e.col]["marks"].as_str().unwrap_or("");
        assert!(!m.contains(&e.value.to_string()), "r{}c{} still marks {}", e.row, e.col, e.value);
    }
    assert_ne!(before, after);
    case.undo();
    assert_eq!(case.view()["cells"], before["cells"], "one undo step");
}
