//! KenKen as the app plays it ([`GameDef`]): its view model (cages, conflicts, incorrect
//! values, glyphs), summary, hints as data, save record and statistics key. The rules are
//! `play`'s and `hint`'s; this file only says them to the rest of the app.

use rand::SeedableRng;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::session::gridplay::GridMove;
use crate::games::{FromText, GameDef, Likeness, MakeError, Pen, Progress, Source, StatsKey, TextError};
use crate::kenken::entry::{self, Entered, Verdict};
use crate::kenken::KenkenError;
use crate::kenken::play::{Action, KenkenGame, KenkenInfo, KenkenSession};
use crate::play::{parse_action, to_json, Advice, CellRef, CellValue, Highlight, PlayError};
use crate::save::{LoadError, SaveError};
use crate::session::glyph::{self, Glyph};
use crate::session::scratchpad::InkNote;
use crate::session::{CheckpointError, Session};
use crate::sudoku::Difficulty;

pub struct KenkenDef;

/// A new KenKen: its side (3 to 9) and level.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct KenkenParams {
    pub size: u8,
    pub difficulty: Difficulty,
}

impl Default for KenkenParams {
    fn default() -> Self {
        KenkenParams { size: 6, difficulty: Difficulty::Easy }
    }
}

/// A KenKen board as the view draws it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct KenkenView {
    pub size: usize,
    pub cages: Vec<CageView>,
    /// Row-major.
    pub cells: Vec<KenkenCellView>,
    /// Ink notes.
    pub notes: Vec<InkNote>,
    pub difficulty: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CageView {
    /// `+`, `-`, `*`, `/` or `=` (a given).
    pub op: &'static str,
    pub target: u64,
    /// `[row, col]`, the first is the top-left cell (where the label goes).
    pub cells: Vec<(usize, usize)>,
    /// Every cell filled and the rule broken.
    pub wrong: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct KenkenCellView {
    pub value: u8,
    /// Bit `v - 1` set: candidate `v` is noted.
    pub candidates: u32,
    /// The value repeats in its row or column.
    pub conflict: bool,
    /// The value differs from the solution (known for generated and banked puzzles; false
    /// when the solution is not known). The view shows it only with "Show incorrect numbers".
    pub incorrect: bool,
    /// The player's colour mark, 0 = none.
    pub colour: u8,
    /// Corner and centre marks (see Sudoku's `CellView::marks`).
    #[serde(skip_serializing_if = "crate::session::marks::CellMarks::is_empty")]
    pub marks: crate::session::marks::CellMarks,
    /// An empty cell whose candidate list (its slots, else its centre marks) leaves out its
    /// number, when the solution is known (shown only with "Show incorrect numbers"; KenKen has
    /// no boxes, so corner marks are not judged). Left out when false.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub marks_wrong: bool,
    /// The player's handwriting of this value (see Sudoku's `CellView::glyph`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub glyph: Option<Glyph>,
    /// The player's handwriting of marks read from their ink (see Sudoku's
    /// `CellView::mark_glyphs`).
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub mark_glyphs: std::collections::BTreeMap<char, Glyph>,
}

impl GameDef for KenkenDef {
    const NAME: &'static str = "KenKen";
    const HINT_IDS: &'static [&'static str] =
        &["wrong_number", "missing_candidate", "cage_arithmetic", "naked_single", "hidden_single", "cage_elimination", "cage_claim", "deduction", "reveal"];
    type Game = KenkenGame;
    type Info = KenkenInfo;
    type View = KenkenView;
    type Params = KenkenParams;

    fn entry() -> Option<&'static crate::games::Entry> {
        Some(&crate::kenken::entry::ENTRY)
    }

    /// A 6x6: a daily's few minutes.
    fn daily(level: crate::daily::Level) -> Option<KenkenParams> {
        Some(KenkenParams { size: 6, difficulty: level.into() })
    }

    fn validate(p: &KenkenParams) -> Result<(), String> {
        let size = usize::from(p.size);
        if (crate::kenken::MIN_SIZE..=crate::kenken::MAX_SIZE).contains(&size) {
            Ok(())
        } else {
            Err(format!("size {size} is not 3 to 9"))
        }
    }

    /// From the collection: a banked puzzle of that size and level (the hardest a size has, if
    /// not that one), turned by a random symmetry. Fresh: the generator.
    fn make(p: &KenkenParams, source: Source, seed: u64, progress: &mut dyn FnMut(f32) -> bool) -> Result<(KenkenSession, KenkenInfo), MakeError> {
        let size = usize::from(p.size);
        let (puzzle, solution, level) = match source {
            Source::Collection => {
                let served = crate::kenken::bank::instant_puzzle(size, p.difficulty, &mut rand::rngs::StdRng::seed_from_u64(seed))
                    .ok_or_else(|| MakeError::Unavailable(format!("there is no {size}x{size} KenKen")))?;
                (served.puzzle, served.solution, served.difficulty)
            }
            Source::Fresh => {
                let g = crate::kenken::generator::generate_with(size, p.difficulty, seed, progress).map_err(|e| match e {
                    crate::kenken::generator::GenerateError::Cancelled => MakeError::Cancelled,
                    e => MakeError::Failed(e.to_string()),
                })?;
                (g.puzzle, g.solution, g.difficulty)
            }
        };
        let info = KenkenInfo { solution: Some(solution), difficulty: Some(level.name().to_string()), seed: Some(seed) };
        Ok((KenkenSession::from_game(KenkenGame::new(puzzle)), info))
    }

    fn act(s: &mut KenkenSession, action: Value) -> Result<bool, PlayError> {
        Ok(s.apply(parse_action::<Action>(Self::NAME, action)?)?)
    }

    fn view(s: &KenkenSession, info: &KenkenInfo) -> KenkenView {
        view(s, info)
    }

    fn progress(s: &KenkenSession, info: &KenkenInfo) -> Progress {
        let n = s.game().puzzle().size();
        Progress { rows: n, cols: n, difficulty: info.difficulty.clone(), done: s.game().values().iter().filter(|&&v| v != 0).count(), total: n * n }
    }

    fn advice(s: &KenkenSession) -> Result<Advice, PlayError> {
        advice(s)
    }

    fn apply_step(s: &mut KenkenSession, advice: &Advice, _lists: crate::session::marks::MarkKind) -> Result<(), PlayError> {
        if advice.id == "missing_candidate" {
            s.apply(parse_action::<Action>(Self::NAME, advice.apply.clone().unwrap_or(Value::Null))?)?;
            return Ok(());
        }
        let target = advice.highlight.target.ok_or_else(|| PlayError::NoHint("the step names no cell".into()))?;
        let value = advice.place.map_or(0, |p| p.value);
        s.apply(Action::ApplyStep { row: target.row, col: target.col, value })?;
        Ok(())
    }

    fn stats_key(s: &KenkenSession, info: &KenkenInfo) -> StatsKey {
        let p = s.start().puzzle();
        let cages: Vec<String> = p.cages().iter().map(|c| format!("{}{}{:?}", c.target, c.op.symbol(), c.cells)).collect();
        StatsKey { puzzle: cages.join(";"), rows: p.size(), cols: p.size(), difficulty: info.difficulty.clone() }
    }

    /// The JSON of the shared data sets.
    fn puzzle_text(s: &KenkenSession, info: &KenkenInfo) -> String {
        s.game().puzzle().to_json(info.solution.as_deref(), info.difficulty.as_deref())
    }

    /// The short code of a link ([`super::code`]).
    fn link_code(s: &KenkenSession, _: &KenkenInfo) -> String {
        super::code::write(s.game().puzzle())
    }

    /// The data sets' JSON (`{...}`) or a link's code (`k6.…`) is surely a KenKen; rule lines such as `A 12+` after the
    /// cage grid (the hand-entry text format, docs/kenken.md) likely one.
    fn recognises(text: &str) -> Likeness {
        let first = text.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with('#')).unwrap_or("");
        if first.starts_with('{') || super::code::looks_like(text) {
            Likeness::Surely
        } else if has_rule_lines(text) {
            Likeness::Likely
        } else {
            Likeness::No
        }
    }

    /// A KenKen must have exactly one solution; it is rated as one entered from paper is.
    fn read_text(text: &str) -> Result<FromText<Self>, TextError> {
        if super::code::looks_like(text) {
            let puzzle = super::code::read(text).map_err(|e| TextError::unreadable("kenken_puzzle", format!("That KenKen's code can't be read: {e}."), None, e))?;
            return from_entered(&Entered::from_puzzle(&puzzle));
        }
        let read = entry::read_any(text).map_err(unreadable)?;
        from_entered(&Entered::from_puzzle(&read.puzzle))
    }

    /// KenKen marks the steps; a solve is known by filling more than one cell in one step,
    /// which no move of the player does (so a "Solve" with one cell left counts as the
    /// player's: that last cell was theirs to write).
    fn was_solved_by_computer(s: &KenkenSession) -> bool {
        s.history()
            .done()
            .last()
            .is_some_and(|e| e.by_computer || e.cells.iter().filter(|c| c.after.value != 0 && c.before.value != c.after.value).count() > 1)
    }

    /// The solution kept with the puzzle, else the one the solver finds (a puzzle typed in
    /// without one; it has exactly one, as every KenKen in play).
    fn wrong_values(s: &KenkenSession, info: &KenkenInfo) -> Result<Box<dyn Fn(&KenkenGame) -> bool>, CheckpointError> {
        let solution = match &info.solution {
            Some(sol) => sol.clone(),
            None => match super::solver::solutions(s.game().puzzle(), 2) {
                found if found.count == 1 => found.first.ok_or(CheckpointError::NoSolution)?,
                _ => return Err(CheckpointError::NoSolution),
            },
        };
        Ok(Box::new(move |g: &KenkenGame| g.values().iter().zip(&solution).any(|(&e, &v)| e != 0 && e != v)))
    }

    fn last_value_change(s: &KenkenSession) -> Option<(usize, usize, u8, u8)> {
        crate::games::single_value_change(s.game().puzzle().size(), &s.history().done().last()?.cells)
    }

    fn pen() -> Option<Pen<KenkenGame>> {
        Some(Pen::grid())
    }

    fn encode(s: &KenkenSession, info: &KenkenInfo, now_ms: u64) -> Result<Vec<u8>, SaveError> {
        super::save::encode(s, info, now_ms)
    }

    fn decode(bytes: &[u8]) -> Result<(Session<KenkenGame>, KenkenInfo, u64), LoadError> {
        super::save::decode(bytes)
    }
}

