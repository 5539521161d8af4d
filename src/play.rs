//! The game in play, whatever its kind: what the shell holds, what saves load into, and the
//! one place that turns a kind-tagged request (a move as JSON, undo, the pen, a hint) into the
//! right game's call. Each arm is one line into the game's own module: the rules stay there.

use serde::Serialize;
use serde_json::Value;

use crate::games::{each_game, GameDef};
use crate::ink::adapt::Adapter;
use crate::ink::Stroke;
use crate::pen::marks::{MarksWrite, ReadMarks};
use crate::pen::{PenOptions, PenWrite, WriteOutcome};
use crate::session::marks::MarkKind;
use crate::session::{CheckpointError, InputMode};

pub use crate::games::{Advice, BoardView, CellRef, CellValue, GameInPlay, GameKind, GameParams, Highlight, MakeError, ParamsError, PlayError, Source};

impl GameKind {
    pub fn parse(s: &str) -> Option<GameKind> {
        GameKind::ALL.iter().copied().find(|k| k.as_str() == s)
    }

    /// A kind as a player reads it ("a KenKen puzzle"); unknown names as they are.
    pub fn display_name(kind: &str) -> &str {
        match GameKind::parse(kind) {
            Some(k) => k.name(),
            None => kind,
        }
    }
}

/// What the view draws: the session's part, the same for every kind, and the game's board
/// (flattened into the same JSON object).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayView {
    pub kind: GameKind,
    pub can_undo: bool,
    pub can_redo: bool,
    pub elapsed_ms: u64,
    pub running: bool,
    pub solved: bool,
    /// Solved by the computer's "Solve", not by the player: no "Well done" (also when the game
    /// is opened or continued later).
    pub solved_by_computer: bool,
    /// Pen or pencil, kept with the game (the sliding puzzle has no use for it: always pen).
    pub input_mode: InputMode,
    /// The game's time limit (play time, ms), or none: the view counts down to it.
    pub time_limit_ms: Option<u64>,
    /// The date whose daily puzzle this is (`YYYY-MM-DD`), or null.
    pub daily: Option<crate::daily::Day>,
    /// Which game in play this view shows and how many changes it had seen, numbered by
    /// whoever holds the game (the app numbers each game it installs from 1, and counts every
    /// change); 0 from the engine. The view drops a reply older than the one it shows.
    pub game_id: u64,
    pub rev: u64,
    /// The checkpoints, oldest first; left out for a game without them (the sliding puzzle).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub marks: Option<Vec<MarkView>>,
    #[serde(flatten)]
    pub board: BoardView,
}

/// A checkpoint as the view lists it ("Mark 2 · 14 moves ago").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MarkView {
    pub n: u32,
    /// Moves in the undo history when it was made.
    pub step: usize,
    /// Moves made since (applied ones), or `None` when the history was undone to before it.
    pub moves_ago: Option<usize>,
}

fn marks_view<G: crate::session::Game>(s: &crate::session::Session<G>) -> Option<Vec<MarkView>> {
    if !G::JUMPS {
        return None;
    }
    let now = s.history().done().len();
    Some(s.marks().iter().map(|m| MarkView { n: m.n, step: m.step, moves_ago: now.checked_sub(m.step) }).collect())
}

/// The newest position of the history with no wrong number, and how many moves back it is.
fn last_correct_of<D: GameDef>(s: &crate::session::Session<D::Game>, info: &D::Info) -> Result<(usize, D::Game), CheckpointError> {
    let wrong = D::wrong_values(s, info)?;
    if !wrong(s.game()) {
        return Err(CheckpointError::NothingWrong);
    }
    // The bare puzzle holds no wrong number, so a position is always found.
    s.newest_where(|g| !wrong(g))?.ok_or(CheckpointError::NothingWrong)
}

