// "Enter a puzzle" for Sudoku: copy the givens of a newspaper or book puzzle onto an empty board
// with the pen (the same recogniser, tap, scratch-out and eraser end as in play), a finger, the
// mouse or the keyboard, then "Start": the engine checks them (clashing givens, no solution,
// several solutions with the cells where two of them differ, or one) and a unique puzzle is
// rated and played as a normal game with its givens locked. The givens are givens-editor.js;
// the reading of ink and every rule are the backend's (read_ink, check_sudoku, play_sudoku).
// A screen like the games' (interface at the top of screens/sudoku.js) without a game in play.

import { drawBoard, symbolChar, FONT } from '../board.js';
import { cellsUnderPath } from '../eraser.js';
import { keyAction, moveSelection } from '../keys.js';
import { GivensEditor } from '../givens-editor.js';
import { loadDraft, keepDraft, dropDraft } from '../drafts.js';

const $ = (id) => document.getElementById(id);
const DRAFT_KEY = 'inkdoku.sudoku-entry';
const where = ([r, c]) => `row ${r + 1}, column ${c + 1}`;

/**
 * @param {object} ctx the app's context (see the top of screens/sudoku.js)
 * @param {{size: number}} opts 4, 6, 9 or 16
 */
export function createSudokuEntry(ctx, { size }) {
  const draft = loadDraft(DRAFT_KEY);
  const resumed = Boolean(draft && draft.size === size && Array.isArray(draft.values) && draft.values.some((v) => v));
  const editor = new GivensEditor(size, resumed ? draft.values : null);
  const state = { entry: null };
  let selected = null;
  let result = null; // the last check_sudoku answer, until the next change
  let message = '';
  let reads = 0; // ink groups the backend has answered (tests wait on it)

  ctx.panel.replaceChildren($('tpl-sudoku-entry').content.cloneNode(true));
  ctx.canvas.setAttribute('aria-label', 'Sudoku entry board');
  ctx.input.reset(size);
  $('se-size').textContent = `${size} × ${size}`;
  buildPad();

  function publish() {
    state.entry = {
      size,
      values: [...editor.values],
      selected: selected && { ...selected },
      message,
      reads,
      verdict: result ? result.verdict : null,
      marked: marked(),
      canUndo: editor.past.length > 0,
      canRedo: editor.future.length > 0,
    };
  }

  /** Cells the last check points at: clashing givens, or where two solutions differ. */
  function marked() {
    if (!result) return [];
    return result.verdict === 'clashes' ? result.cells : result.verdict === 'multiple' ? result.differ : [];
  }

  function say(text) {
    message = text;
    $('se-message').textContent = text;
    publish();
  }

  function changed(didChange, note) {
    if (didChange) {
      keepDraft(DRAFT_KEY, { size, values: editor.values });
      result = null;
    }
    if (note !== undefined) say(note);
    publish();
    ctx.historyChanged();
    ctx.redraw();
  }

  function buildPad() {
    const box = $('se-numbers');
    box.style.setProperty('--cols', size === 16 ? 4 : size === 4 ? 2 : 3);
    for (let v = 1; v <= size; v++) {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = symbolChar(v);
      b.setAttribute('aria-label', `Number ${symbolChar(v)}`);
      b.addEventListener('click', () => put(v));
      box.append(b);
    }
    $('se-clear').addEventListener('click', () => selected && changed(editor.clear([[selected.row, selected.col]]), ''));
    $('se-clear-all').addEventListener('click', async () => {
      if (editor.count && !(await ctx.confirm({ title: 'Clear the board?', text: 'Every given goes. You can undo it.', ok: 'Clear' }))) return;
      changed(editor.clearAll(), '');
    });
    $('se-start').addEventListener('click', start);
  }

  function put(value) {
    if (!selected) { say('Choose a cell first: tap it, or write the number straight into it.'); return; }
    changed(editor.set(selected.row, selected.col, value), '');
  }

  // Ink written in a cell: the backend reads it with the game's recogniser and rules.
  async function write({ cell, strokes }) {
    let r;
    try {
      r = await ctx.call('read_ink', { size, strokes: strokes.map((s) => s.map(({ x, y, t, p }) => ({ x, y, t, p }))) });
    } catch (e) {
      reads++;
      say(e.message);
      return;
    }
    reads++;
    selected = cell;
    if (r.kind === 'symbol') changed(editor.set(cell.row, cell.col, r.value), `${r.symbol} at ${where([cell.row, cell.col])}.`);
    else if (r.kind === 'scratch_out') changed(editor.clear([[cell.row, cell.col]]), `Cleared ${where([cell.row, cell.col])}.`);
    else if (r.kind === 'tap') changed(false);
    else say(`Couldn't read that: ${r.reason}.`);
  }

  async function start() {
    const args = { size, values: editor.values };
    const r = await ctx.callOrToast('check_sudoku', args);
    if (!r) return;
    result = r;
    if (r.verdict === 'unique') {
      const v = await ctx.callOrToast('play_sudoku', args);
      if (v) {
        dropDraft(DRAFT_KEY);
        ctx.startGame(v, `Your puzzle has one solution: ${r.difficulty}, the hardest step is ${r.technique}. Good luck!`);
        return;
      }
    } else if (r.verdict === 'clashes') {
      say(`These givens clash: the same number twice in a row, column or box (${r.cells.map(where).join('; ')}).`);
    } else if (r.verdict === 'no_solution') {
      say('No solution: check the givens you copied.');
    } else {
      const [row, col] = r.differ[0];
      const k = row * size + col;
      say(`More than one solution: the marked cells differ between two of them (${where([row, col])} can be ${symbolChar(r.first[k])} or ${symbolChar(r.second[k])}). A given is missing or wrong.`);
    }
    publish();
    ctx.redraw();
  }

  function draw(canvas) {
    const clash = new Set(editor.clashes().map(([r, c]) => r * size + c));
    const view = {
      size,
      box_rows: editor.boxRows,
      box_cols: editor.boxCols,
      cells: editor.values.map((value, k) => ({ value, given: true, conflict: clash.has(k), candidates: 0 })),
      notes: [],
    };
    drawBoard(canvas, view, { selected, highlight: { cells: marked(), target: null } });
    // Where two solutions differ, each marked cell shows both of its values, small.
    if (result && result.verdict === 'multiple') {
      const g = canvas.getContext('2d');
      const cell = canvas.width / size;
      g.fillStyle = '#8d4e00';
      g.textAlign = 'center';
      g.textBaseline = 'middle';
      g.font = `600 ${Math.round(cell * 0.24)}px ${FONT}`;
      for (const [r, c] of result.differ) {
        const k = r * size + c;
        g.fillText(`${symbolChar(result.first[k])} / ${symbolChar(result.second[k])}`, (c + 0.5) * cell, (r + 0.5) * cell);
      }
    }
  }

  publish();
  say(resumed
    ? 'Your unfinished puzzle is back where you left it.'
    : 'Write each given in its cell with the pen, or tap a cell and type or tap a number. Then press Start.');

  return {
    kind: 'sudoku-entry',
    state,
    setView() {},
    draw,
    inputMode: () => 'write',
    onInput(e) {
      switch (e.type) {
        case 'ink': return write(e);
        case 'tap':
          selected = e.cell;
          publish();
          ctx.redraw();
          return null;
        case 'erase': {
          const cells = cellsUnderPath(e.points, size, 0).map(({ row, col }) => [row, col]);
          changed(editor.clear(cells), '');
          return null;
        }
        default:
          return null;
      }
    },
    onKey(ev) {
      const a = keyAction(ev, size);
      if (!a) return false;
      switch (a.type) {
        case 'move': selected = moveSelection(selected, a.dr, a.dc, size); publish(); ctx.redraw(); return true;
        case 'symbol': put(a.value); return true;
        case 'clear': if (selected) changed(editor.clear([[selected.row, selected.col]]), ''); return true;
        default: return false;
      }
    },
    history: {
      can: () => ({ undo: editor.past.length > 0, redo: editor.future.length > 0 }),
      undo: () => changed(editor.undo() && true, ''),
      redo: () => changed(editor.redo() && true, ''),
    },
    destroy() {
      ctx.panel.replaceChildren();
    },
  };
}
