//! Simon Tatham's Solo game IDs, read and written (issue 42): classic (`3x3:…`, `2x3:…`, any
//! box shape up to 16x16), X (`3x3x:…`), Jigsaw (`9j:…`), Killer (`3x3k:…`, `3x3xk:…`) and
//! their mixes, into one neutral value, [`SoloPuzzle`], and back to the ID Solo reads.
//!
//! Our own code, written from the format as Solo's `solo.c` reads it (`decode_params`,
//! `validate_desc`, `spec_to_grid`, `spec_to_dsf`) and the midend's split of a game ID; the
//! format, what we accept and what we refuse are in `docs/solo-ids.md`. In short:
//!
//! - an ID is `PARAMS:DESCRIPTION`; `PARAMS#SEED` is a random seed, not a puzzle (refused);
//! - `PARAMS` is `CxR` (boxes C rows tall and R columns wide, so `2x3` is Inkdoku's 6x6) or
//!   `Nj` (jigsaw), then `x` (diagonals) and `k` (Killer); symmetry and difficulty letters
//!   (`a`, `r2`, `m4`, `md2`, `db`, `du`, …) and any other letter are read over, as Solo does;
//! - the description is the givens, then for a jigsaw its regions, then for a Killer its
//!   cages and their sums, separated by commas. A grid of numbers is runs of blanks (`a` = 1 …
//!   `z` = 26) and decimal numbers, with `_` between two numbers; regions and cages are the
//!   lines between cells, as runs of "no line" between lines (`_` = 0, `a` = 1 … `y` = 25;
//!   `z` = 26 and no line after them).
//!
//! What Solo's validation leaves to chance (a Killer cage with no sum, or two) is refused here,
//! and so are grids beyond Inkdoku's 16x16. Nothing here plays a puzzle: `sudoku::def` plays the
//! classic ones it can ([`SoloPuzzle::classic_grid`]), the variants will read the rest.

use thiserror::Error;

use crate::grid::{Grid, GridError, Shape};

/// The largest side Inkdoku reads: its symbols stop at 16 (`G`). Solo goes to 31.
pub const MAX_SIZE: usize = 16;
/// The largest side of a Killer grid in Solo (its cage sums assume digits 1 to 9).
pub const KILLER_MAX_SIZE: usize = 9;
/// The smallest side of an X grid in Solo.
pub const X_MIN_SIZE: usize = 4;

/// How the grid is split into the regions that hold every digit once.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Regions {
    /// Rectangular boxes `rows` cells tall and `cols` wide (Solo's `CxR`: C = rows, R = cols).
    Boxes { rows: usize, cols: usize },
    /// A jigsaw: each cell's region (row-major), numbered in the order a reading of the grid
    /// meets them, so one split has one numbering.
    Jigsaw(Vec<u8>),
}

/// A Killer cage: its cells (indices `row * size + col`, ascending) and their sum (the grid's
/// type, which the variants' geometry holds).
pub use crate::grid::Cage;

/// Which of Solo's kinds a puzzle is: any mix of X, Jigsaw and Killer, or none (classic).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Variant {
    pub x: bool,
    pub jigsaw: bool,
    pub killer: bool,
}

impl Variant {
    pub fn is_classic(self) -> bool {
        !(self.x || self.jigsaw || self.killer)
    }

    /// Its name for a player ("Killer Sudoku X").
    pub fn name(self) -> &'static str {
        match (self.killer, self.jigsaw, self.x) {
            (false, false, false) => "Sudoku",
            (false, false, true) => "Sudoku X",
            (false, true, false) => "Jigsaw Sudoku",
            (false, true, true) => "Jigsaw Sudoku X",
            (true, false, false) => "Killer Sudoku",
            (true, false, true) => "Killer Sudoku X",
            (true, true, false) => "Killer Jigsaw Sudoku",
            (true, true, true) => "Killer Jigsaw Sudoku X",
        }
    }

    /// A stable key for it (the view's catalogues: `detail.solo_variant.<key>`).
    pub fn key(self) -> &'static str {
        match (self.killer, self.jigsaw, self.x) {
            (false, false, false) => "classic",
            (false, false, true) => "x",
            (false, true, false) => "jigsaw",
            (false, true, true) => "jigsaw_x",
            (true, false, false) => "killer",
            (true, false, true) => "killer_x",
            (true, true, false) => "killer_jigsaw",
            (true, true, true) => "killer_jigsaw_x",
        }
    }
}

/// The part of a game ID's description where something is wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    Givens,
    Regions,
    Cages,
    Sums,
}

impl std::fmt::Display for Part {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Part::Givens => "givens",
            Part::Regions => "jigsaw regions",
            Part::Cages => "Killer cages",
            Part::Sums => "Killer sums",
        })
    }
}

