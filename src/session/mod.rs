//! The midend: one game in play, changed only through [`Session::apply`], [`Session::undo`] and
//! [`Session::redo`].
//!
//! Modelled on the midend of Simon Tatham's puzzle collection: a game is a state plus small,
//! serialisable moves; the [`Session`] owns what every game shares — the start state, the
//! undo/redo [`History`], the [`Timer`], and the one [`Session::replay`] that proves a loaded
//! history. A game plugs in through the small [`Game`] trait and never sees undo or redo
//! (Tatham: those keys are "never passed to back ends"). Sudoku (`crate::sudoku::play`), KenKen
//! (`crate::kenken::play`) and the sliding puzzle (`crate::slide::play`) are the games;
//! [`crate::play::GameInPlay`] holds any one of them.
//!
//! History is stored as *edits* (diffs with their before and after values), not snapshots, so a
//! history of thousands of moves stays small and saves fast; applying an edit checks that the
//! state matches its "before" side, which is also how a loaded history is validated.

pub mod cells;
pub mod colours;
pub mod glyph;
pub mod gridplay;
mod history;
pub mod journal;
pub mod marks;
pub mod scratchpad;
mod timer;

pub use history::History;
pub use journal::{Journal, Op};
pub use scratchpad::{InkNote, Point, Scratchpad, MAX_NOTE_POINTS};
pub use timer::Timer;

/// An edit does not fit the state it is applied to (its "before" side does not match, or it
/// names something that is not there). Only a damaged save can cause this.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct EditMismatch(pub String);

/// A puzzle game as the session sees it: a state changed by recorded, reversible edits. What
/// every game shares (undo, redo, the timer, saving the history) is the session's, not the
/// game's.
pub trait Game: Clone + PartialEq {
    /// A move the player asks for.
    type Action;
    /// A recorded change: enough to apply it again and to reverse it.
    type Edit: Clone + PartialEq + std::fmt::Debug;
    /// Why a move was refused (a damaged history is one reason).
    type Error: From<EditMismatch>;

    /// The edit a move makes on this state; `Ok(None)` if it changes nothing (no undo step).
    fn plan(&self, action: &Self::Action) -> Result<Option<Self::Edit>, Self::Error>;
    /// Applies an edit; the state must match its "before" side. Leaves the state untouched on error.
    fn forward(&mut self, edit: &Self::Edit) -> Result<(), EditMismatch>;
    /// Reverses an edit; the state must match its "after" side. Leaves the state untouched on error.
    fn backward(&mut self, edit: &Self::Edit) -> Result<(), EditMismatch>;
    /// The puzzle is complete and correct (Tatham's `status`).
    fn is_solved(&self) -> bool;

    /// Whether [`Game::jump`] is implemented: the game has checkpoints.
    const JUMPS: bool = false;

    /// The one edit that turns this state into `target`, an earlier state of the same game
    /// (a checkpoint's): how "Back to a mark" is one undo step. `None` for a game whose states
    /// can't be jumped between (the sliding puzzle: a board is reached only by sliding). The
    /// states are different when this is asked.
    fn jump(&self, _target: &Self) -> Option<Self::Edit> {
        None
    }
}

/// The most checkpoints a game keeps: a new one beyond it lets the oldest go.
pub const MAX_MARKS: usize = 9;

/// A checkpoint: the game as it was when the player marked it ("Mark this position").
#[derive(Debug, Clone, PartialEq)]
pub struct Mark<G> {
    /// Its number for the player, 1 up in the order made (kept when an older one goes).
    pub n: u32,
    /// How many moves the undo history held when it was made ("14 moves ago").
    pub step: usize,
    /// The game as it was.
    pub game: G,
}

/// Why a checkpoint could not be made or gone back to. Every variant reads as a sentence.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CheckpointError {
    #[error("this game has no checkpoints")]
    NotSupported,
    #[error("there is no mark {0}")]
    NoSuchMark(u32),
    #[error("this position is already mark {0}")]
    AlreadyMarked(u32),
    #[error("the board is already as it was at that mark")]
    AlreadyThere,
    #[error("nothing is wrong so far")]
    NothingWrong,
    #[error("this puzzle's solution is not known, so nothing can be judged wrong")]
    NoSolution,
    #[error("the game's history is damaged: {0}")]
    Damaged(#[from] EditMismatch),
}

