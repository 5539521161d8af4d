//! "Back up everything" and "Restore from a backup" (#44 item 5): the games in progress with
//! their history, the statistics, the settings, the learnt handwriting and the player's own
//! photos, in one file, and put back all at once.
//!
//! **The file** is versioned JSON: `{format, version, made_at_ms, app, files: [{path, data}]}`,
//! each file's bytes in base64 under its path in the data folder (`stats.json`,
//! `pictures/<name>`). Reading one checks every file with its own reader (a save must load as
//! its kind, the statistics and the profile must parse, a photo must be one): a damaged backup
//! is refused whole and changes nothing; one from a newer Inkdoku is refused as such.
//!
//! **A restore is one step** however many files it replaces: the new files are written and
//! flushed into a staging folder with a manifest, which is renamed to [`PENDING`] (the commit:
//! before it nothing changed, after it the restore will happen); [`finish`] then moves each file
//! into place, removes what the backup does not have, and removes the pending folder last. It
//! is idempotent, so a restore cut off anywhere (the process killed, the power gone) is finished
//! by the next [`finish`] — the app calls it at start before reading anything — and a staging
//! folder left before the commit is thrown away: the data folder holds the old state or the new,
//! never a mix. Before the commit, the state being replaced is written as a backup of its own in
//! `backups/` ([`restore`] returns its path).

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::play::GameKind;

pub const FORMAT: &str = "inkdoku-backup";
/// The newest version this build writes and reads.
pub const VERSION: u32 = 1;
/// The extension of a backup file.
pub const EXTENSION: &str = "inkdoku-backup";
/// A restore committed and not yet finished (a folder in the data folder).
pub const PENDING: &str = ".restore-pending";
/// Where the state a restore replaced is kept (a folder in the data folder).
pub const KEPT: &str = "backups";
const STAGING_PREFIX: &str = ".restore-staging-";
const MANIFEST: &str = "manifest.json";
/// A backup larger than this is refused unread (photos are at most 40 MB each).
pub const MAX_BYTES: u64 = 1 << 30;

/// What a file of the data folder must read as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// A game's autosave.
    Save(GameKind),
    Stats,
    /// The settings: a JSON object (read leniently, field by field, when loaded).
    Settings,
    /// The learnt handwriting.
    Profile,
}

/// The files of a data folder that a backup carries; the shell names its own.
pub struct Layout {
    /// Files at the top of the data folder, and what each must read as.
    pub files: Vec<(String, Part)>,
    /// The folder of the player's own photos (every file in it is carried).
    pub pictures: String,
    /// Whether a photo is one the app would keep under that name (a PNG or JPEG named by its
    /// content), else why not.
    pub check_picture: fn(&str, &[u8]) -> Result<(), String>,
}

/// Why a backup can't be made, read or restored.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("this is not an Inkdoku backup")]
    NotABackup,
    #[error("this backup was made by a newer version of Inkdoku (format {0}; this version reads up to {VERSION})")]
    Newer(u32),
    #[error("this backup is damaged: {0}")]
    Damaged(String),
    #[error("the backup could not be read or written: {0}")]
    Io(#[from] io::Error),
}

impl BackupError {
    pub fn kind(&self) -> &'static str {
        match self {
            BackupError::NotABackup => "not_a_backup",
            BackupError::Newer(_) => "backup_newer",
            BackupError::Damaged(_) => "backup_damaged",
            BackupError::Io(_) => "files",
        }
    }
}

/// One file of a backup.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// Its path in the data folder, `/`-separated: `stats.json`, `pictures/<name>`.
    pub path: String,
    #[serde(with = "b64")]
    pub data: Vec<u8>,
}

/// A backup: every file it carries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Backup {
    pub format: String,
    pub version: u32,
    pub made_at_ms: u64,
    /// The Inkdoku version that made it.
    pub app: String,
    pub files: Vec<Entry>,
}

/// What a backup holds, as "Restore from a backup…" shows it before asking.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Contents {
    pub made_at_ms: u64,
    pub app: String,
    /// The games in progress, as Continue describes them.
    pub games: Vec<crate::play::Summary>,
    /// Statistics: games recorded and won.
    pub games_recorded: usize,
    pub games_won: usize,
    /// Handwriting samples learnt.
    pub handwriting_samples: usize,
    pub photos: usize,
    pub settings: bool,
}

mod b64 {
    use base64::Engine as _;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(bytes: &[u8], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&base64::engine::general_purpose::STANDARD.encode(bytes))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        let text = String::deserialize(d)?;
        base64::engine::general_purpose::STANDARD.decode(text).map_err(serde::de::Error::custom)
    }
}

impl Layout {
    /// What the file at `path` must read as, or why no backup may hold it.
    fn part_of(&self, path: &str) -> Result<Option<Part>, String> {
        if let Some((_, part)) = self.files.iter().find(|(name, _)| name == path) {
            return Ok(Some(*part));
        }
        match path.split_once('/') {
            Some((dir, name)) if dir == self.pictures && is_plain_name(name) => Ok(None),
            _ => Err(format!("it holds \"{}\", which is no file of Inkdoku's", path.chars().take(80).collect::<String>())),
        }
    }
}

