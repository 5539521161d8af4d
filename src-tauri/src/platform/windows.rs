//! Windows only. Written against the documented Win32 API; type-checked on Linux with
//! `cargo check --target x86_64-pc-windows-msvc`, not yet run on a real Windows tablet.

use std::ffi::c_void;
use std::sync::OnceLock;

use windows_sys::Win32::System::Power::{PowerRegisterSuspendResumeNotification, DEVICE_NOTIFY_SUBSCRIBE_PARAMETERS};
use windows_sys::Win32::UI::WindowsAndMessaging::{
    GetSystemMetrics, MessageBoxW, SystemParametersInfoW, DEVICE_NOTIFY_CALLBACK, MB_ICONERROR, MB_OK, MB_SETFOREGROUND, MB_TASKMODAL,
    PBT_APMRESUMEAUTOMATIC, PBT_APMSUSPEND, SM_DIGITIZER, SPI_GETMENUDROPALIGNMENT,
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

/// A modal error message box with an OK button, shown before any window of ours exists.
pub fn error_box(title: &str, text: &str) {
    let wide = |s: &str| s.encode_utf16().chain(std::iter::once(0)).collect::<Vec<u16>>();
    let (title, text) = (wide(title), wide(text));
    // SAFETY: both strings are NUL-terminated UTF-16 buffers that live across the call; a null
    // owner window is allowed.
    unsafe { MessageBoxW(std::ptr::null_mut(), text.as_ptr(), title.as_ptr(), MB_OK | MB_ICONERROR | MB_TASKMODAL | MB_SETFOREGROUND) };
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
                    error_box("Inkdoku", "Inkdoku's window stopped working. It will open again now, with your game as you left it.");
                    app.request_restart();
                }
                Response::GiveUp => error_box("Inkdoku", "Inkdoku's window keeps stopping. Your game is saved: close Inkdoku and open it again."),
                Response::Nothing => {}
            }
            Ok(())
        }));
        let mut token = 0i64;
        core.add_ProcessFailed(&handler, &mut token)?;
    }
    Ok(())
}
