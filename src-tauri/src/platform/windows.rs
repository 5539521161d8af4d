//! Windows only. Written against the documented Win32 API; type-checked on Linux with
//! `cargo check --target x86_64-pc-windows-msvc`, not yet run on a real Windows tablet.

use std::ffi::c_void;
use std::sync::atomic::{AtomicBool, AtomicIsize, Ordering};
use std::sync::OnceLock;

use windows_sys::Win32::Foundation::{HWND, LPARAM, LRESULT, WPARAM};
use windows_sys::Win32::System::Power::{
    PowerRegisterSuspendResumeNotification, PowerSettingRegisterNotification, DEVICE_NOTIFY_SUBSCRIBE_PARAMETERS, POWERBROADCAST_SETTING,
};
use windows_sys::Win32::System::SystemServices::GUID_CONSOLE_DISPLAY_STATE;
use windows_sys::Win32::UI::Accessibility::{SetWinEventHook, HWINEVENTHOOK};
use windows_sys::Win32::UI::Controls::{
    SetWindowFeedbackSetting, FEEDBACK_GESTURE_PRESSANDTAP, FEEDBACK_PEN_BARRELVISUALIZATION, FEEDBACK_PEN_DOUBLETAP, FEEDBACK_PEN_PRESSANDHOLD,
    FEEDBACK_PEN_RIGHTTAP, FEEDBACK_PEN_TAP, FEEDBACK_TOUCH_PRESSANDHOLD, FEEDBACK_TOUCH_RIGHTTAP,
};
use windows_sys::Win32::UI::Shell::{DefSubclassProc, SetWindowSubclass};
use windows_sys::Win32::UI::WindowsAndMessaging::{
    EnumChildWindows, GetAncestor, GetSystemMetrics, MessageBoxW, SetPropW, SystemParametersInfoW, CHILDID_SELF, DEVICE_NOTIFY_CALLBACK,
    EVENT_OBJECT_SHOW, GA_ROOT, IDYES, MB_DEFBUTTON1, MB_ICONERROR, MB_ICONWARNING, MB_OK, MB_YESNO, MB_SETFOREGROUND, MB_TASKMODAL, OBJID_WINDOW, PBT_APMRESUMEAUTOMATIC, PBT_APMSUSPEND,
    PBT_POWERSETTINGCHANGE, SM_DIGITIZER, SPI_GETMENUDROPALIGNMENT, SPI_SETMENUDROPALIGNMENT, WINEVENT_OUTOFCONTEXT, WM_SETTINGCHANGE,
};

use super::{PowerEvent, PowerHandler};

/// `SPI_GETMENUDROPALIGNMENT`: TRUE if pop-up menus are right-aligned with their menu-bar item,
/// which is what the Tablet PC "right-handed" setting selects. `None` if the call fails.
pub fn menus_right_aligned() -> Option<bool> {
    let mut value: windows_sys::core::BOOL = 0;
    // SAFETY: for SPI_GETMENUDROPALIGNMENT, pvParam must point to a BOOL the call writes to;
    // `value` lives across the call and uiParam/fWinIni must be 0.
    let ok = unsafe { SystemParametersInfoW(SPI_GETMENUDROPALIGNMENT, 0, (&mut value as *mut windows_sys::core::BOOL).cast(), 0) };
    (ok != 0).then_some(value != 0)
}

// The portable copies of the NID_* bits the decisions in mod.rs use must be Windows' own.
const _: () = {
    use windows_sys::Win32::UI::WindowsAndMessaging as w;
    assert!(super::NID_INTEGRATED_TOUCH == w::NID_INTEGRATED_TOUCH);
    assert!(super::NID_INTEGRATED_PEN == w::NID_INTEGRATED_PEN);
    assert!(super::NID_EXTERNAL_PEN == w::NID_EXTERNAL_PEN);
    assert!(super::NID_READY == w::NID_READY);
};

