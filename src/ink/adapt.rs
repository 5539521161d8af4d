//! Adaptation to the player's hand: the player's own samples (from corrections and the
//! calibration screen) pull the answer toward the symbol whose samples the new ink resembles.
//!
//! - [`Profile`]: the samples, newest last, at most [`MAX_PER_SYMBOL`] per symbol (the oldest
//!   goes), stored normalised (centred, longer side 2, 3 decimals), so a profile is small and
//!   independent of the screen. Versioned JSON file in the app's data folder, written
//!   atomically with a backup like saves ([`save`]); a damaged file is set aside and reported
//!   ([`load`]); [`reset`] forgets everything (the file kept as the backup until the next
//!   saves replace it). Nothing leaves the machine.
//! - [`Adapter`]: the samples' embeddings under the current model. For new ink, each symbol
//!   with samples scores its nearest one (cosine similarity in the model's embedding), these
//!   scores make a distribution (softmax, temperature [`TAU`]), and the model's probabilities
//!   are mixed with it, weight up to [`LAMBDA`], scaled down when even the nearest sample is
//!   far ([`S0`]): ink unlike anything the player gave is left to the model alone.
//!
//! The constants were chosen on the training data's writer-split validation fold with a model
//! trained without those writers (docs/recogniser.md, "Adaptation"), never on the test writers.

use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::features::normalize;
use super::model::{Model, Output};
use super::{class_index, InkError, Point, Stroke, CLASSES};
use crate::atomic_file::{backup_path, write_atomic};
use crate::save::{recover, Recovery, Unusable};

/// Name of the file in the app's data folder.
pub const FILE_NAME: &str = "handwriting.json";
/// `format` field of the file.
pub const FORMAT: &str = "inkdoku-handwriting";
/// The version this build writes and reads.
pub const VERSION: u32 = 1;
/// Samples kept per symbol: the newest win, so the profile follows a hand that changes.
pub const MAX_PER_SYMBOL: usize = 10;

/// Largest weight of the player's samples in the answer.
pub const LAMBDA: f32 = 0.9;
/// Softmax temperature of the similarities.
pub const TAU: f32 = 0.1;
/// Nearest-sample similarity at (or below) which the samples get no weight at all.
pub const S0: f32 = 0.5;
/// A symbol's score is the mean similarity of its this many nearest samples (fewer if it has
/// fewer): one odd sample (a slip of the pen) then cannot capture the answer alone.
pub const NEIGHBOURS: usize = 2;

/// One sample of the player's hand.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HandSample {
    pub symbol: char,
    pub strokes: Vec<Stroke>,
}

/// The player's samples, newest last.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Profile {
    samples: Vec<HandSample>,
}

#[derive(Serialize, Deserialize)]
struct FileRepr {
    format: String,
    version: u32,
    samples: Vec<HandSample>,
}

/// Why a profile file could not be read.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum ProfileError {
    #[error("the handwriting file is damaged ({0})")]
    Damaged(String),
    #[error("the handwriting file was written by a newer version (format {0})")]
    Newer(u32),
    /// The reason, and whether it is that there is no file.
    #[error("the handwriting file could not be read: {0}")]
    Io(String, bool),
}

impl Profile {
    pub fn samples(&self) -> &[HandSample] {
        &self.samples
    }

    pub fn is_empty(&self) -> bool {
        self.samples.is_empty()
    }

    /// Samples of one symbol.
    pub fn count(&self, symbol: char) -> usize {
        self.samples.iter().filter(|s| s.symbol == symbol).count()
    }

    /// Adds a sample (validated; a dot is refused), dropping the oldest of its symbol beyond
    /// [`MAX_PER_SYMBOL`].
    pub fn add(&mut self, symbol: char, strokes: &[Stroke]) -> Result<(), InkError> {
        let symbol = symbol.to_ascii_uppercase();
        class_index(symbol).ok_or(InkError::UnknownSymbol(symbol))?;
        let n = normalize(strokes)?.ok_or(InkError::Empty)?;
        let round = |v: f32| (v * 1000.0).round() / 1000.0;
        let strokes =
            n.strokes.iter().map(|s| Stroke::new(s.iter().map(|p| Point::new(round(p[0]), round(p[1]))).collect())).collect();
        self.samples.push(HandSample { symbol, strokes });
        if self.count(symbol) > MAX_PER_SYMBOL {
            if let Some(i) = self.samples.iter().position(|s| s.symbol == symbol) {
                self.samples.remove(i);
            }
        }
        Ok(())
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        let f = FileRepr { format: FORMAT.into(), version: VERSION, samples: self.samples.clone() };
        // Serialising plain structs of numbers and chars cannot fail.
        serde_json::to_vec(&f).unwrap_or_default()
    }

