// "Enter a puzzle from paper" for a Killer (its cages and sums) or a Jigsaw (its regions): the
// shape is drawn here, as KenKen's cages are (the cage editor, cage-editor.js: drag across
// cells, a tap chooses, the eraser end rubs out, undo and redo); then "Write the givens…" opens
// a board of that shape being entered, played as a Sudoku being entered is (pen, eraser, undo,
// "Start this puzzle": entry.js), or "Play it" plays a Killer drawn whole at once. The rules of
// a valid drawing are the engine's (check_entry, src/variants/entry.rs); a Sudoku X has no
// shape to draw and is entered on its board straight away (screens/variants.js).

import { t, errorText, difficultyText, sizeText, techniqueInSentence, onLanguageChange, fromMarkup } from '../i18n.js';
import { CageEditor, pathCells } from '../cage-editor.js';
import { drawBoard, drawEntryMarks } from '../board.js';
import { cellsUnderPath } from '../eraser.js';
import { loadDraft, keepDraft, dropDraft } from '../drafts.js';
import { ARROWS } from '../keys.js';

const $ = (id) => document.getElementById(id);

function controls(killer) {
  return `
<p class="entry-head"><strong data-i18n="ve.head.${killer ? 'killer' : 'jigsaw'}"></strong> <span id="ve-size"></span></p>
<div class="row ke-rule">
  ${killer ? '<span class="ke-target"><span data-i18n="ve.sum">Sum</span> <output id="ve-sum">–</output></span>' : '<output id="ve-count" class="ke-target"></output>'}
  <button id="ve-delete" type="button" data-i18n="ke.delete" data-i18n-title="ve.delete.title">Delete</button>
  <button id="ve-clear" type="button" data-i18n="entry.clear_all" data-i18n-title="entry.clear_all.title">Clear all</button>
</div>
${killer ? `<label class="check"><input id="ve-x" type="checkbox"> <span data-i18n="new.killer_x">Diagonals too (Killer X)</span></label>
<div id="ve-digits" class="ke-digits" role="group" data-i18n-label="ve.digits"></div>` : ''}
<p id="ve-message" class="ke-message" role="status" aria-live="polite"></p>
<button id="ve-show" type="button" data-i18n="ke.show" hidden>Show one solution</button>
<div class="row actions">
  <button id="ve-solve" type="button" data-i18n="btn.solve" data-i18n-title="ve.solve.title">Solve</button>
  <button id="ve-givens" type="button" data-i18n="ve.givens" data-i18n-title="ve.givens.title">Write the givens…</button>
  ${killer ? '<button id="ve-play" type="button" class="primary" data-i18n="ke.play" data-i18n-title="ke.play.title">Play it</button>' : ''}
</div>
<div class="row actions">
  <button id="ve-open" type="button" data-i18n="ke.open" data-i18n-title="ve.open.title">Open…</button>
  <button id="ve-save" type="button" data-i18n="ke.save" data-i18n-title="ve.save.title">Save…</button>
  <button id="ve-back" type="button" data-i18n="ke.back" data-i18n-title="ke.back.title">Back to the game</button>
</div>
`;
}

const where = ([r, c]) => t('cell.long', { row: r + 1, col: c + 1 });
const boxes = (n) => (n === 6 ? { rows: 2, cols: 3 } : { rows: 3, cols: 3 });

/** The editor's cages as the engine's drawing of `kind` (src/variants/entry.rs, `Drawing`). */
export function toDrawing(kind, editor, x, givens = '') {
  const cells = (c) => c.cells.map(([r, k]) => [r, k]);
  return kind === 'killer'
    ? { size: editor.size, x, cages: editor.cages.map((c) => ({ sum: c.target, cells: cells(c) })), givens }
    : { size: editor.size, regions: editor.cages.map(cells), givens };
}

/** An editor holding a drawing of `kind` (a draft, a file), and its X and givens. */
export function fromDrawing(kind, d) {
  const parts = kind === 'killer' ? (d.cages || []).map((c) => ({ op: '+', target: c.sum ?? null, cells: c.cells })) : (d.regions || []).map((cells) => ({ op: null, target: null, cells }));
  return { editor: CageEditor.fromPuzzle({ size: d.size, cages: parts }), x: Boolean(d.x), givens: d.givens || '' };
}