/// `GetSystemMetrics(SM_DIGITIZER)`: the `NID_*` bits of the input digitisers (0 if none).
pub fn digitizer_flags() -> u32 {
    // SAFETY: GetSystemMetrics has no pointer arguments and no preconditions.
    unsafe { GetSystemMetrics(SM_DIGITIZER) as u32 }
}

/// The user's display language, as a tag: only its primary language matters to us (Chinese or
/// not). `GetUserDefaultUILanguage` returns a LANGID; its low 10 bits are the primary language.
pub fn ui_language() -> Option<String> {
    // SAFETY: no arguments, no preconditions.
    let id = unsafe { windows_sys::Win32::Globalization::GetUserDefaultUILanguage() };
    const LANG_CHINESE: u16 = 0x04;
    Some(if id & 0x3ff == LANG_CHINESE { "zh-CN" } else { "en" }.to_string())
}

/// A modal message box of its own (no owner: it works from any thread, also while the UI
/// thread is stuck, and before any window of ours exists): an error with OK, or (`question`) a
/// warning with Yes (the default) and No. Returns whether Yes was chosen.
pub fn message_box(title: &str, text: &str, question: bool) -> bool {
    let (title, text) = (wide(title), wide(text));
    let kind = if question { MB_YESNO | MB_ICONWARNING | MB_DEFBUTTON1 } else { MB_OK | MB_ICONERROR };
    // SAFETY: both strings are NUL-terminated UTF-16 buffers that live across the call; a null
    // owner window is allowed.
    let answer = unsafe { MessageBoxW(std::ptr::null_mut(), text.as_ptr(), title.as_ptr(), kind | MB_TASKMODAL | MB_SETFOREGROUND) };
    answer == IDYES
}

// ---- Windows Ink's own visuals and gestures off over the app (issue 24) ----

// MicrosoftTabletPenServiceProperty bits (tpcshrd.h; not in windows-sys).
const TABLET_DISABLE_PRESSANDHOLD: usize = 0x0000_0001;
const TABLET_DISABLE_PENTAPFEEDBACK: usize = 0x0000_0008;
const TABLET_DISABLE_PENBARRELFEEDBACK: usize = 0x0000_0010;
const TABLET_DISABLE_FLICKS: usize = 0x0001_0000;

fn wide(s: &str) -> Vec<u16> {
    s.encode_utf16().chain(std::iter::once(0)).collect()
}

/// Press-and-hold as right click, the pen-tap ripple, barrel feedback and flicks off over one
/// window: the page draws its own ink, and `touch-action`/`contextmenu` can't stop these.
fn quiet_pen_feedback(hwnd: HWND) {
    let name = wide("MicrosoftTabletPenServiceProperty");
    let flags = TABLET_DISABLE_PRESSANDHOLD | TABLET_DISABLE_PENTAPFEEDBACK | TABLET_DISABLE_PENBARRELFEEDBACK | TABLET_DISABLE_FLICKS;
    // SAFETY: `name` is a NUL-terminated UTF-16 string living across the call; the "handle" is
    // the flag word itself, as the tablet service reads it. A stale hwnd makes the call fail.
    unsafe { SetPropW(hwnd, name.as_ptr(), flags as *mut c_void) };
    let off: windows_sys::core::BOOL = 0;
    for feedback in [
        FEEDBACK_PEN_BARRELVISUALIZATION,
        FEEDBACK_PEN_TAP,
        FEEDBACK_PEN_DOUBLETAP,
        FEEDBACK_PEN_PRESSANDHOLD,
        FEEDBACK_PEN_RIGHTTAP,
        FEEDBACK_TOUCH_PRESSANDHOLD,
        FEEDBACK_TOUCH_RIGHTTAP,
        FEEDBACK_GESTURE_PRESSANDTAP,
    ] {
        // SAFETY: the configuration is one BOOL, `off`, alive across the call, of the size given.
        unsafe { SetWindowFeedbackSetting(hwnd, feedback, 0, std::mem::size_of::<windows_sys::core::BOOL>() as u32, (&off as *const windows_sys::core::BOOL).cast()) };
    }
}

