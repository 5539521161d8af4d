//! The classifier: an ensemble of small MLPs (ReLU hidden layers, softmax output over
//! [`CLASSES`](super::CLASSES)) over standardised [`features`](super::features).
//!
//! Optionally also small CNNs over a rendered image of the ink ([`cnn`](super::cnn)); the
//! ensemble's probabilities are then `(1 - w)` × the MLPs' mean + `w` × the CNNs' mean.
//!
//! Weights are embedded from `model.bin` (written by `examples/train_ink.rs`). Format, all
//! little-endian: `b"INKM"`, u32 version (2; 1 is read too: no CNN part), u32 feature length
//! F, F f32 means, F f32 inverse standard deviations, u32 net count; per net: u32 layer count;
//! per layer: u32 inputs, u32 outputs, then per output row one f32 scale and `inputs` i8
//! weights (weight = q * scale), then `outputs` f32 biases. Version 2 goes on with u32 CNN
//! count; per CNN: u32 side, u32 channels, u32 convolution count; per convolution: u32 cin,
//! u32 cout, u32 k, then per filter one f32 scale and `cin * k * k` i8 weights, then `cout` f32
//! biases; u32 dense layer count and the layers as above; and last the f32 CNN weight `w`.

use std::sync::OnceLock;

use super::cnn::{self, Cnn, Conv};
use super::features::{self, Normalized, FEATURE_LEN};
use super::{InkError, Stroke, CLASSES};

// The layer maths lives in the `nn` leaf; its names stay reachable here, where they were.
pub use super::nn::{dot, softmax, Layer};

const MAGIC: &[u8; 4] = b"INKM";
const VERSION: u32 = 2;

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
    /// rendered image ([`cnn::render`]; without it only the MLPs are used). The CNNs' last
    /// hidden layers join the embedding, every member with the same share of it, so that the
    /// player's samples are compared by what the whole ensemble sees.
    pub fn run_inputs(&self, feats: &[f32], image: Option<&[f32]>) -> Output {
        let image = image.filter(|_| !self.cnns.is_empty());
        let members = self.nets.len() + image.map_or(0, |_| self.cnns.len());
        let mut out = self.mlps(feats, members);
        if let Some(img) = image {
            let (c, hidden) = self.cnns_run(img);
            out.embedding.extend(hidden.iter().flat_map(|h| unit_part(h, members)));
            let w = self.cnn_weight;
            out.probs.iter_mut().zip(&c).for_each(|(a, b)| *a = (1.0 - w) * *a + w * b);
        }
        out
    }

    /// Mean of the CNNs' softmax outputs for a rendered image.
    pub fn cnn_probabilities(&self, image: &[f32]) -> Vec<f32> {
        self.cnns_run(image).0
    }

    /// The CNNs' mean softmax output and each CNN's last hidden layer.
    fn cnns_run(&self, image: &[f32]) -> (Vec<f32>, Vec<Vec<f32>>) {
        let mut p = vec![0.0f32; CLASSES.len()];
        let mut hidden = Vec::with_capacity(self.cnns.len());
        for net in &self.cnns {
            let (mut l, h) = net.logits_and_hidden(image);
            softmax(&mut l);
            p.iter_mut().zip(&l).for_each(|(a, b)| *a += b);
            hidden.push(h);
        }
        let k = self.cnns.len().max(1) as f32;
        p.iter_mut().for_each(|a| *a /= k);
        (p, hidden)
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

    /// Serialises with i8 weights (one scale per row).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut o = Vec::new();
        o.extend_from_slice(MAGIC);
        o.extend_from_slice(&VERSION.to_le_bytes());
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
        o
    }

    /// Parses [`Model::to_bytes`] output, checking every size against the data left.
    pub fn from_bytes(bytes: &[u8]) -> Result<Model, InkError> {
        let mut r = Reader { b: bytes, at: 0 };
        if r.take(4)? != MAGIC {
            return Err(InkError::Model("bad magic".into()));
        }
        let v = r.u32()?;
        if v != VERSION && v != 1 {
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
            cnn_weight = r.f32()?;
            if !(0.0..=1.0).contains(&cnn_weight) {
                return Err(InkError::Model(format!("CNN weight {cnn_weight}")));
            }
        }
        if nets.is_empty() || r.at != bytes.len() {
            return Err(InkError::Model("no nets, or trailing bytes".into()));
        }
        Ok(Model { mean, istd, nets, cnns, cnn_weight })
    }
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
        }
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
        v1[4..8].copy_from_slice(&3u32.to_le_bytes());
        assert!(Model::from_bytes(&v1).is_err());
    }
}
