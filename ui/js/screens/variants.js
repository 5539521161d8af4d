// The Sudoku variants' screens (issue 42): Sudoku X, Jigsaw and Killer (with Killer X as its
// option). Each is a Sudoku on a board of its own: the same pen screen (penplay.js) and board
// drawing (board.js draws the variant's regions, diagonals and cages from `view.variant`);
// what differs is the kind, the names and the New game fields. See screens/sudoku.js for what
// a game descriptor holds.

import { drawBoard } from '../board.js';
import { createPenScreen } from './penplay.js';
import { t, sizeText, difficultyText } from '../i18n.js';
import { levelField } from './fields.js';

const $ = (id) => document.getElementById(id);

/**
 * What the accessible grid adds to a cell's words: its cage and sum (Killer), its region
 * (Jigsaw), the diagonals it lies on (X).
 */
export function cellNote(view, r, c) {
  const v = view.variant;
  if (!v) return null;
  const n = view.size;
  const at = r * n + c;
  const words = [];
  const cage = (v.cages || []).find((k) => k.cells.includes(at));
  if (cage) words.push(t('a11y.killer_cage', { sum: cage.sum, cells: cage.cells.length }));
  if (v.jigsaw) words.push(t('a11y.region', { k: v.regions[at] + 1 }));
  if (v.x && (r === c || r + c === n - 1)) words.push(t('a11y.diagonal'));
  return words.length ? words.join(', ') : null;
}

/**
 * A variant's descriptor: `kind` the backend's, `key` its catalogue keys (`game.<key>`...),
 * `sizes` the sides it comes in, `x` whether it has the Killer's X option.
 */
function variant({ kind, key, sizes, x = false, entry }) {
  const id = (name) => `new-${key}-${name}`;
  const sizeOptions = sizes.map((s) => `<option value="${s}"${s === 9 ? ' selected' : ''}>${s} × ${s}</option>`).join('');
  return {
    kind,
    get name() { return t(`game.${key}`); },
    get blurb() { return t(`game.${key}.blurb`); },
    get progress() { return t('progress.cells'); },
    canGenerate: true,
    options: {
      fill(p) {
        $(id('size')).value = String(p.size);
        $(id('difficulty')).value = p.difficulty;
        if (x) $(id('x')).checked = Boolean(p.x);
      },
      read() {
        const p = { size: Number($(id('size')).value), difficulty: $(id('difficulty')).value };
        if (x) p.x = $(id('x')).checked;
        return p;
      },
    },
    describe: (v) => t(`game.${key}.describe`, { size: sizeText(v.size), difficulty: difficultyText(v.difficulty) }),
    howToPlay: (pen) => t(pen ? 'how.sudoku.pen' : 'how.sudoku.touch'),
    drawBoard,
    entry,
    newGameFields: `
  <fieldset data-game="${kind}" class="options">
    <label><span data-i18n="new.size">Size</span>
      <select id="${id('size')}" aria-label="Board size" data-i18n-label="new.size.label">${sizeOptions}</select>
    </label>${levelField({ id: id('difficulty'), label: 'Difficulty', labelKey: 'new.difficulty' })}
    ${x ? `<label class="check"><input id="${id('x')}" type="checkbox"> <span data-i18n="new.killer_x">Diagonals too (Killer X)</span></label>` : ''}
    <button id="${id('enter')}" class="wide" type="button" data-enter title="Copy a puzzle from a newspaper or book" data-i18n="entry.paper" data-i18n-title="entry.enter.${key}.title">Enter a puzzle from paper…</button>
  </fieldset>
`,
    create: (ctx) => createPenScreen(ctx, { kind, label: () => t(`game.${key}.board`), draw: drawBoard, padColumns: (n) => (n === 4 ? 2 : 3), colours: true, cellNote }),
  };
}

/**
 * "Enter a puzzle from paper": a Killer's cages or a Jigsaw's regions are drawn on their own
 * screen first (screens/variant-entry.js, loaded then), then the givens are written on the
 * board; a Sudoku X has only givens, written on its board at once (entry.js).
 */
const shapeFirst = (kind) => ({
  async screen(args) {
    const { createVariantEntry } = await import('./variant-entry.js');
    return (ctx) => createVariantEntry(ctx, { kind, size: args.size });
  },
});

export const sudokuX = variant({ kind: 'sudoku-x', key: 'sudoku_x', sizes: [6, 9], entry: { onBoard: true } });
export const jigsaw = variant({ kind: 'jigsaw', key: 'jigsaw', sizes: [6, 9], entry: shapeFirst('jigsaw') });
export const killer = variant({ kind: 'killer', key: 'killer', sizes: [9], x: true, entry: shapeFirst('killer') });
