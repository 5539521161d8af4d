import { test } from 'node:test';
import assert from 'node:assert/strict';
import { strokeWidth } from '../../ui/js/inkstyle.js';

// Cell sizes: 16x16 on an 800x480 screen (~25 px) up to 4x4 on a 4K screen (~500 px).
const CELLS = [25, 40, 60, 100, 200, 500];

test('pen pressure shapes the width: thin at 0, widest at 1, monotonic', () => {
  for (const cell of CELLS) {
    const w0 = strokeWidth(0, 'pen', cell);
    const w1 = strokeWidth(1, 'pen', cell);
    assert.ok(w1 >= 2.5 * w0 || w0 === 1, `range at ${cell}px: ${w0}..${w1}`);
    let prev = -Infinity;
    for (let p = 0; p <= 1.0001; p += 0.05) {
      const w = strokeWidth(p, 'pen', cell);
      assert.ok(w >= prev, 'more pressure is never thinner');
      prev = w;
    }
  }
});

test('out-of-range or missing pen pressure is clamped or treated as medium', () => {
  assert.equal(strokeWidth(-1, 'pen', 100), strokeWidth(0, 'pen', 100));
  assert.equal(strokeWidth(7, 'pen', 100), strokeWidth(1, 'pen', 100));
  assert.equal(strokeWidth(NaN, 'pen', 100), strokeWidth(0.5, 'mouse', 100));
  assert.equal(strokeWidth(undefined, 'pen', 100), strokeWidth(0.5, 'mouse', 100));
});

test('mouse and touch get a fixed medium width whatever they report', () => {
  for (const cell of CELLS) {
    for (const type of ['mouse', 'touch', '']) {
      const w = strokeWidth(0.5, type, cell);
      assert.equal(strokeWidth(0, type, cell), w);
      assert.equal(strokeWidth(1, type, cell), w);
      assert.ok(w > strokeWidth(0, 'pen', cell) || w === 1);
      assert.ok(w < strokeWidth(1, 'pen', cell));
    }
    assert.equal(strokeWidth(0.5, 'pen', cell), strokeWidth(0.5, 'mouse', cell), 'pen at default pressure = medium');
  }
});

test('width scales with the cell, so every board size looks like ink', () => {
  for (const type of ['pen', 'mouse']) {
    // Proportional once above the 1 px floor: the same ratio to the cell on 4x4 and 16x16.
    const small = strokeWidth(0.5, type, 50) / 50;
    const large = strokeWidth(0.5, type, 400) / 400;
    assert.ok(Math.abs(small - large) < 1e-12);
    // A believable pen: a few percent of the cell, never a marker, never invisible.
    for (const cell of CELLS) {
      const w = strokeWidth(0.5, type, cell);
      assert.ok(w >= 1 && w <= 0.1 * cell, `${w}px in a ${cell}px cell`);
    }
  }
});

test('never thinner than 1 px, even for tiny or bogus cell sizes', () => {
  assert.equal(strokeWidth(0, 'pen', 10), 1);
  for (const cell of [0, -5, NaN, Infinity, undefined]) assert.equal(strokeWidth(0.5, 'pen', cell), 1);
});
