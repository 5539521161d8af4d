// Checkpoints (#44): what the "⚑ Marks…" dialog lists and how its answer reads. Pure (the
// catalogue's `t` is passed in), so node tests it; the buttons and the dialog are the pen
// screen's (screens/penplay.js), the rules the engine's (session `Mark`, `back_to_mark`).

/**
 * One mark as the player reads it: "Mark 2 · 14 moves ago", "Mark 2 · now" (no move since),
 * "Mark 2 · move 14, undone" (the history was undone to before it).
 * @param {{n: number, step: number, moves_ago: number|null}} mark the view's `marks[k]`
 * @param {(key: string, args?: object) => string} t
 */
export function markLabel(mark, t) {
  const when = mark.moves_ago === null || mark.moves_ago === undefined
    ? t('marks.undone', { step: mark.step })
    : mark.moves_ago === 0 ? t('marks.now') : t('marks.ago', { n: mark.moves_ago });
  return t('marks.item', { n: mark.n, when });
}

/**
 * The dialog's choices, newest mark first: `{value, label}`, `value` the button's (what the
 * dialog's returnValue says, read back by `readChoice`).
 * @param {Array<{n: number, step: number, moves_ago: number|null}>|undefined} marks
 */
export function markChoices(marks, t) {
  return [...(marks || [])].reverse().map((m) => ({ value: `mark-${m.n}`, label: markLabel(m, t) }));
}

/** The dialog's answer: `{markNow: true}`, `{mark: n}`, `{correct: true}`, or null (cancelled). */
export function readChoice(value) {
  if (value === 'mark') return { markNow: true };
  if (value === 'correct') return { correct: true };
  const m = /^mark-(\d+)$/.exec(value || '');
  return m ? { mark: Number(m[1]) } : null;
}
