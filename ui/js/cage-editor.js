// "Enter a puzzle" for KenKen: the cage editor's state, pure (node-tested). A cage is drawn by
// dragging across cells, then given a target and an operation; cages can be selected, changed
// and deleted, and every change can be undone. The engine has the last word on a puzzle (its
// precise errors come back from the backend); this module only keeps what the player drew and
// says what is plainly unfinished. The screen is screens/kenken-entry.js.

import { t } from './i18n.js';

/** The operations a cage can have, as the engine's JSON spells them. */
export const OPS = ['+', '-', '*', '/', '='];

const key = ([r, c]) => `${r},${c}`;

/** Whether `cells` ([row, col] pairs) form one orthogonally connected region. */
export function connected(cells) {
  if (!cells.length) return false;
  const left = new Set(cells.map(key));
  const stack = [cells[0]];
  left.delete(key(cells[0]));
  while (stack.length) {
    const [r, c] = stack.pop();
    for (const n of [[r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]]) {
      if (left.delete(key(n))) stack.push(n);
    }
  }
  return left.size === 0;
}

/** The distinct cells of a drag path, in the order first touched. */
export function dragCells(path) {
  const seen = new Set();
  const out = [];
  for (const cell of path) {
    const cr = [cell.row ?? cell[0], cell.col ?? cell[1]];
    if (!seen.has(key(cr))) { seen.add(key(cr)); out.push(cr); }
  }
  return out;
}

/**
 * The cells a drag passes through, in order, from its points in board units (0..1). Points
 * come in at the pointer's rate, so a fast stroke jumps: each segment is walked in steps of a
 * quarter cell, and a diagonal step from one cell to another also takes the cell the segment
 * crosses first, so the cells stay side by side.
 */
export function pathCells(points, n) {
  const out = [];
  let prev = null; // the previous sample, {x, y}
  const cellOf = (x, y) => [Math.min(n - 1, Math.floor(y * n)), Math.min(n - 1, Math.floor(x * n))];
  const visit = (x, y) => {
    const inside = x >= 0 && x < 1 && y >= 0 && y < 1;
    const last = out[out.length - 1];
    if (inside) {
      const cell = cellOf(x, y);
      if (last && last[0] !== cell[0] && last[1] !== cell[1] && prev) {
        // Crossed a corner between two samples: take the cell on the side whose boundary the
        // move crossed first.
        const bx = Math.max(last[1], cell[1]) / n, by = Math.max(last[0], cell[0]) / n;
        const tx = (bx - prev.x) / (x - prev.x), ty = (by - prev.y) / (y - prev.y);
        out.push(tx <= ty ? [last[0], cell[1]] : [cell[0], last[1]]);
      }
      if (!last || last[0] !== cell[0] || last[1] !== cell[1]) out.push(cell);
    }
    prev = { x, y };
  };
  for (const p of points) {
    const x = p.x ?? p[0], y = p.y ?? p[1];
    if (prev) {
      const from = prev;
      const steps = Math.ceil(Math.hypot(x - from.x, y - from.y) * n * 4);
      for (let k = 1; k < steps; k++) visit(from.x + ((x - from.x) * k) / steps, from.y + ((y - from.y) * k) / steps);
    }
    visit(x, y);
  }
  return dragCells(out);
}

export class CageEditor {
  /** @param {number} size 3..9 */
  constructor(size) {
    if (!(Number.isInteger(size) && size >= 3 && size <= 9)) throw new RangeError(`a KenKen board is 3 to 9 cells wide, not ${size}`);
    this.size = size;
    /** @type {{cells: number[][], target: number|null, op: string|null}[]} */
    this.cages = [];
    this.selected = null; // index into cages
    this.past = [];
    this.future = [];
    this.typing = null; // the cage whose target is being typed (one undo step per run)
  }

  /** The editor's content as plain data (what undo restores). */
  snapshot() {
    return JSON.stringify({ cages: this.cages, selected: this.selected });
  }

  restore(text) {
    const s = JSON.parse(text);
    this.cages = s.cages;
    this.selected = s.selected;
  }

  change(f) {
    this.typing = null;
    const before = this.snapshot();
    const result = f();
    if (result && result.error) return result;
    this.past.push(before);
    this.future = [];
    return result || { ok: true };
  }

  /** The index of the cage holding (row, col), or -1. */
  cageAt(row, col) {
    return this.cages.findIndex((c) => c.cells.some(([r, k]) => r === row && k === col));
  }

  /**
   * A new cage from dragged cells. Cells must be on the board, connected and not in another
   * cage; a single tapped cell in a cage selects that cage instead.
   * @returns {{ok: true, index: number} | {error: string}}
   */
  draw(path) {
    const cells = dragCells(path);
    if (!cells.length) return { error: t('ce.drag') };
    const off = cells.find(([r, c]) => !(r >= 0 && r < this.size && c >= 0 && c < this.size));
    if (off) return { error: t('ce.off', { row: off[0] + 1, col: off[1] + 1 }) };
    if (cells.length === 1 && this.cageAt(...cells[0]) >= 0) {
      this.select(this.cageAt(...cells[0]));
      return { ok: true, index: this.selected };
    }
    const taken = cells.find(([r, c]) => this.cageAt(r, c) >= 0);
    if (taken) return { error: t('ce.taken', { row: taken[0] + 1, col: taken[1] + 1 }) };
    if (!connected(cells)) return { error: t('ce.piece') };
    return this.change(() => {
      this.cages.push({ cells: [...cells].sort((a, b) => a[0] - b[0] || a[1] - b[1]), target: null, op: cells.length === 1 ? '=' : null });
      this.selected = this.cages.length - 1;
      return { ok: true, index: this.selected };
    });
  }

