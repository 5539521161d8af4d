//! "Enter a puzzle from paper" for the variants (issue 42): a Killer's cages and sums, a
//! Jigsaw's regions, an X's diagonals, and the givens. The player draws the shape on the entry
//! screen (Killer, Jigsaw) and writes the givens on the board itself, as a Sudoku is entered
//! (`BoardEntry`: the board being entered carries the shape); [`check`] says what the drawing
//! is: the first problem located at its cage or region, no solution, several (where two
//! differ), too open to check, or one solution with its level. Files are Solo game IDs.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::entry::{answer, drawing, EntryError, FileFormat};
use crate::games::{BoardEntry, Entry, Played};
use crate::grid::{Cage, Grid, Shape};
use crate::play::GameInPlay;
use crate::sudoku::check::BEING_ENTERED;
use crate::sudoku::play::{SudokuGame, SudokuSession};

use super::def::Variety;
use super::{Kind, Puzzle, Rules, CHECK_NODES};

/// A cage as drawn: its sum may still be missing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DrawnCage {
    #[serde(default)]
    pub sum: Option<u32>,
    pub cells: Vec<[usize; 2]>,
}

/// A variant as the player drew it (docs/ipc.md, the variants' entry).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Drawing {
    pub size: u8,
    /// The diagonals (a Killer X; a Sudoku X always has them).
    #[serde(default)]
    pub x: bool,
    /// A jigsaw's regions, each its cells as `[row, col]`.
    #[serde(default)]
    pub regions: Vec<Vec<[usize; 2]>>,
    /// A Killer's cages.
    #[serde(default)]
    pub cages: Vec<DrawnCage>,
    /// The givens, row-major, `.` or `0` for a blank (Sudoku's text); empty: none.
    #[serde(default)]
    pub givens: String,
}

/// What is wrong with a drawing, as a stable code the view words in its language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Fault {
    /// A cell off the board (a view bug more than the player's).
    OffBoard,
    /// A cell in two regions, or two cages.
    Overlap,
    /// A region that is not `size` cells.
    RegionSize,
    /// A region or cage in more than one piece.
    Piece,
    /// Cells in no region.
    Uncovered,
    /// Cells in no cage (a Killer's cages cover the board).
    Uncaged,
    /// A cage with no sum yet.
    NoSum,
    /// A sum no set of different digits of the cage's size makes.
    BadSum,
    /// A cage of more cells than digits.
    CageTooBig,
    /// A Killer with no cages.
    NoCages,
    /// Givens (or one-cell cages) that break the rules.
    Conflicts,
    /// The givens are no board of this size.
    Givens,
}

/// The first problem of a drawing and where it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Problem {
    pub code: Fault,
    /// The cage (Killer) or region (Jigsaw) it is about, 0-based as drawn.
    pub part: Option<usize>,
    /// Cells to show.
    pub cells: Vec<[usize; 2]>,
    /// A number the sentence needs: a region's size, a cage's sum.
    pub count: Option<usize>,
}

impl Problem {
    fn at(code: Fault, part: Option<usize>, cells: Vec<[usize; 2]>) -> Problem {
        Problem { code, part, cells, count: None }
    }

    /// The problem as one English sentence (the view words it from `code` in its language).
    pub fn sentence(&self) -> String {
        let part = self.part.map_or(String::new(), |k| (k + 1).to_string());
        let cells = self.cells.iter().map(|[r, c]| format!("r{}c{}", r + 1, c + 1)).collect::<Vec<_>>().join(", ");
        match self.code {
            Fault::OffBoard => format!("{cells} is off the board"),
            Fault::Overlap => format!("{cells} is drawn twice"),
            Fault::RegionSize => format!("region {part} has {} cells, not one per digit", self.count.unwrap_or(0)),
            Fault::Piece => format!("{part} is in more than one piece"),
            Fault::Uncovered => format!("{cells} {} in no region", if self.cells.len() == 1 { "is" } else { "are" }),
            Fault::Uncaged => format!("{cells} {} in no cage", if self.cells.len() == 1 { "is" } else { "are" }),
            Fault::NoSum => format!("cage {part} has no sum"),
            Fault::BadSum => format!("no different digits in cage {part} add up to {}", self.count.unwrap_or(0)),
            Fault::CageTooBig => format!("cage {part} has more cells than there are digits"),
            Fault::NoCages => "a Killer needs its cages".into(),
            Fault::Conflicts => format!("the same digit twice in a row, column, region or cage: {cells}"),
            Fault::Givens => "the givens don't fit the board".into(),
        }
    }
}

