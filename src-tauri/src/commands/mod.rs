//! The commands the view calls, independent of any transport.
//!
//! One list (`names::COMMANDS`), one dispatcher: the Tauri shell (`crate::shell`) and the
//! development HTTP bridge (`bin/devserver.rs`) both hand `(command, JSON args)` to [`dispatch`],
//! so the app and the pen tests in Chromium exercise exactly the same code. Each command only
//! deserialises its arguments, calls the engine and returns a view; no game rule lives here.

mod autosave;
pub mod backup;
mod entry;
mod error;
pub mod files;
mod game;
mod generate;
mod handwriting;
mod help;
mod in_play;
mod links;
mod names;
mod new_game;
mod notice;
mod picker;
mod replay;
pub mod pictures;
pub mod settings;
mod side;
mod startup;
mod state;
mod stats;

use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::Value;

pub use error::{CommandError, ErrorBody};
pub use names::COMMANDS;
pub use state::{AppState, Pause};

use settings::Settings;

/// Runs one command. `args` is the JSON object the view sent (`null` counts as `{}`).
pub fn dispatch(state: &AppState, command: &str, args: Value) -> Result<Value, CommandError> {
    in_play::aimed(command, args, |args| run(state, command, args))
}

fn run(state: &AppState, command: &str, args: Value) -> Result<Value, CommandError> {
    let a = Args { command, value: entry::unalias(command, args)? };
    match command {
        "startup" => to_value(startup::startup(state)),
        "continue_game" => to_value(game::continue_game(state, a.parse()?)),
        "new_game" => to_value(game::new_game(state, a.parse()?)),
        "replace_game" => to_value(game::replace_game(state, a.parse()?)),
        "set_side_screen" => to_value(side::set_side_screen(state, a.parse()?)),
        // "Quit" (Files…): saved as on close; the app then exits (the shell's part, after the
        // answer). The dev server has no app to close: the game is saved, that is all.
        "quit" => {
            state.save_before_exit();
            to_value(Ok::<bool, CommandError>(true))
        }
        // The page is painted: the shell shows a window that opened hidden (its part, after the
        // answer: shell.rs). Nothing to do here.
        "view_ready" => to_value(Ok::<bool, CommandError>(true)),
        "generate_game" => to_value(generate::generate_game(state, a.parse()?)),
        "generation_status" => to_value(generate::generation_status(state)),
        "cancel_generation" => to_value(generate::cancel_generation(state)),
        "import_puzzle" => to_value(game::import_puzzle(state, a.parse()?)),
        "enter_puzzle" => to_value(entry::enter_puzzle(state, a.parse()?)),
        "start_entered" => to_value(entry::start_entered(state)),
        "export_puzzle" => to_value(game::export_puzzle(state)),
        "board" => to_value(game::board(state)),
        "act" => to_value(game::act(state, a.parse()?)),
        "undo" => to_value(game::undo(state)),
        "redo" => to_value(game::redo(state)),
        "mark_position" => to_value(game::mark_position(state)),
        "back_to_mark" => to_value(game::back_to_mark(state, a.parse()?)),
        "last_correct" => to_value(game::last_correct(state)),
        "back_to_last_correct" => to_value(game::back_to_last_correct(state)),
        "write_cell" => to_value(game::write_cell(state, a.parse()?)),
        "choose_alternative" => to_value(handwriting::choose_alternative(state, a.parse()?)),
        "read_marks" => to_value(game::read_marks(state, a.parse()?)),
        "choose_mark" => to_value(handwriting::choose_mark(state, a.parse()?)),
        "add_handwriting_sample" => to_value(handwriting::add_handwriting_sample(state, a.parse()?)),
        "add_handwriting_samples" => to_value(handwriting::add_handwriting_samples(state, a.parse()?)),
        "read_handwriting" => to_value(handwriting::read_handwriting(state, a.parse()?)),
        "handwriting_status" => to_value(handwriting::handwriting_status(state)),
        "reset_handwriting" => to_value(handwriting::reset_handwriting(state)),
        "set_timer" => to_value(game::set_timer(state, a.parse()?)),
        "set_input_mode" => to_value(game::set_input_mode(state, a.parse()?)),
        "set_time_limit" => to_value(game::set_time_limit(state, a.parse()?)),
        "hint" => to_value(help::hint(state)),
        "suggested_cell" => to_value(help::suggested_cell(state)),
        "solve_step" => to_value(help::solve_step(state)),
        "save_status" => to_value(Ok::<_, CommandError>(autosave::save_status(state))),
        "save_game_as" => to_value(files::save_game_as(state)),
        "open_game" => to_value(files::open_game(state)),
        "import_puzzle_file" => to_value(files::import_puzzle_file(state)),
        "get_settings" => to_value(Ok(get_settings(state))),
        "update_settings" => to_value(update_settings(state, a.parse()?)),
        "platform_info" => to_value(Ok(crate::platform::info())),
        "log_frontend_error" => to_value(Ok(log_frontend_error(a.parse()?))),
        // "Enter a puzzle from paper", any game's (`{kind, ...}`); the `_kenken` names are the
        // first form, kept as aliases (their `kind` left out is KenKen).
        "check_entry" | "check_kenken" => to_value(entry::check_entry(command, a.parse()?)),
        "play_entry" | "play_kenken" => to_value(entry::play_entry(state, command, a.parse()?)),
        "open_entry" | "open_kenken" => to_value(entry::open_entry(state, command, a.parse()?)),
        "save_entry" | "save_kenken" => to_value(entry::save_entry(state, command, a.parse()?)),
        "choose_picture" => to_value(pictures::choose_picture(state)),
        "picture" => to_value(pictures::picture(state, a.parse()?)),
        "get_stats" => to_value(stats::get_stats(state)),
        "reset_stats" => to_value(stats::reset_stats(state)),
        "daily_calendar" => to_value(stats::daily_calendar(state, a.parse()?)),
        "back_up" => to_value(backup::back_up(state)),
        "read_backup" => to_value(backup::read_backup(state)),
        "restore_backup" => to_value(backup::restore_backup(state)),
        "take_link" => to_value(links::take_link(state)),
        "open_replay" => to_value(replay::open_replay(state, a.parse()?)),
        "replay_frame" => to_value(replay::replay_frame(state, a.parse()?)),
        "recent_wins" => to_value(replay::recent_wins(state)),
        other => Err(CommandError::UnknownCommand(other.to_string())),
    }
}

