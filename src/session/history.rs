//! The undo/redo chain shared by every game, and the journal of how the player got there.

use serde::{Deserialize, Deserializer, Serialize};

use super::journal::Journal;

/// Two stacks of edits. Unlimited: edits are diffs, so even thousands stay small. With them, for
/// "Watch my solve", the edits a new move cut off the redo list and the [`Journal`] of every
/// move, undo and redo with its time (both left out of a save while empty; an older Inkdoku
/// ignores them).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(bound(serialize = "E: Serialize", deserialize = "E: Deserialize<'de>"))]
pub struct History<E> {
    /// Applied edits, oldest first: undo reverses the last one.
    pub(crate) done: Vec<E>,
    /// Undone edits, the next one to redo last.
    pub(crate) undone: Vec<E>,
    /// Undone edits a new move cut off, in the order they were cut (each cut: the redo list
    /// as it was, next redo last).
    #[serde(default, skip_serializing_if = "Vec::is_empty", deserialize_with = "lenient")]
    pub(crate) dropped: Vec<E>,
    #[serde(default, skip_serializing_if = "Journal::adds_nothing")]
    pub(crate) journal: Journal,
}

/// The cut-off edits are only for replays: ones that don't read are none (the journal then
/// doesn't fit and is made up again), never a damaged save.
fn lenient<'de, D: Deserializer<'de>, E: Deserialize<'de>>(de: D) -> Result<Vec<E>, D::Error> {
    Ok(or_none(de)?.unwrap_or_default())
}

/// `T` if the value reads as one, else `None`, never an error of the whole file: for what only
/// serves replays (the cut-off edits here, the journal's record in `journal.rs`).
pub(super) fn or_none<'de, D: Deserializer<'de>, T: Deserialize<'de>>(de: D) -> Result<Option<T>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged, bound(deserialize = "T: Deserialize<'de>"))]
    enum Maybe<T> {
        Good(T),
        Bad(serde::de::IgnoredAny),
    }
    Ok(match Maybe::<T>::deserialize(de)? {
        Maybe::Good(v) => Some(v),
        Maybe::Bad(_) => None,
    })
}

impl<E> Default for History<E> {
    fn default() -> Self {
        History { done: Vec::new(), undone: Vec::new(), dropped: Vec::new(), journal: Journal::default() }
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

    /// Edits a new move cut off the redo list (kept for replays).
    pub fn dropped(&self) -> &[E] {
        &self.dropped
    }

    /// Every move, undo and redo in order, with its play time.
    pub fn journal(&self) -> &Journal {
        &self.journal
    }

    /// The history with its journal and cut-off edits forgotten (compared where only the
    /// undo/redo lists matter).
    pub fn without_journal(&self) -> History<E>
    where
        E: Clone,
    {
        History { done: self.done.clone(), undone: self.undone.clone(), dropped: Vec::new(), journal: Journal::default() }
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
        History {
            done: self.done.iter().map(&mut f).collect(),
            undone: self.undone.iter().map(&mut f).collect(),
            dropped: self.dropped.iter().map(&mut f).collect(),
            journal: self.journal.clone(),
        }
    }

    /// [`History::map`] with a conversion that may fail (a save record read back). `f` also
    /// gets whether the edit is an undone one and its 1-based place in its list, for messages.
    /// A cut-off edit that fails drops them all and the journal (they only serve replays).
    pub fn try_map<R, X>(&self, mut f: impl FnMut(bool, usize, &E) -> Result<R, X>) -> Result<History<R>, X> {
        let done = self.done.iter().enumerate().map(|(k, e)| f(false, k + 1, e)).collect::<Result<_, _>>()?;
        let undone = self.undone.iter().enumerate().map(|(k, e)| f(true, k + 1, e)).collect::<Result<_, _>>()?;
        let (dropped, journal) = match self.dropped.iter().enumerate().map(|(k, e)| f(true, k + 1, e)).collect::<Result<_, _>>() {
            Ok(d) => (d, self.journal.clone()),
            Err(_) => (Vec::new(), Journal::default()),
        };
        Ok(History { done, undone, dropped, journal })
    }
}
