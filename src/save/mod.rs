//! The versioned on-disk format of a game in play, atomic writes with a backup, precise load
//! errors and recovery. The format is described in `docs/save-format.md`.
//!
//! Autosave and "save to a file of the player's choosing" (`.inkdoku`) share one format.
//! Loading is a pure function from bytes to a new session: a bad file never touches the game in
//! play, and never panics.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::play::{GameInPlay, GameKind};
use crate::session::{InputMode, ReplayError};

mod recover;

pub use crate::atomic_file::{backup_path, is_busy, write_atomic, write_atomic_no_backup, BUSY_WAITS_MS};
pub use recover::{load_or_recover, move_aside, recover, remove_stale_temp_files, Recovery, Unusable};

/// The `format` field of every save file.
pub const FORMAT: &str = "inkdoku-save";
/// The newest format version this build writes and reads.
pub const VERSION: u32 = 4;
/// The first version whose edits may keep the player's handwriting (`glyph`). A game without
/// any is still written as version 1, which every earlier build reads in full.
pub const GLYPH_VERSION: u32 = 2;
/// The first version whose Sudoku edits may be of kind `back` (a checkpoint gone back to): a
/// Sudoku holding one is written as this version, so an older Inkdoku refuses it as newer
/// instead of setting it aside as damaged (it does not know the kind).
pub const BACK_VERSION: u32 = 3;
/// The first version whose games may hold corner and centre marks (#43): a game holding any
/// is written as this version, so an older Inkdoku refuses it as newer instead of dropping
/// the marks (or setting the game aside as damaged over an edit it can't read).
pub const MARKS_VERSION: u32 = 4;
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
    #[error("this saved game is a {} puzzle, not a {} puzzle", GameKind::display_name(.found), GameKind::display_name(.expected))]
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
    /// The game, its timer paused at the saved play time.
    pub game: GameInPlay,
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

/// The whole file (versions 1 to 3). `G` is the game-specific part, `H` its history.
#[derive(Serialize, Deserialize)]
pub(crate) struct SaveFile<G, H> {
    format: String,
    pub(crate) version: u32,
    kind: String,
    pub(crate) saved_at_ms: u64,
    pub(crate) elapsed_ms: u64,
    /// Pen or pencil; absent (pen) in files written before it was kept.
    #[serde(default, skip_serializing_if = "InputMode::is_pen")]
    input_mode: InputMode,
    /// The game's time limit (play time, ms); absent when it has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    time_limit_ms: Option<u64>,
    /// The date whose daily puzzle this is; absent for any other game (an older Inkdoku reads
    /// the file as an ordinary game of the same puzzle).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    daily: Option<crate::daily::Day>,
    pub(crate) game: G,
    pub(crate) history: H,
}

/// Milliseconds since the Unix epoch, for `saved_at` and file names (0 if the clock is broken).
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
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

/// Checks the envelope (emptiness, JSON, `format`, `version`) and returns the `kind`, so that
/// a newer or foreign file is named as such before its structure is judged.
fn read_kind(bytes: &[u8]) -> Result<GameKind, LoadError> {
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
        Some(kind) => GameKind::parse(&kind).ok_or(LoadError::UnknownKind { kind }),
        None => Err(LoadError::Structure { detail: "no game kind".into() }),
    }
}

/// Reads and decodes a save file of any kind. A bad file is an error, never a panic.
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

/// Autosave: writes the game atomically and keeps the previous save as `<name>.bak`.
pub fn save(path: &Path, game: &GameInPlay, now_ms: u64) -> Result<(), SaveError> {
    let bytes = to_bytes(game, now_ms)?;
    write_atomic(path, &bytes).map_err(|e| SaveError::Io { path: path.to_path_buf(), message: e.to_string() })
}

/// "Save as": writes the game atomically to a file of the player's choosing, no backup.
pub fn export(path: &Path, game: &GameInPlay, now_ms: u64) -> Result<(), SaveError> {
    let bytes = to_bytes(game, now_ms)?;
    write_atomic_no_backup(path, &bytes)
        .map_err(|e| SaveError::Io { path: path.to_path_buf(), message: e.to_string() })
}

/// The lowest version that holds a game: 1 unless an edit keeps handwriting.
pub(crate) fn version_for(glyphs: bool) -> u32 {
    if glyphs {
        GLYPH_VERSION
    } else {
        1
    }
}

/// An edit kind of a version after the file's own is damage, not data.
pub(crate) fn check_back_version(version: u32, back: bool) -> Result<(), LoadError> {
    if back && version < BACK_VERSION {
        return Err(LoadError::Structure { detail: format!("a \"back\" edit in a version {version} file") });
    }
    Ok(())
}

/// Marks in a file of a version before they existed are damage, not data.
pub(crate) fn check_marks_version(version: u32, marks: bool) -> Result<(), LoadError> {
    if marks && version < MARKS_VERSION {
        return Err(LoadError::Structure { detail: format!("corner or centre marks in a version {version} file") });
    }
    Ok(())
}

