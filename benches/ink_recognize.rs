//! Recogniser latency and model load time (no criterion: plain timing, one thread).
//!
//!     cargo bench --bench ink_recognize
//!
//! Latency: `ink::recognize` (normalise + features + ensemble) over the first 2,000 samples of
//! test.jsonl, 3 passes, reporting mean, median and 99th percentile per symbol, and the mean
//! and max over symbols of each symbol's fastest pass. Model load:
//! parsing the embedded `model.bin` (what the first `recognize` call does once), 50 times.
//! Adapter: embedding a full adaptation profile, what the app does on a background thread.

use std::hint::black_box;
use std::time::Instant;

use inkdoku::ink::{self, model, parse_jsonl};

fn main() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/ink/test.jsonl");
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("ink_recognize bench: {path}: {e}");
            return;
        }
    };
    let samples = match parse_jsonl(&text) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("ink_recognize bench: {e}");
            return;
        }
    };
    let all = &samples;
    let samples = &samples[..samples.len().min(2000)];

    let mut loads = Vec::new();
    for _ in 0..50 {
        let t = Instant::now();
        let m = model::Model::from_bytes(black_box(model::embedded_bytes()));
        loads.push(t.elapsed().as_secs_f64() * 1e3);
        black_box(m.map(|m| m.nets.len()).unwrap_or(0));
    }
    loads.sort_by(f64::total_cmp);
    let Ok(m) = model::embedded() else { return };
    println!(
        "model load: median {:.3} ms, max {:.3} ms ({} bytes, {} MLPs + {} CNNs)",
        loads[loads.len() / 2],
        loads[loads.len() - 1],
        model::embedded_bytes().len(),
        m.nets.len(),
        m.cnns.len()
    );

    // A full adaptation profile: 10 samples of each of the 16 symbols (from the end of the
    // file, not among the timed samples), the most the app keeps.
    let mut profile = ink::adapt::Profile::default();
    for s in all.iter().rev() {
        if let Some(c) = s.label_char().filter(|&c| c != '0') {
            if profile.count(c) < ink::adapt::MAX_PER_SYMBOL {
                let _ = profile.add(c, &s.strokes);
            }
        }
    }
    // Embedding the profile: what the app does on a background thread after start-up and after
    // each correction (src-tauri/src/commands/handwriting.rs).
    let t = Instant::now();
    let adapter = profile.adapter(m);
    println!("adapter of a full profile ({} samples): {:.1} ms", adapter.len(), t.elapsed().as_secs_f64() * 1e3);
    for (set, adapted) in [("1-9", None), ("1-9A-G", None), ("1-9A-G adapted", Some(&adapter))] {
        let legal = ink::parse_symbol_set(set.split(' ').next().unwrap_or(set)).unwrap_or_default();
        let mut times = Vec::new();
        let mut points = 0usize;
        for _ in 0..3 {
            for s in samples {
                points += s.strokes.iter().map(|st| st.points.len()).sum::<usize>();
                let t = Instant::now();
                let r = ink::recognize_with(m, adapted, black_box(&s.strokes), black_box(&legal));
                times.push(t.elapsed().as_secs_f64() * 1e3);
                black_box(r.ok());
            }
        }
        if let Some(a) = adapted {
            println!("adapted: {} samples of the player", a.len());
        }
        // Per symbol, the fastest of the 3 passes: its cost without preemption by other
        // processes (the shared machine's load shows up in p99/max, not here).
        let per = samples.len();
        let best: Vec<f64> = (0..per).map(|i| (0..3).map(|k| times[k * per + i]).fold(f64::MAX, f64::min)).collect();
        let best_mean = best.iter().sum::<f64>() / per as f64;
        let best_max = best.iter().copied().fold(0.0, f64::max);
        let mean = times.iter().sum::<f64>() / times.len() as f64;
        times.sort_by(f64::total_cmp);
        println!(
            "recognize {set}: mean {:.4} ms, median {:.4} ms, p99 {:.4} ms, max {:.4} ms per symbol ({} calls, {:.0} points/symbol)",
            mean,
            times[times.len() / 2],
            times[times.len() * 99 / 100],
            times[times.len() - 1],
            times.len(),
            points as f64 / times.len() as f64
        );
        println!("recognize {set}, fastest of 3 per symbol: mean {best_mean:.4} ms, max {best_max:.4} ms");
    }
}
