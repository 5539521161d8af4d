//! The player's handwriting: unsure guesses and their alternatives, corrections and the
//! calibration feeding the adaptation profile (`inkdoku::ink::adapt`), and its reset. The
//! profile lives in the data folder (`handwriting.json`) or, without one, in memory.

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use inkdoku::ink::adapt::{self, Adapter, Profile};
use inkdoku::ink::{self, model, Recognition, Stroke};
use inkdoku::pen::lesson::{Lesson, Overwrites};
use inkdoku::pen::marks::{ReadMarks, UnsureMark};
use inkdoku::play::PlayView;
use serde::{Deserialize, Serialize};

use super::notice::{shown, Notice};
use super::{AppState, CommandError};

/// An unsure guess the player may still replace with one of its alternatives.
#[derive(Debug, Clone)]
pub(crate) struct PendingGuess {
    pub row: usize,
    pub col: usize,
    pub alternatives: Vec<char>,
    pub strokes: Vec<Stroke>,
    /// Steps in the history right after the guess: anything else done since makes it stale.
    pub history_len: usize,
}

/// A reading of handwritten marks with an unsure mark the player may still swap for one of its
/// alternatives.
#[derive(Debug, Clone)]
pub(crate) struct PendingMarks {
    pub read: ReadMarks,
    /// The marks offered for a swap and their alternatives.
    pub unsure: Vec<UnsureMark>,
    /// Steps in the history right after the reading.
    pub history_len: usize,
}

/// The profile, where it is kept, and the adapter built from it (rebuilt on change).
pub(crate) struct Handwriting {
    path: Option<PathBuf>,
    profile: Profile,
    /// The adapter of the profile as it stands. Embedding the samples takes about 1 ms each
    /// with the model's CNN members (up to ~0.2 s for a full profile), so it is built on a
    /// background thread: start-up and a correction don't wait for it; a write that needs it
    /// before it is done waits, or builds it itself.
    adapter: Arc<OnceLock<Option<Adapter>>>,
    /// A sentence for start-up when the file was damaged, and the same as data.
    pub notice: Option<(String, Notice)>,
    pub pending: Option<PendingGuess>,
    pub pending_marks: Option<PendingMarks>,
    /// The last pen write, while the next move may correct it (`inkdoku::pen::lesson`).
    pub lessons: Overwrites,
}

/// The adapter of `profile` under the embedded model (none for an empty profile).
fn build_adapter(profile: &Profile) -> Option<Adapter> {
    match model::embedded() {
        Ok(m) if !profile.is_empty() => Some(profile.adapter(m)),
        _ => None,
    }
}

impl Handwriting {
    pub fn load(data_dir: Option<&PathBuf>, now_ms: u64) -> Handwriting {
        let path = data_dir.map(|d| d.join(adapt::FILE_NAME));
        let (profile, notice) = match &path {
            Some(p) => {
                let l = adapt::load(p, now_ms);
                let notice = l.message.map(|m| {
                    tracing::warn!(notice = %m, "handwriting profile");
                    (m, Notice::Handwriting { restored: !l.profile.is_empty(), kept: shown(&l.set_aside) })
                });
                (l.profile, notice)
            }
            None => (Profile::default(), None),
        };
        let mut h = Handwriting { path, profile, adapter: Arc::default(), notice, pending: None, pending_marks: None, lessons: Overwrites::default() };
        h.rebuild();
        h
    }

    /// Starts building the adapter of the profile as it now stands (see `adapter`).
    fn rebuild(&mut self) {
        let cell: Arc<OnceLock<Option<Adapter>>> = Arc::default();
        if !self.profile.is_empty() {
            let (c, profile) = (Arc::clone(&cell), self.profile.clone());
            // Without a thread, the first write that needs the adapter builds it.
            let _ = std::thread::Builder::new().name("handwriting".into()).spawn(move || {
                c.get_or_init(|| build_adapter(&profile));
            });
        }
        self.adapter = cell;
    }

    pub fn adapter(&self) -> Option<&Adapter> {
        self.adapter.get_or_init(|| build_adapter(&self.profile)).as_ref()
    }

