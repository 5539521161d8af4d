//! What a game is: the [`GameDef`] trait every game's descriptor implements, and the types it
//! speaks in (its progress, statistics key, how it is made, hints as data, refusals). A leaf:
//! it names no game, and the list ([`super`]) and the games depend on it, never the reverse.

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;
use thiserror::Error;

use crate::ink::{InkError, Stroke};
use crate::pen::marks::{MarksWrite, ReadMarks};
use crate::pen::{PenOptions, PenWrite, WriteError};
use crate::save::{LoadError, SaveError};
use crate::session::marks::MarkKind;
use crate::session::{CheckpointError, Game, HistoryError, InputMode, Session};

/// How far along a game is and what it is, for "Continue" ([`crate::play::Summary`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Progress {
    pub rows: usize,
    pub cols: usize,
    pub difficulty: Option<String>,
    /// Cells filled (tiles in place) out of `total`.
    pub done: usize,
    pub total: usize,
}

/// What the statistics know a game by: the puzzle it began from as text (fingerprinted by
/// [`crate::stats::GameId::of`]), its size and level.
#[derive(Debug, Clone, PartialEq)]
pub struct StatsKey {
    pub puzzle: String,
    pub rows: usize,
    pub cols: usize,
    /// `None` or empty: "custom" (a puzzle the player brought).
    pub difficulty: Option<String>,
}

/// Where a new game comes from: the collection (a banked puzzle, instant) or made now (the
/// generator, with progress). A kind that has one way only makes its game either way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    Collection,
    Fresh,
}

/// Why no game could be made from a kind's params.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MakeError {
    /// Those params can't be served that way (a 4x4 expert Sudoku made fresh).
    #[error("{0}")]
    Unavailable(String),
    /// The progress callback asked to stop.
    #[error("cancelled")]
    Cancelled,
    #[error("{0}")]
    Failed(String),
}

/// Params that can't be used: unknown fields, values out of range.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ParamsError(pub String);

