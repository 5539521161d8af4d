//! Human-technique solver: named steps with explanations, the full solution path, rating and
//! hints. Works on every shape (the box shape only changes which cells form a unit).
//!
//! Candidates are `u16` masks per cell: bit `v - 1` set means `v` is still possible.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use std::sync::Arc;

use crate::grid::{Geometry, Grid, Shape};

use super::solver;
use super::Difficulty;

mod cages;

/// A cell, 0-based.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Cell {
    pub row: usize,
    pub col: usize,
}

/// A value written into a cell, 0-based coordinates, value 1..=size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Placement {
    pub row: usize,
    pub col: usize,
    pub value: u8,
}

/// A pencil-mark candidate, 0-based coordinates, value 1..=size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Candidate {
    pub row: usize,
    pub col: usize,
    pub value: u8,
}

/// The techniques, easiest first (the solver tries them in this order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Technique {
    FullHouse,
    HiddenSingle,
    NakedSingle,
    CageCombination,
    Pointing,
    Claiming,
    CageUnit,
    InniesOuties,
    NakedPair,
    HiddenPair,
    NakedTriple,
    HiddenTriple,
    InniesOutiesRuns,
    XWing,
    XyWing,
    XyzWing,
    WWing,
    Swordfish,
    NakedQuad,
    HiddenQuad,
    Jellyfish,
    SimpleColouring,
    ForcingChain,
    Trial,
}

impl Technique {
    pub const ALL: [Technique; 24] = [
        Technique::FullHouse,
        Technique::HiddenSingle,
        Technique::NakedSingle,
        Technique::CageCombination,
        Technique::Pointing,
        Technique::Claiming,
        Technique::CageUnit,
        Technique::InniesOuties,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
        Technique::InniesOutiesRuns,
        Technique::XWing,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::WWing,
        Technique::Swordfish,
        Technique::NakedQuad,
        Technique::HiddenQuad,
        Technique::Jellyfish,
        Technique::SimpleColouring,
        Technique::ForcingChain,
        Technique::Trial,
    ];

    /// The name shown to players.
    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "Full house",
            Technique::HiddenSingle => "Hidden single",
            Technique::NakedSingle => "Naked single",
            Technique::CageCombination => "Cage combinations",
            Technique::Pointing => "Locked candidates (pointing)",
            Technique::Claiming => "Locked candidates (claiming)",
            Technique::CageUnit => "Cage and unit",
            Technique::InniesOuties => "Innies and outies",
            Technique::NakedPair => "Naked pair",
            Technique::HiddenPair => "Hidden pair",
            Technique::NakedTriple => "Naked triple",
            Technique::HiddenTriple => "Hidden triple",
            Technique::InniesOutiesRuns => "Innies and outies over several rows or columns",
            Technique::XWing => "X-wing",
            Technique::XyWing => "XY-wing",
            Technique::XyzWing => "XYZ-wing",
            Technique::WWing => "W-wing",
            Technique::Swordfish => "Swordfish",
            Technique::NakedQuad => "Naked quad",
            Technique::HiddenQuad => "Hidden quad",
            Technique::Jellyfish => "Jellyfish",
            Technique::SimpleColouring => "Simple colouring",
            Technique::ForcingChain => "Forcing chain",
            Technique::Trial => "Trial",
        }
    }

    /// The snake_case identifier used by the CLI and JSON.
    pub const fn id(self) -> &'static str {
        match self {
            Technique::FullHouse => "full_house",
            Technique::HiddenSingle => "hidden_single",
            Technique::NakedSingle => "naked_single",
            Technique::CageCombination => "cage_combination",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::CageUnit => "cage_unit",
            Technique::InniesOuties => "innies_outies",
            Technique::NakedPair => "naked_pair",
            Technique::HiddenPair => "hidden_pair",
            Technique::NakedTriple => "naked_triple",
            Technique::HiddenTriple => "hidden_triple",
            Technique::InniesOutiesRuns => "innies_outies_runs",
            Technique::XWing => "x_wing",
            Technique::XyWing => "xy_wing",
            Technique::XyzWing => "xyz_wing",
            Technique::WWing => "w_wing",
            Technique::Swordfish => "swordfish",
            Technique::NakedQuad => "naked_quad",
            Technique::HiddenQuad => "hidden_quad",
            Technique::Jellyfish => "jellyfish",
            Technique::SimpleColouring => "simple_colouring",
            Technique::ForcingChain => "forcing_chain",
            Technique::Trial => "trial",
        }
    }

    /// The level a puzzle needing this technique gets.
    pub fn level(self) -> Difficulty {
        use Technique::*;
        match self {
            // A Killer's easiest steps are its cages' sums: without them it has no start.
            FullHouse | HiddenSingle | NakedSingle | CageCombination => Difficulty::Easy,
            Pointing | Claiming | CageUnit | InniesOuties | NakedPair | HiddenPair | NakedTriple | HiddenTriple => {
                Difficulty::Medium
            }
            // The 45 rule over one unit is a Killer's everyday step; over a run of rows or
            // columns it has to be seen across the board, the step a hard Killer asks for.
            InniesOutiesRuns | XWing | XyWing | XyzWing | WWing | Swordfish | NakedQuad | HiddenQuad | Jellyfish => {
                Difficulty::Hard
            }
            SimpleColouring | ForcingChain | Trial => Difficulty::Expert,
        }
    }

    /// Base score of a puzzle whose hardest step is this technique (see docs/sudoku.md).
    pub fn weight(self) -> u32 {
        use Technique::*;
        match self {
            FullHouse => 100,
            HiddenSingle => 120,
            NakedSingle => 150,
            CageCombination => 150,
            Pointing => 300,
            Claiming => 320,
            CageUnit => 325,
            InniesOuties => 330,
            NakedPair => 340,
            HiddenPair => 360,
            NakedTriple => 380,
            HiddenTriple => 400,
            InniesOutiesRuns => 480,
            XWing => 500,
            XyWing => 520,
            XyzWing => 540,
            WWing => 560,
            Swordfish => 580,
            NakedQuad => 600,
            HiddenQuad => 620,
            Jellyfish => 640,
            SimpleColouring => 800,
            ForcingChain => 850,
            Trial => 950,
        }
    }

    /// The singles, which `propagate_singles` makes all at once.
    fn is_single(self) -> bool {
        matches!(self, Technique::FullHouse | Technique::HiddenSingle | Technique::NakedSingle)
    }
}

impl std::fmt::Display for Technique {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// One deduction: what it places or removes, what it relies on, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    pub technique: Technique,
    pub placements: Vec<Placement>,
    pub eliminations: Vec<Candidate>,
    /// Cells the step relies on (a unit, the pattern's cells), for highlighting.
    pub focus_cells: Vec<Cell>,
    /// Candidates the step relies on, for highlighting.
    pub focus_candidates: Vec<Candidate>,
    /// One sentence a player understands; cells are written r4c2 (1-based).
    pub explanation: String,
}

/// A puzzle's difficulty: level from the hardest technique, and a comparable score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rating {
    pub level: Difficulty,
    /// `hardest.weight()` plus one per step beyond singles (at most 99): easy 100-249,
    /// medium 300-499, hard 500-739, expert 800-1049.
    pub score: u32,
    pub hardest: Technique,
}

/// What a hint tells the player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Hint {
    /// An entry that differs from the solution: fix this first.
    WrongEntry { row: usize, col: usize, value: u8, explanation: String },
    /// A pencil mark that removed the correct value from a cell.
    MissingCandidate { row: usize, col: usize, value: u8, explanation: String },
    /// The easiest next step.
    Step { step: Step },
    /// Every cell is filled correctly.
    Solved,
}

/// Why the human solver cannot work on a board.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum HumanError {
    #[error("the puzzle has no solution")]
    Unsolvable,
    #[error("the puzzle has more than one solution")]
    NotUnique,
    #[error("the current state is a {seen}x{seen} board but the puzzle is {expected}x{expected}")]
    ShapeMismatch { expected: u8, seen: u8 },
    #[error("expected {expected} candidate masks (one per cell), got {seen}")]
    CandidateCount { expected: usize, seen: usize },
}

/// A classic shape's geometry, shared (the variants bring their own: [`Board::in_geometry`]).
fn geometry(shape: Shape) -> Arc<Geometry> {
    Arc::clone(Geometry::shared_sudoku(shape))
}

fn bits(m: u16) -> impl Iterator<Item = u8> {
    (0..16u8).filter(move |&d| m & (1 << d) != 0).map(|d| d + 1)
}

fn list_values(m: u16) -> String {
    let v: Vec<String> = bits(m).map(|d| crate::grid::symbol_char(d).to_string()).collect();
    join_and(&v)
}

fn join_and(v: &[String]) -> String {
    match v.len() {
        0 => String::new(),
        1 => v[0].clone(),
        _ => format!("{} and {}", v[..v.len() - 1].join(", "), v[v.len() - 1]),
    }
}

fn sym(v: u8) -> char {
    crate::grid::symbol_char(v)
}

/// At most 16 cells (a unit's worth on the largest board) on the stack: the finders' scratch
/// lists, so scanning for a step allocates nothing until one is found.
#[derive(Clone, Copy)]
struct Few {
    a: [usize; 16],
    n: usize,
}

impl Few {
    fn new() -> Few {
        Few { a: [0; 16], n: 0 }
    }

    /// Callers push at most one unit's cells, and no shape has units over 16 cells.
    fn push(&mut self, c: usize) {
        self.a[self.n] = c;
        self.n += 1;
    }
}

impl std::ops::Deref for Few {
    type Target = [usize];
    fn deref(&self) -> &[usize] {
        &self.a[..self.n]
    }
}

