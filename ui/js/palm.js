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
