// Draws the board the backend described onto a canvas, crisp at any devicePixelRatio: the
// backing store is sized in device pixels and grid lines are snapped to device pixels.
// Conflicts and incorrect entries are marked by shape as well as colour; so are cell colours
// (a pattern each) and the highlighted digit's candidates (a disc).
//
// One pipeline for every cell board (drawCellBoard): what lies under the grid, the game's
// lines, the game's marks over them, the numbers. A game supplies its layers (Sudoku's boxes
// here, SUDOKU_LAYERS; KenKen's cages in kenken-board.js).

import { COLOURS, waveGlow } from './marks.js';
import { parseMarks, cornerLayout, centreLayout } from './cellmarks.js';

// The light theme's colours; theme.js replaces them in place with the theme's (css/themes.css).
export const COLORS = {
  paper: '#fbf8ef',
  selected: '#cfd9ff',
  peer: '#eef1f8',
  same: '#e3e8ff',
  hintFocus: '#fff3c4',
  hintTarget: '#ffe082',
  flash: 'rgba(198, 40, 40, 0.35)',
  unsure: '#ffe0b2',
  unsureEdge: '#e65100',
  grid: '#7f8899',
  gridStrong: '#2c3e50',
  given: '#1b1b1b',
  entry: '#1a237e',
  bad: '#b71c1c',
  candidate: '#455a64',
  noteActive: '#37474f',
  noteIdle: '#7b8a93',
  badFill: 'rgba(198, 40, 40, 0.16)',
  erase: 'rgba(120, 144, 156, 0.35)',
  digitDisc: 'rgba(61, 90, 254, 0.22)',
  digitCandidate: '#1a237e',
  won: 'rgba(255, 213, 79, ALPHA)',
  selectedEdge: '#3d5afe',
};

/** A cell's colour mark: its tint, then its pattern (colour-blind safe: the pattern alone says which). */
function drawColourMark(ctx, x0, y0, cell, k) {
  const c = COLOURS[k - 1];
  if (!c) return;
  ctx.save();
  ctx.beginPath();
  ctx.rect(x0, y0, cell, cell);
  ctx.clip();
  ctx.fillStyle = c.tint;
  ctx.fillRect(x0, y0, cell, cell);
  ctx.strokeStyle = c.ink;
  ctx.fillStyle = c.ink;
  ctx.lineWidth = Math.max(1, cell * 0.035);
  const step = cell / 5;
  ctx.beginPath();
  if (c.pattern === 'stripes') {
    for (let d = -cell; d < cell; d += step) { ctx.moveTo(x0 + d, y0 + cell); ctx.lineTo(x0 + d + cell, y0); }
  } else if (c.pattern === 'bars') {
    for (let y = step / 2; y < cell; y += step) { ctx.moveTo(x0, y0 + y); ctx.lineTo(x0 + cell, y0 + y); }
  } else if (c.pattern === 'checks') {
    for (let v = step / 2; v < cell; v += step) { ctx.moveTo(x0, y0 + v); ctx.lineTo(x0 + cell, y0 + v); ctx.moveTo(x0 + v, y0); ctx.lineTo(x0 + v, y0 + cell); }
  }
  ctx.stroke();
  if (c.pattern === 'dots') {
    for (let y = step / 2; y < cell; y += step) {
      for (let x = step / 2; x < cell; x += step) { ctx.beginPath(); ctx.arc(x0 + x, y0 + y, Math.max(1, cell * 0.035), 0, 2 * Math.PI); ctx.fill(); }
    }
  }
  ctx.restore();
}

/**
 * A colour mark as a tile for CSS (the swatches): drawn as the board draws a coloured cell, so a
 * swatch looks like the cells it colours; an image is cheap to paint where CSS gradients were a
 * dear part of the first frame (#27). The pattern repeats seamlessly every `side` px.
 * @returns {string} a PNG data URL
 */
export function markTile(k, side, dpr = 1) {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = Math.round(side * dpr);
  const ctx = context2d(canvas);
  ctx.scale(dpr, dpr);
  drawColourMark(ctx, 0, 0, side, k);
  return canvas.toDataURL();
}

