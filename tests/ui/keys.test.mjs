import { test } from 'node:test';
import assert from 'node:assert/strict';
import { keyAction, moveSelection, historyKey } from '../../ui/js/keys.js';

const k = (key, mods = {}) => ({ key, ctrlKey: false, metaKey: false, shiftKey: false, ...mods });
const SIZES = [4, 6, 9, 16];

test('arrows move the selection', () => {
  for (const n of SIZES) {
    assert.deepEqual(keyAction(k('ArrowUp'), n), { type: 'move', dr: -1, dc: 0 });
    assert.deepEqual(keyAction(k('ArrowDown'), n), { type: 'move', dr: 1, dc: 0 });
    assert.deepEqual(keyAction(k('ArrowLeft'), n), { type: 'move', dr: 0, dc: -1 });
    assert.deepEqual(keyAction(k('ArrowRight'), n), { type: 'move', dr: 0, dc: 1 });
    assert.deepEqual(keyAction(k('ArrowRight', { shiftKey: true }), n), { type: 'move', dr: 0, dc: 1 });
  }
  assert.deepEqual(keyAction(k('Left'), 9), { type: 'move', dr: 0, dc: -1 }, 'legacy key name');
});

test('digits fill only up to the board size', () => {
  for (const n of SIZES) {
    for (let d = 1; d <= 9; d++) {
      const want = d <= n ? { type: 'symbol', value: d } : null;
      assert.deepEqual(keyAction(k(String(d)), n), want, `digit ${d} on ${n}x${n}`);
    }
    assert.deepEqual(keyAction(k('0'), n), { type: 'clear' }, '0 is no symbol: it clears');
  }
});

test('letters A-G are symbols 10-16 on 16x16 only', () => {
  'abcdefg'.split('').forEach((ch, i) => {
    assert.deepEqual(keyAction(k(ch), 16), { type: 'symbol', value: 10 + i });
    assert.deepEqual(keyAction(k(ch.toUpperCase(), { shiftKey: true }), 16), { type: 'symbol', value: 10 + i });
    for (const n of [4, 6, 9]) assert.equal(keyAction(k(ch), n), null, `${ch} on ${n}x${n}`);
  });
  for (const ch of ['i', 'z', 'Z']) assert.equal(keyAction(k(ch), 16), null);
});

test('Delete and Backspace clear', () => {
  for (const n of SIZES) {
    assert.deepEqual(keyAction(k('Delete'), n), { type: 'clear' });
    assert.deepEqual(keyAction(k('Backspace'), n), { type: 'clear' });
  }
});

test('Ctrl/Cmd+Z undo; Ctrl/Cmd+Y and Ctrl/Cmd+Shift+Z redo', () => {
  for (const mod of ['ctrlKey', 'metaKey']) {
    assert.deepEqual(keyAction(k('z', { [mod]: true }), 9), { type: 'undo' });
    assert.deepEqual(keyAction(k('Z', { [mod]: true }), 9), { type: 'undo' }, 'caps lock');
    assert.deepEqual(keyAction(k('y', { [mod]: true }), 9), { type: 'redo' });
    assert.deepEqual(keyAction(k('Y', { [mod]: true }), 9), { type: 'redo' });
    assert.deepEqual(keyAction(k('Z', { [mod]: true, shiftKey: true }), 9), { type: 'redo' });
    assert.deepEqual(keyAction(k('z', { [mod]: true, shiftKey: true }), 16), { type: 'redo' });
  }
  assert.equal(keyAction(k('z'), 9), null, 'plain z is nothing');
  assert.equal(keyAction(k('y'), 9), null);
});

test('Ctrl/Cmd/Alt with other keys are left to the browser', () => {
  for (const mod of ['ctrlKey', 'metaKey', 'altKey']) {
    for (const key of ['1', 'a', 'p', 'P', 'h', 'ArrowUp', 'Delete']) assert.equal(keyAction(k(key, { [mod]: true }), 16), null, `${mod}+${key}`);
  }
  assert.equal(keyAction(k('z', { altKey: true, ctrlKey: true }), 9), null);
});

