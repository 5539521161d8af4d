// Stroke grouping, pure (node-tested): turns a stream of pen samples into one group of strokes
// per cell, ready for recognition. No DOM, no timers: the caller passes every time in (ms) and
// calls tick() from its own clock, so the rules can be tested exactly.
//
// Rules (how a pen write feels, docs/architecture.md):
// - a group is committed when the writer pauses pauseMs without pen contact, or as soon as the
//   pen touches down / hovers outside the group's cell (plus slack);
// - a digit may take several strokes: a stroke starting within the group's cell widened by
//   `slack` of a cell on every side joins the group (writers stray over lines);
// - the group's cell is the cell under the centre of its first stroke's bounding box;
// - a tiny stroke with no group open is a tap (selects a cell), not writing.

/**
 * @typedef {{x:number, y:number, t:number, p?:number}} Point  board units 0..1, time in ms, pressure
 * @typedef {{row:number, col:number}} Cell
 * @typedef {{type:'commit', cell:Cell, strokes:Point[][]}} CommitEvent  a group ready for recognition
 * @typedef {{type:'tap', cell:Cell}} TapEvent  select the cell; not writing
 * @typedef {CommitEvent|TapEvent} GroupEvent
 */

const onBoard = (pt) => pt != null && pt.x >= 0 && pt.x <= 1 && pt.y >= 0 && pt.y <= 1;
const clampIndex = (v, n) => Math.max(0, Math.min(n - 1, Math.floor(v * n)));
// Copy so later mutation of the caller's event objects can't change recorded ink.
const copyPoint = (pt) => ({ x: pt.x, y: pt.y, t: pt.t, p: pt.p });

/** A stroke whose bounding box is under this fraction of a cell both ways is a tap, not writing.
 * The one copy in the view (the engine's gesture rules have their own, TAP_FRACTION in ink). */
export const TAP_FRACTION = 0.15;

function bbox(stroke) {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const { x, y } of stroke) {
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  return { x0, y0, x1, y1 };
}

/**
 * Is this stroke a tap: smaller than `fraction` of a cell of an n x n board both ways?
 * @param {{x:number, y:number}[]} stroke board units
 * @param {number} n board side
 * @param {number} [fraction=TAP_FRACTION]
 */
export function isTiny(stroke, n, fraction = TAP_FRACTION) {
  const b = bbox(stroke);
  const tiny = fraction / n;
  return b.x1 - b.x0 < tiny && b.y1 - b.y0 < tiny;
}

/** Groups pen strokes into one symbol per cell. Every input method returns the events it caused. */
export class StrokeGrouper {
  /**
   * @param {{n:number, pauseMs?:number, tapFraction?:number, slack?:number}} opts
   *   n: board side (4, 6, 9, 16); pauseMs: pause without contact that ends a group;
   *   tapFraction: a stroke whose bounding box is under this fraction of a cell in both
   *   directions (with no group open) is a tap; slack: fraction of a cell by which the group's
   *   cell is widened on each side when deciding whether a new stroke (or a hover) belongs to it.
   */
  constructor({ n, pauseMs = 500, tapFraction = TAP_FRACTION, slack = 0.25 }) {
    this.n = n;
    this.pauseMs = pauseMs;
    this.tapFraction = tapFraction;
    this.slack = slack;
    /** @type {{cell:Cell, strokes:Point[][], lastUp:number}|null} */
    this._group = null;
    /** @type {Point[]|null} stroke in progress */
    this._stroke = null;
    // Whether the stroke in progress joins the open group (decided at pen-down).
    this._joins = false;
    // A stroke that started off the board: swallow its samples until pen-up.
    this._ignoring = false;
  }

  /** The open group ({cell, strokes}, copies) or null. */
  get open() {
    if (!this._group) return null;
    return { cell: { ...this._group.cell }, strokes: this._group.strokes.map((s) => s.slice()) };
  }

  /** True while a (non-ignored) stroke is in progress, i.e. between down() and up(). */
  get drawing() {
    return this._stroke !== null;
  }

  /** Change the board size; an open group belongs to the old board, so it is dropped. */
  setSize(n) {
    this.n = n;
    return this.cancel();
  }

