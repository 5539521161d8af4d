//! The sequence member of the ensemble: a 1D temporal convolution network over the resampled
//! trajectory (docs/recogniser.md, "A sequence member").
//!
//! Input: the sequence part of the features ([`features::sequence`](super::features::sequence)),
//! [`LEN`] points in writing order, [`CHANNELS`] values each (x, y, direction cos/sin, pen-up),
//! time-major. [`SeqNet`]: 1D convolutions (same padding, ReLU), a 2-wide max-pool over time
//! after each but the last, then the maximum and the mean of every channel of the last one over
//! all positions, then dense layers (ReLU between), logits over [`CLASSES`](super::CLASSES).
//! Pooling over time makes the net read *whether* a local shape occurs, not *where* in the
//! sequence: an extra tail or loop shifts the rest of the trajectory, which moves every
//! position the MLPs read but not what the global pooling sees.
//!
//! [`SeqNet::backward`] (training only, used by `examples/train_ink.rs`) is checked against
//! finite differences in the tests.

use super::features::{PER_POINT, SEQ_POINTS};
use super::model::{axpy, dense_backward, dot, softmax_xent, Layer};

/// Points in the input sequence.
pub const LEN: usize = SEQ_POINTS;
/// Values per point.
pub const CHANNELS: usize = PER_POINT;

/// One 1D convolution: `cin` → `cout` channels, kernel `k` (odd), same padding, ReLU. `w` is
/// `cout` rows of `k * cin` (tap, then channel: one row is a contiguous time-major window).
#[derive(Debug, Clone, PartialEq)]
pub struct Conv1 {
    pub cin: usize,
    pub cout: usize,
    pub k: usize,
    pub w: Vec<f32>,
    pub b: Vec<f32>,
}

impl Conv1 {
    pub fn row_len(&self) -> usize {
        self.cin * self.k
    }
}

/// A temporal convolution network over `len` points of `channels` values.
#[derive(Debug, Clone, PartialEq)]
pub struct SeqNet {
    pub len: usize,
    pub channels: usize,
    pub convs: Vec<Conv1>,
    pub dense: Vec<Layer>,
}

/// What the forward pass keeps for the backward pass.
#[derive(Debug, Default)]
pub struct Trace {
    /// Per convolution: its zero-padded input.
    padded: Vec<Vec<f32>>,
    /// Per convolution: the ReLU outputs (time-major) before pooling.
    relu: Vec<Vec<f32>>,
    /// Per convolution: index into `relu` of each pooled maximum (for the last one, of each
    /// channel's maximum over time).
    arg: Vec<Vec<u32>>,
    /// Dense inputs, then the logits.
    acts: Vec<Vec<f32>>,
}

impl SeqNet {
    /// Sequence length seen by each convolution.
    fn lens(&self) -> Vec<usize> {
        let mut v = vec![self.len];
        for _ in 1..self.convs.len() {
            let l = v[v.len() - 1] / 2;
            v.push(l);
        }
        v
    }

    /// Length of the pooled vector the dense layers read: max and mean of each last channel.
    pub fn flat_len(&self) -> usize {
        2 * self.convs.last().map_or(self.channels, |c| c.cout)
    }

    /// Logits and the last hidden layer's activations.
    pub fn logits_and_hidden(&self, x: &[f32]) -> (Vec<f32>, Vec<f32>) {
        let mut t = Trace::default();
        self.forward(x, &mut t);
        let n = t.acts.len();
        (t.acts[n - 1].clone(), t.acts[n - 2].clone())
    }

