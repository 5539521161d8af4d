//! What the operating system tells us about the device: the writing hand and whether a pen is
//! there. Windows answers through its API (`windows.rs`); elsewhere a portable fallback says
//! "right-handed, pen unknown" and the view learns about the pen from its first pen event. Also
//! how a failed start is told to the player (a message box on Windows, which has no console).

use std::path::Path;

use serde::Serialize;

pub mod renderer;

#[cfg(windows)]
mod windows;
#[cfg(target_os = "linux")]
mod linux;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Hand {
    Left,
    Right,
}

#[derive(Debug, Clone, Serialize)]
pub struct PlatformInfo {
    /// The hand "Automatic" means ([`decide_hand`]): the Windows handedness setting on a device
    /// with an integrated pen or touch screen, right-handed otherwise.
    pub system_hand: Hand,
    /// `Some(true)` if the system reports a pen digitiser, `None` where the system can't tell.
    pub pen_present: Option<bool>,
    pub os: &'static str,
}

/// Reads the platform facts now (cheap; the view asks again when the window regains focus, so a
/// changed handedness setting is followed).
pub fn info() -> PlatformInfo {
    PlatformInfo { system_hand: system_hand(), pen_present: pen_present(), os: std::env::consts::OS }
}

/// A change of the machine's power state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PowerEvent {
    /// The device is about to sleep: save now, stop the clock.
    Suspend,
    /// The device woke up (perhaps by itself, with the screen still off).
    Resume,
    /// The screen went off (Modern Standby devices may never say "suspend"): save, stop the clock.
    DisplayOff,
    /// The screen came on again.
    DisplayOn,
}

pub type PowerHandler = Box<dyn Fn(PowerEvent) + Send + Sync>;

/// Calls `handler` when the device is about to sleep and when it wakes. Returns whether the
/// platform offers such a hook (Windows does). Elsewhere the clock needs no help: on Linux the
/// monotonic clock stops during suspend, and the game is saved after every move anyway.
#[cfg(windows)]
pub fn watch_power(handler: PowerHandler) -> bool {
    // Also the display going off (Modern Standby devices may never say "suspend"): registered
    // even if the suspend notification could not be (`&`, not `&&`, evaluates both).
    windows::watch_power(handler) & windows::watch_display_state()
}

#[cfg(not(windows))]
pub fn watch_power(_handler: PowerHandler) -> bool {
    false
}

/// The main window is up: on Windows, Windows Ink's own visuals and gestures are turned off
/// over it and over WebView2's windows as they appear, and a change of the Windows handedness
/// setting tells the page at once (a `inkdoku-platform-changed` DOM event; the page then asks
/// for [`info`] again). Nothing to do elsewhere.
/// Whether the main window opens hidden and is shown once the page has painted (no white
/// flash): on Windows, where WebView2 paints white before the page. Elsewhere it opens shown
/// (WebKitGTK draws the window's background colour; the E2E driver wants it mapped).
pub const SHOW_AFTER_FIRST_PAINT: bool = cfg!(windows);

#[cfg(windows)]
pub fn window_ready(window: &tauri::WebviewWindow) {
    let Ok(hwnd) = window.hwnd() else { return };
    let hwnd = hwnd.0 as windows_sys::Win32::Foundation::HWND;
    windows::quiet_pen_feedback_everywhere(hwnd);
    let page = window.clone();
    let watching = windows::watch_handedness(
        hwnd,
        Box::new(move || {
            let _ = page.eval("window.dispatchEvent(new CustomEvent('inkdoku-platform-changed'))");
        }),
    );
    tracing::info!(watching, "Windows Ink feedback off; handedness changes watched");
}

#[cfg(not(windows))]
pub fn window_ready(_window: &tauri::WebviewWindow) {}

/// What Windows says, read raw; the decisions are made from it by pure functions below, so they
/// can be tested anywhere.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Readings {
    /// `GetSystemMetrics(SM_DIGITIZER)`: a set of `NID_*` bits; `None` where there is no such call.
    pub digitizer: Option<u32>,
    /// `SPI_GETMENUDROPALIGNMENT`: pop-up menus right-aligned (the Tablet PC "right-handed"
    /// setting); `None` where there is no such setting or the call failed.
    pub menus_right_aligned: Option<bool>,
}

// The `NID_*` bits of `SM_DIGITIZER` (winuser.h); windows.rs checks them against windows-sys.
pub const NID_INTEGRATED_TOUCH: u32 = 0x01;
pub const NID_INTEGRATED_PEN: u32 = 0x04;
pub const NID_EXTERNAL_PEN: u32 = 0x08;
pub const NID_READY: u32 = 0x80;

