// Entry point: wires the backend, layout, board drawing, live ink and input together.
// The backend owns the game; this module only draws what it says and sends it the player's
// strokes and actions.

import { call, transportName } from './backend.js';
import { computeLayout } from './layout.js';
import { fitCanvas, drawBoard, symbolChar } from './board.js';
import { toBoard, cellAt } from './hit.js';
import { InkLayer } from './ink.js';
import { StrokeGrouper } from './strokes.js';
import { cellsUnderPath, notesHit, isEraser } from './eraser.js';
import { PalmFilter } from './palm.js';
import { keyAction, moveSelection } from './keys.js';

const $ = (id) => document.getElementById(id);
const INK_COLOR = '#1a237e';
const PENCIL_COLOR = '#37474f';
const ERASER_COLOR = 'rgba(120, 144, 156, 0.35)';

// State the page exposes for tests and debugging (read-only use).
const state = {
  transport: transportName(),
  view: null,
  selected: null,
  mode: 'pen', // 'pen' writes numbers, 'pencil' keeps notes
  armed: null, // a number chosen first, then cells tapped
  settings: null,
  platform: null,
  layout: null,
  lastPointer: null,
  lastWrite: null,
  hint: null,
  flash: null,
  drawCount: 0,
  writes: 0,
  latency: [], // ms from group commit to typed symbol drawn (last 500)
  inkLatency: [], // ms from a pointer event's timestamp to its ink drawn (last 500)
  inkDraw: [], // ms spent drawing one pointer event's ink inside its handler (last 500)
};

function record(list, ms) {
  list.push(ms);
  if (list.length > 500) list.shift();
}
window.__inkdoku = state;

const ink = new InkLayer($('ink'));
let grouper = new StrokeGrouper({ n: 9 });
const palm = new PalmFilter();
/** The active pointer's stroke: {pointerId, kind:'write'|'note'|'erase', inkId, points} */
let active = null;
/** Live-ink ids of strokes that belong to the open (not yet committed) group. */
let groupInk = [];

// ---------- drawing ----------

function hand() {
  const h = state.settings ? state.settings.handedness : 'auto';
  if (h === 'left' || h === 'right') return h;
  return state.platform ? state.platform.system_hand : 'right';
}

function render() {
  const layout = computeLayout({ width: window.innerWidth, height: window.innerHeight, hand: hand() });
  state.layout = layout;
  $('app').dataset.hand = hand();
  $('app').dataset.orientation = layout.orientation;
  const wrap = $('board-wrap');
  Object.assign(wrap.style, { left: `${layout.board.x}px`, top: `${layout.board.y}px`, width: `${layout.board.size}px`, height: `${layout.board.size}px` });
  const panel = $('panel');
  Object.assign(panel.style, { left: `${layout.panel.x}px`, top: `${layout.panel.y}px`, width: `${layout.panel.width}px`, height: `${layout.panel.height}px` });
  if (!state.view) return;
  const dpr = window.devicePixelRatio || 1;
  fitCanvas($('board'), layout.board.size, dpr);
  const inkResized = $('ink').width !== Math.round(layout.board.size * dpr);
  fitCanvas($('ink'), layout.board.size, dpr);
  ink.cellPx = layout.board.size / state.view.size;
  if (inkResized) ink.redraw();
  drawBoard($('board'), state.view, {
    selected: state.selected,
    showIncorrect: !!(state.settings && state.settings.show_incorrect),
    pencil: state.mode === 'pencil',
    highlight: state.hint && state.hint.highlight,
    flash: state.flash,
  });
  state.drawCount++;
}