impl IntoIterator for Few {
    type Item = usize;
    type IntoIter = std::iter::Take<std::array::IntoIter<usize, 16>>;
    fn into_iter(self) -> Self::IntoIter {
        self.a.into_iter().take(self.n)
    }
}

impl std::ops::DerefMut for Few {
    fn deref_mut(&mut self) -> &mut [usize] {
        &mut self.a[..self.n]
    }
}

/// The mask with every value of an n x n board.
fn all_values(n: usize) -> u16 {
    if n >= 16 { u16::MAX } else { (1 << n) - 1 }
}

/// Units on the largest board (16 rows, 16 columns, 16 boxes, 2 diagonals).
const MAX_UNITS: usize = 50;

/// Cell `i` of an n x n board as players read it, `r4c2` (see [`Board::rc`]).
struct CellName {
    i: usize,
    n: usize,
}

impl std::fmt::Display for CellName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "r{}c{}", self.i / self.n + 1, self.i % self.n + 1)
    }
}

/// Unit `u` (rows, then columns, then boxes) of an n x n board: `row 4` (see [`Board::unit_name`]).
struct UnitName {
    u: usize,
    n: usize,
    jigsaw: bool,
}

impl std::fmt::Display for UnitName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (u, n) = (self.u, self.n);
        match u / n {
            0 => write!(f, "row {}", u + 1),
            1 => write!(f, "column {}", u - n + 1),
            2 if self.jigsaw => write!(f, "region {}", u - 2 * n + 1),
            2 => write!(f, "box {}", u - 2 * n + 1),
            _ if u == 3 * n => f.write_str("the main diagonal"),
            _ => f.write_str("the anti-diagonal"),
        }
    }
}

/// A board in play: values plus candidates. A filled cell's candidates are always 0 (the unit
/// scans rely on it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    shape: Shape,
    geo: Arc<Geometry>,
    values: Vec<u8>,
    cands: Vec<u16>,
    // Kept up to date by `place`, so the singles need not scan every unit for them each step.
    /// Empty cells on the board.
    empty: usize,
    /// Empty cells per unit.
    unit_empty: [u8; MAX_UNITS],
    /// Values placed per unit (a mask; on a board with conflicting givens a value may be there twice).
    unit_placed: [u16; MAX_UNITS],
    /// The units (bit u) with a cell whose candidates changed since `propagate_singles` last
    /// looked at them for hidden singles: a unit that did not change has none new (its last
    /// look placed them all), so only these are looked at again. Most steps change a few cells.
    dirty: u64,
    /// Whether steps get their sentence (and the highlights made by `focus_all` and
    /// `focus_value`). Rating and the generator's checks read only a step's technique and
    /// moves, so they turn it off: the sentences were a tenth of a Killer generator's
    /// instructions, the highlights a twelfth of an easy one's (docs/benchmarks.md).
    explain: bool,
}

impl Board {
    /// Values from a grid, candidates computed from them.
    pub fn new(grid: &Grid) -> Board {
        Board::in_geometry(grid, geometry(grid.shape()))
    }

    /// A board of a variant (issue 42): `geo` holds its regions, diagonals and cages; it must be
    /// of the grid's side.
    pub fn in_geometry(grid: &Grid, geo: Arc<Geometry>) -> Board {
        let shape = grid.shape();
        let n = shape.n();
        let geo = if geo.n == n && geo.units.len() <= MAX_UNITS { geo } else { geometry(shape) };
        let all = all_values(n);
        let values = grid.values().to_vec();
        let mut b = Board {
            shape,
            geo,
            empty: values.iter().filter(|&&v| v == 0).count(),
            values,
            cands: vec![0; n * n],
            unit_empty: [0; MAX_UNITS],
            unit_placed: [0; MAX_UNITS],
            dirty: u64::MAX,
            explain: true,
        };
        for u in 0..b.geo.units.len() {
            b.recount(u);
        }
        for i in 0..n * n {
            if b.values[i] == 0 {
                // A peer is a cell of one of the cell's units (its row, column and box) or of
                // its cage.
                let mut m = b.geo.cell_units[i].iter().fold(all, |m, &u| m & !b.unit_placed[u]);
                if let Some(k) = b.geo.cage_of[i] {
                    for &c in &b.geo.cages[usize::from(k)].cells {
                        if b.values[c] != 0 {
                            m &= !(1 << (b.values[c] - 1));
                        }
                    }
                }
                b.cands[i] = m;
            }
        }
        b
    }

    /// Recomputes unit `u`'s empty count and placed mask from the values.
    fn recount(&mut self, u: usize) {
        let (mut empty, mut placed) = (0u8, 0u16);
        for &c in &self.geo.units[u] {
            match self.values[c] {
                0 => empty += 1,
                v => placed |= 1 << (v - 1),
            }
        }
        self.unit_empty[u] = empty;
        self.unit_placed[u] = placed;
    }

    /// Like [`Board::new`], but keeping only the player's pencil marks where a cell has any.
    pub fn with_candidates(grid: &Grid, marks: &[u16]) -> Result<Board, HumanError> {
        Board::with_candidates_in(grid, geometry(grid.shape()), marks)
    }

    /// [`Board::with_candidates`] on a variant's geometry.
    pub fn with_candidates_in(grid: &Grid, geo: Arc<Geometry>, marks: &[u16]) -> Result<Board, HumanError> {
        let mut b = Board::in_geometry(grid, geo);
        if marks.len() != b.cands.len() {
            return Err(HumanError::CandidateCount { expected: b.cands.len(), seen: marks.len() });
        }
        for (c, &m) in b.cands.iter_mut().zip(marks) {
            if m != 0 {
                *c &= m;
            }
        }
        Ok(b)
    }

    pub fn grid(&self) -> Grid {
        Grid::from_values(self.shape, self.values.clone()).unwrap_or_else(|| Grid::empty(self.shape))
    }

    pub fn candidates(&self) -> &[u16] {
        &self.cands
    }

    fn n(&self) -> usize {
        self.shape.n()
    }

    fn is_solved(&self) -> bool {
        self.empty == 0
    }

    /// Whether the filled board is a valid solution: each unit holds every value (n cells and n
    /// distinct values, so none twice).
    fn is_valid_solution(&self) -> bool {
        let all = all_values(self.n());
        self.geo.units.iter().all(|u| {
            u.iter().fold(0u16, |m, &c| if self.values[c] == 0 { m } else { m | 1 << (self.values[c] - 1) }) == all
        }) && self.geo.cages.iter().all(|k| k.cells.iter().map(|&c| u16::from(self.values[c])).sum::<u16>() == k.sum)
    }

    fn cell(&self, i: usize) -> Cell {
        Cell { row: i / self.n(), col: i % self.n() }
    }

    fn cand(&self, i: usize, v: u8) -> Candidate {
        Candidate { row: i / self.n(), col: i % self.n(), value: v }
    }

    /// `r4c2`: written straight into the explanation (a value, not a String, so the text of a
    /// step costs one allocation).
    fn rc(&self, i: usize) -> CellName {
        CellName { i, n: self.n() }
    }

    fn rcs(&self, cells: &[usize]) -> String {
        let v: Vec<String> = cells.iter().map(|&c| self.rc(c).to_string()).collect();
        join_and(&v)
    }

    /// `row 4`, `column 4` or `box 4`, written like [`Board::rc`].
    fn unit_name(&self, u: usize) -> UnitName {
        UnitName { u, n: self.n(), jigsaw: self.geo.jigsaw }
    }

    /// Becomes a copy of `o` (same shape) without allocating: the forcing chains' scratch boards.
    fn copy_from(&mut self, o: &Board) {
        self.values.copy_from_slice(&o.values);
        self.cands.copy_from_slice(&o.cands);
        self.empty = o.empty;
        self.unit_empty = o.unit_empty;
        self.unit_placed = o.unit_placed;
        self.dirty = o.dirty;
        self.explain = o.explain;
    }

    /// Writes `v` in `cell` and removes it from the peers' candidates.
    pub fn place(&mut self, cell: usize, v: u8) {
        let old = self.values[cell];
        self.values[cell] = v;
        self.cands[cell] = 0;
        self.touch(cell);
        let bit = 1u16 << (v - 1);
        let geo = Arc::clone(&self.geo);
        for &p in &geo.peers[cell] {
            if self.cands[p] & bit != 0 {
                self.cands[p] &= !bit;
                self.touch(p);
            }
        }
        if old == 0 {
            self.empty -= 1;
            for &u in &self.geo.cell_units[cell] {
                self.unit_empty[u] -= 1;
                self.unit_placed[u] |= bit;
            }
        } else {
            // The steps only fill empty cells; an overwrite (not made by this module) recounts.
            for &u in &geo.cell_units[cell] {
                self.recount(u);
            }
        }
    }

    pub fn apply(&mut self, step: &Step) {
        let n = self.n();
        for p in &step.placements {
            self.place(p.row * n + p.col, p.value);
        }
        for e in &step.eliminations {
            self.cands[e.row * n + e.col] &= !(1 << (e.value - 1));
            self.touch(e.row * n + e.col);
        }
    }

    /// Marks the units of a cell whose candidates changed (see [`Board::dirty`]).
    fn touch(&mut self, cell: usize) {
        for &u in &self.geo.cell_units[cell] {
            self.dirty |= 1 << u;
        }
    }

    /// Empty cells of a unit holding candidate `v`, in the unit's order.
    fn positions(&self, u: usize, v: u8) -> Few {
        let bit = 1u16 << (v - 1);
        let mut out = Few::new();
        for &c in &self.geo.units[u] {
            if self.cands[c] & bit != 0 {
                out.push(c);
            }
        }
        out
    }

    fn unit_has_value(&self, u: usize, v: u8) -> bool {
        self.unit_placed[u] & (1 << (v - 1)) != 0
    }