/// The main window, for the hook below (0 until [`quiet_pen_feedback_everywhere`]).
static MAIN_WINDOW: AtomicIsize = AtomicIsize::new(0);

unsafe extern "system" fn quiet_child(hwnd: HWND, _: LPARAM) -> windows_sys::core::BOOL {
    quiet_pen_feedback(hwnd);
    1 // go on
}

/// WebView2's windows belong to msedgewebview2.exe and appear after ours: each one shown under
/// the main window is quietened too.
unsafe extern "system" fn on_window_shown(_hook: HWINEVENTHOOK, _event: u32, hwnd: HWND, id_object: i32, id_child: i32, _thread: u32, _time: u32) {
    let main = MAIN_WINDOW.load(Ordering::Relaxed);
    if hwnd.is_null() || main == 0 || id_object != OBJID_WINDOW || id_child != CHILDID_SELF as i32 {
        return;
    }
    // SAFETY: GetAncestor accepts any window handle; a stale one gives null.
    if unsafe { GetAncestor(hwnd, GA_ROOT) } as isize == main {
        quiet_pen_feedback(hwnd);
    }
}

/// Windows Ink's feedback off on the main window, its child windows now, and WebView2's as they
/// appear. Call on the UI thread (the hook needs its message loop).
pub fn quiet_pen_feedback_everywhere(main: HWND) {
    MAIN_WINDOW.store(main as isize, Ordering::Relaxed);
    quiet_pen_feedback(main);
    // SAFETY: the callback only reads the handle it is given; lparam is unused.
    unsafe { EnumChildWindows(main, Some(quiet_child), 0) };
    static HOOKED: AtomicBool = AtomicBool::new(false);
    if !HOOKED.swap(true, Ordering::Relaxed) {
        // SAFETY: an out-of-context hook for every process (the WebView2 windows are not ours);
        // the callback is a plain function valid for the life of the process.
        unsafe { SetWinEventHook(EVENT_OBJECT_SHOW, EVENT_OBJECT_SHOW, std::ptr::null_mut(), Some(on_window_shown), 0, 0, WINEVENT_OUTOFCONTEXT) };
    }
}

// ---- A handedness change in Windows applies at once (issue 24) ----

static SETTINGS_HANDLER: OnceLock<Box<dyn Fn() + Send + Sync>> = OnceLock::new();
const SUBCLASS_ID: usize = 0x1_2024;

unsafe extern "system" fn on_main_message(hwnd: HWND, msg: u32, wparam: WPARAM, lparam: LPARAM, _id: usize, _data: usize) -> LRESULT {
    // WM_SETTINGCHANGE says which SPI_SET* changed in wParam.
    if msg == WM_SETTINGCHANGE && wparam == SPI_SETMENUDROPALIGNMENT as usize {
        if let Some(handler) = SETTINGS_HANDLER.get() {
            let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(handler));
        }
    }
    // SAFETY: passes the message on unchanged to the next procedure of this window.
    unsafe { DefSubclassProc(hwnd, msg, wparam, lparam) }
}

/// Calls `handler` when the Windows handedness (menu alignment) setting changes, without
/// waiting for the next focus. Returns whether the window accepted the subclass.
pub fn watch_handedness(main: HWND, handler: Box<dyn Fn() + Send + Sync>) -> bool {
    if SETTINGS_HANDLER.set(handler).is_err() {
        return false;
    }
    // SAFETY: a plain function as subclass procedure, on a window of this thread, kept for
    // the window's life.
    unsafe { SetWindowSubclass(main, Some(on_main_message), SUBCLASS_ID, 0) != 0 }
}

static POWER_HANDLER: OnceLock<PowerHandler> = OnceLock::new();

