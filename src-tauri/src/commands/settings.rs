//! Player settings: validated field by field, so a damaged settings file falls back to the
//! defaults for what is unreadable and keeps the rest. Where they are stored is the shell's
//! business (`SettingsStore`): tauri-plugin-store in the app, memory in the dev server.

use serde::{Deserialize, Serialize};
use serde_json::Value;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Handedness {
    /// Follow the system's handedness setting (Windows tablet settings).
    #[default]
    Auto,
    Left,
    Right,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    pub handedness: Handedness,
    pub show_incorrect: bool,
    /// Ignore touch on the board (palm rejection without waiting for the pen).
    pub pen_only: bool,
    pub default_size: u8,
    pub difficulty: inkdoku::sudoku::Difficulty,
    pub symmetric: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            handedness: Handedness::Auto,
            show_incorrect: false,
            pen_only: false,
            default_size: 9,
            difficulty: inkdoku::sudoku::Difficulty::Easy,
            symmetric: true,
        }
    }
}

impl Settings {
    /// Reads settings from any JSON value; every field that is missing or unreadable keeps its
    /// default. Returns the settings and the names of the fields that were replaced.
    pub fn from_value_lenient(v: &Value) -> (Settings, Vec<&'static str>) {
        let mut s = Settings::default();
        let mut bad = Vec::new();
        let Some(obj) = v.as_object() else {
            if !v.is_null() {
                bad.push("(whole file)");
            }
            return (s, bad);
        };
        fn field<T: serde::de::DeserializeOwned>(obj: &serde_json::Map<String, Value>, name: &'static str, slot: &mut T, bad: &mut Vec<&'static str>) {
            if let Some(v) = obj.get(name) {
                match serde_json::from_value(v.clone()) {
                    Ok(x) => *slot = x,
                    Err(_) => bad.push(name),
                }
            }
        }
        field(obj, "handedness", &mut s.handedness, &mut bad);
        field(obj, "show_incorrect", &mut s.show_incorrect, &mut bad);
        field(obj, "pen_only", &mut s.pen_only, &mut bad);
        field(obj, "default_size", &mut s.default_size, &mut bad);
        field(obj, "difficulty", &mut s.difficulty, &mut bad);
        field(obj, "symmetric", &mut s.symmetric, &mut bad);
        if inkdoku::grid::Shape::from_size(s.default_size as usize).is_none() {
            s.default_size = Settings::default().default_size;
            bad.push("default_size");
        }
        (s, bad)
    }
}

/// Where settings live between runs.
pub trait SettingsStore: Send + Sync {
    /// The saved settings, or the defaults (with a logged warning) if they are unreadable.
    fn load(&self) -> Settings;
    fn save(&self, settings: &Settings) -> Result<(), String>;
}

/// Settings kept in memory only (tests, dev server).
#[derive(Default)]
pub struct MemoryStore(std::sync::Mutex<Option<Settings>>);

impl SettingsStore for MemoryStore {
    fn load(&self) -> Settings {
        self.0.lock().map(|s| s.clone().unwrap_or_default()).unwrap_or_default()
    }
    fn save(&self, settings: &Settings) -> Result<(), String> {
        if let Ok(mut slot) = self.0.lock() {
            *slot = Some(settings.clone());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn damaged_fields_fall_back_one_by_one() {
        let (s, bad) = Settings::from_value_lenient(&json!({
            "handedness": "left", "show_incorrect": "yes", "pen_only": true, "default_size": 7,
            "difficulty": "hard", "symmetric": null, "extra": 1
        }));
        assert_eq!(s.handedness, Handedness::Left);
        assert!(!s.show_incorrect);
        assert!(s.pen_only);
        assert_eq!(s.default_size, 9);
        assert_eq!(s.difficulty, inkdoku::sudoku::Difficulty::Hard);
        assert!(s.symmetric);
        assert_eq!(bad, vec!["show_incorrect", "symmetric", "default_size"]);
        assert_eq!(Settings::from_value_lenient(&json!([1, 2])).0, Settings::default());
        assert_eq!(Settings::from_value_lenient(&Value::Null), (Settings::default(), vec![]));
    }
}
