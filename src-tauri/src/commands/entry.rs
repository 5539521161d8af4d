//! "Enter a puzzle from paper", for every game that has one: check and solve what the player
//! drew, play it, and move it in and out of files. Each game's entry is its own
//! (`inkdoku::games::Entry`, in its folder), reached through the list by the `kind` sent; this
//! only carries it. The old KenKen names (`check_kenken`…) are aliases with `kind: "kenken"`.

use inkdoku::entry::EntryError;
use inkdoku::play::{GameKind, PlayView};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::files::{read_small_text, FileKind, Saved};
use super::in_play::Installed;
use super::{AppState, CommandError};

/// The entry commands' first names, KenKen's alone, kept as aliases of the generic ones.
const ALIASES: &[&str] = &["check_kenken", "play_kenken", "open_kenken", "save_kenken"];

/// The arguments of an alias as the generic command takes them: `kind: "kenken"` added (the
/// first form had no `kind`, and refused one as an unknown field, as it still does).
pub(crate) fn unalias(command: &str, args: Value) -> Result<Value, CommandError> {
    if !ALIASES.contains(&command) {
        return Ok(args);
    }
    let mut map = match args {
        Value::Null => serde_json::Map::new(),
        Value::Object(m) => m,
        other => return Ok(other),
    };
    if map.contains_key("kind") {
        return Err(CommandError::BadArguments { command: command.into(), detail: "unknown field `kind`: this command is KenKen's".into() });
    }
    map.insert("kind".into(), Value::from(GameKind::Kenken.as_str()));
    Ok(Value::Object(map))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EntryArgs {
    pub kind: GameKind,
    /// The drawing, in the game's own form (KenKen: `{size, cages}`; Sudoku: `{givens}`).
    pub puzzle: Value,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KindArgs {
    pub kind: GameKind,
}

/// The entry of `kind`, or `bad_arguments` for a game without one.
fn entry_of(command: &str, kind: GameKind) -> Result<&'static inkdoku::games::Entry, CommandError> {
    kind.entry().ok_or_else(|| CommandError::from_entry(command, EntryError::NoEntry(kind.name())))
}

/// "Solve": the game's verdict on the drawing (its own JSON, with a `verdict`; docs/ipc.md).
/// Nothing changes in the game in play.
pub fn check_entry(command: &str, args: EntryArgs) -> Result<Value, CommandError> {
    (entry_of(command, args.kind)?.check)(args.puzzle).map_err(|e| CommandError::from_entry(command, e))
}

/// "Play it": a uniquely solvable drawing becomes a game, rated, its answer kept hidden; a
/// Sudoku's hardest technique is told beside its view, as `import_puzzle` tells it.
pub fn play_entry(state: &AppState, command: &str, args: EntryArgs) -> Result<Installed, CommandError> {
    let played = (entry_of(command, args.kind)?.play)(args.puzzle).map_err(|e| CommandError::from_entry(command, e))?;
    state.install_asking_rated(played.game, played.technique)
}

#[derive(Debug, Serialize)]
pub struct OpenedEntry {
    /// `None` if the player cancelled.
    pub puzzle: Option<Value>,
}

/// "Open…" in the entry screen: a file in any of the game's formats, as a drawing.
pub fn open_entry(state: &AppState, command: &str, args: KindArgs) -> Result<OpenedEntry, CommandError> {
    let entry = entry_of(command, args.kind)?;
    let puzzle = state.open_dialog(FileKind::Entry(args.kind), |path| {
        let text = read_small_text(&path)?;
        (entry.read)(&text).map_err(|e| CommandError::from_entry(command, e))
    })?;
    Ok(OpenedEntry { puzzle })
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveEntryArgs {
    pub kind: GameKind,
    pub puzzle: Value,
    /// One of the game's formats (KenKen: `text`, `json`). Left out, the picked file's
    /// extension decides, else the game's first format.
    #[serde(default)]
    pub format: Option<String>,
}

/// "Save…" in the entry screen. Any complete drawing can be saved, solvable or not (a
/// half-checked newspaper puzzle is worth keeping); an unfinished one says what is missing.
pub fn save_entry(state: &AppState, command: &str, args: SaveEntryArgs) -> Result<Saved, CommandError> {
    let entry = entry_of(command, args.kind)?;
    let asked = args.format.as_deref();
    let named = inkdoku::entry::pick_format(entry.formats, asked, None).map_err(|e| CommandError::from_entry(command, e))?;
    let stem = (entry.stem)(&args.puzzle).map_err(|e| CommandError::from_entry(command, e))?;
    let suggested = format!("{stem}.{}", named.extensions.first().copied().unwrap_or("txt"));
    let path = state.save_dialog(&suggested, FileKind::Entry(args.kind), |path| {
        let ext = path.extension().and_then(|e| e.to_str());
        let format = inkdoku::entry::pick_format(entry.formats, asked, ext).map_err(|e| CommandError::from_entry(command, e))?;
        let text = (entry.write)(&args.puzzle, format).map_err(|e| CommandError::from_entry(command, e))?;
        inkdoku::save::write_atomic_no_backup(&path, text.as_bytes()).map_err(|e| CommandError::Files(e.to_string()))?;
        Ok(path.display().to_string())
    })?;
    Ok(Saved { path })
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnterArgs {
    /// Left out (the command's first form): Sudoku.
    #[serde(default = "sudoku")]
    pub kind: GameKind,
    pub size: u8,
    /// What the game's entry screen drew before the givens (a Killer's cages, a Jigsaw's
    /// regions), in its own JSON; a Sudoku has none.
    #[serde(default)]
    pub shape: Option<Value>,
}

fn sudoku() -> GameKind {
    GameKind::Sudoku
}

/// "Enter a puzzle" on the game's own board (Sudoku's): an empty board of that size on which the
/// player writes the givens of a puzzle from paper, as in play (recogniser, eraser, undo), until
/// `start_entered`. A game whose entry is a screen of its own has no such board.
pub fn enter_puzzle(state: &AppState, args: EnterArgs) -> Result<PlayView, CommandError> {
    const COMMAND: &str = "enter_puzzle";
    let entry = entry_of(COMMAND, args.kind)?;
    let board = entry.board.as_ref().ok_or_else(|| CommandError::from_entry(COMMAND, EntryError::Drawing(format!("{} is entered on its own screen", args.kind.name()))))?;
    let game = (board.blank)(args.size, args.shape).map_err(|e| CommandError::from_entry(COMMAND, e))?;
    state.install_asking(game)
}

/// What `start_entered` found; with `unique`, the puzzle is the game in play now.
#[derive(Debug, Serialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum Started {
    /// Givens that break the rules (the board shows them as conflicts).
    Conflicts { cells: Value },
    NoSolution,
    /// Two solutions differ in these cells: a given copied there would tell them apart.
    Several { differ: Value },
    Unique { level: Option<&'static str>, technique: Option<&'static str>, view: PlayView },
}

/// "Start this puzzle": the drawing on the board being entered (its game's `BoardEntry`)
/// becomes a game, rated, its givens locked, when it has one solution; otherwise the game's
/// verdict says where it fails (clashing cells, or where two solutions differ) and the board
/// stays in play.
pub fn start_entered(state: &AppState) -> Result<Started, CommandError> {
    const COMMAND: &str = "start_entered";
    let (entry, drawing) = state.read(|g| {
        let entry = g.kind().entry();
        let drawing = entry.and_then(|e| e.board.as_ref()).and_then(|b| (b.drawing)(g));
        entry.zip(drawing).ok_or(CommandError::NotEntering)
    })?;
    // Played at once when it can be (one solve); only a puzzle that can't be played is checked
    // again, for where it fails.
    let failed = match (entry.play)(drawing.clone()) {
        // The board being entered is what it replaces: no question.
        Ok(played) => return Ok(Started::Unique { level: played.level, technique: played.technique, view: state.install(played.game) }),
        Err(e) => e,
    };
    let verdict = (entry.check)(drawing).map_err(|e| CommandError::from_entry(COMMAND, e))?;
    Ok(match verdict["verdict"].as_str() {
        Some("invalid") => Started::Conflicts { cells: verdict["cells"].clone() },
        Some("no_solution") => Started::NoSolution,
        Some("multiple") => Started::Several { differ: verdict["differ"].clone() },
        _ => return Err(CommandError::from_entry(COMMAND, failed)),
    })
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
        fn pick_save(&self, _: &str, _: FileKind) -> Result<Option<std::path::PathBuf>, String> {
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

    /// The generic names take the kind; the old KenKen names are their aliases (and refuse a
    /// kind, as they always refused unknown fields); a game without an entry is refused.
    #[test]
    fn the_generic_commands_take_the_kind_and_the_kenken_names_stay_aliases() {
        let state = AppState::in_memory();
        let generic = dispatch(&state, "check_entry", json!({"kind": "kenken", "puzzle": sample()})).unwrap();
        assert_eq!(generic, check(sample()));
        let e = dispatch(&state, "check_kenken", json!({"kind": "kenken", "puzzle": sample()})).unwrap_err();
        assert_eq!(e.kind(), "bad_arguments");
        assert_eq!(dispatch(&state, "check_entry", json!({"puzzle": sample()})).unwrap_err().kind(), "bad_arguments", "the kind is asked for");
        for cmd in ["check_entry", "play_entry"] {
            assert_eq!(dispatch(&state, cmd, json!({"kind": "slide", "puzzle": {}})).unwrap_err().kind(), "bad_arguments", "{cmd}");
        }
        assert_eq!(dispatch(&state, "open_entry", json!({"kind": "slide"})).unwrap_err().kind(), "bad_arguments");
        let v = dispatch(&state, "play_entry", json!({"kind": "kenken", "puzzle": sample()})).unwrap();
        assert_eq!((v["kind"].as_str(), v["difficulty"].as_str()), (Some("kenken"), Some("medium")));
        // KenKen's entry is a screen of its own: no board to enter it on.
        assert_eq!(dispatch(&state, "enter_puzzle", json!({"kind": "kenken", "size": 6})).unwrap_err().kind(), "bad_arguments");
    }

    /// Sudoku's entry through the same commands: its drawing is its givens as text.
    #[test]
    fn a_sudoku_is_checked_played_and_filed_through_the_generic_commands() {
        const EASY: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let dir = std::env::temp_dir().join(format!("inkdoku-entry-sudoku-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("paper.sdk");
        let state = AppState::new(None, Box::new(MemoryStore::default()), Box::new(Picker(path.clone())));
        let v = dispatch(&state, "check_entry", json!({"kind": "sudoku", "puzzle": {"givens": EASY}})).unwrap();
        assert_eq!((v["verdict"].as_str(), v["difficulty"].as_str()), (Some("unique"), Some("easy")));
        assert_eq!(v["solution"].as_str().map(str::len), Some(81));
        let clash = format!("55{}", &EASY[2..]);
        let v = dispatch(&state, "check_entry", json!({"kind": "sudoku", "puzzle": {"givens": clash}})).unwrap();
        assert_eq!((v["verdict"].as_str(), v["code"].as_str()), (Some("invalid"), Some("conflicts")));
        assert_eq!(v["cells"], json!([[0, 0], [0, 1]]));
        let several = format!("{}{}", ".".repeat(9), &EASY[9..]);
        assert_eq!(dispatch(&state, "check_entry", json!({"kind": "sudoku", "puzzle": {"givens": several}})).unwrap()["verdict"], "multiple");
        let e = dispatch(&state, "play_entry", json!({"kind": "sudoku", "puzzle": {"givens": "53..7"}})).unwrap_err();
        assert_eq!(e.kind(), "puzzle");
        assert_eq!(dispatch(&state, "play_entry", json!({"kind": "sudoku", "puzzle": {"givens": clash}})).unwrap_err().kind(), "puzzle");
        assert_eq!(dispatch(&state, "play_entry", json!({"kind": "sudoku", "puzzle": {"givens": several}})).unwrap_err().kind(), "not_unique");
        let saved = dispatch(&state, "save_entry", json!({"kind": "sudoku", "puzzle": {"givens": EASY}})).unwrap();
        assert_eq!(saved["path"], path.display().to_string());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), format!("{EASY}\n"));
        assert_eq!(dispatch(&state, "open_entry", json!({"kind": "sudoku"})).unwrap()["puzzle"], json!({"givens": EASY}));
        assert_eq!(dispatch(&state, "save_entry", json!({"kind": "sudoku", "puzzle": {"givens": EASY}, "format": "json"})).unwrap_err().kind(), "bad_arguments");
        let v = dispatch(&state, "play_entry", json!({"kind": "sudoku", "puzzle": {"givens": EASY}})).unwrap();
        assert_eq!((v["kind"].as_str(), v["difficulty"].as_str(), v["technique"].as_str()), (Some("sudoku"), Some("easy"), Some("Hidden single")));
        assert_eq!(dispatch(&state, "export_puzzle", Value::Null).unwrap()["text"], EASY);
        // Its board entry: the generic form of `enter_puzzle`, and the first (no kind: Sudoku).
        let v = dispatch(&state, "enter_puzzle", json!({"kind": "sudoku", "size": 4})).unwrap();
        assert_eq!((v["size"].as_u64(), v["difficulty"].as_str()), (Some(4), Some("being entered")));
        assert_eq!(dispatch(&state, "enter_puzzle", json!({"kind": "sudoku", "size": 5})).unwrap_err().kind(), "bad_arguments");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
