// Sound effects made in the page with WebAudio (no audio files): a soft wooden "tock" for a
// slide, a low buzz for a move that can't be made, a rising chime for the win. The context is
// made on first use (after a user gesture, as browsers require); without WebAudio it is silent.

let ac = null;
/** How many of each sound were asked for while not muted (for tests). */
export const played = { slide: 0, refused: 0, win: 0 };

function context() {
  if (ac) return ac;
  const AC = globalThis.AudioContext || globalThis.webkitAudioContext;
  if (!AC) return null;
  try { ac = new AC(); } catch { ac = null; }
  return ac;
}

function tone(c, { type = 'sine', from, to = from, at = 0, dur, gain }) {
  const t0 = c.currentTime + at;
  const o = c.createOscillator();
  const g = c.createGain();
  o.type = type;
  o.frequency.setValueAtTime(from, t0);
  o.frequency.exponentialRampToValueAtTime(to, t0 + dur);
  g.gain.setValueAtTime(0.0001, t0);
  g.gain.exponentialRampToValueAtTime(gain, t0 + 0.008);
  g.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
  o.connect(g).connect(c.destination);
  o.start(t0);
  o.stop(t0 + dur + 0.02);
}

const SOUNDS = {
  slide: (c) => { tone(c, { type: 'triangle', from: 420, to: 180, dur: 0.07, gain: 0.18 }); },
  refused: (c) => { tone(c, { type: 'square', from: 140, to: 110, dur: 0.14, gain: 0.05 }); },
  win: (c) => { [523, 659, 784, 1047].forEach((f, i) => tone(c, { from: f, at: i * 0.11, dur: 0.35, gain: 0.16 })); },
};

/** Plays `name` ('slide' | 'refused' | 'win') unless `muted`. */
export function play(name, muted) {
  if (muted) return;
  played[name]++;
  const c = context();
  if (!c) return;
  if (c.state === 'suspended') c.resume().catch(() => {});
  try { SOUNDS[name](c); } catch { /* a sound is never worth an error */ }
}
