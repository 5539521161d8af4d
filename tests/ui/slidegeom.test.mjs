import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  boardRect, cropRect, tileSource, cellAtPoint, gapOf, keyTileDir, stepFor, dragDir, tapAction, dragAction, dragPreview, movedTiles, neighbourMoving, opposite,
} from '../../ui/js/slidegeom.js';

const near = (a, b, msg) => assert.ok(Math.abs(a - b) < 1e-9, `${msg}: ${a} vs ${b}`);

test('the board keeps its shape on the square canvas, centred', () => {
  assert.deepEqual(boardRect(4, 4), { x: 0, y: 0, w: 1, h: 1 });
  const wide = boardRect(3, 6);
  assert.deepEqual([wide.w, wide.h, wide.x, wide.y], [1, 0.5, 0, 0.25]);
  const tall = boardRect(6, 4);
  near(tall.w, 4 / 6, 'width');
  near(tall.x, (1 - 4 / 6) / 2, 'left');
  assert.equal(tall.h, 1);
});

test('the picture is centre-cropped to the board\'s aspect', () => {
  // A landscape photo on a square board: the middle square.
  assert.deepEqual(cropRect(1200, 800, 4, 4), { sx: 200, sy: 0, sw: 800, sh: 800 });
  // A portrait photo on a square board: the middle square, vertically.
  assert.deepEqual(cropRect(600, 1000, 3, 3), { sx: 0, sy: 200, sw: 600, sh: 600 });
  // A square picture on a 3 x 6 board (twice as wide as tall).
  assert.deepEqual(cropRect(600, 600, 3, 6), { sx: 0, sy: 150, sw: 600, sh: 300 });
  // Already the right shape: all of it.
  assert.deepEqual(cropRect(500, 400, 4, 5), { sx: 0, sy: 0, sw: 500, sh: 400 });
  for (const [w, h, r, c] of [[1920, 1080, 5, 3], [333, 777, 6, 6], [1000, 10, 3, 4]]) {
    const k = cropRect(w, h, r, c);
    near(k.sw / k.sh, c / r, 'aspect');
    assert.ok(k.sx >= 0 && k.sy >= 0 && k.sx + k.sw <= w + 1e-9 && k.sy + k.sh <= h + 1e-9, 'inside the picture');
    near(k.sx, w - k.sx - k.sw, 'centred across');
    near(k.sy, h - k.sy - k.sh, 'centred down');
  }
});

test('each tile shows its home cell\'s piece of the crop, and together they cover it', () => {
  const crop = { sx: 200, sy: 0, sw: 800, sh: 800 };
  assert.deepEqual(tileSource(crop, 4, 4, 1), { sx: 200, sy: 0, sw: 200, sh: 200 });
  assert.deepEqual(tileSource(crop, 4, 4, 6), { sx: 400, sy: 200, sw: 200, sh: 200 });
  assert.deepEqual(tileSource(crop, 4, 4, 15), { sx: 600, sy: 600, sw: 200, sh: 200 });
  // 3 x 5: tile 7 is row 1, column 1.
  const k = { sx: 0, sy: 0, sw: 500, sh: 300 };
  assert.deepEqual(tileSource(k, 3, 5, 7), { sx: 100, sy: 100, sw: 100, sh: 100 });
  let area = 0;
  for (let t = 1; t < 15; t++) area += tileSource(k, 3, 5, t).sw * tileSource(k, 3, 5, t).sh;
  assert.equal(area, 500 * 300 - 100 * 100, 'all but the gap\'s piece');
});

