// The pointer state machine, pure (node-tested): every screen's pointer input goes through it.
// No DOM and no clock: the caller passes plain pointer data with times in (ms) and calls tick()
// from its own timer, like StrokeGrouper, which it drives for the writing strokes.
//
// States (`state`):
//   idle      no stroke in progress
//   writing   a stroke that may become a symbol (pen, or finger/mouse in writing mode); the
//             StrokeGrouper groups writing strokes per cell and decides what is a tap
//   noting    a free pencil stroke (the screen's mode is 'note')
//   erasing   the pen's eraser end (button 5 / buttons 32), whatever the mode; or any pointer
//             (pen, finger, mouse) in the screen's eraser mode ('erase')
//   touching  a tap or drag that is never ink (the screen's mode is 'tap', e.g. a sliding puzzle)
//
// Rules applied once, here, for every screen (tldraw's dispatch gate):
// - one stroke at a time: a second pointer going down while a stroke is in progress is ignored,
//   except that a PEN going down interrupts a TOUCH stroke in progress: the touch was the palm
//   that landed before the pen, so its stroke is cancelled (with the group it belongs to) and its
//   live ink removed, and the pen's stroke starts as if the touch had never been;
// - palm rejection (palm.js): touch is ignored while a pen is in use, and always in pen-only mode;
// - a pen hovering is a pen in use, and a pen hovering over another cell ends the open group;
// - a tiny pencil stroke is a tap, with the same threshold as a tiny writing stroke;
// - the pen's barrel button held (pointerType 'pen', buttons & 2) turns a writing stroke into a
//   pencil stroke, without changing the screen's mode; its events carry `barrel: true`. (Pointer
//   Events map the barrel to the right button: Windows Ink reports button 2 on the down and
//   buttons 2|1 while writing; Chromium's CDP pen with button 'right' delivers button 2 and
//   buttons 2, checked in tests/pen/play-aids.test.mjs.)
//
// Inputs: down / move / up / cancel with {pointerId, pointerType, button, buttons, point(s)}
// (cancel without a pointer: the window lost the focus),
// where points are {x, y, t, p} in board units (0..1) with time t and pressure p; down also
// carries the screen's `mode` ('write' | 'note' | 'erase' | 'tap'); tick(t); flush() (the screen's mode
// changed: end the open group now); reset(n) (a new board).
//
// Outputs: every input method returns a list of events, in order:
//   {type:'live', op:'begin', id, kind:'write'|'note'|'erase', pointerType, point}  draw new ink
//   {type:'live', op:'extend', id, points}                                           more ink
//   {type:'live', op:'remove', ids}                                                  take ink away
//   {type:'ink', cell, strokes, inkIds}  a writing group ready for recognition
//   {type:'note', points:[[x,y],...], inkIds, barrel?}  a pencil stroke to keep
//   {type:'erase', points}               an eraser path (its ink is already removed)
//   {type:'tap', cell, point?, barrel?}  a tap on a cell (not writing); in 'tap' mode also where
//                                        (a board of another shape hit-tests it itself); barrel:
//                                        the pen's barrel button was held (a pencil tap)
//   {type:'drag', from, to, points}      a stroke in 'tap' mode that moved (cells at both ends)
//                                        (tap and drag carry `eraser: true` when the pen's
//                                        eraser end made them)
//   {type:'touch', from, at}             a stroke in 'tap' mode in progress: where it started and
//                                        is now (both null: it was cancelled)
// `inkIds` hand live ink over to the consumer: it stays on screen until the consumer has
// handled the event (the typed symbol or the kept note replaces it), then the consumer removes
// it. Every other live id is removed by the machine's own 'remove' events.

import { StrokeGrouper, isTiny } from './strokes.js';
import { PalmFilter } from './palm.js';
import { isEraser } from './eraser.js';
import { cellAt } from './hit.js';

const STATES = { write: 'writing', note: 'noting', erase: 'erasing', tap: 'touching' };
const copyPoint = (p) => ({ x: p.x, y: p.y, t: p.t, p: p.p });

/**
 * Is the pen's barrel (side) button held? Pointer Events report it as buttons bit 2 on a pen
 * ('pen' with the eraser bit is the eraser end, not the barrel).
 * @param {{pointerType?:string, buttons?:number}} ev PointerEvent-like
 */
export function isBarrel(ev) {
  return ev != null && ev.pointerType === 'pen' && ((ev.buttons ?? 0) & 2) !== 0 && ((ev.buttons ?? 0) & 32) === 0;
}

/**
 * What a stroke starting now is: the eraser end erases in any mode; eraser mode erases with
 * anything; the barrel button turns writing into pencil.
 * @returns {'write'|'note'|'erase'|'tap'}
 */