    /// Adds samples (one correction, or a whole calibration sheet), then writes the profile
    /// once (atomically); the adapter follows.
    fn learn<'a>(&mut self, samples: impl IntoIterator<Item = (char, &'a [Stroke])>) -> Result<(), CommandError> {
        for (symbol, strokes) in samples {
            self.profile.add(symbol, strokes).map_err(|e| CommandError::Handwriting(e.to_string()))?;
        }
        self.rebuild();
        self.store()
    }

    /// A correction found by the engine's overwrite rule: learnt, or logged if it can't be
    /// stored (the move stands either way).
    pub fn learn_quietly(&mut self, lesson: &Lesson) {
        match self.learn([(lesson.symbol, lesson.strokes.as_slice())]) {
            Ok(()) => tracing::info!(symbol = %lesson.symbol, "learnt from an overwrite"),
            Err(e) => tracing::warn!(error = %e, "could not store a handwriting correction"),
        }
    }

    fn store(&self) -> Result<(), CommandError> {
        match &self.path {
            Some(p) => adapt::save(p, &self.profile).map_err(|e| CommandError::Handwriting(e.to_string())),
            None => Ok(()),
        }
    }

    fn status(&self) -> HandwritingStatus {
        let counts = inkdoku::ink::CLASSES[1..]
            .iter()
            .map(|&c| (c, self.profile.count(c)))
            .filter(|(_, n)| *n > 0)
            .collect();
        HandwritingStatus { samples: self.profile.samples().len(), counts }
    }
}

