//! Every puzzle of the shared KenKen sets parses, has exactly one solution, and that solution
//! is the one recorded in the file and meets every cage.

mod common;

use inkdoku::kenken::{solver, Puzzle};

fn check_file(name: &str) -> usize {
    let text = common::read_shared(&format!("kenken/{name}"));
    let mut n = 0;
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let e = Puzzle::from_json(line).unwrap_or_else(|err| panic!("{name}:{}: {err}", i + 1));
        let s = solver::solutions(&e.puzzle, 2);
        assert_eq!(s.count, 1, "{name}:{}: {} solutions", i + 1, s.count);
        let sol = s.first.expect("a counted solution is kept");
        assert_eq!(e.puzzle.check(&sol), Ok(()), "{name}:{}", i + 1);
        assert_eq!(Some(&sol), e.solution.as_ref(), "{name}:{}: differs from the recorded solution", i + 1);
        n += 1;
    }
    n
}

#[test]
fn keen_set_all_unique() {
    assert_eq!(check_file("keen_sgt_generated.jsonl"), 674);
}

#[test]
fn arithmatrix_set_all_unique() {
    assert_eq!(check_file("arithmatrix.jsonl"), 3946);
}
