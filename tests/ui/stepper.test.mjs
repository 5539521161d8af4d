// "Solve step by step"'s pace (ui/js/stepper.js) with a fake clock and fake steps.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createStepper, SPEEDS } from '../../ui/js/stepper.js';

/** A stepper whose steps count up to `total` (then done) and whose timer is a list we fire. */
function rig(total = 5) {
  const timers = [];
  const seen = [];
  let made = 0;
  const s = createStepper({
    step: async () => {
      made++;
      return { done: made > total };
    },
    later: (f, ms) => { const h = { f, ms }; timers.push(h); return h; },
    cancel: (h) => { const i = timers.indexOf(h); if (i >= 0) timers.splice(i, 1); },
    changed: (st) => seen.push(st),
  });
  const fire = async () => { const h = timers.shift(); assert.ok(h, 'a step is waiting'); h.f(); await Promise.resolve(); await Promise.resolve(); };
  return { s, timers, seen, fire, made: () => made };
}

test('start makes a step at once, then one after each pause, until nothing is left', async () => {
  const r = rig(3);
  await r.s.start();
  assert.equal(r.made(), 1);
  assert.equal(r.s.state, 'playing');
  assert.equal(r.timers.length, 1);
  assert.equal(r.timers[0].ms, SPEEDS.normal);
  await r.fire();
  await r.fire();
  assert.equal(r.made(), 3);
  await r.fire(); // the fourth asks and hears "done"
  assert.equal(r.s.state, 'off');
  assert.equal(r.timers.length, 0);
  assert.deepEqual(r.seen, ['playing', 'off']);
});

test('pause stops the clock; one step steps once and stays paused; play goes on', async () => {
  const r = rig(10);
  await r.s.start();
  r.s.pause();
  assert.equal(r.s.state, 'paused');
  assert.equal(r.timers.length, 0, 'no step is waiting while paused');
  await r.s.once();
  assert.equal(r.made(), 2);
  assert.equal(r.s.state, 'paused');
  assert.equal(r.timers.length, 0);
  await r.s.play();
  assert.equal(r.made(), 3);
  assert.equal(r.timers.length, 1);
});

test('a move of the player pauses the steps; stop closes them', async () => {
  const r = rig(10);
  await r.s.start();
  r.s.interrupted();
  assert.equal(r.s.state, 'paused');
  r.s.interrupted();
  assert.equal(r.s.state, 'paused');
  r.s.stop();
  assert.equal(r.s.state, 'off');
  assert.equal(r.timers.length, 0);
});

test('a new speed sets the pause before the next step', async () => {
  const r = rig(10);
  await r.s.start();
  r.s.setSpeed('fast');
  assert.equal(r.timers.length, 1);
  assert.equal(r.timers[0].ms, SPEEDS.fast);
  r.s.setSpeed('warp');
  assert.equal(r.s.speed, 'fast', 'an unknown speed changes nothing');
});

test('a step in flight is not asked twice', async () => {
  let release;
  let calls = 0;
  const s = createStepper({
    step: () => { calls++; return new Promise((res) => { release = res; }); },
    later: () => ({}),
    cancel: () => {},
  });
  const first = s.start();
  s.once();
  s.play();
  assert.equal(calls, 1);
  release({ done: false });
  await first;
  assert.equal(s.busy, false);
});

test('a failed step ends the steps', async () => {
  const s = createStepper({ step: async () => { throw new Error('no'); }, later: () => ({}), cancel: () => {} });
  await assert.rejects(s.start());
  assert.equal(s.state, 'off');
});
