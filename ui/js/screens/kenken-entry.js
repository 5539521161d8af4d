// "Enter a puzzle" for KenKen: copy a newspaper puzzle onto an empty board, cage by cage, then
// let the engine check and solve it ("Solve", the seed's "Calculate") or play it ("Play it").
// Cages are drawn by dragging across cells with the pen, a finger or the mouse; a tap on a free
// cell makes a one-cell cage (a given), a tap in a cage chooses it; the eraser end rubs cages
// out. Targets are typed (keyboard or the panel's digits), operations picked. The editor's state
// is cage-editor.js; the rules of a valid puzzle are the engine's (check_entry, kind kenken).
// It is a screen like the games' (interface at the top of screens/sudoku.js) without a game in
// play: undo and redo are the editor's, there is no clock.

import { t, errorText, difficultyText, sizeText, onLanguageChange, fromMarkup } from '../i18n.js';
import { CageEditor, pathCells } from '../cage-editor.js';
import { drawKenken, cageLabel } from '../kenken-board.js';
import { drawEntryMarks } from '../board.js';
import { cellsUnderPath } from '../eraser.js';
import { loadDraft, keepDraft, dropDraft } from '../drafts.js';
import { ARROWS } from '../keys.js';

const $ = (id) => document.getElementById(id);
const KEY_OPS = { '+': '+', '-': '-', '*': '*', x: '*', X: '*', '/': '/', '=': '=' };

/** "Sample": a 6x6 of medium level made by our generator (src/kenken/bank/kenken6.txt). */
export const SAMPLE = {
  size: 6,
  cages: [
    { op: '+', target: 7, cells: [[0, 0], [0, 1], [0, 2]] },
    { op: '+', target: 9, cells: [[0, 3], [1, 2], [1, 3]] },
    { op: '+', target: 16, cells: [[0, 4], [0, 5], [1, 5], [2, 5]] },
    { op: '+', target: 12, cells: [[1, 0], [1, 1], [2, 0]] },
    { op: '-', target: 2, cells: [[1, 4], [2, 4]] },
    { op: '*', target: 12, cells: [[2, 1], [2, 2], [3, 1]] },
    { op: '=', target: 6, cells: [[2, 3]] },
    { op: '-', target: 4, cells: [[3, 0], [4, 0]] },
    { op: '*', target: 20, cells: [[3, 2], [3, 3], [3, 4]] },
    { op: '*', target: 24, cells: [[3, 5], [4, 5]] },
    { op: '*', target: 30, cells: [[4, 1], [4, 2], [4, 3], [5, 1]] },
    { op: '=', target: 2, cells: [[4, 4]] },
    { op: '=', target: 3, cells: [[5, 0]] },
    { op: '=', target: 6, cells: [[5, 2]] },
    { op: '*', target: 20, cells: [[5, 3], [5, 4], [5, 5]] },
  ],
};

