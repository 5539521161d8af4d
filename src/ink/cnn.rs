//! The picture member of the ensemble: a small convolutional network on a rendered image of
//! the pen-down ink (docs/recogniser.md, "A convolutional member").
//!
//! [`render`] draws normalised strokes (see [`features::normalize`](super::features::normalize))
//! as anti-aliased lines on a [`SIDE`]x[`SIDE`] grid in [`CHANNELS`] planes: the ink itself and
//! the ink split by stroke orientation (0°, 45°, 90°, 135°, undirected). Pen-up jumps are not
//! drawn and overlapping ink takes the maximum, so the picture ignores stroke order and
//! direction: a three-stroke `F` whose vertical came first looks like any other `F`.
//!
//! [`Cnn`]: convolutions (same padding, ReLU, 2x2 max-pool each), then dense layers (ReLU
//! between), logits over [`CLASSES`](super::CLASSES). The forward convolution scatters the
//! non-zero inputs (most of the image is blank) with contiguous, vectorisable inner loops;
//! [`Cnn::backward`] (training only, used by `examples/train_ink.rs`) works on im2col
//! matrices and is checked against finite differences in the tests.

use super::nn::{softmax, Layer};

/// Side of the rendered image, in pixels.
pub const SIDE: usize = 24;
/// Planes: ink, then 4 orientations.
pub const CHANNELS: usize = 5;
/// Empty border around the glyph's bounding box, in pixels.
const MARGIN: f32 = 2.0;
/// Line width, in pixels.
const PEN: f32 = 1.75;

/// The image of normalised strokes (coordinates in [-1, 1], longer side spanning it):
/// `CHANNELS` planes of `SIDE * SIDE`, row-major, values in [0, 1].
pub fn render(strokes: &[Vec<[f32; 2]>]) -> Vec<f32> {
    let plane = SIDE * SIDE;
    let mut img = vec![0.0f32; CHANNELS * plane];
    let half = (SIDE - 1) as f32 / 2.0;
    let k = half - MARGIN;
    let px = |p: [f32; 2]| [half + p[0] * k, half + p[1] * k];
    let reach = PEN / 2.0 + 0.5;
    for s in strokes {
        let pts: Vec<[f32; 2]> = s.iter().map(|&p| px(p)).collect();
        let segs: Vec<([f32; 2], [f32; 2])> = if pts.len() == 1 {
            vec![(pts[0], pts[0])]
        } else {
            pts.windows(2).map(|w| (w[0], w[1])).collect()
        };
        for (a, b) in segs {
            let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
            let len2 = dx * dx + dy * dy;
            // Orientation weights (a dot has none: ink plane only).
            let orient = if len2 > 1e-8 {
                let mut th = dy.atan2(dx);
                if th < 0.0 {
                    th += std::f32::consts::PI;
                }
                let o = (th / std::f32::consts::PI * 4.0) % 4.0;
                let o0 = o.floor() as usize % 4;
                Some((o0, (o0 + 1) % 4, o - o.floor()))
            } else {
                None
            };
            let lo = |v: f32| (v - reach).floor().clamp(0.0, (SIDE - 1) as f32) as usize;
            let hi = |v: f32| (v + reach).ceil().clamp(0.0, (SIDE - 1) as f32) as usize;
            for y in lo(a[1].min(b[1]))..=hi(a[1].max(b[1])) {
                for x in lo(a[0].min(b[0]))..=hi(a[0].max(b[0])) {
                    let (qx, qy) = (x as f32 - a[0], y as f32 - a[1]);
                    let t = if len2 > 1e-8 { ((qx * dx + qy * dy) / len2).clamp(0.0, 1.0) } else { 0.0 };
                    let d = ((qx - t * dx).powi(2) + (qy - t * dy).powi(2)).sqrt();
                    // Coverage of a pixel by a line of width PEN, linear across its edge.
                    let cov = (reach - d).clamp(0.0, 1.0);
                    if cov <= 0.0 {
                        continue;
                    }
                    let i = y * SIDE + x;
                    img[i] = img[i].max(cov);
                    if let Some((o0, o1, f)) = orient {
                        let (i0, i1) = ((1 + o0) * plane + i, (1 + o1) * plane + i);
                        img[i0] = img[i0].max(cov * (1.0 - f));
                        img[i1] = img[i1].max(cov * f);
                    }
                }
            }
        }
    }
    img
}

