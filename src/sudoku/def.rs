//! Sudoku as the app plays it ([`GameDef`]): its view, summary, hints as data, save record and
//! statistics key. The rules are `play`'s; this file only says them to the rest of the app.

use rand::SeedableRng;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::session::gridplay::GridMove;
use crate::session::marks::MarkKind;
use crate::games::{FromText, GameDef, Likeness, MakeError, Pen, Progress, Source, StatsKey, TextError};
use crate::grid::{Grid, GridError};
use crate::sudoku::check::{self, PuzzleCheck};
use crate::grid::Shape;
use crate::play::{parse_action, to_json, Advice, CellRef, CellValue, Highlight, PlayError};
use crate::save::{LoadError, SaveError};
use crate::session::{CheckpointError, Session};
use crate::sudoku::play::{Action, EditKind, SudokuGame, SudokuSession, SudokuView};
use crate::sudoku::human::Technique;
use crate::sudoku::solo::{self, ClassicTextError, NotClassic};
use crate::sudoku::{bank, generator, solver, Difficulty};

pub struct SudokuDef;

/// A new Sudoku: its size (4, 6, 9 or 16), level and whether the givens are 180-degree symmetric.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SudokuParams {
    pub size: u8,
    pub difficulty: Difficulty,
    pub symmetric: bool,
}

impl Default for SudokuParams {
    fn default() -> Self {
        SudokuParams { size: 9, difficulty: Difficulty::Easy, symmetric: true }
    }
}

impl SudokuParams {
    fn shape(&self) -> Result<Shape, String> {
        Shape::from_size(usize::from(self.size)).ok_or_else(|| format!("size {} is not one of 4, 6, 9, 16", self.size))
    }
}

