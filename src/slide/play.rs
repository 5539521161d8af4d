//! The sliding puzzle in play through the shared [`Session`]: taps slide a tile or a whole
//! segment; undo, redo and the timer are the session's. Saving: see docs/slide.md.

use serde::{Deserialize, Serialize};

use crate::session::{EditMismatch, Game, Session};

use super::{Board, Dir, SlideError};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlideGame {
    board: Board,
}

/// A move. JSON: `{"type": "tap", "row": 1, "col": 2}`, `{"type": "step", "dir": "up"}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Tap a tile in the gap's row or column: the segment up to it slides.
    Tap { row: usize, col: usize },
    /// Move the gap one step (keyboard / swipe).
    Step { dir: Dir },
}

/// The gap's position before, and the single gap steps made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    pub gap_before: usize,
    pub steps: Vec<Dir>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    #[error(transparent)]
    Board(#[from] SlideError),
    #[error("the gap cannot move {0:?} from the edge")]
    Edge(Dir),
    #[error("damaged history: {0}")]
    Damaged(String),
}

/// A refused move, as every game's refusal reaches the app.
impl From<ActionError> for crate::play::PlayError {
    fn from(e: ActionError) -> Self {
        crate::play::PlayError::refused(e.kind(), e)
    }
}

impl ActionError {
    /// A stable machine-readable code for IPC (`{kind, message}`).
    pub fn kind(&self) -> &'static str {
        match self {
            ActionError::Board(_) => "illegal_slide",
            ActionError::Edge(_) => "edge",
            ActionError::Damaged(_) => "damaged_history",
        }
    }
}

impl From<EditMismatch> for ActionError {
    fn from(e: EditMismatch) -> Self {
        ActionError::Damaged(e.0)
    }
}

pub type SlideSession = Session<SlideGame>;

/// What a sliding-puzzle game keeps beside the board.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SlideInfo {
    /// A label such as `medium` (free text to the loader).
    pub difficulty: Option<String>,
    /// The shuffle seed, if the board was shuffled.
    pub seed: Option<u64>,
    /// The picture: a built-in one other than the default (`builtin:<id>`, see
    /// [`BUILTIN_PICTURES`]) or the player's own, a file name in the app's picture folder (see
    /// [`is_picture_name`]); `None` is the default built-in picture.
    pub picture: Option<String>,
}

/// The built-in pictures, the default first (the one shown before there were several). One is
/// named `builtin:<id>` in settings, saves and `new_game`; the default is kept as no name at all
/// (see [`picture_as_kept`]), so settings and saves with the default are what they were. The view
/// draws `builtin:<id>` from `ui/img/slide-<id>.svg`.
pub const BUILTIN_PICTURES: [&str; 4] = ["lake", "balloons", "reef", "town"];
const BUILTIN_PREFIX: &str = "builtin:";

/// Whether `name` is one of the [`BUILTIN_PICTURES`] (`builtin:<id>`).
pub fn is_builtin_picture(name: &str) -> bool {
    name.strip_prefix(BUILTIN_PREFIX).is_some_and(|id| BUILTIN_PICTURES.contains(&id))
}

/// Whether `name` names a picture a game may show: a built-in one or a stored own picture's.
pub fn is_known_picture(name: &str) -> bool {
    is_builtin_picture(name) || is_picture_name(name)
}

/// A picture's name as settings and saves keep it: the default built-in picture is `None`.
pub fn picture_as_kept(name: Option<String>) -> Option<String> {
    name.filter(|n| n.strip_prefix(BUILTIN_PREFIX) != Some(BUILTIN_PICTURES[0]))
}

/// Whether `name` can name a stored picture: a content hash of 16 to 64 lowercase hex digits and
/// `.png` or `.jpg`. Nothing else (no separators, no `..`) can reach the file system from a save.
pub fn is_picture_name(name: &str) -> bool {
    let Some((hash, ext)) = name.rsplit_once('.') else { return false };
    (16..=64).contains(&hash.len()) && hash.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)) && (ext == "png" || ext == "jpg")
}

impl SlideGame {
    pub fn new(board: Board) -> SlideGame {
        SlideGame { board }
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Applies `steps` to a copy and keeps it only if all are legal and start at `gap`.
    fn run(&mut self, gap: usize, steps: impl Iterator<Item = Dir>) -> Result<(), EditMismatch> {
        if self.board.gap() != gap {
            return Err(EditMismatch(format!("gap is at {}, the edit expects {gap}", self.board.gap())));
        }
        let mut b = self.board.clone();
        for d in steps {
            if !b.step(d) {
                return Err(EditMismatch(format!("step {d:?} leaves the board")));
            }
        }
        self.board = b;
        Ok(())
    }
}

/// Moves made in a session (a segment slide counts each tile), as shown to the player.
pub fn move_count(s: &SlideSession) -> usize {
    s.history().done().iter().map(|e| e.steps.len()).sum()
}

impl Game for SlideGame {
    type Action = Action;
    type Edit = Edit;
    type Error = ActionError;

