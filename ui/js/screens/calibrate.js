// "Teach my handwriting": a practice sheet on the board, like a school copybook. Each symbol
// has three boxes, the size of a 9x9 cell; the player writes in them in any order, sees at once
// how the recogniser reads each one (a tick, or "read as 7": that box will teach it), rubs out
// or rewrites a box, and saves the sheet: its samples join the player's handwriting profile
// (`add_handwriting_samples`, all at once). Nothing touches the game in play, which waits with
// its clock stopped. A screen like the games' (interface at the top of screens/sudoku.js)
// without a game in play; the app opens it with `ctx.backToGame` to leave.

import { t } from '../i18n.js';
import { COLORS, FONT, strokePath, context2d } from '../board.js';
import { cellsUnderPath } from '../eraser.js';
import { telemetry } from '../telemetry.js';
import { loadDraft, keepDraft, dropDraft } from '../drafts.js';

const $ = (id) => document.getElementById(id);

/** The sheet's side in boxes: a box is the size of a 9x9 Sudoku cell. */
export const SIDE = 9;
/** Samples of each symbol. */
export const TIMES = 3;
const PER_ROW = SIDE / TIMES; // symbols side by side in one row
export const DIGITS = [...'123456789'];
export const LETTERS = [...'ABCDEFG'];

/**
 * Where each box is: symbols in reading order, three boxes each, the rows centred on the sheet.
 * @param {string[]} symbols
 * @returns {{boxes: {symbol: string, k: number, row: number, col: number}[], top: number, rows: number}}
 */
export function sheetLayout(symbols) {
  const rows = Math.ceil(symbols.length / PER_ROW);
  const top = Math.floor((SIDE - rows) / 2);
  const boxes = symbols.flatMap((symbol, i) => Array.from({ length: TIMES }, (_, k) => ({
    symbol,
    k,
    row: top + Math.floor(i / PER_ROW),
    col: (i % PER_ROW) * TIMES + k,
  })));
  return { boxes, top, rows };
}

/**
 * How a written box was read: 'right', 'other' (as another symbol), 'unsure' (its own symbol
 * but not surely, or nothing readable), or null (no answer yet).
 */
function verdict(b) {
  if (!b.read) return null;
  if (b.read.symbol && b.read.symbol !== b.symbol) return 'other';
  return b.read.symbol === b.symbol && !b.read.unsure ? 'right' : 'unsure';
}

/** The sheet being written, kept after every change: a view that reloads brings it back. */
const DRAFT_KEY = 'inkdoku.calibration';

/** An empty sheet, with or without the letters' boxes. */
function makeSheet(withLetters) {
  const { boxes, top, rows } = sheetLayout(withLetters ? [...DIGITS, ...LETTERS] : DIGITS);
  return { letters: withLetters, top, rows, boxes: boxes.map((b) => ({ ...b, strokes: null, read: null })) };
}

/** The kept sheet, letters or not, as it was left; null if none was kept with something written
 * on it, or it is not one we can read. */
function loadSheet() {
  const d = loadDraft(DRAFT_KEY);
  if (!d || typeof d.letters !== 'boolean' || !Array.isArray(d.boxes)) return null;
  const fresh = makeSheet(d.letters);
  if (d.boxes.length !== fresh.boxes.length) return null;
  const same = d.boxes.every((b, i) => b && b.symbol === fresh.boxes[i].symbol && b.row === fresh.boxes[i].row && b.col === fresh.boxes[i].col);
  const inkOk = d.boxes.every((b) => b.strokes === null || (Array.isArray(b.strokes) && b.strokes.every((st) => Array.isArray(st) && st.every((p) => p && Number.isFinite(p.x) && Number.isFinite(p.y)))));
  const written = d.boxes.some((b) => b.strokes);
  return same && inkOk && written ? { ...fresh, boxes: fresh.boxes.map((b, i) => ({ ...b, strokes: d.boxes[i].strokes, read: d.boxes[i].read || null })) } : null;
}

/** The recogniser's set for a sheet: "1-9", or "1-9A-G" with the letters. */
const symbolSet = (letters) => (letters ? '1-9A-G' : '1-9');

/**
 * The sheet.
 * @param {object} ctx the app's context (screens/sudoku.js), with backToGame(note)
 * @param {{letters: boolean}} opts start with the letters A-G (a 16x16 player)
 */