export const FONT = '"Segoe UI", "DejaVu Sans", sans-serif';

export function symbolChar(v) {
  if (v >= 1 && v <= 9) return String(v);
  if (v >= 10 && v <= 16) return String.fromCharCode(65 + v - 10);
  return '';
}

/**
 * The 2D context of the board's canvas (every game draws on it) and of the swatches' tiles: a
 * canvas drawn by the CPU (`willReadFrequently`), not by the GPU. The board is redrawn when
 * something changes, not at every frame, and its first drawing is text: on WebKit's GPU canvas
 * that text cost shader compilations before the first frame and 5-8 MB of the web process
 * (#27, docs/benchmarks.md). A canvas keeps the kind its first `getContext` gave it, so every
 * caller asks through here.
 */
export function context2d(canvas) {
  return canvas.getContext('2d', { willReadFrequently: true });
}

/** Sizes a canvas's backing store for a CSS size and DPR; returns the device-pixel size. */
export function fitCanvas(canvas, cssSize, dpr) {
  const px = Math.max(1, Math.round(cssSize * dpr));
  if (canvas.width !== px || canvas.height !== px) {
    canvas.width = px;
    canvas.height = px;
  }
  canvas.style.width = `${cssSize}px`;
  canvas.style.height = `${cssSize}px`;
  return px;
}

/** Where candidate v sits inside its cell: a (cols x rows) mini-grid shaped like a box. */
export function candidateSlot(v, view) {
  const cols = view.box_cols;
  const rows = view.size / cols;
  const i = v - 1;
  return { col: i % cols, row: Math.floor(i / cols), cols, rows };
}

/** One ink note (points in board coordinates) as a stroked path on a board of `px` pixels. */
export function strokePath(ctx, points, px) {
  ctx.beginPath();
  points.forEach(([x, y], i) => (i ? ctx.lineTo(x * px, y * px) : ctx.moveTo(x * px, y * px)));
  if (points.length === 1) ctx.lineTo(points[0][0] * px + 0.5, points[0][1] * px + 0.5);
  ctx.stroke();
}

/**
 * The outline `strokeRect(x, y, w, h)` would draw with line width `lw`, in the current fill
 * style, made of rectangles: solid, or dashed as `dash` = [on, off] with every edge starting
 * and ending on a dash (its corners drawn). Filled rectangles, because on WebKit's GPU canvas
 * a dashed or stroked path is another kind of paint whose shaders a cold start compiles
 * before the first frame (#27: the keyboard cursor's dashed frame cost ~0.25 s there).
 */
export function frameRect(ctx, x, y, w, h, lw, dash) {
  const half = lw / 2;
  // Each edge spans the outline's whole outer length, so the corners are covered.
  const edge = (x0, y0, len, across) => {
    const put = (at, size) => (across ? ctx.fillRect(x0 + at, y0, size, lw) : ctx.fillRect(x0, y0 + at, lw, size));
    if (!dash) { put(0, len); return; }
    const [on, off] = dash;
    const k = Math.max(2, Math.round((len + off) / (on + off)));
    const scale = len / (k * on + (k - 1) * off);
    for (let i = 0; i < k; i++) put(i * (on + off) * scale, on * scale);
  };
  edge(x - half, y - half, w + lw, true);
  edge(x - half, y + h - half, w + lw, true);
  edge(x - half, y - half, h + lw, false);
  edge(x + w - half, y - half, h + lw, false);
}

/**
 * What lies under the grid of any cell board (Sudoku, KenKen): paper, the selected cell's peers
 * (`isPeer(r, c)`), the cells holding the highlighted digit (`ui.digit`, else the selected
 * cell's value), the hint's cells and target, the player's colour marks, a flash, the victory
 * glow, and the pencil notes (under the grid and the numbers, like pencil under ink).
 */
