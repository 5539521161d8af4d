import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StrokeGrouper } from '../../ui/js/strokes.js';

const SIZES = [4, 6, 9, 16];

// Draws a stroke through `pts` ([[x, y], ...] in board units) starting at time t0, 10 ms per
// sample; returns all events and the time of the pen-up.
function draw(g, pts, t0) {
  const events = [];
  let t = t0;
  const sample = ([x, y]) => ({ x, y, t, p: 0.5 });
  events.push(...g.down(sample(pts[0])));
  for (let i = 1; i < pts.length - 1; i++) {
    t += 10;
    events.push(...g.move(sample(pts[i])));
  }
  if (pts.length > 1) t += 10;
  events.push(...g.up(sample(pts[pts.length - 1])));
  return { events, t };
}

// A point inside cell (row, col) at fractions (fx, fy) of the cell.
const at = (n, row, col, fx = 0.5, fy = 0.5) => [(col + fx) / n, (row + fy) / n];
// A vertical line through the middle of a cell, most of its height.
const bar = (n, row, col) => [at(n, row, col, 0.5, 0.15), at(n, row, col, 0.5, 0.5), at(n, row, col, 0.5, 0.85)];

test('a single stroke commits after the pause and not before', () => {
  for (const n of SIZES) {
    const g = new StrokeGrouper({ n });
    const { events, t } = draw(g, bar(n, 1, 2), 1000);
    assert.deepEqual(events, []);
    assert.equal(g.drawing, false);
    assert.deepEqual(g.open.cell, { row: 1, col: 2 });
    assert.deepEqual(g.tick(t + 100), []);
    assert.deepEqual(g.tick(t + 499), []);
    const out = g.tick(t + 500);
    assert.equal(out.length, 1);
    assert.equal(out[0].type, 'commit');
    assert.deepEqual(out[0].cell, { row: 1, col: 2 });
    assert.equal(out[0].strokes.length, 1);
    assert.equal(out[0].strokes[0].length, 3);
    assert.deepEqual(Object.keys(out[0].strokes[0][0]).sort(), ['p', 't', 'x', 'y']);
    assert.equal(g.open, null);
    assert.deepEqual(g.tick(t + 5000), [], 'commits only once');
  }
});

test('pauseMs is configurable', () => {
  const g = new StrokeGrouper({ n: 9, pauseMs: 800 });
  const { t } = draw(g, bar(9, 0, 0), 0);
  assert.deepEqual(g.tick(t + 700), []);
  assert.equal(g.tick(t + 800).length, 1);
});

test('no commit while the pen is down, however long', () => {
  const g = new StrokeGrouper({ n: 9 });
  draw(g, bar(9, 4, 4), 0);
  g.down({ x: 4.5 / 9, y: 4.2 / 9, t: 100 });
  assert.equal(g.drawing, true);
  assert.deepEqual(g.tick(10_000), []);
  g.move({ x: 4.6 / 9, y: 4.5 / 9, t: 10_010 });
  g.up({ x: 4.6 / 9, y: 4.8 / 9, t: 10_020 });
  assert.deepEqual(g.tick(10_500), []);
  const out = g.tick(10_520);
  assert.equal(out.length, 1);
  assert.equal(out[0].strokes.length, 2);
});

test('a 4 written slowly in several strokes is one commit', () => {
  for (const n of SIZES) {
    const g = new StrokeGrouper({ n });
    const events = [];
    // Down-and-across stroke, then the vertical stroke 300 ms later, ticking every 50 ms.
    let { events: e1, t } = draw(g, [at(n, 0, 0, 0.4, 0.1), at(n, 0, 0, 0.2, 0.6), at(n, 0, 0, 0.8, 0.6)], 0);
    events.push(...e1);
    for (let k = t; k < t + 300; k += 50) events.push(...g.tick(k));
    ({ events: e1, t } = draw(g, [at(n, 0, 0, 0.65, 0.1), at(n, 0, 0, 0.65, 0.5), at(n, 0, 0, 0.65, 0.9)], t + 300));
    events.push(...e1);
    assert.deepEqual(events, []);
    for (let k = t; k <= t + 600; k += 50) events.push(...g.tick(k));
    assert.equal(events.length, 1);
    assert.equal(events[0].type, 'commit');
    assert.deepEqual(events[0].cell, { row: 0, col: 0 });
    assert.equal(events[0].strokes.length, 2);
  }
});