/// One kind of game. Every method is about a session of this kind (`Session<Self::Game>`)
/// and, where it needs it, what the session does not hold (`Info`: the solution, a label, the
/// seed; `()` for a game that has none). The pen methods default to "not a pen game".
pub trait GameDef {
    /// The player's name for the kind ("KenKen"), as in "a KenKen puzzle".
    const NAME: &'static str;
    /// "Solve step by step" applies to it.
    const SOLVES_BY_STEPS: bool = true;
    /// Every [`Advice::id`] its `advice` can give besides the shared `solved`: each needs a
    /// `tech.<id>` sentence in the view's catalogues (checked by `play`'s tests, over the list).
    const HINT_IDS: &'static [&'static str];
    type Game: Game;
    type Info: Clone + std::fmt::Debug + PartialEq + Default;
    /// The board as the view draws it (flattened into [`crate::play::PlayView`]).
    type View: Serialize + Clone + std::fmt::Debug + PartialEq;
    /// What "New game" asks of this kind (size, level...): serde with every field defaulted
    /// and unknown fields denied, so `{}` is the kind's defaults, written once here.
    type Params: Serialize + DeserializeOwned + Default + Clone + std::fmt::Debug + PartialEq;

    /// What serde can't check: ranges and combinations. Err: a sentence.
    fn validate(_p: &Self::Params) -> Result<(), String> {
        Ok(())
    }
    /// Whether `make` can serve these params from `source` at all (asked before a wait).
    fn can_make(_p: &Self::Params, _source: Source) -> Result<(), MakeError> {
        Ok(())
    }
    /// A new game from valid params and a seed, telling `progress` (0..1; `false` cancels).
    fn make(p: &Self::Params, source: Source, seed: u64, progress: &mut dyn FnMut(f32) -> bool) -> Result<(Session<Self::Game>, Self::Info), MakeError>;
    /// The player's own stored file the params name (the sliding picture's photo), which the
    /// shell checks is still there before it makes the game.
    fn own_file(_p: &Self::Params) -> Option<&str> {
        None
    }

    /// The params of this game's daily puzzle at a day's level, or `None` for a game that
    /// has none ([`crate::daily`]). Changing them changes every player's daily puzzles.
    fn daily(_level: crate::daily::Level) -> Option<Self::Params> {
        None
    }

    /// A move given as JSON in the game's own action vocabulary; `Ok(true)` if it changed.
    fn act(s: &mut Session<Self::Game>, action: Value) -> Result<bool, PlayError>;
    fn view(s: &Session<Self::Game>, info: &Self::Info) -> Self::View;
    fn progress(s: &Session<Self::Game>, info: &Self::Info) -> Progress;
    /// The next step for the board as the player has it.
    fn advice(s: &Session<Self::Game>) -> Result<Advice, PlayError>;
    /// Makes the step `advice` names as the computer's move (only when [`Self::SOLVES_BY_STEPS`]).
    /// `lists`: the kind of mark a step writes the board's candidate lists as, when it has
    /// none yet (the player's choice; see [`crate::play::GameInPlay::solve_step_writing`]).
    fn apply_step(s: &mut Session<Self::Game>, advice: &Advice, lists: MarkKind) -> Result<(), PlayError> {
        let _ = (s, advice, lists);
        Err(PlayError::NotPenGame(Self::NAME))
    }
    fn stats_key(s: &Session<Self::Game>, info: &Self::Info) -> StatsKey;
    /// The puzzle as text, as "Export puzzle" gives it and [`GameDef::read_text`] reads back.
    fn puzzle_text(s: &Session<Self::Game>, info: &Self::Info) -> String;
    /// The puzzle's short code for a link (`inkdoku://play/<code>`, [`crate::link`]), which
    /// [`GameDef::read_text`] reads back as it reads the puzzle's text. The text itself unless
    /// the game has a shorter one.
    fn link_code(s: &Session<Self::Game>, info: &Self::Info) -> String {
        Self::puzzle_text(s, info)
    }
    /// How much `text` has the shape of this game's puzzle text (asked of every game before
    /// any reads it: [`crate::import`] tries the games from the most alike, in the list's order).
    fn recognises(text: &str) -> Likeness;
    /// A puzzle pasted or imported as text: a new game of this kind, fit to play (a puzzle
    /// with one solution, a board that can be solved), with the hardest technique it needs
    /// when the game rates it so; or what is wrong with it, in this game's words.
    fn read_text(text: &str) -> Result<FromText<Self>, TextError>;
    /// Moves to record with a win (the sliding puzzle's), or none.
    fn stats_moves(_s: &Session<Self::Game>) -> Option<u64> {
        None
    }
    /// The computer's move finished it (statistics count only the player's wins).
    fn was_solved_by_computer(_s: &Session<Self::Game>) -> bool {
        false
    }
    /// A board whose givens are still being written: no game yet.
    fn is_being_entered(_s: &Session<Self::Game>) -> bool {
        false
    }
    /// See [`crate::play::GameInPlay::last_value_change`].
    /// "Back to the last correct position": which states hold a number that breaks the
    /// solution (a value not the solution's). Default: the game has no such position.
    #[allow(clippy::type_complexity)]
    fn wrong_values(_s: &Session<Self::Game>, _info: &Self::Info) -> Result<Box<dyn Fn(&Self::Game) -> bool>, CheckpointError> {
        Err(CheckpointError::NotSupported)
    }

    fn last_value_change(_s: &Session<Self::Game>) -> Option<(usize, usize, u8, u8)> {
        None
    }
    /// How the pen writes in it: [`Pen::grid`] for a game written cell by cell (a
    /// [`crate::pen::PenGame`]); `None`, the default, for a game the pen only taps.
    fn pen() -> Option<Pen<Self::Game>> {
        None
    }
    fn write_opts(s: &mut Session<Self::Game>, row: usize, col: usize, strokes: &[Stroke], opts: PenOptions) -> Result<PenWrite, PlayError> {
        (Self::pen().ok_or(PlayError::NotPenGame(Self::NAME))?.write)(s, row, col, strokes, opts)
    }
    fn replace_guess(s: &mut Session<Self::Game>, row: usize, col: usize, symbol: char, tidy: bool) -> Result<(), PlayError> {
        (Self::pen().ok_or(PlayError::NotPenGame(Self::NAME))?.replace_guess)(s, row, col, symbol, tidy)
    }
    fn read_marks(s: &mut Session<Self::Game>, row: usize, col: usize, ids: &[u32], opts: PenOptions) -> Result<MarksWrite, PlayError> {
        (Self::pen().ok_or(PlayError::NotPenGame(Self::NAME))?.read_marks)(s, row, col, ids, opts)
    }
    fn replace_mark(s: &mut Session<Self::Game>, read: &ReadMarks, from: char, symbol: char) -> Result<ReadMarks, PlayError> {
        (Self::pen().ok_or(PlayError::NotPenGame(Self::NAME))?.replace_mark)(s, read, from, symbol)
    }
    /// Pen or pencil, kept with the game (only a pen game has the choice).
    fn set_input_mode(s: &mut Session<Self::Game>, mode: InputMode) -> Result<(), PlayError> {
        Self::pen().ok_or(PlayError::NotPenGame(Self::NAME))?;
        s.set_input_mode(mode);
        Ok(())
    }
    /// The whole save file of this game ([`crate::save::encode`] with the kind's record).
    fn encode(s: &Session<Self::Game>, info: &Self::Info, now_ms: u64) -> Result<Vec<u8>, SaveError>;
    /// A save file of this kind read back, with its `saved_at_ms`.
    fn decode(bytes: &[u8]) -> Result<(Session<Self::Game>, Self::Info, u64), LoadError>;

    /// "Enter a puzzle from paper" ([`super::Entry`], held by the list since what it plays is
    /// a [`super::GameInPlay`]); `None`, the default: the game has none.
    fn entry() -> Option<&'static super::Entry> {
        None
    }
}

