//! Commands that start, show and change the game in play. Each one deserialises, calls the
//! engine (session, solver, recogniser, generator) and returns a view; rules live in the engine.

use inkdoku::grid::{symbol_value, Grid, Shape};
use inkdoku::ink::{self, gesture::Gesture, Recognition, Stroke};
use inkdoku::session::{Action, BoardView, SudokuSession};
use inkdoku::sudoku::{bank, solver, Difficulty};
use rand::SeedableRng;
use serde::{Deserialize, Serialize};

use super::{AppState, CommandError};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGameArgs {
    #[serde(default)]
    pub size: Option<u8>,
    #[serde(default)]
    pub difficulty: Option<Difficulty>,
    #[serde(default)]
    pub symmetric: Option<bool>,
    #[serde(default)]
    pub seed: Option<u64>,
}

/// The options of a new game, completed from the settings.
pub(crate) struct GameOptions {
    pub shape: Shape,
    pub difficulty: Difficulty,
    pub symmetric: bool,
    pub seed: u64,
}

impl NewGameArgs {
    pub(crate) fn resolve(self, state: &AppState, command: &str) -> Result<GameOptions, CommandError> {
        let settings = state.lock().settings.clone();
        let size = self.size.unwrap_or(settings.default_size);
        let shape = Shape::from_size(size as usize).ok_or_else(|| CommandError::BadArguments {
            command: command.into(),
            detail: format!("size {size} is not one of 4, 6, 9, 16"),
        })?;
        Ok(GameOptions {
            shape,
            difficulty: self.difficulty.unwrap_or_else(|| settings.difficulty.parse().unwrap_or(Difficulty::Easy)),
            symmetric: self.symmetric.unwrap_or(settings.symmetric),
            seed: self.seed.unwrap_or_else(rand::random),
        })
    }
}

/// Installs a new session as the game in play: timer running, autosaved, any resumable save
/// forgotten (the player chose a new game).
pub(crate) fn install(state: &AppState, mut session: SudokuSession) -> BoardView {
    let now = state.now_ms();
    session.resume(now);
    let view = session.view(now);
    state.autosave(&session);
    let mut inner = state.lock();
    inner.session = Some(session);
    inner.resumable = None;
    view
}

fn start(state: &AppState, puzzle: Grid, solution: Grid, difficulty: &str, seed: Option<u64>) -> Result<BoardView, CommandError> {
    let session = SudokuSession::new(puzzle, solution, difficulty, seed).map_err(|e| CommandError::Internal(e.to_string()))?;
    Ok(install(state, session))
}

