import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as M from '../../ui/js/pen-modes.js';

const TOOLS = ['idle', 'number', 'colour', 'erasing', 'selecting'];
const read = (m) => ({ armed: M.armedNumber(m), colour: M.armedColour(m), eraser: M.erasing(m) });

test('a new screen is idle with the pen: strokes write', () => {
  const m = M.initialModes();
  assert.deepEqual(read(m), { armed: null, colour: null, eraser: false });
  assert.equal(M.inputMode(m), 'write');
  assert.deepEqual(M.pressedModes(m), { pen: true, pencil: false, eraser: false, select: false });
  assert.ok(Object.isFrozen(m));
});

test('a number chosen first arms; the same number again disarms; another one re-arms', () => {
  let r = M.pressNumber(M.initialModes(), 3);
  assert.equal(r.effect, 'armed');
  assert.deepEqual(read(r.modes), { armed: 3, colour: null, eraser: false });
  r = M.pressNumber(r.modes, 5);
  assert.equal(r.effect, 'armed');
  assert.equal(M.armedNumber(r.modes), 5);
  r = M.pressNumber(r.modes, 5);
  assert.equal(r.effect, 'disarmed');
  assert.equal(r.modes.tool, 'idle');
});

test('a cell first, then the number: it goes in, unless a number is already chosen or the cell is a given', () => {
  const idle = M.initialModes();
  assert.equal(M.pressNumber(idle, 4, { selectedWritable: true }).effect, 'enter');
  assert.equal(M.pressNumber(idle, 4, { selectedWritable: false }).effect, 'armed', 'a given selected: the number arms');
  const armed = M.pressNumber(idle, 2).modes;
  const r = M.pressNumber(armed, 4, { selectedWritable: true });
  assert.equal(r.effect, 'armed', 'a number chosen first stays number-first');
  assert.equal(M.armedNumber(r.modes), 4);
  // A colour chosen first gives way to the number, which goes into the selected cell.
  const colour = M.pressColour(idle, 2).modes;
  const e = M.pressNumber(colour, 4, { selectedWritable: true });
  assert.equal(e.effect, 'enter');
  assert.deepEqual(read(e.modes), { armed: null, colour: null, eraser: false });
});

test('choosing a number, a colour or the eraser leaves whichever of the others was on', () => {
  const on = {
    idle: M.initialModes(),
    number: M.pressNumber(M.initialModes(), 1).modes,
    colour: M.pressColour(M.initialModes(), 1).modes,
    erasing: M.setEraser(M.initialModes(), true).modes,
    selecting: M.setSelect(M.initialModes(), true).modes,
  };
  for (const from of TOOLS) {
    const byNumber = M.pressNumber(on[from], 7).modes;
    assert.deepEqual(read(byNumber), { armed: 7, colour: null, eraser: false }, `number from ${from}`);
    const byColour = M.pressColour(on[from], 3).modes;
    assert.deepEqual(read(byColour), { armed: null, colour: 3, eraser: false }, `colour from ${from}`);
    const byEraser = M.setEraser(on[from], true).modes;
    assert.deepEqual(read(byEraser), { armed: null, colour: null, eraser: true }, `eraser from ${from}`);
  }
});

test('a colour on a selected cell changes no mode; chosen first it arms and ends the open group', () => {
  const idle = M.initialModes();
  const r = M.pressColour(idle, 2, { selected: true });
  assert.equal(r.effect, 'colour-cell');
  assert.equal(r.modes, idle);
  assert.equal(r.flush, false);
  // Eraser mode stays on while a swatch colours the selected cell.
  const er = M.setEraser(idle, true).modes;
  assert.equal(M.pressColour(er, 2, { selected: true }).modes, er);
  const armed = M.pressColour(idle, 2);
  assert.equal(armed.effect, 'armed');
  assert.equal(armed.flush, true);
  assert.equal(M.inputMode(armed.modes), 'tap', 'with a colour chosen the board takes taps and sweeps');
  // A colour chosen first: another swatch re-arms even with a cell selected; the same disarms.
  assert.equal(M.armedColour(M.pressColour(armed.modes, 4, { selected: true }).modes), 4);
  const off = M.pressColour(armed.modes, 2, { selected: true });
  assert.equal(off.effect, 'disarmed');
  assert.equal(off.modes.tool, 'idle');
  // A number chosen first gives way to the colour, even with a cell selected.
  const num = M.pressNumber(idle, 5).modes;
  assert.equal(M.armedColour(M.pressColour(num, 1, { selected: true }).modes), 1);
});