/// Called by Windows on power events; PBT_APMSUSPEND gives about two seconds to save.
unsafe extern "system" fn on_power(_context: *const c_void, kind: u32, _setting: *const c_void) -> u32 {
    let event = match kind {
        PBT_APMSUSPEND => PowerEvent::Suspend,
        PBT_APMRESUMEAUTOMATIC => PowerEvent::Resume,
        _ => return 0,
    };
    if let Some(handler) = POWER_HANDLER.get() {
        // Unwinding out of an `extern "system"` callback would abort the process.
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| handler(event)));
    }
    0 // ERROR_SUCCESS
}

// ---- Modern Standby: the display going off pauses the clock and saves (issue 24) ----

/// Called by Windows when `GUID_CONSOLE_DISPLAY_STATE` changes (and once at registration):
/// Data is a DWORD, 0 off, 1 on, 2 dimmed. On Modern Standby devices the suspend notification
/// comes late or not at all, so the display going off counts as going to sleep.
unsafe extern "system" fn on_display(_context: *const c_void, kind: u32, setting: *const c_void) -> u32 {
    if kind != PBT_POWERSETTINGCHANGE || setting.is_null() {
        return 0;
    }
    // SAFETY: for PBT_POWERSETTINGCHANGE, `setting` points to a POWERBROADCAST_SETTING whose
    // Data holds DataLength bytes; only the first byte is read, when there is one.
    let (guid, len, first) = unsafe {
        let s = &*(setting as *const POWERBROADCAST_SETTING);
        (s.PowerSetting, s.DataLength, s.Data[0])
    };
    let same = guid.data1 == GUID_CONSOLE_DISPLAY_STATE.data1 && guid.data2 == GUID_CONSOLE_DISPLAY_STATE.data2
        && guid.data3 == GUID_CONSOLE_DISPLAY_STATE.data3 && guid.data4 == GUID_CONSOLE_DISPLAY_STATE.data4;
    if !same || len == 0 {
        return 0;
    }
    let event = match first {
        0 => PowerEvent::DisplayOff,
        1 => PowerEvent::DisplayOn,
        _ => return 0, // dimmed: the player may still be looking
    };
    if let Some(handler) = POWER_HANDLER.get() {
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| handler(event)));
    }
    0
}

/// Registers [`on_display`] (after [`watch_power`] set the handler). Returns whether Windows
/// accepted it.
pub fn watch_display_state() -> bool {
    let params: &'static mut DEVICE_NOTIFY_SUBSCRIBE_PARAMETERS =
        Box::leak(Box::new(DEVICE_NOTIFY_SUBSCRIBE_PARAMETERS { Callback: Some(on_display), Context: std::ptr::null_mut() }));
    let mut registration: *mut c_void = std::ptr::null_mut();
    // SAFETY: as in watch_power: the parameters are leaked, so valid for the registration's life.
    let status = unsafe {
        PowerSettingRegisterNotification(
            &GUID_CONSOLE_DISPLAY_STATE,
            DEVICE_NOTIFY_CALLBACK,
            (params as *mut DEVICE_NOTIFY_SUBSCRIBE_PARAMETERS).cast(),
            &mut registration,
        )
    };
    status == 0
}

/// `PowerRegisterSuspendResumeNotification` with a callback (no window needed). The
/// registration lives as long as the process. Returns whether Windows accepted it.
pub fn watch_power(handler: PowerHandler) -> bool {
    if POWER_HANDLER.set(handler).is_err() {
        return false;
    }
    // The parameters must outlive the registration, which lasts until the process exits.
    let params: &'static mut DEVICE_NOTIFY_SUBSCRIBE_PARAMETERS =
        Box::leak(Box::new(DEVICE_NOTIFY_SUBSCRIBE_PARAMETERS { Callback: Some(on_power), Context: std::ptr::null_mut() }));
    let mut registration: *mut c_void = std::ptr::null_mut();
    // SAFETY: with DEVICE_NOTIFY_CALLBACK, Recipient points to a DEVICE_NOTIFY_SUBSCRIBE_PARAMETERS
    // that stays valid (leaked above); RegistrationHandle receives the handle.
    let status = unsafe {
        PowerRegisterSuspendResumeNotification(DEVICE_NOTIFY_CALLBACK, (params as *mut DEVICE_NOTIFY_SUBSCRIBE_PARAMETERS).cast(), &mut registration)
    };
    status == 0
}

