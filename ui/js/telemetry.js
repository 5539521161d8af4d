// Measurements the page publishes for tests and the latency benchmark (window.__inkdoku), kept
// apart from the UI's own state: nothing reads them to decide anything.

export const telemetry = {
  lastPointer: null, // the last pointer that went down on the board: {type, pressure, buttons, button, x, y}
  lastWrite: null, // the last pen write: {cell, outcome}
  drawCount: 0, // board redraws
  panelShown: false, // start-up has shown the panel, a frame after the first board (tests wait for it)
  renderedFor: '', // the viewport the last layout was computed for: 'WxH' in CSS px (tests wait for it)
  writes: 0, // pen writes answered (or failed)
  latency: [], // ms from group commit to typed symbol drawn (last 500)
  inkLatency: [], // ms from a pointer event's timestamp to its ink drawn (last 500)
  inkDraw: [], // ms spent drawing one pointer event's ink inside its handler (last 500)
  staleDropped: 0, // replies dropped because a newer view was already shown
  resumedAfterReload: false, // start-up found a game in play and showed it
  palmsIgnored: 0, // touches the page ignored as the writing hand's palm (pointer.js guardPalms)
  browserKeysBlocked: 0, // browser shortcuts (reload, find, zoom, history…) whose default was prevented
};

/** Appends a measurement to one of the lists, keeping the last 500. */
export function record(list, ms) {
  list.push(ms);
  if (list.length > 500) list.shift();
}
