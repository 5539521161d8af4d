//! A puzzle pasted or imported as text, whatever its game: "Play this puzzle" takes back every
//! text that Files… shows (`export_puzzle`). The kind is told by the text's shape:
//!
//! - a KenKen: the data sets' JSON (`{...}`), or the hand-entry text format (a rule line such
//!   as `A 12+` after the cage grid, docs/kenken.md);
//! - a sliding board: `RxC: t1 t2 ...`, or a square board of tile numbers separated by spaces
//!   or commas (a permutation of 0..N, so never a Sudoku, whose values repeat);
//! - otherwise a Sudoku (one line or a grid, see [`Grid::parse`]).
//!
//! A text that is none of them gets the error of the kind it looks most like.

use thiserror::Error;

use crate::grid::{Grid, GridError};
use crate::kenken::{self, KenkenError};
use crate::slide::{Board, SlideError};

/// What the text holds.
#[derive(Debug)]
pub enum PuzzleText {
    Sudoku(Grid),
    Kenken(kenken::Entry),
    Slide(Board),
}

/// Why the text is no puzzle, in the words of the game it looks like.
#[derive(Debug, Error)]
pub enum ImportError {
    #[error(transparent)]
    Sudoku(#[from] GridError),
    #[error(transparent)]
    Kenken(#[from] KenkenError),
    #[error(transparent)]
    Slide(#[from] SlideError),
}

pub fn read(text: &str) -> Result<PuzzleText, ImportError> {
    let first = text.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with('#')).unwrap_or("");
    if first.starts_with('{') {
        return Ok(PuzzleText::Kenken(kenken::entry::read_any(text)?));
    }
    if has_size_prefix(first) {
        return Ok(PuzzleText::Slide(solvable(Board::parse(text.trim())?)?));
    }
    if is_tile_list(text) {
        if let Ok(board) = Board::parse(text.trim()) {
            return Ok(PuzzleText::Slide(solvable(board)?));
        }
    }
    match Grid::parse_puzzle(text) {
        Ok(grid) => Ok(PuzzleText::Sudoku(grid)),
        Err(_) if looks_like_kenken_text(text) => kenken::entry::read_any(text).map(PuzzleText::Kenken).map_err(Into::into),
        Err(e) => Err(e.into()),
    }
}

/// A board that no slides can solve is refused here, not after the player has tried.
fn solvable(board: Board) -> Result<Board, SlideError> {
    if board.is_solvable() {
        Ok(board)
    } else {
        Err(SlideError::Unsolvable)
    }
}

/// `3x4:` before the tiles.
fn has_size_prefix(line: &str) -> bool {
    let Some((dims, _)) = line.split_once(':') else { return false };
    let Some((r, c)) = dims.trim().split_once(['x', 'X']) else { return false };
    [r, c].iter().all(|s| !s.trim().is_empty() && s.trim().chars().all(|ch| ch.is_ascii_digit()))
}

/// Numbers (or `_` for the gap) separated by spaces or commas, at least one of two digits or
/// separated: what a sliding board looks like, and a one-line Sudoku does not.
fn is_tile_list(text: &str) -> bool {
    let tokens: Vec<&str> = text.split(|ch: char| ch.is_whitespace() || ch == ',').filter(|t| !t.is_empty()).collect();
    tokens.len() > 1 && tokens.iter().all(|t| *t == "_" || (t.len() <= 2 && t.chars().all(|c| c.is_ascii_digit())))
}

/// The hand-entry KenKen format has rule lines: a cage label, then a target with or without
/// its operation (`A 12+`, `B / 2`, `C 3`). No Sudoku row has two or three tokens like that.
fn looks_like_kenken_text(text: &str) -> bool {
    text.lines().map(|l| l.split('#').next().unwrap_or("").trim()).any(|l| {
        let toks: Vec<&str> = l.split_whitespace().collect();
        (2..=3).contains(&toks.len())
            && toks[0].chars().all(char::is_alphanumeric)
            && toks[0].chars().any(char::is_alphabetic)
            && toks[1..].iter().any(|t| t.chars().any(|c| c.is_ascii_digit()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SUDOKU: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn each_kind_is_told_by_its_shape() {
        assert!(matches!(read(SUDOKU), Ok(PuzzleText::Sudoku(_))));
        assert!(matches!(read("1 . . 2\n. . . .\n. . . .\n2 . . 1"), Ok(PuzzleText::Sudoku(_))), "a spaced 4x4 Sudoku repeats values: no tile list");
        assert!(matches!(read("3x3: 1 2 3 4 5 6 7 0 8"), Ok(PuzzleText::Slide(_))));
        assert!(matches!(read("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15"), Ok(PuzzleText::Slide(_))));
        let json = r#"{"size":3,"cages":[{"op":"+","target":4,"cells":[[0,0],[0,1]]},{"op":"","target":3,"cells":[[0,2]]},{"op":"+","target":5,"cells":[[1,0],[1,1],[1,2]]},{"op":"+","target":3,"cells":[[2,0],[2,1],[2,2]]}]}"#;
        assert!(matches!(read(json), Ok(PuzzleText::Kenken(_)) | Err(ImportError::Kenken(_))), "JSON is a KenKen");
        let text = "AAB\nCCC\nDDD\nA 3+\nB 3\nC 6+\nD 6+\n";
        assert!(matches!(read(text), Ok(PuzzleText::Kenken(_))), "{:?}", read(text));
    }

    #[test]
    fn errors_speak_of_the_kind_the_text_looks_like() {
        assert!(matches!(read("3x3: 1 2 3 4 5 6 8 7 0"), Err(ImportError::Slide(SlideError::Unsolvable))));
        assert!(matches!(read("3x3: 1 2 3"), Err(ImportError::Slide(_))));
        assert!(matches!(read("{not json"), Err(ImportError::Kenken(_))));
        assert!(matches!(read("AAB\nCCC\nDDD\nA 3+\n"), Err(ImportError::Kenken(_))), "a cage without its rule");
        assert!(matches!(read("53..7"), Err(ImportError::Sudoku(GridError::WrongLength { .. }))));
        assert!(matches!(read(""), Err(ImportError::Sudoku(_))));
    }

    /// Whatever the text, an answer and no panic.
    #[test]
    fn any_text_is_read_or_refused() {
        use rand::{Rng, SeedableRng};
        let alphabet: Vec<char> = "0123456789.ABCabc{}[]\":,x: _+-*/\n#🙂".chars().collect();
        let mut rng = rand::rngs::StdRng::seed_from_u64(26);
        for _ in 0..3000 {
            let len = rng.random_range(0..120);
            let text: String = (0..len).map(|_| alphabet[rng.random_range(0..alphabet.len())]).collect();
            let _ = read(&text);
        }
    }
}
