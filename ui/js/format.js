// Text formats, pure (node-tested).

/** Play time as m:ss, or h:mm:ss from an hour on. */
export function formatTime(ms) {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/**
 * The panel's clock for `elapsedMs` of play: the time played, or with a time limit the time
 * left (rounded up, so 0:00 shows only when it is up). `over`: the limit is reached.
 */
export function clockOf(elapsedMs, limitMs) {
  if (!limitMs) return { text: formatTime(elapsedMs), countdown: false, over: false, lastMinute: false };
  const left = Math.max(0, limitMs - elapsedMs);
  return { text: formatTime(Math.ceil(left / 1000) * 1000), countdown: true, over: left === 0, lastMinute: left <= 60_000 };
}
