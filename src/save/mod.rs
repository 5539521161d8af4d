//! The versioned on-disk format of a game in play, atomic writes with a backup, precise load
//! errors and recovery. The format is described in `docs/save-format.md`.
//!
//! Autosave and "save to a file of the player's choosing" (`.inkdoku`) share one format.
//! Loading is a pure function from bytes to a new session: a bad file never touches the game in
//! play, and never panics.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::grid::Grid;
use crate::session::{Edit, History, Note, Sudoku, SudokuSession, Timer};

mod atomic;
mod games;
mod recover;

pub use atomic::{backup_path, write_atomic, write_atomic_no_backup};
pub use games::{KenkenInfo, LoadedKenken, LoadedSlide, SlideInfo};
pub use recover::{load_or_recover, load_or_recover_game, remove_stale_temp_files, GameRecovery, Recovery};

use crate::kenken::session::KenkenSession;
use crate::slide::session::SlideSession;

/// The `format` field of every save file.
pub const FORMAT: &str = "inkdoku-save";
/// The newest format version this build writes and reads.
pub const VERSION: u32 = 1;
/// The file extension for games saved where the player chooses.
pub const EXTENSION: &str = "inkdoku";
/// Bigger files are refused unread: a real save is kilobytes, a long history a few megabytes.
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// Why a save file could not be loaded. Every variant reads as a sentence a player can see.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LoadError {
    #[error("there is no saved game at {path}")]
    Missing { path: PathBuf },
    #[error("the saved game at {path} could not be read ({message})")]
    Io { path: PathBuf, message: String },
    #[error("the saved game is too large to be genuine ({bytes} bytes)")]
    TooLarge { bytes: u64 },
    #[error("the saved game is empty")]
    Empty,
    #[error("the saved game is cut short (it was probably interrupted while being written)")]
    Truncated,
    #[error("the saved game is damaged (unreadable data at line {line}, column {column})")]
    Corrupt { line: usize, column: usize },
    #[error("this file is not an Inkdoku saved game")]
    NotASave,
    #[error("this game was saved by a newer version of Inkdoku (format {found}; this version reads up to {supported})")]
    NewerVersion { found: u32, supported: u32 },
    #[error("this saved game is a kind of puzzle this version does not know (\"{kind}\")")]
    UnknownKind { kind: String },
    #[error("this saved game is a {} puzzle, not a {} puzzle", kind_name(.found), kind_name(.expected))]
    WrongKind { expected: String, found: String },
    #[error("the saved game is damaged (unexpected structure: {detail})")]
    Structure { detail: String },
    #[error("the saved game is damaged (its contents don't add up: {detail})")]
    Inconsistent { detail: String },
}

impl LoadError {
    /// A stable machine-readable code for IPC (`{kind, message}`).
    pub fn kind(&self) -> &'static str {
        match self {
            LoadError::Missing { .. } => "missing",
            LoadError::Io { .. } => "io",
            LoadError::TooLarge { .. } => "too_large",
            LoadError::Empty => "empty",
            LoadError::Truncated => "truncated",
            LoadError::Corrupt { .. } => "corrupt",
            LoadError::NotASave => "not_a_save",
            LoadError::NewerVersion { .. } => "newer_version",
            LoadError::UnknownKind { .. } => "unknown_kind",
            LoadError::WrongKind { .. } => "wrong_kind",
            LoadError::Structure { .. } => "structure",
            LoadError::Inconsistent { .. } => "inconsistent",
        }
    }

    /// The file's content is bad (as opposed to missing or unreadable right now): it should be
    /// set aside so that the next autosave does not overwrite it.
    pub fn is_bad_content(&self) -> bool {
        !matches!(self, LoadError::Missing { .. } | LoadError::Io { .. })
    }
}

/// Why a game could not be saved.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SaveError {
    #[error("the game could not be saved to {path} ({message})")]
    Io { path: PathBuf, message: String },
    #[error("the game could not be encoded for saving ({0})")]
    Encode(String),
}

impl SaveError {
    pub fn kind(&self) -> &'static str {
        match self {
            SaveError::Io { .. } => "io",
            SaveError::Encode(_) => "encode",
        }
    }
}

