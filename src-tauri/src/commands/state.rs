//! What the commands share between calls: the game in play, the settings, the clock, and where
//! things are saved.

use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard};
use std::time::Instant;

use inkdoku::session::SudokuSession;

use super::settings::{Settings, SettingsStore};

/// Shared by every command. The Tauri shell keeps one in managed state; the dev server keeps
/// one for its lifetime.
pub struct AppState {
    inner: Mutex<Inner>,
    started: Instant,
    /// Folder for the autosave; `None` keeps everything in memory (tests, dev server default).
    pub(crate) data_dir: Option<PathBuf>,
    pub(crate) settings_store: Box<dyn SettingsStore>,
}

pub(crate) struct Inner {
    pub session: Option<SudokuSession>,
    pub settings: Settings,
    /// A friendly sentence about something that happened at start-up (e.g. a damaged save).
    pub notice: Option<String>,
}

impl AppState {
    /// State that keeps everything in memory.
    pub fn in_memory() -> Self {
        AppState::new(None, Box::new(super::settings::MemoryStore::default()))
    }

    pub fn new(data_dir: Option<PathBuf>, settings_store: Box<dyn SettingsStore>) -> Self {
        let settings = settings_store.load();
        AppState {
            inner: Mutex::new(Inner { session: None, settings, notice: None }),
            started: Instant::now(),
            data_dir,
            settings_store,
        }
    }

    pub(crate) fn lock(&self) -> MutexGuard<'_, Inner> {
        // A panic while holding the lock must not brick the app: the state itself stays valid,
        // because every change goes through `Session::apply`, which changes nothing on error.
        self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Milliseconds on a monotonic clock, for the game timer.
    pub(crate) fn now_ms(&self) -> u64 {
        self.started.elapsed().as_millis() as u64
    }
}

impl Default for AppState {
    fn default() -> Self {
        AppState::in_memory()
    }
}