test('the pause restarts at every pen-up (three strokes, 450 ms apart)', () => {
  const g = new StrokeGrouper({ n: 9 });
  let t = 0;
  for (let i = 0; i < 3; i++) {
    ({ t } = draw(g, bar(9, 3, 5), t));
    assert.deepEqual(g.tick(t + 449), []);
    t += 450;
  }
  const out = g.tick(t + 100);
  assert.equal(out.length, 1);
  assert.equal(out[0].strokes.length, 3);
});

test('a late down after the pause commits first even without a tick', () => {
  const g = new StrokeGrouper({ n: 9 });
  const { t } = draw(g, bar(9, 2, 2), 0);
  // Same cell, but 600 ms later: a new symbol (the caller's clock did not tick in between).
  const out = g.down({ x: 2.5 / 9, y: 2.5 / 9, t: t + 600 });
  assert.equal(out.length, 1);
  assert.equal(out[0].strokes.length, 1);
  assert.equal(g.drawing, true);
  g.up({ x: 2.5 / 9, y: 2.9 / 9, t: t + 650 });
  assert.equal(g.open.strokes.length, 1);
});

test('touching down in another cell commits the open group immediately', () => {
  for (const n of SIZES) {
    const g = new StrokeGrouper({ n });
    const { t } = draw(g, bar(n, 1, 1), 0);
    const out = g.down({ x: (3 + 0.5) / n, y: (2 + 0.2) / n, t: t + 100 });
    assert.equal(out.length, 1);
    assert.equal(out[0].type, 'commit');
    assert.deepEqual(out[0].cell, { row: 1, col: 1 });
    assert.equal(g.open, null, 'the new stroke has no group until it ends');
    g.move({ x: (3 + 0.5) / n, y: (2 + 0.5) / n, t: t + 110 });
    assert.deepEqual(g.up({ x: (3 + 0.5) / n, y: (2 + 0.8) / n, t: t + 120 }), []);
    assert.deepEqual(g.open.cell, { row: 2, col: 3 });
    const next = g.tick(t + 620);
    assert.equal(next.length, 1);
    assert.deepEqual(next[0].cell, { row: 2, col: 3 });
  }
});

test('hovering over another cell commits; hovering over the same cell does not', () => {
  for (const n of SIZES) {
    const g = new StrokeGrouper({ n });
    const { t } = draw(g, bar(n, 2, 2), 0);
    assert.deepEqual(g.hover({ x: 2.5 / n, y: 2.5 / n, t: t + 50 }), []);
    assert.deepEqual(g.hover({ x: 2.9 / n, y: 2.1 / n, t: t + 60 }), []);
    // Just over the line (within slack) still counts as the same cell.
    assert.deepEqual(g.hover({ x: 3.1 / n, y: 2.5 / n, t: t + 70 }), []);
    assert.ok(g.open);
    const out = g.hover({ x: 3.5 / n, y: 2.5 / n, t: t + 80 });
    assert.equal(out.length, 1);
    assert.equal(out[0].type, 'commit');
    assert.deepEqual(out[0].cell, { row: 2, col: 2 });
    assert.equal(g.open, null);
    assert.deepEqual(g.hover({ x: 0.5 / n, y: 0.5 / n, t: t + 90 }), [], 'nothing open: nothing to commit');
  }
});

test('hovering off the board does not commit (the pause will)', () => {
  const g = new StrokeGrouper({ n: 9 });
  const { t } = draw(g, bar(9, 0, 0), 0);
  assert.deepEqual(g.hover({ x: -0.2, y: 0.05, t: t + 10 }), []);
  assert.equal(g.hover({ x: -0.2, y: 0.05, t: t + 500 }).length, 1, 'hover also ticks the clock');
});

