// What is printed: the givens (and the player's numbers only if asked), never candidates, ink
// notes or the marks of wrong numbers; the game in play's view is left as it was.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { printableView } from '../../ui/js/print.js';

const view = {
  kind: 'sudoku',
  size: 4,
  cells: [
    { value: 1, given: true, candidates: 0, conflict: false, incorrect: false },
    { value: 3, given: false, candidates: 0, conflict: true, incorrect: true },
    { value: 0, given: false, candidates: 0b1010, conflict: false, incorrect: false, marks: '12/34' },
  ],
  notes: [{ id: 1, points: [[0.1, 0.1]] }],
};

test('givens only by default: entries, candidates, notes and wrong marks are left out', () => {
  const p = printableView(view);
  assert.deepEqual(p.cells.map((c) => c.value), [1, 0, 0]);
  assert.ok(p.cells.every((c) => c.candidates === 0 && !c.marks && !c.conflict && !c.incorrect));
  assert.deepEqual(p.notes, []);
  assert.equal(p.cells[0].given, true);
  assert.equal(view.cells[1].value, 3, 'the view in play is untouched');
  assert.equal(view.notes.length, 1);
});

test("with the player's numbers, entries are printed too (still without marks)", () => {
  const p = printableView(view, { entries: true });
  assert.deepEqual(p.cells.map((c) => c.value), [1, 3, 0]);
  assert.equal(p.cells[1].conflict, false);
});

test('with marks asked for, candidates and corner and centre marks are printed (never ink notes)', () => {
  const p = printableView(view, { marks: true });
  assert.equal(p.cells[2].candidates, 0b1010);
  assert.equal(p.cells[2].marks, '12/34');
  assert.deepEqual(p.notes, []);
  assert.equal(printableView(view, { entries: true }).cells[2].marks, undefined, 'numbers alone: no marks');
});

test('a KenKen (no givens) prints its cages, none marked wrong, and empty cells', () => {
  const kk = { kind: 'kenken', size: 2, cells: [{ value: 2, candidates: 1 }, { value: 0, candidates: 0 }], cages: [{ op: '+', target: 3, cells: [[0, 0], [0, 1]], wrong: true }], notes: [] };
  const p = printableView(kk);
  assert.deepEqual(p.cells.map((c) => c.value), [0, 0]);
  assert.equal(p.cages[0].wrong, false);
  assert.equal(p.cages[0].target, 3);
  assert.equal(printableView(kk, { entries: true }).cells[0].value, 2);
});
