import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InputMachine } from '../../ui/js/input.js';
import { TAP_FRACTION } from '../../ui/js/strokes.js';

// A consumer like the app: applies live-ink events to a set of ids on screen, removes an event's
// handed-over ink once it has "handled" it, and keeps the other events.
function consumer(m) {
  const shown = new Set();
  const got = [];
  const feed = (events) => {
    for (const e of events) {
      if (e.type === 'live') {
        if (e.op === 'begin') {
          assert.ok(!shown.has(e.id), 'ids are fresh');
          shown.add(e.id);
        } else if (e.op === 'extend') assert.ok(shown.has(e.id), `extend of ink ${e.id} on screen`);
        else for (const id of e.ids) shown.delete(id);
      } else {
        got.push(e);
        for (const id of e.inkIds || []) {
          assert.ok(shown.has(id), `handed-over ink ${id} is on screen`);
          shown.delete(id);
        }
      }
    }
    return events;
  };
  return { shown, got, feed, kinds: () => got.map((e) => e.type) };
}

const N = 9;
// A point in cell (row, col) at fractions (fx, fy) of it, at time t.
const at = (row, col, t, fx = 0.5, fy = 0.5) => ({ x: (col + fx) / N, y: (row + fy) / N, t, p: 0.5 });
const pen = { pointerId: 1, pointerType: 'pen', button: 0, buttons: 1 };
const finger = { pointerId: 7, pointerType: 'touch', button: 0, buttons: 1 };
const mouse = { pointerId: 3, pointerType: 'mouse', button: 0, buttons: 1 };
const eraser = { pointerId: 1, pointerType: 'pen', button: 5, buttons: 32 };

// One stroke down the middle of a cell (a "1"), from t0, 10 ms per sample.
function bar(m, c, who, row, col, t0, mode = 'write') {
  c.feed(m.down({ ...who, point: at(row, col, t0, 0.5, 0.15), mode }));
  c.feed(m.move({ ...who, points: [at(row, col, t0 + 10, 0.5, 0.5)] }));
  c.feed(m.up({ ...who, point: at(row, col, t0 + 20, 0.5, 0.85) }));
  return t0 + 20;
}

test('tldraw: a touch that lands before the pen is interrupted by the pen: no write, no tap, no ink left', () => {
  for (const mode of ['write', 'note']) {
    const m = new InputMachine({ n: N });
    const c = consumer(m);
    // The palm lands and drags a little: live ink under it.
    c.feed(m.down({ ...finger, point: at(4, 4, 0), mode }));
    c.feed(m.move({ ...finger, points: [at(4, 4, 10, 0.6, 0.6), at(4, 4, 20, 0.7, 0.7)] }));
    assert.equal(m.state, mode === 'write' ? 'writing' : 'noting');
    assert.equal(c.shown.size, 1, 'the palm drew ink');
    // The pen goes down elsewhere: the palm's stroke is cancelled and its ink removed at once.
    const events = c.feed(m.down({ ...pen, point: at(0, 0, 30, 0.5, 0.5), mode: 'write' }));
    assert.deepEqual(events.filter((e) => e.type !== 'live'), [], 'nothing but ink changes');
    assert.equal(m.state, 'writing');
    assert.equal(m.activePointer, pen.pointerId);
    assert.equal(c.shown.size, 1, 'only the pen\'s own ink is on screen');
    // The palm keeps moving and lifts: ignored.
    assert.deepEqual(m.move({ ...finger, points: [at(4, 4, 40, 0.8, 0.8)] }), []);
    assert.deepEqual(m.up({ ...finger, point: at(4, 4, 50, 0.8, 0.8) }), []);
    // The pen writes a "1" in (0, 0) and pauses.
    c.feed(m.move({ ...pen, points: [at(0, 0, 40, 0.5, 0.2)] }));
    c.feed(m.up({ ...pen, point: at(0, 0, 50, 0.5, 0.85) }));
    c.feed(m.tick(600));
    assert.deepEqual(c.kinds(), ['ink'], 'one write, no tap, no note');
    assert.deepEqual(c.got[0].cell, { row: 0, col: 0 });
    assert.equal(c.got[0].strokes.length, 1);
    assert.ok(c.got[0].strokes[0].every((p) => p.x < 1 / N), 'the palm\'s samples are not in the digit');
    assert.equal(c.shown.size, 0, 'no leftover live ink');
    assert.deepEqual(m.liveInk, []);
    assert.equal(m.state, 'idle');
  }
});

