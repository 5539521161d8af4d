//! "Watch my solve" (#44): what a replay costs on long games. For a 9x9 and a 16x16 Sudoku
//! played at random (`testkit::play_watched`: values, candidates, ink notes, colours, about one
//! step in five an undo or a redo), how long the backend takes to make one frame
//! (`GameInPlay::replay_view`: the board after k steps, replayed from the start) at the middle
//! and at the end, how long loading the save takes (the journal is checked by replaying it), and
//! what the journal adds to the save file.
//!
//! `cargo bench --bench replay [-- STEPS]` (STEPS: the 9x9 game's, default 2000; the 16x16
//! plays 2.5 times as many).

use std::time::Instant;

use inkdoku::grid::Shape;
use inkdoku::play::GameInPlay;
use inkdoku::save::{from_bytes, to_bytes};
use inkdoku::testkit::{play_watched, random_action, sample_session};
use rand::rngs::StdRng;
use rand::SeedableRng;

fn median_ms(mut f: impl FnMut(), reps: usize) -> f64 {
    let mut v: Vec<f64> = (0..reps)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    v.sort_by(f64::total_cmp);
    v[reps / 2]
}

fn main() {
    let steps: usize = std::env::args().skip(1).find(|a| !a.starts_with('-')).and_then(|a| a.parse().ok()).unwrap_or(2000);
    println!("| board | steps played | journal ops | frame at middle, ms | frame at end, ms | load, ms | save bytes | of which journal + cut-off edits |");
    println!("|---|---|---|---|---|---|---|---|");
    for (shape, n) in [(Shape::S9, steps), (Shape::S16, steps * 5 / 2)] {
        let mut rng = StdRng::seed_from_u64(44);
        let mut s = sample_session(shape, 0.3, &mut rng);
        s.resume(0);
        play_watched(&mut s, &mut rng, n, random_action, |_| {});
        let g = GameInPlay::Sudoku(s);
        let ops = g.replay_steps().len();
        let mid = median_ms(|| drop(g.replay_view(ops / 2)), 15);
        let end = median_ms(|| drop(g.replay_view(ops)), 15);
        let bytes = to_bytes(&g, 0).expect("encodes");
        let load = median_ms(|| drop(from_bytes(&bytes)), 15);
        let mut v: serde_json::Value = serde_json::from_slice(&bytes).expect("json");
        if let Some(h) = v["history"].as_object_mut() {
            h.remove("journal");
            h.remove("dropped");
        }
        let without = serde_json::to_vec(&v).expect("json").len();
        println!(
            "| {0}x{0} | {n} | {ops} | {mid:.2} | {end:.2} | {load:.1} | {1} | {2} ({3:.0}%) |",
            shape.size,
            bytes.len(),
            bytes.len() - without,
            100.0 * (bytes.len() - without) as f64 / bytes.len() as f64
        );
    }
}
