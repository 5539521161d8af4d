//! Recogniser integration tests: accuracy floor on a fixed subset of the held-out writers,
//! invariance to scale/position/sampling, bad input, and the gestures on real and synthetic ink.

mod common;

use inkdoku::ink::gesture::{classify, Gesture};
use inkdoku::ink::{self, parse_jsonl, InkError, Point, Recognition, Sample, Stroke};
use proptest::prelude::*;

fn test_samples() -> Vec<Sample> {
    let text = common::read_shared("ink/test.jsonl");
    parse_jsonl(&text).expect("test.jsonl parses")
}

/// Every 20th sample of test.jsonl (386 samples, all groups and labels).
fn subset(all: &[Sample]) -> Vec<&Sample> {
    all.iter().step_by(20).collect()
}

fn accuracy(samples: &[&Sample], set: &str) -> (f64, usize) {
    let legal = ink::parse_symbol_set(set).unwrap();
    let (mut ok, mut n) = (0, 0);
    for s in samples {
        let Some(l) = s.label_char().filter(|c| legal.contains(c)) else { continue };
        n += 1;
        let got = ink::rank(&s.strokes, &legal).unwrap().map(|c| c[0].0);
        ok += (got == Some(l)) as usize;
    }
    (ok as f64 / n as f64, n)
}

#[test]
fn accuracy_floor_on_fixed_subset() {
    let all = test_samples();
    let sub = subset(&all);
    // The full test set scores about 99% / 98% (docs/benchmarks.md); the floors leave room
    // for the subset's sampling noise but catch a broken model or feature change.
    for (set, floor) in [("1-4", 0.98), ("1-9", 0.97), ("1-9A-G", 0.96)] {
        let (acc, n) = accuracy(&sub, set);
        assert!(n > 100, "{set}: only {n} samples");
        assert!(acc >= floor, "{set}: accuracy {acc:.4} on {n} samples is below {floor}");
    }
}

fn transform(strokes: &[Stroke], f: impl Fn(f32, f32) -> (f32, f32)) -> Vec<Stroke> {
    strokes
        .iter()
        .map(|s| Stroke::new(s.points.iter().map(|p| { let (x, y) = f(p.x, p.y); Point::new(x, y) }).collect()))
        .collect()
}

/// Doubles the sampling rate and duplicates every point.
fn densify(strokes: &[Stroke]) -> Vec<Stroke> {
    strokes
        .iter()
        .map(|s| {
            let mut out = Vec::new();
            for w in s.points.windows(2) {
                let mid = Point::new((w[0].x + w[1].x) / 2.0, (w[0].y + w[1].y) / 2.0);
                out.extend([w[0], w[0], mid]);
            }
            out.extend(s.points.last().copied());
            Stroke::new(out)
        })
        .collect()
}

/// Moves every point by up to `amount` of the glyph size (deterministic pseudo-random).
fn jitter(strokes: &[Stroke], amount: f32) -> Vec<Stroke> {
    let pts = strokes.iter().flat_map(|s| &s.points);
    let (mut x0, mut x1, mut y0, mut y1) = (f32::MAX, f32::MIN, f32::MAX, f32::MIN);
    for p in pts {
        (x0, x1, y0, y1) = (x0.min(p.x), x1.max(p.x), y0.min(p.y), y1.max(p.y));
    }
    let size = (x1 - x0).max(y1 - y0);
    let mut state = 12345u32;
    let mut next = move || {
        state = state.wrapping_mul(1664525).wrapping_add(1013904223);
        (state >> 8) as f32 / (1u32 << 24) as f32 * 2.0 - 1.0
    };
    strokes
        .iter()
        .map(|s| Stroke::new(s.points.iter().map(|p| Point::new(p.x + amount * size * next(), p.y + amount * size * next())).collect()))
        .collect()
}