/// A new game, instantly: a banked puzzle of that size and level, freshly transformed. A level
/// a size can't have (4x4 expert) is served at the hardest level it can; the view shows which.
pub fn new_game(state: &AppState, args: NewGameArgs) -> Result<BoardView, CommandError> {
    let opts = args.resolve(state, "new_game")?;
    let mut rng = rand::rngs::StdRng::seed_from_u64(opts.seed);
    let served = bank::instant_puzzle(opts.shape, opts.difficulty, opts.symmetric, &mut rng);
    let solution = solver::solve(&served.puzzle).ok_or(CommandError::Unsolvable)?;
    start(state, served.puzzle, solution, served.difficulty.name(), Some(opts.seed))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImportArgs {
    pub text: String,
}

/// A puzzle typed or pasted by the player.
pub fn import_puzzle(state: &AppState, args: ImportArgs) -> Result<BoardView, CommandError> {
    let puzzle = Grid::parse_puzzle(&args.text)?;
    let solution = match solver::count_solutions(&puzzle, 2) {
        0 => return Err(CommandError::Unsolvable),
        1 => solver::solve(&puzzle).ok_or(CommandError::Unsolvable)?,
        _ => return Err(CommandError::NotUnique),
    };
    start(state, puzzle, solution, "imported", None)
}

#[derive(Debug, Serialize)]
pub struct ExportedPuzzle {
    pub text: String,
}

pub fn export_puzzle(state: &AppState) -> Result<ExportedPuzzle, CommandError> {
    read(state, |s| Ok(ExportedPuzzle { text: s.game().givens().to_line() }))
}

pub fn board(state: &AppState) -> Result<BoardView, CommandError> {
    let now = state.now_ms();
    read(state, |s| Ok(s.view(now)))
}

/// Runs `f` on the session in play without changing it.
pub(crate) fn read<T>(state: &AppState, f: impl FnOnce(&SudokuSession) -> Result<T, CommandError>) -> Result<T, CommandError> {
    let inner = state.lock();
    f(inner.session.as_ref().ok_or(CommandError::NoGame)?)
}

/// Runs `f` on the session in play, then stops the clock if the puzzle is now solved,
/// autosaves, and returns `f`'s result with the new view. `f` leaves the session unchanged when
/// it fails (every change goes through `Session::apply`), so a failure saves nothing.
pub(crate) fn change<T>(state: &AppState, f: impl FnOnce(&mut SudokuSession, u64) -> Result<T, CommandError>) -> Result<(T, BoardView), CommandError> {
    let now = state.now_ms();
    let mut inner = state.lock();
    let session = inner.session.as_mut().ok_or(CommandError::NoGame)?;
    let out = f(session, now)?;
    if session.is_solved() {
        session.pause(now);
    }
    state.autosave(session);
    Ok((out, session.view(now)))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActArgs {
    pub action: Action,
}

/// Any session action: values, candidates, notes, erasing, hints, undo/redo, solve.
pub fn act(state: &AppState, args: ActArgs) -> Result<BoardView, CommandError> {
    change(state, |s, _| Ok(s.apply(args.action)?)).map(|(_, view)| view)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimerArgs {
    pub running: bool,
}

/// The view pauses the clock while the window is hidden or minimised (and the game is saved
/// then, since the device may be about to sleep).
pub fn set_timer(state: &AppState, args: TimerArgs) -> Result<BoardView, CommandError> {
    change(state, |s, now| {
        if args.running && !s.is_solved() {
            s.resume(now)
        } else {
            s.pause(now)
        }
        Ok(())
    })
    .map(|(_, view)| view)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WriteArgs {
    pub row: usize,
    pub col: usize,
    /// The ink of one cell, in board coordinates (0..1 across the board).
    pub strokes: Vec<Stroke>,
}

/// What became of the ink written into a cell.
#[derive(Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum WriteOutcome {
    /// Recognised and written.
    Symbol { symbol: char, confidence: f32 },
    /// Nothing legal was recognised; nothing changed.
    Rejected { reason: String },
    /// A stroke much smaller than the cell: a selection, not writing.
    Tap,
    /// A zig-zag over the cell: cleared.
    ScratchOut,
    /// The cell is a given; nothing changed.
    Given,
}

#[derive(Debug, Serialize)]
pub struct WriteResult {
    pub outcome: WriteOutcome,
    pub view: BoardView,
}

/// The pen wrote into a cell: recognise the ink as a legal symbol (or a gesture) and apply it.
pub fn write_cell(state: &AppState, args: WriteArgs) -> Result<WriteResult, CommandError> {
    let (outcome, view) = change(state, |s, _| {
        let shape = s.game().shape();
        let n = shape.n();
        if args.row >= n || args.col >= n {
            return Err(CommandError::BadArguments { command: "write_cell".into(), detail: format!("r{}c{} is outside the {n}x{n} board", args.row + 1, args.col + 1) });
        }
        let outcome = if s.game().givens().get(args.row, args.col) != 0 {
            WriteOutcome::Given
        } else {
            match ink::gesture::classify(&args.strokes, 1.0 / n as f32) {
                Gesture::Tap => WriteOutcome::Tap,
                Gesture::ScratchOut => {
                    s.apply(Action::Clear { row: args.row, col: args.col })?;
                    WriteOutcome::ScratchOut
                }
                Gesture::Writing => match ink::recognize(&args.strokes, &shape.symbols())? {
                    Recognition::Symbol { candidates } => {
                        let (symbol, confidence) = candidates.first().copied().ok_or_else(|| CommandError::Internal("the recogniser returned no candidate".into()))?;
                        let value = symbol_value(symbol).ok_or_else(|| CommandError::Internal(format!("the recogniser returned {symbol:?}")))?;
                        s.apply(Action::SetValue { row: args.row, col: args.col, value })?;
                        WriteOutcome::Symbol { symbol, confidence }
                    }
                    Recognition::Rejected { reason } => WriteOutcome::Rejected { reason },
                },
            }
        };
        Ok(outcome)
    })?;
    Ok(WriteResult { outcome, view })
}

/// What start-up found.
#[derive(Debug, Serialize)]
pub struct StartupView {
    /// A game in progress that "Continue" restores.
    pub resumable: Option<ResumeSummary>,
    /// A friendly sentence if something was not normal (e.g. a damaged save was set aside).
    pub notice: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct ResumeSummary {
    pub size: u8,
    pub difficulty: String,
    pub elapsed_ms: u64,
    pub saved_at_ms: u64,
    pub filled: usize,
    pub cells: usize,
}

/// Looks for the autosave (once per run): a damaged file is set aside and its backup tried.
pub fn startup(state: &AppState) -> Result<StartupView, CommandError> {
    let mut notice = None;
    let already = std::mem::replace(&mut state.lock().started_up, true);
    if !already {
        if let Some(saver) = &state.autosave {
            let recovery = inkdoku::save::load_or_recover(saver.path(), state.now_ms());
            notice = recovery.message();
            if let Some(n) = &notice {
                tracing::warn!(notice = %n, "autosave recovery");
            }
            state.lock().resumable = recovery.into_loaded().filter(|l| !l.session.is_solved());
        }
    }
    let inner = state.lock();
    let resumable = inner.resumable.as_ref().map(|l| {
        let g = l.session.game();
        let board = g.board();
        ResumeSummary {
            size: g.shape().size,
            difficulty: g.difficulty().to_string(),
            elapsed_ms: l.session.elapsed(0),
            saved_at_ms: l.saved_at_ms,
            filled: board.filled(),
            cells: g.shape().cells(),
        }
    });
    Ok(StartupView { resumable, notice })
}

/// "Continue": the saved game with its entries, notes, history and timer.
pub fn continue_game(state: &AppState) -> Result<BoardView, CommandError> {
    let loaded = state.lock().resumable.take().ok_or(CommandError::NoGame)?;
    Ok(install(state, loaded.session))
}
