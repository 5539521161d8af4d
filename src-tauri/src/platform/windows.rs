//! Windows only. Written against the documented Win32 API; type-checked on Linux with
//! `cargo check --target x86_64-pc-windows-msvc`, not yet run on a real Windows tablet.

use windows_sys::Win32::UI::WindowsAndMessaging::{
    GetSystemMetrics, SystemParametersInfoW, NID_EXTERNAL_PEN, NID_INTEGRATED_PEN, SM_DIGITIZER,
    SPI_GETMENUDROPALIGNMENT,
};

/// `SPI_GETMENUDROPALIGNMENT`: TRUE if pop-up menus are right-aligned with their menu-bar item,
/// which is what the Tablet PC "right-handed" setting selects. `None` if the call fails.
pub fn menus_right_aligned() -> Option<bool> {
    let mut value: windows_sys::core::BOOL = 0;
    // SAFETY: for SPI_GETMENUDROPALIGNMENT, pvParam must point to a BOOL the call writes to;
    // `value` lives across the call and uiParam/fWinIni must be 0.
    let ok = unsafe { SystemParametersInfoW(SPI_GETMENUDROPALIGNMENT, 0, (&mut value as *mut windows_sys::core::BOOL).cast(), 0) };
    (ok != 0).then_some(value != 0)
}

/// `GetSystemMetrics(SM_DIGITIZER)` flags: an integrated or external pen digitiser.
pub fn digitizer_has_pen() -> bool {
    // SAFETY: GetSystemMetrics has no pointer arguments and no preconditions.
    let flags = unsafe { GetSystemMetrics(SM_DIGITIZER) } as u32;
    flags & (NID_INTEGRATED_PEN | NID_EXTERNAL_PEN) != 0
}
