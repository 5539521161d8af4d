//! The player's settings, read leniently: a missing, unknown or invalid field falls back to its
//! default on its own, so one bad value (or a settings file from another version) never resets
//! the rest, and reading never fails.

use std::path::Path;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use std::collections::BTreeMap;

use crate::play::{GameKind, GameParams};

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


/// How many of the player's own pictures the new-game dialog remembers (`slide_recent`).
pub const RECENT_PICTURES: usize = 6;
/// The view's languages; "auto" follows the system.
pub const LANGUAGES: [&str; 3] = ["auto", "en", "zh-CN"];
/// The view's themes; "system" follows the system's light or dark preference.
pub const THEMES: [&str; 4] = ["system", "light", "dark", "high-contrast"];

/// Where "New game" takes a Sudoku or KenKen from: the collection (instant) or the generator
/// (fresh, made now, with a progress bar).
pub const NEW_PUZZLES: [&str; 2] = ["collection", "fresh"];
/// What the number pad writes in pencil mode (#43): the typed candidate slots, corner marks
/// (Snyder notation) or centre marks (a cell's candidate list).
pub const PENCIL_MARKS: [&str; 3] = ["candidates", "corner", "centre"];
/// A game's time limit in minutes (0: none).
pub const TIME_LIMITS: [u16; 9] = [0, 5, 10, 15, 20, 30, 45, 60, 90];

/// Every game's "New game" params, one per kind (always all of them).
#[derive(Debug, Clone, PartialEq)]
pub struct ParamsByKind(BTreeMap<GameKind, GameParams>);

impl Default for ParamsByKind {
    fn default() -> Self {
        ParamsByKind(GameKind::ALL.iter().map(|&k| (k, GameParams::default_of(k))).collect())
    }
}

/// Where the settings kept the params before they were kept per kind (before #25): the kind,
/// the old top-level field and the param it is now. Read when a kind has no params of its own.
const FLAT_PARAMS: [(&str, &str, &str); 9] = [
    ("sudoku", "default_size", "size"),
    ("sudoku", "difficulty", "difficulty"),
    ("sudoku", "symmetric", "symmetric"),
    ("kenken", "kenken_size", "size"),
    ("kenken", "kenken_difficulty", "difficulty"),
    ("slide", "slide_rows", "rows"),
    ("slide", "slide_cols", "cols"),
    ("slide", "slide_difficulty", "difficulty"),
    ("slide", "slide_picture", "picture"),
];

impl ParamsByKind {
    /// The params of `kind`.
    pub fn of(&self, kind: GameKind) -> GameParams {
        self.0.get(&kind).cloned().unwrap_or_else(|| GameParams::default_of(kind))
    }

    /// Keeps `params` as its kind's last.
    pub fn set(&mut self, params: GameParams) {
        self.0.insert(params.kind(), params);
    }

    /// `params.<kind>` of a settings object, each kind and field leniently; a kind without them
    /// takes the flat fields of a file from before (`default_size`...). A rejected field is
    /// named as it was written: `params.sudoku.size`, or `default_size`.
    fn read_lenient(obj: &serde_json::Map<String, Value>, rejected: &mut Vec<String>) -> ParamsByKind {
        let stored = obj.get("params");
        if stored.is_some_and(|p| !p.is_object()) {
            rejected.push("params".to_string());
        }
        let mut all = ParamsByKind::default();
        for &kind in GameKind::ALL {
            let name = kind.as_str();
            let (value, flat) = match stored.and_then(|p| p.get(name)) {
                Some(v) => (v.clone(), false),
                None => {
                    let old = FLAT_PARAMS.iter().filter(|(k, old, _)| *k == name && obj.contains_key(*old));
                    (Value::Object(old.map(|(_, old, new)| (new.to_string(), obj[*old].clone())).collect()), true)
                }
            };
            let (params, bad) = GameParams::read_lenient(kind, &value);
            rejected.extend(bad.into_iter().map(|field| match (flat, field.as_str()) {
                (_, "") => format!("params.{name}"),
                (true, f) => FLAT_PARAMS.iter().find(|(k, _, new)| *k == name && *new == f).map_or(f.to_string(), |(_, old, _)| old.to_string()),
                (false, f) => format!("params.{name}.{f}"),
            }));
            all.set(params);
        }
        all
    }
}

