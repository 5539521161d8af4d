//! The Tauri side: window, plugins, and one invoke handler that hands every call to
//! [`crate::commands::dispatch`] on a worker thread, so slow commands never block the window.

use std::sync::Arc;

use tauri::ipc::{Invoke, InvokeBody};
use tauri::Manager;

use crate::commands::{self, AppState, ErrorBody, COMMANDS};

fn handle_invoke(invoke: Invoke) -> bool {
    let command = invoke.message.command().to_string();
    if !COMMANDS.contains(&command.as_str()) {
        return false;
    }
    let args = match invoke.message.payload() {
        InvokeBody::Json(v) => v.clone(),
        InvokeBody::Raw(_) => serde_json::Value::Null,
    };
    let state = invoke.message.webview().state::<Arc<AppState>>().inner().clone();
    let resolver = invoke.resolver;
    tauri::async_runtime::spawn_blocking(move || match commands::dispatch(&state, &command, args) {
        Ok(value) => resolver.resolve(value),
        Err(e) => resolver.reject(ErrorBody::from(&e)),
    });
    true
}

/// Brings the main window to the front (used when a second instance is launched).
fn focus_main_window(app: &tauri::AppHandle) {
    if let Some(w) = app.get_webview_window("main") {
        let _ = w.show();
        let _ = w.unminimize();
        let _ = w.set_focus();
    }
}

pub fn run() {
    let result = tauri::Builder::default()
        // Must be the first plugin: a second launch exits before anything else starts.
        .plugin(tauri_plugin_single_instance::init(|app, _argv, _cwd| focus_main_window(app)))
        .plugin(tauri_plugin_store::Builder::default().build())
        .manage(Arc::new(AppState::new()))
        .invoke_handler(handle_invoke)
        .run(tauri::generate_context!());
    if let Err(e) = result {
        eprintln!("Inkdoku could not start: {e}");
        std::process::exit(1);
    }
}
