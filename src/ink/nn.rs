//! The small numeric pieces both the MLPs ([`super::model`]) and the CNNs ([`super::cnn`])
//! are made of: a dense layer, a vectorisable dot product and a stable softmax. A leaf, so the
//! model (which holds CNNs) and the CNNs (which end in dense layers) need not import each other.

/// One dense layer, `w` row-major (`outputs` rows of `inputs`).
#[derive(Debug, Clone, PartialEq)]
pub struct Layer {
    pub inputs: usize,
    pub outputs: usize,
    pub w: Vec<f32>,
    pub b: Vec<f32>,
}

impl Layer {
    /// `out = W x + b`, ReLU if `relu`.
    pub fn forward(&self, x: &[f32], out: &mut Vec<f32>, relu: bool) {
        out.clear();
        for j in 0..self.outputs {
            let v = dot(&self.w[j * self.inputs..(j + 1) * self.inputs], x) + self.b[j];
            out.push(if relu { v.max(0.0) } else { v });
        }
    }
}

/// A dot product with 8 independent sums, so the compiler can vectorise it.
#[inline]
pub fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut acc = [0.0f32; 8];
    let (ca, cb) = (a.chunks_exact(8), b.chunks_exact(8));
    let (ra, rb) = (ca.remainder(), cb.remainder());
    for (x, y) in ca.zip(cb) {
        for i in 0..8 {
            acc[i] += x[i] * y[i];
        }
    }
    let mut s: f32 = acc.iter().sum();
    for (x, y) in ra.iter().zip(rb) {
        s += x * y;
    }
    s
}

/// Softmax in place, stable for any finite logits.
pub fn softmax(v: &mut [f32]) {
    let m = v.iter().copied().fold(f32::MIN, f32::max);
    let mut s = 0.0;
    for x in v.iter_mut() {
        *x = (*x - m).exp();
        s += *x;
    }
    v.iter_mut().for_each(|x| *x /= s);
}
