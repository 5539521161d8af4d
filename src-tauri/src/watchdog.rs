//! The start-up watchdog (#45): the view must say it is ready (`view_ready`) within a bound.
//! WebView2 has start-ups that never complete (WebView2Feedback #2506, #5706) and a WebKit web
//! process that can't start leaves the same silence; without a bound the app would sit there
//! with no window (on Windows it opens hidden until the page has painted) and take every later
//! launch with it (the single-instance hand-over). What to do is decided here, portably and
//! tested; `shell.rs` acts on it (log, message box, exit). Nothing here touches the saves.

use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

/// How long the view may take to say it is ready. Cold starts measured here take 1.3-8.6 s to
/// the first board on a loaded 2-core machine (docs/benchmarks.md), a slow tablet's first start
/// with WebView2's runtime spinning up its processes and its data folder 10-20 s; 60 s is three
/// times the slowest of those, so a slow start never trips it, and short of WebView2's own
/// give-up after ~2 minutes (WebView2Feedback #2888). An impatient player is not kept waiting
/// that long: a second launch meanwhile asks at once ([`Startup::second_launch`]).
pub const DEFAULT_BOUND: Duration = Duration::from_secs(60);

/// Milliseconds, overriding [`DEFAULT_BOUND`]: for tests (the E2E test, the Wine check), which
/// can't wait a minute per launch.
pub const BOUND_ENV: &str = "INKDOKU_VIEW_TIMEOUT_MS";

/// Exit codes, read by the tests: the view never said it was ready; making the webview failed
/// with an error; the player ended a start that had not come (asked after a second launch).
pub const EXIT_NEVER_READY: i32 = 3;
pub const EXIT_WEBVIEW_FAILED: i32 = 4;
pub const EXIT_ENDED_BY_PLAYER: i32 = 5;

/// The bound: [`BOUND_ENV`]'s value when it is a positive number of milliseconds.
pub fn bound(env: Option<&str>) -> Duration {
    env.and_then(|s| s.trim().parse::<u64>().ok()).filter(|&ms| ms > 0).map(Duration::from_millis).unwrap_or(DEFAULT_BOUND)
}

/// What the start is waiting on, for the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// The data folder, settings and saves being read.
    Setup,
    /// The window and its webview being made (WebView2: its environment and controller, the
    /// calls that never complete in the reports above).
    Webview,
    /// The page loading and painting its first board, up to `view_ready`.
    Page,
}

impl Step {
    pub fn name(self) -> &'static str {
        match self {
            Step::Setup => "reading the data folder",
            Step::Webview => "making the window and its webview",
            Step::Page => "the page loading (waiting for view_ready)",
        }
    }
}

/// The watchdog's look at the start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The view said it is ready: nothing more to watch.
    Ready,
    /// Not yet; look again after this.
    Wait(Duration),
    /// Time is up: stuck at this step after this long.
    Stuck(Step, Duration),
}

/// What a second launch means to this (first) process.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SecondLaunch {
    /// The view is up: bring the window to the front.
    Focus,
    /// Not ready: tell the player and offer to end this start (they can then launch again).
    AskToEnd(Step, Duration),
    /// The same question is already on screen, or the watchdog has given up (exiting).
    Nothing,
}

/// The start's state; every method takes the time, so the rules are tested without waiting.
#[derive(Debug)]
pub struct Startup {
    started: Instant,
    bound: Duration,
    step: Step,
    ready: bool,
    gave_up: bool,
    asking: bool,
}

impl Startup {
    pub fn new(started: Instant, bound: Duration) -> Self {
        Startup { started, bound, step: Step::Setup, ready: false, gave_up: false, asking: false }
    }

    pub fn step(&mut self, step: Step) {
        self.step = step;
    }

    /// `view_ready`: whether it counts (the window is to be shown). Once the watchdog gave up it
    /// doesn't: the player has been told and the app is exiting.
    pub fn ready(&mut self) -> bool {
        if !self.gave_up {
            self.ready = true;
        }
        self.ready
    }

    pub fn is_ready(&self) -> bool {
        self.ready
    }

    /// Whichever comes first wins: a view ready before the watchdog looks (even a little after
    /// the bound) is a start; after the bound without it, the watchdog gives up, for good.
    pub fn check(&mut self, now: Instant) -> Verdict {
        if self.ready {
            return Verdict::Ready;
        }
        let waited = now.saturating_duration_since(self.started);
        if self.gave_up || waited >= self.bound {
            self.gave_up = true;
            return Verdict::Stuck(self.step, waited);
        }
        Verdict::Wait(self.bound - waited)
    }

    pub fn second_launch(&mut self, now: Instant) -> SecondLaunch {
        if self.ready {
            SecondLaunch::Focus
        } else if self.gave_up || self.asking {
            SecondLaunch::Nothing
        } else {
            self.asking = true;
            SecondLaunch::AskToEnd(self.step, now.saturating_duration_since(self.started))
        }
    }

