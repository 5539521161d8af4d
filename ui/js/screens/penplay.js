// The pen-play part of every game written cell by cell (Sudoku, KenKen), once: the write_cell
// round trip, the number pad (number first or cell first), pen and pencil modes, the eraser
// (cells, or notes in pencil mode), ink notes, typed candidates, "fill candidates", hint (a
// second press applies it) and Solve with a confirmation. A game supplies its board drawing and
// its pad's shape; the screen interface it returns is documented at the top of screens/sudoku.js.

import { symbolChar } from '../board.js';
import { cellsUnderPath, notesHit } from '../eraser.js';
import { keyAction, moveSelection } from '../keys.js';
import { telemetry, record } from '../telemetry.js';

const $ = (id) => document.getElementById(id);
const FLASH_MS = 350;

/**
 * A screen for a game written cell by cell with the pen (Sudoku, KenKen).
 * @param {object} ctx the app's context (see the top of screens/sudoku.js)
 * @param {{kind: string, label: string, draw: (canvas, view, ui) => void, padColumns: (n: number) => number}} game
 *   label: the board's accessible name; draw: the game's board drawing (ui: selected,
 *   showIncorrect, pencil, highlight, flash); padColumns: the number pad's columns for side n
 */
export function createPenScreen(ctx, game) {
  const state = {
    selected: null, // {row, col}
    mode: 'pen', // 'pen' writes numbers, 'pencil' keeps notes
    armed: null, // a number chosen first, then cells tapped
    hint: null, // the last hint; a second press applies it
    flash: null, // a cell flashed to say "no"
  };
  let view = null;
  let flashTimer = null;

  ctx.panel.replaceChildren($('tpl-pen-game').content.cloneNode(true));
  ctx.canvas.setAttribute('aria-label', game.label);
  const click = (id, f) => $(id).addEventListener('click', f);
  click('mode-pen', () => setMode('pen'));
  click('mode-pencil', () => setMode('pencil'));
  click('btn-clear', clearSelected);
  click('btn-hint', hint);
  click('btn-auto', () => ctx.act({ type: 'set_candidates' }));
  click('btn-solve', async () => {
    const ok = await ctx.confirm({ title: 'Solve the puzzle?', text: 'The computer will fill in every cell. You can undo it.', ok: 'Solve' });
    if (ok) ctx.act({ type: 'solve' });
  });

  const cellOf = ({ row, col }) => view.cells[row * view.size + col];
  const where = ({ row, col }) => `r${row + 1}c${col + 1}`;

  function redrawWith(change) {
    Object.assign(state, change);
    ctx.redraw();
  }

  function flash(cell) {
    redrawWith({ flash: cell });
    clearTimeout(flashTimer);
    flashTimer = setTimeout(() => redrawWith({ flash: null }), FLASH_MS);
  }

  /** A number into a cell: the pen writes it, the pencil toggles it as a candidate. */
  function enter({ row, col }, value) {
    return ctx.act(state.mode === 'pencil' ? { type: 'toggle_candidate', row, col, value } : { type: 'set_value', row, col, value });
  }

  function sync() {
    $('mode-pen').setAttribute('aria-pressed', String(state.mode === 'pen'));
    $('mode-pencil').setAttribute('aria-pressed', String(state.mode === 'pencil'));
    for (const b of $('numbers').children) b.setAttribute('aria-pressed', String(Number(b.dataset.value) === state.armed));
  }

  function buildNumbers() {
    const n = view.size;
    const box = $('numbers');
    box.style.setProperty('--cols', game.padColumns(n));
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

  // Number first (armed), then cells; or a cell first, then the number.
  function onNumber(v) {
    const sel = state.selected;
    if (state.armed === v) {
      state.armed = null;
    } else if (sel && !state.armed) {
      if (cellOf(sel).given) flash(sel);
      else enter(sel, v);
      return;
    } else {
      state.armed = v;
      ctx.setStatus(`Tap cells to ${state.mode === 'pencil' ? 'note' : 'write'} ${symbolChar(v)}. Tap ${symbolChar(v)} again to stop.`);
    }
    sync();
  }

  function tap(cell) {
    redrawWith({ selected: cell });
    if (state.armed && !cellOf(cell).given) return enter(cell, state.armed);
    return null;
  }

  function setMode(mode) {
    ctx.input.flush();
    state.mode = mode;
    sync();
    ctx.redraw();
  }

  function clearSelected() {
    const sel = state.selected;
    if (sel) ctx.act({ type: 'clear', row: sel.row, col: sel.col });
  }

  // A group of pen strokes in one cell, read by the backend.
  async function write({ cell, strokes }) {
    const started = performance.now();
    const args = { row: cell.row, col: cell.col, strokes: strokes.map((s) => s.map(({ x, y, t, p }) => ({ x, y, t, p }))) };
    let res;
    try {
      res = await ctx.call('write_cell', args);
    } catch (e) {
      telemetry.writes++;
      telemetry.lastWrite = { cell, outcome: { kind: 'error', message: e.message } };
      flash(cell);
      ctx.toast(e.message);
      return;
    }
    telemetry.writes++;
    telemetry.lastWrite = { cell, outcome: res.outcome };
    const o = res.outcome;
    if (o.kind === 'symbol') {
      state.selected = cell;
      ctx.show(res.view);
      record(telemetry.latency, performance.now() - started);
      ctx.setStatus(`Wrote ${o.symbol} in ${where(cell)}.`);
    } else if (o.kind === 'scratch_out') {
      ctx.show(res.view);
      ctx.setStatus(`Cleared ${where(cell)}.`);
    } else if (o.kind === 'tap') {
      redrawWith({ selected: cell });
    } else {
      flash(cell);
      ctx.setStatus(o.kind === 'given' ? 'That number is part of the puzzle.' : `Couldn't read that: ${o.reason}.`);
    }
  }

  // One eraser stroke, one undo step: in pencil mode it rubs out the notes it touches,
  // otherwise it clears the cells it passes over (the backend keeps the givens).
  function erase(points) {
    const n = view.size;
    if (state.mode === 'pencil') {
      const notes = (view.notes || []).map((k) => ({ id: k.id, points: k.points.map(([x, y]) => ({ x, y })) }));
      const ids = notesHit(notes, points, 0.25 / n);
      return ids.length ? ctx.act({ type: 'remove_notes', ids }) : null;
    }
    const cells = cellsUnderPath(points, n, 0).map(({ row, col }) => [row, col]);
    return cells.length ? ctx.act({ type: 'clear_cells', cells }) : null;
  }

  // The first press shows the hint; a second press applies it.
  async function hint() {
    const apply = state.hint && state.hint.apply;
    if (apply) {
      const v = await ctx.act(apply);
      if (v && apply.row !== undefined) state.selected = { row: apply.row, col: apply.col };
      ctx.redraw();
      return;
    }
    const h = await ctx.callOrToast('hint');
    if (!h) return;
    state.hint = h;
    if (h.highlight && h.highlight.target) state.selected = null;
    ctx.setStatus(h.explanation, h.technique);
    ctx.redraw();
  }

  return {
    kind: game.kind,
    state,

    setView(v, { fresh = false } = {}) {
      const newBoard = fresh || !view || view.size !== v.size;
      view = v;
      if (newBoard) {
        ctx.input.reset(v.size);
        buildNumbers();
        state.selected = null;
        state.armed = null;
      }
      state.hint = null;
      sync();
    },

    draw(canvas, { showIncorrect }) {
      game.draw(canvas, view, {
        selected: state.selected,
        showIncorrect,
        pencil: state.mode === 'pencil',
        highlight: state.hint && state.hint.highlight,
        flash: state.flash,
      });
    },

    inputMode() {
      return state.mode === 'pencil' && !state.armed ? 'note' : 'write';
    },

    onInput(e) {
      switch (e.type) {
        case 'ink': return write(e);
        case 'tap': return tap(e.cell);
        case 'note': return ctx.act({ type: 'add_note', stroke: e.points });
        case 'erase': return erase(e.points);
        default: return null;
      }
    },

    onKey(ev) {
      const a = keyAction(ev, view.size);
      if (!a) return false;
      const sel = state.selected;
      switch (a.type) {
        case 'move': redrawWith({ selected: moveSelection(sel, a.dr, a.dc, view.size) }); break;
        case 'symbol': if (sel) enter(sel, a.value); break;
        case 'clear': clearSelected(); break;
        case 'togglePencil': setMode(state.mode === 'pen' ? 'pencil' : 'pen'); break;
        case 'hint': hint(); break;
        default: return false; // undo and redo are the app's
      }
      return true;
    },

    destroy() {
      clearTimeout(flashTimer);
      ctx.panel.replaceChildren();
    },
  };
}
