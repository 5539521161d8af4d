//! The player's own handwriting kept in a cell ("keep my handwriting"): the ink of a pen write,
//! tidied (smoothed, simplified, centred and scaled into a unit box) and rounded, so that a
//! recognised cell can show the player's hand instead of the typed symbol, and a resumed game
//! looks the same.
//!
//! A glyph belongs to the edit that wrote the value with the pen (Sudoku's and KenKen's `Edit`
//! carry an optional one), not to the board: which glyph a cell shows is read from the history
//! ([`cell_glyphs`]), so undo, redo and a loaded game's replay are right by construction, and
//! each glyph is saved once however often the cell is undone and redone.

use serde::{Deserialize, Serialize};

use crate::ink::Stroke;
use crate::session::cells::CellChange;

/// Coordinates are integers `0..=GLYPH_UNIT` across the glyph's box (1/1000: finer than a
/// device pixel for a cell under 1000 pixels).
pub const GLYPH_UNIT: u16 = 1000;
/// At most this many strokes in a glyph (the longest are kept).
pub const MAX_GLYPH_STROKES: usize = 8;
/// At most this many points in all of a glyph's strokes together (the simplification is
/// coarsened until they fit): about 1 KB of JSON at worst.
pub const MAX_GLYPH_POINTS: usize = 128;

/// A tidied glyph: strokes of points in a square box, `0..=GLYPH_UNIT` on each axis, the ink
/// centred in it and as tall as the box (or as wide, when wider than tall). Saved as `[[x0, y0,
/// x1, y1, ...], ...]`, one flat list per stroke.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Vec<Vec<u16>>", into = "Vec<Vec<u16>>")]
pub struct Glyph {
    strokes: Vec<Vec<[u16; 2]>>,
}

/// Why a saved glyph is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GlyphError {
    #[error("a glyph has no strokes, or more than {MAX_GLYPH_STROKES}")]
    Strokes,
    #[error("a glyph stroke has an odd number of coordinates or none")]
    Odd,
    #[error("a glyph has more than {MAX_GLYPH_POINTS} points")]
    Points,
    #[error("a glyph coordinate is beyond {GLYPH_UNIT}")]
    Range,
}

impl TryFrom<Vec<Vec<u16>>> for Glyph {
    type Error = GlyphError;
    fn try_from(flat: Vec<Vec<u16>>) -> Result<Glyph, GlyphError> {
        if flat.is_empty() || flat.len() > MAX_GLYPH_STROKES {
            return Err(GlyphError::Strokes);
        }
        if flat.iter().any(|s| s.is_empty() || s.len() % 2 != 0) {
            return Err(GlyphError::Odd);
        }
        if flat.iter().map(|s| s.len() / 2).sum::<usize>() > MAX_GLYPH_POINTS {
            return Err(GlyphError::Points);
        }
        if flat.iter().flatten().any(|&v| v > GLYPH_UNIT) {
            return Err(GlyphError::Range);
        }
        Ok(Glyph { strokes: flat.into_iter().map(|s| s.chunks_exact(2).map(|p| [p[0], p[1]]).collect()).collect() })
    }
}

impl From<Glyph> for Vec<Vec<u16>> {
    fn from(g: Glyph) -> Self {
        g.strokes.into_iter().map(|s| s.into_iter().flatten().collect()).collect()
    }
}

type P = [f64; 2];

impl Glyph {
    /// The strokes, points `[x, y]` in `0..=GLYPH_UNIT`.
    pub fn strokes(&self) -> &[Vec<[u16; 2]>] {
        &self.strokes
    }

    pub fn points(&self) -> usize {
        self.strokes.iter().map(Vec::len).sum()
    }

