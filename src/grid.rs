//! Board shapes, cells and symbols, and the Sudoku text formats.
//!
//! A grid is `size x size` cells (4, 6, 9 or 16) split into boxes of `box_rows x box_cols`.
//! Cell values are stored as `u8`: 0 is blank, 1..=size a symbol. Symbols print as `1`-`9`
//! then `A`-`G` for 10-16.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The board shapes Inkdoku plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Shape {
    pub size: u8,
    pub box_rows: u8,
    pub box_cols: u8,
}

impl Shape {
    pub const S4: Shape = Shape { size: 4, box_rows: 2, box_cols: 2 };
    pub const S6: Shape = Shape { size: 6, box_rows: 2, box_cols: 3 };
    pub const S9: Shape = Shape { size: 9, box_rows: 3, box_cols: 3 };
    pub const S16: Shape = Shape { size: 16, box_rows: 4, box_cols: 4 };
    pub const ALL: [Shape; 4] = [Shape::S4, Shape::S6, Shape::S9, Shape::S16];

    /// The shape for a side length, if Inkdoku plays it.
    pub fn from_size(size: usize) -> Option<Shape> {
        Shape::ALL.into_iter().find(|s| s.size as usize == size)
    }

    /// The shape whose cell count is `cells` (16, 36, 81, 256).
    pub fn from_cell_count(cells: usize) -> Option<Shape> {
        Shape::ALL.into_iter().find(|s| s.cells() == cells)
    }

    pub fn n(self) -> usize {
        self.size as usize
    }

    pub fn cells(self) -> usize {
        self.n() * self.n()
    }

    /// Index of the box holding cell (row, col), boxes numbered row-major.
    pub fn box_of(self, row: usize, col: usize) -> usize {
        let boxes_per_row = self.n() / self.box_cols as usize;
        (row / self.box_rows as usize) * boxes_per_row + col / self.box_cols as usize
    }

    /// The symbols legal on this board, in order, as characters.
    pub fn symbols(self) -> Vec<char> {
        (1..=self.size).map(symbol_char).collect()
    }
}

/// The character for value `v` (1..=16): `1`-`9`, then `A`-`G`.
pub fn symbol_char(v: u8) -> char {
    match v {
        1..=9 => (b'0' + v) as char,
        10..=16 => (b'A' + v - 10) as char,
        _ => '.',
    }
}

/// The value of a symbol character (`1`-`9`, `A`-`G`, case-insensitive), if any.
pub fn symbol_value(c: char) -> Option<u8> {
    match c {
        '1'..='9' => Some(c as u8 - b'0'),
        'A'..='G' => Some(c as u8 - b'A' + 10),
        'a'..='g' => Some(c as u8 - b'a' + 10),
        _ => None,
    }
}

/// The units of a Latin-square board: rows, columns and (for Sudoku) boxes, with each cell's
/// units and peers. KenKen shares the rows and columns ([`Geometry::latin`]); Sudoku adds boxes;
/// the variants (issue 42) put a jigsaw's regions in the boxes' place, add the two diagonals
/// (Sudoku X) and Killer cages ([`Geometry::variant`]).
#[derive(Debug, Clone)]
pub struct Geometry {
    pub n: usize,
    /// Every unit as its cells (indices row * n + col): rows first, then columns, then boxes
    /// (or a jigsaw's regions), then the main diagonal and the anti-diagonal of an X. Each unit
    /// holds every digit once.
    pub units: Vec<Vec<usize>>,
    /// The units of each cell: [row unit, column unit, box unit (if any), diagonals (if any)].
    pub cell_units: Vec<Vec<usize>>,
    /// The other cells that share a unit or a cage with each cell, sorted.
    pub peers: Vec<Vec<usize>>,
    /// Whether units `2n..3n` are a jigsaw's regions rather than rectangular boxes (their name).
    pub jigsaw: bool,
    /// Killer cages: no digit twice, and their digits add up to the sum. Not units (a cage
    /// holds fewer than n digits); their cells are peers.
    pub cages: Vec<Cage>,
    /// The cage of each cell (an index into `cages`), if any.
    pub cage_of: Vec<Option<u16>>,
    /// What the 45 rule says of each area of a board with cages ([`Geometry::sum_areas`]):
    /// worked out the first time it is asked, as an easy Killer's generator never asks it (a
    /// tenth of its time), and kept so the human and the exact solver read it at every step.
    sums: OnceLock<Vec<AreaSums>>,
}

