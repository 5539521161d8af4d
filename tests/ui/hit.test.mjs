import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toBoard, cellAt } from '../../ui/js/hit.js';

test('board coordinates are independent of the board size on screen', () => {
  assert.deepEqual(toBoard(150, 75, 300), { x: 0.5, y: 0.25 });
  assert.deepEqual(toBoard(300, 150, 600), { x: 0.5, y: 0.25 });
});

test('cells from board coordinates for every size', () => {
  for (const n of [4, 6, 9, 16]) {
    assert.deepEqual(cellAt(0, 0, n), { row: 0, col: 0 });
    assert.deepEqual(cellAt(0.9999, 0.9999, n), { row: n - 1, col: n - 1 });
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) assert.deepEqual(cellAt((c + 0.5) / n, (r + 0.5) / n, n), { row: r, col: c });
    }
  }
});

test('outside the board is no cell', () => {
  for (const [x, y] of [[-0.01, 0.5], [0.5, 1], [1, 0], [NaN, 0.2], [0.2, Infinity]]) assert.equal(cellAt(x, y, 9), null);
});
