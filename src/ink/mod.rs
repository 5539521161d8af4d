//! Strokes and points, normalisation, the handwriting recogniser and gestures.
//!
//! - [`recognize`]: strokes + legal symbols → ranked candidates or a rejection.
//! - [`gesture::classify`]: tap / scratch-out / writing, given the cell size.
//! - [`features`]: normalisation (bounding box, arc-length resampling) and the feature vector.
//! - [`cnn`]: the rendered image of the ink and the small convolutional network reading it.
//! - [`model`]: the ensemble (MLPs, CNNs) and its embedded weights (`model.bin`, trained by
//!   `examples/train_ink.rs`, see `docs/recogniser.md`).
//! - [`adapt`]: the player's own samples (corrections, calibration), stored on the device,
//!   pulling the answer toward how this player writes.
//! - [`augment`]: distortions of real ink, for training and for the robustness evaluation.
//! - [`baseline`]: 1-nearest-neighbour on resampled points, kept to show what the model gains.

pub mod adapt;
pub mod augment;
pub mod baseline;
pub mod cnn;
pub mod features;
pub mod gesture;
pub mod marks;
pub mod model;
pub mod nn;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Every class the model knows, in output order. Sudoku never uses `0`, but training on it
/// keeps "a zero was written" from being forced onto a legal symbol.
pub const CLASSES: [char; 17] =
    ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'A', 'B', 'C', 'D', 'E', 'F', 'G'];

/// More points than this in one symbol is not handwriting (a 10 s symbol at 240 Hz is 2,400).
pub const MAX_POINTS: usize = 100_000;
/// More strokes than this in one cell is not handwriting.
pub const MAX_STROKES: usize = 1_000;

/// One pen sample. `t` (ms) and `p` (0..1) are optional and unused by the recogniser.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "PointRepr")]
pub struct Point {
    pub x: f32,
    pub y: f32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub t: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p: Option<f32>,
}

impl Point {
    pub fn new(x: f32, y: f32) -> Self {
        Point { x, y, t: None, p: None }
    }
}

/// A point is accepted as `{"x":..,"y":..,"t"?:..,"p"?:..}` or as `[x, y]` (the data files).
#[derive(Deserialize)]
#[serde(untagged)]
enum PointRepr {
    Object { x: f32, y: f32, t: Option<f64>, p: Option<f32> },
    Array(Vec<f32>),
}

impl TryFrom<PointRepr> for Point {
    type Error = String;
    fn try_from(r: PointRepr) -> Result<Self, String> {
        match r {
            PointRepr::Object { x, y, t, p } => Ok(Point { x, y, t, p }),
            PointRepr::Array(v) if v.len() >= 2 => Ok(Point::new(v[0], v[1])),
            PointRepr::Array(v) => Err(format!("a point needs [x, y], got {} numbers", v.len())),
        }
    }
}

/// One pen-down to pen-up trace. Serialises as a plain array of points.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Stroke {
    pub points: Vec<Point>,
}

impl Stroke {
    pub fn new(points: Vec<Point>) -> Self {
        Stroke { points }
    }

    /// Builds a stroke from `[[x, y], ...]` pairs, as in the data files.
    pub fn from_xy(pairs: &[[f32; 2]]) -> Self {
        Stroke { points: pairs.iter().map(|&[x, y]| Point::new(x, y)).collect() }
    }
}

/// The bounding box `[x0, y0, x1, y1]` of some points, in f64 so that even extreme (finite) f32
/// coordinates cannot overflow its extent. Without points it is empty: `[MAX, MAX, MIN, MIN]`.
pub fn bounds(points: impl IntoIterator<Item = [f64; 2]>) -> [f64; 4] {
    let mut b = [f64::MAX, f64::MAX, f64::MIN, f64::MIN];
    for [x, y] in points {
        b = [b[0].min(x), b[1].min(y), b[2].max(x), b[3].max(y)];
    }
    b
}

/// [`bounds`] of every point of some strokes.
pub fn strokes_bounds(strokes: &[Stroke]) -> [f64; 4] {
    bounds(strokes.iter().flat_map(|s| &s.points).map(|p| [p.x as f64, p.y as f64]))
}