/// Equal boards are equal in what they were made of; the 45-rule areas follow from that,
/// worked out or not.
impl PartialEq for Geometry {
    fn eq(&self, other: &Geometry) -> bool {
        let Geometry { n, units, cell_units, peers, jigsaw, cages, cage_of, sums: _ } = self;
        (n, units, cell_units, peers, jigsaw, cages, cage_of)
            == (&other.n, &other.units, &other.cell_units, &other.peers, &other.jigsaw, &other.cages, &other.cage_of)
    }
}

impl Eq for Geometry {}

/// An area the 45 rule looks at: a row, column or box (units `0..3n`), or a run of `len`
/// neighbouring rows or columns from `start`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Area {
    Unit(usize),
    Rows(usize, usize),
    Columns(usize, usize),
}

impl Area {
    /// Each unit of rows, columns and boxes, then runs of 2 to n-1 rows and of columns.
    fn all(n: usize) -> impl Iterator<Item = Area> {
        let runs = (2..n).flat_map(move |len| (0..=n - len).flat_map(move |start| [Area::Rows(start, len), Area::Columns(start, len)]));
        (0..3 * n).map(Area::Unit).chain(runs)
    }

    /// How many units' worth of digits the area holds.
    fn units(self) -> usize {
        match self {
            Area::Unit(_) => 1,
            Area::Rows(_, len) | Area::Columns(_, len) => len,
        }
    }

    /// Its cells, into `out` (cleared first).
    fn cells(self, geo: &Geometry, out: &mut Vec<usize>) {
        let n = geo.n;
        out.clear();
        match self {
            Area::Unit(u) => out.extend_from_slice(&geo.units[u]),
            Area::Rows(start, len) => out.extend(start * n..(start + len) * n),
            Area::Columns(start, len) => out.extend((0..n).flat_map(|r| (start..start + len).map(move |c| r * n + c))),
        }
    }
}

/// The 45 rule on one area: it holds every digit once per unit, so its cells add up to 45 a
/// unit on a 9x9. The cages wholly inside give part of that; what is left is the sum of the
/// cells of the cages that stick out (the innies, with any uncaged cell of the area), and
/// what those cages hold outside is the sum of the outies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AreaSums {
    pub area: Area,
    pub innies: Vec<usize>,
    pub innie_sum: i32,
    /// The outies and their sum, when every cell of the area is caged.
    pub outies: Option<(Vec<usize>, i32)>,
}

/// Every area's [`AreaSums`] on `geo`'s board (its units and cages set); none without cages.
fn sum_areas(geo: &Geometry) -> Vec<AreaSums> {
    let n = geo.n;
    if geo.cages.is_empty() {
        return Vec::new();
    }
    let per_unit = (n * (n + 1) / 2) as i32;
    let (mut cells, mut inside, mut seen) = (Vec::new(), vec![false; n * n], vec![false; geo.cages.len()]);
    // Gathered in these and copied out at their length: growing each area's lists cell by
    // cell cost more than the rule itself (a Killer is made with a new geometry).
    let (mut innies, mut outies) = (Vec::with_capacity(n * n), Vec::with_capacity(n * n));
    let mut out = Vec::with_capacity(3 * n + 2 * n * n);
    for area in Area::all(n) {
        area.cells(geo, &mut cells);
        inside.fill(false);
        seen.fill(false);
        for &c in &cells {
            inside[c] = true;
        }
        let (mut whole_sum, mut partial_sum) = (0i32, 0i32);
        innies.clear();
        outies.clear();
        let mut uncaged = false;
        for &c in &cells {
            let Some(k) = geo.cage_of[c] else {
                uncaged = true;
                innies.push(c);
                continue;
            };
            let k = usize::from(k);
            if std::mem::replace(&mut seen[k], true) {
                continue;
            }
            let cage = &geo.cages[k];
            if cage.cells.iter().all(|&d| inside[d]) {
                whole_sum += i32::from(cage.sum);
            } else {
                partial_sum += i32::from(cage.sum);
                innies.extend(cage.cells.iter().copied().filter(|&d| inside[d]));
                outies.extend(cage.cells.iter().copied().filter(|&d| !inside[d]));
            }
        }
        let innie_sum = per_unit * area.units() as i32 - whole_sum;
        let outies = (!uncaged).then(|| (outies.clone(), partial_sum - innie_sum));
        out.push(AreaSums { area, innies: innies.clone(), innie_sum, outies });
    }
    out
}

