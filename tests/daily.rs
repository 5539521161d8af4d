//! The daily puzzle (#44 item 1): made from the date alone, the same on every run and machine
//! (the Windows run of these tests under Wine checks the written-down puzzles too), a level
//! rising through the week, kept through a save, summed apart in the statistics, and its
//! calendar's streak.

mod common;

use inkdoku::daily::{self, Day, DailyError};
use inkdoku::play::GameKind;
use inkdoku::stats::{GameId, Stats, DAILY};

fn day(text: &str) -> Day {
    Day::parse(text).unwrap_or_else(|e| panic!("{e}"))
}

fn kinds() -> Vec<GameKind> {
    daily::kinds()
}

fn text_of(kind: GameKind, date: &str) -> String {
    daily::make(kind, day(date), &mut |_| true).unwrap_or_else(|e| panic!("{e}")).puzzle_text()
}

#[test]
fn sudoku_kenken_and_the_variants_have_one_the_sliding_puzzle_none() {
    assert_eq!(kinds(), [GameKind::Sudoku, GameKind::Kenken, GameKind::SudokuX, GameKind::Jigsaw, GameKind::Killer]);
    assert!(matches!(daily::make(GameKind::Slide, day("2026-12-05"), &mut |_| true), Err(DailyError::NoDaily(_))));
}

#[test]
fn the_same_date_gives_the_same_puzzle_and_the_days_of_a_week_differ() {
    for kind in kinds() {
        let mut seen = std::collections::HashSet::new();
        let mut d = Some(day("2026-11-30"));
        for weekday in 0..7 {
            let today = d.unwrap_or_else(|| panic!("a day"));
            let a = daily::make(kind, today, &mut |_| true).unwrap_or_else(|e| panic!("{e}"));
            let b = daily::make(kind, today, &mut |_| true).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(a.puzzle_text(), b.puzzle_text(), "{kind:?} {today}");
            assert_eq!(a.daily(), Some(today));
            // Rated at the day's level, easy on Monday to expert on Sunday.
            let level = a.stats_key().difficulty.unwrap_or_default();
            assert_eq!(level, daily::WEEK[weekday].as_str(), "{kind:?} {today}");
            assert_eq!(today.level(), daily::WEEK[weekday]);
            assert!(seen.insert(a.puzzle_text()), "{kind:?}: {today} repeats a puzzle of the week");
            d = today.next();
        }
    }
}

