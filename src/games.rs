//! What a game *is*, and the one list of games (Tatham's `struct game` and `gamelist[]`).
//!
//! Each kind of game has a descriptor, a type implementing [`GameDef`], in its own module
//! (`sudoku::def`, `kenken::def`, `slide::def`): its view, its summary, its advice, its save
//! record and its statistics key, all written once there. The [`games!`] list below is the only
//! place that names the games: it generates [`GameKind`], [`GameInPlay`], [`BoardView`] and the
//! dispatch (`each_game!`) that `play`, `save` and `stats` go through, so none of them holds a
//! rule of any game and a new kind cannot be half-registered.

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
    fn write_opts(s: &mut Session<Self::Game>, row: usize, col: usize, strokes: &[Stroke], opts: PenOptions) -> Result<PenWrite, PlayError> {
        let _ = (s, row, col, strokes, opts);
        Err(PlayError::NotPenGame(Self::NAME))
    }
    fn replace_guess(s: &mut Session<Self::Game>, row: usize, col: usize, symbol: char) -> Result<(), PlayError> {
        let _ = (s, row, col, symbol);
        Err(PlayError::NotPenGame(Self::NAME))
    }
    fn set_input_mode(s: &mut Session<Self::Game>, mode: InputMode) -> Result<(), PlayError> {
        let _ = (s, mode);
        Err(PlayError::NotPenGame(Self::NAME))
    }
    /// The whole save file of this game ([`crate::save::encode`] with the kind's record).
    fn encode(s: &Session<Self::Game>, info: &Self::Info, now_ms: u64) -> Result<Vec<u8>, SaveError>;
    /// A save file of this kind read back, with its `saved_at_ms`.
    fn decode(bytes: &[u8]) -> Result<(Session<Self::Game>, Self::Info, u64), LoadError>;
    /// A new game made from a seed alone, for a kind without options of its own (the shell's
    /// `new_game` makes such a kind through this); `None`: the kind's options decide (the
    /// shell's per-kind arms, for the three games of today).
    fn from_seed(_seed: u64) -> Option<(Session<Self::Game>, Self::Info)> {
        None
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
            [$($new)* $(#[$m])* GameKind::$V => <$def as GameDef>::from_seed($sd).map(|(s, ())| GameInPlay::$V(s)),]
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
            [$($new)* $(#[$m])* GameKind::$V => <$def as GameDef>::from_seed($sd).map(|(s, info)| GameInPlay::$V(s, info)),]
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

            /// A new game of `kind` from a seed alone ([`GameDef::from_seed`]), or `None` for a
            /// kind whose options make it.
            pub fn from_seed(kind: GameKind, $sd: u64) -> Option<GameInPlay> {
                match kind { $($new)* }
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
