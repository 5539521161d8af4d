//! Gestures beside symbols: a tap (selects, is not writing) and a scratch-out (clears a cell).
//!
//! - Tap: all the ink fits in a box much smaller than the cell ([`TAP_FRACTION`] of its side).
//! - Scratch-out: one stroke that reverses direction sharply at least [`SCRATCH_CUSPS`] times
//!   (a cusp is a turn of more than 110° within a short stretch), with long, straight, parallel
//!   legs between the reversals ([`is_zigzag`]). Digits and letters have at most one or two
//!   cusps (`3`, `E`), corners of about 90° (`7`, `4`, `E`), and where a writer retraces a line
//!   (`4`, `A`, `B`, `D`) the legs are neither parallel nor all straight.

use serde::{Deserialize, Serialize};

use super::features::validate;
use super::Stroke;

/// A stroke group whose bounding box is smaller than this fraction of the cell is a tap.
pub const TAP_FRACTION: f32 = 0.15;
/// Sharp reversals needed for a scratch-out (4 cusps = 5 legs of zig-zag). Three are not
/// enough: an `A` or a `4` written with a retrace has three, with legs as parallel as a wide
/// 4-leg "W".
pub const SCRATCH_CUSPS: usize = 4;
/// A scratch-out must span at least this fraction of the cell (in its longer direction).
pub const SCRATCH_MIN_FRACTION: f32 = 0.25;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Gesture {
    Tap,
    ScratchOut,
    Writing,
}

/// Classifies the strokes of one cell. `strokes` and `cell_size` are in the same units (the app
/// sends board coordinates 0..1 with `cell_size = 1/n`). Invalid ink (empty, NaN, too much) or
/// a non-positive cell size is `Writing`, so that [`recognize`](super::recognize) reports why.
pub fn classify(strokes: &[Stroke], cell_size: f32) -> Gesture {
    if validate(strokes).is_err() || !(cell_size.is_finite() && cell_size > 0.0) {
        return Gesture::Writing;
    }
    let cell = cell_size as f64;
    let (w, h) = extent(strokes.iter().flat_map(|s| &s.points).map(|p| [p.x as f64, p.y as f64]));
    if w.max(h) < TAP_FRACTION as f64 * cell {
        return Gesture::Tap;
    }
    let scratch = strokes.iter().any(|s| {
        let pts: Vec<[f64; 2]> = s.points.iter().map(|p| [p.x as f64, p.y as f64]).collect();
        let (sw, sh) = extent(pts.iter().copied());
        sw.max(sh) >= SCRATCH_MIN_FRACTION as f64 * cell && is_zigzag(&pts)
    });
    if scratch {
        Gesture::ScratchOut
    } else {
        Gesture::Writing
    }
}

fn extent(pts: impl Iterator<Item = [f64; 2]>) -> (f64, f64) {
    let [x0, y0, x1, y1] = super::bounds(pts);
    ((x1 - x0).max(0.0), (y1 - y0).max(0.0))
}

/// Resamples a stroke at 1/24 of its extent, which smooths digitiser jitter and removes the
/// sampling rate. Returns the points and the spacing (capped at 4,096 points).
fn resample(pts: &[[f64; 2]]) -> (Vec<[f64; 2]>, f64) {
    let (w, h) = extent(pts.iter().copied());
    let step = w.max(h) / 24.0;
    if pts.is_empty() || step <= 0.0 {
        return (pts.to_vec(), step);
    }
    let mut rs = vec![pts[0]];
    let mut carry = 0.0;
    for win in pts.windows(2) {
        let (a, b) = (win[0], win[1]);
        let len = ((b[0] - a[0]).powi(2) + (b[1] - a[1]).powi(2)).sqrt();
        let mut d = step - carry;
        while d <= len && rs.len() < 4096 {
            let t = d / len;
            rs.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]);
            d += step;
        }
        carry = (carry + len) % step;
    }
    (rs, step)
}