impl GameDef for SudokuDef {
    const NAME: &'static str = "Sudoku";
    const HINT_IDS: &'static [&'static str] = &HINT_IDS;
    type Game = SudokuGame;
    type Info = ();
    type View = SudokuView;
    type Params = SudokuParams;

    fn entry() -> Option<&'static crate::games::Entry> {
        Some(&crate::sudoku::check::ENTRY)
    }

    fn validate(p: &SudokuParams) -> Result<(), String> {
        p.shape().map(|_| ())
    }

    /// A 9x9 with symmetric givens, as printed dailies are.
    fn daily(level: crate::daily::Level) -> Option<SudokuParams> {
        Some(SudokuParams { size: 9, difficulty: level.into(), symmetric: true })
    }

    fn can_make(p: &SudokuParams, source: Source) -> Result<(), MakeError> {
        let shape = p.shape().map_err(MakeError::Unavailable)?;
        if source == Source::Fresh && !generator::available(shape, p.difficulty) {
            return Err(MakeError::Unavailable(format!("{0}x{0} puzzles never need {1} techniques", shape.size, p.difficulty)));
        }
        Ok(())
    }

    /// From the collection: a banked puzzle of that size and level, freshly transformed (a level
    /// a size can't have, 4x4 expert, is served at the hardest level it can; the view shows
    /// which). Fresh: the generator, at exactly the level asked.
    fn make(p: &SudokuParams, source: Source, seed: u64, progress: &mut dyn FnMut(f32) -> bool) -> Result<(SudokuSession, ()), MakeError> {
        Self::can_make(p, source)?;
        let shape = p.shape().map_err(MakeError::Unavailable)?;
        let (puzzle, level) = match source {
            Source::Collection => {
                let served = bank::instant_puzzle(shape, p.difficulty, p.symmetric, &mut rand::rngs::StdRng::seed_from_u64(seed));
                (served.puzzle, served.difficulty)
            }
            Source::Fresh => {
                let opts = generator::GenerateOptions { shape, difficulty: p.difficulty, symmetric: p.symmetric, seed };
                let puzzle = generator::generate(&opts, progress).map_err(|e| match e {
                    generator::GenerateError::Cancelled => MakeError::Cancelled,
                    e => MakeError::Failed(e.to_string()),
                })?;
                (puzzle, p.difficulty)
            }
        };
        let solution = solver::solve(&puzzle).ok_or_else(|| MakeError::Failed("the puzzle made has no solution".into()))?;
        let session = SudokuSession::new(puzzle, solution, level.name(), Some(seed)).map_err(|e| MakeError::Failed(e.to_string()))?;
        Ok((session, ()))
    }

    fn act(s: &mut SudokuSession, action: Value) -> Result<bool, PlayError> {
        Ok(s.apply(parse_action::<Action>(Self::NAME, action)?)?)
    }

    fn view(s: &SudokuSession, _: &()) -> SudokuView {
        s.board_view()
    }

    fn progress(s: &SudokuSession, _: &()) -> Progress {
        let g = s.game();
        let n = g.shape().n();
        Progress { rows: n, cols: n, difficulty: Some(g.difficulty().to_string()), done: g.board().filled(), total: n * n }
    }

    fn advice(s: &SudokuSession) -> Result<Advice, PlayError> {
        advice(s)
    }

    /// A wrong number is taken out and a lost candidate put back as the hint says; a step is
    /// applied whole (its placements and eliminations, one undo step).
    fn apply_step(s: &mut SudokuSession, advice: &Advice, lists: MarkKind) -> Result<(), PlayError> {
        let action = match advice.id {
            "wrong_number" | "missing_candidate" | "wrong_corner_mark" => parse_action(Self::NAME, advice.apply.clone().unwrap_or(Value::Null))?,
            _ => Action::ApplyStep {
                place: advice.place.iter().map(|p| (p.row, p.col, p.value)).collect(),
                eliminate: advice.eliminate.iter().map(|c| (c.row, c.col, c.value)).collect(),
                lists,
            },
        };
        s.apply(action)?;
        Ok(())
    }

    fn stats_key(s: &SudokuSession, _: &()) -> StatsKey {
        let g = s.start();
        let n = g.shape().n();
        StatsKey { puzzle: g.givens().to_line(), rows: n, cols: n, difficulty: Some(g.difficulty().to_string()) }
    }

    fn puzzle_text(s: &SudokuSession, _: &()) -> String {
        s.game().givens().to_line()
    }

    /// The Solo game ID (`3x3:…`): shorter than the grid, and Solo plays it too.
    fn link_code(s: &SudokuSession, _: &()) -> String {
        solo::SoloPuzzle::from_grid(s.game().givens()).write()
    }

    /// Any text may be a Sudoku (one line or a grid, see [`Grid::parse`]): the fallback. A text
    /// that reads as a grid is likely one, and comes before a KenKen's rule lines (the list's
    /// order among equals), as it always has: only a board that is no Sudoku grid is taken for
    /// a KenKen in its hand-entry format. A Solo game ID (`3x3:…`, any of Solo's kinds) is
    /// surely a Sudoku's, and comes before a sliding board's `RxC:` (the list's order); one with
    /// only its outward shape (a part missing) is likely one.
    fn recognises(text: &str) -> Likeness {
        match solo::resemblance(text) {
            // A variant's ID is its kind's first (crate::variants::def); read here, it is refused.
            solo::Resemblance::Full if crate::variants::def::is_variant_id(text) => Likeness::Likely,
            solo::Resemblance::Full => Likeness::Surely,
            solo::Resemblance::Partial => Likeness::Likely,
            solo::Resemblance::None if Grid::parse_puzzle(text).is_ok() => Likeness::Likely,
            solo::Resemblance::None => Likeness::Fallback,
        }
    }

    /// A Sudoku must have exactly one solution; it is rated as a puzzle entered from paper is.
    /// A Solo game ID of a classic Sudoku plays as its grid would; Solo's variants are refused
    /// by name until Inkdoku plays them (`solo_variant`, the variant as detail).
    fn read_text(text: &str) -> Result<FromText<Self>, TextError> {
        let puzzle = solo::read_classic(text).map_err(|e| match e {
            ClassicTextError::Grid(e) => TextError::unreadable("puzzle", format!("That puzzle can't be read: {e}."), None, e),
            ClassicTextError::Solo(e) => TextError::unreadable("solo_id", format!("That Solo game ID can't be read: {e}."), None, e),
            ClassicTextError::NotClassic(e) => {
                let detail = match &e {
                    NotClassic::Variant(v) => serde_json::json!({"key": format!("solo_variant.{}", v.key()), "variant": v.key()}),
                    NotClassic::Boxes { rows, cols } => serde_json::json!({"key": "solo_variant.boxes", "rows": rows, "cols": cols}),
                };
                TextError::unreadable("solo_variant", format!("{e}."), Some(detail), e)
            }
        })?;
        let unreadable = |e: GridError| TextError::unreadable("puzzle", format!("That puzzle can't be read: {e}."), None, e);
        match check::check_puzzle(&puzzle) {
            PuzzleCheck::Conflicts { cells } => Err(unreadable(GridError::Conflict { cells })),
            PuzzleCheck::NoSolution => Err(TextError::NoSolution),
            PuzzleCheck::Several { .. } => Err(TextError::NotUnique),
            PuzzleCheck::Unique { solution, rating } => {
                let session = SudokuSession::new(puzzle, solution, rating.map_or("unrated", |r| r.level.name()), None)
                    .map_err(|e| TextError::Internal(e.to_string()))?;
                Ok(FromText { session, info: (), technique: rating.map(|r| r.hardest.name()) })
            }
        }
    }

    /// Sudoku records the computer's edits as such (Solve, a step).
    fn was_solved_by_computer(s: &SudokuSession) -> bool {
        s.history().done().last().is_some_and(|e| matches!(e.kind, EditKind::Solve | EditKind::Step))
    }

    fn is_being_entered(s: &SudokuSession) -> bool {
        s.game().is_being_entered()
    }

    fn wrong_values(s: &SudokuSession, _: &()) -> Result<Box<dyn Fn(&SudokuGame) -> bool>, CheckpointError> {
        if s.game().is_being_entered() {
            return Err(CheckpointError::NoSolution);
        }
        let solution = s.game().solution().values().to_vec();
        Ok(Box::new(move |g: &SudokuGame| g.entries().iter().zip(&solution).any(|(&e, &v)| e != 0 && e != v)))
    }

    fn last_value_change(s: &SudokuSession) -> Option<(usize, usize, u8, u8)> {
        let e = s.history().done().last()?;
        if e.kind != EditKind::Value {
            return None;
        }
        crate::games::single_value_change(s.game().shape().n(), &e.cells)
    }

    fn pen() -> Option<Pen<SudokuGame>> {
        Some(Pen::grid())
    }

    fn encode(s: &SudokuSession, _: &(), now_ms: u64) -> Result<Vec<u8>, SaveError> {
        super::save::encode(s, now_ms)
    }

    fn decode(bytes: &[u8]) -> Result<(Session<SudokuGame>, (), u64), LoadError> {
        super::save::decode(bytes)
    }
}

