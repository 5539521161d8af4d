//! One game in play, changed only through [`Session::apply`].
//!
//! Modelled on the midend of Simon Tatham's puzzle collection: a game is a state plus small,
//! serialisable moves; the [`Session`] owns what every game shares — the undo/redo
//! [`History`], the [`Timer`] and the data a save needs. A game plugs in through the small
//! [`Game`] trait; Sudoku ([`sudoku::Sudoku`]) is the first, KenKen and the sliding puzzle can
//! follow with their own actions and edits.
//!
//! History is stored as *edits* (diffs with their before and after values), not snapshots, so a
//! history of thousands of moves stays small and saves fast; applying an edit checks that the
//! state matches its "before" side, which is also how a loaded history is validated.


mod history;
pub mod sudoku;
pub mod testkit;
mod timer;

pub use history::History;
pub use sudoku::{
    Action, ActionError, BoardView, CellChange, CellView, Edit, EditKind, NewGameError, Note, Point, Sudoku,
    SudokuSession,
};
pub use timer::Timer;

/// Undo and redo arrive in the same action stream as moves; a game says which actions they are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Control {
    Undo,
    Redo,
}

/// An edit does not fit the state it is applied to (its "before" side does not match, or it
/// names something that is not there). Only a damaged save can cause this.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct EditMismatch(pub String);

/// A puzzle game as the session sees it: a state changed by recorded, reversible edits.
pub trait Game {
    /// What the player asks for (including undo and redo, see [`Game::control`]).
    type Action;
    /// A recorded change: enough to apply it again and to reverse it.
    type Edit: Clone + PartialEq + std::fmt::Debug;
    /// Why an action was refused (a damaged history is one reason).
    type Error: From<EditMismatch>;

    /// `Some` if the action is undo or redo, which the session handles itself.
    fn control(action: &Self::Action) -> Option<Control>;
    /// The error for "nothing to undo" / "nothing to redo".
    fn nothing_to(control: Control) -> Self::Error;
    /// The edit an action makes on this state; `Ok(None)` if it changes nothing (no undo step).
    fn plan(&self, action: &Self::Action) -> Result<Option<Self::Edit>, Self::Error>;
    /// Applies an edit; the state must match its "before" side. Leaves the state untouched on error.
    fn forward(&mut self, edit: &Self::Edit) -> Result<(), EditMismatch>;
    /// Reverses an edit; the state must match its "after" side. Leaves the state untouched on error.
    fn backward(&mut self, edit: &Self::Edit) -> Result<(), EditMismatch>;
}

/// A game in play: its state, its undo/redo history and its timer.
#[derive(Debug, Clone, PartialEq)]
pub struct Session<G: Game> {
    game: G,
    history: History<G::Edit>,
    timer: Timer,
}

impl<G: Game> Session<G> {
    /// A fresh session: empty history, timer stopped at zero.
    pub fn from_game(game: G) -> Self {
        Session { game, history: History::default(), timer: Timer::default() }
    }

