// The player's language: one catalogue per language (ui/locales/*.js, plain objects of
// key -> text with {name} placeholders), `t(key, args)` to look a text up, and the
// page's static texts marked in index.html with data-i18n attributes:
//   data-i18n="key"        the element's text
//   data-i18n-label="key"  its aria-label
//   data-i18n-title="key"  its title (tooltip)
//   data-i18n-alt="key"    its alt text
// The language follows the system (navigator.languages) unless the settings name one; changing
// it re-translates the page and tells the listeners (screens redraw their own texts).
// A text that says a number of things may have plural forms: {count: 'n', one: '{n} move',
// other: '{n} moves'}, the form chosen by the language's plural rules (Intl.PluralRules) for
// the argument `count` names. A language without plural forms (Chinese) keeps a plain text.
// Pure apart from translateDom/setLanguage's document use, so node tests can import it.
//
// English is loaded with the page (it is every other language's fallback); another catalogue
// is fetched when first chosen (`loadLanguage`), so an English start does not parse the
// Chinese one before its first paint (#27).

import en from '../locales/en.js';
import { isQuiet } from './backend.js';

/** How each language's catalogue is loaded. */
const LOADERS = {
  en: async () => en,
  'zh-CN': async () => (await import('../locales/zh-CN.js')).default,
};
export const LANGUAGES = Object.keys(LOADERS);
/** The catalogues loaded so far, by language. */
export const CATALOGUES = { en };

let current = 'en';
const listeners = new Set();

/**
 * The language to use: the setting when it names one we have, else the first of the system's
 * languages we have (any Chinese but Traditional → Simplified Chinese), else English.
 * @param {string|undefined} setting 'auto' or a language code
 * @param {readonly string[]} system navigator.languages
 */
export function pickLanguage(setting, system = []) {
  if (setting && LOADERS[setting]) return setting;
  for (const tag of system) {
    const l = String(tag).toLowerCase();
    if (l.startsWith('zh')) {
      // zh-TW / zh-HK / zh-Hant read Traditional characters: we have none, English is fairer.
      if (/-(tw|hk|mo|hant)/.test(l)) continue;
      return 'zh-CN';
    }
    if (l.startsWith('en')) return 'en';
  }
  return 'en';
}

/** The language in use. */
export function language() {
  return current;
}

/** Fills {name} placeholders; an unknown one is left as it is (a test catches those). */
export function format(text, args) {
  return text.replace(/\{(\w+)\}/g, (m, k) => (args && args[k] !== undefined && args[k] !== null ? String(args[k]) : m));
}

/** The text of `key` in the current language (English if missing there, the key if unknown). */
export function t(key, args) {
  const own = CATALOGUES[current][key];
  const entry = own ?? CATALOGUES.en[key];
  if (entry === undefined) return key;
  return format(pluralForm(entry, args, own === undefined ? 'en' : current), args);
}

/** The form of a catalogue entry for `args` in language `lang` (a plain text is its own form). */
function pluralForm(entry, args, lang) {
  if (typeof entry === 'string') return entry;
  const n = Number(args && args[entry.count]);
  return entry[new Intl.PluralRules(lang).select(Number.isFinite(n) ? n : 0)] ?? entry.other;
}

/** The texts of a catalogue entry: a plain text, or each of its plural forms. */
export function forms(entry) {
  return typeof entry === 'string' ? [entry] : Object.entries(entry).filter(([k]) => k !== 'count').map(([, v]) => v);
}

/** Whether the catalogue has `key` (for optional texts, such as a technique's name). */
export function has(key) {
  return CATALOGUES.en[key] !== undefined;
}

/** The placeholders a catalogue entry uses (in any of its plural forms), sorted. */
export function placeholders(entry) {
  return [...new Set(forms(entry).flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1])))].sort();
}

/** Translates the static texts under `root` (see the module comment). */
export function translateDom(root) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const [attr, data] of [['aria-label', 'i18nLabel'], ['title', 'i18nTitle'], ['alt', 'i18nAlt']]) {
    const sel = `[data-i18n-${attr === 'aria-label' ? 'label' : attr}]`;
    for (const el of root.querySelectorAll(sel)) el.setAttribute(attr, t(el.dataset[data]));
  }
}

/**
 * Markup a screen module writes (a game's New game fields, its side screens' controls), as
 * nodes translated into the current language; a later switch re-translates them in the page.
 * Static strings only (no inline scripts or styles: the CSP forbids them).
 */
export function fromMarkup(html) {
  const tpl = document.createElement('template');
  tpl.innerHTML = html;
  translateDom(tpl.content);
  return tpl.content;
}

/**
 * Loads the catalogue of `lang` (once); resolves to the language it can be switched to: `lang`,
 * or English for a language we do not have.
 */
