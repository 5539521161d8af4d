//! Inkdoku desktop app.
//!
//! - [`commands`]: the commands the view calls, transport-free (used by the app and the dev server).
//! - [`platform`]: what the OS says about handedness and the pen (Windows API, portable fallback).
//! - `shell`: the Tauri builder, plugins and the IPC glue around [`commands::dispatch`].
//! - [`watchdog`]: the view must say it is ready within a bound (the decisions; `shell` acts).

pub mod commands;
pub mod platform;
mod shell;
pub mod watchdog;
pub mod words;

pub use shell::run;
