// The Sudoku variants (issue 42) in real headless Chromium against the real Rust backend (dev
// bridge): a Killer, a Jigsaw and a Sudoku X started from the game picker, played with the pen
// (real held-out handwriting lands as the right digit), pencil notes, a hint naming its
// technique, undo, a reload that resumes the same game, a Killer in progress beside a classic
// Sudoku (each its own Continue), the board and its words in zh-CN, and screenshots at
// 1920x1080, 800x480 and 533x800.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPenPage, closePenPage, resizePage, startReplacing, chooseLanguage } from '../support/devserver.mjs';
import { artifactPath, waitFor } from '../support/proc.mjs';
import { loadSamples, placeInCell, pageState, boardRect, cellCentre, ipc } from '../support/pen.mjs';

let session, page, pen;

before(async () => ({ page, pen } = session = await openPenPage()), { timeout: 60000 });
after(() => closePenPage(session));

const ui = () => pageState(page);
const rect = () => boardRect(page);
const undo = async () => { await page.keyboard.down('Control'); await page.keyboard.press('z'); await page.keyboard.up('Control'); };
const samples = loadSamples('123456789');

/** A new game of a variant through the game picker, as a player starts one. */
async function newVariant(kind, { size = 9, difficulty = 'easy', x = false } = {}) {
  const key = { 'sudoku-x': 'sudoku_x', jigsaw: 'jigsaw', killer: 'killer' }[kind];
  await page.click('#btn-new');
  await page.waitForFunction(() => document.getElementById('dlg-new').open);
  await page.click(`#game-${kind}`);
  const shown = await page.evaluate(() => [...document.querySelectorAll('#dlg-new [data-game]')].filter((f) => !f.hidden).map((f) => f.dataset.game));
  assert.deepEqual(shown, [kind], 'only the chosen variant\'s options show');
  await page.select(`#new-${key}-size`, String(size));
  await page.select(`#new-${key}-difficulty`, difficulty);
  if (kind === 'killer') {
    const on = await page.evaluate((id) => document.getElementById(id).checked, `new-${key}-x`);
    if (on !== x) await page.click(`#new-${key}-x`);
  }
  const before = (await ui()).view;
  const old = before ? before.game_id : null;
  await page.click('#new-start');
  await startReplacing(page, (k, old) => {
    const v = window.__inkdoku.view;
    return Boolean(v && v.kind === k && v.game_id !== old && window.__inkdoku.ready);
  }, kind, old);
  return (await ui()).view;
}

/** Writes a held-out writer's digit into a cell with the pen and waits for the backend's
 * answer. The recogniser is not what is tested here: a sample it misreads is taken back and
 * the next writer's tried (at most three). */
async function writeDigit(digit, n, row, col) {
  const mine = samples.filter((s) => s.label === String(digit));
  let last = null;
  for (const sample of mine.slice(0, 3)) {
    const r = await rect();
    const writes = (await ui()).writes;
    await pen.write(placeInCell(sample.strokes, r, n, row, col), { gap: 120 });
    await pen.hover(cellCentre(r, n, (row + Math.floor(n / 2)) % n, (col + Math.floor(n / 2)) % n));
    await page.waitForFunction((w) => window.__inkdoku.writes > w, { timeout: 10000 }, writes);
    const w = (await ui()).lastWrite;
    last = w && w.outcome ? w.outcome.symbol : null;
    if (last === String(digit)) return last;
    if (last) { await undo(); await page.waitForFunction((i) => window.__inkdoku.view.cells[i].value === 0, { timeout: 5000 }, row * n + col); }
  }
  return last;
}

/** A hint that places a digit: the steps before it (a Killer's first ones only remove
 * candidates) are made by "Solve step by step", as a player would let them be. */
async function placementHint() {
  for (let k = 0; k < 60; k++) {
    const h = await ipc(page, 'hint');
    if (h && h.place) return h;
    if (!h || h.id === 'solved') return null;
    await ipc(page, 'solve_step', {});
  }
  return null;
}

test('a Killer from the picker: cages and sums drawn, a handwritten digit lands, notes, hint, undo', { timeout: 90000 }, async () => {
  const v = await newVariant('killer', { difficulty: 'easy' });
  assert.equal(v.size, 9);
  assert.ok(v.variant && v.variant.cages.length > 15, 'the view carries the cages');
  const covered = v.variant.cages.flatMap((k) => k.cells).sort((a, b) => a - b);
  assert.deepEqual(covered, [...Array(81).keys()], 'the cages cover the board once');
  await page.screenshot({ path: artifactPath('variant-killer-1200x760.png') });
  // A hint names a technique; its placement is written with the pen, in the held-out hand.
  const h = await placementHint();
  assert.ok(h, 'a hint with a placement');
  assert.ok(h.technique && h.id, `a named technique: ${JSON.stringify(h).slice(0, 200)}`);
  const { row, col, value } = h.place;
  const w = await writeDigit(value, 9, row, col);
  assert.equal(w, String(value), `the pen wrote ${value}`);
  let s = await ui();
  assert.equal(s.view.cells[row * 9 + col].value, value);
  // Undo takes it back.
  await undo();
  await page.waitForFunction((i) => window.__inkdoku.view.cells[i].value === 0, { timeout: 5000 }, row * 9 + col);
  // The pencil keeps ink notes, as on Sudoku.
  await page.click('#mode-pencil');
  const notes = (await ui()).view.notes.length;
  const r = await rect();
  const c = cellCentre(r, 9, 4, 4);
  await pen.stroke([c, { x: c.x + 20, y: c.y + 6 }, { x: c.x + 30, y: c.y + 20 }]);
  await waitFor('a pencil note', async () => ((await ui()).view.notes.length > notes ? true : null));
  await page.click('#mode-pen');
  assert.deepEqual(page.errors, []);
});

