//! Bench for test-time augmentation (docs/recogniser.md, "test-time augmentation"): does
//! averaging the model's probabilities over a few fixed distortions of the ink (small rotations,
//! slants, x/y scalings) read better than the ink alone? Run it on the validation fold
//! (`train_ink --val --dump-val FOLD.jsonl --out MODEL.bin`), never to choose on test.jsonl:
//!
//!     cargo run --release --example tta_lab -- MODEL.bin FOLD.jsonl
//!
//! For every legal set (1-4, 1-6, 1-9, 1-9A-G) and every variant set it prints the accuracy and
//! the errors fixed and made against the plain reading, sample by sample. `--mlps-only` reads
//! the MLP members alone (the CNNs are the slow part: a variant costs them most).

use inkdoku::ink::model::Model;
use inkdoku::ink::augment::map_points;
use inkdoku::ink::{class_index, features, parse_jsonl, parse_symbol_set, Stroke};

fn main() {
    if let Err(e) = run() {
        eprintln!("tta_lab: {e}");
        std::process::exit(2);
    }
}

/// An affine map about the bounding-box centre: rotation (degrees), shear of x by y, x and y scale.
#[derive(Clone, Copy, PartialEq)]
struct Affine {
    deg: f32,
    shear: f32,
    sx: f32,
    sy: f32,
}

const ID: Affine = Affine { deg: 0.0, shear: 0.0, sx: 1.0, sy: 1.0 };

fn apply(strokes: &[Stroke], a: Affine) -> Vec<Stroke> {
    let (c, s) = (a.deg.to_radians().cos(), a.deg.to_radians().sin());
    map_points(strokes, |x, y| {
        let (x, y) = (x * a.sx, y * a.sy);
        let x = x + a.shear * y;
        (c * x - s * y, s * x + c * y)
    })
}

fn probs(model: &Model, strokes: &[Stroke], mlps_only: bool) -> Option<Vec<f32>> {
    let n = features::normalize(strokes).ok()??;
    Some(if mlps_only { model.run_mlps(&features::from_normalized(&n)).probs } else { model.run(&n).probs })
}

/// A sample's label and its probabilities under each distinct map (`None`: a dot).
type Row = (Option<usize>, Vec<Option<Vec<f32>>>);

fn best(p: &[f32], legal: &[usize]) -> usize {
    *legal.iter().max_by(|&&i, &&j| p[i].total_cmp(&p[j])).unwrap_or(&0)
}

fn run() -> Result<(), String> {
    let a: Vec<String> = std::env::args().skip(1).collect();
    if a.len() < 2 {
        return Err("usage: tta_lab MODEL.bin FOLD.jsonl [--mlps-only]".into());
    }
    let mlps_only = a.iter().any(|x| x == "--mlps-only");
    let model = Model::from_bytes(&std::fs::read(&a[0]).map_err(|e| format!("{}: {e}", a[0]))?).map_err(|e| e.to_string())?;
    let samples = parse_jsonl(&std::fs::read_to_string(&a[1]).map_err(|e| format!("{}: {e}", a[1]))?).map_err(|e| e.to_string())?;
    let r = |deg| Affine { deg, ..ID };
    let sh = |shear| Affine { shear, ..ID };
    let sc = |sx, sy| Affine { sx, sy, ..ID };
    let sets: Vec<(&str, Vec<Affine>)> = vec![
        ("plain", vec![ID]),
        ("rot ±5", vec![ID, r(5.0), r(-5.0)]),
        ("rot ±8", vec![ID, r(8.0), r(-8.0)]),
        ("rot ±12", vec![ID, r(12.0), r(-12.0)]),
        ("rot ±4, ±8", vec![ID, r(4.0), r(-4.0), r(8.0), r(-8.0)]),
        ("shear ±0.15", vec![ID, sh(0.15), sh(-0.15)]),
        ("shear ±0.25", vec![ID, sh(0.25), sh(-0.25)]),
        ("scale x 0.85/1.15", vec![ID, sc(0.85, 1.0), sc(1.15, 1.0)]),
        ("rot ±5 + shear ±0.15", vec![ID, r(5.0), r(-5.0), sh(0.15), sh(-0.15)]),
        ("rot ±8 + shear ±0.25", vec![ID, r(8.0), r(-8.0), sh(0.25), sh(-0.25)]),
        ("rot ±5 + shear ±0.15 + scale", vec![ID, r(5.0), r(-5.0), sh(0.15), sh(-0.15), sc(0.85, 1.0), sc(1.15, 1.0)]),
    ];
    // Every sample's probabilities under every distinct map, computed once.
    let mut uniq: Vec<Affine> = Vec::new();
    for m in sets.iter().flat_map(|(_, v)| v) {
        if !uniq.contains(m) {
            uniq.push(*m);
        }
    }
    let table: Vec<Row> = samples
        .iter()
        .map(|s| (s.label_char().and_then(class_index), uniq.iter().map(|&m| probs(&model, &apply(&s.strokes, m), mlps_only)).collect()))
        .collect();
    for legal_s in ["1-4", "1-6", "1-9", "1-9A-G"] {
        let chars = parse_symbol_set(legal_s).map_err(|e| e.to_string())?;
        let legal: Vec<usize> = chars.iter().filter_map(|&c| class_index(c)).collect();
        let rows: Vec<&Row> = table.iter().filter(|(l, _)| l.is_some_and(|l| legal.contains(&l))).collect();
        println!("{legal_s}: {} samples", rows.len());
        let plain: Vec<bool> = rows.iter().map(|(l, p)| p[0].as_ref().is_some_and(|p| Some(best(p, &legal)) == *l)).collect();
        for (name, set) in &sets {
            let idx: Vec<usize> = set.iter().map(|m| uniq.iter().position(|u| u == m).unwrap_or(0)).collect();
            let (mut right, mut fixed, mut broke) = (0, 0, 0);
            for (k, (l, p)) in rows.iter().enumerate() {
                let mut mean = vec![0.0f32; 17];
                let mut n = 0;
                for &i in &idx {
                    if let Some(q) = &p[i] {
                        mean.iter_mut().zip(q).for_each(|(a, b)| *a += b);
                        n += 1;
                    }
                }
                let ok = n > 0 && Some(best(&mean, &legal)) == *l;
                right += ok as usize;
                fixed += (ok && !plain[k]) as usize;
                broke += (!ok && plain[k]) as usize;
            }
            println!("  {name:<30} {:>6.2}%  fixed {fixed:>3}  new errors {broke:>3}", 100.0 * right as f64 / rows.len() as f64);
        }
    }
    Ok(())
}
