//! The blank reference of the start-up bench (issue 27): Tauri 2 with nothing of Inkdoku, one
//! window whose page draws a 9x9 grid on a canvas. `benches/startup/measure.mjs` times it
//! against the app, launch to grid on the screen, and weighs both.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    tauri::Builder::default().run(tauri::generate_context!()).expect("the blank reference app failed to start");
}