/// Handwriting in a file of a version before it existed is damage, not data.
pub(crate) fn check_glyph_version(version: u32, glyphs: bool) -> Result<(), LoadError> {
    if glyphs && version < GLYPH_VERSION {
        return Err(LoadError::Structure { detail: format!("handwriting (\"glyph\") in a version {version} file") });
    }
    Ok(())
}

pub(crate) fn encode<G: Serialize, H: Serialize>(
    kind: GameKind,
    now_ms: u64,
    Envelope { elapsed_ms, input_mode, time_limit_ms, daily, version }: Envelope,
    game: G,
    history: H,
) -> Result<Vec<u8>, SaveError> {
    let file = SaveFile {
        format: FORMAT.to_string(),
        version,
        kind: kind.as_str().to_string(),
        saved_at_ms: now_ms,
        elapsed_ms,
        input_mode,
        time_limit_ms,
        daily,
        game,
        history,
    };
    serde_json::to_vec(&file).map_err(|e| SaveError::Encode(e.to_string()))
}

/// Encodes a game of any kind as save-file bytes; `now_ms` stamps `saved_at_ms` and reads the
/// timer. Each kind writes its own part (`GameDef::encode`, in this module's per-kind files).
pub fn to_bytes(game: &GameInPlay, now_ms: u64) -> Result<Vec<u8>, SaveError> {
    game.encode(now_ms)
}

/// Decodes save-file bytes of any kind into a new game. Never panics; every defect is a
/// [`LoadError`]. The history is never trusted: it is replayed from the start
/// ([`crate::session::Session::replay`]) and must end exactly on the saved board.
pub fn from_bytes(bytes: &[u8]) -> Result<Loaded, LoadError> {
    let kind = read_kind(bytes)?;
    let (game, saved_at_ms) = GameInPlay::decode(kind, bytes)?;
    Ok(Loaded { game, saved_at_ms })
}

/// The envelope every kind's part sits in, read with the kind's record and history types; the
/// timer, input mode and time limit are set on the session by the caller.
pub(crate) fn read_file<G: serde::de::DeserializeOwned, H: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<SaveFile<G, H>, LoadError> {
    serde_json::from_slice(bytes).map_err(|e| json_error(bytes, e))
}

/// The session-wide fields of a loaded file (input mode, time limit, daily date), put back on
/// its replayed session by [`settle`].
pub(crate) fn kept<R, H>(f: &SaveFile<R, H>) -> (InputMode, Option<u64>, Option<crate::daily::Day>) {
    (f.input_mode, f.time_limit_ms, f.daily)
}

pub(crate) fn settle<G: crate::session::Game>(s: &mut crate::session::Session<G>, (mode, limit, daily): (InputMode, Option<u64>, Option<crate::daily::Day>)) {
    s.set_input_mode(mode);
    s.set_time_limit_ms(limit);
    s.set_daily(daily);
}

/// The session-wide fields [`encode`] writes around a game's own part.
pub(crate) struct Envelope {
    elapsed_ms: u64,
    input_mode: InputMode,
    time_limit_ms: Option<u64>,
    daily: Option<crate::daily::Day>,
    version: u32,
}

/// A session's envelope fields for [`encode`].
pub(crate) fn envelope<G: crate::session::Game>(s: &crate::session::Session<G>, now_ms: u64, version: u32) -> Envelope {
    Envelope { elapsed_ms: s.elapsed(now_ms), input_mode: s.input_mode(), time_limit_ms: s.time_limit_ms(), daily: s.daily(), version }
}

/// [`from_bytes`] for a file that must hold one kind of game: a known other kind is
/// [`LoadError::WrongKind`].
pub fn from_bytes_of(bytes: &[u8], expected: GameKind) -> Result<Loaded, LoadError> {
    let kind = read_kind(bytes)?;
    if kind != expected {
        return Err(LoadError::WrongKind { expected: expected.as_str().to_string(), found: kind.as_str().to_string() });
    }
    from_bytes(bytes)
}

/// [`load`] for a file that must hold one kind of game (one autosave per kind).
pub fn load_of(path: &Path, expected: GameKind) -> Result<Loaded, LoadError> {
    let bytes = read_limited(path)?;
    from_bytes_of(&bytes, expected)
}

/// Checkpoints read back: numbered upwards, each once, and no more than a game keeps.
pub(crate) fn check_marks<G>(marks: &[crate::session::Mark<G>]) -> Result<(), LoadError> {
    if marks.len() > crate::session::MAX_MARKS {
        return Err(inconsistent(format!("{} checkpoints; a game keeps at most {}", marks.len(), crate::session::MAX_MARKS)));
    }
    if marks.windows(2).any(|w| w[0].n >= w[1].n) || marks.first().is_some_and(|m| m.n == 0) {
        return Err(inconsistent("the checkpoints are not numbered 1 up in order"));
    }
    Ok(())
}

/// A replayed history that does not end on the saved board, or does not replay at all.
pub(crate) fn replay_error(e: ReplayError) -> LoadError {
    LoadError::Inconsistent { detail: e.to_string() }
}

pub(crate) fn inconsistent(detail: impl Into<String>) -> LoadError {
    LoadError::Inconsistent { detail: detail.into() }
}