    /// Reassembles a session from parts that the caller has already checked fit together
    /// (the save loader replays the history to prove it).
    pub(crate) fn from_parts(game: G, history: History<G::Edit>, timer: Timer) -> Self {
        Session { game, history, timer }
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    pub fn history(&self) -> &History<G::Edit> {
        &self.history
    }

    /// Applies one action. `Ok(true)` if the game changed (an undo step was made, or undone /
    /// redone), `Ok(false)` for a no-op; an illegal action changes nothing and says why.
    pub fn apply(&mut self, action: G::Action) -> Result<bool, G::Error> {
        match G::control(&action) {
            Some(Control::Undo) => {
                let edit = self.history.done.last().ok_or_else(|| G::nothing_to(Control::Undo))?;
                self.game.backward(edit)?;
                if let Some(e) = self.history.done.pop() {
                    self.history.undone.push(e);
                }
                Ok(true)
            }
            Some(Control::Redo) => {
                let edit = self.history.undone.last().ok_or_else(|| G::nothing_to(Control::Redo))?;
                self.game.forward(edit)?;
                if let Some(e) = self.history.undone.pop() {
                    self.history.done.push(e);
                }
                Ok(true)
            }
            None => match self.game.plan(&action)? {
                None => Ok(false),
                Some(edit) => {
                    self.game.forward(&edit)?;
                    self.history.done.push(edit);
                    // A new move forks the timeline: the old future is gone, as in every editor.
                    self.history.undone.clear();
                    Ok(true)
                }
            },
        }
    }

    pub fn can_undo(&self) -> bool {
        !self.history.done.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.history.undone.is_empty()
    }

    /// Starts (or keeps) the clock running from `now_ms` (any monotonic-enough millisecond clock).
    pub fn resume(&mut self, now_ms: u64) {
        self.timer.resume(now_ms)
    }

    /// Stops the clock, banking the time since the last resume.
    pub fn pause(&mut self, now_ms: u64) {
        self.timer.pause(now_ms)
    }

    /// Play time so far, counting only running periods.
    pub fn elapsed(&self, now_ms: u64) -> u64 {
        self.timer.elapsed(now_ms)
    }

    pub fn is_running(&self) -> bool {
        self.timer.is_running()
    }

    pub fn timer(&self) -> Timer {
        self.timer
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy game (a row of switches) proving the session machinery is not Sudoku-specific.
    #[derive(Debug, Clone, PartialEq)]
    struct Switches(Vec<bool>);

    #[derive(Debug)]
    enum Flip {
        At(usize),
        Undo,
        Redo,
    }

    #[derive(Debug, PartialEq)]
    enum FlipError {
        NoSwitch,
        Nothing,
        Damaged,
    }

    impl From<EditMismatch> for FlipError {
        fn from(_: EditMismatch) -> Self {
            FlipError::Damaged
        }
    }

    impl Game for Switches {
        type Action = Flip;
        type Edit = usize;
        type Error = FlipError;
        fn control(a: &Flip) -> Option<Control> {
            match a {
                Flip::Undo => Some(Control::Undo),
                Flip::Redo => Some(Control::Redo),
                Flip::At(_) => None,
            }
        }
        fn nothing_to(_: Control) -> FlipError {
            FlipError::Nothing
        }
        fn plan(&self, a: &Flip) -> Result<Option<usize>, FlipError> {
            match *a {
                Flip::At(i) if i < self.0.len() => Ok(Some(i)),
                Flip::At(_) => Err(FlipError::NoSwitch),
                _ => Ok(None),
            }
        }
        fn forward(&mut self, &i: &usize) -> Result<(), EditMismatch> {
            let s = self.0.get_mut(i).ok_or_else(|| EditMismatch("no such switch".into()))?;
            *s = !*s;
            Ok(())
        }
        fn backward(&mut self, i: &usize) -> Result<(), EditMismatch> {
            self.forward(i)
        }
    }

    #[test]
    fn any_game_gets_undo_redo_and_timer() {
        let mut s = Session::from_game(Switches(vec![false; 3]));
        assert_eq!(s.apply(Flip::At(1)), Ok(true));
        assert_eq!(s.apply(Flip::At(2)), Ok(true));
        assert_eq!(s.apply(Flip::At(5)), Err(FlipError::NoSwitch));
        assert_eq!(s.game(), &Switches(vec![false, true, true]));
        assert_eq!(s.apply(Flip::Undo), Ok(true));
        assert_eq!(s.apply(Flip::Undo), Ok(true));
        assert_eq!(s.apply(Flip::Undo), Err(FlipError::Nothing));
        assert_eq!(s.apply(Flip::Redo), Ok(true));
        assert_eq!(s.game(), &Switches(vec![false, true, false]));
        assert_eq!((s.history().done(), s.history().undone()), (&[1][..], &[2][..]));
        s.resume(10);
        s.pause(25);
        assert_eq!(s.elapsed(1_000), 15);
    }
}