/// One recorded sample, in the format of `shared/data/ink/*.jsonl`. Only `strokes` is needed
/// on stdin for `inkdoku recognize`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Sample {
    #[serde(default)]
    pub label: Option<String>,
    #[serde(default)]
    pub writer: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    pub strokes: Vec<Stroke>,
}

impl Sample {
    /// The label as one character, if it has exactly one.
    pub fn label_char(&self) -> Option<char> {
        let l = self.label.as_deref()?;
        let mut it = l.chars();
        let c = it.next()?;
        it.next().is_none().then_some(c)
    }
}

/// Parses a JSON Lines file's text; blank lines are skipped. Errors name the 1-based line.
pub fn parse_jsonl(text: &str) -> Result<Vec<Sample>, InkError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let s: Sample = serde_json::from_str(line)
            .map_err(|e| InkError::Parse(format!("line {}: {e}", i + 1)))?;
        out.push(s);
    }
    Ok(out)
}

#[derive(Debug, Error, Clone, PartialEq)]
pub enum InkError {
    #[error("no ink: the strokes hold no points")]
    Empty,
    #[error("a coordinate is not a finite number")]
    NonFinite,
    #[error("too much ink: {0} points (at most {MAX_POINTS})")]
    TooManyPoints(usize),
    #[error("too many strokes: {0} (at most {MAX_STROKES})")]
    TooManyStrokes(usize),
    #[error("the legal symbol set is empty")]
    NoLegalSymbols,
    #[error("symbol {0:?} is not one the recogniser knows (0-9, A-G)")]
    UnknownSymbol(char),
    #[error("bad symbol set {0:?}: use 1-4, 1-6, 1-9 or 1-9A-G")]
    BadSymbolSet(String),
    #[error("bad sample: {0}")]
    Parse(String),
    #[error("the embedded model is corrupt: {0}")]
    Model(String),
}

/// The recogniser's answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Recognition {
    /// Legal symbols, best first, with confidences summing to 1 over the legal set. `unsure`:
    /// the best is not far enough ahead of the second ([`UNSURE_MARGIN`]); the app shows it as
    /// a guess with the runners-up one tap away instead of as a typed digit.
    Symbol { candidates: Vec<(char, f32)>, unsure: bool },
    /// Nothing legal was confident enough; `reason` is meant for the player (English), `why`
    /// says the same as data, for the view to say in the player's language.
    Rejected { reason: String, why: Unread },
}

/// Why ink was not read, as data.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum Unread {
    /// A single dot.
    Dot,
    /// It looks like a symbol this board does not use (a `0`, or a `7` on a 6x6).
    NotAllowed { looks_like: char },
    /// Nothing was confident enough: the best legal guess, and its probability in percent.
    Unclear { guess: char, percent: u8 },
}

impl Unread {
    /// The English sentence (`Recognition::Rejected.reason`).
    pub fn sentence(&self) -> String {
        match self {
            Unread::Dot => "the ink is a single dot, not a symbol".to_string(),
            Unread::NotAllowed { looks_like } => format!("looks like {looks_like:?}, which is not allowed here"),
            Unread::Unclear { guess, percent } => format!("unclear writing: best guess {guess:?} at {percent}%"),
        }
    }

    /// The rejection carrying this reason.
    pub fn rejected(self) -> Recognition {
        Recognition::Rejected { reason: self.sentence(), why: self }
    }
}

impl Recognition {
    /// The best symbol, if not rejected.
    pub fn best(&self) -> Option<(char, f32)> {
        match self {
            Recognition::Symbol { candidates, .. } => candidates.first().copied(),
            Recognition::Rejected { .. } => None,
        }
    }

    /// Whether the answer should be flagged "not sure" (a rejection is never silent either).
    pub fn is_unsure(&self) -> bool {
        match self {
            Recognition::Symbol { unsure, .. } => *unsure,
            Recognition::Rejected { .. } => true,
        }
    }
}

