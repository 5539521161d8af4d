//! "Enter a puzzle" for KenKen: check and solve what the player drew, play it, and move it in
//! and out of files. The rules live in `inkdoku::kenken::entry`; this only carries them.

use inkdoku::kenken::entry::{self, Entered, Verdict};
use inkdoku::kenken::play::{KenkenGame, KenkenInfo, KenkenSession};
use inkdoku::play::{GameInPlay, PlayView};
use serde::{Deserialize, Serialize};

use super::files::{read_small_text, FileKind};
use super::error::sentence;
use super::{AppState, CommandError};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EntryArgs {
    pub puzzle: Entered,
}

/// What "Solve" tells the view (one `verdict` each; docs/ipc.md).
#[derive(Debug, Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum EntryCheck {
    /// The first problem, with the cage (0-based, as entered) and cells it is about.
    /// `detail`: the problem as data for the view's language (`KenkenError::detail`).
    Invalid { code: &'static str, message: String, detail: serde_json::Value, cage: Option<usize>, cells: Vec<[usize; 2]> },
    NoSolution,
    Multiple { first: Vec<u8>, second: Vec<u8>, differ: Vec<[usize; 2]> },
    Unique { solution: Vec<u8>, difficulty: &'static str, hardest: &'static str },
}

pub fn check_kenken(args: EntryArgs) -> Result<EntryCheck, CommandError> {
    let cells = |v: Vec<(usize, usize)>| v.into_iter().map(|(r, c)| [r, c]).collect();
    Ok(match entry::check(&args.puzzle) {
        Verdict::Invalid(p) => EntryCheck::Invalid { code: p.error.code(), message: sentence(&p.error), detail: p.error.detail(), cage: p.cage, cells: cells(p.cells) },
        Verdict::NoSolution => EntryCheck::NoSolution,
        Verdict::Multiple { first, second, differ } => EntryCheck::Multiple { first, second, differ: cells(differ) },
        Verdict::Unique { solution, difficulty, .. } => {
            EntryCheck::Unique { solution, difficulty: difficulty.name(), hardest: entry::hardest_step(difficulty) }
        }
    })
}

/// "Play it": a uniquely solvable entry becomes a game, rated, its answer kept hidden.
pub fn play_kenken(state: &AppState, args: EntryArgs) -> Result<PlayView, CommandError> {
    state.install_asking(kenken_game(&args.puzzle)?)
}

/// The game an entered (or pasted) KenKen makes, when it has exactly one solution.
pub(crate) fn kenken_game(entered: &Entered) -> Result<GameInPlay, CommandError> {
    match entry::check(entered) {
        Verdict::Unique { puzzle, solution, difficulty } => {
            let info = KenkenInfo { solution: Some(solution), difficulty: Some(difficulty.name().to_string()), seed: None };
            Ok(GameInPlay::Kenken(KenkenSession::from_game(KenkenGame::new(puzzle)), info))
        }
        Verdict::Invalid(p) => Err(CommandError::KenkenPuzzle(p.error)),
        Verdict::NoSolution => Err(CommandError::Unsolvable),
        Verdict::Multiple { .. } => Err(CommandError::NotUnique),
    }
}

#[derive(Debug, Serialize)]
pub struct OpenedEntry {
    /// `None` if the player cancelled.
    pub puzzle: Option<Entered>,
}

