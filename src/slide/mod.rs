//! Sliding picture puzzle: `rows x cols` tiles (3..=6 each) with one gap.
//!
//! Tiles are numbered 1..rows*cols-1 in their solved, row-major order; 0 is the gap, which is
//! bottom-right when solved (the picture is cut in the same order). A move slides one tile into
//! the gap; sliding a whole row/column segment is that many single moves (see
//! [`Board::slide_at`]). Pure functions: [`Board::parse`] / [`Board::to_line`], solvability,
//! [`shuffle`], [`solver`] (optimal IDA* and a fast staged solver) and [`play`] for
//! undo/redo and the timer through the shared [`crate::session::Session`].

pub mod pdb;
pub mod def;
pub mod play;
/// Its save record (the shared envelope and checks are `crate::save`'s).
pub(crate) mod save;
/// Its test hooks (`testkit::TestHooks`): a sample game and random moves.
#[cfg(any(test, feature = "testkit"))]
pub mod testkit;
pub mod shuffle;
pub mod solver;

pub use shuffle::{shuffle, Difficulty};

/// Smallest and largest side.
pub const MIN_SIDE: usize = 3;
pub const MAX_SIDE: usize = 6;

/// Where the gap moves (the tile on that side of the gap slides the opposite way). JSON:
/// `"up"`, `"down"`, `"left"`, `"right"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Dir {
    Up,
    Down,
    Left,
    Right,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    pub fn inverse(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        }
    }

    pub fn letter(self) -> char {
        match self {
            Dir::Up => 'U',
            Dir::Down => 'D',
            Dir::Left => 'L',
            Dir::Right => 'R',
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SlideError {
    #[error("board {rows}x{cols}: each side must be 3..=6")]
    Size { rows: usize, cols: usize },
    #[error("{got} tiles given, a {rows}x{cols} board needs {need}")]
    Count { got: usize, need: usize, rows: usize, cols: usize },
    #[error("{0:?} is not a tile number")]
    NotNumber(String),
    #[error("tile {tile} is out of range 0..={max}")]
    OutOfRange { tile: usize, max: usize },
    #[error("tile {0} appears twice")]
    Duplicate(u8),
    #[error("{0} tiles is not a square board; write `RxC:` before the tiles for a rectangle")]
    NotSquare(usize),
    #[error("bad size prefix {0:?}; expected e.g. `3x4:`")]
    Prefix(String),
    #[error("unsolvable: the tiles' permutation parity does not match the gap's distance from its home, so no slides reach the goal")]
    Unsolvable,
    #[error("cell ({row},{col}) is outside the board")]
    Outside { row: usize, col: usize },
    #[error("cell ({row},{col}) is not in the gap's row or column")]
    NotInLine { row: usize, col: usize },
    #[error("a sliding puzzle's code is s, its rows x columns, a dot and a character a tile (0-9, a-z)")]
    Code,
}

/// A board position.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    rows: usize,
    cols: usize,
    tiles: Vec<u8>,
    gap: usize,
}

impl Board {
    /// Checks sides and that `tiles` is a permutation of 0..rows*cols (0 = gap).
    /// Unsolvable permutations are accepted here (see [`Board::is_solvable`]).
    pub fn new(rows: usize, cols: usize, tiles: Vec<u8>) -> Result<Board, SlideError> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&rows) || !(MIN_SIDE..=MAX_SIDE).contains(&cols) {
            return Err(SlideError::Size { rows, cols });
        }
        let need = rows * cols;
        if tiles.len() != need {
            return Err(SlideError::Count { got: tiles.len(), need, rows, cols });
        }
        let mut seen = vec![false; need];
        for &t in &tiles {
            let slot = seen.get_mut(t as usize).ok_or(SlideError::OutOfRange { tile: t as usize, max: need - 1 })?;
            if *slot {
                return Err(SlideError::Duplicate(t));
            }
            *slot = true;
        }
        let gap = tiles.iter().position(|&t| t == 0).ok_or(SlideError::Duplicate(0))?;
        Ok(Board { rows, cols, tiles, gap })
    }

    pub fn solved(rows: usize, cols: usize) -> Result<Board, SlideError> {
        let n = rows * cols;
        Board::new(rows, cols, (1..n).map(|t| t as u8).chain([0]).collect())
    }

    /// One line: `t1 t2 ...` (a square board) or `RxC: t1 t2 ...`; tiles row-major, 0 or `_` = gap.
    pub fn parse(line: &str) -> Result<Board, SlideError> {
        let (dims, body) = match line.split_once(':') {
            Some((d, b)) => {
                let (r, c) = d.trim().split_once(['x', 'X']).ok_or_else(|| SlideError::Prefix(d.trim().into()))?;
                let r = r.trim().parse().map_err(|_| SlideError::Prefix(d.trim().into()))?;
                let c = c.trim().parse().map_err(|_| SlideError::Prefix(d.trim().into()))?;
                (Some((r, c)), b)
            }
            None => (None, line),
        };
        let mut tiles = Vec::new();
        for tok in body.split(|ch: char| ch.is_whitespace() || ch == ',').filter(|t| !t.is_empty()) {
            let t: usize = if tok == "_" || tok == "." {
                0
            } else {
                tok.parse().map_err(|_| SlideError::NotNumber(tok.into()))?
            };
            if t > 255 {
                return Err(SlideError::OutOfRange { tile: t, max: 35 });
            }
            tiles.push(t as u8);
        }
        let (rows, cols) = match dims {
            Some(d) => d,
            None => {
                let side = (1..=MAX_SIDE).find(|s| s * s == tiles.len()).ok_or(SlideError::NotSquare(tiles.len()))?;
                (side, side)
            }
        };
        Board::new(rows, cols, tiles)
    }

    /// Korf's 15-puzzle convention (gap top-left when solved) mapped to ours by a 180° turn and
    /// relabelling t -> 16 - t; optimal lengths are unchanged.
    pub fn from_korf(tiles: &[u8]) -> Result<Board, SlideError> {
        let n = tiles.len();
        if let Some(&t) = tiles.iter().find(|&&t| t as usize >= n) {
            return Err(SlideError::OutOfRange { tile: t as usize, max: n.saturating_sub(1) });
        }
        let mapped: Vec<u8> = (0..n).map(|i| tiles[n - 1 - i]).map(|t| if t == 0 { 0 } else { n as u8 - t }).collect();
        let side = (1..=MAX_SIDE).find(|s| s * s == n).ok_or(SlideError::NotSquare(n))?;
        Board::new(side, side, mapped)
    }

    /// The board's short code for a link: `s<rows>x<cols>.` and a character a tile, in base 36
    /// (`0` the gap, `1`-`9`, `a`-`z` for 10 to 35), row by row: `s3x3.12345678 0` without the space.
    pub fn to_code(&self) -> String {
        let tiles: String = self.tiles.iter().map(|&t| char::from_digit(t as u32, 36).unwrap_or('?')).collect();
        format!("s{}x{}.{tiles}", self.rows, self.cols)
    }

    /// Whether `text` has a sliding puzzle code's head (`s3x4.`).
    pub fn looks_like_code(text: &str) -> bool {
        let b = text.trim().as_bytes();
        b.len() > 5 && b[0] == b's' && b[1].is_ascii_digit() && b[2] == b'x' && b[3].is_ascii_digit() && b[4] == b'.'
    }

    /// A board from its code ([`Board::to_code`]), checked as every board is.
    pub fn from_code(code: &str) -> Result<Board, SlideError> {
        let code = code.trim();
        if !Board::looks_like_code(code) {
            return Err(SlideError::Code);
        }
        let b = code.as_bytes();
        let (rows, cols) = ((b[1] - b'0') as usize, (b[3] - b'0') as usize);
        let tiles: Option<Vec<u8>> = code[5..].chars().map(|c| c.to_digit(36).filter(|_| !c.is_ascii_uppercase()).map(|d| d as u8)).collect();
        Board::new(rows, cols, tiles.ok_or(SlideError::Code)?)
    }

    /// `RxC: t1 t2 ...`, readable by [`Board::parse`].
    pub fn to_line(&self) -> String {
        let t: Vec<String> = self.tiles.iter().map(|t| t.to_string()).collect();
        format!("{}x{}: {}", self.rows, self.cols, t.join(" "))
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// Row-major index of the gap.
    pub fn gap(&self) -> usize {
        self.gap
    }

    pub fn is_solved(&self) -> bool {
        self.tiles.iter().enumerate().all(|(i, &t)| if i + 1 == self.tiles.len() { t == 0 } else { t as usize == i + 1 })
    }

    /// Solvable iff the permutation's parity (gap counted as the last tile) equals the parity of
    /// the gap's Manhattan distance from home: every slide is one transposition and moves the
    /// gap by one. Holds for every rectangle.
    pub fn is_solvable(&self) -> bool {
        let n = self.tiles.len();
        let home = |t: u8| if t == 0 { n - 1 } else { t as usize - 1 };
        let mut seen = vec![false; n];
        let mut transpositions = 0;
        for start in 0..n {
            let mut len = 0;
            let mut i = start;
            while !seen[i] {
                seen[i] = true;
                i = home(self.tiles[i]);
                len += 1;
            }
            if len > 0 {
                transpositions += len - 1;
            }
        }
        let (gr, gc) = (self.gap / self.cols, self.gap % self.cols);
        let dist = (self.rows - 1 - gr) + (self.cols - 1 - gc);
        transpositions % 2 == dist % 2
    }

    /// The gap's neighbour in direction `d`, if on the board.
    pub fn neighbour(&self, d: Dir) -> Option<usize> {
        let (r, c) = (self.gap / self.cols, self.gap % self.cols);
        match d {
            Dir::Up if r > 0 => Some(self.gap - self.cols),
            Dir::Down if r + 1 < self.rows => Some(self.gap + self.cols),
            Dir::Left if c > 0 => Some(self.gap - 1),
            Dir::Right if c + 1 < self.cols => Some(self.gap + 1),
            _ => None,
        }
    }

    /// Moves the gap one step; `false` (and no change) at the edge.
    pub fn step(&mut self, d: Dir) -> bool {
        match self.neighbour(d) {
            Some(to) => {
                self.tiles.swap(self.gap, to);
                self.gap = to;
                true
            }
            None => false,
        }
    }

    /// The tile that moves when the gap steps `d` (for "slide tile 7" style output).
    pub fn tile_moved_by(&self, d: Dir) -> Option<u8> {
        self.neighbour(d).map(|i| self.tiles[i])
    }

    /// The single gap steps that slide the segment between the gap and cell `(row, col)`
    /// (what a tap on that tile does). Empty if the cell is the gap.
    pub fn steps_to(&self, row: usize, col: usize) -> Result<Vec<Dir>, SlideError> {
        if row >= self.rows || col >= self.cols {
            return Err(SlideError::Outside { row, col });
        }
        let (gr, gc) = (self.gap / self.cols, self.gap % self.cols);
        let (d, k) = if row == gr {
            if col < gc {
                (Dir::Left, gc - col)
            } else {
                (Dir::Right, col - gc)
            }
        } else if col == gc {
            if row < gr {
                (Dir::Up, gr - row)
            } else {
                (Dir::Down, row - gr)
            }
        } else {
            return Err(SlideError::NotInLine { row, col });
        };
        Ok(vec![d; k])
    }

    /// Slides the segment up to `(row, col)` into the gap; returns the steps made.
    pub fn slide_at(&mut self, row: usize, col: usize) -> Result<Vec<Dir>, SlideError> {
        let steps = self.steps_to(row, col)?;
        for &d in &steps {
            self.step(d);
        }
        Ok(steps)
    }

    /// Tiles moved by a sequence of gap steps from this position, e.g. for "slide 12, 8, 7".
    pub fn tiles_for(&self, steps: &[Dir]) -> Vec<u8> {
        let mut b = self.clone();
        steps
            .iter()
            .filter_map(|&d| {
                let t = b.tile_moved_by(d);
                b.step(d);
                t
            })
            .collect()
    }
}

