//! A puzzle pasted or imported as text, whatever its game: "Play this puzzle" takes back every
//! text that Files… shows (`export_puzzle`). Each game reads its own text
//! ([`GameDef::read_text`](crate::games::GameDef::read_text)) and says how much a text has its
//! shape ([`GameDef::recognises`](crate::games::GameDef::recognises)); this module only asks
//! them, so it names no game:
//!
//! - every game is asked how much the text looks like its own ([`Likeness`]);
//! - the games that may read it are tried from the most alike to the least, in the list's order
//!   where they are alike, and the first that reads it makes the game;
//! - when none does, the error names what each game found wrong, and the player hears the one
//!   of the game the text looks most like.
//!
//! Today that is: a KenKen JSON (`{...}`), a sliding board (`RxC: ...`, or a permutation of
//! tile numbers) or a Solo game ID (`3x3:b6_4e1…`, a Sudoku's; before the sliding board's
//! `RxC:`, the list's order) is surely theirs; a text that reads as a Sudoku grid is likely a
//! Sudoku, and one with KenKen rule lines (`A 12+`) likely a KenKen (Sudoku first: the list's
//! order); any other text may be a Sudoku, the fallback.

use thiserror::Error;

use crate::games::{GameInPlay, GameKind, Likeness, TextError};

/// A game read from a text.
#[derive(Debug)]
pub struct Imported {
    pub game: GameInPlay,
    /// The hardest technique the puzzle needs, for a game that rates it so (Sudoku).
    pub technique: Option<&'static str>,
}

/// No game read the text: what each game that tried found wrong, the most alike first. Its
/// sentence is that game's; or the text is an Inkdoku link that can't be played.
#[derive(Debug, Error)]
#[error("{}", match &.link { Some(e) => format!("That link can't be played: {e}."), None => .tried.first().map(|(_, e)| e.to_string()).unwrap_or_else(|| "That text is no puzzle.".into()) })]
pub struct ImportError {
    /// Never empty unless `link` says why: at least one game (the fallback) tries any text.
    pub tried: Vec<(GameKind, TextError)>,
    /// A link that is broken before any game could read its code.
    pub link: Option<crate::link::LinkError>,
}

impl ImportError {
    /// The game the text looks most like, and what it found wrong: what the player is told.
    pub fn most_alike(&self) -> Option<&(GameKind, TextError)> {
        self.tried.first()
    }

    /// What the game the text looks most like found wrong.
    pub fn error(&self) -> Option<&TextError> {
        self.tried.first().map(|(_, e)| e)
    }

    /// The game the text looks most like.
    pub fn game(&self) -> Option<GameKind> {
        self.tried.first().map(|(k, _)| *k)
    }

    /// The stable code the view knows the error by: the most alike game's ([`TextError::kind`]),
    /// or a broken link's.
    pub fn kind(&self) -> &'static str {
        if let Some(e) = &self.link {
            return e.kind();
        }
        match self.tried.first() {
            Some((_, e)) => e.kind(),
            None => "puzzle",
        }
    }
}

/// The games that may read `text`, the most alike first (the list's order among equals).
fn candidates(text: &str) -> Vec<GameKind> {
    let mut kinds: Vec<(Likeness, GameKind)> = GameKind::ALL.iter().map(|&k| (k.recognises(text), k)).filter(|(l, _)| *l > Likeness::No).collect();
    // A stable sort keeps the list's order among games alike.
    kinds.sort_by_key(|k| std::cmp::Reverse(k.0));
    kinds.into_iter().map(|(_, k)| k).collect()
}

