//! Distortions of real ink: the training augmentation (`examples/train_ink.rs`) and the
//! "how people really write in a cell" variants `inkdoku recognize --eval --augment SEED`
//! scores (slanted, rotated, squashed, few points, off-centre). One place, so that the test
//! variants are the same kind of change as training sees, drawn with a different seed.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::Rng;

use super::{strokes_bounds, Point, Stroke};

/// A standard normal deviate (Box-Muller), from the seeded generator only.
pub fn gauss(rng: &mut StdRng) -> f32 {
    let u1: f32 = rng.random_range(1e-7..1.0);
    let u2: f32 = rng.random();
    (-2.0 * u1.ln()).sqrt() * (2.0 * std::f32::consts::PI * u2).cos()
}

/// Centre and longer side of the strokes' bounding box.
fn frame(strokes: &[Stroke]) -> (f32, f32, f32) {
    let [x0, y0, x1, y1] = strokes_bounds(strokes).map(|v| v as f32);
    ((x0 + x1) / 2.0, (y0 + y1) / 2.0, (x1 - x0).max(y1 - y0).max(1e-6))
}

/// Maps every point through `f` (coordinates relative to the bounding-box centre).
pub fn map_points(strokes: &[Stroke], mut f: impl FnMut(f32, f32) -> (f32, f32)) -> Vec<Stroke> {
    let (cx, cy, _) = frame(strokes);
    strokes
        .iter()
        .map(|st| {
            Stroke::new(
                st.points
                    .iter()
                    .map(|p| {
                        let (x, y) = f(p.x - cx, p.y - cy);
                        Point::new(x, y)
                    })
                    .collect(),
            )
        })
        .collect()
}

/// Keeps about one point in `k` of every stroke (first and last always): a fast pen or a
/// slow digitiser.
pub fn decimate(strokes: &[Stroke], k: usize) -> Vec<Stroke> {
    let k = k.max(1);
    strokes
        .iter()
        .map(|st| {
            let n = st.points.len();
            Stroke::new(
                st.points.iter().enumerate().filter(|(i, _)| i % k == 0 || *i + 1 == n).map(|(_, p)| *p).collect(),
            )
        })
        .collect()
}

/// Training distortion: a random affine map (rotation ±10°·k, slant ±0.3·k, x/y scale
/// ±15%·k), point jitter up to 1.2%·k of the glyph, and with probability `order_p` another
/// stroke order (`order_p / 2`: one stroke reversed). With probability `sparse_p` only every
/// 2nd-4th point is kept.
pub fn distort(strokes: &[Stroke], rng: &mut StdRng, order_p: f32, k: f32, sparse_p: f32) -> Vec<Stroke> {
    let (_, _, size) = frame(strokes);
    let k = k.max(1e-3);
    let th = (rng.random_range(-10.0f32..10.0) * k).to_radians();
    let shear = rng.random_range(-0.3f32..0.3) * k;
    let sx = (rng.random_range(-0.15f32..0.15) * k).exp();
    let sy = (rng.random_range(-0.15f32..0.15) * k).exp();
    let (c, s) = (th.cos(), th.sin());
    let jitter = rng.random_range(0.0f32..0.012) * k * size;
    let mut out = map_points(strokes, |x, y| {
        let (x, y) = (x * sx, y * sy);
        let x = x + shear * y;
        let (x, y) = (c * x - s * y, s * x + c * y);
        (x + jitter * gauss(rng), y + jitter * gauss(rng))
    });
    if out.len() > 1 && rng.random::<f32>() < order_p {
        out.shuffle(rng);
    }
    if rng.random::<f32>() < order_p / 2.0 {
        let i = rng.random_range(0..out.len());
        out[i].points.reverse();
    }
    if sparse_p > 0.0 && rng.random::<f32>() < sparse_p {
        let k = rng.random_range(2..=4);
        out = decimate(&out, k);
    }
    out
}

/// A smooth random warp (elastic distortion): every point moves by a displacement field made
/// of two low-frequency waves per axis (1-2 periods across the glyph), up to `amp` of the
/// glyph size. Unlike the affine map it bends parts of a glyph differently (a longer tail, a
/// wider loop), as another writer would.
pub fn warp(strokes: &[Stroke], rng: &mut StdRng, amp: f32) -> Vec<Stroke> {
    let (_, _, size) = frame(strokes);
    let tau = 2.0 * std::f32::consts::PI;
    let mut wave = || {
        let (fx, fy) = (rng.random_range(-2.0f32..2.0) * tau / size, rng.random_range(-2.0f32..2.0) * tau / size);
        let (phase, a) = (rng.random_range(0.0..tau), rng.random_range(-1.0f32..1.0) * amp * size / 2.0);
        move |x: f32, y: f32| a * (fx * x + fy * y + phase).sin()
    };
    let (wx1, wx2, wy1, wy2) = (wave(), wave(), wave(), wave());
    map_points(strokes, |x, y| (x + wx1(x, y) + wx2(x, y), y + wy1(x, y) + wy2(x, y)))
}