test('a stroke starting within slack of the group joins it; beyond slack starts a new group', () => {
  for (const n of SIZES) {
    const g = new StrokeGrouper({ n });
    const { t } = draw(g, bar(n, 1, 1), 0);
    // Starts 0.2 of a cell into the right-hand neighbour: still the same symbol.
    let r = draw(g, [[2.2 / n, 1.5 / n], [1.6 / n, 1.5 / n]], t + 100);
    assert.deepEqual(r.events, []);
    assert.equal(g.open.strokes.length, 2);
    assert.deepEqual(g.open.cell, { row: 1, col: 1 });
    // Starts 0.2 of a cell above the cell: joins too.
    r = draw(g, [[1.5 / n, 0.8 / n], [1.5 / n, 1.3 / n]], r.t + 100);
    assert.deepEqual(r.events, []);
    assert.equal(g.open.strokes.length, 3);
    // Starts 0.3 of a cell into the neighbour: the writer moved on.
    r = draw(g, [[2.3 / n, 1.2 / n], [2.5 / n, 1.8 / n]], r.t + 100);
    assert.equal(r.events.length, 1);
    assert.equal(r.events[0].strokes.length, 3);
    assert.deepEqual(g.open.cell, { row: 1, col: 2 });
  }
});

test('slack is configurable', () => {
  const g = new StrokeGrouper({ n: 9, slack: 0 });
  const { t } = draw(g, bar(9, 3, 3), 0);
  const r = draw(g, [[4.05 / 9, 3.5 / 9], [3.6 / 9, 3.5 / 9]], t + 100);
  assert.equal(r.events.length, 1, 'no slack: a stroke starting over the line is a new group');
});

test('the group cell is the centre of the first stroke, even if it strays over the lines', () => {
  const n = 9;
  const g = new StrokeGrouper({ n });
  // Starts in cell (0,0) but is mostly in (0,1): centre of the bounding box decides.
  const { t } = draw(g, [[0.9 / n, 0.2 / n], [1.9 / n, 0.5 / n], [1.2 / n, 0.9 / n]], 0);
  assert.deepEqual(g.open.cell, { row: 0, col: 1 });
  assert.deepEqual(g.tick(t + 500)[0].cell, { row: 0, col: 1 });
});

test('a stroke that wanders off the board is clamped to a board cell', () => {
  const g = new StrokeGrouper({ n: 4 });
  const { t } = draw(g, [[0.98, 0.9], [1.4, 0.95], [1.5, 0.99]], 0);
  const out = g.tick(t + 500);
  assert.deepEqual(out[0].cell, { row: 3, col: 3 });
});

test('a tiny stroke with no group open is a tap on the cell under it', () => {
  for (const n of SIZES) {
    const g = new StrokeGrouper({ n });
    const c = at(n, n - 1, 1);
    const { events } = draw(g, [c, [c[0] + 0.05 / n, c[1] + 0.05 / n]], 0);
    assert.deepEqual(events, [{ type: 'tap', cell: { row: n - 1, col: 1 } }]);
    assert.equal(g.open, null);
    assert.deepEqual(g.tick(10_000), []);
  }
});

test('a single-point stroke is a tap, or part of an open group', () => {
  const g = new StrokeGrouper({ n: 9 });
  assert.deepEqual(g.down({ x: 0.5, y: 0.5, t: 0 }), []);
  assert.deepEqual(g.up({ x: 0.5, y: 0.5, t: 0 }), [{ type: 'tap', cell: { row: 4, col: 4 } }]);
  assert.deepEqual(g.down({ x: 0.5, y: 0.5, t: 10 }), []);
  assert.deepEqual(g.up(), [{ type: 'tap', cell: { row: 4, col: 4 } }], 'up without a point');
  const { t } = draw(g, bar(9, 4, 4), 100);
  g.down({ x: 4.5 / 9, y: 4.5 / 9, t: t + 50 });
  assert.deepEqual(g.up({ x: 4.5 / 9, y: 4.5 / 9, t: t + 50 }), []);
  const out = g.tick(t + 550);
  assert.equal(out[0].strokes.length, 2);
  assert.equal(out[0].strokes[1].length, 1, 'the repeated up sample is not stored twice');
});

