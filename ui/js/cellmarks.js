// Corner and centre marks (#43), pure (node-tested): a cell's marks as the backend sends them
// (`"27/139"`: corner digits in the order written, then `/` and the centre digits), and where
// the board draws them. Corner marks go in the corners first, then the edges' middles (as
// SudokuPad places them), in the order written; more than eight spread along the top and bottom
// edges, smaller. Centre marks are one row in the middle, shrinking to fit; two rows when one
// would be too small to read.

/** The value of a mark's symbol: '1'-'9' then 'A'-'G' (10-16); 0 for anything else. */
function valueOf(ch) {
  if (ch >= '1' && ch <= '9') return ch.charCodeAt(0) - 48;
  if (ch >= 'A' && ch <= 'G') return ch.charCodeAt(0) - 55;
  return 0;
}

/**
 * A cell's marks.
 * @param {string|undefined} s the view's `marks` (absent: none)
 * @returns {{corner: number[], centre: number[]}}
 */
export function parseMarks(s) {
  if (typeof s !== 'string' || !s) return { corner: [], centre: [] };
  const [corner, centre = ''] = s.split('/');
  const digits = (part) => [...part].map(valueOf).filter((v) => v > 0);
  return { corner: digits(corner), centre: digits(centre) };
}

/** Whether a cell's marks hold `v` as that kind ('corner' | 'centre'). */
export function hasMark(s, kind, v) {
  return parseMarks(s)[kind].includes(v);
}

// The corners, then the edges' middles: x, y as fractions of the cell.
const SPOTS = [[0.2, 0.22], [0.8, 0.22], [0.2, 0.8], [0.8, 0.8], [0.5, 0.22], [0.5, 0.8], [0.2, 0.51], [0.8, 0.51]];

/**
 * Where `count` corner marks go, in the order written, with their font size.
 * @returns {{size: number, spots: {x: number, y: number}[]}} fractions of the cell
 */
export function cornerLayout(count) {
  if (count <= 0) return { size: 0, spots: [] };
  if (count <= 8) return { size: count <= 4 ? 0.26 : 0.23, spots: SPOTS.slice(0, count).map(([x, y]) => ({ x, y })) };
  // Many: half along the top edge, the rest along the bottom, evenly.
  const top = Math.ceil(count / 2);
  const row = (k, y) => Array.from({ length: k }, (_, i) => ({ x: 0.12 + (0.76 * (i + 0.5)) / k, y }));
  return { size: Math.max(0.11, Math.min(0.2, 0.76 / top / 0.62)), spots: [...row(top, 0.2), ...row(count - top, 0.82)] };
}

/**
 * How `count` centre marks are drawn: one row, or two when one row would be too small.
 * @returns {{size: number, rows: number[]}} the font size (fraction of the cell) and how many
 *   digits each row holds
 */
export function centreLayout(count) {
  if (count <= 0) return { size: 0, rows: [] };
  // A digit is about 0.62 of its font size wide; the row may fill 0.86 of the cell.
  const fit = (k) => Math.min(0.3, 0.86 / (k * 0.62));
  if (fit(count) >= 0.17 || count < 4) return { size: fit(count), rows: [count] };
  const first = Math.ceil(count / 2);
  return { size: Math.min(0.26, fit(first)), rows: [first, count - first] };
}

/** The words the accessible grid says for a cell's marks, or '' (t: i18n's). */
export function marksText(s, t, symbol) {
  const m = parseMarks(s);
  const parts = [];
  if (m.corner.length) parts.push(t('marks.corner.say', { list: m.corner.map(symbol).join(' ') }));
  if (m.centre.length) parts.push(t('marks.centre.say', { list: m.centre.map(symbol).join(' ') }));
  return parts.join(', ');
}
