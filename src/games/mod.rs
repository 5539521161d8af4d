//! The one list of games (Tatham's `gamelist[]`), and what a game is ([`def`]: `puzzles.h`'s
//! `struct game`).
//!
//! - [`def`] is a leaf every game's descriptor implements: the [`GameDef`] trait and the types
//!   it speaks in ([`Advice`], [`PlayError`], [`Progress`], [`StatsKey`], [`Source`], ...).
//! - This module holds the [`games!`] list below, the only place that names the games: it
//!   generates [`GameKind`], [`GameInPlay`], [`GameParams`], [`BoardView`] and the dispatch
//!   (`each_game!`) that `play`, `save`, `stats` and `import` go through, so none of them holds
//!   a rule of any game and a new kind cannot be half-registered.
//!
//! Each kind of game has a descriptor, a type implementing [`GameDef`], in its own module
//! (`sudoku::def`, `kenken::def`, `slide::def`): its new-game params and how a game is made from
//! them, its view, its summary, its advice, its text, its save record and its statistics key,
//! all written once there.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::save::LoadError;

pub mod def;
pub use def::*;

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
    /// Whether the view has an entry screen of the game's own to draw on (KenKen's cages; a
    /// Killer's cages or a Jigsaw's regions, before their givens go on the `board`): the side
    /// screen `entry` can be open only for such a game.
    pub screen: bool,
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
    /// A blank board of `size` being entered, as a game in play; `shape`: what the game's
    /// entry screen drew first, when the board has more than its size (a Killer's cages, a
    /// Jigsaw's regions: `variants/entry.rs`), in the game's own JSON.
    pub blank: fn(u8, Option<Value>) -> Result<GameInPlay, crate::entry::EntryError>,
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

            /// See [`GameDef::recognises`].
            pub fn recognises(self, text: &str) -> Likeness {
                match self { $( $(#[$m])* GameKind::$V => <$def as GameDef>::recognises(text), )+ }
            }

            /// The kind's daily puzzle params at `level` ([`GameDef::daily`]), if it has one.
            pub fn daily(self, level: crate::daily::Level) -> Option<GameParams> {
                match self { $( $(#[$m])* GameKind::$V => <$def as GameDef>::daily(level).map(GameParams::$V), )+ }
            }

            /// The advice ids the kind's hints can give ([`GameDef::HINT_IDS`]).
            pub fn hint_ids(self) -> &'static [&'static str] {
                match self { $( $(#[$m])* GameKind::$V => <$def as GameDef>::HINT_IDS, )+ }
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
        games!(@arms [$d s info D body game bytes seed] [] [] [] [] [] $( [$(#[$m])* $V $def $(, $I)?] )+);
    };
    // One entry at a time: its arm of `each_game!` and of `GameInPlay::decode`, by whether the
    // variant holds an info (a macro cannot expand to a match arm, so the arms are gathered).
    (@arms [$d:tt $s:ident $i:ident $D:ident $b:ident $g:ident $by:ident $sd:ident] [$($each:tt)*] [$($dec:tt)*] [$($new:tt)*] [$($txt:tt)*] [$($visit:tt)*] [$(#[$m:meta])* $V:ident $def:ty] $($rest:tt)*) => {
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
            [$($txt)* $(#[$m])* GameKind::$V => {
                let FromText { session, info: (), technique } = <$def as GameDef>::read_text($by)?;
                (GameInPlay::$V(session), technique)
            }]
            [$($visit)* $(#[$m])* $by.visit::<$def>(GameKind::$V, |s, ()| GameInPlay::$V(s));]
            $($rest)*);
    };
    (@arms [$d:tt $s:ident $i:ident $D:ident $b:ident $g:ident $by:ident $sd:ident] [$($each:tt)*] [$($dec:tt)*] [$($new:tt)*] [$($txt:tt)*] [$($visit:tt)*] [$(#[$m:meta])* $V:ident $def:ty, $I:ty] $($rest:tt)*) => {
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
            [$($txt)* $(#[$m])* GameKind::$V => {
                let FromText { session, info, technique } = <$def as GameDef>::read_text($by)?;
                (GameInPlay::$V(session, info), technique)
            }]
            [$($visit)* $(#[$m])* $by.visit::<$def>(GameKind::$V, |s, i| GameInPlay::$V(s, i));]
            $($rest)*);
    };
    (@arms [$d:tt $s:ident $i:ident $D:ident $b:ident $g:ident $by:ident $sd:ident] [$($each:tt)*] [$($dec:tt)*] [$($new:tt)*] [$($txt:tt)*] [$($visit:tt)*]) => {
        /// Runs `$body` for the game in play with `$s` its session, `$info` its info (`&()` for
        /// a game without one) and `$D` its descriptor type.
        macro_rules! each_game {
            ($d $g:expr, |$d $s:ident, $d $i:ident, $d $D:ident| $d $b:expr) => {
                match $d $g { $($each)* }
            };
        }
        pub(crate) use each_game;

        /// Hands every kind of the list, in its order, to `visitor` (the tests' loop over the
        /// list: see [`crate::testkit`]).
        #[cfg(any(test, feature = "testkit"))]
        pub fn each_kind($by: &mut impl crate::testkit::EachKind) {
            $($visit)*
        }

        impl GameInPlay {
            /// A save file of `kind` read back (the envelope is checked by the caller).
            pub(crate) fn decode(kind: GameKind, $by: &[u8]) -> Result<(GameInPlay, u64), LoadError> {
                Ok(match kind { $($dec)* })
            }

            /// A game of `kind` read from its puzzle text ([`GameDef::read_text`]), with the
            /// hardest technique it needs if the kind rates it so.
            pub fn read_text(kind: GameKind, $by: &str) -> Result<(GameInPlay, Option<&'static str>), TextError> {
                Ok(match kind { $($txt)* })
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
    "sudoku-x" => SudokuX(crate::sudoku::SudokuSession) = crate::variants::def::VariantDef<crate::variants::def::X>,
    "jigsaw" => Jigsaw(crate::sudoku::SudokuSession) = crate::variants::def::VariantDef<crate::variants::def::Jigsaw>,
    "killer" => Killer(crate::sudoku::SudokuSession) = crate::variants::def::VariantDef<crate::variants::def::Killer>,
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