test('a short stroke while a group is open belongs to the group (the bar of a 7)', () => {
  for (const n of SIZES) {
    const g = new StrokeGrouper({ n });
    // The 7 itself, then a tiny cross bar.
    const { t } = draw(g, [at(n, 1, 1, 0.2, 0.15), at(n, 1, 1, 0.8, 0.15), at(n, 1, 1, 0.4, 0.9)], 0);
    const r = draw(g, [at(n, 1, 1, 0.5, 0.5), at(n, 1, 1, 0.6, 0.52)], t + 200);
    assert.deepEqual(r.events, []);
    const out = g.tick(r.t + 500);
    assert.equal(out.length, 1);
    assert.equal(out[0].type, 'commit');
    assert.equal(out[0].strokes.length, 2);
  }
});

test('a tap in another cell while a group is open commits the group, then taps', () => {
  const n = 9;
  const g = new StrokeGrouper({ n });
  const { t } = draw(g, bar(n, 0, 0), 0);
  const r = draw(g, [at(n, 5, 5), at(n, 5, 5, 0.52, 0.52)], t + 100);
  assert.equal(r.events.length, 2);
  assert.equal(r.events[0].type, 'commit');
  assert.deepEqual(r.events[0].cell, { row: 0, col: 0 });
  assert.deepEqual(r.events[1], { type: 'tap', cell: { row: 5, col: 5 } });
  assert.equal(g.open, null);
});

test('tapFraction is configurable', () => {
  const n = 9;
  const line = [at(n, 2, 2, 0.3, 0.5), at(n, 2, 2, 0.6, 0.5)]; // 0.3 of a cell wide
  const a = new StrokeGrouper({ n });
  assert.deepEqual(draw(a, line, 0).events, [], 'writing with the default');
  const b = new StrokeGrouper({ n, tapFraction: 0.4 });
  assert.deepEqual(draw(b, line, 0).events, [{ type: 'tap', cell: { row: 2, col: 2 } }]);
});

test('a long thin stroke (a 1) is writing, not a tap', () => {
  const n = 16;
  const g = new StrokeGrouper({ n });
  const { events } = draw(g, [at(n, 7, 7, 0.5, 0.2), at(n, 7, 7, 0.52, 0.8)], 0);
  assert.deepEqual(events, []);
  assert.deepEqual(g.open.cell, { row: 7, col: 7 });
});

test('strokes starting off the board are ignored, samples and all', () => {
  for (const n of SIZES) {
    const g = new StrokeGrouper({ n });
    for (const start of [[-0.01, 0.5], [0.5, -0.2], [1.01, 0.5], [0.5, 1.5]]) {
      const { events } = draw(g, [start, [0.5, 0.5], [0.6, 0.7]], 0);
      assert.deepEqual(events, []);
      assert.equal(g.open, null);
      assert.equal(g.drawing, false);
    }
    // While a group is open, an off-board stroke neither joins nor commits it.
    const { t } = draw(g, bar(n, 0, 0), 1000);
    assert.deepEqual(draw(g, [[-0.1, 0.01], [0.3, 0.3]], t + 50).events, []);
    assert.equal(g.open.strokes.length, 1);
    assert.equal(g.tick(t + 500).length, 1);
  }
});

test('a stroke may end off the board', () => {
  const g = new StrokeGrouper({ n: 9 });
  const { events } = draw(g, [[0.5 / 9, 0.2 / 9], [0.5 / 9, 0.6 / 9], [-0.05, 0.9 / 9]], 0);
  assert.deepEqual(events, []);
  assert.deepEqual(g.open.cell, { row: 0, col: 0 });
});

