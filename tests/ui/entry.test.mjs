// "Enter a puzzle": which view is a board being entered, and what each check's outcome tells.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isEntering, entryMessage } from '../../ui/js/entry.js';

test('a board being entered is one the backend gives that difficulty (a Sudoku\'s or a variant\'s), nothing else', () => {
  assert.equal(isEntering({ kind: 'sudoku', difficulty: 'being entered' }), true);
  for (const kind of ['sudoku-x', 'jigsaw', 'killer']) assert.equal(isEntering({ kind, difficulty: 'being entered', variant: {} }), true, kind);
  assert.equal(isEntering({ kind: 'sudoku', difficulty: 'easy' }), false);
  assert.equal(isEntering({ kind: 'killer', difficulty: 'hard' }), false);
  assert.equal(isEntering(null), false);
});

test('each outcome of the check is one sentence for the player', () => {
  assert.match(entryMessage({ outcome: 'conflicts', cells: [[0, 1]] }), /clash/);
  assert.match(entryMessage({ outcome: 'no_solution' }), /no solution/);
  assert.match(entryMessage({ outcome: 'several', differ: [[0, 0], [0, 1], [1, 0]] }), /differ in the 3 highlighted cells/);
  assert.equal(entryMessage({ outcome: 'unique', level: 'hard', technique: 'X-Wing' }), 'Your puzzle is hard: its hardest step is X-Wing. Its numbers are locked; have fun.');
  assert.match(entryMessage({ outcome: 'unique', level: 'easy', technique: 'Hidden single' }), /hardest step is hidden single\./);
  assert.match(entryMessage({ outcome: 'unique', level: null, technique: null }), /one solution/);
});

test('a variant\'s drawing goes into the cage editor and back unchanged (drafts, files)', async () => {
  const { toDrawing, fromDrawing } = await import('../../ui/js/screens/variant-entry.js');
  const killer = { size: 9, x: true, cages: [{ sum: 3, cells: [[0, 0], [0, 1]] }, { sum: null, cells: [[1, 0]] }], givens: '' };
  const k = fromDrawing('killer', killer);
  assert.equal(k.x, true);
  assert.deepEqual(toDrawing('killer', k.editor, k.x, k.givens), killer);
  // A jigsaw's drawing as the backend writes it (with an empty `cages`) is read as regions.
  const jigsaw = { size: 6, x: false, regions: [[[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2]]], cages: [], givens: '1.....' + '.'.repeat(30) };
  const j = fromDrawing('jigsaw', jigsaw);
  assert.equal(j.editor.cages.length, 1);
  assert.deepEqual(toDrawing('jigsaw', j.editor, false, j.givens), { size: 6, regions: jigsaw.regions, givens: jigsaw.givens });
});
