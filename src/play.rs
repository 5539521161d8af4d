//! The game in play, whatever its kind: what the shell holds, what saves load into, and the
//! one place that turns a kind-tagged request (a move as JSON, undo, the pen, a hint) into the
//! right game's call. Each arm is one line into the game's own module: the rules stay there.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use thiserror::Error;

use crate::ink::{InkError, Stroke};
use crate::kenken::play::{self as kenken_play, KenkenInfo, KenkenSession};
use crate::ink::adapt::Adapter;
use crate::pen::{self, PenOptions, PenWrite, WriteError, WriteOutcome};
use crate::session::glyph::{self, Glyph};
use crate::session::scratchpad::InkNote;
use crate::session::{HistoryError, InputMode};
use crate::slide::play::{self as slide_play, SlideInfo, SlideSession};
use crate::sudoku::play::{self as sudoku_play, SudokuSession, SudokuView};

/// The kinds of game, as in a save's `kind` field and the view's `kind`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    Sudoku,
    Kenken,
    Slide,
}

impl GameKind {
    pub const ALL: [GameKind; 3] = [GameKind::Sudoku, GameKind::Kenken, GameKind::Slide];

    pub fn as_str(self) -> &'static str {
        match self {
            GameKind::Sudoku => "sudoku",
            GameKind::Kenken => "kenken",
            GameKind::Slide => "slide",
        }
    }

    pub fn parse(s: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|k| k.as_str() == s)
    }

    /// A kind as a player reads it ("a KenKen puzzle"); unknown names as they are.
    pub fn display_name(kind: &str) -> &str {
        match kind {
            "sudoku" => "Sudoku",
            "kenken" => "KenKen",
            "slide" => "sliding",
            other => other,
        }
    }
}

/// One game in play, of any kind. KenKen and the sliding puzzle carry what their session does
/// not hold (the solution, a label, the seed).
#[derive(Debug, Clone, PartialEq)]
pub enum GameInPlay {
    Sudoku(SudokuSession),
    Kenken(KenkenSession, KenkenInfo),
    Slide(SlideSession, SlideInfo),
}