/// How much a text looks like a game's puzzle text ([`GameDef::recognises`]), least first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Likeness {
    /// Not this game's: it is not asked to read it.
    No,
    /// Any text may be this game's: tried after the games that recognise it better.
    Fallback,
    /// It has something of this game's shape (KenKen's rule lines, a text that reads as a
    /// Sudoku grid).
    Likely,
    /// It has this game's own shape (KenKen's JSON, a sliding board's `RxC:`).
    Surely,
}

/// A game read from its text ([`GameDef::read_text`]).
pub struct FromText<D: GameDef + ?Sized> {
    pub session: Session<D::Game>,
    pub info: D::Info,
    /// The hardest technique the puzzle needs, for a game that rates it so (Sudoku).
    pub technique: Option<&'static str>,
}

/// Why a text is no puzzle of a game, in that game's words ([`GameDef::read_text`]). It crosses
/// to the view as `{kind: code(), message, detail}`.
#[derive(Debug, Error)]
pub enum TextError {
    /// The text can't be read as the game's puzzle: the game's stable code for the view
    /// (`puzzle`, `kenken_puzzle`...), its sentence for the player, the problem as data when
    /// the view words it itself, and the game's own error.
    #[error("{message}")]
    Unreadable {
        code: &'static str,
        message: String,
        detail: Option<Value>,
        #[source]
        cause: Box<dyn std::error::Error + Send + Sync>,
    },
    #[error("That puzzle has no solution.")]
    NoSolution,
    #[error("That puzzle has more than one solution, so it can't be played fairly.")]
    NotUnique,
    #[error("Something went wrong inside Inkdoku: {0}")]
    Internal(String),
}

impl TextError {
    /// The text can't be read as a game's puzzle (see [`TextError::Unreadable`]).
    pub fn unreadable(code: &'static str, message: String, detail: Option<Value>, cause: impl std::error::Error + Send + Sync + 'static) -> TextError {
        TextError::Unreadable { code, message, detail, cause: Box::new(cause) }
    }

    /// The game's own error behind an [`TextError::Unreadable`] (for tests and logs).
    pub fn cause(&self) -> Option<&(dyn std::error::Error + Send + Sync + 'static)> {
        match self {
            TextError::Unreadable { cause, .. } => Some(cause.as_ref()),
            _ => None,
        }
    }

