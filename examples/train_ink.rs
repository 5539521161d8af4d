//! Trains the handwriting recogniser and writes `src/ink/model.bin` (see docs/recogniser.md).
//!
//!     cargo run --release --example train_ink -- [--val] [--epochs N] [--nets K] [--seed S]
//!         [--hidden 256,128] [--lr F] [--batch N] [--smoothing F] [--order-p F] [--aug F]
//!         [--letter-rep K] [--sparse-p F] [--warp F]
//!         [--data PATH] [--out PATH] [--dump-val FOLD.jsonl]
//!
//! `--val` holds out every writer whose id hashes to 0 mod 5 and reports accuracy on them
//! (for tuning; it then does not write the model unless `--out` is given). Without `--val`, all
//! of train.jsonl is used. test.jsonl is never read here. Deterministic for a given seed and
//! binary: one thread, a seeded ChaCha RNG, a fixed sample order.

use std::time::Instant;

use inkdoku::ink::features::{self, FEATURE_LEN};
use inkdoku::ink::model::{softmax, Layer, Mlp, Model};
use inkdoku::ink::{class_index, parse_jsonl, Sample, CLASSES};
use rand::rngs::StdRng;
use inkdoku::ink::augment::{distort, gauss, warp};
use rand::seq::SliceRandom;
use rand::SeedableRng;

struct Opts {
    val: bool,
    epochs: usize,
    nets: usize,
    seed: u64,
    hidden: Vec<usize>,
    data: String,
    out: Option<String>,
    lr: f32,
    batch: usize,
    smoothing: f32,
    order_p: f32,
    aug: f32,
    letter_rep: usize,
    sparse_p: f32,
    dump_val: Option<String>,
    warp: f32,
}

fn opts() -> Result<Opts, String> {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut o = Opts {
        val: false,
        epochs: 30,
        nets: 3,
        seed: 2024,
        hidden: vec![256, 128],
        data: format!("{root}/../shared/data/ink/train.jsonl"),
        out: None,
        lr: 2e-3,
        batch: 64,
        smoothing: 0.05,
        order_p: 0.1,
        aug: 1.0,
        letter_rep: 1,
        sparse_p: 0.0,
        dump_val: None,
        warp: 0.0,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let val = || args.get(i + 1).cloned().ok_or(format!("{} needs a value", args[i]));
        let num = |s: String| s.parse::<f64>().map_err(|e| format!("{s}: {e}"));
        match args[i].as_str() {
            "--val" => {
                o.val = true;
                i += 1;
                continue;
            }
            "--epochs" => o.epochs = num(val()?)? as usize,
            "--nets" => o.nets = num(val()?)? as usize,
            "--seed" => o.seed = num(val()?)? as u64,
            "--lr" => o.lr = num(val()?)? as f32,
            "--batch" => o.batch = num(val()?)? as usize,
            "--smoothing" => o.smoothing = num(val()?)? as f32,
            "--order-p" => o.order_p = num(val()?)? as f32,
            "--aug" => o.aug = num(val()?)? as f32,
            "--sparse-p" => o.sparse_p = num(val()?)? as f32,
            "--letter-rep" => o.letter_rep = (num(val()?)? as usize).max(1),
            "--hidden" => {
                o.hidden = val()?.split(',').map(|s| s.parse().map_err(|_| format!("bad --hidden {s}"))).collect::<Result<_, _>>()?
            }
            "--warp" => o.warp = num(val()?)? as f32,
            "--data" => o.data = val()?,
            "--out" => o.out = Some(val()?),
            "--dump-val" => o.dump_val = Some(val()?),
            other => return Err(format!("unknown argument {other}")),
        }
        i += 2;
    }
    if o.out.is_none() && !o.val {
        o.out = Some(format!("{root}/src/ink/model.bin"));
    }
    Ok(o)
}

/// FNV-1a, so the validation split does not depend on std's hasher.
fn fnv(s: &str) -> u64 {
    s.bytes().fold(0xcbf29ce484222325u64, |h, b| (h ^ b as u64).wrapping_mul(0x100000001b3))
}

struct Net {
    mlp: Mlp,
    m: Vec<Vec<f32>>,
    v: Vec<Vec<f32>>,
    g: Vec<Vec<f32>>,
    t: i32,
}

impl Net {
    fn new(sizes: &[usize], rng: &mut StdRng) -> Net {
        let mut layers = Vec::new();
        for w in sizes.windows(2) {
            let (i, o) = (w[0], w[1]);
            let std = (2.0 / i as f32).sqrt();
            layers.push(Layer { inputs: i, outputs: o, w: (0..i * o).map(|_| gauss(rng) * std).collect(), b: vec![0.0; o] });
        }
        // Parameter blocks: w then b per layer.
        let shapes: Vec<usize> = layers.iter().flat_map(|l| [l.w.len(), l.b.len()]).collect();
        let z = || shapes.iter().map(|&n| vec![0.0f32; n]).collect::<Vec<_>>();
        Net { mlp: Mlp { layers }, m: z(), v: z(), g: z(), t: 0 }
    }

