import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PalmFilter, PalmGate } from '../../ui/js/palm.js';

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

// The rest of the page (#40 item 7): a palm on the panel presses nothing while the pen is in use.
const ev = (type, pointerType, pointerId, t) => ({ type, pointerType, pointerId, t });

test('PalmGate: a touch while the pen is in use is swallowed, every event of it and its click', () => {
  const g = new PalmGate();
  assert.equal(g.swallow(ev('pointermove', 'pen', 2, 1000)), false, 'the pen hovering (in range) is never swallowed');
  for (const type of ['pointerdown', 'pointermove', 'pointerup']) assert.equal(g.swallow(ev(type, 'touch', 9, 1500)), true, type);
  assert.equal(g.swallow(ev('click', 'touch', 9, 1510)), true, 'the click the palm makes (a pointer-typed click)');
  assert.equal(g.swallow(ev('pointercancel', 'touch', 9, 1600)), false, 'lifted: nothing of it left');
  // Pen and mouse presses go through meanwhile.
  assert.equal(g.swallow(ev('pointerdown', 'pen', 2, 1700)), false);
  assert.equal(g.swallow(ev('click', 'pen', 2, 1720)), false);
  assert.equal(g.swallow(ev('pointerdown', 'mouse', 1, 1800)), false);
  assert.equal(g.swallow(ev('click', 'mouse', 1, 1810)), false);
});

test('PalmGate: a finger is taken when no pen is about, also in pen-only mode (that is the board\'s)', () => {
  const g = new PalmGate();
  assert.equal(g.swallow(ev('pointerdown', 'touch', 5, 0)), false, 'no pen seen yet');
  assert.equal(g.swallow(ev('pointerup', 'touch', 5, 80)), false);
  assert.equal(g.swallow(ev('click', 'touch', 5, 90)), false);
  g.swallow(ev('pointermove', 'pen', 2, 1000));
  assert.equal(g.swallow(ev('pointerdown', 'touch', 6, 4000)), true, 'the grace period includes its end');
  g.swallow(ev('pointerup', 'touch', 6, 4050));
  assert.equal(g.swallow(ev('pointerdown', 'touch', 7, 4001 + 3000)), false, 'long after the pen: a finger');
  assert.equal(g.swallow(ev('pointermove', 'touch', 7, 9000)), false, 'a touch taken at its down stays taken');
});

test('PalmGate: a touch that went down before the pen came is not cut off', () => {
  const g = new PalmGate();
  assert.equal(g.swallow(ev('pointerdown', 'touch', 5, 0)), false);
  g.swallow(ev('pointerdown', 'pen', 2, 100));
  assert.equal(g.swallow(ev('pointerup', 'touch', 5, 200)), false);
  assert.equal(g.swallow(ev('click', 'touch', 5, 210)), false);
});

test('PalmGate: a click without a pointer type (a MouseEvent click) just after a palm lifts is the palm\'s', () => {
  const g = new PalmGate({ penGraceMs: 1000 });
  g.swallow(ev('pointermove', 'pen', 2, 0));
  g.swallow(ev('pointerdown', 'touch', 9, 100));
  g.swallow(ev('pointerup', 'touch', 9, 300));
  assert.equal(g.swallow(ev('click', undefined, undefined, 310)), true);
  assert.equal(g.swallow(ev('click', 'touch', 4, 320)), false, 'another touch\'s click is not');
  assert.equal(g.swallow(ev('click', undefined, undefined, 2000)), false, 'long after: a click of its own');
});
