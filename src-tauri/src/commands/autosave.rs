//! Autosave off the command path: a command encodes the session (fast, under the lock) and
//! hands the bytes to one writer thread, which writes the newest bytes atomically (temp file,
//! fsync, rename, previous save kept as `.bak`). The player never waits for the disk.

use std::path::PathBuf;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Mutex;
use std::thread;

enum Msg {
    Save(Vec<u8>),
    /// Reply once everything sent before has been written.
    Flush(Sender<()>),
    Delete,
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

    pub fn path(&self) -> &std::path::Path {
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

    /// The game is over: the autosave no longer offers "Continue" (the backup stays).
    pub fn delete(&self) {
        self.send(Msg::Delete);
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
        let mut latest: Option<Vec<u8>> = None;
        let mut delete = false;
        let mut flushes = Vec::new();
        for m in pending {
            match m {
                Msg::Save(b) => {
                    latest = Some(b);
                    delete = false;
                }
                Msg::Delete => {
                    latest = None;
                    delete = true;
                }
                Msg::Flush(reply) => flushes.push(reply),
            }
        }
        if let Some(bytes) = latest {
            if let Err(e) = inkdoku::save::write_atomic(&path, &bytes) {
                tracing::error!(error = %e, path = %path.display(), "autosave failed");
            }
        } else if delete {
            // Keep the finished game as the backup rather than deleting it.
            let _ = std::fs::rename(&path, inkdoku::save::backup_path(&path));
        }
        for f in flushes {
            let _ = f.send(());
        }
    }
}
