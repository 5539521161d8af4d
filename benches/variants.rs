//! Sudoku variants (issue 42): X, Jigsaw, Killer and Killer X.
//!
//! 1. Generator: ours per kind, size and level (median and mean ms per puzzle, puzzles/s, seeds
//!    1000 + k), and in the same run `sgt-solo --generate COUNT PARAMS` at the matching Solo level
//!    (easy/medium/hard/expert = basic/intermediate/advanced/extreme), timed as one command,
//!    process start included: Solo's puzzles/s and the ratio ours / Solo.
//! 2. Exact solver (`sudoku::exact`) on Solo's unreasonable (`du`) Killer and Jigsaw puzzles
//!    (made by sgt-solo in the run): median and max µs per solve (count to 2: solve and prove unique).
//! 3. Rating agreement: every Solo puzzle of part 1 rated by ours (`Puzzle::rate`), topped up to
//!    50 per level from Solo's IDs kept in tests/fixtures/solo where Solo is too slow to make
//!    50 in the run (extreme Killers): our levels' distribution per Solo level, and their median.
//!
//! `cargo bench --bench variants [-- SCALE [KIND...]]`: SCALE multiplies every count (default 1;
//! Solo's counts never fall below 3), kinds such as `killer jigsaw` keep only those (default all).
//! sgt-solo is looked for on PATH and in /usr/games; without it the Solo columns stay empty.

use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

use inkdoku::sudoku::{exact, Difficulty};
use inkdoku::variants::generator::{self, Options};
use inkdoku::variants::{Kind, Puzzle};

fn sgt_solo() -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path).chain([PathBuf::from("/usr/games")]).map(|d| d.join("sgt-solo")).find(|p| p.is_file())
}

/// Solo's parameters for a kind and size, without the difficulty.
fn solo_params(kind: Kind, size: u8) -> &'static str {
    match (kind, size) {
        (Kind::X, 6) => "2x3x",
        (Kind::X, _) => "3x3x",
        (Kind::Jigsaw, 6) => "6j",
        (Kind::Jigsaw, _) => "9j",
        (Kind::Killer, _) => "3x3k",
        (Kind::KillerX, _) => "3x3xk",
    }
}

fn solo_level(d: Difficulty) -> (&'static str, &'static str) {
    match d {
        Difficulty::Easy => ("db", "basic"),
        Difficulty::Medium => ("di", "intermediate"),
        Difficulty::Hard => ("da", "advanced"),
        Difficulty::Expert => ("de", "extreme"),
    }
}

/// `count` IDs of `params` made by one `sgt-solo --generate` run, and its wall time (seconds).
fn solo_generate(bin: &PathBuf, count: usize, params: &str) -> (Vec<String>, f64) {
    let t = Instant::now();
    let out = Command::new(bin)
        .args(["--generate", &count.to_string(), params])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .unwrap_or_else(|e| panic!("running {} failed: {e}", bin.display()));
    let secs = t.elapsed().as_secs_f64();
    let ids: Vec<String> = String::from_utf8_lossy(&out.stdout).lines().filter(|l| !l.is_empty()).map(str::to_string).collect();
    (ids, secs)
}

fn median(v: &[f64]) -> f64 {
    let mut v = v.to_vec();
    v.sort_by(|a, b| a.total_cmp(b));
    if v.is_empty() {
        f64::NAN
    } else {
        v[v.len() / 2]
    }
}

/// Our generator's puzzle count per kind (each size and level; before SCALE).
fn our_count(kind: Kind) -> usize {
    if kind.is_killer() {
        20
    } else {
        40
    }
}

/// Solo's puzzle count per kind and level made in the run (before SCALE): 50 for the rating,
/// fewer where Solo is slow (a Killer at extreme takes Solo ~8 s, a Killer X ~1.5 s); those are
/// topped up to 50 for the rating from the ones kept in tests/fixtures/solo ([`kept_solo_ids`]).
fn solo_count(kind: Kind, d: Difficulty) -> usize {
    match (kind, d) {
        (Kind::Killer, Difficulty::Expert) => 6,
        (Kind::KillerX, Difficulty::Expert) => 16,
        _ => 50,
    }
}

/// Solo's IDs of `params` made once and kept (`tests/fixtures/solo/PARAMS.txt`, one per line,
/// `#` lines say how they were made); none for other params.
fn kept_solo_ids(params: &str) -> Vec<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/solo").join(format!("{params}.txt"));
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).map(str::to_string).collect()
}

