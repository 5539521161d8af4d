//! The three ways a command touches the game in play, as methods of [`AppState`]: [`read`]
//! it, [`change`] it (autosaved, the win counted, the handwriting lesson watched), or
//! [`install`] another one. Every command goes through them, so what must happen after every
//! move happens in one place.
//!
//! [`read`]: AppState::read
//! [`change`]: AppState::change
//! [`install`]: AppState::install

use std::cell::Cell;

use inkdoku::ink::adapt::Adapter;
use inkdoku::ink::Stroke;
use inkdoku::pen::lesson::Moves;
use inkdoku::pen::marks::{ReadMarks, UnsureMark};
use inkdoku::pen::{PenWrite, WriteOutcome};
use inkdoku::play::{GameInPlay, GameKind, PlayView, Summary};

use serde::Serialize;

use super::handwriting::{PendingGuess, PendingMarks};
use super::state::{Inner, Waiting};
use super::{AppState, CommandError};

/// A game just installed, as the view is told: its view and, for a Sudoku rated as it came in
/// (`import_puzzle`), the hardest technique it needs. The save keeps the level only, so the
/// technique travels beside the game (also while it waits for `replace_game`); flattened, the
/// answer still reads as a `PlayView`.
#[derive(Debug, Serialize)]
pub struct Installed {
    #[serde(flatten)]
    pub view: PlayView,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub technique: Option<&'static str>,
}

impl From<PlayView> for Installed {
    fn from(view: PlayView) -> Self {
        Installed { view, technique: None }
    }
}

/// What a change may use besides the game: the time, the player's hand, and a slot for the
/// ink of a pen write (so that the lesson watch and the unsure guess follow it).
pub(crate) struct Turn<'a> {
    pub now: u64,
    pub adapter: Option<&'a Adapter>,
    pub keep_handwriting: bool,
    /// "Remove a placed digit from its peers' marks".
    pub tidy_marks: bool,
    wrote: Option<Written>,
    marks: Option<(ReadMarks, Vec<UnsureMark>)>,
}

/// A pen write, as the change reports it.
struct Written {
    row: usize,
    col: usize,
    write: PenWrite,
    strokes: Vec<Stroke>,
}

impl Turn<'_> {
    /// The change was this pen write (its ink in `strokes`).
    pub fn wrote(&mut self, row: usize, col: usize, write: PenWrite, strokes: Vec<Stroke>) {
        self.wrote = Some(Written { row, col, write, strokes });
    }

    /// The change was this reading of handwritten marks, with these marks unsure.
    pub fn read_marks(&mut self, read: ReadMarks, unsure: Vec<UnsureMark>) {
        self.marks = Some((read, unsure));
    }
}

/// The commands that change the game in play (or count in its statistics). Each may say which
/// game it is meant for (`game_id`, as every view carries it): the view sends the game it
/// shows, and a command for another one is refused ([`CommandError::OtherGame`]), so a pen
/// group that commits just after a new game landed is not written into it.
/// (Not `set_timer`: the clock of whatever is in play may stop and go, and its answer is how a
/// view meets a game started behind its back.)
pub const AIMED: &[&str] = &["act", "undo", "redo", "write_cell", "choose_alternative", "read_marks", "choose_mark", "set_input_mode", "set_time_limit", "hint", "solve_step", "start_entered", "mark_position", "back_to_mark", "last_correct", "back_to_last_correct"];

thread_local! {
    /// The game the command running on this thread is meant for (set by [`aimed`] around it):
    /// [`AppState::read`] and [`AppState::change_turn`] check it under the same lock as they
    /// use the game, so no other game can be installed between the check and the change.
    static AIMED_AT: Cell<Option<u64>> = const { Cell::new(None) };
}

/// Takes `game_id` out of the arguments of an [`AIMED`] command (its own arguments never
/// have it), and runs `run` with it as the game the command is meant for.
pub(crate) fn aimed<T>(command: &str, mut args: serde_json::Value, run: impl FnOnce(serde_json::Value) -> Result<T, CommandError>) -> Result<T, CommandError> {
    let id = match args.as_object_mut().filter(|_| AIMED.contains(&command)).and_then(|o| o.remove("game_id")) {
        None => None,
        Some(v) => Some(v.as_u64().ok_or_else(|| CommandError::BadArguments { command: command.into(), detail: format!("game_id must be a game's number, not {v}") })?),
    };
    let before = AIMED_AT.replace(id);
    let out = run(args);
    AIMED_AT.set(before);
    out
}