function formatTime(ms) {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

let viewReceivedAt = 0;
function tickTimer() {
  const v = state.view;
  if (!v) return;
  const ms = v.elapsed_ms + (v.running ? performance.now() - viewReceivedAt : 0);
  $('timer').textContent = formatTime(ms);
}

function buildNumbers() {
  const n = state.view.size;
  const box = $('numbers');
  box.style.setProperty('--cols', n === 16 ? 4 : n === 6 ? 3 : n === 4 ? 2 : 3);
  box.replaceChildren();
  for (let v = 1; v <= n; v++) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = symbolChar(v);
    b.dataset.value = v;
    b.setAttribute('aria-label', `Number ${symbolChar(v)}`);
    b.setAttribute('aria-pressed', 'false');
    b.addEventListener('click', () => onNumber(v));
    box.append(b);
  }
}

function syncControls() {
  const v = state.view;
  $('btn-undo').disabled = !v || !v.can_undo;
  $('btn-redo').disabled = !v || !v.can_redo;
  $('mode-pen').setAttribute('aria-pressed', String(state.mode === 'pen'));
  $('mode-pencil').setAttribute('aria-pressed', String(state.mode === 'pencil'));
  $('app').dataset.mode = state.mode;
  for (const b of $('numbers').children) b.setAttribute('aria-pressed', String(Number(b.dataset.value) === state.armed));
}

/** A different game (new, imported, opened): start from a fresh board even at the same size. */
function startGame(view) {
  state.view = null;
  setView(view);
}

let wasSolved = false;
function setView(view) {
  const sizeChanged = !state.view || state.view.size !== view.size;
  state.view = view;
  viewReceivedAt = performance.now();
  if (sizeChanged) {
    grouper = new StrokeGrouper({ n: view.size });
    ink.clear();
    groupInk = [];
    buildNumbers();
    state.selected = null;
    state.armed = null;
  }
  state.hint = null;
  syncControls();
  tickTimer();
  render();
  if (view.solved && !wasSolved) celebrate();
  wasSolved = view.solved;
  if (!view.solved) $('celebration').hidden = true;
}

function celebrate() {
  $('won-time').textContent = `Time: ${formatTime(state.view.elapsed_ms)}`;
  $('celebration').hidden = false;
  setStatus('Solved! Well done.');
}

function setStatus(text, technique) {
  const s = $('status');
  s.replaceChildren();
  if (technique) {
    const t = document.createElement('span');
    t.className = 'technique';
    t.textContent = `${technique}: `;
    s.append(t);
  }
  s.append(document.createTextNode(text));
}

function toast(message, ms = 4000) {
  const t = $('toast');
  t.textContent = message;
  t.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.hidden = true; }, ms);
}

/** Runs a backend call; a failure becomes a friendly message, never an uncaught error. */
async function run(command, args) {
  try {
    return await call(command, args);
  } catch (e) {
    toast(e.message);
    return null;
  }
}

async function act(action) {
  const v = await run('act', { action });
  if (v) setView(v);
  return v;
}

function flashCell(cell) {
  state.flash = cell;
  render();
  setTimeout(() => { state.flash = null; render(); }, 350);
}

// ---------- writing with the pen ----------

async function commitGroup(ev) {
  const inkIds = groupInk;
  groupInk = [];
  const started = performance.now();
  const strokes = ev.strokes.map((s) => s.map((p) => ({ x: p.x, y: p.y, t: p.t, p: p.p })));
  let res;
  try {
    res = await call('write_cell', { row: ev.cell.row, col: ev.cell.col, strokes });
  } catch (e) {
    state.writes++;
    state.lastWrite = { cell: ev.cell, outcome: { kind: 'error', message: e.message } };
    ink.remove(inkIds);
    flashCell(ev.cell);
    toast(e.message);
    return;
  }
  state.writes++;
  state.lastWrite = { cell: ev.cell, outcome: res.outcome };
  ink.remove(inkIds);
  const o = res.outcome;
  if (o.kind === 'symbol') {
    state.selected = ev.cell;
    setView(res.view);
    record(state.latency, performance.now() - started);
    setStatus(`Wrote ${o.symbol} in r${ev.cell.row + 1}c${ev.cell.col + 1}.`);
  } else if (o.kind === 'scratch_out') {
    setView(res.view);
    setStatus(`Cleared r${ev.cell.row + 1}c${ev.cell.col + 1}.`);
  } else if (o.kind === 'tap') {
    select(ev.cell);
  } else {
    flashCell(ev.cell);
    setStatus(o.kind === 'given' ? 'That number is part of the puzzle.' : `Couldn't read that: ${o.reason}.`);
  }
}

