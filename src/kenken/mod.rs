//! KenKen: a Latin square split into cages, each with a target and an operation.
//!
//! Like the Sudoku engine, the game is a set of pure functions over plain data:
//! [`Puzzle::from_json`] / [`Puzzle::to_json`] (the format of `shared/data/kenken/*.jsonl`,
//! documented in `docs/kenken.md`), [`solver`] (counting solutions up to a limit), [`rate`]
//! (difficulty from the deductions needed), [`generator`] and [`hint`]. [`play`] plugs the
//! game into the shared [`crate::session::Session`] for undo/redo and the timer.

pub mod bank;
pub mod code;
pub mod entry;
pub mod generator;
pub mod hint;
pub mod rate;
pub mod def;
pub mod play;
/// Its save record (the shared envelope and checks are `crate::save`'s).
pub(crate) mod save;
/// Its test hooks (`testkit::TestHooks`): a sample game and random moves.
#[cfg(any(test, feature = "testkit"))]
pub mod testkit;
pub mod solver;

use serde::{Deserialize, Serialize};

/// Smallest and largest board sizes.
pub const MIN_SIZE: usize = 3;
pub const MAX_SIZE: usize = 9;
/// Largest cage accepted: cage enumeration is exponential in its size, and no published
/// puzzle we know comes close (the shared sets stop at 6).
pub const MAX_CAGE_CELLS: usize = 12;

/// A cage's operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Op {
    Add,
    /// Absolute difference of exactly two cells.
    Sub,
    Mul,
    /// Quotient (larger / smaller) of exactly two cells.
    Div,
    /// A one-cell cage whose value is given.
    Given,
}

impl Op {
    /// The symbol used in the JSON format.
    pub fn symbol(self) -> &'static str {
        match self {
            Op::Add => "+",
            Op::Sub => "-",
            Op::Mul => "*",
            Op::Div => "/",
            Op::Given => "=",
        }
    }

    /// Accepts the format's symbols plus the spellings newspapers use (`x`, `×`, `÷`, `−`).
    pub fn parse(s: &str) -> Option<Op> {
        Some(match s.trim() {
            "+" => Op::Add,
            "-" | "−" => Op::Sub,
            "*" | "x" | "X" | "×" => Op::Mul,
            "/" | "÷" => Op::Div,
            "=" | "" => Op::Given,
            _ => return None,
        })
    }

    /// Whether `values` (in any order) meet `target` under this operation.
    pub fn holds(self, target: u64, values: &[u8]) -> bool {
        match (self, values) {
            (Op::Add, _) => values.iter().map(|&v| v as u64).sum::<u64>() == target,
            (Op::Mul, _) => values.iter().map(|&v| v as u64).product::<u64>() == target,
            (Op::Sub, [a, b]) => (*a as i64 - *b as i64).unsigned_abs() == target,
            (Op::Div, [a, b]) => {
                let (lo, hi) = if a < b { (*a as u64, *b as u64) } else { (*b as u64, *a as u64) };
                // checked: a user's target can be any u64.
                lo > 0 && lo.checked_mul(target) == Some(hi)
            }
            (Op::Given, [a]) => *a as u64 == target,
            _ => false,
        }
    }
}

impl std::fmt::Display for Op {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.symbol())
    }
}

/// One cage: its cells as `(row, col)`, 0-based, sorted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cage {
    pub op: Op,
    pub target: u64,
    pub cells: Vec<(usize, usize)>,
}

/// A checked KenKen puzzle: cages cover every cell exactly once and every cage can be met.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    size: usize,
    cages: Vec<Cage>,
    /// Cage index of each cell, row-major.
    cage_of: Vec<usize>,
}