impl CheckpointError {
    /// A stable machine-readable code for IPC (`{kind, message}`).
    pub fn kind(&self) -> &'static str {
        match self {
            CheckpointError::NotSupported => "no_checkpoints",
            CheckpointError::NoSuchMark(_) => "no_such_mark",
            CheckpointError::AlreadyMarked(_) => "already_marked",
            CheckpointError::AlreadyThere => "already_there",
            CheckpointError::NothingWrong => "nothing_wrong",
            CheckpointError::NoSolution => "no_solution",
            CheckpointError::Damaged(_) => "damaged_history",
        }
    }
}

/// Why undo or redo did nothing.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HistoryError {
    #[error("nothing to undo")]
    NothingToUndo,
    #[error("nothing to redo")]
    NothingToRedo,
    #[error("the game's history is damaged: {0}")]
    Damaged(#[from] EditMismatch),
}

impl HistoryError {
    /// A stable machine-readable code for IPC (`{kind, message}`).
    pub fn kind(&self) -> &'static str {
        match self {
            HistoryError::NothingToUndo => "nothing_to_undo",
            HistoryError::NothingToRedo => "nothing_to_redo",
            HistoryError::Damaged(_) => "damaged_history",
        }
    }
}

/// A loaded history does not replay from its start state.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// Applied edit `step` (1-based, oldest first) does not fit the state before it.
    #[error("replaying step {step}: {mismatch}")]
    Done { step: usize, mismatch: EditMismatch },
    /// Undone edit `step` (1-based, the next redo first) does not redo.
    #[error("redo step {step}: {mismatch}")]
    Undone { step: usize, mismatch: EditMismatch },
}

/// How the pen writes in a game played cell by cell: numbers, or pencil notes. The player's
/// choice belongs to the game (saved with it, back on Continue), but it is not a move: it is
/// not undone, and changing it changes nothing on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InputMode {
    #[default]
    Pen,
    Pencil,
}

impl InputMode {
    pub fn is_pen(&self) -> bool {
        *self == InputMode::Pen
    }
}

/// A game in play: where it started, its state now, its undo/redo history, its timer and the
/// pen's input mode.
#[derive(Debug, Clone, PartialEq)]
pub struct Session<G: Game> {
    start: G,
    game: G,
    history: History<G::Edit>,
    timer: Timer,
    input_mode: InputMode,
    /// The optional time limit of this game (play time, ms): the view counts down to it, and
    /// when it runs out the player may play on untimed (the limit is taken away).
    time_limit_ms: Option<u64>,
    /// The date whose daily puzzle this is ([`crate::daily`]), or none.
    daily: Option<crate::daily::Day>,
    /// Checkpoints, oldest first (not moves: making one is no undo step).
    marks: Vec<Mark<G>>,
}

impl<G: Game> Session<G> {
    /// A fresh session: the game is its own start, empty history, timer stopped at zero.
    pub fn from_game(game: G) -> Self {
        Session { start: game.clone(), game, history: History::default(), timer: Timer::default(), input_mode: InputMode::Pen, time_limit_ms: None, daily: None, marks: Vec::new() }
    }

    /// Rebuilds a session from its start and its history, as Tatham's midend loads a save:
    /// every applied edit is replayed from `start` through the same [`Game::forward`] used in
    /// play, and every undone edit must then redo cleanly. Nothing in a loaded history is
    /// trusted without this.
    pub fn replay(start: G, history: History<G::Edit>, timer: Timer) -> Result<Self, ReplayError> {
        let mut game = start.clone();
        for (k, edit) in history.done().iter().enumerate() {
            game.forward(edit).map_err(|mismatch| ReplayError::Done { step: k + 1, mismatch })?;
        }
        let mut probe = game.clone();
        for (k, edit) in history.undone().iter().rev().enumerate() {
            probe.forward(edit).map_err(|mismatch| ReplayError::Undone { step: k + 1, mismatch })?;
        }
        let mut s = Session { start, game, history, timer, input_mode: InputMode::Pen, time_limit_ms: None, daily: None, marks: Vec::new() };
        // The journal only serves replays: one that doesn't lead to this game is made up again
        // from the history (the game itself is proven above).
        let fits = s.at_step(s.history.journal.len()).is_ok_and(|end| end.game == s.game);
        if !fits {
            s.history.dropped.clear();
            s.history.journal = Journal::made_up(s.history.done.len(), s.history.undone.len(), timer.elapsed(0));
        }
        Ok(s)
    }