function handleGroupEvents(events) {
  for (const e of events) {
    if (e.type === 'commit') commitGroup(e);
    else if (e.type === 'tap') {
      ink.remove(groupInk.splice(0));
      onCellTap(e.cell);
    }
  }
}

function select(cell) {
  state.selected = cell;
  render();
}

function onCellTap(cell) {
  select(cell);
  const c = state.view.cells[cell.row * state.view.size + cell.col];
  if (state.armed && !c.given) {
    if (state.mode === 'pencil') act({ type: 'toggle_candidate', row: cell.row, col: cell.col, value: state.armed });
    else act({ type: 'set_value', row: cell.row, col: cell.col, value: state.armed });
  }
}

function boardPoint(ev) {
  const rect = $('ink').getBoundingClientRect();
  const p = toBoard(ev.clientX - rect.left, ev.clientY - rect.top, rect.width);
  return { x: p.x, y: p.y, t: ev.timeStamp, p: ev.pointerType === 'pen' ? ev.pressure : 0.5 };
}

function onPointerDown(ev) {
  if (!state.view) return;
  if (!palm.accept(ev.pointerType, ev.timeStamp)) return;
  ev.preventDefault();
  try { $('ink').setPointerCapture(ev.pointerId); } catch { /* synthetic pointers can't be captured */ }
  const pt = boardPoint(ev);
  state.lastPointer = { type: ev.pointerType, pressure: ev.pressure, buttons: ev.buttons, button: ev.button, x: pt.x, y: pt.y };
  if (isEraser(ev)) {
    active = { pointerId: ev.pointerId, kind: 'erase', points: [pt], inkId: ink.begin(pt, 'mouse', ERASER_COLOR) };
  } else if (state.mode === 'pencil' && !state.armed) {
    active = { pointerId: ev.pointerId, kind: 'note', points: [pt], inkId: ink.begin(pt, ev.pointerType, PENCIL_COLOR) };
  } else {
    handleGroupEvents(grouper.down(pt));
    active = { pointerId: ev.pointerId, kind: 'write', points: [pt], inkId: ink.begin(pt, ev.pointerType, INK_COLOR) };
    groupInk.push(active.inkId);
  }
}

function onPointerMove(ev) {
  if (!state.view) return;
  if (!active || active.pointerId !== ev.pointerId) {
    if (ev.pointerType === 'pen') {
      // A hovering pen is a pen in use: palms resting on the screen are ignored from now on.
      palm.accept('pen', ev.timeStamp);
      // A pen hovering over another cell ends the open group at once.
      if (ev.buttons === 0 && grouper.open) handleGroupEvents(grouper.hover(boardPoint(ev)));
    }
    return;
  }
  const drawStart = performance.now();
  const events = typeof ev.getCoalescedEvents === 'function' ? ev.getCoalescedEvents() : [];
  for (const e of events.length ? events : [ev]) {
    const pt = boardPoint(e);
    active.points.push(pt);
    ink.extend(active.inkId, pt);
    if (active.kind === 'write') grouper.move(pt);
  }
  // Drawn synchronously in the event handler, so it shows in the frame that handles the event.
  const drawn = performance.now();
  record(state.inkDraw, drawn - drawStart);
  record(state.inkLatency, drawn - ev.timeStamp);
}