/// Why a puzzle was refused. Cages are numbered from 1 in the order given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KenkenError {
    #[error("not valid puzzle JSON: {0}")]
    Json(String),
    #[error("size {0} is outside 3..=9")]
    Size(usize),
    #[error("the puzzle has no cages")]
    NoCages,
    #[error("cage {cage}: unknown operation {op:?} (use + - * / or =)")]
    UnknownOp { cage: usize, op: String },
    #[error("cage {cage} has no target")]
    NoTarget { cage: usize },
    #[error("cage {cage} has no operation")]
    NoOperation { cage: usize },
    #[error("cage {cage} has no cells")]
    EmptyCage { cage: usize },
    #[error("cage {cage} has {cells} cells; at most {MAX_CAGE_CELLS} are supported")]
    CageTooLarge { cage: usize, cells: usize },
    #[error("cage {cage}: cell [{row},{col}] is outside the {size}x{size} grid")]
    CellOutside { cage: usize, row: usize, col: usize, size: usize },
    #[error("cage {cage} lists cell [{row},{col}] twice")]
    DuplicateCell { cage: usize, row: usize, col: usize },
    #[error("cell [{row},{col}] is in cage {first} and in cage {second}")]
    Overlap { row: usize, col: usize, first: usize, second: usize },
    #[error("cell [{row},{col}] is in no cage")]
    Uncovered { row: usize, col: usize },
    #[error("cage {cage}: a {op} cage must have exactly 2 cells, it has {cells}")]
    NotTwoCells { cage: usize, op: Op, cells: usize },
    #[error("cage {cage}: an = cage must have exactly 1 cell, it has {cells}")]
    NotOneCell { cage: usize, cells: usize },
    #[error("cage {cage} is not connected: cell [{row},{col}] touches no other cell of it")]
    Disconnected { cage: usize, row: usize, col: usize },
    #[error("cage {cage} ({op} {target}, {cells} cells): no values 1..={size} reach the target")]
    Unreachable { cage: usize, op: Op, target: u64, cells: usize, size: usize },
    #[error("solution: {0}")]
    BadSolution(String),
    #[error("line {line}: {msg}")]
    Text { line: usize, msg: String },
}

impl KenkenError {
    /// A stable name for the error (the view may phrase it in the player's language).
    pub fn code(&self) -> &'static str {
        match self {
            KenkenError::Json(_) => "json",
            KenkenError::Size(_) => "size",
            KenkenError::NoCages => "no_cages",
            KenkenError::UnknownOp { .. } => "unknown_op",
            KenkenError::NoTarget { .. } => "no_target",
            KenkenError::NoOperation { .. } => "no_operation",
            KenkenError::EmptyCage { .. } => "empty_cage",
            KenkenError::CageTooLarge { .. } => "cage_too_large",
            KenkenError::CellOutside { .. } => "cell_outside",
            KenkenError::DuplicateCell { .. } => "duplicate_cell",
            KenkenError::Overlap { .. } => "overlap",
            KenkenError::Uncovered { .. } => "uncovered",
            KenkenError::NotTwoCells { .. } => "not_two_cells",
            KenkenError::NotOneCell { .. } => "not_one_cell",
            KenkenError::Disconnected { .. } => "disconnected",
            KenkenError::Unreachable { .. } => "unreachable",
            KenkenError::BadSolution(_) => "bad_solution",
            KenkenError::Text { .. } => "text",
        }
    }

    /// The error as a sentence for the player ("Cage 3 has no target.").
    pub fn sentence(&self) -> String {
        let s = self.to_string();
        let mut chars = s.chars();
        match chars.next() {
            Some(first) => format!("{}{}.", first.to_uppercase(), chars.as_str()),
            None => s,
        }
    }

    /// The same problem as data, for a view that says it in the player's language:
    /// `{"key": "kenken.<what>", ...}` with 1-based rows and columns and the cage's rule as
    /// printed (`12+`). The keys are the view's (`ui/locales/*.js`, `detail.kenken.*`).
    pub fn detail(&self) -> serde_json::Value {
        use serde_json::json;
        let op_sign = |op: &Op| match op {
            Op::Add => "+",
            Op::Sub => "−",
            Op::Mul => "×",
            Op::Div => "÷",
            Op::Given => "",
        };
        match self {
            KenkenError::Size(size) => json!({"key": "kenken.bad_size", "size": size}),
            KenkenError::NoCages => json!({"key": "kenken.no_cages"}),
            KenkenError::UnknownOp { cage, .. } => json!({"key": "kenken.unknown_op", "cage": cage}),
            KenkenError::NoTarget { cage } => json!({"key": "kenken.no_target", "cage": cage}),
            KenkenError::NoOperation { cage } => json!({"key": "kenken.no_operation", "cage": cage}),
            KenkenError::EmptyCage { cage } => json!({"key": "kenken.empty_cage", "cage": cage}),
            KenkenError::CageTooLarge { cage, cells } => json!({"key": "kenken.cage_too_big", "cage": cage, "cells": cells, "max": MAX_CAGE_CELLS}),
            KenkenError::CellOutside { cage, row, col, .. } => json!({"key": "kenken.outside", "cage": cage, "row": row + 1, "col": col + 1}),
            KenkenError::DuplicateCell { cage, row, col } => json!({"key": "kenken.twice", "cage": cage, "row": row + 1, "col": col + 1}),
            KenkenError::Overlap { row, col, first, second } => json!({"key": "kenken.two_cages", "row": row + 1, "col": col + 1, "first": first, "second": second}),
            KenkenError::Uncovered { row, col } => json!({"key": "kenken.no_cage", "row": row + 1, "col": col + 1}),
            KenkenError::NotTwoCells { cage, op, cells } => json!({"key": "kenken.two_cells", "cage": cage, "op": op_sign(op), "cells": cells}),
            KenkenError::NotOneCell { cage, cells } => json!({"key": "kenken.one_cell", "cage": cage, "cells": cells}),
            KenkenError::Disconnected { cage, row, col } => json!({"key": "kenken.not_connected", "cage": cage, "row": row + 1, "col": col + 1}),
            KenkenError::Unreachable { cage, op, target, size, .. } => json!({"key": "kenken.unreachable", "cage": cage, "rule": format!("{target}{}", op_sign(op)), "size": size}),
            KenkenError::Json(_) | KenkenError::BadSolution(_) | KenkenError::Text { .. } => json!({"key": "kenken.other"}),
        }
    }
}

