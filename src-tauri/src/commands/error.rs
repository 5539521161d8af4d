//! The one error type every command returns. It crosses IPC (and HTTP) as `{kind, message}`:
//! `kind` is a stable code for the view, `message` a sentence a player can read.

use serde::Serialize;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum CommandError {
    #[error("Inkdoku doesn't know the command \"{0}\".")]
    UnknownCommand(String),
    #[error("The command \"{command}\" got arguments it can't use: {detail}")]
    BadArguments { command: String, detail: String },
    #[error("There is no game in progress.")]
    NoGame,
    #[error("That puzzle has no solution.")]
    Unsolvable,
    #[error("That puzzle has more than one solution, so it can't be played fairly.")]
    NotUnique,
    /// A puzzle the player brought as text that no game could use: the sentence, code and
    /// detail of the game it looks most like (`inkdoku::import`), whatever the game.
    #[error("{0}")]
    Import(inkdoku::import::ImportError),
    /// A puzzle entered from paper (or opened in an entry screen) can't be used: the game's
    /// own kind (`kenken_puzzle`, `puzzle`), sentence and problem as data (`inkdoku::entry`).
    #[error("{message}")]
    EntryPuzzle { code: &'static str, message: String, detail: Option<serde_json::Value> },
    #[error("No puzzle is being entered: choose \"Enter a puzzle\" first.")]
    NotEntering,
    #[error("That puzzle can't be made: {0}.")]
    Unavailable(String),
    #[error("{}", play_sentence(.0))]
    Play(#[from] inkdoku::play::PlayError),
    #[error("That file can't be opened: {0}.")]
    BadFile(String),
    #[error("The file could not be saved or opened: {0}.")]
    Files(String),
    #[error("\"{file}\" can't be used as a picture: {why}. Choose a PNG or JPEG photo.")]
    BadPicture { file: String, why: String },
    #[error("That picture is no longer in Inkdoku's folder. Choose it again.")]
    MissingPicture,
    #[error("The settings could not be saved: {0}")]
    Settings(String),
    #[error("What the recogniser learned of your handwriting could not be stored: {0}.")]
    Handwriting(String),
    /// Starting that game would throw away the unfinished one described; `waiting`: the new
    /// game waits for `replace_game`, else the command is repeated with `replace: true`.
    #[error("A game in progress would be lost: say whether to replace it.")]
    WouldReplace { summary: Box<inkdoku::play::Summary>, waiting: bool },
    #[error("Too late for that: {0}.")]
    Stale(String),
    /// The command was meant for another game than the one in play (`game_id`): the game
    /// changed under it (a generated game landed, another was opened). Nothing was done.
    #[error("That was meant for the game before this one; nothing was changed.")]
    OtherGame,
    #[error("The statistics could not be saved: {0}")]
    Stats(String),
    /// A backup that can't be read or restored (`not_a_backup`, `backup_newer`,
    /// `backup_damaged`; a file that can't be read or written is `files`).
    #[error("{}", sentence(.0))]
    Backup(inkdoku::backup::BackupError),
    /// No daily puzzle for that date or game (a puzzle that could not be made is `Unavailable`).
    #[error("There is no daily puzzle there: {0}.")]
    Daily(inkdoku::daily::DailyError),
    /// A recent win that can't be watched (`no_such_win`, or its file's load error kind).
    #[error("{}", sentence(.0))]
    Replay(inkdoku::wins::WinsError),
    #[error("No replay is open: choose \"Watch my solve\" first.")]
    NoReplay,
    #[error("Something went wrong inside Inkdoku: {0}")]
    Internal(String),
}

impl From<inkdoku::import::ImportError> for CommandError {
    fn from(e: inkdoku::import::ImportError) -> Self {
        CommandError::Import(e)
    }
}

impl From<inkdoku::daily::DailyError> for CommandError {
    fn from(e: inkdoku::daily::DailyError) -> Self {
        match e {
            inkdoku::daily::DailyError::Make(e) => e.into(),
            other => CommandError::Daily(other),
        }
    }
}

/// A game that could not be made is "unavailable" to the player, whatever the reason (as
/// before the params moved into the engine).
impl From<inkdoku::play::MakeError> for CommandError {
    fn from(e: inkdoku::play::MakeError) -> Self {
        CommandError::Unavailable(e.to_string())
    }
}

impl CommandError {
    /// An entry's error as `command`'s: a drawing or size the view should not have sent is
    /// `bad_arguments`; the rest keep their kinds (`kenken_puzzle`, `unsolvable`, `not_unique`...).
    pub(crate) fn from_entry(command: &str, e: inkdoku::entry::EntryError) -> CommandError {
        use inkdoku::entry::EntryError as E;
        match e {
            E::NoSolution => CommandError::Unsolvable,
            E::NotUnique => CommandError::NotUnique,
            E::Invalid { code, message, detail } => CommandError::EntryPuzzle { code, message, detail },
            e @ (E::NoEntry(_) | E::Drawing(_) | E::Size(_) | E::Format(_)) => CommandError::BadArguments { command: command.into(), detail: e.to_string() },
        }
    }

    /// The problem as data (`{key, ...}`) for the view to say in the player's language, when
    /// the sentence has more than the kind says.
    pub fn detail(&self) -> Option<serde_json::Value> {
        match self {
            CommandError::Import(e) => e.error().and_then(|e| e.detail()),
            CommandError::EntryPuzzle { detail, .. } => detail.clone(),
            CommandError::WouldReplace { summary, waiting } => {
                let mut d = serde_json::to_value(summary).unwrap_or_default();
                if let Some(o) = d.as_object_mut() {
                    o.insert("waiting".into(), (*waiting).into());
                }
                Some(d)
            }
            _ => None,
        }
    }

    /// The stable machine-readable code of this error.
    pub fn kind(&self) -> &'static str {
        match self {
            CommandError::UnknownCommand(_) => "unknown_command",
            CommandError::BadArguments { .. } => "bad_arguments",
            CommandError::NoGame => "no_game",
            CommandError::Unsolvable => "unsolvable",
            CommandError::NotUnique => "not_unique",
            CommandError::NotEntering => "not_entering",
            CommandError::Unavailable(_) => "unavailable",
            CommandError::Import(e) => e.kind(),
            CommandError::EntryPuzzle { code, .. } => code,
            CommandError::Play(e) => e.kind(),
            CommandError::BadFile(_) => "bad_file",
            CommandError::Files(_) => "files",
            CommandError::BadPicture { .. } => "bad_picture",
            CommandError::MissingPicture => "missing_picture",
            CommandError::Settings(_) => "settings",
            CommandError::Handwriting(_) => "handwriting",
            CommandError::WouldReplace { .. } => "would_replace",
            CommandError::Stale(_) => "stale",
            CommandError::OtherGame => "other_game",
            CommandError::Stats(_) => "stats",
            CommandError::Daily(e) => e.kind(),
            CommandError::Backup(e) => e.kind(),
            CommandError::Replay(e) => e.kind(),
            CommandError::NoReplay => "no_replay",
            CommandError::Internal(_) => "internal",
        }
    }
}

/// An engine error's words as a sentence: capitalised, with a full stop ("This backup is
/// damaged: …").
fn sentence(e: &impl std::fmt::Display) -> String {
    let s = e.to_string();
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().collect::<String>() + c.as_str() + ".").unwrap_or_default()
}

/// A refused move or unreadable ink as a sentence for the player.
fn play_sentence(e: &inkdoku::play::PlayError) -> String {
    use inkdoku::play::PlayError;
    match e {
        PlayError::Ink(e) => format!("That ink can't be read: {e}."),
        PlayError::History(e) => sentence(e),
        PlayError::NoHint(why) => format!("No hint this time: {why}."),
        PlayError::Checkpoint(e) => sentence(e),
        other => format!("That move isn't possible: {other}."),
    }
}

/// The wire form of an error.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ErrorBody {
    pub kind: String,
    pub message: String,
    /// See [`CommandError::detail`]; left out when there is none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<serde_json::Value>,
}

impl From<&CommandError> for ErrorBody {
    fn from(e: &CommandError) -> Self {
        ErrorBody { kind: e.kind().to_string(), message: e.to_string(), detail: e.detail() }
    }
}

impl Serialize for CommandError {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        ErrorBody::from(self).serialize(s)
    }
}
