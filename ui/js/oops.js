// A script error in the view: written to the backend's log (log_frontend_error) and told to the
// player in one calm sentence that blocks nothing. The backend saves the game after every move,
// so what the player did is safe whatever broke here; play goes on.

import { t } from './i18n.js';
import { call } from './backend.js';
import { toast } from './status.js';

// An error in a redraw repeats at every frame: tell the player once in a while, log a bounded
// number (the first ones say what broke).
const TELL_EVERY_MS = 15000;
const MAX_LOGGED = 50;

let lastTold = -Infinity;
let logged = 0;

/** Logs one error and, unless told a moment ago, shows the calm message. */
export function reportError(message, source, line) {
  if (logged < MAX_LOGGED) {
    logged++;
    call('log_frontend_error', { message: String(message).slice(0, 2000), source: source || null, line: Number.isInteger(line) && line >= 0 ? line : null }).catch(() => {});
  }
  const now = performance.now();
  if (now - lastTold >= TELL_EVERY_MS) {
    lastTold = now;
    toast(t('oops.calm'), 6000);
  }
}

/** Reports the page's uncaught errors and unhandled promise rejections. */
export function watchErrors(target = window) {
  target.addEventListener('error', (e) => {
    // A resource that failed to load (an <img>) also fires 'error' here, without a message.
    if (!e.message && !e.error) return;
    reportError(e.message || String(e.error), e.filename, e.lineno);
  });
  target.addEventListener('unhandledrejection', (e) => {
    const r = e.reason;
    reportError(r && r.message ? r.message : String(r), r && r.stack ? String(r.stack).split('\n')[1] : null);
  });
}
