//! A puzzle's link opened from outside (#44 item 2): the OS starts Inkdoku with an
//! `inkdoku://play/<code>` link, or hands it to the running one (the deep-link and
//! single-instance plugins, `shell.rs`; the dev bridge's `/test/link`). The link waits here
//! until the view takes it (`take_link`: at start, and when told of a new one), says what the
//! puzzle is, and asks; playing it is `import_puzzle`, with the usual question before an
//! unfinished game is replaced. What a link is and reads as is the engine's (`inkdoku::link`).

use inkdoku::play::Summary;
use serde::Serialize;

use super::{AppState, CommandError};

impl AppState {
    /// A link given to the app (the newest replaces one not yet taken). Anything that is no
    /// Inkdoku link (another argument) is ignored. Returns whether it was kept.
    pub fn offer_link(&self, text: &str) -> bool {
        if !inkdoku::link::is_link(text) || text.len() > 4 * inkdoku::link::MAX_CODE {
            return false;
        }
        tracing::info!(link = %text.trim(), "a puzzle's link was opened");
        self.lock().link = Some(text.trim().to_string());
        true
    }
}

#[derive(Debug, Serialize)]
pub struct LinkOffer {
    /// The link waiting, if any (taken: asked again it is gone).
    pub link: Option<String>,
    /// What its puzzle is, as Continue describes a game.
    pub summary: Option<Summary>,
}

/// The link waiting for the view, read: what its puzzle is; a link that can't be played is
/// the import's error (`bad_link`, or the game's own), and is gone too.
pub fn take_link(state: &AppState) -> Result<LinkOffer, CommandError> {
    let Some(link) = state.lock().link.take() else { return Ok(LinkOffer { link: None, summary: None }) };
    let imported = inkdoku::import::read(&link)?;
    Ok(LinkOffer { summary: Some(imported.game.summary()), link: Some(link) })
}
