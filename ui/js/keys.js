// Keyboard mapping, pure (node-tested): KeyboardEvent-like objects -> play actions.
// The README's "How to play": arrows move the selection, digit/letter keys fill, Delete/Backspace clear,
// Ctrl+Z / Ctrl+Y undo and redo. Keys the board does not use map to null, so the browser
// (or the OS) keeps them.

/**
 * @typedef {{type:'move', dr:number, dc:number}
 *   | {type:'symbol', value:number}
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
 * The action for a key press on a board of side n, or null.
 * Symbols: '1'-'9' (value 1-9) and, on 16x16 only, 'a'-'g'/'A'-'G' (10-16); a symbol above n is
 * null. '0', like Delete and Backspace, clears. 'p' toggles pencil mode, 'x' eraser mode, 'm'
 * cycles the selected cell's marking colour and 'h' asks for a hint; none clashes with the
 * 16x16 letters, which stop at G (so the eraser is not E, nor the colour C).
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
    return h ? { type: h } : null;
  }
  if (key in ARROWS) {
    const [dr, dc] = ARROWS[key];
    return { type: 'move', dr, dc };
  }
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
