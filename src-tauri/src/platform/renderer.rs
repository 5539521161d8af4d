//! What to do when the webview's renderer dies (WebKitGTK's web process, WebView2's render, GPU
//! or browser process). The view resumes the game in play when it reloads (a reload is a
//! resume), so reloading is all a dead renderer needs. Decided here, portably, and tested; the
//! platform modules only report the events.

use std::time::{Duration, Instant};

/// Which process of the webview ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    /// The page's renderer exited or crashed (WebKitGTK: web process terminated).
    Renderer,
    /// The renderer hangs (WebView2: render process unresponsive).
    Unresponsive,
    /// The GPU process exited (WebView2; e.g. after hibernation): the page may be blank.
    Gpu,
    /// WebView2's browser process exited: the webview itself is gone.
    Browser,
    /// Another helper process (utility, sandbox, plugin): the page goes on.
    Helper,
}

/// What the shell does about it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Response {
    /// Reload the page: the view comes back with the game in play.
    Reload,
    /// The webview can't come back: save, tell the player calmly and start the app again.
    Restart,
    /// Nothing: the page is unaffected.
    Nothing,
    /// It keeps dying: stop reloading (the game is saved; the player is told to restart).
    GiveUp,
}

/// Reloads allowed within [`WINDOW`]: a renderer that dies at once after each reload (a broken
/// page, a driver fault) must not loop for ever.
pub const MAX_RELOADS: usize = 5;
pub const WINDOW: Duration = Duration::from_secs(60);

/// Remembers recent reloads to decide each failure.
#[derive(Debug, Default)]
pub struct Recovery {
    reloads: Vec<Instant>,
}

impl Recovery {
    pub fn on_failure(&mut self, failure: Failure, now: Instant) -> Response {
        match failure {
            Failure::Helper => Response::Nothing,
            Failure::Browser => Response::Restart,
            Failure::Renderer | Failure::Unresponsive | Failure::Gpu => {
                self.reloads.retain(|t| now.saturating_duration_since(*t) < WINDOW);
                if self.reloads.len() >= MAX_RELOADS {
                    return Response::GiveUp;
                }
                self.reloads.push(now);
                Response::Reload
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dead_renderer_is_reloaded_and_a_dead_browser_restarts_the_app() {
        let mut r = Recovery::default();
        let t = Instant::now();
        assert_eq!(r.on_failure(Failure::Renderer, t), Response::Reload);
        assert_eq!(r.on_failure(Failure::Gpu, t), Response::Reload);
        assert_eq!(r.on_failure(Failure::Unresponsive, t), Response::Reload);
        assert_eq!(r.on_failure(Failure::Helper, t), Response::Nothing);
        assert_eq!(r.on_failure(Failure::Browser, t), Response::Restart);
    }

    #[test]
    fn a_renderer_that_keeps_dying_is_given_up_on_then_tried_again_later() {
        let mut r = Recovery::default();
        let t = Instant::now();
        for i in 0..MAX_RELOADS {
            assert_eq!(r.on_failure(Failure::Renderer, t + Duration::from_secs(i as u64)), Response::Reload, "reload {i}");
        }
        assert_eq!(r.on_failure(Failure::Renderer, t + Duration::from_secs(10)), Response::GiveUp);
        // A minute after the first reloads they no longer count.
        assert_eq!(r.on_failure(Failure::Renderer, t + WINDOW + Duration::from_secs(MAX_RELOADS as u64)), Response::Reload);
    }
}