/// Why a text is no Solo puzzle Inkdoku can read, or a value no ID can carry. Rows, columns
/// and characters count from 1.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SoloError {
    #[error("a Solo game ID is its parameters, a colon and the puzzle (like 3x3:b6_4e1…), and this has no colon")]
    NoColon,
    #[error("\"{params}#…\" is a Solo random seed, not a puzzle: only Solo's own generator makes a puzzle from it (copy the game ID from Solo's Game → Specific… instead)")]
    RandomSeed { params: String },
    #[error("the parameters \"{params}\" do not start with the grid's size (like 3x3, 2x3 or 9j)")]
    NoSize { params: String },
    #[error("the parameters \"{params}\" give no grid Solo makes: each box side must be at least 2 (like 3x3 or 2x3), or a jigsaw at least 2 (like 9j)")]
    Dimensions { params: String },
    #[error("a {size}x{size} grid is larger than the 16x16 Inkdoku plays")]
    TooLarge { size: u64 },
    #[error("a grid of side {size} is too small: Solo's are at least 2x2")]
    TooSmall { size: usize },
    #[error("a Killer grid is at most 9x9 in Solo, and this one is {size}x{size}")]
    KillerTooLarge { size: usize },
    #[error("an X grid is at least 4x4 in Solo, and this one is {size}x{size}")]
    XTooSmall { size: usize },
    #[error("'{ch}' at character {at} can't be in the {part}")]
    BadCharacter { ch: char, at: usize, part: Part },
    #[error("the number {value} at character {at} is not between 1 and {max} (in the {part})")]
    OutOfRange { value: String, at: usize, max: u32, part: Part },
    #[error("the {part} cover {found} cells, and the grid has {cells}")]
    CellCount { part: Part, found: usize, cells: usize },
    #[error("the {part} should follow at character {at}, after a comma")]
    MissingPart { part: Part, at: usize },
    #[error("there is more after the puzzle, from character {at}")]
    TrailingText { at: usize },
    #[error("the {part} go past the {lines} lines between cells at character {at}")]
    TooManyLines { part: Part, at: usize, lines: usize },
    #[error("the {part} end after {seen} of the {lines} lines between cells")]
    TooFewLines { part: Part, seen: usize, lines: usize },
    #[error("the {part} end without their closing mark after the last line between cells")]
    Unclosed { part: Part },
    #[error("there are {found} jigsaw regions, and a {size}x{size} grid needs {size}")]
    RegionCount { found: usize, size: usize },
    #[error("the jigsaw region at row {row}, column {col} has {cells} cells, and each needs {size}")]
    RegionSize { row: usize, col: usize, cells: usize, size: usize },
    #[error("the {what} at row {row}, column {col} is not one piece")]
    NotConnected { what: &'static str, row: usize, col: usize },
    #[error("the Killer cage at row {row}, column {col} has {cells} cells, and Solo's cages have 2 to {max}")]
    CageSize { row: usize, col: usize, cells: usize, max: usize },
    #[error("the Killer cage at row {row}, column {col} has {found} sums, and it needs one")]
    CageSums { row: usize, col: usize, found: usize },
    #[error("the Killer cage at row {row}, column {col} has the sum {sum}, and a sum is between 1 and {max}")]
    SumOutOfRange { row: usize, col: usize, sum: u16, max: u32 },
    #[error("row {row}, column {col} is in {found} Killer cages, and each cell is in one")]
    CageCover { row: usize, col: usize, found: usize },
    #[error("a Killer cage lists cell {cell}, outside the {size}x{size} grid")]
    CageCell { cell: usize, size: usize },
    #[error("boxes of {rows} by {cols} cells don't make a {size}x{size} grid (each side at least 2)")]
    BoxShape { rows: usize, cols: usize, size: usize },
    #[error("the {part} have {found} cells, and a {size}x{size} grid has {cells}")]
    Length { part: Part, found: usize, size: usize, cells: usize },
    #[error("the {part} put {value} at row {row}, column {col}, outside 1 to {max}")]
    Value { part: Part, value: u8, row: usize, col: usize, max: usize },
}

/// A Solo puzzle Inkdoku can read, but not play as a classic Sudoku.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NotClassic {
    #[error("Inkdoku can't play {} yet", .0.name())]
    Variant(Variant),
    #[error("Inkdoku plays Sudoku boxes of 2x2, 2x3, 3x3 and 4x4 cells, and this puzzle's boxes are {rows} rows by {cols} columns")]
    Boxes { rows: usize, cols: usize },
}

/// A Solo puzzle: its size, its regions, whether the diagonals are regions too, its givens
/// (row-major, 0 blank) and, for a Killer, its cages. Made only through [`SoloPuzzle::new`]
/// or by reading an ID, so it always fits in one: `read(write(p)) == p`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SoloPuzzle {
    size: usize,
    regions: Regions,
    x: bool,
    givens: Vec<u8>,
    cages: Option<Vec<Cage>>,
}

impl SoloPuzzle {
    /// A puzzle from its parts, checked as Solo checks an ID (and a little more: a cage has
    /// one sum, regions and cages are each one piece, as the lines of an ID can only draw
    /// them). Jigsaw regions are renumbered in reading order; cages are sorted.
    pub fn new(size: usize, regions: Regions, x: bool, givens: Vec<u8>, cages: Option<Vec<Cage>>) -> Result<SoloPuzzle, SoloError> {
        if size > MAX_SIZE {
            return Err(SoloError::TooLarge { size: size as u64 });
        }
        if size < 2 {
            return Err(SoloError::TooSmall { size });
        }
        let cells = size * size;
        let regions = match regions {
            Regions::Boxes { rows, cols } => {
                if rows < 2 || cols < 2 || rows * cols != size {
                    return Err(SoloError::BoxShape { rows, cols, size });
                }
                Regions::Boxes { rows, cols }
            }
            Regions::Jigsaw(map) => Regions::Jigsaw(check_jigsaw(size, map)?),
        };
        if x && size < X_MIN_SIZE {
            return Err(SoloError::XTooSmall { size });
        }
        check_values(Part::Givens, size, &givens)?;
        let cages = match cages {
            None => None,
            Some(cages) => {
                if size > KILLER_MAX_SIZE {
                    return Err(SoloError::KillerTooLarge { size });
                }
                Some(check_cages(size, cages)?)
            }
        };
        debug_assert_eq!(givens.len(), cells);
        Ok(SoloPuzzle { size, regions, x, givens, cages })
    }

