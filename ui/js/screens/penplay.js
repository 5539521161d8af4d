// The pen-play part of every game written cell by cell (Sudoku, KenKen), once: the write_cell
// round trip, the number pad (number first or cell first; a complete number marked), pen and
// pencil modes (kept with the game), the eraser (the pen's eraser end, or eraser mode for any
// pointer: cells, or notes in pencil mode), the pen's barrel button (pencil while held), ink
// notes, typed candidates, corner and centre marks and many cells at once (#43: the pencil's
// kind of mark, select mode, Shift/Ctrl keys), "fill candidates", the highlighted digit, cell colours, hint (a second
// press applies it), Solve (instantly, or step by step at a pace the player sets, with the
// steps' machine in stepper.js), and the victory wave. A game supplies its board
// drawing and its pad's shape; the screen interface it returns is documented at the top of
// screens/sudoku.js.

import { symbolChar, markTile } from '../board.js';
import { cellsUnderPath, notesHit } from '../eraser.js';
import { keyAction, moveSelection } from '../keys.js';
import { completeDigits, digitOf, COLOURS, nextColour, cycleColour, WAVE_MS } from '../marks.js';
import { telemetry, record } from '../telemetry.js';
import { t, errorText, onLanguageChange } from '../i18n.js';
import { hintText } from '../hints.js';
import { penCellText } from '../a11ygrid.js';
import { createStepper } from '../stepper.js';
import { markChoices, readChoice } from '../checkpoints.js';
import * as M from '../pen-modes.js';

const $ = (id) => document.getElementById(id);
const FLASH_MS = 350;
/**
 * How long the pencil rests before the ink it just wrote into a cell is read as marks (#43):
 * long enough for the gap a person leaves between small digits ("2 7 9"), short enough that
 * the marks are there when the eyes come back to the cell.
 */
export const READ_PAUSE_MS = 900;
/** What the pencil can write (the setting `pencil_marks`): candidate slots, corner, centre. */
const PENCIL_KINDS = ['candidates', 'corner', 'centre'];
const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * A screen for a game written cell by cell with the pen (Sudoku, KenKen).
 * @param {object} ctx the app's context (see the top of screens/sudoku.js)
 * @param {{kind: string, label: () => string, draw: (canvas, view, ui) => void, padColumns: (n: number) => number, colours?: boolean,
 *   cellNote?: (view, r, c) => string|null}} game
 *   label: the board's accessible name; draw: the game's board drawing (ui: selected,
 *   showIncorrect, handwriting, pencil, highlight, flash, digit, victory); padColumns: the number pad's
 *   columns for side n; colours: the game's engine has the `set_colour` move; cellNote: more
 *   words for the accessible grid's cell
 */
/** Why the ink was not read, in the player's language (the backend's `why`). */
export function unreadText(why) {
  switch (why && why.code) {
    case 'dot': return t('pen.unread.dot');
    case 'not_allowed': return t('pen.unread.not_allowed', { symbol: why.looks_like });
    case 'unclear': return t('pen.unread.unclear', { guess: why.guess, percent: why.percent });
    default: return t('pen.unread.plain');
  }
}

