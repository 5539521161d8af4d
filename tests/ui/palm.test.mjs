import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PalmFilter } from '../../ui/js/palm.js';

test('pen and mouse are always accepted', () => {
  const f = new PalmFilter();
  f.setPenOnly(true);
  for (const t of [0, 10, 100_000]) {
    assert.equal(f.accept('pen', t), true);
    assert.equal(f.accept('mouse', t), true);
  }
});

test('touch is accepted before any pen has been seen', () => {
  const f = new PalmFilter();
  assert.equal(f.penSeen, false);
  assert.equal(f.accept('touch', 0), true);
  assert.equal(f.accept('touch', 50), true);
  assert.equal(f.penSeen, false, 'touch and mouse do not count as a pen');
  f.accept('mouse', 60);
  assert.equal(f.penSeen, false);
});

test('touch is rejected within the grace period after a pen event, accepted after it', () => {
  const f = new PalmFilter();
  f.accept('pen', 1000);
  assert.equal(f.penSeen, true);
  assert.equal(f.accept('touch', 1000), false);
  assert.equal(f.accept('touch', 2500), false);
  assert.equal(f.accept('touch', 4000), false, 'the grace period includes its end');
  assert.equal(f.accept('touch', 4001), true);
  // More pen activity restarts the grace period.
  f.accept('pen', 10_000);
  assert.equal(f.accept('touch', 12_000), false);
  assert.equal(f.accept('touch', 13_500), true);
  assert.equal(f.penSeen, true, 'penSeen stays true');
});

test('a touch stamped slightly before the pen event is still the palm', () => {
  const f = new PalmFilter();
  f.accept('pen', 5000);
  assert.equal(f.accept('touch', 4990), false);
  // An out-of-order pen event does not move the last pen time backwards.
  f.accept('pen', 100);
  assert.equal(f.accept('touch', 7000), false);
});

test('penGraceMs is configurable', () => {
  const f = new PalmFilter({ penGraceMs: 500 });
  f.accept('pen', 0);
  assert.equal(f.accept('touch', 400), false);
  assert.equal(f.accept('touch', 600), true);
});

test('pen-only rejects every touch until switched off', () => {
  const f = new PalmFilter();
  assert.equal(f.penOnly, false);
  f.setPenOnly(true);
  assert.equal(f.penOnly, true);
  assert.equal(f.accept('touch', 0), false);
  assert.equal(f.accept('touch', 1e9), false);
  f.setPenOnly(false);
  assert.equal(f.accept('touch', 1e9), true);
});

test('unknown pointer types are treated like a mouse', () => {
  const f = new PalmFilter();
  f.setPenOnly(true);
  assert.equal(f.accept('', 0), true);
  assert.equal(f.accept(undefined, 0), true);
  assert.equal(f.penSeen, false);
});