    /// A classic Sudoku of one of Inkdoku's shapes, as Solo writes it (`3x3:…`, `2x3:…`).
    pub fn from_grid(grid: &Grid) -> SoloPuzzle {
        let s = grid.shape();
        SoloPuzzle {
            size: s.n(),
            regions: Regions::Boxes { rows: s.box_rows as usize, cols: s.box_cols as usize },
            x: false,
            givens: grid.values().to_vec(),
            cages: None,
        }
    }

    /// Reads a game ID as Solo does (the whole text, blanks around it aside).
    pub fn read(id: &str) -> Result<SoloPuzzle, SoloError> {
        read(id)
    }

    /// The game ID Solo reads as this puzzle, in the form Solo writes.
    pub fn write(&self) -> String {
        write(self)
    }

    /// The side of the grid.
    pub fn size(&self) -> usize {
        self.size
    }

    pub fn regions(&self) -> &Regions {
        &self.regions
    }

    /// Each cell's region (boxes numbered row by row, as Solo does).
    pub fn region_map(&self) -> Vec<u8> {
        match &self.regions {
            Regions::Jigsaw(map) => map.clone(),
            Regions::Boxes { rows, cols } => {
                let n = self.size;
                (0..n * n).map(|i| ((i / n / rows) * (n / cols) + (i % n) / cols) as u8).collect()
            }
        }
    }

    /// Whether the two main diagonals hold every digit once too.
    pub fn is_x(&self) -> bool {
        self.x
    }

    /// The givens, row-major, 0 for a blank.
    pub fn givens(&self) -> &[u8] {
        &self.givens
    }

    /// The Killer cages, if it is a Killer.
    pub fn cages(&self) -> Option<&[Cage]> {
        self.cages.as_deref()
    }

    pub fn variant(&self) -> Variant {
        Variant { x: self.x, jigsaw: matches!(self.regions, Regions::Jigsaw(_)), killer: self.cages.is_some() }
    }

    /// The classic Sudoku Inkdoku plays today, if this is one of its shapes.
    pub fn classic_grid(&self) -> Result<Grid, NotClassic> {
        let variant = self.variant();
        if !variant.is_classic() {
            return Err(NotClassic::Variant(variant));
        }
        let Regions::Boxes { rows, cols } = self.regions else { return Err(NotClassic::Variant(variant)) };
        Shape::ALL
            .into_iter()
            .find(|s| s.box_rows as usize == rows && s.box_cols as usize == cols)
            .and_then(|s| Grid::from_values(s, self.givens.clone()))
            .ok_or(NotClassic::Boxes { rows, cols })
    }
}

impl std::str::FromStr for SoloPuzzle {
    type Err = SoloError;
    fn from_str(s: &str) -> Result<SoloPuzzle, SoloError> {
        read(s)
    }
}

impl std::fmt::Display for SoloPuzzle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&write(self))
    }
}

