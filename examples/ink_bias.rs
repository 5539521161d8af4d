//! Tuning aid for the recogniser's class weights (docs/recogniser.md, tuning log): scores a
//! model on a validation fold (`train_ink --val --dump-val FOLD.jsonl --out MODEL.bin`) with
//! the probabilities of some classes multiplied by a factor before the legal set is applied.
//!
//!     cargo run --release --example ink_bias -- MODEL.bin FOLD.jsonl [CLASSES [FACTORS]]
//!
//! e.g. `... /tmp/val.bin /tmp/val.jsonl FG 1,1.5,2,3`. Reads only the files it is given.

use inkdoku::ink::model::Model;
use inkdoku::ink::{class_index, parse_jsonl, CLASSES};

fn main() {
    if let Err(e) = run() {
        eprintln!("ink_bias: {e}");
        std::process::exit(2);
    }
}

fn run() -> Result<(), String> {
    let a: Vec<String> = std::env::args().skip(1).collect();
    if a.len() < 2 {
        return Err("usage: ink_bias MODEL.bin FOLD.jsonl [CLASSES [FACTORS]]".into());
    }
    let model = Model::from_bytes(&std::fs::read(&a[0]).map_err(|e| format!("{}: {e}", a[0]))?).map_err(|e| e.to_string())?;
    let text = std::fs::read_to_string(&a[1]).map_err(|e| format!("{}: {e}", a[1]))?;
    let boosted: Vec<usize> = a.get(2).map(|s| s.chars().filter_map(class_index).collect()).unwrap_or_default();
    let factors: Vec<f32> = match a.get(3) {
        Some(s) => s.split(',').map(|v| v.parse().map_err(|_| format!("bad factor {v}"))).collect::<Result<_, _>>()?,
        None => vec![1.0],
    };
    let mut set = Vec::new();
    for s in parse_jsonl(&text).map_err(|e| e.to_string())? {
        let Some(l) = s.label_char().and_then(class_index) else { continue };
        if let Ok(Some(out)) = model.run_strokes(&s.strokes) {
            set.push((out.probs, l));
        }
    }
    let sets: [(&str, Vec<usize>); 4] =
        [("1-4", (1..5).collect()), ("1-6", (1..7).collect()), ("1-9", (1..10).collect()), ("1-9A-G", (1..17).collect())];
    for k in factors {
        let mut line = format!("factor {k}:");
        let mut per = vec![(0usize, 0usize); CLASSES.len()];
        for (name, legal) in &sets {
            let (mut ok, mut n) = (0, 0);
            for (p, l) in &set {
                if !legal.contains(l) {
                    continue;
                }
                let w = |i: usize| if boosted.contains(&i) { p[i] * k } else { p[i] };
                let best = legal.iter().copied().fold(legal[0], |b, i| if w(i) > w(b) { i } else { b });
                n += 1;
                ok += (best == *l) as usize;
                if *name == "1-9A-G" {
                    per[*l].1 += 1;
                    per[*l].0 += (best == *l) as usize;
                }
            }
            line += &format!(" {name} {:.4}", ok as f64 / n.max(1) as f64);
        }
        for &c in &boosted {
            line += &format!(" | {} {}/{}", CLASSES[c], per[c].0, per[c].1);
        }
        println!("{line}");
    }
    Ok(())
}
