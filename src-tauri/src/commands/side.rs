//! The side screen the view has open over the game in play (KenKen's entry screen, the
//! practice sheet), kept in memory so that a view that reloads (F5, or a renderer that died and
//! came back) returns to it. Its drafts stay in the page's storage (`ui/js/drafts.js`); this only
//! says which screen was open, with what it was opened with.

use serde::{Deserialize, Serialize};

use super::{AppState, CommandError};

/// A side screen and what it was opened with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "screen", rename_all = "snake_case")]
pub enum SideScreen {
    /// "Enter a puzzle" for KenKen, a board of `size` (3..=9).
    KenkenEntry { size: u8 },
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
    if let Some(SideScreen::KenkenEntry { size }) = args.side {
        if !(3..=9).contains(&size) {
            return Err(CommandError::BadArguments { command: "set_side_screen".into(), detail: format!("a KenKen is 3 to 9 cells wide, not {size}") });
        }
    }
    state.lock().side = args.side.clone();
    Ok(args.side)
}