/// A game read back from a save.
#[derive(Debug, Clone, PartialEq)]
pub struct Loaded {
    /// The session, its timer paused at the saved play time.
    pub session: SudokuSession,
    /// When it was saved (unix milliseconds).
    pub saved_at_ms: u64,
}

/// The first fields, read on their own so that a newer or foreign file is named as such
/// before its structure is judged.
#[derive(Deserialize)]
struct Header {
    #[serde(default)]
    format: Option<String>,
    #[serde(default)]
    version: Option<u32>,
    #[serde(default)]
    kind: Option<String>,
}

/// The whole file (version 1). `G` is the game-specific part, `H` its history.
#[derive(Serialize, Deserialize)]
struct SaveFile<G, H> {
    format: String,
    version: u32,
    kind: String,
    saved_at_ms: u64,
    elapsed_ms: u64,
    game: G,
    history: H,
}

/// The Sudoku part of a save.
#[derive(Serialize, Deserialize)]
struct SudokuRecord {
    size: u8,
    box_rows: u8,
    box_cols: u8,
    /// The givens, one line, `.` for blanks.
    puzzle: String,
    solution: String,
    difficulty: String,
    #[serde(default)]
    seed: Option<u64>,
    /// The player's values, one line, `.` where there is none.
    entries: String,
    /// One bitmask per cell, row-major.
    candidates: Vec<u32>,
    #[serde(default)]
    notes: Vec<Note>,
}

/// Milliseconds since the Unix epoch, for `saved_at` and file names (0 if the clock is broken).
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

/// Encodes a session as save-file bytes; `now_ms` stamps `saved_at_ms` and reads the timer.
pub fn to_bytes(session: &SudokuSession, now_ms: u64) -> Result<Vec<u8>, SaveError> {
    let g = session.game();
    let shape = g.shape();
    let entries = Grid::from_values(shape, g.entries().to_vec())
        .ok_or_else(|| SaveError::Encode("entries do not fit the board".into()))?;
    let file = SaveFile {
        format: FORMAT.to_string(),
        version: VERSION,
        kind: "sudoku".to_string(),
        saved_at_ms: now_ms,
        elapsed_ms: session.elapsed(now_ms),
        game: SudokuRecord {
            size: shape.size,
            box_rows: shape.box_rows,
            box_cols: shape.box_cols,
            puzzle: g.givens().to_line(),
            solution: g.solution().to_line(),
            difficulty: g.difficulty().to_string(),
            seed: g.seed(),
            entries: entries.to_line(),
            candidates: g.candidates().to_vec(),
            notes: g.notes().to_vec(),
        },
        history: session.history(),
    };
    serde_json::to_vec(&file).map_err(|e| SaveError::Encode(e.to_string()))
}

fn json_error(bytes: &[u8], e: serde_json::Error) -> LoadError {
    match e.classify() {
        serde_json::error::Category::Eof => LoadError::Truncated,
        // A cut inside a literal (`tr` of `true`) is reported as a syntax error at the very end.
        serde_json::error::Category::Syntax if at_end(bytes, e.line(), e.column()) => LoadError::Truncated,
        // serde_json reports an over-long array read as a tuple as a syntax error ("trailing
        // characters"); in a file that is valid JSON it is a structure error.
        serde_json::error::Category::Syntax if serde_json::from_slice::<serde_json::Value>(bytes).is_ok() => {
            LoadError::Structure { detail: e.to_string() }
        }
        serde_json::error::Category::Syntax | serde_json::error::Category::Io => {
            LoadError::Corrupt { line: e.line(), column: e.column() }
        }
        serde_json::error::Category::Data => LoadError::Structure { detail: e.to_string() },
    }
}

/// Whether (1-based line, column) points at or past the last non-blank byte.
fn at_end(bytes: &[u8], line: usize, column: usize) -> bool {
    let content_len = bytes.iter().rposition(|b| !b.is_ascii_whitespace()).map_or(0, |p| p + 1);
    let mut offset = 0;
    for (k, l) in bytes.split(|&b| b == b'\n').enumerate() {
        if k + 1 == line {
            return offset + column >= content_len;
        }
        offset += l.len() + 1;
    }
    true
}

