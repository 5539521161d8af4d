//! The player's statistics: one record per game begun, and what the statistics page shows per
//! game kind, size and difficulty (started, won, win rate, best and median time, hints, streaks,
//! the sliding puzzle's best moves, recent solve times).
//!
//! A game is known by its [`GameId`]: a fingerprint of the puzzle it began from (the same for
//! every save of it), plus its kind, size and difficulty. Recording is idempotent where a crash
//! could repeat it: a win of a game whose last record is already won counts nothing, so a
//! finished game is counted once even when the app died between saving the win and writing the
//! statistics (start-up then reports the saved win again, see the shell).
//!
//! The file (`stats.json` in the app's data folder) is versioned JSON written atomically with a
//! backup ([`crate::save::write_atomic`]); one that is damaged or can't be read is set aside,
//! never overwritten, and its backup restored ([`Stats::load_or_recover`]).

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::daily::Day;
use crate::play::{GameInPlay, GameKind};
use crate::save::{recover, Recovery, Unusable};

/// The file format's version; a newer one is set aside (never overwritten) and counting starts
/// afresh.
pub const VERSION: u32 = 1;
/// At most this many records are kept (the oldest go first); about 1 MB of JSON.
pub const MAX_RECORDS: usize = 10_000;
/// How many of the latest wins the "recent solve times" plot shows per group.
pub const RECENT: usize = 30;

/// The difficulty of the summary of daily puzzles.
pub const DAILY: &str = "daily";

/// Which game a record is about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameId {
    /// A fingerprint of the puzzle the game began from (16 hex digits).
    pub puzzle: String,
    pub kind: GameKind,
    /// `"9x9"`, `"3x4"`.
    pub size: String,
    /// `easy` … `expert`, or `custom` for a puzzle the player brought.
    pub difficulty: String,
    /// The date of a daily puzzle: its games are summed up apart, as `daily` (an older
    /// Inkdoku ignores the field and counts them with their level).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub daily: Option<crate::daily::Day>,
}

/// One game begun.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    #[serde(flatten)]
    pub id: GameId,
    pub started_ms: u64,
    pub won: bool,
    /// The solve time, once won.
    #[serde(default)]
    pub ms: u64,
    /// Hints asked for.
    #[serde(default)]
    pub hints: u32,
    /// The sliding puzzle's moves, once won.
    #[serde(default)]
    pub moves: Option<u64>,
    /// When it was won (unix ms): whether a daily puzzle was won on its own date.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub won_at_ms: Option<u64>,
}

/// Every record, oldest first.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Stats {
    pub version: u32,
    pub records: Vec<Record>,
}

/// What the statistics page shows for one kind, size and difficulty.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Summary {
    pub kind: GameKind,
    pub size: String,
    pub difficulty: String,
    pub started: usize,
    pub won: usize,
    /// `won / started`, 0..=1.
    pub win_rate: f64,
    pub best_ms: Option<u64>,
    pub median_ms: Option<u64>,
    pub hints: u64,
    /// Wins in a row up to now (a game still in play breaks nothing yet).
    pub streak: usize,
    pub best_streak: usize,
    /// The sliding puzzle's fewest moves of any win.
    pub best_moves: Option<u64>,
    /// The latest [`RECENT`] solve times, oldest first.
    pub recent_ms: Vec<u64>,
    /// Every solve time, for the distribution.
    pub times_ms: Vec<u64>,
}

/// One day whose daily puzzle was won.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DailyDone {
    pub date: Day,
    /// Won on its own date (in the player's time zone).
    pub on_time: bool,
}

/// A kind's daily puzzles: the days done and the streak.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DailyCalendar {
    pub kind: GameKind,
    /// Every game with a daily puzzle, in the list's order (the calendar's tabs).
    pub kinds: Vec<GameKind>,
    pub today: Day,
    /// Today's level.
    pub level: crate::daily::Level,
    /// The level of each weekday, Monday first.
    pub week: [crate::daily::Level; 7],
    /// Every day whose puzzle was won, oldest first.
    pub days: Vec<DailyDone>,
    /// Days in a row won on time, up to today (or yesterday, while today's is not won yet).
    pub streak: usize,
    pub best_streak: usize,
}

