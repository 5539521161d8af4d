//! The daily puzzle (#44): one puzzle a day for each game that has one, the same on every
//! machine for the same date with no network. It is made from the date alone: the game's
//! daily params for the day's level ([`crate::games::GameDef::daily`]), a seed that is a
//! fingerprint of the kind and the date, and the seeded generator (`Source::Fresh`).
//!
//! The level rises through the week ([`WEEK`]: easy on Monday to expert on Sunday). A day's
//! puzzle can be played any day after; it is "on time" when it is won on its own date (which
//! the statistics judge, see [`crate::stats::Stats::daily_calendar`]).
//!
//! Which date is "today" is the player's: the view knows the local calendar and says it; the
//! engine only checks that it is a date.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::games::{MakeError, Source};
use crate::play::{GameInPlay, GameKind};

/// A day's level, which each game turns into its own difficulty.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Easy,
    Medium,
    Hard,
    Expert,
}

impl Level {
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }
}

/// The level of each day of the week, Monday first.
pub const WEEK: [Level; 7] = [Level::Easy, Level::Easy, Level::Medium, Level::Medium, Level::Hard, Level::Hard, Level::Expert];

/// The earliest and latest dates a daily puzzle is made for.
const FIRST_YEAR: i32 = 2000;
const LAST_YEAR: i32 = 9999;

/// A calendar date, written `YYYY-MM-DD` (in saves, statistics, the view and the CLI).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Day(time::Date);

/// Why there is no daily puzzle.
#[derive(Debug, thiserror::Error)]
pub enum DailyError {
    #[error("\"{0}\" is not a date written as YYYY-MM-DD between {FIRST_YEAR} and {LAST_YEAR}")]
    BadDate(String),
    #[error("{0} has no daily puzzle")]
    NoDaily(&'static str),
    #[error(transparent)]
    Make(#[from] MakeError),
}

impl DailyError {
    /// A stable code for the view.
    pub fn kind(&self) -> &'static str {
        match self {
            DailyError::BadDate(_) => "bad_date",
            DailyError::NoDaily(_) => "no_daily",
            DailyError::Make(_) => "unavailable",
        }
    }
}

impl Day {
    /// `YYYY-MM-DD`, exactly (no spaces, no time, no other calendar).
    pub fn parse(text: &str) -> Result<Day, DailyError> {
        let bad = || DailyError::BadDate(text.chars().take(40).collect());
        let b = text.as_bytes();
        let digits = |r: std::ops::Range<usize>| b[r].iter().all(u8::is_ascii_digit);
        if b.len() != 10 || b[4] != b'-' || b[7] != b'-' || !digits(0..4) || !digits(5..7) || !digits(8..10) {
            return Err(bad());
        }
        let year: i32 = text[0..4].parse().map_err(|_| bad())?;
        let month: u8 = text[5..7].parse().map_err(|_| bad())?;
        let day: u8 = text[8..10].parse().map_err(|_| bad())?;
        if !(FIRST_YEAR..=LAST_YEAR).contains(&year) {
            return Err(bad());
        }
        let month = time::Month::try_from(month).map_err(|_| bad())?;
        time::Date::from_calendar_date(year, month, day).map(Day).map_err(|_| bad())
    }

    /// The local date at `unix_ms` for a clock `offset_min` minutes east of UTC (`None`
    /// outside the dates a daily puzzle is made for).
    pub fn at(unix_ms: u64, offset_min: i32) -> Option<Day> {
        let local = i64::try_from(unix_ms).ok()?.checked_add(offset_min as i64 * 60_000)?;
        // The Julian day of 1970-01-01.
        let julian = 2_440_588 + local.div_euclid(86_400_000);
        let date = time::Date::from_julian_day(i32::try_from(julian).ok()?).ok()?;
        (FIRST_YEAR..=LAST_YEAR).contains(&date.year()).then_some(Day(date))
    }

    /// The day before (`None` before the first date made).
    pub fn previous(self) -> Option<Day> {
        self.0.previous_day().filter(|d| d.year() >= FIRST_YEAR).map(Day)
    }

    /// The day after (`None` after the last).
    pub fn next(self) -> Option<Day> {
        self.0.next_day().filter(|d| d.year() <= LAST_YEAR).map(Day)
    }