impl Serialize for ParamsByKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(k, p)| (k.as_str(), p.to_value())))
    }
}

/// `#rrggbb`.
fn is_colour(s: &str) -> bool {
    s.len() == 7 && s.starts_with('#') && s[1..].bytes().all(|b| b.is_ascii_hexdigit())
}

/// Settings. Deserialising accepts any JSON: see the module comment.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(from = "Value")]
pub struct Settings {
    pub handedness: Handedness,
    /// Paint entries that differ from the solution in red.
    pub show_incorrect: bool,
    /// Ignore every touch on the board while on (palm rejection): only the pen and the mouse
    /// write and tap. The view applies it (`ui/js/palm.js`), as its Settings line says.
    pub pen_only: bool,
    /// The game the home screen offers first: the one played last.
    pub last_game: GameKind,
    /// Each game's "New game" params as last chosen, under its kind (`{"sudoku": {"size": 9,
    /// ...}, "kenken": {...}}`); what they are and their defaults are each game's
    /// ([`crate::games::GameDef::Params`]).
    pub params: ParamsByKind,
    /// The player's own pictures chosen lately (stored pictures' names), newest first, no name
    /// twice, at most [`RECENT_PICTURES`]: the new-game dialog shows them as thumbnails.
    pub slide_recent: Vec<String>,
    /// The lines between tiles, `#rrggbb`.
    pub slide_border: String,
    /// Each tile shows its number.
    pub slide_numbers: bool,
    /// Sound effects off.
    pub mute: bool,
    /// The view's language: one of [`LANGUAGES`].
    pub language: String,
    /// The view's colours: one of [`THEMES`].
    pub theme: String,
    /// "Keep my handwriting": a value written with the pen keeps the player's ink, tidied, and
    /// the board shows it instead of the typed symbol.
    pub keep_handwriting: bool,
    /// "Show the suggested cell" (the Tablet PC original's SuggestedCell): after every move the
    /// cell the easiest technique fills next is outlined, without pressing Hint.
    pub suggest_cell: bool,
    /// Where a new Sudoku or KenKen comes from (one of [`NEW_PUZZLES`]; the WPF original's
    /// choice of generator): "collection" instant, "fresh" made now.
    pub new_puzzles: String,
    /// The time limit a new game gets, in minutes (one of [`TIME_LIMITS`]; 0: none). The game
    /// keeps it (saved with it); the view counts down, and when it runs out the player may play
    /// on untimed.
    pub time_limit_min: u16,
    /// "Which hand do you write with?" was asked (on the first pen stroke ever, while the
    /// handedness is automatic: Windows 11 no longer shows its own setting, #24).
    pub hand_asked: bool,
    /// What the number pad writes in pencil mode: one of [`PENCIL_MARKS`] (the panel's toggle
    /// sets it too).
    pub pencil_marks: String,
    /// "Remove a placed digit from its peers' marks": a value written takes its digit from
    /// the typed candidates, corner and centre marks of its row, column and box (and cage
    /// rows/columns in KenKen), in the same undo step.
    pub tidy_marks: bool,
    /// "Read my pencil marks": small digits written with the pencil in a cell's corners or
    /// middle become its corner or centre marks when the pencil pauses (#43; other ink stays).
    /// On by default since the reader met the goals on a set of held-out writers never
    /// looked at (docs/recogniser.md, "Small pencil marks written by hand": digits 99.12 %).
    /// A settings file saved before keeps the player's value.
    pub read_marks: bool,
    /// A faint tint per region on a Jigsaw's board (#42), besides its thick borders; off for
    /// players who find the colours noisy. On by default.
    pub region_tint: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            handedness: Handedness::Auto,
            show_incorrect: false,
            pen_only: false,
            last_game: GameKind::Sudoku,
            params: ParamsByKind::default(),
            slide_recent: Vec::new(),
            slide_border: "#1f2933".to_string(),
            slide_numbers: false,
            mute: false,
            language: "auto".to_string(),
            theme: "system".to_string(),
            keep_handwriting: false,
            suggest_cell: false,
            new_puzzles: "collection".to_string(),
            time_limit_min: 0,
            hand_asked: false,
            pencil_marks: "candidates".to_string(),
            tidy_marks: false,
            read_marks: true,
            region_tint: true,
        }
    }
}

