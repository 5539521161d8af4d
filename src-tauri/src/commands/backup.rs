//! "Back up everything…" and "Restore from a backup…" (#44 item 5): which files of the data
//! folder a backup carries (named here from each file's own constant), the file dialogs, and a
//! restore that the app's next start finishes. What a backup is and how a restore stays one
//! step is the engine's (`inkdoku::backup`).

use std::path::{Path, PathBuf};

use inkdoku::backup::{self, Contents, Layout, Part};
use inkdoku::play::GameKind;
use serde::Serialize;

use super::autosave::autosave_name;
use super::files::FileKind;
use super::{AppState, CommandError};

/// The data folder's files a backup carries: each game's autosave, the statistics, the
/// settings, the learnt handwriting, and the player's pictures.
pub fn layout() -> Layout {
    let mut files: Vec<(String, Part)> = GameKind::ALL.iter().map(|&k| (autosave_name(k), Part::Save(k))).collect();
    files.push((super::stats::STATS_FILE.into(), Part::Stats));
    files.push((super::settings::SETTINGS_FILE.into(), Part::Settings));
    files.push((inkdoku::ink::adapt::FILE_NAME.into(), Part::Profile));
    Layout { files, pictures: super::pictures::DIR.into(), check_picture }
}

/// A picture the app would keep under that name: a PNG or JPEG it can show, named as it names
/// them.
fn check_picture(name: &str, bytes: &[u8]) -> Result<(), String> {
    if !inkdoku::slide::play::is_picture_name(name) {
        return Err(format!("\"{name}\" is not the name of a picture of Inkdoku's"));
    }
    super::pictures::inspect(bytes).map(|_| ())
}

/// Finishes a restore committed before the app last stopped (see `inkdoku::backup::finish`).
/// One that can't be finished now stays pending, and the data folder must not be read half
/// restored: the error is the reason the app can't start (tried again at the next start).
pub fn finish_restore(data_dir: &Path) -> Result<(), String> {
    match backup::finish(data_dir, &layout()) {
        Ok(finished) => {
            if finished {
                tracing::info!("a restore from a backup was finished");
            }
            Ok(())
        }
        Err(e) => {
            tracing::error!(error = %e, "a restore from a backup could not be finished");
            Err(format!("a backup being restored could not be put in place ({e}); close the programs that may hold Inkdoku's files and start it again"))
        }
    }
}

impl From<backup::BackupError> for CommandError {
    fn from(e: backup::BackupError) -> Self {
        CommandError::Backup(e)
    }
}

fn data_dir(state: &AppState) -> Result<&Path, CommandError> {
    state.data_dir.as_deref().ok_or_else(|| CommandError::Files("backups are only made by the app, which keeps its files in a folder".into()))
}

#[derive(Debug, Serialize)]
pub struct BackedUp {
    /// `None` if the player cancelled.
    pub path: Option<String>,
}

/// "Back up everything…": the save dialog, then one file holding everything.
pub fn back_up(state: &AppState) -> Result<BackedUp, CommandError> {
    let dir = data_dir(state)?.to_path_buf();
    let now = state.now_ms();
    let day = inkdoku::daily::Day::at(now, 0).map(|d| d.to_string()).unwrap_or_default();
    let path = state.save_dialog(&format!("inkdoku-{day}.{}", backup::EXTENSION), FileKind::Backup, |path| {
        // The game as it is now (its clock not paused).
        state.write_saves();
        let b = backup::collect(&dir, &layout(), now).map_err(|e| CommandError::Files(e.to_string()))?;
        backup::write(&path, &b)?;
        Ok(path.display().to_string())
    })?;
    Ok(BackedUp { path })
}

#[derive(Debug, Serialize)]
pub struct Shown {
    /// What the chosen backup holds; `None` if the player cancelled.
    pub contents: Option<Contents>,
}

/// "Restore from a backup…", first step: the open dialog, the backup read and checked whole,
/// and what it holds, for the view to ask. Nothing changes.
pub fn read_backup(state: &AppState) -> Result<Shown, CommandError> {
    data_dir(state)?;
    let read = state.open_dialog(FileKind::Backup, |path| {
        let (_, contents) = backup::read(&path, &layout())?;
        Ok((path, contents))
    })?;
    let contents = read.map(|(path, contents)| {
        state.lock().backup_shown = Some(path);
        contents
    });
    Ok(Shown { contents })
}

#[derive(Debug, Serialize)]
pub struct Restored {
    /// Where the state it replaced was kept, as a backup of its own.
    pub kept: String,
}

/// "Restore from a backup…", after the player said yes: the backup shown is read again and
/// committed; the app then starts again (the shell), which puts it in place.
pub fn restore_backup(state: &AppState) -> Result<Restored, CommandError> {
    let dir = data_dir(state)?.to_path_buf();
    let path: PathBuf = state.lock().backup_shown.take().ok_or_else(|| CommandError::Stale("no backup was chosen to restore".into()))?;
    let layout = layout();
    let (b, _) = backup::read(&path, &layout)?;
    state.write_saves();
    let kept = backup::restore(&dir, &layout, &b, state.now_ms())?;
    tracing::info!(from = %path.display(), kept = %kept.display(), "restore from a backup committed; the app starts again");
    Ok(Restored { kept: kept.display().to_string() })
}
