// "Watch my solve" (#44): a game's replay in #dlg-replay, every move, undo and redo in the order
// the player made them, at a chosen speed, with a scrubber; paused, the board is as it was at
// that step. Loaded when first opened (from the win's caption or the statistics' recent wins).
// The steps and each step's board are the backend's (`open_replay`, `replay_frame`); the board
// is drawn by the game's own `drawBoard` (a game without one, the sliding picture, has no
// replay to watch here). The cells a step changed are lit.

import { call } from './backend.js';
import { toast } from './status.js';
import { openDialog } from './dialogs.js';
import { fitCanvas } from './board.js';
import { formatTime } from './format.js';
import { gameOf, drawable } from './screens/index.js';
import { t, errorText, sizeText, difficultyText, onLanguageChange } from './i18n.js';

const $ = (id) => document.getElementById(id);

/** Playback speeds, times real time; the pause before a step is its real one, shortened. */
export const SPEEDS = [1, 2, 4, 8];
/** At 1×, no step waits less than this or more than this (a long think is shortened). */
export const MIN_GAP_MS = 300;
export const MAX_GAP_MS = 2500;

/** How long the step `k` (1-based) waits after the one before it, at `speed`. */
export function gapBefore(steps, k, speed) {
  const t0 = k > 1 ? steps[k - 2].t_ms : 0;
  const real = Math.max(0, steps[k - 1].t_ms - t0);
  return Math.min(MAX_GAP_MS, Math.max(MIN_GAP_MS, real)) / speed;
}

/** The cells whose value, candidates, colour or handwriting differ between two frames. */
export function changedCells(a, b) {
  if (!a || !b || a.cells.length !== b.cells.length) return [];
  const n = Math.round(Math.sqrt(b.cells.length));
  const out = [];
  b.cells.forEach((c, i) => {
    const o = a.cells[i];
    if (o.value !== c.value || o.candidates !== c.candidates || (o.colour || 0) !== (c.colour || 0) || JSON.stringify(o.glyph || null) !== JSON.stringify(c.glyph || null)) out.push([Math.floor(i / n), i % n]);
  });
  return out;
}

// {steps, summary, step, frame, before, playing, speed, timer, asked, back, settings}
let r = null;

/**
 * Opens the replay of the game in play (`win` left out) or of a kept win.
 * @param {{win?: string, back?: () => void}} opts back: called when the replay closes (the
 *   statistics open again)
 */
export async function openReplay({ win, back } = {}) {
  let opened;
  let settings;
  try {
    // The player's settings say whether their handwriting is shown (kept with the moves).
    [opened, settings] = await Promise.all([call('open_replay', win ? { win } : {}), call('get_settings').catch(() => ({}))]);
  } catch (e) {
    toast(errorText(e));
    if (back) back();
    return false;
  }
  if (!drawable(opened.summary.kind)) {
    toast(t('replay.none'));
    if (back) back();
    return false;
  }
  wire();
  stop();
  r = { ...opened, step: 0, before: null, playing: false, speed: (r && r.speed) || 1, timer: 0, asked: 0, back, settings: settings || {} };
  $('replay-scrub').max = String(r.steps.length);
  $('replay-scrub').value = '0';
  $('replay-speed').value = String(r.speed);
  describe();
  openDialog($('dlg-replay'));
  draw();
  $('replay-play').focus();
  // Straight from a win: it plays at once.
  if (!win) play();
  return true;
}

/** A game as a summary says it ("Sudoku 9 × 9, easy"; a daily puzzle as one), for the replay and the statistics' recent wins. */
export function gameText(s) {
  const g = gameOf(s.kind);
  return t('stats.group', { game: g ? g.name : s.kind, size: sizeText(s.rows, s.cols), difficulty: difficultyText(s.daily ? 'daily' : s.difficulty) });
}

/** What the replay is of, and its number of steps. */
function describe() {
  $('replay-what').textContent = t('replay.what', { what: gameText(r.summary), n: r.steps.length });
}

function stepText() {
  const k = r.step;
  const n = r.steps.length;
  if (k === 0) return t('replay.at_start', { n });
  const op = r.steps[k - 1].op;
  return t('replay.at', { k, n, what: t(`replay.op.${op}`), time: formatTime(r.steps[k - 1].t_ms) });
}

/**
 * The board's side: as large as the dialog allows beside its controls (a short landscape
 * screen: app.css puts them in a column at its right) or under them (measured, as they are laid
 * out in the player's language).
 */
