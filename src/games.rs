//! What a game *is*, and the one list of games (Tatham's `struct game` and `gamelist[]`).
//!
//! Each kind of game has a descriptor, a type implementing [`GameDef`], in its own module
//! (`sudoku::def`, `kenken::def`, `slide::def`): its new-game params and how a game is made from
//! them, its view, its summary, its advice, its save record and its statistics key, all written
//! once there. The [`games!`] list below is the only
//! place that names the games: it generates [`GameKind`], [`GameInPlay`], [`GameParams`], [`BoardView`] and the
//! dispatch (`each_game!`) that `play`, `save` and `stats` go through, so none of them holds a
//! rule of any game and a new kind cannot be half-registered.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::ink::Stroke;
use crate::pen::{PenOptions, PenWrite};
use crate::play::{Advice, PlayError};
use crate::save::{LoadError, SaveError};
use crate::session::{Game, InputMode, Session};

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

    /// A move given as JSON in the game's own action vocabulary; `Ok(true)` if it changed.
    fn act(s: &mut Session<Self::Game>, action: Value) -> Result<bool, PlayError>;
    fn view(s: &Session<Self::Game>, info: &Self::Info) -> Self::View;
    fn progress(s: &Session<Self::Game>, info: &Self::Info) -> Progress;
    /// The next step for the board as the player has it.
    fn advice(s: &Session<Self::Game>) -> Result<Advice, PlayError>;
    /// Makes the step `advice` names as the computer's move (only when [`Self::SOLVES_BY_STEPS`]).
    fn apply_step(s: &mut Session<Self::Game>, advice: &Advice) -> Result<(), PlayError> {
        let _ = (s, advice);
        Err(PlayError::NotPenGame(Self::NAME))
    }
    fn stats_key(s: &Session<Self::Game>, info: &Self::Info) -> StatsKey;
    /// The puzzle as text, as "Export puzzle" gives it and the import reads it back.
    fn puzzle_text(s: &Session<Self::Game>, info: &Self::Info) -> String;
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
    fn replace_guess(s: &mut Session<Self::Game>, row: usize, col: usize, symbol: char) -> Result<(), PlayError> {
        (Self::pen().ok_or(PlayError::NotPenGame(Self::NAME))?.replace_guess)(s, row, col, symbol)
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

    /// "Enter a puzzle from paper" ([`Entry`]); `None`, the default: the game has none.
    fn entry() -> Option<&'static Entry> {
        None
    }
}

/// A game's "Enter a puzzle from paper" (see [`crate::entry`]), reached through
/// [`GameKind::entry`]. The drawing and the verdict are the game's own JSON, which its entry
/// screen in the view writes and reads.
pub struct Entry {
    /// The board sizes its entry offers (the side screen's `size`).
    pub sizes: &'static [u8],
    /// The files its puzzles travel in: "Open…" accepts every one, "Save…" writes one.
    pub formats: &'static [crate::entry::FileFormat],
    /// The open dialog's one filter for all of `formats` (a key of the shell's catalogue).
    pub any_filter: &'static str,
    /// "Solve": what the drawing is (a problem, no solution, several, one). Changes nothing.
    pub check: fn(Value) -> Result<Value, crate::entry::EntryError>,
    /// "Play it": the game of a drawing with exactly one solution, rated.
    pub play: fn(Value) -> Result<Played, crate::entry::EntryError>,
    /// "Open…": a file's text as a drawing.
    pub read: fn(&str) -> Result<Value, crate::entry::EntryError>,
    /// "Save…": the name a file of this drawing is offered under, without extension; an
    /// unfinished drawing that can't be written says what is missing here, before any dialog.
    pub stem: fn(&Value) -> Result<String, crate::entry::EntryError>,
    /// "Save…": the drawing as a file's text in one of `formats`.
    pub write: fn(&Value, &crate::entry::FileFormat) -> Result<String, crate::entry::EntryError>,
    /// An entry written on the game's own board, played as any game until it starts (Sudoku's).
    /// `None`: the entry is a screen of its own (KenKen's cage editor).
    pub board: Option<BoardEntry>,
}