    /// Forward + backward of one sample; adds gradients, returns (loss, correct).
    fn accumulate(&mut self, x: &[f32], label: usize, smoothing: f32) -> (f32, bool) {
        let n = self.mlp.layers.len();
        let mut acts: Vec<Vec<f32>> = vec![x.to_vec()];
        for (i, l) in self.mlp.layers.iter().enumerate() {
            let mut o = Vec::new();
            l.forward(&acts[i], &mut o, i + 1 < n);
            acts.push(o);
        }
        let mut p = acts[n].clone();
        softmax(&mut p);
        let k = p.len() as f32;
        let loss = -(p[label].max(1e-12)).ln();
        let best = p.iter().enumerate().fold((0, f32::MIN), |a, (i, &v)| if v > a.1 { (i, v) } else { a }).0;
        // dL/dz for softmax + smoothed cross-entropy.
        let mut g: Vec<f32> = p
            .iter()
            .enumerate()
            .map(|(i, &pi)| pi - (if i == label { 1.0 - smoothing } else { 0.0 } + smoothing / k))
            .collect();
        for li in (0..n).rev() {
            let l = &self.mlp.layers[li];
            let input = &acts[li];
            let (gw, rest) = self.g.split_at_mut(2 * li + 1);
            let gw = &mut gw[2 * li];
            let gb = &mut rest[0];
            let mut gin = if li > 0 { vec![0.0f32; l.inputs] } else { Vec::new() };
            for (j, &gj) in g.iter().enumerate() {
                if gj == 0.0 {
                    continue;
                }
                gb[j] += gj;
                let row = &mut gw[j * l.inputs..(j + 1) * l.inputs];
                row.iter_mut().zip(input).for_each(|(a, &b)| *a += gj * b);
                if li > 0 {
                    let wrow = &l.w[j * l.inputs..(j + 1) * l.inputs];
                    gin.iter_mut().zip(wrow).for_each(|(a, &b)| *a += gj * b);
                }
            }
            if li > 0 {
                // Through the ReLU of the previous layer.
                for (gi, &a) in gin.iter_mut().zip(&acts[li]) {
                    if a <= 0.0 {
                        *gi = 0.0;
                    }
                }
                g = gin;
            }
        }
        (loss, best == label)
    }

    fn step(&mut self, lr: f32, batch: usize, wd: f32) {
        self.t += 1;
        let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-8f32);
        let c1 = 1.0 - b1.powi(self.t);
        let c2 = 1.0 - b2.powi(self.t);
        let inv = 1.0 / batch as f32;
        for (bi, l) in self.mlp.layers.iter_mut().enumerate() {
            for (pi, params) in [&mut l.w, &mut l.b].into_iter().enumerate() {
                let k = 2 * bi + pi;
                let decay = if pi == 0 { wd } else { 0.0 };
                for (((w, g), m), v) in params.iter_mut().zip(&mut self.g[k]).zip(&mut self.m[k]).zip(&mut self.v[k]) {
                    let gr = *g * inv;
                    *m = b1 * *m + (1.0 - b1) * gr;
                    *v = b2 * *v + (1.0 - b2) * gr * gr;
                    *w -= lr * ((*m / c1) / ((*v / c2).sqrt() + eps) + decay * *w);
                    *g = 0.0;
                }
            }
        }
    }
}

fn accuracy(model: &Model, set: &[(Vec<f32>, usize)], legal: &[usize]) -> f64 {
    let mut ok = 0;
    let mut n = 0;
    for (f, l) in set {
        if !legal.contains(l) {
            continue;
        }
        n += 1;
        let p = model.probabilities(f);
        let best = legal.iter().copied().fold(legal[0], |b, i| if p[i] > p[b] { i } else { b });
        ok += (best == *l) as usize;
    }
    ok as f64 / n.max(1) as f64
}

fn main() {
    if let Err(e) = run() {
        eprintln!("train_ink: {e}");
        std::process::exit(2);
    }
}

