// Draws the board the backend described onto a canvas, crisp at any devicePixelRatio:
// the backing store is sized in device pixels and lines are snapped to device pixels.

const COLORS = {
  paper: '#fbf8ef',
  selected: '#dfe6ff',
  peer: '#f1f3f9',
  grid: '#8a94a6',
  gridStrong: '#2c3e50',
  given: '#1b1b1b',
  entry: '#1a237e',
};

export function symbolChar(v) {
  if (v >= 1 && v <= 9) return String(v);
  if (v >= 10 && v <= 16) return String.fromCharCode(65 + v - 10);
  return '';
}

/** Sizes the canvas backing store for a CSS size and DPR; returns the device-pixel size. */
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

/**
 * @param {HTMLCanvasElement} canvas already fitted with fitCanvas
 * @param {object} view the backend's BoardView
 * @param {{selected?: {row:number,col:number}|null}} ui
 */
export function drawBoard(canvas, view, ui = {}) {
  const ctx = canvas.getContext('2d');
  const px = canvas.width;
  const n = view.size;
  const cell = px / n;
  const snap = (v) => Math.round(v) + 0.5;

  ctx.fillStyle = COLORS.paper;
  ctx.fillRect(0, 0, px, px);

  const sel = ui.selected;
  if (sel) {
    ctx.fillStyle = COLORS.peer;
    ctx.fillRect(0, sel.row * cell, px, cell);
    ctx.fillRect(sel.col * cell, 0, cell, px);
    ctx.fillStyle = COLORS.selected;
    ctx.fillRect(sel.col * cell, sel.row * cell, cell, cell);
  }

  const thin = Math.max(1, Math.round(px / 600));
  const thick = Math.max(2, Math.round(px / 200));
  for (let i = 0; i <= n; i++) {
    const strong = i % view.box_cols === 0;
    ctx.strokeStyle = strong ? COLORS.gridStrong : COLORS.grid;
    ctx.lineWidth = strong ? thick : thin;
    const x = i === n ? px - ctx.lineWidth / 2 : i === 0 ? ctx.lineWidth / 2 : snap(i * cell);
    ctx.beginPath(); ctx.moveTo(x, 0); ctx.lineTo(x, px); ctx.stroke();
  }
  for (let i = 0; i <= n; i++) {
    const strong = i % view.box_rows === 0;
    ctx.strokeStyle = strong ? COLORS.gridStrong : COLORS.grid;
    ctx.lineWidth = strong ? thick : thin;
    const y = i === n ? px - ctx.lineWidth / 2 : i === 0 ? ctx.lineWidth / 2 : snap(i * cell);
    ctx.beginPath(); ctx.moveTo(0, y); ctx.lineTo(px, y); ctx.stroke();
  }

  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  view.cells.forEach((c, i) => {
    if (!c.value) return;
    const row = Math.floor(i / n);
    const col = i % n;
    ctx.fillStyle = c.given ? COLORS.given : COLORS.entry;
    ctx.font = `${c.given ? 600 : 400} ${Math.round(cell * 0.62)}px "Segoe UI", "DejaVu Sans", sans-serif`;
    ctx.fillText(symbolChar(c.value), (col + 0.5) * cell, (row + 0.54) * cell);
  });
}
