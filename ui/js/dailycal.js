// The daily puzzle's calendar, pure (node tests it): dates as `YYYY-MM-DD`, a month laid out
// Monday first, what a day's cell says, dates in the player's language. The dialog is daily.js;
// the levels and what counts as done are the engine's (`daily_calendar`).

const pad = (n, w = 2) => String(n).padStart(w, '0');

/** `YYYY-MM-DD` of a year, month (1-12) and day. */
export const dateOf = (y, m, d) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

/** `{y, m, d}` of a `YYYY-MM-DD`. */
export function partsOf(date) {
  const [y, m, d] = date.split('-').map(Number);
  return { y, m, d };
}

/** The player's date and their clock's minutes east of UTC, from the local clock. */
export function localToday(now = new Date()) {
  return { today: dateOf(now.getFullYear(), now.getMonth() + 1, now.getDate()), offsetMin: -now.getTimezoneOffset() };
}

/** 0 for Monday … 6 for Sunday. */
export function weekdayOf(date) {
  const { y, m, d } = partsOf(date);
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

/** The month `k` months after year `y`, month `m` (1-12): `{y, m}`. */
export function addMonths(y, m, k) {
  const n = y * 12 + (m - 1) + k;
  return { y: Math.floor(n / 12), m: (n % 12) + 1 };
}

/** A month as weeks of seven dates, Monday first; `null` outside the month. */
export function monthWeeks(y, m) {
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const cells = Array(weekdayOf(dateOf(y, m, 1))).fill(null);
  for (let d = 1; d <= days; d++) cells.push(dateOf(y, m, d));
  while (cells.length % 7) cells.push(null);
  const weeks = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/**
 * What the calendar says of `date`: 'future' (not yet), 'done' (won on its day), 'late' (won
 * after it), or 'open' (not won: playable, on time only today).
 * @param {{days: {date: string, on_time: boolean}[]}} calendar the backend's `daily_calendar`
 */
export function dayState(date, calendar, today) {
  if (date > today) return 'future';
  const won = calendar.days.find((x) => x.date === date);
  return won ? (won.on_time ? 'done' : 'late') : 'open';
}

/** The level of `date` from the calendar's week (Monday first). */
export const levelOf = (date, calendar) => calendar.week[weekdayOf(date)];

/** A date in the player's language ("Saturday 5 December 2026", "2026年12月5日星期六"). */
export function dateText(date, lang, options = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }) {
  const { y, m, d } = partsOf(date);
  return new Intl.DateTimeFormat(lang, { ...options, timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** The weekdays' short names, Monday first. */
export function weekdayNames(lang) {
  // 2026-11-30 is a Monday.
  return ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06'].map((d) => dateText(d, lang, { weekday: 'short' }));
}

/** What a day won shows beside its number: a star on time, a tick later (the legend says). */
export const MARKS = { done: '★', late: '✓' };