test('a palm tap that lands before the pen does not become a tap or a selection', () => {
  const m = new InputMachine({ n: N });
  const c = consumer(m);
  c.feed(m.down({ ...finger, point: at(5, 5, 0), mode: 'write' })); // would be a tap on (5, 5)
  c.feed(m.down({ ...pen, point: at(1, 1, 20), mode: 'write' }));
  c.feed(m.up({ ...finger, point: at(5, 5, 30) }));
  c.feed(m.up({ ...pen, point: at(1, 1, 40) })); // a pen tap
  assert.deepEqual(c.got, [{ type: 'tap', cell: { row: 1, col: 1 } }], 'only the pen\'s tap');
  assert.equal(c.shown.size, 0);
});

test('a palm stroke in a group of finger strokes takes its group with it', () => {
  const m = new InputMachine({ n: N });
  const c = consumer(m);
  bar(m, c, finger, 2, 2, 0); // a finger writes a stroke, the group stays open
  c.feed(m.down({ ...finger, point: at(2, 2, 100, 0.3, 0.3), mode: 'write' })); // joins it
  c.feed(m.down({ ...pen, point: at(6, 6, 150), mode: 'write' }));
  assert.equal(c.shown.size, 1, 'the finger group\'s ink is gone, the pen\'s is there');
  c.feed(m.up({ ...pen, point: at(6, 6, 160) }));
  c.feed(m.tick(5000));
  assert.deepEqual(c.kinds(), ['tap']);
  assert.equal(c.shown.size, 0);
});

test('a pen going down does not interrupt a mouse, and a second finger does not interrupt anything', () => {
  const m = new InputMachine({ n: N });
  const c = consumer(m);
  c.feed(m.down({ ...mouse, point: at(3, 3, 0, 0.5, 0.1), mode: 'write' }));
  c.feed(m.down({ ...pen, point: at(0, 0, 10), mode: 'write' }));
  c.feed(m.down({ ...finger, point: at(8, 8, 20), mode: 'write' }));
  assert.equal(m.activePointer, mouse.pointerId);
  c.feed(m.up({ ...pen, point: at(0, 0, 30) }));
  c.feed(m.move({ ...mouse, points: [at(3, 3, 30, 0.5, 0.9)] }));
  c.feed(m.up({ ...mouse, point: at(3, 3, 40, 0.5, 0.9) }));
  c.feed(m.tick(1000));
  assert.deepEqual(c.kinds(), ['ink']);
  assert.deepEqual(c.got[0].cell, { row: 3, col: 3 });
  assert.equal(c.shown.size, 0);
});

test('a touch going down while a pen writes is ignored', () => {
  const m = new InputMachine({ n: N });
  const c = consumer(m);
  c.feed(m.down({ ...pen, point: at(0, 0, 0, 0.5, 0.1), mode: 'write' }));
  assert.deepEqual(m.down({ ...finger, point: at(5, 5, 5000), mode: 'write' }), []);
  c.feed(m.up({ ...pen, point: at(0, 0, 5010, 0.5, 0.9) }));
  c.feed(m.tick(6000));
  assert.deepEqual(c.kinds(), ['ink']);
});

test('palm rejection: touch is ignored while the pen is in use and in pen-only mode', () => {
  const m = new InputMachine({ n: N });
  const c = consumer(m);
  assert.equal(m.penSeen, false);
  c.feed(m.move({ ...pen, buttons: 0, points: [at(0, 0, 100)] })); // hovering
  assert.equal(m.penSeen, true);
  assert.deepEqual(m.down({ ...finger, point: at(4, 4, 200), mode: 'write' }), []);
  assert.equal(m.state, 'idle');
  c.feed(m.down({ ...finger, point: at(4, 4, 5000), mode: 'write' })); // long after the pen
  assert.equal(m.state, 'writing');
  c.feed(m.up({ ...finger, point: at(4, 4, 5010) }));
  assert.deepEqual(c.kinds(), ['tap']);
  m.setPenOnly(true);
  assert.deepEqual(m.down({ ...finger, point: at(4, 4, 60000), mode: 'write' }), []);
  assert.equal(m.state, 'idle');
  assert.equal(c.shown.size, 0);
});