// --- WebView2 (issue 23): no browser keys or menus, and a dead renderer comes back ---------

/// Turns off WebView2's browser accelerator keys (reload, find, zoom, print preview, history:
/// wry leaves them on, Tauri has no switch) and its default context menus, and handles
/// `ProcessFailed`: a render process that exited or hangs, or a GPU process that exited (e.g.
/// after hibernation), reloads the page, which resumes the game in play; a browser process that
/// exited ends the webview, so the player is told calmly and the app starts again. Written
/// against Microsoft's documentation ("Handling process-related events in WebView2"); not yet
/// run on real Windows.
pub fn guard_webview2(webview: &tauri::webview::PlatformWebview, app: tauri::AppHandle) -> windows::core::Result<()> {
    use std::sync::Mutex;
    use std::time::Instant;

    use webview2_com::Microsoft::Web::WebView2::Win32::*;
    use webview2_com::ProcessFailedEventHandler;
    use windows::core::Interface;

    use super::renderer::{Failure, Recovery, Response};
    use crate::words::WebviewLost;

    // SAFETY: the controller comes from Tauri on the thread that owns the webview (with_webview
    // runs its closure there); every call below is a documented COM getter or setter on it.
    unsafe {
        let core = webview.controller().CoreWebView2()?;
        let settings = core.Settings()?;
        settings.SetAreDefaultContextMenusEnabled(false)?;
        if let Ok(s3) = settings.cast::<ICoreWebView2Settings3>() {
            s3.SetAreBrowserAcceleratorKeysEnabled(false)?;
        }
        let recovery = Mutex::new(Recovery::default());
        let handler = ProcessFailedEventHandler::create(Box::new(move |sender, args| {
            let Some(args) = args else { return Ok(()) };
            let mut kind = COREWEBVIEW2_PROCESS_FAILED_KIND::default();
            args.ProcessFailedKind(&mut kind)?;
            let failure = match kind {
                COREWEBVIEW2_PROCESS_FAILED_KIND_RENDER_PROCESS_EXITED | COREWEBVIEW2_PROCESS_FAILED_KIND_FRAME_RENDER_PROCESS_EXITED => Failure::Renderer,
                COREWEBVIEW2_PROCESS_FAILED_KIND_RENDER_PROCESS_UNRESPONSIVE => Failure::Unresponsive,
                COREWEBVIEW2_PROCESS_FAILED_KIND_GPU_PROCESS_EXITED => Failure::Gpu,
                COREWEBVIEW2_PROCESS_FAILED_KIND_BROWSER_PROCESS_EXITED => Failure::Browser,
                _ => Failure::Helper,
            };
            let response = recovery.lock().unwrap_or_else(|p| p.into_inner()).on_failure(failure, Instant::now());
            tracing::warn!(kind = kind.0, ?failure, ?response, "a WebView2 process failed");
            match response {
                Response::Reload => {
                    if let Some(core) = sender {
                        core.Reload()?;
                    }
                }
                Response::Restart => {
                    super::tell(crate::words::webview_lost(WebviewLost::Restarting, super::player_lang(&app)));
                    app.request_restart();
                }
                Response::GiveUp => super::tell(crate::words::webview_lost(WebviewLost::KeepsStopping, super::player_lang(&app))),
                Response::Nothing => {}
            }
            Ok(())
        }));
        let mut token = 0i64;
        core.add_ProcessFailed(&handler, &mut token)?;
    }
    Ok(())
}
