//! `inkdoku slide ...`: outputs, and exit code 2 with a precise message on bad input.

mod common;

use common::run_cli as run;

#[test]
fn shuffle_then_solve() {
    let (code, board, _) = run(&["slide", "shuffle", "--rows", "3", "--cols", "3", "--distance", "12", "--seed", "1"], "");
    assert_eq!(code, 0);
    let (code, out, _) = run(&["slide", "solve"], &board);
    assert_eq!(code, 0);
    assert!(out.starts_with("optimal 12 "), "{out}");
    let (code, board, _) = run(&["slide", "shuffle", "--rows", "4", "--cols", "6", "--difficulty", "hard", "--seed", "1"], "");
    assert_eq!(code, 0);
    let (code, out, _) = run(&["slide", "solve"], &board);
    assert_eq!(code, 0);
    assert!(out.starts_with("quick "), "{out}");
}

#[test]
fn hint_is_the_first_optimal_move() {
    // The gap moves right (R), so tile 7 slides left into it; 2 moves to go.
    let (code, out, _) = run(&["slide", "hint"], "1 2 3 4 5 6 0 7 8\n1 2 3 4 5 6 7 8 0\n");
    assert_eq!((code, out.as_str()), (0, "7 R 2\nsolved\n"));
}

#[test]
fn bad_boards_exit_2() {
    let (code, _, err) = run(&["slide", "solve"], "2 1 3 4 5 6 7 8 0\n");
    assert_eq!(code, 2);
    assert!(err.contains("line 1: unsolvable"), "{err}");
    let (code, _, err) = run(&["slide", "solve"], "1 2 3 4 5 6 7 8 0\n3x3: 1 2 3 4 5 6 7 8 8\n");
    assert_eq!(code, 2);
    assert!(err.contains("line 2: tile 8 appears twice"), "{err}");
}