/// What "Solve" found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Invalid(Problem),
    NoSolution,
    /// The search ran past [`CHECK_NODES`]: too few givens to be sure.
    TooOpen,
    Multiple { first: Vec<u8>, second: Vec<u8>, differ: Vec<[usize; 2]> },
    Unique { puzzle: Puzzle, solution: Grid, rating: Option<crate::sudoku::human::Rating> },
}

/// Whether cells drawn (rows and columns, on the board) are one piece.
fn connected(n: usize, cells: &[[usize; 2]]) -> bool {
    let at: Vec<usize> = cells.iter().map(|&[r, c]| r * n + c).collect();
    crate::grid::one_piece(n, &at)
}

impl Drawing {
    /// The variant this drawing is of `V`'s kind (a Killer's `x` makes it a Killer X).
    fn kind<V: Variety>(&self) -> Kind {
        V::kind(self.x)
    }

    /// The rules drawn (one-cell cages kept as cages), or the first problem, located.
    pub fn rules<V: Variety>(&self) -> Result<Rules, Problem> {
        let kind = self.kind::<V>();
        let size = usize::from(self.size);
        let shape = Shape::from_size(size).filter(|_| kind.sizes().contains(&self.size)).ok_or_else(|| Problem::at(Fault::Givens, None, vec![]))?;
        let n = shape.n();
        let mut owner: Vec<Option<usize>> = vec![None; n * n];
        let parts: Vec<&Vec<[usize; 2]>> = match kind {
            Kind::Jigsaw => self.regions.iter().collect(),
            Kind::Killer | Kind::KillerX => self.cages.iter().map(|c| &c.cells).collect(),
            Kind::X => vec![],
        };
        for (k, cells) in parts.iter().enumerate() {
            for &[r, c] in cells.iter() {
                if r >= n || c >= n {
                    return Err(Problem::at(Fault::OffBoard, Some(k), vec![[r, c]]));
                }
                if owner[r * n + c].replace(k).is_some() {
                    return Err(Problem::at(Fault::Overlap, Some(k), vec![[r, c]]));
                }
            }
        }
        let mut region_of = Rules::boxes(shape);
        let mut cages = Vec::new();
        match kind {
            Kind::Jigsaw => {
                for (k, cells) in self.regions.iter().enumerate() {
                    if cells.len() != n {
                        return Err(Problem { code: Fault::RegionSize, part: Some(k), cells: vec![], count: Some(cells.len()) });
                    }
                    if !connected(n, cells) {
                        return Err(Problem::at(Fault::Piece, Some(k), vec![]));
                    }
                }
                let free: Vec<[usize; 2]> = (0..n * n).filter(|&i| owner[i].is_none()).map(|i| [i / n, i % n]).collect();
                if !free.is_empty() {
                    return Err(Problem::at(Fault::Uncovered, None, free));
                }
                region_of = owner.iter().map(|o| o.unwrap_or(0) as u8).collect();
            }
            Kind::Killer | Kind::KillerX => {
                if self.cages.is_empty() {
                    return Err(Problem::at(Fault::NoCages, None, vec![]));
                }
                for (k, cage) in self.cages.iter().enumerate() {
                    let sum = cage.sum.ok_or_else(|| Problem::at(Fault::NoSum, Some(k), vec![]))?;
                    if !connected(n, &cage.cells) {
                        return Err(Problem::at(Fault::Piece, Some(k), vec![]));
                    }
                    let len = cage.cells.len();
                    if len > n {
                        return Err(Problem::at(Fault::CageTooBig, Some(k), vec![]));
                    }
                    // k different digits of 1..=n make every sum from 1+..+k to (n-k+1)+..+n.
                    let (low, high) = (len * (len + 1) / 2, len * (2 * n + 1 - len) / 2);
                    if !(low..=high).contains(&(sum as usize)) {
                        return Err(Problem { code: Fault::BadSum, part: Some(k), cells: vec![], count: Some(sum as usize) });
                    }
                    let mut cells: Vec<usize> = cage.cells.iter().map(|&[r, c]| r * n + c).collect();
                    cells.sort_unstable();
                    cages.push(Cage { cells, sum: sum as u16 });
                }
                let free: Vec<[usize; 2]> = (0..n * n).filter(|&i| owner[i].is_none()).map(|i| [i / n, i % n]).collect();
                if !free.is_empty() {
                    return Err(Problem::at(Fault::Uncaged, None, free));
                }
            }
            Kind::X => {}
        }
        let jigsaw = kind == Kind::Jigsaw;
        Rules::new(shape, region_of, jigsaw, kind.has_diagonals(), cages).map_err(|_| Problem::at(Fault::Givens, None, vec![]))
    }

