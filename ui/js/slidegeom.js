// The sliding puzzle's pure geometry (node-tested): where the board sits on the square canvas,
// which part of the picture each tile shows, which tile a point is on, and which move an arrow
// key, a tap or a drag makes. Board coordinates run 0..1 across the square canvas (hit.js).
//
// Directions: the engine's `step {dir}` names the way the GAP moves. Players think in tiles:
// an arrow key (and a flick) moves a TILE that way, so the gap moves the opposite way.

const OPPOSITE = { up: 'down', down: 'up', left: 'right', right: 'left' };
const DELTA = { up: [-1, 0], down: [1, 0], left: [0, -1], right: [0, 1] };

/** The opposite direction. */
export const opposite = (dir) => OPPOSITE[dir];

/**
 * The board's rectangle on the square canvas, in board units: as large as fits, centred, with
 * the board's own aspect (cols : rows).
 */
export function boardRect(rows, cols) {
  const w = cols >= rows ? 1 : cols / rows;
  const h = rows >= cols ? 1 : rows / cols;
  return { x: (1 - w) / 2, y: (1 - h) / 2, w, h };
}

/**
 * The centre crop of a `width` × `height` picture with the board's aspect (cols : rows), in
 * picture pixels.
 */
export function cropRect(width, height, rows, cols) {
  const want = cols / rows;
  if (width / height > want) {
    const sw = height * want;
    return { sx: (width - sw) / 2, sy: 0, sw, sh: height };
  }
  const sh = width / want;
  return { sx: 0, sy: (height - sh) / 2, sw: width, sh };
}

/**
 * The part of the picture tile `tile` (1 .. rows*cols-1) shows: its home cell's share of the
 * crop. Tiles are numbered in solved row-major order.
 */
export function tileSource(crop, rows, cols, tile) {
  const home = tile - 1;
  const r = Math.floor(home / cols), c = home % cols;
  const sw = crop.sw / cols, sh = crop.sh / rows;
  return { sx: crop.sx + c * sw, sy: crop.sy + r * sh, sw, sh };
}

/** The cell {row, col} under a point in board units, or null off the board. */
export function cellAtPoint(point, rows, cols) {
  const b = boardRect(rows, cols);
  const u = (point.x - b.x) / b.w, v = (point.y - b.y) / b.h;
  if (!(u >= 0 && u < 1 && v >= 0 && v < 1)) return null;
  return { row: Math.min(rows - 1, Math.floor(v * rows)), col: Math.min(cols - 1, Math.floor(u * cols)) };
}

/** The gap's {row, col} on a view. */
export function gapOf(view) {
  const i = view.tiles.indexOf(0);
  return { row: Math.floor(i / view.cols), col: i % view.cols };
}

/** The tile (its cell) that moves into the gap when a tile moves `tileDir`, or null. */
export function neighbourMoving(view, tileDir) {
  const g = gapOf(view);
  const [dr, dc] = DELTA[tileDir];
  const row = g.row - dr, col = g.col - dc;
  return row >= 0 && row < view.rows && col >= 0 && col < view.cols ? { row, col } : null;
}

/**
 * An arrow key or WASD -> the direction a TILE moves ('up' | 'down' | 'left' | 'right'), or null.
 * @param {{key: string, ctrlKey?: boolean, metaKey?: boolean, altKey?: boolean}} ev
 */
export function keyTileDir(ev) {
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return null;
  switch (ev.key) {
    case 'ArrowUp': case 'w': case 'W': return 'up';
    case 'ArrowDown': case 's': case 'S': return 'down';
    case 'ArrowLeft': case 'a': case 'A': return 'left';
    case 'ArrowRight': case 'd': case 'D': return 'right';
    default: return null;
  }
}

/** The move for a tile moving `tileDir`: the gap steps the other way. */
export const stepFor = (tileDir) => ({ type: 'step', dir: OPPOSITE[tileDir] });

/** The main direction of a drag from `a` to `b` (board units; y grows downwards). */
export function dragDir(a, b) {
  const dx = b.x - a.x, dy = b.y - a.y;
  if (Math.abs(dx) >= Math.abs(dy)) return dx >= 0 ? 'right' : 'left';
  return dy >= 0 ? 'down' : 'up';
}

/** A tap on a cell: the segment between it and the gap slides (same row or column), else null. */
export function tapAction(view, cell) {
  if (!cell) return null;
  const g = gapOf(view);
  if ((cell.row === g.row) === (cell.col === g.col)) return null; // the gap itself, or not in line
  return { type: 'tap', row: cell.row, col: cell.col };
}

/**
 * A drag or flick from point `a` to point `b`. Started on a tile in the gap's line and moving
 * towards the gap, the segment up to that tile slides (as a tap on it would). Otherwise it is a
 * swipe: the tile next to the gap on the far side moves the drag's way, wherever it started.
 * Returns the action, or null when nothing can move that way.
 */
export function dragAction(view, a, b) {
  const dir = dragDir(a, b);
  const from = cellAtPoint(a, view.rows, view.cols);
  const g = gapOf(view);
  if (from) {
    const [dr, dc] = DELTA[dir];
    const towards = from.row === g.row && from.col !== g.col ? Math.sign(g.col - from.col) === dc && dr === 0
      : from.col === g.col && from.row !== g.row ? Math.sign(g.row - from.row) === dr && dc === 0 : false;
    if (towards) return { type: 'tap', row: from.row, col: from.col };
  }
  return neighbourMoving(view, dir) ? stepFor(dir) : null;
}

/**
 * Where each tile was before a move and is now, for the slide animation: tile -> [fromIndex,
 * toIndex] for the tiles that moved.
 */
export function movedTiles(before, after) {
  if (!before || before.length !== after.length) return new Map();
  const at = new Map(before.map((t, i) => [t, i]));
  const moved = new Map();
  after.forEach((t, i) => {
    if (t !== 0 && at.has(t) && at.get(t) !== i) moved.set(t, [at.get(t), i]);
  });
  return moved;
}

/**
 * A tile being dragged, before the move is made: from a tile in the gap's line, the segment up
 * to the gap follows the pointer towards the gap, by at most one cell. Returns the cells that
 * follow (row-major indices), their offset in cells ({dr, dc}) and how far along (0..1), or
 * null when the drag can't slide a segment.
 */
export function dragPreview(view, a, b) {
  const from = cellAtPoint(a, view.rows, view.cols);
  if (!from) return null;
  const g = gapOf(view);
  let dr = 0, dc = 0;
  if (from.row === g.row && from.col !== g.col) dc = Math.sign(g.col - from.col);
  else if (from.col === g.col && from.row !== g.row) dr = Math.sign(g.row - from.row);
  else return null;
  const rect = boardRect(view.rows, view.cols);
  const along = dc ? ((b.x - a.x) * dc) / (rect.w / view.cols) : ((b.y - a.y) * dr) / (rect.h / view.rows);
  const fraction = Math.max(0, Math.min(1, along));
  const cells = [];
  for (let r = from.row, c = from.col; r !== g.row || c !== g.col; r += dr, c += dc) cells.push(r * view.cols + c);
  return { cells, dr: dr * fraction, dc: dc * fraction, fraction };
}
