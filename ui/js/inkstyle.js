// Ink style, pure (node-tested): the nib width for live ink.
// Widths are a fraction of the cell size, so a digit in a 4x4 cell and one in a 16x16 cell look
// like the same pen relative to the cell (the recogniser and the eye both see proportions).

// Fractions of the cell size.
const PEN_MIN = 0.025; // the lightest touch: thin, but still ink
const PEN_MAX = 0.075; // pressed hard
const MEDIUM = (PEN_MIN + PEN_MAX) / 2; // mouse and finger: no real pressure
const MIN_PX = 1; // never thinner than a device pixel-ish hairline, so ink never vanishes

/**
 * Nib width in CSS px for one sample.
 * Pens: pressure 0 gives the thin minimum, 1 the maximum, linearly in between (so a pen at the
 * default 0.5 draws exactly like a mouse). Mouse and touch report 0.5 or 0 whatever the
 * contact, so their pressure is ignored: a fixed medium width.
 * @param {number} pressure PointerEvent.pressure, 0..1 (out-of-range values are clamped)
 * @param {string} pointerType 'pen' | 'mouse' | 'touch'
 * @param {number} cellPx the size of one cell in CSS px
 * @returns {number} width in CSS px (at least 1)
 */
export function strokeWidth(pressure, pointerType, cellPx) {
  const cell = Number.isFinite(cellPx) && cellPx > 0 ? cellPx : 0;
  let fraction = MEDIUM;
  if (pointerType === 'pen' && Number.isFinite(pressure)) {
    const p = Math.max(0, Math.min(1, pressure));
    fraction = PEN_MIN + (PEN_MAX - PEN_MIN) * p;
  }
  return Math.max(MIN_PX, fraction * cell);
}