#[test]
fn answers_survive_scale_position_slant_rotation_jitter_and_resampling() {
    let all = test_samples();
    let legal = ink::parse_symbol_set("1-9A-G").unwrap();
    let (mut same, mut n) = (0, 0);
    for s in all.iter().step_by(50) {
        let Some(base) = ink::rank(&s.strokes, &legal).unwrap() else { continue };
        let (c, sn) = (6f32.to_radians().cos(), 6f32.to_radians().sin());
        let variants = [
            // Board coordinates: a cell of a 9x9 board.
            transform(&s.strokes, |x, y| (0.3 + x * 1e-4, 0.6 + y * 1e-4)),
            transform(&s.strokes, |x, y| (c * x - sn * y + 1e4, sn * x + c * y - 3e3)),
            densify(&s.strokes),
            // Slant: shear by 0.2 (about 11°).
            transform(&s.strokes, |x, y| (x + 0.2 * y, y)),
            jitter(&s.strokes, 0.01),
        ];
        for v in &variants {
            n += 1;
            same += (ink::rank(v, &legal).unwrap().map(|r| r[0].0) == Some(base[0].0)) as usize;
        }
    }
    // Scale, position and sampling are removed exactly; rotation, slant and jitter may flip a
    // borderline sample.
    assert!(same as f64 >= 0.97 * n as f64, "{same}/{n} unchanged");
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let d = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
    assert_eq!(ink::recognize(&[], &d), Err(InkError::Empty));
    assert_eq!(ink::recognize(&[Stroke::default(), Stroke::default()], &d), Err(InkError::Empty));
    let nan = vec![Stroke::new(vec![Point::new(1.0, 2.0), Point::new(f32::NAN, 1.0)])];
    assert_eq!(ink::recognize(&nan, &d), Err(InkError::NonFinite));
    let inf = vec![Stroke::new(vec![Point::new(1.0, f32::INFINITY)])];
    assert_eq!(ink::recognize(&inf, &d), Err(InkError::NonFinite));
    let millions = vec![Stroke::new(vec![Point::new(1.0, 2.0); 3_000_000])];
    assert!(matches!(ink::recognize(&millions, &d), Err(InkError::TooManyPoints(3_000_000))));
    let many = vec![Stroke::from_xy(&[[0.0, 0.0]]); 5_000];
    assert!(matches!(ink::recognize(&many, &d), Err(InkError::TooManyStrokes(5_000))));
    let one = vec![Stroke::from_xy(&[[0.0, 0.0], [0.0, 1.0]])];
    assert_eq!(ink::recognize(&one, &[]), Err(InkError::NoLegalSymbols));
    assert_eq!(ink::recognize(&one, &['x']), Err(InkError::UnknownSymbol('x')));
    // A dot is not a symbol: rejected with a reason, not an error.
    let dot = vec![Stroke::from_xy(&[[0.5, 0.5], [0.5, 0.5]])];
    assert!(matches!(ink::recognize(&dot, &d), Ok(Recognition::Rejected { .. })));
}

#[test]
fn a_written_one_is_recognised_and_ranked() {
    let one = vec![Stroke::from_xy(&[[0.50, 0.10], [0.50, 0.30], [0.49, 0.50], [0.49, 0.70], [0.48, 0.90]])];
    let d: Vec<char> = ('1'..='9').collect();
    match ink::recognize(&one, &d).unwrap() {
        Recognition::Symbol { candidates, .. } => {
            assert_eq!(candidates[0].0, '1');
            assert_eq!(candidates.len(), 9);
            let sum: f32 = candidates.iter().map(|c| c.1).sum();
            assert!((sum - 1.0).abs() < 1e-3);
            assert!(candidates.windows(2).all(|w| w[0].1 >= w[1].1));
        }
        other => panic!("{other:?}"),
    }
    // Serialises for the app.
    let json = serde_json::to_string(&ink::recognize(&one, &d).unwrap()).unwrap();
    assert!(json.contains("\"kind\":\"symbol\""), "{json}");
}

