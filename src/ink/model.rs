//! The classifier: an ensemble of small MLPs (ReLU hidden layers, softmax output over
//! [`CLASSES`](super::CLASSES)) over standardised [`features`](super::features).
//!
//! Weights are embedded from `model.bin` (written by `examples/train_ink.rs`). Format, all
//! little-endian: `b"INKM"`, u32 version (1), u32 feature length F, F f32 means, F f32
//! inverse standard deviations, u32 net count; per net: u32 layer count; per layer: u32 inputs,
//! u32 outputs, then per output row one f32 scale and `inputs` i8 weights (weight = q * scale),
//! then `outputs` f32 biases.

use std::sync::OnceLock;

use super::features::FEATURE_LEN;
use super::{InkError, CLASSES};

const MAGIC: &[u8; 4] = b"INKM";
const VERSION: u32 = 1;

static EMBEDDED: &[u8] = include_bytes!("model.bin");
static MODEL: OnceLock<Result<Model, InkError>> = OnceLock::new();

/// The embedded model, parsed on first use and kept for the life of the process.
pub fn embedded() -> Result<&'static Model, InkError> {
    MODEL.get_or_init(|| Model::from_bytes(EMBEDDED)).as_ref().map_err(Clone::clone)
}

/// The embedded weights, as compiled in (for benchmarks and tools).
pub fn embedded_bytes() -> &'static [u8] {
    EMBEDDED
}

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

/// A multi-layer perceptron: ReLU between layers, raw logits out.
#[derive(Debug, Clone, PartialEq)]
pub struct Mlp {
    pub layers: Vec<Layer>,
}

impl Mlp {
    pub fn logits(&self, x: &[f32]) -> Vec<f32> {
        self.logits_and_hidden(x).0
    }

    /// The logits and the activations of the last hidden layer (the input if there is none).
    pub fn logits_and_hidden(&self, x: &[f32]) -> (Vec<f32>, Vec<f32>) {
        let mut a = x.to_vec();
        let mut b = Vec::new();
        let mut hidden = Vec::new();
        for (i, l) in self.layers.iter().enumerate() {
            if i + 1 == self.layers.len() {
                hidden = a.clone();
            }
            l.forward(&a, &mut b, i + 1 < self.layers.len());
            std::mem::swap(&mut a, &mut b);
        }
        (a, hidden)
    }
}

/// What the ensemble makes of one sample.
#[derive(Debug, Clone, PartialEq)]
pub struct Output {
    /// Mean of the nets' softmax outputs, in [`CLASSES`] order.
    pub probs: Vec<f32>,
    /// Every net's last hidden layer, each scaled to unit length, end to end: a space where
    /// samples of one symbol lie close together (the player's adaptation compares in it).
    pub embedding: Vec<f32>,
}

/// Input standardisation plus the ensemble.
#[derive(Debug, Clone, PartialEq)]
pub struct Model {
    pub mean: Vec<f32>,
    pub istd: Vec<f32>,
    pub nets: Vec<Mlp>,
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

impl Model {
    /// Standardises a raw feature vector.
    pub fn standardize(&self, feats: &[f32]) -> Vec<f32> {
        feats.iter().zip(&self.mean).zip(&self.istd).map(|((x, m), s)| (x - m) * s).collect()
    }

    /// Class probabilities (mean of the nets' softmax outputs), in [`CLASSES`] order.
    pub fn probabilities(&self, feats: &[f32]) -> Vec<f32> {
        self.run(feats).probs
    }

    /// Probabilities and embedding of a raw feature vector.
    pub fn run(&self, feats: &[f32]) -> Output {
        let x = self.standardize(feats);
        let mut p = vec![0.0f32; CLASSES.len()];
        let mut embedding = Vec::new();
        let k = self.nets.len().max(1) as f32;
        for net in &self.nets {
            let (mut l, h) = net.logits_and_hidden(&x);
            softmax(&mut l);
            p.iter_mut().zip(&l).for_each(|(a, b)| *a += b);
            // Each net weighs the same in the distance, whatever its activations' scale.
            let norm = (h.iter().map(|v| v * v).sum::<f32>() * k).sqrt().max(1e-12);
            embedding.extend(h.iter().map(|v| v / norm));
        }
        p.iter_mut().for_each(|a| *a /= k);
        Output { probs: p, embedding }
    }

