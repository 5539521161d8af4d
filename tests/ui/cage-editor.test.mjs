// The KenKen cage editor's state ("Enter a puzzle"): drawing cages by dragging, rules, select,
// delete, undo/redo, what is unfinished, and the engine's JSON.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CageEditor, connected, dragCells } from '../../ui/js/cage-editor.js';

const cell = (row, col) => ({ row, col });

test('a drag path becomes its distinct cells; connected regions are recognised', () => {
  assert.deepEqual(dragCells([cell(0, 0), cell(0, 0), cell(0, 1), cell(1, 1), cell(0, 1)]), [[0, 0], [0, 1], [1, 1]]);
  assert.ok(connected([[0, 0], [0, 1], [1, 1]]));
  assert.ok(!connected([[0, 0], [1, 1]]), 'diagonal neighbours are not connected');
  assert.ok(!connected([]));
});

test('drawing cages: on the board, connected, never over another cage; a tap selects', () => {
  const e = new CageEditor(3);
  assert.deepEqual(e.draw([cell(0, 0), cell(0, 1)]), { ok: true, index: 0 });
  assert.deepEqual(e.cages[0], { cells: [[0, 0], [0, 1]], target: null, op: null });
  assert.match(e.draw([cell(0, 1), cell(0, 2)]).error, /row 1, column 2 is already in a cage/i);
  assert.match(e.draw([cell(1, 0), cell(2, 1)]).error, /one piece/);
  assert.match(e.draw([cell(3, 0)]).error, /not on the board/);
  assert.equal(e.cages.length, 1, 'refused drawings change nothing');
  e.draw([cell(2, 2)]);
  assert.equal(e.cages[1].op, '=', 'a one-cell cage is a given');
  assert.deepEqual(e.draw([cell(0, 1)]), { ok: true, index: 0 }, 'a tap in a cage selects it');
  assert.equal(e.selected, 0);
  assert.throws(() => new CageEditor(10), RangeError);
});

test('rules, delete, undo and redo', () => {
  const e = new CageEditor(3);
  e.draw([cell(0, 0), cell(1, 0)]);
  assert.deepEqual(e.setRule({ target: 3, op: '*' }), { ok: true });
  assert.match(e.setRule({ target: 0 }).error, /whole number/);
  assert.match(e.setRule({ op: '%' }).error, /Unknown operation/);
  assert.deepEqual([e.cages[0].target, e.cages[0].op], [3, '*']);
  e.remove();
  assert.equal(e.cages.length, 0);
  assert.ok(e.undo());
  assert.deepEqual(e.cages[0], { cells: [[0, 0], [1, 0]], target: 3, op: '*' });
  assert.ok(e.undo());
  assert.deepEqual([e.cages[0].target, e.cages[0].op], [null, null]);
  assert.ok(e.redo() && e.redo());
  assert.equal(e.cages.length, 0);
  assert.ok(!e.redo());
  assert.match(e.remove().error, /Choose a cage/);
});

test('what is unfinished is named by cage, and the JSON is the engine\'s', () => {
  const e = new CageEditor(3);
  e.draw([cell(0, 0), cell(0, 1), cell(0, 2)]);
  e.setRule({ op: '-' });
  const p = e.problems();
  assert.deepEqual(p.map((x) => x.cage), [0, 0, null]);
  assert.match(p[0].message, /no target/);
  assert.match(p[1].message, /exactly two cells/);
  assert.equal(p[2].cells.length, 6);
  const sample = { size: 3, cages: [
    { op: '*', target: 2, cells: [[0, 0], [1, 0]] }, { op: '*', target: 3, cells: [[0, 1], [0, 2]] },
    { op: '+', target: 6, cells: [[1, 1], [1, 2], [2, 2]] }, { op: '-', target: 1, cells: [[2, 0], [2, 1]] },
  ] };
  const f = CageEditor.fromPuzzle(sample);
  assert.deepEqual(f.problems(), []);
  assert.deepEqual(f.toPuzzle(), sample);
});
