//! Where the marks reader loses digits (#43; docs/recogniser.md, "Small pencil marks written by
//! hand"): lays out held-out writers' cells as `make_marks` does and sorts every digit lost by
//! cause: the whole cell read as ink, a group left out or split wrongly (the count of digits
//! read differs), or a digit misread. With `--dash`, also cells of corner digits with a dash or
//! a tick added in the middle: how often that ink is read as a digit.
//! `cargo run --release --example marks_errors -- [COUNT] [SEED] [--dash] [--list]`.
//! Reads `../shared/data/ink/test.jsonl` (the held-out writers); never copies it.

use inkdoku::ink::marks::{layout_cells, legal_digits, read_mark_digits, MarkCell};
use inkdoku::ink::Stroke;
use rand::{Rng, SeedableRng};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |f: &str| args.iter().any(|a| a == f);
    let mut nums = args.iter().filter_map(|a| a.parse::<u64>().ok());
    let count = nums.next().unwrap_or(3000) as usize;
    let seed = nums.next().unwrap_or(2024);
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/ink/test.jsonl");
    let samples = match std::fs::read_to_string(&path).map_err(|e| e.to_string()).and_then(|t| inkdoku::ink::parse_jsonl(&t).map_err(|e| e.to_string())) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{}: {e}", path.display());
            std::process::exit(2);
        }
    };
    let cells = layout_cells(&samples, count, seed);
    if let Err(e) = lost_by_cause(&cells, flag("--list")) {
        eprintln!("{e}");
        std::process::exit(2);
    }
    if flag("--dash") {
        if let Err(e) = dash_beside_digits(&cells, seed) {
            eprintln!("{e}");
            std::process::exit(2);
        }
    }
}

fn strokes_of(c: &MarkCell) -> Vec<Stroke> {
    c.strokes.iter().map(|s| Stroke::from_xy(s)).collect()
}

fn lost_by_cause(cells: &[MarkCell], list: bool) -> Result<(), inkdoku::ink::InkError> {
    let (mut digits, mut as_ink, mut count_differs, mut misread) = (0, 0, 0, 0);
    for c in cells.iter().filter(|c| !c.ink) {
        let want: Vec<char> = c.corner.chars().chain(c.centre.chars()).collect();
        digits += want.len();
        match read_mark_digits(&strokes_of(c), &legal_digits(c.size), None)? {
            None => {
                as_ink += want.len();
                if list {
                    println!("ink: {want:?}");
                }
            }
            Some(d) => {
                let got: Vec<char> = d.iter().map(|x| x.symbol).collect();
                let lost = want.iter().filter(|w| !got.contains(w)).count();
                if d.len() != want.len() {
                    count_differs += lost;
                } else {
                    misread += lost;
                }
                if list && lost > 0 {
                    println!("read {got:?} for {want:?}");
                }
            }
        }
    }
    let lost = as_ink + count_differs + misread;
    println!("{digits} digits, {lost} lost: cell read as ink {as_ink}, a group left out or split wrongly {count_differs}, misread {misread}");
    Ok(())
}

fn dash_beside_digits(cells: &[MarkCell], seed: u64) -> Result<(), inkdoku::ink::InkError> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let (mut n, mut dash_read, mut as_ink, mut digits, mut right) = (0, 0, 0, 0, 0);
    for c in cells.iter().filter(|c| !c.ink && !c.corner.is_empty()) {
        let mut strokes = strokes_of(c);
        let len: f32 = rng.random_range(0.12..0.3);
        let tilt: f32 = rng.random_range(-0.6..0.6);
        let (x, y) = (0.5f32, 0.5f32);
        let ink: Vec<[f32; 2]> = if rng.random_bool(0.5) {
            (0..=12).map(|i| i as f32 / 12.0).map(|t| [x - len / 2.0 + len * t, y - tilt * len / 2.0 + tilt * len * t]).collect()
        } else {
            vec![[x - len / 2.0, y], [x - len / 6.0, y + len / 3.0], [x + len / 2.0, y - len / 2.0]]
        };
        strokes.push(Stroke::from_xy(&ink));
        let last = strokes.len() - 1;
        n += 1;
        let want: Vec<char> = c.corner.chars().collect();
        digits += want.len();
        match read_mark_digits(&strokes, &legal_digits(c.size), None)? {
            None => as_ink += 1,
            Some(d) => {
                dash_read += usize::from(d.iter().any(|x| x.inputs.contains(&last)));
                right += want.iter().filter(|w| d.iter().any(|x| x.symbol == **w && !x.inputs.contains(&last))).count();
            }
        }
    }
    println!("{n} cells of corner digits with a dash or a tick: the dash read as a digit in {dash_read}, the whole cell ink in {as_ink}, digits right {right} of {digits}");
    Ok(())
}
