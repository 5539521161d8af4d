import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InkLayer } from '../../ui/js/ink.js';

/** A canvas that counts its getContext calls and records what its context draws. */
function fakeCanvas() {
  const calls = [];
  const ctx = new Proxy({}, {
    get: (_, k) => (...a) => calls.push(k),
    set: () => true,
  });
  const canvas = { width: 900, height: 900, asked: 0, calls, getContext: () => { canvas.asked++; return ctx; } };
  return canvas;
}

test('the ink overlay makes its 2D context at the first stroke, not at start (#27)', () => {
  globalThis.window ??= { devicePixelRatio: 1 };
  const canvas = fakeCanvas();
  const ink = new InkLayer(canvas);
  ink.redraw(); // the start-up's resize
  ink.clear();
  assert.equal(canvas.asked, 0, 'no context for an empty overlay');
  ink.begin(1, { x: 0.5, y: 0.5, p: 0.5 }, 'pen', '#000');
  ink.extend(1, [{ x: 0.52, y: 0.5, p: 0.5 }]);
  assert.equal(canvas.asked, 1);
  assert.ok(canvas.calls.includes('arc') && canvas.calls.includes('lineTo'), 'the stroke is drawn');
  ink.remove([1]);
  assert.ok(canvas.calls.includes('clearRect'), 'once drawn on, a redraw clears it');
  assert.equal(canvas.asked, 1, 'one context, kept');
});
