//! The journal: every move, undo and redo in the order the player made them, with the play time
//! of each ("Watch my solve", #44). The undo history alone can't say this: undone moves that a
//! new move cut off are gone from it, and it keeps no times.
//!
//! The journal holds no edits of its own. A move (`Do`) is the next edit the player made; which
//! one follows from replaying the ops on stacks of numbers ([`Journal::order`]): at the end each
//! edit is in the history's `done` list, its `undone` list, or the `dropped` list that keeps the
//! edits a new move cut off (in the order they were cut). So a journal costs one letter and one
//! number an op, and a history saved without one (a file from before it) still loads: its
//! journal is made up from the history ([`Journal::made_up`]), every move at one time.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// What the player did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Op {
    /// A move (a value, a note, an erase, a hint's step, a jump back to a mark...).
    Do,
    Undo,
    Redo,
}

impl Op {
    fn letter(self) -> char {
        match self {
            Op::Do => 'd',
            Op::Undo => 'u',
            Op::Redo => 'r',
        }
    }

    fn of(letter: char) -> Option<Op> {
        match letter {
            'd' => Some(Op::Do),
            'u' => Some(Op::Undo),
            'r' => Some(Op::Redo),
            _ => None,
        }
    }
}

/// Where the edit of one `Do` is kept now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kept {
    Done(usize),
    Undone(usize),
    Dropped(usize),
}

/// The ops in order and the play time (ms) of each. An op takes the time of the one before it
/// until the session stamps it ([`Journal::stamp`], after every change).
#[derive(Debug, Clone, Default)]
pub struct Journal {
    ops: Vec<Op>,
    times: Vec<u64>,
    /// How many ops have their own time (the rest wait for [`Journal::stamp`]).
    stamped: usize,
    /// How many ops at the start were made up ([`Journal::made_up`]): a journal of only those
    /// is not written (it is made up again on loading), so an older file is written back as it was.
    made_up: usize,
}

/// Two journals are the same record: the ops and their times (not what is still to stamp).
impl PartialEq for Journal {
    fn eq(&self, other: &Self) -> bool {
        self.ops == other.ops && self.times == other.times
    }
}

impl Eq for Journal {}

/// Its form in a save: `{"ops": "ddudr", "t": [1200, 2200, 0, ...]}`, each time the
/// milliseconds since the op before (a few digits where play times would take seven).
#[derive(Serialize, Deserialize)]
struct JournalRecord {
    ops: String,
    t: Vec<u64>,
}

impl Journal {
    pub fn ops(&self) -> &[Op] {
        &self.ops
    }

    pub fn len(&self) -> usize {
        self.ops.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ops.is_empty()
    }

    /// Whether it holds nothing a history doesn't say (empty, or only made up): not saved.
    pub fn adds_nothing(&self) -> bool {
        self.ops.len() == self.made_up
    }

    /// The play time of op `k` (0-based; past the end, the last one's; none, 0).
    pub fn time(&self, k: usize) -> u64 {
        self.times.get(k).or(self.times.last()).copied().unwrap_or(0)
    }

    pub(crate) fn push(&mut self, op: Op) {
        let last = self.times.last().copied().unwrap_or(0);
        self.ops.push(op);
        self.times.push(last);
    }

    /// Gives every op not yet stamped the play time `elapsed_ms` (never earlier than the op
    /// before it: times only go forward).
    pub(crate) fn stamp(&mut self, elapsed_ms: u64) {
        let floor = self.stamped.checked_sub(1).map_or(0, |k| self.times[k]);
        for t in &mut self.times[self.stamped..] {
            *t = elapsed_ms.max(floor);
        }
        self.stamped = self.ops.len();
    }

    /// The first `k` ops (a replay's frame).
    pub(crate) fn prefix(&self, k: usize) -> Journal {
        let k = k.min(self.ops.len());
        Journal { ops: self.ops[..k].to_vec(), times: self.times[..k].to_vec(), stamped: k.min(self.stamped), made_up: k.min(self.made_up) }
    }

    /// A journal for a history recorded without one: every applied move, then every undone one
    /// (in redo order) undone again, all at play time `at_ms`. It replays to the same history.
    pub(crate) fn made_up(done: usize, undone: usize, at_ms: u64) -> Journal {
        let ops: Vec<Op> = std::iter::repeat_n(Op::Do, done + undone).chain(std::iter::repeat_n(Op::Undo, undone)).collect();
        let times = vec![at_ms; ops.len()];
        let stamped = ops.len();
        Journal { ops, times, stamped, made_up: stamped }
    }