function drawUnderlay(ctx, view, ui, isPeer) {
  const px = ctx.canvas.width;
  const n = view.size;
  const cell = px / n;
  const fill = (r, c, color) => { ctx.fillStyle = color; ctx.fillRect(c * cell, r * cell, cell, cell); };
  ctx.fillStyle = ui.paper || COLORS.paper;
  ctx.fillRect(0, 0, px, px);
  const tinted = Boolean(view.variant && view.variant.jigsaw && ui.regionTint !== false);
  if (tinted) {
    // A negative region is a cell not yet in one (the entry screen's): left untinted.
    view.variant.regions.forEach((k, i) => { if (k >= 0) fill(Math.floor(i / n), i % n, REGION_TINTS[k % REGION_TINTS.length].replace('A', '0.13')); });
  }
  const sel = ui.selected;
  const digit = ui.digit || (sel ? view.cells[sel.row * n + sel.col].value : 0);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (digit && view.cells[r * n + c].value === digit) fill(r, c, COLORS.same);
      else if (sel && isPeer(r, c)) fill(r, c, COLORS.peer);
    }
  }
  if (ui.highlight) {
    for (const [r, c] of ui.highlight.cells || []) fill(r, c, COLORS.hintFocus);
    if (ui.highlight.target) fill(ui.highlight.target.row, ui.highlight.target.col, COLORS.hintTarget);
    // On a tinted jigsaw a pale yellow cell can pass for a yellow region: framed as well.
    if (tinted) {
      const w = Math.max(2, cell * 0.05);
      ctx.fillStyle = COLORS.unsureEdge; // the theme's amber
      for (const [r, c] of ui.highlight.cells || []) frameRect(ctx, c * cell + w / 2, r * cell + w / 2, cell - w, cell - w, w, null);
    }
  }
  // Many cells selected (#43): each filled and framed as the selected one is.
  const many = ui.many || [];
  for (const m of many) fill(m.row, m.col, COLORS.selected);
  if (sel) fill(sel.row, sel.col, COLORS.selected);
  view.cells.forEach((c, i) => { if (c.colour) drawColourMark(ctx, (i % n) * cell, Math.floor(i / n) * cell, cell, c.colour); });
  if (sel) {
    // An edge as well as a fill: the selection shows on a coloured cell too.
    const w = Math.max(2, cell * 0.06);
    ctx.fillStyle = COLORS.selectedEdge;
    frameRect(ctx, sel.col * cell + w, sel.row * cell + w, cell - 2 * w, cell - 2 * w, w, null);
  }
  if (many.length) {
    const w = Math.max(2, cell * 0.04);
    ctx.fillStyle = COLORS.selectedEdge;
    for (const m of many) frameRect(ctx, m.col * cell + w, m.row * cell + w, cell - 2 * w, cell - 2 * w, w, null);
  }
  if (ui.flash) fill(ui.flash.row, ui.flash.col, COLORS.flash);
  if (ui.victory) {
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const a = ui.victory.still ? 0.45 : 0.75 * waveGlow(ui.victory.t, r, c, n, ui.victory.from);
        if (a > 0) fill(r, c, COLORS.won.replace('ALPHA', a.toFixed(3)));
      }
    }
  }
  // A frame inside a cell's lines: `width` and `inset` as parts of the cell, `dash` too (none: solid).
  const frame = ({ row, col }, color, width, inset, dash) => {
    const lw = Math.max(2, cell * width);
    const m = lw * inset;
    ctx.fillStyle = color;
    frameRect(ctx, col * cell + m, row * cell + m, cell - 2 * m, cell - 2 * m, lw, dash && dash.map((d) => cell * d));
  };
  if (ui.unsure) {
    // A guess: amber, with a dashed edge, so it never looks like a typed certainty.
    fill(ui.unsure.row, ui.unsure.col, COLORS.unsure);
    frame(ui.unsure, COLORS.unsureEdge, 0.05, 1, [0.12, 0.08]);
  }
  // The keyboard's cursor before any cell is selected: a dashed frame in the selection's
  // colour, no fill (the unsure guess's dashes are amber over amber).
  if (ui.cursor) frame(ui.cursor, COLORS.selectedEdge, 0.05, 1, [0.08, 0.08]);
  // "Show the suggested cell": a solid frame in the accent colour.
  if (ui.suggested) frame(ui.suggested, COLORS.selectedEdge, 0.06, 1.2, null);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = ui.pencil ? COLORS.noteActive : COLORS.noteIdle;
  ctx.lineWidth = Math.max(1, cell * 0.035);
  for (const note of view.notes || []) strokePath(ctx, note.points, px);
}

