//! Inkdoku engine: every rule, state and computation of the game, with no UI and no Tauri.
//!
//! - [`grid`]: board shapes, cells, symbols and the text formats.
//! - [`sudoku`]: exact solver, human-technique solver, rating, hints, generator.
//! - [`ink`]: strokes, normalisation, the handwriting recogniser and gestures.

pub mod grid;
pub mod ink;
pub mod sudoku;
pub mod session;
pub mod save;
pub mod settings;
pub mod kenken;
pub mod slide;
