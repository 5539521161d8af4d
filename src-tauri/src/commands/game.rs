//! Commands that start, show and change the game in play. Each one deserialises, calls the
//! engine (session, solver, recogniser) and returns a view; rules live in the engine.

use inkdoku::grid::{symbol_value, Grid, Shape};
use inkdoku::ink::{self, gesture::Gesture, Recognition, Stroke};
use inkdoku::session::{Action, BoardView, SudokuSession};
use inkdoku::sudoku::{solver, Difficulty};
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

fn shape_of(size: u8) -> Result<Shape, CommandError> {
    Shape::from_size(size as usize).ok_or_else(|| CommandError::BadArguments {
        command: "new_game".into(),
        detail: format!("size {size} is not one of 4, 6, 9, 16"),
    })
}

// Placeholder puzzles, one per size, until the puzzle bank lands.
const PLACEHOLDERS: [&str; 4] = [
    "1..4.4....2..3.1",
    "1..4.6.5..2.2...6..6..3.3..6.5.4..1.",
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    "1...5...9...D....6...A...E...2....B...F...3...7....G...4...8...C2...6...A...E....7...B...F...3....C...G...4...8....1...5...9...D3...7...B...F....8...C...G...4....D...1...5...9....2...6...A...E4...8...C...G....9...D...1...5....E...2...6...A....3...7...B...F",
];

/// Starts a game from a puzzle and its solution.
fn start(state: &AppState, puzzle: Grid, solution: Grid, difficulty: &str, seed: Option<u64>) -> Result<BoardView, CommandError> {
    let mut session = SudokuSession::new(puzzle, solution, difficulty, seed).map_err(|e| CommandError::Internal(e.to_string()))?;
    let now = state.now_ms();
    session.resume(now);
    let view = session.view(now);
    state.lock().session = Some(session);
    Ok(view)
}

pub fn new_game(state: &AppState, args: NewGameArgs) -> Result<BoardView, CommandError> {
    let settings = state.lock().settings.clone();
    let shape = shape_of(args.size.unwrap_or(settings.default_size))?;
    let difficulty = args.difficulty.unwrap_or(settings.difficulty);
    let text = PLACEHOLDERS[Shape::ALL.iter().position(|s| *s == shape).unwrap_or(2)];
    let puzzle = Grid::parse_puzzle(text)?;
    let solution = solver::solve(&puzzle).ok_or(CommandError::Unsolvable)?;
    start(state, puzzle, solution, difficulty.name(), args.seed)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImportArgs {
    pub text: String,
}

/// A puzzle typed or pasted by the player (or read from a file by the view).
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
    with_session(state, |s| Ok(ExportedPuzzle { text: s.game().givens().to_line() }))
}

pub fn board(state: &AppState) -> Result<BoardView, CommandError> {
    let now = state.now_ms();
    with_session(state, |s| Ok(s.view(now)))
}

/// Runs `f` on the session in play.
pub(crate) fn with_session<T>(state: &AppState, f: impl FnOnce(&mut SudokuSession) -> Result<T, CommandError>) -> Result<T, CommandError> {
    let mut inner = state.lock();
    let session = inner.session.as_mut().ok_or(CommandError::NoGame)?;
    f(session)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActArgs {
    pub action: Action,
}

/// Any session action: values, candidates, notes, erasing, undo/redo, solve.
pub fn act(state: &AppState, args: ActArgs) -> Result<BoardView, CommandError> {
    let now = state.now_ms();
    with_session(state, |s| {
        s.apply(args.action)?;
        Ok(s.view(now))
    })
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimerArgs {
    pub running: bool,
}

/// The view pauses the clock while the window is hidden or minimised.
pub fn set_timer(state: &AppState, args: TimerArgs) -> Result<BoardView, CommandError> {
    let now = state.now_ms();
    with_session(state, |s| {
        if args.running && !s.is_solved() {
            s.resume(now)
        } else {
            s.pause(now)
        }
        Ok(s.view(now))
    })
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
    let now = state.now_ms();
    with_session(state, |s| {
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
        Ok(WriteResult { outcome, view: s.view(now) })
    })
}