  /**
   * Pen (or finger/mouse in writing mode) touches down.
   * @param {Point} pt
   * @returns {GroupEvent[]}
   */
  down(pt) {
    const out = [];
    // A down without an up (lost pointerup): end the previous stroke where it was.
    if (this._stroke) out.push(...this._endStroke());
    this._ignoring = false;
    // The pause may have run out without the caller ticking: honour it before deciding.
    out.push(...this.tick(pt.t));
    if (!onBoard(pt)) {
      this._ignoring = true;
      return out;
    }
    this._joins = false;
    if (this._group) {
      if (this._nearGroup(pt)) this._joins = true;
      else out.push(this._commit());
    }
    this._stroke = [copyPoint(pt)];
    return out;
  }

  /**
   * Pen moves while touching. Moves without contact go to hover().
   * @param {Point} pt
   * @returns {GroupEvent[]}
   */
  move(pt) {
    if (this._stroke) this._stroke.push(copyPoint(pt));
    return [];
  }

  /**
   * Pen lifts. May produce a tap.
   * @param {Point} [pt] the last sample (optional: a lost pointer may have none)
   * @returns {GroupEvent[]}
   */
  up(pt) {
    if (this._ignoring) {
      this._ignoring = false;
      return [];
    }
    if (!this._stroke) return [];
    if (pt) {
      const last = this._stroke[this._stroke.length - 1];
      // Pointer APIs often repeat the last move as the up: don't store a duplicate sample.
      if (last.x !== pt.x || last.y !== pt.y || last.t !== pt.t) this._stroke.push(copyPoint(pt));
    }
    return this._endStroke();
  }

  /**
   * Pen in range without contact. Hovering outside the open group's cell (plus slack) means the
   * writer has moved on: commit.
   * @param {Point} pt
   * @returns {GroupEvent[]}
   */
  hover(pt) {
    const out = this.tick(pt.t);
    if (this._group && !this._stroke && onBoard(pt) && !this._nearGroup(pt)) out.push(this._commit());
    return out;
  }

  /**
   * Clock: commits the open group once pauseMs have passed since its last pen-up.
   * @param {number} t ms
   * @returns {GroupEvent[]}
   */
  tick(t) {
    if (this._group && !this._stroke && t - this._group.lastUp >= this.pauseMs) return [this._commit()];
    return [];
  }

  /**
   * Commit now (mode change, focus loss): a stroke in progress is ended first.
   * @returns {GroupEvent[]}
   */
  flush() {
    const out = [];
    if (this._stroke) out.push(...this._endStroke());
    this._ignoring = false;
    if (this._group) out.push(this._commit());
    return out;
  }

  /**
   * Drop the open group and any stroke in progress, without events.
   * @returns {GroupEvent[]} always empty
   */
  cancel() {
    this._group = null;
    this._stroke = null;
    this._joins = false;
    this._ignoring = false;
    return [];
  }

  // Is the point within the open group's cell widened by `slack` of a cell on each side?
  _nearGroup(pt) {
    const { row, col } = this._group.cell;
    const n = this.n;
    const s = this.slack;
    return pt.x >= (col - s) / n && pt.x <= (col + 1 + s) / n && pt.y >= (row - s) / n && pt.y <= (row + 1 + s) / n;
  }

  _endStroke() {
    const stroke = this._stroke;
    this._stroke = null;
    const t = stroke[stroke.length - 1].t;
    if (this._joins && this._group) {
      this._joins = false;
      this._group.strokes.push(stroke);
      this._group.lastUp = t;
      return [];
    }
    this._joins = false;
    const b = bbox(stroke);
    const cell = { row: clampIndex((b.y0 + b.y1) / 2, this.n), col: clampIndex((b.x0 + b.x1) / 2, this.n) };
    if (isTiny(stroke, this.n, this.tapFraction)) return [{ type: 'tap', cell }];
    this._group = { cell, strokes: [stroke], lastUp: t };
    return [];
  }

  _commit() {
    const { cell, strokes } = this._group;
    this._group = null;
    return { type: 'commit', cell, strokes };
  }
}