test('a pen moving while it writes keeps the palm rejected, however long the stroke', () => {
  const m = new InputMachine({ n: N, penGraceMs: 1000 });
  const c = consumer(m);
  c.feed(m.down({ ...pen, point: at(0, 0, 0, 0.5, 0.1), mode: 'write' }));
  c.feed(m.move({ ...pen, points: [at(0, 0, 4000, 0.5, 0.5)] }));
  c.feed(m.up({ ...pen, point: at(0, 0, 4500, 0.5, 0.9) }));
  assert.deepEqual(m.down({ ...finger, point: at(4, 4, 4600), mode: 'write' }), []);
});

test('a tiny stroke is a tap (pen or finger), at the shared threshold', () => {
  for (const who of [pen, finger, mouse]) {
    const m = new InputMachine({ n: N });
    const c = consumer(m);
    const just = (TAP_FRACTION * 0.9) / N;
    c.feed(m.down({ ...who, point: at(2, 7, 0), mode: 'write' }));
    c.feed(m.move({ ...who, points: [{ ...at(2, 7, 10), x: at(2, 7, 10).x + just }] }));
    c.feed(m.up({ ...who, point: { ...at(2, 7, 20), x: at(2, 7, 10).x + just } }));
    assert.deepEqual(c.got, [{ type: 'tap', cell: { row: 2, col: 7 } }], who.pointerType);
    assert.equal(c.shown.size, 0, 'the tap leaves no ink');
    // Just over the threshold: writing.
    const over = (TAP_FRACTION * 1.1) / N;
    c.feed(m.down({ ...who, point: at(2, 7, 100), mode: 'write' }));
    c.feed(m.up({ ...who, point: { ...at(2, 7, 110), x: at(2, 7, 110).x + over } }));
    c.feed(m.tick(1000));
    assert.deepEqual(c.kinds(), ['tap', 'ink'], who.pointerType);
  }
});

test('a tiny pencil dot is a tap on the cell, not a note; a real pencil stroke is a note', () => {
  const m = new InputMachine({ n: N });
  const c = consumer(m);
  c.feed(m.down({ ...pen, point: at(6, 1, 0), mode: 'note' }));
  assert.equal(m.state, 'noting');
  c.feed(m.up({ ...pen, point: at(6, 1, 10) }));
  assert.deepEqual(c.got, [{ type: 'tap', cell: { row: 6, col: 1 } }]);
  assert.equal(c.shown.size, 0);
  c.feed(m.down({ ...pen, point: { x: 0.1, y: 0.1, t: 100 }, mode: 'note' }));
  c.feed(m.move({ ...pen, points: [{ x: 0.2, y: 0.1, t: 110 }, { x: 0.3, y: 0.12, t: 120 }] }));
  assert.equal(c.shown.size, 1, 'the note is drawn live');
  c.feed(m.up({ ...pen, point: { x: 0.3, y: 0.12, t: 130 } }));
  assert.equal(c.got[1].type, 'note');
  assert.deepEqual(c.got[1].points, [[0.1, 0.1], [0.2, 0.1], [0.3, 0.12]]);
  assert.equal(c.shown.size, 0, 'the consumer removed the handed-over ink');
  assert.deepEqual(m.liveInk, []);
});

test('a pencil dot off the board is nothing', () => {
  const m = new InputMachine({ n: N });
  const c = consumer(m);
  c.feed(m.down({ ...pen, point: { x: 1, y: 0.5, t: 0 }, mode: 'note' }));
  c.feed(m.up({ ...pen, point: { x: 1, y: 0.5, t: 5 } }));
  assert.deepEqual(c.got, []);
  assert.equal(c.shown.size, 0);
});

test('a group commits on the pause, on touching down in another cell, and on hovering over another cell', () => {
  const m = new InputMachine({ n: N });
  const c = consumer(m);
  let t = bar(m, c, pen, 0, 0, 0);
  assert.deepEqual(c.feed(m.tick(t + 499)), []);
  c.feed(m.tick(t + 500));
  assert.deepEqual(c.kinds(), ['ink']);
  t = bar(m, c, pen, 1, 1, 1000);
  const shownBefore = c.shown.size;
  assert.equal(shownBefore, 1);
  t = bar(m, c, pen, 5, 5, t + 100); // another cell: the first group commits at its down
  assert.deepEqual(c.kinds(), ['ink', 'ink']);
  assert.deepEqual(c.got[1].cell, { row: 1, col: 1 });
  assert.equal(c.shown.size, 1, 'only the new stroke\'s ink is left');
  c.feed(m.move({ ...pen, buttons: 0, points: [at(5, 5, t + 10)] })); // hovering over its own cell
  assert.equal(c.got.length, 2);
  c.feed(m.move({ ...pen, buttons: 0, points: [at(8, 0, t + 20)] })); // over another cell
  assert.deepEqual(c.kinds(), ['ink', 'ink', 'ink']);
  assert.deepEqual(c.got[2].cell, { row: 5, col: 5 });
  assert.equal(c.shown.size, 0);
});

