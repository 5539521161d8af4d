//! Start-up: what the view finds when it starts (the game in play, the side screen open over
//! it, a puzzle being made, the games waiting for Continue, notices). Its own home, so that the
//! game commands need not know the generator or the side screens.

use inkdoku::play::{GameKind, PlayView, Summary};
use serde::Serialize;

use super::notice::{shown, Notice};
use super::{AppState, CommandError};

/// What start-up found. A view that starts while the backend already has a game in play (it
/// reloaded, or its renderer died and came back) gets `in_play` and shows it: a reload is a
/// resume. Only a cold start, with nothing in play, offers `resumable` games or a new one.
#[derive(Debug, Serialize)]
pub struct StartupView {
    /// The game in play, exactly as it is.
    pub in_play: Option<PlayView>,
    /// The side screen that was open over it.
    pub side: Option<super::side::SideScreen>,
    /// A fresh puzzle still being made.
    pub generating: Option<super::generate::InFlight>,
    /// Games in progress that "Continue" restores, one per kind at most.
    pub resumable: Vec<ResumeSummary>,
    /// A friendly sentence if something was not normal (e.g. a damaged save was set aside).
    pub notice: Option<String>,
    /// The same as data, one per file, for the view to say in the player's language.
    pub notices: Vec<Notice>,
}

#[derive(Debug, Serialize)]
pub struct ResumeSummary {
    #[serde(flatten)]
    pub summary: Summary,
    pub saved_at_ms: u64,
}

/// Looks for each kind's autosave (once per run): a damaged file is set aside and its backup
/// tried. Later calls list the games waiting for "Continue".
pub fn startup(state: &AppState) -> Result<StartupView, CommandError> {
    let mut notices = Vec::new();
    let mut data = Vec::new();
    let already = std::mem::replace(&mut state.lock().started_up, true);
    if let (false, Some(savers)) = (already, &state.autosaves) {
        for &kind in GameKind::ALL {
            let Some(saver) = savers.of(kind) else { continue };
            let recovery = inkdoku::save::load_or_recover(saver.path(), state.now_ms(), Some(kind));
            let message = recovery.message();
            let notice = match &recovery {
                inkdoku::save::Recovery::FromBackup { set_aside, .. } => {
                    Some(Notice::Save { game: kind.as_str(), restored: true, kept: shown(set_aside.as_slice()) })
                }
                inkdoku::save::Recovery::Unrecoverable { set_aside, .. } => {
                    Some(Notice::Save { game: kind.as_str(), restored: false, kept: shown(set_aside) })
                }
                _ => None,
            };
            match recovery.into_loaded() {
                // A finished game is over: nothing to continue, and nothing to apologise for. Its
                // win is counted (again: counting is idempotent) in case the app stopped between
                // saving the win and writing the statistics.
                Some(loaded) if loaded.game.is_finished() => {
                    if !loaded.game.was_solved_by_computer() && state.stats.won(&loaded.game, state.now_ms()) {
                        state.keep_win(&loaded.game, state.now_ms());
                    }
                }
                loaded => {
                    if let Some(n) = message {
                        tracing::warn!(notice = %n, kind = kind.as_str(), "autosave recovery");
                        notices.push(n);
                    }
                    data.extend(notice);
                    if let Some(loaded) = loaded {
                        state.lock().resumable.insert(kind, loaded);
                    }
                }
            }
        }
    }
    let generating = super::generate::in_flight(state);
    let mut inner = state.lock();
    for (n, d) in inner.handwriting.notice.take().into_iter().chain(state.settings_store.take_notice()) {
        notices.push(n);
        data.push(d);
    }
    let resumable = inner
        .resumable
        .values()
        .map(|l| ResumeSummary { summary: l.game.summary(), saved_at_ms: l.saved_at_ms })
        .collect();
    let in_play = inner.view(state.now_ms());
    Ok(StartupView { in_play, side: inner.side.clone(), generating, resumable, notice: (!notices.is_empty()).then(|| notices.join(" ")), notices: data })
}

