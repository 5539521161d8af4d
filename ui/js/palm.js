// Palm rejection, pure (node-tested). A hand resting on the screen while writing produces touch
// events; once a pen is in use, touches near in time to pen activity are the palm, not a finger.
// Time is passed in (ms), so the rule is testable without a clock.

/** Decides which pointers may act on the board. */
export class PalmFilter {
  /**
   * @param {{penGraceMs?:number}} [opts] penGraceMs: how long after the last pen event touches
   *   are still taken for the writing hand's palm
   */
  constructor({ penGraceMs = 3000 } = {}) {
    this.penGraceMs = penGraceMs;
    this._penOnly = false;
    /** @type {number|null} time of the last pen event */
    this._lastPen = null;
  }

  /** Ignore touch entirely (the "pen only" setting). */
  setPenOnly(on) {
    this._penOnly = Boolean(on);
  }

  /** Is pen-only on? */
  get penOnly() {
    return this._penOnly;
  }

  /** Has a pen been seen at all? The UI then leads with pen hints. */
  get penSeen() {
    return this._lastPen !== null;
  }

  /**
   * Should this pointer event be acted upon? Pen and mouse: always (a pen event also marks the
   * pen as in use at t). Touch: not while pen-only is on, nor within penGraceMs of the last pen
   * event (either side: event timestamps from different devices may arrive slightly out of order).
   * Unknown pointer types are treated like a mouse.
   * @param {string} pointerType 'pen' | 'mouse' | 'touch' (PointerEvent.pointerType)
   * @param {number} t event time in ms
   * @returns {boolean}
   */
  accept(pointerType, t) {
    if (pointerType === 'pen') {
      // Keep the latest time even if events come out of order.
      this._lastPen = this._lastPen === null ? t : Math.max(this._lastPen, t);
      return true;
    }
    if (pointerType !== 'touch') return true;
    if (this._penOnly) return false;
    return this._lastPen === null || Math.abs(t - this._lastPen) > this.penGraceMs;
  }
}

// How long after a palm's touch lifts a click without a pointer type (an engine whose clicks
// are plain MouseEvents) is still taken for that touch's click.
const PALM_CLICK_MS = 500;

/**
 * Palm rejection for the rest of the page (#40): the panel sits under the writing hand by
 * design (layout.js), so a touch while a pen is in use (in range or used in the last
 * penGraceMs) is the palm there too and presses nothing: not the number pad, Undo, Clear or
 * Hint (tldraw's rule). Unlike the board, pen-only mode does not apply: a finger still presses
 * the controls when no pen is about. Fed every pointer event and click of the page, it says
 * which to swallow: a rejected touch's every event until it lifts, and the click it makes.
 */
export class PalmGate {
  /** @param {{penGraceMs?:number}} [opts] see PalmFilter */
  constructor({ penGraceMs } = {}) {
    this.filter = new PalmFilter({ penGraceMs });
    /** Touches taken for the palm, still down. */
    this._palms = new Set();
    /** The last palm to lift: {pointerId, t}. */
    this._lifted = null;
  }

  /**
   * Should this event be swallowed (stopped before any handler, its default prevented)?
   * @param {{type:string, pointerType?:string, pointerId?:any, t:number}} ev a pointer event
   *   ('pointerdown', 'pointermove', 'pointerup', 'pointercancel', …) or a 'click' (whose
   *   pointerType is '' from the keyboard, or absent in an engine whose clicks are MouseEvents)
   */
  swallow({ type, pointerType, pointerId, t }) {
    if (type === 'click') {
      const l = this._lifted;
      if (!l || t - l.t > PALM_CLICK_MS || t < l.t) return false;
      return pointerType ? pointerType === 'touch' && pointerId === l.pointerId : true;
    }
    if (pointerType === 'pen') {
      this.filter.accept('pen', t);
      return false;
    }
    if (pointerType !== 'touch') return false;
    if (type === 'pointerdown' && !this.filter.accept('touch', t)) this._palms.add(pointerId);
    if (!this._palms.has(pointerId)) return false;
    if (type === 'pointerup' || type === 'pointercancel') {
      this._palms.delete(pointerId);
      this._lifted = { pointerId, t };
    }
    return true;
  }
}
