// The pen screen's modes (screens/penplay.js), pure (node-tested), like input.js's pointer
// machine: which tool the board's strokes and taps are for, and what the pad's buttons show.
// No DOM: every transition takes the modes and returns the next ones, with what the screen must
// do about it; the screen never sets a flag of its own.
//
// Modes (a frozen object):
//   tool      exactly one of
//               'idle'     taps select, the pen writes, the pencil notes
//               'number'   a number chosen first (`value`): tapped cells get it
//               'colour'   a colour chosen first (`value`): tapped or swept cells get it
//               'erasing'  eraser mode: any pointer rubs out (cells, or notes in pencil mode)
//               'selecting' select mode (#43): taps add or take cells, a sweep adds the cells
//                          it passes over; then a number, a mark, a colour or Delete goes on all
//             choosing one leaves the others, so no two are ever on at once
//   input     'pen' | 'pencil': the game's input mode (kept with the game by the backend);
//             choosing either leaves eraser mode, keeps a number or colour chosen first
//   offer     null, or {row, col, symbol, alternatives}: an unsure guess with its alternatives
//             offered beside it; any other event (a view, a stroke, a tap) withdraws it
//   entering  the board is a Sudoku being entered from paper (entry.js): givens, not play
//
// A transition returns {modes, effect, flush}: `effect` says what else happens ('enter': the
// number goes into the selected cell; 'colour-cell': the colour goes on the selected cell;
// 'armed' / 'disarmed' / 'erasing': tell the player; 'changed': the input mode changed, tell the
// backend; null: nothing), `flush`: end the pen's open stroke group now (the stroke's meaning
// changed under it).

import { isEntering } from './entry.js';

const freeze = (m) => Object.freeze(m);

/** The modes of a screen before any view: idle, with the pen. */
export function initialModes(input = 'pen') {
  return freeze({ tool: 'idle', value: null, input, offer: null, entering: false });
}

const withTool = (m, tool, value = null) => freeze({ ...m, tool, value });

/** The number chosen first, or null. */
export const armedNumber = (m) => (m.tool === 'number' ? m.value : null);
/** The colour chosen first, or null. */
export const armedColour = (m) => (m.tool === 'colour' ? m.value : null);
/** Whether eraser mode is on. */
export const erasing = (m) => m.tool === 'erasing';
/** Whether select mode is on. */
export const selecting = (m) => m.tool === 'selecting';

/** What a stroke starting now does (input.js's screen mode). */
export function inputMode(m) {
  if (m.tool === 'erasing') return 'erase';
  if (m.tool === 'colour' || m.tool === 'selecting') return 'tap';
  // A number chosen first is written even in pencil mode: the pen's ink then reads as a number.
  return m.input === 'pencil' && m.tool !== 'number' ? 'note' : 'write';
}

/** Which mode buttons show pressed: {pen, pencil, eraser, select}. */
export function pressedModes(m) {
  const e = m.tool === 'erasing';
  return { pen: m.input === 'pen' && !e, pencil: m.input === 'pencil' && !e, eraser: e, select: m.tool === 'selecting' };
}

/** Select mode on or off; on, it leaves a number or colour chosen first and eraser mode. */
export function setSelect(m, on) {
  if (on) return { modes: withTool(m, 'selecting'), effect: 'selecting', flush: true };
  return { modes: m.tool === 'selecting' ? withTool(m, 'idle') : m, effect: null, flush: true };
}

/**
 * A number on the pad: number first (armed; the same number again disarms) or, with a cell
 * selected that can take it and no number chosen, into that cell. Leaves colour and eraser.
 * @param {{selectedWritable?: boolean}} at whether a selected cell can take the number (not a given)
 */
export function pressNumber(m, v, { selectedWritable = false } = {}) {
  const flush = m.tool === 'erasing';
  if (m.tool === 'number' && m.value === v) return { modes: withTool(m, 'idle'), effect: 'disarmed', flush };
  // In select mode the number goes on the selection and the mode stays.
  if (selectedWritable && m.tool === 'selecting') return { modes: m, effect: 'enter', flush };
  if (selectedWritable && m.tool !== 'number') return { modes: withTool(m, 'idle'), effect: 'enter', flush };
  return { modes: withTool(m, 'number', v), effect: 'armed', flush };
}

/**
 * A colour swatch: on a selected cell at once (no mode changes), or chosen first (the same
 * colour again disarms). A number chosen first gives way to the colour.
 * @param {{selected?: boolean}} at whether a cell is selected
 */
export function pressColour(m, k, { selected = false } = {}) {
  if (m.tool === 'colour' && m.value === k) return { modes: withTool(m, 'idle'), effect: 'disarmed', flush: false };
  if (selected && m.tool !== 'colour' && m.tool !== 'number') return { modes: m, effect: 'colour-cell', flush: false };
  return { modes: withTool(m, 'colour', k), effect: 'armed', flush: true };
}

/** Eraser mode on or off; on, it leaves a number or colour chosen first. */
export function setEraser(m, on) {
  if (on) return { modes: withTool(m, 'erasing'), effect: 'erasing', flush: true };
  return { modes: m.tool === 'erasing' ? withTool(m, 'idle') : m, effect: null, flush: true };
}

/** Pen or pencil: leaves eraser mode; 'changed' when the game's input mode is another now. */
export function chooseInput(m, input) {
  const tool = m.tool === 'erasing' ? 'idle' : m.tool;
  const modes = freeze({ ...m, input, tool, value: tool === m.tool ? m.value : null });
  return { modes, effect: m.input !== input ? 'changed' : null, flush: true };
}

/** An unsure guess: its alternatives are offered beside it. */
export function offer(m, unsure) {
  return freeze({ ...m, offer: { ...unsure } });
}

/** The guess stands as it is: its alternatives go (a stroke, a tap, a choice, another view). */
export function withdraw(m) {
  return m.offer ? freeze({ ...m, offer: null }) : m;
}

/**
 * A view from the backend. `fresh` (another game, or a board of another size): nothing stays
 * chosen, and the input mode is the one the player left this game in. Any view withdraws the
 * offer (something happened: the guess is accepted).
 */
export function seeView(m, view, { fresh = false } = {}) {
  const base = fresh ? { tool: 'idle', value: null, input: (view && view.input_mode) || m.input } : {};
  return freeze({ ...m, ...base, offer: null, entering: isEntering(view) });
}
