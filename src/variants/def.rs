//! The variants as the app plays them ([`GameDef`]), one kind each: Sudoku X (`sudoku-x`),
//! Jigsaw (`jigsaw`) and Killer (`killer`, with Killer X as its "X" option). Each is a
//! Sudoku on a board of its own ([`SudokuGame::with_variant`]), so play, the pen, marks, hints,
//! steps and saves are Sudoku's; what is the variant's is here: its params, how a game is made,
//! its text (Solo's game ID, both ways), its statistics key and its kind in saves.

use std::marker::PhantomData;
use std::sync::Arc;

use rand::SeedableRng;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::games::{FromText, GameDef, Likeness, MakeError, Pen, Progress, Source, StatsKey, TextError};
use crate::play::{Advice, PlayError};
use crate::save::{LoadError, SaveError};
use crate::session::marks::MarkKind;
use crate::session::{CheckpointError, Session};
use crate::sudoku::def::SudokuDef;
use crate::sudoku::play::{SudokuGame, SudokuSession, SudokuView};
use crate::sudoku::solo::SoloPuzzle;
use crate::sudoku::Difficulty;

use super::generator::{self, GenerateError, Options};
use super::{Kind, Puzzle, Rules};

/// What tells the three kinds apart; the rest of [`VariantDef`] is written once.
pub trait Variety: 'static + Clone + std::fmt::Debug + PartialEq {
    /// Its name for a player ("Killer Sudoku").
    const NAME: &'static str;
    /// Its kind in the list of games (saves, the view).
    const GAME: crate::games::GameKind;
    /// The variant made from params (`x`: the Killer's X option).
    fn kind(x: bool) -> Kind;
    /// Whether a puzzle of `kind` is this kind's.
    fn holds(kind: Kind) -> bool;
    /// The board sides its "Enter a puzzle" offers.
    const SIZES: &'static [u8];
    /// Whether its entry draws a shape on a screen of its own before the givens (a Killer's
    /// cages, a Jigsaw's regions; a Sudoku X has only givens).
    const DRAWN: bool;
    /// Its "Enter a puzzle" ([`super::entry::entry`]).
    const ENTRY: &'static crate::games::Entry;
    /// A session of this kind as the game in play.
    fn in_play(s: SudokuSession) -> crate::play::GameInPlay;
    /// The session of a game in play of this kind.
    fn session(g: &crate::play::GameInPlay) -> Option<&SudokuSession>;
}

static X_ENTRY: crate::games::Entry = super::entry::entry::<X>();
static JIGSAW_ENTRY: crate::games::Entry = super::entry::entry::<Jigsaw>();
static KILLER_ENTRY: crate::games::Entry = super::entry::entry::<Killer>();

#[derive(Debug, Clone, PartialEq)]
pub struct X;
#[derive(Debug, Clone, PartialEq)]
pub struct Jigsaw;
#[derive(Debug, Clone, PartialEq)]
pub struct Killer;

impl Variety for X {
    const SIZES: &'static [u8] = &[6, 9];
    const DRAWN: bool = false;
    const ENTRY: &'static crate::games::Entry = &X_ENTRY;
    fn in_play(s: SudokuSession) -> crate::play::GameInPlay {
        crate::play::GameInPlay::SudokuX(s)
    }
    fn session(g: &crate::play::GameInPlay) -> Option<&SudokuSession> {
        match g {
            crate::play::GameInPlay::SudokuX(s) => Some(s),
            _ => None,
        }
    }
    const NAME: &'static str = "Sudoku X";
    const GAME: crate::games::GameKind = crate::games::GameKind::SudokuX;
    fn kind(_: bool) -> Kind {
        Kind::X
    }
    fn holds(kind: Kind) -> bool {
        kind == Kind::X
    }
}

impl Variety for Jigsaw {
    const SIZES: &'static [u8] = &[6, 9];
    const DRAWN: bool = true;
    const ENTRY: &'static crate::games::Entry = &JIGSAW_ENTRY;
    fn in_play(s: SudokuSession) -> crate::play::GameInPlay {
        crate::play::GameInPlay::Jigsaw(s)
    }
    fn session(g: &crate::play::GameInPlay) -> Option<&SudokuSession> {
        match g {
            crate::play::GameInPlay::Jigsaw(s) => Some(s),
            _ => None,
        }
    }
    const NAME: &'static str = "Jigsaw Sudoku";
    const GAME: crate::games::GameKind = crate::games::GameKind::Jigsaw;
    fn kind(_: bool) -> Kind {
        Kind::Jigsaw
    }
    fn holds(kind: Kind) -> bool {
        kind == Kind::Jigsaw
    }
}

