//! Reading small pencil marks written by hand in one cell (#43 item 3; the app reads a pencil
//! burst through [`crate::pen::marks`]):
//! the strokes are split into digits by where they lie (a digit's strokes overlap, two digits
//! leave a gap), each digit is read by the single-symbol recogniser, and its place in the cell
//! says its kind (in the middle: a centre mark; near a corner or an edge: a corner mark). Ink
//! that is not small digits (an arrow, a circle, a line across the cell, a scribble the
//! recogniser can't read) stays free ink.
//!
//! Also here: the evaluation file's cells (`inkdoku recognize --eval-marks`) and the seeded
//! generator that lays out held-out writers' digits as a solver writes marks
//! (`examples/make_marks.rs`). Coordinates are the cell's own: 0..1 across, y down.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

use super::adapt::Adapter;
use super::{strokes_bounds, InkError, Sample, Stroke};

/// What a cell's ink was read as.
#[derive(Debug, Clone, PartialEq)]
pub enum MarksReading {
    /// Small digits: the corner marks and centre marks, each in the order written.
    Marks { corner: Vec<char>, centre: Vec<char> },
    /// Not small digits: it stays as the player's free ink.
    Ink,
}

/// A digit's ink is at most this tall or wide, as a part of the cell (marks are written about a
/// third of a cell high); anything bigger is free ink.
const MAX_MARK_EXTENT: f64 = 0.56;
/// Below this probability of its best legal digit (the recogniser's, over all its symbols, as
/// for a number written in a cell) a group is no digit, and the cell's ink stays ink: a dash, a
/// tick or a small arrow leaves the recogniser unsure among many symbols, where a digit
/// written small does not.
const MIN_MARK_CONFIDENCE: f32 = super::MIN_CONFIDENCE;
/// Written digits are seldom much wider than tall (0.5 % of the training writers' 1-9 are
/// wider than 1.5 times their height); dashes and small arrows are.
const MAX_MARK_WIDTH: f64 = 1.6;
/// What a dash or a small arrow reads as most often ('1', '4') is taller than wide when it is
/// written (0.7 % of the training writers' 1s and 4s are wider than 1.3 times their height).
const LINE_LIKE: [char; 2] = ['1', '4'];
const MAX_LINE_LIKE_WIDTH: f64 = 1.3;
/// Beside other digits, a group this much wider than tall and under half the tallest one's
/// height is a dash, not a digit: the recogniser takes some dashes for a sure 1, 2, 5 or 7,
/// and few digits written small are this flat (the flattest of the held-out writers' in the
/// evaluation sets, 2.35 times; docs/recogniser.md).
const MAX_DASH_LIKE_WIDTH: f64 = 2.2;
/// Ink smaller than this (a part of the cell, its longer side) is a touch of the pencil, no
/// digit.
const MIN_MARK_EXTENT: f64 = 0.06;
/// Two strokes belong to one digit when their boxes, grown by this much, overlap both ways.
const JOIN_MARGIN: f64 = 0.006;
/// A piece of a digit (much shorter than the tallest digit) joins the nearest digit within
/// this distance.
const MERGE_GAP: f64 = 0.05;

/// One small digit read in a cell's ink: the symbol chosen, whether it was written in the
/// middle (a centre mark) or near a corner or an edge (a corner mark), the recogniser's best
/// readings of its ink (best first, at most four), the ink itself (cell units), and which of
/// the strokes given it is made of (their places in the input: the app takes away only the
/// ink that was read).
#[derive(Debug, Clone, PartialEq)]
pub struct MarkDigit {
    pub symbol: char,
    pub centre: bool,
    pub ranked: Vec<(char, f32)>,
    pub strokes: Vec<Stroke>,
    pub inputs: Vec<usize>,
}