test('several strokes in one cell are one group, with all their ink handed over', () => {
  const m = new InputMachine({ n: N });
  const c = consumer(m);
  let t = bar(m, c, pen, 4, 4, 0);
  t = bar(m, c, pen, 4, 4, t + 300);
  assert.equal(c.shown.size, 2);
  c.feed(m.tick(t + 500));
  assert.equal(c.got.length, 1);
  assert.equal(c.got[0].strokes.length, 2);
  assert.equal(c.got[0].inkIds.length, 2);
  assert.equal(c.shown.size, 0);
});

test('the eraser end erases in any mode; its ink goes when it lifts', () => {
  for (const mode of ['write', 'note']) {
    const m = new InputMachine({ n: N });
    const c = consumer(m);
    c.feed(m.down({ ...eraser, point: { x: 0.1, y: 0.5, t: 0 }, mode }));
    assert.equal(m.state, 'erasing');
    c.feed(m.move({ ...eraser, points: [{ x: 0.5, y: 0.5, t: 10 }, { x: 0.9, y: 0.5, t: 20 }] }));
    assert.equal(c.shown.size, 1);
    c.feed(m.up({ ...eraser, buttons: 0, point: { x: 0.9, y: 0.5, t: 30 } }));
    assert.deepEqual(c.kinds(), ['erase']);
    assert.deepEqual(c.got[0].points.map((p) => p.x), [0.1, 0.5, 0.9]);
    assert.equal(c.shown.size, 0);
    assert.equal(m.state, 'idle');
  }
});

test('in tap mode the eraser end taps and drags, and its events say it was the eraser', () => {
  const m = new InputMachine({ n: N });
  const c = consumer(m);
  c.feed(m.down({ ...eraser, point: { x: 0.1, y: 0.5, t: 0 }, mode: 'tap' }));
  assert.equal(m.state, 'touching');
  c.feed(m.move({ ...eraser, points: [{ x: 0.5, y: 0.5, t: 10 }] }));
  c.feed(m.up({ ...eraser, buttons: 0, point: { x: 0.9, y: 0.5, t: 30 } }));
  const drag = c.got.find((e) => e.type === 'drag');
  assert.equal(drag.eraser, true);
  c.feed(m.down({ ...eraser, point: { x: 0.1, y: 0.1, t: 100 }, mode: 'tap' }));
  c.feed(m.up({ ...eraser, buttons: 0, point: { x: 0.1, y: 0.1, t: 110 } }));
  assert.equal(c.got.at(-1).type, 'tap');
  assert.equal(c.got.at(-1).eraser, true);
  // The nib's taps carry no such flag.
  c.feed(m.down({ ...pen, point: { x: 0.1, y: 0.1, t: 200 }, mode: 'tap' }));
  c.feed(m.up({ ...pen, buttons: 0, point: { x: 0.1, y: 0.1, t: 210 } }));
  assert.equal(c.got.at(-1).eraser, undefined);
});

test('an eraser stroke does not touch the open writing group', () => {
  const m = new InputMachine({ n: N });
  const c = consumer(m);
  const t = bar(m, c, pen, 0, 0, 0);
  c.feed(m.down({ ...eraser, point: at(0, 0, t + 50), mode: 'write' }));
  c.feed(m.up({ ...eraser, point: at(0, 0, t + 60) }));
  c.feed(m.tick(t + 500));
  assert.deepEqual(c.kinds(), ['erase', 'ink']);
  assert.equal(c.shown.size, 0);
});