/// One convolution: `cin` → `cout` planes, `k`x`k` kernel (odd), same padding, then ReLU and
/// a 2x2 max-pool. `w` is `cout` rows of `cin * k * k` (plane, row, column).
#[derive(Debug, Clone, PartialEq)]
pub struct Conv {
    pub cin: usize,
    pub cout: usize,
    pub k: usize,
    pub w: Vec<f32>,
    pub b: Vec<f32>,
}

impl Conv {
    pub fn row_len(&self) -> usize {
        self.cin * self.k * self.k
    }
}

/// A convolutional network over [`render`]'s image (or any `channels` x `side`² input).
#[derive(Debug, Clone, PartialEq)]
pub struct Cnn {
    pub side: usize,
    pub channels: usize,
    pub convs: Vec<Conv>,
    pub dense: Vec<Layer>,
}

/// What the forward pass keeps for the backward pass.
#[derive(Debug, Default)]
pub struct Trace {
    /// Per convolution: the im2col matrix (positions x row_len).
    cols: Vec<Vec<f32>>,
    /// Per convolution: the ReLU outputs before pooling.
    relu: Vec<Vec<f32>>,
    /// Per convolution: index (into `relu`) of each pooled maximum.
    arg: Vec<Vec<u32>>,
    /// Dense inputs, then the logits.
    acts: Vec<Vec<f32>>,
}

/// Calls `f(column index, input index)` for every tap of a `k`x`k` same-padded convolution
/// over `cin` planes of `side`²: column index `p * cin*k*k + ci*k*k + ky*k + kx` for output
/// position `p`, input index `ci*side² + (y + ky - k/2)*side + (x + kx - k/2)` (taps outside
/// the image are skipped).
fn taps(cin: usize, side: usize, k: usize, mut f: impl FnMut(usize, usize)) {
    let kk = cin * k * k;
    let pad = (k / 2) as isize;
    for y in 0..side {
        for xx in 0..side {
            let base = (y * side + xx) * kk;
            for ci in 0..cin {
                for ky in 0..k {
                    let sy = y as isize + ky as isize - pad;
                    if sy < 0 || sy >= side as isize {
                        continue;
                    }
                    for kx in 0..k {
                        let sx = xx as isize + kx as isize - pad;
                        if sx >= 0 && sx < side as isize {
                            f(base + ci * k * k + ky * k + kx, ci * side * side + sy as usize * side + sx as usize);
                        }
                    }
                }
            }
        }
    }
}

/// The im2col matrix (positions x `cin*k*k`, 0 outside the image).
fn im2col(x: &[f32], cin: usize, side: usize, k: usize, col: &mut Vec<f32>) {
    col.clear();
    col.resize(side * side * cin * k * k, 0.0);
    taps(cin, side, k, |c, i| col[c] = x[i]);
}

/// The inverse scatter of [`im2col`]: adds each column entry's gradient to its input pixel.
fn col2im(gcol: &[f32], cin: usize, side: usize, k: usize) -> Vec<f32> {
    let mut g = vec![0.0f32; cin * side * side];
    taps(cin, side, k, |c, i| g[i] += gcol[c]);
    g
}

#[inline]
fn axpy(y: &mut [f32], a: f32, x: &[f32]) {
    y.iter_mut().zip(x).for_each(|(y, x)| *y += a * x);
}

impl Cnn {
    /// Side of the planes after every convolution's pooling, and their count at the end.
    pub fn flat_len(&self) -> usize {
        let mut s = self.side;
        for _ in &self.convs {
            s /= 2;
        }
        self.convs.last().map_or(self.channels, |c| c.cout) * s * s
    }

    /// Logits and the last hidden layer's activations.
    pub fn logits_and_hidden(&self, image: &[f32]) -> (Vec<f32>, Vec<f32>) {
        let mut t = Trace::default();
        self.run(image, &mut t, false);
        let n = t.acts.len();
        (t.acts[n - 1].clone(), t.acts[n - 2].clone())
    }

    /// The forward pass, keeping what [`Cnn::backward`] needs in `t`.
    pub fn forward(&self, image: &[f32], t: &mut Trace) {
        self.run(image, t, true);
    }

