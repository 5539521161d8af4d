//! Where the player's settings live between runs. What they are and how a damaged value falls
//! back to its default is the engine's business (`inkdoku::settings`); storing them is the
//! shell's: `settings.json` in the data folder in the app ([`FileStore`]), memory in the dev
//! server and tests.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

pub use inkdoku::settings::Settings;
use inkdoku::save::{recover, Recovery, Unusable};
use serde_json::{Map, Value};

use super::notice::{shown, Notice};

pub trait SettingsStore: Send + Sync {
    /// The saved settings, or the defaults (with a logged warning) for what is unreadable.
    fn load(&self) -> Settings;
    fn save(&self, settings: &Settings) -> Result<(), String>;
    /// What start-up should say about the settings file (once): a sentence and the same as data.
    fn take_notice(&self) -> Option<(String, Notice)> {
        None
    }
}

/// The settings file in the data folder.
pub const SETTINGS_FILE: &str = "settings.json";

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

/// The key the settings are kept under (the file is a map of keys, as tauri-plugin-store
/// writes it, so a file of an earlier version reads, and an earlier version reads ours).
pub const SETTINGS_KEY: &str = "settings";

/// The keys and values held between writes: in the app tauri-plugin-store's `Store` (kept
/// in memory only: it never writes the file itself), a plain map in tests.
pub trait Cache: Send + Sync {
    fn get(&self, key: &str) -> Option<Value>;
    fn set(&self, key: &str, value: Value);
    fn entries(&self) -> Vec<(String, Value)>;
}

/// A [`Cache`] of a plain map.
#[derive(Default)]
pub struct MapCache(Mutex<Map<String, Value>>);

impl Cache for MapCache {
    fn get(&self, key: &str) -> Option<Value> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).get(key).cloned()
    }
    fn set(&self, key: &str, value: Value) {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).insert(key.to_string(), value);
    }
    fn entries(&self) -> Vec<(String, Value)> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).iter().map(|(k, v)| (k.clone(), v.clone())).collect()
    }
}

/// Why `settings.json` could not be used.
#[derive(Debug, thiserror::Error)]
pub enum SettingsFileError {
    #[error("the settings file could not be read ({0})")]
    Io(#[from] std::io::Error),
    #[error("the settings file is damaged ({0})")]
    Damaged(String),
}

impl Unusable for SettingsFileError {
    fn is_missing(&self) -> bool {
        matches!(self, SettingsFileError::Io(e) if e.kind() == std::io::ErrorKind::NotFound)
    }
    fn aside_as(&self) -> &'static str {
        match self {
            SettingsFileError::Io(_) => "unreadable",
            SettingsFileError::Damaged(_) => "corrupt",
        }
    }
}

fn read_entries(path: &Path) -> Result<Map<String, Value>, SettingsFileError> {
    let bytes = std::fs::read(path)?;
    match serde_json::from_slice(&bytes) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(SettingsFileError::Damaged("not a map of settings".into())),
        Err(e) => Err(SettingsFileError::Damaged(e.to_string())),
    }
}

/// The settings in `settings.json`, written the way saves are (`inkdoku::save::write_atomic`:
/// temp file, flush, rename, the previous copy kept as `.bak`), so a full disk or a power cut
/// never leaves an empty file. A file that can't be used at start (damaged, or there but
/// unreadable) is set aside and its copy restored (one change older), and start-up says so.
pub struct FileStore<C> {
    path: PathBuf,
    cache: C,
    notice: Mutex<Option<(String, Notice)>>,
}

impl<C: Cache> FileStore<C> {
    pub fn open(path: PathBuf, cache: C, now_ms: u64) -> FileStore<C> {
        let rec = recover(&path, now_ms, false, read_entries);
        let kept = shown(rec.set_aside());
        let notice = match &rec {
            Recovery::FromBackup { problem, .. } => Some((format!("Sorry: {problem}; your previous settings were restored."), true)),
            Recovery::Unrecoverable { problem, .. } => Some((format!("Sorry: {problem}, and so is its copy; the settings are back to their defaults."), false)),
            _ => None,
        };
        let notice = notice.map(|(text, restored)| {
            tracing::warn!(notice = %text, ?kept, "settings file");
            (text, Notice::Settings { restored, kept })
        });
        for (k, v) in rec.into_loaded().unwrap_or_default() {
            cache.set(&k, v);
        }
        FileStore { path, cache, notice: Mutex::new(notice) }
    }
}

impl<C: Cache> SettingsStore for FileStore<C> {
    fn load(&self) -> Settings {
        let (settings, bad) = Settings::from_value_lenient(&self.cache.get(SETTINGS_KEY).unwrap_or(Value::Null));
        if !bad.is_empty() {
            tracing::warn!(?bad, "unreadable settings replaced by defaults");
        }
        settings
    }

    fn save(&self, settings: &Settings) -> Result<(), String> {
        self.cache.set(SETTINGS_KEY, serde_json::to_value(settings).map_err(|e| e.to_string())?);
        let all: Map<String, Value> = self.cache.entries().into_iter().collect();
        let bytes = serde_json::to_vec_pretty(&all).map_err(|e| e.to_string())?;
        inkdoku::save::write_atomic(&self.path, &bytes).map_err(|e| e.to_string())
    }

    fn take_notice(&self) -> Option<(String, Notice)> {
        self.notice.lock().unwrap_or_else(|e| e.into_inner()).take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file_store(dir: &Path) -> FileStore<MapCache> {
        FileStore::open(dir.join("settings.json"), MapCache::default(), 42)
    }

    /// Issue #40: settings are written the way saves are, and a file left empty (a full disk)
    /// or damaged is set aside and its previous copy restored, with a notice.
    #[test]
    fn settings_are_written_atomically_with_a_copy_and_restored_from_it() {
        let dir = super::super::tests::temp_dir("settings-file");
        let store = file_store(&dir);
        assert_eq!(store.load(), Settings::default());
        assert!(store.take_notice().is_none());
        let mut s = Settings::default();
        s.language = "zh-CN".into();
        store.save(&s).unwrap();
        let mut newer = s.clone();
        newer.time_limit_min = 15;
        store.save(&newer).unwrap();
        let names: Vec<String> = std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect();
        assert_eq!(names.len(), 2, "the file and its copy, no temp file: {names:?}");
        assert_eq!(file_store(&dir).load(), newer);
        // A change that met a full disk before the rename leaves the file as it was; one that
        // left it empty (the plain write of before) or damaged: the copy is restored.
        std::fs::write(dir.join("settings.json"), b"").unwrap();
        let store = file_store(&dir);
        assert_eq!(store.load(), s, "the previous copy, one change older");
        let (text, notice) = store.take_notice().unwrap();
        assert!(text.contains("previous settings were restored"), "{text}");
        assert!(matches!(&notice, Notice::Settings { restored: true, kept } if kept[0].ends_with("settings.json.corrupt-42")), "{notice:?}");
        assert!(store.take_notice().is_none(), "said once");
        // The file tauri-plugin-store wrote (pretty JSON, one key) reads as before.
        std::fs::write(dir.join("settings.json"), b"{\n  \"settings\": {\n    \"language\": \"en\"\n  }\n}").unwrap();
        assert_eq!(file_store(&dir).load().language, "en");
        super::super::tests::remove_test_dir(&dir);
    }
}
