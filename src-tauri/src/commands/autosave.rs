//! Autosave off the command path, one file per game kind (so starting a KenKen never throws
//! away a Sudoku in progress): a command encodes the game (fast, under the lock) and hands the
//! bytes to that kind's writer thread, which writes the newest bytes atomically (temp file,
//! fsync, rename, previous save kept as `.bak`). The player never waits for the disk.
//!
//! A failed write (on Windows typically another program holding the save open, which
//! `write_atomic` already waits out for ~0.6 s) loses nothing: the bytes stay in memory, the
//! next save, or a retry every few seconds, writes them. Only when saving keeps failing
//! ([`TELL_AFTER_FAILURES`] tries in a row) does [`Autosaver::trouble`] give the player a sentence.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use inkdoku::play::GameKind;

/// The autosave of one kind: `autosave-<kind>.inkdoku` in the app's data folder.
pub fn autosave_path(data_dir: &Path, kind: GameKind) -> PathBuf {
    data_dir.join(autosave_name(kind))
}

/// `autosave-<kind>.inkdoku`.
pub fn autosave_name(kind: GameKind) -> String {
    format!("autosave-{}.{}", kind.as_str(), inkdoku::save::EXTENSION)
}

/// Before one autosave per kind, the app kept its (Sudoku) game in `autosave.inkdoku`: such a
/// file, and its backup, become the Sudoku autosave, unless that already exists.
pub fn adopt_legacy_autosave(data_dir: &Path) {
    let legacy = data_dir.join(format!("autosave.{}", inkdoku::save::EXTENSION));
    let sudoku = autosave_path(data_dir, GameKind::Sudoku);
    if sudoku.exists() || inkdoku::save::backup_path(&sudoku).exists() {
        return;
    }
    for (from, to) in [(inkdoku::save::backup_path(&legacy), inkdoku::save::backup_path(&sudoku)), (legacy, sudoku)] {
        if from.exists() {
            if let Err(e) = std::fs::rename(&from, &to) {
                tracing::warn!(error = %e, from = %from.display(), "could not adopt the old autosave");
            }
        }
    }
}

/// What `save_status` answers: the trouble while an autosave keeps failing, else `null`.
#[derive(Debug, serde::Serialize)]
pub struct SaveStatus {
    pub trouble: Option<AutosaveTrouble>,
    /// The English sentence (the CLI's and the log's words).
    pub message: Option<String>,
}

/// `save_status`: polled by the view, which tells the player only while saving stays
/// impossible (the moves are kept in memory and saved as soon as it works again).
pub fn save_status(state: &super::AppState) -> SaveStatus {
    let trouble = state.autosave_trouble_data();
    SaveStatus { message: trouble.as_ref().map(|t| t.to_string()), trouble }
}

/// One writer per game kind.
pub struct Autosaves {
    savers: Vec<(GameKind, Autosaver)>,
}

impl Autosaves {
    pub fn start(data_dir: &Path) -> Autosaves {
        adopt_legacy_autosave(data_dir);
        Autosaves { savers: GameKind::ALL.iter().copied().map(|k| (k, Autosaver::start(autosave_path(data_dir, k)))).collect() }
    }

    pub fn of(&self, kind: GameKind) -> Option<&Autosaver> {
        self.savers.iter().find(|(k, _)| *k == kind).map(|(_, s)| s)
    }

    /// What to tell the player when some kind's autosave keeps failing (see [`Autosaver::trouble`]).
    pub fn trouble(&self) -> Option<AutosaveTrouble> {
        self.savers.iter().find_map(|(_, s)| s.trouble())
    }

    /// Waits until everything sent to every writer is on disk.
    pub fn flush(&self) {
        for (_, s) in &self.savers {
            s.flush();
        }
    }
}

enum Msg {
    Save(Vec<u8>),
    /// Reply once everything sent before has been written.
    Flush(Sender<()>),
    /// The game is over: these bytes (the finished game) become the backup, and the autosave
    /// goes, so the next launch offers nothing to continue and has nothing to apologise for.
    Finish(Vec<u8>),
}

/// Failed tries in a row before the player is told (with [`RETRY_EVERY`], about half a minute).
pub const TELL_AFTER_FAILURES: u32 = 5;
/// How soon a write that failed is tried again when no new save comes.
pub const RETRY_EVERY: Duration = Duration::from_secs(5);

/// Why saving keeps failing, as the player may be told (the view says it in the player's
/// language from `kind` and its fields: `save_status`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum AutosaveTrouble {
    #[error("Your game can't be saved right now: another program keeps the file {path} open. Your moves are kept and saved as soon as it lets go.")]
    Busy { path: PathBuf },
    #[error("Your game can't be saved right now ({message}). Your moves are kept and saved as soon as it works again.")]
    Io { path: PathBuf, message: String },
}

pub struct Autosaver {
    path: PathBuf,
    tx: Mutex<Sender<Msg>>,
    trouble: Arc<Mutex<Option<AutosaveTrouble>>>,
}

impl Autosaver {
    pub fn start(path: PathBuf) -> Autosaver {
        Autosaver::start_with(path, RETRY_EVERY)
    }

    fn start_with(path: PathBuf, retry_every: Duration) -> Autosaver {
        let (tx, rx) = channel();
        let trouble = Arc::new(Mutex::new(None));
        let mut w = Writer { path: path.clone(), unsaved: None, failures: 0, trouble: trouble.clone() };
        thread::Builder::new()
            .name("autosave".into())
            .spawn(move || w.run(rx, retry_every))
            .map_err(|e| tracing::error!(error = %e, "autosave thread could not start"))
            .ok();
        Autosaver { path, tx: Mutex::new(tx), trouble }
    }

