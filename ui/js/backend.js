// The one module that talks to the backend. Two transports, one list of commands:
// - inside the app, Tauri IPC (window.__TAURI_INTERNALS__.invoke, which is what @tauri-apps/api's
//   invoke() wraps; it exists with withGlobalTauri off, so no bundler or vendored package is needed);
// - under the development bridge (inkdoku-devserver, used by the Chromium pen tests), HTTP POST
//   /ipc/<command> on the same origin, answered by the very same Rust dispatcher.
// Either way a failure is thrown as a BackendError carrying the backend's {kind, message}.

export class BackendError extends Error {
  constructor(kind, message, detail = null) {
    super(message);
    this.kind = kind;
    /** Structured detail ({key, ...args}) the view can phrase in the player's language. */
    this.detail = detail;
  }
}

function toBackendError(e) {
  if (e instanceof BackendError) return e;
  if (e && typeof e === 'object' && typeof e.kind === 'string') return new BackendError(e.kind, String(e.message), e.detail && typeof e.detail === 'object' ? e.detail : null);
  return new BackendError('transport', typeof e === 'string' ? e : (e && e.message) || 'The backend did not answer.');
}

export function transportName() {
  return globalThis.__TAURI_INTERNALS__ ? 'tauri' : 'http';
}

// The commands that change the game in play (src-tauri commands/in_play.rs AIMED). Each is
// sent with the game it is meant for, the one the view shows: one sent just before another game
// landed (a finished generation, a game opened) is refused with `other_game`, never applied to
// the new one.
export const AIMED = new Set(['act', 'undo', 'redo', 'write_cell', 'choose_alternative', 'read_marks', 'choose_mark', 'set_input_mode', 'set_time_limit', 'hint', 'solve_step', 'start_entered', 'mark_position', 'back_to_mark', 'last_correct', 'back_to_last_correct']);
let aim = null;

/** The game the view now shows (its view's `game_id`): what every aimed command is meant for. */
export function aimAt(gameId) {
  aim = typeof gameId === 'number' ? gameId : null;
}

/** A refusal that needs no word to the player: the command was for a game no longer shown. */
export const isQuiet = (e) => Boolean(e) && e.kind === 'other_game';

export async function call(command, args = {}) {
  if (aim !== null && AIMED.has(command) && (args || {}).game_id === undefined) args = { ...args, game_id: aim };
  const internals = globalThis.__TAURI_INTERNALS__;
  try {
    if (internals) return await internals.invoke(command, args);
    const res = await fetch(`/ipc/${encodeURIComponent(command)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
    const body = await res.json();
    if (!res.ok) throw toBackendError(body);
    return body;
  } catch (e) {
    throw toBackendError(e);
  }
}
