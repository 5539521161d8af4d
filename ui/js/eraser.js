// Eraser geometry, pure (node-tested): which cells and which pencil notes an eraser path touches.
// Pointer events arrive only every few ms, so a fast sweep leaves big gaps between samples: the
// path is treated as the polyline through the samples (segments), never as the samples alone.
// All coordinates are board units (0..1).

/**
 * @typedef {{x:number, y:number}} XY
 * @typedef {{row:number, col:number}} Cell
 */

// Floating-point slack for "touching": an eraser through a note's end must count at radius 0.
const EPS = 1e-12;

const finite = (p) => p != null && Number.isFinite(p.x) && Number.isFinite(p.y);

// Liang-Barsky: the parameter range [t0, t1] of segment a->b inside the box, or null.
function clip(ax, ay, bx, by, x0, y0, x1, y1) {
  let t0 = 0, t1 = 1;
  const dx = bx - ax, dy = by - ay;
  const edges = [[-dx, ax - x0], [dx, x1 - ax], [-dy, ay - y0], [dy, y1 - ay]];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return null;
    } else {
      const r = q / p;
      if (p < 0) {
        if (r > t1) return null;
        if (r > t0) t0 = r;
      } else {
        if (r < t0) return null;
        if (r < t1) t1 = r;
      }
    }
  }
  return [t0, t1];
}

