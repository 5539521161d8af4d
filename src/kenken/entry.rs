//! "Enter a puzzle": a KenKen copied from paper, cage by cage, checked and solved.
//!
//! The player's drawing arrives as [`Entered`] (cages may still lack a target or an operation);
//! [`check`] turns it into a [`Verdict`]: the first problem located at the cage or cells it is
//! about, no solution, several (two of them and where they differ), or exactly one with its
//! level. The same module reads and writes the files such a puzzle travels in ([`read_any`],
//! [`Puzzle::to_text`]).

use serde::{Deserialize, Serialize};

use crate::entry::{answer, drawing, EntryError, FileFormat};

use super::rate::{rate_unique, Difficulty};
use super::{solver, Cage, KenkenError, Op, Puzzle};

/// A cage as the player drew it: the rule may be missing while they are still entering it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnteredCage {
    #[serde(default)]
    pub op: Option<String>,
    #[serde(default)]
    pub target: Option<u64>,
    pub cells: Vec<[usize; 2]>,
}

/// A whole entered board (the cage editor's `toPuzzle()`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entered {
    pub size: usize,
    pub cages: Vec<EnteredCage>,
}

/// The first thing wrong with an entry, and where on the board it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub error: KenkenError,
    /// The cage it is about (0-based, in the order entered), if it is about one.
    pub cage: Option<usize>,
    /// Cells to show (a cell in two cages, a cell in none, a cell cut off from its cage).
    pub cells: Vec<(usize, usize)>,
}

/// What "Solve" found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Invalid(Problem),
    NoSolution,
    /// Two of the solutions, row-major, and the cells where they differ.
    Multiple { first: Vec<u8>, second: Vec<u8>, differ: Vec<(usize, usize)> },
    Unique { puzzle: Puzzle, solution: Vec<u8>, difficulty: Difficulty },
}

impl Entered {
    /// The entry as a puzzle, or the first problem with it, located.
    pub fn puzzle(&self) -> Result<Puzzle, Problem> {
        let mut cages = Vec::with_capacity(self.cages.len());
        for (i, c) in self.cages.iter().enumerate() {
            let no = i + 1;
            let at = |error| Problem { error, cage: Some(i), cells: vec![] };
            let target = c.target.ok_or_else(|| at(KenkenError::NoTarget { cage: no }))?;
            let op = match c.op.as_deref() {
                None if c.cells.len() == 1 => Op::Given,
                None => return Err(at(KenkenError::NoOperation { cage: no })),
                Some(text) => Op::parse(text).ok_or_else(|| at(KenkenError::UnknownOp { cage: no, op: text.to_string() }))?,
            };
            cages.push(Cage { op, target, cells: c.cells.iter().map(|&[r, k]| (r, k)).collect() });
        }
        Puzzle::new(self.size, cages).map_err(locate)
    }

    /// The editor's form of a puzzle (e.g. one read from a file, or the sample).
    pub fn from_puzzle(p: &Puzzle) -> Entered {
        Entered {
            size: p.size(),
            cages: p
                .cages()
                .iter()
                .map(|c| EnteredCage {
                    op: Some(c.op.symbol().to_string()),
                    target: Some(c.target),
                    cells: c.cells.iter().map(|&(r, k)| [r, k]).collect(),
                })
                .collect(),
        }
    }
}

/// Where an engine error is on the board.
fn locate(error: KenkenError) -> Problem {
    use KenkenError as E;
    let (cage, cells) = match &error {
        E::UnknownOp { cage, .. }
        | E::EmptyCage { cage }
        | E::CageTooLarge { cage, .. }
        | E::NotTwoCells { cage, .. }
        | E::NotOneCell { cage, .. }
        | E::Unreachable { cage, .. }
        | E::NoTarget { cage }
        | E::NoOperation { cage }
        | E::CellOutside { cage, .. } => (Some(cage - 1), vec![]),
        E::DuplicateCell { cage, row, col } | E::Disconnected { cage, row, col } => (Some(cage - 1), vec![(*row, *col)]),
        E::Overlap { row, col, second, .. } => (Some(second - 1), vec![(*row, *col)]),
        E::Uncovered { row, col } => (None, vec![(*row, *col)]),
        E::Json(_) | E::Size(_) | E::NoCages | E::BadSolution(_) | E::Text { .. } => (None, vec![]),
    };
    Problem { error, cage, cells }
}