/// Why a statistics file could not be used.
#[derive(Debug, thiserror::Error)]
pub enum StatsError {
    #[error("the statistics file is damaged: {0}")]
    Damaged(String),
    #[error("the statistics file was written by a newer Inkdoku (version {0})")]
    Newer(u32),
    #[error("the statistics file could not be read or written: {0}")]
    Io(#[from] std::io::Error),
}

/// 64-bit FNV-1a: a stable fingerprint (std's hasher may change between Rust releases).
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3))
}

impl GameId {
    /// The id of a game in play, from the puzzle it began with (not the moves since).
    pub fn of(game: &GameInPlay) -> GameId {
        let key = game.stats_key();
        let kind = game.kind();
        let difficulty = key.difficulty.filter(|d| !d.is_empty()).unwrap_or_else(|| "custom".to_string());
        let puzzle = format!("{:016x}", fnv1a(format!("{}:{}", kind.as_str(), key.puzzle).as_bytes()));
        GameId { puzzle, kind, size: format!("{}x{}", key.rows, key.cols), difficulty, daily: game.daily() }
    }

    /// Daily puzzles are one group per kind and size, whatever the day's level.
    fn group(&self) -> (GameKind, &str, &str) {
        let difficulty = if self.daily.is_some() { DAILY } else { self.difficulty.as_str() };
        (self.kind, self.size.as_str(), difficulty)
    }
}

impl Stats {
    pub fn new() -> Stats {
        Stats { version: VERSION, records: Vec::new() }
    }

    fn last_of(&mut self, id: &GameId) -> Option<&mut Record> {
        self.records.iter_mut().rev().find(|r| r.id.puzzle == id.puzzle && r.id.kind == id.kind)
    }

    fn push(&mut self, record: Record) {
        self.records.push(record);
        if self.records.len() > MAX_RECORDS {
            let extra = self.records.len() - MAX_RECORDS;
            self.records.drain(..extra);
        }
    }

    /// A game begins. The same game again while its last record is open (opened again, or
    /// continued from a file) is not a new game. Returns whether a record was added.
    pub fn start(&mut self, id: &GameId, now_ms: u64) -> bool {
        if self.last_of(id).is_some_and(|r| !r.won) {
            return false;
        }
        self.push(Record { id: id.clone(), started_ms: now_ms, won: false, ms: 0, hints: 0, moves: None, won_at_ms: None });
        true
    }

    /// A hint was asked for in this game (its last record: a won game taken back by undo is
    /// still that game).
    pub fn hint(&mut self, id: &GameId, now_ms: u64) {
        if self.last_of(id).is_none() {
            self.start(id, now_ms);
        }
        if let Some(r) = self.last_of(id) {
            r.hints = r.hints.saturating_add(1);
        }
    }

    /// The game was won in `ms` (and `moves`, for the sliding puzzle). Counted once: a game
    /// whose last record is already won changes nothing. Returns whether it counted.
    pub fn win(&mut self, id: &GameId, ms: u64, moves: Option<u64>, now_ms: u64) -> bool {
        match self.last_of(id) {
            Some(r) if r.won => false,
            Some(r) => {
                r.won = true;
                r.ms = ms;
                r.moves = moves;
                r.won_at_ms = Some(now_ms);
                true
            }
            // Begun before statistics were kept (or the record was reset meanwhile).
            None => {
                self.push(Record { id: id.clone(), started_ms: now_ms, won: true, ms, hints: 0, moves, won_at_ms: Some(now_ms) });
                true
            }
        }
    }

    /// The statistics page: one summary per kind, size and difficulty, in kind order, then by
    /// size and difficulty.
    pub fn summaries(&self) -> Vec<Summary> {
        let mut groups: BTreeMap<(GameKind, &str, &str), Vec<&Record>> = BTreeMap::new();
        for r in &self.records {
            groups.entry(r.id.group()).or_default().push(r);
        }
        groups.into_iter().map(|((kind, size, difficulty), rs)| summarise(kind, size, difficulty, &rs)).collect()
    }

