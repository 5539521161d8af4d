// A hint from the backend in the player's language. The engine sends its English sentence (the
// CLI's) and the same hint as data: technique `id`, the number it places, the candidates it
// removes, the cells it relies on, or the tile to slide. English shows the engine's sentence
// (it says why); another language says what the step does from the data, with the technique's
// name in that language. Pure: node-tested.

import { t, has, language } from './i18n.js';
import { symbolChar } from './board.js';

const cellName = (row, col) => t('cell', { row: row + 1, col: col + 1 });

/** "r1c2, r1c5" (English) / "第1行第2列、第1行第5列" (Chinese). */
function listOf(items) {
  return items.join(t('list.sep'));
}

/** The hint's sentence from its data, in the current language. */
export function phraseHint(h) {
  const target = h.highlight && h.highlight.target;
  switch (h.id) {
    case 'solved': return t('hint.solved');
    case 'wrong_number': return target ? t('hint.wrong', { cell: cellName(target.row, target.col) }) : h.explanation;
    case 'missing_candidate': return h.place ? t('hint.missing', { cell: cellName(h.place.row, h.place.col), digit: symbolChar(h.place.value) }) : h.explanation;
    case 'optimal_move': return t('hint.slide', { tile: h.tile, n: h.to_go });
    case 'next_move': return t('hint.slide.about', { tile: h.tile, n: h.to_go });
    default: break;
  }
  const parts = [];
  if (h.place) parts.push(t('hint.place', { cell: cellName(h.place.row, h.place.col), digit: symbolChar(h.place.value) }));
  const elim = h.eliminate || [];
  if (elim.length) {
    const digits = [...new Set(elim.map((c) => c.value))].sort((a, b) => a - b).map(symbolChar);
    const cells = [];
    for (const c of elim) {
      const name = cellName(c.row, c.col);
      if (!cells.includes(name)) cells.push(name);
    }
    parts.push(t('hint.eliminate', { digits: listOf(digits), cells: listOf(cells) }));
  }
  if (!parts.length && h.highlight && h.highlight.cells && h.highlight.cells.length) {
    parts.push(t('hint.focus', { cells: listOf(h.highlight.cells.map(([r, c]) => cellName(r, c))) }));
  }
  return parts.length ? parts.join(' ') : h.explanation;
}

/** {technique, text} for the status line: the technique's name and the sentence. */
export function hintText(h) {
  const technique = h.id && has(`tech.${h.id}`) ? t(`tech.${h.id}`) : h.technique;
  const text = language() === 'en' || !h.id ? h.explanation : phraseHint(h);
  return { technique, text };
}