async function onPointerUp(ev) {
  if (!active || active.pointerId !== ev.pointerId) return;
  const stroke = active;
  active = null;
  const pt = boardPoint(ev);
  if (stroke.kind === 'write') {
    handleGroupEvents(grouper.up(pt));
    return;
  }
  if (stroke.kind === 'note') {
    const points = stroke.points.map((p) => [p.x, p.y]);
    // A tiny pencil dot is a tap: select the cell instead of leaving a speck.
    const cell = cellAt(pt.x, pt.y, state.view.size);
    const xs = points.map((p) => p[0]), ys = points.map((p) => p[1]);
    const extent = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
    if (extent < 0.15 / state.view.size) {
      ink.remove([stroke.inkId]);
      if (cell) select(cell);
      return;
    }
    await act({ type: 'add_note', stroke: points });
    ink.remove([stroke.inkId]);
    return;
  }
  // Eraser: one undo step per eraser stroke.
  ink.remove([stroke.inkId]);
  const n = state.view.size;
  const radius = 0.25 / n;
  if (state.mode === 'pencil') {
    const notes = (state.view.notes || []).map((k) => ({ id: k.id, points: k.points.map(([x, y]) => ({ x, y })) }));
    const ids = notesHit(notes, stroke.points, radius);
    if (ids.length) await act({ type: 'remove_notes', ids });
  } else {
    const cells = cellsUnderPath(stroke.points, n, 0)
      .filter(({ row, col }) => { const c = state.view.cells[row * n + col]; return c.value && !c.given; })
      .map(({ row, col }) => [row, col]);
    if (cells.length) await act({ type: 'clear_cells', cells });
  }
}

function onPointerCancel(ev) {
  if (!active || active.pointerId !== ev.pointerId) return;
  ink.remove([active.inkId]);
  if (active.kind === 'write') {
    grouper.cancel();
    ink.remove(groupInk.splice(0));
  }
  active = null;
}

// ---------- buttons and keys ----------

function onNumber(v) {
  const sel = state.selected;
  if (state.armed === v) {
    state.armed = null;
  } else if (sel && !state.armed) {
    const c = state.view.cells[sel.row * state.view.size + sel.col];
    if (c.given) flashCell(sel);
    else if (state.mode === 'pencil') act({ type: 'toggle_candidate', row: sel.row, col: sel.col, value: v });
    else act({ type: 'set_value', row: sel.row, col: sel.col, value: v });
    return;
  } else {
    state.armed = v;
    setStatus(`Tap cells to ${state.mode === 'pencil' ? 'note' : 'write'} ${symbolChar(v)}. Tap ${symbolChar(v)} again to stop.`);
  }
  syncControls();
}

function clearSelected() {
  const sel = state.selected;
  if (sel) act({ type: 'clear', row: sel.row, col: sel.col });
}

function setMode(mode) {
  handleGroupEvents(grouper.flush());
  state.mode = mode;
  syncControls();
  render();
}

async function hint() {
  if (state.hint && state.hint.apply) {
    const a = state.hint.apply;
    const v = await act(a);
    if (v && a.row !== undefined) state.selected = { row: a.row, col: a.col };
    render();
    return;
  }
  const h = await run('hint');
  if (!h) return;
  state.hint = h;
  if (h.highlight && h.highlight.target) state.selected = null;
  setStatus(h.explanation, h.technique);
  render();
}

function onKey(ev) {
  if (document.querySelector('dialog[open]')) return;
  if (!state.view) return;
  const a = keyAction(ev, state.view.size);
  if (!a) return;
  ev.preventDefault();
  const sel = state.selected;
  switch (a.type) {
    case 'move': state.selected = moveSelection(sel, a.dr, a.dc, state.view.size); render(); break;
    case 'symbol':
      if (!sel) break;
      if (state.mode === 'pencil') act({ type: 'toggle_candidate', row: sel.row, col: sel.col, value: a.value });
      else act({ type: 'set_value', row: sel.row, col: sel.col, value: a.value });
      break;
    case 'clear': clearSelected(); break;
    case 'undo': act({ type: 'undo' }); break;
    case 'redo': act({ type: 'redo' }); break;
    case 'togglePencil': setMode(state.mode === 'pen' ? 'pencil' : 'pen'); break;
    case 'hint': hint(); break;
    default: break;
  }
}

