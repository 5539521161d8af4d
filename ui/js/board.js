// Draws the board the backend described onto a canvas, crisp at any devicePixelRatio: the
// backing store is sized in device pixels and grid lines are snapped to device pixels.
// Conflicts and incorrect entries are marked by shape as well as colour.

export const COLORS = {
  paper: '#fbf8ef',
  selected: '#cfd9ff',
  peer: '#eef1f8',
  same: '#e3e8ff',
  hintFocus: '#fff3c4',
  hintTarget: '#ffe082',
  flash: 'rgba(198, 40, 40, 0.35)',
  grid: '#8a94a6',
  gridStrong: '#2c3e50',
  given: '#1b1b1b',
  entry: '#1a237e',
  bad: '#c62828',
  candidate: '#455a64',
  noteActive: '#37474f',
  noteIdle: '#b0bec5',
};

export const FONT = '"Segoe UI", "DejaVu Sans", sans-serif';

export function symbolChar(v) {
  if (v >= 1 && v <= 9) return String(v);
  if (v >= 10 && v <= 16) return String.fromCharCode(65 + v - 10);
  return '';
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
 * @param {HTMLCanvasElement} canvas already fitted with fitCanvas
 * @param {object} view the backend's BoardView
 * @param {{selected?, showIncorrect?, pencil?, highlight?: {cells: number[][], target: {row,col}}, flash?: {row,col}}} ui
 */
export function drawBoard(canvas, view, ui = {}) {
  const ctx = canvas.getContext('2d');
  const px = canvas.width;
  const n = view.size;
  const cell = px / n;
  const snap = (v) => Math.round(v) + 0.5;
  const fill = (r, c, color) => { ctx.fillStyle = color; ctx.fillRect(c * cell, r * cell, cell, cell); };

  ctx.fillStyle = COLORS.paper;
  ctx.fillRect(0, 0, px, px);

  const sel = ui.selected;
  if (sel) {
    const boxR = Math.floor(sel.row / view.box_rows), boxC = Math.floor(sel.col / view.box_cols);
    const selValue = view.cells[sel.row * n + sel.col].value;
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const peer = r === sel.row || c === sel.col || (Math.floor(r / view.box_rows) === boxR && Math.floor(c / view.box_cols) === boxC);
        if (selValue && view.cells[r * n + c].value === selValue) fill(r, c, COLORS.same);
        else if (peer) fill(r, c, COLORS.peer);
      }
    }
  }
  if (ui.highlight) {
    for (const [r, c] of ui.highlight.cells || []) fill(r, c, COLORS.hintFocus);
    if (ui.highlight.target) fill(ui.highlight.target.row, ui.highlight.target.col, COLORS.hintTarget);
  }
  if (sel) fill(sel.row, sel.col, COLORS.selected);
  if (ui.flash) fill(ui.flash.row, ui.flash.col, COLORS.flash);

  // Pencil notes sit under the grid and the numbers, like pencil under ink.
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = ui.pencil ? COLORS.noteActive : COLORS.noteIdle;
  ctx.lineWidth = Math.max(1, cell * 0.035);
  for (const note of view.notes || []) strokePath(ctx, note.points, px);

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

  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  view.cells.forEach((c, i) => {
    const row = Math.floor(i / n);
    const col = i % n;
    const x0 = col * cell, y0 = row * cell;
    if (!c.value) {
      if (!c.candidates) return;
      ctx.fillStyle = COLORS.candidate;
      for (let v = 1; v <= n; v++) {
        if (!(c.candidates & (1 << (v - 1)))) continue;
        const s = candidateSlot(v, view);
        ctx.font = `400 ${Math.round((cell / Math.max(s.cols, s.rows)) * 0.78)}px ${FONT}`;
        ctx.fillText(symbolChar(v), x0 + ((s.col + 0.5) * cell) / s.cols, y0 + ((s.row + 0.55) * cell) / s.rows);
      }
      return;
    }
    const wrong = !c.given && (c.conflict || (ui.showIncorrect && c.incorrect));
    ctx.fillStyle = wrong ? COLORS.bad : c.given ? COLORS.given : COLORS.entry;
    ctx.font = `${c.given ? 600 : 400} ${Math.round(cell * 0.62)}px ${FONT}`;
    ctx.fillText(symbolChar(c.value), x0 + cell / 2, y0 + cell * 0.54);
    if (c.conflict) {
      // Conflict: a bar under the number (shape, not only colour).
      ctx.fillStyle = COLORS.bad;
      ctx.fillRect(x0 + cell * 0.3, y0 + cell * 0.84, cell * 0.4, Math.max(2, cell * 0.05));
    }
    if (ui.showIncorrect && c.incorrect && !c.given) {
      // Incorrect: a notch in the cell's top-right corner.
      ctx.fillStyle = COLORS.bad;
      ctx.beginPath();
      ctx.moveTo(x0 + cell * 0.72, y0 + thick);
      ctx.lineTo(x0 + cell - thick, y0 + thick);
      ctx.lineTo(x0 + cell - thick, y0 + cell * 0.28);
      ctx.closePath();
      ctx.fill();
    }
  });
}
