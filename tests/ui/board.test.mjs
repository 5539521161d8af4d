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

test('frameRect: the outline strokeRect would draw, as filled rectangles, dashed with its corners drawn', async () => {
  const { frameRect } = await import('../../ui/js/board.js');
  const rects = (dash) => {
    const c = recorder(100);
    frameRect(c.getContext(), 10, 20, 40, 30, 4, dash);
    return c.log.map(([k, ...r]) => { assert.equal(k, 'fillRect'); return r; });
  };
  // Solid: one rectangle per edge, over the band strokeRect covers (x-2..x+w+2, y-2..y+h+2, 4 wide).
  assert.deepEqual(rects(null), [[8, 18, 44, 4], [8, 48, 44, 4], [8, 18, 4, 34], [48, 18, 4, 34]]);
  // Dashed: every edge begins and ends with a dash, the dashes stay in the band, and their
  // lengths are the pattern's, stretched to fit the edge.
  const dashed = rects([6, 4]);
  const horizontal = dashed.filter(([, , w, h]) => h === 4 && w < 44);
  const vertical = dashed.filter(([, , w, h]) => w === 4 && h < 34);
  assert.equal(horizontal.length + vertical.length, dashed.length, 'every piece is a dash of one edge');
  for (const [edge, from, len, pos, size] of [[horizontal, 8, 44, 0, 2], [vertical, 18, 34, 1, 3]]) {
    for (const y of new Set(edge.map((r) => r[1 - pos]))) {
      const line = edge.filter((r) => r[1 - pos] === y).sort((a, b) => a[pos] - b[pos]);
      assert.ok(line.length >= 2);
      assert.equal(line[0][pos], from, 'starts at the corner');
      assert.ok(Math.abs(line.at(-1)[pos] + line.at(-1)[size] - (from + len)) < 1e-9, 'ends at the corner');
      for (const r of line) assert.ok(r[size] > 6 * 0.8 && r[size] < 6 * 1.25, `dash of ${r[size]}`);
    }
  }
});

test('every canvas a game draws its board on is a CPU canvas, asked for through context2d', async () => {
  const { readFileSync, readdirSync } = await import('node:fs');
  const { context2d } = await import('../../ui/js/board.js');
  let asked;
  context2d({ getContext: (...a) => { asked = a; return {}; } });
  assert.deepEqual(asked, ['2d', { willReadFrequently: true }]);
  // A canvas keeps the kind its first getContext gave it: a screen asking without the option
  // first would make the shared board a GPU canvas again (#27). The calls left are canvases of
  // their own: the ink layer (drawn at pen rate), the picker's thumbnails, a temporary raster.
  const allowed = new Set(['ink.js: this.context = this.canvas', 'screens/slide.js: const c = canvas', 'screens/slide.js: c', 'screens/slide-play.js: r']);
  const dir = new URL('../../ui/js/', import.meta.url);
  const found = [];
  for (const f of readdirSync(dir, { recursive: true }).filter((f) => f.endsWith('.js'))) {
    for (const m of readFileSync(new URL(f, dir), 'utf8').matchAll(/([\w.= ]*?)\.getContext\('2d'\)/g)) found.push(`${f}: ${m[1].trim()}`);
  }
  assert.deepEqual(found.filter((k) => !allowed.has(k)), []);
});
