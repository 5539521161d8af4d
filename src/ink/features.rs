//! Normalisation and the feature vector the model reads.
//!
//! 1. Validate: bounded point/stroke counts (checked before any work, so absurd input costs
//!    nothing) and finite coordinates.
//! 2. Normalise: centre the bounding box and scale its longer side to [-1, 1], keeping the
//!    aspect ratio (a `1` stays thin). Any scale and position in the cell give the same result.
//! 3. Resample the whole trajectory by arc length, pen-up jumps between strokes included as
//!    straight segments and flagged, to [`SEQ_POINTS`] points. This removes the sampling rate,
//!    duplicate points and single-point strokes as sources of variation.
//! 4. Features: per resampled point (x, y, direction cos/sin, pen-up), a coarse
//!    [`GRID`]x[`GRID`] image of the pen-down ink split into 4 stroke orientations (this part
//!    ignores stroke order and direction), the aspect ratio and the stroke count.

use super::{InkError, Stroke, MAX_POINTS, MAX_STROKES};

/// Resampled points in the sequence part.
pub const SEQ_POINTS: usize = 48;
/// Per-point values: x, y, cos, sin, pen-up.
pub const PER_POINT: usize = 5;
/// Side of the orientation images.
pub const GRID: usize = 8;
/// Orientation planes: 0°, 45°, 90°, 135° (undirected).
pub const ORIENTS: usize = 4;
/// Aspect ratio + one-hot stroke count (1, 2, 3, 4+).
pub const GLOBALS: usize = 5;
/// Length of the feature vector.
pub const FEATURE_LEN: usize = SEQ_POINTS * PER_POINT + ORIENTS * GRID * GRID + GLOBALS;

/// Checks counts (first, in O(strokes)) and finiteness (then, in O(points)).
pub fn validate(strokes: &[Stroke]) -> Result<(), InkError> {
    if strokes.len() > MAX_STROKES {
        return Err(InkError::TooManyStrokes(strokes.len()));
    }
    let n: usize = strokes.iter().map(|s| s.points.len()).sum();
    if n == 0 {
        return Err(InkError::Empty);
    }
    if n > MAX_POINTS {
        return Err(InkError::TooManyPoints(n));
    }
    if strokes.iter().flat_map(|s| &s.points).any(|p| !p.x.is_finite() || !p.y.is_finite()) {
        return Err(InkError::NonFinite);
    }
    Ok(())
}

/// Strokes centred on their bounding box and scaled so the longer side spans [-1, 1].
#[derive(Debug, Clone, PartialEq)]
pub struct Normalized {
    /// Non-empty strokes only, in writing order.
    pub strokes: Vec<Vec<[f32; 2]>>,
    /// Bounding box size before scaling, in input units.
    pub width: f64,
    pub height: f64,
}

/// Validates and normalises. `Ok(None)` when all points coincide (a dot has no shape).
pub fn normalize(strokes: &[Stroke]) -> Result<Option<Normalized>, InkError> {
    validate(strokes)?;
    let [x0, y0, x1, y1] = super::strokes_bounds(strokes);
    let (w, h) = (x1 - x0, y1 - y0);
    let side = w.max(h);
    if side <= 0.0 {
        return Ok(None);
    }
    let (cx, cy, k) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0, 2.0 / side);
    let out = strokes
        .iter()
        .filter(|s| !s.points.is_empty())
        .map(|s| {
            s.points
                .iter()
                .map(|p| [((p.x as f64 - cx) * k) as f32, ((p.y as f64 - cy) * k) as f32])
                .collect()
        })
        .collect();
    Ok(Some(Normalized { strokes: out, width: w, height: h }))
}

/// One resampled point: position and whether it lies on a pen-up jump.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Resampled {
    pub x: f32,
    pub y: f32,
    pub pen_up: bool,
}