struct Args<'a> {
    command: &'a str,
    value: Value,
}

impl Args<'_> {
    fn parse<T: DeserializeOwned>(self) -> Result<T, CommandError> {
        let v = if self.value.is_null() { Value::Object(Default::default()) } else { self.value };
        serde_json::from_value(v).map_err(|e| CommandError::BadArguments { command: self.command.to_string(), detail: e.to_string() })
    }
}

fn to_value<T: serde::Serialize>(r: Result<T, CommandError>) -> Result<Value, CommandError> {
    serde_json::to_value(r?).map_err(|e| CommandError::Internal(e.to_string()))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct UpdateSettings {
    settings: Value,
}

/// Unlike loading a settings file (lenient, field by field), an update from the view must be
/// entirely valid: a bad field is a bug in the view, reported rather than silently replaced.
fn update_settings(state: &AppState, args: UpdateSettings) -> Result<Settings, CommandError> {
    let (settings, rejected) = Settings::from_value_lenient(&args.settings);
    if !rejected.is_empty() || !args.settings.is_object() {
        return Err(CommandError::BadArguments { command: "update_settings".into(), detail: format!("invalid settings: {}", rejected.join(", ")) });
    }
    state.settings_store.save(&settings).map_err(CommandError::Settings)?;
    state.lock().settings = settings.clone();
    Ok(present_pictures(state, settings))
}

fn get_settings(state: &AppState) -> Settings {
    let settings = state.lock().settings.clone();
    present_pictures(state, settings)
}

/// The settings as the view gets them: the recent own pictures no longer in the app's folder
/// left out (the file keeps them until the next update, which then leaves them out too).
fn present_pictures(state: &AppState, mut settings: Settings) -> Settings {
    settings.slide_recent.retain(|name| state.pictures.exists(name));
    settings
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
    tracing::warn!(message = %e.message, source = e.source.as_deref().unwrap_or("?"), line = e.line.unwrap_or(0), "frontend error");
    true
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod toy_tests;
