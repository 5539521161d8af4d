import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeLayout } from '../../ui/js/layout.js';

const inside = (r, w, h) => r.x >= 0 && r.y >= 0 && r.x + (r.size ?? r.width) <= w && r.y + (r.size ?? r.height) <= h;
const overlaps = (b, p) => b.x < p.x + p.width && p.x < b.x + b.size && b.y < p.y + p.height && p.y < b.y + b.size;

for (const [w, h] of [[800, 480], [1024, 768], [1920, 1080], [3840, 2160], [1280, 800]]) {
  test(`landscape ${w}x${h}: board square, panel a third, on the writing hand's side`, () => {
    for (const hand of ['right', 'left']) {
      const l = computeLayout({ width: w, height: h, hand });
      assert.equal(l.orientation, 'landscape');
      assert.ok(inside(l.board, w, h), 'board inside the window');
      assert.ok(!overlaps(l.board, l.panel), 'board and panel do not overlap');
      assert.ok(Math.abs(l.panel.width - w / 3) <= 1, 'panel is a third of the width');
      // As large as the window allows: limited by height or by the remaining width.
      assert.ok(l.board.size >= Math.min(h, w - l.panel.width) - 2 * 24 - 1);
      if (hand === 'right') assert.ok(l.panel.x > l.board.x, 'panel right of the board');
      else assert.ok(l.panel.x + l.panel.width <= l.board.x, 'panel left of the board');
    }
  });
}

test('portrait puts the panel below the board', () => {
  for (const [w, h] of [[480, 800], [768, 1024], [1080, 1920]]) {
    const l = computeLayout({ width: w, height: h, hand: 'left' });
    assert.equal(l.orientation, 'portrait');
    assert.ok(inside(l.board, w, h));
    assert.ok(l.panel.y >= l.board.y + l.board.size, 'panel below');
    assert.ok(l.panel.height >= 160, 'panel keeps room for controls');
    assert.ok(l.board.size >= w - 2 * 24 - 1, 'board uses the full width');
  }
});

test('degenerate windows never give negative sizes', () => {
  for (const [w, h] of [[0, 0], [10, 10], [100, 20]]) {
    const l = computeLayout({ width: w, height: h });
    assert.ok(l.board.size >= 0);
  }
});

test('a small tablet turned (533x800) gives the panel room for two narrow columns of controls', () => {
  const l = computeLayout({ width: 533, height: 800 });
  assert.equal(l.orientation, 'portrait');
  assert.ok(l.panel.height >= 300, `panel ${l.panel.height}`);
  assert.ok(l.board.size >= 440, `board ${l.board.size}`);
  // A wide portrait screen keeps the bigger board.
  const wide = computeLayout({ width: 800, height: 1280 });
  assert.equal(wide.board.size, 800 - 2 * 24);
});
