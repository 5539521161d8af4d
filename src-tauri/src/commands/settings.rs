//! Where the player's settings live between runs. What they are and how a damaged value falls
//! back to its default is the engine's business (`inkdoku::settings`); storing them is the
//! shell's: tauri-plugin-store in the app, memory in the dev server and tests.

pub use inkdoku::settings::Settings;

pub trait SettingsStore: Send + Sync {
    /// The saved settings, or the defaults (with a logged warning) for what is unreadable.
    fn load(&self) -> Settings;
    fn save(&self, settings: &Settings) -> Result<(), String>;
}

/// Settings kept in memory only (tests, dev server).
#[derive(Default)]
pub struct MemoryStore(std::sync::Mutex<Option<Settings>>);

impl SettingsStore for MemoryStore {
    fn load(&self) -> Settings {
        self.0.lock().map(|s| s.clone().unwrap_or_default()).unwrap_or_default()
    }
    fn save(&self, settings: &Settings) -> Result<(), String> {
        if let Ok(mut slot) = self.0.lock() {
            *slot = Some(settings.clone());
        }
        Ok(())
    }
}
