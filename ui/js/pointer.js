// The board's pointer wiring (DOM glue around input.js): pointer events on the ink canvas become
// plain inputs in board coordinates for the InputMachine; its live-ink events are drawn on the
// InkLayer in the same handler; its other events (ink, tap, note, erase, drag) go to the
// screen. Ink a screen event carries stays until the screen's handling of it has settled.
// guardPalms: palm rejection for the rest of the page (the panel under the writing hand).

import { InputMachine } from './input.js';
import { PalmGate } from './palm.js';
import { isEraser } from './eraser.js';
import { InkLayer } from './ink.js';
import { fitCanvas, COLORS } from './board.js';
import { toBoard } from './hit.js';
import { TAP_FRACTION } from './strokes.js';
import { telemetry, record } from './telemetry.js';

// Live-ink look per stroke kind, in the theme's colours (read when a stroke is drawn); the
// eraser's trail has a fixed width whatever the pressure.
const LOOK = {
  write: { get color() { return COLORS.entry; } },
  note: { get color() { return COLORS.noteActive; } },
  erase: { get color() { return COLORS.erase; }, pointerType: 'mouse' },
};
const TICK_MS = 50;
// Movement (CSS px) under which a press on an overlay's button stays a press (see passStrokesThrough).
const TAP_SLOP_PX = 6;

export class BoardInput {
  /**
   * @param {HTMLCanvasElement} canvas the ink overlay, on top of the board
   * @param {{mode: () => ('write'|'note'|'tap'|null), onEvent: (e: object) => any}} hooks
   *   mode: what a stroke starting now does (null: the board takes no input);
   *   onEvent: a screen event; may return a promise (its ink stays until it settles)
   */
  constructor(canvas, { mode, onEvent }) {
    this.canvas = canvas;
    this.ink = new InkLayer(canvas);
    this.machine = new InputMachine();
    this.mode = mode;
    this.onEvent = onEvent;
    canvas.addEventListener('pointerdown', (ev) => { this._cursor(ev); this._down(ev); });
    canvas.addEventListener('pointermove', (ev) => { this._cursor(ev); this._move(ev); });
    canvas.addEventListener('pointerover', (ev) => this._cursor(ev));
    canvas.addEventListener('pointerup', (ev) => this._handle(this.machine.up(this._input(ev))));
    canvas.addEventListener('pointercancel', (ev) => this._handle(this.machine.cancel(this._input(ev))));
    // A stroke whose up may never come here ends too (dropped, as on pointercancel): the board
    // lost the pointer (after an up this finds no stroke), or the window lost the focus.
    canvas.addEventListener('lostpointercapture', (ev) => this._handle(this.machine.cancel(this._input(ev))));
    window.addEventListener('blur', () => this._handle(this.machine.cancel()));
    setInterval(() => this._handle(this.machine.tick(performance.now())), TICK_MS);
  }

  /** The pointer's look over the board: an eraser while the pen is turned over or in eraser mode. */
  _cursor(ev) {
    const erasing = this.mode() === 'erase' || isEraser(ev);
    const want = erasing ? 'eraser' : '';
    if (this.canvas.dataset.cursor !== want) this.canvas.dataset.cursor = want;
  }

  /** Live strokes on screen (tests check that none is left behind). */
  get liveInk() {
    return this.ink.strokes.length;
  }

  get penSeen() {
    return this.machine.penSeen;
  }

  setPenOnly(on) {
    this.machine.setPenOnly(on);
  }

  /** A new board of side n: everything in progress and all live ink are dropped. */
  reset(n) {
    this.machine.reset(n);
    this.ink.clear();
  }

  /** Nothing in play: everything in progress and all live ink are dropped. */
  clear() {
    this.reset(this.machine.n);
  }

  /** End the open writing group now (the screen's mode changes). */
  flush() {
    this._handle(this.machine.flush());
  }

  /** Sizes the overlay like the board (CSS px, DPR); live ink is redrawn in place. */
  fit(cssSize, dpr) {
    const resized = this.canvas.width !== Math.round(cssSize * dpr);
    fitCanvas(this.canvas, cssSize, dpr);
    this.ink.cellPx = cssSize / this.machine.n;
    if (resized) this.ink.redraw();
  }

