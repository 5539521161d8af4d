//! Trains the handwriting recogniser and writes `src/ink/model.bin` (see docs/recogniser.md).
//!
//!     cargo run --release --example train_ink -- [--val] [--epochs N] [--nets K] [--seed S]
//!         [--hidden 256,128] [--lr F] [--batch N] [--smoothing F] [--order-p F] [--aug F]
//!         [--letter-rep K] [--sparse-p F] [--warp F]
//!         [--cnns K] [--cnn-epochs N] [--cnn-lr F] [--cnn-width 16,32,64] [--cnn-hidden 128]
//!         [--cnn-weight W] [--cnn-aug F] [--cnn-limit N] [--base MODEL.bin] [--merge OTHER.bin]
//!         [--data PATH] [--out PATH] [--dump-val FOLD.jsonl]
//!         [--val-fold K] [--drop-fold J] [--dump-probs OUT.txt] [--exclude-lines LINES.txt]
//!
//! `--cnns K` adds K convolutional nets on the rendered ink (`ink::cnn`), mixed with weight
//! `--cnn-weight W` (with `--val` and no `--cnn-weight`, the W in 0, 0.05, ..., 1 best on the
//! fold's 1-9A-G is chosen, and every W's figures are printed). `--base MODEL.bin` starts from
//! a model file (its standardisation, MLPs and CNNs) instead of training MLPs: CNNs can be
//! added to a fold model trained once, or `--cnns 0 --cnn-weight W` only re-mixes it.
//! `--cnn-aug F`: the CNNs' distortion strength (default: `--aug`, the MLPs').
//! `--merge OTHER.bin` adds another file's CNNs (CNNs trained in separate runs, averaged): all
//! of them, so train a CNN to merge into a fold model with `--base` on an MLP-only fold file,
//! never on `src/ink/model.bin`, whose CNNs have seen the fold's writers.
//! `--cnn-limit N` trains on the first N samples of each epoch's order only (timing).
//!
//! `--val` holds out every writer whose id hashes to 0 mod 5 and reports accuracy on them
//! (for tuning; it then does not write the model unless `--out` is given). Without `--val`, all
//! of train.jsonl is used. `--val-fold K` holds out the writers at K mod 5 instead, `--drop-fold J`
//! leaves fold J out of training altogether (cross-validation inside the other folds), and
//! `--dump-probs` writes every held-out sample's reading (`line label answer p_label p_answer`,
//! line = 1-based in the data file): out-of-fold readings of the training data, to look for
//! mislabelled samples. `--exclude-lines` leaves the listed lines (one number per line, `#`
//! comments) out of training. test.jsonl is never read here. Deterministic for a given seed and
//! binary: one thread, a seeded ChaCha RNG, a fixed sample order.

use std::time::Instant;

use inkdoku::ink::features::{self, FEATURE_LEN};
use inkdoku::ink::cnn::{self, Cnn, Conv, Trace};
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
    cnns: usize,
    cnn_epochs: usize,
    cnn_lr: f32,
    cnn_width: Vec<usize>,
    cnn_hidden: usize,
    cnn_weight: Option<f32>,
    cnn_limit: usize,
    base: Option<String>,
    merge: Option<String>,
    cnn_aug: Option<f32>,
    val_fold: u64,
    drop_fold: Option<u64>,
    dump_probs: Option<String>,
    exclude_lines: Option<String>,
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
        cnns: 0,
        cnn_epochs: 20,
        cnn_lr: 2e-3,
        cnn_width: vec![16, 32, 64],
        cnn_hidden: 128,
        cnn_weight: None,
        cnn_limit: usize::MAX,
        base: None,
        merge: None,
        cnn_aug: None,
        val_fold: 0,
        drop_fold: None,
        dump_probs: None,
        exclude_lines: None,
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
            "--cnns" => o.cnns = num(val()?)? as usize,
            "--cnn-epochs" => o.cnn_epochs = num(val()?)? as usize,
            "--cnn-lr" => o.cnn_lr = num(val()?)? as f32,
            "--cnn-width" => {
                o.cnn_width = val()?.split(',').map(|s| s.parse().map_err(|_| format!("bad --cnn-width {s}"))).collect::<Result<_, _>>()?
            }
            "--cnn-hidden" => o.cnn_hidden = num(val()?)? as usize,
            "--cnn-weight" => o.cnn_weight = Some((num(val()?)? as f32).clamp(0.0, 1.0)),
            "--cnn-limit" => o.cnn_limit = num(val()?)? as usize,
            "--base" => o.base = Some(val()?),
            "--merge" => o.merge = Some(val()?),
            "--cnn-aug" => o.cnn_aug = Some(num(val()?)? as f32),
            "--val-fold" => o.val_fold = (num(val()?)? as u64) % 5,
            "--drop-fold" => o.drop_fold = Some((num(val()?)? as u64) % 5),
            "--dump-probs" => o.dump_probs = Some(val()?),
            "--exclude-lines" => o.exclude_lines = Some(val()?),
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
    if o.cnns > 0 && !o.val && o.cnn_weight.is_none() {
        return Err("--cnns without --val needs --cnn-weight (choose it on the fold)".into());
    }
    Ok(o)
}

