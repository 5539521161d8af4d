//! The sliding puzzle as the app plays it ([`GameDef`]): its view, summary, hints as data,
//! save record and statistics key. It is no pen game (the pen methods keep their refusal).

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

use crate::games::{FromText, GameDef, Likeness, MakeError, Progress, Source, StatsKey, TextError};
use crate::play::{parse_action, to_json, Advice, CellRef, Highlight, PlayError};
use crate::save::{LoadError, SaveError};
use crate::session::Session;
use crate::slide::play::{is_known_picture, is_picture_name, move_count, picture_as_kept, Action, SlideGame, SlideInfo, SlideSession};
use crate::slide::{Board, Difficulty, SlideError, MAX_SIDE, MIN_SIDE};

pub struct SlideDef;

/// A new sliding puzzle: rows and columns (3 to 6 each), level, and the picture: a built-in one
/// (`builtin:<id>`), the player's own (a stored picture's name), or `None` for the default
/// built-in one (which is also how `builtin:<default>` is kept).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SlideParams {
    pub rows: u8,
    pub cols: u8,
    pub difficulty: Difficulty,
    #[serde(deserialize_with = "picture_kept")]
    pub picture: Option<String>,
}

impl Default for SlideParams {
    fn default() -> Self {
        SlideParams { rows: 4, cols: 4, difficulty: Difficulty::Medium, picture: None }
    }
}

fn picture_kept<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(picture_as_kept(Option::<String>::deserialize(d)?))
}

/// The most search nodes a sliding-puzzle hint may spend (about a tenth of a second); past it
/// the hint falls back to the quick solver's first move.
const HINT_BUDGET: u64 = 2_000_000;

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

impl GameDef for SlideDef {
    const NAME: &'static str = "sliding";
    const HINT_IDS: &'static [&'static str] = &["optimal_move", "next_move"];
    const SOLVES_BY_STEPS: bool = false;
    type Game = SlideGame;
    type Info = SlideInfo;
    type View = SlideView;
    type Params = SlideParams;

    fn validate(p: &SlideParams) -> Result<(), String> {
        let sides = MIN_SIDE..=MAX_SIDE;
        if !sides.contains(&usize::from(p.rows)) || !sides.contains(&usize::from(p.cols)) {
            return Err(format!("a {}x{} board: each side must be 3 to 6", p.rows, p.cols));
        }
        match &p.picture {
            Some(name) if !is_known_picture(name) => Err(format!("{name:?} is no picture")),
            _ => Ok(()),
        }
    }

    /// A board shuffled to the level's distance (the collection and "made now" are the same).
    fn make(p: &SlideParams, _: Source, seed: u64, _: &mut dyn FnMut(f32) -> bool) -> Result<(SlideSession, SlideInfo), MakeError> {
        let (rows, cols) = (usize::from(p.rows), usize::from(p.cols));
        let board = crate::slide::shuffle(rows, cols, p.difficulty.distance(rows, cols), seed).map_err(|e| MakeError::Failed(e.to_string()))?;
        let info = SlideInfo { difficulty: Some(format!("{:?}", p.difficulty).to_lowercase()), seed: Some(seed), picture: p.picture.clone() };
        Ok((SlideSession::from_game(SlideGame::new(board)), info))
    }

    fn own_file(p: &SlideParams) -> Option<&str> {
        p.picture.as_deref().filter(|name| is_picture_name(name))
    }

    fn act(s: &mut SlideSession, action: Value) -> Result<bool, PlayError> {
        Ok(s.apply(parse_action::<Action>(Self::NAME, action)?)?)
    }

    fn view(s: &SlideSession, info: &SlideInfo) -> SlideView {
        let b = s.game().board();
        SlideView {
            rows: b.rows(),
            cols: b.cols(),
            tiles: b.tiles().to_vec(),
            moves: move_count(s),
            difficulty: info.difficulty.clone(),
            picture: info.picture.clone(),
        }
    }

    fn progress(s: &SlideSession, info: &SlideInfo) -> Progress {
        let b = s.game().board();
        let placed = b.tiles().iter().enumerate().filter(|&(i, &t)| t != 0 && t as usize == i + 1).count();
        Progress { rows: b.rows(), cols: b.cols(), difficulty: info.difficulty.clone(), done: placed, total: b.rows() * b.cols() - 1 }
    }

    fn advice(s: &SlideSession) -> Result<Advice, PlayError> {
        advice(s)
    }

    fn stats_key(s: &SlideSession, info: &SlideInfo) -> StatsKey {
        let b = s.start().board();
        StatsKey { puzzle: format!("{:?}|{:?}", b.tiles(), info.picture), rows: b.rows(), cols: b.cols(), difficulty: info.difficulty.clone() }
    }

    /// The start board as one line.
    fn puzzle_text(s: &SlideSession, _: &SlideInfo) -> String {
        s.start().board().to_line()
    }

    /// The short code of a link (`s3x4.…`).
    fn link_code(s: &SlideSession, _: &SlideInfo) -> String {
        s.start().board().to_code()
    }

    /// A link's code (`s3x4.…`), `RxC: t1 t2 ...`, or a square board of tile numbers separated by spaces or commas (a
    /// permutation of 0..N, so never a Sudoku, whose values repeat).
    fn recognises(text: &str) -> Likeness {
        let first = text.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with('#')).unwrap_or("");
        if Board::looks_like_code(first) || has_size_prefix(first) || (is_tile_list(text) && Board::parse(text.trim()).is_ok()) {
            Likeness::Surely
        } else {
            Likeness::No
        }
    }

    /// A board that no slides can solve is refused here, not after the player has tried.
    fn read_text(text: &str) -> Result<FromText<Self>, TextError> {
        let unreadable = |e: SlideError| TextError::unreadable("slide_puzzle", format!("That sliding puzzle can't be used: {e}."), None, e);
        let board = if Board::looks_like_code(text) { Board::from_code(text) } else { Board::parse(text.trim()) }.map_err(unreadable)?;
        if !board.is_solvable() {
            return Err(unreadable(SlideError::Unsolvable));
        }
        let info = SlideInfo { difficulty: None, seed: None, picture: None };
        Ok(FromText { session: SlideSession::from_game(SlideGame::new(board)), info, technique: None })
    }

    fn stats_moves(s: &SlideSession) -> Option<u64> {
        Some(move_count(s) as u64)
    }

    fn encode(s: &SlideSession, info: &SlideInfo, now_ms: u64) -> Result<Vec<u8>, SaveError> {
        super::save::encode(s, info, now_ms)
    }

    fn decode(bytes: &[u8]) -> Result<(Session<SlideGame>, SlideInfo, u64), LoadError> {
        super::save::decode(bytes)
    }
}