/// Why a text is no classic Sudoku to play: a grid that can't be read, a Solo ID that can't
/// be read, or a Solo puzzle Inkdoku can't play yet.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ClassicTextError {
    #[error(transparent)]
    Grid(#[from] GridError),
    #[error("that Solo game ID can't be read: {0}")]
    Solo(#[from] SoloError),
    #[error(transparent)]
    NotClassic(#[from] NotClassic),
}

/// A classic Sudoku's givens from a text: a Solo game ID when the text looks like one (see
/// [`resemblance`]), else one of the grid forms ([`Grid::parse_puzzle`]). Givens that clash
/// are refused either way.
pub fn read_classic(text: &str) -> Result<Grid, ClassicTextError> {
    if resemblance(text) == Resemblance::None {
        return Ok(Grid::parse_puzzle(text)?);
    }
    let grid = SoloPuzzle::read(text)?.classic_grid()?;
    let clashes = grid.conflicts();
    if clashes.is_empty() {
        Ok(grid)
    } else {
        Err(GridError::Conflict { cells: clashes }.into())
    }
}

/// How much a text looks like a Solo game ID (for the games' "whose text is this").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Resemblance {
    /// Not an ID.
    None,
    /// Its outward shape (a size, a colon, no blanks) and nothing more: a sliding board's
    /// `3x3:1,2,3,…` has it too.
    Partial,
    /// An ID, or a broken one: a letter after the colon (no other text of the games has one
    /// there), or known parameters and the parts they call for.
    Full,
}

/// How much `text` looks like a Solo game ID: cheap, and reads nothing of the puzzle itself.
pub fn resemblance(text: &str) -> Resemblance {
    let text = text.trim();
    let Some(sep) = text.find([':', '#']) else { return Resemblance::None };
    let (params, rest) = (&text[..sep], &text[sep + 1..]);
    let params_shaped = params.starts_with(|c: char| c.is_ascii_digit()) && params.bytes().all(|b| b.is_ascii_alphanumeric());
    if !params_shaped || rest.is_empty() || rest.chars().any(char::is_whitespace) {
        return Resemblance::None;
    }
    // A seed is any text; what matters is that it is Solo's, to say so.
    if text.as_bytes()[sep] == b'#' || rest.bytes().any(|b| b.is_ascii_alphabetic()) {
        return Resemblance::Full;
    }
    let solo_letters = rest.bytes().all(|b| matches!(b, b'a'..=b'z' | b'0'..=b'9' | b'_' | b','));
    match Params::read(params) {
        Ok(p) if solo_letters && rest.split(',').count() == 1 + usize::from(p.jigsaw) + 2 * usize::from(p.killer) => Resemblance::Full,
        _ => Resemblance::Partial,
    }
}

// ---- Reading ---------------------------------------------------------------------------------

/// What the parameters before the colon say about the grid (Solo's `decode_params`, of which
/// only size, jigsaw, X and Killer shape a description).
struct Params {
    /// Solo's C and R: boxes C rows tall, R wide; R = 1 is a jigsaw of side C.
    c: usize,
    r: usize,
    jigsaw: bool,
    x: bool,
    killer: bool,
}

impl Params {
    fn read(params: &str) -> Result<Params, SoloError> {
        let b = params.as_bytes();
        let mut i = 0;
        let number = |i: &mut usize| -> Option<u64> {
            let start = *i;
            let mut v: u64 = 0;
            while *i < b.len() && b[*i].is_ascii_digit() {
                v = v.saturating_mul(10).saturating_add(u64::from(b[*i] - b'0'));
                *i += 1;
            }
            (*i > start).then_some(v)
        };
        let Some(first) = number(&mut i) else { return Err(SoloError::NoSize { params: params.into() }) };
        let (mut c, mut r, mut seen_r) = (first, first, false);
        if i < b.len() && b[i] == b'x' {
            i += 1;
            // Solo reads a missing number as 0, which no grid survives.
            r = number(&mut i).unwrap_or(0);
            seen_r = true;
        }
        let (mut x, mut killer) = (false, false);
        while i < b.len() {
            let ch = b[i];
            i += 1;
            match ch {
                b'j' => {
                    if seen_r {
                        c = c.saturating_mul(r);
                    }
                    r = 1;
                }
                b'x' => x = true,
                b'k' => killer = true,
                // Symmetry (`a`, `r2`, `r4`, `m2`, `md2`, `m4`, `md4`, `m8`): its number is
                // part of it, not a size.
                b'r' | b'm' | b'a' => {
                    if ch == b'm' && i < b.len() && b[i] == b'd' {
                        i += 1;
                    }
                    let _ = number(&mut i);
                }
                // Difficulty (`dt`, `db`, `di`, `da`, `de`, `du`): its letter is part of it.
                b'd' => {
                    if i < b.len() && b"tbiaeu".contains(&b[i]) {
                        i += 1;
                    }
                }
                // Solo reads over anything else.
                _ => {}
            }
        }
        if c < 2 || r < 1 {
            return Err(SoloError::Dimensions { params: params.into() });
        }
        let size = c.saturating_mul(r);
        if size > MAX_SIZE as u64 {
            return Err(SoloError::TooLarge { size });
        }
        let (c, r, size) = (c as usize, r as usize, size as usize);
        if killer && size > KILLER_MAX_SIZE {
            return Err(SoloError::KillerTooLarge { size });
        }
        if x && size < X_MIN_SIZE {
            return Err(SoloError::XTooSmall { size });
        }
        Ok(Params { c, r, jigsaw: r == 1, x, killer })
    }
}

/// A place in the ID being read.
struct Cursor<'a> {
    text: &'a str,
    pos: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    /// The character position (from 1) of byte `pos`, for messages.
    fn at(&self, pos: usize) -> usize {
        self.text[..pos].chars().count() + 1
    }

    /// The character at `pos`: reading stops at the first byte that is no ASCII letter of the
    /// format, so `pos` is always a character's start.
    fn bad(&self, pos: usize, part: Part) -> SoloError {
        SoloError::BadCharacter { ch: self.text[pos..].chars().next().unwrap_or('?'), at: self.at(pos), part }
    }

    /// The comma before the next part.
    fn comma(&mut self, part: Part) -> Result<(), SoloError> {
        if self.peek() == Some(b',') {
            self.pos += 1;
            Ok(())
        } else {
            Err(SoloError::MissingPart { part, at: self.at(self.pos) })
        }
    }
}

fn read(id: &str) -> Result<SoloPuzzle, SoloError> {
    let id = id.trim();
    let sep = id.find([':', '#']).ok_or(SoloError::NoColon)?;
    let params = &id[..sep];
    if id.as_bytes()[sep] == b'#' {
        return Err(SoloError::RandomSeed { params: params.into() });
    }
    let p = Params::read(params)?;
    let size = p.c * p.r;
    let cells = size * size;
    let mut cur = Cursor { text: id, pos: sep + 1 };
    let givens = read_numbers(&mut cur, Part::Givens, cells, size as u32)?;
    let givens = givens.into_iter().map(|v| v as u8).collect();
    let regions = if p.jigsaw {
        cur.comma(Part::Regions)?;
        let (map, count) = read_lines(&mut cur, Part::Regions, size)?;
        if count != size {
            return Err(SoloError::RegionCount { found: count, size });
        }
        Regions::Jigsaw(map.into_iter().map(|r| r as u8).collect())
    } else {
        Regions::Boxes { rows: p.c, cols: p.r }
    };
    let cages = if p.killer {
        cur.comma(Part::Cages)?;
        let (map, count) = read_lines(&mut cur, Part::Cages, size)?;
        cur.comma(Part::Sums)?;
        let sums = read_numbers(&mut cur, Part::Sums, cells, (size * cells) as u32)?;
        let mut cages: Vec<Cage> = vec![Cage { cells: Vec::new(), sum: 0 }; count];
        let mut found = vec![0usize; count];
        for (i, &k) in map.iter().enumerate() {
            cages[k].cells.push(i);
            if sums[i] != 0 {
                found[k] += 1;
                // At most 9 * 81 (the range above): it fits.
                cages[k].sum = sums[i] as u16;
            }
        }
        if let Some(k) = (0..count).find(|&k| found[k] != 1) {
            let first = cages[k].cells[0];
            return Err(SoloError::CageSums { row: first / size + 1, col: first % size + 1, found: found[k] });
        }
        Some(cages)
    } else {
        None
    };
    if cur.pos < id.len() {
        return Err(SoloError::TrailingText { at: cur.at(cur.pos) });
    }
    SoloPuzzle::new(size, regions, p.x, givens, cages)
}

