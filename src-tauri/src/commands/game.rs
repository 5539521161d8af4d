//! Commands that start, show and change the game in play, whatever its kind. Each one
//! deserialises, calls the engine and returns a view; rules live in the engine
//! (`inkdoku::play::GameInPlay` and each game's `play` module).

use inkdoku::ink::Stroke;
use inkdoku::pen::marks::MarksOutcome;
use inkdoku::pen::{PenOptions, WriteOutcome};
use inkdoku::play::{GameInPlay, GameKind, PlayView, Source};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::in_play::Installed;
use super::new_game::NewGameArgs;
use super::{AppState, CommandError};

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

#[derive(Debug, Serialize)]
pub struct ExportedPuzzle {
    pub text: String,
    /// Its link, `inkdoku://play/<code>` (`inkdoku::link`).
    pub link: String,
}

/// The puzzle in play as text (a Sudoku's givens as one line, a KenKen as the JSON of the
/// shared data sets, a sliding puzzle's start board as one line) and as a link.
pub fn export_puzzle(state: &AppState) -> Result<ExportedPuzzle, CommandError> {
    state.read(|g| Ok(ExportedPuzzle { text: g.puzzle_text(), link: inkdoku::link::link_of(g) }))
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

/// "Mark this position": a checkpoint of the game in play (kept in its save; not a move).
pub fn mark_position(state: &AppState) -> Result<PlayView, CommandError> {
    state.change(|g, _| Ok(g.mark_position()?)).map(|(_, view)| view)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MarkArgs {
    /// The mark's number, as the view lists it.
    pub mark: u32,
}

/// "Back to a mark": the board as it was at that mark, as one move (undo comes back). Like
/// undo it ends the watch for a correction of the last pen write.
pub fn back_to_mark(state: &AppState, args: MarkArgs) -> Result<PlayView, CommandError> {
    state.lock().handwriting.lessons.forget();
    state.change(|g, now| Ok(g.back_to_mark(args.mark, now)?)).map(|(_, view)| view)
}

/// How far "Back to the last correct position" would go.
#[derive(Debug, Serialize)]
pub struct LastCorrect {
    /// Moves of the history it takes back (as one undo step).
    pub moves_back: usize,
}

/// What the view asks about before going back: `nothing_wrong` when no number is wrong.
pub fn last_correct(state: &AppState) -> Result<LastCorrect, CommandError> {
    state.read(|g| Ok(LastCorrect { moves_back: g.last_correct()? }))
}

#[derive(Debug, Serialize)]
pub struct BackToCorrect {
    pub moves_back: usize,
    pub view: PlayView,
}

/// "Back to the last correct position" (asked first by the view): the board set to the newest
/// position of the history without a wrong number, as one move. Counts as a hint.
pub fn back_to_last_correct(state: &AppState) -> Result<BackToCorrect, CommandError> {
    state.lock().handwriting.lessons.forget();
    let (moves_back, view) = state.change(|g, now| {
        let back = g.back_to_last_correct(now)?;
        state.stats.hint(g, now);
        Ok(back)
    })?;
    Ok(BackToCorrect { moves_back, view })
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
        let opts = PenOptions { adapter: turn.adapter, keep_handwriting: turn.keep_handwriting, tidy_marks: turn.tidy_marks };
        let write = g.write_opts(args.row, args.col, &args.strokes, opts, turn.now)?;
        let outcome = write.outcome.clone();
        turn.wrote(args.row, args.col, write, args.strokes);
        Ok(outcome)
    })?;
    Ok(WriteResult { outcome, view })
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReadMarksArgs {
    pub row: usize,
    pub col: usize,
    /// The ink notes the pencil just wrote into that cell (others there are left alone).
    pub ids: Vec<u32>,
}

#[derive(Debug, Serialize)]
pub struct ReadMarksResult {
    pub outcome: MarksOutcome,
    pub view: PlayView,
}

/// The pencil paused after writing into a cell: with "Read my pencil marks" on, the engine
/// reads the notes just written as corner and centre marks (small digits) or leaves them as
/// ink. Unsure marks stay open to a swap (`choose_mark`) until the next change.
pub fn read_marks(state: &AppState, args: ReadMarksArgs) -> Result<ReadMarksResult, CommandError> {
    if !state.lock().settings.read_marks {
        // Turned off: the ink stays as the player wrote it.
        state.read(|_| Ok(()))?;
        return Ok(ReadMarksResult { outcome: MarksOutcome::Ink, view: board(state)? });
    }
    let (outcome, view) = state.change_turn(true, |g, turn| {
        let opts = PenOptions { adapter: turn.adapter, keep_handwriting: turn.keep_handwriting, tidy_marks: false };
        let write = g.read_marks(args.row, args.col, &args.ids, opts, turn.now)?;
        if let (Some(read), MarksOutcome::Marks { unsure, .. }) = (write.read, &write.outcome) {
            turn.read_marks(read, unsure.clone());
        }
        Ok(write.outcome)
    })?;
    Ok(ReadMarksResult { outcome, view })
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