    /// The game after the first `k` ops of its journal, as it was then: its history (so the
    /// handwriting shown is that of the edits applied then), its clock stopped at the op's
    /// time, no checkpoints. `k` = 0 is the start; past the end is the end. An error only for
    /// a journal that doesn't fit its edits (a loaded one that doesn't is made up again).
    pub fn at_step(&self, k: usize) -> Result<Session<G>, EditMismatch> {
        let h = &self.history;
        let unfit = || EditMismatch("the journal does not fit the history".into());
        let order = h.journal.order(h.done.len(), h.undone.len(), h.dropped.len()).ok_or_else(unfit)?;
        let k = k.min(h.journal.len());
        let (mut game, mut done, mut undone, mut dropped) = (self.start.clone(), Vec::new(), Vec::new(), Vec::new());
        let mut made = order.iter();
        for op in &h.journal.ops()[..k] {
            match op {
                Op::Do => {
                    dropped.append(&mut undone);
                    let edit = match made.next().ok_or_else(unfit)? {
                        journal::Kept::Done(i) => &h.done[*i],
                        journal::Kept::Undone(i) => &h.undone[*i],
                        journal::Kept::Dropped(i) => &h.dropped[*i],
                    };
                    game.forward(edit)?;
                    done.push(edit.clone());
                }
                Op::Undo => {
                    let edit = done.pop().ok_or_else(unfit)?;
                    game.backward(&edit)?;
                    undone.push(edit);
                }
                Op::Redo => {
                    let edit = undone.pop().ok_or_else(unfit)?;
                    game.forward(&edit)?;
                    done.push(edit);
                }
            }
        }
        let at = if k == 0 { 0 } else { h.journal.time(k - 1) };
        Ok(Session {
            start: self.start.clone(),
            game,
            history: History { done, undone, dropped, journal: h.journal.prefix(k) },
            timer: Timer::paused_at(at),
            input_mode: self.input_mode,
            time_limit_ms: self.time_limit_ms,
            daily: self.daily,
            marks: Vec::new(),
        })
    }

    /// Pen or pencil (not a move: no undo step).
    pub fn input_mode(&self) -> InputMode {
        self.input_mode
    }

    pub fn set_input_mode(&mut self, mode: InputMode) {
        self.input_mode = mode;
    }

    /// The game's time limit, if it has one (not a move: no undo step).
    pub fn time_limit_ms(&self) -> Option<u64> {
        self.time_limit_ms
    }

    pub fn set_time_limit_ms(&mut self, limit: Option<u64>) {
        self.time_limit_ms = limit;
    }

    /// The date whose daily puzzle this is, if it is one (not a move: no undo step).
    pub fn daily(&self) -> Option<crate::daily::Day> {
        self.daily
    }

    pub fn set_daily(&mut self, day: Option<crate::daily::Day>) {
        self.daily = day;
    }