test('eraser mode: any stroke erases; off again, the board is idle; the flag never lingers', () => {
  const on = M.setEraser(M.initialModes('pencil'), true);
  assert.equal(on.effect, 'erasing');
  assert.equal(on.flush, true);
  assert.equal(M.inputMode(on.modes), 'erase');
  assert.deepEqual(M.pressedModes(on.modes), { pen: false, pencil: false, eraser: true, select: false });
  const off = M.setEraser(on.modes, false);
  assert.equal(off.modes.tool, 'idle');
  assert.equal(M.inputMode(off.modes), 'note');
  // Off from another tool changes nothing.
  const armed = M.pressNumber(M.initialModes(), 2).modes;
  assert.equal(M.setEraser(armed, false).modes, armed);
  // A number pressed in eraser mode leaves it and ends the open group.
  const n = M.pressNumber(on.modes, 2);
  assert.equal(n.flush, true);
  assert.equal(M.erasing(n.modes), false);
  assert.equal(M.pressNumber(armed, 2).flush, false);
});

test('pen or pencil: leaves eraser mode, keeps a number or colour chosen first, says when it changed', () => {
  const erasing = M.setEraser(M.initialModes(), true).modes;
  let r = M.chooseInput(erasing, 'pen');
  assert.equal(r.effect, null, 'the same input mode: nothing to tell the backend');
  assert.equal(r.flush, true);
  assert.equal(r.modes.tool, 'idle');
  r = M.chooseInput(r.modes, 'pencil');
  assert.equal(r.effect, 'changed');
  assert.equal(r.modes.input, 'pencil');
  assert.equal(M.inputMode(r.modes), 'note');
  const armed = M.chooseInput(M.pressNumber(M.initialModes(), 6).modes, 'pencil').modes;
  assert.equal(M.armedNumber(armed), 6);
  assert.equal(M.inputMode(armed), 'write', 'a number chosen first: the pen\'s ink reads as a number, then a candidate');
  const colour = M.chooseInput(M.pressColour(M.initialModes(), 3).modes, 'pencil').modes;
  assert.equal(M.armedColour(colour), 3);
});

test('alternatives offered: shown until withdrawn; any view withdraws them', () => {
  const u = { row: 1, col: 2, symbol: '7', alternatives: ['1', '4'] };
  const armed = M.pressNumber(M.initialModes(), 2).modes;
  const offered = M.offer(armed, u);
  assert.deepEqual(offered.offer, u);
  assert.equal(M.armedNumber(offered), 2, 'an offer changes no tool');
  assert.equal(M.withdraw(offered).offer, null);
  const idle = M.initialModes();
  assert.equal(M.withdraw(idle), idle);
  assert.equal(M.seeView(offered, { kind: 'sudoku', size: 9 }).offer, null);
});

