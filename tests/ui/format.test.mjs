import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatTime } from '../../ui/js/format.js';

test('play time reads m:ss, and h:mm:ss from an hour on', () => {
  assert.equal(formatTime(0), '0:00');
  assert.equal(formatTime(999), '0:00');
  assert.equal(formatTime(61_000), '1:01');
  assert.equal(formatTime(59 * 60_000 + 59_999), '59:59');
  assert.equal(formatTime(3_600_000), '1:00:00');
  assert.equal(formatTime(3_600_000 + 5 * 60_000 + 7_000), '1:05:07');
});
