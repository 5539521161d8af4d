//! "Watch my solve" (#44 item 4): a won game's replay, step by step. The game in play, or one
//! of the recent wins kept in the data folder (`inkdoku::wins`: a copy of each game the player
//! wins, the newest 20), is held here while the view shows it; each frame is the engine's
//! board at that step of the journal (`GameInPlay::replay_view`). Nothing of the game in play
//! changes.

use inkdoku::play::{GameInPlay, PlayView, ReplayStep, Summary};
use inkdoku::wins::RecentWin;
use serde::{Deserialize, Serialize};

use super::{AppState, CommandError};

impl AppState {
    /// A win the player made (counted for the first time): kept for "Watch my solve" from the
    /// statistics. A failure is logged; the win itself is saved and counted already.
    pub(crate) fn keep_win(&self, game: &GameInPlay, now_ms: u64) {
        let Some(dir) = &self.data_dir else { return };
        match inkdoku::wins::keep(&dir.join(inkdoku::wins::DIR), game, now_ms) {
            Ok(id) => tracing::info!(%id, "win kept for its replay"),
            Err(e) => tracing::warn!(error = %e, "could not keep the win for its replay"),
        }
    }
}

/// `open_replay`: a recent win by its id, or (none) the game in play.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpenArgs {
    #[serde(default)]
    pub win: Option<String>,
}

/// A replay opened: what the game is, its steps, and its start (step 0).
#[derive(Debug, Serialize)]
pub struct ReplayView {
    pub summary: Summary,
    pub steps: Vec<ReplayStep>,
    pub frame: PlayView,
}

pub fn open_replay(state: &AppState, args: OpenArgs) -> Result<ReplayView, CommandError> {
    let game = match args.win {
        Some(id) => {
            let dir = state.data_dir.as_ref().ok_or(CommandError::Replay(inkdoku::wins::WinsError::NoSuchWin))?;
            inkdoku::wins::open(&dir.join(inkdoku::wins::DIR), &id).map_err(CommandError::Replay)?
        }
        None => state.lock().game.clone().ok_or(CommandError::NoGame)?,
    };
    let view = ReplayView { summary: game.summary(), steps: game.replay_steps(), frame: game.replay_view(0)? };
    state.lock().replay = Some(game);
    Ok(view)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FrameArgs {
    pub step: usize,
}

/// The board of the open replay after `step` steps (past the end: the end).
pub fn replay_frame(state: &AppState, args: FrameArgs) -> Result<PlayView, CommandError> {
    let inner = state.lock();
    Ok(inner.replay.as_ref().ok_or(CommandError::NoReplay)?.replay_view(args.step)?)
}

/// The recent wins the statistics offer to watch.
#[derive(Debug, Serialize)]
pub struct RecentWins {
    /// How many are kept ("the last 20 games you won").
    pub kept: usize,
    /// Newest first.
    pub wins: Vec<RecentWin>,
}

pub fn recent_wins(state: &AppState) -> Result<RecentWins, CommandError> {
    let wins = state.data_dir.as_ref().map(|d| inkdoku::wins::list(&d.join(inkdoku::wins::DIR))).unwrap_or_default();
    Ok(RecentWins { kept: inkdoku::wins::KEPT, wins })
}