/// The kinds of test variant `--augment` reports one by one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    /// Shear x by 0.15-0.35 of y, either way (italic writing).
    Slant,
    /// Rotated 4-10°, either way.
    Rotate,
    /// One axis scaled to 65-85% (a cramped cell).
    Squash,
    /// One point in 3-5 kept (fast writing, coarse sampling).
    FewPoints,
    /// Moved by 10-25% of the glyph size (written beside the cell centre).
    OffCentre,
    /// All of the above at once, each at a random strength.
    All,
}

impl Variant {
    pub const EVERY: [Variant; 6] =
        [Variant::Slant, Variant::Rotate, Variant::Squash, Variant::FewPoints, Variant::OffCentre, Variant::All];

    pub fn name(self) -> &'static str {
        match self {
            Variant::Slant => "slant",
            Variant::Rotate => "rotate",
            Variant::Squash => "squash",
            Variant::FewPoints => "few points",
            Variant::OffCentre => "off-centre",
            Variant::All => "all at once",
        }
    }
}

fn sign(rng: &mut StdRng) -> f32 {
    if rng.random::<bool>() {
        1.0
    } else {
        -1.0
    }
}

/// One test variant of a sample (strengths drawn from `rng`).
pub fn variant(strokes: &[Stroke], v: Variant, rng: &mut StdRng) -> Vec<Stroke> {
    let (_, _, size) = frame(strokes);
    match v {
        Variant::Slant => {
            let sh = sign(rng) * rng.random_range(0.15f32..0.35);
            map_points(strokes, |x, y| (x + sh * y, y))
        }
        Variant::Rotate => {
            let th = (sign(rng) * rng.random_range(4.0f32..10.0)).to_radians();
            let (c, s) = (th.cos(), th.sin());
            map_points(strokes, |x, y| (c * x - s * y, s * x + c * y))
        }
        Variant::Squash => {
            let f = rng.random_range(0.65f32..0.85);
            if rng.random::<bool>() {
                map_points(strokes, |x, y| (x * f, y))
            } else {
                map_points(strokes, |x, y| (x, y * f))
            }
        }
        Variant::FewPoints => {
            let k = rng.random_range(3..=5);
            decimate(strokes, k)
        }
        Variant::OffCentre => {
            let (dx, dy) = (sign(rng) * rng.random_range(0.1f32..0.25) * size, sign(rng) * rng.random_range(0.1f32..0.25) * size);
            map_points(strokes, |x, y| (x + dx, y + dy))
        }
        Variant::All => {
            let mut s = strokes.to_vec();
            for v in [Variant::Slant, Variant::Rotate, Variant::Squash, Variant::FewPoints, Variant::OffCentre] {
                s = variant(&s, v, rng);
            }
            s
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    fn square() -> Vec<Stroke> {
        vec![Stroke::from_xy(&[[0.0, 0.0], [10.0, 0.0], [10.0, 10.0], [0.0, 10.0], [0.0, 0.0]])]
    }

    #[test]
    fn decimate_keeps_the_ends() {
        let s = decimate(&square(), 3);
        let p = &s[0].points;
        assert_eq!(p.len(), 3); // 0, 3, 4
        assert_eq!((p[0].x, p[0].y), (0.0, 0.0));
        assert_eq!((p[2].x, p[2].y), (0.0, 0.0));
    }

    #[test]
    fn warp_bends_within_its_amplitude() {
        let a = warp(&square(), &mut StdRng::seed_from_u64(3), 0.1);
        assert_eq!(a, warp(&square(), &mut StdRng::seed_from_u64(3), 0.1));
        assert_ne!(a, warp(&square(), &mut StdRng::seed_from_u64(4), 0.1));
        // Relative to the box centre (5, 5): each point moves by at most 10% of the side 10.
        let moved: Vec<f32> = a[0].points.iter().zip(&square()[0].points).map(|(p, q)| (p.x - (q.x - 5.0)).abs().max((p.y - (q.y - 5.0)).abs())).collect();
        assert!(moved.iter().all(|&d| d <= 1.0 + 1e-4), "{moved:?}");
        assert!(moved.iter().any(|&d| d > 0.01), "{moved:?}");
    }

    #[test]
    fn variants_change_the_ink_and_are_seeded() {
        for v in Variant::EVERY {
            let a = variant(&square(), v, &mut StdRng::seed_from_u64(7));
            let b = variant(&square(), v, &mut StdRng::seed_from_u64(7));
            assert_eq!(a, b, "{v:?}");
            assert_ne!(a, square(), "{v:?}");
        }
    }
}