    /// The forward pass; the im2col matrices only when `for_backward`.
    ///
    /// Each convolution scatters every non-zero input value into the outputs it reaches
    /// (weights transposed to input-major, so the inner loop runs over output planes): the
    /// image is mostly blank and a ReLU zeroes about half of what follows, which makes this
    /// several times faster than a dense im2col product.
    fn run(&self, image: &[f32], t: &mut Trace, for_backward: bool) {
        t.cols.resize_with(self.convs.len(), Vec::new);
        t.relu.resize_with(self.convs.len(), Vec::new);
        t.arg.resize_with(self.convs.len(), Vec::new);
        t.acts.clear();
        let mut x = image.to_vec();
        let mut side = self.side;
        for (li, c) in self.convs.iter().enumerate() {
            let (kk, k, cout) = (c.row_len(), c.k, c.cout);
            if for_backward {
                im2col(&x, c.cin, side, k, &mut t.cols[li]);
            }
            // wt[(ci, ky, kx)][co]
            let mut wt = vec![0.0f32; kk * cout];
            for co in 0..cout {
                for j in 0..kk {
                    wt[j * cout + co] = c.w[co * kk + j];
                }
            }
            let p = side * side;
            let mut acc = Vec::with_capacity(p * cout);
            for _ in 0..p {
                acc.extend_from_slice(&c.b);
            }
            let pad = k / 2;
            for ci in 0..c.cin {
                for sy in 0..side {
                    for sx in 0..side {
                        let v = x[(ci * side + sy) * side + sx];
                        if v == 0.0 {
                            continue;
                        }
                        // out[oy][ox] reads x[oy + ky - pad][ox + kx - pad].
                        for ky in 0..k {
                            let Some(oy) = (sy + pad).checked_sub(ky).filter(|&o| o < side) else { continue };
                            for kx in 0..k {
                                let Some(ox) = (sx + pad).checked_sub(kx).filter(|&o| o < side) else { continue };
                                let wi = ((ci * k + ky) * k + kx) * cout;
                                let oi = (oy * side + ox) * cout;
                                axpy(&mut acc[oi..oi + cout], v, &wt[wi..wi + cout]);
                            }
                        }
                    }
                }
            }
            let out = &mut t.relu[li];
            out.clear();
            out.resize(cout * p, 0.0);
            for pi in 0..p {
                for co in 0..cout {
                    out[co * p + pi] = acc[pi * cout + co].max(0.0);
                }
            }
            // 2x2 max-pool (an odd last row/column is dropped).
            let h = side / 2;
            let arg = &mut t.arg[li];
            arg.clear();
            x = Vec::with_capacity(c.cout * h * h);
            for co in 0..c.cout {
                for y in 0..h {
                    for xx in 0..h {
                        let mut best = co * p + 2 * y * side + 2 * xx;
                        for (dy, dx) in [(0, 1), (1, 0), (1, 1)] {
                            let j = co * p + (2 * y + dy) * side + 2 * xx + dx;
                            if out[j] > out[best] {
                                best = j;
                            }
                        }
                        arg.push(best as u32);
                        x.push(out[best]);
                    }
                }
            }
            side = h;
        }
        let n = self.dense.len();
        t.acts.push(x);
        for (i, l) in self.dense.iter().enumerate() {
            let mut o = Vec::new();
            l.forward(&t.acts[i], &mut o, i + 1 < n);
            t.acts.push(o);
        }
    }