/// What "Continue" offers for a saved game.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Summary {
    pub kind: GameKind,
    pub rows: usize,
    pub cols: usize,
    pub difficulty: Option<String>,
    pub elapsed_ms: u64,
    /// Cells filled (tiles in place for the sliding puzzle) out of `total`.
    pub done: usize,
    pub total: usize,
    /// The date of a daily puzzle ("Continue" says so; the view continues it when that day's
    /// puzzle is asked for again instead of replacing it).
    pub daily: Option<crate::daily::Day>,
}

/// One step of a replay: what the player did, at what play time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ReplayStep {
    pub op: crate::session::Op,
    pub t_ms: u64,
}

fn play_view<D: GameDef>(kind: GameKind, s: &crate::session::Session<D::Game>, info: &D::Info, now_ms: u64, solved_by_computer: bool, marks: Option<Vec<MarkView>>) -> PlayView
where
    BoardView: From<D::View>,
{
    PlayView {
        kind,
        can_undo: s.can_undo(),
        can_redo: s.can_redo(),
        elapsed_ms: s.elapsed(now_ms),
        running: s.is_running(),
        solved: s.is_solved(),
        solved_by_computer: s.is_solved() && solved_by_computer,
        input_mode: s.input_mode(),
        time_limit_ms: s.time_limit_ms(),
        daily: s.daily(),
        game_id: 0,
        rev: 0,
        marks,
        board: D::view(s, info).into(),
    }
}

/// Runs `$body` with `$s` bound to the session of any kind (the session API is the same).
macro_rules! each_session {
    ($game:expr, $s:ident => $body:expr) => {
        each_game!($game, |$s, _info, _D| $body)
    };
}

/// A move as JSON read into a game's own action type.
pub(crate) fn parse_action<A: serde::de::DeserializeOwned>(name: &'static str, action: Value) -> Result<A, PlayError> {
    serde_json::from_value(action).map_err(|e| PlayError::BadAction { kind: name, detail: e.to_string() })
}

pub(crate) fn to_json<T: Serialize>(action: T) -> Option<Value> {
    serde_json::to_value(action).ok()
}

impl GameInPlay {
    /// Makes a move given as JSON in the game's own action vocabulary (see each game's
    /// `Action`). `Ok(true)` if the game changed. The clock stops if the move solved it.
    pub fn act(&mut self, action: Value, now_ms: u64) -> Result<bool, PlayError> {
        let changed = each_game!(self, |s, info, D| D::act(s, action))?;
        self.settle_clock(now_ms);
        Ok(changed)
    }

    /// "Solve step by step": makes the next step as [`GameInPlay::advice`] names it, as the
    /// computer's move (one undo step: undo goes back step by step), and returns that advice.
    /// A wrong number is taken out and a lost candidate put back first, as the hint says; a
    /// solved board changes nothing. A game without such steps (the sliding picture) refuses.
    pub fn solve_step(&mut self, now_ms: u64) -> Result<Advice, PlayError> {
        self.solve_step_writing(now_ms, MarkKind::Candidate)
    }

    /// [`GameInPlay::solve_step`], a step that needs the candidate lists while the board has
    /// none writing them as `lists` (`Centre`: centre marks, the player's chosen kind of mark;
    /// else the candidate slots; lists already kept as centre marks stay there, #43).
    pub fn solve_step_writing(&mut self, now_ms: u64, lists: MarkKind) -> Result<Advice, PlayError> {
        let advice = each_game!(self, |s, info, D| {
            if !D::SOLVES_BY_STEPS {
                return Err(PlayError::NotPenGame(D::NAME));
            }
            let advice = D::advice(s)?;
            if advice.id != "solved" {
                D::apply_step(s, &advice, lists)?;
            }
            advice
        });
        self.settle_clock(now_ms);
        Ok(advice)
    }

    /// The moves the history holds: (done, undone).
    pub fn history_lengths(&self) -> (usize, usize) {
        each_session!(self, s => (s.history().done().len(), s.history().undone().len()))
    }

