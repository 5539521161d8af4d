//! "Enter a puzzle from paper", whatever the game: the words every game's entry speaks. A game
//! that has an entry gives its functions ([`crate::games::Entry`], from its own folder: KenKen's
//! `kenken/entry.rs`, Sudoku's `sudoku/entry.rs`), and the shell reaches them through the list
//! (`GameKind::entry`), never by the game's name. The drawing the player made, and what "Solve"
//! says of it, are the game's own JSON: only its screen and its entry read them.
//!
//! A leaf: it names no game and nothing of the list.

use serde::Serialize;
use serde_json::Value;

/// One way the game's entry files are written, as the save dialog offers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct FileFormat {
    /// The format's name in `save_entry {format}` (`"text"`, `"json"`).
    pub id: &'static str,
    /// The filter's name in the dialog, a key of the shell's catalogue (`words.rs`).
    pub filter: &'static str,
    /// Extensions without the dot; the first is the one a suggested name gets.
    pub extensions: &'static [&'static str],
}

/// Why an entry command can't do what it was asked.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EntryError {
    /// The game has no "Enter a puzzle" (`{0}`: its name).
    #[error("{0} has no \"Enter a puzzle\"")]
    NoEntry(&'static str),
    /// The drawing is not of the game's shape (a bug in the view, not the player's mistake).
    #[error("{0}")]
    Drawing(String),
    /// A board size the game's entry does not offer.
    #[error("{0}")]
    Size(String),
    /// The puzzle drawn or read can't be used. `code`: the game's stable error kind
    /// (`kenken_puzzle`, `puzzle`); `message`: the whole sentence; `detail`: the problem as
    /// data for the view's language, when the game gives it.
    #[error("{message}")]
    Invalid { code: &'static str, message: String, detail: Option<Value> },
    #[error("That puzzle has no solution.")]
    NoSolution,
    #[error("That puzzle has more than one solution, so it can't be played fairly.")]
    NotUnique,
    /// A format the game does not write.
    #[error("{0}")]
    Format(String),
}

/// The drawing the view sent, as the game's own type: a mismatch is [`EntryError::Drawing`].
pub fn drawing<T: serde::de::DeserializeOwned>(value: Value) -> Result<T, EntryError> {
    serde_json::from_value(value).map_err(|e| EntryError::Drawing(e.to_string()))
}

/// A game's own answer as JSON for the view.
pub fn answer<T: Serialize>(value: &T) -> Result<Value, EntryError> {
    serde_json::to_value(value).map_err(|e| EntryError::Drawing(e.to_string()))
}

/// The format a save asks for: the one named, else the one whose extension the picked file
/// has, else the game's first.
pub fn pick_format(formats: &'static [FileFormat], asked: Option<&str>, extension: Option<&str>) -> Result<&'static FileFormat, EntryError> {
    if let Some(id) = asked {
        return formats.iter().find(|f| f.id == id).ok_or_else(|| EntryError::Format(format!("no format \"{id}\" here")));
    }
    let by_ext = extension.and_then(|e| formats.iter().find(|f| f.extensions.iter().any(|x| x.eq_ignore_ascii_case(e))));
    by_ext.or(formats.first()).ok_or_else(|| EntryError::Format("this game writes no files".into()))
}