/**
 * The marks of a wrong number, by shape as well as colour: a bar under a conflicting number, a
 * notch in the top-right corner of an incorrect one (shown only with "show incorrect").
 */
function drawWrongMarks(ctx, x0, y0, cell, inset, { conflict, incorrect }) {
  ctx.fillStyle = COLORS.bad;
  if (conflict) ctx.fillRect(x0 + cell * 0.3, y0 + cell * 0.84, cell * 0.4, Math.max(2, cell * 0.05));
  if (incorrect) {
    ctx.beginPath();
    ctx.moveTo(x0 + cell * 0.72, y0 + inset);
    ctx.lineTo(x0 + cell - inset, y0 + inset);
    ctx.lineTo(x0 + cell - inset, y0 + cell * 0.28);
    ctx.closePath();
    ctx.fill();
  }
}

/**
 * The player's own handwriting of a value ("keep my handwriting"): the backend's tidied glyph
 * (strokes of points 0..1000 in a square box, the ink centred in it, as tall as it) drawn in a
 * box as tall as a typed digit, centred where the digit would be, with a nib about as thick as
 * the type's strokes. Curves through the midpoints of the simplified points smooth the corners.
 */
export function drawGlyph(ctx, glyph, cx, cy, side, color) {
  const k = side / 1000;
  const x = (v) => cx - side / 2 + v * k;
  ctx.save();
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.lineWidth = Math.max(1.2, side * 0.13);
  for (const flat of glyph) {
    const pts = [];
    for (let i = 0; i + 1 < flat.length; i += 2) pts.push([x(flat[i]), cy - side / 2 + flat[i + 1] * k]);
    if (pts.length === 1) {
      ctx.beginPath();
      ctx.arc(pts[0][0], pts[0][1], ctx.lineWidth / 2, 0, 2 * Math.PI);
      ctx.fill();
      continue;
    }
    ctx.beginPath();
    ctx.moveTo(pts[0][0], pts[0][1]);
    for (let i = 1; i < pts.length - 1; i++) {
      const mx = (pts[i][0] + pts[i + 1][0]) / 2, my = (pts[i][1] + pts[i + 1][1]) / 2;
      ctx.quadraticCurveTo(pts[i][0], pts[i][1], mx, my);
    }
    const last = pts[pts.length - 1];
    ctx.lineTo(last[0], last[1]);
    ctx.stroke();
  }
  ctx.restore();
}

/**
 * An empty cell's corner and centre marks (cellmarks.js places them); the highlighted digit
 * bold and in the number's colour; all red when `wrong` (shown incorrect).
 */
function drawCellMarks(ctx, x0, y0, cell, marks, digit, wrong, unsure = [], glyphs = null) {
  const m = parseMarks(marks);
  if (!m.corner.length && !m.centre.length) return;
  const put = (v, x, y, size) => {
    const lit = v === digit;
    // A handwritten mark the recogniser was not sure of: amber, as an unsure number is.
    const amber = unsure.includes(symbolChar(v));
    ctx.fillStyle = amber ? COLORS.unsureEdge : wrong ? COLORS.bad : lit ? COLORS.digitCandidate : COLORS.candidate;
    // A mark read from the player's ink, kept ("keep my handwriting"): their hand, as tall as
    // the typed mark's figure.
    const hand = glyphs && glyphs[symbolChar(v)];
    if (hand) return drawGlyph(ctx, hand, x0 + x * cell, y0 + y * cell, Math.max(6, cell * size * FIGURE_HEIGHT), ctx.fillStyle);
    ctx.font = `${lit || amber ? 700 : 400} ${Math.max(6, Math.round(cell * size))}px ${FONT}`;
    ctx.fillText(symbolChar(v), x0 + x * cell, y0 + y * cell);
  };
  const corner = cornerLayout(m.corner.length);
  m.corner.forEach((v, i) => put(v, corner.spots[i].x, corner.spots[i].y, corner.size));
  const centre = centreLayout(m.centre.length);
  let k = 0;
  centre.rows.forEach((count, row) => {
    const y = centre.rows.length === 1 ? 0.53 : 0.42 + row * 0.24;
    const w = centre.size * 0.62;
    for (let i = 0; i < count; i++, k++) put(m.centre[k], 0.5 + (i - (count - 1) / 2) * w, y, centre.size);
  });
}

