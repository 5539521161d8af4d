//! Loading a file we keep (the autosaves, the statistics, the handwriting profile, the
//! settings) at launch, falling back to its backup, never destroying or overwriting a file:
//! one that is damaged, from a newer version, or there but unreadable (permissions, a sharing
//! violation, a folder not synced yet) is moved aside before anything is written in its place.

use std::fs;
use std::path::{Path, PathBuf};

use crate::atomic_file::sibling;
use super::{backup_path, load, load_of, LoadError, Loaded};
use crate::play::GameKind;

/// Why a kept file could not be used, as [`recover`] needs to know it.
pub trait Unusable {
    /// There is no such file (nothing to set aside).
    fn is_missing(&self) -> bool;
    /// The word in the name it is set aside under: `corrupt`, `newer`, `unreadable`...
    fn aside_as(&self) -> &'static str;
}

impl Unusable for LoadError {
    fn is_missing(&self) -> bool {
        matches!(self, LoadError::Missing { .. })
    }
    fn aside_as(&self) -> &'static str {
        match self {
            LoadError::NewerVersion { .. } | LoadError::UnknownKind { .. } => "newer",
            // A sound save of another game kind: kept under a name that says it is not damaged.
            LoadError::WrongKind { .. } => "other",
            LoadError::Io { .. } => "unreadable",
            _ => "corrupt",
        }
    }
}

/// What happened when the autosave was opened; the app turns it into a sentence
/// ([`Recovery::message`]) and a "Continue" offer. `L` is what a load gives ([`Loaded`]), `E`
/// why it failed.
#[derive(Debug, Clone, PartialEq)]
pub enum Recovery<L = Loaded, E = LoadError> {
    /// The save loaded normally.
    Loaded(L),
    /// There is no save and no backup: a first launch, or the last game was finished.
    NoSave,
    /// The save was missing or damaged; its backup (the save before it, one move older) loaded.
    FromBackup {
        loaded: L,
        problem: E,
        /// Where the damaged save was moved (kept, never deleted).
        set_aside: Option<PathBuf>,
    },
    /// Neither the save nor its backup could be loaded. Damaged files were moved aside.
    Unrecoverable {
        problem: E,
        backup_problem: E,
        set_aside: Vec<PathBuf>,
    },
}

impl<L, E> Recovery<L, E> {
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

    /// Where files were set aside.
    pub fn set_aside(&self) -> &[PathBuf] {
        match self {
            Recovery::FromBackup { set_aside, .. } => set_aside.as_slice(),
            Recovery::Unrecoverable { set_aside, .. } => set_aside,
            _ => &[],
        }
    }
}