    /// The forward pass, keeping what [`SeqNet::backward`] needs in `t`.
    pub fn forward(&self, input: &[f32], t: &mut Trace) {
        let nc = self.convs.len();
        t.padded.resize_with(nc, Vec::new);
        t.relu.resize_with(nc, Vec::new);
        t.arg.resize_with(nc, Vec::new);
        t.acts.clear();
        let mut x = input.to_vec();
        let mut len = self.len;
        for (li, c) in self.convs.iter().enumerate() {
            let (cin, cout, kk, pad) = (c.cin, c.cout, c.row_len(), c.k / 2);
            let xp = &mut t.padded[li];
            xp.clear();
            xp.resize((len + 2 * pad) * cin, 0.0);
            xp[pad * cin..(pad + len) * cin].copy_from_slice(&x[..len * cin]);
            let out = &mut t.relu[li];
            out.clear();
            for ti in 0..len {
                let win = &xp[ti * cin..ti * cin + kk];
                for co in 0..cout {
                    out.push((dot(&c.w[co * kk..(co + 1) * kk], win) + c.b[co]).max(0.0));
                }
            }
            let arg = &mut t.arg[li];
            arg.clear();
            x.clear();
            if li + 1 < nc {
                // Max-pool 2 over time (an odd last point is dropped).
                let h = len / 2;
                for ti in 0..h {
                    for co in 0..cout {
                        let (a, b) = (2 * ti * cout + co, (2 * ti + 1) * cout + co);
                        let best = if out[b] > out[a] { b } else { a };
                        arg.push(best as u32);
                        x.push(out[best]);
                    }
                }
                len = h;
            } else {
                // Global max, then global mean, per channel.
                for co in 0..cout {
                    let best = (0..len).map(|ti| ti * cout + co).fold(co, |b, i| if out[i] > out[b] { i } else { b });
                    arg.push(best as u32);
                    x.push(out[best]);
                }
                for co in 0..cout {
                    x.push((0..len).map(|ti| out[ti * cout + co]).sum::<f32>() / len as f32);
                }
            }
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
    /// [`SeqNet::forward`]: adds the gradients to `grads` (laid out as [`SeqNet::params_mut`])
    /// and returns (loss, whether the arg-max is the label).
    pub fn backward(&self, t: &Trace, label: usize, smoothing: f32, grads: &mut [Vec<f32>]) -> (f32, bool) {
        let (loss, correct, g) = softmax_xent(&t.acts[self.dense.len()], label, smoothing);
        let nc = self.convs.len();
        let mut g = dense_backward(&self.dense, &t.acts, g, &mut grads[2 * nc..]);
        let lens = self.lens();
        for li in (0..nc).rev() {
            let c = &self.convs[li];
            let (len, cin, cout, kk, pad) = (lens[li], c.cin, c.cout, c.row_len(), c.k / 2);
            let relu = &t.relu[li];
            // Un-pool, through the ReLU.
            let mut gout = vec![0.0f32; len * cout];
            for (&a, &gv) in t.arg[li].iter().zip(&g) {
                if relu[a as usize] > 0.0 {
                    gout[a as usize] += gv;
                }
            }
            if li + 1 == nc {
                for co in 0..cout {
                    let gm = g[cout + co] / len as f32;
                    for ti in 0..len {
                        if relu[ti * cout + co] > 0.0 {
                            gout[ti * cout + co] += gm;
                        }
                    }
                }
            }
            let xp = &t.padded[li];
            let (gw, rest) = grads[2 * li..].split_at_mut(1);
            let (gw, gb) = (&mut gw[0], &mut rest[0]);
            let mut gpad = if li > 0 { vec![0.0f32; xp.len()] } else { Vec::new() };
            for ti in 0..len {
                let win = &xp[ti * cin..ti * cin + kk];
                for co in 0..cout {
                    let gv = gout[ti * cout + co];
                    if gv == 0.0 {
                        continue;
                    }
                    gb[co] += gv;
                    axpy(&mut gw[co * kk..(co + 1) * kk], gv, win);
                    if li > 0 {
                        axpy(&mut gpad[ti * cin..ti * cin + kk], gv, &c.w[co * kk..(co + 1) * kk]);
                    }
                }
            }
            if li > 0 {
                g = gpad[pad * cin..(pad + len) * cin].to_vec();
            }
        }
        (loss, correct)
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

    /// Whether the layers chain: channels match, kernels odd, every pooled length at least 1,
    /// dense sizes follow, one output per class.
    pub fn check(&self, classes: usize) -> Result<(), String> {
        if self.convs.is_empty() {
            return Err("a sequence net needs a convolution".into());
        }
        let mut planes = self.channels;
        for (c, len) in self.convs.iter().zip(self.lens()) {
            if c.cin != planes || c.cout == 0 || c.k % 2 == 0 || len == 0 {
                return Err("convolution sizes do not chain".into());
            }
            if c.w.len() != c.cout * c.row_len() || c.b.len() != c.cout {
                return Err("convolution weights have the wrong size".into());
            }
            planes = c.cout;
        }
        let mut expect = self.flat_len();
        for l in &self.dense {
            if l.inputs != expect || l.outputs == 0 || l.w.len() != l.inputs * l.outputs || l.b.len() != l.outputs {
                return Err("dense sizes do not chain".into());
            }
            expect = l.outputs;
        }
        if self.dense.len() < 2 || expect != classes {
            return Err("a sequence net needs a hidden dense layer and one output per class".into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ink::model::gradcheck;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    fn tiny(rng: &mut StdRng) -> SeqNet {
        let mut r = |n: usize, s: f32| (0..n).map(|_| rng.random_range(-s..s)).collect::<Vec<f32>>();
        let conv = |cin, cout, k, r: &mut dyn FnMut(usize, f32) -> Vec<f32>| Conv1 {
            cin,
            cout,
            k,
            w: r(cout * cin * k, 0.5),
            b: r(cout, 0.1),
        };
        let convs = vec![conv(3, 4, 5, &mut r), conv(4, 5, 3, &mut r), conv(5, 3, 3, &mut r)];
        let dense = vec![
            Layer { inputs: 6, outputs: 7, w: r(42, 0.5), b: r(7, 0.1) },
            Layer { inputs: 7, outputs: 5, w: r(35, 0.5), b: r(5, 0.1) },
        ];
        SeqNet { len: 11, channels: 3, convs, dense }
    }

    /// The analytic gradient of every parameter of a tiny net (three convolutions, odd lengths
    /// so pooling drops a point, global max + mean, two dense layers) matches central finite
    /// differences.
    #[test]
    fn gradients_match_finite_differences() {
        let mut rng = StdRng::seed_from_u64(9);
        let mut net = tiny(&mut rng);
        assert_eq!(net.check(5), Ok(()));
        let x: Vec<f32> = (0..3 * 11).map(|_| rng.random_range(-1.0..1.0)).collect();
        let (label, smoothing) = (2, 0.1);
        let mut t = Trace::default();
        net.forward(&x, &mut t);
        let mut grads: Vec<Vec<f32>> = net.params_mut().iter().map(|p| vec![0.0; p.len()]).collect();
        let (l, _) = net.backward(&t, label, smoothing, &mut grads);
        let loss = |n: &_| gradcheck::xent(SeqNet::logits_and_hidden(n, &x).0, label, smoothing);
        assert!((l as f64 - loss(&net)).abs() < 1e-4);
        let nonzero = gradcheck::check(&mut net, SeqNet::params_mut, loss, &grads);
        // Many gradients are live (the check is not passing on zeros).
        assert!(nonzero * 3 > grads.iter().map(Vec::len).sum::<usize>(), "{nonzero} non-zero");
    }

    /// Global pooling: a pattern shifted in time gives the same max part of the pooled vector
    /// when it stays clear of the edges.
    #[test]
    fn a_shifted_pattern_gives_the_same_maximum() {
        let mut rng = StdRng::seed_from_u64(3);
        let mut net = tiny(&mut rng);
        net.convs.truncate(1);
        net.convs[0].cout = 3;
        net.convs[0].w.truncate(3 * 15);
        net.convs[0].b.truncate(3);
        net.dense[0] = Layer { inputs: 6, outputs: 7, w: vec![0.1; 42], b: vec![0.0; 7] };
        assert_eq!(net.check(5), Ok(()));
        let pattern = [0.9f32, -0.4, 0.3, 0.5, 0.7, -0.8];
        let at = |start: usize| {
            let mut x = vec![0.0f32; 3 * 11];
            x[3 * start..3 * start + 6].copy_from_slice(&pattern);
            let mut t = Trace::default();
            net.forward(&x, &mut t);
            t.acts[0][..3].to_vec()
        };
        assert_eq!(at(3), at(6));
    }
}