    /// Backward pass of softmax cross-entropy (label smoothing `smoothing`) after
    /// [`Cnn::forward`]: adds the gradients to `grads` (laid out as [`Cnn::params_mut`]) and
    /// returns (loss, whether the arg-max is the label).
    pub fn backward(&self, t: &Trace, label: usize, smoothing: f32, grads: &mut [Vec<f32>]) -> (f32, bool) {
        let n = self.dense.len();
        let mut p = t.acts[n].clone();
        softmax(&mut p);
        let k = p.len() as f32;
        let target = |i: usize| if i == label { 1.0 - smoothing } else { 0.0 } + smoothing / k;
        let loss = -p.iter().enumerate().map(|(i, &pi)| target(i) * pi.max(1e-12).ln()).sum::<f32>();
        let best = p.iter().enumerate().fold((0, f32::MIN), |a, (i, &v)| if v > a.1 { (i, v) } else { a }).0;
        let mut g: Vec<f32> = p.iter().enumerate().map(|(i, &pi)| pi - target(i)).collect();
        let nc = self.convs.len();
        // Dense layers, last first.
        for li in (0..n).rev() {
            let l = &self.dense[li];
            let input = &t.acts[li];
            let (gw, rest) = grads[2 * (nc + li)..].split_at_mut(1);
            let (gw, gb) = (&mut gw[0], &mut rest[0]);
            let mut gin = vec![0.0f32; l.inputs];
            for (j, &gj) in g.iter().enumerate() {
                if gj == 0.0 {
                    continue;
                }
                gb[j] += gj;
                axpy(&mut gw[j * l.inputs..(j + 1) * l.inputs], gj, input);
                axpy(&mut gin, gj, &l.w[j * l.inputs..(j + 1) * l.inputs]);
            }
            if li > 0 {
                gin.iter_mut().zip(input).for_each(|(gi, &a)| {
                    if a <= 0.0 {
                        *gi = 0.0
                    }
                });
            }
            g = gin;
        }
        // Convolutions, last first: `g` is the gradient of the pooled output.
        let mut sides = vec![self.side];
        for _ in 0..nc {
            let s = sides[sides.len() - 1] / 2;
            sides.push(s);
        }
        for li in (0..nc).rev() {
            let c = &self.convs[li];
            let (side, kk) = (sides[li], c.row_len());
            let p = side * side;
            // Un-pool, through the ReLU.
            let relu = &t.relu[li];
            let mut gout = vec![0.0f32; c.cout * p];
            for (&a, &gv) in t.arg[li].iter().zip(&g) {
                if relu[a as usize] > 0.0 {
                    gout[a as usize] += gv;
                }
            }
            let col = &t.cols[li];
            let (gw, rest) = grads[2 * li..].split_at_mut(1);
            let (gw, gb) = (&mut gw[0], &mut rest[0]);
            let mut gcol = if li > 0 { vec![0.0f32; p * kk] } else { Vec::new() };
            for pi in 0..p {
                let crow = &col[pi * kk..(pi + 1) * kk];
                for co in 0..c.cout {
                    let gv = gout[co * p + pi];
                    if gv == 0.0 {
                        continue;
                    }
                    gb[co] += gv;
                    axpy(&mut gw[co * kk..(co + 1) * kk], gv, crow);
                    if li > 0 {
                        axpy(&mut gcol[pi * kk..(pi + 1) * kk], gv, &c.w[co * kk..(co + 1) * kk]);
                    }
                }
            }
            if li > 0 {
                g = col2im(&gcol, c.cin, side, c.k);
            }
        }
        (loss, best == label)
    }

    /// Parameter blocks in a fixed order: per convolution w, b; per dense layer w, b.
    pub fn params_mut(&mut self) -> Vec<&mut Vec<f32>> {
        let mut v = Vec::new();
        for c in &mut self.convs {
            v.push(&mut c.w);
            v.push(&mut c.b);
        }
        for l in &mut self.dense {
            v.push(&mut l.w);
            v.push(&mut l.b);
        }
        v
    }