/// "Open…" in the entry screen: a KenKen in the text format or JSON, into the editor.
pub fn open_kenken(state: &AppState) -> Result<OpenedEntry, CommandError> {
    let puzzle = state.open_dialog(FileKind::Kenken, |path| {
        let text = read_small_text(&path)?;
        let read = entry::read_any(&text).map_err(CommandError::KenkenPuzzle)?;
        Ok(Entered::from_puzzle(&read.puzzle))
    })?;
    Ok(OpenedEntry { puzzle })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EntryFormat {
    /// The hand-entry text format (docs/kenken.md).
    Text,
    /// One line of the data sets' JSON.
    Json,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveEntryArgs {
    pub puzzle: Entered,
    /// Left out, the picked file's extension decides: `.json` is JSON, anything else text.
    #[serde(default)]
    pub format: Option<EntryFormat>,
}

/// "Save…" in the entry screen. Any complete drawing can be saved, solvable or not (a
/// half-checked newspaper puzzle is worth keeping); an unfinished one says what is missing.
pub fn save_kenken(state: &AppState, args: SaveEntryArgs) -> Result<super::files::Saved, CommandError> {
    let puzzle = args.puzzle.puzzle().map_err(|p| CommandError::KenkenPuzzle(p.error))?;
    let n = puzzle.size();
    let suggested = format!("kenken-{n}x{n}.{}", if args.format == Some(EntryFormat::Json) { "json" } else { "txt" });
    let path = state.save_dialog(&suggested, |path| {
        let json = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("json"));
        let text = match args.format.unwrap_or(if json { EntryFormat::Json } else { EntryFormat::Text }) {
            EntryFormat::Text => puzzle.to_text(),
            EntryFormat::Json => puzzle.to_json(None, None) + "\n",
        };
        inkdoku::save::write_atomic_no_backup(&path, text.as_bytes()).map_err(|e| CommandError::Files(e.to_string()))?;
        Ok(path.display().to_string())
    })?;
    Ok(super::files::Saved { path })
}

#[cfg(test)]
mod tests {
    use super::super::{dispatch, settings::MemoryStore, AppState};
    use super::*;
    use serde_json::{json, Value};

    /// The CLI's 3x3 example (docs/kenken.md) as the cage editor sends it.
    fn sample() -> Value {
        json!({"size": 3, "cages": [
            {"op": "*", "target": 2, "cells": [[0, 0], [1, 0]]},
            {"op": "x", "target": 3, "cells": [[0, 1], [0, 2]]},
            {"op": "+", "target": 6, "cells": [[1, 1], [1, 2], [2, 2]]},
            {"op": "-", "target": 1, "cells": [[2, 0], [2, 1]]}]})
    }

    fn check(puzzle: Value) -> Value {
        dispatch(&AppState::in_memory(), "check_kenken", json!({ "puzzle": puzzle })).unwrap()
    }

    #[test]
    fn solve_says_unique_none_several_or_where_the_problem_is() {
        let v = check(sample());
        assert_eq!((v["verdict"].as_str(), v["difficulty"].as_str()), (Some("unique"), Some("medium")));
        assert_eq!(v["solution"], json!([2, 1, 3, 1, 3, 2, 3, 2, 1]));
        let mut p = sample();
        p["cages"][1]["target"] = Value::Null;
        let v = check(p);
        assert_eq!(v, json!({"verdict": "invalid", "code": "no_target", "message": "Cage 2 has no target.", "detail": {"key": "kenken.no_target", "cage": 2}, "cage": 1, "cells": []}));
        let mut p = sample();
        p["cages"][3]["target"] = json!(2);
        assert_eq!(check(p)["verdict"], "no_solution");
        let all: Vec<[usize; 2]> = (0..9).map(|k| [k / 3, k % 3]).collect();
        let v = check(json!({"size": 3, "cages": [{"op": "+", "target": 18, "cells": all}]}));
        assert_eq!(v["verdict"], "multiple");
        assert!(!v["differ"].as_array().unwrap().is_empty());
        let mut p = sample();
        p["cages"].as_array_mut().unwrap().pop();
        let v = check(p);
        assert_eq!((v["code"].as_str(), v["cage"].clone(), v["cells"].clone()), (Some("uncovered"), Value::Null, json!([[2, 0]])));
    }

    #[test]
    fn play_it_starts_a_rated_game_and_refuses_what_cannot_be_played() {
        let state = AppState::in_memory();
        let v = dispatch(&state, "play_kenken", json!({ "puzzle": sample() })).unwrap();
        assert_eq!((v["kind"].as_str(), v["size"].as_u64(), v["difficulty"].as_str()), (Some("kenken"), Some(3), Some("medium")));
        assert!(v["cells"].as_array().unwrap().iter().all(|c| c["value"] == 0), "the answer stays hidden");
        let mut p = sample();
        p["cages"][3]["target"] = json!(2);
        let before = dispatch(&state, "board", Value::Null).unwrap();
        assert_eq!(dispatch(&state, "play_kenken", json!({ "puzzle": p })).unwrap_err().kind(), "unsolvable");
        let mut p = sample();
        p["cages"][0]["op"] = json!("?");
        let e = dispatch(&state, "play_kenken", json!({ "puzzle": p })).unwrap_err();
        assert_eq!((e.kind(), e.to_string().as_str()), ("kenken_puzzle", "That KenKen can't be used: Cage 1: unknown operation \"?\" (use + - * / or =)."));
        // The clock runs between the two reads: compare all but the time played.
        let unclocked = |mut v: Value| {
            v.as_object_mut().map(|o| o.remove("elapsed_ms"));
            v
        };
        assert_eq!(unclocked(dispatch(&state, "board", Value::Null).unwrap()), unclocked(before), "the game in play is untouched");
    }

    /// Answers every dialog with one path.
    struct Picker(std::path::PathBuf);
    impl super::super::files::FilePicker for Picker {
        fn pick_save(&self, _: &str) -> Result<Option<std::path::PathBuf>, String> {
            Ok(Some(self.0.clone()))
        }
        fn pick_open(&self, _: FileKind) -> Result<Option<std::path::PathBuf>, String> {
            Ok(Some(self.0.clone()))
        }
    }

    #[test]
    fn files_in_the_text_format_and_json_round_trip() {
        let dir = std::env::temp_dir().join(format!("inkdoku-entry-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // The format by the picked name's extension, or asked for.
        for (format, name) in [(Value::Null, "p.txt"), (Value::Null, "p.json"), (json!("text"), "q.dat"), (json!("json"), "q.txt")] {
            let path = dir.join(name);
            let state = AppState::new(None, Box::new(MemoryStore::default()), Box::new(Picker(path.clone())));
            let saved = dispatch(&state, "save_kenken", json!({ "puzzle": sample(), "format": format })).unwrap();
            assert_eq!(saved["path"], path.display().to_string());
            let opened = dispatch(&state, "open_kenken", Value::Null).unwrap();
            let mut expected = sample();
            expected["cages"][1]["op"] = json!("*");
            assert_eq!(opened["puzzle"], expected, "{format}");
        }
        for name in ["p.txt", "q.dat"] {
            let text = std::fs::read_to_string(dir.join(name)).unwrap();
            assert!(text.contains("A B B\nA C C\nD D C\nA 2*\nB 3*\nC 6+\nD 1-\n"), "{text}");
        }
        for name in ["p.json", "q.txt"] {
            assert!(std::fs::read_to_string(dir.join(name)).unwrap().starts_with("{\"size\":3,"), "{name}");
        }
        // A bad file: the engine's error, with its line.
        let path = dir.join("bad.txt");
        std::fs::write(&path, "A B B\nA C C\nD D C\nA 2*\nB 3*\nC 6+\n").unwrap();
        let state = AppState::new(None, Box::new(MemoryStore::default()), Box::new(Picker(path)));
        let e = dispatch(&state, "open_kenken", Value::Null).unwrap_err();
        assert_eq!(e.kind(), "kenken_puzzle");
        assert!(e.to_string().contains("cage \"D\" has no rule line"), "{e}");
        // An unfinished drawing can't be saved: the message says what is missing.
        let mut p = sample();
        p["cages"][2]["op"] = Value::Null;
        assert!(dispatch(&state, "save_kenken", json!({ "puzzle": p, "format": "text" })).unwrap_err().to_string().contains("Cage 3 has no operation"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn random_entries_are_errors_or_verdicts_never_panics() {
        use rand::{Rng, SeedableRng};
        let state = AppState::in_memory();
        let mut rng = rand::rngs::StdRng::seed_from_u64(12);
        let ops = [json!("+"), json!("-"), json!("*"), json!("/"), json!("="), json!("÷"), json!(""), json!("%"), Value::Null, json!(3)];
        for _ in 0..2000 {
            let size = rng.random_range(0..11);
            let cages: Vec<Value> = (0..rng.random_range(0..8))
                .map(|_| {
                    let cells: Vec<Value> = (0..rng.random_range(0..5)).map(|_| json!([rng.random_range(0..11), rng.random_range(0..11)])).collect();
                    let target = [json!(rng.random_range(0..40)), Value::Null, json!(-1), json!(u64::MAX)][rng.random_range(0..4)].clone();
                    json!({"op": ops[rng.random_range(0..ops.len())], "target": target, "cells": cells})
                })
                .collect();
            let puzzle = json!({"size": size, "cages": cages});
            for cmd in ["check_kenken", "play_kenken"] {
                match dispatch(&state, cmd, json!({ "puzzle": puzzle })) {
                    Ok(v) => assert!(v.is_object()),
                    Err(e) => assert!(["bad_arguments", "kenken_puzzle", "unsolvable", "not_unique"].contains(&e.kind()), "{e}"),
                }
            }
        }
    }
}