/// A grid of numbers (givens or Killer sums) up to the next comma: runs of blanks (`a` = 1 …
/// `z` = 26), numbers from 1 to `max`, `_` between numbers. Exactly `cells` of them.
fn read_numbers(cur: &mut Cursor, part: Part, cells: usize, max: u32) -> Result<Vec<u32>, SoloError> {
    let mut out = Vec::with_capacity(cells);
    let b = cur.text.as_bytes();
    while let Some(ch) = cur.peek().filter(|&ch| ch != b',') {
        match ch {
            b'a'..=b'z' => {
                let run = usize::from(ch - b'a') + 1;
                out.extend(std::iter::repeat_n(0, run.min((cells + 1).saturating_sub(out.len()))));
                cur.pos += 1;
            }
            b'_' => cur.pos += 1,
            b'1'..=b'9' => {
                let start = cur.pos;
                let mut v: u64 = 0;
                while cur.pos < b.len() && b[cur.pos].is_ascii_digit() {
                    v = v.saturating_mul(10).saturating_add(u64::from(b[cur.pos] - b'0'));
                    cur.pos += 1;
                }
                if v > u64::from(max) {
                    return Err(SoloError::OutOfRange { value: cur.text[start..cur.pos].into(), at: cur.at(start), max, part });
                }
                if out.len() <= cells {
                    out.push(v as u32);
                }
            }
            _ => return Err(cur.bad(cur.pos, part)),
        }
    }
    if out.len() != cells {
        // Past the grid, the count stops one over: say how far it went.
        let found = if out.len() > cells { count_cells(&cur.text[..cur.pos]) } else { out.len() };
        return Err(SoloError::CellCount { part, found, cells });
    }
    Ok(out)
}

