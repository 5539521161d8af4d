import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isBrowserKey, isHistoryButton, isZoomWheel, guardBrowserKeys } from '../../ui/js/browserkeys.js';
import { keyAction, historyKey } from '../../ui/js/keys.js';
import { keyTileDir } from '../../ui/js/slidegeom.js';

const k = (key, mods = {}) => ({ key, code: '', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });
const ctrl = (key, more = {}) => k(key, { ctrlKey: true, ...more });

test('the browser shortcuts the app does not use are prevented', () => {
  const blocked = [
    k('F5'), ctrl('F5'), k('F5', { shiftKey: true }), ctrl('r'), ctrl('R', { shiftKey: true }), k('BrowserRefresh'),
    ctrl('f'), k('F3'), k('F3', { shiftKey: true }), ctrl('g'), ctrl('G', { shiftKey: true }),
    k('F7'),
    k('ArrowLeft', { altKey: true }), k('ArrowRight', { altKey: true }), k('BrowserBack'), k('BrowserForward'),
    ctrl('u'), ctrl('I', { shiftKey: true }), ctrl('J', { shiftKey: true }), ctrl('C', { shiftKey: true }), k('F12'),
    ctrl('+'), ctrl('='), ctrl('-'), ctrl('0'), ctrl('+', { shiftKey: true }), ctrl('Add', { code: 'NumpadAdd' }), ctrl('Subtract', { code: 'NumpadSubtract' }),
    k('r', { metaKey: true }),
  ];
  for (const ev of blocked) assert.equal(isBrowserKey(ev), true, JSON.stringify(ev));
});

test('the app\'s own keys keep their meaning and are not prevented', () => {
  const ours = [
    ctrl('p'), ctrl('z'), ctrl('y'), ctrl('Z', { shiftKey: true }),
    k('1'), k('9'), k('a'), k('g'), k('0'), k('Delete'), k('Backspace'), k('p'), k('x'), k('m'), k('h'), k('H'),
    k('ArrowUp'), k('ArrowDown'), k('ArrowLeft'), k('ArrowRight'), k('w'), k('s'), k('Escape'), k('Enter'), k('Tab'), k(' '),
    k('r'), k('f'), k('u'),
  ];
  for (const ev of ours) assert.equal(isBrowserKey(ev), false, JSON.stringify(ev));
  // The game keys still map to their moves.
  assert.deepEqual(historyKey(ctrl('z')), 'undo');
  assert.deepEqual(keyAction(k('5'), 9), { type: 'symbol', value: 5 });
  assert.ok(keyTileDir(k('ArrowLeft')));
});

test('the mouse\'s back and forward buttons and Ctrl+wheel are prevented; other buttons and plain wheels are not', () => {
  assert.equal(isHistoryButton({ button: 3 }), true);
  assert.equal(isHistoryButton({ button: 4 }), true);
  for (const button of [0, 1, 2, 5]) assert.equal(isHistoryButton({ button }), false, `button ${button}`);
  assert.equal(isZoomWheel({ ctrlKey: true, deltaY: 100 }), true);
  assert.equal(isZoomWheel({ ctrlKey: false, deltaY: 100 }), false);
});

test('the guards listen in the capture phase and prevent only the defaults', () => {
  const listeners = [];
  const win = { addEventListener: (type, fn, opts) => listeners.push({ type, fn, opts }) };
  const seen = [];
  guardBrowserKeys(win, (what) => seen.push(what));
  assert.ok(listeners.every((l) => l.opts && l.opts.capture === true), 'capture phase');
  const wheel = listeners.find((l) => l.type === 'wheel');
  assert.equal(wheel.opts.passive, false, 'a wheel listener must not be passive to prevent zoom');
  const event = (props) => ({ ...props, prevented: false, stopped: false, preventDefault() { this.prevented = true; }, stopPropagation() { this.stopped = true; } });
  const key = listeners.find((l) => l.type === 'keydown');
  const f5 = event(k('F5'));
  key.fn(f5);
  assert.equal(f5.prevented, true);
  assert.equal(f5.stopped, false, 'our own handlers still see it');
  const digit = event(k('5'));
  key.fn(digit);
  assert.equal(digit.prevented, false);
  const up = event({ button: 3 });
  listeners.find((l) => l.type === 'mouseup').fn(up);
  assert.equal(up.prevented, true);
  assert.deepEqual(seen, ['key', 'button']);
});
