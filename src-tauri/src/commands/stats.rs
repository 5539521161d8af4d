//! The statistics: where they are kept (`stats.json` in the data folder, or memory), when the
//! commands record a game (begun, hint, won), and the `get_stats` / `reset_stats` commands. The
//! record and its rules are the engine's (`inkdoku::stats`).

use std::path::PathBuf;
use std::sync::Mutex;

use inkdoku::daily::Day;
use inkdoku::play::{GameInPlay, GameKind};
use inkdoku::stats::{DailyCalendar, GameId, Stats, Summary};
use serde::{Deserialize, Serialize};

use super::{AppState, CommandError};

pub const STATS_FILE: &str = "stats.json";

/// The statistics and their file (`None`: memory only).
pub struct StatsStore {
    inner: Mutex<Stats>,
    path: Option<PathBuf>,
    /// Said once on the statistics page: the file could not be used and was set aside (and
    /// whether its previous copy was restored).
    notice: Mutex<Option<(String, bool)>>,
}

impl StatsStore {
    pub fn open(data_dir: Option<&std::path::Path>, now_ms: u64) -> StatsStore {
        let path = data_dir.map(|d| d.join(STATS_FILE));
        let Some(p) = &path else { return StatsStore { inner: Mutex::new(Stats::new()), path, notice: Mutex::new(None) } };
        let rec = Stats::load_or_recover(p, now_ms);
        let notice = rec.set_aside().first().map(|a| {
            tracing::warn!(aside = %a.display(), restored = rec.loaded().is_some(), "statistics file set aside");
            (a.display().to_string(), rec.loaded().is_some())
        });
        let stats = rec.into_loaded().unwrap_or_else(Stats::new);
        StatsStore { inner: Mutex::new(stats), path, notice: Mutex::new(notice) }
    }

    /// Changes the statistics and writes them if anything changed (a failed write is logged:
    /// play goes on; the next change writes everything again).
    fn update(&self, f: impl FnOnce(&mut Stats) -> bool) {
        let mut s = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        if !f(&mut s) {
            return;
        }
        if let Some(p) = &self.path {
            if let Err(e) = s.save(p) {
                tracing::error!(error = %e, "could not write the statistics");
            }
        }
    }

    /// A game is installed (new, generated, imported, opened or continued). A board being
    /// entered from paper is no game yet: the puzzle counts once it starts, under its level.
    pub fn begun(&self, game: &GameInPlay, now_ms: u64) {
        if game.is_finished() || game.is_being_entered() {
            return;
        }
        let id = GameId::of(game);
        self.update(|s| s.start(&id, now_ms));
    }

    pub fn hint(&self, game: &GameInPlay, now_ms: u64) {
        let id = GameId::of(game);
        self.update(|s| {
            s.hint(&id, now_ms);
            true
        });
    }

    /// The game is won (idempotent: counted once). Returns whether it counted now.
    pub fn won(&self, game: &GameInPlay, now_ms: u64) -> bool {
        let id = GameId::of(game);
        let moves = game.stats_moves();
        let ms = game.elapsed(now_ms);
        let mut counted = false;
        self.update(|s| {
            counted = s.win(&id, ms, moves, now_ms);
            counted
        });
        counted
    }

    fn view(&self) -> StatsView {
        let summaries = self.inner.lock().unwrap_or_else(|e| e.into_inner()).summaries();
        let (set_aside, restored) = self.notice.lock().unwrap_or_else(|e| e.into_inner()).take().unzip();
        StatsView { summaries, set_aside, restored: restored.unwrap_or(false) }
    }
}

/// What the statistics page shows.
#[derive(Debug, Serialize)]
pub struct StatsView {
    pub summaries: Vec<Summary>,
    /// Where a statistics file that could not be used was moved (once, then null).
    pub set_aside: Option<String>,
    /// With `set_aside`: its previous copy was restored (else counting starts again).
    pub restored: bool,
}

/// `daily_calendar`: a kind's daily puzzles (left out: the first game's that has them) for the
/// player whose date is `today`, with their clock `offset_min` minutes east of UTC
/// (JavaScript's `-getTimezoneOffset()`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CalendarArgs {
    #[serde(default)]
    pub kind: Option<GameKind>,
    pub today: String,
    #[serde(default)]
    pub offset_min: i32,
}

/// Earth's clocks run from UTC-12 to UTC+14.
const OFFSETS_MIN: std::ops::RangeInclusive<i32> = -12 * 60..=14 * 60;

pub fn daily_calendar(state: &AppState, args: CalendarArgs) -> Result<DailyCalendar, CommandError> {
    let today = Day::parse(&args.today)?;
    let kinds = inkdoku::daily::kinds();
    let kind = args.kind.or(kinds.first().copied()).ok_or(CommandError::Unavailable("no game has a daily puzzle".into()))?;
    inkdoku::daily::check(kind)?;
    if !OFFSETS_MIN.contains(&args.offset_min) {
        return Err(CommandError::BadArguments { command: "daily_calendar".into(), detail: format!("no clock is {} minutes from UTC", args.offset_min) });
    }
    let stats = state.stats.inner.lock().unwrap_or_else(|e| e.into_inner());
    Ok(stats.daily_calendar(kind, today, args.offset_min))
}

pub fn get_stats(state: &AppState) -> Result<StatsView, CommandError> {
    Ok(state.stats.view())
}

/// Forgets every record ("Reset statistics", after the view asked the player).
pub fn reset_stats(state: &AppState) -> Result<StatsView, CommandError> {
    let store = &state.stats;
    let mut s = store.inner.lock().unwrap_or_else(|e| e.into_inner());
    *s = Stats::new();
    if let Some(p) = &store.path {
        s.save(p).map_err(|e| CommandError::Stats(e.to_string()))?;
    }
    drop(s);
    Ok(store.view())
}