    fn sees(&self, a: usize, b: usize) -> bool {
        self.geo.sees(a, b)
    }

    /// A step of `technique`, its sentence written by `explain` only if this board explains.
    fn step(&self, technique: Technique, explain: impl FnOnce() -> String) -> Step {
        Step {
            technique,
            placements: Vec::new(),
            eliminations: Vec::new(),
            focus_cells: Vec::new(),
            focus_candidates: Vec::new(),
            explanation: if self.explain { explain() } else { String::new() },
        }
    }

    /// This board without sentences (see [`Board::explain`]).
    fn quiet(mut self) -> Board {
        self.explain = false;
        self
    }

    fn placement(&self, i: usize, v: u8) -> Placement {
        Placement { row: i / self.n(), col: i % self.n(), value: v }
    }

    fn cells(&self, cells: &[usize]) -> Vec<Cell> {
        cells.iter().map(|&c| self.cell(c)).collect()
    }

    /// Candidate `v` in each of `cells` (the callers know they hold it).
    fn cands_of(&self, cells: &[usize], v: u8) -> Vec<Candidate> {
        cells.iter().map(|&c| self.cand(c, v)).collect()
    }

    /// The candidates of `cells` inside `mask`, cell by cell.
    fn cands_in(&self, cells: &[usize], mask: u16) -> Vec<Candidate> {
        cells.iter().flat_map(|&c| bits(self.cands[c] & mask).map(move |v| self.cand(c, v))).collect()
    }

    /// Highlights `cells` with every candidate they hold (patterns made of whole cells).
    fn focus_all(&self, s: &mut Step, cells: &[usize]) {
        if !self.explain {
            return;
        }
        s.focus_cells = self.cells(cells);
        s.focus_candidates = self.cands_in(cells, u16::MAX);
    }

    /// Highlights `cells` with candidate `v` in each (patterns made of one value's places).
    fn focus_value(&self, s: &mut Step, cells: &[usize], v: u8) {
        if !self.explain {
            return;
        }
        s.focus_cells = self.cells(cells);
        s.focus_candidates = self.cands_of(cells, v);
    }
}

/// Per-value masks of unit `u`'s empty cells: values with at least one place, values with two or
/// more, and values already placed. Shared by the hidden-single step and `propagate_singles`.
fn unit_counts(b: &Board, u: usize) -> (u16, u16, u16) {
    let (mut ones, mut twos) = (0u16, 0u16);
    // Filled cells have no candidates: no need to test the values.
    for &c in &b.geo.units[u] {
        twos |= ones & b.cands[c];
        ones |= b.cands[c];
    }
    (ones, twos, b.unit_placed[u])
}

/// Where each value can go in unit `u`: entry `v - 1` has bit j set when the unit's j-th cell
/// holds candidate v (filled cells hold none, so a placed value has no places). One pass over
/// the unit's candidates, rather than one pass over its cells per value: the finders below ask
/// this of every unit, for every value, each time they run.
fn value_places(b: &Board, u: usize) -> [u32; 16] {
    let mut out = [0u32; 16];
    for (j, &c) in b.geo.units[u].iter().enumerate() {
        let mut m = b.cands[c];
        while m != 0 {
            out[m.trailing_zeros() as usize] |= 1 << j;
            m &= m - 1;
        }
    }
    out
}

// ---------------------------------------------------------------- singles

fn full_house(b: &Board) -> Option<Step> {
    for u in 0..b.geo.units.len() {
        if b.unit_empty[u] != 1 {
            continue;
        }
        let c = b.geo.units[u].iter().copied().find(|&c| b.values[c] == 0)?;
        // The lowest missing value (with conflicting givens there may be none).
        let missing = all_values(b.n()) & !b.unit_placed[u];
        if missing == 0 {
            return None;
        }
        let v = missing.trailing_zeros() as u8 + 1;
        let mut s = b.step(
            Technique::FullHouse,
            || format!("{} is the last empty cell in {}, so it must be {}.", b.rc(c), b.unit_name(u), sym(v)),
        );
        s.placements.push(b.placement(c, v));
        s.focus_cells = b.cells(&b.geo.units[u]);
        return Some(s);
    }
    None
}

fn naked_single(b: &Board) -> Option<Step> {
    for i in 0..b.values.len() {
        if b.values[i] == 0 && b.cands[i].count_ones() == 1 {
            let v = b.cands[i].trailing_zeros() as u8 + 1;
            let mut s = b.step(
                Technique::NakedSingle,
                || format!("{} has only one candidate left: {}.", b.rc(i), sym(v)),
            );
            s.placements.push(b.placement(i, v));
            b.focus_value(&mut s, &[i], v);
            return Some(s);
        }
    }
    None
}

fn hidden_single(b: &Board) -> Option<Step> {
    let n = b.n();
    // Boxes first: that is where players look first; an X's diagonals last.
    let order = (2 * n..3 * n).chain(0..2 * n).chain(3 * n..b.geo.units.len());
    for u in order {
        let (ones, twos, placed) = unit_counts(b, u);
        let hidden = ones & !twos & !placed;
        if hidden == 0 {
            continue;
        }
        let v = hidden.trailing_zeros() as u8 + 1;
        let bit = 1u16 << (v - 1);
        let c = b.geo.units[u].iter().copied().find(|&c| b.cands[c] & bit != 0)?;
        let unit = b.unit_name(u);
        let mut s = b.step(Technique::HiddenSingle, || format!("In {unit}, {} can only go in {}.", sym(v), b.rc(c)));
        s.placements.push(b.placement(c, v));
        s.focus_cells = b.cells(&b.geo.units[u]);
        s.focus_candidates.push(b.cand(c, v));
        return Some(s);
    }
    None
}

// ---------------------------------------------------------------- locked candidates

/// Pointing and claiming are the same step seen from either side: in unit `from`, `v` sits only
/// in `pos`, which all lie in unit `to`, so `v` leaves the rest of `to`. None if nothing goes.
fn locked(b: &Board, technique: Technique, from: usize, to: usize, v: u8, pos: &[usize]) -> Option<Step> {
    let mut elim = Few::new();
    for &c in b.positions(to, v).iter() {
        if !pos.contains(&c) {
            elim.push(c);
        }
    }
    if elim.is_empty() {
        return None;
    }
    let (f, t) = (b.unit_name(from), b.unit_name(to));
    let mut s =
        b.step(technique, || format!("In {f}, {} can only be in {t}, so it can be removed from the rest of {t}.", sym(v)));
    s.eliminations = b.cands_of(&elim, v);
    s.focus_cells = b.cells(&b.geo.units[from]);
    s.focus_candidates = b.cands_of(pos, v);
    Some(s)
}

fn pointing(b: &Board) -> Option<Step> {
    let n = b.n();
    for bx in 2 * n..3 * n {
        let at = value_places(b, bx);
        for v in 1..=n as u8 {
            // Rows and columns of v's places first: the list is only made when they line up.
            let mut m = at[v as usize - 1];
            let (count, mut rows, mut cols) = (m.count_ones(), 0u32, 0u32);
            while m != 0 {
                let c = b.geo.units[bx][m.trailing_zeros() as usize];
                m &= m - 1;
                rows |= 1 << (c / n);
                cols |= 1 << (c % n);
            }
            if count < 2 || (rows.count_ones() > 1 && cols.count_ones() > 1) {
                continue;
            }
            let pos = b.positions(bx, v);
            for line in [0, 1] {
                let key = |c: usize| if line == 0 { c / n } else { c % n };
                if !pos.iter().all(|&c| key(c) == key(pos[0])) {
                    continue;
                }
                let lu = if line == 0 { key(pos[0]) } else { n + key(pos[0]) };
                if let Some(s) = locked(b, Technique::Pointing, bx, lu, v, &pos) {
                    return Some(s);
                }
            }
        }
    }
    None
}

/// Locked candidates through an X's diagonals: a digit that, in a diagonal, can only be in
/// cells of one row, column or box leaves the rest of that unit; and one that, in a row, column
/// or box, can only be on a diagonal leaves the rest of the diagonal. (Rows, columns and boxes
/// among themselves are pointing and claiming.)
fn diagonal_locked(b: &Board) -> Option<Step> {
    let n = b.n();
    for d in 3 * n..b.geo.units.len() {
        for v in 1..=n as u8 {
            let pos = b.positions(d, v);
            if pos.len() < 2 || b.unit_has_value(d, v) {
                continue;
            }
            for &to in &b.geo.cell_units[pos[0]] {
                if to != d && pos.iter().all(|&c| b.geo.cell_units[c].contains(&to)) {
                    let t = if to >= 2 * n { Technique::Pointing } else { Technique::Claiming };
                    if let Some(s) = locked(b, t, d, to, v, &pos) {
                        return Some(s);
                    }
                }
            }
        }
    }
    for from in 0..3 * n {
        // Each value's places in one pass over the unit; most have none on a diagonal.
        let at = value_places(b, from);
        for v in 1..=n as u8 {
            let m = at[v as usize - 1];
            if m.count_ones() < 2 || b.unit_has_value(from, v) {
                continue;
            }
            let on = |d: usize| {
                let mut rest = m;
                while rest != 0 {
                    let c = b.geo.units[from][rest.trailing_zeros() as usize];
                    rest &= rest - 1;
                    if !b.geo.cell_units[c].contains(&d) {
                        return false;
                    }
                }
                true
            };
            for d in 3 * n..b.geo.units.len() {
                if on(d) {
                    let pos = b.positions(from, v);
                    let t = if from >= 2 * n { Technique::Pointing } else { Technique::Claiming };
                    if let Some(s) = locked(b, t, from, d, v, &pos) {
                        return Some(s);
                    }
                }
            }
        }
    }
    None
}

