//! Autosave off the command path, one file per game kind (so starting a KenKen never throws
//! away a Sudoku in progress): a command encodes the game (fast, under the lock) and hands the
//! bytes to that kind's writer thread, which writes the newest bytes atomically (temp file,
//! fsync, rename, previous save kept as `.bak`). The player never waits for the disk.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Mutex;
use std::thread;

use inkdoku::play::GameKind;

/// The autosave of one kind: `autosave-<kind>.inkdoku` in the app's data folder.
pub fn autosave_path(data_dir: &Path, kind: GameKind) -> PathBuf {
    data_dir.join(format!("autosave-{}.{}", kind.as_str(), inkdoku::save::EXTENSION))
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

/// One writer per game kind.
pub struct Autosaves {
    savers: Vec<(GameKind, Autosaver)>,
}

impl Autosaves {
    pub fn start(data_dir: &Path) -> Autosaves {
        adopt_legacy_autosave(data_dir);
        Autosaves { savers: GameKind::ALL.into_iter().map(|k| (k, Autosaver::start(autosave_path(data_dir, k)))).collect() }
    }

    pub fn of(&self, kind: GameKind) -> Option<&Autosaver> {
        self.savers.iter().find(|(k, _)| *k == kind).map(|(_, s)| s)
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

pub struct Autosaver {
    path: PathBuf,
    tx: Mutex<Sender<Msg>>,
}

impl Autosaver {
    pub fn start(path: PathBuf) -> Autosaver {
        let (tx, rx) = channel();
        let p = path.clone();
        thread::Builder::new()
            .name("autosave".into())
            .spawn(move || writer(p, rx))
            .map_err(|e| tracing::error!(error = %e, "autosave thread could not start"))
            .ok();
        Autosaver { path, tx: Mutex::new(tx) }
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

fn writer(path: PathBuf, rx: Receiver<Msg>) {
    while let Ok(first) = rx.recv() {
        // Coalesce a burst: only the newest save matters.
        let mut pending = vec![first];
        pending.extend(rx.try_iter());
        let mut latest: Option<Msg> = None;
        let mut flushes = Vec::new();
        for m in pending {
            match m {
                Msg::Flush(reply) => flushes.push(reply),
                other => latest = Some(other),
            }
        }
        match latest {
            Some(Msg::Save(bytes)) => {
                if let Err(e) = inkdoku::save::write_atomic(&path, &bytes) {
                    tracing::error!(error = %e, path = %path.display(), "autosave failed");
                }
            }
            Some(Msg::Finish(bytes)) => {
                let bak = inkdoku::save::backup_path(&path);
                match inkdoku::save::write_atomic_no_backup(&bak, &bytes) {
                    Ok(()) => {
                        let _ = std::fs::remove_file(&path);
                    }
                    Err(e) => tracing::error!(error = %e, path = %bak.display(), "could not keep the finished game"),
                }
            }
            _ => {}
        }
        for f in flushes {
            let _ = f.send(());
        }
    }
}
