import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cellsUnderPath, notesHit, isEraser } from '../../ui/js/eraser.js';
import { cellAt } from '../../ui/js/hit.js';

const SIZES = [4, 6, 9, 16];
const P = (x, y) => ({ x, y });
const key = (c) => `${c.row},${c.col}`;
const keys = (cells) => cells.map(key);

// Deterministic pseudo-random numbers (no Math.random in tests).
function rng(seed) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

// Oracle: the cells under a dense sampling of the polyline.
function sampled(points, n) {
  const out = new Set();
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1], b = points[i];
    for (let k = 0; k <= 4000; k++) {
      const t = k / 4000;
      const c = cellAt(a.x + t * (b.x - a.x), a.y + t * (b.y - a.y), n);
      if (c) out.add(key(c));
    }
  }
  return out;
}

function distToCell(p, q, row, col, n) {
  // Distance from segment p-q to the closed cell rectangle, by fine sampling (oracle only).
  let best = Infinity;
  for (let k = 0; k <= 2000; k++) {
    const t = k / 2000;
    const x = p.x + t * (q.x - p.x), y = p.y + t * (q.y - p.y);
    const dx = Math.max(col / n - x, 0, x - (col + 1) / n), dy = Math.max(row / n - y, 0, y - (row + 1) / n);
    best = Math.min(best, Math.hypot(dx, dy));
  }
  return best;
}

test('a straight horizontal sweep erases its row, in order', () => {
  for (const n of SIZES) {
    const y = 1.5 / n;
    const got = cellsUnderPath([P(0.2 / n, y), P((n - 0.2) / n, y)], n);
    assert.deepEqual(got, Array.from({ length: n }, (_, c) => ({ row: 1, col: c })));
  }
});

test('a vertical sweep with many samples erases its column once each', () => {
  const n = 9;
  const pts = Array.from({ length: 50 }, (_, i) => P(4.5 / 9, 0.01 + (i / 49) * 0.98));
  assert.deepEqual(cellsUnderPath(pts, n), Array.from({ length: 9 }, (_, r) => ({ row: r, col: 4 })));
});

test('a fast sweep with two far-apart samples still erases every cell in between', () => {
  for (const n of SIZES) {
    const got = cellsUnderPath([P(0.01, 0.5 / n), P(0.99, 0.5 / n)], n);
    assert.equal(got.length, n);
  }
  // Diagonal, not through grid corners: exactly the cells of a dense sampling.
  for (const n of SIZES) {
    const pts = [P(0.03, 0.1), P(0.97, 0.92)];
    assert.deepEqual(new Set(keys(cellsUnderPath(pts, n))), sampled(pts, n));
  }
});

test('an exact corner-to-corner diagonal erases the diagonal cells', () => {
  for (const n of SIZES) {
    const got = cellsUnderPath([P(0, 0), P(1, 1)], n);
    const diag = new Set(Array.from({ length: n }, (_, i) => `${i},${i}`));
    for (const d of diag) assert.ok(keys(got).includes(d), `diagonal cell ${d} for n=${n}`);
    // Through exact corners the walk may not pick the neighbours it only touches at a point.
    assert.ok(got.length <= 3 * n);
  }
});

test('random sweeps match a dense sampling and never erase cells far from the path', () => {
  const rand = rng(42);
  for (const n of SIZES) {
    for (let trial = 0; trial < 60; trial++) {
      const pts = Array.from({ length: 1 + Math.floor(rand() * 4) }, () => P(rand() * 1.4 - 0.2, rand() * 1.4 - 0.2));
      const got = cellsUnderPath(pts, n);
      const want = pts.length === 1 ? new Set(cellAt(pts[0].x, pts[0].y, n) ? [key(cellAt(pts[0].x, pts[0].y, n))] : []) : sampled(pts, n);
      for (const k of want) assert.ok(keys(got).includes(k), `missing ${k} (n=${n}, trial ${trial})`);
      for (const c of got) {
        // Every erased cell is touched by some segment (extra cells only by floating-point grazing).
        const d = pts.length === 1 ? 0 : Math.min(...pts.slice(1).map((q, i) => distToCell(pts[i], q, c.row, c.col, n)));
        assert.ok(d <= 1e-3 / n, `cell ${key(c)} is ${d} away (n=${n}, trial ${trial})`);
      }
      // Sorted and unique.
      const flat = got.map((c) => c.row * n + c.col);
      assert.deepEqual(flat, [...new Set(flat)].sort((a, b) => a - b));
    }
  }
});

