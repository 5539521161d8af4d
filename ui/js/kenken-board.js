// Draws a KenKen board the backend described onto a canvas, crisp at any devicePixelRatio
// (backing store in device pixels, lines snapped to device pixels), and the pure maths behind
// it (node-tested): which cell edges are cage borders, each cage's label, which cage a cell is
// in, where candidates sit below the label.

import { COLORS, FONT, drawCellBoard, boardGeometry } from './board.js';

const OPS = { '+': '+', '-': '−', '*': '×', '/': '÷', '=': '' };

/**
 * A cage's label as printed in its top-left cell: `12+`, `1−`, `6×`, `2÷`, a lone `3`. A cage
 * still being entered shows `?` for what it lacks (`?+`, `12?`); `label` overrides it.
 */
export function cageLabel(cage) {
  if (cage.label !== undefined) return cage.label;
  const target = cage.target ?? '?';
  const op = cage.op === null || cage.op === undefined ? (cage.cells && cage.cells.length === 1 ? '' : '?') : OPS[cage.op] ?? cage.op;
  return `${target}${op}`;
}

/** For each cell (row-major), the index of its cage in `view.cages` (-1 if none). */
export function cageIndex(view) {
  const n = view.size;
  const of = new Array(n * n).fill(-1);
  view.cages.forEach((cage, i) => { for (const [r, c] of cage.cells) of[r * n + c] = i; });
  return of;
}

/** The cage of cell (row, col), or null. */
export function cageAt(view, row, col) {
  const n = view.size;
  if (!(row >= 0 && row < n && col >= 0 && col < n)) return null;
  const i = cageIndex(view)[row * n + col];
  return i < 0 ? null : view.cages[i];
}

/**
 * Which sides of each cell are cage borders (the board's edge counts as one), row-major:
 * `{top, right, bottom, left}` booleans.
 */
export function cageEdges(view) {
  const n = view.size;
  const of = cageIndex(view);
  const same = (r, c, r2, c2) => r2 >= 0 && r2 < n && c2 >= 0 && c2 < n && of[r * n + c] === of[r2 * n + c2];
  const edges = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      edges.push({ top: !same(r, c, r - 1, c), right: !same(r, c, r, c + 1), bottom: !same(r, c, r + 1, c), left: !same(r, c, r, c - 1) });
    }
  }
  return edges;
}

/** The cell a cage's label goes in: its top-most, then left-most cell. */
export function labelCell(cage) {
  return cage.cells.reduce((best, rc) => (rc[0] < best[0] || (rc[0] === best[0] && rc[1] < best[1]) ? rc : best));
}

/** Font size (device pixels) of cage labels for a cell of `cell` pixels: about a fifth of the cell, never unreadably small. */
export function labelFontSize(cell, dpr = 1) {
  return Math.max(Math.round(10 * dpr), Math.round(cell * 0.21));
}

/**
 * Where candidate v sits inside its cell, below the label band: a `cols` x `rows` mini-grid
 * in the cell's lower part (`top` is the fraction of the cell above it).
 */
export function candidateSlot(v, n) {
  const cols = n <= 4 ? 2 : 3;
  const rows = Math.ceil(n / cols);
  const i = v - 1;
  return { col: i % cols, row: Math.floor(i / cols), cols, rows, top: 0.3 };
}

// A line position snapped so a line of width w covers whole device pixels.
const snap = (v, w) => (w % 2 ? Math.round(v) + 0.5 : Math.round(v));

/** KenKen's layers for board.js's pipeline: peers by row and column; thin lines and thick cage
 * borders drawn edge by edge; the cage labels over them; candidates below the label band. */
export const KENKEN_LAYERS = {
  peers: (view, sel) => (r, c) => r === sel.row || c === sel.col,
  lines(ctx, view) {
    const { px, n, cell } = boardGeometry(ctx, view);
    // Thin lines between all cells, then thick cage borders drawn edge by edge.
    const thin = Math.max(1, Math.round(px / 700));
    const thick = Math.max(3, Math.round(px / 130));
    ctx.lineCap = 'butt';
    ctx.strokeStyle = COLORS.grid;
    ctx.lineWidth = thin;
    ctx.beginPath();
    for (let i = 1; i < n; i++) {
      const p = snap(i * cell, thin);
      ctx.moveTo(p, 0); ctx.lineTo(p, px);
      ctx.moveTo(0, p); ctx.lineTo(px, p);
    }
    ctx.stroke();
    const edges = cageEdges(view);
    const at = (i) => Math.min(px - thick / 2, Math.max(thick / 2, snap(i * cell, thick)));
    ctx.strokeStyle = COLORS.gridStrong;
    ctx.lineWidth = thick;
    ctx.lineCap = 'square';
    ctx.beginPath();
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const e = edges[r * n + c];
        // Each border once: top and left of every cell, bottom and right on the board's edge.
        if (e.top) { ctx.moveTo(at(c), at(r)); ctx.lineTo(at(c + 1), at(r)); }
        if (e.left) { ctx.moveTo(at(c), at(r)); ctx.lineTo(at(c), at(r + 1)); }
        if (r === n - 1) { ctx.moveTo(at(c), at(n)); ctx.lineTo(at(c + 1), at(n)); }
        if (c === n - 1) { ctx.moveTo(at(n), at(r)); ctx.lineTo(at(n), at(r + 1)); }
      }
    }
    ctx.stroke();
    return { inset: thick, thick };
  },
  // Cage labels: target and operation in the top-left corner. A full cage that breaks its rule
  // gets a red label on a red tab (shape as well as colour).
  marks(ctx, view, { thick }) {
    const { cell } = boardGeometry(ctx, view);
    const dpr = (typeof window !== 'undefined' && window.devicePixelRatio) || 1;
    const labelPx = labelFontSize(cell, dpr);
    ctx.textAlign = 'left';
    ctx.textBaseline = 'top';
    ctx.font = `600 ${labelPx}px ${FONT}`;
    for (const cage of view.cages) {
      const [r, c] = labelCell(cage);
      const x = c * cell + thick / 2 + Math.max(2, cell * 0.06), y = r * cell + thick / 2 + Math.max(1, cell * 0.04);
      const text = cageLabel(cage);
      if (cage.wrong) {
        const w = ctx.measureText(text).width;
        ctx.fillStyle = COLORS.badFill;
        ctx.fillRect(x - labelPx * 0.15, y - labelPx * 0.08, w + labelPx * 0.3, labelPx * 1.2);
        ctx.fillStyle = COLORS.bad;
        ctx.fillRect(x - labelPx * 0.15, y + labelPx * 1.12, w + labelPx * 0.3, Math.max(2, labelPx * 0.12));
      } else {
        ctx.fillStyle = COLORS.given;
      }
      ctx.fillText(text, x, y);
    }
  },
  valueSize: 0.56,
  valueY: 0.6,
  place: (v, view) => {
    const s = candidateSlot(v, view.size);
    const h = (1 - s.top) / s.rows;
    return { x: (s.col + 0.5) / s.cols, y: s.top + (s.row + 0.55) * h, size: Math.min(h * 0.8, 0.7 / s.cols) };
  },
};

/**
 * A KenKen board.
 * @param {HTMLCanvasElement} canvas already fitted with fitCanvas
 * @param {object} view the backend's KenkenView
 * @param {{selected?, showIncorrect?, pencil?, highlight?: {cells: number[][], target: {row,col}}, flash?: {row,col}}} ui
 */
export function drawKenken(canvas, view, ui = {}) {
  drawCellBoard(canvas, view, ui, KENKEN_LAYERS);
}
