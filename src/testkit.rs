//! Deterministic games and random actions for tests, fuzzing and the autosave crash test.
//! Not used in play: real puzzles come from the generator.
//!
//! Every game supplies its test hooks ([`TestHooks`], in its own folder: `<game>/testkit.rs`):
//! a sample game and a random move. [`each_kind`] hands each kind of the list to an
//! [`EachKind`] visitor, so the property, fixture and dispatcher tests loop over the list and a
//! new kind is tested by them without being named.

use std::fmt::Debug;

use rand::rngs::StdRng;
use rand::Rng;

use crate::games::{GameDef, GameInPlay, GameKind};

use crate::session::gridplay::GridMove;
use crate::session::{Game, Point, Session};
use crate::sudoku::play::{Action, SudokuSession};
use crate::grid::{Grid, Shape};

/// A valid solved board of any shape, by the classic shifted-rows pattern.
pub fn pattern_solution(shape: Shape) -> Grid {
    let (n, br, bc) = (shape.n(), shape.box_rows as usize, shape.box_cols as usize);
    let mut g = Grid::empty(shape);
    for r in 0..n {
        for c in 0..n {
            // Rows shift by a box width, and by one more at each band: rows, columns and boxes
            // each see every value once.
            g.set(r, c, ((bc * (r % br) + r / br + c) % n) as u8 + 1);
        }
    }
    g
}

/// A game on the pattern solution with about `given_ratio` of the cells given, chosen by `rng`.
pub fn sample_session(shape: Shape, given_ratio: f64, rng: &mut impl Rng) -> SudokuSession {
    let solution = pattern_solution(shape);
    let mut puzzle = Grid::empty(shape);
    let n = shape.n();
    for r in 0..n {
        for c in 0..n {
            if rng.random_bool(given_ratio.clamp(0.0, 1.0)) {
                puzzle.set(r, c, solution.get(r, c));
            }
        }
    }
    match SudokuSession::new(puzzle, solution.clone(), "medium", Some(rng.random())) {
        Ok(s) => s,
        // Unreachable: the givens are copied from a valid solution. Fall back to no givens.
        Err(_) => SudokuSession::new(Grid::empty(shape), solution.clone(), "medium", None)
            .unwrap_or_else(|e| panic!("pattern solution rejected: {e}")),
    }
}

fn point(rng: &mut impl Rng) -> Point {
    Point { x: rng.random::<f32>(), y: rng.random::<f32>() }
}

/// A cell, now and then off the board to exercise the errors.
fn cell(n: usize, rng: &mut impl Rng) -> (usize, usize) {
    if rng.random_ratio(1, 40) {
        (rng.random_range(0..n + 3), rng.random_range(0..n + 3))
    } else {
        (rng.random_range(0..n), rng.random_range(0..n))
    }
}

/// A value, now and then out of range.
fn value(size: u8, rng: &mut impl Rng) -> u8 {
    if rng.random_ratio(1, 40) {
        rng.random_range(0..=size + 1)
    } else {
        rng.random_range(1..=size)
    }
}

/// A move on a selection (#43), the same for every pen-grid game: corner and centre marks, a
/// value on many cells (tidy or not), Delete a layer at a time; cells now and then off the
/// board, values out of range.
pub fn random_selection_move<A: From<GridMove>, R: Rng>(n: usize, size: u8, rng: &mut R, cell: impl Fn(usize, &mut R) -> (usize, usize)) -> A {
    let cells: Vec<(usize, usize)> = (0..rng.random_range(1..5)).map(|_| cell(n, rng)).collect();
    let v = value(size, rng);
    A::from(match rng.random_range(0..6) {
        0 => GridMove::Mark { cells, kind: crate::session::marks::MarkKind::Corner, value: v },
        1 => GridMove::Mark { cells, kind: crate::session::marks::MarkKind::Centre, value: v },
        2 => GridMove::Mark { cells, kind: crate::session::marks::MarkKind::Candidate, value: v },
        3 | 4 => GridMove::SetValues { cells, value: v, tidy: rng.random_ratio(1, 2) },
        _ => GridMove::DeleteCells { cells },
    })
}