    /// The givens drawn, on a board of the drawing's size.
    fn givens(&self, shape: Shape) -> Result<Grid, Problem> {
        if self.givens.trim().is_empty() {
            return Ok(Grid::empty(shape));
        }
        Grid::parse(&self.givens).ok().filter(|g| g.shape() == shape).ok_or_else(|| Problem::at(Fault::Givens, None, vec![]))
    }

    /// The puzzle drawn: its rules, with each one-cell cage written as its given (a Solo ID,
    /// and a player, read a one-cell cage as a given).
    pub fn puzzle<V: Variety>(&self) -> Result<Puzzle, Problem> {
        let rules = self.rules::<V>()?;
        let shape = rules.shape();
        let n = shape.n();
        let mut values = self.givens(shape)?.values().to_vec();
        let (ones, many): (Vec<Cage>, Vec<Cage>) = rules.cages().iter().cloned().partition(|c| c.cells.len() == 1);
        for cage in &ones {
            let at = cage.cells[0];
            let v = cage.sum as u8;
            if values[at] != 0 && values[at] != v {
                return Err(Problem::at(Fault::Conflicts, None, vec![[at / n, at % n]]));
            }
            values[at] = v;
        }
        let rules = if ones.is_empty() { rules } else { Rules::new(shape, rules.region_of().to_vec(), rules.is_jigsaw(), rules.is_x(), many).map_err(|_| Problem::at(Fault::Givens, None, vec![]))? };
        let bad = rules.geometry().conflicts(&values);
        if !bad.is_empty() {
            return Err(Problem::at(Fault::Conflicts, None, bad.into_iter().map(|i| [i / n, i % n]).collect()));
        }
        let givens = Grid::from_values(shape, values).ok_or_else(|| Problem::at(Fault::Givens, None, vec![]))?;
        Ok(Puzzle { rules, givens })
    }

    /// The editor's form of a puzzle (one read from a file).
    pub fn of(p: &Puzzle) -> Drawing {
        let n = p.rules.shape().n();
        let at = |i: usize| [i / n, i % n];
        let regions = if p.rules.is_jigsaw() {
            (0..n).map(|k| (0..n * n).filter(|&i| usize::from(p.rules.region_of()[i]) == k).map(at).collect()).collect()
        } else {
            vec![]
        };
        let cages = p.rules.cages().iter().map(|c| DrawnCage { sum: Some(u32::from(c.sum)), cells: c.cells.iter().map(|&i| at(i)).collect() }).collect();
        let givens = if p.givens.values().iter().all(|&v| v == 0) { String::new() } else { p.givens.to_line() };
        Drawing { size: n as u8, x: p.rules.is_x(), regions, cages, givens }
    }
}

