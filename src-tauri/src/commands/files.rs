//! "Save game as…" and "Open game…": the same versioned format as the autosave, in a file the
//! player picks. Picking is the shell's job (a native dialog in the app); the dev server and
//! tests supply their own picker. Opening a bad file leaves the game in play untouched.

use std::path::PathBuf;

use inkdoku::play::GameInPlay;
use serde::Serialize;

use super::in_play::Installed;
use super::{AppState, CommandError};

pub use super::picker::{FileKind, FilePicker, NoPicker};

impl AppState {
    /// The native open dialog for `kind`, then `f` on the file chosen: `None` when the player
    /// cancelled (every "Open…" answers `{x: null}` then).
    pub(crate) fn open_dialog<T>(&self, kind: FileKind, f: impl FnOnce(PathBuf) -> Result<T, CommandError>) -> Result<Option<T>, CommandError> {
        self.picker.pick_open(kind).map_err(CommandError::Files)?.map(f).transpose()
    }

    /// The native save dialog offering `suggested_name`, then `f` on the path chosen: `None`
    /// when the player cancelled.
    pub(crate) fn save_dialog<T>(&self, suggested_name: &str, kind: FileKind, f: impl FnOnce(PathBuf) -> Result<T, CommandError>) -> Result<Option<T>, CommandError> {
        self.picker.pick_save(suggested_name, kind).map_err(CommandError::Files)?.map(f).transpose()
    }
}

#[derive(Debug, Serialize)]
pub struct Saved {
    /// `None` if the player cancelled.
    pub path: Option<String>,
}

pub fn save_game_as(state: &AppState) -> Result<Saved, CommandError> {
    let name = state.read(|g| Ok(suggested_name(g)))?;
    let path = state.save_dialog(&name, FileKind::Game, |path| {
        let now = state.now_ms();
        state.read(|g| inkdoku::save::export(&path, g, now).map_err(|e| CommandError::Files(e.to_string())))?;
        Ok(path.display().to_string())
    })?;
    Ok(Saved { path })
}

/// `sudoku-9x9-easy.inkdoku`, `kenken-6x6-hard.inkdoku`, `slide-3x4-medium.inkdoku`.
fn suggested_name(g: &GameInPlay) -> String {
    let s = g.summary();
    let level = s.difficulty.unwrap_or_else(|| "game".into());
    format!("{}-{}x{}-{level}.{}", g.kind().as_str(), s.rows, s.cols, inkdoku::save::EXTENSION)
}

#[derive(Debug, Serialize)]
pub struct Opened {
    /// `None` if the player cancelled.
    pub view: Option<Installed>,
}

pub fn open_game(state: &AppState) -> Result<Opened, CommandError> {
    let view = state.open_dialog(FileKind::Game, |path| {
        let loaded = inkdoku::save::load(&path).map_err(|e| CommandError::BadFile(e.to_string()))?;
        state.install_asking(loaded.game).map(Installed::from)
    })?;
    Ok(Opened { view })
}

/// A text puzzle bigger than this is not a puzzle (a 16x16 grid with separators is ~1 KB).
const MAX_PUZZLE_FILE: u64 = 64 * 1024;

/// "Import from file": a puzzle as text, with the engine's precise error if it is malformed.
pub fn import_puzzle_file(state: &AppState) -> Result<Opened, CommandError> {
    let view = state.open_dialog(FileKind::PuzzleText, |path| {
        let text = read_small_text(&path)?;
        super::game::import_puzzle(state, super::game::ImportArgs { text })
    })?;
    Ok(Opened { view })
}

/// A puzzle file's text: refused when it is far too big to be a puzzle, or not text.
pub(crate) fn read_small_text(path: &std::path::Path) -> Result<String, CommandError> {
    let size = std::fs::metadata(path).map_err(|e| CommandError::BadFile(e.to_string()))?.len();
    if size > MAX_PUZZLE_FILE {
        return Err(CommandError::BadFile(format!("{} is {size} bytes, far too big for a puzzle", path.display())));
    }
    std::fs::read_to_string(path).map_err(|e| CommandError::BadFile(e.to_string()))
}