/// Written down: if one of these changes, every player's daily puzzle of that date changes
/// (a new generator or seed must keep them, or say so in docs/daily.md).
#[test]
fn the_puzzles_of_a_date_are_written_down() {
    assert_eq!(text_of(GameKind::Sudoku, "2026-12-05"), ".1.5.62.........53...24....4..7....52.3...1.75....9..2....75...87.........56.3.8.");
    assert_eq!(text_of(GameKind::Sudoku, "2026-12-06"), "7.4.9........2.3....2..6957.3.....78..7...5..49.....3.1462..7....3.8........4.2.1");
    let kenken = text_of(GameKind::Kenken, "2026-12-05");
    assert!(kenken.contains(r#""solution":[[6,4,3,5,1,2],[1,5,6,3,2,4],[5,6,4,2,3,1],[3,1,2,6,4,5],[2,3,1,4,5,6],[4,2,5,1,6,3]]"#), "{kenken}");
    assert!(kenken.starts_with(r#"{"size":6,"cages":[{"op":"+","target":8,"cells":[[1,3],[2,3],[2,4]]}"#), "{kenken}");
    // The variants' are their Solo game IDs (a Sunday: expert).
    assert_eq!(text_of(GameKind::SudokuX, "2026-12-06"), "3x3x:k6e3a3a5_4k2_8e1i4a7b9a7e4_8c6h9a5");
    assert_eq!(text_of(GameKind::Jigsaw, "2026-12-06"), "9j:9f4k4a1i3b2d4d1e6c8a4_2d3c8a5e6b9_5a2,aeaaca_abba_f_g_aaa__abbdae_bc__d___cb__a_b_bcaaaab_aagc");
    assert_eq!(
        text_of(GameKind::Killer, "2026-12-06"),
        "3x3k:zzzc,aa__a_a___a___a______aa___aa___a__a_a__a__a_aab__abca___b____aaaab_aba_a_ba____a_b___ba_cb__,13a3a13_16_10a27_16_12a23b16c15e14c21b18i16a10_24_16a11_15b6j9a9_17a13a9a3c12a18b"
    );
    // A Wednesday and a Friday: a medium and a hard Killer (since 2026-12-08 the 45 rule over
    // several rows or columns is hard's, a Killer is only dug, and a hard one is cut in larger
    // cages: docs/daily.md).
    assert_eq!(
        text_of(GameKind::Killer, "2026-12-09"),
        "3x3k:c5b3zza5t,__aab__aca_aa_____a__a__a_b_b_a_a__ab____bbad__d____a_a_a_ab__a_a_a__a__aa____aa_b_baab,20_24_15a27a31o21a14a8b12_10_15b16f11b11_24c11d13a15_17a10_14_14a23f17d12e"
    );
    assert_eq!(
        text_of(GameKind::Killer, "2026-12-11"),
        "3x3k:w1zp4j7c,_b_ab___ba___a_b______a___aa_b___a_a_aaa__c_bb__c___a_a_aab_bada______a_a__a_b__aaaaca_,13_20b20_3a19c10_17a11c10d14a14_18_22c6_7c30b23b11d20c22e10_20b22j18c19b6a"
    );
}

#[test]
fn the_cli_prints_the_puzzle_the_app_serves() {
    for kind in kinds() {
        let (code, out, err) = common::run_cli(&["daily", "--date", "2026-12-03", "--game", kind.as_str()], "");
        assert_eq!(code, 0, "{err}");
        assert_eq!(out, format!("{}\n", text_of(kind, "2026-12-03")));
        assert!(err.contains("medium"), "{err}");
    }
    let (code, out, err) = common::run_cli(&["daily", "--date", "2026-12-32"], "");
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("\"2026-12-32\" is not a date"), "{err}");
    let (code, _, err) = common::run_cli(&["daily", "--date", "2026-12-05", "--game", "slide"], "");
    assert_eq!(code, 2);
    assert!(err.contains("no daily puzzle (the games with one: sudoku, kenken, sudoku-x, jigsaw, killer)"), "{err}");
}

#[test]
fn a_daily_keeps_its_date_through_a_save_and_an_ordinary_game_has_none() {
    for kind in kinds() {
        let game = daily::make(kind, day("2026-12-05"), &mut |_| true).unwrap_or_else(|e| panic!("{e}"));
        let bytes = inkdoku::save::to_bytes(&game, 1_000).unwrap_or_else(|e| panic!("{e}"));
        let json: serde_json::Value = serde_json::from_slice(&bytes).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(json["daily"], "2026-12-05");
        let back = inkdoku::save::from_bytes(&bytes).unwrap_or_else(|e| panic!("{e}")).game;
        assert_eq!(back, game);
        assert_eq!(back.view(0).daily.map(|d| d.to_string()).as_deref(), Some("2026-12-05"));
        // The same file without the field: an ordinary game of the same puzzle.
        let mut plain = json.clone();
        plain.as_object_mut().map(|o| o.remove("daily"));
        let back = inkdoku::save::from_bytes(&serde_json::to_vec(&plain).unwrap_or_default()).unwrap_or_else(|e| panic!("{e}")).game;
        assert_eq!((back.daily(), back.puzzle_text()), (None, game.puzzle_text()));
        // A date that is no date is damage, named, never a panic.
        for bad in [serde_json::json!("2026-02-30"), serde_json::json!(20261205), serde_json::json!(null)] {
            let mut broken = json.clone();
            broken["daily"] = bad.clone();
            let r = inkdoku::save::from_bytes(&serde_json::to_vec(&broken).unwrap_or_default());
            if bad.is_null() {
                assert_eq!(r.map(|l| l.game.daily()).ok(), Some(None));
            } else {
                assert_eq!(r.err().map(|e| e.kind()), Some("structure"), "{bad}");
            }
        }
    }
}

const DAY_MS: u64 = 86_400_000;
/// 2026-12-05 12:00 UTC.
const NOON: u64 = 1_796_472_000_000;

fn daily_id(puzzle: &str, date: &str) -> GameId {
    GameId { puzzle: puzzle.into(), kind: GameKind::Sudoku, size: "9x9".into(), difficulty: "hard".into(), daily: Some(day(date)) }
}

/// Wins a daily `date` at `at_ms`.
fn win(s: &mut Stats, date: &str, at_ms: u64) {
    let id = daily_id(date, date);
    s.start(&id, at_ms - 60_000);
    s.win(&id, 60_000, None, at_ms);
}

#[test]
fn the_calendar_says_which_days_were_won_on_time_and_the_streak() {
    let mut s = Stats::new();
    // 2 and 3 December on time, 4 December late (won on the 5th), 5 December on time.
    win(&mut s, "2026-12-02", NOON - 3 * DAY_MS);
    win(&mut s, "2026-12-03", NOON - 2 * DAY_MS);
    win(&mut s, "2026-12-04", NOON - 60_000);
    let cal = s.daily_calendar(GameKind::Sudoku, day("2026-12-05"), 0);
    let days: Vec<(String, bool)> = cal.days.iter().map(|d| (d.date.to_string(), d.on_time)).collect();
    assert_eq!(days, [("2026-12-02".into(), true), ("2026-12-03".into(), true), ("2026-12-04".into(), false)]);
    // Yesterday was late: no streak, though today is not done yet.
    assert_eq!((cal.streak, cal.best_streak), (0, 2));
    assert_eq!(cal.level.as_str(), "hard");
    win(&mut s, "2026-12-05", NOON);
    let cal = s.daily_calendar(GameKind::Sudoku, day("2026-12-05"), 0);
    assert_eq!((cal.streak, cal.best_streak), (1, 2));
    // The next day, while its puzzle is not done, the streak still stands.
    assert_eq!(s.daily_calendar(GameKind::Sudoku, day("2026-12-06"), 0).streak, 1);
    assert_eq!(s.daily_calendar(GameKind::Sudoku, day("2026-12-07"), 0).streak, 0);
    // Another kind's calendar is its own.
    assert!(s.daily_calendar(GameKind::Kenken, day("2026-12-05"), 0).days.is_empty());
}

#[test]
fn on_time_is_judged_in_the_players_time_zone() {
    let mut s = Stats::new();
    // Won at 23:30 UTC on 5 December: the 5th in London, the 6th in Beijing.
    win(&mut s, "2026-12-05", NOON + 11 * 3_600_000 + 1_800_000);
    assert!(s.daily_calendar(GameKind::Sudoku, day("2026-12-05"), 0).days[0].on_time);
    assert!(!s.daily_calendar(GameKind::Sudoku, day("2026-12-06"), 480).days[0].on_time);
}

#[test]
fn statistics_keep_daily_puzzles_apart() {
    let mut s = Stats::new();
    win(&mut s, "2026-12-05", NOON);
    win(&mut s, "2026-12-06", NOON + DAY_MS);
    let ordinary = GameId { daily: None, ..daily_id("x", "2026-12-05") };
    s.start(&ordinary, NOON);
    s.win(&ordinary, 5_000, None, NOON + 5_000);
    let groups: Vec<(String, usize)> = s.summaries().into_iter().map(|g| (g.difficulty, g.won)).collect();
    assert_eq!(groups, [(DAILY.to_string(), 2), ("hard".to_string(), 1)]);
    // The file keeps the date and the time of the win, and reads back the same.
    let dir = common::scratch("daily-stats");
    let path = dir.join("stats.json");
    s.save(&path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(Stats::load(&path).ok(), Some(s));
}