/// The optimal next move where the search is quick; otherwise the quick solver's first move.
fn advice(s: &SlideSession) -> Result<Advice, PlayError> {
    use crate::slide::solver;
    let b = s.game().board();
    if b.is_solved() {
        return Ok(Advice::solved("Every tile is in its place."));
    }
    let (dir, to_go, optimal) = match solver::hint(b, HINT_BUDGET) {
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
    let explanation = if optimal { format!("Slide tile {tile}: {to_go} moves to go at best.") } else { format!("Slide tile {tile}: about {to_go} moves to go.") };
    let (id, technique) = if optimal { ("optimal_move", "Optimal move") } else { ("next_move", "Next move") };
    let apply = to_json(Action::Step { dir });
    let highlight = Highlight { cells: vec![], target: Some(CellRef { row, col }) };
    Ok(Advice { tile: Some(tile), to_go: Some(to_go), ..Advice::new(id, technique, explanation, highlight, apply) })
}

/// `3x4:` before the tiles.
fn has_size_prefix(line: &str) -> bool {
    let Some((dims, _)) = line.split_once(':') else { return false };
    let Some((r, c)) = dims.trim().split_once(['x', 'X']) else { return false };
    [r, c].iter().all(|s| !s.trim().is_empty() && s.trim().chars().all(|ch| ch.is_ascii_digit()))
}

/// Numbers (or `_` for the gap) separated by spaces or commas, at least one of two digits or
/// separated: what a sliding board looks like, and a one-line Sudoku does not.
fn is_tile_list(text: &str) -> bool {
    let tokens: Vec<&str> = text.split(|ch: char| ch.is_whitespace() || ch == ',').filter(|t| !t.is_empty()).collect();
    tokens.len() > 1 && tokens.iter().all(|t| *t == "_" || (t.len() <= 2 && t.chars().all(|c| c.is_ascii_digit())))
}

/// The game in play ([`crate::play::GameInPlay`]) of this kind: its view, hints and steps
/// through the one dispatch.
#[cfg(test)]
mod in_play_tests {
    use crate::play::GameInPlay;

    #[test]
    fn the_sliding_picture_has_no_solve_step() {
        let board = crate::slide::Board::solved(3, 3).unwrap();
        let mut g = GameInPlay::Slide(crate::slide::play::SlideSession::from_game(crate::slide::play::SlideGame::new(board)), Default::default());
        assert_eq!(g.solve_step(0).map(|a| a.id).unwrap_err().kind(), "not_a_pen_game");
    }
}