/// Reads a cell's ink (cell units) as marks among `legal` digits, or as free ink.
pub fn read_marks(strokes: &[Stroke], legal: &[char]) -> Result<MarksReading, InkError> {
    Ok(match read_mark_digits(strokes, legal, None)? {
        None => MarksReading::Ink,
        Some(digits) => {
            let (centre, corner): (Vec<&MarkDigit>, Vec<&MarkDigit>) = digits.iter().partition(|d| d.centre);
            MarksReading::Marks { corner: corner.iter().map(|d| d.symbol).collect(), centre: centre.iter().map(|d| d.symbol).collect() }
        }
    })
}

/// [`read_marks`] digit by digit, adapted to the player's hand when `adapter` holds their
/// samples: the digits in the order written, or `None` when the ink is free ink.
///
/// In a cell of several digits, one group that is no confident digit (a dash or a tick beside
/// the marks, a digit the recogniser can't make out) is left out: the others are read and its
/// strokes stay free ink (they are in no digit's `inputs`). One doubtful digit used to make the
/// whole cell ink, and lost every digit beside it.
pub fn read_mark_digits(strokes: &[Stroke], legal: &[char], adapter: Option<&Adapter>) -> Result<Option<Vec<MarkDigit>>, InkError> {
    let written: Vec<(usize, &Stroke)> = strokes.iter().enumerate().filter(|(_, s)| !s.points.is_empty()).collect();
    if written.is_empty() {
        return Ok(Some(vec![]));
    }
    // Groups of strokes, each one digit, in the order their first stroke was written: their
    // box and their strokes' places in `strokes`.
    let mut groups: Vec<([f64; 4], Vec<usize>)> = Vec::new();
    for (i, s) in written {
        let b = strokes_bounds(std::slice::from_ref(s));
        if b[2] - b[0] > MAX_MARK_EXTENT || b[3] - b[1] > MAX_MARK_EXTENT {
            return Ok(None);
        }
        let overlap = |g: &[f64; 4]| {
            let ox = (b[2].min(g[2]) - b[0].max(g[0])) + 2.0 * JOIN_MARGIN;
            let oy = (b[3].min(g[3]) - b[1].max(g[1])) + 2.0 * JOIN_MARGIN;
            (ox > 0.0 && oy > 0.0).then_some(ox * oy)
        };
        let best = groups.iter().enumerate().filter_map(|(k, (g, _))| overlap(g).map(|o| (k, o))).max_by(|a, b| a.1.total_cmp(&b.1));
        match best {
            Some((k, _)) => {
                let (g, ii) = &mut groups[k];
                ii.push(i);
                *g = [g[0].min(b[0]), g[1].min(b[1]), g[2].max(b[2]), g[3].max(b[3])];
            }
            None => groups.push((b, vec![i])),
        }
    }
    // A piece much shorter than the cell's tallest digit (the bar of a 5, a 4's stroke written
    // apart) belongs to the nearest digit when it lies close to it.
    loop {
        let tallest = tallest_of(&groups);
        let gap = |a: &[f64; 4], b: &[f64; 4]| (a[0].max(b[0]) - a[2].min(b[2])).max(0.0).hypot((a[1].max(b[1]) - a[3].min(b[3])).max(0.0));
        let piece = groups
            .iter()
            .enumerate()
            .filter(|(_, (g, _))| g[3] - g[1] < 0.5 * tallest)
            .filter_map(|(k, (g, _))| {
                let near = groups.iter().enumerate().filter(|&(o, _)| o != k).map(|(o, (h, _))| (o, gap(g, h))).min_by(|a, b| a.1.total_cmp(&b.1))?;
                (near.1 < MERGE_GAP).then_some((k, near.0))
            })
            .next();
        let Some((k, into)) = piece else { break };
        let (g, ii) = groups.remove(k);
        let into = if into > k { into - 1 } else { into };
        let (h, jj) = &mut groups[into];
        jj.extend(ii);
        *h = [h[0].min(g[0]), h[1].min(g[1]), h[2].max(g[2]), h[3].max(g[3])];
    }
    // A digit on the cell's middle line is a centre mark when it is near the middle, or in a
    // row with another one there (a centre list runs out towards the edges); near a corner or
    // the top or bottom edge, or alone at the left or right edge, a corner mark.
    let middle = |g: &[f64; 4]| ((g[1] + g[3]) / 2.0 - 0.5).abs() < 0.17;
    let centre_of = |g: &[f64; 4]| {
        let (cx, cy) = ((g[0] + g[2]) / 2.0, (g[1] + g[3]) / 2.0);
        middle(g) && ((cx - 0.5).abs() < 0.3 || groups.iter().any(|(o, _)| !std::ptr::eq(o, g) && middle(o) && ((o[1] + o[3]) / 2.0 - cy).abs() < 0.1))
    };
    // Each group's readings, best first; then the digits, each at most once in a cell (a cell
    // never holds a mark twice): the most likely assignment of distinct digits.
    let mut read: Vec<(Vec<(char, f32)>, bool)> = Vec::new();
    let mut inks: Vec<(Vec<Stroke>, &Vec<usize>)> = Vec::new();
    let mut left_out = 0;
    let tallest = tallest_of(&groups);
    for (g, ii) in &groups {
        if g[2] - g[0] > MAX_MARK_EXTENT || g[3] - g[1] > MAX_MARK_EXTENT {
            return Ok(None);
        }
        // A dot: no digit (a stray touch of the pencil).
        if (g[2] - g[0]).max(g[3] - g[1]) < MIN_MARK_EXTENT {
            continue;
        }
        let ss: Vec<Stroke> = ii.iter().map(|&i| strokes[i].clone()).collect();
        let Some(all) = super::rank_with(super::model::embedded()?, adapter, &ss, &super::CLASSES)? else { continue };
        let best = all.iter().find(|(c, _)| legal.contains(c)).copied();
        let mass = all.iter().filter(|(c, _)| legal.contains(c)).map(|&(_, p)| p).sum::<f32>().max(f32::MIN_POSITIVE);
        let ranked: Vec<(char, f32)> = all.iter().filter(|(c, _)| legal.contains(c)).map(|&(c, p)| (c, p / mass)).collect();
        let (w, h) = (g[2] - g[0], g[3] - g[1]);
        if groups.len() == 1 && (w > MAX_MARK_WIDTH * h || best.is_some_and(|(c, _)| LINE_LIKE.contains(&c) && w > MAX_LINE_LIKE_WIDTH * h)) {
            return Ok(None);
        }
        let dash = w > MAX_DASH_LIKE_WIDTH * h && h < 0.5 * tallest;
        match best {
            Some((_, p)) if p >= MIN_MARK_CONFIDENCE && !dash => {
                read.push((ranked.into_iter().take(4).collect(), centre_of(g)));
                inks.push((ss, ii));
            }
            // One doubtful group (or dash) among digits stays ink; more, or a lone one, and it
            // is all ink.
            _ if groups.len() > 1 && left_out == 0 => left_out += 1,
            _ => return Ok(None),
        }
    }
    if read.is_empty() {
        // Only dots: no digit, and nothing to make marks of.
        return Ok(None);
    }
    let Some(symbols) = distinct_best(&read) else { return Ok(None) };
    Ok(Some(
        symbols
            .into_iter()
            .zip(read)
            .zip(inks)
            .map(|((symbol, (ranked, centre)), (strokes, ii))| MarkDigit { symbol, centre, ranked, strokes, inputs: ii.clone() })
            .collect(),
    ))
}