/// Line numbers, one per line (the first word; `#` starts a comment).
fn line_numbers(text: &str) -> Result<std::collections::HashSet<usize>, String> {
    text.lines()
        .filter_map(|l| l.split('#').next()?.split_whitespace().next())
        .map(|w| w.parse::<usize>().map_err(|e| format!("{w}: {e}")))
        .collect()
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

/// This epoch's distortion of a training sample (`strength`: `--aug` or `--cnn-aug`).
fn augmented(strokes: &[inkdoku::ink::Stroke], o: &Opts, strength: f32, rng: &mut StdRng) -> Vec<inkdoku::ink::Stroke> {
    let aug = distort(strokes, rng, o.order_p, strength, o.sparse_p);
    if o.warp > 0.0 {
        warp(&aug, rng, o.warp)
    } else {
        aug
    }
}

/// Learning rate at `step` of `total`: 200-step warm-up, then cosine decay to zero.
fn schedule(base: f32, step: usize, total: f32) -> f32 {
    let frac = step as f32 / total;
    let warm = ((step + 1) as f32 / 200.0).min(1.0);
    base * warm * 0.5 * (1.0 + (std::f32::consts::PI * frac).cos())
}

/// A validation sample: features, rendered image, class.
type ValSample = (Vec<f32>, Vec<f32>, usize);

fn accuracy(model: &Model, set: &[ValSample], legal: &[usize]) -> f64 {
    let mut ok = 0;
    let mut n = 0;
    for (f, img, l) in set {
        if !legal.contains(l) {
            continue;
        }
        n += 1;
        let p = model.run_inputs(f, Some(img)).probs;
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
    let mut val: Vec<ValSample> = Vec::new();
    let mut val_lines = String::new();
    let mut val_numbers: Vec<usize> = Vec::new();
    let excluded = match &o.exclude_lines {
        Some(p) => line_numbers(&std::fs::read_to_string(p).map_err(|e| format!("{p}: {e}"))?)?,
        None => Default::default(),
    };
    // The data files have no blank lines: sample i is line i.
    for (i, (s, line)) in samples.iter().zip(text.lines()).enumerate() {
        let Some(l) = s.label_char().and_then(class_index) else { continue };
        let fold = fnv(s.writer.as_deref().unwrap_or("")) % 5;
        if o.val && fold == o.val_fold {
            val_lines.push_str(line);
            val_lines.push('\n');
            if let Ok(Some(n)) = features::normalize(&s.strokes) {
                val.push((features::from_normalized(&n), cnn::render(&n.strokes), l));
                val_numbers.push(i + 1);
            }
        } else if o.drop_fold != Some(fold) && !excluded.contains(&(i + 1)) {
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
    let mut model = match &o.base {
        Some(p) => Model::from_bytes(&std::fs::read(p).map_err(|e| format!("{p}: {e}"))?).map_err(|e| format!("{p}: {e}"))?,
        None => Model { mean: mean.clone(), istd: istd.clone(), nets: Vec::new(), cnns: Vec::new(), cnn_weight: 0.0 },
    };
    let n_mlps = if o.base.is_some() { 0 } else { o.nets };
    let digits: Vec<usize> = (1..10).collect();
    let all16: Vec<usize> = (1..17).collect();
    for k in 0..n_mlps {
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
                    let Ok(Some(f)) = features::extract(&augmented(&s.strokes, &o, o.aug, &mut rng)) else { continue };
                    let x: Vec<f32> = f.iter().zip(&mean).zip(&istd).map(|((x, m), s)| (x - m) * s).collect();
                    let (lo, c) = net.accumulate(&x, l, o.smoothing);
                    loss += lo as f64;
                    ok += c as usize;
                    cnt += 1;
                }
                // Short warm-up, then cosine decay to zero.
                let lr = schedule(o.lr, step, total);
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
                let single = Model { mean: mean.clone(), istd: istd.clone(), nets: vec![net.mlp.clone()], cnns: Vec::new(), cnn_weight: 0.0 };
                line += &format!(" | val 1-9 {:.4} 1-G {:.4}", accuracy(&single, &val, &digits), accuracy(&single, &val, &all16));
            }
            eprintln!("{line}");
        }
        model.nets.push(net.mlp);
    }
    for k in 0..o.cnns {
        let c = train_cnn(&o, k, &train, &val, &model, t0)?;
        model.cnns.push(c);
    }
    if let Some(p) = &o.merge {
        let other = Model::from_bytes(&std::fs::read(p).map_err(|e| format!("{p}: {e}"))?).map_err(|e| format!("{p}: {e}"))?;
        model.cnns.extend(other.cnns);
    }
    if !model.cnns.is_empty() {
        model.cnn_weight = match o.cnn_weight {
            Some(w) => w,
            None => choose_weight(&model, &val)?,
        };
        eprintln!("CNN weight {}", model.cnn_weight);
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
    if let Some(p) = &o.dump_probs {
        // Out-of-fold readings of the training file's samples, to find mislabelled ones.
        let mut t = String::from("# line label answer p_label p_answer\n");
        for ((f, img, l), n) in val.iter().zip(&val_numbers) {
            let pr = quant.run_inputs(f, Some(img)).probs;
            let top = (0..CLASSES.len()).fold(0, |b, i| if pr[i] > pr[b] { i } else { b });
            t += &format!("{n} {} {} {:.4} {:.4}\n", CLASSES[*l], CLASSES[top], pr[*l], pr[top]);
        }
        std::fs::write(p, t).map_err(|e| format!("{p}: {e}"))?;
    }
    if let Some(out) = &o.out {
        std::fs::write(out, &bytes).map_err(|e| format!("{out}: {e}"))?;
        eprintln!("wrote {out}: {} bytes", bytes.len());
    }
    eprintln!("done in {:.0}s", t0.elapsed().as_secs_f64());
    Ok(())
}

/// Prints the fold's figures for every mixing weight 0, 0.05, ..., 1 (i8 model) and returns
/// the one best on 1-9A-G (the smallest on ties).
fn choose_weight(model: &Model, val: &[ValSample]) -> Result<f32, String> {
    if val.is_empty() {
        return Err("choosing the CNN weight needs --val (or give --cnn-weight)".into());
    }
    let quant = Model::from_bytes(&model.to_bytes()).map_err(|e| e.to_string())?;
    // Both halves once per sample; the mixes are then cheap.
    let parts: Vec<(Vec<f32>, Vec<f32>, usize)> =
        val.iter().map(|(f, img, l)| (quant.run_mlps(f).probs, quant.cnn_probabilities(img), *l)).collect();
    let sets: [(&str, Vec<usize>); 4] =
        [("1-4", (1..5).collect()), ("1-6", (1..7).collect()), ("1-9", (1..10).collect()), ("1-9A-G", (1..17).collect())];
    let (mut best_w, mut best) = (0.0f32, -1.0f64);
    for i in 0..=20 {
        let w = i as f32 / 20.0;
        let mut line = format!("mix w {w:.2}:");
        let mut last = 0.0;
        for (name, legal) in &sets {
            let (mut ok, mut n) = (0usize, 0usize);
            for (a, b, l) in parts.iter().filter(|p| legal.contains(&p.2)) {
                let p = |i: usize| (1.0 - w) * a[i] + w * b[i];
                let top = legal.iter().copied().fold(legal[0], |t, i| if p(i) > p(t) { i } else { t });
                ok += (top == *l) as usize;
                n += 1;
            }
            last = ok as f64 / n.max(1) as f64;
            line += &format!(" {name} {last:.4}");
        }
        eprintln!("{line}");
        if last > best + 1e-9 {
            (best_w, best) = (w, last);
        }
    }
    Ok(best_w)
}

/// Adam state for a list of parameter blocks (even blocks are weights and get weight decay).
struct Adam {
    m: Vec<Vec<f32>>,
    v: Vec<Vec<f32>>,
    t: i32,
}

impl Adam {
    fn new(shapes: &[usize]) -> Adam {
        let z = || shapes.iter().map(|&n| vec![0.0f32; n]).collect::<Vec<_>>();
        Adam { m: z(), v: z(), t: 0 }
    }

    /// One step from the summed gradients of `batch` samples; clears the gradients.
    fn step(&mut self, params: Vec<&mut Vec<f32>>, grads: &mut [Vec<f32>], lr: f32, batch: usize, wd: f32) {
        self.t += 1;
        let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-8f32);
        let (c1, c2) = (1.0 - b1.powi(self.t), 1.0 - b2.powi(self.t));
        let inv = 1.0 / batch as f32;
        for (k, p) in params.into_iter().enumerate() {
            let decay = if k % 2 == 0 { wd } else { 0.0 };
            for (((w, g), m), v) in p.iter_mut().zip(&mut grads[k]).zip(&mut self.m[k]).zip(&mut self.v[k]) {
                let gr = *g * inv;
                *m = b1 * *m + (1.0 - b1) * gr;
                *v = b2 * *v + (1.0 - b2) * gr * gr;
                *w -= lr * ((*m / c1) / ((*v / c2).sqrt() + eps) + decay * *w);
                *g = 0.0;
            }
        }
    }
}

/// A CNN with He-initialised weights: `width` convolutions (5x5 first, then 3x3), a hidden
/// dense layer of `hidden`, one output per class.
fn new_cnn(width: &[usize], hidden: usize, rng: &mut StdRng) -> Cnn {
    let mut he = |n: usize, fan_in: usize| {
        let std = (2.0 / fan_in as f32).sqrt();
        (0..n).map(|_| gauss(rng) * std).collect::<Vec<f32>>()
    };
    let mut convs = Vec::new();
    let mut cin = cnn::CHANNELS;
    for (i, &cout) in width.iter().enumerate() {
        let k = if i == 0 { 5 } else { 3 };
        convs.push(Conv { cin, cout, k, w: he(cout * cin * k * k, cin * k * k), b: vec![0.0; cout] });
        cin = cout;
    }
    let mut net = Cnn { side: cnn::SIDE, channels: cnn::CHANNELS, convs, dense: Vec::new() };
    let flat = net.flat_len();
    let out = CLASSES.len();
    net.dense = vec![
        Layer { inputs: flat, outputs: hidden, w: he(flat * hidden, flat), b: vec![0.0; hidden] },
        Layer { inputs: hidden, outputs: out, w: he(hidden * out, hidden), b: vec![0.0; out] },
    ];
    net
}

/// Trains CNN number `k` with the MLPs' recipe: fresh distortion every epoch, Adam, warm-up
/// and cosine decay, label smoothing, weight decay.
fn train_cnn(o: &Opts, k: usize, train: &[(&Sample, usize)], val: &[ValSample], model: &Model, t0: Instant) -> Result<Cnn, String> {
    let mut rng = StdRng::seed_from_u64(o.seed.wrapping_add(1_000_003).wrapping_add(k as u64 * 7919));
    let mut net = new_cnn(&o.cnn_width, o.cnn_hidden, &mut rng);
    let strength = o.cnn_aug.unwrap_or(o.aug);
    net.check(CLASSES.len())?;
    let shapes: Vec<usize> = net.params_mut().iter().map(|p| p.len()).collect();
    let mut adam = Adam::new(&shapes);
    let mut grads: Vec<Vec<f32>> = shapes.iter().map(|&n| vec![0.0; n]).collect();
    let mut trace = Trace::default();
    let mut order: Vec<usize> = (0..train.len()).collect();
    let per_epoch = order.len().min(o.cnn_limit);
    let total = (per_epoch.div_ceil(o.batch) * o.cnn_epochs) as f32;
    let mut step = 0usize;
    let digits: Vec<usize> = (1..10).collect();
    let all16: Vec<usize> = (1..17).collect();
    for ep in 0..o.cnn_epochs {
        let te = Instant::now();
        order.shuffle(&mut rng);
        let (mut loss, mut ok, mut cnt) = (0.0f64, 0usize, 0usize);
        for chunk in order[..per_epoch].chunks(o.batch) {
            for &i in chunk {
                let (s, l) = train[i];
                let Ok(Some(n)) = features::normalize(&augmented(&s.strokes, o, strength, &mut rng)) else { continue };
                net.forward(&cnn::render(&n.strokes), &mut trace);
                let (lo, c) = net.backward(&trace, l, o.smoothing, &mut grads);
                loss += lo as f64;
                ok += c as usize;
                cnt += 1;
            }
            let lr = schedule(o.cnn_lr, step, total);
            adam.step(net.params_mut(), &mut grads, lr, chunk.len(), 1e-4);
            step += 1;
        }
        let mut line = format!(
            "cnn {k} epoch {ep:2}: loss {:.4} train-aug acc {:.4} ({:.1}s epoch, {:.0}s)",
            loss / cnt.max(1) as f64,
            ok as f64 / cnt.max(1) as f64,
            te.elapsed().as_secs_f64(),
            t0.elapsed().as_secs_f64()
        );
        if !val.is_empty() && (ep % 5 == 4 || ep + 1 == o.cnn_epochs) {
            // The CNN alone: weight 1.
            let alone = Model { cnns: vec![net.clone()], cnn_weight: 1.0, ..model.clone() };
            line += &format!(" | val 1-9 {:.4} 1-G {:.4}", accuracy(&alone, val, &digits), accuracy(&alone, val, &all16));
        }
        eprintln!("{line}");
    }
    Ok(net)
}
