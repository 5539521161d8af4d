import { test } from 'node:test';
import assert from 'node:assert/strict';
import { keyAction, moveSelection, historyKey, focusKeepsKey, focusOf, appTakesKey, watchFocus } from '../../ui/js/keys.js';

const k = (key, mods = {}) => ({ key, ctrlKey: false, metaKey: false, shiftKey: false, ...mods });
const SIZES = [4, 6, 9, 16];

test('arrows move the selection', () => {
  for (const n of SIZES) {
    assert.deepEqual(keyAction(k('ArrowUp'), n), { type: 'move', dr: -1, dc: 0 });
    assert.deepEqual(keyAction(k('ArrowDown'), n), { type: 'move', dr: 1, dc: 0 });
    assert.deepEqual(keyAction(k('ArrowLeft'), n), { type: 'move', dr: 0, dc: -1 });
    assert.deepEqual(keyAction(k('ArrowRight'), n), { type: 'move', dr: 0, dc: 1 });
    // Shift+arrows add to the selection (#43), below.
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
    assert.deepEqual(keyAction(k(ch.toUpperCase()), 16), { type: 'symbol', value: 10 + i }, 'caps lock');
    assert.deepEqual(keyAction(k(ch.toUpperCase(), { shiftKey: true }), 16), { type: 'symbol', value: 10 + i, mark: 'corner' }, 'Shift: a corner mark (#43)');
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

test('Ctrl/Cmd/Alt with other keys are left to the browser (Ctrl/Cmd+digit is a centre mark)', () => {
  for (const mod of ['ctrlKey', 'metaKey', 'altKey']) {
    for (const key of ['a', 'p', 'P', 'h', 'ArrowUp', 'Delete']) assert.equal(keyAction(k(key, { [mod]: true }), 16), null, `${mod}+${key}`);
  }
  assert.equal(keyAction(k('1', { altKey: true }), 16), null, 'Alt+1');
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
  for (const key of ['Enter', 'Tab', 'Escape', 'F1', 'Shift', 'Control', 'é', '11', '']) assert.equal(keyAction(k(key), 16), null, key);
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

// Where a key goes (#40 item 8): a key aimed at a form control is the control's.
const input = (type) => ({ tag: 'INPUT', type });

test('a text field keeps every key, its own Ctrl+Z and Ctrl+Y too', () => {
  for (const focus of [input('number'), input('text'), input(''), input('search'), { tag: 'TEXTAREA' }, { tag: 'DIV', editable: true }]) {
    for (const ev of [k('5'), k('Backspace'), k('Delete'), k('Enter'), k(' '), k('ArrowLeft'), k('p'), k('z', { ctrlKey: true }), k('y', { ctrlKey: true }), k('Escape')]) {
      assert.equal(focusKeepsKey(ev, focus), true, `${JSON.stringify(focus)} ${ev.key}`);
    }
  }
});

test('a select keeps its keys (arrows, type-ahead, Enter, Space) but not undo and redo', () => {
  const sel = { tag: 'SELECT', type: 'select-one' };
  for (const key of ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', '3', 's', 'Enter', ' ', 'Backspace']) {
    assert.equal(focusKeepsKey(k(key), sel), true, key);
  }
  assert.equal(focusKeepsKey(k('z', { ctrlKey: true }), sel), false);
  assert.equal(focusKeepsKey(k('y', { metaKey: true }), sel), false);
});

test('a button whose focus shows keeps Enter and Space, which press it; the board gets the rest', () => {
  const shown = (f) => ({ ...f, visible: true });
  for (const focus of [{ tag: 'BUTTON', type: 'button' }, { tag: 'button', type: 'submit' }, input('checkbox'), input('color'), { tag: 'A' }].map(shown)) {
    assert.equal(focusKeepsKey(k('Enter'), focus), true);
    assert.equal(focusKeepsKey(k(' '), focus), true);
    for (const ev of [k('5'), k('ArrowUp'), k('Backspace'), k('Delete'), k('h'), k('z', { ctrlKey: true })]) {
      assert.equal(focusKeepsKey(ev, focus), false, `${focus.tag} ${ev.key}`);
    }
  }
});

test('a button pressed with the pen or the mouse (its focus unseen) keeps nothing: Enter is the board\'s', () => {
  for (const focus of [{ tag: 'BUTTON', type: 'button' }, input('checkbox')]) {
    for (const ev of [k('Enter'), k(' '), k('5')]) assert.equal(focusKeepsKey(ev, focus), false, `${focus.tag} ${ev.key}`);
  }
});

test('a slider keeps its keys, a radio button its arrows and Space', () => {
  for (const key of ['ArrowUp', 'ArrowLeft', 'Home', 'End', 'PageUp', 'PageDown']) assert.equal(focusKeepsKey(k(key), input('range')), true, key);
  assert.equal(focusKeepsKey(k('5'), input('range')), false);
  for (const key of ['ArrowDown', 'ArrowRight', ' ']) assert.equal(focusKeepsKey(k(key), input('radio')), true, key);
  assert.equal(focusKeepsKey(k('Enter'), input('radio')), false);
});

test('the page, the board and its accessible grid keep nothing', () => {
  for (const focus of [null, { tag: 'BODY' }, { tag: 'DIV' }, { tag: 'CANVAS' }]) {
    for (const ev of [k('5'), k('Enter'), k(' '), k('ArrowUp'), k('z', { ctrlKey: true })]) assert.equal(focusKeepsKey(ev, focus), false);
  }
});

test('focusOf reads the focused element as plain data', () => {
  assert.equal(focusOf(null), null);
  // watchFocus notes, as each focus comes, whether it shows (a key press later makes any focus show).
  let focusin;
  watchFocus({ addEventListener: (type, f) => { if (type === 'focusin') focusin = f; } });
  const el = (props, visible) => {
    const e = { ...props, shows: visible, matches: (q) => q === ':focus-visible' && e.shows };
    focusin({ target: e });
    return e;
  };
  assert.deepEqual(focusOf(el({ tagName: 'INPUT', type: 'number', isContentEditable: false }, false)), { tag: 'INPUT', type: 'number', editable: false, visible: false });
  assert.deepEqual(focusOf(el({ tagName: 'DIV', isContentEditable: true }, false)), { tag: 'DIV', type: '', editable: true, visible: false });
  const tabbed = el({ tagName: 'BUTTON', type: 'button' }, true);
  assert.equal(focusOf(tabbed).visible, true);
  const clicked = el({ tagName: 'BUTTON', type: 'button' }, false);
  clicked.shows = true; // the first key press makes it show
  assert.equal(focusOf(clicked).visible, false, 'what counts is how the focus came');
  const old = { tagName: 'BUTTON', type: 'button', matches: () => { throw new SyntaxError(':focus-visible'); } };
  focusin({ target: old });
  assert.equal(focusOf(old).visible, false, 'an engine without :focus-visible: the board keeps its keys, as before');
});

/** A document-like object: its open dialogs (modal or not) and the focused element. */
function fakeDoc(dialogs, active) {
  return {
    activeElement: active,
    querySelectorAll: (sel) => (sel === 'dialog[open]' ? dialogs.map((modal) => ({ matches: (q) => q === ':modal' && modal })) : []),
  };
}

test('a modal dialog stops the app\'s keys; a non-modal one ("Which hand?") does not', () => {
  const body = { tagName: 'BODY' };
  assert.equal(appTakesKey(k('5'), fakeDoc([], body)), true);
  assert.equal(appTakesKey(k('5'), fakeDoc([true], body)), false, 'a modal dialog is open');
  assert.equal(appTakesKey(k('5'), fakeDoc([false], body)), true, 'a non-modal question is open');
  const button = { tagName: 'BUTTON', type: 'button', matches: (q) => q === ':focus-visible' };
  watchFocus({ addEventListener: (type, f) => f({ target: button }) });
  assert.equal(appTakesKey(k('5'), fakeDoc([false], button)), true, 'focus on its button: digits still play');
  assert.equal(appTakesKey(k('Enter'), fakeDoc([false], button)), false, 'Enter presses its button');
  assert.equal(appTakesKey(k('5'), fakeDoc([], { tagName: 'INPUT', type: 'number' })), false);
  // An engine without :modal takes an open dialog as modal.
  const old = { activeElement: body, querySelectorAll: () => [{ matches: () => { throw new SyntaxError(':modal'); } }] };
  assert.equal(appTakesKey(k('5'), old), false);
});

test('marks as SudokuPad types them: Shift+digit corner, Ctrl/Cmd+digit centre, by the key\'s place', () => {
  for (const n of SIZES) {
    // Shift+1 is '!' on a US layout and '1' on others; the number pad's key with Shift is 'End'.
    assert.deepEqual(keyAction(k('!', { shiftKey: true, code: 'Digit1' }), n), { type: 'symbol', value: 1, mark: 'corner' });
    assert.deepEqual(keyAction(k('End', { shiftKey: true, code: 'Numpad1' }), n), { type: 'symbol', value: 1, mark: 'corner' });
    assert.deepEqual(keyAction(k('1', { shiftKey: true }), n), { type: 'symbol', value: 1, mark: 'corner' });
    for (const mod of ['ctrlKey', 'metaKey']) {
      assert.deepEqual(keyAction(k('3', { [mod]: true, code: 'Digit3' }), n), { type: 'symbol', value: 3, mark: 'centre' });
      assert.deepEqual(keyAction(k('3', { [mod]: true, code: 'Numpad3' }), n), { type: 'symbol', value: 3, mark: 'centre' });
    }
    // A digit above the board's side is nothing, marked or not.
    assert.deepEqual(keyAction(k('(', { shiftKey: true, code: 'Digit9' }), n), n >= 9 ? { type: 'symbol', value: 9, mark: 'corner' } : null);
  }
  assert.equal(keyAction(k('(', { shiftKey: true, code: 'Digit9' }), 6), null);
  assert.equal(keyAction(k('7', { ctrlKey: true, code: 'Digit7' }), 6), null);
  assert.deepEqual(keyAction(k('B', { shiftKey: true, code: 'KeyB' }), 16), { type: 'symbol', value: 11, mark: 'corner' });
  assert.deepEqual(keyAction(k('B', { code: 'KeyB' }), 16), { type: 'symbol', value: 11 }, 'caps lock alone is still the value');
  assert.equal(keyAction(k('0', { ctrlKey: true, code: 'Digit0' }), 9), null, 'Ctrl+0 (zoom) stays the browser\'s');
  assert.deepEqual(keyAction(k('z', { ctrlKey: true, shiftKey: true, code: 'KeyZ' }), 9), { type: 'redo' });
});

test('Shift+arrows add cells to the selection; Space cycles what the pencil writes', () => {
  assert.deepEqual(keyAction(k('ArrowRight', { shiftKey: true }), 9), { type: 'extend', dr: 0, dc: 1 });
  assert.deepEqual(keyAction(k('ArrowUp', { shiftKey: true }), 4), { type: 'extend', dr: -1, dc: 0 });
  assert.deepEqual(keyAction(k('ArrowUp'), 4), { type: 'move', dr: -1, dc: 0 });
  assert.deepEqual(keyAction(k(' '), 9), { type: 'cycleMarks' });
});