/// The game kinds this build reads and writes, as in the `kind` field.
pub const KINDS: [&str; 3] = ["sudoku", "kenken", "slide"];

/// A kind as a player reads it.
fn kind_name(kind: &str) -> &str {
    match kind {
        "sudoku" => "Sudoku",
        "kenken" => "KenKen",
        "slide" => "sliding",
        other => other,
    }
}

/// Checks the envelope (emptiness, JSON, `format`, `version`) and returns the `kind`, so that
/// a newer or foreign file is named as such before its structure is judged.
fn read_kind(bytes: &[u8]) -> Result<String, LoadError> {
    if bytes.iter().all(|b| b.is_ascii_whitespace()) {
        return Err(LoadError::Empty);
    }
    let header: Header = serde_json::from_slice(bytes).map_err(|e| match json_error(bytes, e) {
        // Valid JSON of another shape (an array, a string...) is simply not ours.
        LoadError::Structure { .. } => LoadError::NotASave,
        other => other,
    })?;
    if header.format.as_deref() != Some(FORMAT) {
        return Err(LoadError::NotASave);
    }
    match header.version {
        None | Some(0) => return Err(LoadError::Structure { detail: "no valid format version".into() }),
        Some(v) if v > VERSION => return Err(LoadError::NewerVersion { found: v, supported: VERSION }),
        Some(_) => {}
    }
    match header.kind {
        Some(kind) if KINDS.contains(&kind.as_str()) => Ok(kind),
        Some(other) => Err(LoadError::UnknownKind { kind: other }),
        None => Err(LoadError::Structure { detail: "no game kind".into() }),
    }
}

/// `Ok` if the file's kind is `expected`; a known other kind is `WrongKind`.
fn expect_kind(bytes: &[u8], expected: &str) -> Result<(), LoadError> {
    let kind = read_kind(bytes)?;
    if kind != expected {
        return Err(LoadError::WrongKind { expected: expected.to_string(), found: kind });
    }
    Ok(())
}

/// Decodes save-file bytes into a new session. Never panics; every defect is a [`LoadError`].
/// A KenKen or sliding-puzzle save is `WrongKind` here (see [`from_bytes_game`]).
pub fn from_bytes(bytes: &[u8]) -> Result<Loaded, LoadError> {
    expect_kind(bytes, "sudoku")?;
    let file: SaveFile<SudokuRecord, History<Edit>> = serde_json::from_slice(bytes).map_err(|e| json_error(bytes, e))?;
    let session = restore_sudoku(file.game, file.history, file.elapsed_ms)
        .map_err(|detail| LoadError::Inconsistent { detail })?;
    Ok(Loaded { session, saved_at_ms: file.saved_at_ms })
}

fn parse_line(what: &str, line: &str) -> Result<Grid, String> {
    Grid::parse(line).map_err(|e| format!("{what}: {e}"))
}

/// Rebuilds a session and proves its history: undoing every recorded edit must lead back to
/// the bare puzzle, and every undone edit must redo cleanly.
fn restore_sudoku(rec: SudokuRecord, history: History<Edit>, elapsed_ms: u64) -> Result<SudokuSession, String> {
    let givens = parse_line("puzzle", &rec.puzzle)?;
    let solution = parse_line("solution", &rec.solution)?;
    let entries = parse_line("entries", &rec.entries)?;
    let shape = givens.shape();
    if (shape.size, shape.box_rows, shape.box_cols) != (rec.size, rec.box_rows, rec.box_cols) {
        return Err(format!(
            "the puzzle is {0}x{0} but the file says {1}x{1} with {2}x{3} boxes",
            shape.size, rec.size, rec.box_rows, rec.box_cols
        ));
    }
    if entries.shape() != shape {
        return Err("the entries are not the size of the puzzle".into());
    }
    let game = Sudoku::restore(
        givens,
        solution,
        rec.difficulty,
        rec.seed,
        entries.values().to_vec(),
        rec.candidates,
        rec.notes,
    )?;
    check_history(&game, &history)?;
    Ok(SudokuSession::from_parts(game, history, Timer::paused_at(elapsed_ms)))
}