/// The cells a grid part covers, counted again in full (only for the message of one that runs
/// over: reading stops keeping them past the grid).
fn count_cells(text: &str) -> usize {
    let part = text.rsplit([',', ':']).next().unwrap_or("");
    let b = part.as_bytes();
    let (mut n, mut i) = (0usize, 0);
    while i < b.len() {
        match b[i] {
            ch @ b'a'..=b'z' => n = n.saturating_add(usize::from(ch - b'a') + 1),
            b'1'..=b'9' => {
                n = n.saturating_add(1);
                while i + 1 < b.len() && b[i + 1].is_ascii_digit() {
                    i += 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    n
}

/// The boundary between two cells that line `k` of a grid of side `n` is: first the vertical
/// ones in reading order, then the horizontal ones column by column.
fn boundary(n: usize, k: usize) -> (usize, usize) {
    if k < n * (n - 1) {
        let (y, x) = (k / (n - 1), k % (n - 1));
        (y * n + x, y * n + x + 1)
    } else {
        let k = k - n * (n - 1);
        let (x, y) = (k / (n - 1), k % (n - 1));
        (y * n + x, (y + 1) * n + x)
    }
}

/// Lines between cells up to the next comma: each letter a run of boundaries with no line
/// (`_` = 0, `a` = 1 … `y` = 25) and then a line, except `z`: 26 and no line. The pieces the
/// lines cut the grid into, numbered in reading order, and how many there are.
fn read_lines(cur: &mut Cursor, part: Part, n: usize) -> Result<(Vec<usize>, usize), SoloError> {
    let lines = 2 * n * (n - 1);
    let mut pieces = Pieces::new(n * n);
    let mut k = 0;
    let mut last = cur.pos;
    while let Some(ch) = cur.peek().filter(|&ch| ch != b',') {
        let run = match ch {
            b'_' => 0,
            b'a'..=b'z' => usize::from(ch - b'a') + 1,
            _ => return Err(cur.bad(cur.pos, part)),
        };
        for _ in 0..run {
            if k >= lines {
                return Err(SoloError::TooManyLines { part, at: cur.at(cur.pos), lines });
            }
            let (a, b) = boundary(n, k);
            pieces.join(a, b);
            k += 1;
        }
        if run != 26 {
            k += 1;
        }
        last = cur.pos;
        cur.pos += 1;
    }
    // The last line is the closing mark past the grid's end.
    match k.cmp(&(lines + 1)) {
        std::cmp::Ordering::Greater => return Err(SoloError::TooManyLines { part, at: cur.at(last), lines }),
        std::cmp::Ordering::Less if k == lines => return Err(SoloError::Unclosed { part }),
        std::cmp::Ordering::Less => return Err(SoloError::TooFewLines { part, seen: k, lines }),
        std::cmp::Ordering::Equal => {}
    }
    Ok(pieces.numbered())
}

/// Union-find over the cells.
struct Pieces(Vec<usize>);

impl Pieces {
    fn new(cells: usize) -> Pieces {
        Pieces((0..cells).collect())
    }

    fn root(&mut self, mut a: usize) -> usize {
        while self.0[a] != a {
            self.0[a] = self.0[self.0[a]];
            a = self.0[a];
        }
        a
    }

    fn join(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.root(a), self.root(b));
        self.0[ra.max(rb)] = ra.min(rb);
    }

    /// Each cell's piece, numbered in reading order, and the number of pieces.
    fn numbered(mut self) -> (Vec<usize>, usize) {
        let cells = self.0.len();
        let mut number = vec![usize::MAX; cells];
        let mut count = 0;
        let mut out = Vec::with_capacity(cells);
        for i in 0..cells {
            let r = self.root(i);
            if number[r] == usize::MAX {
                number[r] = count;
                count += 1;
            }
            out.push(number[r]);
        }
        (out, count)
    }
}

// ---- Checking a puzzle's parts ----------------------------------------------------------------

fn check_values(part: Part, size: usize, values: &[u8]) -> Result<(), SoloError> {
    let cells = size * size;
    if values.len() != cells {
        return Err(SoloError::Length { part, found: values.len(), size, cells });
    }
    match values.iter().position(|&v| usize::from(v) > size) {
        Some(i) => Err(SoloError::Value { part, value: values[i], row: i / size + 1, col: i % size + 1, max: size }),
        None => Ok(()),
    }
}

/// A jigsaw's regions: `n` of them, `n` cells each, each one piece; renumbered in reading order.
fn check_jigsaw(n: usize, map: Vec<u8>) -> Result<Vec<u8>, SoloError> {
    let cells = n * n;
    if map.len() != cells {
        return Err(SoloError::Length { part: Part::Regions, found: map.len(), size: n, cells });
    }
    let mut number = [u8::MAX; 256];
    let mut count = 0u8;
    let mut out = Vec::with_capacity(cells);
    for &r in &map {
        if number[usize::from(r)] == u8::MAX {
            number[usize::from(r)] = count;
            count += 1;
        }
        out.push(number[usize::from(r)]);
    }
    if usize::from(count) != n {
        return Err(SoloError::RegionCount { found: usize::from(count), size: n });
    }
    for k in 0..count {
        let members: Vec<usize> = (0..cells).filter(|&i| out[i] == k).collect();
        let first = members[0];
        let (row, col) = (first / n + 1, first % n + 1);
        if members.len() != n {
            return Err(SoloError::RegionSize { row, col, cells: members.len(), size: n });
        }
        if !crate::grid::one_piece(n, &members) {
            return Err(SoloError::NotConnected { what: "jigsaw region", row, col });
        }
    }
    Ok(out)
}

/// Killer cages: every cell in one, each one piece of 2 to `n` cells with a sum in Solo's range;
/// cells sorted, cages by their first cell.
fn check_cages(n: usize, cages: Vec<Cage>) -> Result<Vec<Cage>, SoloError> {
    let cells = n * n;
    let mut cover = vec![0usize; cells];
    let mut cages: Vec<Cage> = cages
        .into_iter()
        .map(|mut c| {
            c.cells.sort_unstable();
            c
        })
        .collect();
    for c in &cages {
        for &i in &c.cells {
            *cover.get_mut(i).ok_or(SoloError::CageCell { cell: i, size: n })? += 1;
        }
    }
    if let Some(i) = cover.iter().position(|&k| k != 1) {
        return Err(SoloError::CageCover { row: i / n + 1, col: i % n + 1, found: cover[i] });
    }
    // Every cell is in exactly one cage, so none is empty.
    cages.sort_by_key(|c| c.cells[0]);
    let max_sum = (n * cells) as u32;
    for c in &cages {
        let (row, col) = (c.cells[0] / n + 1, c.cells[0] % n + 1);
        if c.cells.len() < 2 || c.cells.len() > n {
            return Err(SoloError::CageSize { row, col, cells: c.cells.len(), max: n });
        }
        if !crate::grid::one_piece(n, &c.cells) {
            return Err(SoloError::NotConnected { what: "Killer cage", row, col });
        }
        if c.sum == 0 || u32::from(c.sum) > max_sum {
            return Err(SoloError::SumOutOfRange { row, col, sum: c.sum, max: max_sum });
        }
    }
    Ok(cages)
}

// ---- Writing ---------------------------------------------------------------------------------

fn write(p: &SoloPuzzle) -> String {
    let n = p.size;
    let mut id = match p.regions {
        Regions::Boxes { rows, cols } => format!("{rows}x{cols}"),
        Regions::Jigsaw(_) => format!("{n}j"),
    };
    if p.x {
        id.push('x');
    }
    if p.cages.is_some() {
        id.push('k');
    }
    id.push(':');
    write_numbers(&mut id, p.givens.iter().map(|&v| u32::from(v)));
    if let Regions::Jigsaw(map) = &p.regions {
        id.push(',');
        write_lines(&mut id, n, |i| usize::from(map[i]));
    }
    if let Some(cages) = &p.cages {
        let mut cage_of = vec![0; n * n];
        let mut sums = vec![0u32; n * n];
        for (k, c) in cages.iter().enumerate() {
            for &i in &c.cells {
                cage_of[i] = k;
            }
            // The sum goes in the cage's first cell, as Solo puts it.
            sums[c.cells[0]] = u32::from(c.sum);
        }
        id.push(',');
        write_lines(&mut id, n, |i| cage_of[i]);
        id.push(',');
        write_numbers(&mut id, sums.into_iter());
    }
    id
}

/// Runs of blanks as letters (26 at most each), numbers in decimal, `_` only between two
/// numbers: the one form Solo writes.
fn write_numbers(out: &mut String, values: impl Iterator<Item = u32>) {
    let mut run = 0usize;
    let mut after_number = false;
    let flush = |out: &mut String, run: &mut usize| {
        while *run > 0 {
            let k = (*run).min(26);
            out.push(char::from(b'a' + (k - 1) as u8));
            *run -= k;
        }
    };
    for v in values {
        if v == 0 {
            run += 1;
            continue;
        }
        if run > 0 {
            flush(out, &mut run);
        } else if after_number {
            out.push('_');
        }
        out.push_str(&v.to_string());
        after_number = true;
    }
    flush(out, &mut run);
}

/// A line between two cells of different pieces, as runs of no line between lines. A run of
/// 26 or more is written as `z`s of 26 each: what Solo's reader takes them for (its writer
/// counts a `z` as 25, which its reader does not; see docs/solo-ids.md).
fn write_lines(out: &mut String, n: usize, piece: impl Fn(usize) -> usize) {
    let lines = 2 * n * (n - 1);
    let mut run = 0usize;
    for k in 0..=lines {
        let line = k == lines || {
            let (a, b) = boundary(n, k);
            piece(a) != piece(b)
        };
        if !line {
            run += 1;
            continue;
        }
        while run >= 26 {
            out.push('z');
            run -= 26;
        }
        out.push(if run == 0 { '_' } else { char::from(b'a' + (run - 1) as u8) });
        run = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Made by `sgt-solo --generate` (Debian's sgt-puzzles 20230122).
    const CLASSIC: &str = "3x3:b6_4e1_9j6_9a8a1a6b3b5_2a5b1b3a7_1b8b9a6a9a5_8j2_6e9_5b";
    const SIX: &str = "2x3:b5b2a2e1c4_3c1e3a6b5b";
    const JIGSAW: &str = "9j:b2_9a6j7a8_2b7d9b4g7c8g2b3d9b5_6a4j7a1_9b,abcbacaaa_a_ab_a_aa___aa_ca_aba_b_ade_c_aa__b_deaa_b_e_aabade_";
    const JIGSAW6: &str = "6j:b5_6_4h2a3d3a6h3_4_2b,_bbaaa_a_aa_abae__d_dddb";
    const KILLER: &str = "3x3k:zzzc,aa___b_____b_aa__a_a___a_a_a___a_____a_______a_baab__ba_____aaa_aaa_aab_a___a_aa_aaaa__a_a___a_a__,8a13a11_10_12_16a6a16d7a9b13a8a5_7_16_12a15_24e11d11_12b7a16_9b14_15_15a5c11c20a13_10b10e7a11b";
    const KILLER6: &str = "2x3k:zj,__b__a__b__a___a___aaaab___________a_aaaaa,4_11_7b8b10a8a8_12c5a4a6_8a9_7c8a5a6b";

    #[test]
    fn solo_ids_read_and_write_back_as_they_were() {
        for id in [CLASSIC, SIX, JIGSAW, JIGSAW6, KILLER, KILLER6] {
            let p = SoloPuzzle::read(id).unwrap_or_else(|e| panic!("{id}: {e}"));
            assert_eq!(p.write(), id);
            assert_eq!(SoloPuzzle::read(&p.write()).as_ref(), Ok(&p));
        }
    }

    #[test]
    fn the_parts_are_read_as_solo_draws_them() {
        let p = SoloPuzzle::read(CLASSIC).unwrap();
        assert_eq!((p.size(), p.variant().name()), (9, "Sudoku"));
        assert_eq!(&p.givens()[..4], &[0, 0, 6, 4]);
        assert_eq!(p.classic_grid().unwrap().to_line().len(), 81);
        // 2x3: boxes two rows tall, three wide, as Inkdoku's 6x6.
        let six = SoloPuzzle::read(SIX).unwrap();
        assert_eq!(six.regions(), &Regions::Boxes { rows: 2, cols: 3 });
        assert_eq!(six.classic_grid().unwrap().shape(), Shape::S6);
        assert_eq!(&six.region_map()[..12], &[0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1]);
        let killer = SoloPuzzle::read(KILLER).unwrap();
        let cages = killer.cages().unwrap();
        assert_eq!(cages.iter().map(|c| c.cells.len()).sum::<usize>(), 81);
        assert_eq!(cages.iter().map(|c| u32::from(c.sum)).sum::<u32>(), 9 * 45);
        assert_eq!(killer.variant().key(), "killer");
        assert_eq!(killer.classic_grid(), Err(NotClassic::Variant(killer.variant())));
        let jig = SoloPuzzle::read(JIGSAW).unwrap();
        assert_eq!(jig.variant().name(), "Jigsaw Sudoku");
        assert_eq!(SoloPuzzle::read("3x2:b1b3_1f4_6f6_4f5_2b1b").unwrap().classic_grid(), Err(NotClassic::Boxes { rows: 3, cols: 2 }));
    }

    /// What a player may paste: full parameters (symmetry, difficulty), other spellings of the
    /// size, blanks around it. All read as the same puzzle, and are written in Solo's form.
    #[test]
    fn full_parameters_and_other_spellings_read_the_same() {
        let desc = CLASSIC.split_once(':').unwrap().1;
        let p = SoloPuzzle::read(CLASSIC).unwrap();
        for params in ["3x3db", "3x3dh", "3x3m4", "3x3md2du", "3x3a", "3x3r4de", "3", "  3x3"] {
            assert_eq!(SoloPuzzle::read(&format!("{params}:{desc}\n")).as_ref(), Ok(&p), "{params}");
        }
        let jdesc = JIGSAW.split_once(':').unwrap().1;
        for params in ["3x3j", "9x1", "9jdb", "9jr2"] {
            assert_eq!(SoloPuzzle::read(&format!("{params}:{jdesc}")).unwrap().write(), JIGSAW, "{params}");
        }
        // `x` after a difficulty letter is a flag, after `d` alone too (Solo's reading).
        assert!(SoloPuzzle::read(&format!("3x3dbx:{desc}")).unwrap().is_x());
        assert!(SoloPuzzle::read(&format!("3x3dx:{desc}")).unwrap().is_x());
        // Non-canonical descriptions read the same and are written canonically.
        assert_eq!(SoloPuzzle::read("2x2:_d1a2b1a4d_").unwrap().write(), "2x2:d1a2b1a4d");
        assert_eq!(SoloPuzzle::read("2x2:bb1a2b1a4bb").unwrap().write(), "2x2:d1a2b1a4d");
    }

    #[test]
    fn broken_ids_are_named_with_the_place() {
        let e = |id: &str| SoloPuzzle::read(id).unwrap_err();
        assert_eq!(e("3x3"), SoloError::NoColon);
        assert_eq!(e("3x3dh#12345"), SoloError::RandomSeed { params: "3x3dh".into() });
        assert_eq!(e("x3:a"), SoloError::NoSize { params: "x3".into() });
        assert_eq!(e("1x3:a"), SoloError::Dimensions { params: "1x3".into() });
        assert_eq!(e("3x:a"), SoloError::Dimensions { params: "3x".into() });
        assert_eq!(e("5x5:a"), SoloError::TooLarge { size: 25 });
        assert_eq!(e("4x4k:a"), SoloError::KillerTooLarge { size: 16 });
        assert_eq!(e("3jx:a"), SoloError::XTooSmall { size: 3 });
        assert_eq!(e("2x2:d1a2b1a4c"), SoloError::CellCount { part: Part::Givens, found: 15, cells: 16 });
        assert_eq!(e("2x2:d1a2b1a4e"), SoloError::CellCount { part: Part::Givens, found: 17, cells: 16 });
        assert_eq!(e("2x2:d1a2b1a4zz"), SoloError::CellCount { part: Part::Givens, found: 64, cells: 16 });
        assert_eq!(e("2x2:d1a5b1a4d"), SoloError::OutOfRange { value: "5".into(), at: 8, max: 4, part: Part::Givens });
        assert_eq!(e("2x2:d1a2b1a4D"), SoloError::BadCharacter { ch: 'D', at: 13, part: Part::Givens });
        assert_eq!(e("2x2:d1a2b1a4dé"), SoloError::BadCharacter { ch: 'é', at: 14, part: Part::Givens });
        assert_eq!(e("2x2:d1a2b1a4d,"), SoloError::TrailingText { at: 14 });
        assert_eq!(e("2x2:d01a2b1a4d"), SoloError::BadCharacter { ch: '0', at: 6, part: Part::Givens });
        assert_eq!(e("6j:b5_6_4h2a3d3a6h3_4_2b"), SoloError::MissingPart { part: Part::Regions, at: 25 });
        assert_eq!(e("2j:d,_"), SoloError::TooFewLines { part: Part::Regions, seen: 1, lines: 4 });
        assert_eq!(e("2j:d,_a_"), SoloError::Unclosed { part: Part::Regions });
        assert_eq!(e("2j:d,_a__"), SoloError::RegionCount { found: 3, size: 2 });
        assert_eq!(e("2j:d,a_a"), SoloError::RegionSize { row: 1, col: 1, cells: 3, size: 2 });
        assert_eq!(e("2j:d,ddd"), SoloError::TooManyLines { part: Part::Regions, at: 7, lines: 4 });
        assert!(matches!(e("3x3k:zzzc,a"), SoloError::TooFewLines { part: Part::Cages, .. }));
        assert!(matches!(e(&KILLER.replacen(",8a13", ",8_5_13", 1)), SoloError::CageSums { row: 1, col: 1, found: 2 }));
    }

    #[test]
    fn a_region_map_is_renumbered_and_checked() {
        // The two columns of a 2-jigsaw, numbered anyhow: renumbered in reading order.
        let p = SoloPuzzle::new(2, Regions::Jigsaw(vec![5, 7, 5, 7]), false, vec![0; 4], None).unwrap();
        assert_eq!(p.regions(), &Regions::Jigsaw(vec![0, 1, 0, 1]));
        assert_eq!(SoloPuzzle::read(&p.write()).unwrap(), p);
        let diagonal = SoloPuzzle::new(2, Regions::Jigsaw(vec![0, 1, 1, 0]), false, vec![0; 4], None);
        assert_eq!(diagonal, Err(SoloError::NotConnected { what: "jigsaw region", row: 1, col: 1 }));
        assert!(matches!(SoloPuzzle::new(4, Regions::Boxes { rows: 4, cols: 1 }, false, vec![0; 16], None), Err(SoloError::BoxShape { .. })));
        // No ID holds a grid of side 0 or 1 (Solo's parameters start at 2).
        assert_eq!(SoloPuzzle::new(1, Regions::Jigsaw(vec![0]), false, vec![0], None), Err(SoloError::TooSmall { size: 1 }));
        assert_eq!(SoloPuzzle::new(0, Regions::Jigsaw(vec![]), false, vec![], None), Err(SoloError::TooSmall { size: 0 }));
        assert!(matches!(SoloPuzzle::new(4, Regions::Boxes { rows: 2, cols: 2 }, false, vec![0; 15], None), Err(SoloError::Length { .. })));
        let single = vec![Cage { cells: vec![0], sum: 1 }, Cage { cells: vec![1, 2, 3], sum: 9 }];
        let p = SoloPuzzle::new(2, Regions::Jigsaw(vec![0, 0, 1, 1]), false, vec![0; 4], Some(single));
        assert_eq!(p, Err(SoloError::CageSize { row: 1, col: 1, cells: 1, max: 2 }));
    }

    /// Lines runs of 26 and more: `z` is 26 boundaries without a line, as Solo reads it.
    #[test]
    fn long_runs_of_no_line_use_z() {
        // A 16-jigsaw of the sixteen rows: every vertical boundary is no line (15 a row).
        let rows: Vec<u8> = (0..256).map(|i| (i / 16) as u8).collect();
        let p = SoloPuzzle::new(16, Regions::Jigsaw(rows), false, vec![0; 256], None).unwrap();
        let id = p.write();
        assert!(id.contains('z'), "{id}");
        assert_eq!(SoloPuzzle::read(&id).unwrap(), p);
    }
}