/// Parses a symbol set name: `1-4`, `1-6`, `1-9`, `1-9A-G` (also `1-9+A-G`, `1-G`, `0-9`).
pub fn parse_symbol_set(s: &str) -> Result<Vec<char>, InkError> {
    let key: String = s.chars().filter(|c| !c.is_whitespace() && *c != '+').collect();
    let set: &[char] = match key.to_ascii_uppercase().as_str() {
        "1-4" => &CLASSES[1..5],
        "1-6" => &CLASSES[1..7],
        "1-9" => &CLASSES[1..10],
        "1-9A-G" | "1-G" => &CLASSES[1..17],
        "0-9" => &CLASSES[0..10],
        "0-9A-G" | "0-G" => &CLASSES[..],
        _ => return Err(InkError::BadSymbolSet(s.to_string())),
    };
    Ok(set.to_vec())
}

/// Index of a symbol in [`CLASSES`].
pub fn class_index(c: char) -> Option<usize> {
    CLASSES.iter().position(|&k| k == c.to_ascii_uppercase())
}

/// Below this probability (over all 17 classes) the best legal symbol is rejected.
pub const MIN_CONFIDENCE: f32 = 0.30;

/// When the best legal symbol leads the second by less than this (probabilities over the legal
/// set), the answer is flagged unsure. Chosen on the training data's writer-split validation
/// fold (docs/recogniser.md, "Not sure"); its effect on the test writers is in
/// docs/benchmarks.md.
pub const UNSURE_MARGIN: f32 = 0.6;

/// Recognises the strokes of one cell as one of the `legal` symbols, with the embedded model
/// (loaded once, on first use).
pub fn recognize(strokes: &[Stroke], legal: &[char]) -> Result<Recognition, InkError> {
    recognize_with(model::embedded()?, None, strokes, legal)
}

/// [`recognize`] with a given model and, if any, the player's adaptation.
pub fn recognize_with(
    net: &model::Model,
    adapter: Option<&adapt::Adapter>,
    strokes: &[Stroke],
    legal: &[char],
) -> Result<Recognition, InkError> {
    let legal_idx = legal_indices(legal)?;
    match probabilities(net, adapter, strokes)? {
        Some(probs) => Ok(decide(&probs, &legal_idx)),
        None => Ok(Unread::Dot.rejected()),
    }
}

/// Ranks all legal symbols without rejecting (for evaluation): `None` for a single dot.
pub fn rank(strokes: &[Stroke], legal: &[char]) -> Result<Option<Vec<(char, f32)>>, InkError> {
    rank_with(model::embedded()?, None, strokes, legal)
}

/// [`rank`] with a given model and adaptation.
pub fn rank_with(
    net: &model::Model,
    adapter: Option<&adapt::Adapter>,
    strokes: &[Stroke],
    legal: &[char],
) -> Result<Option<Vec<(char, f32)>>, InkError> {
    let legal_idx = legal_indices(legal)?;
    Ok(probabilities(net, adapter, strokes)?.map(|p| ranked(&p, &legal_idx)))
}

/// The 17-class probabilities, adapted to the player if an adapter is given.
fn probabilities(
    net: &model::Model,
    adapter: Option<&adapt::Adapter>,
    strokes: &[Stroke],
) -> Result<Option<Vec<f32>>, InkError> {
    let Some(out) = net.run_strokes(strokes)? else { return Ok(None) };
    Ok(Some(match adapter {
        Some(a) if !a.is_empty() => a.adjust(&out),
        _ => out.probs,
    }))
}

fn legal_indices(legal: &[char]) -> Result<Vec<usize>, InkError> {
    if legal.is_empty() {
        return Err(InkError::NoLegalSymbols);
    }
    let mut idx = Vec::with_capacity(legal.len());
    for &c in legal {
        let i = class_index(c).ok_or(InkError::UnknownSymbol(c))?;
        if !idx.contains(&i) {
            idx.push(i);
        }
    }
    Ok(idx)
}

/// The legal symbols (class indices) ranked best first, probabilities renormalised over them:
/// what [`rank`] and "not sure" see, for labs that mix their own probabilities.
pub fn ranked(probs: &[f32], legal_idx: &[usize]) -> Vec<(char, f32)> {
    let mass: f32 = legal_idx.iter().map(|&i| probs[i]).sum::<f32>().max(f32::MIN_POSITIVE);
    let mut c: Vec<(char, f32)> = legal_idx.iter().map(|&i| (CLASSES[i], probs[i] / mass)).collect();
    c.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    c
}

