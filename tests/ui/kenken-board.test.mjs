// The KenKen board's pure maths: cage borders, labels, which cage a cell is in, where the label
// and candidates go.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cageLabel, cageIndex, cageAt, cageEdges, labelCell, labelFontSize, candidateSlot } from '../../ui/js/kenken-board.js';
import { cellAt } from '../../ui/js/hit.js';

// A 3x3 board:  A A B
//               C A B
//               C D D
const view = {
  size: 3,
  cages: [
    { op: '+', target: 6, cells: [[0, 0], [0, 1], [1, 1]], wrong: false },
    { op: '/', target: 2, cells: [[1, 2], [0, 2]], wrong: false },
    { op: '-', target: 1, cells: [[1, 0], [2, 0]], wrong: false },
    { op: '*', target: 6, cells: [[2, 1], [2, 2]], wrong: false },
  ],
};

test('labels print the target and the operation the way a newspaper does', () => {
  assert.equal(cageLabel({ op: '+', target: 12 }), '12+');
  assert.equal(cageLabel({ op: '-', target: 1 }), '1−');
  assert.equal(cageLabel({ op: '*', target: 6 }), '6×');
  assert.equal(cageLabel({ op: '/', target: 2 }), '2÷');
  assert.equal(cageLabel({ op: '=', target: 3 }), '3', 'a one-cell cage shows its number alone');
});

test('the label goes in the top-most, then left-most cell, whatever order the cells come in', () => {
  assert.deepEqual(labelCell(view.cages[1]), [0, 2]);
  assert.deepEqual(labelCell({ cells: [[2, 2], [1, 3], [1, 2], [2, 1]] }), [1, 2]);
});

test('each cell knows its cage; hit-testing a board point finds the cage under it', () => {
  assert.deepEqual(cageIndex(view), [0, 0, 1, 2, 0, 1, 2, 3, 3]);
  assert.equal(cageAt(view, 1, 1), view.cages[0]);
  assert.equal(cageAt(view, 3, 0), null);
  assert.equal(cageAt(view, -1, 0), null);
  const hit = cellAt(0.9, 0.5, 3);
  assert.equal(cageAt(view, hit.row, hit.col), view.cages[1]);
});

test('cage borders: between cells of different cages and along the board edge, never inside a cage', () => {
  const e = cageEdges(view);
  const at = (r, c) => e[r * 3 + c];
  assert.deepEqual(at(0, 0), { top: true, right: false, bottom: true, left: true });
  assert.deepEqual(at(0, 1), { top: true, right: true, bottom: false, left: false });
  assert.deepEqual(at(1, 1), { top: false, right: true, bottom: true, left: true });
  assert.deepEqual(at(1, 2), { top: false, right: true, bottom: true, left: true });
  assert.deepEqual(at(2, 1), { top: true, right: false, bottom: true, left: true });
  // Symmetric: a border seen from one side is seen from the other.
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      if (c < 2) assert.equal(at(r, c).right, at(r, c + 1).left);
      if (r < 2) assert.equal(at(r, c).bottom, at(r + 1, c).top);
    }
  }
});

test('labels stay legible: at least 10 CSS pixels, about a fifth of the cell', () => {
  // 9x9 on an 800x480 screen: cells of about 49 CSS pixels.
  assert.equal(labelFontSize(49, 1), 10);
  assert.equal(labelFontSize(40, 2), 20, 'never below 10 CSS pixels at 2x');
  assert.equal(labelFontSize(400, 2), 84, '4K: grows with the cell');
});

test('candidates sit in a grid below the label band, every value in its own slot', () => {
  for (const n of [3, 4, 5, 6, 7, 8, 9]) {
    const slots = new Set();
    for (let v = 1; v <= n; v++) {
      const s = candidateSlot(v, n);
      assert.ok(s.col < s.cols && s.row < s.rows && s.top > 0.2, `${n}: ${v}`);
      slots.add(`${s.row},${s.col}`);
    }
    assert.equal(slots.size, n);
  }
});
