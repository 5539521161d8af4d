//! Measures save size and speed: encode, decode (with full history validation) and an atomic
//! autosave (fsync + rename + backup) for typical and very long games.
//!
//! `cargo run --release --example session_save_bench`

use std::time::Instant;

use inkdoku::grid::Shape;
use inkdoku::play::GameInPlay;
use inkdoku::save;
use inkdoku::testkit::{random_action, sample_session};
use inkdoku::sudoku::play::{Action, SudokuSession};
use rand::rngs::StdRng;
use rand::SeedableRng;

fn game(shape: Shape, moves: usize) -> SudokuSession {
    let mut rng = StdRng::seed_from_u64(42);
    let mut s = sample_session(shape, 0.35, &mut rng);
    while s.history().len() < moves {
        let a = random_action(&s, &mut rng);
        // Solve would end the game early; keep playing.
        if !matches!(a, Action::Solve) {
            let _ = s.apply(a);
        }
    }
    s
}

fn per_call<T>(reps: u32, mut f: impl FnMut() -> T) -> f64 {
    let t = Instant::now();
    for _ in 0..reps {
        std::hint::black_box(f());
    }
    t.elapsed().as_secs_f64() * 1e3 / reps as f64
}

fn main() {
    let dir = std::env::temp_dir().join(format!("inkdoku-save-bench-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join("current.json");
    println!("| board | history edits | file bytes | encode ms | decode+validate ms | autosave (fsync) ms |");
    println!("|---|---|---|---|---|---|");
    for (shape, moves) in [(Shape::S9, 300), (Shape::S9, 5_000), (Shape::S16, 1_000), (Shape::S16, 10_000)] {
        let s = game(shape, moves);
        let history = s.history().len();
        let s = GameInPlay::Sudoku(s);
        let bytes = save::to_bytes(&s, 0).unwrap_or_default();
        let reps = if moves > 2_000 { 20 } else { 200 };
        let enc = per_call(reps, || save::to_bytes(&s, 0));
        let dec = per_call(reps, || save::from_bytes(&bytes));
        let write = per_call(20, || save::save(&path, &s, 0));
        println!(
            "| {0}x{0} | {1} | {2} | {enc:.3} | {dec:.3} | {write:.2} |",
            shape.size,
            history,
            bytes.len()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