/** The entry screen's controls (built with it: index.html holds no game's markup). */
const CONTROLS = `
<p class="entry-head"><strong data-i18n="ke.head">Enter a KenKen</strong> <span id="ke-size"></span></p>
<div class="row ke-rule">
  <span class="ke-target"><span data-i18n="ke.target">Target</span> <output id="ke-target">–</output></span>
  <button id="ke-delete" type="button" title="Delete the chosen cage (Delete)" data-i18n="ke.delete" data-i18n-title="ke.delete.title">Delete</button>
  <button id="ke-clear" type="button" title="Start again with an empty board" data-i18n="entry.clear_all" data-i18n-title="entry.clear_all.title">Clear all</button>
</div>
<div id="ke-ops" class="ke-ops" role="group" aria-label="Operation" data-i18n-label="ke.ops">
  <button type="button" data-op="+" aria-label="Add" title="Add (+)" data-i18n-label="ke.op.add" data-i18n-title="ke.op.add.title">+</button>
  <button type="button" data-op="-" aria-label="Subtract" title="Subtract (-)" data-i18n-label="ke.op.sub" data-i18n-title="ke.op.sub.title">−</button>
  <button type="button" data-op="*" aria-label="Multiply" title="Multiply (* or x)" data-i18n-label="ke.op.mul" data-i18n-title="ke.op.mul.title">×</button>
  <button type="button" data-op="/" aria-label="Divide" title="Divide (/)" data-i18n-label="ke.op.div" data-i18n-title="ke.op.div.title">÷</button>
  <button type="button" data-op="=" aria-label="Given number" title="A given number (=)" data-i18n-label="ke.op.given" data-i18n-title="ke.op.given.title">=</button>
</div>
<div id="ke-digits" class="ke-digits" role="group" aria-label="Target digits" data-i18n-label="ke.digits"></div>
<p id="ke-message" class="ke-message" role="status" aria-live="polite"></p>
<button id="ke-show" type="button" data-i18n="ke.show" hidden>Show one solution</button>
<div class="row actions">
  <button id="ke-sample" type="button" title="Load a sample puzzle" data-i18n="ke.sample.button" data-i18n-title="ke.sample.title">Sample</button>
  <button id="ke-solve" type="button" title="Check the puzzle and show its solution" data-i18n="btn.solve" data-i18n-title="ke.solve.title">Solve</button>
  <button id="ke-play" type="button" class="primary" title="Play this puzzle yourself" data-i18n="ke.play" data-i18n-title="ke.play.title">Play it</button>
</div>
<div class="row actions">
  <button id="ke-open" type="button" title="Open a KenKen saved as text or JSON" data-i18n="ke.open" data-i18n-title="ke.open.title">Open…</button>
  <button id="ke-save" type="button" title="Save as text (.txt, the hand-entry format) or JSON (.json)" data-i18n="ke.save" data-i18n-title="ke.save.title">Save…</button>
  <button id="ke-back" type="button" title="Back to the game; the drawing is kept for next time" data-i18n="ke.back" data-i18n-title="ke.back.title">Back to the game</button>
</div>
<!-- Every cage as a row (the original solver's rule list), editable here too. -->
<details id="ke-table-box" class="ke-table-box">
  <summary data-i18n="ke.table">Cages as a table</summary>
  <div class="ke-table-scroll">
    <table id="ke-table" class="ke-table">
      <thead><tr><th data-i18n="ke.table.cage">Cage</th><th data-i18n="ke.table.cells">Cells</th><th data-i18n="ke.table.op">Operation</th><th data-i18n="ke.table.target">Target</th></tr></thead>
      <tbody></tbody>
    </table>
  </div>
</details>
`;

const where = ([r, c]) => t('cell.long', { row: r + 1, col: c + 1 });

/**
 * The entry screen.
 * @param {object} ctx the app's context (see the top of screens/sudoku.js)
 * @param {{size: number}} opts the board's side, 3..9
 */
/** The drawing in progress, kept so closing the app loses nothing (drafts.js). */
const DRAFT_KEY = 'inkdoku.kenken-entry';

function loadKenkenDraft(size) {
  const d = loadDraft(DRAFT_KEY);
  try {
    return d && d.size === size && Array.isArray(d.cages) && d.cages.length ? CageEditor.fromPuzzle(d) : null;
  } catch {
    return null;
  }
}