    /// Tidies the ink of one cell (any coordinates: only the shape counts): each stroke is
    /// resampled evenly and smoothed (a moving average that keeps its ends), the whole glyph
    /// centred and scaled into the unit box, each stroke simplified (Ramer-Douglas-Peucker)
    /// and rounded. `None` for ink with no extent (a dot) or no finite points.
    pub fn tidy(strokes: &[Stroke]) -> Option<Glyph> {
        let raw: Vec<Vec<P>> = strokes
            .iter()
            .map(|s| s.points.iter().map(|p| [p.x as f64, p.y as f64]).filter(|p| p[0].is_finite() && p[1].is_finite()).collect::<Vec<P>>())
            .filter(|s: &Vec<P>| !s.is_empty())
            .collect();
        let [x0, y0, x1, y1] = crate::ink::bounds(raw.iter().flatten().copied());
        let extent = (x1 - x0).max(y1 - y0);
        // A dot, or no finite extent (the bounds of nothing are inverted: negative).
        if raw.is_empty() || extent.is_nan() || extent <= 0.0 || !extent.is_finite() {
            return None;
        }
        // Resampling step and smoothing reach relative to the glyph, so the tidy shape does not
        // depend on the cell's size or the pen's sampling rate.
        let step = extent / 48.0;
        let mut smooth: Vec<Vec<P>> = raw.iter().map(|s| smooth_stroke(&resample(s, step))).collect();
        // The longest strokes carry the shape; a glyph of more than MAX_GLYPH_STROKES is rare.
        if smooth.len() > MAX_GLYPH_STROKES {
            let mut by_len: Vec<(usize, f64)> = smooth.iter().map(|s| path_len(s)).enumerate().collect();
            by_len.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
            let mut keep: Vec<usize> = by_len.iter().take(MAX_GLYPH_STROKES).map(|&(i, _)| i).collect();
            keep.sort_unstable();
            smooth = keep.into_iter().map(|i| smooth[i].clone()).collect();
        }
        let [x0, y0, x1, y1] = crate::ink::bounds(smooth.iter().flatten().copied());
        let (w, h) = (x1 - x0, y1 - y0);
        let side = w.max(h).max(extent * 1e-3);
        let unit = GLYPH_UNIT as f64;
        let (ox, oy) = ((unit - w / side * unit) / 2.0, (unit - h / side * unit) / 2.0);
        let placed: Vec<Vec<P>> = smooth
            .iter()
            .map(|s| s.iter().map(|p| [ox + (p[0] - x0) / side * unit, oy + (p[1] - y0) / side * unit]).collect())
            .collect();
        // Coarsen the simplification until the glyph fits its bound.
        let mut tolerance = unit * 0.004;
        loop {
            let strokes: Vec<Vec<[u16; 2]>> = placed.iter().map(|s| round(&simplify(s, tolerance))).collect();
            let total: usize = strokes.iter().map(Vec::len).sum();
            if total <= MAX_GLYPH_POINTS {
                return Some(Glyph { strokes });
            }
            tolerance *= 1.5;
        }
    }
}

fn dist(a: P, b: P) -> f64 {
    (a[0] - b[0]).hypot(a[1] - b[1])
}

fn path_len(s: &[P]) -> f64 {
    s.windows(2).map(|w| dist(w[0], w[1])).sum()
}

/// Points every `step` along the stroke (its ends kept).
fn resample(s: &[P], step: f64) -> Vec<P> {
    let mut out = vec![s[0]];
    let (mut prev, mut acc) = (s[0], 0.0);
    for &p in &s[1..] {
        let mut d = dist(prev, p);
        while acc + d >= step && d > 0.0 {
            let t = (step - acc) / d;
            prev = [prev[0] + (p[0] - prev[0]) * t, prev[1] + (p[1] - prev[1]) * t];
            out.push(prev);
            d = dist(prev, p);
            acc = 0.0;
        }
        acc += d;
        prev = p;
    }
    let last = s[s.len() - 1];
    if out.last().is_some_and(|&q| dist(q, last) > step * 0.25) {
        out.push(last);
    }
    out
}

/// A moving average over ±2 neighbours, twice; the ends stay where the pen went down and up.
fn smooth_stroke(s: &[P]) -> Vec<P> {
    let mut cur = s.to_vec();
    for _ in 0..2 {
        let n = cur.len();
        if n < 5 {
            break;
        }
        cur = (0..n)
            .map(|i| {
                let r = i.min(n - 1 - i).min(2);
                let win = &cur[i - r..=i + r];
                let k = win.len() as f64;
                [win.iter().map(|p| p[0]).sum::<f64>() / k, win.iter().map(|p| p[1]).sum::<f64>() / k]
            })
            .collect();
    }
    cur
}

/// Ramer-Douglas-Peucker: the fewest points within `tolerance` of the stroke.
fn simplify(s: &[P], tolerance: f64) -> Vec<P> {
    if s.len() < 3 {
        return s.to_vec();
    }
    let mut keep = vec![false; s.len()];
    keep[0] = true;
    keep[s.len() - 1] = true;
    let mut stack = vec![(0, s.len() - 1)];
    while let Some((a, b)) = stack.pop() {
        let (pa, pb) = (s[a], s[b]);
        let len = dist(pa, pb);
        let off = |p: P| {
            if len == 0.0 {
                dist(p, pa)
            } else {
                ((pb[0] - pa[0]) * (pa[1] - p[1]) - (pa[0] - p[0]) * (pb[1] - pa[1])).abs() / len
            }
        };
        if let Some((k, d)) = (a + 1..b).map(|k| (k, off(s[k]))).max_by(|x, y| x.1.total_cmp(&y.1)) {
            if d > tolerance {
                keep[k] = true;
                stack.push((a, k));
                stack.push((k, b));
            }
        }
    }
    s.iter().zip(keep).filter(|(_, k)| *k).map(|(p, _)| *p).collect()
}