/// Resamples the trajectory (jumps included) to `n >= 2` points equally spaced by arc length.
/// The pen-up flag of point `k` tells whether the path from `k` to `k + 1` is (mostly) a jump.
pub fn resample(strokes: &[Vec<[f32; 2]>], n: usize) -> Vec<Resampled> {
    let n = n.max(2);
    // The polyline: every point in order; `up[i]` is true when segment i -> i+1 is a jump.
    let pts: Vec<[f32; 2]> = strokes.iter().flatten().copied().collect();
    if pts.is_empty() {
        return Vec::new();
    }
    let mut up = Vec::with_capacity(pts.len());
    for s in strokes {
        for i in 0..s.len() {
            up.push(i + 1 == s.len());
        }
    }
    let mut cum = Vec::with_capacity(pts.len());
    let mut total = 0.0f64;
    cum.push(0.0);
    for w in pts.windows(2) {
        total += (((w[1][0] - w[0][0]) as f64).powi(2) + ((w[1][1] - w[0][1]) as f64).powi(2)).sqrt();
        cum.push(total);
    }
    if total <= 0.0 {
        let p = pts[0];
        return vec![Resampled { x: p[0], y: p[1], pen_up: false }; n];
    }
    // Position and segment index at arc length d.
    let at = |d: f64| -> ([f32; 2], usize) {
        let i = cum.partition_point(|&c| c <= d).clamp(1, pts.len() - 1) - 1;
        let len = cum[i + 1] - cum[i];
        let t = if len > 0.0 { ((d - cum[i]) / len).clamp(0.0, 1.0) as f32 } else { 0.0 };
        let (a, b) = (pts[i], pts[i + 1]);
        ([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t], i)
    };
    let step = total / (n - 1) as f64;
    (0..n)
        .map(|k| {
            let (p, _) = at(step * k as f64);
            let mid = (step * (k as f64 + 0.5)).min(total);
            let (_, seg) = at(mid);
            Resampled { x: p[0], y: p[1], pen_up: k + 1 < n && up[seg] }
        })
        .collect()
}

/// The feature vector of a sample, or `Ok(None)` for a dot (all points equal).
pub fn extract(strokes: &[Stroke]) -> Result<Option<Vec<f32>>, InkError> {
    Ok(normalize(strokes)?.map(|n| from_normalized(&n)))
}

/// The feature vector of already normalised strokes (length [`FEATURE_LEN`]).
pub fn from_normalized(n: &Normalized) -> Vec<f32> {
    let mut f = Vec::with_capacity(FEATURE_LEN);
    let rs = resample(&n.strokes, SEQ_POINTS);
    for k in 0..SEQ_POINTS {
        let p = rs[k];
        let (a, b) = if k + 1 < SEQ_POINTS { (p, rs[k + 1]) } else { (rs[k - 1], p) };
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        let len = (dx * dx + dy * dy).sqrt();
        let (c, s) = if len > 1e-6 { (dx / len, dy / len) } else { (0.0, 0.0) };
        f.extend_from_slice(&[p.x, p.y, c, s, if p.pen_up { 1.0 } else { 0.0 }]);
    }
    f.extend_from_slice(&orientation_image(&n.strokes));
    let aspect = ((n.width - n.height) / (n.width + n.height).max(f64::MIN_POSITIVE)) as f32;
    let strokes = n.strokes.len().clamp(1, 4);
    f.push(aspect);
    for i in 1..=4 {
        f.push(if strokes == i { 1.0 } else { 0.0 });
    }
    debug_assert_eq!(f.len(), FEATURE_LEN);
    f
}