impl Settings {
    /// Reads settings from any JSON value, field by field; returns the names of the fields that
    /// were present but unusable (and so fell back to their defaults).
    pub fn from_value_lenient(v: &Value) -> (Settings, Vec<String>) {
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
            rejected: &mut Vec<String>,
        ) {
            if let Some(raw) = obj.get(name) {
                match serde_json::from_value::<T>(raw.clone()) {
                    Ok(val) if valid(&val) => *slot = val,
                    _ => rejected.push(name.to_string()),
                }
            }
        }
        take(obj, "handedness", |_| true, &mut s.handedness, &mut rejected);
        take(obj, "show_incorrect", |_| true, &mut s.show_incorrect, &mut rejected);
        take(obj, "pen_only", |_| true, &mut s.pen_only, &mut rejected);
        take(obj, "last_game", |_| true, &mut s.last_game, &mut rejected);
        s.params = ParamsByKind::read_lenient(obj, &mut rejected);
        if let Some(raw) = obj.get("slide_recent") {
            let (recent, all_good) = recent_pictures(raw);
            s.slide_recent = recent;
            if !all_good {
                rejected.push("slide_recent".to_string());
            }
        }
        take(obj, "slide_border", |c: &String| is_colour(c), &mut s.slide_border, &mut rejected);
        take(obj, "slide_numbers", |_| true, &mut s.slide_numbers, &mut rejected);
        take(obj, "mute", |_| true, &mut s.mute, &mut rejected);
        // `slide_best` (before #26) is left behind: the bests are the statistics' (stats.json).
        take(obj, "language", |l: &String| LANGUAGES.contains(&l.as_str()), &mut s.language, &mut rejected);
        take(obj, "theme", |t: &String| THEMES.contains(&t.as_str()), &mut s.theme, &mut rejected);
        take(obj, "keep_handwriting", |_| true, &mut s.keep_handwriting, &mut rejected);
        take(obj, "suggest_cell", |_| true, &mut s.suggest_cell, &mut rejected);
        take(obj, "new_puzzles", |m: &String| NEW_PUZZLES.contains(&m.as_str()), &mut s.new_puzzles, &mut rejected);
        take(obj, "time_limit_min", |m: &u16| TIME_LIMITS.contains(m), &mut s.time_limit_min, &mut rejected);
        take(obj, "hand_asked", |_| true, &mut s.hand_asked, &mut rejected);
        take(obj, "pencil_marks", |m: &String| PENCIL_MARKS.contains(&m.as_str()), &mut s.pencil_marks, &mut rejected);
        take(obj, "tidy_marks", |_| true, &mut s.tidy_marks, &mut rejected);
        take(obj, "read_marks", |_| true, &mut s.read_marks, &mut rejected);
        take(obj, "region_tint", |_| true, &mut s.region_tint, &mut rejected);
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

/// `slide_recent` read leniently, entry by entry: the stored pictures' names in order, each
/// once, at most [`RECENT_PICTURES`]; and whether every entry was one (a duplicate or one too many
/// is no fault: only a list or an entry of the wrong kind is).
fn recent_pictures(raw: &Value) -> (Vec<String>, bool) {
    let Some(items) = raw.as_array() else { return (Vec::new(), false) };
    let mut recent: Vec<String> = Vec::new();
    let mut all_good = true;
    for item in items {
        match item.as_str() {
            Some(name) if crate::slide::play::is_picture_name(name) => {
                if !recent.iter().any(|r| r == name) {
                    recent.push(name.to_string());
                }
            }
            _ => all_good = false,
        }
    }
    recent.truncate(RECENT_PICTURES);
    (recent, all_good)
}

impl From<Value> for Settings {
    fn from(v: Value) -> Settings {
        Settings::from_value_lenient(&v).0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kenken::def::KenkenParams;
    use crate::slide::def::SlideParams;
    use crate::sudoku::def::SudokuParams;
    use crate::sudoku::Difficulty;
    use serde_json::json;

    fn names(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    fn sudoku(s: &Settings) -> SudokuParams {
        match s.params.of(GameKind::Sudoku) {
            GameParams::Sudoku(p) => p,
            _ => unreachable!(),
        }
    }

    fn kenken(s: &Settings) -> KenkenParams {
        match s.params.of(GameKind::Kenken) {
            GameParams::Kenken(p) => p,
            _ => unreachable!(),
        }
    }

    fn slide(s: &Settings) -> SlideParams {
        match s.params.of(GameKind::Slide) {
            GameParams::Slide(p) => p,
            _ => unreachable!(),
        }
    }

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
        let mut want = Settings { handedness: Handedness::Left, pen_only: true, ..Settings::default() };
        want.params.set(GameParams::Sudoku(SudokuParams { difficulty: Difficulty::Expert, ..SudokuParams::default() }));
        assert_eq!(s, want);
        assert_eq!(rejected, ["show_incorrect", "last_game", "default_size", "symmetric"]);
        // The serde path is just as lenient, for any JSON at all.
        let s: Settings = serde_json::from_value(json!({"handedness": "sideways", "params": {"sudoku": {"size": 16}}})).unwrap();
        assert_eq!((s.handedness, sudoku(&s).size), (Handedness::Auto, 16));
        assert_eq!(serde_json::from_value::<Settings>(json!([1, 2])).unwrap(), Settings::default());
        assert_eq!(Settings::from_bytes_lenient(b"{\"pen_only\": tru"), Settings::default());
    }

    #[test]
    fn slide_fields_fall_back_one_by_one() {
        let v = json!({
            "slide_rows": 3, "slide_cols": 7, "slide_difficulty": "expert",
            "slide_picture": "../x.png", "slide_border": "#ff8800", "slide_numbers": true, "mute": "loud",
            "slide_best": {"3x3": {"moves": 20, "ms": 40000}}
        });
        let (s, rejected) = Settings::from_value_lenient(&v);
        let p = slide(&s);
        assert_eq!((p.rows, p.cols, p.difficulty), (3, 4, crate::slide::Difficulty::Medium));
        assert!(!serde_json::to_string(&s).unwrap().contains("slide_best"), "the old bests are not kept twice");
        assert_eq!((p.picture, s.slide_border.as_str(), s.slide_numbers, s.mute), (None, "#ff8800", true, false));
        assert_eq!(rejected, ["slide_cols", "slide_difficulty", "slide_picture", "mute"]);
        for bad in ["red", "#12345", "#12345g", "#1234567"] {
            assert_eq!(Settings::from_value_lenient(&json!({ "slide_border": bad })).1, ["slide_border"], "{bad}");
        }
        let (s, rejected) = Settings::from_value_lenient(&json!({"slide_picture": "0123456789abcdef.jpg", "slide_rows": 6}));
        assert_eq!((slide(&s).picture.as_deref(), slide(&s).rows, rejected.len()), (Some("0123456789abcdef.jpg"), 6, 0));
        assert_eq!(slide(&Settings::from_value_lenient(&json!({"slide_picture": null})).0).picture, None);
    }

    #[test]
    fn built_in_pictures_are_kept_and_the_default_is_none() {
        let (s, rejected) = Settings::from_value_lenient(&json!({"params": {"slide": {"picture": "builtin:reef"}}}));
        assert_eq!((slide(&s).picture.as_deref(), rejected.len()), (Some("builtin:reef"), 0));
        // The default built-in picture is kept as before there were several: null.
        let (s, rejected) = Settings::from_value_lenient(&json!({"params": {"slide": {"picture": "builtin:lake"}}}));
        assert_eq!((slide(&s).picture, rejected.len()), (None, 0));
        assert!(!serde_json::to_string(&s).unwrap().contains("builtin"));
        for bad in ["builtin:castle", "builtin:", "reef", "builtin:REEF"] {
            let (s, rejected) = Settings::from_value_lenient(&json!({"params": {"slide": { "picture": bad, "rows": 5 }}}));
            assert_eq!((slide(&s).picture, slide(&s).rows, rejected), (None, 5, names(&["params.slide.picture"])), "{bad}");
        }
    }

    #[test]
    fn recent_pictures_are_read_entry_by_entry() {
        let a = "0123456789abcdef.png";
        let b = "fedcba9876543210fedcba9876543210.jpg";
        let (s, rejected) = Settings::from_value_lenient(&json!({ "slide_recent": [a, b] }));
        assert_eq!((s.slide_recent.clone(), rejected.len()), (vec![a.to_string(), b.to_string()], 0));
        assert_eq!(Settings::from_value_lenient(&serde_json::to_value(&s).unwrap()).0, s, "round trip");
        // Duplicates and more than six are no fault: the first of each, the newest six.
        let many: Vec<String> = (0..9).map(|i| format!("{i:016x}.png")).collect();
        let mut list = vec![Value::from(many[0].clone())];
        list.extend(many.iter().map(|m| Value::from(m.clone())));
        let (s, rejected) = Settings::from_value_lenient(&json!({ "slide_recent": list }));
        assert_eq!((s.slide_recent, rejected.len()), (many[..RECENT_PICTURES].to_vec(), 0));
        // A bad entry is dropped alone (and noted); a list of the wrong kind falls back to none.
        let (s, rejected) = Settings::from_value_lenient(&json!({ "slide_recent": [a, "../x.png", 7, "builtin:reef", b], "mute": true }));
        assert_eq!((s.slide_recent, s.mute, rejected), (vec![a.to_string(), b.to_string()], true, names(&["slide_recent"])));
        for bad in [json!("0123456789abcdef.png"), json!({"a": 1}), json!(null), json!(3)] {
            let (s, rejected) = Settings::from_value_lenient(&json!({ "slide_recent": bad, "slide_numbers": true }));
            assert_eq!((s.slide_recent.len(), s.slide_numbers, rejected), (0, true, names(&["slide_recent"])), "{bad}");
        }
        // A settings file from before the field: none, nothing rejected.
        let (s, rejected) = Settings::from_value_lenient(&json!({"slide_picture": a}));
        assert_eq!((s.slide_recent.len(), slide(&s).picture.as_deref(), rejected.len()), (0, Some(a), 0));
    }

    #[test]
    fn round_trip_and_handedness() {
        let mut s = Settings { handedness: Handedness::Right, last_game: GameKind::Kenken, ..Settings::default() };
        s.params.set(GameParams::Sudoku(SudokuParams { size: 6, ..SudokuParams::default() }));
        let text = serde_json::to_string(&s).unwrap();
        assert!(text.contains("\"handedness\":\"right\""));
        assert_eq!(serde_json::from_str::<Settings>(&text).unwrap(), s);
        let d = std::env::temp_dir().join(format!("inkdoku-settings-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        let p = d.join("settings.json");
        assert_eq!(Settings::load(&p), Settings::default());
        s.save(&p).unwrap();
        assert_eq!(Settings::load(&p), s);
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn what_the_pencil_writes_and_tidy_marks_are_kept_or_fall_back_alone() {
        let d = Settings::default();
        assert_eq!((d.pencil_marks.as_str(), d.tidy_marks), ("candidates", false), "as before #43");
        let (s, rejected) = Settings::from_value_lenient(&json!({"pencil_marks": "centre", "tidy_marks": true}));
        assert_eq!((s.pencil_marks.as_str(), s.tidy_marks, rejected.len()), ("centre", true, 0));
        let (s, rejected) = Settings::from_value_lenient(&json!({"pencil_marks": "side", "tidy_marks": "yes", "mute": true}));
        assert_eq!((s.pencil_marks.as_str(), s.tidy_marks, s.mute), ("candidates", false, true));
        assert_eq!(rejected, vec!["pencil_marks", "tidy_marks"]);
        assert!(d.read_marks, "reading handwritten marks is on until the player turns it off");
        let (s, rejected) = Settings::from_value_lenient(&json!({"read_marks": false}));
        assert_eq!((s.read_marks, rejected.len()), (false, 0));
        let (s, rejected) = Settings::from_value_lenient(&json!({"read_marks": "yes"}));
        assert_eq!((s.read_marks, rejected.len(), rejected.first().map(String::as_str)), (true, 1, Some("read_marks")));
    }

    #[test]
    fn language_and_theme_are_kept_or_fall_back_alone() {
        let (s, rejected) = Settings::from_value_lenient(&json!({"language": "zh-CN", "theme": "high-contrast"}));
        assert_eq!((s.language.as_str(), s.theme.as_str(), rejected.len()), ("zh-CN", "high-contrast", 0));
        let (s, rejected) = Settings::from_value_lenient(&json!({"language": "fr", "theme": "sepia", "mute": true}));
        assert_eq!((s.language.as_str(), s.theme.as_str(), s.mute), ("auto", "system", true));
        assert_eq!(rejected, vec!["language", "theme"]);
        // A settings file from before these fields: the defaults, nothing rejected.
        let (s, rejected) = Settings::from_value_lenient(&json!({"pen_only": true}));
        assert_eq!((s.language.as_str(), s.theme.as_str(), rejected.len()), ("auto", "system", 0));
        assert!(!s.keep_handwriting, "handwriting is kept only when asked for");
        let (s, rejected) = Settings::from_value_lenient(&json!({"keep_handwriting": true, "mute": true}));
        assert!(s.keep_handwriting && s.mute && rejected.is_empty());
        assert_eq!(Settings::from_value_lenient(&json!({"keep_handwriting": "yes"})).1, vec!["keep_handwriting"]);
        assert!(!Settings::default().suggest_cell, "the suggested cell is shown only when asked for");
        assert!(Settings::default().region_tint, "a jigsaw's regions are tinted unless asked not to");
        assert!(!Settings::from_value_lenient(&json!({"region_tint": false})).0.region_tint);
        assert_eq!(Settings::from_value_lenient(&json!({"region_tint": 1})).1, vec!["region_tint"]);
        assert!(Settings::from_value_lenient(&json!({"suggest_cell": true})).0.suggest_cell);
    }

    /// The generation method and the time limit: kept when valid, alone back to the default
    /// when not; a file from before them reads as "collection" and no limit.
    #[test]
    fn new_puzzles_and_time_limit_are_kept_or_fall_back_alone() {
        let (s, rejected) = Settings::from_value_lenient(&json!({"new_puzzles": "fresh", "time_limit_min": 15}));
        assert_eq!((s.new_puzzles.as_str(), s.time_limit_min, rejected.len()), ("fresh", 15, 0));
        let (s, rejected) = Settings::from_value_lenient(&json!({"new_puzzles": "dice", "time_limit_min": 7, "suggest_cell": true}));
        assert_eq!((s.new_puzzles.as_str(), s.time_limit_min, s.suggest_cell), ("collection", 0, true));
        assert_eq!(rejected, vec!["new_puzzles", "time_limit_min"]);
        let old = Settings::from_value_lenient(&json!({"pen_only": true})).0;
        assert_eq!((old.new_puzzles.as_str(), old.time_limit_min, old.hand_asked), ("collection", 0, false));
        assert!(Settings::from_value_lenient(&json!({"hand_asked": true})).0.hand_asked);
        assert_eq!(Settings::from_value_lenient(&json!({"hand_asked": "yes"})).1, vec!["hand_asked"]);
    }

    #[test]
    fn kenken_options_are_kept_or_fall_back_alone() {
        let (s, rejected) = Settings::from_value_lenient(&json!({"params": {"kenken": {"size": 8, "difficulty": "hard"}}}));
        assert_eq!((kenken(&s), rejected.len()), (KenkenParams { size: 8, difficulty: Difficulty::Hard }, 0));
        let (s, rejected) = Settings::from_value_lenient(&json!({"params": {"kenken": {"size": 2, "difficulty": "fiendish", "colour": 1}}, "pen_only": true}));
        assert_eq!((kenken(&s), s.pen_only), (KenkenParams::default(), true));
        assert_eq!(rejected, vec!["params.kenken.colour", "params.kenken.difficulty", "params.kenken.size"]);
        let (s, _) = Settings::from_value_lenient(&json!({"params": {"kenken": {"size": 10}}}));
        assert_eq!(kenken(&s).size, 6);
        assert_eq!(Settings::from_value_lenient(&serde_json::to_value(Settings::default()).unwrap()).1, Vec::<String>::new());
        // A kind's params of the wrong shape fall back whole, the other kinds' stay.
        let (s, rejected) = Settings::from_value_lenient(&json!({"params": {"kenken": 7, "sudoku": {"size": 4}}}));
        assert_eq!((kenken(&s), sudoku(&s).size, rejected), (KenkenParams::default(), 4, names(&["params.kenken"])));
        let (s, rejected) = Settings::from_value_lenient(&json!({"params": [1], "default_size": 6}));
        assert_eq!((sudoku(&s).size, rejected), (6, names(&["params"])), "no params: the flat fields of before");
    }

    /// A settings file as the app wrote it before the params were kept per kind (a real file of
    /// 2026-12-02's build): every choice comes back under its kind, nothing is rejected, and
    /// saving writes the new shape only.
    #[test]
    fn a_settings_file_of_before_is_migrated() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/settings-2026-12-02.json");
        let old: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        let (s, rejected) = Settings::from_value_lenient(&old);
        assert_eq!(rejected, Vec::<String>::new());
        assert_eq!(sudoku(&s), SudokuParams { size: 16, difficulty: Difficulty::Medium, symmetric: false });
        assert_eq!(kenken(&s), KenkenParams { size: 7, difficulty: Difficulty::Hard });
        let p = slide(&s);
        assert_eq!((p.rows, p.cols, p.difficulty, p.picture.as_deref()), (3, 5, crate::slide::Difficulty::Hard, Some("builtin:reef")));
        assert_eq!((s.last_game, s.language.as_str(), s.slide_recent.len(), s.time_limit_min), (GameKind::Kenken, "zh-CN", 1, 15));
        let new = serde_json::to_value(&s).unwrap();
        for gone in ["default_size", "difficulty", "symmetric", "kenken_size", "kenken_difficulty", "slide_rows", "slide_cols", "slide_difficulty", "slide_picture"] {
            assert!(new.get(gone).is_none(), "{gone} is not written again");
        }
        assert_eq!(new["params"]["kenken"], json!({"size": 7, "difficulty": "hard"}));
        assert_eq!(new["params"]["slide"], json!({"rows": 3, "cols": 5, "difficulty": "hard", "picture": "builtin:reef"}));
        assert_eq!(Settings::from_value_lenient(&new), (s, vec![]), "the new file reads back the same");
    }
}