/// "Solve": checks the entry, then counts solutions up to two and rates a unique one.
pub fn check(entered: &Entered) -> Verdict {
    let puzzle = match entered.puzzle() {
        Ok(p) => p,
        Err(problem) => return Verdict::Invalid(problem),
    };
    let found = solver::solutions(&puzzle, 2);
    match (found.count, found.first, found.second) {
        (1, Some(solution), _) => {
            let difficulty = rate_unique(&puzzle);
            Verdict::Unique { puzzle, solution, difficulty }
        }
        (2, Some(first), Some(second)) => {
            let n = puzzle.size();
            let differ = (0..n * n).filter(|&k| first[k] != second[k]).map(|k| (k / n, k % n)).collect();
            Verdict::Multiple { first, second, differ }
        }
        _ => Verdict::NoSolution,
    }
}

/// Reads a KenKen file in any of its forms: one JSON line (the data sets), a pretty-printed
/// JSON puzzle, or the hand-entry text format. A file of several JSON lines gives its first.
pub fn read_any(text: &str) -> Result<super::Entry, KenkenError> {
    let first = text.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with('#'));
    match first {
        Some(line) if line.starts_with('{') => match Puzzle::from_json(line) {
            // A pretty-printed puzzle spans several lines: its first line alone is not JSON.
            Err(KenkenError::Json(_)) => Puzzle::from_json(text),
            other => other,
        },
        _ => Puzzle::from_text(text).map(|puzzle| super::Entry { puzzle, solution: None, difficulty: None }),
    }
}

impl Puzzle {
    /// The hand-entry text format (docs/kenken.md): a grid of cage labels, then one rule line
    /// per cage. Labels are `A`..`Z`, `a`..`z`, then two characters, so any board fits;
    /// [`Puzzle::from_text`] reads it back to the same puzzle.
    pub fn to_text(&self) -> String {
        let n = self.size();
        let label = |i: usize| -> String {
            const ABC: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
            match ABC.get(i) {
                Some(&ch) => (ch as char).to_string(),
                None => format!("{}{}", ABC[(i / ABC.len() - 1) % ABC.len()] as char, ABC[i % ABC.len()] as char),
            }
        };
        let labels: Vec<String> = (0..self.cages().len()).map(label).collect();
        let width = labels.iter().map(String::len).max().unwrap_or(1);
        let mut out = format!("# KenKen {n}x{n}, entered in Inkdoku\n");
        for r in 0..n {
            let row: Vec<String> = (0..n).map(|c| format!("{:<width$}", labels[self.cage_at(r, c)])).collect();
            out.push_str(row.join(" ").trim_end());
            out.push('\n');
        }
        for (i, c) in self.cages().iter().enumerate() {
            let rule = if c.op == Op::Given { c.target.to_string() } else { format!("{}{}", c.target, c.op.symbol()) };
            out.push_str(&format!("{} {rule}\n", labels[i]));
        }
        out
    }
}

/// What each level asks of the solver, for the "rated" line (docs/kenken.md, Difficulty).
pub fn hardest_step(d: Difficulty) -> &'static str {
    match d {
        Difficulty::Easy => "cage combinations and placed values",
        Difficulty::Medium => "hidden singles",
        Difficulty::Hard => "cage claims on a row or column",
        Difficulty::Expert => "trial and error",
    }
}

/// KenKen's "Enter a puzzle" as the games list gives it ([`crate::games::Entry`]): the cage
/// editor's drawing is an [`Entered`], "Solve" answers an [`EntryCheck`].
pub static ENTRY: crate::games::Entry = crate::games::Entry {
    sizes: &[3, 4, 5, 6, 7, 8, 9],
    formats: &[
        FileFormat { id: "text", filter: "kenken_text", extensions: &["txt"] },
        FileFormat { id: "json", filter: "kenken_json", extensions: &["json", "jsonl"] },
    ],
    any_filter: "kenken_any",
    check: |v| answer(&EntryCheck::of(check(&drawing(v)?))),
    play: |v| {
        let (game, level) = rated_game(&drawing(v)?)?;
        Ok(crate::games::Played { game, level: Some(level), technique: None })
    },
    read: |text| {
        let read = read_any(text).map_err(invalid)?;
        answer(&Entered::from_puzzle(&read.puzzle))
    },
    stem: |v| {
        let n = drawing::<Entered>(v.clone())?.puzzle().map_err(|p| invalid(p.error))?.size();
        Ok(format!("kenken-{n}x{n}"))
    },
    write: |v, format| {
        let puzzle = drawing::<Entered>(v.clone())?.puzzle().map_err(|p| invalid(p.error))?;
        Ok(match format.id {
            "json" => puzzle.to_json(None, None) + "\n",
            _ => puzzle.to_text(),
        })
    },
    board: None,
    screen: true,
};

