// The Sudoku givens editor ("Enter a puzzle"): set, clear, an eraser stroke in one step, undo
// and redo, clashes while entering.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GivensEditor } from '../../ui/js/givens-editor.js';

test('givens are set and cleared with one undo step per change', () => {
  const e = new GivensEditor(4);
  assert.ok(e.set(0, 0, 1));
  assert.ok(!e.set(0, 0, 1), 'the same value again changes nothing');
  e.set(1, 1, 2);
  e.set(3, 3, 4);
  assert.equal(e.count, 3);
  assert.ok(e.clear([[0, 0], [1, 1], [2, 2]]), 'an eraser stroke');
  assert.equal(e.count, 1);
  assert.ok(e.undo());
  assert.equal(e.count, 3, 'one step brings both back');
  assert.ok(e.redo());
  assert.equal(e.count, 1);
  assert.ok(!e.set(4, 0, 1) && !e.set(0, 0, 5), 'off the board or too big: nothing');
  e.clearAll();
  assert.equal(e.count, 0);
  e.undo();
  assert.equal(e.count, 1);
  assert.throws(() => new GivensEditor(5), RangeError);
  assert.deepEqual([new GivensEditor(6).boxRows, new GivensEditor(6).boxCols], [2, 3]);
});

test('clashes in a row, a column or a box are found while entering', () => {
  const e = new GivensEditor(6);
  e.set(0, 0, 3);
  e.set(1, 2, 3); // same 2x3 box
  e.set(5, 5, 3); // no clash
  assert.deepEqual(e.clashes(), [[0, 0], [1, 2]]);
  e.set(1, 2, 0);
  e.set(4, 0, 3); // same column as (0,0)
  assert.deepEqual(e.clashes(), [[0, 0], [4, 0]]);
  assert.deepEqual(new GivensEditor(9, [1, ...new Array(80).fill(0)]).values[0], 1, 'starts from saved values');
  assert.equal(new GivensEditor(9, [99]).count, 0, 'bad saved values are ignored');
});