/// The JSON shape of one line of the shared data sets (extra fields are kept by the caller).
#[derive(Debug, Clone, Serialize, Deserialize)]
struct RawPuzzle {
    size: usize,
    cages: Vec<RawCage>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    solution: Option<Vec<Vec<u8>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    difficulty: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
struct RawCage {
    op: String,
    target: u64,
    cells: Vec<[usize; 2]>,
}

/// A parsed line: the puzzle and the optional fields that travel with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub puzzle: Puzzle,
    /// Row-major solution if the line carried one (checked against the cages).
    pub solution: Option<Vec<u8>>,
    pub difficulty: Option<String>,
}

impl Puzzle {
    /// Checks the cages and builds the puzzle. Cells need not be sorted; they are sorted here.
    pub fn new(size: usize, cages: Vec<Cage>) -> Result<Puzzle, KenkenError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(KenkenError::Size(size));
        }
        if cages.is_empty() {
            return Err(KenkenError::NoCages);
        }
        let mut cage_of = vec![usize::MAX; size * size];
        let mut cages = cages;
        for (i, cage) in cages.iter_mut().enumerate() {
            let no = i + 1;
            let cells = cage.cells.len();
            if cells == 0 {
                return Err(KenkenError::EmptyCage { cage: no });
            }
            if cells > MAX_CAGE_CELLS {
                return Err(KenkenError::CageTooLarge { cage: no, cells });
            }
            match cage.op {
                Op::Sub | Op::Div if cells != 2 => {
                    return Err(KenkenError::NotTwoCells { cage: no, op: cage.op, cells })
                }
                Op::Given if cells != 1 => return Err(KenkenError::NotOneCell { cage: no, cells }),
                _ => {}
            }
            for &(row, col) in &cage.cells {
                if row >= size || col >= size {
                    return Err(KenkenError::CellOutside { cage: no, row, col, size });
                }
                let slot = &mut cage_of[row * size + col];
                if *slot == i {
                    return Err(KenkenError::DuplicateCell { cage: no, row, col });
                }
                if *slot != usize::MAX {
                    return Err(KenkenError::Overlap { row, col, first: *slot + 1, second: no });
                }
                *slot = i;
            }
            cage.cells.sort_unstable();
        }
        // Connectivity: a cage is one orthogonally connected region (cells checked inside above).
        for (i, cage) in cages.iter().enumerate() {
            let at: Vec<usize> = cage.cells.iter().map(|&(r, c)| r * size + c).collect();
            if let Some(j) = crate::grid::apart_from_first(size, &at) {
                return Err(KenkenError::Disconnected { cage: i + 1, row: j / size, col: j % size });
            }
        }
        let p = Puzzle { size, cages, cage_of };
        // Reachability: some assignment of 1..=N (distinct along rows/columns inside the cage)
        // must meet each target.
        let full = vec![solver::full_mask(size); size * size];
        for (i, cage) in p.cages.iter().enumerate() {
            if solver::cage_support(&p, i, &full).is_none() {
                return Err(KenkenError::Unreachable {
                    cage: i + 1,
                    op: cage.op,
                    target: cage.target,
                    cells: cage.cells.len(),
                    size,
                });
            }
        }
        // Coverage last, so a half-entered puzzle reports its faulty cages first.
        if let Some(k) = p.cage_of.iter().position(|&c| c == usize::MAX) {
            return Err(KenkenError::Uncovered { row: k / size, col: k % size });
        }
        Ok(p)
    }

    pub fn size(&self) -> usize {
        self.size
    }

    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// The cage index of cell `(row, col)`.
    pub fn cage_at(&self, row: usize, col: usize) -> usize {
        self.cage_of[row * self.size + col]
    }

    /// Parses one JSON object (one line of the data sets).
    pub fn from_json(text: &str) -> Result<Entry, KenkenError> {
        let raw: RawPuzzle = serde_json::from_str(text).map_err(|e| KenkenError::Json(e.to_string()))?;
        let mut cages = Vec::with_capacity(raw.cages.len());
        for (i, c) in raw.cages.iter().enumerate() {
            let op = Op::parse(&c.op).ok_or_else(|| KenkenError::UnknownOp { cage: i + 1, op: c.op.clone() })?;
            cages.push(Cage { op, target: c.target, cells: c.cells.iter().map(|&[r, c]| (r, c)).collect() });
        }
        let puzzle = Puzzle::new(raw.size, cages)?;
        let solution = match raw.solution {
            None => None,
            Some(rows) => Some(puzzle.check_solution_rows(&rows)?),
        };
        Ok(Entry { puzzle, solution, difficulty: raw.difficulty })
    }

    /// Parses the hand-entry text format (see `docs/kenken.md`): N grid lines of cage labels
    /// (one character per cell, or labels separated by spaces), then one rule line per label:
    /// `LABEL TARGET OP` in any order of target and op (`A 12+`, `B / 2`, `C 3` for a given).
    /// `#` starts a comment.
    pub fn from_text(text: &str) -> Result<Puzzle, KenkenError> {
        let err = |line: usize, msg: String| KenkenError::Text { line, msg };
        let lines: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.split('#').next().unwrap_or("").trim()))
            .filter(|(_, l)| !l.is_empty())
            .collect();
        let split = |l: &str| -> Vec<String> {
            let toks: Vec<&str> = l.split_whitespace().collect();
            if toks.len() == 1 {
                l.chars().map(String::from).collect()
            } else {
                toks.into_iter().map(String::from).collect()
            }
        };
        let first = lines.first().ok_or_else(|| err(1, "empty input".into()))?;
        let n = split(first.1).len();
        if !(MIN_SIZE..=MAX_SIZE).contains(&n) {
            return Err(err(first.0, format!("the first grid row has {n} cells; a board has 3..=9")));
        }
        let mut labels: Vec<String> = vec![];
        let mut cells: Vec<Vec<(usize, usize)>> = vec![];
        for (r, &(no, l)) in lines.iter().take(n).enumerate() {
            let row = split(l);
            if row.len() != n {
                return Err(err(no, format!("grid row {} has {} cells, expected {n}", r + 1, row.len())));
            }
            for (c, lab) in row.into_iter().enumerate() {
                match labels.iter().position(|x| *x == lab) {
                    Some(i) => cells[i].push((r, c)),
                    None => {
                        labels.push(lab);
                        cells.push(vec![(r, c)]);
                    }
                }
            }
        }
        if lines.len() < n {
            return Err(err(lines.last().map_or(1, |l| l.0), format!("only {} grid rows, expected {n}", lines.len())));
        }
        let mut rules: Vec<Option<(Op, u64)>> = vec![None; labels.len()];
        for &(no, l) in &lines[n..] {
            let (lab, rest) = l.split_once(char::is_whitespace).ok_or_else(|| err(no, format!("rule {l:?} needs a label and a target")))?;
            let i = labels.iter().position(|x| x == lab).ok_or_else(|| err(no, format!("label {lab:?} is not in the grid")))?;
            let rest: String = rest.chars().filter(|c| !c.is_whitespace()).collect();
            let digits: String = rest.chars().filter(|c| c.is_ascii_digit()).collect();
            let op_text: String = rest.chars().filter(|c| !c.is_ascii_digit()).collect();
            let target: u64 = digits.parse().map_err(|_| err(no, format!("rule for {lab:?} has no target number")))?;
            let op = if op_text.is_empty() && cells[i].len() > 1 {
                return Err(err(no, format!("cage {lab:?} has {} cells but no operation", cells[i].len())));
            } else {
                Op::parse(&op_text).ok_or_else(|| err(no, format!("unknown operation {op_text:?} (use + - * x / or =)")))?
            };
            if rules[i].replace((op, target)).is_some() {
                return Err(err(no, format!("cage {lab:?} has two rules")));
            }
        }
        let mut cages = vec![];
        for (i, lab) in labels.iter().enumerate() {
            let (op, target) = rules[i].ok_or_else(|| err(lines[n - 1].0, format!("cage {lab:?} has no rule line")))?;
            cages.push(Cage { op, target, cells: cells[i].clone() });
        }
        Puzzle::new(n, cages)
    }

    /// One-line JSON in the data-set format, with an optional solution and difficulty label.
    pub fn to_json(&self, solution: Option<&[u8]>, difficulty: Option<&str>) -> String {
        let n = self.size;
        let raw = RawPuzzle {
            size: n,
            cages: self
                .cages
                .iter()
                .map(|c| RawCage {
                    op: c.op.symbol().to_string(),
                    target: c.target,
                    cells: c.cells.iter().map(|&(r, c)| [r, c]).collect(),
                })
                .collect(),
            solution: solution.map(|s| s.chunks(n).map(|r| r.to_vec()).collect()),
            difficulty: difficulty.map(str::to_string),
        };
        // Serialising plain structs of numbers and strings cannot fail.
        serde_json::to_string(&raw).unwrap_or_default()
    }

    fn check_solution_rows(&self, rows: &[Vec<u8>]) -> Result<Vec<u8>, KenkenError> {
        let n = self.size;
        if rows.len() != n || rows.iter().any(|r| r.len() != n) {
            return Err(KenkenError::BadSolution(format!("it must be {n} rows of {n} values")));
        }
        let grid: Vec<u8> = rows.concat();
        self.check(&grid).map_err(KenkenError::BadSolution)?;
        Ok(grid)
    }

    /// Whether a full row-major grid solves the puzzle; `Err` says the first rule it breaks.
    pub fn check(&self, grid: &[u8]) -> Result<(), String> {
        let n = self.size;
        if grid.len() != n * n {
            return Err(format!("{} values, expected {}", grid.len(), n * n));
        }
        if let Some(k) = grid.iter().position(|&v| v == 0 || v as usize > n) {
            return Err(format!("cell [{},{}] holds {}, not 1..={n}", k / n, k % n, grid[k]));
        }
        for i in 0..n {
            let (mut row, mut col) = (0u32, 0u32);
            for j in 0..n {
                row |= 1 << grid[i * n + j];
                col |= 1 << grid[j * n + i];
            }
            if row.count_ones() as usize != n {
                return Err(format!("row {i} repeats a value"));
            }
            if col.count_ones() as usize != n {
                return Err(format!("column {i} repeats a value"));
            }
        }
        for (i, c) in self.cages.iter().enumerate() {
            let vals: Vec<u8> = c.cells.iter().map(|&(r, cc)| grid[r * n + cc]).collect();
            if !c.op.holds(c.target, &vals) {
                return Err(format!("cage {} ({} {}) is not met by {:?}", i + 1, c.op, c.target, vals));
            }
        }
        Ok(())
    }
}

