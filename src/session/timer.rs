//! Play time that only runs while the game is on screen.

use serde::{Deserialize, Serialize};

/// A pausable stopwatch driven by an injected clock (milliseconds), so it is testable and
/// unaffected by how the shell measures time. A clock that goes backwards counts as no time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Timer {
    /// Time banked by completed running periods.
    accumulated_ms: u64,
    /// When the current running period started, if running.
    running_since: Option<u64>,
}

impl Timer {
    /// A stopped timer showing `elapsed_ms` (how a loaded game starts).
    pub fn paused_at(elapsed_ms: u64) -> Timer {
        Timer { accumulated_ms: elapsed_ms, running_since: None }
    }

    pub fn resume(&mut self, now_ms: u64) {
        if self.running_since.is_none() {
            self.running_since = Some(now_ms);
        }
    }

    pub fn pause(&mut self, now_ms: u64) {
        if let Some(start) = self.running_since.take() {
            self.accumulated_ms = self.accumulated_ms.saturating_add(now_ms.saturating_sub(start));
        }
    }

    pub fn elapsed(&self, now_ms: u64) -> u64 {
        let running = self.running_since.map_or(0, |start| now_ms.saturating_sub(start));
        self.accumulated_ms.saturating_add(running)
    }

    pub fn is_running(&self) -> bool {
        self.running_since.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_only_running_periods() {
        let mut t = Timer::default();
        assert_eq!(t.elapsed(1_000), 0);
        t.resume(1_000);
        t.resume(1_500); // already running: no restart
        assert_eq!(t.elapsed(3_000), 2_000);
        t.pause(3_000);
        assert_eq!(t.elapsed(10_000), 2_000);
        t.pause(11_000); // already paused: nothing banked
        t.resume(20_000);
        assert_eq!(t.elapsed(20_250), 2_250);
        // A clock that jumps backwards adds nothing rather than underflowing.
        assert_eq!(t.elapsed(5), 2_000);
        t.pause(5);
        assert_eq!(Timer::paused_at(7).elapsed(100), 7);
    }
}
