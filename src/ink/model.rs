//! The classifier: an ensemble of small MLPs (ReLU hidden layers, softmax output over
//! [`CLASSES`](super::CLASSES)) over standardised [`features`](super::features).
//!
//! Optionally also small CNNs over a rendered image of the ink ([`cnn`](super::cnn)); the
//! ensemble's probabilities are then `(1 - w)` × the MLPs' mean + `w` × the CNNs' mean. And
//! optionally temporal convolution nets over the resampled trajectory ([`seq`](super::seq)),
//! mixed into that with their own weight.
//!
//! Weights are embedded from `model.bin` (written by `examples/train_ink.rs`). Format, all
//! little-endian: `b"INKM"`, u32 version (2; 1 is read too: no CNN part), u32 feature length
//! F, F f32 means, F f32 inverse standard deviations, u32 net count; per net: u32 layer count;
//! per layer: u32 inputs, u32 outputs, then per output row one f32 scale and `inputs` i8
//! weights (weight = q * scale), then `outputs` f32 biases. Version 2 goes on with u32 CNN
//! count; per CNN: u32 side, u32 channels, u32 convolution count; per convolution: u32 cin,
//! u32 cout, u32 k, then per filter one f32 scale and `cin * k * k` i8 weights, then `cout` f32
//! biases; u32 dense layer count and the layers as above; and last the f32 CNN weight `w`.
//! Version 3 goes on with the sequence members ([`seq`](super::seq)): u32 count; per member:
//! u32 length, u32 channels, u32 convolution count; per convolution: u32 cin, u32 cout, u32 k,
//! then per filter one f32 scale and `k * cin` i8 weights, then `cout` f32 biases; u32 dense
//! layer count and the layers as above; and last their f32 weight `s`: the probabilities are
//! then `(1 - s)` × the MLP/CNN mix + `s` × the sequence members' mean. A model without
//! sequence members is written as version 2 (byte for byte what it was).

use std::sync::OnceLock;

use super::cnn::{self, Cnn, Conv};
use super::features::{self, Normalized, FEATURE_LEN, PER_POINT, SEQ_POINTS};
use super::seq::{self, Conv1, SeqNet};
use super::{InkError, Stroke, CLASSES};

const MAGIC: &[u8; 4] = b"INKM";
const VERSION: u32 = 3;

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

/// `y += a x`.
#[inline]
pub(crate) fn axpy(y: &mut [f32], a: f32, x: &[f32]) {
    y.iter_mut().zip(x).for_each(|(y, x)| *y += a * x);
}

/// Softmax cross-entropy against the label smoothed by `smoothing`: (loss, whether the
/// arg-max is the label, gradient of the loss by the logits).
pub(crate) fn softmax_xent(logits: &[f32], label: usize, smoothing: f32) -> (f32, bool, Vec<f32>) {
    let mut p = logits.to_vec();
    softmax(&mut p);
    let k = p.len() as f32;
    let target = |i: usize| if i == label { 1.0 - smoothing } else { 0.0 } + smoothing / k;
    let loss = -p.iter().enumerate().map(|(i, &pi)| target(i) * pi.max(1e-12).ln()).sum::<f32>();
    let best = p.iter().enumerate().fold((0, f32::MIN), |a, (i, &v)| if v > a.1 { (i, v) } else { a }).0;
    let g = p.iter().enumerate().map(|(i, &pi)| pi - target(i)).collect();
    (loss, best == label, g)
}