/// A Killer cage: its cells (indices `row * n + col`, ascending) and their sum.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Cage {
    pub cells: Vec<usize>,
    pub sum: u16,
}

/// A variant board's parts as data (what a save keeps, what the view draws): each cell's region,
/// whether the regions are a jigsaw's, the diagonals, the cages. [`Layout::geometry`] and
/// [`Geometry::layout`] turn one into the other.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Layout {
    /// Each cell's region (a box, or a jigsaw's piece), row-major.
    pub regions: Vec<u8>,
    #[serde(default)]
    pub jigsaw: bool,
    #[serde(default)]
    pub x: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cages: Vec<Cage>,
}

impl Layout {
    /// Its geometry on a board of side `n`, if the parts fit it.
    pub fn geometry(&self, n: usize) -> Option<Geometry> {
        Geometry::variant(n, &self.regions, self.jigsaw, self.x, self.cages.clone())
    }
}

impl Geometry {
    /// What the 45 rule says of each area (its units first, then the runs of rows and of
    /// columns); none without cages.
    pub fn sum_areas(&self) -> &[AreaSums] {
        self.sums.get_or_init(|| sum_areas(self))
    }

    /// Rows and columns only: an `n x n` Latin square.
    pub fn latin(n: usize) -> Geometry {
        let mut units: Vec<Vec<usize>> = (0..n).map(|r| (0..n).map(|c| r * n + c).collect()).collect();
        units.extend((0..n).map(|c| (0..n).map(|r| r * n + c).collect()));
        Geometry::from_units(n, units)
    }