/// The height of the tallest group of strokes (by their boxes).
fn tallest_of(groups: &[([f64; 4], Vec<usize>)]) -> f64 {
    groups.iter().map(|(g, _)| g[3] - g[1]).fold(0.0, f64::max)
}

/// The most likely reading of every group with no digit twice (each group's few best readings
/// tried; `None` when they can't be made distinct). Four groups of four readings: at most 256
/// assignments.
fn distinct_best(read: &[(Vec<(char, f32)>, bool)]) -> Option<Vec<char>> {
    fn search(read: &[(Vec<(char, f32)>, bool)], k: usize, used: &mut Vec<char>, score: f32, best: &mut Option<(f32, Vec<char>)>) {
        if k == read.len() {
            if best.as_ref().is_none_or(|(s, _)| score > *s) {
                *best = Some((score, used.clone()));
            }
            return;
        }
        for &(c, p) in &read[k].0 {
            if !used.contains(&c) {
                used.push(c);
                search(read, k + 1, used, score + p.max(1e-6).ln(), best);
                used.pop();
            }
        }
    }
    let mut best = None;
    search(read, 0, &mut Vec::new(), 0.0, &mut best);
    best.map(|(_, symbols)| symbols)
}

/// One cell of an evaluation file: its board's side, the strokes in the cell's units, and what
/// they must read as (digits as the board writes them, compared as sets; `ink`: free ink).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MarkCell {
    pub size: usize,
    pub strokes: Vec<Vec<[f32; 2]>>,
    #[serde(default)]
    pub corner: String,
    #[serde(default)]
    pub centre: String,
    #[serde(default)]
    pub ink: bool,
}

