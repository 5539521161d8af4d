//! The sliding-puzzle part of a save: the start board, the board now (a cross-check of the
//! replayed history) and the moves as gap steps.

use serde::{Deserialize, Serialize};

use crate::session::{History, Session, Timer};
use crate::slide::play::{Edit, SlideGame, SlideInfo, SlideSession};
use crate::slide::{Board, Dir};

use crate::save::{inconsistent, replay_error, unfit_step, LoadError};

/// The sliding-puzzle part of a save.
#[derive(Serialize, Deserialize)]
pub(super) struct Record {
    rows: usize,
    cols: usize,
    /// The board the game started from, row-major, 0 = gap.
    start: Vec<u8>,
    /// The board now.
    tiles: Vec<u8>,
    #[serde(default)]
    difficulty: Option<String>,
    #[serde(default)]
    seed: Option<u64>,
    /// The picture: the player's own (a stored file name) or a built-in one other than the
    /// default (`builtin:<id>`); absent = the default built-in picture. Added after version 1
    /// shipped: older saves simply have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    picture: Option<String>,
}

/// `{"gap_before": 5, "steps": "ULLD"}`: the gap's cell before and its single steps.
#[derive(Serialize, Deserialize)]
pub(super) struct EditRecord {
    gap_before: usize,
    steps: String,
}

fn dir_of(ch: char) -> Option<Dir> {
    Dir::ALL.into_iter().find(|d| d.letter() == ch)
}

pub(super) fn record(session: &SlideSession, info: &SlideInfo) -> (Record, History<EditRecord>) {
    let board = session.game().board();
    let rec = Record {
        rows: board.rows(),
        cols: board.cols(),
        start: session.start().board().tiles().to_vec(),
        tiles: board.tiles().to_vec(),
        difficulty: info.difficulty.clone(),
        seed: info.seed,
        picture: info.picture.clone(),
    };
    let history =
        session.history().map(|e: &Edit| EditRecord { gap_before: e.gap_before, steps: crate::slide::steps_to_text(&e.steps) });
    (rec, history)
}

pub(super) fn restore(rec: Record, history: History<EditRecord>, elapsed_ms: u64) -> Result<(SlideSession, SlideInfo), LoadError> {
    let board = Board::new(rec.rows, rec.cols, rec.tiles).map_err(|e| inconsistent(format!("board: {e}")))?;
    let start = Board::new(rec.rows, rec.cols, rec.start).map_err(|e| inconsistent(format!("start: {e}")))?;
    if !start.is_solvable() {
        return Err(inconsistent("the start board cannot be solved"));
    }
    let cells = rec.rows * rec.cols;
    let history = history.try_map(|undone, k, e: &EditRecord| {
        let steps = e.steps.chars().map(dir_of).collect::<Option<Vec<Dir>>>();
        match steps {
            Some(steps) if !steps.is_empty() && e.gap_before < cells => Ok(Edit { gap_before: e.gap_before, steps }),
            _ => Err(unfit_step(undone, k, "move")),
        }
    })?;
    let session = Session::replay(SlideGame::new(start), history, Timer::paused_at(elapsed_ms)).map_err(replay_error)?;
    if session.game().board() != &board {
        return Err(inconsistent("replaying the history from the start board does not lead to the saved board"));
    }
    // A name that is neither a stored picture's nor a built-in one's (a hand-edited save, or a
    // built-in picture of a later version) falls back to the default picture: the game itself
    // is intact.
    let picture = crate::slide::play::picture_as_kept(rec.picture.filter(|p| crate::slide::play::is_known_picture(p)));
    Ok((session, SlideInfo { difficulty: rec.difficulty, seed: rec.seed, picture }))
}

/// A sliding puzzle as save-file bytes (`GameDef::encode`); it keeps no handwriting: version 1.
pub(crate) fn encode(s: &SlideSession, info: &SlideInfo, now_ms: u64) -> Result<Vec<u8>, crate::save::SaveError> {
    let (rec, history) = record(s, info);
    crate::save::encode(crate::play::GameKind::Slide, now_ms, crate::save::envelope(s, now_ms, 1), rec, history)
}

/// A sliding puzzle read back from save-file bytes, with its `saved_at_ms` (`GameDef::decode`).
pub(crate) fn decode(bytes: &[u8]) -> Result<(SlideSession, SlideInfo, u64), LoadError> {
    let f: crate::save::SaveFile<Record, History<EditRecord>> = crate::save::read_file(bytes)?;
    let kept = crate::save::kept(&f);
    let (mut s, info) = restore(f.game, f.history, f.elapsed_ms)?;
    crate::save::settle(&mut s, kept);
    Ok((s, info, f.saved_at_ms))
}