/// Whether ranked candidates (best first) are too close to call: see [`UNSURE_MARGIN`].
pub fn margin_unsure(candidates: &[(char, f32)], margin: f32) -> bool {
    match candidates {
        [a, b, ..] => a.1 - b.1 < margin,
        _ => false,
    }
}

/// Turns 17-class probabilities into the answer for one legal set.
fn decide(probs: &[f32], legal_idx: &[usize]) -> Recognition {
    let candidates = ranked(probs, legal_idx);
    let (best_c, _) = candidates[0];
    let best_p = class_index(best_c).map(|i| probs[i]).unwrap_or(0.0);
    if best_p >= MIN_CONFIDENCE {
        let unsure = margin_unsure(&candidates, UNSURE_MARGIN);
        return Recognition::Symbol { candidates, unsure };
    }
    // Say what it looked like, if that was an illegal symbol, so the player knows why.
    let (top_i, top_p) = probs
        .iter()
        .enumerate()
        .fold((0, f32::MIN), |acc, (i, &p)| if p > acc.1 { (i, p) } else { acc });
    let why = if !legal_idx.contains(&top_i) && top_p >= MIN_CONFIDENCE {
        Unread::NotAllowed { looks_like: CLASSES[top_i] }
    } else {
        Unread::Unclear { guess: best_c, percent: (best_p * 100.0).round().clamp(0.0, 100.0) as u8 }
    };
    why.rejected()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_parse_from_arrays_and_objects() {
        let s: Sample = serde_json::from_str(
            r#"{"label":"7","writer":"w","strokes":[[[1,2],[3,4]],[{"x":5,"y":6,"t":7.5}]]}"#,
        )
        .unwrap();
        assert_eq!(s.label_char(), Some('7'));
        assert_eq!(s.strokes[0].points[1], Point::new(3.0, 4.0));
        assert_eq!(s.strokes[1].points[0].t, Some(7.5));
        assert!(serde_json::from_str::<Sample>(r#"{"strokes":[[[1]]]}"#).is_err());
    }

    #[test]
    fn symbol_sets() {
        assert_eq!(parse_symbol_set("1-4").unwrap(), vec!['1', '2', '3', '4']);
        assert_eq!(parse_symbol_set("1-9A-G").unwrap().len(), 16);
        assert_eq!(parse_symbol_set("1-9+A-G").unwrap().len(), 16);
        assert!(parse_symbol_set("1-7").is_err());
    }

    #[test]
    fn decide_rejects_illegal_look_alikes() {
        let mut p = vec![0.0; 17];
        p[0] = 0.9; // a zero
        p[6] = 0.1;
        let r = decide(&p, &[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        match r {
            Recognition::Rejected { reason, why } => {
                assert!(reason.contains("'0'"), "{reason}");
                assert_eq!(why, Unread::NotAllowed { looks_like: '0' });
            }
            other => panic!("{other:?}"),
        }
        let r = decide(&p, &[0, 6]);
        assert_eq!(r.best().map(|b| b.0), Some('0'));
        assert!(!r.is_unsure());
    }

    #[test]
    fn close_calls_are_unsure() {
        let mut p = vec![0.0; 17];
        p[1] = 0.55; // a 1 ...
        p[7] = 0.45; // ... or a 7
        let r = decide(&p, &[1, 7]);
        assert_eq!(r.best().map(|b| b.0), Some('1'));
        assert!(r.is_unsure(), "{r:?}");
        // Among 1-6 the 7 is not legal: the 1 is then certain.
        assert!(!decide(&p, &[1, 2, 3, 4, 5, 6]).is_unsure());
        assert!(margin_unsure(&[('1', 0.6), ('7', 0.4)], 0.5));
        assert!(!margin_unsure(&[('1', 0.8), ('7', 0.2)], 0.5));
        assert!(!margin_unsure(&[('1', 1.0)], 0.5));
    }
}
