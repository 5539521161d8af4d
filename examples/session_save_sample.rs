//! Prints a small save file (4x4, a few moves) as compact JSON (pipe it through `jq .` to read it), as shown in docs/save-format.md.
//!
//! `cargo run --example session_save_sample`

use inkdoku::session::gridplay::GridMove;
use inkdoku::grid::Grid;
use inkdoku::play::GameInPlay;
use inkdoku::save;
use inkdoku::session::Point;
use inkdoku::sudoku::play::{Action, SudokuSession};

fn main() {
    let (Ok(puzzle), Ok(solution)) = (Grid::parse("12..3..22.....2."), Grid::parse("1234341221434321")) else {
        eprintln!("bad sample grid");
        return;
    };
    let mut s = match SudokuSession::new(puzzle, solution, "easy", Some(42)) {
        Ok(s) => s,
        Err(e) => return eprintln!("{e}"),
    };
    s.resume(1_764_400_000_000);
    let actions = [
        Action::Grid(GridMove::SetValue { row: 0, col: 2, value: 3 }),
        Action::Grid(GridMove::ToggleCandidate { row: 1, col: 1, value: 4 }),
        Action::Grid(GridMove::AddNote { stroke: vec![Point { x: 0.8, y: 0.1 }, Point { x: 0.85, y: 0.2 }] }),
        Action::ApplyHint { row: 0, col: 3, value: 4 },
    ];
    for a in actions {
        if let Err(e) = s.apply(a) {
            eprintln!("{e}");
        }
    }
    if let Err(e) = s.undo() {
        eprintln!("{e}");
    }
    let bytes = save::to_bytes(&GameInPlay::Sudoku(s), 1_764_400_000_000 + 95_000).unwrap_or_default();
    println!("{}", String::from_utf8_lossy(&bytes));
}