export function createKenkenEntry(ctx, { size }) {
  const draft = loadKenkenDraft(size);
  let editor = draft || new CageEditor(size);
  // What the page publishes (window.__inkdoku.entry) and draws from, besides the editor.
  const state = {
    entry: null,
  };
  let cursor = { row: 0, col: 0 }; // the keyboard's cell, shown once the keyboard is used
  let keyboard = false;
  let live = null; // board-unit points of a drag in progress
  let result = null; // the last check_entry answer, until the next change
  let shown = null; // a solution on the board: {values, differ}
  let message = '';

  ctx.panel.replaceChildren(fromMarkup(CONTROLS));
  ctx.canvas.setAttribute('aria-label', t('ke.board'));
  ctx.input.reset(size);
  buildPad();

  function publish() {
    state.entry = {
      size: editor.size,
      cages: editor.toPuzzle().cages,
      selected: editor.selected,
      cursor: { ...cursor },
      message,
      verdict: result ? result.verdict : null,
      problem: result && result.verdict === 'invalid' ? { cage: result.cage, cells: result.cells, code: result.code } : null,
      shown: shown ? shown.values : null,
      canUndo: editor.past.length > 0,
      canRedo: editor.future.length > 0,
    };
  }

  function say(text) {
    message = text;
    $('ke-message').textContent = text;
    publish();
  }

  /** After any change to the drawing: the last verdict and a shown solution are stale. */
  function changed(r) {
    if (r && r.error) {
      say(r.error);
    } else {
      keepDraft(DRAFT_KEY, editor.toPuzzle());
      result = null;
      shown = null;
      say(editor.selected === null ? '' : describe(editor.selected));
      $('ke-show').hidden = true;
    }
    sync();
  }

  function describe(i) {
    const c = editor.cages[i];
    const need = c.target === null ? t('ke.need_target') : c.op === null ? t('ke.need_op') : null;
    const args = { cell: where(c.cells[0]), n: c.cells.length };
    return need ? t('ke.cage_needs', { ...args, need }) : t('ke.cage_chosen', args);
  }

  /** The cage table: one row per cage, its operation and target editable in place. */
  const OP_KEYS = { '+': 'ke.op.add', '-': 'ke.op.sub', '*': 'ke.op.mul', '/': 'ke.op.div', '=': 'ke.op.given' };
  function syncTable() {
    const body = $('ke-table').tBodies[0];
    body.replaceChildren();
    editor.cages.forEach((c, i) => {
      const tr = document.createElement('tr');
      tr.dataset.cage = String(i);
      tr.setAttribute('aria-selected', String(editor.selected === i));
      const cell = (content) => { const td = document.createElement('td'); td.append(content); tr.append(td); return td; };
      cell(String(i + 1));
      cell(c.cells.map(([r, col]) => t('ke.table.cell', { row: r + 1, col: col + 1 })).join(t('ke.table.sep')));
      const op = document.createElement('select');
      op.setAttribute('aria-label', t('ke.table.op_of', { n: i + 1 }));
      for (const v of ['', '+', '-', '*', '/', '=']) {
        const o = document.createElement('option');
        o.value = v;
        o.textContent = v ? t(OP_KEYS[v]) : '?';
        op.append(o);
      }
      op.value = c.op ?? '';
      op.addEventListener('change', () => { editor.select(i); if (op.value) changed(editor.setRule({ op: op.value }, i)); });
      cell(op);
      const target = document.createElement('input');
      target.type = 'number';
      target.min = '1';
      target.inputMode = 'numeric';
      target.value = c.target ?? '';
      target.setAttribute('aria-label', t('ke.table.target_of', { n: i + 1 }));
      target.addEventListener('change', () => {
        editor.select(i);
        changed(editor.setRule({ target: Number(target.value) }, i));
      });
      cell(target);
      tr.addEventListener('focusin', () => { if (editor.selected !== i) { editor.select(i); say(describe(i)); sync(); } });
      tr.addEventListener('click', (ev) => { if (ev.target === tr || ev.target.tagName === 'TD') { editor.select(i); say(describe(i)); sync(); } });
      body.append(tr);
    });
  }
  // A new language: the table and the line about the chosen cage are said again in it.
  const stopListening = onLanguageChange(() => {
    syncTable();
    say(editor.selected === null ? '' : describe(editor.selected));
  });

  function sync() {
    const cage = editor.cages[editor.selected];
    // Rebuilt unless the player is typing in it (a rebuild would take the focus away).
    if (!$('ke-table').contains(document.activeElement)) syncTable();
    else for (const tr of $('ke-table').tBodies[0].rows) tr.setAttribute('aria-selected', String(editor.selected === Number(tr.dataset.cage)));
    $('ke-size').textContent = sizeText(editor.size);
    $('ke-target').textContent = cage ? (cage.target ?? '?') : '–';
    for (const b of $('ke-ops').children) {
      b.setAttribute('aria-pressed', String(Boolean(cage) && cage.op === b.dataset.op));
      b.disabled = !cage;
    }
    for (const b of $('ke-digits').children) b.disabled = !cage;
    $('ke-delete').disabled = !cage;
    publish();
    ctx.historyChanged();
    ctx.redraw();
  }

  function buildPad() {
    const digits = $('ke-digits');
    for (const d of [1, 2, 3, 4, 5, 6, 7, 8, 9, 0]) {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = String(d);
      b.setAttribute('aria-label', t('ke.digit', { n: d }));
      b.addEventListener('click', () => changed(editor.typeDigit(d)));
      digits.append(b);
    }
    const back = document.createElement('button');
    back.type = 'button';
    back.textContent = '⌫';
    back.setAttribute('aria-label', t('ke.backspace'));
    back.addEventListener('click', () => changed(editor.backspace()));
    digits.append(back);
    for (const b of $('ke-ops').children) b.addEventListener('click', () => changed(editor.setRule({ op: b.dataset.op })));
    const click = (id, f) => $(id).addEventListener('click', f);
    click('ke-delete', () => changed(editor.remove()));
    click('ke-clear', async () => {
      if (editor.cages.length && !(await ctx.confirm({ title: t('entry.clear.title'), text: t('ke.clear.text'), ok: t('btn.clear') }))) return;
      changed(editor.clearAll());
    });
    click('ke-sample', () => replace(SAMPLE, t('ke.sample')));
    click('ke-solve', solve);
    click('ke-play', play);
    click('ke-show', () => {
      if (result && result.verdict === 'multiple') showSolution(result.first, result.differ);
    });
    click('ke-open', open);
    // Back to the game put aside (its clock starts again); the drawing stays as a draft.
    click('ke-back', () => ctx.backToGame(() => t('ke.back.note')));
    click('ke-save', save);
  }

  /** Another puzzle in the editor (the sample, a file); asks first if there is work to lose. */
  async function replace(puzzle, note) {
    if (editor.cages.length && !(await ctx.confirm({ title: t('ke.replace.title'), text: t('ke.replace.text'), ok: t('ke.replace.ok') }))) return;
    editor = CageEditor.fromPuzzle(puzzle);
    ctx.input.reset(editor.size);
    cursor = { row: 0, col: 0 };
    changed({ ok: true });
    say(note);
  }

  function showSolution(values, differ = []) {
    shown = { values, differ };
    publish();
    ctx.redraw();
  }

  async function solve() {
    const r = await ctx.callOrToast('check_entry', { kind: 'kenken', puzzle: editor.toPuzzle() });
    if (!r) return;
    result = r;
    shown = null;
    $('ke-show').hidden = true;
    switch (r.verdict) {
      case 'invalid':
        if (r.cage !== null && r.cage !== undefined) editor.select(r.cage);
        say(errorText({ kind: 'kenken_puzzle', message: r.message, detail: r.detail }));
        break;
      case 'no_solution':
        say(t('ke.no_solution'));
        break;
      case 'multiple':
        say(t('ke.multiple', { n: r.differ.length }));
        $('ke-show').hidden = false;
        break;
      default:
        showSolution(r.solution);
        say(t('ke.unique', { difficulty: difficultyText(r.difficulty), hardest: t(`ke.hardest.${r.difficulty}`) }));
    }
    sync();
  }

  async function play() {
    let v;
    try {
      v = await ctx.replacing('play_entry', { kind: 'kenken', puzzle: editor.toPuzzle() });
      if (!v) return; // the player kept the KenKen in progress
    } catch (e) {
      // Say why on the board: the engine's check locates the problem.
      await solve();
      if (!result || result.verdict === 'unique') say(errorText(e));
      return;
    }
    dropDraft(DRAFT_KEY);
    ctx.startGame(v, () => t('ke.started', { size: sizeText(v.size), difficulty: difficultyText(v.difficulty) }));
  }

  async function open() {
    let r;
    try {
      r = await ctx.call('open_entry', { kind: 'kenken' });
    } catch (e) {
      say(errorText(e));
      return;
    }
    if (r && r.puzzle) await replace(r.puzzle, t('ke.opened'));
  }

  // The file name the player picks says the format: .json is JSON, anything else the text.
  async function save() {
    try {
      const r = await ctx.call('save_entry', { kind: 'kenken', puzzle: editor.toPuzzle() });
      if (r.path) say(t('status.saved_to', { path: r.path }));
    } catch (e) {
      say(errorText(e));
    }
  }

  function erase(points) {
    const cells = cellsUnderPath(points, editor.size, 0).map(({ row, col }) => [row, col]);
    changed(editor.removeAt(cells));
  }

  function cellText(r, c) {
    const i = editor.cageAt(r, c);
    const parts = [];
    if (shown) parts.push(String(shown.values[r * editor.size + c]));
    if (i < 0) parts.push(t('ke.a11y.free'));
    else parts.push(t(i === editor.selected ? 'ke.a11y.chosen' : 'ke.a11y.cage', { rule: cageLabel(editor.cages[i]) }));
    return parts.join(', ');
  }

  function onDragPoints(points) {
    const cells = pathCells(points, editor.size);
    if (!cells.length) return;
    changed(editor.draw(cells));
    const last = cells[cells.length - 1];
    cursor = { row: last[0], col: last[1] };
    publish();
  }

  function onKey(ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return false;
    keyboard = true;
    const arrow = ARROWS[ev.key];
    if (arrow) {
      // Shift+arrow grows the chosen cage into the next cell.
      const moved = editor.step(cursor, arrow, ev.shiftKey);
      if (moved.result) changed(moved.result);
      cursor = moved.cursor;
      publish();
      ctx.redraw();
      return true;
    }
    if (ev.key === 'Enter' || ev.key === ' ') {
      changed(editor.draw([[cursor.row, cursor.col]]));
      return true;
    }
    if (/^[0-9]$/.test(ev.key)) { changed(editor.typeDigit(Number(ev.key))); return true; }
    if (ev.key === 'Backspace') { changed(editor.backspace()); return true; }
    if (ev.key === 'Delete') { changed(editor.remove()); return true; }
    if (KEY_OPS[ev.key]) { changed(editor.setRule({ op: KEY_OPS[ev.key] })); return true; }
    if (ev.key === 'Escape' && editor.selected !== null) { editor.select(null); changed({ ok: true }); return true; }
    return false;
  }

  function draw(canvas) {
    const n = editor.size;
    const problem = result && result.verdict === 'invalid' ? result : null;
    const view = {
      size: n,
      cages: editor.cages.map((c, i) => ({ ...c, wrong: Boolean(problem && problem.cage === i) })),
      cells: Array.from({ length: n * n }, (_, k) => ({ value: shown ? shown.values[k] : 0, candidates: 0, given: false })),
      notes: [],
    };
    const chosen = editor.cages[editor.selected];
    drawKenken(canvas, view, { selected: null, highlight: { cells: chosen ? chosen.cells : [], target: keyboard ? cursor : null } });
    drawEntryMarks(canvas, n, { problem: problem ? problem.cells || [] : [], differ: shown ? shown.differ : [], live: live ? pathCells(live, n) : [] });
  }

  sync();
  say(draft ? t('entry.draft') : t('ke.how'));

  return {
    kind: 'kenken-entry',
    state,
    setView() {},
    draw,
    inputMode: () => 'tap',
    onInput(e) {
      switch (e.type) {
        case 'touch':
          live = e.from ? [...(live || [e.from]), e.at] : null;
          ctx.redraw();
          return null;
        case 'drag':
        case 'tap': {
          live = null;
          // A tap from the accessible grid (Enter, Space, a click) names its cell, not a point.
          const n = editor.size;
          const fromGrid = e.type === 'tap' && !e.point;
          const points = e.type === 'drag' ? e.points : [fromGrid ? { x: (e.cell.col + 0.5) / n, y: (e.cell.row + 0.5) / n } : e.point];
          // The eraser end rubs out every cage it touches (one undo step).
          if (e.eraser) return erase(points);
          keyboard = fromGrid;
          if (fromGrid) cursor = { row: e.cell.row, col: e.cell.col };
          // A tap is a drag that stayed put: the cell under it makes (or chooses) a cage.
          return onDragPoints(points);
        }
        default:
          return null;
      }
    },
    onKey,
    // The accessible grid over the canvas: each cell says which cage holds it (and its value
    // when a solution is shown); Enter or Space on a cell taps it.
    a11y() {
      return { rows: editor.size, cols: editor.size, text: cellText, selected: keyboard ? cursor : null, focusSelects: false };
    },
    history: {
      can: () => ({ undo: editor.past.length > 0, redo: editor.future.length > 0 }),
      undo: () => { if (editor.undo()) changed({ ok: true }); },
      redo: () => { if (editor.redo()) changed({ ok: true }); },
    },
    destroy() {
      stopListening();
      ctx.panel.replaceChildren();
    },
  };
}