fn view(s: &KenkenSession, info: &KenkenInfo) -> KenkenView {
    let g = s.game();
    let n = g.puzzle().size();
    let values = g.values();
    let conflict = |i: usize| {
        let (r, c, v) = (i / n, i % n, values[i]);
        v != 0 && (0..n).any(|k| (k != c && values[r * n + k] == v) || (k != r && values[k * n + c] == v))
    };
    let glyphs = glyphs(s);
    let mut mark_glyphs = glyph::cell_mark_glyphs(n * n, s.history().done().iter().map(|e| (e.marks.as_slice(), e.mark_glyphs.as_slice())));
    KenkenView {
        size: n,
        cages: g
            .puzzle()
            .cages()
            .iter()
            .map(|cage| {
                let vals: Vec<u8> = cage.cells.iter().map(|&(r, c)| values[r * n + c]).collect();
                CageView {
                    op: cage.op.symbol(),
                    target: cage.target,
                    cells: cage.cells.clone(),
                    wrong: vals.iter().all(|&v| v != 0) && !cage.op.holds(cage.target, &vals),
                }
            })
            .collect(),
        cells: (0..n * n)
            .map(|i| KenkenCellView {
                value: values[i],
                candidates: g.candidates()[i],
                conflict: conflict(i),
                incorrect: values[i] != 0 && info.solution.as_ref().is_some_and(|sol| sol.get(i).is_some_and(|&s| s != values[i])),
                colour: g.colours().get(i),
                marks: g.marks().get(i).clone(),
                marks_wrong: values[i] == 0 && info.solution.as_ref().and_then(|sol| sol.get(i)).is_some_and(|&s| list_leaves_out(g, i, s)),
                glyph: glyphs[i].clone(),
                mark_glyphs: std::mem::take(&mut mark_glyphs[i]),
            })
            .collect(),
        notes: g.notes().to_vec(),
        difficulty: info.difficulty.clone(),
    }
}

