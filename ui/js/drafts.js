// Puzzles being entered ("Enter a puzzle") are kept in the page's storage after every change,
// so closing the app loses nothing. A draft is UI state, not a game: the backend never sees it.

/** The draft under `key`, or null (none, or damaged: a damaged draft is no draft). */
export function loadDraft(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || 'null');
  } catch {
    return null;
  }
}

export function keepDraft(key, data) {
  try {
    localStorage.setItem(key, JSON.stringify(data));
  } catch {
    // Storage full or unavailable: the drawing just isn't kept.
  }
}

/** The draft became a game (or was abandoned): nothing to bring back next time. */
export function dropDraft(key) {
  try {
    localStorage.removeItem(key);
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}
