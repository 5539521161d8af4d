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

export async function call(command, args = {}) {
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
