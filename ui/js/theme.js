// The theme in use: the settings' choice ('system', 'light', 'dark', 'high-contrast'), with
// 'system' following prefers-color-scheme live. The colours themselves are CSS variables in
// css/themes.css; the canvas drawings read theirs from there (board.js COLORS, updated in place)
// so the board, the live ink and the page always agree. Fires 'inkdoku-theme' on document when
// the colours change, so the app redraws.

import { COLORS } from './board.js';

export const THEMES = ['system', 'light', 'dark', 'high-contrast'];

/** The COLORS key each --board-* variable fills. */
export const BOARD_VARS = {
  paper: '--board-paper',
  selected: '--board-selected',
  peer: '--board-peer',
  same: '--board-same',
  hintFocus: '--board-hint-focus',
  hintTarget: '--board-hint-target',
  flash: '--board-flash',
  grid: '--board-grid',
  gridStrong: '--board-grid-strong',
  given: '--board-given',
  entry: '--board-entry',
  bad: '--board-bad',
  badFill: '--board-bad-fill',
  candidate: '--board-candidate',
  noteActive: '--board-note-active',
  noteIdle: '--board-note-idle',
  erase: '--board-erase',
  digitDisc: '--board-digit-disc',
  digitCandidate: '--board-digit-candidate',
  selectedEdge: '--board-selected-edge',
  unsure: '--board-unsure',
  unsureEdge: '--board-unsure-edge',
};

/** The theme to show for a setting, given whether the system prefers dark. */
export function resolveTheme(setting, systemDark) {
  if (setting === 'light' || setting === 'dark' || setting === 'high-contrast') return setting;
  return systemDark ? 'dark' : 'light';
}

let chosen = 'system';
let media = null;

function paint() {
  const dark = Boolean(media && media.matches);
  document.documentElement.dataset.theme = resolveTheme(chosen, dark);
  const style = getComputedStyle(document.documentElement);
  for (const [key, name] of Object.entries(BOARD_VARS)) {
    const v = style.getPropertyValue(name).trim();
    if (v) COLORS[key] = v;
  }
  document.dispatchEvent(new Event('inkdoku-theme'));
}

/** Shows the theme the settings name (undefined: follow the system). */
export function applyTheme(setting) {
  chosen = THEMES.includes(setting) ? setting : 'system';
  if (!media && window.matchMedia) {
    media = window.matchMedia('(prefers-color-scheme: dark)');
    media.addEventListener('change', () => { if (chosen === 'system') paint(); });
  }
  paint();
}
