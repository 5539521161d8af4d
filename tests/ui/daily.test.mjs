// The daily puzzle's calendar (ui/js/dailycal.js): a month laid out Monday first, what a day
// says, dates in both languages. The dialog itself is tested in Chromium (tests/pen/daily).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dateOf, partsOf, localToday, weekdayOf, addMonths, monthWeeks, dayState, levelOf, dateText, weekdayNames } from '../../ui/js/dailycal.js';

test('a month is laid out in weeks from Monday, blank outside it', () => {
  const dec = monthWeeks(2026, 12);
  assert.equal(dec.length, 5);
  assert.deepEqual(dec[0], [null, '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06']);
  assert.deepEqual(dec[4], ['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', null, null, null]);
  // A leap February starting on a Tuesday; a February of four whole weeks from Monday.
  assert.equal(monthWeeks(2028, 2).flat().filter(Boolean).length, 29);
  assert.deepEqual(monthWeeks(2027, 2).map((w) => w.filter(Boolean).length), [7, 7, 7, 7]);
  for (const w of monthWeeks(2030, 6)) assert.equal(w.length, 7);
});

test('weekdays, months and dates are counted as the calendar does', () => {
  assert.equal(weekdayOf('2026-11-30'), 0, 'a Monday');
  assert.equal(weekdayOf('2026-12-06'), 6, 'a Sunday');
  assert.equal(weekdayOf('2000-01-01'), 5, 'a Saturday');
  assert.deepEqual(addMonths(2026, 12, 1), { y: 2027, m: 1 });
  assert.deepEqual(addMonths(2026, 1, -1), { y: 2025, m: 12 });
  assert.deepEqual(addMonths(2026, 5, -17), { y: 2024, m: 12 });
  assert.equal(dateOf(2026, 3, 7), '2026-03-07');
  assert.deepEqual(partsOf('2026-03-07'), { y: 2026, m: 3, d: 7 });
});

test("today is the local clock's date and its offset east of UTC", () => {
  const now = new Date(2026, 11, 5, 23, 59);
  const { today, offsetMin } = localToday(now);
  assert.equal(today, '2026-12-05');
  assert.equal(offsetMin, -now.getTimezoneOffset());
});

test("a day says whether it was won on time, later, not yet, or can't be played yet", () => {
  const cal = { days: [{ date: '2026-12-02', on_time: true }, { date: '2026-12-03', on_time: false }], week: ['easy', 'easy', 'medium', 'medium', 'hard', 'hard', 'expert'] };
  const today = '2026-12-05';
  assert.equal(dayState('2026-12-02', cal, today), 'done');
  assert.equal(dayState('2026-12-03', cal, today), 'late');
  assert.equal(dayState('2026-12-04', cal, today), 'open');
  assert.equal(dayState('2026-12-05', cal, today), 'open');
  assert.equal(dayState('2026-12-06', cal, today), 'future');
  assert.equal(levelOf('2026-12-05', cal), 'hard');
  assert.equal(levelOf('2026-12-06', cal), 'expert');
  assert.equal(levelOf('2026-11-30', cal), 'easy');
});

test('dates and weekdays are said in English and Chinese', () => {
  assert.equal(dateText('2026-12-05', 'en'), 'Saturday, December 5, 2026');
  assert.equal(dateText('2026-12-05', 'zh-CN'), '2026年12月5日星期六');
  assert.deepEqual(weekdayNames('en'), ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
  assert.deepEqual(weekdayNames('zh-CN'), ['周一', '周二', '周三', '周四', '周五', '周六', '周日']);
});