  /**
   * An overlay above the board (the alternatives beside an unsure cell) lets writing through: a
   * pointer that goes down on it and moves further than a tap on the board would (TAP_FRACTION
   * of a cell, at least TAP_SLOP_PX) is a stroke, not a press of one of its buttons. The
   * overlay then gives way (`onYield` takes it off the board) and the stroke is the board's
   * from its first event, as if the overlay had not been there. A tap still reaches the
   * overlay's buttons.
   * @param {HTMLElement} overlay
   * @param {() => void} onYield
   */
  passStrokesThrough(overlay, onYield) {
    let down = null;
    let moves = [];
    const forget = () => { down = null; moves = []; };
    overlay.addEventListener('pointerdown', (ev) => {
      if (!this.mode()) return;
      down = ev;
      moves = [];
      // Its moves come here even when they leave the button before they make a stroke (the
      // overlay's gaps let the pointer through to the board, which never saw it go down).
      try { ev.target.setPointerCapture(ev.pointerId); } catch { /* synthetic pointers can't be captured */ }
    });
    overlay.addEventListener('pointermove', (ev) => {
      if (!down || ev.pointerId !== down.pointerId) return;
      moves.push(ev);
      // At least TAP_SLOP_PX: on a small 16x16 board a tap's share of a cell is a few pixels,
      // less than a pen tap on a button wobbles.
      const slop = Math.max(TAP_SLOP_PX, TAP_FRACTION * (this.ink.cellPx || this.canvas.clientWidth / this.machine.n));
      if (Math.max(Math.abs(ev.clientX - down.clientX), Math.abs(ev.clientY - down.clientY)) < slop) return;
      const [first, rest] = [down, moves];
      forget();
      onYield();
      // The real events, with their own times and pressures: the stroke loses nothing.
      this._down(first);
      for (const m of rest) this._move(m);
    });
    overlay.addEventListener('pointerup', forget);
    overlay.addEventListener('pointercancel', forget);
  }

  _point(ev) {
    const rect = this.canvas.getBoundingClientRect();
    const p = toBoard(ev.clientX - rect.left, ev.clientY - rect.top, rect.width);
    return { x: p.x, y: p.y, t: ev.timeStamp, p: ev.pointerType === 'pen' ? ev.pressure : 0.5 };
  }

  _input(ev) {
    return { pointerId: ev.pointerId, pointerType: ev.pointerType, button: ev.button, buttons: ev.buttons, point: this._point(ev) };
  }

  _down(ev) {
    let mode = this.mode();
    if (!mode) return;
    ev.preventDefault();
    const input = this._input(ev);
    // Ctrl, Shift (or Cmd) with the mouse on a board written cell by cell: taps and sweeps that
    // add cells to the selection (#43), as in SudokuPad; never writing.
    this._adding = ev.pointerType === 'mouse' && (ev.ctrlKey || ev.shiftKey || ev.metaKey) && (mode === 'write' || mode === 'note');
    if (this._adding) mode = 'tap';
    this._handle(this.machine.down({ ...input, mode }));
    if (this.machine.activePointer !== ev.pointerId) return;
    try { this.canvas.setPointerCapture(ev.pointerId); } catch { /* synthetic pointers can't be captured */ }
    const { x, y } = input.point;
    telemetry.lastPointer = { type: ev.pointerType, pressure: ev.pressure, buttons: ev.buttons, button: ev.button, x, y };
  }

  _move(ev) {
    const drawStart = performance.now();
    const stroke = this.machine.activePointer === ev.pointerId;
    const coalesced = stroke && typeof ev.getCoalescedEvents === 'function' ? ev.getCoalescedEvents() : [];
    const points = (coalesced.length ? coalesced : [ev]).map((e) => this._point(e));
    this._handle(this.machine.move({ pointerId: ev.pointerId, pointerType: ev.pointerType, buttons: ev.buttons, points }));
    if (!stroke) return;
    // Drawn synchronously in the event handler, so it shows in the frame that handles the event.
    const drawn = performance.now();
    record(telemetry.inkDraw, drawn - drawStart);
    record(telemetry.inkLatency, drawn - ev.timeStamp);
  }

  _handle(events) {
    for (const e of events) {
      if (e.type !== 'live') {
        this._deliver(e);
      } else if (e.op === 'begin') {
        const look = LOOK[e.kind];
        this.ink.begin(e.id, e.point, look.pointerType || e.pointerType, look.color);
      } else if (e.op === 'extend') {
        this.ink.extend(e.id, e.points);
      } else {
        this.ink.remove(e.ids);
      }
    }
  }

  _deliver(e) {
    if (this._adding && (e.type === 'tap' || e.type === 'drag' || e.type === 'touch')) e = { ...e, add: true };
    let handled;
    try {
      handled = this.onEvent(e);
    } finally {
      if (e.inkIds && e.inkIds.length) Promise.resolve(handled).finally(() => this.ink.remove(e.inkIds));
    }
  }
}

/**
 * Palm rejection for the whole page (palm.js PalmGate): every pointer event and click is looked
 * at in the capture phase, before any handler; a palm's are stopped there, so a hand resting on
 * the panel while the pen writes presses nothing (the board's own InputMachine filters too).
 * @param {Window} win
 */
export function guardPalms(win, gate = new PalmGate()) {
  const look = (ev) => {
    if (!gate.swallow({ type: ev.type, pointerType: ev.pointerType, pointerId: ev.pointerId, t: ev.timeStamp })) return;
    ev.preventDefault();
    ev.stopImmediatePropagation();
    if (ev.type === 'pointerdown') telemetry.palmsIgnored++;
  };
  for (const type of ['pointerdown', 'pointermove', 'pointerover', 'pointerup', 'pointercancel', 'click']) {
    win.addEventListener(type, look, { capture: true });
  }
}