/// "Solve": checks the drawing, then looks for up to two solutions and rates a unique one.
pub fn check<V: Variety>(d: &Drawing) -> Verdict {
    let puzzle = match d.puzzle::<V>() {
        Ok(p) => p,
        Err(problem) => return Verdict::Invalid(problem),
    };
    let found = puzzle.solutions();
    if found.gave_up {
        return Verdict::TooOpen;
    }
    let n = puzzle.rules.shape().n();
    match (found.count, found.first, found.second) {
        (1, Some(first), _) => match Grid::from_values(puzzle.rules.shape(), first) {
            Some(solution) => {
                let rating = puzzle.rate().ok();
                Verdict::Unique { puzzle, solution, rating }
            }
            None => Verdict::NoSolution,
        },
        (2.., Some(first), Some(second)) => {
            let differ = (0..n * n).filter(|&i| first[i] != second[i]).map(|i| [i / n, i % n]).collect();
            Verdict::Multiple { first, second, differ }
        }
        _ => Verdict::NoSolution,
    }
}

/// What "Solve" tells the view (docs/ipc.md, `check_entry` for the variants).
#[derive(Debug, Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum EntryCheck {
    Invalid { code: Fault, message: String, part: Option<usize>, cells: Vec<[usize; 2]>, count: Option<usize> },
    NoSolution,
    TooOpen,
    Multiple { first: String, second: String, differ: Vec<[usize; 2]> },
    Unique { solution: String, difficulty: &'static str, hardest: Option<&'static str> },
}

fn line(values: &[u8]) -> String {
    values.iter().map(|&v| crate::grid::symbol_char(v)).collect()
}

impl EntryCheck {
    fn of(v: Verdict) -> EntryCheck {
        match v {
            Verdict::Invalid(p) => EntryCheck::Invalid { code: p.code, message: p.sentence(), part: p.part, cells: p.cells, count: p.count },
            Verdict::NoSolution => EntryCheck::NoSolution,
            Verdict::TooOpen => EntryCheck::TooOpen,
            Verdict::Multiple { first, second, differ } => EntryCheck::Multiple { first: line(&first), second: line(&second), differ },
            Verdict::Unique { solution, rating, .. } => EntryCheck::Unique {
                solution: solution.to_line(),
                difficulty: rating.map_or("unrated", |r| r.level.name()),
                hardest: rating.map(|r| r.hardest.name()),
            },
        }
    }
}

/// A drawing that can't be used, as the entry's error (kind `variant_puzzle`).
fn invalid(p: &Problem) -> EntryError {
    EntryError::Invalid {
        code: "variant_puzzle",
        message: format!("That puzzle can't be used: {}.", p.sentence()),
        detail: serde_json::to_value(p).ok(),
    }
}

fn too_open() -> EntryError {
    EntryError::Invalid { code: "variant_puzzle", message: format!("That puzzle can't be played: {}.", super::RulesError::TooOpen), detail: None }
}

/// "Play it": a drawing with one solution as a game of `V`, rated, its answer hidden.
pub fn play<V: Variety>(d: &Drawing) -> Result<Played, EntryError> {
    match check::<V>(d) {
        Verdict::Unique { puzzle, solution, rating } => {
            let level = rating.map_or("unrated", |r| r.level.name());
            let game = SudokuGame::with_variant(puzzle.givens.clone(), solution, level, None, Arc::clone(puzzle.rules.geometry())).map_err(|e| EntryError::Drawing(e.to_string()))?;
            Ok(Played { game: V::in_play(SudokuSession::from_game(game)), level: rating.map(|r| r.level.name()), technique: rating.map(|r| r.hardest.name()) })
        }
        Verdict::Invalid(p) => Err(invalid(&p)),
        Verdict::NoSolution => Err(EntryError::NoSolution),
        Verdict::TooOpen => Err(too_open()),
        Verdict::Multiple { .. } => Err(EntryError::NotUnique),
    }
}