  /** Sets the selected (or given) cage's target and/or operation. */
  setRule({ target, op }, index = this.selected) {
    const cage = this.cages[index];
    if (!cage) return { error: t('ce.choose') };
    if (target !== undefined && !(Number.isInteger(target) && target > 0)) return { error: t('ce.target') };
    if (op !== undefined && !OPS.includes(op)) return { error: t('ce.op', { op }) };
    return this.change(() => {
      if (target !== undefined) cage.target = target;
      if (op !== undefined) cage.op = op;
    });
  }

  /**
   * Types a digit of the selected cage's target, as on a calculator: the first digit after
   * choosing a cage replaces its target, the next ones append. A run of typing into one cage
   * is one undo step.
   */
  typeDigit(d) {
    const i = this.selected;
    const cage = this.cages[i];
    if (!cage) return { error: t('ce.choose') };
    if (!(Number.isInteger(d) && d >= 0 && d <= 9)) return { error: t('ce.digit', { d }) };
    const text = `${this.typing === i && cage.target !== null ? cage.target : ''}${d}`;
    if (text.length > 6) return { error: t('ce.six') };
    return this.typingChange(i, Number(text) || null);
  }

  /** Takes the last digit off the selected cage's target. */
  backspace() {
    const i = this.selected;
    const cage = this.cages[i];
    if (!cage) return { error: t('ce.choose') };
    if (cage.target === null) return { ok: true };
    return this.typingChange(i, Number(String(cage.target).slice(0, -1)) || null);
  }

  typingChange(i, target) {
    const apply = () => { this.cages[i].target = target; };
    if (this.typing === i) { apply(); return { ok: true }; }
    const r = this.change(apply);
    this.typing = i;
    return r;
  }

  /** Chooses a cage (or none) without changing anything. */
  select(index) {
    this.selected = this.cages[index] ? index : null;
    this.typing = null;
  }

  /** Deletes every cage (one undo step). */
  clearAll() {
    return this.change(() => {
      this.cages = [];
      this.selected = null;
    });
  }

  /** Deletes the selected (or given) cage. */
  remove(index = this.selected) {
    if (!this.cages[index]) return { error: t('ce.choose') };
    return this.change(() => {
      this.cages.splice(index, 1);
      this.selected = null;
    });
  }

  /** Deletes every cage holding one of `cells` ([row, col]) in one step (the eraser end). */
  removeAt(cells) {
    const hit = new Set(cells.map(([r, c]) => this.cageAt(r, c)).filter((i) => i >= 0));
    if (!hit.size) return { ok: true, removed: 0 };
    return this.change(() => {
      this.cages = this.cages.filter((_, i) => !hit.has(i));
      this.selected = null;
      return { ok: true, removed: hit.size };
    });
  }

  /**
   * Adds the cell beside the selected cage (keyboard: Shift+arrow) to it; a one-cell given
   * that grows loses its `=`.
   */
  extend([row, col]) {
    const cage = this.cages[this.selected];
    if (!cage) return { error: t('ce.choose') };
    if (!(row >= 0 && row < this.size && col >= 0 && col < this.size)) return { error: t('ce.off_board') };
    const other = this.cageAt(row, col);
    if (other === this.selected) return { ok: true };
    if (other >= 0) return { error: t('ce.taken', { row: row + 1, col: col + 1 }) };
    if (!cage.cells.some(([r, c]) => Math.abs(r - row) + Math.abs(c - col) === 1)) return { error: t('ce.piece') };
    return this.change(() => {
      cage.cells = [...cage.cells, [row, col]].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      if (cage.op === '=') cage.op = null;
    });
  }

  /**
   * The keyboard cursor ({row, col}) moved one cell along `arrow` ([drow, dcol]), kept on the
   * board; with `grow` (Shift) the chosen cage takes the cell it moves to. Returns the new
   * cursor (the old one when the cage could not grow) and the growing's result (null when
   * nothing was grown).
   */
  step(cursor, arrow, grow) {
    const clamp = (v) => Math.max(0, Math.min(this.size - 1, v));
    const next = { row: clamp(cursor.row + arrow[0]), col: clamp(cursor.col + arrow[1]) };
    if (!grow || this.selected === null) return { cursor: next, result: null };
    const result = this.extend([next.row, next.col]);
    return { cursor: result.error ? cursor : next, result };
  }

  undo() {
    this.typing = null;
    if (!this.past.length) return false;
    this.future.push(this.snapshot());
    this.restore(this.past.pop());
    return true;
  }

  redo() {
    this.typing = null;
    if (!this.future.length) return false;
    this.past.push(this.snapshot());
    this.restore(this.future.pop());
    return true;
  }

  /** The puzzle as the engine's JSON (docs/kenken.md). */
  toPuzzle() {
    return { size: this.size, cages: this.cages.map((c) => ({ op: c.op, target: c.target, cells: c.cells.map(([r, k]) => [r, k]) })) };
  }

  /** An editor holding a puzzle in the engine's JSON (e.g. the sample, or one to change). */
  static fromPuzzle(p) {
    const e = new CageEditor(p.size);
    e.cages = p.cages.map((c) => ({ cells: c.cells.map(([r, k]) => [r, k]).sort((a, b) => a[0] - b[0] || a[1] - b[1]), target: c.target, op: c.op }));
    return e;
  }
}
