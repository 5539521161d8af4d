//! Inkdoku desktop app.
//!
//! - [`commands`]: the commands the view calls, transport-free (used by the app and the dev server).
//! - `shell`: the Tauri builder, plugins and the IPC glue around [`commands::dispatch`].

pub mod commands;
mod shell;

pub use shell::run;