    /// The player answered "keep waiting": a later launch may ask again.
    pub fn answered(&mut self) {
        self.asking = false;
    }
}

/// [`Startup`] shared between the threads that report to it and the one that waits on it.
pub struct Watch {
    startup: Mutex<Startup>,
    changed: Condvar,
}

impl Watch {
    pub fn new(bound: Duration) -> Self {
        Watch { startup: Mutex::new(Startup::new(Instant::now(), bound)), changed: Condvar::new() }
    }

    pub fn bound(&self) -> Duration {
        self.with(|s| s.bound)
    }

    pub fn with<T>(&self, f: impl FnOnce(&mut Startup) -> T) -> T {
        let mut s = self.startup.lock().unwrap_or_else(|p| p.into_inner());
        let out = f(&mut s);
        self.changed.notify_all();
        out
    }

    /// Blocks until the view is ready (`None`) or the time is up (the step and how long).
    pub fn wait(&self) -> Option<(Step, Duration)> {
        let mut s = self.startup.lock().unwrap_or_else(|p| p.into_inner());
        loop {
            match s.check(Instant::now()) {
                Verdict::Ready => return None,
                Verdict::Stuck(step, waited) => return Some((step, waited)),
                Verdict::Wait(left) => s = self.changed.wait_timeout(s, left).unwrap_or_else(|p| p.into_inner()).0,
            }
        }
    }
}

/// Why the view did not come.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// No `view_ready` within the bound.
    NeverReady(Step, Duration),
    /// Making the webview came back with this error (its text, with the HRESULT on Windows).
    Error(String),
    /// The player ended it (asked after a second launch).
    Ended(Step, Duration),
}

/// What the player is told to do about it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Advice {
    /// Repair or reinstall the Microsoft Edge WebView2 Runtime (with the link).
    RepairWebView2,
    /// Reinstall WebKitGTK (Linux).
    ReinstallWebKit,
    /// WebView2 processes of an earlier run still hold the data folder (0x8007139F,
    /// ERROR_INVALID_STATE, seen after a forced kill: WebView2Feedback #1505, #1778, #2495):
    /// restart the PC or end them in Task Manager.
    RestartPc,
    /// The webview's data folder may not be written (E_ACCESSDENIED): its permissions, security
    /// software.
    FolderAccess,
}

pub const HRESULT_INVALID_STATE: u32 = 0x8007_139F;
pub const HRESULT_ACCESS_DENIED: u32 = 0x8007_0005;

/// The first HRESULT (`0x` and 8 hex digits, as `windows::core::Error` writes it) in an error's
/// text.
pub fn hresult_in(text: &str) -> Option<u32> {
    let lower = text.to_ascii_lowercase();
    lower.match_indices("0x").find_map(|(i, _)| {
        let digits = lower.get(i + 2..i + 10)?;
        let next = lower[i + 10..].chars().next();
        (digits.chars().all(|c| c.is_ascii_hexdigit()) && !next.is_some_and(|c| c.is_ascii_hexdigit())).then(|| u32::from_str_radix(digits, 16).ok()).flatten()
    })
}

/// The advice for a failure; `windows`: the webview is WebView2 (else WebKitGTK).
pub fn advice(failure: &Failure, windows: bool) -> Advice {
    let reinstall = if windows { Advice::RepairWebView2 } else { Advice::ReinstallWebKit };
    match failure {
        Failure::Error(text) => match hresult_in(text) {
            Some(HRESULT_INVALID_STATE) => Advice::RestartPc,
            Some(HRESULT_ACCESS_DENIED) => Advice::FolderAccess,
            _ if text.to_ascii_lowercase().contains("access is denied") => Advice::FolderAccess,
            _ => reinstall,
        },
        Failure::NeverReady(..) | Failure::Ended(..) => reinstall,
    }
}

