//! Loading the autosave at launch, falling back to the backup, never destroying a file.

use std::fs;
use std::path::{Path, PathBuf};

use crate::atomic_file::sibling;
use super::{backup_path, load, load_of, LoadError, Loaded};
use crate::play::GameKind;

/// What happened when the autosave was opened; the app turns it into a sentence
/// ([`Recovery::message`]) and a "Continue" offer. `L` is what a load gives ([`Loaded`]).
#[derive(Debug, Clone, PartialEq)]
pub enum Recovery<L = Loaded> {
    /// The save loaded normally.
    Loaded(L),
    /// There is no save and no backup: a first launch, or the last game was finished.
    NoSave,
    /// The save was missing or damaged; its backup (the save before it, one move older) loaded.
    FromBackup {
        loaded: L,
        problem: LoadError,
        /// Where the damaged save was moved (kept, never deleted).
        set_aside: Option<PathBuf>,
    },
    /// Neither the save nor its backup could be loaded. Damaged files were moved aside.
    Unrecoverable {
        problem: LoadError,
        backup_problem: LoadError,
        set_aside: Vec<PathBuf>,
    },
}

impl<L> Recovery<L> {
    /// The game to continue, if any.
    pub fn loaded(&self) -> Option<&L> {
        match self {
            Recovery::Loaded(l) | Recovery::FromBackup { loaded: l, .. } => Some(l),
            _ => None,
        }
    }

    pub fn into_loaded(self) -> Option<L> {
        match self {
            Recovery::Loaded(l) | Recovery::FromBackup { loaded: l, .. } => Some(l),
            _ => None,
        }
    }

    /// A sentence for the player when something was not normal; `None` when all went well.
    pub fn message(&self) -> Option<String> {
        match self {
            Recovery::Loaded(_) | Recovery::NoSave => None,
            Recovery::FromBackup { problem, set_aside, .. } => backup_message(problem, set_aside.as_slice()),
            Recovery::Unrecoverable { problem, set_aside, .. } => lost_message(problem, set_aside),
        }
    }
}

fn kept(paths: &[PathBuf]) -> String {
    match paths {
        [] => String::new(),
        [p] => format!(" The damaged file was kept as {}.", p.display()),
        _ => format!(
            " The damaged files were kept as {}.",
            paths.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(" and ")
        ),
    }
}

fn backup_message(problem: &LoadError, set_aside: &[PathBuf]) -> Option<String> {
    Some(match problem {
        LoadError::Missing { .. } => "The saved game was missing; the previous save was restored.".to_string(),
        _ => format!(
            "Sorry: {problem}. The previous save was restored instead; at most the last move is lost.{}",
            kept(set_aside)
        ),
    })
}

fn lost_message(problem: &LoadError, set_aside: &[PathBuf]) -> Option<String> {
    Some(format!(
        "Sorry: {problem}, and its backup could not be read either. A new game will start.{}",
        kept(set_aside)
    ))
}

/// Loads the autosave at `path`; if it is damaged, moves it aside as
/// `<name>.corrupt-<now_ms>` (or `<name>.newer-<now_ms>` when a newer version wrote it, so that
/// autosave never overwrites it) and tries `<name>.bak`. Never deletes anything.
///
/// Also removes temporary files that a write interrupted by a crash left beside the save
/// (`.<name>.tmp-*`): they were never committed, so the save itself never depended on them.
///
/// `kind`: the kind of game this autosave holds (one autosave per kind); a sound save of
/// another kind is then set aside as `<name>.other-<now_ms>`. `None` accepts any kind.
pub fn load_or_recover(path: &Path, now_ms: u64, kind: Option<GameKind>) -> Recovery {
    let load = |p: &Path| match kind {
        Some(k) => load_of(p, k),
        None => load(p),
    };
    remove_stale_temp_files(path);
    let problem = match load(path) {
        Ok(loaded) => return Recovery::Loaded(loaded),
        Err(e) => e,
    };
    let mut set_aside = Vec::new();
    if problem.is_bad_content() {
        set_aside.extend(move_aside(path, &problem, now_ms));
    }
    let bak = backup_path(path);
    match load(&bak) {
        Ok(loaded) => Recovery::FromBackup { loaded, problem, set_aside: set_aside.pop() },
        Err(LoadError::Missing { .. }) if matches!(problem, LoadError::Missing { .. }) => Recovery::NoSave,
        Err(backup_problem) => {
            if backup_problem.is_bad_content() {
                set_aside.extend(move_aside(&bak, &backup_problem, now_ms));
            }
            Recovery::Unrecoverable { problem, backup_problem, set_aside }
        }
    }
}

/// Renames a bad file to a fresh `<name>.<why>-<now_ms>[-k]`; `None` if that fails too.
fn move_aside(path: &Path, problem: &LoadError, now_ms: u64) -> Option<PathBuf> {
    let why = match problem {
        LoadError::NewerVersion { .. } | LoadError::UnknownKind { .. } => "newer",
        // A sound save of another game kind: kept under a name that says it is not damaged.
        LoadError::WrongKind { .. } => "other",
        _ => "corrupt",
    };
    (0..100u32)
        .map(|k| if k == 0 { sibling(path, &format!(".{why}-{now_ms}")) } else { sibling(path, &format!(".{why}-{now_ms}-{k}")) })
        .find(|p| !p.exists())
        .and_then(|target| fs::rename(path, &target).ok().map(|_| target))
}

/// Deletes `.<name>.tmp-*` and `.<name>.bak-tmp-*` left by writes that were cut off.
pub fn remove_stale_temp_files(path: &Path) -> usize {
    let (Some(dir), Some(name)) = (path.parent(), path.file_name().and_then(|n| n.to_str())) else { return 0 };
    let dir = if dir.as_os_str().is_empty() { Path::new(".") } else { dir };
    let (tmp, bak_tmp) = (format!(".{name}.tmp-"), format!(".{name}.bak-tmp-"));
    let Ok(entries) = fs::read_dir(dir) else { return 0 };
    entries
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_str().is_some_and(|f| f.starts_with(&tmp) || f.starts_with(&bak_tmp)))
        .filter(|e| fs::remove_file(e.path()).is_ok())
        .count()
}
