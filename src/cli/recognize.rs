//! `inkdoku recognize`: one JSON sample on stdin → best symbol, or `--eval FILE.jsonl` →
//! per-label accuracy, confusion pairs and, as the last line, `accuracy: 0.9912 (n=1234)`.

use std::collections::{BTreeMap, HashSet};
use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use inkdoku::ink::adapt::{first_per_symbol, Adapter};
use inkdoku::ink::augment::{self, Variant};
use inkdoku::ink::model::{self, Model};
use inkdoku::ink::{self, baseline::NearestNeighbour, Recognition, Sample, Stroke};
use rand::rngs::StdRng;
use rand::SeedableRng;

#[derive(clap::Args)]
pub struct Args {
    /// Evaluate every sample of this JSON Lines file (labels outside the symbol set are skipped).
    #[arg(long, value_name = "FILE.jsonl")]
    eval: Option<PathBuf>,
    /// Legal symbols: 1-4, 1-6, 1-9 or 1-9A-G.
    #[arg(long, default_value = "1-9")]
    symbols: String,
    /// Evaluate the 1-NN baseline instead of the model, with templates from this JSONL file.
    #[arg(long, value_name = "TRAIN.jsonl")]
    baseline: Option<PathBuf>,
    /// Leave out the samples listed in this file (lines `writer line`, line = 1-based line
    /// number in the evaluated file; `#` starts a comment).
    #[arg(long, value_name = "FILE")]
    exclude: Option<PathBuf>,
    /// Print every misrecognised sample (line, writer, label, answer, confidence).
    #[arg(long)]
    errors: bool,
    /// Use the model in this file (written by examples/train_ink.rs) instead of the embedded one.
    #[arg(long, value_name = "MODEL.bin")]
    model: Option<PathBuf>,
    /// Also score distorted copies of every sample (slant, rotation, squash, few points,
    /// off-centre, all at once), drawn with this seed (use another than training's 2024).
    #[arg(long, value_name = "SEED")]
    augment: Option<u64>,
    /// Adapt to each writer with their first K samples of each symbol (file order) and score
    /// their remaining samples, before and after.
    #[arg(long, value_name = "K")]
    adapt: Option<usize>,
    /// Adaptation constants `lambda,tau,s0,neighbours` (tuning; default: the built-in ones).
    #[arg(long, value_name = "L,T,S0,K")]
    adapt_params: Option<String>,
    /// Print flagged / wrong-and-not-flagged for a range of unsure margins (tuning).
    #[arg(long)]
    unsure_curve: bool,
    /// Print every sample flagged unsure (line, writer, label, answer, runners-up).
    #[arg(long)]
    list_unsure: bool,
    /// Read small pencil marks (#43): one cell a line, `{"size": 9, "strokes": [[[x, y], ...],
    /// ...], "corner": "27", "centre": "", "ink": false}` in the cell's units; prints, last,
    /// `marks: digits D %, placement P %, cells C %, ink kept K % (N cells)`.
    #[arg(long, value_name = "FILE.jsonl", conflicts_with = "eval")]
    eval_marks: Option<PathBuf>,
}

pub fn run(args: Args) -> ExitCode {
    match run_inner(args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("inkdoku recognize: {e}");
            ExitCode::from(2)
        }
    }
}

fn read(path: &PathBuf) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// What one evaluated sample gave.
struct Scored {
    /// Ranked legal symbols (`None`: a dot or bad ink).
    ranked: Option<Vec<(char, f32)>>,
    /// What `recognize` would answer (`None` when the ink is an error).
    recognition: Option<Recognition>,
}

impl Scored {
    fn answer(&self) -> Option<char> {
        self.ranked.as_ref().and_then(|r| r.first()).map(|c| c.0)
    }
    fn flagged(&self) -> bool {
        self.recognition.as_ref().is_none_or(|r| r.is_unsure())
    }
    fn margin(&self) -> f32 {
        match self.ranked.as_deref() {
            Some([a, b, ..]) => a.1 - b.1,
            Some([_]) => 1.0,
            _ => 0.0,
        }
    }
    fn rejected(&self) -> bool {
        self.recognition.as_ref().is_none_or(|r| r.best().is_none())
    }
}

fn score(model: &Model, adapter: Option<&Adapter>, strokes: &[Stroke], legal: &[char]) -> Scored {
    Scored {
        ranked: ink::rank_with(model, adapter, strokes, legal).ok().flatten(),
        recognition: ink::recognize_with(model, adapter, strokes, legal).ok(),
    }
}