test('P toggles pencil mode and H asks for a hint, on every size', () => {
  for (const n of SIZES) {
    assert.deepEqual(keyAction(k('p'), n), { type: 'togglePencil' });
    assert.deepEqual(keyAction(k('P', { shiftKey: true }), n), { type: 'togglePencil' });
    assert.deepEqual(keyAction(k('h'), n), { type: 'hint' });
    assert.deepEqual(keyAction(k('H'), n), { type: 'hint' });
  }
});

test('other keys and junk map to null', () => {
  for (const key of ['Enter', 'Tab', 'Escape', ' ', 'F1', 'Shift', 'Control', 'é', '11', '']) assert.equal(keyAction(k(key), 16), null, key);
  assert.equal(keyAction(null, 9), null);
  assert.equal(keyAction({}, 9), null);
});

test('moveSelection moves and wraps around the edges', () => {
  for (const n of SIZES) {
    assert.deepEqual(moveSelection({ row: 1, col: 1 }, 1, 0, n), { row: 2, col: 1 });
    assert.deepEqual(moveSelection({ row: 1, col: 1 }, 0, -1, n), { row: 1, col: 0 });
    assert.deepEqual(moveSelection({ row: 0, col: 0 }, -1, 0, n), { row: n - 1, col: 0 });
    assert.deepEqual(moveSelection({ row: 0, col: 0 }, 0, -1, n), { row: 0, col: n - 1 });
    assert.deepEqual(moveSelection({ row: n - 1, col: n - 1 }, 1, 0, n), { row: 0, col: n - 1 });
    assert.deepEqual(moveSelection({ row: n - 1, col: n - 1 }, 0, 1, n), { row: n - 1, col: 0 });
    assert.deepEqual(moveSelection({ row: 2, col: 3 }, 0, 0, n), { row: 2, col: 3 });
    assert.deepEqual(moveSelection({ row: 0, col: 0 }, -n - 1, 2 * n + 1, n), { row: n - 1, col: 1 });
    // Moving right n times goes once round the row.
    let sel = { row: 0, col: 0 };
    for (let i = 0; i < n; i++) sel = moveSelection(sel, 0, 1, n);
    assert.deepEqual(sel, { row: 0, col: 0 }, 'n moves right come back');
  }
});

test('moveSelection with no selection puts the cursor in the centre cell', () => {
  assert.deepEqual(moveSelection(null, 0, 1, 9), { row: 4, col: 4 });
  assert.deepEqual(moveSelection(undefined, -1, 0, 4), { row: 2, col: 2 });
  assert.deepEqual(moveSelection(null, 1, 0, 16), { row: 8, col: 8 });
  assert.deepEqual(moveSelection(null, 1, 0, 6), { row: 3, col: 3 });
});

test('0 clears as Delete does; X toggles eraser mode and M cycles the colour, on every size', () => {
  for (const n of SIZES) {
    assert.deepEqual(keyAction(k('0'), n), { type: 'clear' });
    assert.deepEqual(keyAction(k('x'), n), { type: 'toggleEraser' });
    assert.deepEqual(keyAction(k('X', { shiftKey: true }), n), { type: 'toggleEraser' });
    assert.deepEqual(keyAction(k('m'), n), { type: 'colour' });
  }
  assert.equal(keyAction(k('0', { ctrlKey: true }), 9), null, 'Ctrl+0 (zoom) is the browser\'s');
});

test('historyKey: undo and redo for any game, nothing else', () => {
  assert.equal(historyKey(k('z', { ctrlKey: true })), 'undo');
  assert.equal(historyKey(k('Z', { ctrlKey: true, shiftKey: true })), 'redo');
  assert.equal(historyKey(k('y', { metaKey: true })), 'redo');
  assert.equal(historyKey(k('z')), null, 'z alone is not undo');
  assert.equal(historyKey(k('z', { ctrlKey: true, altKey: true })), null);
  assert.equal(historyKey(k('p', { ctrlKey: true })), null);
  assert.equal(historyKey(null), null);
});