/// The writing hand "Automatic" means. The menu alignment is a Tablet PC setting: on a desktop or
/// laptop without pen or touch it is normally left at FALSE, which would read as left-handed for
/// nearly everyone. So it is followed only when an integrated pen or touch digitiser is there
/// and ready; everyone else gets the right-handed layout (the choice in Settings overrides it).
pub fn decide_hand(r: Readings) -> Hand {
    let flags = r.digitizer.unwrap_or(0);
    let tablet = flags & NID_READY != 0 && flags & (NID_INTEGRATED_PEN | NID_INTEGRATED_TOUCH) != 0;
    match r.menus_right_aligned {
        // Right-aligned menus open to the left of the hand: the Windows "right-handed" setting.
        Some(false) if tablet => Hand::Left,
        _ => Hand::Right,
    }
}

/// Whether a pen digitiser (integrated or external) is there; `None` where the system can't tell.
pub fn decide_pen(r: Readings) -> Option<bool> {
    r.digitizer.map(|flags| flags & (NID_INTEGRATED_PEN | NID_EXTERNAL_PEN) != 0)
}

#[cfg(windows)]
fn readings() -> Readings {
    Readings { digitizer: Some(windows::digitizer_flags()), menus_right_aligned: windows::menus_right_aligned() }
}

/// Portable fallback: nothing to read, so right-handed and "pen unknown" (the view learns about
/// the pen from its first pen event).
#[cfg(not(windows))]
fn readings() -> Readings {
    Readings::default()
}

fn system_hand() -> Hand {
    decide_hand(readings())
}

fn pen_present() -> Option<bool> {
    decide_pen(readings())
}

/// Ends the process at once with `code`, without the C library's exit handlers and static
/// destructors. A failed start ends from a helper thread while the UI thread may be stuck in, or
/// still running, GTK and WebKit: `exit()`'s teardown racing it corrupted the heap (the watchdog
/// E2E saw "malloc_consolidate(): unaligned fastbin chunk detected" and an abort instead of
/// the exit code). The caller flushes what must reach the disk first (the log). Elsewhere
/// `std::process::exit`: on Windows `ExitProcess` stops the other threads before it tears
/// down (unverified on real Windows for this race).
pub fn end_process(code: i32) -> ! {
    #[cfg(unix)]
    // SAFETY: `_exit` takes a plain int and never returns; it touches no Rust state.
    unsafe {
        libc::_exit(code)
    }
    #[cfg(not(unix))]
    std::process::exit(code)
}

/// Fits the webview to an app, once it exists: the browser features an app has no use for off
/// (WebView2's accelerator keys and default context menus; the view also prevents the keys),
/// and a renderer that dies reloaded, which brings the game in play back ([`renderer`]).
pub fn guard_webview(window: &tauri::WebviewWindow) {
    #[cfg(windows)]
    let app = tauri::Manager::app_handle(window).clone();
    let done = window.with_webview(move |webview| {
        #[cfg(windows)]
        if let Err(e) = windows::guard_webview2(&webview, app) {
            tracing::warn!(error = %e, "WebView2 settings or its ProcessFailed handler could not be set");
        }
        #[cfg(target_os = "linux")]
        linux::watch_renderer(&webview);
        #[cfg(not(any(windows, target_os = "linux")))]
        let _ = webview;
    });
    if let Err(e) = done {
        tracing::warn!(error = %e, "the webview could not be reached to guard it");
    }
}

/// The text shown when the app can't start: what went wrong and where the details are, in
/// the system's language (the settings may be what could not be read).
pub fn startup_failure_text(reason: &str, details: Option<&Path>) -> String {
    crate::words::startup_failure(reason, details, crate::words::Lang::of("auto", system_language().as_deref()))
}

/// The player's language: the setting, else (on "auto", or before the settings are read) the
/// system's.
pub fn player_lang(app: &tauri::AppHandle) -> crate::words::Lang {
    use tauri::Manager;
    let setting = app.try_state::<std::sync::Arc<crate::commands::AppState>>().map(|s| s.lock().settings.language.clone()).unwrap_or_default();
    crate::words::Lang::of(&setting, system_language().as_deref())
}

/// The system's display language as a tag (`zh-CN`, `en-US`), when it can be told.
#[cfg(windows)]
pub fn system_language() -> Option<String> {
    windows::ui_language()
}