/**
 * The entry screen (a screen as in screens/sudoku.js, with no game in play).
 * @param {object} ctx the app's context
 * @param {{kind: 'killer'|'jigsaw', size: number}} opts
 */
export function createVariantEntry(ctx, { kind, size }) {
  const killer = kind === 'killer';
  const DRAFT_KEY = `inkdoku.${kind}-entry`;
  let loaded = null;
  try {
    const d = loadDraft(DRAFT_KEY);
    if (d && d.size === size) loaded = fromDrawing(kind, d);
  } catch {
    loaded = null;
  }
  let editor = loaded ? loaded.editor : new CageEditor(size);
  let x = loaded ? loaded.x : false;
  let givens = loaded ? loaded.givens : ''; // a file's givens, written on the board by "Write the givens…"
  const state = { entry: null };
  let cursor = { row: 0, col: 0 };
  let keyboard = false;
  let live = null;
  let result = null; // the last check_entry answer, until the next change
  let shown = null; // {values, differ}: a solution on the board
  let message = '';

  ctx.panel.replaceChildren(fromMarkup(controls(killer)));
  ctx.canvas.setAttribute('aria-label', t(`ve.board.${kind}`));
  ctx.input.reset(size);
  wire();

  const drawingNow = () => toDrawing(kind, editor, x, givens);

  function publish() {
    state.entry = {
      kind,
      size: editor.size,
      drawing: drawingNow(),
      selected: editor.selected,
      cursor: { ...cursor },
      message,
      verdict: result ? result.verdict : null,
      problem: result && result.verdict === 'invalid' ? { part: result.part, cells: result.cells, code: result.code } : null,
      shown: shown ? shown.values : null,
      canUndo: editor.past.length > 0,
      canRedo: editor.future.length > 0,
    };
  }

  function say(text) {
    message = text;
    $('ve-message').textContent = text;
    publish();
  }

  function describe(i) {
    const c = editor.cages[i];
    if (!killer) return t('ve.region_chosen', { k: i + 1, count: c.cells.length, n: editor.size });
    return c.target === null ? t('ve.cage_needs_sum', { cell: where(c.cells[0]), count: c.cells.length }) : t('ve.cage_chosen', { cell: where(c.cells[0]), count: c.cells.length, sum: c.target });
  }

  function changed(r) {
    if (r && r.error) {
      say(r.error);
    } else {
      keepDraft(DRAFT_KEY, drawingNow());
      result = null;
      shown = null;
      $('ve-show').hidden = true;
      say(editor.selected === null ? '' : describe(editor.selected));
    }
    sync();
  }

  const stopListening = onLanguageChange(() => say(editor.selected === null ? t(`ve.how.${kind}`, { n: size }) : describe(editor.selected)));

  function sync() {
    const part = editor.cages[editor.selected];
    $('ve-size').textContent = sizeText(editor.size);
    if (killer) {
      $('ve-sum').textContent = part ? (part.target ?? '?') : '–';
      $('ve-x').checked = x;
      for (const b of $('ve-digits').children) b.disabled = !part;
    } else {
      $('ve-count').textContent = t('ve.regions_drawn', { k: editor.cages.length, n: editor.size });
    }
    $('ve-delete').disabled = !part;
    publish();
    ctx.historyChanged();
    ctx.redraw();
  }

  function wire() {
    if (killer) {
      const digits = $('ve-digits');
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
      $('ve-x').addEventListener('change', () => { x = $('ve-x').checked; changed({ ok: true }); });
      $('ve-play').addEventListener('click', play);
    }
    const click = (id, f) => $(id).addEventListener('click', f);
    click('ve-delete', () => changed(editor.remove()));
    click('ve-clear', async () => {
      if (editor.cages.length && !(await ctx.confirm({ title: t('entry.clear.title'), text: t(`ve.clear.text.${kind}`), ok: t('btn.clear') }))) return;
      givens = '';
      changed(editor.clearAll());
    });
    click('ve-solve', solve);
    click('ve-givens', writeGivens);
    click('ve-show', () => { if (result && result.verdict === 'multiple') showSolution(result.first, result.differ); });
    click('ve-open', open);
    click('ve-save', save);
    click('ve-back', () => ctx.backToGame(() => t('ve.back.note')));
  }

  function showSolution(line, differ = []) {
    const values = [...line].map((ch) => parseInt(ch, 36) || 0);
    shown = { values, differ };
    publish();
    ctx.redraw();
  }

  /** What a verdict tells the player. */
  function verdictText(r) {
    switch (r.verdict) {
      case 'invalid':
        return t(r.code === 'piece' || r.code === 'overlap' ? `ve.fault.${r.code}.${kind}` : `ve.fault.${r.code}`, { k: (r.part ?? 0) + 1, count: r.count ?? 0, n: editor.size, cells: (r.cells || []).slice(0, 4).map(([row, col]) => t('ke.table.cell', { row: row + 1, col: col + 1 })).join(t('ke.table.sep')) });
      case 'no_solution':
        return t('ve.no_solution');
      case 'too_open':
        return t('ve.too_open');
      case 'multiple':
        return t(`ve.multiple.${kind}`, { n: r.differ.length });
      default:
        return r.hardest
          ? t('ve.unique', { difficulty: difficultyText(r.difficulty), technique: techniqueInSentence(r.hardest) })
          : t('ve.unique.plain');
    }
  }

  async function solve() {
    const r = await ctx.callOrToast('check_entry', { kind, puzzle: drawingNow() });
    if (!r) return null;
    result = r;
    shown = null;
    $('ve-show').hidden = r.verdict !== 'multiple';
    if (r.verdict === 'invalid' && r.part !== null && r.part !== undefined && editor.cages[r.part]) editor.select(r.part);
    if (r.verdict === 'unique') showSolution(r.solution);
    say(verdictText(r));
    sync();
    return r;
  }

  async function play() {
    let v;
    try {
      v = await ctx.replacing('play_entry', { kind, puzzle: drawingNow() });
      if (!v) return;
    } catch (e) {
      const r = await solve();
      if (!r || r.verdict === 'unique') say(errorText(e));
      return;
    }
    dropDraft(DRAFT_KEY);
    ctx.startGame(v, () => t('ve.started', { game: t(`game.${kind}`), difficulty: difficultyText(v.difficulty) }));
  }

  /** The board of this shape being entered: the givens are written there, as on paper. */
  async function writeGivens() {
    let v;
    try {
      v = await ctx.replacing('enter_puzzle', { kind, size: editor.size, shape: drawingNow() });
      if (!v) return;
    } catch (e) {
      // Say what is wrong with the shape on the board drawn, where it is.
      const r = await solve();
      if (!r || r.verdict !== 'invalid') say(errorText(e));
      return;
    }
    ctx.startGame(v, () => t('entry.copy'));
  }

  async function open() {
    let r;
    try {
      r = await ctx.call('open_entry', { kind });
    } catch (e) {
      say(errorText(e));
      return;
    }
    if (!r || !r.puzzle) return;
    if (editor.cages.length && !(await ctx.confirm({ title: t('ke.replace.title'), text: t(`ve.replace.text.${kind}`), ok: t('ke.replace.ok') }))) return;
    ({ editor, x, givens } = fromDrawing(kind, r.puzzle));
    ctx.input.reset(editor.size);
    changed({ ok: true });
    say(t('ve.opened'));
  }

  async function save() {
    try {
      const r = await ctx.call('save_entry', { kind, puzzle: drawingNow() });
      if (r.path) say(t('status.saved_to', { path: r.path }));
    } catch (e) {
      say(errorText(e));
    }
  }

  function onDragPoints(points) {
    const cells = pathCells(points, editor.size);
    if (!cells.length) return;
    const r = editor.draw(cells);
    // A cage's one cell is no given here: the editor's `=` is KenKen's.
    if (r.ok && editor.cages[r.index]) editor.cages[r.index].op = killer ? '+' : null;
    changed(r);
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
    if (ev.key === 'Enter' || ev.key === ' ') { onDragPoints([{ x: (cursor.col + 0.5) / editor.size, y: (cursor.row + 0.5) / editor.size }]); return true; }
    if (killer && /^[0-9]$/.test(ev.key)) { changed(editor.typeDigit(Number(ev.key))); return true; }
    if (killer && ev.key === 'Backspace') { changed(editor.backspace()); return true; }
    if (ev.key === 'Delete') { changed(editor.remove()); return true; }
    if (ev.key === 'Escape' && editor.selected !== null) { editor.select(null); changed({ ok: true }); return true; }
    return false;
  }

  /** The board as a variant's view for board.js: what is drawn so far, in the game's look. */
  function boardView() {
    const n = editor.size;
    const b = boxes(n);
    const owner = new Array(n * n).fill(-1);
    editor.cages.forEach((c, i) => c.cells.forEach(([r, k]) => { owner[r * n + k] = i; }));
    const variant = killer
      ? { regions: Array.from({ length: n * n }, (_, i) => Math.floor(Math.floor(i / n) / b.rows) * (n / b.cols) + Math.floor((i % n) / b.cols)), jigsaw: false, x, cages: editor.cages.map((c) => ({ sum: c.target ?? '?', cells: c.cells.map(([r, k]) => r * n + k) })) }
      // A cell in no region yet is a region of its own (framed alone, untinted).
      : { regions: owner.map((k, i) => (k >= 0 ? k : -1 - i)), jigsaw: true, x: false, cages: [] };
    const values = shown ? shown.values : [...givens].map((ch) => parseInt(ch, 36) || 0);
    return {
      size: n,
      box_rows: b.rows,
      box_cols: b.cols,
      cells: Array.from({ length: n * n }, (_, i) => ({ value: values[i] || 0, candidates: 0, given: !shown && Boolean(values[i]) })),
      notes: [],
      variant,
    };
  }

  function draw(canvas, opts = {}) {
    const n = editor.size;
    const chosen = editor.cages[editor.selected];
    drawBoard(canvas, boardView(), { selected: null, regionTint: opts.regionTint !== false, highlight: { cells: chosen ? chosen.cells : [], target: keyboard ? cursor : null } });
    // A problem's cells (or its whole cage or region, when it names no cell).
    const problem = result && result.verdict === 'invalid' ? result : null;
    const part = problem && problem.part !== null && problem.part !== undefined ? editor.cages[problem.part] : null;
    const bad = problem ? (problem.cells && problem.cells.length ? problem.cells : part ? part.cells : []) : [];
    drawEntryMarks(canvas, n, { problem: bad, differ: shown ? shown.differ : [], live: live ? pathCells(live, n) : [] });
  }

  function cellText(r, c) {
    const i = editor.cageAt(r, c);
    const parts = [];
    if (shown) parts.push(String(shown.values[r * editor.size + c]));
    if (i < 0) parts.push(t(killer ? 've.a11y.no_cage' : 've.a11y.no_region'));
    else if (killer) parts.push(t('a11y.killer_cage', { sum: editor.cages[i].target ?? '?', cells: editor.cages[i].cells.length }));
    else parts.push(t('a11y.region', { k: i + 1 }));
    if (i >= 0 && i === editor.selected) parts.push(t('ve.a11y.chosen'));
    return parts.join(', ');
  }

  sync();
  say(loaded ? t('entry.draft') : t(`ve.how.${kind}`, { n: size }));

  return {
    kind: `${kind}-entry`,
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
          const n = editor.size;
          const fromGrid = e.type === 'tap' && !e.point;
          const points = e.type === 'drag' ? e.points : [fromGrid ? { x: (e.cell.col + 0.5) / n, y: (e.cell.row + 0.5) / n } : e.point];
          if (e.eraser) {
            changed(editor.removeAt(cellsUnderPath(points, n, 0).map(({ row, col }) => [row, col])));
            return null;
          }
          keyboard = fromGrid;
          if (fromGrid) cursor = { row: e.cell.row, col: e.cell.col };
          return onDragPoints(points);
        }
        default:
          return null;
      }
    },
    onKey,
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
