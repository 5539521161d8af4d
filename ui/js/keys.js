// Keyboard mapping, pure (node-tested): KeyboardEvent-like objects -> play actions.
// The README's "How to play": arrows move the selection (Shift+arrows add cells to it),
// digit/letter keys fill, Shift+digit a corner mark and Ctrl+digit a centre mark (SudokuPad's
// keys), Space cycles what the pencil writes, Delete/Backspace clear, Ctrl+Z / Ctrl+Y undo and
// redo. Keys the board does not use map to null, so the browser
// (or the OS) keeps them; keys aimed at a form control stay with it (focusKeepsKey).

/**
 * @typedef {{type:'move', dr:number, dc:number}
 *   | {type:'symbol', value:number, mark?: 'corner'|'centre'}
 *   | {type:'extend', dr:number, dc:number} | {type:'cycleMarks'}
 *   | {type:'clear'} | {type:'undo'} | {type:'redo'} | {type:'togglePencil'} | {type:'hint'}
 *   | {type:'toggleEraser'} | {type:'colour'}} KeyAction
 */

export const ARROWS = {
  ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1],
  // Legacy names (old Edge/IE) for the same keys.
  Up: [-1, 0], Down: [1, 0], Left: [0, -1], Right: [0, 1],
};

/**
 * Undo and redo, the same for every game: Ctrl+Z, Ctrl+Shift+Z / Ctrl+Y (Cmd on macOS).
 * @param {{key:string, ctrlKey?:boolean, metaKey?:boolean, shiftKey?:boolean, altKey?:boolean}} ev
 * @returns {'undo'|'redo'|null}
 */
export function historyKey(ev) {
  if (!ev || typeof ev.key !== 'string' || ev.altKey || !(ev.ctrlKey || ev.metaKey)) return null;
  const lower = ev.key.toLowerCase();
  if (lower === 'z') return ev.shiftKey ? 'redo' : 'undo';
  if (lower === 'y') return 'redo';
  // Ctrl+digit, Ctrl+P (print) ... are not ours.
  return null;
}

/**
 * The digit a key with Shift or Ctrl held stands for, by the key's place (`code`: Shift+1 is
 * '!' as a character on most layouts, and Shift with the number pad's keys moves the caret),
 * else by its character; 0 for none.
 */
function heldDigit(ev) {
  const m = /^(?:Digit|Numpad)([1-9])$/.exec(ev.code || '');
  if (m) return Number(m[1]);
  return ev.key.length === 1 && ev.key >= '1' && ev.key <= '9' ? ev.key.charCodeAt(0) - 48 : 0;
}

/**
 * The action for a key press on a board of side n, or null.
 * Symbols: '1'-'9' (value 1-9) and, on 16x16 only, 'a'-'g'/'A'-'G' (10-16); a symbol above n is
 * null. '0', like Delete and Backspace, clears. 'p' toggles pencil mode, 'x' eraser mode, 'm'
 * cycles the selected cell's marking colour and 'h' asks for a hint; none clashes with the
 * 16x16 letters, which stop at G (so the eraser is not E, nor the colour C).
 * Marks (#43), as SudokuPad has them: Shift+digit (or Shift+letter on 16x16) toggles a corner
 * mark, Ctrl+digit (Cmd on macOS) a centre mark; Shift+arrows add the next cell to the
 * selection; Space cycles what the pencil writes (candidate slots, corner, centre).
 * @param {{key:string, ctrlKey?:boolean, metaKey?:boolean, shiftKey?:boolean, altKey?:boolean}} ev
 * @param {number} n board side (4, 6, 9, 16)
 * @returns {KeyAction|null}
 */
export function keyAction(ev, n) {
  if (!ev || typeof ev.key !== 'string') return null;
  // Alt combinations belong to the OS and the menus.
  if (ev.altKey) return null;
  const key = ev.key;
  const lower = key.length === 1 ? key.toLowerCase() : key;
  if (ev.ctrlKey || ev.metaKey) {
    const h = historyKey(ev);
    if (h) return { type: h };
    const d = ev.shiftKey ? 0 : heldDigit(ev);
    return d && d <= n ? { type: 'symbol', value: d, mark: 'centre' } : null;
  }
  if (key in ARROWS) {
    const [dr, dc] = ARROWS[key];
    return { type: ev.shiftKey ? 'extend' : 'move', dr, dc };
  }
  if (ev.shiftKey) {
    const d = heldDigit(ev);
    if (d) return d <= n ? { type: 'symbol', value: d, mark: 'corner' } : null;
    if (n === 16 && key.length === 1 && lower >= 'a' && lower <= 'g') return { type: 'symbol', value: 10 + lower.charCodeAt(0) - 97, mark: 'corner' };
  }
  if (key === ' ') return { type: 'cycleMarks' };
  if (key === 'Delete' || key === 'Backspace' || key === '0') return { type: 'clear' };
  if (key.length === 1 && key >= '1' && key <= '9') {
    const value = key.charCodeAt(0) - 48;
    return value <= n ? { type: 'symbol', value } : null;
  }
  if (n === 16 && key.length === 1 && lower >= 'a' && lower <= 'g') {
    return { type: 'symbol', value: 10 + lower.charCodeAt(0) - 97 };
  }
  if (lower === 'p') return { type: 'togglePencil' };
  if (lower === 'h') return { type: 'hint' };
  if (lower === 'x') return { type: 'toggleEraser' };
  if (lower === 'm') return { type: 'colour' };
  return null;
}