test('a single point erases the cell under it', () => {
  for (const n of SIZES) {
    assert.deepEqual(cellsUnderPath([P(0.5 / n, (n - 0.5) / n)], n), [{ row: n - 1, col: 0 }]);
    assert.deepEqual(cellsUnderPath([P(0, 0)], n), [{ row: 0, col: 0 }]);
  }
  assert.deepEqual(cellsUnderPath([P(0.5, 0.5)], 9), [{ row: 4, col: 4 }]);
  // A point on an inner grid line belongs to the cell after it (as cellAt says), not both.
  assert.deepEqual(cellsUnderPath([P(0.5, 0.5)], 4), [{ row: 2, col: 2 }]);
});

test('empty and junk input erases nothing', () => {
  assert.deepEqual(cellsUnderPath([], 9), []);
  assert.deepEqual(cellsUnderPath(undefined, 9), []);
  assert.deepEqual(cellsUnderPath([P(NaN, 0.5), P(0.5, Infinity)], 9), []);
  // Non-finite samples are skipped, the rest still counts.
  assert.deepEqual(cellsUnderPath([P(0.05, 0.05), P(NaN, 1), P(0.16, 0.05)], 9), [{ row: 0, col: 0 }, { row: 0, col: 1 }]);
});

test('points off the board: only the on-board part of the path erases', () => {
  for (const n of SIZES) {
    assert.deepEqual(cellsUnderPath([P(-0.5, 0.5), P(-0.1, 0.2)], n), []);
    assert.deepEqual(cellsUnderPath([P(1.2, 0.5)], n), []);
    assert.deepEqual(cellsUnderPath([P(1, 1)], n), [], 'the far corner is off the board, as in cellAt');
    // A sweep from far left to far right of the board across the middle of row 0.
    const across = cellsUnderPath([P(-3, 0.5 / n), P(4, 0.5 / n)], n);
    assert.deepEqual(across, Array.from({ length: n }, (_, c) => ({ row: 0, col: c })));
    // From outside into the corner cell.
    assert.deepEqual(cellsUnderPath([P(1.5, 1.5), P(1 - 0.5 / n, 1 - 0.5 / n)], n), [{ row: n - 1, col: n - 1 }]);
    // Along the bottom edge exactly: the last row.
    assert.equal(cellsUnderPath([P(-1, 1), P(2, 1)], n).every((c) => c.row === n - 1), true);
  }
});

test('the radius widens the path', () => {
  const n = 9;
  const path = [P(0.05, 4.5 / 9), P(0.95, 4.5 / 9)]; // middle of row 4
  assert.equal(cellsUnderPath(path, n).length, 9);
  assert.equal(cellsUnderPath(path, n, 0.4 / 9).length, 9, 'not yet touching the rows beside');
  const wide = cellsUnderPath(path, n, 0.6 / 9);
  assert.equal(wide.length, 27);
  assert.deepEqual([...new Set(wide.map((c) => c.row))], [3, 4, 5]);
  // A single point with a radius: a disc.
  assert.deepEqual(cellsUnderPath([P(4.5 / 9, 4.5 / 9)], n, 0.4 / 9), [{ row: 4, col: 4 }]);
  const disc = cellsUnderPath([P(4.5 / 9, 4.5 / 9)], n, 0.6 / 9);
  assert.deepEqual(keys(disc), ['3,4', '4,3', '4,4', '4,5', '5,4'], 'the diagonal neighbours are 0.71 away');
  assert.equal(cellsUnderPath([P(4.5 / 9, 4.5 / 9)], n, 0.75 / 9).length, 9);
  // An eraser just off the board still rubs the edge cells it overlaps.
  assert.deepEqual(cellsUnderPath([P(-0.02, 0.5 / 9)], n, 0.03), [{ row: 0, col: 0 }]);
});