/// A glyph from a few random strokes (`None` now and then: ink without extent makes none).
pub fn random_glyph(rng: &mut impl Rng) -> Option<crate::session::glyph::Glyph> {
    let strokes: Vec<crate::ink::Stroke> = (0..rng.random_range(1..4))
        .map(|_| crate::ink::Stroke::from_xy(&(0..rng.random_range(1..8)).map(|_| [rng.random::<f32>(), rng.random::<f32>()]).collect::<Vec<_>>()))
        .collect();
    crate::session::glyph::Glyph::tidy(&strokes)
}

/// Handwritten marks read in a random cell of `board` (side `n`, symbols up to `size`): the
/// ink notes mostly inside it (sometimes an unknown id), one to three digits as corner or centre
/// marks, now and then with their ink kept ("keep my handwriting"). Refused when the cell is
/// filled or fixed, or an id is unknown: the refusal paths are exercised too.
pub fn random_read_marks(board: &crate::session::gridplay::GridBoard, size: u8, rng: &mut impl Rng) -> GridMove {
    let n = board.side();
    let (row, col) = (rng.random_range(0..n), rng.random_range(0..n));
    let mut ids: Vec<u32> = board.notes_in(row, col).iter().map(|k| k.id).collect();
    ids.extend(rng.random_ratio(1, 20).then_some(u32::MAX));
    let digits: Vec<u8> = (0..rng.random_range(1..=3)).map(|_| value(size, rng)).collect();
    let (corner, centre): (Vec<u8>, Vec<u8>) = digits.iter().partition(|_| rng.random_bool(0.5));
    let glyphs = if rng.random_ratio(1, 2) { digits.iter().filter_map(|&d| Some((d, random_glyph(rng)?))).collect() } else { Vec::new() };
    GridMove::ReadMarks { row, col, ids, corner, centre, glyphs }
}

/// [`random_action`], with one value in four written with the pen keeping the player's ink
/// ("keep my handwriting").
pub fn random_pen_action(s: &SudokuSession, rng: &mut impl Rng) -> Action {
    match random_action(s, rng) {
        Action::Grid(GridMove::SetValue { row, col, value }) if rng.random_ratio(1, 4) => match random_glyph(rng) {
            Some(glyph) => Action::Grid(GridMove::WriteInk { row, col, value, glyph, tidy: rng.random_ratio(1, 3) }),
            None => Action::Grid(GridMove::SetValue { row, col, value }),
        },
        Action::Grid(GridMove::AddNote { .. }) if rng.random_ratio(1, 4) => Action::Grid(random_read_marks(s.game().grid(), s.game().shape().size, rng)),
        other => other,
    }
}