    /// Parses [`Profile::to_bytes`]; every sample is validated as if newly added.
    pub fn from_bytes(bytes: &[u8]) -> Result<Profile, ProfileError> {
        let v: serde_json::Value =
            serde_json::from_slice(bytes).map_err(|e| ProfileError::Damaged(e.to_string()))?;
        if v.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
            return Err(ProfileError::Damaged("not a handwriting file".into()));
        }
        match v.get("version").and_then(|f| f.as_u64()) {
            Some(n) if n == VERSION as u64 => {}
            Some(n) if n > VERSION as u64 => return Err(ProfileError::Newer(n.min(u32::MAX as u64) as u32)),
            _ => return Err(ProfileError::Damaged("bad version".into())),
        }
        let f: FileRepr = serde_json::from_value(v).map_err(|e| ProfileError::Damaged(e.to_string()))?;
        let mut p = Profile::default();
        for s in &f.samples {
            p.add(s.symbol, &s.strokes).map_err(|e| ProfileError::Damaged(e.to_string()))?;
        }
        Ok(p)
    }

    /// The samples' embeddings under `model` (ready to [`Adapter::adjust`]).
    pub fn adapter(&self, model: &Model) -> Adapter {
        Adapter::new(model, self.samples.iter().map(|s| (s.symbol, s.strokes.as_slice())))
    }
}

/// What [`load`] found.
#[derive(Debug, Clone, PartialEq)]
pub struct Loaded {
    pub profile: Profile,
    /// A sentence for the player when the file was damaged (it is then set aside).
    pub message: Option<String>,
    /// Where a damaged file was moved.
    pub set_aside: Vec<PathBuf>,
}

fn read(path: &Path) -> Result<Profile, ProfileError> {
    std::fs::read(path).map_err(|e| ProfileError::Io(e.to_string(), e.kind() == io::ErrorKind::NotFound)).and_then(|b| Profile::from_bytes(&b))
}

impl Unusable for ProfileError {
    fn is_missing(&self) -> bool {
        matches!(self, ProfileError::Io(_, true))
    }
    fn aside_as(&self) -> &'static str {
        match self {
            ProfileError::Damaged(_) => "corrupt",
            ProfileError::Newer(_) => "newer",
            ProfileError::Io(..) => "unreadable",
        }
    }
}

/// Loads the profile at `path` (missing: empty, no message). A file that can't be used
/// (damaged, from a newer version, or there but unreadable) is moved aside and the backup
/// (`<name>.bak`, the state before the last change) is tried, and set aside too if it can't be
/// used: nothing is overwritten. The message says what happened.
pub fn load(path: &Path, now_ms: u64) -> Loaded {
    let rec = recover(path, now_ms, false, read);
    let set_aside = rec.set_aside().to_vec();
    let kept = set_aside.first().map(|p| format!(" It was kept as {}.", p.display())).unwrap_or_default();
    match rec {
        Recovery::Loaded(profile) => Loaded { profile, message: None, set_aside },
        Recovery::NoSave => Loaded { profile: Profile::default(), message: None, set_aside },
        Recovery::FromBackup { loaded, problem, .. } => Loaded {
            profile: loaded,
            message: Some(format!(
                "Sorry: {problem}. The previous copy of what the recogniser learned of your handwriting was restored.{kept}"
            )),
            set_aside,
        },
        Recovery::Unrecoverable { problem, .. } => Loaded {
            profile: Profile::default(),
            message: Some(format!(
                "Sorry: {problem}. The recogniser starts again from its general model; corrections and calibration will teach it your handwriting again.{kept}"
            )),
            set_aside,
        },
    }
}

/// Writes the profile atomically (temp file, fsync, rename), keeping the previous as `.bak`.
pub fn save(path: &Path, profile: &Profile) -> io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    write_atomic(path, &profile.to_bytes())
}

