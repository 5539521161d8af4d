//! Tuning bench for "not sure" (docs/recogniser.md, "Not sure"): which confidence score best
//! separates the recogniser's wrong answers from its right ones. For each score it prints, at
//! several shares of samples flagged, the share wrong and not flagged. Run it on the validation
//! fold (`train_ink --val --dump-val FOLD.jsonl --out MODEL.bin`), never to choose on test.jsonl:
//!
//!     cargo run --release --example unsure_lab -- MODEL.bin FOLD.jsonl SYMBOLS
//!
//! Scores (higher = surer): `margin` (best minus second legal probability, what ships),
//! `top` (best legal probability), `weakest` (the lowest probability any one net gives the
//! ensemble's answer), `margin+agree` (margin, but 0 when a net's own answer differs).
//! It reads the model's MLP members only (the CNN members, if any, are left out): it was run on
//! the MLP-only fold model.

use inkdoku::ink::model::{softmax, Model};
use inkdoku::ink::{class_index, features, parse_jsonl, parse_symbol_set};

fn main() {
    if let Err(e) = run() {
        eprintln!("unsure_lab: {e}");
        std::process::exit(2);
    }
}

/// Probabilities renormalised over the legal classes.
fn legal_probs(p: &[f32], legal: &[usize]) -> Vec<f32> {
    let z: f32 = legal.iter().map(|&i| p[i]).sum::<f32>().max(f32::MIN_POSITIVE);
    legal.iter().map(|&i| p[i] / z).collect()
}

fn run() -> Result<(), String> {
    let a: Vec<String> = std::env::args().skip(1).collect();
    if a.len() < 3 {
        return Err("usage: unsure_lab MODEL.bin FOLD.jsonl SYMBOLS".into());
    }
    let model = Model::from_bytes(&std::fs::read(&a[0]).map_err(|e| format!("{}: {e}", a[0]))?).map_err(|e| e.to_string())?;
    let samples = parse_jsonl(&std::fs::read_to_string(&a[1]).map_err(|e| format!("{}: {e}", a[1]))?).map_err(|e| e.to_string())?;
    let legal_chars = parse_symbol_set(&a[2]).map_err(|e| e.to_string())?;
    let legal: Vec<usize> = legal_chars.iter().filter_map(|&c| class_index(c)).collect();
    const NAMES: [&str; 4] = ["margin", "top", "weakest", "margin+agree"];
    // Per sample: right or not, and each score.
    let mut rows: Vec<(bool, [f32; 4])> = Vec::new();
    for s in &samples {
        let Some(label) = s.label_char().filter(|c| legal_chars.contains(c)).and_then(class_index) else { continue };
        let Ok(Some(f)) = features::extract(&s.strokes) else {
            rows.push((false, [0.0; 4]));
            continue;
        };
        let x = model.standardize(&f);
        let nets: Vec<Vec<f32>> = model
            .nets
            .iter()
            .map(|n| {
                let mut l = n.logits(&x);
                softmax(&mut l);
                legal_probs(&l, &legal)
            })
            .collect();
        let ens: Vec<f32> = (0..legal.len()).map(|k| nets.iter().map(|p| p[k]).sum::<f32>() / nets.len() as f32).collect();
        let mut order: Vec<usize> = (0..legal.len()).collect();
        order.sort_by(|&i, &j| ens[j].total_cmp(&ens[i]));
        let (best, second) = (order[0], order.get(1).copied().unwrap_or(order[0]));
        let margin = ens[best] - if second == best { 0.0 } else { ens[second] };
        let weakest = nets.iter().map(|p| p[best]).fold(1.0f32, f32::min);
        let agree = nets.iter().all(|p| (0..p.len()).max_by(|&i, &j| p[i].total_cmp(&p[j])) == Some(best));
        rows.push((legal[best] == label, [margin, ens[best], weakest, if agree { margin } else { 0.0 }]));
    }
    let n = rows.len();
    let wrong = rows.iter().filter(|r| !r.0).count();
    println!("{} samples, {wrong} wrong ({:.2}%)", n, 100.0 * wrong as f64 / n as f64);
    println!("share flagged -> wrong and not flagged, per score");
    print!("{:>8}", "flagged");
    for name in NAMES {
        print!("{name:>14}");
    }
    println!();
    for target in [1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 7.0] {
        print!("{:>7.1}%", target);
        for k in 0..NAMES.len() {
            // Flag the least sure `target`% of the samples.
            let mut idx: Vec<usize> = (0..n).collect();
            idx.sort_by(|&i, &j| rows[i].1[k].total_cmp(&rows[j].1[k]));
            let m = ((target / 100.0) * n as f64).round() as usize;
            let silent = idx[m.min(n)..].iter().filter(|&&i| !rows[i].0).count();
            print!("{:>13.2}%", 100.0 * silent as f64 / n as f64);
        }
        println!();
    }
    Ok(())
}
