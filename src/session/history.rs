//! The undo/redo chain shared by every game.

use serde::{Deserialize, Serialize};

/// Two stacks of edits. Unlimited: edits are diffs, so even thousands stay small.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(bound(serialize = "E: Serialize", deserialize = "E: Deserialize<'de>"))]
pub struct History<E> {
    /// Applied edits, oldest first: undo reverses the last one.
    pub(crate) done: Vec<E>,
    /// Undone edits, the next one to redo last.
    pub(crate) undone: Vec<E>,
}

impl<E> Default for History<E> {
    fn default() -> Self {
        History { done: Vec::new(), undone: Vec::new() }
    }
}

impl<E> History<E> {
    /// Applied edits, oldest first.
    pub fn done(&self) -> &[E] {
        &self.done
    }

    /// Undone edits, the next one to redo last.
    pub fn undone(&self) -> &[E] {
        &self.undone
    }

    /// Total number of recorded edits (applied and undone).
    pub fn len(&self) -> usize {
        self.done.len() + self.undone.len()
    }

    pub fn is_empty(&self) -> bool {
        self.done.is_empty() && self.undone.is_empty()
    }

    /// The same history with every edit converted (to its save record, say).
    pub fn map<R>(&self, mut f: impl FnMut(&E) -> R) -> History<R> {
        History { done: self.done.iter().map(&mut f).collect(), undone: self.undone.iter().map(&mut f).collect() }
    }

    /// [`History::map`] with a conversion that may fail (a save record read back). `f` also
    /// gets whether the edit is an undone one and its 1-based place in its list, for messages.
    pub fn try_map<R, X>(&self, mut f: impl FnMut(bool, usize, &E) -> Result<R, X>) -> Result<History<R>, X> {
        let done = self.done.iter().enumerate().map(|(k, e)| f(false, k + 1, e)).collect::<Result<_, _>>()?;
        let undone = self.undone.iter().enumerate().map(|(k, e)| f(true, k + 1, e)).collect::<Result<_, _>>()?;
        Ok(History { done, undone })
    }
}