    pub fn undo(&mut self, now_ms: u64) -> Result<(), PlayError> {
        each_session!(self, s => s.undo())?;
        self.settle_clock(now_ms);
        Ok(())
    }

    pub fn redo(&mut self, now_ms: u64) -> Result<(), PlayError> {
        each_session!(self, s => s.redo())?;
        self.settle_clock(now_ms);
        Ok(())
    }

    /// "Mark this position": a checkpoint of the board as it is (not a move). Its number.
    pub fn mark_position(&mut self) -> Result<u32, PlayError> {
        Ok(each_session!(self, s => s.mark())?)
    }

    /// "Back to a mark": the board as it was at mark `n`, as one undo step.
    pub fn back_to_mark(&mut self, n: u32, now_ms: u64) -> Result<(), PlayError> {
        each_session!(self, s => s.back_to_mark(n))?;
        self.settle_clock(now_ms);
        Ok(())
    }

    /// How many moves of the history "Back to the last correct position" would take back: the
    /// newest position in the history (the start, or after an applied move) with no number that
    /// breaks the solution. [`CheckpointError::NothingWrong`] when the board has none now.
    pub fn last_correct(&self) -> Result<usize, PlayError> {
        each_game!(self, |s, info, D| Ok(last_correct_of::<D>(s, info)?.0))
    }

    /// "Back to the last correct position": the board set to [`GameInPlay::last_correct`]'s
    /// position, as one undo step (undo brings the mistake back). Returns the moves taken back.
    pub fn back_to_last_correct(&mut self, now_ms: u64) -> Result<usize, PlayError> {
        let back = each_game!(self, |s, info, D| {
            let (back, target) = last_correct_of::<D>(s, info)?;
            s.jump_to(&target)?;
            back
        });
        self.settle_clock(now_ms);
        Ok(back)
    }

    /// The checkpoints as the view lists them, or `None` for a game without them.
    pub fn marks(&self) -> Option<Vec<MarkView>> {
        each_session!(self, s => marks_view(s))
    }

    /// The pen wrote into a cell (see [`crate::pen`]).
    pub fn write(&mut self, row: usize, col: usize, strokes: &[Stroke], now_ms: u64) -> Result<WriteOutcome, PlayError> {
        self.write_with(row, col, strokes, None, now_ms)
    }

    /// [`GameInPlay::write`] read with the player's adaptation.
    pub fn write_with(
        &mut self,
        row: usize,
        col: usize,
        strokes: &[Stroke],
        adapter: Option<&Adapter>,
        now_ms: u64,
    ) -> Result<WriteOutcome, PlayError> {
        Ok(self.write_opts(row, col, strokes, PenOptions { adapter, ..PenOptions::default() }, now_ms)?.outcome)
    }

    /// [`GameInPlay::write`] with the player's options (adaptation, "keep my handwriting"),
    /// with what the recogniser read.
    pub fn write_opts(&mut self, row: usize, col: usize, strokes: &[Stroke], opts: PenOptions, now_ms: u64) -> Result<PenWrite, PlayError> {
        let out = each_game!(self, |s, info, D| D::write_opts(s, row, col, strokes, opts))?;
        self.settle_clock(now_ms);
        Ok(out)
    }

    /// The last applied step, when it changed one cell's value by the player's hand (a typed
    /// or written value; not a hint, Solve or a clear): `(row, col, before, after)`. What a
    /// correction right after a pen write looks like ([`crate::pen::lesson`]).
    pub fn last_value_change(&self) -> Option<(usize, usize, u8, u8)> {
        each_game!(self, |s, info, D| D::last_value_change(s))
    }

    pub fn time_limit_ms(&self) -> Option<u64> {
        each_session!(self, s => s.time_limit_ms())
    }

    /// A time limit for this game, or none ("play on untimed"); saved with it, not a move.
    pub fn set_time_limit_ms(&mut self, limit: Option<u64>) {
        each_session!(self, s => s.set_time_limit_ms(limit))
    }