/// A history record that names no `what` this board can make: step `k` (1-based) of the list
/// undo takes back (`done`) or of the one redo makes again (`undone`).
pub(crate) fn unfit_step(undone: bool, k: usize, what: &str) -> LoadError {
    inconsistent(format!("{} step {k}: not a {what} this board can make", if undone { "redo" } else { "undo" }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Shape;
    use crate::session::gridplay::GridMove;
    use crate::testkit::{pattern_solution, sample_session};
    use crate::session::Point;
    use crate::sudoku::play::{Action, SudokuSession};
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    fn played() -> SudokuSession {
        let mut rng = StdRng::seed_from_u64(1);
        let mut s = sample_session(Shape::S9, 0.4, &mut rng);
        let (r, c) = (0..81).map(|i| (i / 9, i % 9)).find(|&(r, c)| s.game().givens().get(r, c) == 0).unwrap();
        s.apply(Action::Grid(GridMove::SetValue { row: r, col: c, value: 5 })).unwrap();
        s.apply(Action::Grid(GridMove::AddNote { stroke: vec![Point { x: 0.5, y: 0.5 }, Point { x: 0.51, y: 0.52 }] })).unwrap();
        s.apply(Action::SetCandidates).unwrap();
        s.undo().unwrap();
        s.resume(1_000);
        s
    }

    #[test]
    fn round_trip_pauses_the_timer_at_the_saved_time() {
        let s = played();
        let bytes = sudoku_bytes(&s, 4_000);
        let loaded = from_bytes(&bytes).unwrap();
        assert_eq!(loaded.saved_at_ms, 4_000);
        let GameInPlay::Sudoku(back) = loaded.game else { panic!("not a Sudoku") };
        assert_eq!(back.game(), s.game());
        assert_eq!(back.start(), s.start());
        assert_eq!(back.history(), s.history());
        assert_eq!(back.elapsed(999_999), 3_000);
        assert!(!back.is_running());
    }

    fn sudoku_bytes(s: &SudokuSession, now_ms: u64) -> Vec<u8> {
        to_bytes(&GameInPlay::Sudoku(s.clone()), now_ms).unwrap()
    }

    fn edit_json(s: &SudokuSession, f: impl FnOnce(&mut serde_json::Value)) -> Vec<u8> {
        let mut v: serde_json::Value = serde_json::from_slice(&sudoku_bytes(s, 0)).unwrap();
        f(&mut v);
        serde_json::to_vec(&v).unwrap()
    }

    #[test]
    fn the_input_mode_is_saved_and_an_old_file_without_it_loads_in_pen_mode() {
        let mut s = played();
        s.set_input_mode(InputMode::Pencil);
        let bytes = sudoku_bytes(&s, 4_000);
        let v: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(v["input_mode"], "pencil");
        let GameInPlay::Sudoku(back) = from_bytes(&bytes).unwrap().game else { panic!("not a Sudoku") };
        assert_eq!(back.input_mode(), InputMode::Pencil);
        // Pen, the default, is left out: such a file reads as the files written before.
        s.set_input_mode(InputMode::Pen);
        let old = sudoku_bytes(&s, 4_000);
        assert!(!String::from_utf8_lossy(&old).contains("input_mode"));
        let GameInPlay::Sudoku(back) = from_bytes(&old).unwrap().game else { panic!("not a Sudoku") };
        assert_eq!(back.input_mode(), InputMode::Pen);
        let odd = edit_json(&s, |v| v["input_mode"] = "crayon".into());
        assert!(matches!(from_bytes(&odd), Err(LoadError::Structure { .. })));
    }

    #[test]
    fn precise_errors() {
        let s = played();
        assert_eq!(from_bytes(b""), Err(LoadError::Empty));
        assert_eq!(from_bytes(b"  \n"), Err(LoadError::Empty));
        let bytes = sudoku_bytes(&s, 0);
        assert_eq!(from_bytes(&bytes[..bytes.len() / 2]), Err(LoadError::Truncated));
        assert!(matches!(from_bytes(b"{\"format\": x}"), Err(LoadError::Corrupt { line: 1, .. })));
        assert_eq!(from_bytes(b"[1,2]"), Err(LoadError::NotASave));
        assert_eq!(from_bytes(b"{\"hello\": 1}"), Err(LoadError::NotASave));
        let newer = edit_json(&s, |v| v["version"] = (VERSION + 1).into());
        assert_eq!(from_bytes(&newer), Err(LoadError::NewerVersion { found: VERSION + 1, supported: VERSION }));
        // Version 2 reads a game without handwriting as well as version 1 does.
        let two = edit_json(&s, |v| v["version"] = 2.into());
        assert_eq!(from_bytes(&two).map(|l| l.game), from_bytes(&bytes).map(|l| l.game));
        let kenken = edit_json(&s, |v| v["kind"] = "kenken".into());
        assert_eq!(
            from_bytes_of(&kenken, GameKind::Sudoku),
            Err(LoadError::WrongKind { expected: "sudoku".into(), found: "kenken".into() })
        );
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