/// Indices (into the resampled stroke) of sharp reversals: turns of more than 110° over two
/// resampling steps on each side; one index per reversal, where the turn is sharpest. Turns in
/// the first and last 8% of the stroke are ignored.
fn cusp_indices(rs: &[[f64; 2]]) -> Vec<usize> {
    const K: usize = 2;
    let mut out = Vec::new();
    if rs.len() < 2 * K + 1 {
        return out;
    }
    let cos_limit = (110.0f64).to_radians().cos();
    let mut run: Option<(usize, f64)> = None;
    for i in K..rs.len() - K {
        let (a, b, c) = (rs[i - K], rs[i], rs[i + K]);
        let (u, v) = ([b[0] - a[0], b[1] - a[1]], [c[0] - b[0], c[1] - b[1]]);
        let nu = (u[0] * u[0] + u[1] * u[1]).sqrt();
        let nv = (v[0] * v[0] + v[1] * v[1]).sqrt();
        let cos = if nu > 0.0 && nv > 0.0 { (u[0] * v[0] + u[1] * v[1]) / (nu * nv) } else { 1.0 };
        if cos < cos_limit {
            run = match run {
                Some((j, c)) if c <= cos => Some((j, c)),
                _ => Some((i, cos)),
            };
        } else if let Some((j, _)) = run.take() {
            out.push(j);
        }
    }
    out.extend(run.map(|(j, _)| j));
    // Hooks where the pen lands or lifts are not reversals of a scratch.
    let n = rs.len() as f64;
    out.retain(|&j| j as f64 >= 0.08 * n && j as f64 <= 0.92 * n);
    out
}

/// Number of sharp reversals along one stroke (see [`is_zigzag`] for what else a scratch needs).
pub fn cusps(pts: &[[f64; 2]]) -> usize {
    cusp_indices(&resample(pts).0).len()
}

/// A zig-zag: at least [`SCRATCH_CUSPS`] sharp reversals, and the legs between reversals are
/// long (at least 30% of the stroke's extent), straight (path at most 1.35 times the chord)
/// and parallel (undirected angles agree). Retraced strokes (a `4` or `A` that goes back over
/// its own line) and the bumps of `B`, `3` or `E` fail one of these.
pub fn is_zigzag(pts: &[[f64; 2]]) -> bool {
    let (rs, step) = resample(pts);
    let cusps = cusp_indices(&rs);
    if cusps.len() < SCRATCH_CUSPS || step <= 0.0 {
        return false;
    }
    let size = step * 24.0;
    let (mut c2, mut s2, mut total) = (0.0f64, 0.0f64, 0.0f64);
    for w in cusps.windows(2) {
        let (a, b) = (rs[w[0]], rs[w[1]]);
        let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
        let chord = (dx * dx + dy * dy).sqrt();
        let path = (w[1] - w[0]) as f64 * step;
        if chord < 0.3 * size || path > 1.35 * chord {
            return false;
        }
        let th = 2.0 * dy.atan2(dx);
        c2 += chord * th.cos();
        s2 += chord * th.sin();
        total += chord;
    }
    // Mean resultant length of the doubled angles: 1 when all legs are parallel;
    // 0.7 allows legs about ±22° off their common axis.
    (c2 * c2 + s2 * s2).sqrt() / total >= 0.7
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ink::Point;

    fn stroke(pts: &[[f32; 2]]) -> Stroke {
        Stroke::from_xy(pts)
    }

    #[test]
    fn taps() {
        let cell = 1.0 / 9.0;
        let dot = vec![stroke(&[[0.5, 0.5]])];
        assert_eq!(classify(&dot, cell), Gesture::Tap);
        let small = vec![stroke(&[[0.5, 0.5], [0.505, 0.503], [0.506, 0.501]])];
        assert_eq!(classify(&small, cell), Gesture::Tap);
        let one = vec![stroke(&[[0.5, 0.45], [0.5, 0.55]])];
        assert_eq!(classify(&one, cell), Gesture::Writing);
    }

    #[test]
    fn zigzag_is_scratch_out() {
        let mut pts = Vec::new();
        for i in 0..6 {
            let x = if i % 2 == 0 { 0.1 } else { 0.9 };
            pts.push([x, 0.1 + 0.15 * i as f32]);
        }
        assert_eq!(classify(&[stroke(&pts)], 1.0), Gesture::ScratchOut);
    }

    #[test]
    fn seven_and_e_are_writing() {
        let seven = vec![stroke(&[[0.2, 0.2], [0.8, 0.2], [0.4, 0.9]])];
        assert_eq!(classify(&seven, 1.0), Gesture::Writing);
        let e = vec![stroke(&[[0.8, 0.1], [0.2, 0.1], [0.2, 0.5], [0.7, 0.5], [0.2, 0.5], [0.2, 0.9], [0.8, 0.9]])];
        assert_eq!(classify(&e, 1.0), Gesture::Writing);
    }

    #[test]
    fn bad_input_is_writing() {
        assert_eq!(classify(&[], 1.0), Gesture::Writing);
        assert_eq!(classify(&[stroke(&[[f32::NAN, 0.0]])], 1.0), Gesture::Writing);
        assert_eq!(classify(&[Stroke::new(vec![Point::new(0.0, 0.0)])], f32::NAN), Gesture::Writing);
    }
}
