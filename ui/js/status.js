// The status line under the controls and the toast: how the page talks to the player.

import { call } from './backend.js';
import { errorText, onLanguageChange } from './i18n.js';

const $ = (id) => document.getElementById(id);

/** What the status line says: texts, or functions that give them in the current language. */
let said = { text: '', technique: null };
const inLanguage = (x) => (typeof x === 'function' ? x() : x);

/**
 * The status line; `technique` (a hint's) is shown first, in bold. Each may be a function
 * giving the text in the current language (`() => t(key, args)`): said again in the new
 * language when it changes, where a plain text would stay in the one it was written in.
 */
export function setStatus(text, technique) {
  said = { text, technique };
  showStatus();
}
onLanguageChange(() => showStatus());

function showStatus() {
  const text = inLanguage(said.text);
  const technique = inLanguage(said.technique);
  const s = $('status');
  s.replaceChildren();
  if (technique) {
    const t = document.createElement('span');
    t.className = 'technique';
    t.textContent = `${technique}: `;
    s.append(t);
  }
  s.append(document.createTextNode(text));
}

let toastTimer = null;

/** A message that goes away by itself (none: nothing is shown). */
export function toast(message, ms = 4000) {
  if (message == null) return;
  const t = $('toast');
  t.textContent = message;
  t.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { t.hidden = true; }, ms);
}

/** Calls the backend; a failure is told to the player (toast, in their language) and resolves
 * to null, never throws. */
export async function callOrToast(command, args) {
  try {
    return await call(command, args);
  } catch (e) {
    toast(errorText(e));
    return null;
  }
}

/** The window event said when the statistics changed (reset): views that show figures from them read them again. */
export const STATS_CHANGED = 'inkdoku:stats-changed';
