// Hit-testing, pure (node-tested): board coordinates and cells.
// Board coordinates run 0..1 across the board, so ink and hits survive any resize.

/** CSS point relative to the board's top-left corner -> board coordinates (0..1). */
export function toBoard(px, py, boardSize) {
  return { x: px / boardSize, y: py / boardSize };
}

/** Board coordinates -> {row, col}, or null outside the board. */
export function cellAt(x, y, n) {
  if (!(x >= 0 && x < 1 && y >= 0 && y < 1)) return null;
  return { row: Math.min(n - 1, Math.floor(y * n)), col: Math.min(n - 1, Math.floor(x * n)) };
}
