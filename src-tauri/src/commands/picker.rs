//! Asking the player for a file: what kind of file, and the picker that asks (a native dialog in
//! the app, `shell.rs`; the dev server and tests supply their own). A leaf: the state holds a
//! picker without knowing the commands that use it (`files.rs`, `entry.rs`, `pictures.rs`).

use std::path::PathBuf;

use inkdoku::play::GameKind;

/// What kind of file the player is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    /// A saved game (`.inkdoku`).
    Game,
    /// A puzzle as text (`.txt`, one line or a grid).
    PuzzleText,
    /// A puzzle for a game's "Enter a puzzle", in that game's formats (`inkdoku::games::Entry`).
    Entry(GameKind),
    /// A picture for the sliding puzzle (PNG or JPEG).
    Picture,
    /// A backup of everything (`.inkdoku-backup`).
    Backup,
}

/// Asks the player for a file. `None` means they cancelled.
pub trait FilePicker: Send + Sync {
    /// `kind`: what is saved, which says the dialog's filters.
    fn pick_save(&self, suggested_name: &str, kind: FileKind) -> Result<Option<PathBuf>, String>;
    fn pick_open(&self, kind: FileKind) -> Result<Option<PathBuf>, String>;
}

/// No file dialogs (dev server): the commands say so.
pub struct NoPicker;

impl FilePicker for NoPicker {
    fn pick_save(&self, _: &str, _: FileKind) -> Result<Option<PathBuf>, String> {
        Err("file dialogs are only available in the app".into())
    }
    fn pick_open(&self, _: FileKind) -> Result<Option<PathBuf>, String> {
        Err("file dialogs are only available in the app".into())
    }
}