/// A file name with no folder, no hidden or special name.
fn is_plain_name(name: &str) -> bool {
    !name.is_empty() && !name.starts_with('.') && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
}

/// Reads every file of `layout` in `data_dir` (what is missing is left out; a photo the app
/// would not keep too) into a backup made at `now_ms`.
pub fn collect(data_dir: &Path, layout: &Layout, now_ms: u64) -> io::Result<Backup> {
    let mut files = Vec::new();
    for (name, _) in &layout.files {
        match fs::read(data_dir.join(name)) {
            Ok(data) => files.push(Entry { path: name.clone(), data }),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(e),
        }
    }
    let dir = data_dir.join(&layout.pictures);
    let mut names: Vec<String> = match fs::read_dir(&dir) {
        Ok(rd) => rd.filter_map(|e| e.ok()).filter_map(|e| e.file_name().to_str().map(str::to_string)).filter(|n| is_plain_name(n)).collect(),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(e),
    };
    names.sort();
    for name in names {
        let data = fs::read(dir.join(&name))?;
        if (layout.check_picture)(&name, &data).is_ok() {
            files.push(Entry { path: format!("{}/{name}", layout.pictures), data });
        }
    }
    Ok(Backup { format: FORMAT.into(), version: VERSION, made_at_ms: now_ms, app: env!("CARGO_PKG_VERSION").into(), files })
}

impl Backup {
    pub fn to_bytes(&self) -> Result<Vec<u8>, BackupError> {
        serde_json::to_vec(self).map_err(|e| BackupError::Damaged(e.to_string()))
    }

    /// Reads a backup and checks every file in it against `layout` (never a panic: any defect
    /// is a [`BackupError`]), returning it and what it holds.
    pub fn read(bytes: &[u8], layout: &Layout) -> Result<(Backup, Contents), BackupError> {
        #[derive(Deserialize)]
        struct Header {
            format: Option<String>,
            version: Option<u32>,
        }
        let header: Header = serde_json::from_slice(bytes).map_err(|_| BackupError::NotABackup)?;
        if header.format.as_deref() != Some(FORMAT) {
            return Err(BackupError::NotABackup);
        }
        match header.version {
            Some(v) if v > VERSION => return Err(BackupError::Newer(v)),
            Some(v) if v >= 1 => {}
            _ => return Err(BackupError::Damaged("no valid version".into())),
        }
        let backup: Backup = serde_json::from_slice(bytes).map_err(|e| BackupError::Damaged(e.to_string()))?;
        let contents = backup.check(layout)?;
        Ok((backup, contents))
    }

    fn check(&self, layout: &Layout) -> Result<Contents, BackupError> {
        let damaged = |path: &str, why: String| BackupError::Damaged(format!("{path}: {why}"));
        let mut c = Contents { made_at_ms: self.made_at_ms, app: self.app.clone(), games: Vec::new(), games_recorded: 0, games_won: 0, handwriting_samples: 0, photos: 0, settings: false };
        let mut seen = std::collections::BTreeSet::new();
        for e in &self.files {
            if !seen.insert(e.path.as_str()) {
                return Err(damaged(&e.path, "it is there twice".into()));
            }
            match layout.part_of(&e.path).map_err(BackupError::Damaged)? {
                Some(Part::Save(kind)) => {
                    let loaded = crate::save::from_bytes_of(&e.data, kind).map_err(|x| damaged(&e.path, x.to_string()))?;
                    if !loaded.game.is_finished() {
                        c.games.push(loaded.game.summary());
                    }
                }
                Some(Part::Stats) => {
                    let s = crate::stats::Stats::from_bytes(&e.data).map_err(|x| damaged(&e.path, x.to_string()))?;
                    c.games_recorded = s.records.len();
                    c.games_won = s.records.iter().filter(|r| r.won).count();
                }
                Some(Part::Settings) => {
                    let v: serde_json::Value = serde_json::from_slice(&e.data).map_err(|x| damaged(&e.path, x.to_string()))?;
                    if !v.is_object() {
                        return Err(damaged(&e.path, "the settings are not a JSON object".into()));
                    }
                    c.settings = true;
                }
                Some(Part::Profile) => {
                    let p = crate::ink::adapt::Profile::from_bytes(&e.data).map_err(|x| damaged(&e.path, x.to_string()))?;
                    c.handwriting_samples = p.samples().len();
                }
                None => {
                    let name = e.path.rsplit('/').next().unwrap_or_default();
                    (layout.check_picture)(name, &e.data).map_err(|x| damaged(&e.path, x))?;
                    c.photos += 1;
                }
            }
        }
        Ok(c)
    }
}

/// Writes `backup` to `path` (atomically; a file the player chose, so no `.bak` beside it).
pub fn write(path: &Path, backup: &Backup) -> Result<(), BackupError> {
    crate::save::write_atomic_no_backup(path, &backup.to_bytes()?)?;
    Ok(())
}

