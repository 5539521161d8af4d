import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BUILTIN_PICTURES, DEFAULT_PICTURE, RECENT_PICTURES, builtinId, builtinSource, menuName, menuItems, remember, gridStep,
} from '../../ui/js/slidepics.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const A = '0123456789abcdef.png', B = 'fedcba9876543210fedcba9876543210.jpg', C = 'aaaaaaaaaaaaaaaa.png';

test('the built-in pictures and the recent count are the engine\'s, and every picture is there', () => {
  const play = fs.readFileSync(path.join(root, 'src/slide/play.rs'), 'utf8');
  const listed = /BUILTIN_PICTURES: \[&str; \d+\] = \[([^\]]*)\]/.exec(play)[1].match(/"([a-z]+)"/g).map((s) => s.slice(1, -1));
  assert.deepEqual(BUILTIN_PICTURES, listed);
  assert.ok(BUILTIN_PICTURES.length >= 4);
  const settings = fs.readFileSync(path.join(root, 'src/settings.rs'), 'utf8');
  assert.equal(RECENT_PICTURES, Number(/RECENT_PICTURES: usize = (\d+)/.exec(settings)[1]));
  for (const id of BUILTIN_PICTURES) {
    const svg = fs.readFileSync(path.join(root, 'ui', builtinSource(`builtin:${id}`)), 'utf8');
    assert.ok(svg.startsWith('<svg') && svg.length < 8000, `${id}: a small SVG`);
  }
});

test('names: null and builtin:<id> are built-in pictures, anything else is not', () => {
  assert.equal(DEFAULT_PICTURE, 'builtin:lake');
  assert.equal(builtinId(null), 'lake');
  assert.equal(builtinId(undefined), 'lake');
  assert.equal(builtinId('builtin:reef'), 'reef');
  for (const bad of ['builtin:castle', 'builtin:', 'reef', A]) assert.equal(builtinId(bad), null, bad);
  assert.equal(builtinSource(null), 'img/slide-lake.svg');
  assert.equal(builtinSource('builtin:town'), 'img/slide-town.svg');
  assert.equal(builtinSource(A), null);
  assert.equal(menuName(null), DEFAULT_PICTURE);
  assert.equal(menuName(A), A);
});

test('the menu: built-ins first, then the own pictures newest first; the current one always offered', () => {
  const names = (items) => items.map((i) => i.name);
  const builtins = BUILTIN_PICTURES.map((id) => `builtin:${id}`);
  assert.deepEqual(names(menuItems([], null)), builtins);
  assert.deepEqual(names(menuItems(undefined, 'builtin:reef')), builtins);
  const items = menuItems([A, B], null);
  assert.deepEqual(names(items), [...builtins, A, B]);
  assert.deepEqual(items.slice(-2).map((i) => [i.kind, i.n]), [['own', 1], ['own', 2]]);
  assert.deepEqual(items[0], { name: 'builtin:lake', kind: 'builtin', id: 'lake' });
  // Settings from before the recent list: the chosen own picture is still there to pick.
  assert.deepEqual(names(menuItems([], C)), [...builtins, C]);
  assert.deepEqual(names(menuItems([A], C)), [...builtins, C, A]);
  assert.deepEqual(names(menuItems([A, C], C)), [...builtins, A, C]);
});

test('a chosen photo goes to the front of the recent list, once, and the oldest drops off', () => {
  assert.deepEqual(remember([], A), [A]);
  assert.deepEqual(remember(undefined, A), [A]);
  assert.deepEqual(remember([A, B], B), [B, A]);
  const many = Array.from({ length: RECENT_PICTURES }, (_, i) => `${String(i).repeat(16)}.png`);
  const r = remember(many, C);
  assert.equal(r.length, RECENT_PICTURES);
  assert.deepEqual([r[0], r[r.length - 1]], [C, many[RECENT_PICTURES - 2]]);
});

test('arrow keys move through a wrapped grid of thumbnails', () => {
  // Two rows: five of 64 px, then three (as laid out, 8 px apart).
  const box = (i) => ({ x: (i % 5) * 72, y: Math.floor(i / 5) * 72, w: 64, h: 64 });
  const boxes = Array.from({ length: 8 }, (_, i) => box(i));
  assert.equal(gridStep(boxes, 0, 'ArrowRight'), 1);
  assert.equal(gridStep(boxes, 4, 'ArrowRight'), 5, 'on to the next row');
  assert.equal(gridStep(boxes, 7, 'ArrowRight'), 0, 'round the end');
  assert.equal(gridStep(boxes, 0, 'ArrowLeft'), 7);
  assert.equal(gridStep(boxes, 1, 'ArrowDown'), 6);
  assert.equal(gridStep(boxes, 4, 'ArrowDown'), 7, 'the nearest below');
  assert.equal(gridStep(boxes, 6, 'ArrowDown'), 6, 'the last row: nowhere');
  assert.equal(gridStep(boxes, 7, 'ArrowUp'), 2);
  assert.equal(gridStep(boxes, 2, 'ArrowUp'), 2);
  assert.equal(gridStep(boxes, 3, 'Home'), 0);
  assert.equal(gridStep(boxes, 3, 'End'), 7);
  assert.equal(gridStep(boxes, 3, 'Enter'), null);
  assert.equal(gridStep([], 0, 'ArrowRight'), null);
  // One row: up and down stay.
  assert.equal(gridStep(boxes.slice(0, 4), 2, 'ArrowDown'), 2);
});