fn claiming(b: &Board) -> Option<Step> {
    let n = b.n();
    for lu in 0..2 * n {
        let at = value_places(b, lu);
        for v in 1..=n as u8 {
            let mut m = at[v as usize - 1];
            let (count, mut boxes) = (m.count_ones(), 0u32);
            while m != 0 {
                let c = b.geo.units[lu][m.trailing_zeros() as usize];
                m &= m - 1;
                boxes |= 1 << (b.geo.cell_units[c][2] - 2 * n);
            }
            if count < 2 || boxes.count_ones() > 1 {
                continue;
            }
            let pos = b.positions(lu, v);
            let bx0 = b.geo.cell_units[pos[0]][2];
            if !pos.iter().all(|&c| b.geo.cell_units[c][2] == bx0) {
                continue;
            }
            if let Some(s) = locked(b, Technique::Claiming, lu, bx0, v, &pos) {
                return Some(s);
            }
        }
    }
    None
}

// ---------------------------------------------------------------- subsets

/// Calls `f` with the k-combinations of `items` whose masks (`mask` of each item) together hold
/// exactly k bits, in lexicographic order, until it returns Some; `f` also gets that union.
/// Every caller (naked and hidden subsets, fish) needs exactly k: k cells with k candidates
/// between them, k values in k places, k base lines on k cover lines. A combination only gains
/// bits as it grows, so one whose start already holds more than k is cut with everything that
/// starts the same way; the combinations left come in the same order as before the cut, so the
/// first hit is the same as when every combination was tried (and 16x16 boards, with C(16, 4) =
/// 1820 quads per unit, get far fewer). `k` is at most 4 (quads, jellyfish); the current
/// combination lives in a stack array.
fn combos<T: Copy, R>(
    items: &[T],
    k: usize,
    mask: impl Fn(T) -> u32,
    f: &mut impl FnMut(&[T], u32) -> Option<R>,
) -> Option<R> {
    #[allow(clippy::too_many_arguments)]
    fn rec<T: Copy, R>(
        items: &[T],
        k: usize,
        start: usize,
        cur: &mut [T; 4],
        len: usize,
        union: u32,
        mask: &impl Fn(T) -> u32,
        f: &mut impl FnMut(&[T], u32) -> Option<R>,
    ) -> Option<R> {
        if len == k {
            return if union.count_ones() as usize == k { f(&cur[..k], union) } else { None };
        }
        for i in start..items.len() {
            if items.len() - i < k - len {
                break;
            }
            let u = union | mask(items[i]);
            if u.count_ones() as usize > k {
                continue;
            }
            cur[len] = items[i];
            if let Some(r) = rec(items, k, i + 1, cur, len + 1, u, mask, f) {
                return Some(r);
            }
        }
        None
    }
    let (Some(&first), true) = (items.first(), k <= 4) else { return None };
    rec(items, k, 0, &mut [first; 4], 0, 0, &mask, f)
}

