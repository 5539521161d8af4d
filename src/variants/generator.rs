//! The variants' generator: rules and a random solution (a jigsaw's regions, a Killer's cages
//! cut from the solution), then givens removed in random order while the puzzle stays within
//! the target level (which, for the levels a person solves by technique, also keeps it unique:
//! every technique is a sound deduction, so a path that fills the board leaves one solution;
//! at expert the exact solver checks). A puzzle is kept when the level below does not solve it.
//! Reproducible from a seed, cancellable through the progress callback.

use std::sync::OnceLock;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use thiserror::Error;

use crate::grid::{Geometry, Grid, Shape};
use crate::sudoku::bitboard::{Cells, Closure, Reach, Reached, Techniques};
use crate::sudoku::{exact, human, Difficulty};

use super::{cages, regions, Kind, Puzzle, Rules};

/// What to make.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    pub kind: Kind,
    pub size: u8,
    pub difficulty: Difficulty,
    pub seed: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum GenerateError {
    #[error("generation was cancelled")]
    Cancelled,
    #[error("no {size}x{size} {kind} puzzle at {difficulty} can be made")]
    Unavailable { kind: &'static str, size: u8, difficulty: Difficulty },
}

/// Tries before giving up (an attempt is one solution dug; most levels hit in a few).
const MAX_ATTEMPTS: usize = 400;
/// The search budget of one random fill, and the fills tried on a layout before it is dropped
/// for another. A jigsaw fill's search is heavy-tailed (9x9, easy, seeds 1-300: median 47
/// nodes, 90th percentile 2,267, and one fill in eight not done in 20,000, some layouts having
/// no filling at all), so short searches started again beat one long one: 6x (9x9) and 3.4x
/// (6x6) faster than one search of 20,000 (docs/benchmarks.md).
const FILL_NODES: usize = 150;
const FILLS: usize = 4;
/// The search budget of one uniqueness check while digging past the techniques: a check over
/// it keeps its given (always safe). Sparse Killer boards sometimes take the exact solver a
/// quarter of a second; those givens are rarely the ones a puzzle can do without.
const DIG_NODES: usize = 5_000;
/// Orders tried when putting givens back into one dug puzzle: a level is a narrow band (a given
/// more and the level below solves it, one fewer and the level does not), so each dug puzzle
/// gets several passes. 8 of them: tuned when hard Killers came this way (their median was
/// about the same with 4, 8, 12 or 16: docs/benchmarks.md).
const ADD_BACK_ORDERS: usize = 8;

/// Whether `kind` comes at `size`.
pub fn available(kind: Kind, size: u8) -> bool {
    kind.sizes().contains(&size)
}

/// A puzzle of `opts`: exactly one solution, rated exactly at its level. `progress` gets a
/// non-decreasing estimate in 0..1 and returns false to cancel.
pub fn generate(opts: &Options, progress: &mut dyn FnMut(f32) -> bool) -> Result<Puzzle, GenerateError> {
    let unavailable = GenerateError::Unavailable { kind: opts.kind.id(), size: opts.size, difficulty: opts.difficulty };
    let Some(shape) = Shape::from_size(usize::from(opts.size)).filter(|_| available(opts.kind, opts.size)) else {
        return Err(unavailable);
    };
    let mut rng = rand::rngs::StdRng::seed_from_u64(opts.seed);
    let mut shown = 0f32;
    for attempt in 0..MAX_ATTEMPTS {
        let p = attempt as f32 / 4.0;
        shown = shown.max((1.0 - 1.0 / (1.0 + p)).min(0.99));
        if !progress(shown) {
            return Err(GenerateError::Cancelled);
        }
        let Some((rules, solution)) = rules_and_solution(opts.kind, shape, cage_mix(opts.difficulty), &mut rng) else { continue };
        let made_here;
        let techniques = match kept_techniques(&rules) {
            Some(t) => Some(t),
            None => {
                made_here = Techniques::of(rules.geometry());
                made_here.as_ref()
            }
        };
        let mut givens = Some(dig(&rules, techniques, &solution, opts.difficulty, &mut rng))
            .filter(|g| is_above(g, &rules, techniques, opts.difficulty));
        // The second way down to the level: from above, givens put back one by one. Not for a
        // Killer: dug within its level it lands there often enough (hard in two cuts of five)
        // that a new cut costs less than the dig to one solution this starts with, which
        // is dearest on a sparse Killer (docs/benchmarks.md).
        if givens.is_none() && !opts.kind.is_killer() && matches!(opts.difficulty, Difficulty::Medium | Difficulty::Hard) {
            givens = add_back(&rules, techniques, &solution, opts.difficulty, &mut rng);
        }
        let Some(givens) = givens else { continue };
        let made = Puzzle { rules, givens };
        // Every puzzle made travels as a Solo game ID (the cutter makes no cage it can't carry).
        if made.to_solo().is_ok() {
            progress(1.0);
            return Ok(made);
        }
    }
    Err(unavailable)
}

/// The bit-set techniques of an X board (boxes, no cages), made once per shape and kept as
/// its rules are (`Rules::plain`): every try starts from the same ones.
fn kept_techniques(rules: &Rules) -> Option<&'static Techniques> {
    if rules.is_jigsaw() || !rules.geometry().cages.is_empty() {
        return None;
    }
    static KEPT: [OnceLock<Option<Techniques>>; 8] = [const { OnceLock::new() }; 8];
    let (shape, x) = (rules.shape(), rules.is_x());
    let k = Shape::ALL.iter().position(|&s| s == shape)?;
    KEPT[k * 2 + usize::from(x)].get_or_init(|| Rules::plain(shape, x).and_then(|r| Techniques::of(r.geometry()))).as_ref()
}