fn no_highlight(target: Option<CellRef>) -> Highlight {
    Highlight { cells: vec![], target }
}

/// The human-technique solver's next step, as data.
fn advice(s: &SudokuSession) -> Result<Advice, PlayError> {
    use crate::sudoku::human::{self, Hint};
    let g = s.game();
    if g.is_being_entered() {
        return Err(PlayError::NoHint("the puzzle is still being entered; start it first".into()));
    }
    // The player's candidates of a cell: its typed slots, else its centre marks (#43: a
    // cell's candidate list either way). Only the player's own count; with none, the engine
    // works from all of them.
    let marks: Vec<u16> = (0..g.candidates().len()).map(|i| g.grid().candidate_list(i) as u16).collect();
    let marks = marks.iter().any(|&m| m != 0).then_some(marks.as_slice());
    let hint = match g.variant() {
        Some(geo) => human::hint_in(g.givens(), geo, &g.board(), marks),
        None => human::hint(g.givens(), &g.board(), marks),
    }
    .map_err(|e| PlayError::NoHint(e.to_string()))?;
    // After a wrong number, a corner mark the solution rules out comes first: it misleads.
    if !matches!(hint, Hint::WrongEntry { .. }) {
        if let Some(a) = wrong_corner_mark(g) {
            return Ok(a);
        }
    }
    Ok(match hint {
        Hint::WrongEntry { row, col, explanation, .. } => {
            Advice::new("wrong_number", "Wrong number", explanation, no_highlight(Some(CellRef { row, col })), to_json(Action::Grid(GridMove::Clear { row, col })))
        }
        Hint::MissingCandidate { row, col, value, explanation } => {
            let apply = Action::Grid(g.grid().restore_candidate(row, col, value));
            Advice {
                place: Some(CellValue { row, col, value }),
                ..Advice::new("missing_candidate", "Missing candidate", explanation, no_highlight(Some(CellRef { row, col })), to_json(apply))
            }
        }
        Hint::Step { step } => {
            let first = step.placements.first().copied();
            let highlight = Highlight {
                cells: step.focus_cells.iter().map(|c| (c.row, c.col)).collect(),
                target: first.map(|p| CellRef { row: p.row, col: p.col }),
            };
            let apply = first.and_then(|p| to_json(Action::ApplyHint { row: p.row, col: p.col, value: p.value }));
            Advice {
                place: first.map(|p| CellValue { row: p.row, col: p.col, value: p.value }),
                eliminate: step.eliminations.iter().map(|c| CellValue { row: c.row, col: c.col, value: c.value }).collect(),
                ..Advice::new(step.technique.id(), step.technique.name(), step.explanation.clone(), highlight, apply)
            }
        }
        Hint::Solved => Advice::solved("Every cell is filled correctly."),
    })
}