/** How tall a typed digit's figure is, as a fraction of its font size (the glyph's box). */
export const FIGURE_HEIGHT = 0.74;

/**
 * The numbers of any cell board (Sudoku, KenKen): each value in type (a given bolder, a wrong
 * one red, with its marks), or an empty cell's candidates where `place(v)` puts them
 * (`{x, y, size}` as fractions of the cell). `valueSize`, `valueY`: the value's font size and
 * height as fractions of the cell; `inset`: the wrong marks' distance from the cell's edge.
 */
function drawNumbers(ctx, view, ui, { inset, valueSize, valueY, place }) {
  const n = view.size;
  const cell = ctx.canvas.width / n;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  view.cells.forEach((c, i) => {
    const x0 = (i % n) * cell, y0 = Math.floor(i / n) * cell;
    if (!c.value) {
      // "Show incorrect" shows marks the solution rules out in the wrong numbers' red (#43).
      const wrong = Boolean(ui.showIncorrect && c.marks_wrong);
      const u = ui.unsure;
      const amber = u && u.mark && u.row * n + u.col === i ? u.marks || [u.symbol] : [];
      drawCellMarks(ctx, x0, y0, cell, c.marks, ui.digit, wrong, amber, ui.handwriting ? c.mark_glyphs : null);
      for (let v = 1; v <= n; v++) {
        if (!(c.candidates & (1 << (v - 1)))) continue;
        const p = place(v);
        const lit = v === ui.digit;
        if (lit) {
          // The highlighted digit's candidate: a disc behind it and bold, not only a colour.
          ctx.fillStyle = COLORS.digitDisc;
          ctx.beginPath();
          ctx.arc(x0 + p.x * cell, y0 + p.y * cell - cell * p.size * 0.04, cell * p.size * 0.62, 0, 2 * Math.PI);
          ctx.fill();
        }
        ctx.fillStyle = wrong ? COLORS.bad : lit ? COLORS.digitCandidate : COLORS.candidate;
        ctx.font = `${lit ? 700 : 400} ${Math.round(cell * p.size)}px ${FONT}`;
        ctx.fillText(symbolChar(v), x0 + p.x * cell, y0 + p.y * cell);
      }
      return;
    }
    const incorrect = Boolean(ui.showIncorrect && c.incorrect && !c.given);
    ctx.fillStyle = !c.given && (c.conflict || incorrect) ? COLORS.bad : c.given ? COLORS.given : COLORS.entry;
    if (ui.handwriting && c.glyph && !c.given) {
      // The player's own ink instead of type, in the same colour (red when wrong) and size.
      const side = cell * valueSize * FIGURE_HEIGHT;
      drawGlyph(ctx, c.glyph, x0 + cell / 2, y0 + cell * valueY, side, ctx.fillStyle);
    } else {
      ctx.font = `${c.given ? 600 : 400} ${Math.round(cell * valueSize)}px ${FONT}`;
      ctx.fillText(symbolChar(c.value), x0 + cell / 2, y0 + cell * valueY);
    }
    drawWrongMarks(ctx, x0, y0, cell, inset, { conflict: c.conflict, incorrect });
  });
}