test('flush commits the open group now', () => {
  const g = new StrokeGrouper({ n: 9 });
  assert.deepEqual(g.flush(), [], 'nothing open');
  draw(g, bar(9, 8, 8), 0);
  const out = g.flush();
  assert.equal(out.length, 1);
  assert.deepEqual(out[0].cell, { row: 8, col: 8 });
  assert.equal(g.open, null);
  assert.deepEqual(g.tick(10_000), []);
});

test('flush during a stroke ends the stroke and commits it with its group', () => {
  const g = new StrokeGrouper({ n: 9 });
  const { t } = draw(g, bar(9, 1, 1), 0);
  g.down({ x: 1.2 / 9, y: 1.5 / 9, t: t + 50 });
  g.move({ x: 1.8 / 9, y: 1.5 / 9, t: t + 60 });
  const out = g.flush();
  assert.equal(out.length, 1);
  assert.equal(out[0].strokes.length, 2);
  assert.equal(g.drawing, false);
  assert.deepEqual(g.up({ x: 1.8 / 9, y: 1.5 / 9, t: t + 70 }), [], 'the late up is harmless');
});

test('cancel drops the open group and the stroke in progress', () => {
  const g = new StrokeGrouper({ n: 9 });
  const { t } = draw(g, bar(9, 1, 1), 0);
  g.down({ x: 1.5 / 9, y: 1.5 / 9, t: t + 50 });
  assert.deepEqual(g.cancel(), []);
  assert.equal(g.open, null);
  assert.equal(g.drawing, false);
  assert.deepEqual(g.up({ x: 1.5 / 9, y: 1.6 / 9, t: t + 60 }), []);
  assert.deepEqual(g.tick(t + 10_000), []);
  assert.deepEqual(g.flush(), []);
});

test('setSize drops the open group and uses the new size', () => {
  const g = new StrokeGrouper({ n: 9 });
  draw(g, bar(9, 1, 1), 0);
  assert.deepEqual(g.setSize(4), []);
  assert.equal(g.open, null);
  const { t } = draw(g, bar(4, 3, 2), 1000);
  assert.deepEqual(g.tick(t + 500)[0].cell, { row: 3, col: 2 });
});

test('a down without an up (lost pointerup) ends the previous stroke', () => {
  const g = new StrokeGrouper({ n: 9 });
  g.down({ x: 0.5 / 9, y: 0.2 / 9, t: 0 });
  g.move({ x: 0.5 / 9, y: 0.8 / 9, t: 10 });
  const out = g.down({ x: 5.5 / 9, y: 5.5 / 9, t: 20 });
  assert.equal(out.length, 1);
  assert.deepEqual(out[0].cell, { row: 0, col: 0 });
  assert.equal(g.drawing, true);
});

test('recorded ink is a copy of the samples', () => {
  const g = new StrokeGrouper({ n: 9 });
  const p = { x: 0.5 / 9, y: 0.1 / 9, t: 0, p: 0.3 };
  g.down(p);
  p.x = 0.9;
  g.move({ x: 0.5 / 9, y: 0.9 / 9, t: 10, p: 0.4 });
  g.up({ x: 0.5 / 9, y: 0.9 / 9, t: 10, p: 0.4 });
  const open = g.open;
  open.strokes[0].push({ x: 0, y: 0, t: 0 });
  const out = g.flush();
  assert.deepEqual(out[0].strokes[0], [
    { x: 0.5 / 9, y: 0.1 / 9, t: 0, p: 0.3 },
    { x: 0.5 / 9, y: 0.9 / 9, t: 10, p: 0.4 },
  ]);
});

test('every cell of every size can be written', () => {
  for (const n of SIZES) {
    const g = new StrokeGrouper({ n });
    let t = 0;
    const cells = [];
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const d = draw(g, bar(n, r, c), t);
        for (const e of d.events) cells.push(e.cell);
        t = d.t + 100; // moving on quickly: each down in the next cell commits the previous one
      }
    }
    for (const e of g.flush()) cells.push(e.cell);
    assert.equal(cells.length, n * n);
    cells.forEach((cell, i) => assert.deepEqual(cell, { row: Math.floor(i / n), col: i % n }));
  }
});