/// Refuses a command meant for another game than the one in play.
fn check_aim(inner: &Inner) -> Result<(), CommandError> {
    match AIMED_AT.get() {
        Some(id) if inner.game.is_some() && id != inner.game_serial => Err(CommandError::OtherGame),
        _ => Ok(()),
    }
}

/// The games as they stood when the player agreed to a replacement: the game in play (its
/// number and moves) and the waiting one of that kind (when it was saved).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Agreed(u64, u64, Option<u64>);

/// What the lesson rule needs to know of the game.
fn moves(game: &GameInPlay) -> Moves {
    Moves { steps: game.history_len(), last_value_change: game.last_value_change() }
}

/// The unfinished game of `kind` that installing another one would throw away: in play, or
/// waiting for "Continue", with at least one move made.
fn at_stake(inner: &Inner, kind: GameKind) -> Option<Summary> {
    let in_play = inner.game.as_ref().filter(|g| g.kind() == kind);
    let game = in_play.or_else(|| inner.resumable.get(&kind).map(|l| &l.game))?;
    (!game.is_finished() && game.has_progress()).then(|| game.summary())
}

impl AppState {
    /// Runs `f` on the game in play without changing it.
    pub(crate) fn read<T>(&self, f: impl FnOnce(&GameInPlay) -> Result<T, CommandError>) -> Result<T, CommandError> {
        let inner = self.lock();
        check_aim(&inner)?;
        f(inner.game.as_ref().ok_or(CommandError::NoGame)?)
    }

    /// Runs `f` on the game in play, autosaves, and returns `f`'s result with the new view. `f`
    /// leaves the game unchanged when it fails (every change goes through the session), so a
    /// failure saves nothing.
    pub(crate) fn change<T>(&self, f: impl FnOnce(&mut GameInPlay, u64) -> Result<T, CommandError>) -> Result<(T, PlayView), CommandError> {
        self.change_turn(true, |g, turn| f(g, turn.now))
    }

    /// [`AppState::change`]; `count_win`: a move that solves the game is the player's win (not
    /// so for the computer's "solve").
    pub(crate) fn change_counting<T>(&self, count_win: bool, f: impl FnOnce(&mut GameInPlay, u64) -> Result<T, CommandError>) -> Result<(T, PlayView), CommandError> {
        self.change_turn(count_win, |g, turn| f(g, turn.now))
    }

    /// The one change: `f` gets the game and the [`Turn`]. Around it: an unsure guess is
    /// accepted (a pen write reporting an unsure answer offers it again); the move right after
    /// a pen write may correct it, and then the recogniser learns (the engine's rule,
    /// `inkdoku::pen::lesson`; failing to store the sample does not undo the move); the game is
    /// autosaved; a win is saved first, then counted (a crash in between is made good at the
    /// next start-up: counting is idempotent).
    pub(crate) fn change_turn<T>(&self, count_win: bool, f: impl FnOnce(&mut GameInPlay, &mut Turn) -> Result<T, CommandError>) -> Result<(T, PlayView), CommandError> {
        let now = self.now_ms();
        let mut inner = self.lock();
        let inner = &mut *inner;
        check_aim(inner)?;
        let h = &mut inner.handwriting;
        h.pending = None;
        h.pending_marks = None;
        let game = inner.game.as_mut().ok_or(CommandError::NoGame)?;
        let was_solved = game.is_solved();
        let mut turn = Turn { now, adapter: h.adapter(), keep_handwriting: inner.settings.keep_handwriting, tidy_marks: inner.settings.tidy_marks, wrote: None, marks: None };
        let steps = game.history_len();
        let out = f(game, &mut turn)?;
        // A move, undo or redo (not the clock): what a replacement agreed to earlier would lose.
        if game.history_len() != steps {
            inner.moves += 1;
        }
        let wrote = turn.wrote;
        let read = turn.marks;
        if let Some(lesson) = h.lessons.changed(moves(game), now) {
            h.learn_quietly(&lesson);
        }
        if let Some((read, unsure)) = read.filter(|(_, u)| !u.is_empty()) {
            h.pending_marks = Some(PendingMarks { read, unsure, history_len: game.history_len() });
        }
        if let Some(w) = wrote {
            h.lessons.wrote(moves(game), w.row, w.col, &w.write, &w.strokes, now);
            if let WriteOutcome::Symbol { unsure: true, alternatives, .. } = w.write.outcome {
                h.pending = Some(PendingGuess { row: w.row, col: w.col, alternatives, strokes: w.strokes, history_len: game.history_len() });
            }
        }
        self.autosave(game);
        if count_win && !was_solved && game.is_solved() && self.stats.won(game, now) {
            self.keep_win(game, now);
        }
        inner.rev += 1;
        Ok((out, inner.view(now).ok_or(CommandError::NoGame)?))
    }