fn round(s: &[P]) -> Vec<[u16; 2]> {
    let q = |v: f64| v.round().clamp(0.0, GLYPH_UNIT as f64) as u16;
    let mut out: Vec<[u16; 2]> = s.iter().map(|p| [q(p[0]), q(p[1])]).collect();
    out.dedup();
    out
}

/// Which glyph each of `cells` cells shows, read from the applied edits oldest first (each
/// given as its cell changes and its glyph): the glyph of the edit that last changed a cell,
/// if that edit wrote it with the pen. Anything else that changes a cell (a typed value, a
/// hint, Solve, a clear, the eraser) leaves it without one.
pub fn cell_glyphs<'a>(cells: usize, edits: impl IntoIterator<Item = (&'a [CellChange], Option<&'a Glyph>)>) -> Vec<Option<&'a Glyph>> {
    let mut out = vec![None; cells];
    for (changes, glyph) in edits {
        for c in changes {
            if let Some(slot) = out.get_mut(c.cell as usize) {
                *slot = if c.after.value != 0 { glyph } else { None };
            }
        }
    }
    out
}

/// A handwritten mark's ink kept ("keep my handwriting", #43): the glyph shown for `digit` in
/// `cell`'s corner or centre marks while the cell holds that mark. Kept by the edit that read
/// the mark, as a value's glyph is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MarkGlyph {
    pub cell: u16,
    pub digit: u8,
    pub glyph: Glyph,
}

/// The glyph each cell's marks show, by symbol as the view gets them (`CellView::mark_glyphs`),
/// from the history's applied edits in order (their mark changes, and the mark glyphs they
/// keep): a glyph goes when its digit leaves the cell's marks, so a mark typed again later
/// shows in type.
pub fn cell_mark_glyphs<'a>(
    cells: usize,
    edits: impl IntoIterator<Item = (&'a [crate::session::marks::MarkChange], &'a [MarkGlyph])>,
) -> Vec<std::collections::BTreeMap<char, Glyph>> {
    use crate::session::marks::MarkKind;
    let mut out = vec![std::collections::BTreeMap::new(); cells];
    for (changes, glyphs) in edits {
        for c in changes {
            if let Some(slot) = out.get_mut(c.cell as usize) {
                slot.retain(|d, _| c.after.has(MarkKind::Corner, *d) || c.after.has(MarkKind::Centre, *d));
            }
        }
        for g in glyphs {
            if let Some(slot) = out.get_mut(g.cell as usize) {
                slot.insert(g.digit, &g.glyph);
            }
        }
    }
    out.into_iter().map(|slot| slot.into_iter().map(|(d, g)| (crate::grid::symbol_char(d), g.clone())).collect()).collect()
}

