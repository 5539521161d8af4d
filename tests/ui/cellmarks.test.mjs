import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseMarks, hasMark, cornerLayout, centreLayout, marksText } from '../../ui/js/cellmarks.js';

test('a cell\'s marks read as the backend writes them', () => {
  assert.deepEqual(parseMarks('27/139'), { corner: [2, 7], centre: [1, 3, 9] });
  assert.deepEqual(parseMarks('72'), { corner: [7, 2], centre: [] }, 'corner marks keep the order written');
  assert.deepEqual(parseMarks('/AG'), { corner: [], centre: [10, 16] });
  for (const none of [undefined, null, '', 42]) assert.deepEqual(parseMarks(none), { corner: [], centre: [] });
  assert.ok(hasMark('27/139', 'corner', 7) && !hasMark('27/139', 'corner', 1) && hasMark('27/139', 'centre', 1));
});

test('corner marks take the corners, then the edges\' middles, then spread along two edges', () => {
  const four = cornerLayout(4);
  assert.deepEqual(four.spots.map(({ x, y }) => [x < 0.5, y < 0.5]), [[true, true], [false, true], [true, false], [false, false]]);
  const eight = cornerLayout(8);
  assert.equal(new Set(eight.spots.map(({ x, y }) => `${x},${y}`)).size, 8, 'no two marks in one place');
  assert.ok(eight.size <= four.size);
  for (const k of [9, 12, 16]) {
    const l = cornerLayout(k);
    assert.equal(l.spots.length, k);
    assert.equal(new Set(l.spots.map(({ x, y }) => `${x.toFixed(3)},${y}`)).size, k);
    const perRow = Math.ceil(k / 2);
    assert.ok(l.size * 0.62 * perRow <= 0.8 + 1e-9, `${k} marks fit along an edge`);
    assert.ok(l.spots.every(({ x, y }) => x > 0 && x < 1 && y > 0 && y < 1));
  }
  assert.deepEqual(cornerLayout(0), { size: 0, spots: [] });
});

test('centre marks shrink to fit one row, then take two', () => {
  let last = 1;
  for (let k = 1; k <= 16; k++) {
    const l = centreLayout(k);
    assert.equal(l.rows.reduce((a, b) => a + b, 0), k);
    const widest = Math.max(...l.rows);
    assert.ok(widest * l.size * 0.62 <= 0.86 + 1e-9, `${k} marks fit the cell`);
    assert.ok(l.size >= 0.1, `${k} marks stay readable`);
    if (l.rows.length === 1) assert.ok(l.size <= last + 1e-9, 'more marks, smaller');
    last = l.size;
  }
  assert.equal(centreLayout(3).rows.length, 1);
  assert.equal(centreLayout(9).rows.length, 2);
});

test('the accessible grid says a cell\'s marks', () => {
  const t = (k, p) => `${k}:${p.list}`;
  assert.equal(marksText('27/13', t, String), 'marks.corner.say:2 7, marks.centre.say:1 3');
  assert.equal(marksText('', t, String), '');
});