/// A corner mark the solution rules out ([`SudokuGame::corner_mark_ruled_out`]): the first box,
/// in order, where a digit is corner-marked only in cells where it does not go. Its advice
/// removes those marks.
fn wrong_corner_mark(g: &SudokuGame) -> Option<Advice> {
    let shape = g.shape();
    let n = shape.n();
    let geo = g.geometry();
    let region = if geo.jigsaw { "region" } else { "box" };
    for (b, unit) in geo.units[2 * n..3 * n].iter().enumerate() {
        for v in 1..=n as u8 {
            let marked: Vec<usize> = unit.iter().copied().filter(|&i| g.entries()[i] == 0 && g.marks().get(i).has(MarkKind::Corner, v)).collect();
            if !marked.first().is_some_and(|&i| g.corner_mark_ruled_out(i, v)) {
                continue;
            }
            let cells: Vec<(usize, usize)> = marked.iter().map(|&i| (i / n, i % n)).collect();
            let names: Vec<String> = cells.iter().map(|(r, c)| format!("r{}c{}", r + 1, c + 1)).collect();
            let symbol = crate::grid::symbol_char(v);
            let explanation = format!("{symbol} is marked in the corners of {}, but {symbol} goes elsewhere in {region} {}.", names.join(", "), b + 1);
            return Some(Advice {
                eliminate: cells.iter().map(|&(row, col)| CellValue { row, col, value: v }).collect(),
                ..Advice::new(
                    "wrong_corner_mark",
                    "Wrong corner mark",
                    explanation,
                    Highlight { cells: cells.clone(), target: None },
                    to_json(Action::Grid(GridMove::Mark { cells, kind: MarkKind::Corner, value: v })),
                )
            });
        }
    }
    None
}

/// Every technique's id, then the checks of the player's board that come first.
const HINT_IDS: [&str; Technique::ALL.len() + 3] = {
    let mut ids = [""; Technique::ALL.len() + 3];
    let mut i = 0;
    while i < Technique::ALL.len() {
        ids[i] = Technique::ALL[i].id();
        i += 1;
    }
    ids[i] = "wrong_number";
    ids[i + 1] = "missing_candidate";
    ids[i + 2] = "wrong_corner_mark";
    ids
};

/// The game in play ([`crate::play::GameInPlay`]) of this kind: its view, hints and steps
/// through the one dispatch.
#[cfg(test)]
mod in_play_tests {
    use crate::play::GameInPlay;
    use crate::sudoku::SudokuSession;

    /// A hint carries what it says as data: the placed number matches the move a second press
    /// makes (moved from `play.rs`; KenKen's half is in `kenken::def`).
    #[test]
    fn hints_carry_their_step_as_data() {
        let givens = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let grid: crate::grid::Grid = givens.parse().unwrap();
        let solution = crate::sudoku::solver::solve(&grid).unwrap();
        let a = GameInPlay::Sudoku(SudokuSession::new(grid, solution, "easy", None).unwrap()).advice().unwrap();
        let p = a.place.expect("an easy board's first hint places a number");
        let apply = a.apply.unwrap();
        assert_eq!((apply["row"].as_u64(), apply["col"].as_u64(), apply["value"].as_u64()), (Some(p.row as u64), Some(p.col as u64), Some(p.value as u64)));
        assert!(["full_house", "hidden_single", "naked_single"].contains(&a.id), "{}", a.id);
    }

