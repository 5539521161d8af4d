//! Fresh puzzles made on demand, off the command path: `generate_game` starts the game's
//! `GameDef::make` from `Source::Fresh` (the generator, with progress; or a day's daily puzzle,
//! `inkdoku::daily::make`) on its own thread and returns at once; the view polls `generation_status` (which
//! reports progress, and starts the game when the puzzle is ready) and may `cancel_generation`.
//! Polling keeps one code path for both transports (Tauri IPC and the dev bridge).

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

use inkdoku::daily::Day;
use inkdoku::play::{GameInPlay, GameKind, GameParams, PlayView, Source};
use serde::Serialize;

use super::new_game::NewGameArgs;
use super::{AppState, CommandError};

/// Where the generator thread leaves the new game (or why there is none).
type Outcome = Arc<Mutex<Option<Result<GameInPlay, String>>>>;

/// One generation in flight.
pub(crate) struct Job {
    id: u32,
    /// Progress in thousandths.
    progress: Arc<AtomicU32>,
    cancel: Arc<AtomicBool>,
    result: Outcome,
    /// What the player agreed to replace when it started (checked again at install).
    agreed: super::in_play::Agreed,
}

impl Job {
    /// 0..1
    fn progress(&self) -> f32 {
        self.progress.load(Ordering::Relaxed) as f32 / 1000.0
    }
}

/// What the generator thread makes.
enum Order {
    /// A kind's daily puzzle of a date.
    Daily(GameKind, Day),
    /// A fresh game of the params, from the seed.
    Fresh(GameParams, u64),
}

impl Order {
    fn make(self, report: &mut dyn FnMut(f32) -> bool) -> Result<GameInPlay, String> {
        match self {
            Order::Daily(kind, day) => inkdoku::daily::make(kind, day, report).map_err(|e| e.to_string()),
            Order::Fresh(params, seed) => GameInPlay::make(&params, Source::Fresh, seed, report).map_err(|e| e.to_string()),
        }
    }
}

#[derive(Debug, Serialize)]
pub struct Started {
    pub job: u32,
}

pub fn generate_game(state: &AppState, args: NewGameArgs) -> Result<Started, CommandError> {
    // Asked before the wait, and again at install if the games changed meanwhile.
    let agreed = state.check_replace(args.kind, args.replace)?;
    let order = match args.daily("generate_game")? {
        Some(day) => Order::Daily(args.kind, day),
        None => {
            let (params, seed) = args.resolve(state, "generate_game")?;
            params.can_make(Source::Fresh)?;
            Order::Fresh(params, seed)
        }
    };
    let mut slot = state.job.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(old) = slot.take() {
        old.cancel.store(true, Ordering::Relaxed);
    }
    let id = next_job_id();
    let job = Job {
        id,
        progress: Arc::new(AtomicU32::new(0)),
        cancel: Arc::new(AtomicBool::new(false)),
        result: Arc::new(Mutex::new(None)),
        agreed,
    };
    let (progress, cancel, result) = (job.progress.clone(), job.cancel.clone(), job.result.clone());
    std::thread::Builder::new()
        .name("generator".into())
        .spawn(move || {
            // Every generator reports its progress and stops when cancelled.
            let mut report = |p: f32| {
                progress.store((p.clamp(0.0, 1.0) * 1000.0) as u32, Ordering::Relaxed);
                !cancel.load(Ordering::Relaxed)
            };
            let out = order.make(&mut report);
            if let Ok(mut r) = result.lock() {
                *r = Some(out);
            }
        })
        .map_err(|e| CommandError::Internal(format!("could not start the generator: {e}")))?;
    *slot = Some(job);
    Ok(Started { job: id })
}

fn next_job_id() -> u32 {
    static NEXT: AtomicU32 = AtomicU32::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

#[derive(Debug, Serialize)]
pub struct Status {
    pub job: Option<u32>,
    /// 0..1
    pub progress: f32,
    pub done: bool,
    /// The new game, once the puzzle is ready (the game has started).
    pub view: Option<PlayView>,
    pub error: Option<String>,
}

pub fn generation_status(state: &AppState) -> Result<Status, CommandError> {
    let mut slot = state.job.lock().unwrap_or_else(|p| p.into_inner());
    let Some(job) = slot.as_ref() else {
        return Ok(Status { job: None, progress: 0.0, done: true, view: None, error: None });
    };
    let progress = job.progress();
    let finished = job.result.lock().ok().and_then(|mut r| r.take());
    let Some(out) = finished else {
        return Ok(Status { job: Some(job.id), progress, done: false, view: None, error: None });
    };
    let (id, agreed) = (job.id, job.agreed);
    *slot = None;
    drop(slot);
    match out {
        // A game played on meanwhile: the same question as every replacement (`would_replace`,
        // the new game waiting for `replace_game`).
        Ok(game) => Ok(Status { job: Some(id), progress: 1.0, done: true, view: Some(state.install_agreed(game, agreed)?), error: None }),
        Err(e) => Ok(Status { job: Some(id), progress, done: true, view: None, error: Some(e) }),
    }
}

/// The generation in flight, if any: a view that reloads while one runs shows its progress
/// again instead of starting anything.
#[derive(Debug, Clone, Serialize)]
pub struct InFlight {
    pub job: u32,
    pub progress: f32,
}

pub(crate) fn in_flight(state: &AppState) -> Option<InFlight> {
    let slot = state.job.lock().unwrap_or_else(|p| p.into_inner());
    slot.as_ref().map(|job| InFlight { job: job.id, progress: job.progress() })
}

pub fn cancel_generation(state: &AppState) -> Result<bool, CommandError> {
    let mut slot = state.job.lock().unwrap_or_else(|p| p.into_inner());
    Ok(match slot.take() {
        Some(job) => {
            job.cancel.store(true, Ordering::Relaxed);
            true
        }
        None => false,
    })
}