/// Whether cell `i`'s candidate list (its typed slots, else its centre marks; none: nothing to
/// judge) leaves out `value`.
fn list_leaves_out(g: &KenkenGame, i: usize, value: u8) -> bool {
    let list = g.board().candidate_list(i);
    list != 0 && list & crate::session::cells::bit(value) == 0
}

/// Each cell's kept handwriting, from a KenKen session's history.
fn glyphs(s: &KenkenSession) -> Vec<Option<Glyph>> {
    let n = s.game().puzzle().size();
    glyph::cell_glyphs(n * n, s.history().done().iter().map(|e| (e.cells.as_slice(), e.glyph.as_ref()))).into_iter().map(|g| g.cloned()).collect()
}

/// The KenKen hint engine's next step, as data.
fn advice(s: &KenkenSession) -> Result<Advice, PlayError> {
    use crate::kenken::hint::{hint_with, only_solution, HintError, HintKind};
    let g = s.game();
    let solved = || Advice::solved("Every cell is filled correctly.");
    if s.is_solved() {
        return Ok(solved());
    }
    // Solved once: the hint and the candidate lists' check are both measured against it.
    let sol = only_solution(g.puzzle()).map_err(|e| PlayError::NoHint(e.to_string()))?;
    let h = match hint_with(g.puzzle(), g.values(), &sol) {
        Ok(h) => h,
        Err(HintError::Solved) => return Ok(solved()),
        Err(e) => return Err(PlayError::NoHint(e.to_string())),
    };
    // After a wrong number, a candidate list that leaves out a cell's number comes first: it
    // misleads (#43; the same hint as Sudoku's, put right by its second press).
    if h.kind != HintKind::Mistake {
        if let Some(a) = missing_candidate(g, &sol) {
            return Ok(a);
        }
    }
    let (id, technique) = match h.kind {
        HintKind::Mistake => ("wrong_number", "Wrong number"),
        HintKind::Cage => ("cage_arithmetic", "Cage arithmetic"),
        HintKind::NakedSingle => ("naked_single", "Naked single"),
        HintKind::HiddenSingle => ("hidden_single", "Hidden single"),
        HintKind::CageElimination => ("cage_elimination", "Cage elimination"),
        HintKind::CageClaim => ("cage_claim", "Cage claim"),
        HintKind::Deduction => ("deduction", "Deduction"),
        HintKind::Reveal => ("reveal", "Reveal"),
    };
    // The cage the reason is about (a cage claim names another cage), else the cell's own.
    let cage = &g.puzzle().cages()[h.cage.unwrap_or_else(|| g.puzzle().cage_at(h.row, h.col))];
    let apply = if h.kind == HintKind::Mistake { Action::Grid(GridMove::Clear { row: h.row, col: h.col }) } else { Action::Grid(GridMove::SetValue { row: h.row, col: h.col, value: h.value }) };
    let highlight = Highlight { cells: cage.cells.clone(), target: Some(CellRef { row: h.row, col: h.col }) };
    let place = (h.kind != HintKind::Mistake).then_some(CellValue { row: h.row, col: h.col, value: h.value });
    Ok(Advice { place, ..Advice::new(id, technique, h.text, highlight, to_json(apply)) })
}