/// An empty board of the drawn shape on which the player writes the givens (the drawing's own
/// givens already written), played as any game until "Start this puzzle". Its "solution" is a
/// placeholder filling of the shape, as Sudoku's entry board has; a shape with no filling at
/// all is said now, before any given is copied.
pub fn blank<V: Variety>(size: u8, shape: Option<serde_json::Value>) -> Result<GameInPlay, EntryError> {
    let d: Drawing = match shape {
        Some(v) => drawing(v)?,
        None => Drawing { size, ..Drawing::default() },
    };
    if d.size != size {
        return Err(EntryError::Drawing(format!("the shape is {}x{}, the board {size}x{size}", d.size, d.size)));
    }
    let rules = d.rules::<V>().map_err(|p| invalid(&p))?;
    let givens = d.givens(rules.shape()).map_err(|p| invalid(&p))?;
    let found = crate::sudoku::exact::solutions_within(rules.geometry(), givens.values(), 1, CHECK_NODES);
    let filling = match found.first {
        Some(v) => Grid::from_values(rules.shape(), v).ok_or_else(|| EntryError::Drawing("the filling does not fit the board".into()))?,
        None if found.gave_up => return Err(too_open()),
        None => return Err(EntryError::NoSolution),
    };
    let game = SudokuGame::with_variant(Grid::empty(rules.shape()), filling, BEING_ENTERED, None, Arc::clone(rules.geometry())).map_err(|e| EntryError::Drawing(e.to_string()))?;
    let mut session = SudokuSession::from_game(game);
    let n = rules.shape().n();
    for (i, &v) in givens.values().iter().enumerate() {
        if v != 0 {
            let write = crate::sudoku::play::Action::Grid(crate::session::gridplay::GridMove::SetValue { row: i / n, col: i % n, value: v });
            session.apply(write).map_err(|e| EntryError::Drawing(e.to_string()))?;
        }
    }
    Ok(V::in_play(session))
}

/// The drawing on a board being entered: its shape, and the values written as its givens.
pub fn on_board<V: Variety>(g: &GameInPlay) -> Option<serde_json::Value> {
    let s = V::session(g)?;
    let game = s.game();
    if !game.is_being_entered() {
        return None;
    }
    let layout = game.variant()?.layout();
    let rules = Rules::new(game.shape(), layout.regions, layout.jigsaw, layout.x, layout.cages).ok()?;
    let mut d = Drawing::of(&Puzzle { rules, givens: game.board() });
    if game.board().values().iter().all(|&v| v == 0) {
        d.givens.clear();
    }
    answer(&d).ok()
}

fn stem<V: Variety>(d: &Drawing) -> String {
    let name = match d.kind::<V>() {
        Kind::X => "sudoku-x",
        Kind::Jigsaw => "jigsaw",
        Kind::Killer => "killer",
        Kind::KillerX => "killer-x",
    };
    format!("{name}-{0}x{0}", d.size)
}

/// The drawing as a Solo game ID (its one file format).
fn write<V: Variety>(d: &Drawing) -> Result<String, EntryError> {
    let puzzle = d.puzzle::<V>().map_err(|p| invalid(&p))?;
    if d.cages.iter().any(|c| c.cells.len() == 1) {
        let message = "That puzzle can't be written as a Solo game ID: Solo's Killers have no one-cell cages (write that digit as a given instead).".into();
        return Err(EntryError::Invalid { code: "variant_puzzle", message, detail: None });
    }
    let id = puzzle.solo_id().map_err(|e| EntryError::Invalid { code: "variant_puzzle", message: format!("That puzzle can't be written as a Solo game ID: {e}."), detail: None })?;
    Ok(id + "\n")
}

/// A file's Solo game ID (its first line that is not blank or a `#` comment) as a drawing of `V`.
fn read<V: Variety>(text: &str) -> Result<serde_json::Value, EntryError> {
    let id = text.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with('#')).unwrap_or("");
    let unreadable = |m: String| EntryError::Invalid { code: "solo_id", message: format!("That file holds no Solo game ID to enter: {m}."), detail: None };
    let p = Puzzle::read_solo(id).map_err(|e| unreadable(e.to_string()))?;
    let kind = p.rules.kind().map_err(|e| unreadable(e.to_string()))?;
    if !V::holds(kind) {
        return Err(unreadable(format!("it is a {}, not a {}", kind.id(), V::NAME)));
    }
    answer(&Drawing::of(&p))
}

