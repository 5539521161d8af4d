//! What start-up found not normal (a damaged save, handwriting profile or settings file), as data
//! for the view to say in the player's language.

use serde::Serialize;

/// Something start-up found not normal, as data.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "about", rename_all = "snake_case")]
pub enum Notice {
    /// A game's autosave was missing or damaged: its previous save was restored, or (not
    /// `restored`) neither could be read. `kept`: where damaged files were moved.
    Save { game: &'static str, restored: bool, kept: Vec<String> },
    /// The handwriting profile was damaged: its previous copy restored, or the recogniser
    /// starts again from its general model.
    Handwriting { restored: bool, kept: Vec<String> },
    /// The settings file could not be used: its previous copy restored, or the defaults.
    Settings { restored: bool, kept: Vec<String> },
}

/// Paths as the player reads them (a notice's `kept`).
pub(crate) fn shown(paths: &[std::path::PathBuf]) -> Vec<String> {
    paths.iter().map(|p| p.display().to_string()).collect()
}