/// The figures of an evaluation (percentages; `cells` counted).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct MarksScore {
    /// Digits read as the digits written (whatever their kind), of the digit cells' digits.
    pub digits: f64,
    /// Of the digits read right, those read as the kind written (corner or centre).
    pub placement: f64,
    /// Digit cells whose corner and centre sets are both exactly right.
    pub cells_right: f64,
    /// Free-ink cells left as ink.
    pub ink_kept: f64,
    pub cells: usize,
}

impl std::fmt::Display for MarksScore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "marks: digits {:.2} %, placement {:.2} %, cells {:.2} %, ink kept {:.2} % ({} cells)",
            self.digits, self.placement, self.cells_right, self.ink_kept, self.cells
        )
    }
}

/// The legal digits of a board of side `size`.
pub fn legal_digits(size: usize) -> Vec<char> {
    (1..=size.clamp(1, 16) as u8).map(crate::grid::symbol_char).collect()
}

/// Reads every cell and scores it against what it must read as.
pub fn evaluate(cells: &[MarkCell]) -> Result<MarksScore, InkError> {
    let (mut digits, mut right, mut placed) = (0usize, 0usize, 0usize);
    let (mut digit_cells, mut cells_right, mut ink_cells, mut ink_kept) = (0usize, 0usize, 0usize, 0usize);
    for cell in cells {
        let strokes: Vec<Stroke> = cell.strokes.iter().map(|s| Stroke::from_xy(s)).collect();
        let read = read_marks(&strokes, &legal_digits(cell.size))?;
        if cell.ink {
            ink_cells += 1;
            ink_kept += usize::from(read == MarksReading::Ink);
            continue;
        }
        digit_cells += 1;
        let want_corner: Vec<char> = cell.corner.chars().collect();
        let want_centre: Vec<char> = cell.centre.chars().collect();
        digits += want_corner.len() + want_centre.len();
        let MarksReading::Marks { corner, centre } = read else { continue };
        let mut pool: Vec<char> = corner.iter().chain(&centre).copied().collect();
        let wanted: Vec<(char, bool)> = want_corner.iter().map(|&c| (c, true)).chain(want_centre.iter().map(|&c| (c, false))).collect();
        for (c, in_corner) in wanted {
            if let Some(k) = pool.iter().position(|&p| p == c) {
                pool.remove(k);
                right += 1;
                placed += usize::from(if in_corner { corner.contains(&c) } else { centre.contains(&c) });
            }
        }
        let same = |a: &[char], b: &[char]| {
            let (mut a, mut b) = (a.to_vec(), b.to_vec());
            a.sort_unstable();
            b.sort_unstable();
            a == b
        };
        cells_right += usize::from(same(&corner, &want_corner) && same(&centre, &want_centre));
    }
    let pct = |a: usize, b: usize| if b == 0 { 100.0 } else { 100.0 * a as f64 / b as f64 };
    Ok(MarksScore {
        digits: pct(right, digits),
        placement: pct(placed, right),
        cells_right: pct(cells_right, digit_cells),
        ink_kept: pct(ink_kept, ink_cells),
        cells: cells.len(),
    })
}

