//! Commands that start, show and change the game in play, whatever its kind. Each one
//! deserialises, calls the engine and returns a view; rules live in the engine
//! (`inkdoku::play::GameInPlay` and each game's `play` module).

use inkdoku::grid::{Grid, Shape};
use inkdoku::ink::Stroke;
use inkdoku::pen::{PenOptions, WriteOutcome};
use inkdoku::play::{GameInPlay, GameKind, GameParams, PlayView, Source, Summary};
use inkdoku::sudoku::check::{self, PuzzleCheck};
use inkdoku::sudoku::{Difficulty, SudokuSession};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::in_play::Installed;
use super::notice::{shown, Notice};
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
    /// The player agreed to replace the unfinished game of this kind (see `would_replace`).
    #[serde(default)]
    pub replace: bool,
}

impl NewGameArgs {
    /// The params, checked (and the player's picture they name still there), and the seed.
    pub(crate) fn resolve(&self, state: &AppState, command: &str) -> Result<(GameParams, u64), CommandError> {
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
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReplaceArgs {
    /// Yes: the waiting game replaces the one in progress; no: it is dropped.
    pub accept: bool,
}

/// The player's answer to `would_replace`.
pub fn replace_game(state: &AppState, args: ReplaceArgs) -> Result<Option<Installed>, CommandError> {
    let waiting = state.lock().waiting.take();
    match (waiting, args.accept) {
        (Some(w), true) => Ok(Some(Installed { view: state.install(w.game), technique: w.technique })),
        (None, true) => Err(CommandError::Stale("that new game is no longer waiting".into())),
        (_, false) => Ok(None),
    }
}

fn sudoku(puzzle: Grid, solution: Grid, difficulty: &str, seed: Option<u64>) -> Result<GameInPlay, CommandError> {
    let session = SudokuSession::new(puzzle, solution, difficulty, seed).map_err(|e| CommandError::Internal(e.to_string()))?;
    Ok(GameInPlay::Sudoku(session))
}

/// Draws for a puzzle other than the one in play: even from the smallest pool (3x3 KenKen, at
/// least 10 puzzles a level, up to 8 symmetries each) nine draws alike are below 1 in 10^14.
const NEW_GAME_TRIES: usize = 8;

/// A new game at once, from the collection (each game's `GameDef::make`: a Sudoku or KenKen is
/// a banked puzzle, freshly transformed). Unless the caller names its seed, it is never the very
/// puzzle in play: KenKen's bank holds about a dozen puzzles a size and level, eight symmetries
/// each, so "New game" would otherwise give the same one back about once in a hundred.
pub fn new_game(state: &AppState, args: NewGameArgs) -> Result<PlayView, CommandError> {
    let (params, seed) = args.resolve(state, "new_game")?;
    let mut game = GameInPlay::make(&params, Source::Collection, seed, &mut |_| true)?;
    if args.seed.is_none() {
        let in_play = state.read(|g| Ok(g.puzzle_text())).ok();
        for _ in 0..NEW_GAME_TRIES {
            if in_play.as_deref() != Some(game.puzzle_text().as_str()) {
                break;
            }
            game = GameInPlay::make(&params, Source::Collection, rand::random(), &mut |_| true)?;
        }
    }
    if args.replace {
        Ok(state.install(game))
    } else {
        state.install_asking(game)
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImportArgs {
    pub text: String,
}

/// A puzzle typed or pasted by the player (or read from a file): any text that Files… shows,
/// whatever its game. The engine asks each game in turn (`inkdoku::import`): the game that
/// reads it makes a game fit to play (one solution, a solvable board), rated as a puzzle from
/// paper is (a Sudoku's hardest technique told beside its view, as `start_entered` tells it).
pub fn import_puzzle(state: &AppState, args: ImportArgs) -> Result<Installed, CommandError> {
    let imported = inkdoku::import::read(&args.text)?;
    state.install_asking_rated(imported.game, imported.technique)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnterArgs {
    pub size: u8,
}

/// "Enter a puzzle": an empty Sudoku board of that size on which the player writes the givens
/// of a puzzle from paper, as in play (recogniser, eraser, undo), until `start_entered`.
pub fn enter_puzzle(state: &AppState, args: EnterArgs) -> Result<PlayView, CommandError> {
    let shape = Shape::from_size(args.size as usize)
        .ok_or_else(|| CommandError::BadArguments { command: "enter_puzzle".into(), detail: format!("a Sudoku is 4, 6, 9 or 16 cells wide, not {}", args.size) })?;
    let session = check::entry_session(shape).ok_or_else(|| CommandError::Internal("an empty board could not be set up".into()))?;
    state.install_asking(GameInPlay::Sudoku(session))
}

/// What `start_entered` found; with `unique`, the puzzle is the game in play now.
#[derive(Debug, Serialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum Entered {
    /// Givens that break the rules (the board shows them as conflicts).
    Conflicts { cells: Vec<(usize, usize)> },
    NoSolution,
    /// Two solutions differ in these cells: a given copied there would tell them apart.
    Several { differ: Vec<(usize, usize)> },
    Unique { level: Option<Difficulty>, technique: Option<&'static str>, view: PlayView },
}

/// "Start": the numbers written on the board being entered become the givens of a puzzle, which
/// the engine checks; a fair one starts as a normal game, rated, its givens locked.
pub fn start_entered(state: &AppState) -> Result<Entered, CommandError> {
    let givens = state.read(|g| match g {
        GameInPlay::Sudoku(s) if s.game().is_being_entered() => Ok(s.game().board()),
        _ => Err(CommandError::NotEntering),
    })?;
    Ok(match check::check_puzzle(&givens) {
        PuzzleCheck::Conflicts { cells } => Entered::Conflicts { cells },
        PuzzleCheck::NoSolution => Entered::NoSolution,
        PuzzleCheck::Several { differ, .. } => Entered::Several { differ },
        PuzzleCheck::Unique { solution, rating } => {
            let level = rating.map(|r| r.level);
            // The board being entered is what it replaces: no question.
            let view = state.install(sudoku(givens, solution, level.map_or("unrated", Difficulty::name), None)?);
            Entered::Unique { level, technique: rating.map(|r| r.hardest.name()), view }
        }
    })
}

#[derive(Debug, Serialize)]
pub struct ExportedPuzzle {
    pub text: String,
}

/// The puzzle in play as text: a Sudoku's givens as one line, a KenKen as the JSON of the
/// shared data sets, a sliding puzzle's start board as one line.
pub fn export_puzzle(state: &AppState) -> Result<ExportedPuzzle, CommandError> {
    state.read(|g| Ok(ExportedPuzzle { text: g.puzzle_text() }))
}

pub fn board(state: &AppState) -> Result<PlayView, CommandError> {
    state.lock().view(state.now_ms()).ok_or(CommandError::NoGame)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActArgs {
    /// A move in the vocabulary of the game in play (`{"type": "set_value", ...}` for Sudoku).
    pub action: Value,
}

/// A move in the game in play.
pub fn act(state: &AppState, args: ActArgs) -> Result<PlayView, CommandError> {
    let computer_solves = args.action.get("type").and_then(Value::as_str) == Some("solve");
    state.change_counting(!computer_solves, |g, now| Ok(g.act(args.action, now)?)).map(|(_, view)| view)
}

/// Undo and redo end the watch for a correction of the last pen write (they are no move of
/// their own, but what follows them corrects nothing).
pub fn undo(state: &AppState) -> Result<PlayView, CommandError> {
    state.lock().handwriting.lessons.forget();
    state.change(|g, now| Ok(g.undo(now)?)).map(|(_, view)| view)
}

pub fn redo(state: &AppState) -> Result<PlayView, CommandError> {
    state.lock().handwriting.lessons.forget();
    state.change(|g, now| Ok(g.redo(now)?)).map(|(_, view)| view)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimerArgs {
    pub running: bool,
}

/// The view pauses the clock while the window is hidden or minimised (and the game is saved
/// then, since the device may be about to sleep). A solved game's clock stays stopped.
pub fn set_timer(state: &AppState, args: TimerArgs) -> Result<PlayView, CommandError> {
    state.change(|g, now| {
        if args.running {
            g.resume(now)
        } else {
            g.pause(now)
        }
        Ok(())
    })
    .map(|(_, view)| view)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimeLimitArgs {
    /// Minutes of play (1 to 600), or null: no limit ("play on untimed" after it ran out).
    pub minutes: Option<u16>,
}

/// The game's time limit: set, or taken away so the player plays on untimed. Not a move.
pub fn set_time_limit(state: &AppState, args: TimeLimitArgs) -> Result<PlayView, CommandError> {
    let limit = match args.minutes {
        None => None,
        Some(m @ 1..=600) => Some(u64::from(m) * 60_000),
        Some(m) => {
            return Err(CommandError::BadArguments { command: "set_time_limit".into(), detail: format!("a time limit is 1 to 600 minutes, not {m}") })
        }
    };
    state.change(|g, _| {
        g.set_time_limit_ms(limit);
        Ok(())
    })
    .map(|(_, view)| view)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputModeArgs {
    pub mode: inkdoku::session::InputMode,
}

/// Pen or pencil: kept with the game, so Continue brings the player's mode back. Not a move
/// (no undo step); the game is saved.
pub fn set_input_mode(state: &AppState, args: InputModeArgs) -> Result<PlayView, CommandError> {
    state.change(|g, _| Ok(g.set_input_mode(args.mode)?)).map(|(_, view)| view)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WriteArgs {
    pub row: usize,
    pub col: usize,
    /// The ink of one cell, in board coordinates (0..1 across the board).
    pub strokes: Vec<Stroke>,
}

#[derive(Debug, Serialize)]
pub struct WriteResult {
    pub outcome: WriteOutcome,
    pub view: PlayView,
}

/// The pen wrote into a cell: the engine decides what the ink means and applies it (keeping
/// the ink as the cell's glyph with "keep my handwriting"). An unsure answer is remembered so
/// that the player can still pick an alternative; a write that corrects the one just before
/// teaches the recogniser.
pub fn write_cell(state: &AppState, args: WriteArgs) -> Result<WriteResult, CommandError> {
    let (outcome, view) = state.change_turn(true, |g, turn| {
        let opts = PenOptions { adapter: turn.adapter, keep_handwriting: turn.keep_handwriting };
        let write = g.write_opts(args.row, args.col, &args.strokes, opts, turn.now)?;
        let outcome = write.outcome.clone();
        turn.wrote(args.row, args.col, write, args.strokes);
        Ok(outcome)
    })?;
    Ok(WriteResult { outcome, view })
}

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
                    if !loaded.game.was_solved_by_computer() {
                        state.stats.won(&loaded.game, state.now_ms());
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

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContinueArgs {
    /// Which game; may be left out when only one is waiting.
    #[serde(default)]
    pub kind: Option<GameKind>,
}

/// "Continue": the saved game with its moves, notes, history and timer.
pub fn continue_game(state: &AppState, args: ContinueArgs) -> Result<PlayView, CommandError> {
    let loaded = {
        let mut inner = state.lock();
        let kind = match args.kind {
            Some(k) => k,
            None if inner.resumable.len() == 1 => *inner.resumable.keys().next().ok_or(CommandError::NoGame)?,
            None => return Err(CommandError::BadArguments { command: "continue_game".into(), detail: "say which game: kind".into() }),
        };
        inner.resumable.remove(&kind).ok_or(CommandError::NoGame)?
    };
    // Nothing of that kind is in play (a waiting game is the one of its kind): nothing to ask.
    Ok(state.install(loaded.game))
}