/// Gap steps as letters, e.g. `ULLD`.
pub fn steps_to_text(steps: &[Dir]) -> String {
    steps.iter().map(|d| d.letter()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_solvability() {
        let b = Board::parse("1 2 3 4 5 6 7 8 0").unwrap();
        assert!(b.is_solved() && b.is_solvable());
        let swapped = Board::parse("2 1 3 4 5 6 7 8 0").unwrap();
        assert!(!swapped.is_solvable());
        let r = Board::parse("3x4: 1 2 3 4 5 6 7 8 9 10 0 11").unwrap();
        assert!(r.is_solvable());
        assert_eq!(Board::parse(&r.to_line()).unwrap(), r);
        assert_eq!(Board::parse("1 2 3 4 5 6 7 8"), Err(SlideError::NotSquare(8)));
        assert_eq!(Board::parse("1 2 3 4 5 6 7 7 0"), Err(SlideError::Duplicate(7)));
        assert_eq!(Board::parse("1 2 3 4 5 6 7 9 0"), Err(SlideError::OutOfRange { tile: 9, max: 8 }));
        assert_eq!(Board::parse("1 2 3 4 a 6 7 8 0"), Err(SlideError::NotNumber("a".into())));
        assert_eq!(Board::parse("2x2: 1 2 3 0"), Err(SlideError::Size { rows: 2, cols: 2 }));
    }

    #[test]
    fn korf_goal_maps_to_ours() {
        let korf: Vec<u8> = (0..16).collect();
        assert!(Board::from_korf(&korf).unwrap().is_solved());
        assert_eq!(Board::from_korf(&[0, 1, 2, 3, 4, 5, 6, 7, 20]), Err(SlideError::OutOfRange { tile: 20, max: 8 }));
    }

    #[test]
    fn segment_slide() {
        let mut b = Board::solved(3, 3).unwrap();
        assert_eq!(b.slide_at(2, 0).unwrap(), vec![Dir::Left, Dir::Left]);
        assert_eq!(b.tiles(), &[1, 2, 3, 4, 5, 6, 0, 7, 8]);
        assert_eq!(b.slide_at(1, 1), Err(SlideError::NotInLine { row: 1, col: 1 }));
    }
}