/**
 * The one drawing pipeline of every cell board: the underlay (paper, peers, highlights, colour
 * marks, frames, pencil notes), the game's lines, the game's marks over the lines, the numbers.
 * @param {HTMLCanvasElement} canvas already fitted with fitCanvas
 * @param {object} view the backend's board view
 * @param {object} ui what the screen shows over it (see drawBoard)
 * @param {{peers: (view, selected) => (r, c) => boolean,
 *   lines: (ctx, view) => {inset: number},
 *   marks?: (ctx, view, lines) => void,
 *   valueSize: number, valueY: number, place: (v, view) => {x, y, size}}} layers
 *   peers: the cells that share a unit with the selected one (called only with a selection);
 *   lines: draws the grid and returns what the marks need (`inset`: the wrong marks' distance
 *   from a cell's edge); marks: drawn over the lines, under the numbers (KenKen's cage labels);
 *   valueSize, valueY: a value's font size and height as fractions of the cell; place: where
 *   candidate v sits in its cell, as fractions of it
 */
export function drawCellBoard(canvas, view, ui, layers) {
  const ctx = context2d(canvas);
  drawUnderlay(ctx, view, ui, ui.selected ? layers.peers(view, ui.selected) : null);
  const lines = layers.lines(ctx, view);
  if (layers.marks) layers.marks(ctx, view, lines, ui);
  drawNumbers(ctx, view, ui, { inset: lines.inset, valueSize: layers.valueSize, valueY: layers.valueY, place: (v) => layers.place(v, view) });
}

/**
 * What an entry screen (KenKen's cages, a variant's shape) draws over its board: a problem's
 * cells hatched red (shape as well as colour), the cells where two solutions differ hatched
 * amber, and the cells of a drag in progress (`live`, [row, col] pairs) tinted blue.
 */
export function drawEntryMarks(canvas, n, { problem = [], differ = [], live = [] }) {
  const g = context2d(canvas);
  const cell = canvas.width / n;
  const hatch = (cells, color) => {
    g.strokeStyle = color;
    g.lineWidth = Math.max(1.5, cell * 0.018);
    for (const [r, c] of cells) {
      g.save();
      g.beginPath();
      g.rect(c * cell, r * cell, cell, cell);
      g.clip();
      g.beginPath();
      for (let k = -6; k <= 6; k++) { g.moveTo(c * cell + (k * cell) / 6, (r + 1) * cell); g.lineTo(c * cell + ((k + 6) * cell) / 6, r * cell); }
      g.stroke();
      g.restore();
    }
  };
  hatch(problem, 'rgba(198, 40, 40, 0.6)');
  hatch(differ, 'rgba(230, 126, 0, 0.55)');
  g.fillStyle = 'rgba(63, 81, 181, 0.28)';
  for (const [r, c] of live) g.fillRect(c * cell, r * cell, cell, cell);
}

/** The board's size in device pixels, its side in cells and a cell's size. */
export function boardGeometry(ctx, view) {
  const px = ctx.canvas.width;
  return { px, n: view.size, cell: px / view.size };
}

/**
 * The cells that share a unit or a cage with (row, col) on a variant's board (issue 42): its
 * row, column and region (a box or a jigsaw's piece), a diagonal it lies on (X), its cage.
 */
export function variantPeers(view, sel) {
  const v = view.variant;
  const n = view.size;
  const at = sel.row * n + sel.col;
  const cage = (v.cages || []).find((k) => k.cells.includes(at));
  const main = v.x && sel.row === sel.col, anti = v.x && sel.row + sel.col === n - 1;
  return (r, c) => r === sel.row || c === sel.col || v.regions[r * n + c] === v.regions[at]
    || (main && r === c) || (anti && r + c === n - 1) || Boolean(cage && cage.cells.includes(r * n + c));
}

/** A jigsaw's faint tint per region (under everything; the borders say it too). */
const REGION_TINTS = ['rgba(239,83,80,A)', 'rgba(255,167,38,A)', 'rgba(253,216,53,A)', 'rgba(102,187,106,A)', 'rgba(38,166,154,A)', 'rgba(66,165,245,A)', 'rgba(126,87,194,A)', 'rgba(236,64,122,A)', 'rgba(141,110,99,A)'];