test('hit-testing finds the tile under a point on any board shape', () => {
  for (const [rows, cols] of [[3, 3], [4, 4], [3, 6], [6, 3], [5, 4]]) {
    const b = boardRect(rows, cols);
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const p = { x: b.x + ((c + 0.5) / cols) * b.w, y: b.y + ((r + 0.5) / rows) * b.h };
        assert.deepEqual(cellAtPoint(p, rows, cols), { row: r, col: c }, `${rows}x${cols} r${r}c${c}`);
      }
    }
  }
  // The bands beside a wide board are not on it.
  assert.equal(cellAtPoint({ x: 0.5, y: 0.1 }, 3, 6), null);
  assert.equal(cellAtPoint({ x: 0.5, y: 0.9 }, 3, 6), null);
  assert.equal(cellAtPoint({ x: 0.05, y: 0.5 }, 6, 3), null);
  assert.equal(cellAtPoint({ x: -0.01, y: 0.5 }, 4, 4), null);
  assert.deepEqual(cellAtPoint({ x: 0.9999, y: 0.9999 }, 4, 4), { row: 3, col: 3 });
});

// 1 2 3
// 4 _ 5
// 7 8 6
const V = { rows: 3, cols: 3, tiles: [1, 2, 3, 4, 0, 5, 7, 8, 6] };
// 1 2 3
// 4 5 6
// 7 8 _
const CORNER = { rows: 3, cols: 3, tiles: [1, 2, 3, 4, 5, 6, 7, 8, 0] };
const at = (view, row, col) => {
  const b = boardRect(view.rows, view.cols);
  return { x: b.x + ((col + 0.5) / view.cols) * b.w, y: b.y + ((row + 0.5) / view.rows) * b.h };
};

test('an arrow or WASD moves a tile that way: the gap steps the opposite way', () => {
  assert.equal(keyTileDir({ key: 'ArrowLeft' }), 'left');
  assert.equal(keyTileDir({ key: 'a' }), 'left');
  assert.equal(keyTileDir({ key: 'W' }), 'up');
  assert.equal(keyTileDir({ key: 'ArrowDown' }), 'down');
  assert.equal(keyTileDir({ key: 'd' }), 'right');
  assert.equal(keyTileDir({ key: 'z', ctrlKey: true }), null);
  assert.equal(keyTileDir({ key: 'ArrowLeft', ctrlKey: true }), null);
  assert.equal(keyTileDir({ key: 'x' }), null);
  assert.deepEqual(stepFor('left'), { type: 'step', dir: 'right' });
  assert.deepEqual(stepFor('up'), { type: 'step', dir: 'down' });
  assert.equal(opposite('down'), 'up');
  // → moves the tile left of the gap (4) to the right; ↑ moves the one below it (8) up.
  assert.deepEqual(neighbourMoving(V, 'right'), { row: 1, col: 0 });
  assert.deepEqual(neighbourMoving(V, 'up'), { row: 2, col: 1 });
  // With the gap in the corner, nothing can move left or up into it.
  assert.equal(neighbourMoving(CORNER, 'left'), null);
  assert.equal(neighbourMoving(CORNER, 'up'), null);
  assert.deepEqual(neighbourMoving(CORNER, 'down'), { row: 1, col: 2 });
  assert.deepEqual(gapOf(CORNER), { row: 2, col: 2 });
});

test('a tap slides the segment in the gap\'s row or column; elsewhere it is refused', () => {
  assert.deepEqual(tapAction(CORNER, { row: 2, col: 0 }), { type: 'tap', row: 2, col: 0 });
  assert.deepEqual(tapAction(CORNER, { row: 0, col: 2 }), { type: 'tap', row: 0, col: 2 });
  assert.equal(tapAction(CORNER, { row: 0, col: 0 }), null, 'not in line');
  assert.equal(tapAction(CORNER, { row: 2, col: 2 }), null, 'the gap itself');
  assert.equal(tapAction(CORNER, null), null);
});