    /// [`Geometry::sudoku`] of a shape, built once per shape and kept (building one allocates
    /// a few hundred vectors, which used to be a large part of a small board's solve). The
    /// solvers, the human techniques and the generator share it; so will the variants.
    pub fn of_sudoku(shape: Shape) -> &'static Geometry {
        Geometry::shared_sudoku(shape)
    }

    /// The same kept geometry as [`Geometry::of_sudoku`], shared (the human solver's boards
    /// hold a variant's geometry or this one alike).
    pub fn shared_sudoku(shape: Shape) -> &'static std::sync::Arc<Geometry> {
        static GEOS: [std::sync::OnceLock<std::sync::Arc<Geometry>>; 4] = [const { std::sync::OnceLock::new() }; 4];
        let k = Shape::ALL.iter().position(|&s| s == shape).unwrap_or(2);
        GEOS[k].get_or_init(|| std::sync::Arc::new(Geometry::sudoku(Shape::ALL[k])))
    }

    /// [`Geometry::latin`] of a side up to 16, built once per side and kept (a tidy write asks
    /// for the peers of every cell it writes).
    pub fn of_latin(n: usize) -> &'static Geometry {
        static GEOS: [std::sync::OnceLock<Geometry>; 17] = [const { std::sync::OnceLock::new() }; 17];
        GEOS[n.min(16)].get_or_init(|| Geometry::latin(n.min(16)))
    }

    /// Rows, columns and boxes of a Sudoku shape.
    pub fn sudoku(shape: Shape) -> Geometry {
        let n = shape.n();
        let mut units: Vec<Vec<usize>> = (0..n).map(|r| (0..n).map(|c| r * n + c).collect()).collect();
        units.extend((0..n).map(|c| (0..n).map(|r| r * n + c).collect()));
        let mut boxes = vec![Vec::with_capacity(n); n];
        for i in 0..n * n {
            boxes[shape.box_of(i / n, i % n)].push(i);
        }
        units.extend(boxes);
        Geometry::from_units(n, units)
    }

    /// A variant's board of side `n`: rows, columns, the regions of `region_of` (each cell's
    /// region, `0..n`: a shape's boxes, or a jigsaw when `jigsaw`), the two diagonals when `x`,
    /// and Killer `cages`. `None` when the parts do not fit the side (a region of the wrong
    /// size, a cell out of the board or in two cages, diagonals on a board under 4x4).
    pub fn variant(n: usize, region_of: &[u8], jigsaw: bool, x: bool, cages: Vec<Cage>) -> Option<Geometry> {
        if !(2..=16).contains(&n) || region_of.len() != n * n || (x && n < 4) {
            return None;
        }
        let mut units: Vec<Vec<usize>> = (0..n).map(|r| (0..n).map(|c| r * n + c).collect()).collect();
        units.extend((0..n).map(|c| (0..n).map(|r| r * n + c).collect()));
        let mut regions = vec![Vec::with_capacity(n); n];
        for (i, &k) in region_of.iter().enumerate() {
            regions.get_mut(usize::from(k))?.push(i);
        }
        if regions.iter().any(|r| r.len() != n) {
            return None;
        }
        units.extend(regions);
        if x {
            units.push((0..n).map(|i| i * n + i).collect());
            units.push((0..n).map(|i| i * n + n - 1 - i).collect());
        }
        let mut cage_of = vec![None; n * n];
        for (k, cage) in cages.iter().enumerate() {
            for &c in &cage.cells {
                let slot = cage_of.get_mut(c)?;
                if slot.is_some() || cage.cells.len() > n {
                    return None;
                }
                *slot = Some(k as u16);
            }
        }
        let mut g = Geometry::with_cage_peers(n, units, &cages);
        g.jigsaw = jigsaw;
        g.cages = cages;
        g.cage_of = cage_of;
        Some(g)
    }

    /// Its parts as data (regions from units `2n..3n`; a Latin square has none: all 0).
    pub fn layout(&self) -> Layout {
        let n = self.n;
        let mut regions = vec![0u8; n * n];
        for (k, unit) in self.units.iter().skip(2 * n).take(n).enumerate() {
            for &c in unit {
                regions[c] = k as u8;
            }
        }
        Layout { regions, jigsaw: self.jigsaw, x: self.has_diagonals(), cages: self.cages.clone() }
    }

    /// The filled cells of `values` (row-major, 0 empty) that share a unit or a cage with a
    /// cell of the same value, and the cells of a full cage whose sum is wrong.
    pub fn conflicts(&self, values: &[u8]) -> Vec<usize> {
        let cells = self.n * self.n;
        if values.len() != cells {
            return Vec::new();
        }
        let mut bad = vec![false; cells];
        for i in 0..cells {
            if values[i] != 0 && self.peers[i].iter().any(|&j| values[j] == values[i]) {
                bad[i] = true;
            }
        }
        for cage in &self.cages {
            if cage.cells.iter().all(|&c| values[c] != 0) && cage.cells.iter().map(|&c| u16::from(values[c])).sum::<u16>() != cage.sum {
                for &c in &cage.cells {
                    bad[c] = true;
                }
            }
        }
        (0..cells).filter(|&i| bad[i]).collect()
    }

    /// Whether this is a plain Sudoku (or Latin square): no jigsaw, no diagonals, no cages.
    pub fn is_classic(&self) -> bool {
        !self.jigsaw && self.cages.is_empty() && self.units.len() <= 3 * self.n
    }

    /// Whether the two main diagonals are units (Sudoku X).
    pub fn has_diagonals(&self) -> bool {
        self.units.len() == 3 * self.n + 2
    }

    fn from_units(n: usize, units: Vec<Vec<usize>>) -> Geometry {
        Geometry::with_cage_peers(n, units, &[])
    }

    /// The geometry of `units`, where a cell's peers are also its cage mates.
    fn with_cage_peers(n: usize, units: Vec<Vec<usize>>, cages: &[Cage]) -> Geometry {
        let mut cell_units = vec![Vec::new(); n * n];
        for (u, cells) in units.iter().enumerate() {
            for &c in cells {
                cell_units[c].push(u);
            }
        }
        let mut cage_of: Vec<Option<usize>> = vec![None; n * n];
        for (k, cage) in cages.iter().enumerate() {
            for &c in &cage.cells {
                if let Some(slot) = cage_of.get_mut(c) {
                    *slot = Some(k);
                }
            }
        }
        // Each cell's peers are the union of its units' and its cage's cell sets, read out in
        // order: sorted and without repeats at once (a variant's generator builds a geometry
        // for each layout it tries).
        let words = (n * n).div_ceil(64);
        let set_of = |cells: &[usize]| {
            let mut set = vec![0u64; words];
            for &c in cells.iter().filter(|&&c| c < n * n) {
                set[c / 64] |= 1 << (c % 64);
            }
            set
        };
        let unit_sets: Vec<Vec<u64>> = units.iter().map(|u| set_of(u)).collect();
        let cage_sets: Vec<Vec<u64>> = cages.iter().map(|k| set_of(&k.cells)).collect();
        let mut seen = vec![0u64; words];
        let peers = (0..n * n)
            .map(|i| {
                seen.fill(0);
                for set in cell_units[i].iter().map(|&u| &unit_sets[u]).chain(cage_of[i].map(|k| &cage_sets[k])) {
                    for (w, &bits) in seen.iter_mut().zip(set) {
                        *w |= bits;
                    }
                }
                seen[i / 64] &= !(1 << (i % 64));
                let mut p = Vec::with_capacity(seen.iter().map(|w| w.count_ones() as usize).sum());
                for (w, bits) in seen.iter_mut().enumerate() {
                    while *bits != 0 {
                        p.push(w * 64 + bits.trailing_zeros() as usize);
                        *bits &= *bits - 1;
                    }
                }
                p
            })
            .collect();
        Geometry { n, units, cell_units, peers, jigsaw: false, cages: Vec::new(), cage_of: vec![None; n * n], sums: OnceLock::new() }
    }

    /// Whether two distinct cells share a unit.
    pub fn sees(&self, a: usize, b: usize) -> bool {
        a != b && self.peers[a].binary_search(&b).is_ok()
    }
}