    /// Serialises with i8 weights (one scale per row).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut o = Vec::new();
        o.extend_from_slice(MAGIC);
        o.extend_from_slice(&VERSION.to_le_bytes());
        o.extend_from_slice(&(self.mean.len() as u32).to_le_bytes());
        for v in self.mean.iter().chain(&self.istd) {
            o.extend_from_slice(&v.to_le_bytes());
        }
        o.extend_from_slice(&(self.nets.len() as u32).to_le_bytes());
        for net in &self.nets {
            o.extend_from_slice(&(net.layers.len() as u32).to_le_bytes());
            for l in &net.layers {
                o.extend_from_slice(&(l.inputs as u32).to_le_bytes());
                o.extend_from_slice(&(l.outputs as u32).to_le_bytes());
                for row in l.w.chunks(l.inputs) {
                    let max = row.iter().fold(0.0f32, |m, v| m.max(v.abs()));
                    let scale = if max > 0.0 { max / 127.0 } else { 1.0 };
                    o.extend_from_slice(&scale.to_le_bytes());
                    o.extend(row.iter().map(|v| (v / scale).round().clamp(-127.0, 127.0) as i8 as u8));
                }
                for v in &l.b {
                    o.extend_from_slice(&v.to_le_bytes());
                }
            }
        }
        o
    }

    /// Parses [`Model::to_bytes`] output, checking every size against the data left.
    pub fn from_bytes(bytes: &[u8]) -> Result<Model, InkError> {
        let mut r = Reader { b: bytes, at: 0 };
        if r.take(4)? != MAGIC {
            return Err(InkError::Model("bad magic".into()));
        }
        let v = r.u32()?;
        if v != VERSION {
            return Err(InkError::Model(format!("version {v}, expected {VERSION}")));
        }
        let f = r.u32()? as usize;
        if f != FEATURE_LEN {
            return Err(InkError::Model(format!("{f} features, this build computes {FEATURE_LEN}")));
        }
        let mean = r.f32s(f)?;
        let istd = r.f32s(f)?;
        let n_nets = r.u32()? as usize;
        let mut nets = Vec::new();
        for _ in 0..n_nets.min(64) {
            let n_layers = r.u32()? as usize;
            let mut layers = Vec::new();
            let mut expect = f;
            for _ in 0..n_layers.min(16) {
                let (inputs, outputs) = (r.u32()? as usize, r.u32()? as usize);
                if inputs != expect || inputs == 0 || outputs == 0 {
                    return Err(InkError::Model("layer sizes do not chain".into()));
                }
                let mut w = Vec::with_capacity(inputs.saturating_mul(outputs).min(bytes.len()));
                for _ in 0..outputs {
                    let scale = r.f32()?;
                    w.extend(r.take(inputs)?.iter().map(|&q| q as i8 as f32 * scale));
                }
                let b = r.f32s(outputs)?;
                layers.push(Layer { inputs, outputs, w, b });
                expect = outputs;
            }
            if expect != CLASSES.len() || layers.is_empty() {
                return Err(InkError::Model("the last layer must have one output per class".into()));
            }
            nets.push(Mlp { layers });
        }
        if nets.is_empty() || r.at != bytes.len() {
            return Err(InkError::Model("no nets, or trailing bytes".into()));
        }
        Ok(Model { mean, istd, nets })
    }
}

struct Reader<'a> {
    b: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], InkError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.b.len());
        let end = end.ok_or_else(|| InkError::Model("truncated".into()))?;
        let s = &self.b[self.at..end];
        self.at = end;
        Ok(s)
    }
    fn u32(&mut self) -> Result<u32, InkError> {
        let s = self.take(4)?;
        Ok(u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
    }
    fn f32(&mut self) -> Result<f32, InkError> {
        Ok(f32::from_bits(self.u32()?))
    }
    fn f32s(&mut self, n: usize) -> Result<Vec<f32>, InkError> {
        let s = self.take(n.checked_mul(4).ok_or_else(|| InkError::Model("size overflow".into()))?)?;
        Ok(s.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_model_loads() {
        let m = embedded().unwrap();
        assert!(!m.nets.is_empty());
        assert_eq!(m.mean.len(), FEATURE_LEN);
    }

    #[test]
    fn round_trip_and_corruption() {
        let m = embedded().unwrap();
        let bytes = m.to_bytes();
        assert_eq!(Model::from_bytes(&bytes).unwrap().nets.len(), m.nets.len());
        for cut in [0, 3, 8, 100, bytes.len() / 2, bytes.len() - 1] {
            assert!(Model::from_bytes(&bytes[..cut]).is_err());
        }
        let mut extra = bytes.clone();
        extra.push(0);
        assert!(Model::from_bytes(&extra).is_err());
    }
}