/// What "Solve" tells the view (one `verdict` each; docs/ipc.md, `check_entry`).
#[derive(Debug, Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum EntryCheck {
    /// The first problem, with the cage (0-based, as entered) and cells it is about.
    /// `detail`: the problem as data for the view's language ([`KenkenError::detail`]).
    Invalid { code: &'static str, message: String, detail: serde_json::Value, cage: Option<usize>, cells: Vec<[usize; 2]> },
    NoSolution,
    Multiple { first: Vec<u8>, second: Vec<u8>, differ: Vec<[usize; 2]> },
    Unique { solution: Vec<u8>, difficulty: &'static str, hardest: &'static str },
}

impl EntryCheck {
    fn of(verdict: Verdict) -> EntryCheck {
        let cells = |v: Vec<(usize, usize)>| v.into_iter().map(|(r, c)| [r, c]).collect();
        match verdict {
            Verdict::Invalid(p) => EntryCheck::Invalid { code: p.error.code(), message: p.error.sentence(), detail: p.error.detail(), cage: p.cage, cells: cells(p.cells) },
            Verdict::NoSolution => EntryCheck::NoSolution,
            Verdict::Multiple { first, second, differ } => EntryCheck::Multiple { first, second, differ: cells(differ) },
            Verdict::Unique { solution, difficulty, .. } => EntryCheck::Unique { solution, difficulty: difficulty.name(), hardest: hardest_step(difficulty) },
        }
    }
}

/// The game an entered (or pasted) KenKen makes, when it has exactly one solution: rated, its
/// answer kept hidden.
pub fn game(entered: &Entered) -> Result<crate::play::GameInPlay, EntryError> {
    rated_game(entered).map(|(game, _)| game)
}

/// [`game`], and the level it was rated.
fn rated_game(entered: &Entered) -> Result<(crate::play::GameInPlay, &'static str), EntryError> {
    use super::play::{KenkenGame, KenkenInfo, KenkenSession};
    match check(entered) {
        Verdict::Unique { puzzle, solution, difficulty } => {
            let info = KenkenInfo { solution: Some(solution), difficulty: Some(difficulty.name().to_string()), seed: None };
            Ok((crate::play::GameInPlay::Kenken(KenkenSession::from_game(KenkenGame::new(puzzle)), info), difficulty.name()))
        }
        Verdict::Invalid(p) => Err(invalid(p.error)),
        Verdict::NoSolution => Err(EntryError::NoSolution),
        Verdict::Multiple { .. } => Err(EntryError::NotUnique),
    }
}

