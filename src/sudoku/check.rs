//! Checking a puzzle the player copied from paper (#14, "Enter a puzzle"): givens that clash, no
//! solution, several solutions (with two of them, to show where they differ), or exactly one,
//! rated by the human solver (level and hardest technique).

use serde::Serialize;

use crate::entry::{answer, drawing, EntryError, FileFormat};
use crate::grid::{Grid, Shape};

use super::human::{self, Rating};
use super::solver;

/// The `difficulty` of a Sudoku session that is a puzzle being copied from paper: an empty board
/// on which the player writes the givens (with the recogniser, eraser and undo of play), saved
/// and continued like any game, until [`check_puzzle`] says it is fair and it starts for real.
pub const BEING_ENTERED: &str = "being entered";

/// The session for entering a puzzle of `shape`: no givens; its "solution" is only a placeholder
/// the game needs (any valid filling), not the answer of the puzzle being copied, so hints,
/// Solve and "incorrect" marks mean nothing on it.
pub fn entry_session(shape: Shape) -> Option<super::SudokuSession> {
    let empty = Grid::empty(shape);
    let filling = solver::solve(&empty)?;
    super::SudokuSession::new(empty, filling, BEING_ENTERED, None).ok()
}

/// What a copied puzzle turns out to be.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum PuzzleCheck {
    /// Two givens break the rules (the same number twice in a row, column or box).
    Conflicts { cells: Vec<(usize, usize)> },
    /// No way to fill the board.
    NoSolution,
    /// More than one way: two different solutions and the cells where they differ (a given in
    /// one of those cells, copied from the paper, would tell them apart).
    Several { first: Grid, second: Grid, differ: Vec<(usize, usize)> },
    /// A fair puzzle; `rating` is `None` only if the human solver could not rate it.
    Unique { solution: Grid, rating: Option<Rating> },
}

/// Checks the givens of `puzzle` (blank cells are 0).
pub fn check_puzzle(puzzle: &Grid) -> PuzzleCheck {
    let cells = puzzle.conflicts();
    if !cells.is_empty() {
        return PuzzleCheck::Conflicts { cells };
    }
    // One search keeps both solutions (the 9x9 band solver would be faster for the unique case,
    // but a copied puzzle is checked once, on a press of Start).
    let mut found = solver::two_solutions(puzzle).into_iter();
    let Some(first) = found.next() else { return PuzzleCheck::NoSolution };
    let Some(second) = found.next() else {
        return PuzzleCheck::Unique { rating: human::rate(puzzle).ok(), solution: first };
    };
    let n = puzzle.shape().n();
    let differ = (0..n * n).filter(|&i| first.values()[i] != second.values()[i]).map(|i| (i / n, i % n)).collect();
    PuzzleCheck::Several { first, second, differ }
}

/// Sudoku's "Enter a puzzle" as the games list gives it ([`crate::games::Entry`]): written on
/// the board itself (`board`: a blank board being entered, until "Start this puzzle" checks
/// its givens), its drawing `{givens}`: the givens as text ([`Grid::parse`]).
pub static ENTRY: crate::games::Entry = crate::games::Entry {
    sizes: &[4, 6, 9, 16],
    formats: &[FileFormat { id: "text", filter: "puzzle_text", extensions: &["txt", "sdk", "sudoku"] }],
    any_filter: "puzzle_text",
    check: |v| answer(&EntryCheck::of(check_puzzle(&givens(v)?))),
    play: |v| {
        let puzzle = givens(v)?;
        match check_puzzle(&puzzle) {
            PuzzleCheck::Conflicts { cells } => Err(unreadable(crate::grid::GridError::Conflict { cells })),
            PuzzleCheck::NoSolution => Err(EntryError::NoSolution),
            PuzzleCheck::Several { .. } => Err(EntryError::NotUnique),
            PuzzleCheck::Unique { solution, rating } => {
                let level = rating.map_or("unrated", |r| r.level.name());
                let session = super::SudokuSession::new(puzzle, solution, level, None).map_err(|e| EntryError::Drawing(e.to_string()))?;
                let game = crate::play::GameInPlay::Sudoku(session);
                Ok(crate::games::Played { game, level: rating.map(|r| r.level.name()), technique: rating.map(|r| r.hardest.name()) })
            }
        }
    },
    read: |text| answer(&Drawing { givens: Grid::parse(text).map_err(unreadable)?.to_line() }),
    stem: |v| {
        let n = givens(v.clone())?.shape().n();
        Ok(format!("sudoku-{n}x{n}"))
    },
    write: |v, _| Ok(givens(v.clone())?.to_line() + "\n"),
    board: Some(crate::games::BoardEntry {
        blank: |size, _| {
            let shape = Shape::from_size(usize::from(size)).ok_or_else(|| EntryError::Size(format!("a Sudoku is 4, 6, 9 or 16 cells wide, not {size}")))?;
            let session = entry_session(shape).ok_or_else(|| EntryError::Drawing("an empty board could not be set up".into()))?;
            Ok(crate::play::GameInPlay::Sudoku(session))
        },
        // The givens written so far on a board being entered.
        drawing: |g| match g {
            crate::play::GameInPlay::Sudoku(s) if s.game().is_being_entered() => answer(&Drawing { givens: s.game().board().to_line() }).ok(),
            _ => None,
        },
    }),
    screen: false,
};