    /// The date whose daily puzzle this is, if it is one.
    pub fn daily(&self) -> Option<crate::daily::Day> {
        each_session!(self, s => s.daily())
    }

    /// Marks the game as a day's daily puzzle (saved with it, not a move).
    pub fn set_daily(&mut self, day: Option<crate::daily::Day>) {
        each_session!(self, s => s.set_daily(day))
    }

    /// Whether nothing has happened in this game yet: no move and no time played (a new game,
    /// which a time limit from the settings may be given).
    pub fn is_untouched(&self, now_ms: u64) -> bool {
        !self.has_progress() && self.elapsed(now_ms) == 0
    }

    /// The pencil paused: the ink notes `ids` in a cell are read as marks (see
    /// [`crate::pen::marks`]), adapted to the player's hand, keeping its ink with "keep my
    /// handwriting".
    pub fn read_marks(&mut self, row: usize, col: usize, ids: &[u32], opts: PenOptions, now_ms: u64) -> Result<MarksWrite, PlayError> {
        let out = each_game!(self, |s, info, D| D::read_marks(s, row, col, ids, opts))?;
        self.settle_clock(now_ms);
        Ok(out)
    }

    /// The player chose `symbol` instead of the unsure mark `from` of the reading just made
    /// (see [`crate::pen::marks::replace_mark`]): still one undo step.
    pub fn replace_mark(&mut self, read: &ReadMarks, from: char, symbol: char, now_ms: u64) -> Result<ReadMarks, PlayError> {
        let out = each_game!(self, |s, info, D| D::replace_mark(s, read, from, symbol))?;
        self.settle_clock(now_ms);
        Ok(out)
    }

    /// The pen writes numbers or pencil notes from now on (saved with the game; not a move).
    pub fn set_input_mode(&mut self, mode: InputMode) -> Result<(), PlayError> {
        each_game!(self, |s, info, D| D::set_input_mode(s, mode))
    }

    /// The player chose `symbol` instead of the unsure guess just written (see
    /// [`crate::pen::replace_guess`]): still one undo step.
    pub fn replace_guess(&mut self, row: usize, col: usize, symbol: char, tidy: bool, now_ms: u64) -> Result<(), PlayError> {
        each_game!(self, |s, info, D| D::replace_guess(s, row, col, symbol, tidy))?;
        self.settle_clock(now_ms);
        Ok(())
    }

    /// Steps in the undo history (done ones): the shell uses it to tell whether anything
    /// happened since an unsure guess.
    pub fn history_len(&self) -> usize {
        each_session!(self, s => s.history().done().len())
    }

    /// Whether replacing this game would lose the player's work: any move made, even undone.
    pub fn has_progress(&self) -> bool {
        each_session!(self, s => !s.history().is_empty())
    }

    fn settle_clock(&mut self, now_ms: u64) {
        each_session!(self, s => s.settle_clock(now_ms))
    }

    pub fn is_solved(&self) -> bool {
        each_session!(self, s => s.is_solved())
    }

    /// A board on which the player is still writing the givens of a puzzle from paper ("Enter a
    /// puzzle"): no game yet, so nothing to count in the statistics until it starts.
    pub fn is_being_entered(&self) -> bool {
        each_game!(self, |s, info, D| D::is_being_entered(s))
    }

    /// A solved game is over: it is not offered for "Continue".
    pub fn is_finished(&self) -> bool {
        self.is_solved()
    }

    /// Whether the computer's move finished it ("Solve", or the last step of "Solve step by
    /// step"), not the player's own (statistics count only the latter); each game knows its
    /// own edits ([`GameDef::was_solved_by_computer`]).
    pub fn was_solved_by_computer(&self) -> bool {
        each_game!(self, |s, info, D| D::was_solved_by_computer(s))
    }

    pub fn can_undo(&self) -> bool {
        each_session!(self, s => s.can_undo())
    }