/// A KenKen that can't be used, as the entry's error (kind `kenken_puzzle`, as before).
pub fn invalid(e: KenkenError) -> EntryError {
    EntryError::Invalid { code: "kenken_puzzle", message: format!("That KenKen can't be used: {}", e.sentence()), detail: Some(e.detail()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "A B B\nA C C\nD D C\nA 2*\nB 3x\nC 6+\nD 1-\n";

    fn entered(p: &str) -> Entered {
        Entered::from_puzzle(&Puzzle::from_text(p).unwrap())
    }

    #[test]
    fn a_unique_entry_is_solved_and_rated() {
        let Verdict::Unique { solution, difficulty, .. } = check(&entered(SAMPLE)) else { panic!("not unique") };
        assert_eq!(solution, vec![2, 1, 3, 1, 3, 2, 3, 2, 1]);
        assert_eq!(difficulty, Difficulty::Medium);
    }

    #[test]
    fn a_missing_rule_is_named_at_its_cage() {
        let mut e = entered(SAMPLE);
        e.cages[2].target = None;
        let Verdict::Invalid(p) = check(&e) else { panic!() };
        assert_eq!((p.error.clone(), p.cage), (KenkenError::NoTarget { cage: 3 }, Some(2)));
        assert_eq!(p.error.to_string(), "cage 3 has no target");
        e.cages[2].target = Some(6);
        e.cages[1].op = None;
        let Verdict::Invalid(p) = check(&e) else { panic!() };
        assert_eq!((p.error, p.cage), (KenkenError::NoOperation { cage: 2 }, Some(1)));
        // A one-cell cage without an operation is a given.
        let one = Entered { size: 3, cages: vec![EnteredCage { op: None, target: Some(2), cells: vec![[0, 0]] }] };
        assert!(matches!(one.puzzle(), Err(Problem { error: KenkenError::Uncovered { row: 0, col: 1 }, cage: None, .. })));
    }

    #[test]
    fn engine_errors_are_located() {
        let mut e = entered(SAMPLE);
        e.cages[3].op = Some("/".into());
        e.cages[3].cells.push([2, 2]);
        let Verdict::Invalid(p) = check(&e) else { panic!() };
        assert_eq!((p.error, p.cage), (KenkenError::NotTwoCells { cage: 4, op: Op::Div, cells: 3 }, Some(3)));
        // An overlap points at the cage drawn later, the one to mend.
        e.cages[3].op = Some("+".into());
        let Verdict::Invalid(p) = check(&e) else { panic!() };
        assert_eq!((p.cage, p.cells), (Some(3), vec![(2, 2)]), "cell [2,2] is in cage 3 and cage 4: {:?}", p.error);
        let mut e = entered(SAMPLE);
        e.cages[2].target = Some(40);
        let Verdict::Invalid(p) = check(&e) else { panic!() };
        assert!(matches!(p.error, KenkenError::Unreachable { cage: 3, .. }));
        assert_eq!(p.cage, Some(2));
        let mut e = entered(SAMPLE);
        e.cages.pop();
        let Verdict::Invalid(p) = check(&e) else { panic!() };
        assert_eq!((p.cage, p.cells.len()), (None, 1));
    }

    #[test]
    fn several_solutions_show_where_two_differ() {
        // Two 9-cell sums over a 3x3 board: every Latin square fits.
        let all: Vec<[usize; 2]> = (0..9).map(|k| [k / 3, k % 3]).collect();
        let e = Entered { size: 3, cages: vec![EnteredCage { op: Some("+".into()), target: Some(18), cells: all }] };
        let Verdict::Multiple { first, second, differ } = check(&e) else { panic!() };
        assert_ne!(first, second);
        assert!(!differ.is_empty() && differ.iter().all(|&(r, c)| first[r * 3 + c] != second[r * 3 + c]));
    }

    #[test]
    fn no_solution_is_said() {
        // Each cage alone is reachable, together they are not (2− forces row 2 to 3 1 2, and
        // then the 6+ cage would hold 2 + 3 + 2).
        let mut e = entered(SAMPLE);
        e.cages[3].target = Some(2);
        assert_eq!(check(&e), Verdict::NoSolution);
    }

    #[test]
    fn text_round_trip_and_any_form_reads() {
        let p = Puzzle::from_text(SAMPLE).unwrap();
        assert_eq!(Puzzle::from_text(&p.to_text()).unwrap(), p);
        assert_eq!(read_any(&p.to_text()).unwrap().puzzle, p);
        assert_eq!(read_any(&p.to_json(None, None)).unwrap().puzzle, p);
        let pretty = serde_json::to_string_pretty(&serde_json::from_str::<serde_json::Value>(&p.to_json(None, None)).unwrap()).unwrap();
        assert_eq!(read_any(&pretty).unwrap().puzzle, p);
        // 81 one-cell cages need two-character labels.
        let givens: Vec<Cage> = (0..81).map(|k| Cage { op: Op::Given, target: 1 + ((k / 9 * 3 + k / 27 + k % 9) % 9) as u64, cells: vec![(k / 9, k % 9)] }).collect();
        let big = Puzzle::new(9, givens).unwrap();
        assert_eq!(Puzzle::from_text(&big.to_text()).unwrap(), big);
    }

    #[test]
    fn bad_text_is_an_error_never_a_panic() {
        for text in ["", "{", "{\"size\":3}", "A B\nA B\n", "A B B\nA C C\nD D C\nA 2*\nB 3x\nC 6+\nD 1-\nE 3\n", "\u{0}\u{ffff}", "A A A\nA A A\nA A A\nA 99999999999999999999+"] {
            assert!(read_any(text).is_err(), "{text:?}");
        }
    }
}
