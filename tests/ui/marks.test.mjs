import { test } from 'node:test';
import assert from 'node:assert/strict';
import { digitCounts, completeDigits, digitOf, COLOURS, nextColour, cycleColour, waveGlow, WAVE_MS, GLOW_MS } from '../../ui/js/marks.js';

const cells = (values) => values.map((value) => ({ value }));

test('a digit placed n times is complete; one placed too often is not', () => {
  // 4x4: 1 placed 4 times, 2 five times (one wrong), 3 three times.
  const v = cells([1, 2, 3, 0, 2, 1, 0, 3, 1, 2, 3, 2, 2, 0, 1, 0]);
  assert.deepEqual(digitCounts(v, 4), [0, 4, 5, 3, 0]);
  assert.deepEqual([...completeDigits(v, 4)], [1]);
  assert.deepEqual([...completeDigits(cells(new Array(81).fill(0)), 9)], []);
  assert.deepEqual([...completeDigits([], 9)], []);
});

test('a tap highlights a filled cell\'s digit, and nothing for an empty cell', () => {
  assert.equal(digitOf({ value: 7 }), 7);
  assert.equal(digitOf({ value: 0 }), null);
  assert.equal(digitOf(null), null);
});

test('cell colours: distinct hues and distinct patterns; a swatch toggles, M cycles through none', () => {
  assert.ok(COLOURS.length >= 3 && COLOURS.length <= 6);
  assert.equal(new Set(COLOURS.map((c) => c.pattern)).size, COLOURS.length, 'each colour has its own pattern');
  assert.equal(new Set(COLOURS.map((c) => c.tint)).size, COLOURS.length);
  assert.equal(nextColour(0, 2), 2);
  assert.equal(nextColour(2, 2), 0, 'the same colour again takes it away');
  assert.equal(nextColour(1, 3), 3);
  let c = 0;
  const seen = [];
  for (let k = 0; k <= COLOURS.length; k++) seen.push((c = cycleColour(c)));
  assert.deepEqual(seen, [...COLOURS.map((_, i) => i + 1), 0]);
});

test('the victory wave starts at the last cell, reaches every cell once and is over by WAVE_MS', () => {
  const n = 9, from = { row: 2, col: 3 };
  assert.ok(waveGlow(GLOW_MS / 2, 2, 3, n, from) > 0.9, 'the last cell glows first');
  assert.equal(waveGlow(GLOW_MS / 2, 8, 8, n, from), 0, 'far cells wait');
  for (let r = 0; r < n; r++) {
    for (let col = 0; col < n; col++) {
      let peak = 0;
      for (let t = 0; t <= WAVE_MS; t += 10) peak = Math.max(peak, waveGlow(t, r, col, n, from));
      assert.ok(peak > 0.9, `cell ${r},${col} glows`);
      assert.equal(waveGlow(WAVE_MS, r, col, n, from), 0, 'over at the end');
    }
  }
  assert.equal(waveGlow(0, 4, 4, n, null), 0);
  assert.ok(waveGlow(GLOW_MS / 2, 4, 4, n, null) > 0.9, 'without a last cell it starts in the centre');
});