    /// The day's level ([`WEEK`]).
    pub fn level(self) -> Level {
        WEEK[self.0.weekday().number_days_from_monday() as usize]
    }

    /// The seed of `kind`'s puzzle of this day: a stable fingerprint (64-bit FNV-1a) of both,
    /// so every kind has its own puzzle and no build or machine changes it.
    pub fn seed(self, kind: GameKind) -> u64 {
        crate::stats::fnv1a(format!("inkdoku daily {} {self}", kind.as_str()).as_bytes())
    }
}

impl fmt::Display for Day {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.0.year(), self.0.month() as u8, self.0.day())
    }
}

impl Serialize for Day {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Day {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Day, D::Error> {
        let text = String::deserialize(d)?;
        Day::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// Whether `kind` has a daily puzzle.
pub fn has_daily(kind: GameKind) -> bool {
    kind.daily(Level::Easy).is_some()
}

/// `kind` has a daily puzzle, or [`DailyError::NoDaily`].
pub fn check(kind: GameKind) -> Result<(), DailyError> {
    if has_daily(kind) { Ok(()) } else { Err(DailyError::NoDaily(kind.name())) }
}

/// The games with a daily puzzle, in the list's order.
pub fn kinds() -> Vec<GameKind> {
    GameKind::ALL.iter().copied().filter(|&k| has_daily(k)).collect()
}

/// `kind`'s puzzle of `day`, as the app serves it and `inkdoku daily` prints it: a new game
/// marked as that day's, telling `progress` (0..1; `false` cancels).
pub fn make(kind: GameKind, day: Day, progress: &mut dyn FnMut(f32) -> bool) -> Result<GameInPlay, DailyError> {
    let params = kind.daily(day.level()).ok_or(DailyError::NoDaily(kind.name()))?;
    let mut game = GameInPlay::make(&params, Source::Fresh, day.seed(kind), progress)?;
    game.set_daily(Some(day));
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_date_is_read_exactly_and_written_back() {
        for text in ["2026-12-05", "2000-01-01", "9999-12-31", "2028-02-29"] {
            assert_eq!(Day::parse(text).map(|d| d.to_string()).ok().as_deref(), Some(text));
        }
        for text in ["", "2026-12-5", "2026-13-01", "2026-02-30", "2027-02-29", "1999-12-31", "+2026-12-05", "2026/12/05", "2026-12-05T00:00", " 2026-12-05", "２０２６-12-05"] {
            assert!(matches!(Day::parse(text), Err(DailyError::BadDate(_))), "{text:?}");
        }
    }

    #[test]
    fn the_level_rises_from_monday_to_sunday() {
        // 2026-11-30 is a Monday.
        let mut day = Day::parse("2026-11-30").ok();
        let mut seen = Vec::new();
        for _ in 0..7 {
            let d = day.unwrap_or_else(|| panic!("a date"));
            seen.push(d.level().as_str());
            day = d.next();
        }
        assert_eq!(seen, ["easy", "easy", "medium", "medium", "hard", "hard", "expert"]);
    }

    #[test]
    fn the_local_date_follows_the_offset() {
        // 2026-12-05 23:30 UTC.
        let ms = 1_796_513_400_000;
        assert_eq!(Day::at(ms, 0).map(|d| d.to_string()).as_deref(), Some("2026-12-05"));
        assert_eq!(Day::at(ms, 60).map(|d| d.to_string()).as_deref(), Some("2026-12-06"));
        assert_eq!(Day::at(ms, -600).map(|d| d.to_string()).as_deref(), Some("2026-12-05"));
        assert_eq!(Day::at(0, 0), None, "1970 has no daily puzzle");
        assert_eq!(Day::at(u64::MAX, 0), None);
    }

    #[test]
    fn seeds_differ_by_kind_and_date_and_never_change() {
        let a = Day::parse("2026-12-05").unwrap_or_else(|e| panic!("{e}"));
        let b = a.next().unwrap_or_else(|| panic!("a next day"));
        assert_ne!(a.seed(GameKind::Sudoku), b.seed(GameKind::Sudoku));
        assert_ne!(a.seed(GameKind::Sudoku), a.seed(GameKind::Kenken));
        // Written down: a change here changes every player's daily puzzles.
        assert_eq!(a.seed(GameKind::Sudoku), crate::stats::fnv1a(b"inkdoku daily sudoku 2026-12-05"));
    }
}
