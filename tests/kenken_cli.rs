//! `inkdoku kenken ...`: outputs, and exit code 2 with a precise message on bad input.

mod common;

use common::run_cli as run;

const TEXT: &str = "# a 3x3 newspaper puzzle\nA B B\nA C C\nD D C\nA 2*\nB 3x\nC 6+\nD 1-\n";

#[test]
fn solve_text_and_json() {
    assert_eq!(run(&["kenken", "solve"], TEXT), (0, "213/132/321\n".into(), String::new()));
    let json = r#"{"size":3,"cages":[{"op":"+","target":18,"cells":[[0,0],[0,1],[0,2],[1,0],[1,1],[1,2],[2,0],[2,1],[2,2]]}]}"#;
    assert_eq!(run(&["kenken", "solve"], json).1, "multiple\n");
    assert_eq!(run(&["kenken", "solve", "--count", "--limit", "50"], json).1, "12\n");
    let pretty = "{\n \"size\": 3,\n \"cages\": [\n  {\"op\": \"*\", \"target\": 2, \"cells\": [[0,0],[1,0]]},\n  {\"op\": \"x\", \"target\": 3, \"cells\": [[0,1],[0,2]]},\n  {\"op\": \"+\", \"target\": 6, \"cells\": [[1,1],[1,2],[2,2]]},\n  {\"op\": \"-\", \"target\": 1, \"cells\": [[2,0],[2,1]]}\n ]\n}\n";
    assert_eq!(run(&["kenken", "solve"], pretty), (0, "213/132/321\n".into(), String::new()));
}

#[test]
fn bad_input_exit_2() {
    let (code, out, err) = run(&["kenken", "solve"], &TEXT.replace("D 1-\n", ""));
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("cage \"D\" has no rule line"), "{err}");
    let (code, _, err) = run(&["kenken", "rate"], r#"{"size":3,"cages":[{"op":"/","target":2,"cells":[[0,0]]}]}"#);
    assert_eq!(code, 2);
    assert!(err.contains("line 1: cage 1: a / cage must have exactly 2 cells, it has 1"), "{err}");
}

#[test]
fn generate_rate_hint() {
    let (code, out, _) = run(&["kenken", "generate", "--size", "6", "--difficulty", "hard", "--seed", "4", "--count", "2"], "");
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 2);
    assert_eq!(run(&["kenken", "rate"], &out).1, "hard\nhard\n");
    let first = out.lines().next().unwrap_or_default();
    let (code, hint, _) = run(&["kenken", "hint"], first);
    assert_eq!(code, 0);
    assert!(hint.contains("row ") && hint.trim_end().ends_with('.'), "{hint}");
}