/// Backward pass through dense layers (ReLU between them, none after the last) whose inputs
/// were `acts[i]` (`acts[layers.len()]` being the logits), from `g`, the gradient by the
/// logits: adds to `grads` (w, b per layer) and returns the gradient by `acts[0]` (not
/// through any ReLU before it).
pub(crate) fn dense_backward(layers: &[Layer], acts: &[Vec<f32>], mut g: Vec<f32>, grads: &mut [Vec<f32>]) -> Vec<f32> {
    for li in (0..layers.len()).rev() {
        let l = &layers[li];
        let input = &acts[li];
        let (gw, rest) = grads[2 * li..].split_at_mut(1);
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
    g
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
    /// Every MLP's last hidden layer, each scaled to unit length, end to end: a space where
    /// samples of one symbol lie close together (the player's adaptation compares in it).
    pub embedding: Vec<f32>,
}

/// Input standardisation plus the ensemble.
#[derive(Debug, Clone, PartialEq)]
pub struct Model {
    pub mean: Vec<f32>,
    pub istd: Vec<f32>,
    pub nets: Vec<Mlp>,
    /// Convolutional members (may be none).
    pub cnns: Vec<Cnn>,
    /// Share of the CNNs' mean in the probabilities, in [0, 1] (unused without CNNs).
    pub cnn_weight: f32,
    /// Sequence members (may be none).
    pub seqs: Vec<SeqNet>,
    /// Share of the sequence members' mean in the probabilities, in [0, 1] (unused without
    /// them).
    pub seq_weight: f32,
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

    /// Probabilities and embedding of normalised ink.
    pub fn run(&self, n: &Normalized) -> Output {
        let image = if self.cnns.is_empty() { None } else { Some(cnn::render(&n.strokes)) };
        self.run_inputs(&features::from_normalized(n), image.as_deref())
    }

    /// [`Model::run`] of raw strokes: `Ok(None)` for a dot.
    pub fn run_strokes(&self, strokes: &[Stroke]) -> Result<Option<Output>, InkError> {
        Ok(features::normalize(strokes)?.map(|n| self.run(&n)))
    }

    /// Probabilities and embedding from a raw feature vector and, if the model has CNNs, the
    /// rendered image ([`cnn::render`]; without it the CNNs are left out). The sequence
    /// members read the feature vector's sequence part. The CNNs' and sequence members' last
    /// hidden layers join the embedding, every member with the same share of it, so that the
    /// player's samples are compared by what the whole ensemble sees.
    pub fn run_inputs(&self, feats: &[f32], image: Option<&[f32]>) -> Output {
        let image = image.filter(|_| !self.cnns.is_empty());
        let members = self.nets.len() + image.map_or(0, |_| self.cnns.len()) + self.seqs.len();
        let mut out = self.mlps(feats, members);
        if let Some(img) = image {
            let (c, hidden) = self.cnns_run(img);
            out.embedding.extend(hidden.iter().flat_map(|h| unit_part(h, members)));
            mix(&mut out.probs, &c, self.cnn_weight);
        }
        if !self.seqs.is_empty() {
            let (q, hidden) = self.seqs_run(feats);
            out.embedding.extend(hidden.iter().flat_map(|h| unit_part(h, members)));
            mix(&mut out.probs, &q, self.seq_weight);
        }
        out
    }

    /// Mean of the CNNs' softmax outputs for a rendered image.
    pub fn cnn_probabilities(&self, image: &[f32]) -> Vec<f32> {
        self.cnns_run(image).0
    }

    /// Mean of the sequence members' softmax outputs for a raw feature vector.
    pub fn seq_probabilities(&self, feats: &[f32]) -> Vec<f32> {
        self.seqs_run(feats).0
    }

    /// The CNNs' mean softmax output and each CNN's last hidden layer.
    fn cnns_run(&self, image: &[f32]) -> (Vec<f32>, Vec<Vec<f32>>) {
        mean_of(self.cnns.iter().map(|net| net.logits_and_hidden(image)))
    }

    /// The sequence members' mean softmax output and each one's last hidden layer.
    fn seqs_run(&self, feats: &[f32]) -> (Vec<f32>, Vec<Vec<f32>>) {
        let x = &feats[..SEQ_POINTS * PER_POINT];
        mean_of(self.seqs.iter().map(|net| net.logits_and_hidden(x)))
    }

    /// The MLPs' mean probabilities and their embedding.
    pub fn run_mlps(&self, feats: &[f32]) -> Output {
        self.mlps(feats, self.nets.len())
    }

    /// The MLPs' mean probabilities, and their embedding parts as `members` members' shares.
    fn mlps(&self, feats: &[f32], members: usize) -> Output {
        let x = self.standardize(feats);
        let mut p = vec![0.0f32; CLASSES.len()];
        let mut embedding = Vec::new();
        for net in &self.nets {
            let (mut l, h) = net.logits_and_hidden(&x);
            softmax(&mut l);
            p.iter_mut().zip(&l).for_each(|(a, b)| *a += b);
            embedding.extend(unit_part(&h, members));
        }
        let k = self.nets.len().max(1) as f32;
        p.iter_mut().for_each(|a| *a /= k);
        Output { probs: p, embedding }
    }

    /// Serialises with i8 weights (one scale per row); version 2 when there are no sequence
    /// members.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut o = Vec::new();
        o.extend_from_slice(MAGIC);
        let version = if self.seqs.is_empty() { 2u32 } else { VERSION };
        o.extend_from_slice(&version.to_le_bytes());
        o.extend_from_slice(&(self.mean.len() as u32).to_le_bytes());
        for v in self.mean.iter().chain(&self.istd) {
            o.extend_from_slice(&v.to_le_bytes());
        }
        let u32s = |o: &mut Vec<u8>, vs: &[usize]| vs.iter().for_each(|&v| o.extend_from_slice(&(v as u32).to_le_bytes()));
        u32s(&mut o, &[self.nets.len()]);
        for net in &self.nets {
            write_layers(&mut o, &net.layers);
        }
        u32s(&mut o, &[self.cnns.len()]);
        for c in &self.cnns {
            u32s(&mut o, &[c.side, c.channels, c.convs.len()]);
            for conv in &c.convs {
                u32s(&mut o, &[conv.cin, conv.cout, conv.k]);
                write_rows(&mut o, &conv.w, conv.row_len(), &conv.b);
            }
            write_layers(&mut o, &c.dense);
        }
        o.extend_from_slice(&self.cnn_weight.to_le_bytes());
        if !self.seqs.is_empty() {
            u32s(&mut o, &[self.seqs.len()]);
            for s in &self.seqs {
                u32s(&mut o, &[s.len, s.channels, s.convs.len()]);
                for conv in &s.convs {
                    u32s(&mut o, &[conv.cin, conv.cout, conv.k]);
                    write_rows(&mut o, &conv.w, conv.row_len(), &conv.b);
                }
                write_layers(&mut o, &s.dense);
            }
            o.extend_from_slice(&self.seq_weight.to_le_bytes());
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
        if !(1..=VERSION).contains(&v) {
            return Err(InkError::Model(format!("version {v}, expected {VERSION}")));
        }
        let f = r.u32()? as usize;
        if f != FEATURE_LEN {
            return Err(InkError::Model(format!("{f} features, this build computes {FEATURE_LEN}")));
        }
        let mean = r.f32s(f)?;
        let istd = r.f32s(f)?;
        let n_nets = r.u32()? as usize;
        if n_nets > 64 {
            return Err(InkError::Model(format!("{n_nets} nets")));
        }
        let mut nets = Vec::new();
        for _ in 0..n_nets {
            let layers = r.layers(f)?;
            if layers.last().map(|l| l.outputs) != Some(CLASSES.len()) {
                return Err(InkError::Model("the last layer must have one output per class".into()));
            }
            nets.push(Mlp { layers });
        }
        let (mut cnns, mut cnn_weight) = (Vec::new(), 0.0);
        if v >= 2 {
            let n_cnns = r.u32()? as usize;
            if n_cnns > 16 {
                return Err(InkError::Model(format!("{n_cnns} CNNs")));
            }
            for _ in 0..n_cnns {
                cnns.push(r.cnn()?);
            }
            cnn_weight = r.weight("CNN")?;
        }
        let (mut seqs, mut seq_weight) = (Vec::new(), 0.0);
        if v >= 3 {
            let n_seqs = r.u32()? as usize;
            if n_seqs == 0 || n_seqs > 16 {
                return Err(InkError::Model(format!("{n_seqs} sequence members")));
            }
            for _ in 0..n_seqs {
                seqs.push(r.seq()?);
            }
            seq_weight = r.weight("sequence")?;
        }
        if nets.is_empty() || r.at != bytes.len() {
            return Err(InkError::Model("no nets, or trailing bytes".into()));
        }
        Ok(Model { mean, istd, nets, cnns, cnn_weight, seqs, seq_weight })
    }
}

/// `p = (1 - w) p + w q`.
fn mix(p: &mut [f32], q: &[f32], w: f32) {
    p.iter_mut().zip(q).for_each(|(a, b)| *a = (1.0 - w) * *a + w * b);
}

/// The mean softmax of members' (logits, last hidden layer), and the hidden layers.
fn mean_of(members: impl ExactSizeIterator<Item = (Vec<f32>, Vec<f32>)>) -> (Vec<f32>, Vec<Vec<f32>>) {
    let k = members.len().max(1) as f32;
    let mut p = vec![0.0f32; CLASSES.len()];
    let mut hidden = Vec::with_capacity(members.len());
    for (mut l, h) in members {
        softmax(&mut l);
        p.iter_mut().zip(&l).for_each(|(a, b)| *a += b);
        hidden.push(h);
    }
    p.iter_mut().for_each(|a| *a /= k);
    (p, hidden)
}

/// One member's hidden layer scaled to length 1/√members: each member weighs the same in the
/// embedding's distances, whatever its activations' scale.
fn unit_part(h: &[f32], members: usize) -> impl Iterator<Item = f32> + '_ {
    let norm = (h.iter().map(|v| v * v).sum::<f32>() * members.max(1) as f32).sqrt().max(1e-12);
    h.iter().map(move |v| v / norm)
}

