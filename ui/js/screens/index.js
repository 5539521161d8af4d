// The games the view knows, in the picker's order. A game with `create` has a screen and can be
// played; the others are listed as "Coming soon" (their engines exist, their screens do not yet).
// Adding a game's screen: see the checklist at the top of screens/sudoku.js.

import { sudoku } from './sudoku.js';
import { kenken } from './kenken.js';
import { slide } from './slide.js';
import { sudokuX, jigsaw, killer } from './variants.js';
import { fromMarkup } from '../i18n.js';

export const GAMES = [
  sudoku,
  kenken,
  slide,
  killer,
  jigsaw,
  sudokuX,
];

/** The descriptor of a game kind, or null for a kind the view has never heard of. */
export function gameOf(kind) {
  return GAMES.find((g) => g.kind === kind) || null;
}

/**
 * Resolves once the screen of `kind` can be made (`create`): a game may keep its screen's code
 * apart, loaded the first time it is shown (`load`/`loaded`: the sliding picture, #27).
 */
export async function screenReady(kind) {
  const g = gameOf(kind);
  if (g && g.load && !g.loaded) await g.load();
}

/** Is the screen of `kind` ready to be made now, without loading anything? */
export function screenLoaded(kind) {
  const g = gameOf(kind);
  return Boolean(g && (!g.load || g.loaded));
}

/**
 * Can this kind's board be drawn apart from its screen (its `drawBoard`: what is printed, and
 * what "Watch my solve" shows)? The sliding picture's can't.
 */
export function drawable(kind) {
  const g = gameOf(kind);
  return Boolean(g && g.drawBoard);
}

/** Can this kind be played here (does it have a screen)? */
export function playable(kind) {
  const g = gameOf(kind);
  return Boolean(g && g.create);
}

/**
 * Puts each game's New game fields (its `newGameFields`, written in its screen module) into the
 * New game dialog, in the list's order, before its buttons: index.html holds no game's fields.
 * Once, at start, before the dialogs are wired.
 */
export function mountGames() {
  const menu = document.querySelector('#dlg-new form > menu');
  for (const g of GAMES) if (g.newGameFields && !document.querySelector(`#dlg-new [data-game="${g.kind}"]`)) menu.before(fromMarkup(g.newGameFields));
}