test('random sweeps with a radius match a sampled distance oracle', () => {
  const rand = rng(7);
  for (const n of SIZES) {
    for (let trial = 0; trial < 25; trial++) {
      const pts = [P(rand(), rand()), P(rand(), rand())];
      const radius = rand() * 1.5 / n;
      const got = new Set(keys(cellsUnderPath(pts, n, radius)));
      for (let r = 0; r < n; r++) {
        for (let c = 0; c < n; c++) {
          const d = distToCell(pts[0], pts[1], r, c, n);
          // Skip cells right at the boundary of reach, where sampling is too coarse to judge.
          if (Math.abs(d - radius) < 1e-3) continue;
          assert.equal(got.has(`${r},${c}`), d < radius, `cell ${r},${c} d=${d} radius=${radius} n=${n}`);
        }
      }
    }
  }
});

test('notes touched by the eraser are hit, others are not', () => {
  const notes = [
    { id: 'a', points: [P(0.1, 0.1), P(0.2, 0.1)] }, // short horizontal line
    { id: 'b', points: [P(0.5, 0.4), P(0.5, 0.6)] }, // vertical line crossed by the sweep
    { id: 'c', points: [P(0.8, 0.8)] }, // a dot
    { id: 'd', points: [] }, // empty: never hit
    { id: 'e', points: [P(0.3, 0.52), P(0.32, 0.53), P(0.34, 0.55)] },
  ];
  // A fast horizontal sweep across y=0.5 with only two samples crosses b but misses e (y>0.52).
  assert.deepEqual(notesHit(notes, [P(0.05, 0.5), P(0.95, 0.5)], 0), ['b']);
  assert.deepEqual(notesHit(notes, [P(0.05, 0.5), P(0.95, 0.5)], 0.03), ['b', 'e']);
  // The dot, by a single eraser point within the radius, and not beyond.
  assert.deepEqual(notesHit(notes, [P(0.81, 0.8)], 0.02), ['c']);
  assert.deepEqual(notesHit(notes, [P(0.83, 0.8)], 0.02), []);
  // Touching the end of a note counts.
  assert.deepEqual(notesHit(notes, [P(0.2, 0.0), P(0.2, 0.3)], 0), ['a']);
  // Parallel and close.
  assert.deepEqual(notesHit(notes, [P(0.1, 0.105), P(0.2, 0.105)], 0.01), ['a']);
  assert.deepEqual(notesHit(notes, [P(0.1, 0.125), P(0.2, 0.125)], 0.01), []);
  // Nothing to erase with.
  assert.deepEqual(notesHit(notes, [], 0.1), []);
  assert.deepEqual(notesHit([], [P(0.5, 0.5)], 0.1), []);
  // Radius defaults to 0: a crossing still hits.
  assert.deepEqual(notesHit(notes, [P(0.4, 0.45), P(0.6, 0.55)]), ['b']);
});

test('notes: a zig-zag between samples hits what the segments cross', () => {
  const notes = [{ id: 1, points: [P(0.45, 0.1), P(0.55, 0.1)] }, { id: 2, points: [P(0.45, 0.9), P(0.55, 0.9)] }];
  // Samples at x=0.4 and x=0.6 only: the segments cross both notes at x=0.5.
  const zig = [P(0.4, 0.0), P(0.6, 0.2), P(0.4, 0.8), P(0.6, 1.0)];
  assert.deepEqual(notesHit(notes, zig, 0), [1, 2]);
});

test('isEraser recognises the pen eraser end and the eraser button', () => {
  assert.equal(isEraser({ pointerType: 'pen', buttons: 32, button: -1 }), true);
  assert.equal(isEraser({ pointerType: 'pen', buttons: 33, button: -1 }), true);
  assert.equal(isEraser({ pointerType: 'pen', buttons: 0, button: 5 }), true);
  assert.equal(isEraser({ pointerType: 'pen', buttons: 1, button: 0 }), false);
  assert.equal(isEraser({ pointerType: 'pen', buttons: 2, button: 2 }), false, 'barrel button is not the eraser');
  assert.equal(isEraser({ pointerType: 'pen' }), false);
  assert.equal(isEraser({ pointerType: 'mouse', buttons: 32, button: 5 }), false);
  assert.equal(isEraser({ pointerType: 'touch', buttons: 32 }), false);
  assert.equal(isEraser(null), false);
});