test('a drag or flick: towards the gap slides that tile\'s segment; anywhere else it is a swipe', () => {
  assert.equal(dragDir({ x: 0.5, y: 0.5 }, { x: 0.7, y: 0.55 }), 'right');
  assert.equal(dragDir({ x: 0.5, y: 0.5 }, { x: 0.45, y: 0.2 }), 'up');
  // Tile 7 (r2c0) dragged right towards the corner gap: 7 and 8 slide.
  const p = at(CORNER, 2, 0);
  assert.deepEqual(dragAction(CORNER, p, { x: p.x + 0.2, y: p.y }), { type: 'tap', row: 2, col: 0 });
  // Tile 3 (r0c2) flicked down: 3 and 6 slide.
  const q = at(CORNER, 0, 2);
  assert.deepEqual(dragAction(CORNER, q, { x: q.x + 0.01, y: q.y + 0.1 }), { type: 'tap', row: 0, col: 2 });
  // Tile 7 dragged the wrong way (left, away from the gap): a swipe left, and nothing can move left.
  assert.equal(dragAction(CORNER, p, { x: p.x - 0.2, y: p.y }), null);
  // A swipe down anywhere moves the tile above the gap (6) down.
  const r = at(CORNER, 0, 0);
  assert.deepEqual(dragAction(CORNER, r, { x: r.x, y: r.y + 0.3 }), { type: 'step', dir: 'up' });
  // Tile 5 (r1c2) dragged left into the gap beside it.
  assert.deepEqual(dragAction(V, at(V, 1, 2), { x: 0.6, y: 0.5 }), { type: 'tap', row: 1, col: 2 });
  // Beside a wide board, a swipe still works: left moves the tile right of the gap.
  const wide = { rows: 3, cols: 6, tiles: [1, 2, 3, 4, 5, 6, 7, 8, 0, 9, 10, 11, 13, 14, 15, 16, 17, 12] };
  assert.deepEqual(dragAction(wide, { x: 0.5, y: 0.1 }, { x: 0.3, y: 0.12 }), { type: 'step', dir: 'right' });
});

test('the animation knows which tiles moved, from where to where', () => {
  const after = [1, 2, 3, 4, 5, 0, 7, 8, 6];
  assert.deepEqual([...movedTiles(V.tiles, after)], [[5, [5, 4]]]);
  const slid = [1, 2, 3, 4, 5, 6, 0, 7, 8];
  assert.deepEqual([...movedTiles(CORNER.tiles, slid)], [[7, [6, 7]], [8, [7, 8]]]);
  assert.equal(movedTiles(null, after).size, 0);
  assert.equal(movedTiles([1, 0], after).size, 0, 'another board: nothing to animate');
});

test('a dragged segment follows the pointer towards the gap, by at most one cell', () => {
  // Tile 7 (r2c0) dragged right towards the corner gap: 7 and 8 follow, half a cell.
  const a = at(CORNER, 2, 0);
  const half = dragPreview(CORNER, a, { x: a.x + 0.5 / 3, y: a.y + 0.02 });
  assert.deepEqual(half.cells, [6, 7]);
  near(half.dc, 0.5, 'half a cell across');
  assert.equal(half.dr, 0);
  near(half.fraction, 0.5, 'fraction');
  // Never past one cell, never backwards.
  assert.equal(dragPreview(CORNER, a, { x: a.x + 0.9, y: a.y }).fraction, 1);
  assert.equal(dragPreview(CORNER, a, { x: a.x - 0.2, y: a.y }).fraction, 0);
  // Tile 3 (r0c2) dragged down: 3 and 6 follow, downwards.
  const b = at(CORNER, 0, 2);
  const down = dragPreview(CORNER, b, { x: b.x, y: b.y + 0.25 / 3 });
  assert.deepEqual(down.cells, [2, 5]);
  near(down.dr, 0.25, 'a quarter down');
  // Not in the gap's line, the gap itself, off the board: nothing follows.
  assert.equal(dragPreview(CORNER, at(CORNER, 0, 0), { x: 0.9, y: 0.1 }), null);
  assert.equal(dragPreview(CORNER, at(CORNER, 2, 2), { x: 0.5, y: 0.9 }), null);
  assert.equal(dragPreview({ rows: 3, cols: 6, tiles: Array.from({ length: 18 }, (_, i) => (i + 1) % 18) }, { x: 0.5, y: 0.05 }, { x: 0.6, y: 0.05 }), null);
});