impl Variety for Killer {
    const SIZES: &'static [u8] = &[9];
    const DRAWN: bool = true;
    const ENTRY: &'static crate::games::Entry = &KILLER_ENTRY;
    fn in_play(s: SudokuSession) -> crate::play::GameInPlay {
        crate::play::GameInPlay::Killer(s)
    }
    fn session(g: &crate::play::GameInPlay) -> Option<&SudokuSession> {
        match g {
            crate::play::GameInPlay::Killer(s) => Some(s),
            _ => None,
        }
    }
    const NAME: &'static str = "Killer Sudoku";
    const GAME: crate::games::GameKind = crate::games::GameKind::Killer;
    fn kind(x: bool) -> Kind {
        if x {
            Kind::KillerX
        } else {
            Kind::Killer
        }
    }
    fn holds(kind: Kind) -> bool {
        kind.is_killer()
    }
}

/// A variant's kind of game.
pub struct VariantDef<V: Variety>(PhantomData<V>);

/// A new variant game: size (X and Jigsaw: 6 or 9; Killer: 9), level, and for a Killer whether
/// its diagonals hold every digit too (Killer X).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct VariantParams {
    pub size: u8,
    pub difficulty: Difficulty,
    pub x: bool,
}

impl Default for VariantParams {
    fn default() -> Self {
        VariantParams { size: 9, difficulty: Difficulty::Easy, x: false }
    }
}

