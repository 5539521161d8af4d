//! Hints: the next cell a player can fill, with a one-sentence reason. Mistakes come first;
//! then the simplest deduction that fills a cell (a given cage, a cage's only combination,
//! a naked or hidden single), then the full propagator; only when all fail is a value revealed.

use super::solver::{self, full_mask, Geometry, Level};
use super::{Op, Puzzle};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HintKind {
    /// A filled cell is wrong; `value` is the right one.
    Mistake,
    /// A cage's arithmetic, with the candidates left by the row and column, allows one value.
    Cage,
    /// Every other value is already in the cell's row or column.
    NakedSingle,
    /// The value has one place left in a row or column.
    HiddenSingle,
    /// A cage's combinations rule a value out of some of its cells, leaving the value one place
    /// in a row or column.
    CageElimination,
    /// Every combination of a cage puts a value in its part of a row or column, so the value
    /// leaves the rest of that line (the hard level's step).
    CageClaim,
    /// Found by combining several deductions (the propagator).
    Deduction,
    /// No deduction found; the solution's value is shown.
    Reveal,
}

/// A hint for one cell (0-based `row`, `col`; the text uses 1-based numbers).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    pub row: usize,
    pub col: usize,
    pub value: u8,
    pub kind: HintKind,
    pub text: String,
    /// The cage the reason is about, when it is not the cell's own (an index into
    /// `Puzzle::cages`).
    pub cage: Option<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HintError {
    #[error("the board has {got} cells, the puzzle needs {need}")]
    BoardSize { got: usize, need: usize },
    #[error("cell {cell} holds {value}, not 0..={size}")]
    Value { cell: usize, value: u8, size: usize },
    #[error("the puzzle has no solution")]
    Unsolvable,
    #[error("the puzzle has more than one solution, so no hint is certain")]
    NotUnique,
    #[error("the board is already solved")]
    Solved,
}

/// A cage's label as printed: `12+`, `1−`, `6×`, `2÷`, a lone `3`.
fn label(op: Op, target: u64) -> String {
    let sign = match op {
        Op::Add => "+",
        Op::Sub => "−",
        Op::Mul => "×",
        Op::Div => "÷",
        Op::Given => "",
    };
    format!("{target}{sign}")
}

fn at(r: usize, c: usize) -> String {
    format!("row {}, column {}", r + 1, c + 1)
}

/// The next hint for `board` (row-major, 0 = empty).
pub fn hint(p: &Puzzle, board: &[u8]) -> Result<Hint, HintError> {
    hint_with(p, board, &only_solution(p)?)
}

/// The puzzle's one solution, which every hint is measured against.
pub fn only_solution(p: &Puzzle) -> Result<Vec<u8>, HintError> {
    let s = solver::solutions(p, 2);
    match (s.count, s.first) {
        (1, Some(sol)) => Ok(sol),
        (0, _) => Err(HintError::Unsolvable),
        _ => Err(HintError::NotUnique),
    }
}

