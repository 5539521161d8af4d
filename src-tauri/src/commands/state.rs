//! What the commands share between calls: the game in play, the settings, the clock, and where
//! things are saved.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard, OnceLock};
use std::time::Instant;

use inkdoku::play::{GameInPlay, GameKind};
use inkdoku::save::Loaded;

use super::autosave::Autosaves;
use super::picker::FilePicker;
use super::settings::{Settings, SettingsStore};

/// Shared by every command. The Tauri shell keeps one in managed state; the dev server keeps
/// one for its lifetime.
pub struct AppState {
    inner: Mutex<Inner>,
    /// Unix time at start-up plus a monotonic clock: saves get a real date, and the game timer
    /// never jumps with the wall clock.
    started: Instant,
    started_unix_ms: u64,
    /// The app's data folder (`None`: everything in memory), for a backup of everything.
    pub(crate) data_dir: Option<PathBuf>,
    /// One autosave per game kind; `None` keeps everything in memory (tests, dev server by
    /// default).
    pub(crate) autosaves: Option<Autosaves>,
    pub(crate) settings_store: Box<dyn SettingsStore>,
    pub(crate) picker: Box<dyn FilePicker>,
    /// The sliding puzzle's own pictures (`pictures/` in the data folder, or memory).
    pub(crate) pictures: super::pictures::Pictures,
    /// The record of games played (`stats.json` in the data folder, or memory).
    pub(crate) stats: super::stats::StatsStore,
    /// A puzzle being generated in the background.
    pub(crate) job: Mutex<Option<super::generate::Job>>,
    shell_pause: Mutex<ShellPause>,
    /// Told whenever the shell stops or restarts the clock (`true`: running again), so the view
    /// shows it at once instead of ticking on until its next reply.
    clock_listener: OnceLock<ClockListener>,
}

pub type ClockListener = Box<dyn Fn(bool) + Send + Sync>;

/// Why the shell stopped the clock, and whether it was running before: it starts again only
/// once every reason is gone.
#[derive(Default)]
struct ShellPause {
    /// A set of [`Pause`] bits.
    reasons: u8,
    was_running: bool,
}

/// Why the shell (not the view) stopped the clock. Each is its own bit: the device may wake
/// by itself (a timer, an update) while the screen stays off, and that must not start the clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pause {
    /// The device is asleep.
    Sleep = 1,
    /// The window is minimised.
    Minimised = 2,
    /// The screen is off (Modern Standby may never say "sleep").
    ScreenOff = 4,
}

pub(crate) struct Inner {
    pub game: Option<GameInPlay>,
    /// Games waiting for "Continue", at most one per kind: found at start-up, or put aside when
    /// the player started a game of another kind.
    pub resumable: BTreeMap<GameKind, Loaded>,
    /// Whether start-up already looked for a saved game.
    pub started_up: bool,
    pub settings: Settings,
    /// The player's handwriting profile and the unsure guess they may still replace.
    pub handwriting: super::handwriting::Handwriting,
    /// The number of the game in play (each installed game gets the next one) and the changes
    /// it has seen: every view carries both, so the view can drop a reply older than the one
    /// it shows (replies may overtake each other).
    pub game_serial: u64,
    pub rev: u64,
    /// Changes to the history of the game in play (moves, undo, redo), unlike `rev` not the
    /// clock's: whether a generation agreed to earlier must ask again (`install_agreed`).
    pub moves: u64,
    /// The side screen the view has open over the game (an entry screen, the practice sheet),
    /// so that a reloaded view comes back to it. Memory only: a cold start opens none.
    pub side: Option<super::side::SideScreen>,
    /// A new game that would have replaced one in progress, waiting for the player's yes
    /// (`replace_game`).
    pub waiting: Option<Waiting>,
    /// The backup "Restore from a backup…" showed, which `restore_backup` restores.
    pub backup_shown: Option<PathBuf>,
    /// A puzzle's link opened from outside, until the view takes it (`take_link`).
    pub link: Option<String>,
    /// The game whose replay the view shows ("Watch my solve": `open_replay`).
    pub replay: Option<GameInPlay>,
}

/// The game waiting for `replace_game`, with its rating's hardest technique when it has one
/// (see [`super::in_play::Installed`]).
pub struct Waiting {
    pub game: GameInPlay,
    pub technique: Option<&'static str>,
}

impl Inner {
    /// The game in play's view, numbered (see `game_serial`).
    pub fn view(&self, now_ms: u64) -> Option<inkdoku::play::PlayView> {
        let mut view = self.game.as_ref()?.view(now_ms);
        view.game_id = self.game_serial;
        view.rev = self.rev;
        Some(view)
    }
}

impl AppState {
    /// State that keeps everything in memory.
    pub fn in_memory() -> Self {
        AppState::new(None, Box::new(super::settings::MemoryStore::default()), Box::new(super::picker::NoPicker))
    }

    /// `data_dir`: where the autosaves live (`autosave-<kind>.inkdoku`, each with `.bak`).
    pub fn new(data_dir: Option<PathBuf>, settings_store: Box<dyn SettingsStore>, picker: Box<dyn FilePicker>) -> Self {
        // A restore committed before the app stopped is finished before anything is read (the
        // app has done so before opening the settings file, and does not start if it can't;
        // finishing twice does nothing).
        if let Some(d) = &data_dir {
            let _ = super::backup::finish_restore(d);
        }
        let settings = settings_store.load();
        let pictures = super::pictures::Pictures::new(data_dir.as_ref().map(|d| d.join(super::pictures::DIR)));
        let handwriting = super::handwriting::Handwriting::load(data_dir.as_ref(), inkdoku::save::now_ms());
        let stats = super::stats::StatsStore::open(data_dir.as_deref(), inkdoku::save::now_ms());
        AppState {
            inner: Mutex::new(Inner { game: None, resumable: BTreeMap::new(), started_up: false, settings, handwriting, game_serial: 0, rev: 0, moves: 0, side: None, waiting: None, backup_shown: None, link: None, replay: None }),
            started: Instant::now(),
            started_unix_ms: inkdoku::save::now_ms(),
            autosaves: data_dir.as_ref().map(|d| Autosaves::start(d)),
            data_dir,
            settings_store,
            picker,
            pictures,
            stats,
            job: Mutex::new(None),
            shell_pause: Mutex::new(ShellPause::default()),
            clock_listener: OnceLock::new(),
        }
    }