fn check_history(game: &Sudoku, history: &History<Edit>) -> Result<(), String> {
    use crate::session::Game;
    let mut g = game.clone();
    for (k, edit) in history.done().iter().enumerate().rev() {
        g.backward(edit).map_err(|e| format!("undo step {}: {e}", k + 1))?;
    }
    if g != game.blank_copy() {
        return Err("undoing the whole history does not lead back to the bare puzzle".into());
    }
    let mut g = game.clone();
    for (k, edit) in history.undone().iter().rev().enumerate() {
        g.forward(edit).map_err(|e| format!("redo step {}: {e}", k + 1))?;
    }
    Ok(())
}

/// Reads and decodes a save file. A bad file is an error, never a panic.
pub fn load(path: &Path) -> Result<Loaded, LoadError> {
    let bytes = read_limited(path)?;
    from_bytes(&bytes)
}

fn read_limited(path: &Path) -> Result<Vec<u8>, LoadError> {
    let io = |e: std::io::Error| {
        if e.kind() == std::io::ErrorKind::NotFound {
            LoadError::Missing { path: path.to_path_buf() }
        } else {
            LoadError::Io { path: path.to_path_buf(), message: e.to_string() }
        }
    };
    let meta = std::fs::metadata(path).map_err(io)?;
    if !meta.is_file() {
        return Err(LoadError::Io { path: path.to_path_buf(), message: "not a file".into() });
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(LoadError::TooLarge { bytes: meta.len() });
    }
    std::fs::read(path).map_err(io)
}

/// Autosave: writes the session atomically and keeps the previous save as `<name>.bak`.
pub fn save(path: &Path, session: &SudokuSession, now_ms: u64) -> Result<(), SaveError> {
    let bytes = to_bytes(session, now_ms)?;
    write_atomic(path, &bytes).map_err(|e| SaveError::Io { path: path.to_path_buf(), message: e.to_string() })
}

/// "Save as": writes the session atomically to a file of the player's choosing, no backup.
pub fn export(path: &Path, session: &SudokuSession, now_ms: u64) -> Result<(), SaveError> {
    let bytes = to_bytes(session, now_ms)?;
    write_atomic_no_backup(path, &bytes)
        .map_err(|e| SaveError::Io { path: path.to_path_buf(), message: e.to_string() })
}

/// A game of any kind, borrowed for saving. KenKen and the sliding puzzle carry what their
/// session does not hold (solution, label, seed).
#[derive(Debug, Clone, Copy)]
pub enum GameRef<'a> {
    Sudoku(&'a SudokuSession),
    Kenken(&'a KenkenSession, &'a KenkenInfo),
    Slide(&'a SlideSession, &'a SlideInfo),
}

/// A game of any kind read back from a save.
#[derive(Debug, Clone, PartialEq)]
pub enum LoadedGame {
    Sudoku(Loaded),
    Kenken(LoadedKenken),
    Slide(LoadedSlide),
}

impl LoadedGame {
    /// The `kind` field it was read from: `sudoku`, `kenken` or `slide`.
    pub fn kind(&self) -> &'static str {
        match self {
            LoadedGame::Sudoku(_) => "sudoku",
            LoadedGame::Kenken(_) => "kenken",
            LoadedGame::Slide(_) => "slide",
        }
    }

    pub fn saved_at_ms(&self) -> u64 {
        match self {
            LoadedGame::Sudoku(l) => l.saved_at_ms,
            LoadedGame::Kenken(l) => l.saved_at_ms,
            LoadedGame::Slide(l) => l.saved_at_ms,
        }
    }
}

fn encode<G: Serialize, H: Serialize>(kind: &str, now_ms: u64, elapsed_ms: u64, game: G, history: H) -> Result<Vec<u8>, SaveError> {
    let file = SaveFile {
        format: FORMAT.to_string(),
        version: VERSION,
        kind: kind.to_string(),
        saved_at_ms: now_ms,
        elapsed_ms,
        game,
        history,
    };
    serde_json::to_vec(&file).map_err(|e| SaveError::Encode(e.to_string()))
}