test('pointercancel drops the stroke, its group and their ink', () => {
  const m = new InputMachine({ n: N });
  const c = consumer(m);
  const t = bar(m, c, pen, 3, 3, 0);
  c.feed(m.down({ ...pen, point: at(3, 3, t + 100, 0.2, 0.5), mode: 'write' }));
  c.feed(m.move({ ...pen, points: [at(3, 3, t + 110, 0.8, 0.5)] }));
  assert.equal(c.shown.size, 2);
  c.feed(m.cancel({ ...pen }));
  assert.equal(c.shown.size, 0);
  c.feed(m.tick(t + 5000));
  assert.deepEqual(c.got, []);
  // A cancelled pencil stroke leaves nothing either.
  c.feed(m.down({ ...pen, point: at(3, 3, 9000, 0.2, 0.5), mode: 'note' }));
  c.feed(m.move({ ...pen, points: [at(3, 3, 9010, 0.8, 0.5)] }));
  c.feed(m.cancel({ pointerId: 99 })); // another pointer: nothing
  assert.equal(c.shown.size, 1);
  c.feed(m.cancel({ ...pen }));
  assert.equal(c.shown.size, 0);
  assert.deepEqual(c.got, []);
});

test('a stroke whose up is lost (the window lost the focus: cancel() without a pointer) is dropped, and the board takes the next pointer', () => {
  const m = new InputMachine({ n: N });
  const c = consumer(m);
  c.feed(m.down({ ...pen, point: at(2, 2, 0, 0.5, 0.2), mode: 'write' }));
  c.feed(m.move({ ...pen, points: [at(2, 2, 10, 0.5, 0.6)] }));
  assert.equal(m.state, 'writing');
  // Before: another pointer's press is ignored while the stroke waits for its up.
  c.feed(m.cancel());
  assert.equal(m.state, 'idle');
  assert.equal(c.shown.size, 0, 'its ink is gone');
  c.feed(m.tick(5000));
  assert.deepEqual(c.got, [], 'nothing committed');
  // The mouse now acts on the board (a tap selects a cell).
  c.feed(m.down({ ...mouse, point: at(5, 5, 6000), mode: 'write' }));
  c.feed(m.up({ ...mouse, point: at(5, 5, 6010) }));
  c.feed(m.tick(7000));
  assert.deepEqual(c.got, [{ type: 'tap', cell: { row: 5, col: 5 } }]);
  assert.deepEqual(m.cancel(), [], 'nothing in progress: nothing to drop');
});

test('a down without an up (lost pointerup) ends the previous stroke first', () => {
  const m = new InputMachine({ n: N });
  const c = consumer(m);
  c.feed(m.down({ ...pen, point: at(0, 0, 0, 0.5, 0.1), mode: 'write' }));
  c.feed(m.move({ ...pen, points: [at(0, 0, 10, 0.5, 0.9)] }));
  c.feed(m.down({ ...pen, point: at(7, 7, 100, 0.5, 0.1), mode: 'write' }));
  assert.deepEqual(c.kinds(), ['ink']);
  assert.deepEqual(c.got[0].cell, { row: 0, col: 0 });
  c.feed(m.up({ ...pen, point: at(7, 7, 110, 0.5, 0.9) }));
  c.feed(m.tick(1000));
  assert.deepEqual(c.kinds(), ['ink', 'ink']);
  assert.equal(c.shown.size, 0);
});

test('flush commits the open group at once, even mid-stroke, and the rest of that stroke draws nothing', () => {
  const m = new InputMachine({ n: N });
  const c = consumer(m);
  c.feed(m.down({ ...pen, point: at(2, 2, 0, 0.5, 0.1), mode: 'write' }));
  c.feed(m.move({ ...pen, points: [at(2, 2, 10, 0.5, 0.9)] }));
  c.feed(m.flush());
  assert.deepEqual(c.kinds(), ['ink']);
  assert.equal(m.state, 'idle');
  assert.deepEqual(m.move({ ...pen, points: [at(2, 2, 20, 0.6, 0.9)] }), []);
  assert.deepEqual(m.up({ ...pen, point: at(2, 2, 30, 0.6, 0.9) }), []);
  assert.equal(c.shown.size, 0);
  assert.deepEqual(m.flush(), [], 'nothing left to flush');
});

