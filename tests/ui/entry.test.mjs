// "Enter a puzzle": which view is a board being entered, and what each check's outcome tells.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isEntering, entryMessage } from '../../ui/js/entry.js';

test('a board being entered is a Sudoku with that difficulty, nothing else', () => {
  assert.equal(isEntering({ kind: 'sudoku', difficulty: 'being entered' }), true);
  assert.equal(isEntering({ kind: 'sudoku', difficulty: 'easy' }), false);
  assert.equal(isEntering({ kind: 'kenken', difficulty: 'being entered' }), false);
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