fn naked_subset(b: &Board, k: usize) -> Option<Step> {
    let tech = match k {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    };
    for u in 0..b.geo.units.len() {
        let mut cells = Few::new();
        let mut empties = 0;
        for &c in &b.geo.units[u] {
            if b.values[c] == 0 {
                empties += 1;
                if (2..=k as u32).contains(&b.cands[c].count_ones()) {
                    cells.push(c);
                }
            }
        }
        if cells.len() < k || empties <= k {
            continue;
        }
        let found = combos(&cells, k, |c| b.cands[c] as u32, &mut |set: &[usize], m: u32| {
            let m = m as u16;
            let mut others = Few::new();
            for &c in &b.geo.units[u] {
                if !set.contains(&c) {
                    others.push(c);
                }
            }
            let elim = b.cands_in(&others, m);
            if elim.is_empty() {
                return None;
            }
            let mut s = b.step(
                tech,
                || format!(
                    "{} can only hold {} between them, so {} can be removed from the other cells of {}.",
                    b.rcs(set),
                    list_values(m),
                    list_values(m),
                    b.unit_name(u)
                ),
            );
            s.eliminations = elim;
            b.focus_all(&mut s, set);
            Some(s)
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

fn hidden_subset(b: &Board, k: usize) -> Option<Step> {
    let tech = match k {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    };
    let n = b.n();
    for u in 0..b.geo.units.len() {
        if b.unit_empty[u] as usize <= k {
            continue;
        }
        // Each digit's places as a mask over the unit's cells (bit j = the unit's j-th cell).
        let unit = &b.geo.units[u];
        let placed = b.unit_placed[u];
        let mut digits = [0u8; 16];
        let mut places = [0u32; 16];
        let mut nd = 0;
        let at = value_places(b, u);
        for v in 1..=n as u8 {
            let bit = 1u16 << (v - 1);
            if placed & bit != 0 {
                continue;
            }
            let m = at[v as usize - 1];
            if (2..=k as u32).contains(&m.count_ones()) {
                digits[nd] = v;
                places[nd] = m;
                nd += 1;
            }
        }
        if nd < k {
            continue;
        }
        // Combinations of indices into `digits`, each with its places as the mask.
        let index: [usize; 16] = std::array::from_fn(|j| j);
        let found = combos(&index[..nd], k, |j| places[j], &mut |set: &[usize], union: u32| {
            let mut cells = Few::new();
            for (j, &c) in unit.iter().enumerate() {
                if union & (1 << j) != 0 {
                    cells.push(c);
                }
            }
            // In cell order, as the explanation has always listed them.
            cells.sort_unstable();
            let m = set.iter().fold(0u16, |m, &j| m | 1 << (digits[j] - 1));
            let elim = b.cands_in(&cells, !m);
            if elim.is_empty() {
                return None;
            }
            let mut s = b.step(
                tech,
                || format!(
                    "In {}, {} only appear in {}, so those cells can hold nothing else.",
                    b.unit_name(u),
                    list_values(m),
                    b.rcs(&cells)
                ),
            );
            s.eliminations = elim;
            s.focus_cells = b.cells(&b.geo.units[u]);
            s.focus_candidates = b.cands_in(&cells, m);
            Some(s)
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

// ---------------------------------------------------------------- fish

fn fish(b: &Board, k: usize) -> Option<Step> {
    let tech = match k {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    };
    let n = b.n();
    // Each line's places of each value: rows (units 0..n) in `lines[0]`, columns (n..2n) in
    // `lines[1]`. A row's j-th cell is in column j and a column's j-th cell in row j, so a
    // base line's places are, bit for bit, the cover lines it meets.
    let mut lines = [[[0u32; 16]; 16]; 2];
    for l in 0..n {
        lines[0][l] = value_places(b, l);
        lines[1][l] = value_places(b, n + l);
    }
    for v in 1..=n as u8 {
        for rows_base in [true, false] {
            // Base lines: rows (or columns) where v has 2..=k places; cover: the crossing lines.
            // Units 0..n are rows and n..2n columns; a cell lies on base line `base_of` and
            // cover line `cover_of`.
            let base_unit = |l: usize| if rows_base { l } else { n + l };
            let cover_unit = |x: usize| if rows_base { n + x } else { x };
            let base_of = |c: usize| if rows_base { c / n } else { c % n };
            let table = &lines[if rows_base { 0 } else { 1 }];
            let mut base = [(0usize, 0u32); 16];
            let mut nb = 0;
            for l in 0..n {
                // A value placed in the line has no places there.
                let mask = table[l][v as usize - 1];
                if (2..=k as u32).contains(&mask.count_ones()) {
                    base[nb] = (l, mask);
                    nb += 1;
                }
            }
            let base = &base[..nb];
            if base.len() < k {
                continue;
            }
            let found = combos(base, k, |(_, x)| x, &mut |set: &[(usize, u32)], cover: u32| {
                let lines: Vec<usize> = set.iter().map(|&(l, _)| l).collect();
                let covers: Vec<usize> = (0..n).filter(|&x| cover & (1 << x) != 0).collect();
                let mut elim = Vec::new();
                for &x in &covers {
                    for c in b.positions(cover_unit(x), v) {
                        if !lines.contains(&base_of(c)) {
                            elim.push(b.cand(c, v));
                        }
                    }
                }
                if elim.is_empty() {
                    return None;
                }
                let (bw, cw) = if rows_base { ("rows", "columns") } else { ("columns", "rows") };
                let mut s = b.step(tech, || {
                    let ls: Vec<String> = lines.iter().map(|l| (l + 1).to_string()).collect();
                    let cs: Vec<String> = covers.iter().map(|l| (l + 1).to_string()).collect();
                    format!(
                        "In {bw} {}, {} only appears in {cw} {}, so it can be removed from the rest of {cw} {}.",
                        join_and(&ls),
                        sym(v),
                        join_and(&cs),
                        join_and(&cs)
                    )
                });
                s.eliminations = elim;
                let pattern: Vec<usize> = lines.iter().flat_map(|&l| b.positions(base_unit(l), v)).collect();
                b.focus_value(&mut s, &pattern, v);
                Some(s)
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

// ---------------------------------------------------------------- wings

fn bivalue_cells(b: &Board) -> Vec<usize> {
    (0..b.values.len()).filter(|&c| b.values[c] == 0 && b.cands[c].count_ones() == 2).collect()
}

/// Cells other than `except` holding `v` that see every cell of `of`.
fn seeing_all(b: &Board, of: &[usize], v: u8, except: &[usize]) -> Vec<usize> {
    let bit = 1u16 << (v - 1);
    b.geo.peers[of[0]]
        .iter()
        .copied()
        .filter(|&c| b.cands[c] & bit != 0 && !except.contains(&c) && of.iter().all(|&o| b.sees(c, o)))
        .collect()
}

/// XY-wing and XYZ-wing: a pivot with `pivot_size` candidates sees two bivalue wings that share
/// one candidate z, and the three hold nothing but the pivot's candidates and z. Whatever the
/// pivot is, z ends up in a wing or, when z is also the pivot's (XYZ, `see_pivot`), maybe in the
/// pivot itself; so z leaves every cell that sees all of those. `explain` gets pivot, wings, z.
fn pivot_wing(
    b: &Board,
    technique: Technique,
    pivot_size: u32,
    see_pivot: bool,
    explain: impl Fn(usize, usize, usize, u8) -> String,
) -> Option<Step> {
    let biv = bivalue_cells(b);
    for p in 0..b.values.len() {
        let pm = b.cands[p];
        if b.values[p] != 0 || pm.count_ones() != pivot_size {
            continue;
        }
        // A wing keeps all but one of the pivot's candidates (XY: {x,z} of {x,y}; XYZ: two of
        // {x,y,z}); this only prunes, the pair test below decides.
        let wings: Vec<usize> =
            biv.iter().copied().filter(|&w| b.sees(p, w) && (b.cands[w] & pm).count_ones() == pivot_size - 1).collect();
        for (i, &a) in wings.iter().enumerate() {
            for &c in &wings[i + 1..] {
                let (am, cm) = (b.cands[a], b.cands[c]);
                // XY: a = {x,z}, c = {y,z}, pivot {x,y} lacks z; XYZ: a and c lie inside {x,y,z}.
                let z = am & cm;
                if z.count_ones() != 1 || am | cm != pm | z {
                    continue;
                }
                let zv = z.trailing_zeros() as u8 + 1;
                let pattern = [p, a, c];
                let must_see = if see_pivot { &pattern[..] } else { &pattern[1..] };
                let elim = seeing_all(b, must_see, zv, &pattern);
                if elim.is_empty() {
                    continue;
                }
                let mut s = b.step(technique, || explain(p, a, c, zv));
                s.eliminations = b.cands_of(&elim, zv);
                b.focus_all(&mut s, &pattern);
                return Some(s);
            }
        }
    }
    None
}

fn xy_wing(b: &Board) -> Option<Step> {
    pivot_wing(b, Technique::XyWing, 2, false, |p, a, c, z| {
        format!(
            "Whichever value {} ({}) takes, {} or {} must be {}, so any cell seeing both loses {}.",
            b.rc(p),
            list_values(b.cands[p]),
            b.rc(a),
            b.rc(c),
            sym(z),
            sym(z)
        )
    })
}

fn xyz_wing(b: &Board) -> Option<Step> {
    pivot_wing(b, Technique::XyzWing, 3, true, |p, a, c, z| {
        format!(
            "One of {}, {} and {} must be {}, so any cell seeing all three loses {}.",
            b.rc(p),
            b.rc(a),
            b.rc(c),
            sym(z),
            sym(z)
        )
    })
}

fn w_wing(b: &Board) -> Option<Step> {
    let biv = bivalue_cells(b);
    for (i, &a) in biv.iter().enumerate() {
        for &c in &biv[i + 1..] {
            if b.cands[a] != b.cands[c] || b.sees(a, c) {
                continue;
            }
            let m = b.cands[a];
            for x in bits(m) {
                let y = bits(m & !(1 << (x - 1))).next()?;
                let elim = seeing_all(b, &[a, c], y, &[a, c]);
                if elim.is_empty() {
                    continue;
                }
                for u in 0..b.geo.units.len() {
                    if b.unit_has_value(u, x) {
                        continue;
                    }
                    let pos = b.positions(u, x);
                    if pos.len() != 2 || pos.contains(&a) || pos.contains(&c) {
                        continue;
                    }
                    let (p, q) = (pos[0], pos[1]);
                    let linked = (b.sees(p, a) && b.sees(q, c)) || (b.sees(p, c) && b.sees(q, a));
                    if !linked {
                        continue;
                    }
                    let mut s = b.step(
                        Technique::WWing,
                        || format!(
                            "{} and {} both hold only {}, and {} must be in {} or {} ({}), so one of them is {} and any cell seeing both loses {}.",
                            b.rc(a),
                            b.rc(c),
                            list_values(m),
                            sym(x),
                            b.rc(p),
                            b.rc(q),
                            b.unit_name(u),
                            sym(y),
                            sym(y)
                        ),
                    );
                    s.eliminations = b.cands_of(&elim, y);
                    s.focus_cells = vec![b.cell(a), b.cell(c), b.cell(p), b.cell(q)];
                    s.focus_candidates =
                        vec![b.cand(a, x), b.cand(a, y), b.cand(c, x), b.cand(c, y), b.cand(p, x), b.cand(q, x)];
                    return Some(s);
                }
            }
        }
    }
    None
}

// ---------------------------------------------------------------- colouring

fn simple_colouring(b: &Board) -> Option<Step> {
    let n = b.n();
    let cells = b.values.len();
    for v in 1..=n as u8 {
        let bit = 1u16 << (v - 1);
        // Strong links: units where v has exactly two places. A cell is in up to five units (an X), so it
        // has at most five links; kept on the stack (at most 256 cells), in unit order.
        let mut adj = [[0u16; 5]; 256];
        let mut deg = [0u8; 256];
        let mut any = false;
        for u in 0..b.geo.units.len() {
            let pos = b.positions(u, v);
            if pos.len() == 2 && !b.unit_has_value(u, v) {
                for (p, q) in [(pos[0], pos[1]), (pos[1], pos[0])] {
                    adj[p][deg[p] as usize] = q as u16;
                    deg[p] += 1;
                }
                any = true;
            }
        }
        if !any {
            continue;
        }
        let mut colour = [-1i8; 256];
        for start in 0..cells {
            if deg[start] == 0 || colour[start] >= 0 {
                continue;
            }
            let mut comp = vec![start];
            colour[start] = 0;
            let mut k = 0;
            while k < comp.len() {
                let c = comp[k];
                k += 1;
                for &d in &adj[c][..deg[c] as usize] {
                    let d = d as usize;
                    if colour[d] < 0 {
                        colour[d] = 1 - colour[c];
                        comp.push(d);
                    }
                }
            }
            if comp.len() < 3 {
                continue;
            }
            let side = |col: i8| -> Vec<usize> { comp.iter().copied().filter(|&c| colour[c] == col).collect() };
            let (c0, c1) = (side(0), side(1));
            // Colour wrap: two cells of one colour see each other, so that colour is false.
            for (same, other) in [(&c0, &c1), (&c1, &c0)] {
                let clash = same.iter().enumerate().find_map(|(i, &x)| same[i + 1..].iter().find(|&&y| b.sees(x, y)).map(|&y| (x, y)));
                if let Some((x, y)) = clash {
                    let mut s = b.step(
                        Technique::SimpleColouring,
                        || format!(
                            "Colouring the linked places for {}: {} and {} get the same colour but see each other, so that colour is false and {} leaves {}.",
                            sym(v),
                            b.rc(x),
                            b.rc(y),
                            sym(v),
                            b.rcs(same)
                        ),
                    );
                    s.eliminations = b.cands_of(same, v);
                    let _ = other;
                    b.focus_value(&mut s, &comp, v);
                    return Some(s);
                }
            }
            // Colour trap: a cell seeing both colours cannot be v.
            let elim: Vec<usize> = (0..cells)
                .filter(|&c| {
                    b.cands[c] & bit != 0
                        && colour[c] < 0
                        && c0.iter().any(|&x| b.sees(c, x))
                        && c1.iter().any(|&x| b.sees(c, x))
                })
                .collect();
            if !elim.is_empty() {
                let mut s = b.step(
                    Technique::SimpleColouring,
                    || format!(
                        "Colouring the linked places for {}: one colour of the chain is true, and {} sees both colours, so it cannot be {}.",
                        sym(v),
                        b.rcs(&elim),
                        sym(v)
                    ),
                );
                s.eliminations = b.cands_of(&elim, v);
                b.focus_value(&mut s, &comp, v);
                return Some(s);
            }
        }
    }
    None
}

// ---------------------------------------------------------------- forcing chains

/// Applies naked and hidden singles until none is left; false on a contradiction. The closure
/// under singles does not depend on the order they are applied in, which is what lets
/// [`solvable_within`] use it in place of the one-step-at-a-time path.
fn propagate_singles(b: &mut Board) -> bool {
    let all = all_values(b.n());
    let geo = Arc::clone(&b.geo);
    loop {
        let mut progress = false;
        for i in 0..b.values.len() {
            if b.values[i] == 0 {
                let m = b.cands[i];
                if m == 0 {
                    return false;
                }
                if m & (m - 1) == 0 {
                    b.place(i, m.trailing_zeros() as u8 + 1);
                    progress = true;
                }
            }
        }
        for (u, unit) in geo.units.iter().enumerate() {
            if b.dirty & (1 << u) == 0 {
                continue;
            }
            let (ones, twos, placed) = unit_counts(b, u);
            if ones | placed != all {
                return false;
            }
            b.dirty &= !(1 << u);
            let mut hidden = ones & !twos & !placed;
            while hidden != 0 {
                let d = hidden.trailing_zeros() as u8;
                hidden &= hidden - 1;
                let bit = 1u16 << d;
                let Some(&c) = unit.iter().find(|&&c| b.cands[c] & bit != 0) else {
                    return false;
                };
                b.place(c, d + 1);
                progress = true;
            }
        }
        if !progress {
            return true;
        }
    }
}

/// The sentence of a contradiction step: `v` in cell `c` runs into a dead end, so `then`.
fn dead_end(b: &Board, c: usize, v: u8, then: String) -> String {
    format!(
        "If {} were {}, the singles that follow would leave some cell or unit with no possible value, so {then}.",
        b.rc(c),
        sym(v)
    )
}

fn forcing_chain(b: &Board) -> Option<Step> {
    // Cell forcing: every value of a two-candidate cell leads to the same placement.
    // Scratch boards, reused for every trial.
    let (mut x, mut y) = (b.clone(), b.clone());
    for c in bivalue_cells(b) {
        let vals: Vec<u8> = bits(b.cands[c]).collect();
        let mut ok = [false; 2];
        for (k, t) in [&mut x, &mut y].into_iter().enumerate() {
            t.copy_from(b);
            t.place(c, vals[k]);
            ok[k] = propagate_singles(t);
        }
        for k in 0..2 {
            if !ok[k] {
                let (bad, good) = (vals[k], vals[1 - k]);
                let mut s =
                    b.step(Technique::ForcingChain, || dead_end(b, c, bad, format!("{} is {}", b.rc(c), sym(good))));
                s.placements.push(b.placement(c, good));
                b.focus_all(&mut s, &[c]);
                return Some(s);
            }
        }
        // Both values survived: a cell both outcomes fill alike.
        for i in 0..b.values.len() {
            if b.values[i] == 0 && i != c && x.values[i] != 0 && x.values[i] == y.values[i] {
                let v = x.values[i];
                let mut s = b.step(
                    Technique::ForcingChain,
                    || format!(
                        "Whether {} is {} or {}, the singles that follow put {} in {}, so {} is {}.",
                        b.rc(c),
                        sym(vals[0]),
                        sym(vals[1]),
                        sym(v),
                        b.rc(i),
                        b.rc(i),
                        sym(v)
                    ),
                );
                s.placements.push(b.placement(i, v));
                b.focus_all(&mut s, &[c]);
                s.focus_cells.push(b.cell(i));
                return Some(s);
            }
        }
    }
    // Contradiction forcing: a candidate whose singles run into a dead end is false.
    for c in 0..b.values.len() {
        for v in bits(b.cands[c]) {
            if b.values[c] != 0 {
                continue;
            }
            x.copy_from(b);
            x.place(c, v);
            if !propagate_singles(&mut x) {
                let mut s =
                    b.step(Technique::ForcingChain, || dead_end(b, c, v, format!("{} cannot be {}", b.rc(c), sym(v))));
                s.eliminations.push(b.cand(c, v));
                b.focus_value(&mut s, &[c], v);
                return Some(s);
            }
        }
    }
    None
}

fn trial(b: &Board, solution: &[u8]) -> Option<Step> {
    let c = (0..b.values.len())
        .filter(|&c| b.values[c] == 0)
        .min_by_key(|&c| (b.cands[c].count_ones(), c))?;
    let v = solution[c];
    let mut s = b.step(
        Technique::Trial,
        || format!(
            "No logical step is left: try {} in {} (one of its {} candidates); it leads to the solution.",
            sym(v),
            b.rc(c),
            b.cands[c].count_ones()
        ),
    );
    s.placements.push(b.placement(c, v));
    b.focus_all(&mut s, &[c]);
    Some(s)
}

// ---------------------------------------------------------------- driver

/// The hardest technique of level `max` or below.
fn last_of_level(max: Difficulty) -> Technique {
    Technique::ALL.iter().copied().filter(|t| t.level() <= max).max().unwrap_or(Technique::NakedSingle)
}

/// The easiest step available on `b` using techniques up to `max` level. `solution` enables the
/// trial step (expert) when nothing else applies.
pub fn next_step(b: &Board, max: Difficulty, solution: Option<&[u8]>) -> Option<Step> {
    next_step_until(b, last_of_level(max), solution)
}

/// The easiest step using techniques up to and including `last` (in [`Technique::ALL`] order).
pub fn next_step_until(b: &Board, last: Technique, solution: Option<&[u8]>) -> Option<Step> {
    Technique::ALL.iter().take_while(|&&t| t <= last).find_map(|&t| find(b, t, solution))
}

/// Whether techniques up to and including `last` solve the puzzle (no trial unless `last` is
/// [`Technique::Trial`] and the puzzle has one solution).
pub fn solvable_until(puzzle: &Grid, last: Technique) -> bool {
    let solution = if last == Technique::Trial { solver::unique_solution(puzzle) } else { None };
    let mut b = Board::new(puzzle).quiet();
    while !b.is_solved() {
        match next_step_until(&b, last, solution.as_ref().map(|g| g.values())) {
            Some(s) => b.apply(&s),
            None => return false,
        }
    }
    true
}

/// Runs only the given technique finder; the solver tries these in [`Technique::ALL`] order.
pub fn find(b: &Board, technique: Technique, solution: Option<&[u8]>) -> Option<Step> {
    match technique {
        Technique::FullHouse => full_house(b),
        Technique::HiddenSingle => hidden_single(b),
        Technique::NakedSingle => naked_single(b),
        Technique::CageCombination => cages::cage_combination(b),
        Technique::CageUnit => cages::cage_unit(b),
        Technique::InniesOuties => cages::innies_outies(b),
        Technique::InniesOutiesRuns => cages::innies_outies_runs(b),
        Technique::Pointing => pointing(b),
        Technique::Claiming => claiming(b).or_else(|| if b.geo.has_diagonals() { diagonal_locked(b) } else { None }),
        Technique::NakedPair => naked_subset(b, 2),
        Technique::HiddenPair => hidden_subset(b, 2),
        Technique::NakedTriple => naked_subset(b, 3),
        Technique::HiddenTriple => hidden_subset(b, 3),
        Technique::NakedQuad => naked_subset(b, 4),
        Technique::HiddenQuad => hidden_subset(b, 4),
        Technique::XWing => fish(b, 2),
        Technique::Swordfish => fish(b, 3),
        Technique::Jellyfish => fish(b, 4),
        Technique::XyWing => xy_wing(b),
        Technique::XyzWing => xyz_wing(b),
        Technique::WWing => w_wing(b),
        Technique::SimpleColouring => simple_colouring(b),
        Technique::ForcingChain => forcing_chain(b),
        Technique::Trial => solution.and_then(|s| trial(b, s)),
    }
}

/// A human solution path.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SolutionPath {
    pub steps: Vec<Step>,
    /// Whether the path reaches the solution (always true when `max` is expert).
    pub solved: bool,
}

/// The full human solution path of a puzzle with one solution.
pub fn solve_path(puzzle: &Grid) -> Result<SolutionPath, HumanError> {
    solve_path_up_to(puzzle, Difficulty::Expert)
}

/// The path using techniques up to `max`; stops (solved = false) when none applies.
///
/// The exact solver runs only when the path needs it: for a trial step, when no technique
/// applies, or when the grid the steps fill is not a solution. Every technique is a deduction
/// that holds in every solution of the puzzle (none assumes uniqueness), so when the steps alone
/// fill a valid grid, each solution equals that grid: the puzzle has exactly one, and the
/// uniqueness check that used to come first (most of the time on 6x6 and 16x16 paths) would
/// have said so. The steps do not depend on the solution until a trial, so the path is the same.
pub fn solve_path_up_to(puzzle: &Grid, max: Difficulty) -> Result<SolutionPath, HumanError> {
    solve_path_in(puzzle, &geometry(puzzle.shape()), max)
}

/// [`solve_path_up_to`] on a variant's geometry (a jigsaw's regions, an X's diagonals).
pub fn solve_path_in(puzzle: &Grid, geo: &Arc<Geometry>, max: Difficulty) -> Result<SolutionPath, HumanError> {
    path_from(Board::in_geometry(puzzle, Arc::clone(geo)), puzzle, max)
}

/// The path from `b`, the board of `puzzle`: explained or not as `b` is.
fn path_from(mut b: Board, puzzle: &Grid, max: Difficulty) -> Result<SolutionPath, HumanError> {
    // At least one step per empty cell.
    let mut steps = Vec::with_capacity(b.empty);
    let mut solution: Option<Grid> = None;
    while !b.is_solved() {
        let mut step = next_step(&b, max, solution.as_ref().map(|g| g.values()));
        if step.is_none() && solution.is_none() {
            // Not unique or unsolvable: the same error as checking first. Else everything
            // before trial has just failed on this board, so only trial can still apply.
            let sol = solution.insert(unique_solution(puzzle, &b.geo)?);
            if max == Difficulty::Expert {
                step = trial(&b, sol.values());
            }
        }
        match step {
            Some(s) => {
                b.apply(&s);
                steps.push(s);
            }
            None => return Ok(SolutionPath { steps, solved: false }),
        }
    }
    if solution.is_none() && !b.is_valid_solution() {
        // Only a puzzle without a solution gets here (its deductions hold vacuously): the
        // exact solver says so. Should it ever find one, the path is made the old way.
        let sol = unique_solution(puzzle, &b.geo)?;
        let fresh = Board { explain: b.explain, ..Board::in_geometry(puzzle, Arc::clone(&b.geo)) };
        return Ok(path_with_solution(fresh, sol.values(), max));
    }
    Ok(SolutionPath { steps, solved: true })
}

/// The puzzle's one solution on `geo`, or why there is none.
fn unique_solution(puzzle: &Grid, geo: &Geometry) -> Result<Grid, HumanError> {
    let (count, first) = if geo.is_classic() {
        let s = solver::solutions(puzzle, 2);
        (s.count, s.first)
    } else {
        let s = super::exact::solutions(geo, puzzle.values(), 2);
        (s.count, s.first.and_then(|v| Grid::from_values(puzzle.shape(), v)))
    };
    match (count, first) {
        (1, Some(g)) => Ok(g),
        (0, _) => Err(HumanError::Unsolvable),
        _ => Err(HumanError::NotUnique),
    }
}

fn path_with_solution(mut b: Board, solution: &[u8], max: Difficulty) -> SolutionPath {
    let mut steps = Vec::new();
    while !b.is_solved() {
        match next_step(&b, max, Some(solution)) {
            Some(s) => {
                b.apply(&s);
                steps.push(s);
            }
            None => return SolutionPath { steps, solved: false },
        }
    }
    SolutionPath { steps, solved: true }
}

/// Whether a puzzle (assumed to have one solution) is solved by techniques up to `max` alone.
/// Cheaper than rating: stops at the first state that needs more. Always true for expert
/// (trial completes any path).
pub fn solvable_within(puzzle: &Grid, max: Difficulty) -> bool {
    solvable_within_after_removing(puzzle, max, &[])
}

/// [`solvable_within`] for the generator, which knows that `puzzle` with `removed` filled in
/// (from its one solution) is solvable within `max`. If the singles put every removed cell back,
/// the answer is that puzzle's, true, at once: the board the singles reach is a function of
/// the values placed (candidates are what the placed peers leave; their closure does not depend
/// on the order), so it is the very board the fuller puzzle's singles reach, and the rest of the
/// path from there is the same. So is it when later steps put them back: the board then holds
/// every value of the fuller puzzle and fewer candidates than its own board, and what the
/// techniques find on a board they still find with fewer candidates (the generators' `add_back`
/// rests on the same). With `removed` empty this is [`solvable_within`].
pub(crate) fn solvable_within_after_removing(puzzle: &Grid, max: Difficulty, removed: &[usize]) -> bool {
    solvable_within_in(puzzle, &geometry(puzzle.shape()), max, removed)
}

/// [`solvable_within_after_removing`] on a variant's geometry.
pub(crate) fn solvable_within_in(puzzle: &Grid, geo: &Arc<Geometry>, max: Difficulty, removed: &[usize]) -> bool {
    if max == Difficulty::Expert {
        return true;
    }
    within(puzzle, geo, max, removed).is_some()
}

/// [`solvable_within_in`] of a puzzle, asked from a board its path within `max` reaches (`stop`
/// and candidates `cands`, a mask per cell, as `bitboard::Techniques` leaves them) where no
/// technique within `past` finds anything: the path takes every easier step before a harder
/// one, and the techniques' closure does not depend on the order, so from there it goes on as
/// from the puzzle. (Tests only: it checks that the bit-set board is where the human path
/// stands, `variants::generator`.)
#[cfg(test)]
pub(crate) fn solvable_past(
    stop: &Grid,
    cands: &[u16],
    geo: &Arc<Geometry>,
    past: Difficulty,
    max: Difficulty,
    removed: &[usize],
) -> bool {
    if max == Difficulty::Expert {
        return true;
    }
    let Ok(b) = Board::with_candidates_in(stop, Arc::clone(geo), cands) else { return false };
    let mut b = b.quiet();
    advance_from(&mut b, last_of_level(max), Some(last_of_level(past)), removed).is_some()
}

/// The level of a puzzle (assumed to have one solution) if it is at most `max`, else `None`:
/// one pass where [`solvable_within_in`] for each level below would take one each. The path
/// takes the easiest step there is, and [`Technique::ALL`] goes level by level, so the first
/// step past a level is taken on the board where that level's own path is stuck.
pub(crate) fn level_within_in(puzzle: &Grid, geo: &Arc<Geometry>, max: Difficulty) -> Option<Difficulty> {
    if max == Difficulty::Expert {
        return rate_in(puzzle, geo).ok().map(|r| r.level);
    }
    within(puzzle, geo, max, &[]).map(|hardest| hardest.level())
}

/// The hardest technique on the path within `max` (not expert), `None` if it stops short. With
/// `removed` (see [`solvable_within_after_removing`]) the path stops where it has put them all
/// back, and gives the hardest technique so far, whatever the fuller puzzle needed.
fn within(puzzle: &Grid, geo: &Arc<Geometry>, max: Difficulty, removed: &[usize]) -> Option<Technique> {
    let mut b = Board::in_geometry(puzzle, Arc::clone(geo)).quiet();
    advance_from(&mut b, last_of_level(max), None, removed)
}

/// The quiet board where `puzzle`'s path within `max` stops (solved or stuck). (Tests only: it
/// checks that the bit-set board is where the human path stands, `variants::generator`.)
#[cfg(test)]
pub(crate) fn stuck_within(puzzle: &Grid, geo: &Arc<Geometry>, max: Difficulty) -> Board {
    let mut b = Board::in_geometry(puzzle, Arc::clone(geo)).quiet();
    advance_from(&mut b, last_of_level(max), None, &[]);
    b
}

/// The path from `b` with the techniques up to `last`: the hardest technique taken if it solves
/// the board (or fills every cell of `goal`, if any), else `None`. Its first step is past
/// `stuck_to` when the board is known to be stuck there.
fn advance_from(b: &mut Board, last: Technique, mut stuck_to: Option<Technique>, goal: &[usize]) -> Option<Technique> {
    let mut hardest = Technique::NakedSingle;
    loop {
        // The path always exhausts singles before anything harder, and the state they lead to
        // is the same in any order: jump there at once.
        if !propagate_singles(b) {
            return None;
        }
        if b.is_solved() || (!goal.is_empty() && goal.iter().all(|&c| b.values[c] != 0)) {
            return Some(hardest);
        }
        if only_singles(&b.geo, last.level()) {
            return None;
        }
        // No single is left (the closure is complete), so their finders would find nothing:
        // start the search after them.
        let after = stuck_to.take();
        let step = Technique::ALL
            .iter()
            .skip_while(|&&t| t.is_single() || after.is_some_and(|a| t <= a))
            .take_while(|&&t| t <= last)
            .find_map(|&t| find(b, t, None))?;
        hardest = hardest.max(step.technique);
        b.apply(&step);
    }
}

/// Whether the techniques within `max` on `geo` are the singles alone: easy without cages (a
/// Killer's easy level also has its cages' techniques). Where they are, whether a puzzle is
/// within `max` is whether the singles fill it.
fn only_singles(geo: &Geometry, max: Difficulty) -> bool {
    max == Difficulty::Easy && geo.cages.is_empty()
}

/// Rates a puzzle from the hardest technique on its human solution path.
pub fn rate(puzzle: &Grid) -> Result<Rating, HumanError> {
    rate_in(puzzle, &geometry(puzzle.shape()))
}

/// [`rate`] on a variant's geometry.
pub fn rate_in(puzzle: &Grid, geo: &Arc<Geometry>) -> Result<Rating, HumanError> {
    let path = path_from(Board::in_geometry(puzzle, Arc::clone(geo)).quiet(), puzzle, Difficulty::Expert)?;
    Ok(rating_of(&path.steps))
}

/// The rating of a path: level and hardest technique, score = weight + effort.
pub fn rating_of(steps: &[Step]) -> Rating {
    let hardest = steps.iter().map(|s| s.technique).max().unwrap_or(Technique::FullHouse);
    let effort = steps.iter().filter(|s| !s.technique.is_single()).count().min(99) as u32;
    Rating { level: hardest.level(), score: hardest.weight() + effort, hardest }
}

/// A hint for the player's `current` board (givens plus entries) of `puzzle`: a wrong entry
/// first, then a pencil mark that removed the right value, else the easiest next step.
/// `candidates`, if given, are the player's pencil marks (one mask per cell, 0 = none).
pub fn hint(puzzle: &Grid, current: &Grid, candidates: Option<&[u16]>) -> Result<Hint, HumanError> {
    hint_in(puzzle, &geometry(puzzle.shape()), current, candidates)
}

/// [`hint`] on a variant's geometry.
pub fn hint_in(puzzle: &Grid, geo: &Arc<Geometry>, current: &Grid, candidates: Option<&[u16]>) -> Result<Hint, HumanError> {
    if puzzle.shape() != current.shape() {
        return Err(HumanError::ShapeMismatch { expected: puzzle.shape().size, seen: current.shape().size });
    }
    let solution = unique_solution(puzzle, geo)?;
    let n = puzzle.shape().n();
    let sol = solution.values();
    for (i, (&cur, &right)) in current.values().iter().zip(sol).enumerate() {
        if cur != 0 && cur != right {
            return Ok(Hint::WrongEntry {
                row: i / n,
                col: i % n,
                value: cur,
                explanation: format!("r{}c{} is wrong: {} does not belong there.", i / n + 1, i % n + 1, sym(cur)),
            });
        }
    }
    // Givens erased in `current` come back: the board is the givens plus correct entries.
    let mut merged = current.clone();
    for (i, &g) in puzzle.values().iter().enumerate() {
        if g != 0 {
            merged.set(i / n, i % n, g);
        }
    }
    if merged.filled() == n * n {
        return Ok(Hint::Solved);
    }
    let board = match candidates {
        Some(marks) => {
            let b = Board::with_candidates_in(&merged, Arc::clone(geo), marks)?;
            for i in 0..n * n {
                if merged.values()[i] == 0 && marks[i] != 0 && marks[i] & (1 << (sol[i] - 1)) == 0 {
                    return Ok(Hint::MissingCandidate {
                        row: i / n,
                        col: i % n,
                        value: sol[i],
                        explanation: format!(
                            "r{}c{} needs {} among its pencil marks: it was removed by mistake.",
                            i / n + 1,
                            i % n + 1,
                            sym(sol[i])
                        ),
                    });
                }
            }
            b
        }
        None => Board::in_geometry(&merged, Arc::clone(geo)),
    };
    match next_step(&board, Difficulty::Expert, Some(sol)) {
        Some(step) => Ok(Hint::Step { step }),
        None => Ok(Hint::Solved),
    }
}

#[cfg(test)]
mod tests {
    use super::super::human_ref;
    use crate::grid::Grid;

    /// 10,000 puzzles of every size from the shared sets (read in place): evenly spaced lines.
    fn puzzles() -> Vec<Grid> {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/sudoku");
        let sets = [
            ("17_clue", 7_900),
            ("sudoku_exchange_diabolical", 1_000),
            ("magictour_top1465", 100),
            ("forum_hardest_1905_11plus", 41),
            ("sudoku4x4_solo_trivial", 197),
            ("sudoku4x4_solo_basic", 195),
            ("sudoku6x6_solo_trivial", 200),
            ("sudoku6x6_solo_basic", 200),
            ("sudoku16x16_solo_trivial", 30),
            ("sudoku16x16_solo_basic", 70),
            ("sudoku16x16_solo_intermediate", 47),
            ("sudoku16x16_solo_advanced", 20),
        ];
        let mut out = Vec::new();
        for (set, n) in sets {
            let path = format!("{dir}/{set}.txt");
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
            let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
            let step = (lines.len() / n).max(1);
            out.extend(lines.iter().step_by(step).take(n).map(|l| Grid::parse_puzzle(l).unwrap()));
        }
        out
    }

    #[test]
    fn same_steps_as_the_e92aa49_human_solver_on_10k_puzzles() {
        let all = puzzles();
        assert_eq!(all.len(), 10_000);
        // Old and new paths side by side on the two cores; compared as their Debug text (the
        // two modules have their own, identically shaped, step types).
        let (new, old) = std::thread::scope(|s| {
            let new = s.spawn(|| all.iter().map(|g| format!("{:?}", super::solve_path(g))).collect::<Vec<_>>());
            let old = s.spawn(|| all.iter().map(|g| format!("{:?}", human_ref::solve_path(g))).collect::<Vec<_>>());
            (new.join().unwrap(), old.join().unwrap())
        });
        for (k, (a, b)) in new.iter().zip(&old).enumerate() {
            assert_eq!(a, b, "puzzle {k}: {}", all[k].to_line());
        }
        for (k, g) in all.iter().enumerate().step_by(25) {
            for max in [super::Difficulty::Easy, super::Difficulty::Medium, super::Difficulty::Hard] {
                assert_eq!(super::solvable_within(g, max), human_ref::solvable_within(g, max), "puzzle {k}");
            }
        }
    }

    /// Every `step`-th classic puzzle, and `per_level` banked puzzles of every variant, size
    /// and level (served as New game serves them, from `seed`), each with its geometry.
    fn classic_and_banked(step: usize, per_level: usize, seed: u64) -> Vec<(Grid, std::sync::Arc<crate::grid::Geometry>)> {
        use crate::variants::{bank, Kind};
        use rand::SeedableRng;
        let mut cases: Vec<_> = puzzles().into_iter().step_by(step).map(|g| (g.clone(), super::geometry(g.shape()))).collect();
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        for kind in Kind::ALL {
            for &size in kind.sizes() {
                for level in super::Difficulty::ALL {
                    for _ in 0..per_level {
                        if let Some(p) = bank::instant(kind, size, level, &mut rng) {
                            cases.push((p.givens.clone(), std::sync::Arc::clone(p.rules.geometry())));
                        }
                    }
                }
            }
        }
        cases
    }

    /// Rating and the generator's checks skip the sentences and most highlights; the steps
    /// they see are the explained path's steps, technique and moves alike, on classic boards
    /// and every variant (a few banked puzzles of each kind and level).
    #[test]
    fn a_quiet_path_takes_the_explained_paths_moves() {
        use super::{path_from, Board, Difficulty};
        let cases = classic_and_banked(100, 3, 7);
        assert!(cases.len() > 150, "{}", cases.len());
        for (g, geo) in &cases {
            let told = path_from(Board::in_geometry(g, std::sync::Arc::clone(geo)), g, Difficulty::Expert).unwrap();
            let quiet = path_from(Board::in_geometry(g, std::sync::Arc::clone(geo)).quiet(), g, Difficulty::Expert).unwrap();
            assert!(told.steps.iter().all(|s| !s.explanation.is_empty()), "{}", g.to_line());
            let moves = |steps: &[super::Step]| -> Vec<_> {
                steps.iter().map(|s| (s.technique, s.placements.clone(), s.eliminations.clone())).collect()
            };
            assert_eq!(moves(&told.steps), moves(&quiet.steps), "{}", g.to_line());
            assert!(quiet.steps.iter().all(|s| s.explanation.is_empty()), "{}", g.to_line());
            assert_eq!(super::rate_in(g, geo).unwrap(), super::rating_of(&told.steps));
        }
    }

    /// One pass within a bound gives the rating's level when the puzzle is within it, and
    /// nothing when it is past it: on classic boards and every variant's banked puzzles.
    #[test]
    fn the_level_within_a_bound_is_the_ratings_level_up_to_the_bound() {
        use super::Difficulty;
        let cases = classic_and_banked(50, 4, 8);
        let mut seen = [0usize; 4];
        for (g, geo) in &cases {
            let rated = super::rate_in(g, geo).unwrap().level;
            seen[rated as usize] += 1;
            for max in Difficulty::ALL {
                let want = (rated <= max).then_some(rated);
                assert_eq!(super::level_within_in(g, geo, max), want, "{} within {max:?}", g.to_line());
                assert_eq!(super::solvable_within_in(g, geo, max, &[]), want.is_some(), "{}", g.to_line());
            }
        }
        assert!(seen.iter().all(|&k| k >= 20), "levels seen: {seen:?}");
    }

    /// The singles read only the units a step changed (`Board::dirty`): what they leave is what
    /// a look at every unit leaves, at every step of classic and variant paths (the placements
    /// of one step at a time, and every technique's eliminations).
    #[test]
    fn singles_from_the_changed_units_are_the_singles_of_every_unit() {
        use super::{propagate_singles, Board, Difficulty};
        let mut steps = 0;
        for (g, geo) in classic_and_banked(100, 2, 9) {
            // The path as `advance_from` takes it: all singles at once, then one harder step.
            let mut b = Board::in_geometry(&g, geo).quiet();
            loop {
                let (mut kept, mut every) = (b.clone(), b.clone());
                every.dirty = u64::MAX;
                let ok = propagate_singles(&mut kept);
                assert_eq!(ok, propagate_singles(&mut every), "{}", g.to_line());
                b = kept.clone();
                (kept.dirty, every.dirty) = (0, 0);
                assert_eq!(kept, every, "{}", g.to_line());
                let Some(s) = super::next_step(&b, Difficulty::Expert, None).filter(|_| ok) else { break };
                b.apply(&s);
                steps += 1;
            }
        }
        assert!(steps > 1_000, "{steps}");
    }

    /// `place` keeps the per-unit counts that the singles read equal to a fresh count: along a
    /// path, and when a filled cell is overwritten.
    #[test]
    fn unit_counts_kept_by_place_match_a_recount() {
        use super::{Board, Difficulty};
        let fresh = |b: &Board| {
            let mut c = b.clone();
            for u in 0..b.geo.units.len() {
                c.recount(u);
            }
            c.empty = b.values.iter().filter(|&&v| v == 0).count();
            c
        };
        for g in puzzles().iter().step_by(500) {
            let mut b = Board::new(g);
            while let Some(s) = super::next_step(&b, Difficulty::Hard, None) {
                b.apply(&s);
                assert_eq!(b, fresh(&b), "{}", g.to_line());
            }
            let i = (0..b.values.len()).find(|&i| g.values()[i] != 0).unwrap();
            b.place(i, g.values()[i] % g.shape().size + 1);
            assert_eq!(b, fresh(&b), "{}", g.to_line());
        }
    }

    /// `solve_path` asks the exact solver only when the path needs it; on puzzles with several
    /// solutions or none it must still give the error (or, below expert, the path) the old
    /// solver gave after checking first.
    #[test]
    fn same_results_as_the_e92aa49_human_solver_on_broken_puzzles() {
        use super::{Board, Difficulty};
        let all = puzzles();
        let mut broken = Vec::new();
        for (k, g) in all.iter().enumerate().step_by(40) {
            let n = g.shape().n();
            let givens: Vec<usize> = (0..n * n).filter(|&i| g.values()[i] != 0).collect();
            // Two givens fewer: often several solutions.
            let mut fewer = g.clone();
            for i in [givens[k % givens.len()], givens[(7 * k + 3) % givens.len()]] {
                fewer.set(i / n, i % n, 0);
            }
            broken.push(fewer);
            // A wrong value that no given contradicts, in the first open cell that has one: no solution.
            let sol = crate::sudoku::solver::solve(g).unwrap();
            let b = Board::new(g);
            let open = (0..n * n).find(|&i| b.candidates()[i] & !(1 << (sol.values()[i] - 1)) != 0);
            if let Some(i) = open {
                let wrong = (b.candidates()[i] & !(1 << (sol.values()[i] - 1))).trailing_zeros() as u8 + 1;
                let mut w = g.clone();
                w.set(i / n, i % n, wrong);
                broken.push(w);
            }
            // Conflicting givens: the first given repeated in its row.
            let i = givens[0];
            if let Some(j) = (0..n).map(|c| i / n * n + c).find(|&j| g.values()[j] == 0) {
                let mut c = g.clone();
                c.set(j / n, j % n, g.values()[i]);
                broken.push(c);
            }
            // The solution itself: a path of no steps.
            broken.push(sol);
        }
        let mut errors = [0usize; 3];
        for (k, g) in broken.iter().enumerate() {
            for max in [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard, Difficulty::Expert] {
                let (new, old) = (super::solve_path_up_to(g, max), human_ref::solve_path_up_to(g, max));
                assert_eq!(format!("{new:?}"), format!("{old:?}"), "puzzle {k} at {max:?}: {}", g.to_line());
                errors[match new {
                    Ok(_) => 0,
                    Err(super::HumanError::NotUnique) => 1,
                    Err(_) => 2,
                }] += 1;
            }
        }
        // Each kind of result was met.
        assert!(errors.iter().all(|&e| e > 0), "{errors:?}");
    }
}
