//! The player's settings, read leniently: a missing, unknown or invalid field falls back to its
//! default on its own, so one bad value (or a settings file from another version) never resets
//! the rest, and reading never fails.

use std::path::Path;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::play::GameKind;

/// Which side the controls panel goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Handedness {
    /// Follow the system setting (Windows: the tablet handedness).
    #[default]
    Auto,
    Left,
    Right,
}

impl Handedness {
    /// Whether the player is left-handed, given what the system says when on `Auto`.
    pub fn is_left(self, system_left_handed: bool) -> bool {
        match self {
            Handedness::Auto => system_left_handed,
            Handedness::Left => true,
            Handedness::Right => false,
        }
    }
}

/// The sizes and difficulties a new game may have.
pub const SIZES: [u8; 4] = [4, 6, 9, 16];
pub const DIFFICULTIES: [&str; 4] = ["easy", "medium", "hard", "expert"];

/// Settings. Deserialising accepts any JSON: see the module comment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "Value")]
pub struct Settings {
    pub handedness: Handedness,
    /// Paint entries that differ from the solution in red.
    pub show_incorrect: bool,
    /// Once a pen is seen, ignore touch for writing (palm rejection).
    pub pen_only: bool,
    /// Board size for "New game": 4, 6, 9 or 16.
    pub default_size: u8,
    /// Difficulty for "New game": easy, medium, hard or expert.
    pub difficulty: String,
    /// 180-degree symmetric givens.
    pub symmetric: bool,
    /// The game the home screen offers first: the one played last.
    pub last_game: GameKind,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            handedness: Handedness::Auto,
            show_incorrect: false,
            pen_only: false,
            default_size: 9,
            difficulty: "easy".to_string(),
            symmetric: true,
            last_game: GameKind::Sudoku,
        }
    }
}

impl Settings {
    /// Reads settings from any JSON value, field by field; returns the names of the fields that
    /// were present but unusable (and so fell back to their defaults).
    pub fn from_value_lenient(v: &Value) -> (Settings, Vec<&'static str>) {
        let mut s = Settings::default();
        let mut rejected = Vec::new();
        let Some(obj) = v.as_object() else {
            return (s, rejected);
        };
        // Takes a field if present and valid; notes it if present and invalid.
        fn take<T: serde::de::DeserializeOwned>(
            obj: &serde_json::Map<String, Value>,
            name: &'static str,
            valid: impl Fn(&T) -> bool,
            slot: &mut T,
            rejected: &mut Vec<&'static str>,
        ) {
            if let Some(raw) = obj.get(name) {
                match serde_json::from_value::<T>(raw.clone()) {
                    Ok(val) if valid(&val) => *slot = val,
                    _ => rejected.push(name),
                }
            }
        }
        take(obj, "handedness", |_| true, &mut s.handedness, &mut rejected);
        take(obj, "show_incorrect", |_| true, &mut s.show_incorrect, &mut rejected);
        take(obj, "pen_only", |_| true, &mut s.pen_only, &mut rejected);
        take(obj, "default_size", |n: &u8| SIZES.contains(n), &mut s.default_size, &mut rejected);
        take(obj, "difficulty", |d: &String| DIFFICULTIES.contains(&d.as_str()), &mut s.difficulty, &mut rejected);
        take(obj, "symmetric", |_| true, &mut s.symmetric, &mut rejected);
        take(obj, "last_game", |_| true, &mut s.last_game, &mut rejected);
        (s, rejected)
    }

    /// Reads settings from bytes; unreadable JSON gives the defaults.
    pub fn from_bytes_lenient(bytes: &[u8]) -> Settings {
        serde_json::from_slice::<Value>(bytes).map(|v| Settings::from_value_lenient(&v).0).unwrap_or_default()
    }

    /// Reads the settings file; a missing or damaged file gives the defaults.
    pub fn load(path: &Path) -> Settings {
        std::fs::read(path).map(|b| Settings::from_bytes_lenient(&b)).unwrap_or_default()
    }

    /// Writes the settings file atomically (keeping the previous one as `<name>.bak`).
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        let bytes = serde_json::to_vec_pretty(self).map_err(std::io::Error::other)?;
        crate::save::write_atomic(path, &bytes)
    }
}

impl From<Value> for Settings {
    fn from(v: Value) -> Settings {
        Settings::from_value_lenient(&v).0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn bad_fields_fall_back_one_by_one() {
        let v = json!({
            "handedness": "left",
            "show_incorrect": "yes",
            "pen_only": true,
            "default_size": 7,
            "difficulty": "expert",
            "symmetric": null,
            "last_game": "chess",
            "from_the_future": 1
        });
        let (s, rejected) = Settings::from_value_lenient(&v);
        assert_eq!(
            s,
            Settings {
                handedness: Handedness::Left,
                pen_only: true,
                difficulty: "expert".into(),
                ..Settings::default()
            }
        );
        assert_eq!(rejected, ["show_incorrect", "default_size", "symmetric", "last_game"]);
        // The serde path is just as lenient, for any JSON at all.
        let s: Settings = serde_json::from_value(json!({"handedness": "sideways", "default_size": 16})).unwrap();
        assert_eq!((s.handedness, s.default_size), (Handedness::Auto, 16));
        assert_eq!(serde_json::from_value::<Settings>(json!([1, 2])).unwrap(), Settings::default());
        assert_eq!(Settings::from_bytes_lenient(b"{\"pen_only\": tru"), Settings::default());
    }

    #[test]
    fn round_trip_and_handedness() {
        let s = Settings { handedness: Handedness::Right, default_size: 6, last_game: GameKind::Kenken, ..Settings::default() };
        let text = serde_json::to_string(&s).unwrap();
        assert!(text.contains("\"handedness\":\"right\""));
        assert_eq!(serde_json::from_str::<Settings>(&text).unwrap(), s);
        assert!(Handedness::Auto.is_left(true) && !Handedness::Auto.is_left(false));
        assert!(Handedness::Left.is_left(false) && !Handedness::Right.is_left(true));
        let d = std::env::temp_dir().join(format!("inkdoku-settings-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        let p = d.join("settings.json");
        assert_eq!(Settings::load(&p), Settings::default());
        s.save(&p).unwrap();
        assert_eq!(Settings::load(&p), s);
        std::fs::remove_dir_all(&d).unwrap();
    }
}
