//! Human-technique solver: every step's placements and eliminations are true against the
//! solution, every technique is exercised on puzzles where it is the easiest step available,
//! paths complete, ratings and hints behave.

mod common;

use common::sudoku_sample;
use inkdoku::grid::{Grid, Shape};
use inkdoku::sudoku::human::{self, Board, Hint, Step, Technique};
use inkdoku::sudoku::{solver, Difficulty};

fn check_step_true(step: &Step, sol: &Grid, ctx: &str) {
    for p in &step.placements {
        assert_eq!(sol.get(p.row, p.col), p.value, "{ctx}: {:?} placed a wrong value: {}", step.technique, step.explanation);
    }
    for e in &step.eliminations {
        assert_ne!(sol.get(e.row, e.col), e.value, "{ctx}: {:?} removed the solution: {}", step.technique, step.explanation);
    }
    assert!(!step.placements.is_empty() || !step.eliminations.is_empty(), "{ctx}: empty step");
    assert!(!step.explanation.is_empty());
}

/// Solves the path and checks every step; returns the techniques used.
fn checked_path(line: &str) -> Vec<Technique> {
    let g = Grid::parse_puzzle(line).unwrap();
    let sol = solver::unique_solution(&g).unwrap();
    let path = human::solve_path(&g).unwrap();
    assert!(path.solved, "{line}");
    let mut b = Board::new(&g);
    for s in &path.steps {
        check_step_true(s, &sol, line);
        b.apply(s);
    }
    assert_eq!(b.grid(), sol, "{line}");
    path.steps.iter().map(|s| s.technique).collect()
}

#[test]
fn every_step_is_true_on_shared_sets() {
    let mut seen = std::collections::BTreeSet::new();
    for (set, n) in [
        ("sudoku_exchange_diabolical.txt", 120),
        ("magictour_top1465.txt", 40),
        ("forum_hardest_1106.txt", 8),
        ("17_clue.txt", 40),
        ("sudoku4x4_solo_basic.txt", 40),
        ("sudoku6x6_solo_basic.txt", 40),
        ("sudoku16x16_solo_advanced.txt", 4),
        ("sudoku16x16_solo_basic.txt", 4),
    ] {
        for line in sudoku_sample(set, n) {
            seen.extend(checked_path(&line));
        }
    }
    // The sample is broad enough to use every technique except, perhaps, the rarest.
    for t in [Technique::HiddenSingle, Technique::Pointing, Technique::NakedPair, Technique::XWing, Technique::ForcingChain] {
        assert!(seen.contains(&t), "{t:?} never used: {seen:?}");
    }
}

/// Finds, for each technique, a puzzle of the shared sets whose hardest step is that technique.
/// `cargo test --test sudoku_human find_fixtures -- --ignored --nocapture`
#[test]
#[ignore]
fn find_fixtures() {
    let mut found = std::collections::BTreeMap::new();
    for set in ["sudoku_exchange_diabolical.txt", "magictour_top1465.txt", "17_clue.txt", "forum_hardest_1106.txt"] {
        for line in sudoku_sample(set, 3000) {
            let g = Grid::parse_puzzle(&line).unwrap();
            let r = human::rate(&g).unwrap();
            if let std::collections::btree_map::Entry::Vacant(e) = found.entry(r.hardest) {
                println!("(Technique::{:?}, \"{line}\"),", r.hardest);
                e.insert(line);
            }
            if found.len() == Technique::ALL.len() {
                return;
            }
        }
    }
}

/// Puzzles from the shared sets whose hardest step is the technique (found by `find_fixtures`).
const FIXTURES: [(Technique, &str); 18] = [
    (Technique::HiddenSingle, ".................1....23........423...1..5.....6....7....86.....2.....9..3..1...4"),
    (Technique::NakedSingle, ".................1.....2.34.....4.2...1........5.6.7...2........8..7.9..34..9...."),
    (Technique::Pointing, ".......92.37.......4.......8...6.1.......43.......9...2...5...6...1..74....8....."),
    (Technique::Claiming, "...7....2.8....1...9.......7.6....3.....91...2............5.84.3..6........4..5.."),
    (Technique::NakedPair, "1...48....5....9....6...3.....57.2..8.3.........9............4167..........2....."),
    (Technique::HiddenPair, "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6....."),
    (Technique::NakedTriple, "......41.9..3.....3...2.....48..7..........52.1.......5..2....6.7....8......9...."),
    (Technique::HiddenTriple, ".8..1......5....3.......4.....6.5.7.89....2.....3.....2.....1.9..67........4....."),
    (Technique::XWing, "2..6.34..17.....9............64....59...................53..6...8..7..1.....1...."),
    (Technique::XyWing, "9.....7.1.2.4...........5..7.1..5....8.....3.............82..4.1.9.........39...."),
    (Technique::XyzWing, "..3.......6.7.9..1...6......16...8.9.......24.98......5....2.6....5.4.3...9..32.."),
    (Technique::WWing, "..3..1..8.1.9..25..4.....79...4..5.....176.....2..5...78.....9..31..9.4.6..8..3.."),
    (Technique::Swordfish, ".2...8.6...85...4...4.67...379.....................621...97.2...9...23...5.8...1."),
    (Technique::NakedQuad, "...6.1...1...3...4...254.....8...5...4.....9.36..2..188.1.9.2.763.5.7.41....1...."),
    (Technique::Jellyfish, "87.2....5..5...9.2.2.1...8....4.83.7.........4.35.1....8...2.3.5.4...2..1....5.96"),
    (Technique::SimpleColouring, ".215.........83.2...6...8.....8....1.38...45.7....6.....2...5...5.62.........173."),
    (Technique::ForcingChain, ".83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54."),
    (Technique::Trial, "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5..........."),
];