/** An axis-aligned dashed line as filled rectangles (see frameRect: no dashed paths). */
function dashLine(ctx, x1, y1, x2, y2, lw, on, off) {
  const len = Math.abs(x2 - x1) + Math.abs(y2 - y1);
  if (len <= 0) return;
  const k = Math.max(1, Math.round((len + off) / (on + off)));
  const scale = len / (k * on + (k - 1) * off);
  const horizontal = y1 === y2;
  const x0 = Math.min(x1, x2), y0 = Math.min(y1, y2);
  for (let i = 0; i < k; i++) {
    const a = i * (on + off) * scale, b = on * scale;
    if (horizontal) ctx.fillRect(x0 + a, y0 - lw / 2, b, lw);
    else ctx.fillRect(x0 - lw / 2, y0 + a, lw, b);
  }
}

/**
 * A Killer's cages: a dashed outline inside each cage's cells, and its sum in the corner of its
 * first cell on a patch of paper, as newspapers print them.
 */
function drawCages(ctx, view, paper) {
  const { n, cell } = boardGeometry(ctx, view);
  const cages = view.variant.cages || [];
  const owner = new Array(n * n).fill(-1);
  cages.forEach((k, i) => k.cells.forEach((c) => { owner[c] = i; }));
  const m = cell * 0.1;
  const lw = Math.max(1, cell * 0.025);
  const on = cell * 0.09, off = cell * 0.06;
  ctx.fillStyle = COLORS.gridStrong;
  const same = (i, r, c) => r >= 0 && c >= 0 && r < n && c < n && owner[r * n + c] === i;
  cages.forEach((k, i) => {
    for (const at of k.cells) {
      const r = Math.floor(at / n), c = at % n;
      const x0 = c * cell, y0 = r * cell, x1 = x0 + cell, y1 = y0 + cell;
      // An end of a side: inset where the outline turns, at the edge where it goes on into the
      // next cell, past the edge by the inset where it turns inward (a concave corner).
      const end = (along, diag, edge, dir) => (!along ? edge - dir * m : diag ? edge + dir * m : edge);
      if (!same(i, r - 1, c)) dashLine(ctx, end(same(i, r, c - 1), same(i, r - 1, c - 1), x0, -1), y0 + m, end(same(i, r, c + 1), same(i, r - 1, c + 1), x1, 1), y0 + m, lw, on, off);
      if (!same(i, r + 1, c)) dashLine(ctx, end(same(i, r, c - 1), same(i, r + 1, c - 1), x0, -1), y1 - m, end(same(i, r, c + 1), same(i, r + 1, c + 1), x1, 1), y1 - m, lw, on, off);
      if (!same(i, r, c - 1)) dashLine(ctx, x0 + m, end(same(i, r - 1, c), same(i, r - 1, c - 1), y0, -1), x0 + m, end(same(i, r + 1, c), same(i, r + 1, c - 1), y1, 1), lw, on, off);
      if (!same(i, r, c + 1)) dashLine(ctx, x1 - m, end(same(i, r - 1, c), same(i, r - 1, c + 1), y0, -1), x1 - m, end(same(i, r + 1, c), same(i, r + 1, c + 1), y1, 1), lw, on, off);
    }
  });
  const size = Math.max(7, Math.round(cell * 0.2));
  ctx.font = `600 ${size}px ${FONT}`;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  for (const k of cages) {
    const at = k.cells[0];
    const x = (at % n) * cell + m * 0.6, y = Math.floor(at / n) * cell + m * 0.6;
    const text = String(k.sum);
    // The patch is the board's paper (white when printed), so the line stops under the sum.
    ctx.fillStyle = paper;
    ctx.fillRect(x - 1, y - 1, ctx.measureText(text).width + 3, size + 2);
    ctx.fillStyle = COLORS.gridStrong;
    ctx.fillText(text, x, y);
  }
}

/** An X's two diagonals: thin lines corner to corner, under the numbers. */
function drawDiagonals(ctx, view) {
  const { px } = boardGeometry(ctx, view);
  ctx.save();
  ctx.strokeStyle = COLORS.selectedEdge;
  ctx.globalAlpha = 0.35;
  ctx.lineWidth = Math.max(1, px / 300);
  ctx.beginPath();
  ctx.moveTo(0, 0); ctx.lineTo(px, px);
  ctx.moveTo(px, 0); ctx.lineTo(0, px);
  ctx.stroke();
  ctx.restore();
}

