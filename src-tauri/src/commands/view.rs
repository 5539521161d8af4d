//! What the view draws, as it crosses IPC.

use inkdoku::grid::Grid;
use serde::Serialize;

#[derive(Debug, Clone, Serialize)]
pub struct CellView {
    /// 0 = blank.
    pub value: u8,
    pub given: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct BoardView {
    pub size: u8,
    pub box_rows: u8,
    pub box_cols: u8,
    /// Row-major.
    pub cells: Vec<CellView>,
}

impl BoardView {
    pub fn of(puzzle: &Grid, entries: &Grid) -> BoardView {
        let shape = puzzle.shape();
        let cells = puzzle
            .values()
            .iter()
            .zip(entries.values())
            .map(|(&g, &e)| CellView { value: if g != 0 { g } else { e }, given: g != 0 })
            .collect();
        BoardView { size: shape.size, box_rows: shape.box_rows, box_cols: shape.box_cols, cells }
    }
}