/// A Sudoku drawn for the generic entry commands: its givens as text.
#[derive(Debug, Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Drawing {
    givens: String,
}

fn givens(v: serde_json::Value) -> Result<Grid, EntryError> {
    Grid::parse(&drawing::<Drawing>(v)?.givens).map_err(unreadable)
}

/// Givens that can't be read, as the entry's error (kind `puzzle`, as the import says it).
fn unreadable(e: crate::grid::GridError) -> EntryError {
    EntryError::Invalid { code: "puzzle", message: format!("That puzzle can't be read: {e}."), detail: None }
}

/// What "Solve" tells the view of a Sudoku drawing (the verdicts of KenKen's entry).
#[derive(Debug, Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
enum EntryCheck {
    Invalid { code: &'static str, cells: Vec<[usize; 2]> },
    NoSolution,
    Multiple { first: String, second: String, differ: Vec<[usize; 2]> },
    Unique { solution: String, difficulty: &'static str, hardest: Option<&'static str> },
}

impl EntryCheck {
    fn of(check: PuzzleCheck) -> EntryCheck {
        let cells = |v: Vec<(usize, usize)>| v.into_iter().map(|(r, c)| [r, c]).collect();
        match check {
            PuzzleCheck::Conflicts { cells: c } => EntryCheck::Invalid { code: "conflicts", cells: cells(c) },
            PuzzleCheck::NoSolution => EntryCheck::NoSolution,
            PuzzleCheck::Several { first, second, differ } => EntryCheck::Multiple { first: first.to_line(), second: second.to_line(), differ: cells(differ) },
            PuzzleCheck::Unique { solution, rating } => EntryCheck::Unique {
                solution: solution.to_line(),
                difficulty: rating.map_or("unrated", |r| r.level.name()),
                hardest: rating.map(|r| r.hardest.name()),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Difficulty;

    const EASY: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn grid(text: &str) -> Grid {
        Grid::parse(text).unwrap()
    }

    #[test]
    fn a_fair_puzzle_is_solved_and_rated() {
        match check_puzzle(&grid(EASY)) {
            PuzzleCheck::Unique { solution, rating } => {
                assert!(solution.values().iter().all(|&v| v != 0) && solution.conflicts().is_empty());
                let r = rating.unwrap();
                assert_eq!(r.level, Difficulty::Easy);
                assert_eq!(r.hardest.level(), Difficulty::Easy, "{:?}", r.hardest);
            }
            other => panic!("{other:?}"),
        }
        // Harder ones are rated at their level and named by their hardest technique.
        use rand::SeedableRng;
        let mut rng = rand::rngs::StdRng::seed_from_u64(14);
        for level in [Difficulty::Medium, Difficulty::Hard, Difficulty::Expert] {
            let served = crate::sudoku::bank::instant_puzzle(Shape::S9, level, false, &mut rng);
            let PuzzleCheck::Unique { rating: Some(r), .. } = check_puzzle(&served.puzzle) else { panic!("{level:?}") };
            assert_eq!(r.level, level, "{r:?}");
            assert_eq!(r.hardest.level(), level);
        }
    }

    #[test]
    fn several_solutions_come_with_two_of_them_and_where_they_differ() {
        // Two givens taken out of a fair puzzle: it has more than one solution now.
        let mut puzzle = grid(EASY);
        puzzle.set(0, 0, 0);
        puzzle.set(0, 1, 0);
        let several = check_puzzle(&puzzle);
        let PuzzleCheck::Several { first, second, differ } = several else { panic!("{several:?}") };
        assert_ne!(first, second);
        for s in [&first, &second] {
            assert!(s.conflicts().is_empty() && s.values().iter().all(|&v| v != 0));
            for (i, &g) in puzzle.values().iter().enumerate() {
                assert!(g == 0 || s.values()[i] == g, "a solution keeps the givens");
            }
        }
        assert!(!differ.is_empty());
        let n = 9;
        for i in 0..81 {
            assert_eq!(differ.contains(&(i / n, i % n)), first.values()[i] != second.values()[i]);
        }
        // Copying one differing cell's value from the first solution makes it closer to unique.
        assert!(differ.iter().all(|&(r, c)| puzzle.get(r, c) == 0));
        // An empty board of every size: several, with the differences shown.
        for shape in Shape::ALL {
            let PuzzleCheck::Several { differ, .. } = check_puzzle(&Grid::empty(shape)) else { panic!("{shape:?}") };
            assert!(differ.len() >= 2, "{shape:?}");
        }
    }

    #[test]
    fn clashing_givens_and_no_solution_are_told_apart() {
        let mut clash = grid(EASY);
        clash.set(0, 2, 5); // a second 5 in the first row
        assert_eq!(check_puzzle(&clash), PuzzleCheck::Conflicts { cells: vec![(0, 0), (0, 2)] });
        // No two givens clash, but r1c5 can hold nothing: 1-4 in its row, 5-9 in its column.
        let mut none = Grid::empty(Shape::S9);
        for (c, v) in [(0, 1), (1, 2), (2, 3), (3, 4)] {
            none.set(0, c, v);
        }
        for (r, v) in [(1, 5), (3, 6), (4, 7), (5, 8), (6, 9)] {
            none.set(r, 4, v);
        }
        assert_eq!(none.conflicts(), vec![]);
        assert_eq!(check_puzzle(&none), PuzzleCheck::NoSolution);
    }
}
