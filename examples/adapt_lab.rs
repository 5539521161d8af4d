//! Tuning bench for the player adaptation (docs/recogniser.md, "Adaptation"): per writer, the
//! first K samples of each symbol adapt, the rest are scored, for several adaptation methods
//! side by side. Run it on the validation fold, never to choose anything on test.jsonl:
//!
//!     cargo run --release --example adapt_lab -- MODEL.bin FOLD.jsonl SYMBOLS K [METHOD...]
//!
//! METHOD: `mix` (the shipped nearest-sample mixture), `ft:MU,STEPS,LR` (last layer fine-tuned
//! on the samples with an L2 pull MU toward the general weights), `ftmix:MU,STEPS,LR` (both),
//! `augmix:N,STRENGTH` (the mixture, every sample also as N distorted copies).
//! `LAB_ERRORS=1` lists the errors left.

use std::collections::BTreeMap;

use inkdoku::ink::adapt::{first_per_symbol, Adapter};
use inkdoku::ink::features;
use inkdoku::ink::model::{softmax, Model};
use inkdoku::ink::{self, class_index, parse_jsonl, parse_symbol_set, CLASSES};

struct Cached {
    label: usize,
    line: usize,
    /// Per net: last hidden layer.
    hidden: Vec<Vec<f32>>,
}

fn main() {
    if let Err(e) = run() {
        eprintln!("adapt_lab: {e}");
        std::process::exit(2);
    }
}

/// The numbers after `name:` in a method.
fn params(method: &str) -> Result<Vec<f32>, String> {
    let p = method.split_once(':').map_or("", |x| x.1);
    let v: Vec<f32> = p.split(',').map(|x| x.parse().map_err(|_| format!("bad parameter {x} in {method}"))).collect::<Result<_, _>>()?;
    if v.len() < 2 || (method.starts_with("ft") && v.len() < 3) {
        return Err(format!("{method}: too few parameters"));
    }
    Ok(v)
}

fn run() -> Result<(), String> {
    let a: Vec<String> = std::env::args().skip(1).collect();
    if a.len() < 4 {
        return Err("usage: adapt_lab MODEL.bin FOLD.jsonl SYMBOLS K [METHOD...]".into());
    }
    let model = Model::from_bytes(&std::fs::read(&a[0]).map_err(|e| format!("{}: {e}", a[0]))?).map_err(|e| e.to_string())?;
    let samples = parse_jsonl(&std::fs::read_to_string(&a[1]).map_err(|e| format!("{}: {e}", a[1]))?).map_err(|e| e.to_string())?;
    let legal = parse_symbol_set(&a[2]).map_err(|e| e.to_string())?;
    let k: usize = a[3].parse().map_err(|_| format!("bad K {}", a[3]))?;
    for m in a.iter().skip(4).filter(|m| m.contains(':')) {
        params(m)?;
    }
    let methods: Vec<String> = if a.len() > 4 { a[4..].to_vec() } else { vec!["mix".into()] };
    let legal_idx: Vec<usize> = legal.iter().filter_map(|&c| class_index(c)).collect();

    let mut writers: BTreeMap<String, Vec<(usize, &ink::Sample)>> = BTreeMap::new();
    for (i, s) in samples.iter().enumerate() {
        if s.label_char().is_some_and(|c| legal.contains(&c)) {
            writers.entry(s.writer.clone().unwrap_or_default()).or_default().push((i, s));
        }
    }
    for m in &methods {
        let (mut n, mut right, mut worse) = (0usize, 0usize, 0usize);
        let mut base_right = 0usize;
        for list in writers.values() {
            let (calib, rest) = first_per_symbol(list.iter().copied(), k, |x| x.1.label_char().unwrap_or('?'));
            let cache = |v: &[(usize, &ink::Sample)]| -> Vec<(Cached, Vec<f32>)> {
                v.iter()
                    .filter_map(|&(i, s)| {
                        let f = features::extract(&s.strokes).ok().flatten()?;
                        let x = model.standardize(&f);
                        let hidden = model.nets.iter().map(|n| n.logits_and_hidden(&x).1).collect();
                        Some((Cached { label: class_index(s.label_char()?)?, line: i + 1, hidden }, f))
                    })
                    .collect()
            };
            let cal = cache(&calib);
            let test = cache(&rest);
            // `augmix:N,STRENGTH`: every sample also adapts as N distorted copies.
            let mut extra: Vec<(char, Vec<inkdoku::ink::Stroke>)> = Vec::new();
            if m.starts_with("augmix:") {
                let v = params(m).unwrap_or_default();
                let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(5);
                for (_, s) in &calib {
                    for _ in 0..v[0] as usize {
                        extra.push((s.label_char().unwrap_or('?'), inkdoku::ink::augment::distort(&s.strokes, &mut rng, 0.0, v[1], 0.0)));
                    }
                }
            }
            let adapter = Adapter::new(
                &model,
                calib
                    .iter()
                    .map(|(_, s)| (s.label_char().unwrap_or('?'), s.strokes.as_slice()))
                    .chain(extra.iter().map(|(c, st)| (*c, st.as_slice()))),
            );
            let tuned = m.starts_with("ft").then(|| {
                let v = params(m).unwrap_or_default();
                fine_tune(&model, &cal, v[0], v[1] as usize, v[2])
            });
            let (mut r, mut br) = (0usize, 0usize);
            for (c, f) in &test {
                let out = model.run_mlps(f); // the MLP ensemble: this lab works on its nets
                let base = out.probs.clone();
                let probs = match (m.as_str(), &tuned) {
                    ("mix", _) => adapter.adjust(&out),
                    (s, _) if s.starts_with("augmix") => adapter.adjust(&out),
                    (s, Some(t)) if s.starts_with("ftmix") => {
                        let p = tuned_probs(&model, t, &c.hidden);
                        let o2 = inkdoku::ink::model::Output { probs: p, embedding: out.embedding.clone() };
                        adapter.adjust(&o2)
                    }
                    (_, Some(t)) => tuned_probs(&model, t, &c.hidden),
                    _ => base.clone(),
                };
                let pick = |p: &[f32]| legal_idx.iter().copied().max_by(|&x, &y| p[x].total_cmp(&p[y]));
                let ok = pick(&probs) == Some(c.label);
                let bok = pick(&base) == Some(c.label);
                r += ok as usize;
                br += bok as usize;
                if !ok && std::env::var("LAB_ERRORS").is_ok() {
                    println!("  error line {} label {} got {}", c.line, CLASSES[c.label], pick(&probs).map_or('-', |i| CLASSES[i]));
                }
            }
            n += test.len();
            right += r;
            base_right += br;
            worse += (r < br) as usize;
        }
        println!(
            "{m}: before {:.4} after {:.4} (n={n}, errors {} -> {}), writers worse {worse}",
            base_right as f64 / n as f64,
            right as f64 / n as f64,
            n - base_right,
            n - right
        );
    }
    Ok(())
}