/**
 * Moves the selection by (dr, dc), wrapping around the edges (left of column 0 is column n-1).
 * With no selection yet, the cursor appears in the centre cell (where the original put it),
 * whatever the key.
 * @param {{row:number, col:number}|null} sel
 * @param {number} dr
 * @param {number} dc
 * @param {number} n board side
 * @returns {{row:number, col:number}}
 */
export function moveSelection(sel, dr, dc, n) {
  if (!sel) return { row: Math.floor(n / 2), col: Math.floor(n / 2) };
  const wrap = (v) => ((v % n) + n) % n;
  return { row: wrap(sel.row + dr), col: wrap(sel.col + dc) };
}

// Where a key goes (#40): the window-wide key handler is the app's (the board's keys, undo and
// redo), but a key aimed at a form control is the control's.
const PRESSED = new Set(['button', 'submit', 'reset', 'image', 'file', 'color', 'checkbox']);
const RANGE_KEYS = new Set(['Home', 'End', 'PageUp', 'PageDown']);

/**
 * Does the focused control keep this key press (the app then does nothing with it)?
 * - a text field (input of a typing kind, textarea, contenteditable) keeps every key, Ctrl+Z
 *   and Ctrl+Y too: they are its own undo and redo of what is typed;
 * - a <select> keeps every key without Ctrl/Cmd (arrows, type-ahead letters and digits, Enter,
 *   Space): Ctrl+Z / Ctrl+Y stay the app's undo and redo, a select has none of its own;
 * - a slider keeps the arrows, Home, End, PageUp and PageDown; a radio button the arrows and Space;
 * - a button (or checkbox, link) keeps Enter and Space, which press it, when its focus showed
 *   as it came (:focus-visible, as after Tab; watchFocus): one pressed with the pen or the
 *   mouse keeps the focus unseen, and so does the button a closing dialog gives it back to.
 * Every other key is the app's: after a press on the pad its button still has the focus, and
 * the digits and arrows typed next are the board's.
 * @param {{key:string, ctrlKey?:boolean, metaKey?:boolean}} ev KeyboardEvent-like
 * @param {{tag:string, type?:string, editable?:boolean, visible?:boolean}|null} focus the
 *   focused element (focusOf)
 * @returns {boolean}
 */
export function focusKeepsKey(ev, focus) {
  if (!focus || !ev || typeof ev.key !== 'string') return false;
  const tag = String(focus.tag).toUpperCase();
  const type = String(focus.type || '').toLowerCase();
  const key = ev.key;
  const press = Boolean(focus.visible) && (key === 'Enter' || key === ' ');
  if (focus.editable || tag === 'TEXTAREA') return true;
  if (tag === 'SELECT') return !(ev.ctrlKey || ev.metaKey);
  if (tag === 'INPUT') {
    if (type === 'range') return key in ARROWS || RANGE_KEYS.has(key);
    if (type === 'radio') return key in ARROWS || key === ' ';
    if (PRESSED.has(type)) return press;
    return true; // text, number, search, password, email, date…: typed into
  }
  if (tag === 'BUTTON' || tag === 'A' || tag === 'SUMMARY') return press;
  return false;
}

/**
 * The focused element as plain data for focusKeepsKey (null: nothing in particular, the page).
 * @param {Element|null} el document.activeElement
 */
export function focusOf(el) {
  if (!el || !el.tagName) return null;
  return { tag: el.tagName, type: typeof el.type === 'string' ? el.type : '', editable: Boolean(el.isContentEditable), visible: shownFocus.has(el) };
}

// The elements whose focus showed as it came. Read then, not at the key press: Chromium makes
// any focus visible on the first key pressed, so :focus-visible in keydown says nothing about
// where the player aimed.
const shownFocus = new WeakSet();

/** Notes, for focusOf, whether each focus shows as it comes. @param {Document} doc */
export function watchFocus(doc) {
  doc.addEventListener('focusin', (e) => {
    if (matches(e.target, ':focus-visible', false)) shownFocus.add(e.target);
    else shownFocus.delete(e.target);
  }, true);
}

/**
 * Does the app act on this key press? Not while a modal dialog is open (the page under it is
 * out of reach), nor when the focused control keeps it. A non-modal dialog ("Which hand?")
 * blocks nothing: play goes on beside it.
 * @param {KeyboardEvent} ev
 * @param {Document} doc
 */
export function appTakesKey(ev, doc) {
  // An engine without :modal: an open dialog is taken as modal, as before.
  const modal = [...doc.querySelectorAll('dialog[open]')].some((d) => matches(d, ':modal', true));
  return !modal && !focusKeepsKey(ev, focusOf(doc.activeElement));
}

/** el.matches(selector), or `otherwise` in an engine that does not know the selector. */
function matches(el, selector, otherwise) {
  try {
    return typeof el.matches === 'function' ? el.matches(selector) : otherwise;
  } catch {
    return otherwise;
  }
}
