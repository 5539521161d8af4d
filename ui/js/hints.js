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

/**
 * The sentences of the advice whose id says it all, keyed by the advice's `id`: the catalogue
 * key (English and Chinese, ui/locales) and its placeholders from the advice's data, or null
 * when the advice lacks the data (then the engine's own sentence stands). Every other id is a
 * technique's step, said from what it does (stepSentence).
 */
export const ADVICE_SENTENCES = Object.freeze(Object.assign(Object.create(null), {
  solved: { key: 'hint.solved', args: () => ({}) },
  wrong_number: { key: 'hint.wrong', args: ({ highlight: hl }) => (hl && hl.target ? { cell: cellName(hl.target.row, hl.target.col) } : null) },
  missing_candidate: { key: 'hint.missing', args: ({ place: p }) => (p ? { cell: cellName(p.row, p.col), digit: symbolChar(p.value) } : null) },
  wrong_corner_mark: { key: 'hint.corner', args: ({ eliminate: e }) => (e && e.length ? { digit: symbolChar(e[0].value), cells: listOf(e.map((c) => cellName(c.row, c.col))) } : null) },
  optimal_move: { key: 'hint.slide', args: (h) => ({ tile: h.tile, n: h.to_go }) },
  next_move: { key: 'hint.slide.about', args: (h) => ({ tile: h.tile, n: h.to_go }) },
}));

/** The hint's sentence from its data, in the current language. */
export function phraseHint(h) {
  // A null-prototype table: an id such as 'toString' is no row.
  const row = ADVICE_SENTENCES[h.id];
  if (row) {
    const args = row.args(h);
    return args ? t(row.key, args) : h.explanation;
  }
  return stepSentence(h);
}

/** A technique's step: the number it places, the candidates it removes, else where to look. */
function stepSentence(h) {
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
