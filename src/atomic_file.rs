//! Crash-safe file replacement.
//!
//! The new bytes go to a temporary file in the same folder (so the rename stays on one file
//! system), are flushed to disk, and are renamed over the old file: at every instant the path
//! holds either the complete old save or the complete new one. The old one is first linked (or
//! copied) to `<name>.bak`, which therefore always holds the previous complete save.
//!
//! On Windows a rename over a file that another program holds open (an antivirus, a backup or
//! indexing tool reading the save without FILE_SHARE_DELETE) fails with a sharing violation
//! until it lets go, usually within milliseconds: such renames are retried with a short,
//! bounded backoff ([`BUSY_WAITS_MS`]) before the error is returned. The caller keeps the bytes
//! and tries again at its next save.

use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Distinguishes temporary files of concurrent writers in one process.
static COUNTER: AtomicU64 = AtomicU64::new(0);

/// The waits between tries of a rename that another program blocks: 7 tries within ~0.6 s,
/// short enough for a writer thread, long enough for a virus scan of a small file.
pub const BUSY_WAITS_MS: [u64; 6] = [10, 20, 40, 80, 160, 320];

/// Whether `e` means another program holds the file for now (Windows: sharing or lock
/// violation, or access denied, which Windows and Wine give while a delete or rename of an
/// open file is pending). Never on Unix, where an open file does not block a rename.
pub fn is_busy(e: &io::Error) -> bool {
    #[cfg(windows)]
    {
        // ERROR_ACCESS_DENIED, ERROR_SHARING_VIOLATION, ERROR_LOCK_VIOLATION
        matches!(e.raw_os_error(), Some(5 | 32 | 33))
    }
    #[cfg(not(windows))]
    {
        let _ = e;
        false
    }
}

/// `fs::rename`, retried while [`is_busy`] says another program holds a file.
pub(crate) fn rename_patiently(from: &Path, to: &Path) -> io::Result<()> {
    let mut waits = BUSY_WAITS_MS.iter();
    loop {
        match fs::rename(from, to) {
            Err(e) if is_busy(&e) => match waits.next() {
                Some(&ms) => std::thread::sleep(Duration::from_millis(ms)),
                None => return Err(e),
            },
            done => return done,
        }
    }
}

/// `<name>.bak` beside `path`.
pub fn backup_path(path: &Path) -> PathBuf {
    sibling(path, ".bak")
}

/// `path` with `suffix` appended to its file name.
pub(crate) fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(suffix);
    path.with_file_name(name)
}

fn parts(path: &Path) -> io::Result<(PathBuf, String)> {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "a save path needs a file name"))?
        .to_string();
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    Ok((dir, name))
}

/// Replaces `path` with `bytes` atomically and keeps the previous content as `<name>.bak`.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write(path, bytes, true)
}

/// Replaces `path` with `bytes` atomically, without a backup (for files the player chose).
pub fn write_atomic_no_backup(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write(path, bytes, false)
}

fn write(path: &Path, bytes: &[u8], keep_backup: bool) -> io::Result<()> {
    let (dir, name) = parts(path)?;
    let unique = format!("{}-{}", std::process::id(), COUNTER.fetch_add(1, Ordering::Relaxed));
    let tmp = dir.join(format!(".{name}.tmp-{unique}"));
    let result = (|| {
        {
            let mut f = OpenOptions::new().write(true).create_new(true).open(&tmp)?;
            f.write_all(bytes)?;
            f.sync_all()?;
        }
        if keep_backup && fs::metadata(path).map(|m| m.is_file()).unwrap_or(false) {
            keep_previous(path, &dir, &name, &unique)?;
        }
        rename_patiently(&tmp, path)?;
        sync_dir(&dir);
        Ok(())
    })();
    if result.is_err() {
        // Best effort: a stray temp file is harmless, but tidy up what we can.
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// Makes `<name>.bak` the current content of `path`, itself atomically.
fn keep_previous(path: &Path, dir: &Path, name: &str, unique: &str) -> io::Result<()> {
    let bak_tmp = dir.join(format!(".{name}.bak-tmp-{unique}"));
    // A hard link costs nothing; file systems without links (FAT, some network shares) get a
    // copy. So does Windows: a link to a save that another program holds open can be neither
    // renamed nor deleted until it lets go, and a copy of a small save costs little.
    if cfg!(windows) || fs::hard_link(path, &bak_tmp).is_err() {
        // Read and written by hand, flushed through a handle opened for writing: Windows
        // refuses FlushFileBuffers on a read-only handle (error 5).
        let copied = fs::read(path).and_then(|old| {
            let mut f = OpenOptions::new().write(true).create_new(true).open(&bak_tmp)?;
            f.write_all(&old)?;
            f.sync_all()
        });
        if let Err(e) = copied {
            let _ = fs::remove_file(&bak_tmp);
            return Err(e);
        }
    }
    let renamed = rename_patiently(&bak_tmp, &backup_path(path));
    if renamed.is_err() {
        let _ = fs::remove_file(&bak_tmp);
    }
    renamed
}

/// Flushes the folder entry so the rename itself survives a power cut (Unix; on Windows a
/// folder cannot be opened this way and NTFS journals the rename).
pub(crate) fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(d) = fs::File::open(dir) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("inkdoku-atomic-{tag}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn replaces_and_keeps_the_previous_as_backup() {
        let d = scratch("bak");
        let p = d.join("game.json");
        write_atomic(&p, b"one").unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"one");
        assert!(!backup_path(&p).exists());
        write_atomic(&p, b"two").unwrap();
        write_atomic(&p, b"three").unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"three");
        assert_eq!(fs::read(backup_path(&p)).unwrap(), b"two");
        // No temp files left behind.
        let names: Vec<_> = fs::read_dir(&d).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names.len(), 2, "{names:?}");
        write_atomic_no_backup(&d.join("x.inkdoku"), b"x").unwrap();
        assert!(!d.join("x.inkdoku.bak").exists());
        assert!(write_atomic(&d.join("missing-dir").join("a"), b"x").is_err());
        fs::remove_dir_all(&d).unwrap();
    }
}
