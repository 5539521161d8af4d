//! The commands the view calls, independent of any transport.
//!
//! One list (`names::COMMANDS`), one dispatcher: the Tauri shell (`crate::shell`) and the
//! development HTTP bridge (`bin/devserver.rs`) both hand `(command, JSON args)` to [`dispatch`],
//! so the app and the pen tests in Chromium exercise exactly the same code. Each command only
//! deserialises its arguments, calls the engine and returns a view; no game rule lives here.

mod error;
mod names;
mod view;

use std::sync::Mutex;

use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::Value;

pub use error::{CommandError, ErrorBody};
pub use names::COMMANDS;
pub use view::BoardView;

use inkdoku::grid::{Grid, Shape};

/// Everything the commands share between calls. The Tauri shell keeps one in managed state; the
/// dev server keeps one for its lifetime.
#[derive(Default)]
pub struct AppState {
    game: Mutex<Option<Game>>,
}

/// The game in play.
// Placeholder until the engine's play session lands: a puzzle and the player's entries.
struct Game {
    puzzle: Grid,
    entries: Grid,
}

impl AppState {
    pub fn new() -> Self {
        Self::default()
    }

    fn game(&self) -> std::sync::MutexGuard<'_, Option<Game>> {
        // A panic while holding the lock must not brick the app: the state itself stays valid.
        self.game.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// Runs one command. `args` is the JSON object the view sent (`null` counts as `{}`).
pub fn dispatch(state: &AppState, command: &str, args: Value) -> Result<Value, CommandError> {
    match command {
        "new_game" => to_value(new_game(state, parse_args(command, args)?)?),
        "board" => to_value(board(state)?),
        "log_frontend_error" => to_value(log_frontend_error(parse_args(command, args)?)),
        other => Err(CommandError::UnknownCommand(other.to_string())),
    }
}

fn parse_args<T: DeserializeOwned>(command: &str, args: Value) -> Result<T, CommandError> {
    let args = if args.is_null() { Value::Object(Default::default()) } else { args };
    serde_json::from_value(args)
        .map_err(|e| CommandError::BadArguments { command: command.to_string(), detail: e.to_string() })
}

fn to_value<T: serde::Serialize>(v: T) -> Result<Value, CommandError> {
    serde_json::to_value(v).map_err(|e| CommandError::Internal(e.to_string()))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGameArgs {
    #[serde(default = "default_size")]
    size: u8,
}

fn default_size() -> u8 {
    9
}

// Placeholder puzzles, one per size, until the generator and the puzzle bank land.
const PLACEHOLDERS: [&str; 4] = [
    "1..4.4....2..3.1",
    "1..4.6.5..2.2...6..6..3.3..6.5.4..1.",
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    "1...5...9...D...\
     .6...A...E...2..\
     ..B...F...3...7.\
     ...G...4...8...C\
     2...6...A...E...\
     .7...B...F...3..\
     ..C...G...4...8.\
     ...1...5...9...D\
     3...7...B...F...\
     .8...C...G...4..\
     ..D...1...5...9.\
     ...2...6...A...E\
     4...8...C...G...\
     .9...D...1...5..\
     ..E...2...6...A.\
     ...3...7...B...F",
];

fn new_game(state: &AppState, args: NewGameArgs) -> Result<BoardView, CommandError> {
    let shape = Shape::from_size(args.size as usize).ok_or_else(|| CommandError::BadArguments {
        command: "new_game".into(),
        detail: format!("size {} is not one of 4, 6, 9, 16", args.size),
    })?;
    let text = PLACEHOLDERS[Shape::ALL.iter().position(|s| *s == shape).unwrap_or(2)];
    let puzzle = Grid::parse_puzzle(text)?;
    let game = Game { entries: Grid::empty(shape), puzzle };
    let view = BoardView::of(&game.puzzle, &game.entries);
    *state.game() = Some(game);
    Ok(view)
}

fn board(state: &AppState) -> Result<BoardView, CommandError> {
    let guard = state.game();
    let game = guard.as_ref().ok_or(CommandError::NoGame)?;
    Ok(BoardView::of(&game.puzzle, &game.entries))
}

#[derive(Debug, Deserialize)]
struct FrontendError {
    message: String,
    #[serde(default)]
    source: Option<String>,
    #[serde(default)]
    line: Option<u32>,
}

/// The view reports its own errors (window.onerror, unhandled rejections) so they reach the log.
fn log_frontend_error(e: FrontendError) -> bool {
    eprintln!(
        "frontend error: {} ({}:{})",
        e.message,
        e.source.as_deref().unwrap_or("?"),
        e.line.unwrap_or(0)
    );
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_listed_command_is_dispatched_and_nothing_else() {
        let state = AppState::new();
        for name in COMMANDS {
            let r = dispatch(&state, name, Value::Null);
            assert!(!matches!(r, Err(CommandError::UnknownCommand(_))), "{name} is listed but not dispatched");
        }
        assert!(matches!(dispatch(&state, "rm_rf", Value::Null), Err(CommandError::UnknownCommand(_))));
    }

    #[test]
    fn new_game_returns_the_board() {
        let state = AppState::new();
        let v = dispatch(&state, "new_game", json!({"size": 9})).unwrap();
        assert_eq!(v["size"], 9);
        assert_eq!(v["cells"].as_array().unwrap().len(), 81);
        assert_eq!(v["cells"][0]["value"], 5);
        assert_eq!(v["cells"][0]["given"], true);
        assert_eq!(dispatch(&state, "board", Value::Null).unwrap(), v);
        for size in [4, 6, 16] {
            let v = dispatch(&state, "new_game", json!({ "size": size })).unwrap();
            assert_eq!(v["cells"].as_array().unwrap().len(), size * size);
        }
    }

    #[test]
    fn malformed_arguments_are_typed_errors() {
        let state = AppState::new();
        for args in [json!({"size": "nine"}), json!({"size": 7}), json!({"size": -1}), json!([1, 2]), json!("x"), json!({"size": 9, "evil": 1})] {
            let e = dispatch(&state, "new_game", args.clone()).unwrap_err();
            assert_eq!(e.kind(), "bad_arguments", "{args}");
            let body = serde_json::to_value(&e).unwrap();
            assert_eq!(body["kind"], "bad_arguments");
            assert!(body["message"].as_str().unwrap().contains("new_game"));
        }
        assert_eq!(dispatch(&state, "board", Value::Null).unwrap_err().kind(), "no_game");
    }
}