    /// Whether the layers chain: planes match, kernels odd, dense sizes follow, 17 outputs.
    pub fn check(&self, classes: usize) -> Result<(), String> {
        let mut planes = self.channels;
        let mut side = self.side;
        for c in &self.convs {
            if c.cin != planes || c.cout == 0 || c.k % 2 == 0 || side < 2 {
                return Err("convolution sizes do not chain".into());
            }
            if c.w.len() != c.cout * c.row_len() || c.b.len() != c.cout {
                return Err("convolution weights have the wrong size".into());
            }
            planes = c.cout;
            side /= 2;
        }
        let mut expect = planes * side * side;
        for l in &self.dense {
            if l.inputs != expect || l.outputs == 0 || l.w.len() != l.inputs * l.outputs || l.b.len() != l.outputs {
                return Err("dense sizes do not chain".into());
            }
            expect = l.outputs;
        }
        if self.dense.len() < 2 || expect != classes {
            return Err("a CNN needs a hidden dense layer and one output per class".into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    fn tiny(rng: &mut StdRng) -> Cnn {
        let mut r = |n: usize, s: f32| (0..n).map(|_| rng.random_range(-s..s)).collect::<Vec<f32>>();
        let conv = |cin, cout, k, r: &mut dyn FnMut(usize, f32) -> Vec<f32>| Conv {
            cin,
            cout,
            k,
            w: r(cout * cin * k * k, 0.5),
            b: r(cout, 0.1),
        };
        let c1 = conv(2, 3, 3, &mut r);
        let c2 = conv(3, 4, 3, &mut r);
        let dense = vec![
            Layer { inputs: 4 * 2 * 2, outputs: 6, w: r(96, 0.5), b: r(6, 0.1) },
            Layer { inputs: 6, outputs: 5, w: r(30, 0.5), b: r(5, 0.1) },
        ];
        Cnn { side: 9, channels: 2, convs: vec![c1, c2], dense }
    }

    fn loss(net: &Cnn, x: &[f32], label: usize, smoothing: f32) -> f64 {
        let (mut l, _) = net.logits_and_hidden(x);
        softmax(&mut l);
        let k = l.len() as f64;
        l.iter()
            .enumerate()
            .map(|(i, &p)| {
                let t = if i == label { 1.0 - smoothing as f64 } else { 0.0 } + smoothing as f64 / k;
                -t * (p as f64).max(1e-12).ln()
            })
            .sum()
    }

    /// The analytic gradient of every parameter of a tiny net (two convolutions, an odd side so
    /// pooling drops a row, two dense layers) matches central finite differences.
    #[test]
    fn gradients_match_finite_differences() {
        let mut rng = StdRng::seed_from_u64(5);
        let mut net = tiny(&mut rng);
        assert_eq!(net.check(5), Ok(()));
        let x: Vec<f32> = (0..2 * 81).map(|_| rng.random_range(0.0..1.0)).collect();
        let (label, smoothing) = (3, 0.1);
        let mut t = Trace::default();
        net.forward(&x, &mut t);
        let mut grads: Vec<Vec<f32>> = net.params_mut().iter().map(|p| vec![0.0; p.len()]).collect();
        let (l, _) = net.backward(&t, label, smoothing, &mut grads);
        assert!((l as f64 - loss(&net, &x, label, smoothing)).abs() < 1e-4);
        let eps = 1e-3f32;
        let (mut checked, mut worst) = (0, 0.0f64);
        for bi in 0..grads.len() {
            for j in 0..grads[bi].len() {
                let orig = net.params_mut()[bi][j];
                net.params_mut()[bi][j] = orig + eps;
                let up = loss(&net, &x, label, smoothing);
                net.params_mut()[bi][j] = orig - eps;
                let down = loss(&net, &x, label, smoothing);
                net.params_mut()[bi][j] = orig;
                let num = (up - down) / (2.0 * eps as f64);
                let ana = grads[bi][j] as f64;
                let err = (num - ana).abs() / (num.abs() + ana.abs()).max(1e-2);
                worst = worst.max(err);
                assert!(err < 0.05, "block {bi} index {j}: numeric {num} analytic {ana}");
                checked += 1;
            }
        }
        assert_eq!(checked, grads.iter().map(Vec::len).sum::<usize>());
        assert!(worst < 0.05, "worst relative error {worst}");
    }

    #[test]
    fn render_draws_pen_down_ink_by_orientation() {
        // A horizontal bar on top, a vertical bar below it, written as two strokes; the jump
        // between them is not drawn.
        let s = vec![vec![[-1.0, -1.0], [1.0, -1.0]], vec![[0.0, 0.0], [0.0, 1.0]]];
        let img = render(&s);
        assert_eq!(img.len(), CHANNELS * SIDE * SIDE);
        assert!(img.iter().all(|v| (0.0..=1.0).contains(v)));
        let plane = SIDE * SIDE;
        let at = |c: usize, x: usize, y: usize| img[c * plane + y * SIDE + x];
        let (lo, mid, hi) = (MARGIN as usize, SIDE / 2, SIDE - 1 - MARGIN as usize);
        assert_eq!(at(0, mid, lo), 1.0); // on the bar
        assert_eq!(at(1, mid, lo), 1.0); // 0° plane
        assert_eq!(at(3, mid, lo), 0.0); // not 90°
        assert!(at(3, mid, hi - 2) > 0.5); // the vertical bar, 90° plane
        assert_eq!(at(0, lo, hi), 0.0); // no ink bottom left
        // The pen-up jump from (1, -1) to (0, 0) is not drawn.
        assert_eq!(at(0, (mid + hi) / 2, (lo + mid) / 2), 0.0);
        // Stroke order does not matter.
        let rev = vec![s[1].iter().rev().copied().collect(), s[0].clone()];
        assert_eq!(render(&rev), img);
    }
}