export function strokeKind({ pointerType, button, buttons, mode = 'write' }) {
  if (mode === 'tap') return 'tap';
  if (mode === 'erase' || isEraser({ pointerType, button, buttons })) return 'erase';
  if (mode === 'note' || isBarrel({ pointerType, buttons })) return 'note';
  return 'write';
}

export class InputMachine {
  /**
   * @param {{n?:number, pauseMs?:number, slack?:number, penGraceMs?:number}} [opts] n: board
   *   side; pauseMs, slack: see StrokeGrouper; penGraceMs: see PalmFilter
   */
  constructor({ n = 9, pauseMs, slack, penGraceMs } = {}) {
    this.grouper = new StrokeGrouper({ n, pauseMs, slack });
    this.palm = new PalmFilter({ penGraceMs });
    /** @type {{pointerId:any, pointerType:string, kind:string, points:object[], inkId:number|null}|null} */
    this._active = null;
    /** Live ids of the writing strokes in the open group (and the writing stroke in progress). */
    this._groupInk = [];
    /** Live ids the machine still owns (not yet removed nor handed over). */
    this._live = new Set();
    this._nextInk = 1;
  }

  /** 'idle' | 'writing' | 'noting' | 'erasing' | 'touching' */
  get state() {
    return this._active ? STATES[this._active.kind] : 'idle';
  }

  /** The pointer whose stroke is in progress, or null. */
  get activePointer() {
    return this._active ? this._active.pointerId : null;
  }

  /** Board side. */
  get n() {
    return this.grouper.n;
  }

  /** Ids of the live ink the machine still owns (for tests: nothing may be left behind). */
  get liveInk() {
    return [...this._live];
  }

  /** Has a pen been seen? Screens then lead with pen hints. */
  get penSeen() {
    return this.palm.penSeen;
  }

  /** The "pen only" setting: touch never acts on the board. */
  setPenOnly(on) {
    this.palm.setPenOnly(on);
  }

  /** A new board (size n): everything in progress is dropped, without events. */
  reset(n) {
    this.grouper.setSize(n);
    this._active = null;
    this._groupInk = [];
    this._live.clear();
  }

  /**
   * A pointer touches down.
   * @param {{pointerId:any, pointerType:string, button?:number, buttons?:number, point:object, mode?:'write'|'note'|'erase'|'tap'}} ev
   */
  down({ pointerId, pointerType, button, buttons, point, mode = 'write' }) {
    const out = [];
    const accepted = this.palm.accept(pointerType, point.t);
    const a = this._active;
    if (a && a.pointerId === pointerId) {
      // A down without an up (lost pointerup): end that stroke where it was.
      this._active = null;
      out.push(...this._finish(a, a.points[a.points.length - 1]));
    } else if (a) {
      if (pointerType !== 'pen' || a.pointerType !== 'touch') return out;
      out.push(...this._drop());
    }
    if (!accepted) return out;
    const kind = strokeKind({ pointerType, button, buttons, mode });
    const barrel = kind === 'note' && mode !== 'note';
    const stroke = { pointerId, pointerType, kind, barrel, points: [copyPoint(point)], inkId: null };
    // In 'tap' mode the eraser end taps and drags too; its events say so (puzzle entry erases).
    if (kind === 'tap' && isEraser({ pointerType, button, buttons })) stroke.eraser = true;
    this._active = stroke;
    if (kind === 'tap') return out;
    if (kind === 'write') {
      out.push(...this._groupEvents(this.grouper.down(point)));
      // A stroke starting off the board is swallowed whole: no ink.
      if (!this.grouper.drawing) return out;
    }
    stroke.inkId = this._nextInk++;
    this._live.add(stroke.inkId);
    if (kind === 'write') this._groupInk.push(stroke.inkId);
    out.push({ type: 'live', op: 'begin', id: stroke.inkId, kind, pointerType, point: copyPoint(point) });
    return out;
  }

  /**
   * A pointer moves. For the stroke in progress `points` are its samples since the last move
   * (coalesced events, in order); any other pen's move is a hover (see hover()).
   * @param {{pointerId:any, pointerType:string, buttons?:number, points:object[]}} ev
   */
  move({ pointerId, pointerType, buttons, points }) {
    const a = this._active;
    if (!points.length) return [];
    if (!a || a.pointerId !== pointerId) {
      return pointerType === 'pen' ? this.hover({ buttons, point: points[points.length - 1] }) : [];
    }
    if (pointerType === 'pen') this.palm.accept('pen', points[points.length - 1].t);
    for (const p of points) {
      a.points.push(copyPoint(p));
      if (a.kind === 'write') this.grouper.move(p);
    }
    // A touch in 'tap' mode shows where it is, so a screen can follow it (a tile under a finger).
    if (a.kind === 'tap') return [{ type: 'touch', from: copyPoint(a.points[0]), at: copyPoint(a.points[a.points.length - 1]) }];
    if (a.inkId === null) return [];
    return [{ type: 'live', op: 'extend', id: a.inkId, points: points.map(copyPoint) }];
  }

