//! `inkdoku recognize`: the eval report's last line, the stdin mode and its exit codes.

mod common;

use common::{read_shared, run_cli as run, shared_path};


#[test]
fn eval_ends_with_the_accuracy_line() {
    // A small file: every 40th test sample, labels 0-9 and A-G.
    let text = read_shared("ink/test.jsonl");
    let lines: Vec<&str> = text.lines().step_by(40).collect();
    let path = std::env::temp_dir().join(format!("inkdoku-ink-cli-{}.jsonl", std::process::id()));
    std::fs::write(&path, lines.join("\n")).expect("temp file");
    let p = path.to_string_lossy().into_owned();
    for set in ["1-9", "1-9A-G", "1-4", "1-6"] {
        let (code, out, err) = run(&["recognize", "--eval", &p, "--symbols", set], "");
        assert_eq!(code, 0, "{err}");
        let last = out.lines().last().unwrap_or("");
        let rest = last.strip_prefix("accuracy: ").unwrap_or_else(|| panic!("last line {last:?}"));
        let (acc, n) = rest.split_once(" (n=").expect("accuracy: X (n=N)");
        assert_eq!(acc.len(), 6, "four decimals: {last}");
        let acc: f64 = acc.parse().expect("a number");
        let n: usize = n.trim_end_matches(')').parse().expect("a count");
        assert!(n > 40 && acc > 0.95, "{last}");
        assert!(out.contains("confusion matrix"));
    }
    let _ = std::fs::remove_file(&path);
    let (code, _, err) = run(&["recognize", "--eval", "/nonexistent.jsonl"], "");
    assert_eq!(code, 2);
    assert!(err.contains("nonexistent"), "{err}");
    let (code, _, _) = run(&["recognize", "--eval", &shared_path("ink/test.jsonl"), "--symbols", "1-7"], "");
    assert_eq!(code, 2);
}

#[test]
fn one_sample_on_stdin() {
    let one = r#"{"strokes":[[[50,10],[50,40],[49,70],[49,95]]]}"#;
    let (code, out, _) = run(&["recognize"], one);
    assert_eq!(code, 0);
    assert!(out.starts_with("1 "), "{out}");
    // A dot is rejected (exit 1) with the reason; garbage is an error (exit 2).
    let (code, out, _) = run(&["recognize"], r#"{"strokes":[[{"x":3,"y":3}]]}"#);
    assert_eq!(code, 1);
    assert!(out.starts_with("rejected: "), "{out}");
    let (code, _, err) = run(&["recognize"], "not json");
    assert_eq!(code, 2);
    assert!(err.contains("bad sample"), "{err}");
    let (code, _, err) = run(&["recognize"], r#"{"strokes":[]}"#);
    assert_eq!(code, 2);
    assert!(err.contains("no ink"), "{err}");
}

#[test]
fn eval_reports_unsure_augmented_and_adapted_figures() {
    // Every 10th test sample: enough writers with several samples of each digit.
    let text = read_shared("ink/test.jsonl");
    let lines: Vec<&str> = text.lines().step_by(10).collect();
    let path = std::env::temp_dir().join(format!("inkdoku-ink-cli-adapt-{}.jsonl", std::process::id()));
    std::fs::write(&path, lines.join("\n")).expect("temp file");
    let p = path.to_string_lossy().into_owned();
    let (code, out, err) = run(&["recognize", "--eval", &p, "--symbols", "1-9", "--augment", "7"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("not sure (margin < 0.6, or rejected): flagged "), "{out}");
    assert!(out.contains("wrong and not flagged"), "{out}");
    for v in ["slant", "rotate", "squash", "few points", "off-centre", "all at once"] {
        assert!(out.lines().any(|l| l.trim_start().starts_with(v)), "{v}: {out}");
    }
    let (code, out, err) = run(&["recognize", "--eval", &p, "--symbols", "1-9", "--adapt", "1"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("adaptation: symbols 1-9, K = 1"), "{out}");
    assert!(out.contains("writers worse after adapting: "), "{out}");
    let before: f64 = out
        .lines()
        .find_map(|l| l.strip_prefix("before adapting: "))
        .and_then(|r| r.split_whitespace().next())
        .and_then(|x| x.parse().ok())
        .expect("a before line");
    let last = out.lines().last().unwrap_or("");
    let after: f64 = last.strip_prefix("accuracy: ").and_then(|r| r.split_whitespace().next()).and_then(|x| x.parse().ok()).expect(last);
    // The adapted figure is scored on the same samples, and adapting does not lose accuracy.
    assert!(after >= before && after > 0.95, "{before} -> {after}");
    let (code, _, err) = run(&["recognize", "--eval", &p, "--adapt", "3", "--adapt-params", "1,2"], "");
    assert_eq!(code, 2);
    assert!(err.contains("adapt-params"), "{err}");
    let _ = std::fs::remove_file(&path);
}
