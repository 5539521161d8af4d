// WCAG contrast of each theme's colour pairs (css/themes.css): digits and candidates and the
// page's text >= 4.5:1 on every background they are drawn on; grid lines, marks and pencil
// ink >= 3:1 on the paper. Translucent colours are composited over their background first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolveTheme, BOARD_VARS } from '../../ui/js/theme.js';

const css = readFileSync(new URL('../../ui/css/themes.css', import.meta.url), 'utf8');

/** Each theme's variables, from its :root[data-theme="..."] block. */
function themes() {
  const out = {};
  for (const m of css.matchAll(/:root\[data-theme="([\w-]+)"\]\s*\{([^}]*)\}/g)) {
    const vars = {};
    for (const v of m[2].matchAll(/(--[\w-]+):\s*([^;]+);/g)) vars[v[1]] = v[2].trim();
    out[m[1]] = vars;
  }
  return out;
}

function parse(c) {
  let m = /^#([0-9a-f]{6})$/i.exec(c);
  if (m) { const n = parseInt(m[1], 16); return [n >> 16, (n >> 8) & 255, n & 255, 1]; }
  m = /^rgba?\(\s*(\d+),\s*(\d+),\s*(\d+)(?:,\s*([\d.]+))?\s*\)$/.exec(c);
  if (m) return [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])];
  throw new Error(`not a colour: ${c}`);
}

function over(fg, bg) {
  const a = fg[3];
  return [0, 1, 2].map((i) => fg[i] * a + bg[i] * (1 - a)).concat(1);
}

function luminance([r, g, b]) {
  const lin = (v) => { const s = v / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrast(fg, bg) {
  const b = parse(bg);
  const f = over(parse(fg), b);
  const [l1, l2] = [luminance(f), luminance(b)].sort((x, y) => y - x);
  return (l1 + 0.05) / (l2 + 0.05);
}

test('the contrast formula matches WCAG reference values', () => {
  assert.equal(contrast('#000000', '#ffffff').toFixed(1), '21.0');
  assert.equal(contrast('#777777', '#ffffff').toFixed(2), '4.48');
  assert.equal(contrast('#ffffff', '#ffffff').toFixed(1), '1.0');
});

const T = themes();

test('the three themes exist and define the same variables, every board colour among them', () => {
  assert.deepEqual(Object.keys(T).sort(), ['dark', 'high-contrast', 'light']);
  const names = Object.keys(T.light).sort();
  for (const [name, vars] of Object.entries(T)) assert.deepEqual(Object.keys(vars).sort(), names, name);
  for (const v of Object.values(BOARD_VARS)) assert.ok(names.includes(v), `${v} is not defined`);
  assert.equal(resolveTheme('system', true), 'dark');
  assert.equal(resolveTheme('system', false), 'light');
  assert.equal(resolveTheme(undefined, true), 'dark');
  assert.equal(resolveTheme('high-contrast', false), 'high-contrast');
});

// [foreground, backgrounds, minimum]
const BOARD_BGS = ['--board-paper', '--board-selected', '--board-peer', '--board-same', '--board-hint-focus', '--board-hint-target'];
const PAIRS = [
  ['--board-given', BOARD_BGS, 4.5],
  ['--board-entry', BOARD_BGS, 4.5],
  ['--board-bad', BOARD_BGS, 4.5],
  ['--board-candidate', BOARD_BGS, 4.5],
  ['--board-digit-candidate', ['--board-paper', '--board-peer'], 4.5], // a highlighted digit's candidates
  ['--board-selected-edge', ['--board-paper', '--board-selected'], 3],
  ['--board-grid', ['--board-paper'], 3],
  ['--board-grid-strong', ['--board-paper', '--board-selected', '--board-peer'], 3],
  ['--board-note-active', ['--board-paper', '--board-peer', '--board-selected'], 3],
  ['--board-note-idle', ['--board-paper'], 3],
  ['--board-bad', ['--board-paper'], 3],
  ['--text', ['--paper', '--panel', '--control', '--control-hover', '--note-bg'], 4.5],
  ['--muted', ['--paper', '--panel', '--control'], 4.5],
  ['--ink', ['--paper', '--panel', '--control'], 4.5],
  ['--on-accent', ['--accent'], 4.5],
  ['--danger', ['--paper', '--panel'], 4.5],
  ['--on-toast', ['--toast'], 4.5],
  ['--accent', ['--paper', '--panel', '--board-paper'], 3], // focus rings
  ['--control-border', ['--control', '--panel'], 3],
  ...['--plot-0', '--plot-1', '--plot-2', '--plot-3'].map((p) => [p, ['--paper'], 3]), // plot lines and bars
];

for (const name of ['light', 'dark', 'high-contrast']) {
  test(`${name}: every colour pair is legible`, () => {
    const vars = T[name];
    const fails = [];
    for (const [fg, bgs, min] of PAIRS) {
      for (const bg of bgs) {
        const c = contrast(vars[fg], vars[bg]);
        if (c < min) fails.push(`${fg} ${vars[fg]} on ${bg} ${vars[bg]}: ${c.toFixed(2)} < ${min}`);
      }
    }
    assert.deepEqual(fails, []);
  });
}

test("the board's built-in colours are the light theme's (the board before theme.js runs)", async () => {
  const { COLORS } = await import('../../ui/js/board.js');
  for (const [key, v] of Object.entries(BOARD_VARS)) assert.equal(COLORS[key], T.light[v], `${key} (${v})`);
});