test('a Killer beside a classic Sudoku: each its own Continue, and a reload resumes the Killer', { timeout: 90000 }, async () => {
  const killer = (await ui()).view;
  assert.equal(killer.kind, 'killer');
  // A move, so the game is worth continuing.
  const h = await placementHint();
  await ipc(page, 'act', { action: h.apply });
  const classic = await ipc(page, 'new_game', { kind: 'sudoku', params: { size: 9, difficulty: 'easy' } });
  assert.equal(classic.kind, 'sudoku');
  const waiting = await ipc(page, 'startup');
  const kinds = (waiting.resumable || []).map((g) => g.kind);
  assert.ok(kinds.includes('killer'), `the Killer waits for Continue beside the classic game: ${JSON.stringify(waiting.resumable)}`);
  const back = await ipc(page, 'continue_game', { kind: 'killer' });
  assert.equal(back.kind, 'killer');
  assert.deepEqual(back.variant, killer.variant, 'the same cages came back');
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForFunction((id) => window.__inkdoku && window.__inkdoku.view && window.__inkdoku.view.game_id === id && window.__inkdoku.ready, { timeout: 15000 }, back.game_id);
  const s = await ui();
  assert.equal(s.view.kind, 'killer');
  assert.deepEqual(s.view.variant, killer.variant);
});

test('a Jigsaw and a Sudoku X from the picker: their regions and diagonals, a handwritten digit, a hint', { timeout: 90000 }, async () => {
  for (const [kind, size] of [['jigsaw', 9], ['jigsaw', 6], ['sudoku-x', 9]]) {
    const v = await newVariant(kind, { size });
    assert.equal(v.size, size);
    assert.equal(v.variant.regions.length, size * size);
    if (kind === 'jigsaw') assert.ok(v.variant.jigsaw, 'a jigsaw\'s regions');
    else assert.ok(v.variant.x, 'the diagonals');
    await page.screenshot({ path: artifactPath(`variant-${kind}-${size}.png`) });
    const h = await placementHint();
    assert.ok(h, `${kind}: a hint with a placement`);
    const w = await writeDigit(h.place.value, size, h.place.row, h.place.col);
    assert.equal(w, String(h.place.value), `${kind}: the pen wrote ${h.place.value}`);
  }
  assert.deepEqual(page.errors, []);
});

test('the variants in zh-CN: names, the picker and the accessible grid\'s words', { timeout: 60000 }, async () => {
  await chooseLanguage(page, 'zh-CN');
  await page.click('#btn-new');
  await page.waitForFunction(() => document.getElementById('dlg-new').open);
  const tiles = await page.evaluate(() => ['killer', 'jigsaw', 'sudoku-x'].map((k) => document.getElementById(`game-${k}`).textContent));
  assert.match(tiles[0], /杀手数独/);
  assert.match(tiles[1], /锯齿数独/);
  assert.match(tiles[2], /对角线数独/);
  await page.keyboard.press('Escape');
  const v = await newVariant('killer');
  const label = await page.evaluate(() => [...document.querySelectorAll('[role="gridcell"]')].map((c) => c.getAttribute('aria-label')).find((l) => /笼子/.test(l || '')));
  assert.ok(label, 'a cell says its cage and sum in Chinese');
  assert.ok(v.variant.cages.some((k) => label.includes(String(k.sum))), label);
  await page.screenshot({ path: artifactPath('variant-killer-zh.png') });
  await chooseLanguage(page, 'en');
});

test('a Killer fits 1920x1080, 800x480 and 533x800', { timeout: 60000 }, async () => {
  for (const [width, height] of [[1920, 1080], [800, 480], [533, 800]]) {
    await resizePage(page, { width, height });
    const fit = await page.evaluate(() => {
      const b = document.getElementById('board').getBoundingClientRect();
      return { x: b.left, y: b.top, r: b.right, bt: b.bottom, w: window.innerWidth, h: window.innerHeight };
    });
    assert.ok(fit.x >= 0 && fit.y >= 0 && fit.r <= fit.w + 1 && fit.bt <= fit.h + 1, `the board fits ${width}x${height}: ${JSON.stringify(fit)}`);
    await page.screenshot({ path: artifactPath(`variant-killer-${width}x${height}.png`) });
  }
  await resizePage(page, { width: 1200, height: 760 });
});
