//! The simple baseline: 1-nearest-neighbour on arc-length resampled points (x, y only,
//! squared Euclidean distance), with templates taken from a training file at run time.
//! It is not used by the app; it shows what the trained model gains.

use super::features::{normalize, resample};
use super::{class_index, InkError, Sample, CLASSES};

/// Points per template.
pub const POINTS: usize = 32;

/// The resampled-point vector of a sample, `None` for a dot.
pub fn embed(strokes: &[super::Stroke]) -> Result<Option<Vec<f32>>, InkError> {
    let Some(n) = normalize(strokes)? else { return Ok(None) };
    Ok(Some(resample(&n.strokes, POINTS).iter().flat_map(|p| [p.x, p.y]).collect()))
}

/// Templates: one flat vector per usable training sample, with its class index.
pub struct NearestNeighbour {
    vecs: Vec<f32>,
    labels: Vec<usize>,
}

impl NearestNeighbour {
    /// Builds from samples; unlabeled, unknown-label and degenerate samples are skipped.
    pub fn new(samples: &[Sample]) -> Self {
        let mut vecs = Vec::new();
        let mut labels = Vec::new();
        for s in samples {
            let Some(c) = s.label_char().and_then(class_index) else { continue };
            if let Ok(Some(v)) = embed(&s.strokes) {
                vecs.extend_from_slice(&v);
                labels.push(c);
            }
        }
        NearestNeighbour { vecs, labels }
    }

    pub fn len(&self) -> usize {
        self.labels.len()
    }

    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }

    /// The label of the nearest template whose label is in `legal`.
    pub fn classify(&self, strokes: &[super::Stroke], legal: &[char]) -> Result<Option<char>, InkError> {
        let Some(q) = embed(strokes)? else { return Ok(None) };
        let mut ok = [false; CLASSES.len()];
        for &c in legal {
            ok[class_index(c).ok_or(InkError::UnknownSymbol(c))?] = true;
        }
        let d = POINTS * 2;
        let mut best = (f32::MAX, None);
        for (i, &l) in self.labels.iter().enumerate() {
            if !ok[l] {
                continue;
            }
            let t = &self.vecs[i * d..(i + 1) * d];
            let dist: f32 = t.iter().zip(&q).map(|(a, b)| (a - b) * (a - b)).sum();
            if dist < best.0 {
                best = (dist, Some(CLASSES[l]));
            }
        }
        Ok(best.1)
    }
}
