//! The `inkdoku` binary's Sudoku commands, run as a user would.

mod common;

use common::{read_shared, run_cli as run, shared_path};

use inkdoku::grid::Grid;

#[test]
fn solve_prints_valid_solutions_for_shared_sets() {
    for set in ["magictour_top1465.txt", "sudoku16x16_solo_advanced.txt", "sudoku6x6_solo_basic.txt"] {
        let path = shared_path(&format!("sudoku/{set}"));
        let (code, out, err) = run(&["solve", &path], "");
        assert_eq!(code, 0, "{err}");
        let puzzles = std::fs::read_to_string(&path).unwrap();
        let puzzles: Vec<&str> = puzzles.lines().collect();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), puzzles.len());
        for (p, s) in puzzles.iter().zip(lines) {
            let p = Grid::parse(p).unwrap();
            let s = Grid::parse(s).unwrap();
            assert!(s.is_complete_and_valid() && s.agrees_with(&p));
        }
    }
}

#[test]
fn solve_reports_multiple_unsolvable_and_bad_lines() {
    let serg = read_shared("sudoku/serg_benchmark.txt");
    let multi = serg.lines().next().unwrap();
    // 4x4: r1c3 can hold neither 1, 2 (its row), 3 nor 4 (its column).
    let dead = "12.........3...4";
    let input = format!("{multi}\n12.5\n{dead}\n");
    let (code, out, err) = run(&["solve", "-"], &input);
    assert_eq!(code, 2);
    assert_eq!(out.lines().collect::<Vec<_>>(), vec!["multiple", "unsolvable"]);
    assert!(err.contains("line 2"), "{err}");
    let (code, out, _) = run(&["solve", "--count", "--limit", "5"], &format!("{multi}\n"));
    assert_eq!(code, 0);
    assert_eq!(out.trim(), "5");
}

#[test]
fn solve_accepts_a_multi_line_grid() {
    let text = "1 2 | 3 4\n3 4 | . .\n----+----\n2 . | 4 .\n. . | . 1\n";
    let (code, out, err) = run(&["solve"], text);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "1234341221434321");
}