    /// The daily puzzles of `kind` as its calendar shows them, for a player whose date is
    /// `today` and whose clock is `offset_min` minutes east of UTC (which judges whether a win
    /// was on the puzzle's own date).
    pub fn daily_calendar(&self, kind: GameKind, today: Day, offset_min: i32) -> DailyCalendar {
        let mut days: BTreeMap<Day, bool> = BTreeMap::new();
        for r in self.records.iter().filter(|r| r.won && r.id.kind == kind) {
            let Some(day) = r.id.daily else { continue };
            let on_time = r.won_at_ms.and_then(|ms| Day::at(ms, offset_min)) == Some(day);
            *days.entry(day).or_default() |= on_time;
        }
        let on_time = |d: Day| days.get(&d).copied().unwrap_or(false);
        // Today not yet won breaks nothing yet: the streak then counts up to yesterday.
        let mut from = if on_time(today) { Some(today) } else { today.previous() };
        let mut streak = 0;
        while let Some(d) = from.filter(|&d| on_time(d)) {
            streak += 1;
            from = d.previous();
        }
        let (mut run, mut best_streak, mut last) = (0usize, 0usize, None::<Day>);
        for (&d, _) in days.iter().filter(|(_, &t)| t) {
            run = if last.and_then(Day::next) == Some(d) { run + 1 } else { 1 };
            best_streak = best_streak.max(run);
            last = Some(d);
        }
        DailyCalendar {
            kind,
            kinds: crate::daily::kinds(),
            today,
            level: today.level(),
            week: crate::daily::WEEK,
            days: days.into_iter().map(|(date, on_time)| DailyDone { date, on_time }).collect(),
            streak,
            best_streak,
        }
    }

    /// Reads the file; a missing file is empty statistics.
    pub fn load(path: &Path) -> Result<Stats, StatsError> {
        match Stats::read(path) {
            Err(e) if e.is_missing() => Ok(Stats::new()),
            other => other,
        }
    }

    fn read(path: &Path) -> Result<Stats, StatsError> {
        Stats::from_bytes(&std::fs::read(path)?)
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Stats, StatsError> {
        #[derive(Deserialize)]
        struct Version {
            version: u32,
        }
        let v: Version = serde_json::from_slice(bytes).map_err(|e| StatsError::Damaged(e.to_string()))?;
        if v.version > VERSION {
            return Err(StatsError::Newer(v.version));
        }
        let s: Stats = serde_json::from_slice(bytes).map_err(|e| StatsError::Damaged(e.to_string()))?;
        Ok(Stats { version: VERSION, ..s })
    }

    /// Writes the file atomically, keeping the previous one as `<name>.bak`.
    pub fn save(&self, path: &Path) -> Result<(), StatsError> {
        let bytes = serde_json::to_vec(self).map_err(|e| StatsError::Damaged(e.to_string()))?;
        crate::save::write_atomic(path, &bytes)?;
        Ok(())
    }

    /// Loads the file at start: a missing one is empty statistics; one that is damaged, from a
    /// newer version or unreadable is moved aside (`<name>.corrupt-<now_ms>`, `.newer-`,
    /// `.unreadable-`) and its backup restored, or (it can't be used either, and is set aside
    /// too) counting starts afresh. Nothing that was there is overwritten.
    pub fn load_or_recover(path: &Path, now_ms: u64) -> Recovery<Stats, StatsError> {
        recover(path, now_ms, false, Stats::read)
    }
}

impl Unusable for StatsError {
    fn is_missing(&self) -> bool {
        matches!(self, StatsError::Io(e) if e.kind() == std::io::ErrorKind::NotFound)
    }
    fn aside_as(&self) -> &'static str {
        match self {
            StatsError::Damaged(_) => "corrupt",
            StatsError::Newer(_) => "newer",
            StatsError::Io(_) => "unreadable",
        }
    }
}

fn median(sorted: &[u64]) -> Option<u64> {
    let n = sorted.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(sorted[n / 2]),
        _ => Some((sorted[n / 2 - 1] + sorted[n / 2]) / 2),
    }
}

