//! What "New game" sends, whether the game is served at once (`new_game`) or made on its own
//! thread (`generate_game`): its own home, so that neither command's module imports the other's.

use inkdoku::play::{GameKind, GameParams};
use serde::Deserialize;
use serde_json::Value;

use super::{AppState, CommandError};

/// `new_game` and `generate_game`: a kind and its params (left out: the ones the settings
/// keep for that kind, the last chosen; a field left out of them: the kind's default).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGameArgs {
    pub kind: GameKind,
    #[serde(default)]
    pub params: Option<Value>,
    #[serde(default)]
    pub seed: Option<u64>,
    /// The daily puzzle of this date (`YYYY-MM-DD`) instead of params and a seed
    /// (`generate_game` only: the date makes the puzzle, see `inkdoku::daily`).
    #[serde(default)]
    pub daily: Option<String>,
    /// The player agreed to replace the unfinished game of this kind (see `would_replace`).
    #[serde(default)]
    pub replace: bool,
}

impl NewGameArgs {
    /// The params, checked (and the player's picture they name still there), and the seed.
    pub(crate) fn resolve(&self, state: &AppState, command: &str) -> Result<(GameParams, u64), CommandError> {
        if self.daily.is_some() {
            return Err(CommandError::BadArguments { command: command.into(), detail: "a daily puzzle is made by generate_game".into() });
        }
        let params = match &self.params {
            None => state.lock().settings.params.of(self.kind),
            Some(v) => GameParams::parse(self.kind, v.clone())
                .map_err(|e| CommandError::BadArguments { command: command.into(), detail: format!("{} params: {e}", self.kind.as_str()) })?,
        };
        if params.own_file().is_some_and(|name| !state.pictures.exists(name)) {
            return Err(CommandError::MissingPicture);
        }
        Ok((params, self.seed.unwrap_or_else(rand::random)))
    }

    /// The day of a daily puzzle asked for (alone: params or a seed beside it are refused).
    pub(crate) fn daily(&self, command: &str) -> Result<Option<inkdoku::daily::Day>, CommandError> {
        let Some(text) = &self.daily else { return Ok(None) };
        if self.params.is_some() || self.seed.is_some() {
            return Err(CommandError::BadArguments { command: command.into(), detail: "a daily puzzle takes no params or seed".into() });
        }
        let day = inkdoku::daily::Day::parse(text)?;
        inkdoku::daily::check(self.kind)?;
        Ok(Some(day))
    }
}