/// The checks a glyph-carrying edit must pass: one cell, given a value.
pub fn check_glyph_edit(changes: &[CellChange], glyph: Option<&Glyph>) -> Result<(), crate::session::EditMismatch> {
    match (glyph, changes) {
        (None, _) => Ok(()),
        (Some(_), [one]) if one.after.value != 0 => Ok(()),
        (Some(_), _) => Err(crate::session::EditMismatch("handwriting belongs to an edit that writes one cell".into())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn zigzag_seven(jitter: f32, offset: f32, scale: f32) -> Vec<Stroke> {
        // A 7: top bar, then the diagonal, sampled densely with jitter, as a pen would.
        let mut pts = Vec::new();
        for k in 0..=60 {
            let t = k as f32 / 60.0;
            let (x, y) = if t < 0.4 { (t / 0.4, 0.0) } else { (1.0 - (t - 0.4) / 0.6 * 0.6, (t - 0.4) / 0.6 * 1.5) };
            let j = if k % 2 == 0 { jitter } else { -jitter };
            pts.push([offset + scale * (x + j), offset + scale * (y - j)]);
        }
        vec![Stroke::from_xy(&pts)]
    }

    #[test]
    fn tidy_centres_scales_and_is_independent_of_place_and_size() {
        let a = Glyph::tidy(&zigzag_seven(0.0, 0.1, 0.05)).unwrap();
        let b = Glyph::tidy(&zigzag_seven(0.0, 0.6, 0.2)).unwrap();
        let close = a.strokes()[0].iter().zip(&b.strokes()[0]).all(|(p, q)| p[0].abs_diff(q[0]) <= 2 && p[1].abs_diff(q[1]) <= 2);
        assert!(close && a.points() == b.points(), "{a:?} vs {b:?}");
        let ys: Vec<u16> = a.strokes()[0].iter().map(|p| p[1]).collect();
        let xs: Vec<u16> = a.strokes()[0].iter().map(|p| p[0]).collect();
        // Taller than wide: fills the box's height, centred across.
        assert!(*ys.iter().min().unwrap() <= 5 && *ys.iter().max().unwrap() >= 995, "{ys:?}");
        let (xmin, xmax) = (*xs.iter().min().unwrap(), *xs.iter().max().unwrap());
        assert!((xmin as i32 + xmax as i32 - 1000).abs() <= 4, "centred: {xmin}..{xmax}");
        assert!(a.points() < 20, "simplified to a few points: {}", a.points());
    }

    #[test]
    fn smoothing_removes_jitter_and_the_bound_holds() {
        let rough = Glyph::tidy(&zigzag_seven(0.02, 0.1, 0.05)).unwrap();
        assert!(rough.points() <= MAX_GLYPH_POINTS);
        // Hundreds of random strokes: still within bounds, and they round-trip through JSON.
        let mut seed = 7u32;
        let mut rnd = || {
            seed = seed.wrapping_mul(1664525).wrapping_add(1013904223);
            (seed >> 8) as f32 / (1u32 << 24) as f32
        };
        let strokes: Vec<Stroke> = (0..20).map(|_| Stroke::from_xy(&(0..200).map(|_| [rnd(), rnd()]).collect::<Vec<_>>())).collect();
        let g = Glyph::tidy(&strokes).unwrap();
        assert!(g.strokes().len() == MAX_GLYPH_STROKES && g.points() <= MAX_GLYPH_POINTS);
        let json = serde_json::to_string(&g).unwrap();
        assert_eq!(serde_json::from_str::<Glyph>(&json).unwrap(), g);
        assert!(json.len() < 1500, "{}", json.len());
    }

    #[test]
    fn bad_glyphs_are_refused_and_dots_make_none() {
        for bad in ["[]", "[[1,2,3]]", "[[]]", "[[1001,0]]", "[[0,0],[0,0],[0,0],[0,0],[0,0],[0,0],[0,0],[0,0],[0,0]]"] {
            assert!(serde_json::from_str::<Glyph>(bad).is_err(), "{bad}");
        }
        let too_many = format!("[[{}]]", vec!["1,1"; MAX_GLYPH_POINTS + 1].join(","));
        assert!(serde_json::from_str::<Glyph>(&too_many).is_err());
        assert_eq!(Glyph::tidy(&[Stroke::from_xy(&[[0.3, 0.3], [0.3, 0.3]])]), None);
        assert_eq!(Glyph::tidy(&[]), None);
        assert_eq!(Glyph::tidy(&[Stroke::from_xy(&[[f32::NAN, 0.3]])]), None);
    }

    #[test]
    fn the_last_edit_of_a_cell_decides_its_glyph() {
        use crate::session::cells::CellState;
        let g = Glyph::tidy(&zigzag_seven(0.0, 0.0, 1.0)).unwrap();
        let ch = |cell: u16, v0: u8, v1: u8| vec![CellChange { cell, before: CellState { value: v0, candidates: 0 }, after: CellState { value: v1, candidates: 0 } }];
        let (pen7, typed3, clear) = (ch(0, 0, 7), ch(0, 7, 3), ch(0, 3, 0));
        let shown = |edits: &[(&Vec<CellChange>, Option<&Glyph>)]| cell_glyphs(2, edits.iter().map(|(c, g)| (c.as_slice(), *g)))[0].is_some();
        assert!(shown(&[(&pen7, Some(&g))]));
        assert!(!shown(&[(&pen7, Some(&g)), (&typed3, None)]));
        assert!(!shown(&[(&pen7, Some(&g)), (&typed3, Some(&g)), (&clear, None)]));
        assert!(check_glyph_edit(&clear, Some(&g)).is_err() && check_glyph_edit(&pen7, Some(&g)).is_ok());
    }
}