/// A random Sudoku move, mostly legal, sometimes illegal (bad cells, givens, unknown notes), so
/// sequences exercise every path including refusals. Undo and redo are mixed in by [`play`].
pub fn random_action(s: &SudokuSession, rng: &mut impl Rng) -> Action {
    let g = s.game();
    let size = g.shape().size;
    let n = size as usize;
    match rng.random_range(0..100) {
        0..=29 => {
            let (row, col) = cell(n, rng);
            Action::Grid(GridMove::SetValue { row, col, value: value(size, rng) })
        }
        30..=37 => {
            let (row, col) = cell(n, rng);
            Action::Grid(GridMove::Clear { row, col })
        }
        38..=42 => {
            let k = rng.random_range(0..6);
            Action::Grid(GridMove::ClearCells { cells: (0..k).map(|_| cell(n, rng)).collect() })
        }
        43..=59 => {
            let (row, col) = cell(n, rng);
            Action::Grid(GridMove::ToggleCandidate { row, col, value: value(size, rng) })
        }
        60..=61 => Action::SetCandidates,
        62..=71 => {
            // Strokes near one spot, so some fall mostly inside one cell.
            let centre = point(rng);
            let len = rng.random_range(1..12);
            let stroke = (0..len)
                .map(|_| Point {
                    x: centre.x + (rng.random::<f32>() - 0.5) * 0.1,
                    y: centre.y + (rng.random::<f32>() - 0.5) * 0.1,
                })
                .collect();
            Action::Grid(GridMove::AddNote { stroke })
        }
        72..=76 => {
            let notes = g.notes();
            let mut ids: Vec<u32> = Vec::new();
            for _ in 0..rng.random_range(0..3) {
                if !notes.is_empty() {
                    ids.push(notes[rng.random_range(0..notes.len())].id);
                }
            }
            if rng.random_ratio(1, 20) {
                ids.push(rng.random_range(0..1000));
            }
            let cells = (0..rng.random_range(0..3)).map(|_| (rng.random_range(0..n), rng.random_range(0..n))).collect();
            Action::Grid(GridMove::RemoveNotes { ids, cells })
        }
        77..=81 => {
            let (row, col) = (rng.random_range(0..n), rng.random_range(0..n));
            let right = g.solution().get(row, col);
            let value = if rng.random_ratio(1, 10) { right % size + 1 } else { right };
            Action::ApplyHint { row, col, value }
        }
        82..=86 => {
            let k = rng.random_range(0..4);
            // Sometimes a colour that does not exist.
            let colour = rng.random_range(0..=crate::session::colours::MAX_COLOUR + 1);
            Action::Grid(GridMove::SetColour { cells: (0..k).map(|_| cell(n, rng)).collect(), colour })
        }
        88..=99 => random_selection_move(n, size, rng, cell),
        _ => Action::Solve,
    }
}

/// State 0 of the deterministic move chain used by the autosave crash test.
pub fn chain_start(seed: u64) -> SudokuSession {
    use rand::SeedableRng;
    sample_session(Shape::S9, 0.4, &mut rand::rngs::StdRng::seed_from_u64(seed))
}

/// Turns state `k - 1` of the chain into state `k`: the first random action that changes the
/// game, drawn from a generator seeded by `(seed, k)` so any process can replay the chain.
pub fn chain_step(s: &mut SudokuSession, seed: u64, k: u64) {
    use rand::SeedableRng;
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    for _ in 0..1_000 {
        // Undo and redo change the game too (when there is something to take back or redo).
        let changed = match rng.random_range(0..12) {
            0 => s.undo().is_ok(),
            1 => s.redo().is_ok(),
            _ => {
                let a = random_action(s, &mut rng);
                s.apply(a) == Ok(true)
            }
        };
        if changed {
            return;
        }
    }
}

/// Plays `steps` moves chosen by `next` (refused ones included) with undo and redo mixed in
/// (about one step in five), pausing and resuming the clock now and then as a player putting
/// the tablet down would, and ends with it paused. Works for every game.
pub fn play<G: Game, R: Rng>(s: &mut Session<G>, rng: &mut R, steps: usize, next: impl FnMut(&Session<G>, &mut R) -> G::Action) {
    play_watched(s, rng, steps, next, |_| {})
}

/// [`play`], with `watch` shown the session after every step (its clock settled, as the app
/// does after every change: the journal's times are stamped).
pub fn play_watched<G: Game, R: Rng>(
    s: &mut Session<G>,
    rng: &mut R,
    steps: usize,
    mut next: impl FnMut(&Session<G>, &mut R) -> G::Action,
    mut watch: impl FnMut(&Session<G>),
) {
    let mut clock = 0u64;
    for _ in 0..steps {
        match rng.random_range(0..10) {
            0 => {
                let _ = s.undo();
            }
            1 => {
                let _ = s.redo();
            }
            _ => {
                let a = next(s, rng);
                let _ = s.apply(a);
            }
        }
        s.settle_clock(clock);
        watch(s);
        if rng.random_ratio(1, 50) {
            if s.is_running() {
                s.pause(clock)
            } else {
                s.resume(clock)
            }
        }
        clock += rng.random_range(0..5_000);
    }
    s.pause(clock);
}

