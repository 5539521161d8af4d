// The games the view knows, in the picker's order. A game with `create` has a screen and can be
// played; the others are listed as "Coming soon" (their engines exist, their screens do not yet).
// Adding a game's screen: see the checklist at the top of screens/sudoku.js.

import { sudoku } from './sudoku.js';
import { kenken } from './kenken.js';
import { slide } from './slide.js';

export const GAMES = [
  sudoku,
  kenken,
  slide,
];

/** The descriptor of a game kind, or null for a kind the view has never heard of. */
export function gameOf(kind) {
  return GAMES.find((g) => g.kind === kind) || null;
}

/** Can this kind be played here (does it have a screen)? */
export function playable(kind) {
  const g = gameOf(kind);
  return Boolean(g && g.create);
}
