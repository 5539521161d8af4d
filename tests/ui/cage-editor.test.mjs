// The KenKen cage editor's state ("Enter a puzzle"): drawing cages by dragging, rules, select,
// delete, undo/redo, what is unfinished, and the engine's JSON.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CageEditor, connected, dragCells, pathCells } from '../../ui/js/cage-editor.js';

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

test('the JSON is the engine\'s', () => {
  const sample = { size: 3, cages: [
    { op: '*', target: 2, cells: [[0, 0], [1, 0]] }, { op: '*', target: 3, cells: [[0, 1], [0, 2]] },
    { op: '+', target: 6, cells: [[1, 1], [1, 2], [2, 2]] }, { op: '-', target: 1, cells: [[2, 0], [2, 1]] },
  ] };
  const f = CageEditor.fromPuzzle(sample);
  assert.deepEqual(f.toPuzzle(), sample);
});

test('a drag path in board units: every cell it passes, side by side even when fast', () => {
  // Slow: many points inside the cells.
  assert.deepEqual(pathCells([{ x: 0.1, y: 0.1 }, { x: 0.2, y: 0.1 }, { x: 0.4, y: 0.1 }, { x: 0.45, y: 0.3 }], 3), [[0, 0], [0, 1]]);
  // Fast: two points three cells apart still give the cells between.
  assert.deepEqual(pathCells([{ x: 0.05, y: 0.5 }, { x: 0.95, y: 0.5 }], 3), [[1, 0], [1, 1], [1, 2]]);
  // Through a corner: the cell whose boundary the move crosses first is taken, so the cells
  // stay connected (a diagonal move from the middle of (0,0) to the middle of (1,1)).
  const diag = pathCells([{ x: 1 / 6, y: 1 / 6 }, { x: 0.5, y: 0.5 - 0.0001 }, { x: 0.5, y: 0.5 }], 3);
  assert.ok(connected(diag), JSON.stringify(diag));
  assert.deepEqual(diag[0], [0, 0]);
  assert.deepEqual(diag[diag.length - 1], [1, 1]);
  const exact = pathCells([{ x: 1 / 6, y: 1 / 6 }, { x: 5 / 6, y: 5 / 6 }], 3);
  assert.ok(connected(exact), JSON.stringify(exact));
  // Points off the board are ignored; array points work too.
  assert.deepEqual(pathCells([[-0.2, 0.1], [0.1, 0.1], [0.1, 1.3]], 3), [[0, 0], [1, 0], [2, 0]]);
  // Going back over a cell does not repeat it.
  assert.deepEqual(pathCells([{ x: 0.1, y: 0.1 }, { x: 0.5, y: 0.1 }, { x: 0.1, y: 0.1 }], 3), [[0, 0], [0, 1]]);
});

test('typing a target: replaces, then appends; one undo step per run; backspace', () => {
  const e = new CageEditor(6);
  e.draw([cell(0, 0), cell(0, 1)]);
  e.setRule({ target: 7, op: '+' });
  e.select(0);
  e.typeDigit(1);
  assert.equal(e.cages[0].target, 1, 'the first digit replaces');
  e.typeDigit(2);
  assert.equal(e.cages[0].target, 12, 'the next appends');
  e.backspace();
  e.typeDigit(5);
  assert.equal(e.cages[0].target, 15);
  e.undo();
  assert.equal(e.cages[0].target, 7, 'the whole run is one step');
  e.redo();
  assert.equal(e.cages[0].target, 15);
  e.typeDigit(0);
  assert.equal(e.cages[0].target, null, 'a lone 0 leaves no target');
  assert.match(new CageEditor(3).typeDigit(1).error, /Choose a cage/);
  e.select(0);
  for (const d of [1, 2, 3, 4, 5, 6]) e.typeDigit(d);
  assert.match(e.typeDigit(7).error, /six digits/);
  e.backspace(); e.backspace(); e.backspace(); e.backspace(); e.backspace(); e.backspace();
  assert.equal(e.cages[0].target, null);
});

test('the eraser removes every cage it crosses in one step; a cage grows by a neighbour', () => {
  const e = new CageEditor(3);
  e.draw([cell(0, 0), cell(0, 1)]);
  e.draw([cell(1, 0)]);
  e.draw([cell(2, 2)]);
  assert.deepEqual(e.removeAt([[0, 1], [1, 0], [1, 1]]), { ok: true, removed: 2 });
  assert.deepEqual(e.cages.map((c) => c.cells), [[[2, 2]]]);
  e.undo();
  assert.equal(e.cages.length, 3, 'one undo brings both back');
  e.select(2);
  assert.deepEqual(e.extend([2, 1]), { ok: true });
  assert.deepEqual(e.cages[2], { cells: [[2, 1], [2, 2]], target: null, op: null }, 'a grown given is no longer a given');
  assert.match(e.extend([0, 0]).error, /already in a cage/);
  assert.match(e.extend([0, 2]).error, /one piece/);
  assert.match(e.extend([3, 2]).error, /off the board/);
});

test('the keyboard cursor stays on the board and Shift grows the chosen cage where it goes', () => {
  const e = new CageEditor(3);
  assert.deepEqual(e.step({ row: 0, col: 0 }, [-1, 0], false), { cursor: { row: 0, col: 0 }, result: null }, 'kept on the board');
  assert.deepEqual(e.step({ row: 0, col: 0 }, [0, 1], true), { cursor: { row: 0, col: 1 }, result: null }, 'no cage chosen: Shift only moves');
  e.draw([cell(0, 0)]);
  e.draw([cell(1, 1)]);
  e.select(0);
  const grown = e.step({ row: 0, col: 0 }, [0, 1], true);
  assert.deepEqual(grown, { cursor: { row: 0, col: 1 }, result: { ok: true } });
  assert.deepEqual(e.cages[0].cells, [[0, 0], [0, 1]]);
  const refused = e.step({ row: 0, col: 1 }, [1, 0], true);
  assert.deepEqual(refused.cursor, { row: 0, col: 1 }, 'the cursor stays where the cage could not grow');
  assert.match(refused.result.error, /already in a cage/);
});

test('clear all removes every cage in one undo step', () => {
  const e = new CageEditor(3);
  e.draw([cell(0, 0), cell(0, 1)]);
  e.draw([cell(2, 2)]);
  e.clearAll();
  assert.deepEqual([e.cages.length, e.selected], [0, null]);
  e.undo();
  assert.equal(e.cages.length, 2);
});