/// How much the recogniser knows of the player's hand.
#[derive(Debug, Serialize)]
pub struct HandwritingStatus {
    pub samples: usize,
    /// Samples per symbol (only symbols with some).
    pub counts: std::collections::BTreeMap<char, usize>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChooseArgs {
    pub row: usize,
    pub col: usize,
    pub symbol: char,
}

/// The player tapped an alternative beside an unsure cell: it replaces the guess in the same
/// undo step, and the ink becomes a sample of that symbol.
pub fn choose_alternative(state: &AppState, args: ChooseArgs) -> Result<PlayView, CommandError> {
    let pending = {
        let inner = state.lock();
        let p = inner.handwriting.pending.clone();
        let fresh = inner.game.as_ref().map(|g| g.history_len());
        match p {
            Some(p) if p.row == args.row && p.col == args.col && Some(p.history_len) == fresh => p,
            _ => return Err(CommandError::Stale("that guess was already accepted".into())),
        }
    };
    let symbol = args.symbol.to_ascii_uppercase();
    if !pending.alternatives.contains(&symbol) {
        return Err(CommandError::BadArguments {
            command: "choose_alternative".into(),
            detail: format!("{symbol:?} is not one of the alternatives offered"),
        });
    }
    let tidy = state.lock().settings.tidy_marks;
    let (_, view) = state.change(|g, now| Ok(g.replace_guess(args.row, args.col, symbol, tidy, now)?))?;
    // The correction teaches the recogniser; failing to store it must not undo the move.
    if let Err(e) = state.lock().handwriting.learn([(symbol, pending.strokes.as_slice())]) {
        tracing::warn!(error = %e, "could not store a handwriting correction");
    }
    Ok(view)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChooseMarkArgs {
    pub row: usize,
    pub col: usize,
    /// The unsure mark as it was read.
    pub from: char,
    pub symbol: char,
}

/// The player tapped an alternative beside an unsure handwritten mark: it replaces the mark in
/// the same undo step as the reading, and the mark's ink becomes a sample of that symbol.
pub fn choose_mark(state: &AppState, args: ChooseMarkArgs) -> Result<PlayView, CommandError> {
    let pending = {
        let inner = state.lock();
        let p = inner.handwriting.pending_marks.clone();
        let fresh = inner.game.as_ref().map(|g| g.history_len());
        match p {
            Some(p) if p.read.row == args.row && p.read.col == args.col && Some(p.history_len) == fresh => p,
            _ => return Err(CommandError::Stale("those marks were already accepted".into())),
        }
    };
    let (from, symbol) = (args.from.to_ascii_uppercase(), args.symbol.to_ascii_uppercase());
    let offered = pending.unsure.iter().find(|u| u.symbol == from).is_some_and(|u| u.alternatives.contains(&symbol));
    if !offered {
        return Err(CommandError::BadArguments {
            command: "choose_mark".into(),
            detail: format!("{symbol:?} is not one of the alternatives offered for the mark {from:?}"),
        });
    }
    let strokes = pending.read.ink_of(from).map(<[Stroke]>::to_vec).unwrap_or_default();
    let (now, view) = state.change(|g, now| Ok(g.replace_mark(&pending.read, from, symbol, now)?))?;
    let mut inner = state.lock();
    // The other unsure marks of the reading stay open to a swap.
    let history_len = inner.game.as_ref().map(|g| g.history_len()).unwrap_or_default();
    let unsure: Vec<UnsureMark> = pending.unsure.into_iter().filter(|u| u.symbol != from).collect();
    inner.handwriting.pending_marks = (!unsure.is_empty()).then_some(PendingMarks { read: now, unsure, history_len });
    // The correction teaches the recogniser; failing to store it must not undo the move.
    if let Err(e) = inner.handwriting.learn([(symbol, strokes.as_slice())]) {
        tracing::warn!(error = %e, "could not store a handwriting correction");
    }
    Ok(view)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SampleArgs {
    pub symbol: char,
    /// One symbol's ink (any coordinates: only the shape counts).
    pub strokes: Vec<Stroke>,
}

/// A calibration sample: the player wrote `symbol` when asked to.
pub fn add_handwriting_sample(state: &AppState, args: SampleArgs) -> Result<HandwritingStatus, CommandError> {
    let mut inner = state.lock();
    inner.handwriting.learn([(args.symbol, args.strokes.as_slice())])?;
    Ok(inner.handwriting.status())
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SamplesArgs {
    pub samples: Vec<SampleArgs>,
}

/// The calibration sheet's samples, all at once (one write of the profile). Nothing is kept
/// when one of them can't be used.
pub fn add_handwriting_samples(state: &AppState, args: SamplesArgs) -> Result<HandwritingStatus, CommandError> {
    let mut inner = state.lock();
    let before = inner.handwriting.profile.clone();
    if let Err(e) = inner.handwriting.learn(args.samples.iter().map(|s| (s.symbol, s.strokes.as_slice()))) {
        inner.handwriting.profile = before;
        inner.handwriting.rebuild();
        return Err(e);
    }
    Ok(inner.handwriting.status())
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReadArgs {
    /// The legal symbols: "1-4", "1-6", "1-9" or "1-9A-G".
    pub symbols: String,
    pub strokes: Vec<Stroke>,
}

/// How the recogniser, with what it knows of the player's hand, reads some ink (the
/// calibration sheet shows it beside each sample). Changes nothing.
pub fn read_handwriting(state: &AppState, args: ReadArgs) -> Result<Recognition, CommandError> {
    let bad = |detail: String| CommandError::BadArguments { command: "read_handwriting".into(), detail };
    let legal = ink::parse_symbol_set(&args.symbols).map_err(|e| bad(e.to_string()))?;
    let net = model::embedded().map_err(|e| CommandError::Internal(e.to_string()))?;
    let inner = state.lock();
    ink::recognize_with(net, inner.handwriting.adapter(), &args.strokes, &legal).map_err(|e| bad(e.to_string()))
}

pub fn handwriting_status(state: &AppState) -> Result<HandwritingStatus, CommandError> {
    Ok(state.lock().handwriting.status())
}

/// Settings, "forget my handwriting": the profile file and its backup are removed.
pub fn reset_handwriting(state: &AppState) -> Result<HandwritingStatus, CommandError> {
    let mut inner = state.lock();
    let h = &mut inner.handwriting;
    if let Some(p) = &h.path {
        adapt::reset(p).map_err(|e| CommandError::Handwriting(e.to_string()))?;
    }
    h.profile = Profile::default();
    h.pending = None;
    h.lessons.forget();
    h.rebuild();
    Ok(h.status())
}