pub fn exit_code(failure: &Failure) -> i32 {
    match failure {
        Failure::NeverReady(..) => EXIT_NEVER_READY,
        Failure::Error(_) => EXIT_WEBVIEW_FAILED,
        Failure::Ended(..) => EXIT_ENDED_BY_PLAYER,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const B: Duration = Duration::from_secs(60);
    fn s(secs: u64) -> Duration {
        Duration::from_secs(secs)
    }

    #[test]
    fn the_bound_is_the_measured_figure_unless_a_test_sets_it() {
        assert_eq!(bound(None), DEFAULT_BOUND);
        assert_eq!(bound(Some("2500")), Duration::from_millis(2500));
        for bad in ["", "0", "-5", "soon", "1.5"] {
            assert_eq!(bound(Some(bad)), DEFAULT_BOUND, "{bad:?}");
        }
    }

    #[test]
    fn a_view_ready_in_time_is_a_start() {
        let t = Instant::now();
        let mut st = Startup::new(t, B);
        assert_eq!(st.check(t + s(1)), Verdict::Wait(s(59)));
        st.step(Step::Page);
        assert!(st.ready());
        assert_eq!(st.check(t + s(61)), Verdict::Ready, "ready is for good");
        assert_eq!(st.second_launch(t + s(90)), SecondLaunch::Focus);
    }

    #[test]
    fn a_view_that_never_comes_is_given_up_on_at_the_bound_with_its_step() {
        let t = Instant::now();
        let mut st = Startup::new(t, B);
        st.step(Step::Webview);
        assert_eq!(st.check(t + s(59)), Verdict::Wait(s(1)));
        assert_eq!(st.check(t + s(60)), Verdict::Stuck(Step::Webview, s(60)));
    }

    #[test]
    fn a_view_ready_too_late_does_not_count_but_one_before_the_look_does() {
        let t = Instant::now();
        let mut st = Startup::new(t, B);
        st.step(Step::Page);
        assert_eq!(st.check(t + s(61)), Verdict::Stuck(Step::Page, s(61)));
        assert!(!st.ready(), "the player was told and the app is exiting: the late view is not shown");
        assert_eq!(st.check(t + s(62)), Verdict::Stuck(Step::Page, s(62)));
        assert_eq!(st.second_launch(t + s(62)), SecondLaunch::Nothing);
        // Ready a little after the bound but before the watchdog looked: the window is up.
        let mut st = Startup::new(t, B);
        assert!(st.ready());
        assert_eq!(st.check(t + s(65)), Verdict::Ready);
    }

    #[test]
    fn a_second_launch_before_the_view_asks_once_at_a_time() {
        let t = Instant::now();
        let mut st = Startup::new(t, B);
        st.step(Step::Webview);
        assert_eq!(st.second_launch(t + s(5)), SecondLaunch::AskToEnd(Step::Webview, s(5)));
        assert_eq!(st.second_launch(t + s(6)), SecondLaunch::Nothing, "the question is on screen");
        st.answered();
        assert_eq!(st.second_launch(t + s(9)), SecondLaunch::AskToEnd(Step::Webview, s(9)));
    }

    #[test]
    fn the_watch_wakes_when_the_view_is_ready_or_gives_up_at_the_bound() {
        let w = std::sync::Arc::new(Watch::new(Duration::from_millis(150)));
        let t = Instant::now();
        let (step, waited) = w.wait().expect("never ready");
        assert_eq!(step, Step::Setup);
        assert!(waited >= Duration::from_millis(150) && t.elapsed() < Duration::from_secs(5), "{waited:?}");
        let w = std::sync::Arc::new(Watch::new(Duration::from_secs(30)));
        let ready = w.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            ready.with(|s| s.ready());
        });
        let t = Instant::now();
        assert_eq!(w.wait(), None);
        assert!(t.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn hresults_are_read_from_the_error_text() {
        assert_eq!(hresult_in("WebView2 error: WindowsError(Error { code: HRESULT(0x8007139F), message: \"The group or resource is not in the correct state\" })"), Some(0x8007_139F));
        assert_eq!(hresult_in("Access is denied. (0x80070005)"), Some(0x8007_0005));
        assert_eq!(hresult_in("no hresult, only 0x12 and 0x123456789"), None);
        assert_eq!(hresult_in(""), None);
    }

    #[test]
    fn each_error_kind_gets_its_own_advice() {
        let err = |t: &str| Failure::Error(t.to_string());
        // A runtime that is missing or broken: repair or reinstall it.
        assert_eq!(advice(&err("The system cannot find the file specified. (0x80070002)"), true), Advice::RepairWebView2);
        assert_eq!(advice(&err("something else"), true), Advice::RepairWebView2);
        // After a forced kill: processes of the earlier run still hold the data folder.
        assert_eq!(advice(&err("The group or resource is not in the correct state to perform the requested operation. (0x8007139F)"), true), Advice::RestartPc);
        // The user data folder may not be written.
        assert_eq!(advice(&err("Access is denied. (0x80070005)"), true), Advice::FolderAccess);
        assert_eq!(advice(&err("access is denied"), false), Advice::FolderAccess);
        // Never ready: the runtime, on each platform.
        assert_eq!(advice(&Failure::NeverReady(Step::Webview, B), true), Advice::RepairWebView2);
        assert_eq!(advice(&Failure::NeverReady(Step::Page, B), false), Advice::ReinstallWebKit);
        assert_eq!(advice(&Failure::Ended(Step::Page, s(3)), false), Advice::ReinstallWebKit);
        assert_eq!(exit_code(&Failure::NeverReady(Step::Page, B)), EXIT_NEVER_READY);
        assert_eq!(exit_code(&err("x")), EXIT_WEBVIEW_FAILED);
        assert_eq!(exit_code(&Failure::Ended(Step::Page, B)), EXIT_ENDED_BY_PLAYER);
    }
}