export async function loadLanguage(lang) {
  if (!LOADERS[lang]) return 'en';
  try {
    if (!CATALOGUES[lang]) CATALOGUES[lang] = await LOADERS[lang]();
  } catch (e) {
    // A catalogue that can't be loaded must not stop the page: English, said in the log.
    console.warn(`the ${lang} catalogue could not be loaded`, e);
    return 'en';
  }
  return lang;
}

/**
 * Switches the language (no restart): the page is re-translated and listeners told. Its
 * catalogue must be loaded (`loadLanguage`); until it is, English is used.
 */
export function setLanguage(lang) {
  current = CATALOGUES[lang] ? lang : 'en';
  if (typeof document !== 'undefined') {
    document.documentElement.lang = current;
    translateDom(document);
    // <template> contents are not in the document: translate them too, for the next clone.
    for (const tpl of document.querySelectorAll('template')) translateDom(tpl.content);
  }
  for (const f of listeners) f(current);
}

/** Calls `f(lang)` after every language change; returns a function that stops it. */
export function onLanguageChange(f) {
  listeners.add(f);
  return () => listeners.delete(f);
}

/**
 * A backend error ({kind, message, detail?}) as a sentence in the player's language: English
 * shows the backend's own sentence; another language the kind's text, plus the structured
 * detail ({key, ...args}) when the backend sent one.
 */
export function errorText(e) {
  if (!e) return t('error.internal');
  // Meant for a game no longer shown (a new one landed): nothing for the player to read.
  if (isQuiet(e)) return null;
  const kind = e.kind || 'internal';
  // English keeps the backend's own, more precise sentence.
  if (current === 'en' && e.message) return e.message;
  const base = has(`error.${kind}`) ? t(`error.${kind}`) : t('error.internal');
  if (e.detail && typeof e.detail === 'object' && has(`detail.${e.detail.key}`)) {
    return t('error.with_detail', { error: base, detail: t(`detail.${e.detail.key}`, e.detail) });
  }
  return base;
}

/**
 * Start-up's notices (a damaged save or handwriting file set aside) in the player's language:
 * English shows the backend's own sentence; another language says each notice from its data.
 * @param {{notice?: string, notices?: object[]}} found the `startup` answer
 * @returns {string|null}
 */
export function noticeText(found) {
  if (!found || !found.notice) return null;
  if (current === 'en' || !Array.isArray(found.notices) || !found.notices.length) return current === 'en' ? found.notice : t('notice.recovered');
  return found.notices.map((n) => {
    const outcome = n.restored ? 'restored' : 'lost';
    // A kind's catalogue key spells its dashes as underscores (sudoku-x: game.sudoku_x).
    const gameKey = `game.${String(n.game).replace(/-/g, '_')}`;
    const what = n.about === 'save' ? t(`notice.save.${outcome}`, { game: has(gameKey) ? t(gameKey) : n.game }) : t(`notice.${n.about}.${outcome}`);
    const kept = Array.isArray(n.kept) && n.kept.length ? t('notice.kept', { files: n.kept.join(', ') }) : '';
    return `${what}${kept}`;
  }).join(' ');
}

/** What to tell the player while saving stays impossible (`save_status`), or null. */
export function saveTroubleText(status) {
  const tr = status && status.trouble;
  if (!tr) return null;
  // The file's name, not its whole path: the note has to fit the panel of a small screen.
  if (tr.kind === 'busy') return t('save.trouble.busy', { path: String(tr.path || '').split(/[\\/]/).pop() });
  return t('save.trouble.io', { message: tr.message || '' });
}

/** A technique's English name (as the engine gives it) in the current language. */
export function techniqueName(name) {
  const key = Object.keys(CATALOGUES.en).find((k) => k.startsWith('tech.') && CATALOGUES.en[k].toLowerCase() === String(name).toLowerCase());
  return key ? t(key) : name;
}

/** A technique's name inside a sentence: in English "Hidden single" → "hidden single" ("X-Wing" stays). */
export function techniqueInSentence(name) {
  if (current !== 'en') return techniqueName(name);
  return /^[A-Z][a-z]/.test(name) ? name[0].toLowerCase() + name.slice(1) : name;
}

/** A rated puzzle's level, with its hardest technique when the backend tells it (a pasted Sudoku). */
export function ratedLevelText(level, technique) {
  const text = difficultyText(level);
  return technique ? t('status.level_technique', { level: text, technique: techniqueInSentence(technique) }) : text;
}

/** "4 × 4", "9 × 9": board sizes read the same in every language we have. */
export function sizeText(rows, cols = rows) {
  return `${rows} × ${cols}`;
}

/** A difficulty inside a sentence ("easy" → "easy" / "简单"); an unknown one as it is. */
export function difficultyText(d) {
  if (!d) return t('difficulty.custom');
  return has(`level.${d}`) ? t(`level.${d}`) : d;
}