/// The cage sizes a Killer of `level` is cut in: a hard one leans to larger cages (still mostly
/// 2 to 4 cells), whose many combinations keep it from medium more often: dug within hard it
/// lands there more often, a quarter less time for a Killer X (docs/benchmarks.md).
fn cage_mix(level: Difficulty) -> cages::Sizes {
    if level == Difficulty::Hard {
        cages::Sizes::Larger
    } else {
        cages::Sizes::Printed
    }
}

/// A variant's rules with a solution of them (a Killer's cages cut in the mix `sizes`).
fn rules_and_solution(kind: Kind, shape: Shape, sizes: cages::Sizes, rng: &mut rand::rngs::StdRng) -> Option<(Rules, Vec<u8>)> {
    let n = shape.n();
    let x = kind.has_diagonals();
    let base = if kind == Kind::Jigsaw {
        Rules::new(shape, regions::random_regions(shape, rng)?, true, x, Vec::new()).ok()?
    } else {
        Rules::plain(shape, x)?
    };
    let solution = (0..FILLS).find_map(|_| exact::random_fill(base.geometry(), rng, FILL_NODES))?;
    if !kind.is_killer() {
        return Some((base, solution));
    }
    let cages = cages::random_cages(n, &solution, sizes, rng)?;
    let rules = Rules::new(shape, base.region_of().to_vec(), false, x, cages).ok()?;
    Some((rules, solution))
}

/// Whether the level below `level` does not solve `puzzle` (so, dug within `level`, it is
/// exactly that level).
fn is_above(puzzle: &Grid, rules: &Rules, techniques: Option<&Techniques>, level: Difficulty) -> bool {
    let Some(below) = level_below(level) else { return true };
    // The bit-set techniques say it where they have the whole of the level below.
    if let Some((t, reach)) = on_bits(techniques, below) {
        let empty: Vec<usize> = (0..puzzle.values().len()).filter(|&c| puzzle.values()[c] == 0).collect();
        return t.close(puzzle.values(), &empty, reach, false) != Closure::Filled;
    }
    !human::solvable_within_in(puzzle, rules.geometry(), below, &[])
}

/// The bit-set techniques and their reach where they have the whole of `level` (easy, medium,
/// hard).
fn on_bits(techniques: Option<&Techniques>, level: Difficulty) -> Option<(&Techniques, Reach)> {
    Some((techniques?, Reach::within(level)?))
}