fn level_index(d: Difficulty) -> usize {
    Difficulty::ALL.iter().position(|&x| x == d).unwrap_or(0)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let scale: f64 = args.first().and_then(|s| s.parse().ok()).unwrap_or(1.0);
    let only: Vec<Kind> = args.iter().skip(1).filter_map(|s| Kind::from_id(s)).collect();
    let n = |k: usize| ((k as f64 * scale).round() as usize).max(1);
    let solo = sgt_solo();
    if solo.is_none() {
        eprintln!("sgt-solo not found (apt-get install sgt-puzzles): the Solo columns stay empty");
    }
    let kinds: Vec<Kind> = Kind::ALL.into_iter().filter(|k| only.is_empty() || only.contains(k)).collect();

    // (variant label, Solo level, our levels' counts, unrated)
    let mut agreement: Vec<(String, &str, [usize; 4], usize)> = Vec::new();
    println!("### Generator: ours and sgt-solo (same run)\n");
    println!("| variant | level | puzzles | median ms | mean ms | max ms | puzzles/s | Solo params | Solo puzzles | Solo puzzles/s | ours / Solo |");
    println!("|---|---|---:|---:|---:|---:|---:|---|---:|---:|---:|");
    for &kind in &kinds {
        for &size in kind.sizes() {
            for d in Difficulty::ALL {
                let mut times = Vec::new();
                let mut failed = 0;
                for k in 0..n(our_count(kind)) {
                    let opts = Options { kind, size, difficulty: d, seed: 1000 + k as u64 };
                    let t = Instant::now();
                    let made = generator::generate(&opts, &mut |_| true);
                    times.push(t.elapsed().as_secs_f64());
                    if made.is_err() {
                        failed += 1;
                    }
                }
                let total: f64 = times.iter().sum();
                let rate = times.len() as f64 / total;
                let max = times.iter().copied().fold(0.0, f64::max);
                let (suffix, level_name) = solo_level(d);
                let params = format!("{}{suffix}", solo_params(kind, size));
                let (mut solo_cols, mut ratio) = (String::from("| |"), String::new());
                if let Some(bin) = &solo {
                    let count = ((solo_count(kind, d) as f64 * scale).round() as usize).max(3);
                    let (ids, secs) = solo_generate(bin, count, &params);
                    let srate = ids.len() as f64 / secs;
                    solo_cols = format!("| {} | {srate:.1} |", ids.len());
                    ratio = format!("{:.2}", rate / srate);
                    // At least 50 rated (times SCALE): the run's, then kept ones.
                    let mut rated = ids.clone();
                    let want = n(50).max(ids.len());
                    let kept: Vec<String> = kept_solo_ids(&params).into_iter().filter(|id| !ids.contains(id)).take(want - ids.len()).collect();
                    rated.extend(kept);
                    let mut counts = [0usize; 4];
                    let mut unrated = 0;
                    for id in &rated {
                        match Puzzle::read_solo(id).map_err(|e| e.to_string()).and_then(|p| p.rate().map_err(|e| e.to_string())) {
                            Ok(r) => counts[level_index(r.level)] += 1,
                            Err(e) => {
                                eprintln!("{id}: {e}");
                                unrated += 1;
                            }
                        }
                    }
                    agreement.push((format!("{} {size}x{size}", kind.id()), level_name, counts, unrated));
                }
                let fail_note = if failed > 0 { format!(" ({failed} failed)") } else { String::new() };
                println!(
                    "| {} {size}x{size} | {d} | {}{fail_note} | {:.1} | {:.1} | {:.1} | {:.1} | {params} {solo_cols} {ratio} |",
                    kind.id(),
                    times.len(),
                    median(&times) * 1e3,
                    total / times.len() as f64 * 1e3,
                    max * 1e3,
                    rate,
                );
            }
        }
    }

    if let Some(bin) = &solo {
        println!("\n### Exact solver on Solo's unreasonable puzzles (count to 2)\n");
        println!("| Solo params | puzzles | median µs | mean µs | max µs | all unique |");
        println!("|---|---:|---:|---:|---:|---|");
        for (kind, params) in [(Kind::Killer, "3x3kdu"), (Kind::Jigsaw, "9jdu"), (Kind::KillerX, "3x3xkdu"), (Kind::X, "3x3xdu")] {
            if !kinds.contains(&kind) {
                continue;
            }
            let (ids, _) = solo_generate(bin, n(20), params);
            let puzzles: Vec<Puzzle> = ids.iter().filter_map(|id| Puzzle::read_solo(id).ok()).collect();
            let mut times = Vec::new();
            let mut unique = true;
            for p in &puzzles {
                // Best of 3: the figure is the solver's, not a scheduler's hiccup.
                let mut best = f64::MAX;
                for _ in 0..3 {
                    let t = Instant::now();
                    let f = exact::solutions(p.rules.geometry(), p.givens.values(), 2);
                    best = best.min(t.elapsed().as_secs_f64());
                    unique &= f.count == 1 && !f.gave_up;
                }
                times.push(best);
            }
            let max = times.iter().copied().fold(0.0, f64::max);
            let mean = times.iter().sum::<f64>() / times.len().max(1) as f64;
            println!(
                "| {params} | {} | {:.0} | {:.0} | {:.0} | {} |",
                times.len(),
                median(&times) * 1e6,
                mean * 1e6,
                max * 1e6,
                if unique { "yes" } else { "NO" }
            );
        }

        println!("\n### Rating agreement: our level of Solo's puzzles\n");
        println!("| variant | Solo level | puzzles | easy | medium | hard | expert | unrated | our median |");
        println!("|---|---|---:|---:|---:|---:|---:|---:|---|");
        for (label, level, counts, unrated) in &agreement {
            let total: usize = counts.iter().sum();
            // The median of the rated puzzles' levels (the lower middle one of an even count).
            let mut acc = 0;
            let mid = total.div_ceil(2).max(1);
            let med = (0..4).find(|&i| {
                acc += counts[i];
                acc >= mid
            });
            let med = if total == 0 { "-" } else { Difficulty::ALL[med.unwrap_or(3)].name() };
            println!(
                "| {label} | {level} | {} | {} | {} | {} | {} | {unrated} | {med} |",
                total + unrated,
                counts[0],
                counts[1],
                counts[2],
                counts[3]
            );
        }
    }
}