    pub fn resume(&mut self, now_ms: u64) {
        each_session!(self, s => s.resume(now_ms))
    }

    pub fn pause(&mut self, now_ms: u64) {
        each_session!(self, s => s.pause(now_ms))
    }

    pub fn is_running(&self) -> bool {
        each_session!(self, s => s.is_running())
    }

    pub fn elapsed(&self, now_ms: u64) -> u64 {
        each_session!(self, s => s.elapsed(now_ms))
    }

    /// What the view draws, with the timer read at `now_ms`.
    pub fn view(&self, now_ms: u64) -> PlayView {
        let kind = self.kind();
        let solved_by_computer = self.was_solved_by_computer();
        let marks = self.marks();
        each_game!(self, |s, info, D| play_view::<D>(kind, s, info, now_ms, solved_by_computer, marks))
    }

    /// "Watch my solve": every move, undo and redo the player made, in order, with its play
    /// time ([`crate::session::Journal`]).
    pub fn replay_steps(&self) -> Vec<ReplayStep> {
        each_session!(self, s => {
            let j = s.history().journal();
            j.ops().iter().enumerate().map(|(k, &op)| ReplayStep { op, t_ms: j.time(k) }).collect()
        })
    }

    /// The board after the first `step` steps of [`GameInPlay::replay_steps`] (0: the start),
    /// as the view draws it, its clock showing that step's time.
    pub fn replay_view(&self, step: usize) -> Result<PlayView, PlayError> {
        let kind = self.kind();
        each_game!(self, |s, info, D| {
            let at = s.at_step(step).map_err(|e| PlayError::History(crate::session::HistoryError::Damaged(e)))?;
            Ok(play_view::<D>(kind, &at, info, 0, false, None))
        })
    }

    /// What "Continue" says about this game.
    pub fn summary(&self) -> Summary {
        let p = each_game!(self, |s, info, D| D::progress(s, info));
        Summary { kind: self.kind(), rows: p.rows, cols: p.cols, difficulty: p.difficulty, elapsed_ms: self.elapsed(0), done: p.done, total: p.total, daily: self.daily() }
    }

    /// The next step for the board as the player has it.
    pub fn advice(&self) -> Result<Advice, PlayError> {
        each_game!(self, |s, info, D| D::advice(s))
    }

    /// What the statistics know this game by ([`crate::stats::GameId::of`]).
    pub fn stats_key(&self) -> crate::games::StatsKey {
        each_game!(self, |s, info, D| D::stats_key(s, info))
    }

    /// The puzzle's short code for a link ([`crate::games::GameDef::link_code`]).
    pub fn link_code(&self) -> String {
        each_game!(self, |s, info, D| D::link_code(s, info))
    }

    /// The puzzle as text ("Export puzzle").
    pub fn puzzle_text(&self) -> String {
        each_game!(self, |s, info, D| D::puzzle_text(s, info))
    }

    /// Moves recorded with a win (the sliding puzzle's), or none.
    pub fn stats_moves(&self) -> Option<u64> {
        each_game!(self, |s, info, D| D::stats_moves(s))
    }

    /// The save file of this game ([`crate::save::to_bytes`]).
    pub(crate) fn encode(&self, now_ms: u64) -> Result<Vec<u8>, crate::save::SaveError> {
        each_game!(self, |s, info, D| D::encode(s, info, now_ms))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every technique id a hint can carry has its name in the view's catalogue (the view
    /// phrases hints from the id; a missing name would show the raw id).
    #[test]
    fn every_hint_id_is_named_in_the_view_catalogue() {
        let catalogue = include_str!("../ui/locales/en.js");
        // Each game's own ids, from the list, and the one every game shares.
        let ids = GameKind::ALL.iter().flat_map(|k| k.hint_ids().iter().copied()).chain(["solved"]);
        for id in ids {
            assert!(catalogue.contains(&format!("'tech.{id}':")), "tech.{id} is not in ui/locales/en.js");
        }
    }
}