/// Whether `cells` (indices of an n x n board) are one piece, side by side: a jigsaw's region,
/// a Killer's or a KenKen's cage. An empty list, or one with a cell off the board, is not.
pub fn one_piece(n: usize, cells: &[usize]) -> bool {
    !cells.is_empty() && cells.iter().all(|&c| c < n * n) && apart_from_first(n, cells).is_none()
}

/// The first cell of `cells` (in their order) that can't be reached from the first one through
/// cells of the list side by side, if any; cells off the n x n board are skipped.
pub fn apart_from_first(n: usize, cells: &[usize]) -> Option<usize> {
    let &first = cells.first()?;
    let mut inside = vec![false; n * n];
    for &c in cells {
        if let Some(slot) = inside.get_mut(c) {
            *slot = true;
        }
    }
    let mut reached = vec![false; n * n];
    let mut todo = Vec::new();
    if first < n * n {
        reached[first] = true;
        todo.push(first);
    }
    while let Some(c) = todo.pop() {
        let (r, col) = (c / n, c % n);
        let near = [(r > 0).then(|| c - n), (r + 1 < n).then(|| c + n), (col > 0).then(|| c - 1), (col + 1 < n).then(|| c + 1)];
        for d in near.into_iter().flatten() {
            if inside[d] && !reached[d] {
                reached[d] = true;
                todo.push(d);
            }
        }
    }
    cells.iter().copied().find(|&c| c < n * n && !reached[c])
}

/// Why a text puzzle could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GridError {
    #[error("a puzzle has {seen} cells, but a board needs 16 (4x4), 36 (6x6), 81 (9x9) or 256 (16x16)")]
    WrongLength { seen: usize },
    #[error("'{ch}' at row {row}, column {col} is not a symbol of a {size}x{size} board")]
    IllegalSymbol { ch: char, row: usize, col: usize, size: u8 },
    #[error("the givens conflict: {}", describe_conflicts(.cells))]
    Conflict { cells: Vec<(usize, usize)> },
}