    /// Where each `Do`'s edit is kept, in the order of the `Do`s, for a history of `done`,
    /// `undone` and `dropped` edits; `None` if the ops don't lead to exactly those (an undo
    /// with nothing to undo, counts that differ).
    pub fn order(&self, done: usize, undone: usize, dropped: usize) -> Option<Vec<Kept>> {
        // Replays the ops on numbers: edit `n` is the `n`-th `Do`.
        let (mut d, mut u, mut cut) = (Vec::new(), Vec::new(), Vec::new());
        let mut made = 0;
        for op in &self.ops {
            match op {
                Op::Do => {
                    cut.append(&mut u);
                    d.push(made);
                    made += 1;
                }
                Op::Undo => u.push(d.pop()?),
                Op::Redo => d.push(u.pop()?),
            }
        }
        if (d.len(), u.len(), cut.len()) != (done, undone, dropped) {
            return None;
        }
        let mut at = vec![Kept::Done(0); made];
        for (i, n) in d.into_iter().enumerate() {
            at[n] = Kept::Done(i);
        }
        for (i, n) in u.into_iter().enumerate() {
            at[n] = Kept::Undone(i);
        }
        for (i, n) in cut.into_iter().enumerate() {
            at[n] = Kept::Dropped(i);
        }
        Some(at)
    }
}

impl Serialize for Journal {
    fn serialize<S: Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        let t = self.times.iter().scan(0, |last, &t| Some(t - std::mem::replace(last, t))).collect();
        JournalRecord { ops: self.ops.iter().map(|o| o.letter()).collect(), t }.serialize(ser)
    }
}

impl<'de> Deserialize<'de> for Journal {
    /// Lenient: a journal that isn't one reads as none (the game loads; its replay is made up
    /// from the history), never as a damaged save.
    fn deserialize<D: Deserializer<'de>>(de: D) -> Result<Self, D::Error> {
        let Some(r) = super::history::or_none::<D, JournalRecord>(de)? else { return Ok(Journal::default()) };
        let ops = r.ops.chars().map(Op::of).collect::<Option<Vec<_>>>();
        let times = r.t.iter().try_fold(Vec::new(), |mut v, &d| {
            v.push(v.last().copied().unwrap_or(0u64).checked_add(d)?);
            Some(v)
        });
        Ok(match (ops, times) {
            (Some(ops), Some(times)) if ops.len() == times.len() => Journal { stamped: ops.len(), made_up: 0, ops, times },
            _ => Journal::default(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn j(ops: &str) -> Journal {
        let ops: Vec<Op> = ops.chars().filter_map(Op::of).collect();
        Journal { times: vec![0; ops.len()], stamped: ops.len(), made_up: 0, ops }
    }

    #[test]
    fn order_follows_the_stacks() {
        // d0 d1 u(1) d2 (cuts 1) r? nothing to redo.
        assert_eq!(j("ddud").order(2, 0, 1), Some(vec![Kept::Done(0), Kept::Dropped(0), Kept::Done(1)]));
        assert_eq!(j("ddudr").order(2, 0, 1), None, "a redo with nothing undone");
        assert_eq!(j("dduu").order(0, 2, 0), Some(vec![Kept::Undone(1), Kept::Undone(0)]));
        assert_eq!(j("dduur").order(1, 1, 0), Some(vec![Kept::Done(0), Kept::Undone(0)]));
        assert_eq!(j("ddud").order(3, 0, 0), None, "counts that differ");
        assert_eq!(j("u").order(0, 0, 0), None);
        assert_eq!(j("").order(0, 0, 0), Some(vec![]));
    }

    #[test]
    fn a_made_up_journal_replays_to_the_history() {
        let m = Journal::made_up(3, 2, 500);
        assert_eq!(m.order(3, 2, 0).map(|o| o.len()), Some(5));
        assert_eq!(m.time(4), 500);
        assert!(m.adds_nothing(), "not written: it is made up again");
    }

    #[test]
    fn it_reads_back_and_anything_else_reads_as_none() {
        let mut a = Journal::default();
        for op in [Op::Do, Op::Undo, Op::Redo] {
            a.push(op);
        }
        a.stamp(10);
        a.push(Op::Do);
        a.stamp(25);
        a.push(Op::Do);
        a.stamp(20);
        let text = serde_json::to_string(&a).unwrap();
        assert_eq!(text, r#"{"ops":"durdd","t":[10,0,0,15,0]}"#, "times never go back");
        let back: Journal = serde_json::from_str(&text).unwrap();
        assert_eq!(back.ops(), a.ops());
        assert_eq!(back, a);
        let huge = format!(r#"{{"ops":"dd","t":[{},{}]}}"#, u64::MAX, 1);
        for bad in [r#"{"ops":"dx","t":[1,2]}"#, r#"{"ops":"dd","t":[1]}"#, r#"{"ops":"dd","t":[5,-1]}"#, &huge, "7", r#""dd""#, "null"] {
            assert_eq!(serde_json::from_str::<Journal>(bad).unwrap(), Journal::default(), "{bad}");
        }
    }
}