/// The board a variant's view draws: Sudoku's, with the variant's regions, diagonals and cages
/// (`variant`). A type of each kind's own, so the list can tell the kinds' views apart.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(transparent, bound = "")]
pub struct VariantView<V: Variety>(pub SudokuView, #[serde(skip)] PhantomData<V>);

/// The variant's puzzle of a game: its rules and givens.
fn puzzle_of(g: &SudokuGame) -> Option<Puzzle> {
    let geo = g.variant()?;
    let layout = geo.layout();
    let rules = Rules::new(g.shape(), layout.regions, layout.jigsaw, layout.x, layout.cages).ok()?;
    Some(Puzzle { rules, givens: g.givens().clone() })
}

/// A game of a puzzle with its solution.
fn session_of(p: &Puzzle, solution: crate::grid::Grid, label: &str, seed: Option<u64>) -> Result<SudokuSession, String> {
    let game = SudokuGame::with_variant(p.givens.clone(), solution, label, seed, Arc::clone(p.rules.geometry())).map_err(|e| e.to_string())?;
    Ok(Session::from_game(game))
}

impl<V: Variety> GameDef for VariantDef<V> {
    const NAME: &'static str = V::NAME;
    const HINT_IDS: &'static [&'static str] = SudokuDef::HINT_IDS;
    type Game = SudokuGame;
    type Info = ();
    type View = VariantView<V>;
    type Params = VariantParams;

    fn validate(p: &VariantParams) -> Result<(), String> {
        let kind = V::kind(p.x);
        if p.x && !kind.is_killer() {
            return Err(format!("{} has no X option", V::NAME));
        }
        if !generator::available(kind, p.size) {
            let sizes: Vec<String> = kind.sizes().iter().map(u8::to_string).collect();
            return Err(format!("a {} is {} cells wide, not {}", V::NAME, sizes.join(" or "), p.size));
        }
        Ok(())
    }

    /// A 9x9 (a Killer without its X), as printed dailies are: the day's puzzle of each variant.
    fn daily(level: crate::daily::Level) -> Option<VariantParams> {
        Some(VariantParams { size: 9, difficulty: level.into(), x: false })
    }

    /// From the collection: a banked puzzle of that size and level, freshly transformed
    /// (`super::bank`). Fresh: the generator, with progress and cancel.
    fn make(p: &VariantParams, source: Source, seed: u64, progress: &mut dyn FnMut(f32) -> bool) -> Result<(SudokuSession, ()), MakeError> {
        Self::validate(p).map_err(MakeError::Unavailable)?;
        let kind = V::kind(p.x);
        let banked = match source {
            Source::Collection => super::bank::instant(kind, p.size, p.difficulty, &mut rand::rngs::StdRng::seed_from_u64(seed)),
            Source::Fresh => None,
        };
        let puzzle = match banked {
            Some(puzzle) => puzzle,
            None => generator::generate(&Options { kind, size: p.size, difficulty: p.difficulty, seed }, progress).map_err(|e| match e {
                GenerateError::Cancelled => MakeError::Cancelled,
                e => MakeError::Failed(e.to_string()),
            })?,
        };
        let solution = puzzle.unique_solution().ok_or_else(|| MakeError::Failed("the puzzle made has no single solution".into()))?;
        let session = session_of(&puzzle, solution, p.difficulty.name(), Some(seed)).map_err(MakeError::Failed)?;
        Ok((session, ()))
    }

    fn act(s: &mut SudokuSession, action: Value) -> Result<bool, PlayError> {
        SudokuDef::act(s, action)
    }

    fn view(s: &SudokuSession, _: &()) -> VariantView<V> {
        VariantView(s.board_view(), PhantomData)
    }

    fn progress(s: &SudokuSession, info: &()) -> Progress {
        SudokuDef::progress(s, info)
    }

    fn advice(s: &SudokuSession) -> Result<Advice, PlayError> {
        SudokuDef::advice(s)
    }

    fn apply_step(s: &mut SudokuSession, advice: &Advice, lists: MarkKind) -> Result<(), PlayError> {
        SudokuDef::apply_step(s, advice, lists)
    }

    /// The puzzle as its Solo game ID: the same puzzle is the same game in the statistics.
    fn stats_key(s: &SudokuSession, _: &()) -> StatsKey {
        let g = s.start();
        let n = g.shape().n();
        StatsKey { puzzle: Self::puzzle_text(s, &()), rows: n, cols: n, difficulty: Some(g.difficulty().to_string()) }
    }

    /// Solo's game ID (`3x3k:…`), which Solo plays too.
    fn puzzle_text(s: &SudokuSession, _: &()) -> String {
        puzzle_of(s.game()).and_then(|p| p.solo_id().ok()).unwrap_or_else(|| s.game().givens().to_line())
    }

    /// A Solo game ID of this kind is surely this kind's; any other text is not.
    fn recognises(text: &str) -> Likeness {
        match SoloPuzzle::read(text).ok().and_then(|p| Puzzle::from_solo(&p).ok()).and_then(|p| p.rules.kind().ok()) {
            Some(kind) if V::holds(kind) => Likeness::Surely,
            _ => Likeness::No,
        }
    }

    /// A pasted Solo game ID: one solution, rated by the human techniques.
    fn read_text(text: &str) -> Result<FromText<Self>, TextError> {
        let p = Puzzle::read_solo(text).map_err(|e| TextError::unreadable("solo_id", format!("That Solo game ID can't be read: {e}."), None, e))?;
        let found = p.solutions();
        if found.gave_up {
            let e = super::RulesError::TooOpen;
            return Err(TextError::unreadable("solo_id", format!("That puzzle can't be played: {e}."), None, e));
        }
        let solution = match found.count {
            0 => return Err(TextError::NoSolution),
            1 => found.first.and_then(|v| crate::grid::Grid::from_values(p.givens.shape(), v)).ok_or_else(|| TextError::Internal("the solution does not fit the board".into()))?,
            _ => return Err(TextError::NotUnique),
        };
        let rating = p.rate().ok();
        let session = session_of(&p, solution, rating.map_or("unrated", |r| r.level.name()), None).map_err(TextError::Internal)?;
        Ok(FromText { session, info: (), technique: rating.map(|r| r.hardest.name()) })
    }

    fn was_solved_by_computer(s: &SudokuSession) -> bool {
        SudokuDef::was_solved_by_computer(s)
    }

    fn is_being_entered(s: &SudokuSession) -> bool {
        SudokuDef::is_being_entered(s)
    }

    /// Drawn on the entry screen (a Killer's cages, a Jigsaw's regions), the givens written on
    /// the board (`super::entry`).
    fn entry() -> Option<&'static crate::games::Entry> {
        Some(V::ENTRY)
    }

    fn wrong_values(s: &SudokuSession, info: &()) -> Result<Box<dyn Fn(&SudokuGame) -> bool>, CheckpointError> {
        SudokuDef::wrong_values(s, info)
    }

    fn last_value_change(s: &SudokuSession) -> Option<(usize, usize, u8, u8)> {
        SudokuDef::last_value_change(s)
    }

    fn pen() -> Option<Pen<SudokuGame>> {
        SudokuDef::pen()
    }

    fn encode(s: &SudokuSession, _: &(), now_ms: u64) -> Result<Vec<u8>, SaveError> {
        if s.game().variant().is_none() {
            return Err(SaveError::Encode(format!("a {} game without its variant's board", V::NAME)));
        }
        crate::sudoku::save::encode_as(V::GAME, s, now_ms)
    }

    fn decode(bytes: &[u8]) -> Result<(Session<SudokuGame>, (), u64), LoadError> {
        crate::sudoku::save::decode_as(bytes, true)
    }
}

/// Whether a Solo game ID is one of the variants (which classic Sudoku leaves to them).
pub fn is_variant_id(text: &str) -> bool {
    SoloPuzzle::read(text).is_ok_and(|p| !p.variant().is_classic())
}
