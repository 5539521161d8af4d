// The KenKen screen: the game descriptor (picker tile, new-game options, status texts) and a
// pen-play screen (screens/penplay.js, shared with Sudoku) that draws cages (kenken-board.js).
// The interface is documented at the top of screens/sudoku.js.

import { drawKenken } from '../kenken-board.js';
import { createPenScreen } from './penplay.js';
import { createKenkenEntry } from './kenken-entry.js';

const $ = (id) => document.getElementById(id);

export const kenken = {
  kind: 'kenken',
  name: 'KenKen',
  blurb: 'Fill the cages to their sums and products.',
  progress: 'cells filled',
  canGenerate: true,
  options: {
    fill(s) {
      $('kk-size').value = String(s.kenken_size ?? 6);
      $('kk-difficulty').value = s.kenken_difficulty ?? 'easy';
    },
    read() {
      const size = Number($('kk-size').value), difficulty = $('kk-difficulty').value;
      return { args: { size, difficulty }, settings: { kenken_size: size, kenken_difficulty: difficulty } };
    },
    fromSettings(s) {
      return { size: s.kenken_size ?? 6, difficulty: s.kenken_difficulty ?? 'easy' };
    },
  },
  describe: (v) => `${v.size} × ${v.size} KenKen (${v.difficulty || 'your puzzle'})`,
  howToPlay: (pen) =>
    pen
      ? 'Write a number in a cell with your pen: none repeats in a row or column, and each cage makes its target. Flip the pen to erase.'
      : 'Tap a cell, then a number: none repeats in a row or column, and each cage makes its target.',
  // "Enter a puzzle": the entry screen for a board of the size chosen in the picker.
  entry: (ctx, args) => createKenkenEntry(ctx, { size: args.size }),
  drawBoard: drawKenken, // also what print.js prints
  create: (ctx) => createPenScreen(ctx, { kind: 'kenken', label: 'KenKen board', draw: drawKenken, padColumns: (n) => (n <= 4 ? 2 : 3), colours: true }),
};