/// What "Play it" made of a drawing ([`Entry::play`]).
pub struct Played {
    pub game: GameInPlay,
    /// The level it was rated, if it was.
    pub level: Option<&'static str>,
    /// The hardest technique it needs, when the game tells one beside its view.
    pub technique: Option<&'static str>,
}

/// An entry written on the game's own board ([`Entry::board`]).
pub struct BoardEntry {
    /// A blank board of `size` being entered, as a game in play.
    pub blank: fn(u8) -> Result<GameInPlay, crate::entry::EntryError>,
    /// The drawing on the board being entered in play; `None` for a game that is not one.
    pub drawing: fn(&GameInPlay) -> Option<Value>,
}

impl Entry {
    /// A size the entry does not offer is refused with the sizes it does.
    pub fn check_size(&self, name: &str, size: u8) -> Result<(), crate::entry::EntryError> {
        if self.sizes.contains(&size) {
            return Ok(());
        }
        let sizes: Vec<String> = self.sizes.iter().map(u8::to_string).collect();
        Err(crate::entry::EntryError::Size(format!("a {name} entered here is {} cells wide, not {size}", sizes.join(", "))))
    }
}

/// What the pen does in a game of type `G` (see [`GameDef::pen`]).
pub struct Pen<G: Game> {
    pub write: fn(&mut Session<G>, usize, usize, &[Stroke], PenOptions) -> Result<PenWrite, PlayError>,
    pub replace_guess: fn(&mut Session<G>, usize, usize, char) -> Result<(), PlayError>,
}

impl<G: crate::pen::PenGame> Pen<G>
where
    PlayError: From<crate::pen::WriteError<G::Error>>,
{
    /// A game written cell by cell ([`crate::pen::write_opts`], [`crate::pen::replace_guess`]).
    pub fn grid() -> Pen<G> {
        Pen {
            write: |s, row, col, strokes, opts| Ok(crate::pen::write_opts(s, row, col, strokes, opts)?),
            replace_guess: |s, row, col, symbol| Ok(crate::pen::replace_guess(s, row, col, symbol)?),
        }
    }
}

