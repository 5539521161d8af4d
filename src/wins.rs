//! Recent wins, kept for "Watch my solve" from the statistics (#44): each won game's save file
//! (its start, history and journal: [`crate::session::Journal`]) in the folder [`DIR`] of the
//! data folder, named `<won at, unix ms>-<kind>.inkdoku`; the newest [`KEPT`] stay, older ones
//! are removed as new ones come.

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::play::{GameInPlay, GameKind, Summary};
use crate::save::{LoadError, SaveError, EXTENSION};

/// The folder of the data folder that holds them.
pub const DIR: &str = "wins";
/// How many are kept.
pub const KEPT: usize = 20;

/// One kept win, as the statistics list it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RecentWin {
    /// What [`open`] takes: the file's name without its extension.
    pub id: String,
    pub won_at_ms: u64,
    #[serde(flatten)]
    pub summary: Summary,
    /// The replay's steps (every move, undo and redo).
    pub steps: usize,
}

/// Why a kept win could not be opened.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WinsError {
    #[error("that game is no longer kept (only the last {KEPT} wins are)")]
    NoSuchWin,
    #[error("that game's replay can't be read ({0})")]
    Load(#[from] LoadError),
}

impl WinsError {
    /// A stable machine-readable code for IPC (`{kind, message}`).
    pub fn kind(&self) -> &'static str {
        match self {
            WinsError::NoSuchWin => "no_such_win",
            WinsError::Load(_) => "win_unreadable",
        }
    }
}

/// An id read strictly: `<digits>-<a known kind>`, nothing that could name another file.
fn parse_id(id: &str) -> Option<(u64, GameKind)> {
    let (at, kind) = id.split_once('-')?;
    if at.is_empty() || at.len() > 20 || !at.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((at.parse().ok()?, GameKind::parse(kind)?))
}

fn path_of(dir: &Path, id: &str) -> PathBuf {
    dir.join(format!("{id}.{EXTENSION}"))
}

/// The ids in `dir`, newest first (files of any other name are left alone).
fn ids(dir: &Path) -> Vec<(u64, String)> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut ids: Vec<(u64, String)> = entries
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().into_string().ok()?;
            let id = name.strip_suffix(&format!(".{EXTENSION}"))?.to_string();
            Some((parse_id(&id)?.0, id))
        })
        .collect();
    ids.sort_by(|a, b| b.cmp(a));
    ids
}

/// Keeps a won game (written atomically), then lets the oldest beyond [`KEPT`] go. Returns its id.
pub fn keep(dir: &Path, game: &GameInPlay, won_at_ms: u64) -> Result<String, SaveError> {
    let id = format!("{won_at_ms}-{}", game.kind().as_str());
    let path = path_of(dir, &id);
    std::fs::create_dir_all(dir).map_err(|e| SaveError::Io { path: dir.to_path_buf(), message: e.to_string() })?;
    crate::save::export(&path, game, won_at_ms)?;
    for (_, old) in ids(dir).into_iter().skip(KEPT) {
        // One that can't be removed now goes at the next win.
        let _ = std::fs::remove_file(path_of(dir, &old));
    }
    Ok(id)
}

/// The kept wins, newest first; one that can't be read is left out.
pub fn list(dir: &Path) -> Vec<RecentWin> {
    ids(dir)
        .into_iter()
        .take(KEPT)
        .filter_map(|(won_at_ms, id)| {
            let game = crate::save::load(&path_of(dir, &id)).ok()?.game;
            Some(RecentWin { won_at_ms, summary: game.summary(), steps: game.replay_steps().len(), id })
        })
        .collect()
}

/// A kept win, to watch.
pub fn open(dir: &Path, id: &str) -> Result<GameInPlay, WinsError> {
    let (_, kind) = parse_id(id).ok_or(WinsError::NoSuchWin)?;
    match crate::save::load_of(&path_of(dir, id), kind) {
        Err(LoadError::Missing { .. }) => Err(WinsError::NoSuchWin),
        other => Ok(other?.game),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_read_strictly() {
        assert_eq!(parse_id("1733400000000-sudoku"), Some((1_733_400_000_000, GameKind::Sudoku)));
        for bad in ["", "-sudoku", "12-", "12-chess", "../12-sudoku", "12-sudoku/..", "1x-kenken", "99999999999999999999999-slide"] {
            assert_eq!(parse_id(bad), None, "{bad}");
        }
    }
}