    /// The state the game started from (where undoing everything leads).
    pub fn start(&self) -> &G {
        &self.start
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    pub fn history(&self) -> &History<G::Edit> {
        &self.history
    }

    /// Applies one move. `Ok(true)` if the game changed (an undo step was made), `Ok(false)` for
    /// a no-op; an illegal move changes nothing and says why.
    pub fn apply(&mut self, action: G::Action) -> Result<bool, G::Error> {
        match self.game.plan(&action)? {
            None => Ok(false),
            Some(edit) => {
                self.game.forward(&edit)?;
                self.record(edit);
                Ok(true)
            }
        }
    }

    /// An edit made (already applied to the game): a new move forks the timeline, so the old
    /// future is gone from undo/redo as in every editor, but kept for the replay.
    fn record(&mut self, edit: G::Edit) {
        self.history.done.push(edit);
        let cut = std::mem::take(&mut self.history.undone);
        self.history.dropped.extend(cut);
        self.history.journal.push(Op::Do);
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Result<(), HistoryError> {
        let edit = self.history.done.last().ok_or(HistoryError::NothingToUndo)?;
        self.game.backward(edit)?;
        if let Some(e) = self.history.done.pop() {
            self.history.undone.push(e);
        }
        self.history.journal.push(Op::Undo);
        Ok(())
    }

    /// Makes the last undone move again.
    pub fn redo(&mut self) -> Result<(), HistoryError> {
        let edit = self.history.undone.last().ok_or(HistoryError::NothingToRedo)?;
        self.game.forward(edit)?;
        if let Some(e) = self.history.undone.pop() {
            self.history.done.push(e);
        }
        self.history.journal.push(Op::Redo);
        Ok(())
    }

    /// The checkpoints, oldest first.
    pub fn marks(&self) -> &[Mark<G>] {
        &self.marks
    }

    /// Checkpoints read back from a save (the loader checks each is a board of this game).
    pub fn set_marks(&mut self, marks: Vec<Mark<G>>) {
        self.marks = marks;
    }

    /// "Mark this position": keeps the game as it is now; the oldest goes beyond
    /// [`MAX_MARKS`]. Returns the new mark's number. A position already marked is refused (with
    /// that mark's number), so pressing twice makes no twin.
    pub fn mark(&mut self) -> Result<u32, CheckpointError> {
        if !G::JUMPS {
            return Err(CheckpointError::NotSupported);
        }
        if let Some(m) = self.marks.iter().find(|m| m.game == self.game) {
            return Err(CheckpointError::AlreadyMarked(m.n));
        }
        let n = self.marks.last().map_or(1, |m| m.n + 1);
        if self.marks.len() >= MAX_MARKS {
            self.marks.remove(0);
        }
        self.marks.push(Mark { n, step: self.history.done.len(), game: self.game.clone() });
        Ok(n)
    }

    /// "Back to a mark": the board as it was at mark `n`, as one move (so undo comes back to
    /// where the player was, and redo goes to the mark again).
    pub fn back_to_mark(&mut self, n: u32) -> Result<(), CheckpointError> {
        let target = self.marks.iter().find(|m| m.n == n).ok_or(CheckpointError::NoSuchMark(n))?.game.clone();
        self.jump_to(&target)
    }

    /// The newest state of the applied history (the start, then after each applied edit) for
    /// which `good` holds, and how many edits back from now it is; `None` if none does.
    pub fn newest_where(&self, good: impl Fn(&G) -> bool) -> Result<Option<(usize, G)>, CheckpointError> {
        let mut state = self.start.clone();
        let mut found = good(&state).then(|| (0, state.clone()));
        for (k, edit) in self.history.done.iter().enumerate() {
            state.forward(edit)?;
            if good(&state) {
                found = Some((k + 1, state.clone()));
            }
        }
        Ok(found.map(|(k, g)| (self.history.done.len() - k, g)))
    }

    /// Sets the board to `target` as one move ([`Game::jump`]): the new move forks the
    /// timeline as any move does.
    pub fn jump_to(&mut self, target: &G) -> Result<(), CheckpointError> {
        if &self.game == target {
            return Err(CheckpointError::AlreadyThere);
        }
        let edit = self.game.jump(target).ok_or(CheckpointError::NotSupported)?;
        self.game.forward(&edit)?;
        self.record(edit);
        Ok(())
    }

    pub fn can_undo(&self) -> bool {
        !self.history.done.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.history.undone.is_empty()
    }

    pub fn is_solved(&self) -> bool {
        self.game.is_solved()
    }

    /// Starts (or keeps) the clock running from `now_ms` (any monotonic-enough millisecond
    /// clock). A solved game's clock stays stopped: its time is the time it took.
    pub fn resume(&mut self, now_ms: u64) {
        if !self.is_solved() {
            self.timer.resume(now_ms)
        }
    }

    /// Stops the clock, banking the time since the last resume.
    pub fn pause(&mut self, now_ms: u64) {
        self.timer.pause(now_ms)
    }

    /// The clock stops the moment the puzzle is solved; call after every change (it also
    /// gives the change's journal ops their play time).
    pub fn settle_clock(&mut self, now_ms: u64) {
        self.history.journal.stamp(self.timer.elapsed(now_ms));
        if self.is_solved() {
            self.timer.pause(now_ms)
        }
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

    /// A toy game (a row of switches, solved when all are on) proving the session machinery
    /// is not tied to any puzzle.
    #[derive(Debug, Clone, PartialEq)]
    struct Switches(Vec<bool>);

    #[derive(Debug, PartialEq)]
    enum FlipError {
        NoSwitch,
        Damaged,
    }

    impl From<EditMismatch> for FlipError {
        fn from(_: EditMismatch) -> Self {
            FlipError::Damaged
        }
    }

    impl Game for Switches {
        type Action = usize;
        type Edit = usize;
        type Error = FlipError;
        fn plan(&self, &i: &usize) -> Result<Option<usize>, FlipError> {
            if i < self.0.len() {
                Ok(Some(i))
            } else {
                Err(FlipError::NoSwitch)
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
        fn is_solved(&self) -> bool {
            self.0.iter().all(|&b| b)
        }
    }

    #[test]
    fn any_game_gets_undo_redo_and_timer() {
        let mut s = Session::from_game(Switches(vec![false; 3]));
        assert_eq!(s.apply(1), Ok(true));
        assert_eq!(s.apply(2), Ok(true));
        assert_eq!(s.apply(5), Err(FlipError::NoSwitch));
        assert_eq!(s.game(), &Switches(vec![false, true, true]));
        assert_eq!(s.undo(), Ok(()));
        assert_eq!(s.undo(), Ok(()));
        assert_eq!(s.undo(), Err(HistoryError::NothingToUndo));
        assert_eq!(s.redo(), Ok(()));
        assert_eq!(s.game(), &Switches(vec![false, true, false]));
        assert_eq!((s.history().done(), s.history().undone()), (&[1][..], &[2][..]));
        assert_eq!(s.start(), &Switches(vec![false; 3]));
        s.resume(10);
        s.pause(25);
        assert_eq!(s.elapsed(1_000), 15);
    }

    #[test]
    fn solving_stops_the_clock_and_keeps_it_stopped() {
        let mut s = Session::from_game(Switches(vec![false, true]));
        s.resume(0);
        s.apply(0).unwrap();
        s.settle_clock(40);
        assert!(!s.is_running());
        s.resume(50);
        assert_eq!(s.elapsed(1_000), 40, "a solved game's clock does not run again");
        s.undo().unwrap();
        s.resume(60);
        assert!(s.is_running());
    }

    #[test]
    fn replay_proves_a_history_or_names_the_step() {
        let mut s = Session::from_game(Switches(vec![false; 3]));
        for i in [0, 1, 2, 1] {
            s.apply(i).unwrap();
        }
        s.undo().unwrap();
        let again = Session::replay(s.start().clone(), s.history().clone(), s.timer()).unwrap();
        assert_eq!(again, s);
        let bad = History { done: vec![0, 7], ..History::default() };
        assert_eq!(
            Session::replay(Switches(vec![false; 3]), bad, Timer::default()).err().map(|e| e.to_string()),
            Some("replaying step 2: no such switch".into())
        );
        let bad = History { done: vec![0], undone: vec![1, 9], ..History::default() };
        assert!(matches!(
            Session::replay(Switches(vec![false; 3]), bad, Timer::default()),
            Err(ReplayError::Undone { step: 1, .. })
        ));
    }

    #[test]
    fn the_journal_replays_every_move_undo_and_redo_at_its_time() {
        let mut s = Session::from_game(Switches(vec![false; 3]));
        s.resume(0);
        let mut seen = vec![s.game().clone()];
        let mut step = |s: &mut Session<Switches>, at: u64, f: &dyn Fn(&mut Session<Switches>)| {
            f(s);
            s.settle_clock(at);
            seen.push(s.game().clone());
        };
        step(&mut s, 100, &|s| assert_eq!(s.apply(0), Ok(true)));
        step(&mut s, 200, &|s| assert_eq!(s.apply(1), Ok(true)));
        step(&mut s, 300, &|s| s.undo().unwrap());
        // A new move cuts the undone one off the redo list; the journal keeps it.
        step(&mut s, 400, &|s| assert_eq!(s.apply(2), Ok(true)));
        step(&mut s, 500, &|s| s.undo().unwrap());
        step(&mut s, 600, &|s| s.redo().unwrap());
        assert_eq!(s.history().dropped(), &[1]);
        assert_eq!(s.history().journal().ops(), &[Op::Do, Op::Do, Op::Undo, Op::Do, Op::Undo, Op::Redo]);
        for (k, want) in seen.iter().enumerate() {
            let at = s.at_step(k).unwrap();
            assert_eq!(at.game(), want, "step {k}");
            assert_eq!(at.elapsed(9_999), if k == 0 { 0 } else { 100 * k as u64 });
        }
        let end = s.at_step(99).unwrap();
        assert_eq!((end.game(), end.history()), (s.game(), s.history()));
        // A history proven by replay keeps its journal; one that doesn't fit it is made up.
        let again = Session::replay(s.start().clone(), s.history().clone(), s.timer()).unwrap();
        assert_eq!(again.history(), s.history());
        let mut h = s.history().clone();
        h.dropped.clear();
        let made_up = Session::replay(s.start().clone(), h, Timer::paused_at(700)).unwrap();
        assert_eq!(made_up.history().journal().ops(), &[Op::Do, Op::Do]);
        assert_eq!(made_up.history().dropped(), &[] as &[usize]);
        assert_eq!(made_up.at_step(2).unwrap().game(), s.game());
        assert_eq!(made_up.history().journal().time(1), 700);
    }
}