#[test]
fn real_writing_is_neither_tap_nor_scratch_out() {
    let all = test_samples();
    let (mut scratch, mut tap, mut n) = (0, 0, 0);
    let mut scratched = Vec::new();
    for (i, s) in all.iter().enumerate() {
        // Writing fills roughly 70% of the cell.
        let pts = s.strokes.iter().flat_map(|st| &st.points);
        let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        for p in pts {
            (x0, y0, x1, y1) = (x0.min(p.x), y0.min(p.y), x1.max(p.x), y1.max(p.y));
        }
        let cell = (x1 - x0).max(y1 - y0) / 0.7;
        if cell <= 0.0 {
            continue;
        }
        n += 1;
        match classify(&s.strokes, cell) {
            Gesture::Tap => tap += 1,
            Gesture::ScratchOut => {
                scratch += 1;
                scratched.push((i + 1, s.label.clone()));
            }
            Gesture::Writing => {}
        }
    }
    assert_eq!(tap, 0);
    // A handful of real zig-zag-like glyphs is tolerated (listed in docs/recogniser.md).
    assert!(scratch * 1000 <= n, "{scratch} of {n} samples look like scratch-outs: {scratched:?}");
    // 1, 7, 4 and E in particular: never.
    let bad: Vec<_> = scratched.iter().filter(|(_, l)| matches!(l.as_deref(), Some("1" | "7" | "4" | "E"))).collect();
    assert!(bad.is_empty(), "{bad:?}");
}

fn zigzag(legs: usize, amp: f32, slant: f32, vertical: bool, jitter: &[f32]) -> Vec<Stroke> {
    let mut pts = Vec::new();
    for i in 0..=legs {
        let along = 0.15 + 0.7 * i as f32 / legs as f32;
        let across = 0.5 + if i % 2 == 0 { -amp / 2.0 } else { amp / 2.0 };
        let (x, y) = if vertical { (along, across) } else { (across + slant * (along - 0.5), along) };
        // A few intermediate samples per leg, like a real digitiser.
        pts.push((x, y));
    }
    let mut out = Vec::new();
    for (k, w) in pts.windows(2).enumerate() {
        for j in 0..6 {
            let t = j as f32 / 6.0;
            let e = jitter[(k * 6 + j) % jitter.len()];
            out.push(Point::new(w[0].0 + (w[1].0 - w[0].0) * t + e, w[0].1 + (w[1].1 - w[0].1) * t - e));
        }
    }
    let last = pts[pts.len() - 1];
    out.push(Point::new(last.0, last.1));
    // Into a cell of a 9x9 board at column 3, row 5.
    vec![Stroke::new(out.into_iter().map(|p| Point::new((3.0 + p.x) / 9.0, (5.0 + p.y) / 9.0)).collect())]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    // From 45% of the cell: at 40% a 5-leg zig-zag turns only ~142° at its reversals, and the
    // test's jitter (0.8% of the cell) can bring one under the 110° a reversal needs (found by
    // this test once in many runs). Lowering the limit or widening the turn's baseline catches
    // it but takes more real letters for scratch-outs (train.jsonl: a B and an A): a missed
    // scratch is scratched again, a letter taken for one is lost. docs/recogniser.md.
    #[test]
    fn synthetic_zigzags_are_scratch_outs(
        legs in 5usize..12, amp in 0.45f32..0.9, slant in -0.4f32..0.4, vertical: bool,
        jitter in prop::collection::vec(-0.008f32..0.008, 8),
    ) {
        let z = zigzag(legs, amp, slant, vertical, &jitter);
        prop_assert_eq!(classify(&z, 1.0 / 9.0), Gesture::ScratchOut);
    }

    #[test]
    fn small_strokes_are_taps(
        pts in prop::collection::vec((0.0f32..0.012, 0.0f32..0.012), 1..30),
        cx in 0.0f32..0.9, cy in 0.0f32..0.9,
    ) {
        let s = vec![Stroke::new(pts.iter().map(|&(x, y)| Point::new(cx + x, cy + y)).collect())];
        prop_assert_eq!(classify(&s, 1.0 / 9.0), Gesture::Tap);
    }

    #[test]
    fn arbitrary_strokes_never_panic(
        strokes in prop::collection::vec(
            prop::collection::vec((prop::num::f32::ANY, prop::num::f32::ANY), 0..40), 0..6),
    ) {
        let s: Vec<Stroke> = strokes.iter()
            .map(|st| Stroke::new(st.iter().map(|&(x, y)| Point::new(x, y)).collect())).collect();
        let _ = ink::recognize(&s, &['1', '2', '3', '4']);
        let _ = classify(&s, 1.0);
        let _ = classify(&s, 0.0);
    }
}