/// Rows of `w` (each `row` long) as one f32 scale + i8 weights, then the f32 biases.
fn write_rows(o: &mut Vec<u8>, w: &[f32], row: usize, b: &[f32]) {
    for row in w.chunks(row) {
        let max = row.iter().fold(0.0f32, |m, v| m.max(v.abs()));
        let scale = if max > 0.0 { max / 127.0 } else { 1.0 };
        o.extend_from_slice(&scale.to_le_bytes());
        o.extend(row.iter().map(|v| (v / scale).round().clamp(-127.0, 127.0) as i8 as u8));
    }
    for v in b {
        o.extend_from_slice(&v.to_le_bytes());
    }
}

/// u32 layer count, then per layer u32 inputs, u32 outputs and [`write_rows`].
fn write_layers(o: &mut Vec<u8>, layers: &[Layer]) {
    o.extend_from_slice(&(layers.len() as u32).to_le_bytes());
    for l in layers {
        o.extend_from_slice(&(l.inputs as u32).to_le_bytes());
        o.extend_from_slice(&(l.outputs as u32).to_le_bytes());
        write_rows(o, &l.w, l.inputs, &l.b);
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
    /// A mixing weight, in [0, 1].
    fn weight(&mut self, what: &str) -> Result<f32, InkError> {
        let w = self.f32()?;
        if !(0.0..=1.0).contains(&w) {
            return Err(InkError::Model(format!("{what} weight {w}")));
        }
        Ok(w)
    }
    fn f32s(&mut self, n: usize) -> Result<Vec<f32>, InkError> {
        let s = self.take(n.checked_mul(4).ok_or_else(|| InkError::Model("size overflow".into()))?)?;
        Ok(s.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect())
    }
    /// `rows` rows of `len` i8 weights with their scales, then `rows` biases. Each row is read
    /// before the next is allocated, so a lying size fails on the data, not on memory.
    fn rows(&mut self, rows: usize, len: usize) -> Result<(Vec<f32>, Vec<f32>), InkError> {
        let mut w = Vec::new();
        for _ in 0..rows {
            let scale = self.f32()?;
            w.extend(self.take(len)?.iter().map(|&q| q as i8 as f32 * scale));
        }
        Ok((w, self.f32s(rows)?))
    }
    /// A layer count and dense layers, the first taking `inputs` values, each the next's input.
    fn layers(&mut self, inputs: usize) -> Result<Vec<Layer>, InkError> {
        let n = self.u32()? as usize;
        if n == 0 || n > 16 {
            return Err(InkError::Model(format!("{n} layers")));
        }
        let mut layers = Vec::new();
        let mut expect = inputs;
        for _ in 0..n {
            let (inputs, outputs) = (self.u32()? as usize, self.u32()? as usize);
            if inputs != expect || inputs == 0 || outputs == 0 {
                return Err(InkError::Model("layer sizes do not chain".into()));
            }
            let (w, b) = self.rows(outputs, inputs)?;
            layers.push(Layer { inputs, outputs, w, b });
            expect = outputs;
        }
        Ok(layers)
    }
    /// One CNN: it must read the image this build renders, and its layers must chain.
    fn cnn(&mut self) -> Result<Cnn, InkError> {
        let (side, channels, n) = (self.u32()? as usize, self.u32()? as usize, self.u32()? as usize);
        if side != cnn::SIDE || channels != cnn::CHANNELS || n > 8 {
            return Err(InkError::Model(format!("a CNN on {channels} planes of {side}² with {n} convolutions")));
        }
        let mut convs = Vec::new();
        for _ in 0..n {
            let (cin, cout, k) = (self.u32()? as usize, self.u32()? as usize, self.u32()? as usize);
            if cin == 0 || cin > 1024 || cout == 0 || cout > 1024 || k % 2 == 0 || k > 15 {
                return Err(InkError::Model(format!("convolution {cin} → {cout}, {k}x{k}")));
            }
            let (w, b) = self.rows(cout, cin * k * k)?;
            convs.push(Conv { cin, cout, k, w, b });
        }
        let mut net = Cnn { side, channels, convs, dense: Vec::new() };
        net.dense = self.layers(net.flat_len())?;
        net.check(CLASSES.len()).map_err(InkError::Model)?;
        Ok(net)
    }
    /// One sequence member: it must read the sequence this build computes, and chain.
    fn seq(&mut self) -> Result<SeqNet, InkError> {
        let (len, channels, n) = (self.u32()? as usize, self.u32()? as usize, self.u32()? as usize);
        if len != seq::LEN || channels != seq::CHANNELS || n == 0 || n > 8 {
            return Err(InkError::Model(format!("a sequence net on {len} points of {channels} with {n} convolutions")));
        }
        let mut convs = Vec::new();
        for _ in 0..n {
            let (cin, cout, k) = (self.u32()? as usize, self.u32()? as usize, self.u32()? as usize);
            if cin == 0 || cin > 1024 || cout == 0 || cout > 1024 || k % 2 == 0 || k > 15 {
                return Err(InkError::Model(format!("convolution {cin} → {cout}, width {k}")));
            }
            let (w, b) = self.rows(cout, cin * k)?;
            convs.push(Conv1 { cin, cout, k, w, b });
        }
        let mut net = SeqNet { len, channels, convs, dense: Vec::new() };
        net.dense = self.layers(net.flat_len())?;
        net.check(CLASSES.len()).map_err(InkError::Model)?;
        Ok(net)
    }
}

/// Shared by the members' gradient tests.
#[cfg(test)]
pub(crate) mod gradcheck {
    use super::softmax;

    /// Smoothed cross-entropy of `logits` in f64 (what the backward passes differentiate).
    pub fn xent(mut logits: Vec<f32>, label: usize, smoothing: f32) -> f64 {
        softmax(&mut logits);
        let k = logits.len() as f64;
        let t = |i: usize| if i == label { 1.0 - smoothing as f64 } else { 0.0 } + smoothing as f64 / k;
        logits.iter().enumerate().map(|(i, &p)| -t(i) * (p as f64).max(1e-12).ln()).sum()
    }

    /// Asserts that every analytic gradient in `grads` (blocks laid out as `params(net)`)
    /// matches central finite differences of `loss`, within 5% relative; returns how many
    /// were non-zero.
    pub fn check<N>(
        net: &mut N,
        params: impl Fn(&mut N) -> Vec<&mut Vec<f32>>,
        loss: impl Fn(&N) -> f64,
        grads: &[Vec<f32>],
    ) -> usize {
        let eps = 1e-3f32;
        let (mut checked, mut nonzero) = (0, 0);
        for (bi, block) in grads.iter().enumerate() {
            for (j, &ana) in block.iter().enumerate() {
                let orig = params(net)[bi][j];
                params(net)[bi][j] = orig + eps;
                let up = loss(net);
                params(net)[bi][j] = orig - eps;
                let down = loss(net);
                params(net)[bi][j] = orig;
                let num = (up - down) / (2.0 * eps as f64);
                let ana = ana as f64;
                let err = (num - ana).abs() / (num.abs() + ana.abs()).max(1e-2);
                assert!(err < 0.05, "block {bi} index {j}: numeric {num} analytic {ana}");
                checked += 1;
                nonzero += (ana.abs() > 1e-6) as usize;
            }
        }
        assert_eq!(checked, params(net).iter().map(|p| p.len()).sum::<usize>());
        nonzero
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

    /// A model with one MLP and one small CNN (on the real image size), weights from a formula.
    fn with_cnn() -> Model {
        let f = |n: usize, k: usize| (0..n).map(|i| ((i * 7 + k) % 13) as f32 / 13.0 - 0.45).collect::<Vec<f32>>();
        let layer = |i: usize, o: usize| Layer { inputs: i, outputs: o, w: f(i * o, i), b: f(o, o) };
        let conv = Conv { cin: cnn::CHANNELS, cout: 2, k: 3, w: f(2 * cnn::CHANNELS * 9, 1), b: vec![0.1, -0.1] };
        let flat = 2 * (cnn::SIDE / 2) * (cnn::SIDE / 2);
        let c = Cnn { side: cnn::SIDE, channels: cnn::CHANNELS, convs: vec![conv], dense: vec![layer(flat, 4), layer(4, 17)] };
        Model {
            mean: f(FEATURE_LEN, 2),
            istd: vec![1.0; FEATURE_LEN],
            nets: vec![Mlp { layers: vec![layer(FEATURE_LEN, 3), layer(3, 17)] }],
            cnns: vec![c],
            cnn_weight: 0.25,
            seqs: Vec::new(),
            seq_weight: 0.0,
        }
    }

    /// [`with_cnn`] plus one small sequence net (on the real sequence size), mixed at 0.4.
    fn with_seq() -> Model {
        let f = |n: usize, k: usize| (0..n).map(|i| ((i * 5 + k) % 11) as f32 / 11.0 - 0.45).collect::<Vec<f32>>();
        let layer = |i: usize, o: usize| Layer { inputs: i, outputs: o, w: f(i * o, i), b: f(o, o) };
        let c1 = Conv1 { cin: seq::CHANNELS, cout: 3, k: 5, w: f(3 * seq::CHANNELS * 5, 1), b: vec![0.1, -0.1, 0.0] };
        let c2 = Conv1 { cin: 3, cout: 2, k: 3, w: f(2 * 3 * 3, 2), b: vec![0.05, 0.0] };
        let s = SeqNet { len: seq::LEN, channels: seq::CHANNELS, convs: vec![c1, c2], dense: vec![layer(4, 5), layer(5, 17)] };
        Model { seqs: vec![s], seq_weight: 0.4, ..with_cnn() }
    }

    #[test]
    fn seq_members_round_trip_mix_and_every_damage_is_an_error() {
        let m = with_seq();
        let bytes = m.to_bytes();
        assert_eq!(&bytes[4..8], &3u32.to_le_bytes());
        let back = Model::from_bytes(&bytes).unwrap();
        assert_eq!((back.seqs.len(), back.seq_weight, back.cnn_weight), (1, 0.4, 0.25));
        for (a, b) in back.seqs[0].convs[0].w.iter().zip(&m.seqs[0].convs[0].w) {
            assert!((a - b).abs() <= 0.55 / 127.0 + 1e-6, "{a} vs {b}");
        }
        // Without sequence members the file is version 2, byte for byte the MLP/CNN part.
        let v2 = Model { seqs: Vec::new(), ..m.clone() }.to_bytes();
        assert_eq!(&v2[4..8], &2u32.to_le_bytes());
        assert_eq!(&v2[8..], &bytes[8..v2.len()]);
        // The mix: (1 - 0.4) × the MLP/CNN mix + 0.4 × the sequence net.
        let strokes = vec![Stroke::from_xy(&[[0.0, 0.0], [10.0, 0.0], [4.0, 15.0]]), Stroke::from_xy(&[[2.0, 8.0], [8.0, 8.0]])];
        let n = features::normalize(&strokes).unwrap().unwrap();
        let (feats, img) = (features::from_normalized(&n), cnn::render(&n.strokes));
        let without = Model { seqs: Vec::new(), ..back.clone() }.run_inputs(&feats, Some(&img));
        let q = back.seq_probabilities(&feats);
        let out = back.run(&n);
        for ((p, a), b) in out.probs.iter().zip(&without.probs).zip(&q) {
            assert!((p - (0.6 * a + 0.4 * b)).abs() < 1e-6);
        }
        assert!((out.probs.iter().sum::<f32>() - 1.0).abs() < 1e-5);
        // The sequence net's hidden layer (5) joins the embedding, each of 3 members at 1/√3.
        assert_eq!(out.embedding.len(), without.embedding.len() + 5);
        let part = |e: &[f32]| e.iter().map(|v| v * v).sum::<f32>();
        assert!((part(&out.embedding[out.embedding.len() - 5..]) - 1.0 / 3.0).abs() < 1e-4);
        // Every truncation inside the sequence part, and a trailing byte.
        for cut in (0..bytes.len()).step_by(89).chain(v2.len()..bytes.len()) {
            assert!(Model::from_bytes(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        let mut extra = bytes.clone();
        extra.push(0);
        assert!(Model::from_bytes(&extra).is_err());
        // Corrupted header fields: count, length, channels, convolution count, cin, cout, k;
        // then the second convolution's cin (does not chain) and the first dense layer's inputs.
        let at = v2.len(); // u32 count, len, channels, convolutions, cin, cout, k
        let conv2 = at + 28 + 3 * (4 + 5 * seq::CHANNELS) + 3 * 4;
        let dense = conv2 + 12 + 2 * (4 + 9) + 2 * 4 + 4;
        for (pos, value) in [
            (at, 0u32),
            (at, 17),
            (at, 2),
            (at + 4, 64),
            (at + 8, 4),
            (at + 12, 0),
            (at + 12, 9),
            (at + 16, 4),
            (at + 20, 0),
            (at + 20, u32::MAX),
            (at + 24, 4),
            (conv2, 4),
            (dense, 6),
        ] {
            let mut bad = bytes.clone();
            bad[pos..pos + 4].copy_from_slice(&value.to_le_bytes());
            assert!(Model::from_bytes(&bad).is_err(), "field at {pos} = {value}");
        }
        for w in [f32::NAN, -0.1, 1.5] {
            let mut bad = bytes.clone();
            let end = bad.len();
            bad[end - 4..].copy_from_slice(&w.to_le_bytes());
            assert!(Model::from_bytes(&bad).is_err(), "weight {w}");
        }
        // A version 3 header on a file without the sequence part is an error, as is version 4.
        let mut v3 = v2.clone();
        v3[4..8].copy_from_slice(&3u32.to_le_bytes());
        assert!(Model::from_bytes(&v3).is_err());
        let mut v4 = bytes.clone();
        v4[4..8].copy_from_slice(&4u32.to_le_bytes());
        assert!(Model::from_bytes(&v4).is_err());
    }

    #[test]
    fn cnn_members_round_trip_and_every_damage_is_an_error() {
        let m = with_cnn();
        let bytes = m.to_bytes();
        let back = Model::from_bytes(&bytes).unwrap();
        assert_eq!((back.cnns.len(), back.cnn_weight), (1, 0.25));
        // i8 weights: within half a step of each row's scale.
        for (a, b) in back.cnns[0].convs[0].w.iter().zip(&m.cnns[0].convs[0].w) {
            assert!((a - b).abs() <= 0.55 / 127.0 + 1e-6, "{a} vs {b}");
        }
        // The mix: w = 0 is the MLPs alone, w = 1 the CNN alone, in between linear.
        let strokes = vec![Stroke::from_xy(&[[0.0, 0.0], [10.0, 0.0], [4.0, 15.0]])];
        let n = features::normalize(&strokes).unwrap().unwrap();
        let (feats, img) = (features::from_normalized(&n), cnn::render(&n.strokes));
        let mlp = back.run_mlps(&feats).probs;
        let cnn_p = back.cnn_probabilities(&img);
        let mixed = back.run(&n).probs;
        for i in 0..CLASSES.len() {
            assert!((mixed[i] - (0.75 * mlp[i] + 0.25 * cnn_p[i])).abs() < 1e-6);
        }
        assert!((mixed.iter().sum::<f32>() - 1.0).abs() < 1e-5);
        // Every truncation inside the CNN part (and a sample elsewhere), and a trailing byte.
        // Where the CNN count starts: the MLP-only file ends with that count (0) and the weight.
        let mlp_only = Model { cnns: Vec::new(), ..m.clone() }.to_bytes().len() - 8;
        for cut in (0..bytes.len()).step_by(97).chain(mlp_only..bytes.len()) {
            assert!(Model::from_bytes(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        let mut extra = bytes.clone();
        extra.push(0);
        assert!(Model::from_bytes(&extra).is_err());
        // Corrupted header fields of the CNN part: counts, image size, kernel, layer sizes, weight.
        let at = mlp_only; // u32 CNN count, then side, channels, convolution count, cin, cout, k
        for (offset, value) in [(0, 17u32), (0, 2), (4, 28), (8, 4), (12, 9), (12, 0), (16, 4), (20, 0), (20, u32::MAX), (24, 4)] {
            let mut bad = bytes.clone();
            bad[at + offset..at + offset + 4].copy_from_slice(&value.to_le_bytes());
            assert!(Model::from_bytes(&bad).is_err(), "field at +{offset} = {value}");
        }
        for w in [f32::NAN, -0.1, 1.5] {
            let mut bad = bytes.clone();
            let end = bad.len();
            bad[end - 4..].copy_from_slice(&w.to_le_bytes());
            assert!(Model::from_bytes(&bad).is_err(), "weight {w}");
        }
        // Version 1 files (MLPs only) still load; an unknown version does not.
        let mut v1 = Model { cnns: Vec::new(), ..m.clone() }.to_bytes();
        v1.truncate(v1.len() - 8);
        v1[4..8].copy_from_slice(&1u32.to_le_bytes());
        let old = Model::from_bytes(&v1).unwrap();
        assert!(old.cnns.is_empty() && old.nets.len() == 1);
        v1[4..8].copy_from_slice(&4u32.to_le_bytes());
        assert!(Model::from_bytes(&v1).is_err());
    }
}
