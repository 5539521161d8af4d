// "Enter a puzzle" on the game's own board, for a game whose descriptor says `entry: {onBoard:
// true}` (Sudoku): an empty board on which the player copies a puzzle from paper with the pen
// (or types it), with the recogniser, eraser and undo of play (the backend's enter_puzzle
// {kind, size}), then "Start this puzzle" (start_entered): the engine says whether it is fair;
// a fair one starts as a normal game, rated, its givens locked.

import { t, difficultyText, techniqueInSentence } from './i18n.js';

const $ = (id) => document.getElementById(id);

/** The `difficulty` the backend gives a board being entered (inkdoku::sudoku::check). */
export const BEING_ENTERED = 'being entered';

/** Is this PlayView a board being entered (a Sudoku's, or a variant's with its shape)? */
export function isEntering(view) {
  return Boolean(view && view.difficulty === BEING_ENTERED);
}

/** What the player is told after "Start this puzzle", for each of start_entered's outcomes. */
export function entryMessage(r) {
  switch (r.outcome) {
    case 'conflicts':
      return t('entry.conflicts');
    case 'no_solution':
      return t('entry.no_solution');
    case 'several':
      return t('entry.several', { n: r.differ.length });
    case 'unique':
      return r.level
        ? t('entry.unique', { level: difficultyText(r.level), technique: techniqueInSentence(r.technique) })
        : t('entry.unique.plain');
    default:
      return '';
  }
}

/**
 * @param {{callOrToast, replacingOrToast, startGame: (view) => Promise<boolean>, setStatus, mark: (cells: number[][]) => void}} host
 *   mark: highlights cells on the board until the next change
 */
export function wireEntry(host) {
  $('entry-start').addEventListener('click', async () => {
    const r = await host.callOrToast('start_entered');
    if (!r) return;
    if (r.outcome === 'unique') await host.startGame(r.view);
    else if (r.outcome === 'several') host.mark(r.differ);
    host.setStatus(() => entryMessage(r));
  });
}

/** Starts entering a puzzle of `kind` and `size`; resolves to whether the empty board is shown. */
export async function enterOnBoard(host, kind, size) {
  const v = await host.replacingOrToast('enter_puzzle', { kind, size });
  if (!v || !(await host.startGame(v))) return false;
  host.setStatus(() => t('entry.copy'));
  return true;
}