#[test]
fn each_technique_is_required_on_its_fixture() {
    for (t, line) in FIXTURES {
        let used = checked_path(line);
        assert!(used.contains(&t), "{t:?} not used on {line}");
        let g = Grid::parse(line).unwrap();
        let r = human::rate(&g).unwrap();
        assert_eq!(r.hardest, t, "{line}");
        assert_eq!(r.level, t.level());
        // Without this technique (only easier ones), the puzzle is not solved.
        let k = Technique::ALL.iter().position(|&x| x == t).unwrap();
        assert!(!human::solvable_until(&g, Technique::ALL[k - 1]), "{t:?} not required on {line}");
        assert!(human::solvable_until(&g, t) || t == Technique::Trial);
    }
}

#[test]
fn full_house_alone_finishes_a_nearly_full_board() {
    let g = Grid::parse(FIXTURES[0].1).unwrap();
    let mut p = solver::unique_solution(&g).unwrap();
    for (r, c) in [(0, 0), (4, 4), (8, 8), (2, 6)] {
        p.set(r, c, 0);
    }
    let r = human::rate(&p).unwrap();
    assert_eq!((r.hardest, r.level), (Technique::FullHouse, Difficulty::Easy));
}

#[test]
fn hidden_quad_on_a_pencil_state() {
    // Row 1: 1-4 only in c1-c4; c5-c9 hold 5-9 only; everything else open.
    let g = Grid::empty(Shape::S9);
    let mut marks = vec![0u16; 81];
    marks[4..9].fill(0x1F0);
    let b = Board::with_candidates(&g, &marks).unwrap();
    let s = human::find(&b, Technique::HiddenQuad, None).expect("hidden quad");
    assert!(s.explanation.starts_with("In row 1, 1, 2, 3 and 4 only appear in r1c1"), "{}", s.explanation);
    assert_eq!(s.eliminations.len(), 4 * 5);
    assert!(s.eliminations.iter().all(|e| e.row == 0 && e.col < 4 && e.value >= 5));
}

#[test]
fn levels_follow_the_hardest_technique() {
    let easy = Grid::parse(FIXTURES[0].1).unwrap();
    assert_eq!(human::rate(&easy).unwrap().level, Difficulty::Easy);
    assert!(human::solvable_within(&easy, Difficulty::Easy));
    let medium = Grid::parse(FIXTURES[4].1).unwrap();
    let r = human::rate(&medium).unwrap();
    assert_eq!(r.level, Difficulty::Medium);
    assert!((300..500).contains(&r.score));
    assert!(!human::solvable_within(&medium, Difficulty::Easy));
    assert!(human::solvable_within(&medium, Difficulty::Medium));
}

#[test]
fn hints_point_at_wrong_entries_first_then_steps() {
    let line = FIXTURES[4].1;
    let puzzle = Grid::parse(line).unwrap();
    let sol = solver::unique_solution(&puzzle).unwrap();
    // A wrong entry in r1c2.
    let mut cur = puzzle.clone();
    let right = sol.get(0, 1);
    cur.set(0, 1, right % 9 + 1);
    cur.set(0, 2, sol.get(0, 2));
    match human::hint(&puzzle, &cur, None).unwrap() {
        Hint::WrongEntry { row, col, .. } => assert_eq!((row, col), (0, 1)),
        h => panic!("expected a wrong entry, got {h:?}"),
    }
    // No wrong entry: the easiest step, true against the solution.
    cur.set(0, 1, right);
    match human::hint(&puzzle, &cur, None).unwrap() {
        Hint::Step { step } => {
            check_step_true(&step, &sol, "hint");
            let json = serde_json::to_string(&step).unwrap();
            assert!(json.contains("\"technique\":\""), "{json}");
        }
        h => panic!("expected a step, got {h:?}"),
    }
    // A pencil mark that dropped the right value.
    let mut marks = vec![0u16; 81];
    let (r, c) = (0..81).map(|i| (i / 9, i % 9)).find(|&(r, c)| cur.get(r, c) == 0).unwrap();
    marks[r * 9 + c] = 0x1FF & !(1 << (sol.get(r, c) - 1));
    match human::hint(&puzzle, &cur, Some(&marks)).unwrap() {
        Hint::MissingCandidate { row, col, value, .. } => assert_eq!((row, col, value), (r, c, sol.get(r, c))),
        h => panic!("expected a missing candidate, got {h:?}"),
    }
    assert_eq!(human::hint(&puzzle, &sol, None).unwrap(), Hint::Solved);
    let json = serde_json::to_string(&Hint::Solved).unwrap();
    assert_eq!(json, "{\"kind\":\"solved\"}");
}