fn describe_conflicts(cells: &[(usize, usize)]) -> String {
    cells.iter().map(|(r, c)| format!("r{}c{}", r + 1, c + 1)).collect::<Vec<_>>().join(", ")
}

/// A board of values (0 = blank).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Grid {
    shape: Shape,
    cells: Vec<u8>,
}

impl Grid {
    /// An empty board of a shape.
    pub fn empty(shape: Shape) -> Grid {
        Grid { shape, cells: vec![0; shape.cells()] }
    }

    /// A board from raw values; `None` if the length or a value does not fit the shape.
    pub fn from_values(shape: Shape, cells: Vec<u8>) -> Option<Grid> {
        (cells.len() == shape.cells() && cells.iter().all(|&v| v <= shape.size))
            .then_some(Grid { shape, cells })
    }

    /// Reads a puzzle: one line of N*N characters, or a multi-line grid with any whitespace and
    /// `|`, `-`, `+` separators. `.` is a blank (and `0` too, except on 16x16 boards).
    /// Givens that conflict are not an error here: see [`Grid::conflicts`].
    pub fn parse(text: &str) -> Result<Grid, GridError> {
        // Fast path for the common case: one line of exactly N*N symbol or blank bytes.
        let bytes = text.trim_end().as_bytes();
        if let Some(shape) = Shape::from_cell_count(bytes.len()) {
            if shape.size <= 9 {
                // Branch-free per byte (blanks and givens mix unpredictably): anything but `.`
                // or `0`..=size sets `bad`, and the general path below reports it.
                let size = shape.size;
                let mut bad = false;
                let cells: Vec<u8> = bytes
                    .iter()
                    .map(|&b| {
                        let v = b.wrapping_sub(b'0');
                        let dot = b == b'.';
                        bad |= !dot & (v > size);
                        if dot { 0 } else { v }
                    })
                    .collect();
                if !bad {
                    return Ok(Grid { shape, cells });
                }
            }
        }
        let chars: Vec<char> = text
            .chars()
            .filter(|c| !c.is_whitespace() && !matches!(c, '|' | '-' | '+'))
            .collect();
        let shape = Shape::from_cell_count(chars.len())
            .ok_or(GridError::WrongLength { seen: chars.len() })?;
        let n = shape.n();
        let mut cells = Vec::with_capacity(chars.len());
        for (i, &ch) in chars.iter().enumerate() {
            let v = match ch {
                '.' => 0,
                '0' if shape.size < 16 => 0,
                _ => match symbol_value(ch) {
                    Some(v) if v <= shape.size => v,
                    _ => {
                        return Err(GridError::IllegalSymbol { ch, row: i / n + 1, col: i % n + 1, size: shape.size })
                    }
                },
            };
            cells.push(v);
        }
        Ok(Grid { shape, cells })
    }

    /// Like [`Grid::parse`], and also rejects givens that already conflict.
    pub fn parse_puzzle(text: &str) -> Result<Grid, GridError> {
        let g = Grid::parse(text)?;
        let bad = g.conflicts();
        if bad.is_empty() {
            Ok(g)
        } else {
            Err(GridError::Conflict { cells: bad })
        }
    }

    pub fn shape(&self) -> Shape {
        self.shape
    }

    pub fn values(&self) -> &[u8] {
        &self.cells
    }

    pub fn get(&self, row: usize, col: usize) -> u8 {
        self.cells[row * self.shape.n() + col]
    }

    pub fn set(&mut self, row: usize, col: usize, v: u8) {
        let n = self.shape.n();
        self.cells[row * n + col] = v;
    }