/** A variant's grid: thin lines, and thick ones wherever two regions meet (boxes or a jigsaw's). */
function variantLines(ctx, view) {
  const { px, n, cell } = boardGeometry(ctx, view);
  const regions = view.variant.regions;
  const thin = Math.max(1, Math.round(px / 600));
  const thick = Math.max(2, Math.round(px / 200));
  ctx.fillStyle = COLORS.grid;
  for (let i = 1; i < n; i++) {
    const p = Math.round(i * cell);
    ctx.fillRect(p - thin / 2, 0, thin, px);
    ctx.fillRect(0, p - thin / 2, px, thin);
  }
  ctx.fillStyle = COLORS.gridStrong;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const k = regions[r * n + c];
      if (c + 1 < n && regions[r * n + c + 1] !== k) ctx.fillRect(Math.round((c + 1) * cell) - thick / 2, r * cell - thick / 2, thick, cell + thick);
      if (r + 1 < n && regions[(r + 1) * n + c] !== k) ctx.fillRect(c * cell - thick / 2, Math.round((r + 1) * cell) - thick / 2, cell + thick, thick);
    }
  }
  frameRect(ctx, thick / 2, thick / 2, px - thick, px - thick, thick, null);
  return { inset: thick };
}

/** Sudoku's layers: peers by row, column and box; thin lines with thick box borders. A
 * variant's board (`view.variant`) draws its regions, diagonals and cages. */
export const SUDOKU_LAYERS = {
  peers: (view, sel) => {
    if (view.variant) return variantPeers(view, sel);
    const boxR = Math.floor(sel.row / view.box_rows), boxC = Math.floor(sel.col / view.box_cols);
    return (r, c) => r === sel.row || c === sel.col || (Math.floor(r / view.box_rows) === boxR && Math.floor(c / view.box_cols) === boxC);
  },
  marks(ctx, view, _lines, ui = {}) {
    if (!view.variant) return;
    if (view.variant.x) drawDiagonals(ctx, view);
    if ((view.variant.cages || []).length) drawCages(ctx, view, ui.paper || COLORS.paper);
  },
  lines(ctx, view) {
    if (view.variant) return variantLines(ctx, view);
    const { px, n, cell } = boardGeometry(ctx, view);
    const snap = (v) => Math.round(v) + 0.5;
    const thin = Math.max(1, Math.round(px / 600));
    const thick = Math.max(2, Math.round(px / 200));
    for (const [count, unit, vertical] of [[n, view.box_cols, true], [n, view.box_rows, false]]) {
      for (let i = 0; i <= count; i++) {
        const strong = i % unit === 0;
        ctx.strokeStyle = strong ? COLORS.gridStrong : COLORS.grid;
        ctx.lineWidth = strong ? thick : thin;
        const p = i === count ? px - ctx.lineWidth / 2 : i === 0 ? ctx.lineWidth / 2 : snap(i * cell);
        ctx.beginPath();
        if (vertical) { ctx.moveTo(p, 0); ctx.lineTo(p, px); } else { ctx.moveTo(0, p); ctx.lineTo(px, p); }
        ctx.stroke();
      }
    }
    return { inset: thick };
  },
  valueSize: 0.62,
  valueY: 0.54,
  place: (v, view) => {
    const s = candidateSlot(v, view);
    return { x: (s.col + 0.5) / s.cols, y: (s.row + 0.55) / s.rows, size: 0.78 / Math.max(s.cols, s.rows) };
  },
};

/**
 * A Sudoku board.
 * @param {HTMLCanvasElement} canvas already fitted with fitCanvas
 * @param {object} view the backend's BoardView
 * @param {{selected?, showIncorrect?, handwriting?, pencil?, highlight?: {cells: number[][], target: {row,col}}, flash?: {row,col}, digit?: number, victory?: {t?, from?, still?}, paper?: string}} ui
 *   paper: the background (white when printed); handwriting: draw a value's kept glyph
 *   (`cells[i].glyph`) instead of its typed symbol
 */
export function drawBoard(canvas, view, ui = {}) {
  drawCellBoard(canvas, view, ui, SUDOKU_LAYERS);
}
