// The KenKen screen: the game descriptor (picker tile, new-game options, status texts) and a
// pen-play screen (screens/penplay.js, shared with Sudoku) that draws cages (kenken-board.js).
// The interface is documented at the top of screens/sudoku.js.

import { drawKenken, cageLabel, labelCell } from '../kenken-board.js';
import { createPenScreen } from './penplay.js';
import { t, sizeText, difficultyText } from '../i18n.js';
import { levelField } from './fields.js';

const $ = (id) => document.getElementById(id);

/** The accessible grid reads a cage's rule on the cell it is printed in. */
function cellNote(view, r, c) {
  const cage = view.cages.find((k) => { const [lr, lc] = labelCell(k); return lr === r && lc === c; });
  return cage ? t('a11y.cage', { rule: cageLabel(cage) }) : null;
}

export const kenken = {
  kind: 'kenken',
  get name() { return t('game.kenken'); },
  get blurb() { return t('game.kenken.blurb'); },
  get progress() { return t('progress.cells'); },
  canGenerate: true,
  options: {
    fill(p) {
      $('kk-size').value = String(p.size);
      $('kk-difficulty').value = p.difficulty;
    },
    read() {
      return { size: Number($('kk-size').value), difficulty: $('kk-difficulty').value };
    },
  },
  describe: (v) => t('game.kenken.describe', { size: sizeText(v.size), difficulty: difficultyText(v.difficulty) }),
  howToPlay: (pen) => t(pen ? 'how.kenken.pen' : 'how.kenken.touch'),
  // "Enter a puzzle": the entry screen for a board of the size chosen in the picker (its module,
  // with the cage editor and its markup, is loaded when first asked for: #27).
  entry: {
    async screen(args) {
      const { createKenkenEntry } = await import('./kenken-entry.js');
      return (ctx) => createKenkenEntry(ctx, { size: args.size });
    },
  },
  newGameFields: `
  <fieldset data-game="kenken" class="options" hidden>
    <label><span data-i18n="new.size">Size</span>
      <select id="kk-size" aria-label="KenKen board size" data-i18n-label="new.kk.size.label">
        <option value="3">3 × 3</option><option value="4">4 × 4</option><option value="5">5 × 5</option>
        <option value="6" selected>6 × 6</option><option value="7">7 × 7</option><option value="8">8 × 8</option>
        <option value="9">9 × 9</option>
      </select>
    </label>${levelField({ id: 'kk-difficulty', label: 'KenKen difficulty', labelKey: 'new.kk.difficulty.label' })}
    <button id="kk-enter" value="enter" type="submit" title="Copy a puzzle from a newspaper or book, then solve or play it" data-i18n="entry.enter" data-i18n-title="entry.enter.ke.title">Enter a puzzle…</button>
  </fieldset>
`,
  drawBoard: drawKenken, // also what print.js prints
  create: (ctx) => createPenScreen(ctx, { kind: 'kenken', label: () => t('game.kenken.board'), draw: drawKenken, padColumns: (n) => (n <= 4 ? 2 : 3), colours: true, cellNote }),
};