/// The first empty cell whose candidate list (its slots, else its centre marks) leaves out the
/// solution's number, as a hint whose second press puts the number back in that list.
fn missing_candidate(g: &KenkenGame, sol: &[u8]) -> Option<Advice> {
    let n = g.puzzle().size();
    let i = (0..n * n).find(|&i| g.values()[i] == 0 && list_leaves_out(g, i, sol[i]))?;
    let (row, col, value) = (i / n, i % n, sol[i]);
    let apply = Action::Grid(g.board().restore_candidate(row, col, value));
    let text = format!("r{}c{} needs the candidate {value}: it is missing from the cell's list.", row + 1, col + 1);
    let highlight = Highlight { cells: vec![(row, col)], target: Some(CellRef { row, col }) };
    Some(Advice { place: Some(CellValue { row, col, value }), ..Advice::new("missing_candidate", "Missing candidate", text, highlight, to_json(apply)) })
}

/// The game a KenKen entered from paper (or read from its text) makes, when it has exactly one
/// solution: rated, its solution known; else why not, as an import says it.
pub fn from_entered(entered: &Entered) -> Result<FromText<KenkenDef>, TextError> {
    match entry::check(entered) {
        Verdict::Unique { puzzle, solution, difficulty } => {
            let info = KenkenInfo { solution: Some(solution), difficulty: Some(difficulty.name().to_string()), seed: None };
            Ok(FromText { session: KenkenSession::from_game(KenkenGame::new(puzzle)), info, technique: None })
        }
        Verdict::Invalid(p) => Err(unreadable(p.error)),
        Verdict::NoSolution => Err(TextError::NoSolution),
        Verdict::Multiple { .. } => Err(TextError::NotUnique),
    }
}

