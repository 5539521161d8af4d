//! The toy game (Tatham's `nullgame.c`, the smallest game there is): a 3x3 board of lights,
//! a move switches one, and it is solved when all are on. It exists to prove that a kind is
//! one line in the `games!` list and this one file; it is built only with the `toy-game`
//! feature, which the shell's tests turn on and the app does not.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::games::{FromText, GameDef, Likeness, MakeError, Progress, Source, StatsKey, TextError};
use crate::play::{parse_action, to_json, Advice, CellRef, Highlight, PlayError};
use crate::save::{LoadError, SaveError};
use crate::session::{EditMismatch, Game, History, Session, Timer};

/// The side of the board.
pub const SIDE: usize = 3;
const CELLS: usize = SIDE * SIDE;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToyGame {
    on: [bool; CELLS],
}

/// A move. JSON: `{"type": "toggle", "cell": 4}` (row-major).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    Toggle { cell: usize },
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ToyError {
    #[error("cell {0} is not on the 3x3 board")]
    NoCell(usize),
    #[error("damaged history: {0}")]
    Damaged(String),
    #[error("a board is nine lights, 0 or 1")]
    NotLights,
    #[error("every light is already on")]
    AllOn,
}

impl From<EditMismatch> for ToyError {
    fn from(e: EditMismatch) -> Self {
        ToyError::Damaged(e.0)
    }
}

pub type ToySession = Session<ToyGame>;

/// The toy has nothing to choose: `{}`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ToyParams {}

impl ToyGame {
    /// The lights from a seed, never all on (a solved game is no game).
    pub fn from_seed(seed: u64) -> ToyGame {
        let mut on = [false; CELLS];
        for (i, light) in on.iter_mut().enumerate() {
            *light = (seed >> i) & 1 == 1;
        }
        if on.iter().all(|&b| b) {
            on[(seed % CELLS as u64) as usize] = false;
        }
        ToyGame { on }
    }

    pub fn lights(&self) -> &[bool; CELLS] {
        &self.on
    }

    fn to_line(&self) -> String {
        self.on.iter().map(|&b| if b { '1' } else { '0' }).collect()
    }

    fn from_line(line: &str) -> Option<ToyGame> {
        let mut on = [false; CELLS];
        if line.chars().count() != CELLS {
            return None;
        }
        for (light, ch) in on.iter_mut().zip(line.chars()) {
            *light = match ch {
                '1' => true,
                '0' => false,
                _ => return None,
            };
        }
        Some(ToyGame { on })
    }
}

impl Game for ToyGame {
    type Action = Action;
    /// The cell switched (a switch is its own inverse).
    type Edit = usize;
    type Error = ToyError;

    fn plan(&self, action: &Action) -> Result<Option<usize>, ToyError> {
        let Action::Toggle { cell } = *action;
        if cell >= CELLS {
            return Err(ToyError::NoCell(cell));
        }
        Ok(Some(cell))
    }

    fn forward(&mut self, &cell: &usize) -> Result<(), EditMismatch> {
        let light = self.on.get_mut(cell).ok_or_else(|| EditMismatch(format!("no cell {cell}")))?;
        *light = !*light;
        Ok(())
    }

    fn backward(&mut self, edit: &usize) -> Result<(), EditMismatch> {
        self.forward(edit)
    }

    fn is_solved(&self) -> bool {
        self.on.iter().all(|&b| b)
    }
}

/// The toy's board as the view would draw it (no screen draws it: the view has no toy).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ToyView {
    pub rows: usize,
    pub cols: usize,
    pub lights: Vec<bool>,
}

/// The toy's part of a save: the start and the lights now (a cross-check of the replay).
#[derive(Serialize, Deserialize)]
struct Record {
    start: String,
    lights: String,
}

pub struct ToyDef;

