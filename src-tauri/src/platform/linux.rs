//! Linux only (WebKitGTK): a web process that dies (killed, crashed, out of memory) leaves a
//! blank window unless the app reloads the page; the view then resumes the game in play.

use std::sync::Mutex;
use std::time::Instant;

use webkit2gtk::WebViewExt;

use super::renderer::{Failure, Recovery, Response};

/// Reloads the page whenever WebKitGTK says its web process terminated (logged each time).
pub fn watch_renderer(webview: &tauri::webview::PlatformWebview) {
    let recovery = Mutex::new(Recovery::default());
    webview.inner().connect_web_process_terminated(move |view, reason| {
        let response = recovery.lock().unwrap_or_else(|p| p.into_inner()).on_failure(Failure::Renderer, Instant::now());
        match response {
            Response::Reload => {
                tracing::warn!(?reason, "the web process ended; reloading the view (it resumes the game in play)");
                view.reload();
            }
            other => tracing::error!(?reason, ?other, "the web process keeps ending; not reloading again (the game is saved)"),
        }
    });
}
