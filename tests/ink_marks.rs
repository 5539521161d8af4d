//! Small pencil marks written by hand (#43 item 3, the reader the app uses): the
//! seeded layouts of held-out writers' digits read at least as well as measured when the
//! reader was written (docs/recogniser.md, "Small pencil marks"), through the same CLI anyone
//! can feed their own cells; free ink stays ink; no input makes the reader panic.

mod common;

use common::{read_shared, run_cli};
use inkdoku::ink::marks::{evaluate, layout_cells, legal_digits, read_mark_digits, read_marks, MarkCell, MarksReading};
use inkdoku::ink::{parse_jsonl, Stroke};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

#[test]
fn held_out_writers_marks_read_as_well_as_measured() {
    let samples = parse_jsonl(&read_shared("ink/test.jsonl")).unwrap();
    let cells = layout_cells(&samples, 400, 11);
    assert!(cells.iter().any(|c| c.ink) && cells.iter().any(|c| !c.corner.is_empty()) && cells.iter().any(|c| !c.centre.is_empty()));
    let score = evaluate(&cells).unwrap();
    println!("{score}");
    // Floors a little under the figures measured on 3,000-5,000-cell sets (98.99-99.35 / 100 /
    // 97.6-98.2 / 100; docs/recogniser.md): a change that reads worse fails here.
    assert!(score.digits >= 98.5 && score.placement >= 99.5 && score.cells_right >= 96.0 && score.ink_kept >= 98.0, "{score}");
}

#[test]
fn the_cli_reads_a_file_of_cells_and_ends_with_the_figures() {
    let samples = parse_jsonl(&read_shared("ink/test.jsonl")).unwrap();
    let dir = common::scratch("ink-marks");
    let path = dir.join("cells.jsonl");
    let lines: Vec<String> = layout_cells(&samples, 40, 5).iter().map(|c| serde_json::to_string(c).unwrap()).collect();
    std::fs::write(&path, lines.join("\n")).unwrap();
    let (code, out, err) = run_cli(&["recognize", "--eval-marks", path.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    let last = out.lines().last().unwrap_or("");
    assert!(last.starts_with("marks: digits ") && last.ends_with("(40 cells)"), "{last}");
    // A broken line is named, never a panic.
    std::fs::write(&path, "{\"size\": 9, \"strokes\": 7}\n").unwrap();
    let (code, _, err) = run_cli(&["recognize", "--eval-marks", path.to_str().unwrap()], "");
    assert_ne!(code, 0);
    assert!(err.contains("cells.jsonl:1"), "{err}");
}

#[test]
fn any_strokes_read_as_marks_or_ink_never_a_panic() {
    let mut rng = StdRng::seed_from_u64(43);
    let legal = legal_digits(9);
    for _ in 0..300 {
        let strokes: Vec<Stroke> = (0..rng.random_range(0..6))
            .map(|_| {
                let (x, y) = (rng.random::<f32>(), rng.random::<f32>());
                let k = rng.random_range(0..30);
                let spread = if rng.random_bool(0.5) { 0.1 } else { 2.0 };
                Stroke::from_xy(&(0..k).map(|_| [x + (rng.random::<f32>() - 0.5) * spread, y + (rng.random::<f32>() - 0.5) * spread]).collect::<Vec<_>>())
            })
            .collect();
        let _ = read_marks(&strokes, &legal);
    }
    // A stroke across the cell is ink; a cell's own marks file line round-trips.
    let across = [Stroke::from_xy(&[[0.05, 0.5], [0.95, 0.5]])];
    assert_eq!(read_marks(&across, &legal).unwrap(), MarksReading::Ink);
    // Small ink a solver leaves beside marks is no digit: a dash, a tick, a small arrow, a dot.
    let small: [&[&[[f32; 2]]]; 4] = [
        &[&[[0.3, 0.5], [0.5, 0.52]]],
        &[&[[0.3, 0.5], [0.37, 0.57], [0.5, 0.4]]],
        &[&[[0.2, 0.5], [0.45, 0.5]], &[[0.37, 0.42], [0.45, 0.5], [0.37, 0.58]]],
        &[&[[0.5, 0.5], [0.505, 0.505]]],
    ];
    for ink in small {
        let strokes: Vec<Stroke> = ink.iter().map(|s| Stroke::from_xy(s)).collect();
        assert_eq!(read_marks(&strokes, &legal).unwrap(), MarksReading::Ink, "{ink:?}");
    }
    let cell = MarkCell { size: 9, strokes: vec![vec![[0.1, 0.1], [0.2, 0.3]]], corner: "2".into(), centre: String::new(), ink: false };
    assert_eq!(serde_json::from_str::<MarkCell>(&serde_json::to_string(&cell).unwrap()).unwrap(), cell);
}

/// A dash written beside small digits stays ink, even a dash the recogniser alone takes for a
/// sure digit (a 1, 2, 5 or 7): the digits are read, the dash is in none of them.
#[test]
fn a_dash_beside_digits_stays_ink_and_the_digits_are_read() {
    let samples = parse_jsonl(&read_shared("ink/test.jsonl")).unwrap();
    let legal = legal_digits(9);
    let strokes_of = |c: &MarkCell| c.strokes.iter().map(|s| Stroke::from_xy(s)).collect::<Vec<Stroke>>();
    let sorted = |s: &mut Vec<char>| s.sort_unstable();
    // Two top corner digits that read right alone.
    let cell = layout_cells(&samples, 300, 13)
        .into_iter()
        .find(|c| {
            let (mut want, got) = (c.corner.chars().collect::<Vec<_>>(), read_marks(&strokes_of(c), &legal).unwrap());
            sorted(&mut want);
            let read = match got {
                MarksReading::Marks { mut corner, .. } => {
                    sorted(&mut corner);
                    corner
                }
                MarksReading::Ink => Vec::new(),
            };
            !c.ink && c.corner.len() == 2 && c.centre.is_empty() && read == want
        })
        .unwrap();
    let mut want: Vec<char> = cell.corner.chars().collect();
    sorted(&mut want);
    let (mut sure_alone, mut dashes) = (0, 0);
    for len in [0.14f32, 0.18, 0.22, 0.26, 0.3] {
        for tilt in [-0.4f32, -0.25, -0.1, 0.0, 0.1, 0.25, 0.4] {
            let dash = Stroke::from_xy(&(0..=12).map(|i| i as f32 / 12.0).map(|t| [0.5 - len / 2.0 + len * t, 0.65 - tilt * len / 2.0 + tilt * len * t]).collect::<Vec<_>>());
            dashes += 1;
            sure_alone += usize::from(matches!(inkdoku::ink::recognize(std::slice::from_ref(&dash), &legal), Ok(inkdoku::ink::Recognition::Symbol { .. })));
            let mut strokes = strokes_of(&cell);
            strokes.push(dash);
            let digits = read_mark_digits(&strokes, &legal, None).unwrap().unwrap_or_else(|| panic!("len {len} tilt {tilt}: the whole cell read as ink"));
            let mut got: Vec<char> = digits.iter().map(|d| d.symbol).collect();
            sorted(&mut got);
            assert_eq!(got, want, "len {len} tilt {tilt}");
            assert!(digits.iter().all(|d| !d.inputs.contains(&(strokes.len() - 1))), "len {len} tilt {tilt}: the dash read as a digit");
        }
    }
    println!("{sure_alone} of {dashes} dashes are a sure digit alone");
    assert!(sure_alone > 0, "no dash here is a digit to the recogniser alone: the test checks little");
}