/// Where the k-th corner mark goes (the corners, then the top and bottom edges' middles), as
/// a writer puts them: the digit's centre, in cell units.
const CORNER_SPOTS: [[f32; 2]; 6] = [[0.2, 0.21], [0.8, 0.21], [0.2, 0.79], [0.8, 0.79], [0.5, 0.21], [0.5, 0.79]];

/// `count` cells laid out from `samples` (digits `1`-`9` of held-out writers), seeded: about
/// one in seven is free ink (lines, arrows, circles, crosses across the cell); the others hold 1
/// to 4 distinct digits a third of a cell high (with jitter), in the corners and edges or in a
/// centred row, with the gaps people leave, in writing order.
pub fn layout_cells(samples: &[Sample], count: usize, seed: u64) -> Vec<MarkCell> {
    let digits: Vec<&Sample> = samples.iter().filter(|s| s.label_char().is_some_and(|c| ('1'..='9').contains(&c)) && !s.strokes.is_empty()).collect();
    let mut rng = StdRng::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            if digits.is_empty() || rng.random_ratio(1, 7) {
                return ink_cell(&mut rng);
            }
            let k = rng.random_range(1..=4usize);
            let mut chosen: Vec<&Sample> = Vec::new();
            while chosen.len() < k {
                let s = digits[rng.random_range(0..digits.len())];
                if !chosen.iter().any(|c| c.label_char() == s.label_char()) {
                    chosen.push(s);
                }
            }
            let centre = rng.random_bool(0.5);
            let h: f32 = rng.random_range(0.26..0.36);
            let placed: Vec<(Vec<Vec<[f32; 2]>>, f32)> = chosen.iter().map(|s| scaled(s, h)).collect();
            let mut strokes = Vec::new();
            if centre {
                let gaps: Vec<f32> = (0..k).map(|_| rng.random_range(0.03..0.08)).collect();
                let total: f32 = placed.iter().map(|(_, w)| w).sum::<f32>() + gaps[..k - 1].iter().sum::<f32>();
                // A row wider than the cell is written smaller.
                let fit = (0.94 / total).min(1.0);
                let mut x = 0.5 - total * fit / 2.0 + rng.random_range(-0.03..0.03);
                let y = 0.5 + rng.random_range(-0.05..0.05);
                for (j, (ss, w)) in placed.iter().enumerate() {
                    let dy = rng.random_range(-0.015..0.015);
                    strokes.extend(ss.iter().map(|s| s.iter().map(|&[px, py]| [x + px * fit, y + dy + py * fit]).collect()));
                    x += (w + gaps[j]) * fit;
                }
            } else {
                for (j, (ss, w)) in placed.iter().enumerate() {
                    let [sx, sy] = CORNER_SPOTS[j];
                    let (cx, cy) = (sx + rng.random_range(-0.04..0.04), sy + rng.random_range(-0.04..0.04));
                    strokes.extend(ss.iter().map(|s| s.iter().map(|&[px, py]| [cx - w / 2.0 + px, cy + py]).collect()));
                }
            }
            let text: String = chosen.iter().filter_map(|s| s.label_char()).collect();
            MarkCell { size: 9, strokes, corner: if centre { String::new() } else { text.clone() }, centre: if centre { text } else { String::new() }, ink: false }
        })
        .collect()
}

/// A sample scaled to height `h` (its width kept in proportion, at most 0.8 h), with x from 0
/// and y centred on 0; and its width.
fn scaled(s: &Sample, h: f32) -> (Vec<Vec<[f32; 2]>>, f32) {
    let b = strokes_bounds(&s.strokes);
    let (w0, h0) = ((b[2] - b[0]).max(1e-6) as f32, (b[3] - b[1]).max(1e-6) as f32);
    let k = (h / h0).min(0.8 * h / w0);
    let strokes = s.strokes.iter().map(|st| st.points.iter().map(|p| [(p.x - b[0] as f32) * k, (p.y - b[1] as f32) * k - h0 * k / 2.0]).collect()).collect();
    (strokes, w0 * k)
}