/// Pen-down ink deposited into [`ORIENTS`] planes of [`GRID`]x[`GRID`] cells (bilinear in
/// space, linear between the two nearest orientations), scaled so the largest cell is 1.
pub fn orientation_image(strokes: &[Vec<[f32; 2]>]) -> Vec<f32> {
    let mut img = vec![0.0f32; ORIENTS * GRID * GRID];
    let g = GRID as f32;
    for s in strokes {
        for w in s.windows(2) {
            let (dx, dy) = (w[1][0] - w[0][0], w[1][1] - w[0][1]);
            let len = (dx * dx + dy * dy).sqrt();
            if len <= 1e-6 {
                continue;
            }
            // Undirected orientation in [0, ORIENTS).
            let mut th = dy.atan2(dx);
            if th < 0.0 {
                th += std::f32::consts::PI;
            }
            let o = (th / std::f32::consts::PI * ORIENTS as f32) % ORIENTS as f32;
            let (o0, fo) = (o.floor() as usize % ORIENTS, o - o.floor());
            let o1 = (o0 + 1) % ORIENTS;
            // Steps of at most 0.1 (a cell is 0.25 wide), each carrying its length.
            let steps = ((len / 0.1).ceil() as usize).clamp(1, 64);
            let wgt = len / steps as f32;
            for k in 0..steps {
                let t = (k as f32 + 0.5) / steps as f32;
                let (x, y) = (w[0][0] + dx * t, w[0][1] + dy * t);
                let gx = ((x + 1.0) / 2.0 * g - 0.5).clamp(0.0, g - 1.0);
                let gy = ((y + 1.0) / 2.0 * g - 0.5).clamp(0.0, g - 1.0);
                let (ix, iy) = (gx.floor() as usize, gy.floor() as usize);
                let (fx, fy) = (gx - ix as f32, gy - iy as f32);
                let (ix1, iy1) = ((ix + 1).min(GRID - 1), (iy + 1).min(GRID - 1));
                for (oi, ow) in [(o0, 1.0 - fo), (o1, fo)] {
                    let base = oi * GRID * GRID;
                    let w8 = wgt * ow;
                    img[base + iy * GRID + ix] += w8 * (1.0 - fx) * (1.0 - fy);
                    img[base + iy * GRID + ix1] += w8 * fx * (1.0 - fy);
                    img[base + iy1 * GRID + ix] += w8 * (1.0 - fx) * fy;
                    img[base + iy1 * GRID + ix1] += w8 * fx * fy;
                }
            }
        }
    }
    let max = img.iter().copied().fold(0.0f32, f32::max);
    if max > 0.0 {
        img.iter_mut().for_each(|v| *v /= max);
    }
    img
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ink::{Point, Stroke};

    fn seven(scale: f32, dx: f32, dy: f32) -> Vec<Stroke> {
        let pts = [[0.0, 0.0], [10.0, 0.0], [4.0, 15.0]];
        vec![Stroke::new(pts.iter().map(|p| Point::new(p[0] * scale + dx, p[1] * scale + dy)).collect())]
    }

    #[test]
    fn scale_and_position_do_not_matter() {
        let a = extract(&seven(1.0, 0.0, 0.0)).unwrap().unwrap();
        let b = extract(&seven(0.003, 0.5, 0.25)).unwrap().unwrap();
        assert_eq!(a.len(), FEATURE_LEN);
        for (x, y) in a.iter().zip(&b) {
            assert!((x - y).abs() < 1e-3, "{x} vs {y}");
        }
    }

    #[test]
    fn duplicates_and_sampling_rate_do_not_matter() {
        let sparse = seven(1.0, 0.0, 0.0);
        let mut dense = Vec::new();
        let p = &sparse[0].points;
        for w in p.windows(2) {
            for k in 0..20 {
                let t = k as f32 / 20.0;
                let q = Point::new(w[0].x + (w[1].x - w[0].x) * t, w[0].y + (w[1].y - w[0].y) * t);
                dense.push(q);
                dense.push(q); // duplicate
            }
        }
        dense.push(p[2]);
        let a = extract(&sparse).unwrap().unwrap();
        let b = extract(&[Stroke::new(dense)]).unwrap().unwrap();
        let d: f32 = a.iter().zip(&b).map(|(x, y)| (x - y).abs()).sum::<f32>() / a.len() as f32;
        assert!(d < 0.01, "mean difference {d}");
    }

    #[test]
    fn resample_marks_jumps() {
        let s = vec![vec![[-1.0, 0.0], [0.0, 0.0]], vec![[0.0, 1.0]], vec![[1.0, 1.0], [1.0, 0.0]]];
        let r = resample(&s, 31);
        assert_eq!(r.len(), 31);
        assert!(r.iter().any(|p| p.pen_up));
        assert!(!r[0].pen_up && !r[30].pen_up);
        assert_eq!((r[30].x, r[30].y), (1.0, 0.0));
    }

    #[test]
    fn bad_input_is_an_error() {
        assert_eq!(extract(&[]), Err(InkError::Empty));
        assert_eq!(extract(&[Stroke::default()]), Err(InkError::Empty));
        let nan = vec![Stroke::new(vec![Point::new(0.0, f32::NAN), Point::new(1.0, 1.0)])];
        assert_eq!(extract(&nan), Err(InkError::NonFinite));
        let big = vec![Stroke::new(vec![Point::new(0.0, 0.0); MAX_POINTS + 1])];
        assert_eq!(extract(&big), Err(InkError::TooManyPoints(MAX_POINTS + 1)));
        let dot = vec![Stroke::new(vec![Point::new(3.0, 3.0); 5])];
        assert_eq!(extract(&dot), Ok(None));
        let extreme = vec![Stroke::new(vec![Point::new(-f32::MAX, 0.0), Point::new(f32::MAX, 1.0)])];
        assert!(extract(&extreme).unwrap().unwrap().iter().all(|v| v.is_finite()));
    }
}
