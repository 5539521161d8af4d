import { test } from 'node:test';
import assert from 'node:assert/strict';
import { drawCellBoard, SUDOKU_LAYERS } from '../../ui/js/board.js';
import { KENKEN_LAYERS } from '../../ui/js/kenken-board.js';

// A 2D context that records what is drawn (fills, strokes, texts) and takes any other call.
function recorder(px) {
  const log = [];
  const ctx = new Proxy({ canvas: { width: px, height: px }, measureText: (s) => ({ width: s.length * 5 }), log }, {
    get(target, k) {
      if (k in target) return target[k];
      if (['fillRect', 'stroke', 'fill', 'fillText', 'strokeRect'].includes(k)) return (...a) => log.push([k, ...a]);
      return () => {};
    },
    set(target, k, v) { target[k] = v; return true; },
  });
  return { getContext: () => ctx, width: px, height: px, log };
}

const view = (n) => ({ size: n, box_rows: 2, box_cols: 2, notes: [], cages: [], cells: Array.from({ length: n * n }, () => ({ value: 0, candidates: 0 })) });

test('the pipeline: underlay, then the game\'s lines, its marks, then the numbers with the lines\' inset', () => {
  const order = [];
  const canvas = recorder(400);
  const v = view(4);
  v.cells[5] = { value: 3, conflict: true, candidates: 0 };
  const layers = {
    peers: (vw, sel) => { order.push(['peers', sel]); return (r, c) => r === sel.row; },
    lines: () => { order.push(['lines', canvas.log.length > 0]); return { inset: 17 }; },
    marks: (ctx, vw, lines) => order.push(['marks', lines.inset]),
    valueSize: 0.5, valueY: 0.5, place: () => ({ x: 0.5, y: 0.5, size: 0.3 }),
  };
  drawCellBoard(canvas, v, { selected: { row: 1, col: 0 } }, layers);
  assert.deepEqual(order, [['peers', { row: 1, col: 0 }], ['lines', true], ['marks', 17]], 'the underlay is drawn before the lines');
  const text = canvas.log.findIndex((e) => e[0] === 'fillText');
  assert.ok(text > 0, 'the numbers come last');
  assert.deepEqual(canvas.log[text].slice(1), ['3', 150, 150]);
  // No selection: no peers are asked for.
  order.length = 0;
  drawCellBoard(recorder(400), v, {}, layers);
  assert.deepEqual(order.map((e) => e[0]), ['lines', 'marks']);
});

test('Sudoku\'s peers share a row, column or box; KenKen\'s only a row or column', () => {
  const v = { ...view(4), box_rows: 2, box_cols: 2 };
  const sp = SUDOKU_LAYERS.peers(v, { row: 0, col: 0 });
  const kp = KENKEN_LAYERS.peers(v, { row: 0, col: 0 });
  assert.deepEqual([sp(1, 1), sp(0, 3), sp(3, 0), sp(2, 2)], [true, true, true, false]);
  assert.deepEqual([kp(1, 1), kp(0, 3), kp(3, 0)], [false, true, true]);
});

test('each game\'s lines say the inset its wrong marks use; KenKen\'s marks print every cage label', () => {
  const canvas = recorder(600);
  assert.deepEqual(SUDOKU_LAYERS.lines(canvas.getContext(), view(4)), { inset: 3 });
  const kv = { ...view(4), cages: [{ cells: [[0, 0], [0, 1]], target: 3, op: '+' }, { cells: [[1, 0]], target: 2, op: null }] };
  const lines = KENKEN_LAYERS.lines(canvas.getContext(), kv);
  assert.equal(lines.inset, Math.round(600 / 130));
  KENKEN_LAYERS.marks(canvas.getContext(), kv, lines);
  assert.deepEqual(canvas.log.filter((e) => e[0] === 'fillText').map((e) => e[1]), ['3+', '2']);
});
