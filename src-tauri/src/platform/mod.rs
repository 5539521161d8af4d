//! What the operating system tells us about the device: the writing hand and whether a pen is
//! there. Windows answers through its API (`windows.rs`); elsewhere a portable fallback says
//! "right-handed, pen unknown" and the view learns about the pen from its first pen event.

use serde::Serialize;

#[cfg(windows)]
mod windows;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Hand {
    Left,
    Right,
}

#[derive(Debug, Clone, Serialize)]
pub struct PlatformInfo {
    /// The system's writing hand (Windows: Tablet PC settings; elsewhere right).
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
    /// The device woke up.
    Resume,
}

pub type PowerHandler = Box<dyn Fn(PowerEvent) + Send + Sync>;

/// Calls `handler` when the device is about to sleep and when it wakes. Returns whether the
/// platform offers such a hook (Windows does). Elsewhere the clock needs no help: on Linux the
/// monotonic clock stops during suspend, and the game is saved after every move anyway.
#[cfg(windows)]
pub fn watch_power(handler: PowerHandler) -> bool {
    windows::watch_power(handler)
}

#[cfg(not(windows))]
pub fn watch_power(_handler: PowerHandler) -> bool {
    false
}

#[cfg(windows)]
fn system_hand() -> Hand {
    match windows::menus_right_aligned() {
        // Right-aligned menus open to the left of the hand: the Windows "right-handed" setting.
        Some(false) => Hand::Left,
        Some(true) | None => Hand::Right,
    }
}

#[cfg(not(windows))]
fn system_hand() -> Hand {
    Hand::Right
}

#[cfg(windows)]
fn pen_present() -> Option<bool> {
    Some(windows::digitizer_has_pen())
}

#[cfg(not(windows))]
fn pen_present() -> Option<bool> {
    None
}

#[cfg(test)]
mod tests {
    #[test]
    fn portable_fallback_is_right_handed() {
        let i = super::info();
        #[cfg(not(windows))]
        {
            assert_eq!(i.system_hand, super::Hand::Right);
            assert_eq!(i.pen_present, None);
        }
        assert!(!i.os.is_empty());
    }
}
