//! Inkdoku engine: every rule, state and computation of the games, with no UI and no Tauri.
//!
//! - [`grid`]: board shapes, cells, symbols and the text formats.
//! - [`sudoku`], [`kenken`], [`slide`]: the three games — solvers, ratings, hints, generators,
//!   and each game's play rules (`play`: its moves, edits and view).
//! - [`session`]: the midend every game shares — start state, undo/redo history, timer, the one
//!   replay that proves a loaded history, the ink-note scratchpad and cell changes.
//! - [`games`]: what a game is (`games::def`: the `GameDef` trait every game implements) and
//!   the one list of games, which generates the kinds and the dispatch.
//! - [`play`]: [`play::GameInPlay`], the game in play of any kind, as the shell holds it.
//! - [`import`]: a puzzle pasted as text, read by the game whose text it is.
//! - [`pen`]: what ink written into a cell means (tap, scratch-out, a legal symbol), for every
//!   pen game.
//! - [`ink`]: strokes, normalisation, the handwriting recogniser and gestures.
//! - [`save`]: the versioned save format, atomic writes, backups and recovery.
//! - [`settings`]: the player's settings, read leniently.
//! - [`stats`]: the record of games played and won, and the statistics page's figures.

/// Crash-safe file replacement: a leaf that saves and the handwriting profile both use.
pub mod atomic_file;
pub mod backup;
pub mod daily;
/// "Enter a puzzle from paper": the words every game's entry speaks (a leaf).
pub mod entry;
pub mod games;
pub mod grid;
pub mod import;
pub mod ink;
pub mod kenken;
pub mod link;
pub mod pen;
pub mod play;
pub mod save;
pub mod session;
pub mod settings;
pub mod slide;
pub mod stats;
pub mod sudoku;
pub mod variants;
/// Recent wins kept for "Watch my solve" (a replay from the statistics).
pub mod wins;
/// The toy fourth game that proves the one list (`games!`); tests only.
#[cfg(feature = "toy-game")]
pub mod toy;
/// Deterministic games and random moves for tests, benches and the crash-test writer; not in
/// the app (the `testkit` feature is on by default, and the app links the engine without it).
#[cfg(any(test, feature = "testkit"))]
pub mod testkit;
