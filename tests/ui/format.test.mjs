import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatTime, clockOf } from '../../ui/js/format.js';

test('play time reads m:ss, and h:mm:ss from an hour on', () => {
  assert.equal(formatTime(0), '0:00');
  assert.equal(formatTime(999), '0:00');
  assert.equal(formatTime(61_000), '1:01');
  assert.equal(formatTime(59 * 60_000 + 59_999), '59:59');
  assert.equal(formatTime(3_600_000), '1:00:00');
  assert.equal(formatTime(3_600_000 + 5 * 60_000 + 7_000), '1:05:07');
});

test('with a time limit the clock counts down, and says when the time is up', () => {
  assert.deepEqual(clockOf(61_500, null), { text: '1:01', countdown: false, over: false, lastMinute: false });
  assert.deepEqual(clockOf(0, 600_000), { text: '10:00', countdown: true, over: false, lastMinute: false });
  assert.equal(clockOf(500, 600_000).text, '10:00', 'rounded up: a second just begun still shows');
  assert.equal(clockOf(599_001, 600_000).text, '0:01');
  assert.equal(clockOf(545_000, 600_000).lastMinute, true);
  assert.deepEqual(clockOf(600_000, 600_000), { text: '0:00', countdown: true, over: true, lastMinute: true });
  assert.equal(clockOf(900_000, 600_000).text, '0:00', 'never below zero');
});