    /// A pasted Solo game ID is a Sudoku's (`crate::import`), though a classic one's `3x3:` is
    /// a sliding board's shape too: a classic one plays, a variant is refused by its name, a
    /// broken one in Solo's terms; a sliding board's text (spaces, commas) is still its own.
    #[test]
    fn pasted_solo_game_ids_are_sudokus() {
        use crate::games::{GameKind, TextError};
        use crate::import::read;
        let read_as = |text: &str| match read(text) {
            Ok(i) => Some(i.game.kind()),
            Err(e) => match e.most_alike() {
                Some((k, TextError::NoSolution | TextError::NotUnique)) => Some(*k),
                _ => None,
            },
        };
        let classic = "3x3:b6_4e1_9j6_9a8a1a6b3b5_2a5b1b3a7_1b8b9a6a9a5_8j2_6e9_5b";
        assert_eq!(read_as(classic), Some(GameKind::Sudoku));
        assert_eq!(read_as("2x3:b5b2a2e1c4_3c1e3a6b5b"), Some(GameKind::Sudoku));
        let killer = "3x3k:zzzc,aa___b_____b_aa__a_a___a_a_a___a_____a_______a_baab__ba_____aaa_aaa_aab_a___a_aa_aaaa__a_a___a_a__,8a13a11_10_12_16a6a16d7a9b13a8a5_7_16_12a15_24e11d11_12b7a16_9b14_15_15a5c11c20a13_10b10e7a11b";
        // A variant's ID plays as its kind (crate::variants::def); one on a board the variants
        // don't come in (a 7x7 jigsaw) is Sudoku's to refuse, by name.
        assert_eq!(read_as(killer), Some(GameKind::Killer));
        let e = read("7j:a2a5h7b7a4a1a5a1a4a7a1a7a4b3h1a2a,cca_ab_b_ba___c__ecba_b_c__ab_bd_dc").unwrap_err();
        assert_eq!((e.game(), e.kind()), (Some(GameKind::Sudoku), "solo_variant"));
        assert_eq!(e.to_string(), "Inkdoku can't play Jigsaw Sudoku yet.");
        assert_eq!(e.error().and_then(|e| e.detail()).map(|d| d["key"].clone()), Some("solo_variant.jigsaw".into()));
        let e = read("3x3:b6_4e1").unwrap_err();
        assert_eq!((e.game(), e.kind()), (Some(GameKind::Sudoku), "solo_id"), "{e}");
        assert_eq!(e.to_string(), "That Solo game ID can't be read: the givens cover 10 cells, and the grid has 81.");
        assert_eq!(read_as("3x3: 1 2 3 4 5 6 7 0 8"), Some(GameKind::Slide));
        assert_eq!(read_as("3x3:1,2,3,4,5,6,7,0,8"), Some(GameKind::Slide));
    }

    /// "Solve step by step" finishes a hard Sudoku one step at a time, each step one undo
    /// step, writing candidates when it first removes some, and the finished game is the
    /// computer's; undoing the last step gives the player the board back.
    #[test]
    fn solve_step_by_step_solves_a_hard_sudoku_as_the_computer() {
        use crate::sudoku::generator::{generate, GenerateOptions};
        let opts = GenerateOptions { shape: crate::grid::Shape::S9, difficulty: crate::sudoku::Difficulty::Hard, symmetric: false, seed: 3 };
        let puzzle = generate(&opts, &mut |_| true).unwrap();
        let solution = crate::sudoku::solver::solve(&puzzle).unwrap();
        let mut g = GameInPlay::Sudoku(SudokuSession::new(puzzle, solution, "hard", None).unwrap());
        let (mut steps, mut eliminated, mut first_elimination_filled) = (0, false, false);
        loop {
            let a = g.solve_step(0).unwrap();
            if a.id == "solved" {
                break;
            }
            steps += 1;
            let GameInPlay::Sudoku(s) = &g else { unreachable!() };
            assert_eq!(s.history().done().len(), steps, "one undo step per step");
            if !a.eliminate.is_empty() && !eliminated {
                eliminated = true;
                // Candidates appeared everywhere open, without the removed ones.
                let open: Vec<usize> = (0..81).filter(|&i| s.game().board().values()[i] == 0).collect();
                first_elimination_filled = open.iter().all(|&i| s.game().candidates()[i] != 0)
                    && a.eliminate.iter().all(|c| s.game().candidates()[c.row * 9 + c.col] & (1 << (c.value - 1)) == 0);
            }
            assert!(steps < 200, "the steps go somewhere");
        }
        assert!(eliminated && first_elimination_filled, "a hard puzzle needs a step that removes candidates");
        assert!(g.is_solved() && g.was_solved_by_computer());
        let back = crate::save::from_bytes(&crate::save::to_bytes(&g, 0).unwrap()).unwrap();
        assert!(back.game.was_solved_by_computer(), "the steps are the computer's after a save");
        g.undo(0).unwrap();
        assert!(!g.is_solved() && !g.view(0).solved_by_computer, "undo gives the last cell back");
    }
}
