//! Gestures beside symbols: a tap (selects, is not writing) and a scratch-out (clears a cell).
//!
//! - Tap: all the ink fits in a box much smaller than the cell ([`TAP_FRACTION`] of its side).
//! - Scratch-out: one stroke that reverses direction sharply at least [`SCRATCH_CUSPS`] times.
//!   A cusp is a turn of more than 135° within a short stretch of the stroke. Digits and
//!   letters have at most one or two (`3`, `E`); their corners (`7`, `4`, `E`) turn about 90°.

use serde::{Deserialize, Serialize};

use super::features::validate;
use super::Stroke;

/// A stroke group whose bounding box is smaller than this fraction of the cell is a tap.
pub const TAP_FRACTION: f32 = 0.15;
/// Sharp reversals needed for a scratch-out (3 cusps = 4 legs of zig-zag).
pub const SCRATCH_CUSPS: usize = 3;
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
        sw.max(sh) >= SCRATCH_MIN_FRACTION as f64 * cell && cusps(&pts) >= SCRATCH_CUSPS
    });
    if scratch {
        Gesture::ScratchOut
    } else {
        Gesture::Writing
    }
}

fn extent(pts: impl Iterator<Item = [f64; 2]>) -> (f64, f64) {
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for [x, y] in pts {
        x0 = x0.min(x);
        y0 = y0.min(y);
        x1 = x1.max(x);
        y1 = y1.max(y);
    }
    ((x1 - x0).max(0.0), (y1 - y0).max(0.0))
}

/// Counts sharp reversals along one stroke, after resampling it at 1/24 of its extent (which
/// smooths digitiser jitter and removes the sampling rate).
pub fn cusps(pts: &[[f64; 2]]) -> usize {
    let (w, h) = extent(pts.iter().copied());
    let step = w.max(h) / 24.0;
    if pts.len() < 3 || step <= 0.0 {
        return 0;
    }
    // Resample at `step` spacing (capped, so a huge stroke stays cheap).
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
    const K: usize = 2;
    if rs.len() < 2 * K + 1 {
        return 0;
    }
    let cos_limit = (135.0f64).to_radians().cos();
    let mut count = 0;
    let mut in_cusp = false;
    for i in K..rs.len() - K {
        let (a, b, c) = (rs[i - K], rs[i], rs[i + K]);
        let (u, v) = ([b[0] - a[0], b[1] - a[1]], [c[0] - b[0], c[1] - b[1]]);
        let nu = (u[0] * u[0] + u[1] * u[1]).sqrt();
        let nv = (v[0] * v[0] + v[1] * v[1]).sqrt();
        let sharp = nu > 0.0 && nv > 0.0 && (u[0] * v[0] + u[1] * v[1]) / (nu * nv) < cos_limit;
        if sharp && !in_cusp {
            count += 1;
        }
        in_cusp = sharp;
    }
    count
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