/// Checks that undo and redo are exact inverses for any game: every single undo is reversed by
/// a redo, undoing everything reaches the start, and redoing everything comes back. Leaves the
/// session as it found it.
pub fn check_undo_redo<G: Game + PartialEq + std::fmt::Debug>(s: &mut Session<G>) -> Result<(), String> {
    let end = s.game().clone();
    let steps = s.history().done().len();
    let pending = s.history().undone().len();
    for k in 0..steps {
        let before = s.game().clone();
        s.undo().map_err(|e| format!("undo {}: {e}", k + 1))?;
        s.redo().map_err(|e| format!("redo after undo {}: {e}", k + 1))?;
        if s.game() != &before {
            return Err(format!("undo then redo at step {} does not restore the game", k + 1));
        }
        s.undo().map_err(|e| format!("undo {}: {e}", k + 1))?;
    }
    if s.game() != s.start() || s.can_undo() {
        return Err("undoing every move does not lead back to the start".into());
    }
    for k in 0..steps {
        s.redo().map_err(|e| format!("redo {}: {e}", k + 1))?;
    }
    if s.game() != &end || s.history().undone().len() != pending {
        return Err("redoing every move does not lead back to where play ended".into());
    }
    Ok(())
}

/// What a game gives the tests (behind the `testkit` feature), beside its descriptor.
pub trait TestHooks: GameDef {
    /// A game to test with: one of the kind's shapes or sizes, chosen by `rng`.
    fn sample(rng: &mut StdRng) -> (Session<Self::Game>, Self::Info);
    /// A random move, mostly legal, sometimes refused (so refusals are exercised too).
    fn random_move(s: &Session<Self::Game>, rng: &mut StdRng) -> <Self::Game as Game>::Action;
    /// How many cells (tiles, lights) its view draws: `rows * cols` of its progress.
    fn drawn(view: &Self::View) -> usize;
}

/// Something done with every kind of the list, typed ([`each_kind`]). `wrap` makes the game in
/// play from a session of the kind and its info.
pub trait EachKind {
    fn visit<D: TestHooks>(&mut self, kind: GameKind, wrap: fn(Session<D::Game>, D::Info) -> GameInPlay)
    where
        D::Game: PartialEq + Debug,
        <D::Game as Game>::Action: Clone + Debug;
}

pub use crate::games::each_kind;

impl GameInPlay {
    /// A random move of the game in play as `act` takes it (its kind's
    /// [`TestHooks::random_move`] as JSON; `null` for a move that has no JSON form, which `act`
    /// refuses like any bad move): for tests that drive a game through the shell's commands.
    pub fn random_action(&self, rng: &mut StdRng) -> serde_json::Value {
        crate::games::each_game!(self, |s, info, D| serde_json::to_value(<D as TestHooks>::random_move(s, rng)).unwrap_or(serde_json::Value::Null))
    }
}

/// A data folder's layout for the backup tests and the restore crash writer: the app's own
/// names (the shell's layout is built from its constants the same way), and a photo that is
/// a PNG by its signature, named by hex digits.
pub fn backup_layout() -> crate::backup::Layout {
    use crate::backup::{Layout, Part};
    let mut files: Vec<(String, Part)> = GameKind::ALL.iter().map(|&k| (format!("autosave-{}.{}", k.as_str(), crate::save::EXTENSION), Part::Save(k))).collect();
    files.push(("stats.json".into(), Part::Stats));
    files.push(("settings.json".into(), Part::Settings));
    files.push((crate::ink::adapt::FILE_NAME.into(), Part::Profile));
    Layout { files, pictures: "pictures".into(), check_picture: test_picture }
}

fn test_picture(name: &str, bytes: &[u8]) -> Result<(), String> {
    let hex = name.strip_suffix(".png").is_some_and(|h| !h.is_empty() && h.bytes().all(|b| b.is_ascii_hexdigit()));
    match (hex, bytes.starts_with(b"\x89PNG\r\n\x1a\n")) {
        (true, true) => Ok(()),
        (false, _) => Err(format!("\"{name}\" is no picture name")),
        (true, false) => Err("it is not a PNG".into()),
    }
}