    /// What to tell the player, once saving has failed [`TELL_AFTER_FAILURES`] times in a row;
    /// `None` again after the next successful write.
    pub fn trouble(&self) -> Option<AutosaveTrouble> {
        self.trouble.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    fn send(&self, msg: Msg) {
        if let Ok(tx) = self.tx.lock() {
            let _ = tx.send(msg);
        }
    }

    pub fn save(&self, bytes: Vec<u8>) {
        self.send(Msg::Save(bytes));
    }

    /// The game is over: the autosave no longer offers "Continue"; the finished game is kept
    /// as the backup.
    pub fn finish(&self, bytes: Vec<u8>) {
        self.send(Msg::Finish(bytes));
    }

    /// Waits until everything sent so far is on disk (window close, tests).
    pub fn flush(&self) {
        let (tx, rx) = channel();
        self.send(Msg::Flush(tx));
        let _ = rx.recv_timeout(std::time::Duration::from_secs(10));
    }
}

/// A save or finish not yet on disk.
enum Job {
    Save(Vec<u8>),
    Finish(Vec<u8>),
}

struct Writer {
    path: PathBuf,
    /// The newest bytes whose write failed: tried again at the next message or timeout.
    unsaved: Option<Job>,
    failures: u32,
    trouble: Arc<Mutex<Option<AutosaveTrouble>>>,
}

impl Writer {
    fn run(&mut self, rx: Receiver<Msg>, retry_every: Duration) {
        loop {
            let first = if self.unsaved.is_some() {
                match rx.recv_timeout(retry_every) {
                    Ok(m) => Some(m),
                    Err(RecvTimeoutError::Timeout) => None,
                    Err(RecvTimeoutError::Disconnected) => {
                        self.write(None); // a last try before the app goes
                        return;
                    }
                }
            } else {
                match rx.recv() {
                    Ok(m) => Some(m),
                    Err(_) => return,
                }
            };
            // Coalesce a burst: only the newest save matters.
            let mut latest: Option<Job> = None;
            let mut flushes = Vec::new();
            for m in first.into_iter().chain(rx.try_iter()) {
                match m {
                    Msg::Flush(reply) => flushes.push(reply),
                    Msg::Save(b) => latest = Some(Job::Save(b)),
                    Msg::Finish(b) => latest = Some(Job::Finish(b)),
                }
            }
            self.write(latest);
            for f in flushes {
                let _ = f.send(());
            }
        }
    }

    /// Writes `job`, or else what is still unsaved.
    fn write(&mut self, job: Option<Job>) {
        let Some(job) = job.or_else(|| self.unsaved.take()) else { return };
        let result = match &job {
            Job::Save(bytes) => inkdoku::save::write_atomic(&self.path, bytes).map_err(|e| (self.path.clone(), e)),
            Job::Finish(bytes) => {
                let bak = inkdoku::save::backup_path(&self.path);
                inkdoku::save::write_atomic_no_backup(&bak, bytes).map(|()| {
                    let _ = std::fs::remove_file(&self.path);
                }).map_err(|e| (bak, e))
            }
        };
        let mut trouble = self.trouble.lock().unwrap_or_else(|e| e.into_inner());
        match result {
            Ok(()) => {
                if self.failures >= TELL_AFTER_FAILURES {
                    tracing::info!(path = %self.path.display(), "autosave works again");
                }
                self.failures = 0;
                *trouble = None;
            }
            Err((path, e)) => {
                self.failures += 1;
                tracing::warn!(error = %e, path = %path.display(), failures = self.failures, "autosave failed; kept in memory");
                if self.failures >= TELL_AFTER_FAILURES {
                    if trouble.is_none() {
                        tracing::error!(error = %e, path = %path.display(), "autosave keeps failing: the player is told");
                    }
                    *trouble = Some(if inkdoku::save::is_busy(&e) {
                        AutosaveTrouble::Busy { path }
                    } else {
                        AutosaveTrouble::Io { path, message: e.to_string() }
                    });
                }
                self.unsaved = Some(job);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failing_save_stays_in_memory_is_retried_and_the_player_is_told_only_if_it_keeps_failing() {
        let root = std::env::temp_dir().join(format!("inkdoku-autosave-retry-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        // The folder is missing: every write fails until it appears.
        let path = root.join("data").join("autosave-sudoku.inkdoku");
        let saver = Autosaver::start_with(path.clone(), Duration::from_millis(20));
        saver.save(b"one".to_vec());
        saver.flush();
        assert_eq!(saver.trouble(), None, "one failure is not worth a word");
        let told = (0..200).any(|_| {
            thread::sleep(Duration::from_millis(10));
            saver.trouble().is_some()
        });
        assert!(told, "retried on its own and told the player");
        assert!(matches!(saver.trouble(), Some(AutosaveTrouble::Io { .. })));
        saver.save(b"two".to_vec());
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        // The newest bytes reach the disk by the retry alone, and the trouble is gone.
        let saved = (0..200).any(|_| {
            thread::sleep(Duration::from_millis(10));
            std::fs::read(&path).is_ok_and(|b| b == b"two")
        });
        assert!(saved, "the kept save was written once possible");
        saver.flush();
        assert_eq!(saver.trouble(), None);
        let _ = std::fs::remove_dir_all(&root);
    }
}