// ---------- dialogs ----------

function openNewGame() {
  const s = state.settings;
  if (s) {
    $('new-size').value = String(s.default_size);
    $('new-difficulty').value = s.difficulty;
    $('new-symmetric').checked = s.symmetric;
  }
  $('dlg-new').showModal();
}

/** Tablets with a pen lead with the pen; elsewhere with the number buttons. */
function howToPlay() {
  const pen = (state.platform && state.platform.pen_present) || palm.penSeen;
  return pen ? 'Write a number in a cell with your pen; flip the pen to erase.' : 'Tap a cell, then a number (or type it).';
}

async function newGame(size, difficulty, symmetric) {
  const v = await run('new_game', { size, difficulty, symmetric });
  if (!v) return;
  startGame(v);
  setStatus(`New ${v.size} × ${v.size} game (${v.difficulty}). ${howToPlay()}`);
}

/** A brand-new puzzle from the generator, made in the background with a progress bar. */
async function generateGame(size, difficulty, symmetric) {
  const started = await run('generate_game', { size, difficulty, symmetric });
  if (!started) return;
  $('gen').hidden = false;
  $('gen-progress').value = 0;
  const poll = async () => {
    if ($('gen').hidden) return; // cancelled
    const s = await run('generation_status');
    if (!s || s.job !== started.job) { $('gen').hidden = true; return; }
    $('gen-progress').value = s.progress;
    if (!s.done) { setTimeout(poll, 100); return; }
    $('gen').hidden = true;
    if (s.view) {
      startGame(s.view);
      setStatus(`New ${s.view.size} × ${s.view.size} game (${s.view.difficulty}), freshly made.`);
    } else if (s.error) toast(s.error);
  };
  setTimeout(poll, 100);
}

async function saveSettings(patch) {
  const s = await run('update_settings', { settings: { ...state.settings, ...patch } });
  if (s) {
    state.settings = s;
    palm.setPenOnly(s.pen_only);
    render();
  }
}

function wireDialogs() {
  $('btn-new').addEventListener('click', openNewGame);
  $('won-new').addEventListener('click', openNewGame);
  $('dlg-new').addEventListener('close', () => {
    const choice = $('dlg-new').returnValue;
    if (choice !== 'start' && choice !== 'fresh') return;
    const size = Number($('new-size').value), difficulty = $('new-difficulty').value, symmetric = $('new-symmetric').checked;
    saveSettings({ default_size: size, difficulty, symmetric });
    if (choice === 'fresh') generateGame(size, difficulty, symmetric);
    else newGame(size, difficulty, symmetric);
  });
  $('gen-cancel').addEventListener('click', async () => {
    await run('cancel_generation');
    $('gen').hidden = true;
    setStatus('Cancelled. Your game is unchanged.');
  });
  $('btn-settings').addEventListener('click', () => {
    $('set-hand').value = state.settings.handedness;
    $('set-incorrect').checked = state.settings.show_incorrect;
    $('set-penonly').checked = state.settings.pen_only;
    $('dlg-settings').showModal();
  });
  $('dlg-settings').addEventListener('close', () => {
    if ($('dlg-settings').returnValue !== 'save') return;
    saveSettings({ handedness: $('set-hand').value, show_incorrect: $('set-incorrect').checked, pen_only: $('set-penonly').checked });
  });
  $('btn-share').addEventListener('click', async () => {
    const e = await run('export_puzzle');
    $('share-text').value = e ? e.text : '';
    $('share-error').textContent = '';
    $('dlg-share').showModal();
  });
  $('share-import').addEventListener('click', async () => {
    try {
      const v = await call('import_puzzle', { text: $('share-text').value });
      $('dlg-share').close();
      startGame(v);
      setStatus('Imported puzzle.');
    } catch (e) {
      $('share-error').textContent = e.message;
    }
  });
  $('file-save').addEventListener('click', async () => {
    try {
      const r = await call('save_game_as');
      if (r.path) { $('dlg-share').close(); setStatus(`Saved to ${r.path}.`); }
    } catch (e) {
      $('share-error').textContent = e.message;
    }
  });
  for (const [id, command, done] of [['file-open', 'open_game', 'Opened the saved game.'], ['file-import', 'import_puzzle_file', 'Imported the puzzle.']]) {
    $(id).addEventListener('click', async () => {
      try {
        const r = await call(command);
        if (r.view) { $('dlg-share').close(); startGame(r.view); setStatus(done); }
      } catch (e) {
        $('share-error').textContent = e.message;
      }
    });
  }
  $('btn-solve').addEventListener('click', () => $('dlg-confirm').showModal());
  $('dlg-confirm').addEventListener('close', () => {
    if ($('dlg-confirm').returnValue === 'ok') act({ type: 'solve' });
  });
}

