//! Bench for how the MLP and CNN members are mixed (docs/recogniser.md, "mixing the members"):
//! the shipped arithmetic mix `(1 − w) · MLPs + w · CNNs` against a geometric one (a weighted
//! product, renormalised), for every `w` and every legal set, with the "not sure" figures. Run it
//! on the validation fold (`train_ink --val --dump-val FOLD.jsonl`, then `--base` with
//! `--cnns 2`), never to choose on test.jsonl:
//!
//!     cargo run --release --example mix_lab -- MODEL.bin FOLD.jsonl
//!
//! Per row: accuracy, then flagged / wrong-and-not-flagged at the shipped margin
//! (`ink::UNSURE_MARGIN`), then wrong-and-not-flagged when the least sure 2% are flagged.

use inkdoku::ink::model::Model;
use inkdoku::ink::{self, class_index, cnn, features, parse_jsonl, parse_symbol_set, UNSURE_MARGIN};

fn main() {
    if let Err(e) = run() {
        eprintln!("mix_lab: {e}");
        std::process::exit(2);
    }
}

/// One fold sample: its class and both families' 17-class probabilities (`None`: a dot).
struct Row {
    label: char,
    class: usize,
    mlp_cnn: Option<(Vec<f32>, Vec<f32>)>,
}

fn mix(m: &[f32], c: &[f32], w: f32, geometric: bool) -> Vec<f32> {
    if !geometric {
        return m.iter().zip(c).map(|(a, b)| (1.0 - w) * a + w * b).collect();
    }
    let mut p: Vec<f32> = m.iter().zip(c).map(|(a, b)| ((1.0 - w) * a.max(1e-12).ln() + w * b.max(1e-12).ln()).exp()).collect();
    let z: f32 = p.iter().sum();
    p.iter_mut().for_each(|x| *x /= z);
    p
}

/// (right, margin between the best and second legal symbol) of one sample, ranked as the app
/// ranks ([`ink::ranked`]).
fn judge(p: &[f32], legal: &[usize], label: char) -> (bool, f32) {
    let l = ink::ranked(p, legal);
    (l[0].0 == label, l[0].1 - l.get(1).map_or(0.0, |x| x.1))
}

fn run() -> Result<(), String> {
    let a: Vec<String> = std::env::args().skip(1).collect();
    if a.len() < 2 {
        return Err("usage: mix_lab MODEL.bin FOLD.jsonl".into());
    }
    let model = Model::from_bytes(&std::fs::read(&a[0]).map_err(|e| format!("{}: {e}", a[0]))?).map_err(|e| e.to_string())?;
    if model.cnns.is_empty() {
        return Err(format!("{} has no CNN members to mix", a[0]));
    }
    let samples = parse_jsonl(&std::fs::read_to_string(&a[1]).map_err(|e| format!("{}: {e}", a[1]))?).map_err(|e| e.to_string())?;
    let rows: Vec<Row> = samples
        .iter()
        .filter_map(|s| {
            let label = s.label_char()?;
            let class = class_index(label)?;
            let mlp_cnn = features::normalize(&s.strokes).ok().flatten().map(|n| {
                (model.run_mlps(&features::from_normalized(&n)).probs, model.cnn_probabilities(&cnn::render(&n.strokes)))
            });
            Some(Row { label, class, mlp_cnn })
        })
        .collect();
    println!("model's own weight: {:.2}", model.cnn_weight);
    for set in ["1-4", "1-6", "1-9", "1-9A-G"] {
        let legal: Vec<usize> = parse_symbol_set(set).map_err(|e| e.to_string())?.iter().filter_map(|&c| class_index(c)).collect();
        let rows: Vec<&Row> = rows.iter().filter(|r| legal.contains(&r.class)).collect();
        let n = rows.len();
        println!("{set}: {n} samples; mix, w: accuracy | flagged / silent at margin {UNSURE_MARGIN} | silent at 2% flagged");
        for geometric in [false, true] {
            for k in 0..=20 {
                let w = k as f32 * 0.05;
                let mut judged: Vec<(bool, f32)> = rows
                    .iter()
                    .map(|r| match &r.mlp_cnn {
                        Some((m, c)) => judge(&mix(m, c, w, geometric), &legal, r.label),
                        None => (false, 0.0),
                    })
                    .collect();
                let right = judged.iter().filter(|j| j.0).count();
                let flagged = judged.iter().filter(|j| j.1 < UNSURE_MARGIN).count();
                let silent = judged.iter().filter(|j| !j.0 && j.1 >= UNSURE_MARGIN).count();
                judged.sort_by(|x, y| x.1.total_cmp(&y.1));
                let silent2 = judged[(n as f64 * 0.02).round() as usize..].iter().filter(|j| !j.0).count();
                let pc = |k: usize| 100.0 * k as f64 / n as f64;
                println!(
                    "  {:<10} {w:.2}: {:>6.2}% ({:>3} wrong) | {:>5.2}% / {:.2}% | {:.2}%",
                    if geometric { "geometric" } else { "arithmetic" },
                    pc(right),
                    n - right,
                    pc(flagged),
                    pc(silent),
                    pc(silent2)
                );
            }
        }
    }
    Ok(())
}