    /// Installs a game as the one in play: its clock running, autosaved. The game it replaces
    /// is paused, saved and kept for "Continue" if it is of another kind and unfinished (each
    /// kind has its own autosave); a resumable game of the same kind is forgotten (the player
    /// chose a new one). Commands the player didn't confirm go through
    /// [`AppState::install_asking`] instead.
    pub(crate) fn install(&self, mut game: GameInPlay) -> PlayView {
        let now = self.now_ms();
        // A new game gets the settings' time limit; one with moves or time played keeps its own.
        let minutes = u64::from(self.lock().settings.time_limit_min);
        if minutes > 0 && game.time_limit_ms().is_none() && game.is_untouched(now) && !game.is_being_entered() && !game.is_finished() {
            game.set_time_limit_ms(Some(minutes * 60_000));
        }
        game.resume(now);
        let mut view = game.view(now);
        self.autosave(&game);
        self.stats.begun(&game, now);
        let mut inner = self.lock();
        let kind = game.kind();
        inner.game_serial += 1;
        inner.rev = 0;
        (view.game_id, view.rev) = (inner.game_serial, 0);
        // The view is on the new game now, not on a side screen.
        inner.side = None;
        inner.waiting = None;
        if let Some(mut old) = inner.game.replace(game) {
            old.pause(now);
            if old.kind() != kind && !old.is_finished() {
                self.autosave(&old);
                inner.resumable.insert(old.kind(), inkdoku::save::Loaded { game: old, saved_at_ms: now });
            }
        }
        inner.resumable.remove(&kind);
        // A new game in play: nothing can correct a write of the old one.
        inner.handwriting.lessons.forget();
        view
    }

    /// [`AppState::install`], unless that would throw away an unfinished game of the same
    /// kind: then the new game waits (`replace_game` installs it once the player says yes) and
    /// the view is told what is at stake (`would_replace`). Nothing replaces a game without the
    /// player asking.
    pub(crate) fn install_asking(&self, game: GameInPlay) -> Result<PlayView, CommandError> {
        self.install_asking_rated(game, None).map(|installed| installed.view)
    }

    /// [`AppState::install_asking`] for a puzzle rated as it came in: its hardest technique
    /// (`technique`) is in the answer, and waits with the game if the player is asked first.
    pub(crate) fn install_asking_rated(&self, game: GameInPlay, technique: Option<&'static str>) -> Result<Installed, CommandError> {
        {
            let mut inner = self.lock();
            if let Some(summary) = at_stake(&inner, game.kind()) {
                inner.waiting = Some(Waiting { game, technique });
                return Err(CommandError::WouldReplace { summary: Box::new(summary), waiting: true });
            }
        }
        Ok(Installed { view: self.install(game), technique })
    }

    /// Refuses at once (before a slow generation) when a new game of `kind` would replace one
    /// in progress and the player has not said yes (`replace`). Returns what was agreed: the
    /// games as they stand now ([`AppState::install_agreed`]).
    pub(crate) fn check_replace(&self, kind: GameKind, replace: bool) -> Result<Agreed, CommandError> {
        let inner = self.lock();
        match at_stake(&inner, kind) {
            Some(summary) if !replace => Err(CommandError::WouldReplace { summary: Box::new(summary), waiting: false }),
            _ => Ok(Agreed(inner.game_serial, inner.moves, inner.resumable.get(&kind).map(|l| l.saved_at_ms))),
        }
    }

    /// Installs a game made after the player agreed (`check_replace`): at once if nothing
    /// changed since, else asked again like any replacement ([`AppState::install_asking`]):
    /// moves made meanwhile are never thrown away unasked.
    pub(crate) fn install_agreed(&self, game: GameInPlay, agreed: Agreed) -> Result<PlayView, CommandError> {
        let unchanged = {
            let inner = self.lock();
            agreed == Agreed(inner.game_serial, inner.moves, inner.resumable.get(&game.kind()).map(|l| l.saved_at_ms))
        };
        if unchanged {
            Ok(self.install(game))
        } else {
            self.install_asking(game)
        }
    }
}