test('a view: another board resets the tool and takes the game\'s input mode; a move keeps them', () => {
  const armed = M.chooseInput(M.pressNumber(M.initialModes(), 2).modes, 'pencil').modes;
  const same = M.seeView(armed, { kind: 'sudoku', size: 9, input_mode: 'pen' });
  assert.equal(M.armedNumber(same), 2);
  assert.equal(same.input, 'pencil', 'a move\'s view does not change the player\'s mode');
  const fresh = M.seeView(armed, { kind: 'sudoku', size: 9, input_mode: 'pen' }, { fresh: true });
  assert.deepEqual(read(fresh), { armed: null, colour: null, eraser: false });
  assert.equal(fresh.input, 'pen');
  assert.equal(M.seeView(armed, { kind: 'kenken', size: 6 }, { fresh: true }).input, 'pencil', 'a view without a mode keeps the one in use');
});

test('entering givens: a Sudoku being entered from paper, told by the view', () => {
  const m = M.seeView(M.initialModes(), { kind: 'sudoku', size: 9, difficulty: 'being entered' }, { fresh: true });
  assert.equal(m.entering, true);
  assert.equal(M.seeView(m, { kind: 'sudoku', size: 9, difficulty: 'easy' }, { fresh: true }).entering, false);
  assert.equal(M.seeView(m, { kind: 'kenken', size: 6, difficulty: 'easy' }).entering, false);
  assert.equal(M.seeView(m, { kind: 'jigsaw', size: 9, difficulty: 'being entered' }).entering, true, 'a variant\'s board being entered');
});

test('random presses: exactly one tool at a time, and the input mode follows from the modes alone', () => {
  let seed = 7;
  const rnd = (k) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % k; };
  let m = M.initialModes();
  for (let i = 0; i < 2000; i++) {
    const k = rnd(8);
    if (k === 0) m = M.pressNumber(m, 1 + rnd(9), { selectedWritable: rnd(2) === 0 }).modes;
    else if (k === 1) m = M.pressColour(m, 1 + rnd(4), { selected: rnd(2) === 0 }).modes;
    else if (k === 2) m = M.setEraser(m, rnd(2) === 0).modes;
    else if (k === 3) m = M.chooseInput(m, rnd(2) ? 'pen' : 'pencil').modes;
    else if (k === 4) m = M.offer(m, { row: 0, col: 0, symbol: '1', alternatives: ['7'] });
    else if (k === 5) m = M.withdraw(m);
    else if (k === 7) m = M.setSelect(m, rnd(2) === 0).modes;
    else m = M.seeView(m, { kind: 'sudoku', size: 9 }, { fresh: rnd(4) === 0 });
    const on = [M.armedNumber(m) !== null, M.armedColour(m) !== null, M.erasing(m), M.selecting(m)].filter(Boolean).length;
    assert.ok(on <= 1, JSON.stringify(m));
    assert.ok(TOOLS.includes(m.tool));
    assert.equal(m.value !== null, m.tool === 'number' || m.tool === 'colour', JSON.stringify(m));
    const p = M.pressedModes(m);
    assert.equal([p.pen, p.pencil, p.eraser].filter(Boolean).length, 1, 'one mode button pressed');
  }
});

test('select mode (#43): taps and sweeps choose cells; a number goes on the selection and the mode stays', () => {
  let m = M.initialModes();
  const on = M.setSelect(m, true);
  assert.equal(on.effect, 'selecting');
  m = on.modes;
  assert.equal(M.inputMode(m), 'tap', 'the pen does not write while selecting');
  assert.deepEqual(M.pressedModes(m), { pen: true, pencil: false, eraser: false, select: true });
  const n = M.pressNumber(m, 5, { selectedWritable: true });
  assert.equal(n.effect, 'enter');
  assert.ok(M.selecting(n.modes), 'still selecting after a number');
  assert.ok(M.selecting(M.chooseInput(m, 'pencil').modes), 'pen or pencil says what the number does; the selection stays');
  assert.ok(M.erasing(M.setEraser(m, true).modes) && !M.selecting(M.setEraser(m, true).modes), 'the eraser leaves select mode');
  assert.ok(!M.selecting(M.setSelect(m, false).modes));
  assert.equal(M.inputMode(M.setSelect(m, false).modes), 'write');
});