/// `--eval-marks`: every cell read as the app would, scored; the time a cell takes, then the
/// figures.
fn eval_marks(path: &PathBuf) -> Result<ExitCode, String> {
    let text = read(path)?;
    let cells = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| serde_json::from_str::<ink::marks::MarkCell>(l).map_err(|e| format!("{}:{}: {e}", path.display(), i + 1)))
        .collect::<Result<Vec<_>, _>>()?;
    let started = Instant::now();
    let score = ink::marks::evaluate(&cells).map_err(|e| e.to_string())?;
    let per_cell = started.elapsed().as_secs_f64() * 1000.0 / cells.len().max(1) as f64;
    println!("read in {per_cell:.2} ms a cell on average");
    println!("{score}");
    Ok(ExitCode::SUCCESS)
}

fn pct(k: usize, n: usize) -> f64 {
    100.0 * k as f64 / n.max(1) as f64
}

fn run_inner(args: Args) -> Result<ExitCode, String> {
    if let Some(path) = &args.eval_marks {
        return eval_marks(path);
    }
    let legal = ink::parse_symbol_set(&args.symbols).map_err(|e| e.to_string())?;
    let owned_model;
    let model: &Model = match &args.model {
        Some(p) => {
            let bytes = std::fs::read(p).map_err(|e| format!("{}: {e}", p.display()))?;
            owned_model = Model::from_bytes(&bytes).map_err(|e| format!("{}: {e}", p.display()))?;
            &owned_model
        }
        None => model::embedded().map_err(|e| e.to_string())?,
    };
    let Some(eval) = &args.eval else {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text).map_err(|e| format!("stdin: {e}"))?;
        let sample: Sample = serde_json::from_str(&text).map_err(|e| format!("bad sample: {e}"))?;
        return match ink::recognize_with(model, None, &sample.strokes, &legal).map_err(|e| e.to_string())? {
            Recognition::Symbol { candidates, unsure } => {
                let (c, p) = candidates[0];
                let rest: Vec<String> =
                    candidates.iter().skip(1).take(2).map(|(c, p)| format!("{c} {p:.3}")).collect();
                let flag = if unsure { "  unsure" } else { "" };
                println!("{c} {p:.3}  (then {}){flag}", rest.join(", "));
                Ok(ExitCode::SUCCESS)
            }
            Recognition::Rejected { reason, .. } => {
                println!("rejected: {reason}");
                Ok(ExitCode::from(1))
            }
        };
    };
    let samples = ink::parse_jsonl(&read(eval)?).map_err(|e| e.to_string())?;
    let excluded = match &args.exclude {
        Some(p) => parse_exclude(&read(p)?)?,
        None => HashSet::new(),
    };
    // Sample i is on line i + 1: the data files have no blank lines.
    let chosen: Vec<(usize, &Sample, char)> = samples
        .iter()
        .enumerate()
        .filter_map(|(i, s)| {
            let label = s.label_char().filter(|c| legal.contains(c))?;
            let writer = s.writer.as_deref().unwrap_or("");
            (!excluded.contains(&(writer.to_string(), i + 1))).then_some((i, s, label))
        })
        .collect();
    let dropped = samples.iter().filter(|s| s.label_char().is_some_and(|c| legal.contains(&c))).count() - chosen.len();
    if let Some(k) = args.adapt {
        let params = match &args.adapt_params {
            Some(p) => {
                let v: Vec<f32> = p.split(',').map(|x| x.trim().parse::<f32>()).collect::<Result<_, _>>().map_err(|_| format!("bad --adapt-params {p}"))?;
                match v[..] {
                    [l, t, s0, k] => Some((l, t, s0, k as usize)),
                    _ => return Err(format!("--adapt-params wants lambda,tau,s0,neighbours, got {p}")),
                }
            }
            None => None,
        };
        return adapt_eval(model, &chosen, &legal, k, params, &args.symbols, args.errors);
    }
    let nn = match &args.baseline {
        Some(p) => {
            let t = ink::parse_jsonl(&read(p)?).map_err(|e| e.to_string())?;
            Some(NearestNeighbour::new(&t))
        }
        None => None,
    };
    let mut per_label: BTreeMap<char, (usize, usize)> = BTreeMap::new();
    let mut pairs: BTreeMap<(char, char), usize> = BTreeMap::new();
    let (mut n, mut ok, mut rejected, mut flagged, mut silent_wrong) = (0usize, 0usize, 0usize, 0usize, 0usize);
    let mut margins: Vec<(f32, bool, bool)> = Vec::new(); // margin, correct, rejected
    let start = Instant::now();
    for &(i, s, label) in &chosen {
        let writer = s.writer.as_deref().unwrap_or("");
        let (answer, conf) = match &nn {
            Some(nn) => (nn.classify(&s.strokes, &legal).ok().flatten(), 1.0),
            None => {
                let sc = score(model, None, &s.strokes, &legal);
                rejected += sc.rejected() as usize;
                let right = sc.answer() == Some(label);
                flagged += sc.flagged() as usize;
                silent_wrong += (!right && !sc.flagged()) as usize;
                margins.push((sc.margin(), right, sc.rejected()));
                if args.list_unsure && sc.flagged() {
                    let r: Vec<String> = sc.ranked.iter().flatten().take(4).map(|(c, p)| format!("{c} {p:.3}")).collect();
                    println!("unsure: line {} writer {writer} label {label} ranked {}", i + 1, r.join(", "));
                }
                (sc.answer(), sc.ranked.as_ref().and_then(|r| r.first()).map_or(0.0, |c| c.1))
            }
        };
        n += 1;
        let e = per_label.entry(label).or_default();
        e.1 += 1;
        if answer == Some(label) {
            ok += 1;
            e.0 += 1;
        } else {
            let got = answer.unwrap_or('?');
            *pairs.entry((label, got)).or_default() += 1;
            if args.errors {
                println!("error: line {} writer {writer} label {label} got {got} conf {conf:.3}", i + 1);
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let method = if nn.is_some() { "1-NN baseline" } else { "model" };
    println!("method: {method}, symbols: {}, excluded: {dropped}", args.symbols);
    println!("per label:");
    for (c, (good, all)) in &per_label {
        println!("  {c}: {:.4} ({good}/{all})", *good as f64 / (*all).max(1) as f64);
    }
    print_confusions(&legal, &per_label, pairs);
    if nn.is_none() {
        println!("would be rejected by recognize(): {rejected}");
        println!(
            "not sure (margin < {}, or rejected): flagged {flagged} ({:.2}%), wrong and not flagged {silent_wrong} ({:.2}%)",
            ink::UNSURE_MARGIN,
            pct(flagged, n),
            pct(silent_wrong, n)
        );
        if args.unsure_curve {
            for m in [0.05f32, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9] {
                let fl = margins.iter().filter(|(g, _, r)| *r || *g < m).count();
                let sw = margins.iter().filter(|(g, ok, r)| !*ok && !*r && *g >= m).count();
                println!("  margin {m:.2}: flagged {:.2}%, wrong and not flagged {:.2}%", pct(fl, n), pct(sw, n));
            }
        }
        if let Some(seed) = args.augment {
            augmented(model, &chosen, &legal, seed);
        }
    }
    println!("time: {:.3} ms/sample", secs * 1000.0 / n.max(1) as f64);
    println!("accuracy: {:.4} (n={n})", ok as f64 / n.max(1) as f64);
    Ok(ExitCode::SUCCESS)
}

fn print_confusions(legal: &[char], per_label: &BTreeMap<char, (usize, usize)>, pairs: BTreeMap<(char, char), usize>) {
    let mut sorted: Vec<_> = pairs.into_iter().collect();
    sorted.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    println!("confusions (true -> answer: count):");
    for ((t, g), k) in &sorted {
        println!("  {t} -> {g}: {k}");
    }
    // The full matrix, rows = true label, columns = answer (`?` = no answer).
    let mut cols: Vec<char> = legal.to_vec();
    if sorted.iter().any(|((_, g), _)| *g == '?') {
        cols.push('?');
    }
    println!("confusion matrix (rows: label, columns: answer):");
    println!("     {}", cols.iter().map(|c| format!("{c:>4}")).collect::<String>());
    for &t in legal {
        let Some(&(good, _)) = per_label.get(&t) else { continue };
        let row: String = cols
            .iter()
            .map(|&g| {
                let k = if g == t { good } else { sorted.iter().find(|((a, b), _)| *a == t && *b == g).map_or(0, |x| x.1) };
                if k == 0 { format!("{:>4}", ".") } else { format!("{k:>4}") }
            })
            .collect();
        println!("  {t}  {row}");
    }
}

/// Accuracy on distorted copies of the samples, one line per kind of distortion.
fn augmented(model: &Model, chosen: &[(usize, &Sample, char)], legal: &[char], seed: u64) {
    println!("augmented test set (seed {seed}):");
    for (vi, v) in Variant::EVERY.iter().enumerate() {
        // One generator per variant: each line can be reproduced alone.
        let mut rng = StdRng::seed_from_u64(seed.wrapping_add(vi as u64 * 104_729));
        let (mut ok, mut flagged, mut silent) = (0usize, 0usize, 0usize);
        for &(_, s, label) in chosen {
            let ink = augment::variant(&s.strokes, *v, &mut rng);
            let sc = score(model, None, &ink, legal);
            let right = sc.answer() == Some(label);
            ok += right as usize;
            flagged += sc.flagged() as usize;
            silent += (!right && !sc.flagged()) as usize;
        }
        let n = chosen.len();
        println!(
            "  {:<12} {:.4} (n={n}; flagged {:.2}%, wrong and not flagged {:.2}%)",
            v.name(),
            ok as f64 / n.max(1) as f64,
            pct(flagged, n),
            pct(silent, n)
        );
    }
}

/// Writers with fewer samples left than this are not named as the worst.
const MIN_WRITER_SAMPLES: usize = 10;

/// `--adapt K`: per writer, the first K samples of each symbol adapt, the rest are scored
/// with and without the adaptation.
fn adapt_eval(
    model: &Model,
    chosen: &[(usize, &Sample, char)],
    legal: &[char],
    k: usize,
    params: Option<(f32, f32, f32, usize)>,
    symbols: &str,
    errors: bool,
) -> Result<ExitCode, String> {
    let mut writers: BTreeMap<&str, Vec<(usize, &Sample, char)>> = BTreeMap::new();
    for &(i, s, label) in chosen {
        writers.entry(s.writer.as_deref().unwrap_or("")).or_default().push((i, s, label));
    }
    let (mut n, mut before, mut after, mut flagged, mut silent) = (0usize, 0usize, 0usize, 0usize, 0usize);
    let mut per_writer = Vec::new();
    let start = Instant::now();
    for (w, list) in &writers {
        let (calib, rest) = first_per_symbol(list.iter().copied(), k, |x| x.2);
        let mut adapter = Adapter::new(model, calib.iter().map(|&(_, s, label)| (label, s.strokes.as_slice())));
        if let Some((l, t, s0, nb)) = params {
            adapter = adapter.with_params(l, t, s0, nb);
        }
        let (mut b, mut a) = (0usize, 0usize);
        for &(i, s, label) in &rest {
            let plain = score(model, None, &s.strokes, legal).answer();
            b += (plain == Some(label)) as usize;
            let sc = score(model, Some(&adapter), &s.strokes, legal);
            let right = sc.answer() == Some(label);
            if errors && (!right || plain != Some(label)) {
                let show = |a: Option<char>| a.map_or("-".to_string(), String::from);
                println!(
                    "error: line {} writer {w} label {label} before {} after {}",
                    i + 1,
                    show(plain),
                    show(sc.answer())
                );
            }
            a += right as usize;
            flagged += sc.flagged() as usize;
            silent += (!right && !sc.flagged()) as usize;
        }
        n += rest.len();
        before += b;
        after += a;
        if !rest.is_empty() {
            per_writer.push((*w, rest.len(), b, a));
        }
    }
    let acc = |k: usize, n: usize| k as f64 / n.max(1) as f64;
    println!("adaptation: symbols {symbols}, K = {k} per symbol per writer, {} writers", per_writer.len());
    // Worst writers among those with enough samples left to score (one sample is 0% or 100%).
    let scored: Vec<_> = per_writer.iter().filter(|x| x.1 >= MIN_WRITER_SAMPLES).collect();
    let worst_before = scored.iter().min_by(|x, y| acc(x.2, x.1).total_cmp(&acc(y.2, y.1)));
    let worst_after = scored.iter().min_by(|x, y| acc(x.3, x.1).total_cmp(&acc(y.3, y.1)));
    if let (Some(wb), Some(wa)) = (worst_before, worst_after) {
        println!(
            "worst writer before (of those with {MIN_WRITER_SAMPLES}+ samples left): {} {:.4} -> after {:.4} ({} samples)",
            wb.0,
            acc(wb.2, wb.1),
            acc(wb.3, wb.1),
            wb.1
        );
        println!("worst writer after: {} {:.4} (before {:.4})", wa.0, acc(wa.3, wa.1), acc(wa.2, wa.1));
    }
    let worse: Vec<String> =
        per_writer.iter().filter(|x| x.3 < x.2).map(|x| format!("{} {}->{}/{}", x.0, x.2, x.3, x.1)).collect();
    println!("writers worse after adapting: {} {}", worse.len(), worse.join(", "));
    println!(
        "after adapting, not sure: flagged {flagged} ({:.2}%), wrong and not flagged {silent} ({:.2}%)",
        pct(flagged, n),
        pct(silent, n)
    );
    println!("before adapting: {:.4} (n={n})", acc(before, n));
    println!("time: {:.3} ms/sample", start.elapsed().as_secs_f64() * 1000.0 / n.max(1) as f64);
    println!("accuracy: {:.4} (n={n})", acc(after, n));
    Ok(ExitCode::SUCCESS)
}

fn parse_exclude(text: &str) -> Result<HashSet<(String, usize)>, String> {
    let mut out = HashSet::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let mut it = line.split_whitespace();
        let (Some(w), Some(l)) = (it.next(), it.next()) else {
            return Err(format!("exclude file line {}: expected `writer line`", i + 1));
        };
        let l: usize = l.parse().map_err(|_| format!("exclude file line {}: bad line number", i + 1))?;
        out.insert((w.to_string(), l));
    }
    Ok(out)
}