/// A puzzle past `level` (dug to one solution only), then its solution's digits put back in
/// random order until `level` solves it: the puzzle then, if the level below still can't.
///
/// A digit after which the level below solves it is taken out again and not tried again in
/// that order: every puzzle further along holds this one, and techniques that solve a puzzle
/// solve it with more givens. So an order is one pass over the empty cells, each tried once.
/// For the same reason a later order skips a digit without a try where the level below has
/// filled every cell an earlier order had kept when that digit was too easy: a board that
/// knows those digits knows at least what they told it.
/// Each try starts from the boards where the level below and `level` got stuck with the givens
/// kept so far (what the techniques found then still holds with more givens), so it costs the
/// steps the new digit opens up, not a whole path. A puzzle found so is checked once more from
/// its start. On the bit set only, which has every variant (9x9 at most) and the levels this
/// is asked for (medium and hard, and the one below each).
fn add_back(
    rules: &Rules,
    techniques: Option<&Techniques>,
    solution: &[u8],
    level: Difficulty,
    rng: &mut rand::rngs::StdRng,
) -> Option<Grid> {
    let geo = rules.geometry();
    let order = dig_order(solution.len(), rng);
    let ladder = Ladder { t: techniques?, below: Reach::within(level_below(level)?)?, level: Reach::within(level)? };
    let hardest = dig_in_order(rules, techniques, solution, Difficulty::Expert, order);
    let start = ladder.start(&hardest)?;
    // Within `level` with no given back: every order stops here.
    if start.below.is_solved() {
        return None;
    }
    if start.at.is_solved() {
        return (human::level_within_in(&hardest, geo, level) == Some(level)).then_some(hardest);
    }
    let mut empty: Vec<usize> = (0..solution.len()).filter(|&c| hardest.values()[c] == 0).collect();
    // Each cell's digit, with the digits kept before it in an order where it was too easy.
    let mut too_easy: Vec<Vec<Kept>> = vec![Vec::new(); solution.len()];
    for _ in 0..ADD_BACK_ORDERS {
        empty.shuffle(rng);
        let mut stuck = start.clone();
        let mut values = hardest.values().to_vec();
        let mut kept = Kept::EMPTY;
        for &c in &empty {
            if too_easy[c].iter().any(|then| stuck.below.fills(then)) {
                continue;
            }
            match ladder.one_more_given(&stuck, c, solution[c]) {
                // Too easy with this digit, and so with any more: not given in this order.
                WithIt::Below => too_easy[c].push(kept),
                WithIt::AtLevel => {
                    values[c] = solution[c];
                    let g = Grid::from_values(rules.shape(), values)?;
                    if human::level_within_in(&g, geo, level) == Some(level) {
                        return Some(g);
                    }
                    break;
                }
                WithIt::Past(b) => {
                    values[c] = solution[c];
                    kept.insert(c);
                    stuck = b;
                }
            }
        }
    }
    None
}

/// The cells whose digits an order of `add_back` has kept so far (boards of the bit set, 128
/// cells at most).
type Kept = Cells<2>;

/// The boards `add_back` carries forward: where the level below got stuck and where `level`
/// got stuck. Each try looks only where the new digit changed something, at both levels.
#[derive(Clone)]
struct Stuck {
    below: Reached,
    at: Reached,
}

/// A puzzle with one more given, as read from the boards where the levels got stuck without
/// it.
// The boards are moved once, into the next try's `stuck`: a box would only add an allocation.
#[allow(clippy::large_enum_variant)]
enum WithIt {
    /// The level below solves it.
    Below,
    /// `level` solves it, the level below not.
    AtLevel,
    /// Past `level`: where the levels now get stuck.
    Past(Stuck),
}

/// What `add_back` asks of each digit it puts back: the bit-set techniques with the reach of
/// the level below and of `level`.
struct Ladder<'a> {
    t: &'a Techniques,
    below: Reach,
    level: Reach,
}

impl Ladder<'_> {
    /// Where the levels get stuck on `puzzle`.
    fn start(&self, puzzle: &Grid) -> Option<Stuck> {
        let below = self.t.reach(puzzle.values(), self.below)?;
        let at = self.t.go_on(&below, self.level)?;
        Some(Stuck { below, at })
    }

    fn one_more_given(&self, stuck: &Stuck, cell: usize, digit: u8) -> WithIt {
        // A digit of the solution runs into no contradiction; were it to, it is not given.
        let Some(below) = self.t.place_and_reach(&stuck.below, cell, digit, self.below) else { return WithIt::Below };
        if below.is_solved() {
            return WithIt::Below;
        }
        // `level` from where it got stuck without the digit: what it found there holds.
        match self.t.place_and_reach(&stuck.at, cell, digit, self.level) {
            None => WithIt::Below,
            Some(at) if at.is_solved() => WithIt::AtLevel,
            Some(at) => WithIt::Past(Stuck { below, at }),
        }
    }
}

/// The level just below `level`, none below easy.
fn level_below(level: Difficulty) -> Option<Difficulty> {
    match level {
        Difficulty::Easy => None,
        Difficulty::Medium => Some(Difficulty::Easy),
        Difficulty::Hard => Some(Difficulty::Medium),
        Difficulty::Expert => Some(Difficulty::Hard),
    }
}