/// Why a request to the game in play was refused. The game is unchanged.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum PlayError {
    #[error("that is not a {kind} move ({detail})")]
    BadAction { kind: &'static str, detail: String },
    #[error(transparent)]
    Sudoku(#[from] sudoku_play::ActionError),
    #[error(transparent)]
    Kenken(#[from] kenken_play::ActionError),
    #[error(transparent)]
    Slide(#[from] slide_play::ActionError),
    #[error(transparent)]
    History(#[from] HistoryError),
    #[error("the {0} puzzle is not played by writing in cells")]
    NotPenGame(&'static str),
    #[error("r{}c{} is outside the {side}x{side} board", .row + 1, .col + 1)]
    OutOfBoard { row: usize, col: usize, side: usize },
    #[error(transparent)]
    Ink(#[from] InkError),
    #[error("no hint: {0}")]
    NoHint(String),
}

impl PlayError {
    /// A stable machine-readable code for IPC (`{kind, message}`).
    pub fn kind(&self) -> &'static str {
        match self {
            PlayError::BadAction { .. } => "bad_action",
            PlayError::Sudoku(e) => e.kind(),
            PlayError::Kenken(e) => e.kind(),
            PlayError::Slide(e) => e.kind(),
            PlayError::History(e) => e.kind(),
            PlayError::NotPenGame(_) => "not_a_pen_game",
            PlayError::OutOfBoard { .. } => "out_of_board",
            PlayError::Ink(_) => "ink",
            PlayError::NoHint(_) => "no_hint",
        }
    }
}

impl<E: Into<PlayError>> From<WriteError<E>> for PlayError {
    fn from(e: WriteError<E>) -> Self {
        match e {
            WriteError::OutOfBoard { row, col, side } => PlayError::OutOfBoard { row, col, side },
            WriteError::Ink(e) => PlayError::Ink(e),
            WriteError::Move(e) => e.into(),
            WriteError::NotASymbol(c) => PlayError::BadAction { kind: "pen", detail: format!("{c:?} is not a symbol of this board") },
            WriteError::History(e) => PlayError::History(e),
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
    /// Which game in play this view shows and how many changes it had seen, numbered by
    /// whoever holds the game (the app numbers each game it installs from 1, and counts every
    /// change); 0 from the engine. The view drops a reply older than the one it shows.
    pub game_id: u64,
    pub rev: u64,
    #[serde(flatten)]
    pub board: BoardView,
}

/// The game's own part of a [`PlayView`].
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum BoardView {
    Sudoku(SudokuView),
    Kenken(KenkenView),
    Slide(SlideView),
}

/// A KenKen board as the view draws it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct KenkenView {
    pub size: usize,
    pub cages: Vec<CageView>,
    /// Row-major.
    pub cells: Vec<KenkenCellView>,
    /// Ink notes.
    pub notes: Vec<InkNote>,
    pub difficulty: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CageView {
    /// `+`, `-`, `*`, `/` or `=` (a given).
    pub op: &'static str,
    pub target: u64,
    /// `[row, col]`, the first is the top-left cell (where the label goes).
    pub cells: Vec<(usize, usize)>,
    /// Every cell filled and the rule broken.
    pub wrong: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct KenkenCellView {
    pub value: u8,
    /// Bit `v - 1` set: candidate `v` is noted.
    pub candidates: u32,
    /// The value repeats in its row or column.
    pub conflict: bool,
    /// The value differs from the solution (known for generated and banked puzzles; false
    /// when the solution is not known). The view shows it only with "Show incorrect numbers".
    pub incorrect: bool,
    /// The player's colour mark, 0 = none.
    pub colour: u8,
    /// The player's handwriting of this value (see Sudoku's `CellView::glyph`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub glyph: Option<Glyph>,
}

/// A sliding-puzzle board as the view draws it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SlideView {
    pub rows: usize,
    pub cols: usize,
    /// Row-major tile numbers, 0 = the gap.
    pub tiles: Vec<u8>,
    /// Tiles moved so far (a segment slide counts each tile).
    pub moves: usize,
    pub difficulty: Option<String>,
    /// The player's own picture (a stored file name, fetched with the `picture` command), or
    /// `None` for the built-in one.
    pub picture: Option<String>,
}

/// A hint, shaped for the view: what to highlight, what to say, and the move a second press of
/// Hint makes. `technique` and `explanation` are English (the CLI's words); the rest is the same
/// hint as data (`id`, `place`, `eliminate`, `tile`, `to_go`) so the view can say it in the
/// player's language.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Advice {
    /// The technique's name, or a short title ("Wrong number", "Solved").
    pub technique: String,
    /// The technique's stable id: a Sudoku technique's `Technique::id`, or one of
    /// `wrong_number`, `missing_candidate`, `solved`, `cage_arithmetic`, `naked_single`,
    /// `hidden_single`, `cage_elimination`, `cage_claim`, `deduction`, `reveal`,
    /// `optimal_move`, `next_move`.
    pub id: &'static str,
    pub explanation: String,
    pub highlight: Highlight,
    /// The number the hint puts in a cell (or the candidate a "missing candidate" adds).
    pub place: Option<CellValue>,
    /// Candidates the step removes.
    pub eliminate: Vec<CellValue>,
    /// Sliding puzzle: the tile to move and the moves left (at best, or about).
    pub tile: Option<u8>,
    pub to_go: Option<usize>,
    /// The move a second press makes, as the `act` command takes it.
    pub apply: Option<Value>,
}

/// A number in a cell, 0-based coordinates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CellValue {
    pub row: usize,
    pub col: usize,
    pub value: u8,
}

impl Advice {
    /// A hint with only a title, a sentence and a target; the structured parts are added by the
    /// caller with struct update syntax.
    fn new(id: &'static str, technique: &str, explanation: String, highlight: Highlight, apply: Option<Value>) -> Advice {
        Advice { technique: technique.into(), id, explanation, highlight, place: None, eliminate: vec![], tile: None, to_go: None, apply }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Highlight {
    /// Cells the step relies on, `[row, col]`.
    pub cells: Vec<(usize, usize)>,
    /// The cell the hint is about.
    pub target: Option<CellRef>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CellRef {
    pub row: usize,
    pub col: usize,
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
}

/// The most search nodes a sliding-puzzle hint may spend (about a tenth of a second); past it
/// the hint falls back to the quick solver's first move.
const SLIDE_HINT_BUDGET: u64 = 2_000_000;

/// Runs `$body` with `$s` bound to the session of any kind (the session API is the same).
macro_rules! each_session {
    ($game:expr, $s:ident => $body:expr) => {
        match $game {
            GameInPlay::Sudoku($s) => $body,
            GameInPlay::Kenken($s, _) => $body,
            GameInPlay::Slide($s, _) => $body,
        }
    };
}

fn parse_action<A: serde::de::DeserializeOwned>(kind: GameKind, action: Value) -> Result<A, PlayError> {
    serde_json::from_value(action).map_err(|e| PlayError::BadAction { kind: GameKind::display_name(kind.as_str()), detail: e.to_string() })
}

fn to_json<T: Serialize>(action: T) -> Option<Value> {
    serde_json::to_value(action).ok()
}

impl GameInPlay {
    pub fn kind(&self) -> GameKind {
        match self {
            GameInPlay::Sudoku(_) => GameKind::Sudoku,
            GameInPlay::Kenken(..) => GameKind::Kenken,
            GameInPlay::Slide(..) => GameKind::Slide,
        }
    }

    /// Makes a move given as JSON in the game's own action vocabulary (see each game's
    /// `Action`). `Ok(true)` if the game changed. The clock stops if the move solved it.
    pub fn act(&mut self, action: Value, now_ms: u64) -> Result<bool, PlayError> {
        let kind = self.kind();
        let changed = match self {
            GameInPlay::Sudoku(s) => s.apply(parse_action(kind, action)?)?,
            GameInPlay::Kenken(s, _) => s.apply(parse_action(kind, action)?)?,
            GameInPlay::Slide(s, _) => s.apply(parse_action(kind, action)?)?,
        };
        self.settle_clock(now_ms);
        Ok(changed)
    }

    /// "Solve step by step": makes the next step as [`GameInPlay::advice`] names it, as the
    /// computer's move (one undo step: undo goes back step by step), and returns that advice.
    /// A wrong number is taken out and a lost candidate put back first, as the hint says; a
    /// solved board changes nothing. The sliding picture has no such steps.
    pub fn solve_step(&mut self, now_ms: u64) -> Result<Advice, PlayError> {
        if let GameInPlay::Slide(..) = self {
            return Err(PlayError::NotPenGame("sliding picture"));
        }
        let advice = self.advice()?;
        let kind = self.kind();
        if advice.id != "solved" {
            match self {
                GameInPlay::Sudoku(s) => {
                    let action = match advice.id {
                        "wrong_number" | "missing_candidate" => parse_action(kind, advice.apply.clone().unwrap_or(Value::Null))?,
                        _ => sudoku_play::Action::ApplyStep {
                            place: advice.place.iter().map(|p| (p.row, p.col, p.value)).collect(),
                            eliminate: advice.eliminate.iter().map(|c| (c.row, c.col, c.value)).collect(),
                        },
                    };
                    s.apply(action)?;
                }
                GameInPlay::Kenken(s, _) => {
                    let target = advice.highlight.target.ok_or_else(|| PlayError::NoHint("the step names no cell".into()))?;
                    let value = advice.place.map_or(0, |p| p.value);
                    s.apply(kenken_play::Action::ApplyStep { row: target.row, col: target.col, value })?;
                }
                GameInPlay::Slide(..) => return Err(PlayError::NotPenGame("sliding picture")),
            }
        }
        self.settle_clock(now_ms);
        Ok(advice)
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
        Ok(self.write_opts(row, col, strokes, PenOptions { adapter, keep_handwriting: false }, now_ms)?.outcome)
    }

    /// [`GameInPlay::write`] with the player's options (adaptation, "keep my handwriting"),
    /// with what the recogniser read.
    pub fn write_opts(&mut self, row: usize, col: usize, strokes: &[Stroke], opts: PenOptions, now_ms: u64) -> Result<PenWrite, PlayError> {
        let out = match self {
            GameInPlay::Sudoku(s) => pen::write_opts(s, row, col, strokes, opts)?,
            GameInPlay::Kenken(s, _) => pen::write_opts(s, row, col, strokes, opts)?,
            GameInPlay::Slide(..) => return Err(PlayError::NotPenGame("sliding")),
        };
        self.settle_clock(now_ms);
        Ok(out)
    }

    /// The last applied step, when it changed one cell's value by the player's hand (a typed
    /// or written value; not a hint, Solve or a clear): `(row, col, before, after)`. What a
    /// correction right after a pen write looks like ([`pen::lesson`]).
    pub fn last_value_change(&self) -> Option<(usize, usize, u8, u8)> {
        let (n, changes) = match self {
            GameInPlay::Sudoku(s) => {
                let e = s.history().done().last()?;
                (e.kind == sudoku_play::EditKind::Value).then_some((s.game().shape().n(), e.cells.as_slice()))?
            }
            GameInPlay::Kenken(s, _) => (s.game().puzzle().size(), s.history().done().last()?.cells.as_slice()),
            GameInPlay::Slide(..) => return None,
        };
        match changes {
            [c] if c.after.value != 0 && c.before.value != c.after.value => {
                let i = c.cell as usize;
                Some((i / n, i % n, c.before.value, c.after.value))
            }
            _ => None,
        }
    }

    pub fn time_limit_ms(&self) -> Option<u64> {
        each_session!(self, s => s.time_limit_ms())
    }

    /// A time limit for this game, or none ("play on untimed"); saved with it, not a move.
    pub fn set_time_limit_ms(&mut self, limit: Option<u64>) {
        each_session!(self, s => s.set_time_limit_ms(limit))
    }

    /// Whether nothing has happened in this game yet: no move and no time played (a new game,
    /// which a time limit from the settings may be given).
    pub fn is_untouched(&self, now_ms: u64) -> bool {
        !self.has_progress() && self.elapsed(now_ms) == 0
    }

    /// The pen writes numbers or pencil notes from now on (saved with the game; not a move).
    pub fn set_input_mode(&mut self, mode: InputMode) -> Result<(), PlayError> {
        match self {
            GameInPlay::Sudoku(s) => s.set_input_mode(mode),
            GameInPlay::Kenken(s, _) => s.set_input_mode(mode),
            GameInPlay::Slide(..) => return Err(PlayError::NotPenGame("sliding")),
        }
        Ok(())
    }

    /// The player chose `symbol` instead of the unsure guess just written (see
    /// [`pen::replace_guess`]): still one undo step.
    pub fn replace_guess(&mut self, row: usize, col: usize, symbol: char, now_ms: u64) -> Result<(), PlayError> {
        match self {
            GameInPlay::Sudoku(s) => pen::replace_guess(s, row, col, symbol)?,
            GameInPlay::Kenken(s, _) => pen::replace_guess(s, row, col, symbol)?,
            GameInPlay::Slide(..) => return Err(PlayError::NotPenGame("sliding")),
        }
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
        matches!(self, GameInPlay::Sudoku(s) if s.game().is_being_entered())
    }

    /// A solved game is over: it is not offered for "Continue".
    pub fn is_finished(&self) -> bool {
        self.is_solved()
    }

    /// Whether the computer's move finished it ("Solve", or the last step of "Solve step by
    /// step"), not the player's own (statistics count only the latter). Sudoku records both
    /// kinds of edit as such, KenKen marks the steps; a KenKen solve is known by filling more
    /// than one cell in one step, which no move of the player does (so a "Solve" with one cell
    /// left counts as the player's: that last cell was theirs to write).
    pub fn was_solved_by_computer(&self) -> bool {
        use sudoku_play::EditKind;
        match self {
            GameInPlay::Sudoku(s) => s.history().done().last().is_some_and(|e| matches!(e.kind, EditKind::Solve | EditKind::Step)),
            GameInPlay::Kenken(s, _) => s.history().done().last().is_some_and(|e| {
                e.by_computer || e.cells.iter().filter(|c| c.after.value != 0 && c.before.value != c.after.value).count() > 1
            }),
            GameInPlay::Slide(..) => false,
        }
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
        let board = match self {
            GameInPlay::Sudoku(s) => BoardView::Sudoku(s.board_view()),
            GameInPlay::Kenken(s, info) => BoardView::Kenken(kenken_view(s, info)),
            GameInPlay::Slide(s, info) => BoardView::Slide(SlideView {
                rows: s.game().board().rows(),
                cols: s.game().board().cols(),
                tiles: s.game().board().tiles().to_vec(),
                moves: slide_play::move_count(s),
                difficulty: info.difficulty.clone(),
                picture: info.picture.clone(),
            }),
        };
        each_session!(self, s => PlayView {
            kind: self.kind(),
            can_undo: s.can_undo(),
            can_redo: s.can_redo(),
            elapsed_ms: s.elapsed(now_ms),
            running: s.is_running(),
            solved: s.is_solved(),
            solved_by_computer: s.is_solved() && self.was_solved_by_computer(),
            input_mode: s.input_mode(),
            time_limit_ms: s.time_limit_ms(),
            game_id: 0,
            rev: 0,
            board,
        })
    }

    /// What "Continue" says about this game.
    pub fn summary(&self) -> Summary {
        let (rows, cols, difficulty, done, total) = match self {
            GameInPlay::Sudoku(s) => {
                let g = s.game();
                let n = g.shape().n();
                (n, n, Some(g.difficulty().to_string()), g.board().filled(), n * n)
            }
            GameInPlay::Kenken(s, info) => {
                let n = s.game().puzzle().size();
                (n, n, info.difficulty.clone(), s.game().values().iter().filter(|&&v| v != 0).count(), n * n)
            }
            GameInPlay::Slide(s, info) => {
                let b = s.game().board();
                let placed = b.tiles().iter().enumerate().filter(|&(i, &t)| t != 0 && t as usize == i + 1).count();
                (b.rows(), b.cols(), info.difficulty.clone(), placed, b.rows() * b.cols() - 1)
            }
        };
        Summary { kind: self.kind(), rows, cols, difficulty, elapsed_ms: self.elapsed(0), done, total }
    }

    /// The next step for the board as the player has it.
    pub fn advice(&self) -> Result<Advice, PlayError> {
        match self {
            GameInPlay::Sudoku(s) => sudoku_advice(s),
            GameInPlay::Kenken(s, _) => kenken_advice(s),
            GameInPlay::Slide(s, _) => slide_advice(s),
        }
    }
}

fn kenken_view(s: &KenkenSession, info: &KenkenInfo) -> KenkenView {
    let g = s.game();
    let n = g.puzzle().size();
    let values = g.values();
    let conflict = |i: usize| {
        let (r, c, v) = (i / n, i % n, values[i]);
        v != 0 && (0..n).any(|k| (k != c && values[r * n + k] == v) || (k != r && values[k * n + c] == v))
    };
    let glyphs = kenken_glyphs(s);
    KenkenView {
        size: n,
        cages: g
            .puzzle()
            .cages()
            .iter()
            .map(|cage| {
                let vals: Vec<u8> = cage.cells.iter().map(|&(r, c)| values[r * n + c]).collect();
                CageView {
                    op: cage.op.symbol(),
                    target: cage.target,
                    cells: cage.cells.clone(),
                    wrong: vals.iter().all(|&v| v != 0) && !cage.op.holds(cage.target, &vals),
                }
            })
            .collect(),
        cells: (0..n * n)
            .map(|i| KenkenCellView {
                value: values[i],
                candidates: g.candidates()[i],
                conflict: conflict(i),
                incorrect: values[i] != 0 && info.solution.as_ref().is_some_and(|sol| sol.get(i).is_some_and(|&s| s != values[i])),
                colour: g.colours().get(i),
                glyph: glyphs[i].clone(),
            })
            .collect(),
        notes: g.notes().to_vec(),
        difficulty: info.difficulty.clone(),
    }
}

/// Each cell's kept handwriting, from a KenKen session's history.
fn kenken_glyphs(s: &KenkenSession) -> Vec<Option<Glyph>> {
    let n = s.game().puzzle().size();
    glyph::cell_glyphs(n * n, s.history().done().iter().map(|e| (e.cells.as_slice(), e.glyph.as_ref()))).into_iter().map(|g| g.cloned()).collect()
}

fn no_highlight(target: Option<CellRef>) -> Highlight {
    Highlight { cells: vec![], target }
}

fn sudoku_advice(s: &SudokuSession) -> Result<Advice, PlayError> {
    use crate::sudoku::human::{self, Hint};
    use sudoku_play::Action;
    let g = s.game();
    if g.is_being_entered() {
        return Err(PlayError::NoHint("the puzzle is still being entered; start it first".into()));
    }
    let marks: Vec<u16> = g.candidates().iter().map(|&m| m as u16).collect();
    // Only the player's own candidates count; with none, the engine works from all of them.
    let marks = marks.iter().any(|&m| m != 0).then_some(marks.as_slice());
    let hint = human::hint(g.givens(), &g.board(), marks).map_err(|e| PlayError::NoHint(e.to_string()))?;
    Ok(match hint {
        Hint::WrongEntry { row, col, explanation, .. } => {
            Advice::new("wrong_number", "Wrong number", explanation, no_highlight(Some(CellRef { row, col })), to_json(Action::Clear { row, col }))
        }
        Hint::MissingCandidate { row, col, value, explanation } => Advice {
            place: Some(CellValue { row, col, value }),
            ..Advice::new(
                "missing_candidate",
                "Missing candidate",
                explanation,
                no_highlight(Some(CellRef { row, col })),
                to_json(Action::ToggleCandidate { row, col, value }),
            )
        },
        Hint::Step { step } => {
            let first = step.placements.first().copied();
            let highlight = Highlight {
                cells: step.focus_cells.iter().map(|c| (c.row, c.col)).collect(),
                target: first.map(|p| CellRef { row: p.row, col: p.col }),
            };
            let apply = first.and_then(|p| to_json(Action::ApplyHint { row: p.row, col: p.col, value: p.value }));
            Advice {
                place: first.map(|p| CellValue { row: p.row, col: p.col, value: p.value }),
                eliminate: step.eliminations.iter().map(|c| CellValue { row: c.row, col: c.col, value: c.value }).collect(),
                ..Advice::new(step.technique.id(), step.technique.name(), step.explanation.clone(), highlight, apply)
            }
        }
        Hint::Solved => solved_advice(),
    })
}

fn solved_advice() -> Advice {
    Advice::new("solved", "Solved", "Every cell is filled correctly.".into(), no_highlight(None), None)
}

fn kenken_advice(s: &KenkenSession) -> Result<Advice, PlayError> {
    use crate::kenken::hint::{hint, HintError, HintKind};
    let g = s.game();
    if s.is_solved() {
        return Ok(solved_advice());
    }
    let h = match hint(g.puzzle(), g.values()) {
        Ok(h) => h,
        Err(HintError::Solved) => return Ok(solved_advice()),
        Err(e) => return Err(PlayError::NoHint(e.to_string())),
    };
    let (id, technique) = match h.kind {
        HintKind::Mistake => ("wrong_number", "Wrong number"),
        HintKind::Cage => ("cage_arithmetic", "Cage arithmetic"),
        HintKind::NakedSingle => ("naked_single", "Naked single"),
        HintKind::HiddenSingle => ("hidden_single", "Hidden single"),
        HintKind::CageElimination => ("cage_elimination", "Cage elimination"),
        HintKind::CageClaim => ("cage_claim", "Cage claim"),
        HintKind::Deduction => ("deduction", "Deduction"),
        HintKind::Reveal => ("reveal", "Reveal"),
    };
    // The cage the reason is about (a cage claim names another cage), else the cell's own.
    let cage = &g.puzzle().cages()[h.cage.unwrap_or_else(|| g.puzzle().cage_at(h.row, h.col))];
    let apply = if h.kind == HintKind::Mistake {
        kenken_play::Action::Clear { row: h.row, col: h.col }
    } else {
        kenken_play::Action::SetValue { row: h.row, col: h.col, value: h.value }
    };
    let highlight = Highlight { cells: cage.cells.clone(), target: Some(CellRef { row: h.row, col: h.col }) };
    let place = (h.kind != HintKind::Mistake).then_some(CellValue { row: h.row, col: h.col, value: h.value });
    Ok(Advice { place, ..Advice::new(id, technique, h.text, highlight, to_json(apply)) })
}

fn slide_advice(s: &SlideSession) -> Result<Advice, PlayError> {
    use crate::slide::solver;
    let b = s.game().board();
    if b.is_solved() {
        return Ok(Advice::new("solved", "Solved", "Every tile is in its place.".into(), no_highlight(None), None));
    }
    // Optimal where the search is quick; otherwise the quick solver's first move.
    let (dir, to_go, optimal) = match solver::hint(b, SLIDE_HINT_BUDGET) {
        Ok(Some((d, len))) => (d, len, true),
        _ => {
            let q = solver::quick(b).map_err(|e| PlayError::NoHint(e.to_string()))?;
            let d = *q.steps.first().ok_or_else(|| PlayError::NoHint("the board is already solved".into()))?;
            (d, q.steps.len(), false)
        }
    };
    let tile_at = b.neighbour(dir).ok_or_else(|| PlayError::NoHint("the hint leaves the board".into()))?;
    let tile = b.tiles()[tile_at];
    let (row, col) = (tile_at / b.cols(), tile_at % b.cols());
    let explanation = if optimal {
        format!("Slide tile {tile}: {to_go} moves to go at best.")
    } else {
        format!("Slide tile {tile}: about {to_go} moves to go.")
    };
    let (id, technique) = if optimal { ("optimal_move", "Optimal move") } else { ("next_move", "Next move") };
    let apply = to_json(slide_play::Action::Step { dir });
    Ok(Advice { tile: Some(tile), to_go: Some(to_go), ..Advice::new(id, technique, explanation, no_highlight(Some(CellRef { row, col })), apply) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kenken::play::{Action, KenkenGame};

    #[test]
    fn kenken_view_marks_incorrect_values_when_the_solution_is_known() {
        let g = crate::kenken::generator::generate(4, crate::kenken::rate::Difficulty::Easy, 5).unwrap();
        let wrong = if g.solution[0] == 1 { 2 } else { 1 };
        let mut s = KenkenSession::from_game(KenkenGame::new(g.puzzle.clone()));
        s.apply(Action::SetValue { row: 0, col: 0, value: wrong }).unwrap();
        s.apply(Action::SetValue { row: 0, col: 1, value: g.solution[1] }).unwrap();
        let known = KenkenInfo { solution: Some(g.solution.clone()), ..KenkenInfo::default() };
        let cells = |info: KenkenInfo| match GameInPlay::Kenken(s.clone(), info).view(0).board {
            BoardView::Kenken(v) => v.cells.iter().map(|c| c.incorrect).collect::<Vec<_>>(),
            _ => unreachable!("a KenKen game shows a KenKen board"),
        };
        let marked = cells(known);
        assert!(marked[0] && !marked[1] && !marked[2]);
        assert!(cells(KenkenInfo::default()).iter().all(|&b| !b), "no solution known, nothing marked");
    }

    /// Every technique id a hint can carry has its name in the view's catalogue (the view
    /// phrases hints from the id; a missing name would show the raw id).
    #[test]
    fn every_hint_id_is_named_in_the_view_catalogue() {
        let catalogue = include_str!("../ui/locales/en.js");
        let kenken = ["wrong_number", "cage_arithmetic", "naked_single", "hidden_single", "cage_elimination", "cage_claim", "deduction", "reveal"];
        let other = ["missing_candidate", "solved", "optimal_move", "next_move"];
        let ids = crate::sudoku::human::Technique::ALL.iter().map(|t| t.id()).chain(kenken).chain(other);
        for id in ids {
            assert!(catalogue.contains(&format!("'tech.{id}':")), "tech.{id} is not in ui/locales/en.js");
        }
    }

    /// A hint carries what it says as data: the placed number matches the move a second press
    /// makes, for Sudoku, KenKen and the sliding puzzle.
    #[test]
    fn hints_carry_their_step_as_data() {
        let givens = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let grid: crate::grid::Grid = givens.parse().unwrap();
        let solution = crate::sudoku::solver::solve(&grid).unwrap();
        let a = GameInPlay::Sudoku(SudokuSession::new(grid, solution, "easy", None).unwrap()).advice().unwrap();
        let p = a.place.expect("an easy board's first hint places a number");
        let apply = a.apply.unwrap();
        assert_eq!((apply["row"].as_u64(), apply["col"].as_u64(), apply["value"].as_u64()), (Some(p.row as u64), Some(p.col as u64), Some(p.value as u64)));
        assert!(["full_house", "hidden_single", "naked_single"].contains(&a.id), "{}", a.id);

        let g = crate::kenken::generator::generate(4, crate::kenken::rate::Difficulty::Easy, 5).unwrap();
        let a = GameInPlay::Kenken(KenkenSession::from_game(KenkenGame::new(g.puzzle.clone())), KenkenInfo::default()).advice().unwrap();
        let p = a.place.expect("a KenKen hint names its number");
        assert_eq!(g.solution[p.row * 4 + p.col], p.value);
        assert_ne!(a.id, "wrong_number");
    }

    /// "Solve step by step" finishes a hard Sudoku one step at a time, each step one undo
    /// step, writing candidates when it first removes some, and the finished game is the
    /// computer's; undoing the last step gives the player the board back.
    #[test]
    fn solve_step_by_step_solves_a_hard_sudoku_as_the_computer() {
        use crate::sudoku::generator::{generate, GenerateOptions};
        let opts = GenerateOptions { shape: crate::grid::Shape::S9, difficulty: crate::sudoku::Difficulty::Hard, symmetric: false, seed: 3 };
        let puzzle = generate(&opts, &mut |_| true).unwrap();
        let solution = crate::sudoku::solver::solve(&puzzle).unwrap();
        let mut g = GameInPlay::Sudoku(SudokuSession::new(puzzle, solution, "hard", None).unwrap());
        let (mut steps, mut eliminated, mut first_elimination_filled) = (0, false, false);
        loop {
            let a = g.solve_step(0).unwrap();
            if a.id == "solved" {
                break;
            }
            steps += 1;
            let GameInPlay::Sudoku(s) = &g else { unreachable!() };
            assert_eq!(s.history().done().len(), steps, "one undo step per step");
            if !a.eliminate.is_empty() && !eliminated {
                eliminated = true;
                // Candidates appeared everywhere open, without the removed ones.
                let open: Vec<usize> = (0..81).filter(|&i| s.game().board().values()[i] == 0).collect();
                first_elimination_filled = open.iter().all(|&i| s.game().candidates()[i] != 0)
                    && a.eliminate.iter().all(|c| s.game().candidates()[c.row * 9 + c.col] & (1 << (c.value - 1)) == 0);
            }
            assert!(steps < 200, "the steps go somewhere");
        }
        assert!(eliminated && first_elimination_filled, "a hard puzzle needs a step that removes candidates");
        assert!(g.is_solved() && g.was_solved_by_computer());
        let back = crate::save::from_bytes(&crate::save::to_bytes(&g, 0).unwrap()).unwrap();
        assert!(back.game.was_solved_by_computer(), "the steps are the computer's after a save");
        g.undo(0).unwrap();
        assert!(!g.is_solved() && !g.view(0).solved_by_computer, "undo gives the last cell back");
    }

    /// A wrong number is what the first step takes out; a KenKen finished by the steps is the
    /// computer's, and its steps survive a save.
    #[test]
    fn solve_step_takes_out_a_wrong_number_first_and_finishes_a_kenken() {
        let g = crate::kenken::generator::generate(4, crate::kenken::rate::Difficulty::Easy, 5).unwrap();
        let mut s = KenkenSession::from_game(KenkenGame::new(g.puzzle.clone()));
        let wrong = if g.solution[0] == 1 { 2 } else { 1 };
        s.apply(Action::SetValue { row: 0, col: 0, value: wrong }).unwrap();
        let info = KenkenInfo { solution: Some(g.solution.clone()), ..KenkenInfo::default() };
        let mut game = GameInPlay::Kenken(s, info);
        let first = game.solve_step(0).unwrap();
        assert_eq!(first.id, "wrong_number");
        let mut n = 0;
        while game.solve_step(0).unwrap().id != "solved" {
            n += 1;
            assert!(n < 40);
        }
        assert!(game.is_solved() && game.was_solved_by_computer());
        let bytes = crate::save::to_bytes(&game, 0).unwrap();
        let back = crate::save::from_bytes(&bytes).unwrap();
        assert!(back.game.was_solved_by_computer(), "the steps are the computer's after a save");
    }

    #[test]
    fn the_sliding_picture_has_no_solve_step() {
        let board = crate::slide::Board::solved(3, 3).unwrap();
        let mut g = GameInPlay::Slide(crate::slide::play::SlideSession::from_game(crate::slide::play::SlideGame::new(board)), Default::default());
        assert_eq!(g.solve_step(0).map(|a| a.id).unwrap_err().kind(), "not_a_pen_game");
    }
}