impl<L> Recovery<L, LoadError> {
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

/// Loads the autosave at `path`; if it can't be used, moves it aside as
/// `<name>.corrupt-<now_ms>` (`.newer-` when a newer version wrote it, `.unreadable-` when it is
/// there but can't be read: so that autosave never overwrites it) and tries `<name>.bak`.
/// Never deletes anything.
///
/// Also removes temporary files that a write interrupted by a crash left beside the save
/// (`.<name>.tmp-*`): they were never committed, so the save itself never depended on them.
///
/// `kind`: the kind of game this autosave holds (one autosave per kind); a sound save of
/// another kind is then set aside as `<name>.other-<now_ms>`. `None` accepts any kind.
pub fn load_or_recover(path: &Path, now_ms: u64, kind: Option<GameKind>) -> Recovery {
    remove_stale_temp_files(path);
    recover(path, now_ms, true, |p| match kind {
        Some(k) => load_of(p, k),
        None => load(p),
    })
}

/// Reads a kept file with `read`, falling back to its backup (`<name>.bak`, the previous
/// complete copy). A file that is there but can't be used is set aside (see [`Unusable`]) before
/// the backup is tried, and so is a backup that can't be used: whatever the caller writes next
/// replaces nothing. `backup_when_missing`: a missing file is taken from its backup too (the
/// autosaves); otherwise a missing file is simply nothing yet ([`Recovery::NoSave`]).
pub fn recover<L, E: Unusable>(path: &Path, now_ms: u64, backup_when_missing: bool, read: impl Fn(&Path) -> Result<L, E>) -> Recovery<L, E> {
    let problem = match read(path) {
        Ok(loaded) => return Recovery::Loaded(loaded),
        Err(e) if e.is_missing() && !backup_when_missing => return Recovery::NoSave,
        Err(e) => e,
    };
    let mut set_aside = Vec::new();
    if !problem.is_missing() {
        set_aside.extend(move_aside(path, problem.aside_as(), now_ms));
    }
    let bak = backup_path(path);
    match read(&bak) {
        Ok(loaded) => Recovery::FromBackup { loaded, problem, set_aside: set_aside.pop() },
        Err(b) if b.is_missing() && problem.is_missing() => Recovery::NoSave,
        Err(backup_problem) => {
            if !backup_problem.is_missing() {
                set_aside.extend(move_aside(&bak, backup_problem.aside_as(), now_ms));
            }
            Recovery::Unrecoverable { problem, backup_problem, set_aside }
        }
    }
}

/// Renames a file that can't be used to a fresh `<name>.<why>-<now_ms>[-k]`; `None` if that
/// fails too.
pub fn move_aside(path: &Path, why: &str, now_ms: u64) -> Option<PathBuf> {
    (0..100u32)
        .map(|k| if k == 0 { sibling(path, &format!(".{why}-{now_ms}")) } else { sibling(path, &format!(".{why}-{now_ms}-{k}")) })
        .find(|p| fs::symlink_metadata(p).is_err())
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

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use crate::save::{save, to_bytes};
    use std::os::unix::fs::symlink;

    /// A file that is there but can't be read. Tests run as root, whom `chmod 000` does not
    /// stop; a link to itself fails every read (ELOOP) the way a locked file does, and a write
    /// that renames over it replaces it, as a write over an unreadable file would.
    pub(crate) fn unreadable(path: &Path) {
        symlink(path, path).unwrap();
    }

    pub(crate) fn is_there(path: &Path) -> bool {
        fs::symlink_metadata(path).is_ok()
    }

    #[test]
    fn an_unreadable_save_is_set_aside_and_its_backup_restored_or_both_kept() {
        let dir = std::env::temp_dir().join(format!("inkdoku-recover-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("autosave-sudoku.inkdoku");
        let game = crate::play::GameInPlay::Sudoku(crate::testkit::sample_session(crate::grid::Shape::S4, 0.5, &mut <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(3)));
        fs::write(backup_path(&path), to_bytes(&game, 1).unwrap()).unwrap();
        unreadable(&path);
        let rec = load_or_recover(&path, 7, Some(GameKind::Sudoku));
        let Recovery::FromBackup { problem: LoadError::Io { .. }, set_aside: Some(aside), .. } = &rec else { panic!("{rec:?}") };
        assert!(aside.ends_with("autosave-sudoku.inkdoku.unreadable-7") && is_there(aside));
        assert!(rec.message().unwrap().contains("could not be read"), "{:?}", rec.message());
        // Neither can be read: both are set aside, so the new game's autosave replaces nothing.
        fs::remove_file(backup_path(&path)).unwrap();
        unreadable(&path);
        unreadable(&backup_path(&path));
        let rec = load_or_recover(&path, 8, Some(GameKind::Sudoku));
        assert!(matches!(rec, Recovery::Unrecoverable { .. }), "{rec:?}");
        let kept = rec.set_aside().to_vec();
        assert_eq!(kept, vec![sibling(&path, ".unreadable-8"), sibling(&backup_path(&path), ".unreadable-8")]);
        save(&path, &game, 9).unwrap();
        save(&path, &game, 10).unwrap();
        // (Still the links they were: a link moved aside now points at the new save.)
        assert!(kept.iter().all(|k| fs::symlink_metadata(k).is_ok_and(|m| m.file_type().is_symlink())), "the unreadable files are still there, untouched");
        fs::remove_dir_all(&dir).unwrap();
    }
}
