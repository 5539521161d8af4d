// Play aids of every cell board, pure (node-tested): which digit is highlighted and which are
// complete, the cell colours players mark while reasoning, and the victory wave's timing.
// board.js draws them; screens/penplay.js decides when.

/**
 * How many times each value 1..n stands on the board (givens and entries).
 * @param {{value:number}[]} cells row-major
 * @param {number} n board side
 * @returns {number[]} counts, index = value (index 0 unused)
 */
export function digitCounts(cells, n) {
  const counts = new Array(n + 1).fill(0);
  for (const c of cells || []) if (c.value >= 1 && c.value <= n) counts[c.value]++;
  return counts;
}

/**
 * The values placed n times: nothing is left to place for them (the number pad shows them as
 * complete). A value placed more often than n is not complete: some of it is wrong.
 * @returns {Set<number>}
 */
export function completeDigits(cells, n) {
  const counts = digitCounts(cells, n);
  return new Set(counts.map((k, v) => (v > 0 && k === n ? v : 0)).filter(Boolean));
}

/**
 * The digit a tap highlights: a filled cell's value, or nothing for an empty cell.
 * @param {{value:number}} cell
 * @returns {number|null}
 */
export function digitOf(cell) {
  return cell && cell.value ? cell.value : null;
}

/**
 * The cell colours (save format: 1..COLOURS.length, 0 = none). Okabe-Ito hues, safe for every
 * common kind of colour blindness, and each with its own pattern so no one needs the hue at all.
 * `tint` fills the cell, `ink` draws the pattern.
 */
export const COLOURS = [
  { name: 'Orange', pattern: 'stripes', tint: 'rgba(230, 159, 0, 0.30)', ink: 'rgba(176, 110, 0, 0.75)' },
  { name: 'Blue', pattern: 'dots', tint: 'rgba(86, 180, 233, 0.32)', ink: 'rgba(0, 114, 178, 0.75)' },
  { name: 'Green', pattern: 'bars', tint: 'rgba(0, 158, 115, 0.26)', ink: 'rgba(0, 110, 80, 0.75)' },
  { name: 'Purple', pattern: 'checks', tint: 'rgba(204, 121, 167, 0.30)', ink: 'rgba(150, 60, 110, 0.75)' },
];

/** The colour a cell gets from a swatch: the same colour again takes it away. */
export function nextColour(current, chosen) {
  return current === chosen ? 0 : chosen;
}

/** The colour key M gives a cell: none → 1 → 2 → … → last → none. */
export function cycleColour(current) {
  return (current + 1) % (COLOURS.length + 1);
}

/** Victory wave: how long it runs and how long one cell glows (ms). */
export const WAVE_MS = 1600;
export const GLOW_MS = 600;

/**
 * How much cell (row, col) glows (0..1) `t` ms into the victory wave that starts at `from`
 * (the last cell written) and spreads ring by ring (Chebyshev distance) over the board.
 * @returns {number}
 */
export function waveGlow(t, row, col, n, from) {
  const o = from || { row: Math.floor(n / 2), col: Math.floor(n / 2) };
  const ring = Math.max(Math.abs(row - o.row), Math.abs(col - o.col));
  const rings = Math.max(1, n - 1);
  const start = (ring / rings) * (WAVE_MS - GLOW_MS);
  const k = (t - start) / GLOW_MS;
  if (k <= 0 || k >= 1) return 0;
  return Math.sin(Math.PI * k);
}