    fn plan(&self, a: &Action) -> Result<Option<Edit>, ActionError> {
        let steps = match *a {
            Action::Tap { row, col } => self.board.steps_to(row, col)?,
            Action::Step { dir: d } => {
                if self.board.neighbour(d).is_none() {
                    return Err(ActionError::Edge(d));
                }
                vec![d]
            }
        };
        Ok((!steps.is_empty()).then(|| Edit { gap_before: self.board.gap(), steps }))
    }

    fn forward(&mut self, e: &Edit) -> Result<(), EditMismatch> {
        self.run(e.gap_before, e.steps.iter().copied())
    }

    fn backward(&mut self, e: &Edit) -> Result<(), EditMismatch> {
        // The gap's position after the edit, found by replaying it on a copy.
        let mut probe = self.board.clone();
        let mut g = e.gap_before;
        for &d in &e.steps {
            probe = Board { gap: g, ..probe };
            g = probe.neighbour(d).ok_or_else(|| EditMismatch(format!("step {d:?} leaves the board")))?;
        }
        self.run(g, e.steps.iter().rev().map(|d| d.inverse()))?;
        Ok(())
    }

    fn is_solved(&self) -> bool {
        self.board.is_solved()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picture_names_are_content_hashes_only() {
        assert!(is_picture_name("0123456789abcdef.png"));
        assert!(is_picture_name(&format!("{}.jpg", "a".repeat(64))));
        for bad in ["", ".png", "0123456789abcdef", "0123456789abcde.png", "0123456789ABCDEF.png", "../../etc/passwd.png", "0123456789abcdef.gif", "0123456789abcdef.png/x", &format!("{}.png", "a".repeat(65))] {
            assert!(!is_picture_name(bad), "{bad}");
        }
    }

    #[test]
    fn built_in_pictures_are_named_and_the_default_is_kept_as_none() {
        for id in BUILTIN_PICTURES {
            let name = format!("builtin:{id}");
            assert!(is_builtin_picture(&name) && is_known_picture(&name) && !is_picture_name(&name), "{name}");
            // Each has its picture in the view.
            let svg = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("ui/img/slide-{id}.svg"));
            assert!(svg.is_file(), "{}", svg.display());
        }
        for bad in ["builtin:", "builtin:castle", "Builtin:reef", "builtin:reef ", "builtin:../reef", "reef", "builtin:0123456789abcdef.png"] {
            assert!(!is_known_picture(bad), "{bad}");
        }
        assert!(is_known_picture("0123456789abcdef.png"));
        assert_eq!(picture_as_kept(Some("builtin:lake".into())), None);
        assert_eq!(picture_as_kept(Some("builtin:reef".into())).as_deref(), Some("builtin:reef"));
        assert_eq!(picture_as_kept(Some("0123456789abcdef.jpg".into())).as_deref(), Some("0123456789abcdef.jpg"));
        assert_eq!(picture_as_kept(None), None);
    }

    #[test]
    fn taps_undo_redo() {
        let start = crate::slide::shuffle(3, 3, 10, 2).unwrap();
        let mut s = SlideSession::from_game(SlideGame::new(start.clone()));
        let gap = start.gap();
        let (r, c) = (gap / 3, gap % 3);
        // Tap the far end of the gap's row (or column if the gap is in the middle column).
        let target = if c != 0 { (r, 0) } else { (r, 2) };
        assert_eq!(s.apply(Action::Tap { row: target.0, col: target.1 }), Ok(true));
        assert_eq!(s.apply(Action::Tap { row: target.0, col: target.1 }), Ok(false));
        assert_eq!(move_count(&s), c.abs_diff(target.1));
        assert_eq!(s.undo(), Ok(()));
        assert_eq!(s.game().board(), &start);
        assert_eq!(s.redo(), Ok(()));
        assert_eq!(s.undo(), Ok(()));
        // Solving by the optimal solution's steps wins.
        for d in crate::slide::solver::optimal(&start, u64::MAX).unwrap().steps {
            s.apply(Action::Step { dir: d }).unwrap();
        }
        assert!(s.is_solved());
        assert_eq!(move_count(&s), 10);
    }
}