  /**
   * A pen in range. Marks the pen as in use; without contact (buttons 0) over another cell it
   * ends the open group.
   * @param {{buttons?:number, point:object}} ev
   */
  hover({ buttons = 0, point }) {
    this.palm.accept('pen', point.t);
    // In contact (the nib, bit 1, or the eraser, bit 32) it is no hover; the barrel button
    // (bit 2) held in the air still is.
    if ((buttons & 33) !== 0 || !this.grouper.open) return [];
    return this._groupEvents(this.grouper.hover(point));
  }

  /**
   * A pointer lifts.
   * @param {{pointerId:any, point?:object}} ev
   */
  up({ pointerId, point }) {
    const a = this._active;
    if (!a || a.pointerId !== pointerId) return [];
    this._active = null;
    return this._finish(a, point || a.points[a.points.length - 1]);
  }

  /**
   * The stroke in progress ends without its up: the system took the pointer away
   * (pointercancel), the board lost it (lostpointercapture), or the window lost the focus (no
   * pointerId: whichever stroke is in progress). It is dropped, never committed: its end was
   * not seen, and half a digit must not be read as one. Without this a lost up left the
   * stroke open, and the board ignored every other pointer until a new game.
   * @param {{pointerId?:any}} [ev]
   */
  cancel({ pointerId } = {}) {
    if (!this._active || (pointerId !== undefined && this._active.pointerId !== pointerId)) return [];
    return this._drop();
  }

  /** Clock: ends the open group after the writer's pause. */
  tick(t) {
    return this._groupEvents(this.grouper.tick(t));
  }

  /** End the open group now (the screen's mode changes). A writing stroke in progress ends too. */
  flush() {
    const out = this._groupEvents(this.grouper.flush());
    // Its ink went with the group; the rest of that stroke draws nothing.
    if (this._active && this._active.kind === 'write') this._active = null;
    return out;
  }

  // The stroke in progress ends normally.
  _finish(a, pt) {
    const n = this.n;
    if (a.kind === 'write') return this._groupEvents(this.grouper.up(pt));
    if (a.kind === 'tap') {
      const points = [...a.points, copyPoint(pt)];
      const from = cellAt(points[0].x, points[0].y, n);
      const tagged = (e) => (a.eraser ? { ...e, eraser: true } : e);
      if (isTiny(points, n)) return from ? [tagged({ type: 'tap', cell: from, point: points[0] })] : [];
      return [tagged({ type: 'drag', from, to: cellAt(pt.x, pt.y, n), points })];
    }
    if (a.kind === 'erase') return [this._remove([a.inkId]), { type: 'erase', points: a.points }];
    // A pencil stroke; a tiny one is a tap on the cell under the pen, not a speck.
    const barrel = a.barrel ? { barrel: true } : {};
    if (isTiny(a.points, n)) {
      const cell = cellAt(pt.x, pt.y, n);
      return [this._remove([a.inkId]), ...(cell ? [{ type: 'tap', cell, ...barrel }] : [])];
    }
    this._live.delete(a.inkId);
    return [{ type: 'note', points: a.points.map((p) => [p.x, p.y]), inkIds: [a.inkId], ...barrel }];
  }

  // The stroke in progress is cancelled: its ink goes, and a writing stroke takes its group along.
  _drop() {
    const a = this._active;
    this._active = null;
    let ids = a.inkId === null ? [] : [a.inkId];
    if (a.kind === 'write') {
      this.grouper.cancel();
      ids = this._groupInk;
      this._groupInk = [];
    }
    if (a.kind === 'tap') return [{ type: 'touch', from: null, at: null }];
    return ids.length ? [this._remove(ids)] : [];
  }

  _remove(ids) {
    for (const id of ids) this._live.delete(id);
    return { type: 'live', op: 'remove', ids };
  }

  // StrokeGrouper's events, with the ink that belongs to them.
  _groupEvents(events) {
    const out = [];
    for (const e of events) {
      const ids = this._groupInk;
      this._groupInk = [];
      if (e.type === 'tap') {
        out.push(this._remove(ids), { type: 'tap', cell: e.cell });
      } else {
        for (const id of ids) this._live.delete(id);
        out.push({ type: 'ink', cell: e.cell, strokes: e.strokes, inkIds: ids });
      }
    }
    return out;
  }
}
