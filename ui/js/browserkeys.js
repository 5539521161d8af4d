// The app is an app, not a web page: the browser's own shortcuts that Inkdoku doesn't use do
// nothing (reload would only show the same game again, but find bars, zoom, history navigation,
// caret browsing and developer tools have no place over a puzzle). Prevented in the capture
// phase, before any handler of ours, and only their default: our handlers still see the keys.
// The app's own Ctrl+P (print), Ctrl+Z/Y and the game keys are never in the list. On Windows the
// shell also turns WebView2's browser accelerator keys off (src-tauri/src/platform/windows.rs).

const RELOAD = new Set(['F5']);
const FIND = new Set(['F3']);
const CARET_BROWSING = 'F7';
const DEVTOOLS = 'F12';
const HISTORY_KEYS = new Set(['BrowserBack', 'BrowserForward', 'BrowserRefresh', 'BrowserSearch', 'BrowserHome', 'BrowserFavorites', 'BrowserStop']);
const ZOOM_KEYS = new Set(['+', '=', '-', '_', '0']);
// With Ctrl (or Cmd): reload, find, find again, view source, save page, open file, new window,
// history, downloads, bookmarks, the address bar.
const CTRL_LETTERS = new Set(['r', 'f', 'g', 'u', 's', 'o', 'n', 'h', 'j', 'd', 'l']);
// With Ctrl+Shift: hard reload, find again backwards, developer tools, inspect, console.
const CTRL_SHIFT_LETTERS = new Set(['r', 'g', 'i', 'j', 'c', 'n', 'o', 'p', 'delete']);

/**
 * Whether the browser's default action of this key press must be prevented.
 * @param {{key: string, code?: string, ctrlKey?: boolean, metaKey?: boolean, shiftKey?: boolean, altKey?: boolean}} ev
 */
export function isBrowserKey(ev) {
  if (!ev || typeof ev.key !== 'string') return false;
  const key = ev.key;
  const ctrl = Boolean(ev.ctrlKey || ev.metaKey);
  if (RELOAD.has(key) || FIND.has(key) || key === CARET_BROWSING || key === DEVTOOLS || HISTORY_KEYS.has(key)) return true;
  // Alt+Left/Right (and Alt+Home): history navigation.
  if (ev.altKey && !ctrl && (key === 'ArrowLeft' || key === 'ArrowRight' || key === 'Home')) return true;
  if (!ctrl || ev.altKey) return false;
  const lower = key.toLowerCase();
  // Zoom: Ctrl with + - 0 on the main keys or the number pad.
  if (ZOOM_KEYS.has(key) || ev.code === 'NumpadAdd' || ev.code === 'NumpadSubtract' || ev.code === 'Numpad0') return true;
  if (ev.shiftKey) return CTRL_SHIFT_LETTERS.has(lower);
  return CTRL_LETTERS.has(lower);
}

/** Mouse buttons 3 and 4 are the back and forward buttons: history navigation. */
export function isHistoryButton(ev) {
  return Boolean(ev) && (ev.button === 3 || ev.button === 4);
}

/** Ctrl+wheel (and a touchpad's pinch, which browsers send as one) zooms the page. */
export function isZoomWheel(ev) {
  return Boolean(ev) && Boolean(ev.ctrlKey || ev.metaKey);
}

/**
 * Wires the guards on a window.
 * @param {Window} win
 * @param {(what: string) => void} [blocked] told of each prevented default (telemetry)
 */
export function guardBrowserKeys(win, blocked = () => {}) {
  const stop = (what) => (ev) => {
    ev.preventDefault();
    blocked(what);
  };
  const onKey = stop('key');
  win.addEventListener('keydown', (ev) => { if (isBrowserKey(ev)) onKey(ev); }, { capture: true });
  const onButton = stop('button');
  for (const type of ['mousedown', 'mouseup', 'auxclick', 'pointerup']) {
    win.addEventListener(type, (ev) => { if (isHistoryButton(ev)) onButton(ev); }, { capture: true });
  }
  const onWheel = stop('wheel');
  win.addEventListener('wheel', (ev) => { if (isZoomWheel(ev)) onWheel(ev); }, { capture: true, passive: false });
}