/// Formats a row-major grid as N lines of digits separated by spaces.
pub fn grid_to_text(size: usize, grid: &[u8]) -> String {
    grid.chunks(size)
        .map(|r| r.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = r#"{"size":3,"cages":[{"op":"*","target":2,"cells":[[0,0],[1,0]]},{"op":"*","target":3,"cells":[[0,1],[0,2]]},{"op":"+","target":6,"cells":[[1,1],[1,2],[2,2]]},{"op":"-","target":1,"cells":[[2,0],[2,1]]}],"solution":[[2,1,3],[1,3,2],[3,2,1]]}"#;

    #[test]
    fn parses_and_round_trips() {
        let e = Puzzle::from_json(SMALL).unwrap();
        assert_eq!(e.puzzle.size(), 3);
        assert_eq!(e.solution.as_deref(), Some(&[2, 1, 3, 1, 3, 2, 3, 2, 1][..]));
        let again = Puzzle::from_json(&e.puzzle.to_json(e.solution.as_deref(), None)).unwrap();
        assert_eq!(again, e);
    }

    fn err(json: &str) -> KenkenError {
        Puzzle::from_json(json).unwrap_err()
    }

    #[test]
    fn text_format() {
        let ok = Puzzle::from_text("# spaces or single letters\nA B B\nA C C\nD D C\nA 2 *\nB 3x\nC 6+\nD 1-").unwrap();
        assert_eq!(ok, Puzzle::from_json(SMALL).unwrap().puzzle);
        assert_eq!(
            Puzzle::from_text("AB\nAB\nA 3+").unwrap_err(),
            KenkenError::Text { line: 1, msg: "the first grid row has 2 cells; a board has 3..=9".into() }
        );
        assert_eq!(
            Puzzle::from_text("ABB\nACC\nDDC\nA 2*\nB 3*\nC 6+\nE 1-").unwrap_err(),
            KenkenError::Text { line: 7, msg: "label \"E\" is not in the grid".into() }
        );
    }

    #[test]
    fn precise_errors() {
        assert!(matches!(err("{"), KenkenError::Json(_)));
        assert_eq!(err(r#"{"size":2,"cages":[]}"#), KenkenError::Size(2));
        assert_eq!(
            err(r#"{"size":3,"cages":[{"op":"+","target":6,"cells":[[0,0],[0,1],[0,2]]},{"op":"+","target":12,"cells":[[0,2],[1,0],[1,1],[1,2],[2,0],[2,1],[2,2]]}]}"#),
            KenkenError::Overlap { row: 0, col: 2, first: 1, second: 2 }
        );
        assert_eq!(
            err(r#"{"size":3,"cages":[{"op":"+","target":6,"cells":[[0,0],[0,1],[0,2]]},{"op":"+","target":10,"cells":[[1,0],[1,1],[1,2],[2,0],[2,1]]}]}"#),
            KenkenError::Uncovered { row: 2, col: 2 }
        );
        assert_eq!(
            err(r#"{"size":3,"cages":[{"op":"-","target":1,"cells":[[0,0],[0,1],[0,2]]}]}"#),
            KenkenError::NotTwoCells { cage: 1, op: Op::Sub, cells: 3 }
        );
        assert_eq!(
            err(r#"{"size":3,"cages":[{"op":"+","target":6,"cells":[[0,0],[0,1],[0,2]]},{"op":"+","target":40,"cells":[[1,0],[1,1],[1,2],[2,0],[2,1],[2,2]]}]}"#),
            KenkenError::Unreachable { cage: 2, op: Op::Add, target: 40, cells: 6, size: 3 }
        );
        assert!(matches!(
            err(r#"{"size":3,"cages":[{"op":"?","target":6,"cells":[[0,0]]}]}"#),
            KenkenError::UnknownOp { cage: 1, .. }
        ));
        assert!(matches!(
            err(r#"{"size":3,"cages":[{"op":"/","target":18446744073709551615,"cells":[[0,0],[0,1]]}]}"#),
            KenkenError::Unreachable { cage: 1, .. }
        ));
        assert!(matches!(
            err(r#"{"size":3,"cages":[{"op":"*","target":18446744073709551615,"cells":[[0,0],[0,1]]}]}"#),
            KenkenError::Unreachable { cage: 1, .. }
        ));
        assert_eq!(
            err(r#"{"size":3,"cages":[{"op":"+","target":4,"cells":[[0,0],[0,2]]}]}"#),
            KenkenError::Disconnected { cage: 1, row: 0, col: 2 }
        );
        // Two cells in one row can never both be 2, so 2x2 = 4 is unreachable there.
        assert_eq!(
            err(r#"{"size":3,"cages":[{"op":"*","target":4,"cells":[[0,0],[0,1]]}]}"#),
            KenkenError::Unreachable { cage: 1, op: Op::Mul, target: 4, cells: 2, size: 3 }
        );
    }
}

#[cfg(test)]
mod detail_tests {
    use super::*;

    /// Every problem's detail names a text the view has, and carries each of its placeholders.
    #[test]
    fn every_detail_has_its_text_and_placeholders_in_the_view_catalogue() {
        let catalogue = include_str!("../../ui/locales/en.js");
        let all = [
            KenkenError::Json("x".into()),
            KenkenError::Size(12),
            KenkenError::NoCages,
            KenkenError::UnknownOp { cage: 2, op: "%".into() },
            KenkenError::NoTarget { cage: 2 },
            KenkenError::NoOperation { cage: 2 },
            KenkenError::EmptyCage { cage: 1 },
            KenkenError::CageTooLarge { cage: 3, cells: 12 },
            KenkenError::CellOutside { cage: 1, row: 9, col: 0, size: 4 },
            KenkenError::DuplicateCell { cage: 1, row: 0, col: 0 },
            KenkenError::Overlap { row: 1, col: 2, first: 1, second: 3 },
            KenkenError::Uncovered { row: 3, col: 3 },
            KenkenError::NotTwoCells { cage: 4, op: Op::Sub, cells: 3 },
            KenkenError::NotOneCell { cage: 5, cells: 2 },
            KenkenError::Disconnected { cage: 6, row: 0, col: 3 },
            KenkenError::Unreachable { cage: 7, op: Op::Mul, target: 7, cells: 2, size: 4 },
            KenkenError::BadSolution("x".into()),
            KenkenError::Text { line: 1, msg: "x".into() },
        ];
        for e in all {
            let d = e.detail();
            let key = d["key"].as_str().unwrap();
            let line = catalogue.lines().find(|l| l.trim_start().starts_with(&format!("'detail.{key}':"))).unwrap_or_else(|| panic!("detail.{key} is not in ui/locales/en.js"));
            let text = line.split_once(": ").unwrap().1;
            for part in text.split('{').skip(1) {
                let name = part.split('}').next().unwrap();
                assert!(d.get(name).is_some(), "{key}: the text uses {{{name}}}, the detail has no {name}");
            }
        }
        let d = KenkenError::Disconnected { cage: 6, row: 0, col: 3 }.detail();
        assert_eq!((d["row"].as_u64(), d["col"].as_u64()), (Some(1), Some(4)), "rows and columns count from 1");
    }
}