    /// The stable machine-readable code of this error, as the view knows it.
    pub fn kind(&self) -> &'static str {
        match self {
            TextError::Unreadable { code, .. } => code,
            TextError::NoSolution => "unsolvable",
            TextError::NotUnique => "not_unique",
            TextError::Internal(_) => "internal",
        }
    }

    /// The problem as data for the view to say in the player's language, if the game gives it.
    pub fn detail(&self) -> Option<Value> {
        match self {
            TextError::Unreadable { detail, .. } => detail.clone(),
            _ => None,
        }
    }
}

/// What the pen does in a game of type `G` (see [`GameDef::pen`]).
#[allow(clippy::type_complexity)]
pub struct Pen<G: Game> {
    pub write: fn(&mut Session<G>, usize, usize, &[Stroke], PenOptions) -> Result<PenWrite, PlayError>,
    pub replace_guess: fn(&mut Session<G>, usize, usize, char, bool) -> Result<(), PlayError>,
    pub read_marks: fn(&mut Session<G>, usize, usize, &[u32], PenOptions) -> Result<MarksWrite, PlayError>,
    pub replace_mark: fn(&mut Session<G>, &ReadMarks, char, char) -> Result<ReadMarks, PlayError>,
}

impl<G: crate::pen::PenGame> Pen<G>
where
    PlayError: From<crate::pen::WriteError<G::Error>>,
{
    /// A game written cell by cell ([`crate::pen::write_opts`], [`crate::pen::replace_guess`]).
    pub fn grid() -> Pen<G> {
        Pen {
            write: |s, row, col, strokes, opts| Ok(crate::pen::write_opts(s, row, col, strokes, opts)?),
            replace_guess: |s, row, col, symbol, tidy| Ok(crate::pen::replace_guess(s, row, col, symbol, tidy)?),
            read_marks: |s, row, col, ids, opts| Ok(crate::pen::marks::read_marks(s, row, col, ids, opts)?),
            replace_mark: |s, read, from, symbol| Ok(crate::pen::marks::replace_mark(s, read, from, symbol)?),
        }
    }
}

/// Why a request to the game in play was refused. The game is unchanged.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum PlayError {
    #[error("that is not a {kind} move ({detail})")]
    BadAction { kind: &'static str, detail: String },
    /// The game's own refusal of a move (its `ActionError`, turned into this by
    /// [`PlayError::refused`] in the game's own module): its IPC code and sentence.
    #[error("{message}")]
    Refused { kind: &'static str, message: String },
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
    #[error(transparent)]
    Checkpoint(#[from] CheckpointError),
}

impl PlayError {
    /// A stable machine-readable code for IPC (`{kind, message}`).
    pub fn kind(&self) -> &'static str {
        match self {
            PlayError::BadAction { .. } => "bad_action",
            PlayError::Refused { kind, .. } => kind,
            PlayError::History(e) => e.kind(),
            PlayError::NotPenGame(_) => "not_a_pen_game",
            PlayError::OutOfBoard { .. } => "out_of_board",
            PlayError::Ink(_) => "ink",
            PlayError::NoHint(_) => "no_hint",
            PlayError::Checkpoint(e) => e.kind(),
        }
    }
}

impl PlayError {
    /// A game's refusal of a move, with its code (`given_cell`, `bad_move`…) and its sentence.
    pub fn refused(kind: &'static str, e: impl std::fmt::Display) -> PlayError {
        PlayError::Refused { kind, message: e.to_string() }
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

/// A hint, shaped for the view: what to highlight, what to say, and the move a second press of
/// Hint makes. `technique` and `explanation` are English (the CLI's words); the rest is the same
/// hint as data (`id`, `place`, `eliminate`, `tile`, `to_go`) so the view can say it in the
/// player's language.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Advice {
    /// The technique's name, or a short title ("Wrong number", "Solved").
    pub technique: String,
    /// The technique's stable id: `solved`, or one of the game's [`GameDef::HINT_IDS`].
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
    pub(crate) fn new(id: &'static str, technique: &str, explanation: String, highlight: Highlight, apply: Option<Value>) -> Advice {
        Advice { technique: technique.into(), id, explanation, highlight, place: None, eliminate: vec![], tile: None, to_go: None, apply }
    }

    /// The board is solved: nothing to advise.
    pub(crate) fn solved(explanation: &str) -> Advice {
        Advice::new("solved", "Solved", explanation.into(), Highlight { cells: vec![], target: None }, None)
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