/// The givens left when every one that can go has gone, in random order, keeping the puzzle
/// within `level` (and unique).
fn dig(rules: &Rules, techniques: Option<&Techniques>, solution: &[u8], level: Difficulty, rng: &mut rand::rngs::StdRng) -> Grid {
    dig_in_order(rules, techniques, solution, level, dig_order(solution.len(), rng))
}

/// The random order a dig takes `cells` givens out in.
fn dig_order(cells: usize, rng: &mut rand::rngs::StdRng) -> Vec<usize> {
    let mut order: Vec<usize> = (0..cells).collect();
    order.shuffle(rng);
    order
}

/// Whether `digit` goes nowhere but `cell` in one of its units on the board `values` (`cell`
/// open): every other open cell of the unit sees it.
fn hidden_single(geo: &Geometry, values: &[u8], cell: usize, digit: u8) -> bool {
    let elsewhere = |e: usize| e != cell && values[e] == 0 && !geo.peers[e].iter().any(|&p| values[p] == digit);
    geo.cell_units[cell].iter().any(|&u| !geo.units[u].iter().any(|&e| elsewhere(e)))
}

/// [`dig`] in `order`.
fn dig_in_order(rules: &Rules, techniques: Option<&Techniques>, solution: &[u8], level: Difficulty, order: Vec<usize>) -> Grid {
    let shape = rules.shape();
    let geo = rules.geometry();
    // The techniques within the level put most cells straight back (then the puzzle's path is
    // the one it had with the given: `human::solvable_within_in`), and the bit-set board asks
    // that several times faster than the human board does. It knows easy, medium and hard.
    let reach = match level {
        Difficulty::Medium => Reach::Medium,
        Difficulty::Hard => Reach::Hard,
        // At expert a yes spares the exact solver's check, and the easy techniques say it most
        // cheaply (the medium ones' many noes cost more than the checks they spare, but on a
        // Killer's: `medium_fills` below).
        Difficulty::Easy | Difficulty::Expert => Reach::Easy,
    };
    let mut values = solution.to_vec();
    for c in order {
        let v = values[c];
        values[c] = 0;
        // Most of the first cells taken out see every other digit around them: a naked
        // single at every level, known without a closure. A quarter of the rest are a hidden
        // single at once.
        let seen = geo.peers[c].iter().fold(0u32, |m, &p| m | (1 << values[p]) >> 1);
        if seen.count_ones() + 1 == shape.n() as u32 || hidden_single(geo, &values, c, v) {
            continue;
        }
        let closure = techniques.map(|t| t.close(&values, &[c], reach, false));
        // A Killer's exact check searches long on a board of few givens: at expert the medium
        // techniques say yes to most of those first, for a small part of its cost.
        let medium_fills = || {
            level == Difficulty::Expert
                && !geo.cages.is_empty()
                && techniques.is_some_and(|t| t.close(&values, &[c], Reach::Medium, false) == Closure::Filled)
        };
        let keep = match closure {
            Some(Closure::Filled) => true,
            Some(Closure::Stuck(_)) if medium_fills() => true,
            // The board with `v` in `c` had one solution: it still has when no other digit fits.
            _ if level == Difficulty::Expert => exact::other_solution_within(geo, &values, c, v, DIG_NODES) == Some(false),
            // The level's techniques, all of them, stop short of the cell.
            Some(Closure::Stuck(_)) => false,
            _ => {
                let Some(g) = Grid::from_values(shape, values.clone()) else { break };
                human::solvable_within_in(&g, geo, level, &[c])
            }
        };
        if !keep {
            values[c] = v;
        }
    }
    Grid::from_values(shape, values).unwrap_or_else(|| Grid::empty(shape))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `add_back` reads from the boards it carries forward (`Ladder::one_more_given`) is
    /// what a fresh path of the same givens says: the level below solves it, `level` does, or
    /// neither. Every try of one random order of each of 6 dug puzzles of every kind and size,
    /// at medium and hard.
    #[test]
    fn a_board_carried_forward_reads_as_a_fresh_path() {
        let mut tries = 0;
        for kind in Kind::ALL {
            for &size in kind.sizes() {
                for level in [Difficulty::Medium, Difficulty::Hard] {
                    let below = level_below(level).unwrap();
                    let mut rng = rand::rngs::StdRng::seed_from_u64(17);
                    for _ in 0..6 {
                        let shape = Shape::from_size(usize::from(size)).unwrap();
                        let Some((rules, solution)) = rules_and_solution(kind, shape, cages::Sizes::Printed, &mut rng) else { continue };
                        let geo = rules.geometry();
                        let techniques = Techniques::of(geo).unwrap();
                        let hardest = dig(&rules, Some(&techniques), &solution, Difficulty::Expert, &mut rng);
                        let ladder = Ladder { t: &techniques, below: Reach::within(below).unwrap(), level: Reach::within(level).unwrap() };
                        let mut stuck = ladder.start(&hardest).unwrap();
                        let mut values = hardest.values().to_vec();
                        let mut empty: Vec<usize> = (0..values.len()).filter(|&c| values[c] == 0).collect();
                        empty.shuffle(&mut rng);
                        for c in empty {
                            values[c] = solution[c];
                            let fresh = human::level_within_in(&Grid::from_values(shape, values.clone()).unwrap(), geo, level);
                            tries += 1;
                            match ladder.one_more_given(&stuck, c, solution[c]) {
                                WithIt::Below => {
                                    assert!(fresh.is_some_and(|at| at <= below), "{kind:?} {level:?} {values:?}: fresh {fresh:?}");
                                    values[c] = 0;
                                }
                                WithIt::AtLevel => {
                                    assert_eq!(fresh, Some(level), "{kind:?} {level:?} {values:?}");
                                    break;
                                }
                                WithIt::Past(b) => {
                                    assert_eq!(fresh, None, "{kind:?} {level:?} {values:?}");
                                    stuck = b;
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(tries > 1200, "{tries}");
    }

    /// What `add_back` skips without a try (a digit too easy in an earlier order, where the
    /// level below has filled every cell kept then) is too easy when tried: three orders of
    /// each of 20 dug 9x9 X and Jigsaw puzzles at hard, every try asked. The filled cells skip
    /// more than the kept ones alone would.
    #[test]
    fn a_digit_too_easy_stays_too_easy_with_more_givens() {
        let (mut skipped, mut by_kept) = (0, 0);
        for kind in [Kind::X, Kind::Jigsaw] {
            let mut rng = rand::rngs::StdRng::seed_from_u64(19);
            for _ in 0..20 {
                let Some((rules, solution)) = rules_and_solution(kind, Shape::from_size(9).unwrap(), cages::Sizes::Printed, &mut rng) else { continue };
                let techniques = Techniques::of(rules.geometry()).unwrap();
                let hardest = dig(&rules, Some(&techniques), &solution, Difficulty::Expert, &mut rng);
                let ladder = Ladder { t: &techniques, below: Reach::Medium, level: Reach::Hard };
                let Some(start) = ladder.start(&hardest) else { continue };
                let mut empty: Vec<usize> = (0..81).filter(|&c| hardest.values()[c] == 0).collect();
                let mut too_easy: Vec<Vec<Kept>> = vec![Vec::new(); 81];
                for _ in 0..3 {
                    empty.shuffle(&mut rng);
                    let (mut stuck, mut kept) = (start.clone(), Kept::EMPTY);
                    for &c in &empty {
                        let skip = too_easy[c].iter().any(|then| stuck.below.fills(then));
                        by_kept += usize::from(too_easy[c].iter().any(|then| then.and_not(kept).is_empty()));
                        match ladder.one_more_given(&stuck, c, solution[c]) {
                            WithIt::Below => too_easy[c].push(kept),
                            WithIt::AtLevel => assert!(!skip, "{kind:?} {c}"),
                            WithIt::Past(b) => {
                                assert!(!skip, "{kind:?} {c}");
                                kept.insert(c);
                                stuck = b;
                            }
                        }
                        skipped += usize::from(skip);
                    }
                }
            }
        }
        assert!(by_kept > 20 && skipped > 2 * by_kept, "{skipped} {by_kept}");
    }

    /// The expert dig's check (no solution without the digit just taken out) says what a count
    /// of the board's solutions says, at every given of a dig of each kind.
    #[test]
    fn the_digs_check_agrees_with_a_count_of_solutions() {
        let mut checks = 0;
        for kind in Kind::ALL {
            let mut rng = rand::rngs::StdRng::seed_from_u64(23);
            let Some((rules, solution)) = rules_and_solution(kind, Shape::from_size(9).unwrap(), cages::Sizes::Printed, &mut rng) else { continue };
            let geo = rules.geometry();
            let mut values = solution.clone();
            let mut order: Vec<usize> = (0..values.len()).collect();
            order.shuffle(&mut rng);
            for c in order {
                let v = std::mem::replace(&mut values[c], 0);
                let count = exact::solutions_within(geo, &values, 2, 200_000);
                let other = exact::other_solution_within(geo, &values, c, v, 200_000);
                if count.gave_up || other.is_none() {
                    values[c] = v;
                    continue;
                }
                assert_eq!(other == Some(false), count.count == 1, "{kind:?} {values:?} without {v} at {c}");
                checks += 1;
                if count.count != 1 {
                    values[c] = v;
                }
            }
        }
        assert!(checks > 250, "{checks}");
    }

    /// The dig's bit-set techniques (`bitboard::Techniques`) put a cell back exactly when the
    /// human path within their level does, at every given of digs of each kind and size (each
    /// dug within that level, easy, medium and hard), and where both stop they leave the same values
    /// and candidates; the human path within the level, and within the one above, from where
    /// they stop says what the path from the puzzle says.
    #[test]
    fn the_bit_set_techniques_are_the_human_ones() {
        let (mut checks, mut stuck) = ([0; 3], [0; 3]);
        let levels = [(0, Reach::Easy, Difficulty::Easy), (1, Reach::Medium, Difficulty::Medium), (2, Reach::Hard, Difficulty::Hard)];
        for (r, reach, level) in levels {
            // Past hard the human path needs the solution (trial): hard is checked alone.
            let above = match level {
                Difficulty::Easy => Some(Difficulty::Medium),
                Difficulty::Medium => Some(Difficulty::Hard),
                _ => None,
            };
            for kind in Kind::ALL {
                for &size in kind.sizes() {
                    let shape = Shape::from_size(usize::from(size)).unwrap();
                    let mut rng = rand::rngs::StdRng::seed_from_u64(31);
                    for _ in 0..10 {
                        let Some((rules, solution)) = rules_and_solution(kind, shape, cages::Sizes::Printed, &mut rng) else { continue };
                        let geo = rules.geometry();
                        let techniques = Techniques::of(geo).unwrap();
                        let mut values = solution.clone();
                        let mut order: Vec<usize> = (0..values.len()).collect();
                        order.shuffle(&mut rng);
                        for c in order {
                            let v = std::mem::replace(&mut values[c], 0);
                            let grid = Grid::from_values(shape, values.clone()).unwrap();
                            let fast = techniques.close(&values, &[c], reach, true);
                            let human = human::solvable_within_in(&grid, geo, level, &[c]);
                            assert_eq!(fast == Closure::Filled, human, "{kind:?} {reach:?} {values:?} without {v} at {c}");
                            if let Closure::Stuck(stop) = &fast {
                                let stop = stop.as_ref().unwrap();
                                assert_eq!(techniques.board(&values, reach).as_ref(), Some(stop));
                                let b = human::stuck_within(&grid, geo, level);
                                let want = crate::sudoku::bitboard::Stop { values: b.grid().values().to_vec(), cands: b.candidates().to_vec() };
                                assert_eq!(stop, &want, "{kind:?} {reach:?} {values:?}");
                                // The path from where the closure stops is the path from the puzzle.
                                let from = Grid::from_values(shape, stop.values.clone()).unwrap();
                                for max in std::iter::once(level).chain(above) {
                                    assert_eq!(
                                        human::solvable_past(&from, &stop.cands, geo, level, max, &[c]),
                                        human::solvable_within_in(&grid, geo, max, &[c]),
                                        "{kind:?} {reach:?} {max:?} {values:?}"
                                    );
                                }
                                stuck[r] += 1;
                            }
                            checks[r] += 1;
                            if !human {
                                values[c] = v;
                            }
                        }
                    }
                }
            }
        }
        assert!(checks.iter().all(|&n| n > 3000) && stuck.iter().all(|&n| n > 400), "{checks:?} {stuck:?}");
    }

    #[test]
    fn each_variant_is_unique_and_at_its_level() {
        for kind in [Kind::X, Kind::Jigsaw] {
            for &size in kind.sizes() {
                for difficulty in [Difficulty::Easy, Difficulty::Medium] {
                    let opts = Options { kind, size, difficulty, seed: 5 };
                    let p = generate(&opts, &mut |_| true).unwrap_or_else(|e| panic!("{opts:?}: {e}"));
                    assert!(p.unique_solution().is_some(), "{opts:?}");
                    assert_eq!(p.rate().unwrap().level, difficulty, "{opts:?} {:?}", p.solo_id());
                }
            }
        }
    }
}
