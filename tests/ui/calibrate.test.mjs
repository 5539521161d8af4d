import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sheetLayout, SIDE, TIMES, DIGITS, LETTERS } from '../../ui/js/screens/calibrate.js';

for (const symbols of [DIGITS, [...DIGITS, ...LETTERS], DIGITS.slice(0, 4)]) {
  test(`the practice sheet for ${symbols.join('')}: three boxes each, on the sheet, none shared, rows centred`, () => {
    const { boxes, top, rows } = sheetLayout(symbols);
    assert.equal(boxes.length, symbols.length * TIMES);
    for (const s of symbols) assert.deepEqual(boxes.filter((b) => b.symbol === s).map((b) => b.k), [0, 1, 2], s);
    const cells = new Set(boxes.map((b) => `${b.row},${b.col}`));
    assert.equal(cells.size, boxes.length, 'no two boxes in one cell');
    for (const b of boxes) assert.ok(b.row >= top && b.row < top + rows && b.col >= 0 && b.col < SIDE, JSON.stringify(b));
    // A symbol's boxes side by side in one row, so they can be framed together.
    for (const s of symbols) {
      const mine = boxes.filter((b) => b.symbol === s);
      assert.ok(mine.every((b) => b.row === mine[0].row && b.col === mine[0].col + b.k), s);
    }
    assert.ok(Math.abs(top - (SIDE - top - rows)) <= 1, 'as much paper above as below');
  });
}