/// Encodes a game of any kind as save-file bytes (Sudoku exactly as [`to_bytes`]).
pub fn to_bytes_game(game: GameRef<'_>, now_ms: u64) -> Result<Vec<u8>, SaveError> {
    match game {
        GameRef::Sudoku(s) => to_bytes(s, now_ms),
        GameRef::Kenken(s, info) => {
            let (rec, history) = games::kenken_record(s, info)?;
            encode("kenken", now_ms, s.elapsed(now_ms), rec, history)
        }
        GameRef::Slide(s, info) => {
            let (rec, history) = games::slide_record(s, info)?;
            encode("slide", now_ms, s.elapsed(now_ms), rec, history)
        }
    }
}

/// Decodes save-file bytes of any kind. Never panics; every defect is a [`LoadError`].
pub fn from_bytes_game(bytes: &[u8]) -> Result<LoadedGame, LoadError> {
    match read_kind(bytes)?.as_str() {
        "sudoku" => from_bytes(bytes).map(LoadedGame::Sudoku),
        "kenken" => decode_kenken(bytes).map(LoadedGame::Kenken),
        _ => decode_slide(bytes).map(LoadedGame::Slide),
    }
}

/// Decodes a KenKen save; any other kind is an error (`WrongKind` for a known one).
pub fn from_bytes_kenken(bytes: &[u8]) -> Result<LoadedKenken, LoadError> {
    expect_kind(bytes, "kenken")?;
    decode_kenken(bytes)
}

/// Decodes a sliding-puzzle save; any other kind is an error (`WrongKind` for a known one).
pub fn from_bytes_slide(bytes: &[u8]) -> Result<LoadedSlide, LoadError> {
    expect_kind(bytes, "slide")?;
    decode_slide(bytes)
}

fn decode_kenken(bytes: &[u8]) -> Result<LoadedKenken, LoadError> {
    let file: SaveFile<games::KenkenRecord, History<games::KenkenEditRecord>> =
        serde_json::from_slice(bytes).map_err(|e| json_error(bytes, e))?;
    let (session, info) = games::restore_kenken(file.game, file.history, file.elapsed_ms)?;
    Ok(LoadedKenken { session, info, saved_at_ms: file.saved_at_ms })
}

fn decode_slide(bytes: &[u8]) -> Result<LoadedSlide, LoadError> {
    let file: SaveFile<games::SlideRecord, History<games::SlideEditRecord>> =
        serde_json::from_slice(bytes).map_err(|e| json_error(bytes, e))?;
    let (session, start, info) = games::restore_slide(file.game, file.history, file.elapsed_ms)?;
    Ok(LoadedSlide { session, start, info, saved_at_ms: file.saved_at_ms })
}

/// Reads and decodes a save file of any kind.
pub fn load_game(path: &Path) -> Result<LoadedGame, LoadError> {
    let bytes = read_limited(path)?;
    from_bytes_game(&bytes)
}

/// Autosave for any kind: atomic, keeping the previous save as `<name>.bak` (as [`save`]).
pub fn save_game(path: &Path, game: GameRef<'_>, now_ms: u64) -> Result<(), SaveError> {
    let bytes = to_bytes_game(game, now_ms)?;
    write_atomic(path, &bytes).map_err(|e| SaveError::Io { path: path.to_path_buf(), message: e.to_string() })
}