/// Per net: the change to the last layer's weights and biases.
struct Tuned {
    dw: Vec<Vec<f32>>,
    db: Vec<Vec<f32>>,
}

fn net_logits(model: &Model, t: &Tuned, net: usize, h: &[f32]) -> Vec<f32> {
    let Some(l) = model.nets[net].layers.last() else { return Vec::new() };
    (0..l.outputs)
        .map(|o| {
            let row = &l.w[o * l.inputs..(o + 1) * l.inputs];
            let drow = &t.dw[net][o * l.inputs..(o + 1) * l.inputs];
            l.b[o] + t.db[net][o] + row.iter().zip(drow).zip(h).map(|((w, d), x)| (w + d) * x).sum::<f32>()
        })
        .collect()
}

fn tuned_probs(model: &Model, t: &Tuned, hidden: &[Vec<f32>]) -> Vec<f32> {
    let mut p = vec![0.0; CLASSES.len()];
    for (n, h) in hidden.iter().enumerate() {
        let mut z = net_logits(model, t, n, h);
        softmax(&mut z);
        p.iter_mut().zip(&z).for_each(|(a, b)| *a += b / hidden.len() as f32);
    }
    p
}

fn fine_tune(model: &Model, cal: &[(Cached, Vec<f32>)], mu: f32, steps: usize, lr: f32) -> Tuned {
    let mut t = Tuned {
        dw: model.nets.iter().map(|n| vec![0.0; n.layers.last().map_or(0, |l| l.w.len())]).collect(),
        db: model.nets.iter().map(|n| vec![0.0; n.layers.last().map_or(0, |l| l.b.len())]).collect(),
    };
    for net in 0..model.nets.len() {
        let Some(l) = model.nets[net].layers.last() else { continue };
        let hn: f32 = cal.iter().map(|(c, _)| c.hidden[net].iter().map(|v| v * v).sum::<f32>()).sum::<f32>() / cal.len().max(1) as f32;
        let step = lr / hn.max(1e-6);
        for _ in 0..steps {
            let mut gw = vec![0.0f32; l.w.len()];
            let mut gb = vec![0.0f32; l.b.len()];
            for (c, _) in cal {
                let h = &c.hidden[net];
                let mut z = net_logits(model, &t, net, h);
                softmax(&mut z);
                z[c.label] -= 1.0;
                for (o, g) in z.iter().enumerate() {
                    gb[o] += g;
                    let row = &mut gw[o * l.inputs..(o + 1) * l.inputs];
                    row.iter_mut().zip(h).for_each(|(a, x)| *a += g * x);
                }
            }
            let m = cal.len().max(1) as f32;
            t.dw[net].iter_mut().zip(&gw).for_each(|(d, g)| *d -= step * (g / m + mu * *d));
            t.db[net].iter_mut().zip(&gb).for_each(|(d, g)| *d -= lr * (g / m + mu * *d));
        }
    }
    t
}