test('a stroke starting off the board draws nothing and writes nothing', () => {
  const m = new InputMachine({ n: N });
  const c = consumer(m);
  c.feed(m.down({ ...pen, point: { x: -0.01, y: 0.5, t: 0 }, mode: 'write' }));
  c.feed(m.move({ ...pen, points: [{ x: 0.2, y: 0.5, t: 10 }] }));
  c.feed(m.up({ ...pen, point: { x: 0.3, y: 0.5, t: 20 } }));
  c.feed(m.tick(5000));
  assert.deepEqual(c.got, []);
  assert.equal(c.shown.size, 0);
});

test('reset drops everything in progress and changes the board size', () => {
  const m = new InputMachine({ n: N });
  const c = consumer(m);
  bar(m, c, pen, 0, 0, 0);
  m.reset(4);
  assert.equal(m.n, 4);
  assert.deepEqual(m.liveInk, []);
  assert.deepEqual(m.tick(10_000), []);
  c.feed(m.down({ ...pen, point: { x: 0.9, y: 0.9, t: 20_000 }, mode: 'write' }));
  c.feed(m.up({ ...pen, point: { x: 0.9, y: 0.9, t: 20_010 } }));
  assert.deepEqual(c.got.at(-1), { type: 'tap', cell: { row: 3, col: 3 } });
});

test('in tap mode nothing is ink: a small stroke is a tap, a longer one a drag', () => {
  const m = new InputMachine({ n: 4 });
  const c = consumer(m);
  for (const [k, who] of [pen, finger, mouse, eraser].entries()) {
    const t = k * 5000; // touch long after the pen, so it is not taken for a palm
    c.feed(m.down({ ...who, point: { x: 0.1, y: 0.1, t }, mode: 'tap' }));
    assert.equal(m.state, 'touching');
    c.feed(m.up({ ...who, point: { x: 0.11, y: 0.1, t: t + 10 } }));
  }
  assert.deepEqual(c.kinds(), ['tap', 'tap', 'tap', 'tap']);
  c.got.length = 0;
  c.feed(m.down({ ...finger, point: { x: 0.1, y: 0.1, t: 90000 }, mode: 'tap' }));
  c.feed(m.move({ ...finger, points: [{ x: 0.3, y: 0.1, t: 90010 }] }));
  c.feed(m.up({ ...finger, point: { x: 0.6, y: 0.1, t: 90020 } }));
  // While it moves, the screen is told where it started and where it is (to follow it).
  assert.deepEqual(c.kinds(), ['touch', 'drag']);
  assert.deepEqual([c.got[0].from.x, c.got[0].at.x], [0.1, 0.3]);
  const drag = c.got[1];
  assert.deepEqual([drag.from, drag.to], [{ row: 0, col: 0 }, { row: 0, col: 2 }]);
  assert.equal(drag.points.length, 3);
  assert.equal(c.shown.size, 0);
});

test('a pen interrupts a touch in tap mode too', () => {
  const m = new InputMachine({ n: 4 });
  const c = consumer(m);
  c.feed(m.down({ ...finger, point: { x: 0.1, y: 0.1, t: 0 }, mode: 'tap' }));
  c.feed(m.down({ ...pen, point: { x: 0.9, y: 0.9, t: 10 }, mode: 'tap' }));
  c.feed(m.up({ ...finger, point: { x: 0.1, y: 0.1, t: 20 } }));
  c.feed(m.up({ ...pen, point: { x: 0.9, y: 0.9, t: 30 } }));
  // In tap mode a tap says where it landed too (a board of another shape hit-tests it itself).
  // The touch is cancelled (the screen lets go of anything following it), then the pen taps.
  assert.deepEqual(c.got, [{ type: 'touch', from: null, at: null }, { type: 'tap', cell: { row: 3, col: 3 }, point: { x: 0.9, y: 0.9, t: 10, p: undefined } }]);
});