/// The list macro. Each entry: optional attributes (a `cfg`), the kind's name in saves and in
/// the view, the variant and the types it holds (a session, and an info if the game has one),
/// and the descriptor. The first token is a `$`, which the generated `each_game!` needs.
macro_rules! games {
    ($d:tt $( $(#[$m:meta])* $name:literal => $V:ident ( $S:ty $(, $I:ty)? ) = $def:ty ),+ $(,)?) => {
        /// The kinds of game, as in a save's `kind` field and the view's `kind`.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        pub enum GameKind {
            $( $(#[$m])* #[serde(rename = $name)] $V, )+
        }

        impl GameKind {
            pub const ALL: &'static [GameKind] = &[ $( $(#[$m])* GameKind::$V, )+ ];

            pub fn as_str(self) -> &'static str {
                match self { $( $(#[$m])* GameKind::$V => $name, )+ }
            }

            /// The player's name for the kind ("KenKen").
            pub fn name(self) -> &'static str {
                match self { $( $(#[$m])* GameKind::$V => <$def as GameDef>::NAME, )+ }
            }

            /// The kind's "Enter a puzzle from paper", if it has one ([`GameDef::entry`]).
            pub fn entry(self) -> Option<&'static Entry> {
                match self { $( $(#[$m])* GameKind::$V => <$def as GameDef>::entry(), )+ }
            }
        }

        /// One game in play, of any kind: its session, and what the session does not hold (the
        /// solution, a label, the seed) for the kinds that have it.
        #[derive(Debug, Clone, PartialEq)]
        pub enum GameInPlay {
            $( $(#[$m])* $V($S $(, $I)?), )+
        }

        /// The game's own part of a [`crate::play::PlayView`].
        #[derive(Debug, Clone, PartialEq, Serialize)]
        #[serde(untagged)]
        pub enum BoardView {
            $( $(#[$m])* $V(<$def as GameDef>::View), )+
        }

        $( $(#[$m])* impl From<<$def as GameDef>::View> for BoardView {
            fn from(v: <$def as GameDef>::View) -> BoardView {
                BoardView::$V(v)
            }
        } )+

        impl GameInPlay {
            pub fn kind(&self) -> GameKind {
                match self { $( $(#[$m])* GameInPlay::$V(..) => GameKind::$V, )+ }
            }
        }

        /// One kind's new-game params ([`GameDef::Params`]), checked.
        #[derive(Debug, Clone, PartialEq)]
        pub enum GameParams {
            $( $(#[$m])* $V(<$def as GameDef>::Params), )+
        }

        impl GameParams {
            pub fn kind(&self) -> GameKind {
                match self { $( $(#[$m])* GameParams::$V(..) => GameKind::$V, )+ }
            }

            /// The kind's defaults (its params from `{}`).
            pub fn default_of(kind: GameKind) -> GameParams {
                match kind { $( $(#[$m])* GameKind::$V => GameParams::$V(Default::default()), )+ }
            }

            /// Params as the view or a test sends them: a field left out is the kind's default;
            /// an unknown field or a bad value is an error.
            pub fn parse(kind: GameKind, value: Value) -> Result<GameParams, ParamsError> {
                Ok(match kind { $( $(#[$m])* GameKind::$V => GameParams::$V(parse_params::<$def>(value)?), )+ })
            }

            /// Params as a settings file keeps them, read field by field: a bad or unknown field
            /// falls back alone (to the kind's default) and is named in the second part.
            pub fn read_lenient(kind: GameKind, value: &Value) -> (GameParams, Vec<String>) {
                match kind { $( $(#[$m])* GameKind::$V => {
                    let (p, rejected) = read_params_lenient::<$def>(value);
                    (GameParams::$V(p), rejected)
                } )+ }
            }

            /// The params as JSON (the object `parse` reads back).
            pub fn to_value(&self) -> Value {
                match self { $( $(#[$m])* GameParams::$V(p) => serde_json::to_value(p).unwrap_or(Value::Null), )+ }
            }

            /// See [`GameDef::can_make`].
            pub fn can_make(&self, source: Source) -> Result<(), MakeError> {
                match self { $( $(#[$m])* GameParams::$V(p) => <$def as GameDef>::can_make(p, source), )+ }
            }

            /// See [`GameDef::own_file`].
            pub fn own_file(&self) -> Option<&str> {
                match self { $( $(#[$m])* GameParams::$V(p) => <$def as GameDef>::own_file(p), )+ }
            }
        }

        // The generated macro's own metavariables are named here, once, so that its matcher and
        // the gathered arms name them with the same hygiene.
        games!(@arms [$d s info D body game bytes seed] [] [] [] $( [$(#[$m])* $V $def $(, $I)?] )+);
    };
    // One entry at a time: its arm of `each_game!` and of `GameInPlay::decode`, by whether the
    // variant holds an info (a macro cannot expand to a match arm, so the arms are gathered).
    (@arms [$d:tt $s:ident $i:ident $D:ident $b:ident $g:ident $by:ident $sd:ident] [$($each:tt)*] [$($dec:tt)*] [$($new:tt)*] [$(#[$m:meta])* $V:ident $def:ty] $($rest:tt)*) => {
        games!(@arms [$d $s $i $D $b $g $by $sd]
            [$($each)* $(#[$m])* GameInPlay::$V($d $s) => {
                #[allow(unused_variables)]
                let $d $i = &();
                type $d $D = $def;
                $d $b
            }]
            [$($dec)* $(#[$m])* GameKind::$V => {
                let (s, (), at) = <$def as GameDef>::decode($by)?;
                (GameInPlay::$V(s), at)
            }]
            [$($new)* $(#[$m])* GameParams::$V(p) => {
                let (s, ()) = <$def as GameDef>::make(p, $sd.0, $sd.1, $sd.2)?;
                GameInPlay::$V(s)
            }]
            $($rest)*);
    };
    (@arms [$d:tt $s:ident $i:ident $D:ident $b:ident $g:ident $by:ident $sd:ident] [$($each:tt)*] [$($dec:tt)*] [$($new:tt)*] [$(#[$m:meta])* $V:ident $def:ty, $I:ty] $($rest:tt)*) => {
        games!(@arms [$d $s $i $D $b $g $by $sd]
            [$($each)* $(#[$m])* GameInPlay::$V($d $s, $d $i) => {
                let _ = &$d $i;
                type $d $D = $def;
                $d $b
            }]
            [$($dec)* $(#[$m])* GameKind::$V => {
                let (s, info, at) = <$def as GameDef>::decode($by)?;
                (GameInPlay::$V(s, info), at)
            }]
            [$($new)* $(#[$m])* GameParams::$V(p) => {
                let (s, info) = <$def as GameDef>::make(p, $sd.0, $sd.1, $sd.2)?;
                GameInPlay::$V(s, info)
            }]
            $($rest)*);
    };
    (@arms [$d:tt $s:ident $i:ident $D:ident $b:ident $g:ident $by:ident $sd:ident] [$($each:tt)*] [$($dec:tt)*] [$($new:tt)*]) => {
        /// Runs `$body` for the game in play with `$s` its session, `$info` its info (`&()` for
        /// a game without one) and `$D` its descriptor type.
        macro_rules! each_game {
            ($d $g:expr, |$d $s:ident, $d $i:ident, $d $D:ident| $d $b:expr) => {
                match $d $g { $($each)* }
            };
        }
        pub(crate) use each_game;

        impl GameInPlay {
            /// A save file of `kind` read back (the envelope is checked by the caller).
            pub(crate) fn decode(kind: GameKind, $by: &[u8]) -> Result<(GameInPlay, u64), LoadError> {
                Ok(match kind { $($dec)* })
            }

            /// A new game from its kind's params ([`GameDef::make`]).
            pub fn make(params: &GameParams, source: Source, seed: u64, progress: &mut dyn FnMut(f32) -> bool) -> Result<GameInPlay, MakeError> {
                let $sd = (source, seed, progress);
                Ok(match params { $($new)* })
            }
        }
    };
}

games! { $
    "sudoku" => Sudoku(crate::sudoku::SudokuSession) = crate::sudoku::def::SudokuDef,
    "kenken" => Kenken(crate::kenken::play::KenkenSession, crate::kenken::play::KenkenInfo) = crate::kenken::def::KenkenDef,
    "slide" => Slide(crate::slide::play::SlideSession, crate::slide::play::SlideInfo) = crate::slide::def::SlideDef,
    // The proof that a kind is one line here and one file: a toy for the tests, not in the app.
    #[cfg(feature = "toy-game")]
    "toy" => Toy(crate::toy::ToySession) = crate::toy::ToyDef,
}

/// Strict params of `D` (see [`GameParams::parse`]).
fn parse_params<D: GameDef>(value: Value) -> Result<D::Params, ParamsError> {
    let p: D::Params = serde_json::from_value(value).map_err(|e| ParamsError(e.to_string()))?;
    D::validate(&p).map_err(ParamsError)?;
    Ok(p)
}

/// Lenient params of `D` (see [`GameParams::read_lenient`]): each stored field is tried on top
/// of the defaults and kept only if the params it makes are valid. A value that is no object
/// at all is rejected whole, named by an empty string.
fn read_params_lenient<D: GameDef>(value: &Value) -> (D::Params, Vec<String>) {
    let mut kept = match serde_json::to_value(D::Params::default()) {
        Ok(Value::Object(m)) => m,
        _ => return (D::Params::default(), Vec::new()),
    };
    let mut rejected = Vec::new();
    let Some(stored) = value.as_object() else {
        if !value.is_null() {
            rejected.push(String::new());
        }
        return (D::Params::default(), rejected);
    };
    for (name, raw) in stored {
        let mut tried = kept.clone();
        tried.insert(name.clone(), raw.clone());
        match parse_params::<D>(Value::Object(tried.clone())) {
            Ok(_) => kept = tried,
            Err(_) => rejected.push(name.clone()),
        }
    }
    let params = parse_params::<D>(Value::Object(kept)).unwrap_or_default();
    (params, rejected)
}

/// The one cell whose value a step changed by the player's hand, as `(row, col, before,
/// after)`: what a correction right after a pen write looks like (pen-grid games).
pub(crate) fn single_value_change(side: usize, changes: &[crate::session::cells::CellChange]) -> Option<(usize, usize, u8, u8)> {
    match changes {
        [c] if c.after.value != 0 && c.before.value != c.after.value => {
            let i = c.cell as usize;
            Some((i / side, i % side, c.before.value, c.after.value))
        }
        _ => None,
    }
}
