// New game fields that several games' forms share (each game's `newGameFields` markup): one
// place for the level menu, so a game's form and its translations cannot drift from another's.

// Written out whole, so the catalogue check (tests/ui/i18n.test.mjs) sees every key.
const OPTIONS = {
  easy: '<option value="easy" data-i18n="difficulty.easy">Easy</option>',
  medium: '<option value="medium" data-i18n="difficulty.medium">Medium</option>',
  hard: '<option value="hard" data-i18n="difficulty.hard">Hard</option>',
  expert: '<option value="expert" data-i18n="difficulty.expert">Expert</option>',
};
const LEVELS = Object.keys(OPTIONS);

/**
 * The "Difficulty" menu: `id` of its select, its accessible name in English and its catalogue
 * key (translated with the form), the levels it offers and the one preselected (none: the first).
 */
export function levelField({ id, label, labelKey, levels = LEVELS, selected = null }) {
  const options = levels.map((l) => (l === selected ? OPTIONS[l].replace('<option ', '<option selected ') : OPTIONS[l])).join('');
  return `
    <label><span data-i18n="new.difficulty">Difficulty</span>
      <select id="${id}" aria-label="${label}" data-i18n-label="${labelKey}">
        ${options}
      </select>
    </label>`;
}
