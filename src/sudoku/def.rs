//! Sudoku as the app plays it ([`GameDef`]): its view, summary, hints as data, save record and
//! statistics key. The rules are `play`'s; this file only says them to the rest of the app.

use rand::SeedableRng;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::session::gridplay::GridMove;
use crate::games::{GameDef, MakeError, Pen, Progress, Source, StatsKey};
use crate::grid::Shape;
use crate::play::{parse_action, to_json, Advice, CellRef, CellValue, Highlight, PlayError};
use crate::save::{LoadError, SaveError};
use crate::session::Session;
use crate::sudoku::play::{Action, EditKind, SudokuGame, SudokuSession, SudokuView};
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
    fn apply_step(s: &mut SudokuSession, advice: &Advice) -> Result<(), PlayError> {
        let action = match advice.id {
            "wrong_number" | "missing_candidate" => parse_action(Self::NAME, advice.apply.clone().unwrap_or(Value::Null))?,
            _ => Action::ApplyStep {
                place: advice.place.iter().map(|p| (p.row, p.col, p.value)).collect(),
                eliminate: advice.eliminate.iter().map(|c| (c.row, c.col, c.value)).collect(),
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

    /// Sudoku records the computer's edits as such (Solve, a step).
    fn was_solved_by_computer(s: &SudokuSession) -> bool {
        s.history().done().last().is_some_and(|e| matches!(e.kind, EditKind::Solve | EditKind::Step))
    }

    fn is_being_entered(s: &SudokuSession) -> bool {
        s.game().is_being_entered()
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
        crate::save::sudoku::encode(s, now_ms)
    }

    fn decode(bytes: &[u8]) -> Result<(Session<SudokuGame>, (), u64), LoadError> {
        crate::save::sudoku::decode(bytes)
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
    let marks: Vec<u16> = g.candidates().iter().map(|&m| m as u16).collect();
    // Only the player's own candidates count; with none, the engine works from all of them.
    let marks = marks.iter().any(|&m| m != 0).then_some(marks.as_slice());
    let hint = human::hint(g.givens(), &g.board(), marks).map_err(|e| PlayError::NoHint(e.to_string()))?;
    Ok(match hint {
        Hint::WrongEntry { row, col, explanation, .. } => {
            Advice::new("wrong_number", "Wrong number", explanation, no_highlight(Some(CellRef { row, col })), to_json(Action::Grid(GridMove::Clear { row, col })))
        }
        Hint::MissingCandidate { row, col, value, explanation } => Advice {
            place: Some(CellValue { row, col, value }),
            ..Advice::new(
                "missing_candidate",
                "Missing candidate",
                explanation,
                no_highlight(Some(CellRef { row, col })),
                to_json(Action::Grid(GridMove::ToggleCandidate { row, col, value })),
            )
        },
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