fn run() -> Result<(), String> {
    let o = opts()?;
    let t0 = Instant::now();
    let text = std::fs::read_to_string(&o.data).map_err(|e| format!("{}: {e}", o.data))?;
    let samples: Vec<Sample> = parse_jsonl(&text).map_err(|e| e.to_string())?;
    let mut train: Vec<(&Sample, usize)> = Vec::new();
    let mut val: Vec<(Vec<f32>, usize)> = Vec::new();
    let mut val_lines = String::new();
    // The data files have no blank lines: sample i is line i.
    for (s, line) in samples.iter().zip(text.lines()) {
        let Some(l) = s.label_char().and_then(class_index) else { continue };
        let w = s.writer.as_deref().unwrap_or("");
        if o.val && fnv(w).is_multiple_of(5) {
            val_lines.push_str(line);
            val_lines.push('\n');
            if let Ok(Some(f)) = features::extract(&s.strokes) {
                val.push((f, l));
            }
        } else {
            train.push((s, l));
        }
    }
    if let Some(p) = &o.dump_val {
        // The fold's samples, so that `inkdoku recognize --eval --model` can tune on them.
        std::fs::write(p, &val_lines).map_err(|e| format!("{p}: {e}"))?;
    }
    eprintln!("{} train samples, {} validation samples ({:.1}s)", train.len(), val.len(), t0.elapsed().as_secs_f64());
    // Standardisation from the clean training features.
    let clean: Vec<Vec<f32>> = train.iter().filter_map(|(s, _)| features::extract(&s.strokes).ok().flatten()).collect();
    let mut mean = vec![0.0f64; FEATURE_LEN];
    let mut sq = vec![0.0f64; FEATURE_LEN];
    for f in &clean {
        for i in 0..FEATURE_LEN {
            mean[i] += f[i] as f64;
            sq[i] += (f[i] as f64).powi(2);
        }
    }
    let n = clean.len().max(1) as f64;
    let mean: Vec<f32> = mean.iter().map(|m| (m / n) as f32).collect();
    let istd: Vec<f32> = sq
        .iter()
        .zip(&mean)
        .map(|(s, &m)| 1.0 / ((s / n - (m as f64).powi(2)).max(0.0).sqrt() as f32).max(0.05))
        .collect();
    let mut sizes = vec![FEATURE_LEN];
    sizes.extend(&o.hidden);
    sizes.push(CLASSES.len());
    let mut model = Model { mean: mean.clone(), istd: istd.clone(), nets: Vec::new() };
    let digits: Vec<usize> = (1..10).collect();
    let all16: Vec<usize> = (1..17).collect();
    for k in 0..o.nets {
        let mut rng = StdRng::seed_from_u64(o.seed.wrapping_add(k as u64 * 7919));
        let mut net = Net::new(&sizes, &mut rng);
        // Letters are rarer than digits (and F, G rarest): `--letter-rep k` shows each k times
        // per epoch (each time with a fresh distortion).
        let mut order: Vec<usize> = (0..train.len())
            .flat_map(|i| std::iter::repeat_n(i, if train[i].1 >= 10 { o.letter_rep } else { 1 }))
            .collect();
        let steps_per_epoch = order.len().div_ceil(o.batch);
        let total = (steps_per_epoch * o.epochs) as f32;
        let mut step = 0usize;
        for ep in 0..o.epochs {
            order.shuffle(&mut rng);
            let (mut loss, mut ok, mut cnt) = (0.0f64, 0usize, 0usize);
            for chunk in order.chunks(o.batch) {
                for &i in chunk {
                    let (s, l) = train[i];
                    let mut aug = distort(&s.strokes, &mut rng, o.order_p, o.aug, o.sparse_p);
                    if o.warp > 0.0 {
                        aug = warp(&aug, &mut rng, o.warp);
                    }
                    let Ok(Some(f)) = features::extract(&aug) else { continue };
                    let x: Vec<f32> = f.iter().zip(&mean).zip(&istd).map(|((x, m), s)| (x - m) * s).collect();
                    let (lo, c) = net.accumulate(&x, l, o.smoothing);
                    loss += lo as f64;
                    ok += c as usize;
                    cnt += 1;
                }
                // Short warm-up, then cosine decay to zero.
                let frac = step as f32 / total;
                let warm = ((step + 1) as f32 / 200.0).min(1.0);
                let lr = o.lr * warm * 0.5 * (1.0 + (std::f32::consts::PI * frac).cos());
                net.step(lr, chunk.len(), 1e-4);
                step += 1;
            }
            let mut line = format!(
                "net {k} epoch {ep:2}: loss {:.4} train-aug acc {:.4} ({:.0}s)",
                loss / cnt.max(1) as f64,
                ok as f64 / cnt.max(1) as f64,
                t0.elapsed().as_secs_f64()
            );
            if !val.is_empty() && (ep % 5 == 4 || ep + 1 == o.epochs) {
                let single = Model { mean: mean.clone(), istd: istd.clone(), nets: vec![net.mlp.clone()] };
                line += &format!(" | val 1-9 {:.4} 1-G {:.4}", accuracy(&single, &val, &digits), accuracy(&single, &val, &all16));
            }
            eprintln!("{line}");
        }
        model.nets.push(net.mlp);
    }
    let bytes = model.to_bytes();
    let quant = Model::from_bytes(&bytes).map_err(|e| e.to_string())?;
    if !val.is_empty() {
        for (name, legal) in [("1-4", (1..5).collect::<Vec<_>>()), ("1-6", (1..7).collect()), ("1-9", digits.clone()), ("1-9A-G", all16.clone())] {
            eprintln!(
                "validation {name}: ensemble f32 {:.4}, i8 {:.4}",
                accuracy(&model, &val, &legal),
                accuracy(&quant, &val, &legal)
            );
        }
    }
    if let Some(out) = &o.out {
        std::fs::write(out, &bytes).map_err(|e| format!("{out}: {e}"))?;
        eprintln!("wrote {out}: {} bytes", bytes.len());
    }
    eprintln!("done in {:.0}s", t0.elapsed().as_secs_f64());
    Ok(())
}
