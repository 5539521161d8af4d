//! Lays out held-out writers' digits as a solver writes small pencil marks, one cell a line,
//! for `inkdoku recognize --eval-marks` (#43; `ink::marks::layout_cells`, seeded):
//! `cargo run --release --example make_marks -- [COUNT] [SEED] > marks.jsonl`.
//! Reads `../shared/data/ink/test.jsonl` (the held-out writers); never copies it.

fn main() {
    let mut args = std::env::args().skip(1);
    let count: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(2000);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(43);
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/ink/test.jsonl");
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{}: {e}", path.display());
            std::process::exit(2);
        }
    };
    let samples = match inkdoku::ink::parse_jsonl(&text) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{}: {e}", path.display());
            std::process::exit(2);
        }
    };
    for cell in inkdoku::ink::marks::layout_cells(&samples, count, seed) {
        match serde_json::to_string(&cell) {
            Ok(line) => println!("{line}"),
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(2);
            }
        }
    }
}