/// "Save as" for any kind: atomic, no backup (as [`export`]).
pub fn export_game(path: &Path, game: GameRef<'_>, now_ms: u64) -> Result<(), SaveError> {
    let bytes = to_bytes_game(game, now_ms)?;
    write_atomic_no_backup(path, &bytes)
        .map_err(|e| SaveError::Io { path: path.to_path_buf(), message: e.to_string() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Shape;
    use crate::session::testkit::{pattern_solution, sample_session};
    use crate::session::{Action, Point};
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    fn played() -> SudokuSession {
        let mut rng = StdRng::seed_from_u64(1);
        let mut s = sample_session(Shape::S9, 0.4, &mut rng);
        let (r, c) = (0..81).map(|i| (i / 9, i % 9)).find(|&(r, c)| s.game().givens().get(r, c) == 0).unwrap();
        s.apply(Action::SetValue { row: r, col: c, value: 5 }).unwrap();
        s.apply(Action::AddNote { stroke: vec![Point { x: 0.5, y: 0.5 }, Point { x: 0.51, y: 0.52 }] }).unwrap();
        s.apply(Action::SetCandidates).unwrap();
        s.apply(Action::Undo).unwrap();
        s.resume(1_000);
        s
    }

    #[test]
    fn round_trip_pauses_the_timer_at_the_saved_time() {
        let s = played();
        let bytes = to_bytes(&s, 4_000).unwrap();
        let loaded = from_bytes(&bytes).unwrap();
        assert_eq!(loaded.saved_at_ms, 4_000);
        assert_eq!(loaded.session.game(), s.game());
        assert_eq!(loaded.session.history(), s.history());
        assert_eq!(loaded.session.elapsed(999_999), 3_000);
        assert!(!loaded.session.is_running());
    }

    fn edit_json(s: &SudokuSession, f: impl FnOnce(&mut serde_json::Value)) -> Vec<u8> {
        let mut v: serde_json::Value = serde_json::from_slice(&to_bytes(s, 0).unwrap()).unwrap();
        f(&mut v);
        serde_json::to_vec(&v).unwrap()
    }

    #[test]
    fn precise_errors() {
        let s = played();
        assert_eq!(from_bytes(b""), Err(LoadError::Empty));
        assert_eq!(from_bytes(b"  \n"), Err(LoadError::Empty));
        let bytes = to_bytes(&s, 0).unwrap();
        assert_eq!(from_bytes(&bytes[..bytes.len() / 2]), Err(LoadError::Truncated));
        assert!(matches!(from_bytes(b"{\"format\": x}"), Err(LoadError::Corrupt { line: 1, .. })));
        assert_eq!(from_bytes(b"[1,2]"), Err(LoadError::NotASave));
        assert_eq!(from_bytes(b"{\"hello\": 1}"), Err(LoadError::NotASave));
        let newer = edit_json(&s, |v| v["version"] = 2.into());
        assert_eq!(from_bytes(&newer), Err(LoadError::NewerVersion { found: 2, supported: 1 }));
        let kenken = edit_json(&s, |v| v["kind"] = "kenken".into());
        assert_eq!(from_bytes(&kenken), Err(LoadError::WrongKind { expected: "sudoku".into(), found: "kenken".into() }));
        let mahjong = edit_json(&s, |v| v["kind"] = "mahjong".into());
        assert_eq!(from_bytes(&mahjong), Err(LoadError::UnknownKind { kind: "mahjong".into() }));
        let no_game = edit_json(&s, |v| v["game"] = serde_json::Value::Null);
        assert!(matches!(from_bytes(&no_game), Err(LoadError::Structure { .. })));
        // An entry on a given.
        let given_at = s.game().givens().values().iter().position(|&v| v != 0).unwrap();
        let on_given = edit_json(&s, |v| {
            let mut e: Vec<char> = v["game"]["entries"].as_str().unwrap().chars().collect();
            e[given_at] = '1';
            v["game"]["entries"] = e.into_iter().collect::<String>().into();
        });
        assert!(matches!(from_bytes(&on_given), Err(LoadError::Inconsistent { .. })), "{:?}", from_bytes(&on_given));
        let short = edit_json(&s, |v| v["game"]["candidates"] = serde_json::json!([0, 0]));
        assert!(matches!(from_bytes(&short), Err(LoadError::Inconsistent { .. })));
        let other_solution = edit_json(&s, |v| v["game"]["solution"] = pattern_solution(Shape::S4).to_line().into());
        assert!(matches!(from_bytes(&other_solution), Err(LoadError::Inconsistent { .. })));
        let wrong_size = edit_json(&s, |v| v["game"]["size"] = 16.into());
        assert!(matches!(from_bytes(&wrong_size), Err(LoadError::Inconsistent { .. })));
        // A history whose first step no longer matches the board.
        let bad_history = edit_json(&s, |v| v["history"]["done"] = serde_json::json!([]));
        let e = from_bytes(&bad_history).unwrap_err();
        assert!(matches!(e, LoadError::Inconsistent { .. }), "{e:?}");
        assert!(e.to_string().contains("damaged"));
        assert_eq!(e.kind(), "inconsistent");
    }
}