/// The entry of one variety, as the list gives it ([`crate::games::GameDef::entry`]).
pub const fn entry<V: Variety>() -> Entry {
    Entry {
        sizes: V::SIZES,
        formats: &[FileFormat { id: "solo", filter: "solo_id", extensions: &["txt"] }],
        any_filter: "solo_id",
        check: |v| answer(&EntryCheck::of(check::<V>(&drawing(v)?))),
        play: |v| play::<V>(&drawing(v)?),
        read: read::<V>,
        stem: |v| Ok(stem::<V>(&drawing(v.clone())?)),
        write: |v, _| write::<V>(&drawing(v.clone())?),
        board: Some(BoardEntry { blank: blank::<V>, drawing: on_board::<V> }),
        screen: V::DRAWN,
    }
}

#[cfg(test)]
mod tests {
    use super::super::def::{Jigsaw, Killer, X};
    use super::*;

    fn killer(id: &str) -> Drawing {
        Drawing::of(&Puzzle::read_solo(id).unwrap())
    }

    const KILLER: &str = "3x3k:zzzc,aaaaaaa__a__a__a____aa_aa__aaa____baa__aaa_aaa__aaa__a_b_b_b_a___a__a_____a_____a___a_a_aaaaaa_,10a8a11a10a9_14a9a11a11_10a10a13_3_17c9_17c17a8g13a9_11_9_13a17a6d23_17_15b19a15c21_7i8a5a";
    const JIGSAW: &str = "9j:3c5_7c2c3a5a9a7_4d1a4_9a3g6c9g8a2_5a8d3_9a1a3a2c8c7_8c3,aeaaa__abdbaab_g_b_ebagg_ebaba_abaaab_aaa_aaba_b_b_cbb";
    const X6: &str = "2x3x:c5h2a5b1_4b3a5h1c";

    #[test]
    fn solo_puzzles_drawn_back_are_unique_and_write_the_same_id() {
        for (id, verdict) in [(KILLER, check::<Killer>(&killer(KILLER))), (JIGSAW, check::<Jigsaw>(&killer(JIGSAW))), (X6, check::<X>(&killer(X6)))] {
            let Verdict::Unique { puzzle, solution, rating } = verdict else { panic!("{id}: {verdict:?}") };
            assert_eq!(puzzle.solo_id().unwrap(), id);
            assert!(solution.agrees_with(&puzzle.givens) && rating.is_some());
        }
        assert_eq!(write::<Killer>(&killer(KILLER)).unwrap(), format!("{KILLER}\n"));
        let read_back: Drawing = serde_json::from_value(read::<Jigsaw>(&format!("# a jigsaw\n{JIGSAW}\n")).unwrap()).unwrap();
        assert_eq!(read_back, killer(JIGSAW));
        assert!(read::<Killer>(JIGSAW).is_err(), "a jigsaw is no Killer");
    }

    #[test]
    fn problems_are_located() {
        let mut d = killer(KILLER);
        d.cages[3].sum = None;
        assert_eq!(d.puzzle::<Killer>().unwrap_err(), Problem::at(Fault::NoSum, Some(3), vec![]));
        d.cages[3].sum = Some(200);
        assert_eq!(d.puzzle::<Killer>().unwrap_err().code, Fault::BadSum);
        let mut d = killer(KILLER);
        let taken = d.cages[0].cells[0];
        d.cages[2].cells.push(taken);
        assert_eq!(d.puzzle::<Killer>().unwrap_err(), Problem::at(Fault::Overlap, Some(2), vec![taken]));
        let mut d = killer(JIGSAW);
        let moved = d.regions[0].pop().unwrap();
        let p = d.puzzle::<Jigsaw>().unwrap_err();
        assert_eq!((p.code, p.part, p.count), (Fault::RegionSize, Some(0), Some(8)));
        d.regions[1].push(moved);
        assert_eq!(d.puzzle::<Jigsaw>().unwrap_err().code, Fault::RegionSize);
        let mut d = killer(JIGSAW);
        d.regions.pop();
        let p = d.puzzle::<Jigsaw>().unwrap_err();
        assert_eq!((p.code, p.cells.len()), (Fault::Uncovered, 9));
        let mut d = killer(X6);
        d.givens.replace_range(0..2, "11");
        assert_eq!(d.puzzle::<X>().unwrap_err().code, Fault::Conflicts);
        assert!(matches!(check::<Killer>(&Drawing { size: 9, ..Drawing::default() }), Verdict::Invalid(Problem { code: Fault::NoCages, .. })));
        assert!(matches!(check::<Killer>(&Drawing { size: 6, ..killer(KILLER) }), Verdict::Invalid(_)), "no 6x6 Killer");
    }