/// Portable fallback: the POSIX locale variables (`zh_CN.UTF-8`).
#[cfg(not(windows))]
pub fn system_language() -> Option<String> {
    ["LC_ALL", "LC_MESSAGES", "LANG"].iter().filter_map(|v| std::env::var(v).ok()).find(|v| !v.is_empty() && v != "C" && v != "POSIX")
}

/// Set (to anything), no message box is shown: the tests, where nobody would click it (under
/// Wine a box can't even be read). What it said is in the log either way; a question takes its
/// default answer.
pub const NO_MODAL_ENV: &str = "INKDOKU_NO_MODAL";

#[cfg_attr(not(windows), allow(dead_code))]
fn modal() -> bool {
    std::env::var_os(NO_MODAL_ENV).is_none()
}

/// Tells the player something went wrong. The Windows release build has no console, so a
/// native message box; elsewhere (and in any case) standard error and the log ("shown: …").
pub fn tell(text: &str) {
    tracing::error!("shown: {text}");
    eprintln!("{text}");
    #[cfg(windows)]
    if modal() {
        windows::message_box("Inkdoku", text, false);
    }
}

/// Asks the player yes or no (a native box on Windows). Where no box is shown (Linux, which has
/// no native one outside the event loop, and the tests) the answer is `default`.
pub fn ask(text: &str, default: bool) -> bool {
    tracing::warn!("shown: {text}");
    eprintln!("{text}");
    #[cfg(windows)]
    if modal() {
        let yes = windows::message_box("Inkdoku", text, true);
        tracing::info!(yes, "answered");
        return yes;
    }
    tracing::info!(yes = default, "no box shown; the default answer");
    default
}

/// Tells the player the app could not start.
pub fn show_startup_failure(text: &str) {
    tell(text);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn portable_fallback_is_right_handed() {
        let i = info();
        #[cfg(not(windows))]
        {
            assert_eq!(i.system_hand, Hand::Right);
            assert_eq!(i.pen_present, None);
        }
        assert!(!i.os.is_empty());
    }

    fn r(digitizer: Option<u32>, menus_right_aligned: Option<bool>) -> Readings {
        Readings { digitizer, menus_right_aligned }
    }

    #[test]
    fn a_tablet_follows_the_windows_handedness_setting() {
        for tablet in [NID_READY | NID_INTEGRATED_PEN, NID_READY | NID_INTEGRATED_TOUCH, NID_READY | NID_INTEGRATED_PEN | NID_INTEGRATED_TOUCH | 0x40] {
            assert_eq!(decide_hand(r(Some(tablet), Some(false))), Hand::Left, "{tablet:#x}");
            assert_eq!(decide_hand(r(Some(tablet), Some(true))), Hand::Right, "{tablet:#x}");
            assert_eq!(decide_hand(r(Some(tablet), None)), Hand::Right, "{tablet:#x}");
        }
    }

    #[test]
    fn without_an_integrated_ready_digitiser_automatic_is_right_handed() {
        // The desktop case of #14: menus left-aligned (FALSE, the default) but no pen or touch.
        for flags in [None, Some(0), Some(NID_READY), Some(NID_READY | NID_EXTERNAL_PEN), Some(NID_READY | 0x02), Some(NID_INTEGRATED_PEN), Some(NID_INTEGRATED_TOUCH)] {
            assert_eq!(decide_hand(r(flags, Some(false))), Hand::Right, "{flags:?}");
            assert_eq!(decide_hand(r(flags, Some(true))), Hand::Right, "{flags:?}");
        }
    }

    #[test]
    fn a_pen_is_integrated_or_external() {
        assert_eq!(decide_pen(r(None, None)), None);
        assert_eq!(decide_pen(r(Some(NID_READY | NID_INTEGRATED_TOUCH), None)), Some(false));
        assert_eq!(decide_pen(r(Some(NID_INTEGRATED_PEN), None)), Some(true));
        assert_eq!(decide_pen(r(Some(NID_EXTERNAL_PEN | NID_READY), None)), Some(true));
    }

    #[test]
    fn the_startup_failure_says_why_and_where_the_log_is() {
        let path = Path::new("/data/app.inkdoku.desktop/logs/startup-error.txt");
        let en = |reason: &str, p| crate::words::startup_failure(reason, p, crate::words::Lang::En);
        let text = en("the data folder /data is not writable (Permission denied)\n", Some(path));
        assert!(text.starts_with("Inkdoku could not start: the data folder /data is not writable (Permission denied)."), "{text}");
        assert!(text.contains(&path.display().to_string()), "{text}");
        let text = en("  ", None);
        assert!(text.contains("an unknown error") && text.contains("No log could be written"), "{text}");
    }
}