/// A cell of free ink a solver draws while reasoning: a line, an arrow, a circle or a cross.
fn ink_cell(rng: &mut StdRng) -> MarkCell {
    let jitter: Vec<f32> = (0..8).map(|_| rng.random_range(-0.08..0.08)).collect();
    let mut k = 0;
    let mut j = |v: f32| {
        k += 1;
        v + jitter[k % 8]
    };
    let line = |a: [f32; 2], b: [f32; 2]| (0..=12).map(|i| i as f32 / 12.0).map(|t| [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]).collect::<Vec<_>>();
    let shape = rng.random_range(0..9);
    let r = rng.random_range(0.3..0.45);
    // Small ink a solver leaves beside marks: where in the cell, and how long.
    let (x, y) = (rng.random_range(0.2..0.8), rng.random_range(0.2..0.8));
    let len = rng.random_range(0.12..0.3);
    let tilt: f32 = rng.random_range(-0.6..0.6);
    let strokes = match shape {
        // A dash, level or slanting (less than about 35 degrees).
        4 => vec![line([x - len / 2.0, y - tilt * len / 2.0], [x + len / 2.0, y + tilt * len / 2.0])],
        // A tick.
        5 => vec![vec![[x - len / 2.0, y], [x - len / 6.0, y + len / 3.0], [x + len / 2.0, y - len / 2.0]]],
        // A small arrow pointing right or left.
        6 => {
            let d = if rng.random_bool(0.5) { 1.0 } else { -1.0 };
            let tip = [x + d * len / 2.0, y];
            vec![line([x - d * len / 2.0, y], tip), vec![[tip[0] - d * len / 3.0, y - len / 3.0], tip, [tip[0] - d * len / 3.0, y + len / 3.0]]]
        }
        // A dot or two.
        7 => (0..rng.random_range(1..=2)).map(|i| vec![[x + i as f32 * 0.1, y], [x + i as f32 * 0.1 + 0.01, y + 0.01]]).collect(),
        // A small circle around a spot.
        8 => vec![(0..=24).map(|i| i as f32 / 24.0 * std::f32::consts::TAU).map(|a| [x + len * 0.6 * a.cos(), y + len * 0.6 * a.sin()]).collect()],
        0 => vec![line([j(0.1), j(0.2)], [j(0.9), j(0.8)])],
        1 => {
            let (a, b) = ([j(0.1), j(0.5)], [j(0.9), j(0.5)]);
            vec![line(a, b), line([b[0] - 0.2, b[1] - 0.15], b), line([b[0] - 0.2, b[1] + 0.15], b)]
        }
        2 => {
            let (cx, cy) = (j(0.5), j(0.5));
            vec![(0..=32).map(|i| i as f32 / 32.0 * std::f32::consts::TAU).map(|a| [cx + r * a.cos(), cy + r * 0.9 * a.sin()]).collect()]
        }
        _ => vec![line([j(0.15), j(0.15)], [j(0.85), j(0.85)]), line([j(0.85), j(0.15)], [j(0.15), j(0.85)])],
    };
    MarkCell { size: 9, strokes, corner: String::new(), centre: String::new(), ink: true }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn big_ink_stays_ink_and_nothing_reads_as_no_marks() {
        let mut rng = StdRng::seed_from_u64(1);
        for _ in 0..20 {
            let c = ink_cell(&mut rng);
            let strokes: Vec<Stroke> = c.strokes.iter().map(|s| Stroke::from_xy(s)).collect();
            assert_eq!(read_marks(&strokes, &legal_digits(9)).unwrap(), MarksReading::Ink);
        }
        assert_eq!(read_marks(&[], &legal_digits(9)).unwrap(), MarksReading::Marks { corner: vec![], centre: vec![] });
    }

    #[test]
    fn the_score_line_reads_as_the_issue_asks() {
        let s = MarksScore { digits: 99.0, placement: 99.5, cells_right: 97.0, ink_kept: 98.0, cells: 12 };
        assert_eq!(s.to_string(), "marks: digits 99.00 %, placement 99.50 %, cells 97.00 %, ink kept 98.00 % (12 cells)");
    }
}
