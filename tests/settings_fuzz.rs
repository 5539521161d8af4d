//! The settings loader on damaged files: truncated and byte-mutated settings never panic, and
//! every field of the result is always a valid value (a bad field falls back to its default).

use inkdoku::kenken::def::KenkenParams;
use inkdoku::play::{GameKind, GameParams};
use inkdoku::settings::Settings;
use inkdoku::slide::def::SlideParams;
use inkdoku::sudoku::def::SudokuParams;
use inkdoku::sudoku::Difficulty;
use rand::{Rng, SeedableRng};

fn valid(s: &Settings) -> bool {
    // Every kind's params read back strictly: each field in range, nothing unknown.
    GameKind::ALL.iter().all(|&k| GameParams::parse(k, s.params.of(k).to_value()).as_ref() == Ok(&s.params.of(k)))
        && s.slide_recent.len() <= inkdoku::settings::RECENT_PICTURES
        && s.slide_recent.iter().all(|n| inkdoku::slide::play::is_picture_name(n))
        && s.slide_recent.iter().enumerate().all(|(i, n)| !s.slide_recent[..i].contains(n))
        && s.slide_border.len() == 7
}

#[test]
fn truncated_and_mutated_settings_files_give_valid_settings() {
    let mut good = Settings {
        handedness: inkdoku::settings::Handedness::Left,
        show_incorrect: true,
        pen_only: true,
        last_game: GameKind::Slide,
        slide_recent: vec!["0123456789abcdef0123456789abcdef.jpg".into(), "fedcba9876543210.png".into()],
        slide_border: "#c0ffee".into(),
        slide_numbers: true,
        mute: true,
        ..Settings::default()
    };
    good.params.set(GameParams::Sudoku(SudokuParams { size: 16, difficulty: Difficulty::Hard, symmetric: false }));
    good.params.set(GameParams::Kenken(KenkenParams { size: 8, difficulty: Difficulty::Expert }));
    let picture = Some("0123456789abcdef0123456789abcdef.jpg".to_string());
    good.params.set(GameParams::Slide(SlideParams { rows: 3, cols: 5, difficulty: inkdoku::slide::Difficulty::Hard, picture }));
    let bytes = serde_json::to_vec_pretty(&good).unwrap();
    assert_eq!(Settings::from_bytes_lenient(&bytes), good);
    for cut in 0..bytes.len() {
        let s = Settings::from_bytes_lenient(&bytes[..cut]);
        assert!(valid(&s), "truncated at {cut}: {s:?}");
    }
    let mut rng = rand::rngs::StdRng::seed_from_u64(2026);
    let mut changed_fields = 0;
    for _ in 0..5000 {
        let mut b = bytes.clone();
        for _ in 0..rng.random_range(1..4) {
            let i = rng.random_range(0..b.len());
            b[i] = match rng.random_range(0..3) {
                0 => rng.random(),
                1 => b"{}[]\",:0123456789tfn"[rng.random_range(0..20)],
                _ => b' ',
            };
        }
        let s = Settings::from_bytes_lenient(&b);
        assert!(valid(&s), "{:?} -> {s:?}", String::from_utf8_lossy(&b));
        if s != good && s != Settings::default() {
            changed_fields += 1;
        }
    }
    // Damage to one field usually keeps the others: per-field fallback is really exercised.
    assert!(changed_fields > 100, "only {changed_fields} partial recoveries");
}