export function createPenScreen(ctx, game) {
  // The modes (tool chosen, pen or pencil, the alternatives offered, entering givens) are
  // pen-modes.js's machine: changed only through its transitions (`into`), read through `state`.
  let modes = M.initialModes();
  const state = {
    selected: null, // {row, col}
    hint: null, // the last hint; a second press applies it
    flash: null, // a cell flashed to say "no"
    digit: null, // the highlighted digit (its cells and its candidates)
    victory: null, // 'wave' while the board celebrates a win, 'still' with reduced motion
    victoryFrom: null, // the cell the last wave started from
    suggested: null, // "Show the suggested cell": {row, col} the next step fills
    cursor: null, // the keyboard's cell while none is selected: drawn from the start, in the centre
    step: null, // the computer's last step while solving step by step (its advice)
    steps: 'off', // "Solve step by step": 'off', 'playing' or 'paused' (stepper.js)
    many: [], // cells selected together (#43), two or more; `selected` is the last one added
  };
  // The modes as the app publishes them (window.__inkdoku) and the screen reads them.
  for (const [key, read] of Object.entries({
    mode: (m) => m.input, // 'pen' writes numbers, 'pencil' keeps notes
    armed: M.armedNumber, // a number chosen first, then cells tapped
    colour: M.armedColour, // a colour chosen first, then cells tapped or swept
    eraser: M.erasing, // eraser mode: every pointer rubs out (cells, or notes in pencil mode)
    select: M.selecting, // select mode: taps and sweeps choose cells (#43)
    unsure: (m) => m.offer, // {row, col, symbol, alternatives}: a guess the recogniser was not sure of
    entering: (m) => m.entering, // a Sudoku being entered from paper
  })) Object.defineProperty(state, key, { get: () => read(modes), enumerable: true });
  let view = null;
  let flashTimer = null;
  let victory = null; // {start, from} of the wave in progress
  let lastCell = null; // the last cell the player wrote (where the victory wave starts)

  ctx.panel.replaceChildren($('tpl-pen-game').content.cloneNode(true));
  ctx.grid.setLabel(game.label());
  const click = (id, f) => $(id).addEventListener('click', f);
  click('mode-pen', () => setMode('pen'));
  // The Pencil button: takes the pencil; pressed again, it cycles what the pencil writes.
  click('mode-pencil', () => (state.mode === 'pencil' && !state.eraser ? cycleTool({ wrap: false }) : setMode('pencil')));
  click('mode-eraser', () => setEraser(!state.eraser));
  click('mode-select', () => setSelect(!state.select));
  buildSwatches();
  // Colour marks are a move of the game's engine; a game without them shows no swatches.
  $('colour-row').hidden = !game.colours;
  click('btn-marks', checkpoints);
  click('btn-clear', clearSelected);
  click('btn-hint', hint);
  click('btn-auto', () => ctx.act({ type: 'set_candidates' }));
  click('btn-solve', async () => {
    const how = await ctx.ask({ title: t('solve.title'), text: t('solve.text'), ok: t('solve.instant'), alt: t('solve.steps') });
    if (how === 'ok') {
      stepper.stop();
      ctx.act({ type: 'solve' });
    } else if (how === 'alt') {
      stepper.start().catch(() => {});
    }
  });

  // "Solve step by step": the computer makes a person's next step (the backend's solve_step),
  // shown as a hint is (highlight, technique, sentence), at the player's pace. A move of the
  // player's own (or undo) pauses it: they take over from any step, and undo goes back step by
  // step; "Take over" closes the controls.
  let stepping = false; // the view being shown is a step's
  const stepper = createStepper({
    step: async () => {
      let res;
      try {
        res = await ctx.call('solve_step');
      } catch (e) {
        ctx.toast(errorText(e));
        return { done: true };
      }
      const a = res.advice;
      if (!a || a.id === 'solved') return { done: true };
      const target = a.highlight && a.highlight.target;
      if (target) lastCell = { row: target.row, col: target.col };
      stepping = true;
      try {
        ctx.show(res.view);
      } finally {
        stepping = false;
      }
      state.hint = { ...a, apply: null };
      state.selected = null;
      state.step = a;
      // The last step's view says who solved it (the app's status line); until then, the step.
      if (!res.view.solved) ctx.setStatus(() => hintText(a).text, () => hintText(a).technique);
      ctx.redraw();
      return { done: Boolean(res.view.solved) };
    },
    later: (f, ms) => setTimeout(f, ms),
    cancel: (h) => clearTimeout(h),
    changed: () => sync(),
  });
  click('steps-play', () => (stepper.state === 'playing' ? stepper.pause() : stepper.play().catch(() => {})));
  click('steps-once', () => stepper.once().catch(() => {}));
  click('steps-stop', () => stepper.stop());
  $('steps-speed').addEventListener('change', (e) => stepper.setSpeed(e.target.value));

  // A new language: the pad's and the grid's names again (the page's own texts are i18n.js's).
  const stopListening = onLanguageChange(() => {
    ctx.grid.setLabel(game.label());
    if (view) buildNumbers();
    sync();
  });

  const cellOf = ({ row, col }) => view.cells[row * view.size + col];

  /** What the accessible grid says of a cell: its number and notes, and the game's own words
   * (KenKen: the cage's rule, on the cell it is printed in). */
  function cellText(r, c) {
    const base = penCellText(view, r, c);
    const extra = game.cellNote ? game.cellNote(view, r, c) : null;
    return extra ? `${base}, ${extra}` : base;
  }
  const where = ({ row, col }) => t('cell', { row: row + 1, col: col + 1 });

  function redrawWith(change) {
    Object.assign(state, change);
    ctx.redraw();
  }

  function flash(cell) {
    redrawWith({ flash: cell });
    clearTimeout(flashTimer);
    flashTimer = setTimeout(() => redrawWith({ flash: null }), FLASH_MS);
  }

  /** What the pencil writes: the setting (the Pencil button and Space change it), or the one
   * just chosen while its save is on its way (Space pressed quickly twice goes two steps). */
  let chosenKind = null;
  const pencilKind = () => {
    const k = chosenKind || (ctx.settings() || {}).pencil_marks;
    return PENCIL_KINDS.includes(k) ? k : 'candidates';
  };

  /** The cells a number, mark, colour or Delete goes on: the many selected, or the one. */
  function targets(at = state.selected) {
    return state.many.length ? state.many : at ? [at] : [];
  }

  /**
   * A number into cells: the pen writes it (taking it from the peers' marks with "tidy
   * marks"), the pencil toggles it as the kind of mark it writes; `mark` ('corner' |
   * 'centre', the Shift and Ctrl keys) overrides both. One cell without a mark kind keeps
   * the one-cell moves; many cells go as one move (one undo step).
   */
  function enter(cells, value, mark = null) {
    const kind = mark || (state.mode === 'pencil' ? pencilKind() : null);
    const list = cells.map(({ row, col }) => [row, col]);
    if (!kind) {
      const tidy = Boolean((ctx.settings() || {}).tidy_marks);
      if (cells.length === 1 && !tidy) return ctx.act({ type: 'set_value', row: cells[0].row, col: cells[0].col, value });
      return ctx.act({ type: 'set_values', cells: list, value, tidy });
    }
    if (kind === 'candidates' && cells.length === 1) return ctx.act({ type: 'toggle_candidate', row: cells[0].row, col: cells[0].col, value });
    return ctx.act({ type: 'mark', cells: list, kind: kind === 'candidates' ? 'candidate' : kind, value });
  }

  /** Cells selected together: `cells` (none or one: back to a single selection). */
  function selectMany(cells, last) {
    const seen = new Set();
    const list = cells.filter(({ row, col }) => !seen.has(`${row},${col}`) && seen.add(`${row},${col}`));
    state.many = list.length > 1 ? list : [];
    state.selected = last || list[list.length - 1] || null;
    if (state.selected) state.cursor = state.selected;
  }

  /** Adds a cell to the selection, or takes it away if it is in it (a tap in select mode). */
  function toggleSelected(cell) {
    const now = targets();
    const has = now.some((c) => c.row === cell.row && c.col === cell.col);
    const rest = has ? now.filter((c) => c.row !== cell.row || c.col !== cell.col) : [...now, cell];
    selectMany(rest, has ? rest[rest.length - 1] : cell);
  }

  function sync() {
    state.steps = stepper.state;
    $('steps').hidden = stepper.state === 'off';
    // The controls take the place of Hint and Solve while they are open.
    $('btn-solve').parentElement.hidden = stepper.state !== 'off';
    // Checkpoints belong to a game in play (not to givens being copied from paper).
    $('btn-marks').hidden = !view || !view.marks || Boolean(state.entering);
    const playing = stepper.state === 'playing';
    $('steps-play').textContent = t(playing ? 'steps.pause' : 'steps.play');
    $('steps-play').title = t(playing ? 'steps.pause.title' : 'steps.play.title');
    $('steps-play').setAttribute('aria-pressed', String(playing));
    if (stepper.state === 'off') state.step = null;
    const pressed = M.pressedModes(modes);
    for (const m of ['pen', 'pencil', 'eraser', 'select']) $(`mode-${m}`).setAttribute('aria-pressed', String(pressed[m]));
    // The Pencil button says what the pencil writes: "✏ Pencil" (slots), "✏ Corner", "✏ Centre".
    const kind = pencilKind();
    $('mode-pencil').textContent = t(kind === 'candidates' ? 'mode.pencil' : `mode.pencil.${kind}`);
    $('mode-pencil').dataset.kind = kind;
    const done = view ? completeDigits(view.cells, view.size) : new Set();
    for (const b of $('numbers').children) {
      const v = Number(b.dataset.value);
      b.setAttribute('aria-pressed', String(v === state.armed));
      b.classList.toggle('complete', done.has(v));
      b.classList.toggle('highlit', v === state.digit);
      b.setAttribute('aria-label', t(done.has(v) ? 'number.label.done' : 'number.label', { n: symbolChar(v) }));
    }
    for (const b of $('colours').children) b.setAttribute('aria-pressed', String(Number(b.dataset.colour) === state.colour));
  }

  function buildSwatches() {
    $('colours').replaceChildren(
      ...COLOURS.map((c, k) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'swatch';
        b.dataset.colour = k + 1;
        // The tile is a 9 px pattern, as the CSS gradients were before (#27).
        // On the swatch's face (app.css: a button's face is its ::before).
        b.style.setProperty('--tile', `url(${markTile(k + 1, 45, window.devicePixelRatio || 1)})`);
        b.style.setProperty('--tile-size', '45px 45px');
        const name = t(`colour.${c.pattern}`);
        b.setAttribute('aria-label', t('colour.label', { name }));
        b.title = t('colour.title', { name });
        b.setAttribute('aria-pressed', 'false');
        b.addEventListener('click', () => onColour(k + 1));
        return b;
      }),
    );
  }

  /** Colours cells; a cell already that colour loses it (only when one cell is tapped). */
  function colourCells(cells, colour) {
    const one = cells.length === 1 ? cellOf(cells[0]).colour || 0 : 0;
    const c = cells.length === 1 ? nextColour(one, colour) : colour;
    return ctx.act({ type: 'set_colour', cells: cells.map(({ row, col }) => [row, col]), colour: c });
  }

  /** Takes the modes a transition gives; ends the pen's open group when it says so. */
  function into({ modes: next, effect, flush }) {
    if (flush) ctx.input.flush();
    modes = next;
    return effect;
  }

  // A colour on the selected cells, or chosen first and then cells (like a number).
  function onColour(k) {
    const sel = state.selected;
    const effect = into(M.pressColour(modes, k, { selected: Boolean(sel) }));
    if (effect === 'colour-cell') {
      colourCells(targets(), k);
      return;
    }
    ctx.setStatus(effect === 'armed' ? () => t('colour.armed', { name: t(`colour.${COLOURS[k - 1].pattern}`) }) : '');
    sync();
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
      b.setAttribute('aria-label', t('number.label', { n: symbolChar(v) }));
      b.setAttribute('aria-pressed', 'false');
      b.addEventListener('click', () => onNumber(v));
      box.append(b);
    }
  }

  // Number first (armed), then cells; or a cell first, then the number.
  function onNumber(v) {
    const sel = state.selected;
    state.digit = v;
    // A cell first, then the number (a given selected only shows the number's highlight).
    const effect = into(M.pressNumber(modes, v, { selectedWritable: Boolean(sel && !cellOf(sel).given) }));
    if (effect === 'enter') {
      sync();
      lastCell = sel;
      enter(targets(), v);
      return;
    }
    const armed = state.mode === 'pencil' ? 'pen.armed.note' : 'pen.armed.write';
    if (effect === 'armed') ctx.setStatus(() => t(armed, { n: symbolChar(v) }));
    sync();
    ctx.redraw();
  }

  // An unsure guess: the alternatives sit beside the cell, one tap away. Tapping one replaces
  // the guess (same undo step, and the ink teaches the recogniser); anything else accepts it.
  function offerAlternatives() {
    const old = $('alternatives');
    if (old) old.remove();
    const u = modes.offer;
    if (!u) return;
    const wrap = $('board-wrap');
    const size = wrap.clientWidth;
    const cell = size / view.size;
    const box = document.createElement('div');
    box.id = 'alternatives';
    box.className = 'alternatives';
    box.setAttribute('role', 'group');
    box.setAttribute('aria-label', t(u.mark ? 'alt.mark.group' : 'alt.group', { n: u.symbol, cell: where(u) }));
    if (u.mark) box.dataset.mark = u.symbol;
    for (const a of u.alternatives) {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = a;
      b.dataset.symbol = a;
      b.setAttribute('aria-label', t(u.mark ? 'alt.mark.choice' : 'alt.choice', { n: a }));
      b.style.width = b.style.height = `${Math.round(Math.max(40, cell * 0.8))}px`;
      b.addEventListener('click', () => choose(u, a));
      box.append(b);
    }
    wrap.append(box);
    // Writing that starts on the offer (it covers cells beside the guess) is writing: the offer
    // goes and the guess stands, as when writing anywhere else.
    ctx.input.passStrokesThrough(box, () => {
      withdrawOffer();
      ctx.redraw();
    });
    // Beside the cell: to its right, or to its left near the right edge; never over it.
    const w = box.offsetWidth, h = box.offsetHeight;
    const right = (u.col + 1) * cell + 4;
    const x = right + w <= size ? right : Math.max(0, u.col * cell - w - 4);
    const y = Math.min(Math.max(0, (u.row + 0.5) * cell - h / 2), size - h);
    Object.assign(box.style, { left: `${x}px`, top: `${y}px` });
  }

  // The guess is no longer open to change: its alternatives go.
  function withdrawOffer() {
    modes = M.withdraw(modes);
    offerAlternatives();
  }

  async function choose(u, symbol) {
    withdrawOffer();
    if (u.mark) return chooseMark(u, symbol);
    const v = await ctx.callOrToast('choose_alternative', { row: u.row, col: u.col, symbol });
    if (v) {
      ctx.show(v);
      ctx.setStatus(() => t('pen.wrote', { n: symbol, cell: where(u) }));
    }
    ctx.redraw();
  }

  // ---------- pencil marks written by hand (#43) ----------
  // The pencil's notes just written into one cell wait for a pause (or for the pencil to move
  // on to another cell); then the backend reads them: small digits become corner or centre
  // marks, other ink stays. A mark it was not sure of is offered with its alternatives, as an
  // unsure number is.
  let burst = null; // {row, col, ids, timer}
  let unsureMarks = []; // [{symbol, kind, alternatives}] of the last reading, offered one by one

  const readsMarks = () => Boolean((ctx.settings() || {}).read_marks);

  /** Forgets the waiting pencil ink unread (another board, or the screen goes). */
  function dropBurst() {
    if (burst) clearTimeout(burst.timer);
    burst = null;
  }

  /** The cell a note (`[[x, y], ...]`, board units) mostly lies in: the one holding the middle of its box. */
  function noteCell(points) {
    const n = view.size;
    const xs = points.map((p) => p[0]), ys = points.map((p) => p[1]);
    const at = (lo, hi) => Math.min(n - 1, Math.max(0, Math.floor(((lo + hi) / 2) * n)));
    return { row: at(Math.min(...ys), Math.max(...ys)), col: at(Math.min(...xs), Math.max(...xs)) };
  }

  async function pencilNote(points) {
    const before = new Set((view.notes || []).map((k) => k.id));
    const v = await ctx.act({ type: 'add_note', stroke: points });
    if (!v || !readsMarks() || !view.notes) return v;
    const added = view.notes.filter((k) => !before.has(k.id));
    if (!added.length) return v; // a scratch-out rubbed notes out
    const cell = noteCell(points);
    if (burst && (burst.row !== cell.row || burst.col !== cell.col)) readBurst();
    if (!burst) burst = { ...cell, ids: [], timer: null };
    burst.ids.push(...added.map((k) => k.id));
    clearTimeout(burst.timer);
    burst.timer = setTimeout(readBurst, READ_PAUSE_MS);
    return v;
  }

  /** Reads the waiting burst now (the pause came, or the pencil moved on). */
  async function readBurst() {
    const b = burst;
    burst = null;
    if (!b) return;
    clearTimeout(b.timer);
    const live = new Set((view.notes || []).map((k) => k.id));
    const ids = b.ids.filter((id) => live.has(id));
    if (!ids.length) return;
    let res;
    try {
      res = await ctx.call('read_marks', { row: b.row, col: b.col, ids });
    } catch (e) {
      // Another game came, or the notes went: the ink simply stays ink.
      if (!/other_game|stale/.test(String(e && e.kind))) ctx.toast(errorText(e));
      return;
    }
    telemetry.lastMarks = { cell: { row: b.row, col: b.col }, outcome: res.outcome };
    const o = res.outcome;
    if (o.kind !== 'marks') return;
    ctx.show(res.view);
    const list = [...o.corner, ...o.centre].join(t('list.sep'));
    unsureMarks = o.unsure || [];
    if (unsureMarks.length) offerMark(b);
    else ctx.setStatus(() => t('marks.read', { list, cell: where(b) }));
    ctx.redraw();
  }

  /** Offers the next unsure mark of the last reading (in cell `at`) with its alternatives. */
  function offerMark(at) {
    const u = unsureMarks[0];
    if (!u) return;
    modes = M.offer(modes, { row: at.row, col: at.col, symbol: u.symbol, alternatives: u.alternatives, mark: true, marks: unsureMarks.map((m) => m.symbol) });
    offerAlternatives();
    ctx.setStatus(() => t('marks.unsure', { n: u.symbol, cell: where(at), list: u.alternatives.join(t('list.sep')) }));
  }

  async function chooseMark(u, symbol) {
    const v = await ctx.callOrToast('choose_mark', { row: u.row, col: u.col, from: u.symbol, symbol });
    if (!v) {
      unsureMarks = [];
      return ctx.redraw();
    }
    unsureMarks = unsureMarks.filter((m) => m.symbol !== u.symbol);
    ctx.show(v);
    if (unsureMarks.length) offerMark(u);
    else ctx.setStatus(() => t('marks.swapped', { n: symbol, cell: where(u) }));
    ctx.redraw();
  }

  // A tap on a cell selects it and highlights its digit; with a number or colour chosen first
  // it gets that. The barrel button held makes the number a candidate.
  function tap(cell, { barrel = false, add = false } = {}) {
    if (state.colour && !add) return colourCells([cell], state.colour);
    if (state.select || add) {
      toggleSelected(cell);
      redrawWith({ digit: digitOf(cellOf(cell)) || state.digit });
      sync();
      return null;
    }
    const digit = state.armed || digitOf(cellOf(cell));
    state.many = [];
    redrawWith({ selected: cell, cursor: cell, digit });
    sync();
    if (state.armed && !cellOf(cell).given) {
      lastCell = cell;
      const { row, col } = cell;
      const pencil = barrel || state.mode === 'pencil';
      return ctx.act(pencil ? { type: 'toggle_candidate', row, col, value: state.armed } : { type: 'set_value', row, col, value: state.armed });
    }
    return null;
  }

  // Pen or pencil: kept with the game by the backend, so Continue brings it back.
  function setMode(mode) {
    const changed = into(M.chooseInput(modes, mode)) === 'changed';
    sync();
    ctx.redraw();
    if (changed) ctx.call('set_input_mode', { mode }).catch((e) => ctx.toast(errorText(e)));
  }

  // Select mode: taps and sweeps choose cells until switched back (#43).
  function setSelect(on) {
    if (into(M.setSelect(modes, on)) === 'selecting') ctx.setStatus(() => t('select.on'));
    sync();
    ctx.redraw();
  }

  // What the pencil writes: the setting, shown on the Pencil button. Choosing one also takes
  // the pencil.
  function setPencilKind(kind) {
    chosenKind = kind;
    Promise.resolve(ctx.saveSettings({ pencil_marks: kind })).finally(() => {
      if (chosenKind === kind) chosenKind = null;
    });
    sync();
    if (state.mode !== 'pencil') setMode('pencil');
    ctx.setStatus(() => t(`pencil.kind.${kind}.now`));
  }

  // Space: pen, then the pencil writing corner, centre and candidate marks, then the pen again.
  // The Pencil button pressed again cycles the same way without going back to the pen (`wrap`).
  function cycleTool({ wrap = true } = {}) {
    if (state.mode === 'pen') return setPencilKind('corner');
    const next = { corner: 'centre', centre: 'candidates', candidates: wrap ? null : 'corner' }[pencilKind()];
    if (next) return setPencilKind(next);
    setMode('pen');
    ctx.setStatus(() => t('mode.pen.now'));
  }

  // Eraser mode: the pen, a finger or the mouse rub out until switched back.
  function setEraser(on) {
    const erasing = state.mode === 'pencil' ? 'eraser.notes' : 'eraser.cells';
    if (into(M.setEraser(modes, on)) === 'erasing') ctx.setStatus(() => t(erasing));
    sync();
    ctx.redraw();
  }

  // A sweep in select mode: the cells it passes over join the selection.
  function sweepSelect(points) {
    const swept = cellsUnderPath(points, view.size, 0);
    const end = points[points.length - 1];
    const at = (v) => Math.min(view.size - 1, Math.max(0, Math.floor(v * view.size)));
    const last = end ? { row: at(end.y), col: at(end.x) } : swept[swept.length - 1];
    const kept = targets().filter((c) => !swept.some((d) => d.row === c.row && d.col === c.col));
    selectMany([...kept, ...swept.filter((d) => d.row !== last.row || d.col !== last.col), last], last);
    sync();
    ctx.redraw();
    return null;
  }

  // Delete: one cell as before; many a layer at a time (values, else marks, else colours).
  function clearSelected() {
    const sel = state.selected;
    if (state.many.length) ctx.act({ type: 'delete_cells', cells: state.many.map(({ row, col }) => [row, col]) });
    else if (sel) ctx.act({ type: 'clear', row: sel.row, col: sel.col });
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
      ctx.toast(errorText(e));
      return;
    }
    telemetry.writes++;
    telemetry.lastWrite = { cell, outcome: res.outcome };
    const o = res.outcome;
    if (o.kind === 'symbol') {
      // Writing in a cell makes it the selection: a number pressed next goes there, not on
      // cells selected together before.
      state.many = [];
      state.selected = cell;
      lastCell = cell;
      ctx.show(res.view);
      record(telemetry.latency, performance.now() - started);
      if (o.unsure && o.alternatives && o.alternatives.length) {
        modes = M.offer(modes, { row: cell.row, col: cell.col, symbol: o.symbol, alternatives: o.alternatives });
        offerAlternatives();
        ctx.redraw();
        ctx.setStatus(() => t('pen.unsure', { n: o.symbol, cell: where(cell), list: o.alternatives.join(t('list.sep')) }));
        return;
      }
      ctx.setStatus(() => t('pen.wrote', { n: o.symbol, cell: where(cell) }));
    } else if (o.kind === 'scratch_out') {
      ctx.show(res.view);
      ctx.setStatus(() => t('pen.cleared', { cell: where(cell) }));
    } else if (o.kind === 'tap') {
      redrawWith({ selected: cell });
    } else {
      flash(cell);
      ctx.setStatus(() => (o.kind === 'given' ? t('pen.given') : unreadText(o.why)));
    }
  }

  // One eraser stroke, one undo step: in pencil mode it rubs out the pencil marks it touches
  // (ink notes, and the typed candidates of the cells it crosses; values stay), otherwise it
  // clears the cells it passes over (the backend keeps the givens).
  function erase(points) {
    const n = view.size;
    const cells = cellsUnderPath(points, n, 0).map(({ row, col }) => [row, col]);
    // As in the Tablet PC original, the selection follows the eraser to the cell it rubbed last
    // (the one under the stroke's end; cellsUnderPath's list is sorted, not in stroke order).
    const end = points[points.length - 1];
    if (cells.length && end) {
      const at = (v) => Math.min(n - 1, Math.max(0, Math.floor(v * n)));
      state.selected = { row: at(end.y), col: at(end.x) };
    }
    if (state.mode === 'pencil') {
      const notes = (view.notes || []).map((k) => ({ id: k.id, points: k.points.map(([x, y]) => ({ x, y })) }));
      const ids = notesHit(notes, points, 0.25 / n);
      const marked = cells.filter(([r, c]) => { const v = view.cells[r * n + c]; return v && !v.value && (v.candidates || v.marks); });
      return ids.length || marked.length ? ctx.act({ type: 'remove_notes', ids, cells: marked }) : null;
    }
    return cells.length ? ctx.act({ type: 'clear_cells', cells }) : null;
  }

  // The board itself celebrates a player's win: a wave of light from the last cell written.
  // None after the computer's Solve; with reduced motion the board just lights up, still.
  function celebrate(won) {
    victory = null;
    state.victory = null;
    if (won !== 'player') return;
    if (reducedMotion()) {
      state.victory = 'still';
      return;
    }
    state.victory = 'wave';
    state.victoryFrom = lastCell;
    victory = { start: performance.now(), from: lastCell };
    const frame = () => {
      if (!victory) return;
      if (performance.now() - victory.start >= WAVE_MS) {
        victory = null;
        state.victory = null;
      } else {
        requestAnimationFrame(frame);
      }
      ctx.redraw();
    };
    requestAnimationFrame(frame);
  }

  // "Show the suggested cell" (a setting): after every view, where the next number goes. A late
  // answer about an older view is dropped.
  let suggestFor = null;
  function suggest(v) {
    const on = Boolean((ctx.settings() || {}).suggest_cell) && !v.solved && !modes.entering;
    const key = `${v.game_id}:${v.rev}`;
    if (!on) {
      suggestFor = null;
      if (state.suggested) { state.suggested = null; ctx.redraw(); }
      return;
    }
    suggestFor = key;
    ctx.call('suggested_cell').then((r) => {
      if (suggestFor !== key) return;
      state.suggested = r && r.cell ? { row: r.cell[0], col: r.cell[1] } : null;
      ctx.redraw();
    }, () => {});
  }

  // The first press shows the hint; a second press applies it. A step that only removes
  // candidates (a Killer's cage combinations, a pointing pair) is applied as "Solve step by
  // step" makes it: the lists written where the board has none, the candidates removed.
  async function hint() {
    const apply = state.hint && state.hint.apply;
    const removes = state.hint && !apply && (state.hint.eliminate || []).length > 0;
    if (removes) {
      const r = await ctx.callOrToast('solve_step');
      if (r && r.view) ctx.show(r.view);
      return;
    }
    if (apply) {
      // The hint's move is the last cell written: a win by it waves from there.
      if (apply.row !== undefined) lastCell = { row: apply.row, col: apply.col };
      const v = await ctx.act(apply);
      if (v && apply.row !== undefined) state.selected = { row: apply.row, col: apply.col };
      ctx.redraw();
      return;
    }
    const h = await ctx.callOrToast('hint');
    if (!h) return;
    state.hint = h;
    if (h.highlight && h.highlight.target) state.selected = null;
    ctx.setStatus(() => hintText(h).text, () => hintText(h).technique);
    ctx.redraw();
  }

  // Checkpoints (#44): "⚑ Marks…" opens a small menu (#dlg-marks): mark the position (not a
  // move), go back to a mark or to the last correct position, each as one move (Undo returns).
  // The rules are the engine's; the last correct position is asked about first and counts as a
  // hint.
  async function markPosition() {
    const v = await ctx.callOrToast('mark_position');
    if (!v) return;
    ctx.show(v);
    const made = v.marks && v.marks[v.marks.length - 1];
    if (made) ctx.setStatus(() => t('marks.made', { n: made.n }));
  }

  function chooseCheckpoint() {
    const dlg = $('dlg-marks');
    const choices = markChoices(view && view.marks, t);
    $('marks-list').replaceChildren(...choices.map(({ value, label }) => {
      const b = document.createElement('button');
      Object.assign(b, { type: 'submit', value, textContent: label });
      return b;
    }));
    $('marks-head').hidden = choices.length === 0;
    return new Promise((resolve) => {
      dlg.addEventListener('close', () => resolve(readChoice(dlg.returnValue)), { once: true });
      ctx.openDialog(dlg);
      $('marks-mark').focus();
    });
  }

  async function checkpoints() {
    const choice = await chooseCheckpoint();
    if (!choice) return;
    if (choice.markNow) return markPosition();
    if (choice.correct) return backToCorrect();
    const v = await ctx.callOrToast('back_to_mark', { mark: choice.mark });
    if (!v) return;
    ctx.show(v);
    ctx.setStatus(() => t('marks.back', { n: choice.mark }));
  }

  async function backToCorrect() {
    let found;
    try {
      found = await ctx.call('last_correct');
    } catch (e) {
      if (e && e.kind === 'nothing_wrong') ctx.setStatus(() => t('correct.none'));
      else if (errorText(e)) ctx.toast(errorText(e));
      return;
    }
    const yes = await ctx.confirm({ title: t('correct.title'), text: t('correct.text', { n: found.moves_back }), ok: t('correct.ok') });
    if (!yes) return;
    const r = await ctx.callOrToast('back_to_last_correct');
    if (!r) return;
    ctx.show(r.view);
    ctx.setStatus(() => t('correct.done', { n: r.moves_back }));
  }

  return {
    kind: game.kind,
    state,

    setView(v, { fresh = false, won = null } = {}) {
      const newBoard = fresh || !view || view.size !== v.size;
      view = v;
      // Another board: nothing stays chosen, and the mode is the one the player left this game
      // in. Any view withdraws the alternatives (below: the guess is accepted).
      modes = M.seeView(modes, v, { fresh: newBoard });
      if (newBoard) {
        dropBurst();
        ctx.input.reset(v.size);
        buildNumbers();
        Object.assign(state, { selected: null, digit: null, many: [] });
        // As in the J2ME original, the keyboard's cursor shows from the start in the centre: a
        // digit typed first lands there. It is no selection: a number tapped first still arms.
        const mid = Math.floor(v.size / 2);
        state.cursor = { row: mid, col: mid };
        lastCell = null;
      }
      if (fresh || !v.solved) celebrate(null);
      if (won) celebrate(won);
      state.hint = null;
      // Another game, or a move that is not the computer's step: the steps wait (or end).
      if (fresh || v.solved) stepper.stop();
      else if (!stepping) stepper.interrupted();
      suggest(v);
      // A new view means something happened: an unsure guess is accepted as it stands.
      withdrawOffer();
      sync();
    },

    settingsChanged(v) {
      suggest(v);
      sync();
    },

    /** Highlights cells (start_entered's differing cells) until the next change. */
    mark(cells) {
      redrawWith({ hint: { highlight: { cells, target: null } } });
    },

    draw(canvas, { showIncorrect, handwriting, regionTint }) {
      game.draw(canvas, view, {
        selected: state.selected,
        many: state.many,
        showIncorrect,
        handwriting,
        regionTint,
        pencil: state.mode === 'pencil',
        highlight: state.hint && state.hint.highlight,
        flash: state.flash,
        digit: state.digit,
        victory: victory ? { t: performance.now() - victory.start, from: victory.from } : state.victory === 'still' ? { still: true } : null,
        unsure: state.unsure,
        suggested: state.suggested,
        cursor: state.selected ? null : state.cursor,
      });
    },

    inputMode() {
      return M.inputMode(modes);
    },

    a11y() {
      return { rows: view.size, cols: view.size, text: cellText, selected: state.selected, focusSelects: true };
    },

    onInput(e) {
      // Writing again, tapping, noting or erasing: the unsure guess stays as it is.
      if (state.unsure) withdrawOffer();
      unsureMarks = [];
      // Anything but more pencil ink reads what the pencil left first.
      if (burst && e.type !== 'note' && e.type !== 'touch') readBurst();
      // With a colour chosen the board takes taps and sweeps; the eraser end still erases.
      if (e.eraser && e.type === 'tap') return erase([e.point || { x: (e.cell.col + 0.5) / view.size, y: (e.cell.row + 0.5) / view.size }]);
      if (e.eraser && e.type === 'drag') return erase(e.points);
      switch (e.type) {
        case 'ink': return write(e);
        case 'tap': return tap(e.cell, e);
        case 'note': return pencilNote(e.points);
        case 'erase': return erase(e.points);
        // A sweep with a colour chosen colours every cell it passes over; in select mode it
        // adds them to the selection (shown as it goes: 'touch').
        case 'drag':
          if (state.select || e.add) return sweepSelect(e.points);
          return state.colour ? ctx.act({ type: 'set_colour', cells: cellsUnderPath(e.points, view.size, 0).map(({ row, col }) => [row, col]), colour: state.colour }) : null;
        case 'touch': {
          // A sweep in progress (points): the cell under it joins the selection as it goes.
          if (!(state.select || e.add) || !e.from || !e.at) return null;
          const cellAt = (p) => ({ row: Math.min(view.size - 1, Math.max(0, Math.floor(p.y * view.size))), col: Math.min(view.size - 1, Math.max(0, Math.floor(p.x * view.size))) });
          const from = cellAt(e.from), at = cellAt(e.at);
          const moved = at.row !== from.row || at.col !== from.col;
          if (moved && !targets().some((c) => c.row === at.row && c.col === at.col)) {
            selectMany([...targets(), from, at], at);
            ctx.redraw();
          }
          return null;
        }
        default: return null;
      }
    },

    onKey(ev) {
      const a = keyAction(ev, view.size);
      if (!a) return false;
      const sel = state.selected;
      // The keys act on the selected cells, else on the cursor (where it becomes the selection).
      const at = sel || state.cursor;
      switch (a.type) {
        case 'move': {
          const next = moveSelection(at, a.dr, a.dc, view.size);
          state.many = [];
          redrawWith({ selected: next, cursor: next, digit: digitOf(cellOf(next)) || state.digit });
          sync();
          break;
        }
        case 'extend': {
          const next = moveSelection(at, a.dr, a.dc, view.size);
          selectMany([...targets(at), next], next);
          redrawWith({ digit: digitOf(cellOf(next)) || state.digit });
          sync();
          break;
        }
        case 'symbol':
          if (at) {
            const cells = targets(at);
            redrawWith({ selected: state.selected || at, digit: a.value });
            lastCell = at;
            enter(cells, a.value, a.mark || null);
          }
          break;
        case 'cycleMarks': cycleTool(); break;
        case 'clear': clearSelected(); break;
        case 'togglePencil': setMode(state.mode === 'pen' ? 'pencil' : 'pen'); break;
        case 'toggleEraser': setEraser(!state.eraser); break;
        case 'colour': if (sel) ctx.act({ type: 'set_colour', cells: targets().map(({ row, col }) => [row, col]), colour: cycleColour(cellOf(sel).colour || 0) }); break;
        case 'hint': hint(); break;
        default: return false; // undo and redo are the app's
      }
      return true;
    },

    destroy() {
      dropBurst();
      stepper.stop();
      clearTimeout(flashTimer);
      victory = null;
      withdrawOffer();
      stopListening();
      ctx.panel.replaceChildren();
    },
  };
}