    /// Number of filled cells.
    pub fn filled(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Cells (row, col) whose value repeats in their row, column or box, sorted.
    pub fn conflicts(&self) -> Vec<(usize, usize)> {
        let n = self.shape.n();
        let mut bad = vec![false; n * n];
        for i in 0..n * n {
            let v = self.cells[i];
            if v == 0 {
                continue;
            }
            let (r, c) = (i / n, i % n);
            for j in (i + 1)..n * n {
                if self.cells[j] != v {
                    continue;
                }
                let (r2, c2) = (j / n, j % n);
                if r == r2 || c == c2 || self.shape.box_of(r, c) == self.shape.box_of(r2, c2) {
                    bad[i] = true;
                    bad[j] = true;
                }
            }
        }
        (0..n * n).filter(|&i| bad[i]).map(|i| (i / n, i % n)).collect()
    }

    /// Whether every cell is filled and no unit repeats a symbol.
    pub fn is_complete_and_valid(&self) -> bool {
        self.filled() == self.cells.len() && self.conflicts().is_empty()
    }

    /// Whether every given of `puzzle` (same shape) has the same value here.
    pub fn agrees_with(&self, puzzle: &Grid) -> bool {
        self.shape == puzzle.shape
            && self.cells.iter().zip(&puzzle.cells).all(|(&a, &g)| g == 0 || a == g)
    }

    /// The single-line text form: N*N characters, `.` for blanks.
    pub fn to_line(&self) -> String {
        self.cells.iter().map(|&v| symbol_char(v)).collect()
    }
}

impl std::fmt::Display for Grid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_line())
    }
}

impl std::str::FromStr for Grid {
    type Err = GridError;
    fn from_str(s: &str) -> Result<Grid, GridError> {
        Grid::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Side by side only: not corner to corner, and not from a row's end to the next row's
    /// start (neighbours in index order); a cell off the board or an empty list is no piece.
    #[test]
    fn one_piece_is_cells_side_by_side() {
        let n = 6;
        assert!(one_piece(n, &[0, 1, 7, 13]));
        assert!(one_piece(n, &[13, 7, 1, 0]));
        assert!(one_piece(n, &[35]));
        assert!(!one_piece(n, &[0, 7]), "corner to corner");
        assert!(!one_piece(n, &[5, 6]), "a row's end and the next row's start");
        assert!(!one_piece(n, &[]));
        assert!(!one_piece(n, &[35, 36]));
        assert_eq!(apart_from_first(n, &[0, 1, 3, 2, 20]), Some(20));
        assert_eq!(apart_from_first(n, &[0, 1, 2, 3]), None);
        assert_eq!(apart_from_first(n, &[5, 6, 0]), Some(6));
    }

    #[test]
    fn parses_every_size_and_prints_it_back() {
        for shape in Shape::ALL {
            let line: String = (0..shape.cells()).map(|i| if i % 3 == 0 { symbol_char((i % shape.n()) as u8 + 1) } else { '.' }).collect();
            let g = Grid::parse(&line).unwrap();
            assert_eq!(g.shape(), shape);
            assert_eq!(g.to_line(), line);
        }
    }

    #[test]
    fn multi_line_with_separators() {
        let text = "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | . .\n";
        let g = Grid::parse(text).unwrap();
        assert_eq!(g.to_line(), "1234341221434 3..".replace(' ', ""));
    }

    #[test]
    fn precise_errors() {
        assert_eq!(Grid::parse("123"), Err(GridError::WrongLength { seen: 3 }));
        let e = Grid::parse("12.5............").unwrap_err();
        assert_eq!(e, GridError::IllegalSymbol { ch: '5', row: 1, col: 4, size: 4 });
        assert!(e.to_string().contains("row 1, column 4"));
        let e = Grid::parse_puzzle("11..............").unwrap_err();
        assert_eq!(e, GridError::Conflict { cells: vec![(0, 0), (0, 1)] });
        // 0 is not a blank on 16x16 boards.
        assert!(matches!(Grid::parse(&"0".repeat(256)), Err(GridError::IllegalSymbol { .. })));
    }

    #[test]
    fn six_by_six_boxes_are_two_rows_by_three_columns() {
        let s = Shape::S6;
        assert_eq!(s.box_of(0, 2), 0);
        assert_eq!(s.box_of(0, 3), 1);
        assert_eq!(s.box_of(1, 3), 1);
        assert_eq!(s.box_of(2, 0), 2);
    }
}