fn summarise(kind: GameKind, size: &str, difficulty: &str, rs: &[&Record]) -> Summary {
    let wins: Vec<&Record> = rs.iter().copied().filter(|r| r.won).collect();
    let times_ms: Vec<u64> = wins.iter().map(|r| r.ms).collect();
    let mut sorted = times_ms.clone();
    sorted.sort_unstable();
    // A game left unfinished breaks the streak once another game follows it; the latest one,
    // still in play, breaks nothing yet.
    let (mut run, mut best_streak) = (0usize, 0usize);
    for (i, r) in rs.iter().enumerate() {
        if r.won {
            run += 1;
            best_streak = best_streak.max(run);
        } else if i + 1 < rs.len() {
            run = 0;
        }
    }
    Summary {
        kind,
        size: size.to_string(),
        difficulty: difficulty.to_string(),
        started: rs.len(),
        won: wins.len(),
        win_rate: if rs.is_empty() { 0.0 } else { wins.len() as f64 / rs.len() as f64 },
        best_ms: sorted.first().copied(),
        median_ms: median(&sorted),
        hints: rs.iter().map(|r| r.hints as u64).sum(),
        streak: run,
        best_streak,
        best_moves: wins.iter().filter_map(|r| r.moves).min(),
        recent_ms: times_ms[times_ms.len().saturating_sub(RECENT)..].to_vec(),
        times_ms,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn id(p: &str, difficulty: &str) -> GameId {
        GameId { puzzle: p.into(), kind: GameKind::Sudoku, size: "9x9".into(), difficulty: difficulty.into(), daily: None }
    }

    #[test]
    fn a_win_counts_once_even_when_reported_again() {
        let mut s = Stats::new();
        let a = id("a", "easy");
        assert!(s.start(&a, 1));
        assert!(!s.start(&a, 2), "the same open game again is not a new one");
        s.hint(&a, 3);
        assert!(s.win(&a, 60_000, None, 4));
        // A crash between the save and the statistics: the win is reported again at start-up.
        assert!(!s.win(&a, 60_000, None, 5));
        let sum = &s.summaries()[0];
        assert_eq!((sum.started, sum.won, sum.hints, sum.best_ms, sum.streak), (1, 1, 1, Some(60_000), 1));
        // The same puzzle begun again (imported once more) is a new game.
        assert!(s.start(&a, 6));
        assert_eq!(s.summaries()[0].started, 2);
    }

    #[test]
    fn a_win_without_a_start_is_counted_as_both() {
        let mut s = Stats::new();
        assert!(s.win(&id("b", "hard"), 5_000, None, 1));
        let sum = &s.summaries()[0];
        assert_eq!((sum.started, sum.won, sum.win_rate), (1, 1, 1.0));
    }

    #[test]
    fn summaries_group_and_compute_times_streaks_and_moves() {
        let mut s = Stats::new();
        let times = [30_000, 10_000, 20_000, 40_000];
        for (i, ms) in times.iter().enumerate() {
            let g = id(&format!("w{i}"), "easy");
            s.win(&g, *ms, None, i as u64);
        }
        s.start(&id("lost", "easy"), 10); // abandoned: breaks the streak once a game follows
        s.win(&id("w5", "easy"), 50_000, None, 11);
        s.start(&id("open", "easy"), 12); // still in play: breaks nothing yet
        let slide = GameId { puzzle: "s".into(), kind: GameKind::Slide, size: "3x3".into(), difficulty: "easy".into(), daily: None };
        s.win(&slide, 9_000, Some(31), 13);
        let slide2 = GameId { puzzle: "t".into(), ..slide.clone() };
        s.win(&slide2, 8_000, Some(25), 14);
        let sums = s.summaries();
        assert_eq!(sums.len(), 2);
        let e = &sums[0];
        assert_eq!((e.kind, e.difficulty.as_str()), (GameKind::Sudoku, "easy"));
        assert_eq!((e.started, e.won), (7, 5));
        assert_eq!((e.best_ms, e.median_ms), (Some(10_000), Some(30_000)));
        assert_eq!((e.streak, e.best_streak), (1, 4));
        assert_eq!(e.recent_ms, vec![30_000, 10_000, 20_000, 40_000, 50_000]);
        let sl = &sums[1];
        assert_eq!((sl.best_moves, sl.best_ms, sl.median_ms), (Some(25), Some(8_000), Some(8_500)));
    }

    #[test]
    fn the_file_round_trips_and_a_damaged_or_newer_one_is_set_aside() {
        let dir = std::env::temp_dir().join(format!("inkdoku-stats-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("stats.json");
        assert_eq!(Stats::load(&path).unwrap(), Stats::new());
        let mut s = Stats::new();
        s.win(&id("a", "easy"), 1_000, None, 1);
        s.save(&path).unwrap();
        assert_eq!(Stats::load(&path).unwrap(), s);
        std::fs::write(&path, b"{\"version\": 1, \"records\": [{\"puz").unwrap();
        let rec = Stats::load_or_recover(&path, 77);
        assert!(matches!(rec, Recovery::Unrecoverable { .. }), "{rec:?}");
        let aside = &rec.set_aside()[0];
        assert!(aside.ends_with("stats.json.corrupt-77") && aside.exists() && !path.exists());
        std::fs::write(&path, b"{\"version\": 99, \"records\": []}").unwrap();
        let rec = Stats::load_or_recover(&path, 78);
        assert!(rec.set_aside()[0].ends_with("stats.json.newer-78"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A file that is there but can't be read (a link to itself: root reads a chmod 000 file)
    /// is never taken as empty and overwritten: it is set aside and the backup restored.
    #[cfg(unix)]
    #[test]
    fn an_unreadable_file_is_set_aside_and_its_backup_restored() {
        let dir = std::env::temp_dir().join(format!("inkdoku-stats-unreadable-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("stats.json");
        let mut s = Stats::new();
        s.win(&id("a", "easy"), 1_000, None, 1);
        s.save(&path).unwrap();
        s.save(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        std::os::unix::fs::symlink(&path, &path).unwrap();
        let rec = Stats::load_or_recover(&path, 5);
        let Recovery::FromBackup { loaded, problem: StatsError::Io(_), set_aside: Some(aside) } = &rec else { panic!("{rec:?}") };
        assert_eq!(loaded, &s);
        assert!(aside.ends_with("stats.json.unreadable-5") && std::fs::symlink_metadata(aside).is_ok());
        // The next game writes the restored record; the unreadable file stays where it was put.
        loaded.save(&path).unwrap();
        assert!(std::fs::symlink_metadata(aside).unwrap().file_type().is_symlink());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_same_puzzle_has_the_same_id_after_moves() {
        let g = crate::kenken::generator::generate(4, crate::kenken::rate::Difficulty::Easy, 3).unwrap();
        let session = crate::kenken::play::KenkenSession::from_game(crate::kenken::play::KenkenGame::new(g.puzzle.clone()));
        let info = crate::kenken::play::KenkenInfo { difficulty: Some("easy".into()), ..Default::default() };
        let mut game = GameInPlay::Kenken(session, info);
        let before = GameId::of(&game);
        game.act(serde_json::json!({"type": "set_value", "row": 0, "col": 0, "value": g.solution[0]}), 0).unwrap();
        assert_eq!(GameId::of(&game), before);
        assert_eq!((before.size.as_str(), before.difficulty.as_str(), before.puzzle.len()), ("4x4", "easy", 16));
    }

    proptest! {
        /// Whatever happens in whatever order, the counts hold together: won <= started, the
        /// rate is their ratio, streaks never exceed wins, and a win reported twice (the
        /// crash case: once by the move, once at the next start-up) counts once.
        #[test]
        fn counts_stay_consistent(events in proptest::collection::vec((0u8..3, 0u8..5, 1u64..1_000_000), 0..60)) {
            let mut s = Stats::new();
            let mut twice = Stats::new();
            for (i, &(what, game, ms)) in events.iter().enumerate() {
                let g = id(&format!("p{game}"), if game % 2 == 0 { "easy" } else { "hard" });
                let now = i as u64;
                match what {
                    0 => { s.start(&g, now); twice.start(&g, now); }
                    1 => { s.hint(&g, now); twice.hint(&g, now); }
                    _ => {
                        s.win(&g, ms, None, now);
                        twice.win(&g, ms, None, now);
                        prop_assert!(!twice.win(&g, ms, None, now + 1), "a second report never counts");
                    }
                }
            }
            let before = s.summaries();
            prop_assert_eq!(&twice.summaries(), &before);
            for sum in &before {
                prop_assert!(sum.won <= sum.started);
                prop_assert!((sum.win_rate - sum.won as f64 / sum.started as f64).abs() < 1e-9);
                prop_assert!(sum.streak <= sum.best_streak && sum.best_streak <= sum.won);
                prop_assert_eq!(sum.times_ms.len(), sum.won);
                prop_assert!(sum.best_ms <= sum.median_ms);
            }
            let bytes = serde_json::to_vec(&s).unwrap();
            prop_assert_eq!(Stats::from_bytes(&bytes).unwrap(), s);
        }
    }
}
