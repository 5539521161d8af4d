//! The toy fourth game (`inkdoku::toy`, registered in the engine's `games!` list and nowhere
//! else) played through every command of the dispatcher that applies to it: the proof that the
//! shell holds no per-kind code for a kind without options of its own.

use super::tests::{remove_test_dir, temp_dir, FixedPicker};
use super::*;
use serde_json::json;

fn lights(v: &Value) -> Vec<bool> {
    v["lights"].as_array().expect("a toy view has lights").iter().map(|b| b.as_bool() == Some(true)).collect()
}

#[test]
fn the_toy_game_plays_through_every_command() {
    let dir = temp_dir("toy");
    let file = dir.join("lights.inkdoku");
    let open = || AppState::new(Some(dir.clone()), Box::new(settings::MemoryStore::default()), Box::new(FixedPicker(file.clone())));
    let state = open();
    dispatch(&state, "startup", Value::Null).unwrap();

    // New game: seed 0b1_0110_0101 leaves some lights off; options it does not have are refused.
    assert_eq!(dispatch(&state, "new_game", json!({"kind": "toy", "params": {"size": 3}})).unwrap_err().kind(), "bad_arguments");
    let v = dispatch(&state, "new_game", json!({"kind": "toy", "seed": 0b1_0110_0101, "params": {}})).unwrap();
    assert_eq!((v["kind"].as_str(), v["rows"].as_u64(), v["solved"].as_bool()), (Some("toy"), Some(3), Some(false)));
    let start = lights(&v);
    assert_eq!(start, [true, false, true, false, false, true, true, false, true]);

    // Act, undo, redo; a cell off the board is a typed refusal that changes nothing.
    let v = dispatch(&state, "act", json!({"action": {"type": "toggle", "cell": 0}})).unwrap();
    assert!(!lights(&v)[0] && v["can_undo"] == true);
    assert_eq!(dispatch(&state, "act", json!({"action": {"type": "toggle", "cell": 9}})).unwrap_err().kind(), "bad_action");
    let v = dispatch(&state, "undo", Value::Null).unwrap();
    assert_eq!(lights(&v), start);
    let v = dispatch(&state, "redo", Value::Null).unwrap();
    assert!(!lights(&v)[0]);
    dispatch(&state, "undo", Value::Null).unwrap();

    // Hint: the next light to switch on, with the move a second press makes.
    let h = dispatch(&state, "hint", Value::Null).unwrap();
    assert_eq!((h["id"].as_str(), h["highlight"]["target"]["row"].as_u64(), h["highlight"]["target"]["col"].as_u64()), (Some("switch_on"), Some(0), Some(1)));
    assert_eq!(h["apply"], json!({"type": "toggle", "cell": 1}));
    dispatch(&state, "act", json!({"action": h["apply"]})).unwrap();
    // It is no pen game and has no steps to solve by.
    assert_eq!(dispatch(&state, "solve_step", Value::Null).unwrap_err().kind(), "not_a_pen_game");
    assert_eq!(dispatch(&state, "export_puzzle", Value::Null).unwrap()["text"], "101001101");

    // Save as and open: the lights and the history come back.
    let before = dispatch(&state, "board", Value::Null).unwrap();
    dispatch(&state, "save_game_as", Value::Null).unwrap();
    dispatch(&state, "act", json!({"action": {"type": "toggle", "cell": 3}})).unwrap();
    // The game in play has moves: the player is asked, and agrees.
    assert_eq!(dispatch(&state, "open_game", Value::Null).unwrap_err().kind(), "would_replace");
    let opened = dispatch(&state, "replace_game", json!({"accept": true})).unwrap();
    assert_eq!(lights(&opened), lights(&before));
    assert_eq!(lights(&dispatch(&state, "undo", Value::Null).unwrap()), start, "the history came back from the file");
    dispatch(&state, "redo", Value::Null).unwrap();

    // Continue after a restart: the autosave of its own kind.
    state.save_before_exit();
    drop(state);
    let state = open();
    let s = dispatch(&state, "startup", Value::Null).unwrap();
    let toy = s["resumable"].as_array().unwrap().iter().find(|r| r["kind"] == "toy").expect("the toy is offered for Continue").clone();
    assert_eq!((toy["rows"].as_u64(), toy["done"].as_u64(), toy["total"].as_u64()), (Some(3), Some(6), Some(9)));
    let v = dispatch(&state, "continue_game", json!({"kind": "toy"})).unwrap();
    assert_eq!(lights(&v), lights(&before));

    // Play it out by the hints; the statistics count the win.
    let mut n = 0;
    loop {
        let h = dispatch(&state, "hint", Value::Null).unwrap();
        if h["id"] == "solved" {
            break;
        }
        dispatch(&state, "act", json!({"action": h["apply"]})).unwrap();
        n += 1;
        assert!(n <= 9);
    }
    assert_eq!(dispatch(&state, "board", Value::Null).unwrap()["solved"], true);
    let stats = dispatch(&state, "get_stats", Value::Null).unwrap();
    let s = stats["summaries"].as_array().unwrap().iter().find(|s| s["kind"] == "toy").expect("the toy has statistics").clone();
    assert_eq!((s["size"].as_str(), s["won"].as_u64(), s["streak"].as_u64()), (Some("3x3"), Some(1), Some(1)));
    assert_eq!(s["hints"].as_u64(), Some(n + 1), "every hint on the unsolved board counted");

    // Settings keep the toy as the last game and its (empty) params, like any kind's; "Generate
    // fresh" makes it too (a kind with one way of making games makes it either way).
    let mut settings = dispatch(&state, "get_settings", Value::Null).unwrap();
    assert_eq!(settings["params"]["toy"], json!({}));
    settings["last_game"] = json!("toy");
    let saved = dispatch(&state, "update_settings", json!({ "settings": settings })).unwrap();
    assert_eq!(saved["last_game"], "toy");
    assert_eq!(dispatch(&state, "get_settings", Value::Null).unwrap()["last_game"], "toy");
    dispatch(&state, "generate_game", json!({"kind": "toy", "seed": 5, "replace": true})).unwrap();
    let made = loop {
        let st = dispatch(&state, "generation_status", Value::Null).unwrap();
        if st["done"] == true {
            break st;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    };
    assert_eq!((made["view"]["kind"].as_str(), made["error"].as_str()), (Some("toy"), None), "{made}");
    remove_test_dir(&dir);
}

/// The toy's text goes out with `export_puzzle` and comes back through the generic import, the
/// toy's own `read_text` chosen by its `recognises`, with no arm for it in the shell; its own
/// refusals cross as its own code and sentence.
#[test]
fn the_toy_is_pasted_back_through_the_generic_import() {
    let dir = temp_dir("toytext");
    let state = AppState::new(Some(dir.clone()), Box::new(settings::MemoryStore::default()), Box::new(FixedPicker(dir.join("none"))));
    let v = dispatch(&state, "new_game", json!({"kind": "toy", "seed": 0b1_0110_0101, "params": {}})).unwrap();
    let text = dispatch(&state, "export_puzzle", Value::Null).unwrap()["text"].as_str().unwrap().to_string();
    dispatch(&state, "act", json!({"action": {"type": "toggle", "cell": 1}})).unwrap();

    // The game in play has a move: the player is asked, and agrees.
    assert_eq!(dispatch(&state, "import_puzzle", json!({ "text": text })).unwrap_err().kind(), "would_replace");
    let back = &dispatch(&state, "replace_game", json!({"accept": true})).unwrap();
    assert_eq!((back["kind"].as_str(), back["can_undo"].as_bool()), (Some("toy"), Some(false)), "{back}");
    assert_eq!(lights(back), lights(&v), "the same lights as the exported start");
    assert_eq!(dispatch(&state, "export_puzzle", Value::Null).unwrap()["text"].as_str(), Some(text.as_str()));

    // Every light on is no game: the toy's own refusal, in its words.
    let e = dispatch(&state, "import_puzzle", json!({"text": "111111111"})).unwrap_err();
    assert_eq!(e.kind(), "toy_puzzle");
    assert_eq!(e.to_string(), "Those lights can't be used: every light is already on.");
    drop(state);
    remove_test_dir(&dir);
}

/// The toy's "Enter a puzzle" (its own, in `inkdoku::toy`, reached through the list): the
/// generic entry commands and the side screen serve it without naming it anywhere in the shell.
#[test]
fn the_toy_game_is_entered_through_the_generic_entry_commands() {
    let dir = temp_dir("toy-entry");
    let file = dir.join("lights.txt");
    let state = AppState::new(Some(dir.clone()), Box::new(settings::MemoryStore::default()), Box::new(FixedPicker(file.clone())));
    let drawing = json!({"lights": "101001101"});

    // Solve: the toy's own verdict; a drawing of another game's shape is the view's bug.
    let v = dispatch(&state, "check_entry", json!({"kind": "toy", "puzzle": drawing})).unwrap();
    assert_eq!(v, json!({"verdict": "unique", "solution": "111111111"}));
    let v = dispatch(&state, "check_entry", json!({"kind": "toy", "puzzle": {"lights": "111111111"}})).unwrap();
    assert_eq!(v["verdict"], "invalid");
    let e = dispatch(&state, "check_entry", json!({"kind": "toy", "puzzle": {"size": 3, "cages": []}})).unwrap_err();
    assert_eq!(e.kind(), "bad_arguments");

    // Save and open: the toy's own file, under the toy's own name.
    let saved = dispatch(&state, "save_entry", json!({"kind": "toy", "puzzle": drawing})).unwrap();
    assert_eq!(saved["path"], file.display().to_string());
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "101001101\n");
    assert_eq!(dispatch(&state, "open_entry", json!({"kind": "toy"})).unwrap()["puzzle"], drawing);
    std::fs::write(&file, "10100110\n").unwrap();
    let e = dispatch(&state, "open_entry", json!({"kind": "toy"})).unwrap_err();
    assert_eq!((e.kind(), e.to_string().as_str()), ("toy_puzzle", "Those lights can't be used: a file of lights is nine 0s and 1s."));

    // Play it: the drawing is the game in play.
    let v = dispatch(&state, "play_entry", json!({"kind": "toy", "puzzle": drawing})).unwrap();
    assert_eq!((v["kind"].as_str(), lights(&v)), (Some("toy"), vec![true, false, true, false, false, true, true, false, true]));
    let e = dispatch(&state, "play_entry", json!({"kind": "toy", "puzzle": {"lights": "111111111"}})).unwrap_err();
    assert_eq!(e.kind(), "toy_puzzle");
    assert_eq!(dispatch(&state, "export_puzzle", Value::Null).unwrap()["text"], "101001101", "the game in play is untouched");
    assert_eq!(dispatch(&state, "start_entered", Value::Null).unwrap_err().kind(), "not_entering", "no board of the toy's is being entered");

    // Its entry is a screen of its own (no board), of its one size.
    let side = json!({"screen": "entry", "kind": "toy", "size": 3});
    assert_eq!(dispatch(&state, "set_side_screen", json!({"side": side})).unwrap(), side);
    assert_eq!(dispatch(&state, "set_side_screen", json!({"side": {"screen": "entry", "kind": "toy", "size": 4}})).unwrap_err().kind(), "bad_arguments");
    assert_eq!(dispatch(&state, "enter_puzzle", json!({"kind": "toy", "size": 3})).unwrap_err().kind(), "bad_arguments");
    remove_test_dir(&dir);
}