/// Reads and checks the backup at `path` (see [`Backup::read`]).
pub fn read(path: &Path, layout: &Layout) -> Result<(Backup, Contents), BackupError> {
    let size = fs::metadata(path)?.len();
    if size > MAX_BYTES {
        return Err(BackupError::Damaged(format!("it is {} MB, more than any backup", size >> 20)));
    }
    Backup::read(&fs::read(path)?, layout)
}

/// The manifest of a pending restore: every path of the new state.
#[derive(Serialize, Deserialize)]
struct Manifest {
    paths: Vec<String>,
}

fn write_synced(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut f = fs::File::create(path)?;
    f.write_all(bytes)?;
    f.sync_all()
}

/// Replaces everything `layout` names in `data_dir` with `backup` (checked with
/// [`Backup::read`] first) as one step: the state it replaces is kept as a backup in
/// `backups/` (its path returned), the new one committed as a pending restore and put in place
/// by [`finish`]. The app finishes it at its next start, before reading anything: while it
/// runs, its writers may still write the old game's files, which the restore then replaces.
pub fn restore(data_dir: &Path, layout: &Layout, backup: &Backup, now_ms: u64) -> Result<PathBuf, BackupError> {
    backup.check(layout)?;
    // Whatever an earlier restore left is finished first: it is older than this one.
    finish(data_dir, layout)?;
    let kept_dir = data_dir.join(KEPT);
    fs::create_dir_all(&kept_dir)?;
    let kept = kept_dir.join(format!("before-restore-{now_ms}.{EXTENSION}"));
    write(&kept, &collect(data_dir, layout, now_ms)?)?;
    let staging = data_dir.join(format!("{STAGING_PREFIX}{now_ms}"));
    let _ = fs::remove_dir_all(&staging);
    fs::create_dir_all(staging.join(&layout.pictures))?;
    for e in &backup.files {
        write_synced(&staging.join(&e.path), &e.data)?;
    }
    let paths = backup.files.iter().map(|e| e.path.clone()).collect();
    write_synced(&staging.join(MANIFEST), &serde_json::to_vec(&Manifest { paths }).map_err(|e| BackupError::Damaged(e.to_string()))?)?;
    crate::atomic_file::sync_dir(&staging.join(&layout.pictures));
    crate::atomic_file::sync_dir(&staging);
    // The commit.
    fs::rename(&staging, data_dir.join(PENDING))?;
    crate::atomic_file::sync_dir(data_dir);
    Ok(kept)
}

/// Finishes a restore that was committed (moves its files into place, removes what it does not
/// have, then the pending folder) and throws away one that was not (a staging folder). Safe to
/// run again at any point of its own run. Returns whether a restore was finished. An error
/// leaves it pending: the data folder may then hold some new files and some old, and must not
/// be used until a later run finishes it (the app does not start; see the shell).
pub fn finish(data_dir: &Path, layout: &Layout) -> io::Result<bool> {
    if let Ok(rd) = fs::read_dir(data_dir) {
        for e in rd.filter_map(|e| e.ok()) {
            if e.file_name().to_str().is_some_and(|n| n.starts_with(STAGING_PREFIX)) {
                fs::remove_dir_all(e.path())?;
            }
        }
    }
    let pending = data_dir.join(PENDING);
    let manifest = match fs::read(pending.join(MANIFEST)) {
        Ok(bytes) => serde_json::from_slice::<Manifest>(&bytes).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?,
        // No manifest: the restore was finished but for removing its folder (or none is pending).
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return match fs::remove_dir_all(&pending) {
                Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(false),
                other => other.map(|()| true),
            };
        }
        Err(e) => return Err(e),
    };
    for (name, _) in &layout.files {
        let target = data_dir.join(name);
        if manifest.paths.contains(name) {
            let from = pending.join(name);
            if from.exists() {
                // On Windows another program (an antivirus) may hold the file a moment.
                crate::atomic_file::rename_patiently(&from, &target)?;
            }
        } else {
            remove_if_there(&target)?;
        }
        // The copy of the state replaced is the kept backup, not this file's `.bak`, which a
        // later recovery would otherwise restore from the old state.
        remove_if_there(&crate::atomic_file::backup_path(&target))?;
    }
    // The photos: the old folder goes (its photos are in the kept backup), the new comes in.
    let pictures = data_dir.join(&layout.pictures);
    let new_pictures = pending.join(&layout.pictures);
    if new_pictures.exists() {
        match fs::remove_dir_all(&pictures) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
            _ => {}
        }
        crate::atomic_file::rename_patiently(&new_pictures, &pictures)?;
    }
    crate::atomic_file::sync_dir(data_dir);
    fs::remove_file(pending.join(MANIFEST))?;
    fs::remove_dir_all(&pending)?;
    Ok(true)
}

fn remove_if_there(path: &Path) -> io::Result<()> {
    match fs::remove_file(path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}