test('random pointer storms never leave live ink behind once every pointer has lifted', () => {
  let seed = 12345;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const who = [pen, finger, mouse, eraser, { ...finger, pointerId: 8 }];
  for (let run = 0; run < 200; run++) {
    const m = new InputMachine({ n: [4, 6, 9, 16][run % 4] });
    m.reset(m.n);
    const c = consumer(m);
    let t = 0;
    for (let k = 0; k < 60; k++) {
      t += Math.floor(rnd() * 400);
      const w = who[Math.floor(rnd() * who.length)];
      const point = { x: rnd() * 1.1 - 0.05, y: rnd() * 1.1 - 0.05, t, p: rnd() };
      const mode = ['write', 'note', 'write'][Math.floor(rnd() * 3)];
      const r = rnd();
      if (r < 0.3) c.feed(m.down({ ...w, point, mode }));
      else if (r < 0.6) c.feed(m.move({ ...w, buttons: rnd() < 0.2 ? 0 : w.buttons, points: [point] }));
      else if (r < 0.85) c.feed(m.up({ ...w, point }));
      else if (r < 0.9) c.feed(m.cancel({ ...w }));
      else if (r < 0.95) c.feed(m.flush());
      else c.feed(m.tick(t));
    }
    for (const w of who) c.feed(m.up({ ...w, point: { x: 0.5, y: 0.5, t: t + 1 } }));
    c.feed(m.tick(t + 10_000));
    assert.equal(m.state, 'idle');
    assert.deepEqual([...c.shown], [], `run ${run}: live ink left on screen`);
    assert.deepEqual(m.liveInk, []);
  }
});

test('eraser mode: pen, finger and mouse all erase, exactly as the eraser end; their ink goes when they lift', () => {
  for (const who of [pen, finger, mouse, eraser]) {
    const m = new InputMachine({ n: N });
    const c = consumer(m);
    c.feed(m.down({ ...who, point: { x: 0.1, y: 0.5, t: 0 }, mode: 'erase' }));
    assert.equal(m.state, 'erasing', who.pointerType);
    c.feed(m.move({ ...who, points: [{ x: 0.5, y: 0.5, t: 10 }, { x: 0.9, y: 0.5, t: 20 }] }));
    c.feed(m.up({ ...who, point: { x: 0.9, y: 0.5, t: 30 } }));
    assert.deepEqual(c.kinds(), ['erase'], who.pointerType);
    assert.equal(c.got[0].points.length, 3);
    assert.deepEqual([...c.shown], [], 'the eraser trail is gone');
  }
  // A tap in eraser mode erases where it landed (one point), it is not a selection.
  const m = new InputMachine({ n: N });
  const c = consumer(m);
  c.feed(m.down({ ...finger, point: at(2, 3, 0), mode: 'erase' }));
  c.feed(m.up({ ...finger, point: at(2, 3, 5) }));
  assert.deepEqual(c.kinds(), ['erase']);
  // Palm rejection still holds: a touch while the pen is in use erases nothing.
  c.feed(m.hover({ point: at(0, 0, 10) }));
  c.feed(m.down({ ...finger, point: at(4, 4, 20), mode: 'erase' }));
  assert.equal(m.state, 'idle');
});

test('the barrel button held: a pen stroke in writing mode is a pencil note, a tiny one a pencil tap', () => {
  const barrel = { ...pen, button: 2, buttons: 3 };
  const m = new InputMachine({ n: N });
  const c = consumer(m);
  bar(m, c, barrel, 1, 1, 0, 'write');
  assert.deepEqual(c.kinds(), ['note']);
  assert.equal(c.got[0].barrel, true);
  // Chromium's pen through CDP with the right button reports buttons 2 alone.
  c.feed(m.down({ ...pen, button: 2, buttons: 2, point: at(3, 3, 100), mode: 'write' }));
  c.feed(m.up({ ...pen, point: at(3, 3, 105) }));
  assert.deepEqual(c.got[1], { type: 'tap', cell: { row: 3, col: 3 }, barrel: true });
  // Released: the pen writes again; hovering over another cell with the barrel held (in the
  // air: buttons 2) still ends the group.
  bar(m, c, pen, 5, 5, 200, 'write');
  c.feed(m.hover({ buttons: 2, point: at(0, 0, 260) }));
  assert.equal(c.got[2].type, 'ink');
  // Pencil mode without the barrel: notes, not flagged; the eraser end is never a barrel.
  bar(m, c, pen, 6, 6, 3000, 'note');
  assert.equal(c.got[3].type, 'note');
  assert.equal(c.got[3].barrel, undefined);
  bar(m, c, { ...eraser, buttons: 34 }, 7, 7, 4000, 'write');
  assert.equal(c.got[4].type, 'erase');
  // A mouse's right button is no barrel.
  const mm = new InputMachine({ n: N });
  const cc = consumer(mm);
  bar(mm, cc, { ...mouse, button: 2, buttons: 2 }, 1, 1, 0, 'write');
  cc.feed(mm.tick(5000));
  assert.deepEqual(cc.kinds(), ['ink']);
});