impl GameDef for ToyDef {
    const NAME: &'static str = "lights";
    // Its `switch_on` hint is named nowhere: the toy is not shown, so it has no sentence in
    // the view's catalogues and declares none here.
    const HINT_IDS: &'static [&'static str] = &[];
    const SOLVES_BY_STEPS: bool = false;
    type Game = ToyGame;
    type Info = ();
    type View = ToyView;
    type Params = ToyParams;

    fn act(s: &mut ToySession, action: Value) -> Result<bool, PlayError> {
        s.apply(parse_action::<Action>(Self::NAME, action)?).map_err(|e| PlayError::BadAction { kind: Self::NAME, detail: e.to_string() })
    }

    fn view(s: &ToySession, _: &()) -> ToyView {
        ToyView { rows: SIDE, cols: SIDE, lights: s.game().on.to_vec() }
    }

    fn progress(s: &ToySession, _: &()) -> Progress {
        Progress { rows: SIDE, cols: SIDE, difficulty: None, done: s.game().on.iter().filter(|&&b| b).count(), total: CELLS }
    }

    /// The first light that is off: switch it.
    fn advice(s: &ToySession) -> Result<Advice, PlayError> {
        let Some(cell) = s.game().on.iter().position(|&b| !b) else {
            return Ok(Advice::solved("Every light is on."));
        };
        let target = Some(CellRef { row: cell / SIDE, col: cell % SIDE });
        let apply = to_json(Action::Toggle { cell });
        Ok(Advice::new("switch_on", "Switch on", format!("Switch on light {}.", cell + 1), Highlight { cells: vec![], target }, apply))
    }

    fn stats_key(s: &ToySession, _: &()) -> StatsKey {
        StatsKey { puzzle: s.start().to_line(), rows: SIDE, cols: SIDE, difficulty: None }
    }

    /// The start's lights as one line of nine `0`/`1`, row by row.
    fn puzzle_text(s: &ToySession, _: &()) -> String {
        s.start().to_line()
    }

    /// One line of nine `0`/`1` is surely the toy's (no other game's text is that).
    fn recognises(text: &str) -> Likeness {
        let t = text.trim();
        if t.chars().count() == CELLS && t.chars().all(|c| c == '0' || c == '1') {
            Likeness::Surely
        } else {
            Likeness::No
        }
    }

    fn read_text(text: &str) -> Result<FromText<Self>, TextError> {
        let unreadable = |e: ToyError| TextError::unreadable("toy_puzzle", format!("Those lights can't be used: {e}."), None, e);
        let game = ToyGame::from_line(text.trim()).ok_or_else(|| unreadable(ToyError::NotLights))?;
        if game.is_solved() {
            return Err(unreadable(ToyError::AllOn));
        }
        Ok(FromText { session: Session::from_game(game), info: (), technique: None })
    }

    fn encode(s: &ToySession, _: &(), now_ms: u64) -> Result<Vec<u8>, SaveError> {
        let rec = Record { start: s.start().to_line(), lights: s.game().to_line() };
        let history = s.history().map(|&cell| cell);
        crate::save::encode(crate::play::GameKind::Toy, now_ms, crate::save::envelope(s, now_ms, 1), rec, history)
    }

    fn decode(bytes: &[u8]) -> Result<(ToySession, (), u64), LoadError> {
        use crate::save::{inconsistent, replay_error, unfit_step};
        let f: crate::save::SaveFile<Record, History<usize>> = crate::save::read_file(bytes)?;
        let kept = crate::save::kept(&f);
        let start = ToyGame::from_line(&f.game.start).ok_or_else(|| inconsistent("start: not nine lights"))?;
        let lights = ToyGame::from_line(&f.game.lights).ok_or_else(|| inconsistent("lights: not nine lights"))?;
        let history = f.history.try_map(|undone, k, &cell| if cell < CELLS { Ok(cell) } else { Err(unfit_step(undone, k, "switch")) })?;
        let mut s = Session::replay(start, history, Timer::paused_at(f.elapsed_ms)).map_err(replay_error)?;
        if s.game() != &lights {
            return Err(inconsistent("replaying the history from the start does not lead to the saved lights"));
        }
        crate::save::settle(&mut s, kept);
        Ok((s, (), f.saved_at_ms))
    }

    fn make(_: &ToyParams, _: Source, seed: u64, _: &mut dyn FnMut(f32) -> bool) -> Result<(ToySession, ()), MakeError> {
        Ok((Session::from_game(ToyGame::from_seed(seed)), ()))
    }

    fn entry() -> Option<&'static crate::games::Entry> {
        Some(&ENTRY)
    }
}

/// The toy's "Enter a puzzle" (the proof that an entry is the game's own, reached through the
/// list): a drawing `{lights: "101001101"}`, nine lights row-major; all on is no puzzle.
static ENTRY: crate::games::Entry = crate::games::Entry {
    sizes: &[3],
    formats: &[crate::entry::FileFormat { id: "text", filter: "puzzle_text", extensions: &["txt"] }],
    any_filter: "puzzle_text",
    check: |v| {
        Ok(match entered(v) {
            Ok(_) => serde_json::json!({"verdict": "unique", "solution": "111111111"}),
            Err(crate::entry::EntryError::Invalid { message, .. }) => serde_json::json!({"verdict": "invalid", "message": message}),
            Err(e) => return Err(e),
        })
    },
    play: |v| Ok(crate::games::Played { game: crate::play::GameInPlay::Toy(Session::from_game(entered(v)?)), level: None, technique: None }),
    read: |text| {
        let game = ToyGame::from_line(text.trim()).ok_or_else(|| invalid("a file of lights is nine 0s and 1s"))?;
        Ok(serde_json::json!({"lights": game.to_line()}))
    },
    stem: |v| entered(v.clone()).map(|_| "lights".to_string()),
    write: |v, _| Ok(entered(v.clone())?.to_line() + "\n"),
    board: None,
    screen: true,
};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Drawing {
    lights: String,
}

fn entered(v: Value) -> Result<ToyGame, crate::entry::EntryError> {
    let d: Drawing = crate::entry::drawing(v)?;
    let game = ToyGame::from_line(&d.lights).ok_or_else(|| invalid("nine lights, each 0 or 1"))?;
    if game.is_solved() {
        return Err(invalid("every light is on already"));
    }
    Ok(game)
}

fn invalid(why: &str) -> crate::entry::EntryError {
    crate::entry::EntryError::Invalid { code: "toy_puzzle", message: format!("Those lights can't be used: {why}."), detail: None }
}

/// The toy's test hooks: lights from a random seed, a switch of a random cell (now and then
/// one off the board, refused).
#[cfg(any(test, feature = "testkit"))]
impl crate::testkit::TestHooks for ToyDef {
    fn sample(rng: &mut rand::rngs::StdRng) -> (ToySession, ()) {
        use rand::Rng;
        (Session::from_game(ToyGame::from_seed(rng.random())), ())
    }

    fn random_move(_: &ToySession, rng: &mut rand::rngs::StdRng) -> Action {
        use rand::Rng;
        Action::Toggle { cell: rng.random_range(0..=CELLS) }
    }

    fn drawn(view: &ToyView) -> usize {
        view.lights.len()
    }
}
