//! Fresh puzzles made on demand, off the command path: `generate_game` starts the engine's
//! generator on its own thread and returns at once; the view polls `generation_status` (which
//! reports progress, and starts the game when the puzzle is ready) and may `cancel_generation`.
//! Polling keeps one code path for both transports (Tauri IPC and the dev bridge).

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

use inkdoku::grid::Grid;
use inkdoku::session::{BoardView, SudokuSession};
use inkdoku::sudoku::generator::{self, GenerateOptions};
use inkdoku::sudoku::solver;
use serde::Serialize;

use super::game::{install, NewGameArgs};
use super::{AppState, CommandError};

/// Where the generator thread leaves its puzzle and solution (or why there is none).
type Outcome = Arc<Mutex<Option<Result<(Grid, Grid), String>>>>;

/// One generation in flight.
pub(crate) struct Job {
    id: u32,
    difficulty: &'static str,
    seed: u64,
    /// Progress in thousandths.
    progress: Arc<AtomicU32>,
    cancel: Arc<AtomicBool>,
    result: Outcome,
}

#[derive(Debug, Serialize)]
pub struct Started {
    pub job: u32,
}

pub fn generate_game(state: &AppState, args: NewGameArgs) -> Result<Started, CommandError> {
    let opts = args.resolve(state, "generate_game")?;
    if !generator::available(opts.shape, opts.difficulty) {
        return Err(CommandError::Unavailable(format!("{}x{} puzzles never need {} techniques", opts.shape.size, opts.shape.size, opts.difficulty)));
    }
    let mut slot = state.job.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(old) = slot.take() {
        old.cancel.store(true, Ordering::Relaxed);
    }
    let id = slot_counter();
    let job = Job {
        id,
        difficulty: opts.difficulty.name(),
        seed: opts.seed,
        progress: Arc::new(AtomicU32::new(0)),
        cancel: Arc::new(AtomicBool::new(false)),
        result: Arc::new(Mutex::new(None)),
    };
    let (progress, cancel, result) = (job.progress.clone(), job.cancel.clone(), job.result.clone());
    let gen_opts = GenerateOptions { shape: opts.shape, difficulty: opts.difficulty, symmetric: opts.symmetric, seed: opts.seed };
    std::thread::Builder::new()
        .name("generator".into())
        .spawn(move || {
            let out = generator::generate(&gen_opts, &mut |p| {
                progress.store((p.clamp(0.0, 1.0) * 1000.0) as u32, Ordering::Relaxed);
                !cancel.load(Ordering::Relaxed)
            });
            let out = out.map_err(|e| e.to_string()).and_then(|puzzle| {
                let solution = solver::solve(&puzzle).ok_or_else(|| "the generated puzzle has no solution".to_string())?;
                Ok((puzzle, solution))
            });
            if let Ok(mut r) = result.lock() {
                *r = Some(out);
            }
        })
        .map_err(|e| CommandError::Internal(format!("could not start the generator: {e}")))?;
    *slot = Some(job);
    Ok(Started { job: id })
}

fn slot_counter() -> u32 {
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
    pub view: Option<BoardView>,
    pub error: Option<String>,
}

pub fn generation_status(state: &AppState) -> Result<Status, CommandError> {
    let mut slot = state.job.lock().unwrap_or_else(|p| p.into_inner());
    let Some(job) = slot.as_ref() else {
        return Ok(Status { job: None, progress: 0.0, done: true, view: None, error: None });
    };
    let progress = job.progress.load(Ordering::Relaxed) as f32 / 1000.0;
    let finished = job.result.lock().ok().and_then(|mut r| r.take());
    let Some(out) = finished else {
        return Ok(Status { job: Some(job.id), progress, done: false, view: None, error: None });
    };
    let (id, difficulty, seed) = (job.id, job.difficulty, job.seed);
    *slot = None;
    drop(slot);
    match out {
        Ok((puzzle, solution)) => {
            let session = SudokuSession::new(puzzle, solution, difficulty, Some(seed)).map_err(|e| CommandError::Internal(e.to_string()))?;
            Ok(Status { job: Some(id), progress: 1.0, done: true, view: Some(install(state, session)), error: None })
        }
        Err(e) => Ok(Status { job: Some(id), progress, done: true, view: None, error: Some(e) }),
    }
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