/// Forgets the player's hand: the file becomes the backup (`<name>.bak`), which the next
/// start ignores (a missing profile is an empty one) and the second save after it replaces,
/// so a reset by mistake can still be undone by hand, never by surprise. Absent is fine.
pub fn reset(path: &Path) -> io::Result<()> {
    match std::fs::rename(path, backup_path(path)) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

/// How `inkdoku recognize --adapt K` splits one writer's samples (issue #15's measure): in
/// order, the first `k` of each symbol adapt, the others are scored. Returns (adapt, score).
pub fn first_per_symbol<T>(items: impl IntoIterator<Item = T>, k: usize, symbol: impl Fn(&T) -> char) -> (Vec<T>, Vec<T>) {
    let mut used = std::collections::HashMap::new();
    let (mut first, mut rest) = (Vec::new(), Vec::new());
    for item in items {
        let u = used.entry(symbol(&item)).or_insert(0usize);
        if *u < k {
            *u += 1;
            first.push(item);
        } else {
            rest.push(item);
        }
    }
    (first, rest)
}

/// The player's samples as embeddings: class index and unit vector.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Adapter {
    templates: Vec<(usize, Vec<f32>)>,
    lambda: f32,
    tau: f32,
    s0: f32,
    neighbours: usize,
}

impl Adapter {
    /// Embeds the samples (unknown symbols and unusable ink are skipped).
    pub fn new<'a>(model: &Model, samples: impl IntoIterator<Item = (char, &'a [Stroke])>) -> Adapter {
        let templates = samples
            .into_iter()
            .filter_map(|(c, strokes)| {
                let i = class_index(c)?;
                Some((i, model.run_strokes(strokes).ok().flatten()?.embedding))
            })
            .collect();
        Adapter { templates, lambda: LAMBDA, tau: TAU, s0: S0, neighbours: NEIGHBOURS }
    }

    /// Other mixing constants (for tuning them on the validation fold).
    pub fn with_params(mut self, lambda: f32, tau: f32, s0: f32, neighbours: usize) -> Adapter {
        self.neighbours = neighbours.clamp(1, MAX_PER_SYMBOL);
        self.lambda = lambda;
        self.tau = tau.max(1e-4);
        self.s0 = s0.min(0.99);
        self
    }

    pub fn is_empty(&self) -> bool {
        self.templates.is_empty()
    }

    pub fn len(&self) -> usize {
        self.templates.len()
    }

    /// The model's probabilities mixed with the nearest-sample distribution (see the module).
    pub fn adjust(&self, out: &Output) -> Vec<f32> {
        let mut sims: Vec<Vec<f32>> = vec![Vec::new(); CLASSES.len()];
        for (c, t) in &self.templates {
            if t.len() == out.embedding.len() {
                sims[*c].push(super::model::dot(t, &out.embedding));
            }
        }
        let best: Vec<f32> = sims
            .iter_mut()
            .map(|s| {
                if s.is_empty() {
                    return f32::NEG_INFINITY;
                }
                s.sort_by(|a, b| b.total_cmp(a));
                let k = self.neighbours.min(s.len());
                s[..k].iter().sum::<f32>() / k as f32
            })
            .collect();
        let top = best.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        if !top.is_finite() {
            return out.probs.clone();
        }
        let w = self.lambda * ((top - self.s0) / (1.0 - self.s0)).clamp(0.0, 1.0);
        let knn: Vec<f32> = best.iter().map(|&s| if s.is_finite() { ((s - top) / self.tau).exp() } else { 0.0 }).collect();
        let z: f32 = knn.iter().sum::<f32>().max(f32::MIN_POSITIVE);
        out.probs.iter().zip(&knn).map(|(p, k)| (1.0 - w) * p + w * k / z).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::atomic_file::sibling;
    use crate::ink::model::embedded;

    fn seven() -> Vec<Stroke> {
        vec![Stroke::from_xy(&[[0.0, 0.0], [10.0, 0.0], [4.0, 15.0]])]
    }

    fn one() -> Vec<Stroke> {
        vec![Stroke::from_xy(&[[5.0, 0.0], [5.0, 15.0]])]
    }

    fn tmp(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("inkdoku-adapt-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d.join(FILE_NAME)
    }

    #[test]
    fn the_first_k_of_each_symbol_adapt_in_order() {
        let (first, rest) = first_per_symbol("7a7b77a8".chars().enumerate(), 2, |&(_, c)| c);
        assert_eq!(first.iter().map(|x| x.0).collect::<Vec<_>>(), [0, 1, 2, 3, 6, 7]);
        assert_eq!(rest.iter().map(|x| x.0).collect::<Vec<_>>(), [4, 5]);
    }

    #[test]
    fn profile_round_trip_and_cap() {
        let mut p = Profile::default();
        p.add('7', &seven()).unwrap();
        p.add('a', &one()).unwrap();
        assert_eq!(p.count('A'), 1);
        assert!(p.add('x', &one()).is_err());
        assert!(p.add('1', &[Stroke::from_xy(&[[1.0, 1.0], [1.0, 1.0]])]).is_err(), "a dot is no sample");
        let back = Profile::from_bytes(&p.to_bytes()).unwrap();
        assert_eq!(back, p);
        for _ in 0..MAX_PER_SYMBOL + 3 {
            p.add('7', &seven()).unwrap();
        }
        assert_eq!(p.count('7'), MAX_PER_SYMBOL);
        assert_eq!(p.count('A'), 1);
    }

    #[test]
    fn file_round_trip_damage_and_reset() {
        let path = tmp("file");
        assert_eq!(load(&path, 1), Loaded { profile: Profile::default(), message: None, set_aside: vec![] });
        let mut p = Profile::default();
        p.add('7', &seven()).unwrap();
        save(&path, &p).unwrap();
        assert_eq!(load(&path, 1).profile, p);
        // A second save keeps the first as the backup.
        p.add('1', &one()).unwrap();
        save(&path, &p).unwrap();
        std::fs::write(&path, b"{\"format\":\"inkdoku-handwriting\",\"version\":1,\"samples\":[{").unwrap();
        let l = load(&path, 42);
        assert_eq!(l.profile.count('7'), 1, "the backup is restored");
        assert_eq!(l.profile.count('1'), 0);
        assert!(l.message.as_deref().unwrap_or("").contains("damaged"), "{:?}", l.message);
        assert_eq!(l.set_aside, vec![sibling(&path, ".corrupt-42")]);
        assert!(l.set_aside[0].exists() && !path.exists());
        // Damaged and no usable backup: empty profile, still a message, nothing deleted.
        std::fs::write(&path, b"garbage").unwrap();
        std::fs::write(backup_path(&path), b"garbage").unwrap();
        let l = load(&path, 43);
        assert!(l.profile.is_empty() && l.message.is_some());
        // A newer version is set aside under its own name, not called damaged.
        std::fs::write(&path, b"{\"format\":\"inkdoku-handwriting\",\"version\":99,\"samples\":[]}").unwrap();
        let l = load(&path, 44);
        assert_eq!(l.set_aside, vec![sibling(&path, ".newer-44")]);
        assert!(l.message.as_deref().unwrap_or("").contains("newer"));
        // Reset forgets the profile; the file is kept as the backup, unread at start.
        save(&path, &p).unwrap();
        save(&path, &p).unwrap();
        reset(&path).unwrap();
        assert!(!path.exists());
        assert_eq!(Profile::from_bytes(&std::fs::read(backup_path(&path)).unwrap()).unwrap(), p, "kept until the next saves");
        assert!(load(&path, 45).profile.is_empty());
        reset(&path).unwrap();
        // The set-aside files stay (by design): the test's folder goes.
        if let Some(dir) = path.parent() {
            let _ = std::fs::remove_dir_all(dir);
        }
    }

    #[test]
    fn adapter_pulls_toward_the_players_samples() {
        let m = embedded().unwrap();
        let out = m.run_strokes(&seven()).unwrap().unwrap();
        // A template identical to the ink, labelled 4: the answer moves toward 4.
        let a = Adapter::new(m, [('4', seven().as_slice())]);
        assert_eq!(a.len(), 1);
        let p = a.adjust(&out);
        assert!(p[4] > out.probs[4] + 0.3, "{} -> {}", out.probs[4], p[4]);
        assert!((p.iter().sum::<f32>() - 1.0).abs() < 1e-4);
        // No samples: the model alone.
        assert_eq!(Adapter::new(m, []).adjust(&out), out.probs);
    }
}