    pub(crate) fn lock(&self) -> MutexGuard<'_, Inner> {
        // A panic while holding the lock must not brick the app: the state itself stays valid,
        // because every change goes through the session, which changes nothing on error.
        self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Milliseconds: unix-based, advancing monotonically.
    pub(crate) fn now_ms(&self) -> u64 {
        self.started_unix_ms + self.started.elapsed().as_millis() as u64
    }

    /// Hands the game to its kind's autosave writer (a finished game stops being resumable).
    pub(crate) fn autosave(&self, game: &GameInPlay) {
        let Some(saver) = self.autosaves.as_ref().and_then(|a| a.of(game.kind())) else { return };
        match inkdoku::save::to_bytes(game, self.now_ms()) {
            Ok(bytes) if game.is_finished() => saver.finish(bytes),
            Ok(bytes) => saver.save(bytes),
            Err(e) => tracing::error!(error = %e, "could not encode the autosave"),
        }
    }

    /// The sentence for the player when an autosave keeps failing (`None` while saving works,
    /// and after a single failure, which the next save retries).
    pub fn autosave_trouble(&self) -> Option<String> {
        self.autosave_trouble_data().map(|t| t.to_string())
    }

    pub fn autosave_trouble_data(&self) -> Option<super::autosave::AutosaveTrouble> {
        self.autosaves.as_ref().and_then(|a| a.trouble())
    }

    /// Pauses the clock and writes the game now (window closing, app exiting).
    pub fn save_before_exit(&self) {
        let now = self.now_ms();
        if let Some(g) = self.lock().game.as_mut() {
            g.pause(now);
        }
        self.write_saves();
    }

    /// Writes the game in play to its autosave and waits until every autosave is on disk
    /// (before the app exits, and before a backup reads the files).
    pub(crate) fn write_saves(&self) {
        let snapshot = self.lock().game.clone();
        if let Some(g) = snapshot {
            self.autosave(&g);
        }
        if let Some(savers) = &self.autosaves {
            savers.flush();
        }
    }
}

impl AppState {
    /// What quitting and launching again does to the games, without a restart: the game in play
    /// waits for "Continue" (if unfinished) and the view's next start-up is a cold one. The dev
    /// bridge's stand-in for a relaunch (its state lives in memory), for tests.
    pub fn as_if_relaunched(&self) {
        let now = self.now_ms();
        let mut inner = self.lock();
        if let Some(mut game) = inner.game.take() {
            game.pause(now);
            if !game.is_finished() {
                inner.resumable.insert(game.kind(), Loaded { game, saved_at_ms: now });
            }
        }
        inner.side = None;
        inner.waiting = None;
    }
}

impl AppState {
    /// What a change of the device's power means for the clock: sleep and the screen going off
    /// are separate reasons, and the clock runs again only when neither holds.
    pub fn on_power(&self, event: crate::platform::PowerEvent) {
        use crate::platform::PowerEvent as P;
        match event {
            P::Suspend => self.pause_for(Pause::Sleep),
            P::Resume => self.resume_for(Pause::Sleep),
            P::DisplayOff => self.pause_for(Pause::ScreenOff),
            P::DisplayOn => self.resume_for(Pause::ScreenOff),
        }
    }

    /// Calls `listener` each time the shell stops (`false`) or restarts (`true`) the clock. Set
    /// once; a second listener is refused (returns false).
    pub fn on_clock_change(&self, listener: ClockListener) -> bool {
        self.clock_listener.set(listener).is_ok()
    }

    fn clock_changed(&self, running: bool) {
        if let Some(tell) = self.clock_listener.get() {
            tell(running);
        }
    }

    /// The device is about to sleep, the screen went off, or the window was minimised: stop the
    /// clock and save now.
    pub fn pause_for(&self, reason: Pause) {
        let mut p = self.shell_pause.lock().unwrap_or_else(|e| e.into_inner());
        if p.reasons & reason as u8 != 0 {
            return;
        }
        let stopping = p.reasons == 0 && self.lock().game.as_ref().is_some_and(|g| g.is_running());
        if p.reasons == 0 {
            p.was_running = stopping;
        }
        p.reasons |= reason as u8;
        drop(p);
        self.save_before_exit();
        if stopping {
            self.clock_changed(false);
        }
    }

    /// That reason is over; the clock goes on if it ran before and no other reason holds it.
    pub fn resume_for(&self, reason: Pause) {
        let mut p = self.shell_pause.lock().unwrap_or_else(|e| e.into_inner());
        if p.reasons & reason as u8 == 0 {
            return;
        }
        p.reasons &= !(reason as u8);
        if p.reasons == 0 && std::mem::take(&mut p.was_running) {
            let now = self.now_ms();
            let resumed = self.lock().game.as_mut().map(|g| g.resume(now)).is_some();
            drop(p);
            if resumed {
                self.clock_changed(true);
            }
        }
    }
}

impl Default for AppState {
    fn default() -> Self {
        AppState::in_memory()
    }
}