/// The game `text` is the puzzle of (or the puzzle of the link it is), or what each game found
/// wrong with it.
pub fn read(text: &str) -> Result<Imported, ImportError> {
    let code;
    let text = if crate::link::is_link(text) {
        code = crate::link::code_of(text).map_err(|e| ImportError { tried: Vec::new(), link: Some(e) })?;
        code.as_str()
    } else {
        text
    };
    let mut tried = Vec::new();
    for kind in candidates(text) {
        match GameInPlay::read_text(kind, text) {
            Ok((game, technique)) => return Ok(Imported { game, technique }),
            Err(e) => tried.push((kind, e)),
        }
    }
    Err(ImportError { tried, link: None })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::GridError;
    use crate::slide::SlideError;

    const SUDOKU: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    /// The kind that read the text: the game it made, or the game whose verdict on the puzzle
    /// it read refused it (no solution, several), so a puzzle that is no fair game still tells
    /// that it was read as that kind. `None`: no game could read it.
    fn read_as(text: &str) -> Option<GameKind> {
        match read(text) {
            Ok(i) => Some(i.game.kind()),
            Err(e) => match e.most_alike() {
                Some((k, TextError::NoSolution | TextError::NotUnique)) => Some(*k),
                _ => None,
            },
        }
    }

    /// The kind whose words refuse the text, and that game's own error.
    fn refused_as(text: &str) -> Option<(GameKind, String)> {
        let e = read(text).err()?;
        let (k, err) = e.most_alike()?;
        Some((*k, format!("{:?}", err.cause())))
    }

    fn cause_is<E: std::error::Error + PartialEq + 'static>(text: &str, want: impl Fn(&E) -> bool) -> bool {
        match read(text) {
            Err(e) => e.error().and_then(|e| e.cause()).and_then(|c| c.downcast_ref::<E>()).is_some_and(want),
            Ok(_) => false,
        }
    }

    #[test]
    fn each_kind_is_told_by_its_shape() {
        assert_eq!(read_as(SUDOKU), Some(GameKind::Sudoku));
        assert!(read(SUDOKU).is_ok_and(|i| i.technique.is_some()), "a Sudoku comes rated");
        assert_eq!(read_as("1 . . 2\n. . . .\n. . . .\n2 . . 1"), Some(GameKind::Sudoku), "a spaced 4x4 Sudoku repeats values: no tile list");
        assert_eq!(read_as("3x3: 1 2 3 4 5 6 7 0 8"), Some(GameKind::Slide));
        assert_eq!(read_as("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15"), Some(GameKind::Slide));
        let json = r#"{"size":3,"cages":[{"op":"+","target":4,"cells":[[0,0],[0,1]]},{"op":"","target":3,"cells":[[0,2]]},{"op":"+","target":5,"cells":[[1,0],[1,1],[1,2]]},{"op":"+","target":3,"cells":[[2,0],[2,1],[2,2]]}]}"#;
        assert!(read_as(json) == Some(GameKind::Kenken) || refused_as(json).is_some_and(|(k, _)| k == GameKind::Kenken), "JSON is a KenKen");
        let text = "AAB\nCCC\nDDD\nA 3+\nB 3\nC 6+\nD 6+\n";
        assert_eq!(read_as(text), Some(GameKind::Kenken), "{:?}", read(text));
    }

    #[test]
    fn errors_speak_of_the_kind_the_text_looks_like() {
        assert!(cause_is("3x3: 1 2 3 4 5 6 8 7 0", |e: &SlideError| *e == SlideError::Unsolvable));
        assert_eq!(refused_as("3x3: 1 2 3").map(|r| r.0), Some(GameKind::Slide));
        assert_eq!(refused_as("{not json").map(|r| r.0), Some(GameKind::Kenken));
        assert_eq!(refused_as("AAB\nCCC\nDDD\nA 3+\n").map(|r| r.0), Some(GameKind::Kenken), "a cage without its rule");
        assert!(cause_is("53..7", |e: &GridError| matches!(e, GridError::WrongLength { .. })));
        assert_eq!(refused_as("").map(|r| r.0), Some(GameKind::Sudoku));
    }

    /// A text that reads as a Sudoku grid is a Sudoku first, as it always was: its verdict
    /// (two solutions) is what the player hears.
    #[test]
    fn a_sudoku_grid_comes_before_other_likely_shapes() {
        let open = "1 . . .\n. . . .\n. . . .\n. . . .";
        assert_eq!(read_as(open), Some(GameKind::Sudoku));
        let e = read(open).unwrap_err();
        assert!(matches!(e.most_alike(), Some((GameKind::Sudoku, TextError::NotUnique))), "{e:?}");
    }

    /// When no game reads a text, each game that tried says what it found wrong, the most
    /// alike first; the error's sentence is that game's.
    #[test]
    fn a_refusal_names_what_each_game_found_wrong() {
        let e = read("AAB\nCCC\nDDD\nA 3+\n").unwrap_err();
        let kinds: Vec<GameKind> = e.tried.iter().map(|(k, _)| *k).collect();
        assert_eq!(kinds, [GameKind::Kenken, GameKind::Sudoku], "KenKen's rule lines first, the fallback after");
        assert_eq!(e.to_string(), e.tried[0].1.to_string());
        assert!(e.tried.iter().all(|(_, e)| !e.to_string().is_empty()));
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
            if let Err(e) = read(&text) {
                assert!(!e.tried.is_empty(), "some game tries every text: {text:?}");
            }
        }
    }
}