    #[test]
    fn a_one_cell_cage_is_a_given_and_the_rest_is_searched() {
        let mut d = killer(KILLER);
        let Verdict::Unique { solution, .. } = check::<Killer>(&d) else { panic!() };
        // Split a two-cell cage into two one-cell cages with the solution's digits.
        let k = d.cages.iter().position(|c| c.cells.len() == 2).unwrap();
        let cage = d.cages.remove(k);
        for [r, c] in cage.cells {
            d.cages.push(DrawnCage { sum: Some(u32::from(solution.values()[r * 9 + c])), cells: vec![[r, c]] });
        }
        let Verdict::Unique { puzzle, .. } = check::<Killer>(&d) else { panic!() };
        assert_eq!(puzzle.givens.values().iter().filter(|&&v| v != 0).count(), 2);
        assert!(matches!(write::<Killer>(&d), Err(EntryError::Invalid { message, .. }) if message.contains("one-cell")));
        // Cages must cover the board; nine row cages of 45 say nothing: several solutions.
        d.cages.pop();
        assert_eq!(d.puzzle::<Killer>().unwrap_err().code, Fault::Uncaged);
        let rows = (0..9).map(|r| DrawnCage { sum: Some(45), cells: (0..9).map(|c| [r, c]).collect() }).collect();
        let open = Drawing { size: 9, x: false, regions: vec![], cages: rows, givens: String::new() };
        let v = check::<Killer>(&open);
        assert!(matches!(v, Verdict::Multiple { .. } | Verdict::TooOpen), "{v:?}");
    }

    #[test]
    fn the_board_being_entered_carries_the_shape_and_gives_it_back() {
        let mut d = killer(JIGSAW);
        let full = d.givens.clone();
        let g = blank::<Jigsaw>(9, Some(answer(&d).unwrap())).unwrap();
        assert!(g.is_being_entered());
        let back: Drawing = serde_json::from_value(on_board::<Jigsaw>(&g).unwrap()).unwrap();
        assert_eq!(back, d, "the givens are written on the board");
        d.givens.clear();
        let g = blank::<Jigsaw>(9, Some(answer(&d).unwrap())).unwrap();
        let back: Drawing = serde_json::from_value(on_board::<Jigsaw>(&g).unwrap()).unwrap();
        assert_eq!(back, d);
        assert!(on_board::<Killer>(&g).is_none(), "a jigsaw's board is no Killer's");
        assert!(play::<Jigsaw>(&back).is_err(), "no givens: not one solution");
        d.givens = full;
        let played = play::<Jigsaw>(&d).unwrap();
        assert!(!played.game.is_being_entered() && played.level.is_some());
        // An X needs no shape; a wrong size is refused.
        assert!(blank::<X>(6, None).unwrap().is_being_entered());
        assert!(blank::<X>(4, None).is_err());
    }

    #[test]
    fn any_json_is_an_error_never_a_panic() {
        let e = entry::<Killer>();
        for v in [serde_json::json!(null), serde_json::json!({"size": 9, "cages": [{"cells": [[99, 99]], "sum": 3}]}), serde_json::json!({"size": 255}), serde_json::json!({"size": 9, "givens": "12"}), serde_json::json!({"size": 9, "cages": [{"cells": [], "sum": 0}]})] {
            let _ = (e.check)(v.clone());
            assert!((e.play)(v.clone()).is_err());
            let _ = (e.write)(&v, &e.formats[0]);
        }
    }
}