/// [`hint`] when the puzzle's one solution `sol` is known (one of another size is refused).
pub fn hint_with(p: &Puzzle, board: &[u8], sol: &[u8]) -> Result<Hint, HintError> {
    let n = p.size();
    if board.len() != n * n {
        return Err(HintError::BoardSize { got: board.len(), need: n * n });
    }
    if let Some(cell) = board.iter().position(|&v| v as usize > n) {
        return Err(HintError::Value { cell, value: board[cell], size: n });
    }
    if sol.len() != n * n {
        return Err(HintError::BoardSize { got: sol.len(), need: n * n });
    }
    let mk = |cell: usize, kind: HintKind, text: String| Hint { row: cell / n, col: cell % n, value: sol[cell], kind, text, cage: None };
    if let Some(cell) = (0..n * n).find(|&k| board[k] != 0 && board[k] != sol[k]) {
        let text = format!("The {} at {} is wrong: erase it (it breaks the puzzle's only solution).", board[cell], at(cell / n, cell % n));
        return Ok(mk(cell, HintKind::Mistake, text));
    }
    if board.iter().all(|&v| v != 0) {
        return Err(HintError::Solved);
    }
    // Candidates seen by a player: placed values removed from their rows and columns.
    let mut doms: Vec<u16> = board.iter().map(|&v| if v == 0 { full_mask(n) } else { 1 << v }).collect();
    for k in 0..n * n {
        if board[k] != 0 {
            continue;
        }
        for j in 0..n {
            for other in [(k / n) * n + j, j * n + k % n] {
                if other != k && board[other] != 0 {
                    doms[k] &= !(1 << board[other]);
                }
            }
        }
    }
    let empty = |k: usize| board[k] == 0;
    let g = Geometry::new(p);
    // Given cages first: they need no reasoning at all.
    for (ci, cage) in p.cages().iter().enumerate() {
        let k = g.cells[ci][0];
        if cage.op == Op::Given && empty(k) {
            return Ok(mk(k, HintKind::Cage, format!("The cage at {} is a single cell showing {}, so that is its value.", at(k / n, k % n), cage.target)));
        }
    }
    for k in (0..n * n).filter(|&k| empty(k)) {
        if doms[k].count_ones() == 1 {
            let text = format!("Every value except {} already appears in the row or column of {}, so it must be {}.", sol[k], at(k / n, k % n), sol[k]);
            return Ok(mk(k, HintKind::NakedSingle, text));
        }
    }
    for line in 0..2 * n {
        let cell = |j: usize| if line < n { line * n + j } else { j * n + (line - n) };
        let name = if line < n { format!("row {}", line + 1) } else { format!("column {}", line - n + 1) };
        for v in 1..=n as u8 {
            if (0..n).any(|j| board[cell(j)] == v) {
                continue;
            }
            let places: Vec<usize> = (0..n).map(cell).filter(|&k| empty(k) && doms[k] & (1 << v) != 0).collect();
            if let [k] = places[..] {
                let text = format!("In {name}, {v} can only go at {}: every other empty cell already sees a {v}.", at(k / n, k % n));
                return Ok(mk(k, HintKind::HiddenSingle, text));
            }
        }
    }
    for (ci, cage) in p.cages().iter().enumerate() {
        let Some(scan) = solver::scan(p, &g, ci, &doms, false) else { continue };
        for (&k, &sup) in g.cells[ci].iter().zip(&scan.support) {
            if empty(k) && sup.count_ones() == 1 && doms[k].count_ones() > 1 {
                let text = format!(
                    "The {} cage can reach its target only with {} at {}, given the values still possible in its cells.",
                    label(cage.op, cage.target),
                    sol[k],
                    at(k / n, k % n)
                );
                return Ok(mk(k, HintKind::Cage, text));
            }
        }
    }
    let line_name = |line: usize| if line < n { format!("row {}", line + 1) } else { format!("column {}", line - n + 1) };
    let line_cells = |line: usize| -> Vec<usize> { (0..n).map(|j| if line < n { line * n + j } else { j * n + (line - n) }).collect() };
    let cage_name = |ci: usize| {
        let c = &p.cages()[ci];
        let (r, col) = c.cells[0];
        format!("{} cage at {}", label(c.op, c.target), at(r, col))
    };
    let and_list = |items: Vec<String>| match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => items.concat(),
    };
    // Cells of one line, shortly: "columns 1, 4 and 5 of row 2".
    let in_line = |line: usize, cells: &[usize]| {
        let (what, idx): (&str, Vec<String>) = if line < n {
            ("column", cells.iter().map(|&k| (k % n + 1).to_string()).collect())
        } else {
            ("row", cells.iter().map(|&k| (k / n + 1).to_string()).collect())
        };
        format!("{what}{} {} of {}", if idx.len() > 1 { "s" } else { "" }, and_list(idx), line_name(line))
    };
    let values = |mask: u16| -> String {
        let v: Vec<String> = (1..=n).filter(|&v| mask & (1 << v) != 0).map(|v| v.to_string()).collect();
        match v.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => v.concat(),
        }
    };
    // A cage's combinations take a value out of some of its cells; the value then has one place
    // left in a row or column.
    for ci in 0..p.cages().len() {
        let Some(scan) = solver::scan(p, &g, ci, &doms, false) else { continue };
        let mut d = doms.clone();
        for (&k, &sup) in g.cells[ci].iter().zip(&scan.support) {
            d[k] &= sup;
        }
        for line in 0..2 * n {
            let cells = line_cells(line);
            for v in 1..=n as u8 {
                let before: Vec<usize> = cells.iter().copied().filter(|&k| empty(k) && doms[k] & (1 << v) != 0).collect();
                let after: Vec<usize> = before.iter().copied().filter(|&k| d[k] & (1 << v) != 0).collect();
                if let (&[k], true) = (after.as_slice(), before.len() > 1) {
                    let gone: Vec<usize> = before.iter().copied().filter(|&x| x != k).collect();
                    let text = format!(
                        "No combination of the {} puts a {v} in {}, so in {} the {v} can only go at {}.",
                        cage_name(ci),
                        in_line(line, &gone),
                        line_name(line),
                        at(k / n, k % n)
                    );
                    return Ok(Hint { cage: Some(ci), ..mk(k, HintKind::CageElimination, text) });
                }
            }
        }
    }
    // The hard level's step: a cage claims a value for its part of a row or column.
    let mut base = doms.clone();
    if solver::propagate(p, &g, &mut base, Level::Medium) && (0..n * n).all(|k| !empty(k) || base[k].count_ones() > 1) {
        for ci in 0..p.cages().len() {
            let Some(scan) = solver::scan(p, &g, ci, &base, true) else { continue };
            let claims = scan.row_claims.iter().map(|&(r, m)| (r, m)).chain(scan.col_claims.iter().map(|&(c, m)| (n + c, m)));
            for (line, mask) in claims {
                for v in (1..=n as u8).filter(|&v| mask & (1 << v) != 0) {
                    let others: Vec<usize> =
                        line_cells(line).into_iter().filter(|&k| empty(k) && !g.cells[ci].contains(&k) && base[k] & (1 << v) != 0).collect();
                    if others.is_empty() {
                        continue;
                    }
                    let mut d = base.clone();
                    for &k in &others {
                        d[k] &= !(1 << v);
                    }
                    // The cell it decides: one of those cells at once, else the first decided by
                    // following on, preferring that line and that cage.
                    let direct = others.iter().copied().find(|&k| d[k].count_ones() == 1);
                    if !solver::propagate(p, &g, &mut d, Level::Medium) {
                        continue;
                    }
                    let near = |k: &usize| line_cells(line).contains(k) || g.cells[ci].contains(k);
                    let decided: Vec<usize> = (0..n * n).filter(|&k| empty(k) && d[k].count_ones() == 1).collect();
                    let pick = direct.or_else(|| decided.iter().copied().find(near)).or_else(|| decided.first().copied());
                    if let Some(k) = pick {
                        let then = if direct.is_some() { "that leaves" } else { "following on," };
                        let text = format!(
                            "Every combination of the {} puts a {v} in its part of {}, so {} can't be {v}; {then} {} can only be {}.",
                            cage_name(ci),
                            line_name(line),
                            in_line(line, &others),
                            at(k / n, k % n),
                            sol[k]
                        );
                        return Ok(Hint { cage: Some(ci), ..mk(k, HintKind::CageClaim, text) });
                    }
                }
            }
        }
    }
    for level in [Level::Easy, Level::Medium, Level::Hard] {
        let mut d = doms.clone();
        if solver::propagate(p, &g, &mut d, level) {
            if let Some(k) = (0..n * n).find(|&k| empty(k) && d[k].count_ones() == 1) {
                let ci = p.cage_at(k / n, k % n);
                let text = format!(
                    "Narrowing the cages' combinations by the rows and columns, step after step, leaves the {} only {} for {} (it could have been {}).",
                    cage_name(ci),
                    sol[k],
                    at(k / n, k % n),
                    values(doms[k])
                );
                return Ok(mk(k, HintKind::Deduction, text));
            }
        }
    }
    let k = (0..n * n).filter(|&k| empty(k)).min_by_key(|&k| doms[k].count_ones()).unwrap_or(0);
    let text = format!("No simple deduction is left; the solution has {} at {}.", sol[k], at(k / n, k % n));
    Ok(mk(k, HintKind::Reveal, text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hints_lead_to_the_solution() {
        let g = super::super::generator::generate(5, super::super::rate::Difficulty::Medium, 3).unwrap();
        let mut board = vec![0u8; 25];
        board[0] = if g.solution[0] == 1 { 2 } else { 1 };
        let h = hint(&g.puzzle, &board).unwrap();
        assert_eq!((h.kind, h.row, h.col), (HintKind::Mistake, 0, 0));
        board[0] = 0;
        for _ in 0..25 {
            let h = hint(&g.puzzle, &board).unwrap();
            assert_ne!(h.kind, HintKind::Reveal, "medium puzzles need no reveal: {}", h.text);
            assert_eq!(h.value, g.solution[h.row * 5 + h.col]);
            board[h.row * 5 + h.col] = h.value;
        }
        assert_eq!(board, g.solution);
        assert_eq!(hint(&g.puzzle, &board), Err(HintError::Solved));
    }

    /// Every hint on the way through hard puzzles names its cage or line: no generic sentence
    /// where a specific step exists, and the claim step is used.
    #[test]
    fn hard_hints_say_something_specific() {
        let mut kinds = vec![];
        for seed in 0..6 {
            let g = super::super::generator::generate(6, super::super::rate::Difficulty::Hard, seed).unwrap();
            let mut board = vec![0u8; 36];
            while board.contains(&0) {
                let h = hint(&g.puzzle, &board).unwrap();
                assert_eq!(h.value, g.solution[h.row * 6 + h.col]);
                assert_ne!(h.kind, HintKind::Reveal, "hard puzzles need no reveal: {}", h.text);
                if matches!(h.kind, HintKind::CageClaim | HintKind::CageElimination) {
                    let ci = h.cage.expect("a cage step names its cage");
                    let c = &g.puzzle.cages()[ci];
                    assert!(h.text.contains(&format!("{} cage at row {}, column {}", label(c.op, c.target), c.cells[0].0 + 1, c.cells[0].1 + 1)), "{}", h.text);
                }
                kinds.push(h.kind);
                board[h.row * 6 + h.col] = h.value;
            }
        }
        assert!(kinds.contains(&HintKind::CageClaim), "hard puzzles use cage claims: {kinds:?}");
        let generic = kinds.iter().filter(|&&k| k == HintKind::Deduction).count();
        assert!(generic * 10 <= kinds.len(), "{generic} of {} hints are the catch-all deduction", kinds.len());
    }


    #[test]
    fn cage_labels_read_as_printed() {
        assert_eq!([label(Op::Add, 12), label(Op::Sub, 1), label(Op::Mul, 6), label(Op::Div, 2), label(Op::Given, 3)], ["12+", "1−", "6×", "2÷", "3"]);
    }
}
