//! `inkdoku recognize`: one JSON sample on stdin → best symbol, or `--eval FILE.jsonl` →
//! per-label accuracy, confusion pairs and, as the last line, `accuracy: 0.9912 (n=1234)`.

use std::collections::{BTreeMap, HashSet};
use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use inkdoku::ink::{self, baseline::NearestNeighbour, Recognition, Sample};

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

fn run_inner(args: Args) -> Result<ExitCode, String> {
    let legal = ink::parse_symbol_set(&args.symbols).map_err(|e| e.to_string())?;
    let Some(eval) = &args.eval else {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text).map_err(|e| format!("stdin: {e}"))?;
        let sample: Sample = serde_json::from_str(&text).map_err(|e| format!("bad sample: {e}"))?;
        return match ink::recognize(&sample.strokes, &legal).map_err(|e| e.to_string())? {
            Recognition::Symbol { candidates } => {
                let (c, p) = candidates[0];
                let rest: Vec<String> =
                    candidates.iter().skip(1).take(2).map(|(c, p)| format!("{c} {p:.3}")).collect();
                println!("{c} {p:.3}  (then {})", rest.join(", "));
                Ok(ExitCode::SUCCESS)
            }
            Recognition::Rejected { reason } => {
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
    let nn = match &args.baseline {
        Some(p) => {
            let t = ink::parse_jsonl(&read(p)?).map_err(|e| e.to_string())?;
            Some(NearestNeighbour::new(&t))
        }
        None => None,
    };
    // Sample i is on line i + 1: the data files have no blank lines.
    let mut per_label: BTreeMap<char, (usize, usize)> = BTreeMap::new();
    let mut pairs: BTreeMap<(char, char), usize> = BTreeMap::new();
    let (mut n, mut ok, mut rejected, mut dropped) = (0usize, 0usize, 0usize, 0usize);
    let start = Instant::now();
    for (i, s) in samples.iter().enumerate() {
        let Some(label) = s.label_char().filter(|c| legal.contains(c)) else { continue };
        let writer = s.writer.as_deref().unwrap_or("");
        if excluded.contains(&(writer.to_string(), i + 1)) {
            dropped += 1;
            continue;
        }
        let (answer, conf) = match &nn {
            Some(nn) => (nn.classify(&s.strokes, &legal).ok().flatten(), 1.0),
            None => match ink::rank(&s.strokes, &legal) {
                Ok(Some(c)) => {
                    // Counted as top-1 either way; also count what recognize() would reject.
                    if ink::recognize(&s.strokes, &legal).map(|r| r.best().is_none()).unwrap_or(true) {
                        rejected += 1;
                    }
                    (Some(c[0].0), c[0].1)
                }
                _ => {
                    rejected += 1;
                    (None, 0.0)
                }
            },
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
    let mut sorted: Vec<_> = pairs.into_iter().collect();
    sorted.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    println!("confusions (true -> answer: count):");
    for ((t, g), k) in &sorted {
        println!("  {t} -> {g}: {k}");
    }
    // The full matrix, rows = true label, columns = answer (`?` = no answer).
    let mut cols: Vec<char> = legal.clone();
    if sorted.iter().any(|((_, g), _)| *g == '?') {
        cols.push('?');
    }
    println!("confusion matrix (rows: label, columns: answer):");
    println!("     {}", cols.iter().map(|c| format!("{c:>4}")).collect::<String>());
    for &t in &legal {
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
    if nn.is_none() {
        println!("would be rejected by recognize(): {rejected}");
    }
    println!("time: {:.3} ms/sample", secs * 1000.0 / n.max(1) as f64);
    println!("accuracy: {:.4} (n={n})", ok as f64 / n.max(1) as f64);
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