export function createCalibration(ctx, { letters = false } = {}) {
  const kept = loadSheet();
  let sheet = kept || makeSheet(letters);
  let busy = false;
  let alive = true; // false once the sheet is put away: a late answer changes nothing
  // The sheet's own undo and redo (the app's buttons and keys drive them): snapshots.
  const past = [];
  const future = [];
  const snapshot = () => ({ ...sheet, boxes: sheet.boxes.map((b) => ({ ...b })) });
  function remember() {
    past.push(snapshot());
    if (past.length > 200) past.shift();
    future.length = 0;
  }
  function travel(from, to) {
    if (!from.length) return;
    to.push(snapshot());
    sheet = from.pop();
    ctx.setStatus('');
    sync();
  }
  const state = { calibration: null };

  const boxAt = (row, col) => sheet.boxes.find((b) => b.row === row && b.col === col) || null;
  const filled = () => sheet.boxes.filter((b) => b.strokes);

  function publish() {
    state.calibration = {
      letters: sheet.letters,
      total: sheet.boxes.length,
      filled: filled().length,
      boxes: sheet.boxes.map(({ symbol, row, col, strokes, read }) => ({ symbol, row, col, filled: Boolean(strokes), read })),
    };
  }

  function sync() {
    const n = filled().length;
    $('cal-progress').textContent = t('cal.progress', { filled: n, total: sheet.boxes.length });
    $('cal-save').disabled = n === 0 || busy;
    $('cal-clear').disabled = n === 0 || busy;
    $('cal-letters').checked = sheet.letters;
    if (alive) keepDraft(DRAFT_KEY, { letters: sheet.letters, boxes: sheet.boxes.map(({ symbol, row, col, strokes, read }) => ({ symbol, row, col, strokes, read })) });
    publish();
    ctx.historyChanged();
    ctx.redraw();
  }

  function say(text) {
    ctx.setStatus(text);
  }

  /** A box's ink as the recogniser sees it now (with what it already knows of this player). */
  async function read(box) {
    const strokes = box.strokes;
    let r = null;
    try {
      r = await ctx.call('read_handwriting', { symbols: symbolSet(sheet.letters), strokes });
    } catch (e) {
      r = null;
    }
    if (!alive) return;
    telemetry.writes++;
    telemetry.lastWrite = { calibration: box.symbol, cell: { row: box.row, col: box.col }, outcome: r };
    // Rewritten, rubbed out or undone meanwhile: that answer is for ink that has gone (undo
    // copies boxes, so the box on the sheet now is looked up by its ink).
    box = sheet.boxes.find((b) => b.strokes === strokes);
    if (!box) return;
    box.read = !r ? null : r.kind === 'symbol' ? { symbol: r.candidates[0][0], unsure: r.unsure } : { symbol: null, unsure: true };
    const v = verdict(box);
    const key = { right: 'cal.read_right', other: 'cal.read_other' }[v] || (v && box.read.symbol ? 'cal.read_unsure' : 'cal.read_none');
    say(t(key, { symbol: box.symbol, read: v === 'other' ? box.read.symbol : '' }));
    sync();
  }

  function write({ cell, strokes }) {
    const box = boxAt(cell.row, cell.col);
    if (!box) {
      say(t('cal.outside'));
      telemetry.writes++;
      telemetry.lastWrite = { calibration: null, cell, outcome: null };
      return null;
    }
    remember();
    // Strokes in board units, as written (the recogniser only sees the shape).
    box.strokes = strokes.map((s) => s.map(({ x, y }) => ({ x, y })));
    box.read = null;
    sync();
    return read(box);
  }

  function erase(points) {
    const gone = cellsUnderPath(points, SIDE, 0).map(({ row, col }) => boxAt(row, col)).filter((b) => b && b.strokes);
    if (gone.length) remember();
    for (const b of gone) { b.strokes = null; b.read = null; }
    if (gone.length) say(t('cal.erased'));
    sync();
  }

  async function save() {
    const samples = filled().map((b) => ({ symbol: b.symbol, strokes: b.strokes }));
    if (!samples.length || busy) return;
    busy = true;
    sync();
    const st = await ctx.callOrToast('add_handwriting_samples', { samples });
    busy = false;
    if (!alive) return;
    if (!st) { sync(); return; }
    dropDraft(DRAFT_KEY);
    const count = samples.length;
    await ctx.backToGame(() => t('cal.saved', { count }));
  }

  async function cancel() {
    if (filled().length && !(await ctx.confirm({ title: t('cal.cancel.title'), text: t('cal.cancel.text', { count: filled().length }), ok: t('cal.cancel.ok') }))) return;
    if (!alive) return;
    dropDraft(DRAFT_KEY);
    await ctx.backToGame(() => t('cal.cancelled'));
  }

  function draw(canvas) {
    const g = context2d(canvas);
    const px = canvas.width;
    const cell = px / SIDE;
    g.fillStyle = COLORS.paper;
    g.fillRect(0, 0, px, px);
    const thin = Math.max(1, Math.round(px / 600));
    const thick = Math.max(2, Math.round(px / 200));
    // Above the boxes, what to do; below them nothing: paper.
    if (sheet.top > 0) {
      g.fillStyle = COLORS.candidate;
      g.textAlign = 'center';
      g.textBaseline = 'middle';
      g.font = `${Math.round(cell * 0.3)}px ${FONT}`;
      g.fillText(t('cal.sheet'), px / 2, (sheet.top - 0.5) * cell, px * 0.94);
    }
    for (const b of sheet.boxes) {
      const x = b.col * cell, y = b.row * cell;
      const v = verdict(b);
      if (b.strokes && v && v !== 'right') { g.fillStyle = COLORS.unsure; g.fillRect(x, y, cell, cell); }
      g.strokeStyle = COLORS.grid;
      g.lineWidth = thin;
      g.strokeRect(x + thin / 2, y + thin / 2, cell - thin, cell - thin);
      // The symbol to write, small in the corner, as on a copybook line.
      g.fillStyle = COLORS.noteIdle;
      g.textAlign = 'left';
      g.textBaseline = 'top';
      g.font = `600 ${Math.round(cell * 0.2)}px ${FONT}`;
      g.fillText(b.symbol, x + cell * 0.07, y + cell * 0.05);
      if (b.strokes) {
        g.strokeStyle = COLORS.entry;
        g.lineCap = 'round';
        g.lineJoin = 'round';
        g.lineWidth = Math.max(1.5, cell * 0.05);
        for (const s of b.strokes) strokePath(g, s.map(({ x: sx, y: sy }) => [sx, sy]), px);
        // How it was read: a tick, or what it was taken for (amber box: this one teaches).
        if (b.read) {
          g.textAlign = 'right';
          g.textBaseline = 'bottom';
          g.font = `700 ${Math.round(cell * 0.22)}px ${FONT}`;
          g.fillStyle = v === 'right' ? COLORS.entry : COLORS.unsureEdge;
          g.fillText({ right: '✓', other: `→${b.read.symbol}` }[v] || '?', x + cell * 0.95, y + cell * 0.97);
        }
      }
    }
    // Each symbol's three boxes framed together.
    g.strokeStyle = COLORS.gridStrong;
    g.lineWidth = thick;
    for (let i = 0; i < sheet.boxes.length; i += TIMES) {
      const b = sheet.boxes[i];
      g.strokeRect(b.col * cell + thick / 2, b.row * cell + thick / 2, TIMES * cell - thick, cell - thick);
    }
  }

  function cellText(r, c) {
    const b = boxAt(r, c);
    if (!b) return t('cal.a11y.none');
    const v = verdict(b);
    const how = !b.strokes ? 'empty' : !v ? 'written' : v === 'unsure' ? 'unread' : v;
    return t('cal.a11y.box', { symbol: b.symbol, k: b.k + 1, times: TIMES, how: t(`cal.a11y.${how}`, { read: v === 'other' ? b.read.symbol : '' }) });
  }

  ctx.panel.replaceChildren($('tpl-calibrate').content.cloneNode(true));
  ctx.canvas.setAttribute('aria-label', t('cal.board'));
  ctx.input.reset(SIDE);
  $('cal-save').addEventListener('click', save);
  $('cal-cancel').addEventListener('click', cancel);
  $('cal-clear').addEventListener('click', () => {
    remember();
    for (const b of sheet.boxes) { b.strokes = null; b.read = null; }
    say(t('cal.how'));
    sync();
  });
  $('cal-letters').addEventListener('change', () => {
    // The digits already written stay; the letters' boxes come or go.
    remember();
    const old = new Map(sheet.boxes.map((b) => [`${b.symbol}${b.k}`, b]));
    sheet = makeSheet($('cal-letters').checked);
    for (const b of sheet.boxes) {
      const o = old.get(`${b.symbol}${b.k}`);
      if (o) { b.strokes = o.strokes; b.read = null; }
    }
    for (const b of sheet.boxes) if (b.strokes) read(b);
    say(t('cal.how'));
    sync();
  });
  sync();
  say(t(kept ? 'cal.draft' : 'cal.how'));

  return {
    kind: 'calibration',
    state,
    setView() {},
    draw,
    inputMode: () => 'write',
    onInput(e) {
      if (e.eraser && (e.type === 'tap' || e.type === 'drag')) return erase(e.type === 'tap' && e.point ? [e.point] : e.points || []);
      switch (e.type) {
        case 'ink': return write(e);
        case 'erase': return erase(e.points);
        default: return null;
      }
    },
    onKey(ev) {
      if (ev.key === 'Escape') { cancel(); return true; }
      return false;
    },
    history: {
      can: () => ({ undo: past.length > 0, redo: future.length > 0 }),
      undo: () => travel(past, future),
      redo: () => travel(future, past),
    },
    a11y() {
      return { rows: SIDE, cols: SIDE, text: cellText, selected: null, focusSelects: false };
    },
    destroy() {
      alive = false;
      ctx.panel.replaceChildren();
    },
  };
}