function pointSegDist(px, py, ax, ay, bx, by) {
  const dx = bx - ax, dy = by - ay;
  const len2 = dx * dx + dy * dy;
  let t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
  t = Math.max(0, Math.min(1, t));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

function pointRectDist(px, py, x0, y0, x1, y1) {
  const dx = Math.max(x0 - px, 0, px - x1);
  const dy = Math.max(y0 - py, 0, py - y1);
  return Math.hypot(dx, dy);
}

// Distance between segment a-b and a closed axis-aligned rectangle (0 when they meet).
function segRectDist(a, b, x0, y0, x1, y1) {
  if (clip(a.x, a.y, b.x, b.y, x0, y0, x1, y1)) return 0;
  // Disjoint convex shapes: the closest pair involves an endpoint of the segment or a corner.
  return Math.min(
    pointRectDist(a.x, a.y, x0, y0, x1, y1),
    pointRectDist(b.x, b.y, x0, y0, x1, y1),
    pointSegDist(x0, y0, a.x, a.y, b.x, b.y),
    pointSegDist(x1, y0, a.x, a.y, b.x, b.y),
    pointSegDist(x0, y1, a.x, a.y, b.x, b.y),
    pointSegDist(x1, y1, a.x, a.y, b.x, b.y),
  );
}

const orient = (a, b, c) => Math.sign((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x));

// Distance between segments a-b and c-d (0 when they cross or touch).
function segSegDist(a, b, c, d) {
  if (orient(a, b, c) * orient(a, b, d) < 0 && orient(c, d, a) * orient(c, d, b) < 0) return 0;
  return Math.min(
    pointSegDist(a.x, a.y, c.x, c.y, d.x, d.y),
    pointSegDist(b.x, b.y, c.x, c.y, d.x, d.y),
    pointSegDist(c.x, c.y, a.x, a.y, b.x, b.y),
    pointSegDist(d.x, d.y, a.x, a.y, b.x, b.y),
  );
}

// The path as segments; a single point is a zero-length segment so it still erases.
function segments(points) {
  const pts = (points ?? []).filter(finite);
  if (pts.length === 1) return [[pts[0], pts[0]]];
  const segs = [];
  for (let i = 1; i < pts.length; i++) segs.push([pts[i - 1], pts[i]]);
  return segs;
}

// Grid walk (Amanatides-Woo) along a segment already clipped to the board: visits every cell
// the segment enters, with the same floor rule as hit.js cellAt, so a zero-width path never
// picks a neighbour it only touches along a line.
function walk(ax, ay, bx, by, n, add) {
  const clampI = (v) => Math.max(0, Math.min(n - 1, Math.floor(v)));
  const X0 = ax * n, Y0 = ay * n, X1 = bx * n, Y1 = by * n;
  let ix = clampI(X0), iy = clampI(Y0);
  const dx = X1 - X0, dy = Y1 - Y0;
  const sx = Math.sign(dx), sy = Math.sign(dy);
  const tdx = dx !== 0 ? 1 / Math.abs(dx) : Infinity;
  const tdy = dy !== 0 ? 1 / Math.abs(dy) : Infinity;
  let tx = dx > 0 ? (ix + 1 - X0) / dx : dx < 0 ? (X0 - ix) / -dx : Infinity;
  let ty = dy > 0 ? (iy + 1 - Y0) / dy : dy < 0 ? (Y0 - iy) / -dy : Infinity;
  add(iy, ix);
  // Bounded: a segment inside the board crosses at most 2n grid lines.
  for (let guard = 0; guard <= 2 * n + 2; guard++) {
    const next = Math.min(tx, ty);
    if (next > 1) break;
    if (tx <= ty) { ix += sx; tx += tdx; }
    if (ty <= next) { iy += sy; ty += tdy; } // both at once through an exact grid corner
    if (ix < 0 || ix >= n || iy < 0 || iy >= n) break;
    add(iy, ix);
  }
  add(clampI(Y1), clampI(X1)); // the end cell, whatever rounding did on the way
}

/**
 * Every cell the eraser path passes over, including cells crossed between two samples.
 * @param {XY[]} points eraser samples in board units, in order (non-finite ones are skipped)
 * @param {number} n board side
 * @param {number} [radius=0] half the eraser's width in board units; a cell is hit when the path
 *   comes within `radius` of it (0: the path must enter the cell)
 * @returns {Cell[]} unique cells, sorted by row then column
 */
export function cellsUnderPath(points, n, radius = 0) {
  const hit = new Set();
  const add = (row, col) => hit.add(row * n + col);
  for (const [a, b] of segments(points)) {
    if (radius > 0) {
      // Only cells near the segment's bounding box can be within reach.
      const lo = (v) => Math.max(0, Math.floor((v - radius) * n));
      const hi = (v) => Math.min(n - 1, Math.floor((v + radius) * n));
      for (let r = lo(Math.min(a.y, b.y)); r <= hi(Math.max(a.y, b.y)); r++) {
        for (let c = lo(Math.min(a.x, b.x)); c <= hi(Math.max(a.x, b.x)); c++) {
          if (segRectDist(a, b, c / n, r / n, (c + 1) / n, (r + 1) / n) <= radius + EPS) add(r, c);
        }
      }
    } else {
      const range = clip(a.x, a.y, b.x, b.y, 0, 0, 1, 1);
      if (!range) continue;
      // A point exactly on the far edge (x or y = 1) is off the board, as in cellAt.
      if (a.x === b.x && a.y === b.y && (a.x >= 1 || a.y >= 1)) continue;
      const [t0, t1] = range;
      const dx = b.x - a.x, dy = b.y - a.y;
      walk(a.x + t0 * dx, a.y + t0 * dy, a.x + t1 * dx, a.y + t1 * dy, n, add);
    }
  }
  return [...hit].sort((p, q) => p - q).map((k) => ({ row: Math.floor(k / n), col: k % n }));
}

/**
 * Ids of the pencil note strokes the eraser path touches (comes within `radius` of).
 * @param {{id:any, points:XY[]}[]} notes note strokes in board units
 * @param {XY[]} points eraser samples in board units, in order
 * @param {number} [radius=0] half the eraser's width in board units
 * @returns {any[]} ids of the touched notes, in the order of `notes`
 */
export function notesHit(notes, points, radius = 0) {
  const path = segments(points);
  if (path.length === 0) return [];
  const r = Math.max(0, radius);
  // Bounding box of the eraser path widened by the radius: a cheap reject for far-away notes.
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const [a, b] of path) {
    x0 = Math.min(x0, a.x, b.x); y0 = Math.min(y0, a.y, b.y);
    x1 = Math.max(x1, a.x, b.x); y1 = Math.max(y1, a.y, b.y);
  }
  x0 -= r; y0 -= r; x1 += r; y1 += r;
  const ids = [];
  for (const note of notes ?? []) {
    const segs = segments(note?.points);
    const touched = segs.some(([c, d]) => {
      if (Math.max(c.x, d.x) < x0 || Math.min(c.x, d.x) > x1 || Math.max(c.y, d.y) < y0 || Math.min(c.y, d.y) > y1) return false;
      return path.some(([a, b]) => segSegDist(a, b, c, d) <= r + EPS);
    });
    if (touched) ids.push(note.id);
  }
  return ids;
}

/**
 * Is this pointer event the pen's eraser end (or the eraser button held)?
 * Windows Ink reports the eraser as pointerType 'pen' with buttons bit 32 while in contact,
 * and button 5 on the down/up that changes it.
 * @param {{pointerType?:string, buttons?:number, button?:number}} ev PointerEvent-like
 * @returns {boolean}
 */
export function isEraser(ev) {
  return ev != null && ev.pointerType === 'pen' && ((ev.buttons & 32) !== 0 || ev.button === 5);
}