function size() {
  const d = $('dlg-replay');
  const pad = 40; // the dialog's padding and border, both sides
  const most = (w, h) => Math.max(160, Math.floor(Math.min(w, h, 560)));
  if (getComputedStyle(d.querySelector('form')).display === 'grid') return most(window.innerWidth * 0.96 - 300 - 16 - pad, window.innerHeight * 0.96 - pad);
  const rest = d.open ? d.scrollHeight - $('replay-board').offsetHeight : 330;
  return most(window.innerWidth * 0.96 - pad, window.innerHeight * 0.96 - rest - 8);
}

function draw() {
  if (!r || !r.frame) return;
  const g = gameOf(r.frame.kind);
  const canvas = $('replay-board');
  const px = size();
  fitCanvas(canvas, px, window.devicePixelRatio || 1);
  const changed = changedCells(r.before, r.frame);
  g.drawBoard(canvas, r.frame, { handwriting: Boolean(r.settings.keep_handwriting), highlight: changed.length ? { cells: changed, target: null } : null });
  canvas.setAttribute('aria-label', t('replay.board', { game: g.name, step: stepText() }));
  $('replay-step').textContent = stepText();
  $('replay-scrub').value = String(r.step);
  $('replay-scrub').setAttribute('aria-valuetext', stepText());
  $('replay-play').setAttribute('aria-label', t(r.playing ? 'replay.pause' : 'replay.play'));
  $('replay-play').setAttribute('aria-pressed', String(r.playing));
  const atEnd = r.step >= r.steps.length;
  $('replay-back').disabled = r.step === 0;
  $('replay-start').disabled = r.step === 0;
  $('replay-fwd').disabled = atEnd;
  $('replay-end').disabled = atEnd;
  const dlg = $('dlg-replay');
  dlg.dataset.step = String(r.step);
  dlg.dataset.playing = String(r.playing);
}

/** Shows step `k` (the newest asked wins: replies may overtake each other). */
async function show(k) {
  k = Math.max(0, Math.min(r.steps.length, k));
  const asked = ++r.asked;
  let frame;
  try {
    frame = await call('replay_frame', { step: k });
  } catch (e) {
    stop();
    toast(errorText(e));
    return false;
  }
  if (!r || asked !== r.asked) return false;
  // What a step changed is lit only when going forward by one.
  r.before = k === r.step + 1 ? r.frame : null;
  r.step = k;
  r.frame = frame;
  draw();
  return true;
}

function stop() {
  if (!r) return;
  clearTimeout(r.timer);
  r.playing = false;
}

function pause() {
  stop();
  draw();
}

/** Plays on from the step shown (from the start again when at the end). */
async function play() {
  r.playing = true;
  draw();
  if (r.step >= r.steps.length && !(await show(0))) return;
  next();
}

function next() {
  if (!r || !r.playing) return;
  if (r.step >= r.steps.length) {
    pause();
    return;
  }
  r.timer = setTimeout(async () => {
    if (!r.playing) return;
    if (await show(r.step + 1)) next();
  }, gapBefore(r.steps, r.step + 1, r.speed));
}

let wired = false;
function wire() {
  if (wired) return;
  wired = true;
  $('replay-play').addEventListener('click', () => (r.playing ? pause() : play()));
  const jump = (to) => () => { pause(); show(to()); };
  $('replay-start').addEventListener('click', jump(() => 0));
  $('replay-back').addEventListener('click', jump(() => r.step - 1));
  $('replay-fwd').addEventListener('click', jump(() => r.step + 1));
  $('replay-end').addEventListener('click', jump(() => r.steps.length));
  $('replay-scrub').addEventListener('input', () => {
    // Stopped without drawing: a draw now would put the thumb back on the step shown.
    stop();
    show(Number($('replay-scrub').value));
  });
  $('replay-speed').addEventListener('change', () => { r.speed = Number($('replay-speed').value) || 1; });
  // Space plays and pauses, the arrows step (the scrubber's own arrows when it has the focus).
  $('dlg-replay').addEventListener('keydown', (e) => {
    if (!r || e.target === $('replay-scrub') || e.target.tagName === 'SELECT') return;
    if (e.key === ' ' && e.target.tagName !== 'BUTTON') { e.preventDefault(); if (r.playing) pause(); else play(); }
    else if (e.key === 'ArrowLeft') { e.preventDefault(); jump(() => r.step - 1)(); }
    else if (e.key === 'ArrowRight') { e.preventDefault(); jump(() => r.step + 1)(); }
  });
  $('dlg-replay').addEventListener('close', () => {
    stop();
    const back = r && r.back;
    if (back) back();
  });
  window.addEventListener('resize', () => { if ($('dlg-replay').open) draw(); });
  onLanguageChange(() => { if ($('dlg-replay').open) { describe(); draw(); } });
}