// ---------- start ----------

function reportError(message, source, line) {
  call('log_frontend_error', { message: String(message), source: source || null, line: line || null }).catch(() => {});
}

function wire() {
  window.addEventListener('error', (e) => reportError(e.message, e.filename, e.lineno));
  window.addEventListener('unhandledrejection', (e) => reportError(e.reason && e.reason.message ? e.reason.message : String(e.reason)));
  window.addEventListener('contextmenu', (e) => e.preventDefault());
  window.addEventListener('resize', render);
  window.addEventListener('keydown', onKey);
  window.addEventListener('focus', async () => {
    // Follow a handedness change made in the system settings while we were away.
    const p = await run('platform_info');
    if (p) { state.platform = p; render(); }
  });
  document.addEventListener('visibilitychange', async () => {
    if (!state.view) return;
    const v = await run('set_timer', { running: document.visibilityState === 'visible' });
    if (v) setView(v);
  });
  const inkCanvas = $('ink');
  inkCanvas.addEventListener('pointerdown', onPointerDown);
  inkCanvas.addEventListener('pointermove', onPointerMove);
  inkCanvas.addEventListener('pointerup', onPointerUp);
  inkCanvas.addEventListener('pointercancel', onPointerCancel);
  // Hover leaves the board: let the pause decide.
  $('mode-pen').addEventListener('click', () => setMode('pen'));
  $('mode-pencil').addEventListener('click', () => setMode('pencil'));
  $('btn-clear').addEventListener('click', clearSelected);
  $('btn-undo').addEventListener('click', () => act({ type: 'undo' }));
  $('btn-redo').addEventListener('click', () => act({ type: 'redo' }));
  $('btn-hint').addEventListener('click', hint);
  $('btn-auto').addEventListener('click', () => act({ type: 'set_candidates' }));
  wireDialogs();
  setInterval(() => { handleGroupEvents(grouper.tick(performance.now())); }, 50);
  setInterval(tickTimer, 500);
}

async function start() {
  wire();
  render();
  state.settings = await run('get_settings');
  state.platform = await run('platform_info');
  if (state.settings) palm.setPenOnly(state.settings.pen_only);
  const s = state.settings || { default_size: 9, difficulty: 'easy', symmetric: true };
  const found = await run('startup');
  if (found && found.notice) toast(found.notice, 12000);
  if (found && found.resumable) {
    const r = found.resumable;
    $('resume-text').textContent = `You have a ${r.size} × ${r.size} ${r.difficulty} game in progress: ${r.filled} of ${r.cells} cells filled, ${formatTime(r.elapsed_ms)} played.`;
    $('dlg-resume').addEventListener('close', async () => {
      if ($('dlg-resume').returnValue === 'new') {
        await newGame(s.default_size, s.difficulty, s.symmetric);
      } else {
        const v = await run('continue_game');
        if (v) { setView(v); setStatus('Welcome back.'); } else await newGame(s.default_size, s.difficulty, s.symmetric);
      }
    }, { once: true });
    $('dlg-resume').showModal();
    return;
  }
  await newGame(s.default_size, s.difficulty, s.symmetric);
}

start();
