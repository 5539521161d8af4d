//! The side screen the view has open over the game in play (a game's entry screen, the
//! practice sheet), kept in memory so that a view that reloads (F5, or a renderer that died and
//! came back) returns to it. Its drafts stay in the page's storage (`ui/js/drafts.js`); this only
//! says which screen was open, with what it was opened with.

use inkdoku::play::GameKind;
use serde::{Deserialize, Serialize};

use super::{AppState, CommandError};

/// A side screen and what it was opened with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "screen", rename_all = "snake_case")]
pub enum SideScreen {
    /// A game's "Enter a puzzle" screen (KenKen's cage editor), a board of `size` (one its
    /// entry offers: `inkdoku::games::Entry::sizes`).
    Entry { kind: GameKind, size: u8 },
    /// "Teach my handwriting"; `letters`: A-G as well as the digits.
    Calibrate { letters: bool },
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideArgs {
    /// The screen now open, or `null` when the view is back on the game.
    pub side: Option<SideScreen>,
}

/// The view opened or left a side screen.
pub fn set_side_screen(state: &AppState, args: SideArgs) -> Result<Option<SideScreen>, CommandError> {
    const COMMAND: &str = "set_side_screen";
    if let Some(SideScreen::Entry { kind, size }) = args.side {
        // Only a game whose entry has a screen of its own has one to open.
        let entry = kind.entry().filter(|e| e.screen);
        let entry = entry.ok_or_else(|| CommandError::BadArguments { command: COMMAND.into(), detail: format!("{} has no entry screen", kind.name()) })?;
        entry.check_size(kind.name(), size).map_err(|e| CommandError::from_entry(COMMAND, e))?;
    }
    state.lock().side = args.side.clone();
    Ok(args.side)
}