/// A KenKen the player brought that can't be used, in the words the view shows (with the
/// problem as data, `KenkenError::detail`, for the view to say in the player's language).
fn unreadable(e: KenkenError) -> TextError {
    TextError::unreadable("kenken_puzzle", format!("That KenKen can't be used: {}", e.sentence()), Some(e.detail()), e)
}

/// The hand-entry KenKen format has rule lines: a cage label, then a target with or without
/// its operation (`A 12+`, `B / 2`, `C 3`). No Sudoku row has two or three tokens like that.
fn has_rule_lines(text: &str) -> bool {
    text.lines().map(|l| l.split('#').next().unwrap_or("").trim()).any(|l| {
        let toks: Vec<&str> = l.split_whitespace().collect();
        (2..=3).contains(&toks.len())
            && toks[0].chars().all(char::is_alphanumeric)
            && toks[0].chars().any(char::is_alphabetic)
            && toks[1..].iter().any(|t| t.chars().any(|c| c.is_ascii_digit()))
    })
}

/// The game in play ([`crate::play::GameInPlay`]) of this kind: its view, hints and steps
/// through the one dispatch.
#[cfg(test)]
mod in_play_tests {
    use crate::kenken::play::{Action, KenkenGame, KenkenInfo, KenkenSession};
    use crate::play::{BoardView, GameInPlay};
    use crate::session::gridplay::GridMove;

    #[test]
    fn kenken_view_marks_incorrect_values_when_the_solution_is_known() {
        let g = crate::kenken::generator::generate(4, crate::kenken::rate::Difficulty::Easy, 5).unwrap();
        let wrong = if g.solution[0] == 1 { 2 } else { 1 };
        let mut s = KenkenSession::from_game(KenkenGame::new(g.puzzle.clone()));
        s.apply(Action::Grid(GridMove::SetValue { row: 0, col: 0, value: wrong })).unwrap();
        s.apply(Action::Grid(GridMove::SetValue { row: 0, col: 1, value: g.solution[1] })).unwrap();
        let known = KenkenInfo { solution: Some(g.solution.clone()), ..KenkenInfo::default() };
        let cells = |info: KenkenInfo| match GameInPlay::Kenken(s.clone(), info).view(0).board {
            BoardView::Kenken(v) => v.cells.iter().map(|c| c.incorrect).collect::<Vec<_>>(),
            _ => unreachable!("a KenKen game shows a KenKen board"),
        };
        let marked = cells(known);
        assert!(marked[0] && !marked[1] && !marked[2]);
        assert!(cells(KenkenInfo::default()).iter().all(|&b| !b), "no solution known, nothing marked");
    }

    /// #43: with the solution known, a candidate list (the slots, else the centre marks) that
    /// leaves out the cell's number is flagged; one that holds it, or none, is not.
    #[test]
    fn kenken_view_flags_marks_that_leave_out_the_number() {
        use crate::session::marks::MarkKind;
        let g = crate::kenken::generator::generate(4, crate::kenken::rate::Difficulty::Easy, 5).unwrap();
        let other = |i: usize| g.solution[i] % 4 + 1;
        let mut s = KenkenSession::from_game(KenkenGame::new(g.puzzle.clone()));
        s.apply(Action::Grid(GridMove::Mark { cells: vec![(0, 0)], kind: MarkKind::Centre, value: other(0) })).unwrap();
        s.apply(Action::Grid(GridMove::Mark { cells: vec![(0, 1)], kind: MarkKind::Centre, value: g.solution[1] })).unwrap();
        s.apply(Action::Grid(GridMove::ToggleCandidate { row: 0, col: 2, value: other(2) })).unwrap();
        s.apply(Action::Grid(GridMove::Mark { cells: vec![(0, 3)], kind: MarkKind::Corner, value: other(3) })).unwrap();
        let flags = |info: KenkenInfo| match GameInPlay::Kenken(s.clone(), info).view(0).board {
            BoardView::Kenken(v) => v.cells.iter().take(4).map(|c| c.marks_wrong).collect::<Vec<_>>(),
            _ => unreachable!("a KenKen game shows a KenKen board"),
        };
        assert_eq!(flags(KenkenInfo { solution: Some(g.solution.clone()), ..KenkenInfo::default() }), [true, false, true, false]);
        assert_eq!(flags(KenkenInfo::default()), [false; 4], "no solution known, nothing judged");
    }