#[test]
fn generate_rate_steps_and_hint() {
    let (code, out, err) = run(&["generate", "--size", "9", "--difficulty", "hard", "--count", "3", "--seed", "9", "--symmetric"], "");
    assert_eq!(code, 0, "{err}");
    let puzzles: Vec<&str> = out.lines().collect();
    assert_eq!(puzzles.len(), 3);
    let (code2, out2, _) = run(&["generate", "--size", "9", "--difficulty", "hard", "--count", "3", "--seed", "9", "--symmetric"], "");
    assert_eq!((code2, &out2), (0, &out), "same seed, same puzzles");
    let (code, rated, err) = run(&["rate"], &out);
    assert_eq!(code, 0, "{err}");
    for l in rated.lines() {
        let f: Vec<&str> = l.split(' ').collect();
        assert_eq!(f.len(), 3, "{l}");
        assert_eq!(f[0], "hard");
        assert!(f[1].parse::<u32>().is_ok());
    }
    let (code, steps, err) = run(&["steps"], puzzles[0]);
    assert_eq!(code, 0, "{err}");
    assert!(steps.starts_with("1. "), "{steps}");
    assert!(steps.trim_end().lines().last().unwrap().starts_with("rating: hard"));
    let (code, json, _) = run(&["steps", "--json"], puzzles[0]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(v["rating"]["level"], "hard");

    // Hint: the puzzle alone gives a step; a wrong entry is named first.
    let (code, h, _) = run(&["hint", "--json"], puzzles[0]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(h.trim()).unwrap();
    assert_eq!(v["kind"], "step");
    assert!(v["step"]["explanation"].as_str().unwrap().len() > 10);
    let p = Grid::parse(puzzles[0]).unwrap();
    let blank = p.values().iter().position(|&v| v == 0).unwrap();
    let sol = inkdoku::sudoku::solver::solve(&p).unwrap();
    let mut cur = p.clone();
    cur.set(blank / 9, blank % 9, sol.values()[blank] % 9 + 1);
    let (code, h, _) = run(&["hint"], &format!("{}\n{}\n", puzzles[0], cur.to_line()));
    assert_eq!(code, 0);
    assert!(h.contains(&format!("r{}c{} is wrong", blank / 9 + 1, blank % 9 + 1)), "{h}");
}

#[test]
fn generate_rejects_impossible_requests() {
    let (code, _, err) = run(&["generate", "--size", "4", "--difficulty", "expert"], "");
    assert_eq!(code, 2);
    assert!(err.contains("4x4 expert"), "{err}");
    let (code, _, _) = run(&["generate", "--size", "5"], "");
    assert_eq!(code, 2);
    let (code, out, err) = run(&["rate"], "123\n");
    assert_eq!(code, 2);
    assert!(out.is_empty() && err.contains("line 1") && err.contains("81 (9x9)"), "{err}");
}

/// #26 (WPF Sudoku's pluggable solvers): `solve --method human` solves as a person would, one
/// named technique per step, then prints the same answer as the exact solver.
#[test]
fn solve_by_the_human_method_names_each_step_and_ends_with_the_answer() {
    let easy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let (code, exact, err) = run(&["solve", "-"], &format!("{easy}\n"));
    assert_eq!(code, 0, "{err}");
    let (code, human, err) = run(&["solve", "--method", "human", "-"], &format!("{easy}\n"));
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = human.lines().collect();
    let blanks = easy.chars().filter(|&c| c == '.').count();
    assert_eq!(lines.last().copied(), Some(exact.trim()), "the same answer");
    assert!(lines.len() > blanks / 2, "steps: {human}");
    assert!(lines[0].starts_with("1. ") && lines[0].to_lowercase().contains("single"), "{}", lines[0]);
    let (code, out, _) = run(&["solve", "--method", "human", "-"], &format!("{}\n", ".".repeat(81)));
    assert_eq!((code, out.trim()), (0, "multiple"));
    let (code, _, err) = run(&["solve", "--method", "human", "--count", "-"], &format!("{easy}\n"));
    assert_ne!(code, 0, "--count is the exact solver's: {err}");
}

/// Issue 42: `solve`, `rate`, `steps` and `hint` read classic Solo game IDs (`3x3:…`, `2x3:…`)
/// as they read grid lines, and the variants' IDs; one it can't play is refused on its line.
#[test]
fn classic_solo_game_ids_are_read_and_variants_refused() {
    let classic = "3x3:b6_4e1_9j6_9a8a1a6b3b5_2a5b1b3a7_1b8b9a6a9a5_8j2_6e9_5b";
    let six = "2x3:b5b2a2e1c4_3c1e3a6b5b";
    let killer = "3x3xk:zzzc,a_a___a_a_____aa___a_a____a__a_a___aaa_aaa__b_baa__aa_aa_a__a_________aaa___aaa__a__aa____aa____aaa_a,8a9_12a3_9_9_14_19b16e8a8a8a17_6_4a11a19_12d5_19b6_15_9a15c11b7b9c8_10a15a15_11a11a12b6d17a12b";
    let (code, out, err) = run(&["solve"], &format!("{classic}\n{six}\n"));
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2);
    for (id, line) in [classic, six].iter().zip(&lines) {
        let given = inkdoku::sudoku::solo::read_classic(id).unwrap();
        let s = Grid::parse(line).unwrap();
        assert!(s.is_complete_and_valid() && s.agrees_with(&given), "{id}: {line}");
    }
    let (code, out, err) = run(&["rate"], &format!("{classic}\n"));
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.split_whitespace().count(), 3, "LEVEL SCORE TECHNIQUE: {out}");
    let (code, out, err) = run(&["hint"], &format!("{classic}\n"));
    assert_eq!(code, 0, "{err}");
    assert!(!out.trim().is_empty());
    let (code, out, err) = run(&["steps"], &format!("{six}\n"));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("rating:"), "{out}");
    // A variant (issue 42) is solved too; a variant on a board Inkdoku doesn't play and a
    // broken ID are refused, their line named, the others still solved.
    let jigsaw7 = "7j:a2a5h7b7a4a1a5a1a4a7a1a7a4b3h1a2a,cca_ab_b_ba___c__ecba_b_c__ab_bd_dc";
    let (code, out, err) = run(&["solve"], &format!("{killer}\n{classic}\n3x3:b6_4Q\n{jigsaw7}\n"));
    assert_eq!(code, 2);
    assert_eq!(out.lines().count(), 2, "{out}");
    let geo = inkdoku::variants::Puzzle::read_solo(killer).unwrap();
    let first = Grid::parse(out.lines().next().unwrap()).unwrap();
    assert!(geo.rules.geometry().conflicts(first.values()).is_empty() && first.filled() == 81, "{out}");
    assert!(err.contains("line 3: that Solo game ID can't be read: 'Q' at character 9"), "{err}");
    assert!(err.contains("line 4: a 7x7 board is not one Inkdoku plays"), "{err}");
}