    /// #43: a candidate list that leaves out the cell's number is the hint, as in Sudoku; its
    /// second press puts the number back in that list (the centre marks here).
    #[test]
    fn a_list_without_the_number_is_the_hint_and_applying_it_puts_the_number_back() {
        use crate::session::marks::MarkKind;
        let g = crate::kenken::generator::generate(4, crate::kenken::rate::Difficulty::Easy, 5).unwrap();
        let other = g.solution[5] % 4 + 1;
        let mut s = KenkenSession::from_game(KenkenGame::new(g.puzzle.clone()));
        s.apply(Action::Grid(GridMove::Mark { cells: vec![(1, 1)], kind: MarkKind::Centre, value: other })).unwrap();
        let mut game = GameInPlay::Kenken(s, KenkenInfo::default());
        let a = game.advice().unwrap();
        assert_eq!((a.id, a.place.map(|p| (p.row, p.col, p.value))), ("missing_candidate", Some((1, 1, g.solution[5]))));
        assert_eq!(game.solve_step(0).unwrap().id, "missing_candidate", "the step puts it back");
        let GameInPlay::Kenken(s, _) = &game else { unreachable!("still a KenKen") };
        assert!(s.game().marks().get(5).has(MarkKind::Centre, g.solution[5]));
        assert_ne!(game.advice().unwrap().id, "missing_candidate");
    }

    /// A hint carries what it says as data: the number it names is the solution's (moved from
    /// `play.rs`; Sudoku's half is in `sudoku::def`).
    #[test]
    fn hints_carry_their_step_as_data() {
        let g = crate::kenken::generator::generate(4, crate::kenken::rate::Difficulty::Easy, 5).unwrap();
        let a = GameInPlay::Kenken(KenkenSession::from_game(KenkenGame::new(g.puzzle.clone())), KenkenInfo::default()).advice().unwrap();
        let p = a.place.expect("a KenKen hint names its number");
        assert_eq!(g.solution[p.row * 4 + p.col], p.value);
        assert_ne!(a.id, "wrong_number");
    }

    /// A wrong number is what the first step takes out; a KenKen finished by the steps is the
    /// computer's, and its steps survive a save.
    #[test]
    fn solve_step_takes_out_a_wrong_number_first_and_finishes_a_kenken() {
        let g = crate::kenken::generator::generate(4, crate::kenken::rate::Difficulty::Easy, 5).unwrap();
        let mut s = KenkenSession::from_game(KenkenGame::new(g.puzzle.clone()));
        let wrong = if g.solution[0] == 1 { 2 } else { 1 };
        s.apply(Action::Grid(GridMove::SetValue { row: 0, col: 0, value: wrong })).unwrap();
        let info = KenkenInfo { solution: Some(g.solution.clone()), ..KenkenInfo::default() };
        let mut game = GameInPlay::Kenken(s, info);
        let first = game.solve_step(0).unwrap();
        assert_eq!(first.id, "wrong_number");
        let mut n = 0;
        while game.solve_step(0).unwrap().id != "solved" {
            n += 1;
            assert!(n < 40);
        }
        assert!(game.is_solved() && game.was_solved_by_computer());
        let bytes = crate::save::to_bytes(&game, 0).unwrap();
        let back = crate::save::from_bytes(&bytes).unwrap();
        assert!(back.game.was_solved_by_computer(), "the steps are the computer's after a save");
    }
}
