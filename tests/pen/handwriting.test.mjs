// "Keep my handwriting" and learning from overwrites in real headless Chromium against the real
// Rust backend, with real recorded digits from held-out writers (../shared/data/ink/test.jsonl):
// with the setting on, a written digit shows as the player's ink (the cell's pixels differ from
// the typed rendering) while the value is the recognised one; a second write, a typed digit and
// undo bring the right glyph back; the game saved to a file and opened again, and put aside and
// continued after a reload, looks the same pixel for pixel; turning the setting off in the
// Settings dialog shows the typed digit at once. Overwriting a just-written unsure 7 (read as 2)
// by typing 7 adds a sample to the handwriting profile; an unrelated digit adds none.
// Screenshots (light, dark, 16x16, KenKen) land in artifacts/handwriting-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPenPage, closePenPage, resizePage, reloadToNewGame, relaunch } from '../support/devserver.mjs';
import { artifactPath, waitFor } from '../support/proc.mjs';
import { loadSamples, pageState, boardRect, cellCentre, writeInCell, ipc as ipcOf } from '../support/pen.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkdoku-hand-'));
const pickFile = path.join(dir, 'picked');
let session, page, pen;

before(async () => {
  fs.writeFileSync(pickFile, '');
  ({ page, pen } = session = await openPenPage({ args: ['--pick-file', pickFile] }));
}, { timeout: 60000 });
after(async () => {
  await closePenPage(session);
  fs.rmSync(dir, { recursive: true, force: true });
});

const ui = () => pageState(page);
const ipc = (cmd, args = {}) => ipcOf(page, cmd, args);
const undo = async () => { await page.keyboard.down('Control'); await page.keyboard.press('z'); await page.keyboard.up('Control'); };

async function settings(patch) {
  const s = await ipc('get_settings');
  await ipc('update_settings', { settings: { ...s, ...patch } });
}

/** A fresh page with a new game of `kind` (the settings say which and how big). */
async function newGame(kind = 'sudoku', size = 9, patch = {}) {
  await settings({ keep_handwriting: true, handedness: 'right', last_game: kind, theme: 'light', params: { [kind]: { size } }, ...patch });
  await ipc('reset_handwriting');
  await reloadToNewGame(page);
  await page.waitForFunction((kind, size) => window.__inkdoku.view && window.__inkdoku.view.kind === kind && window.__inkdoku.view.size === size && window.__inkdoku.ready, {}, kind, size);
  return (await ui()).view;
}

/** Clicks (mouse) the centre of a cell: selects it. */
async function clickCell(row, col) {
  const r = await boardRect(page);
  const p = cellCentre(r, (await ui()).view.size, row, col);
  await page.mouse.click(p.x, p.y);
  await page.waitForFunction((row, col) => { const s = window.__inkdoku.selected; return s && s.row === row && s.col === col; }, { timeout: 5000 }, row, col);
}

/** The board canvas's pixels inside cell (row, col), grid lines left out, after the next frame. */
async function cellPixels(row, col) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page.evaluate((row, col) => {
    const c = document.getElementById('board');
    const n = window.__inkdoku.view.size;
    const cell = c.width / n, m = Math.ceil(cell * 0.08);
    const d = c.getContext('2d').getImageData(Math.round(col * cell) + m, Math.round(row * cell) + m, Math.floor(cell) - 2 * m, Math.floor(cell) - 2 * m).data;
    let s = '';
    for (let i = 0; i < d.length; i += 4) s += String.fromCharCode(d[i] >> 2, d[i + 1] >> 2, d[i + 2] >> 2);
    return s;
  }, row, col);
}

/** How many of a cell's pixels differ between two captures. */
const differing = (a, b) => { let k = 0; for (let i = 0; i < a.length; i++) k += a[i] !== b[i]; return k; };

/** The first sample of `label` (from `start`) that the board reads as itself in (row, col). */
async function writeDigit(label, row, col, n = 9) {
  for (const s of loadSamples(label).slice(0, 12)) {
    const res = await writeInCell(page, pen, s.strokes, n, row, col);
    if (res.outcome.kind === 'symbol' && res.outcome.symbol === label && !res.outcome.unsure) return s;
    if (res.outcome.kind === 'symbol') { await undo(); await page.waitForFunction((i) => !window.__inkdoku.view.cells[i].value, { timeout: 5000 }, row * n + col); }
  }
  throw new Error(`no sample of ${label} read as itself`);
}

/** The selection parked on a given that is no peer of row 1's cell `col` and holds none of the
 * digits written there, so that the cell's background is the same at every capture. */
async function park(view, col = -1) {
  const n = view.size;
  const i = view.cells.findIndex((c, k) => c.given && Math.floor(k / n) >= n / 2 && k % n !== col && ![3, 7, 8].includes(c.value));
  await clickCell(Math.floor(i / n), i % n);
}

const emptyInRow0 = (view) => view.cells.slice(0, view.size).map((c, k) => (!c.given && !c.value ? k : -1)).filter((k) => k >= 0);

test('a written digit shows as ink; undo, a typed digit, save/open, Continue and the setting behave', { timeout: 240000 }, async () => {
  const view = await newGame('sudoku', 9);
  const [col] = emptyInRow0(view);
  const i = col;
  await park(view, col);
  const empty = await cellPixels(0, col);
  await writeDigit('3', 0, col);
  let v = (await ui()).view;
  assert.equal(v.cells[i].value, 3, 'the value is the recognised symbol');
  assert.ok(Array.isArray(v.cells[i].glyph) && v.cells[i].glyph.length > 0, 'the view carries the glyph');
  await park(v, col);
  const ink3 = await cellPixels(0, col);
  assert.ok(differing(ink3, empty) > 30, 'something is drawn');

  // Cleared and typed (keyboard): no glyph, typed pixels; undo brings the ink back exactly.
  await clickCell(0, col);
  await page.keyboard.press('Delete');
  await waitFor('cleared', async () => !(await ui()).view.cells[i].value);
  await page.keyboard.press('3');
  await waitFor('typed 3', async () => { const c = (await ui()).view.cells[i]; return c.value === 3 && !c.glyph; });
  await park((await ui()).view, col);
  const typed3 = await cellPixels(0, col);
  assert.ok(differing(typed3, ink3) > 30, `handwriting differs from type (${differing(typed3, ink3)} pixels)`);
  await undo();
  await waitFor('empty again', async () => !(await ui()).view.cells[i].value);
  await undo();
  await waitFor('the glyph is back', async () => Boolean((await ui()).view.cells[i].glyph));
  await park((await ui()).view, col);
  assert.equal(differing(await cellPixels(0, col), ink3), 0, 'undo brings back the same ink');

  // A second write replaces the ink; undo brings back the first.
  await writeDigit('8', 0, col);
  await park((await ui()).view, col);
  assert.ok(differing(await cellPixels(0, col), ink3) > 30);
  await undo();
  await waitFor('3 again', async () => (await ui()).view.cells[i].value === 3);
  await park((await ui()).view, col);
  assert.equal(differing(await cellPixels(0, col), ink3), 0);

  // Saved to a file (format 2 with the glyph) and opened again: the same pixels.
  const file = path.join(dir, 'hand.inkdoku');
  fs.writeFileSync(pickFile, file);
  await ipc('save_game_as');
  const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
  assert.equal(saved.version, 2);
  assert.ok(saved.history.done.some((e) => Array.isArray(e.glyph)), 'the edit keeps the glyph');
  await ipc('new_game', { kind: 'sudoku', replace: true, params: { size: 4 } });
  await page.click('#btn-share');
  await page.waitForSelector('#dlg-share[open]');
  const shown = await page.evaluate(() => window.__inkdoku.drawCount);
  await page.click('#file-open');
  // The page never saw the 4x4 game, so its old view already reads 3 in the cell: wait for the
  // open itself (the dialog closes and the opened game is drawn), or a click below would land
  // before the opened game replaces the selection.
  await page.waitForFunction((i, shown) => !document.getElementById('dlg-share').open && window.__inkdoku.drawCount > shown && window.__inkdoku.view.size === 9 && window.__inkdoku.view.cells[i].value === 3, { timeout: 10000 }, i, shown);
  await park((await ui()).view, col);
  assert.equal(differing(await cellPixels(0, col), ink3), 0, 'an opened game looks the same');

  // Put aside by a KenKen, page reloaded, continued: the same pixels.
  await ipc('new_game', { kind: 'kenken', params: { size: 4 } });
  await relaunch(page);
  await page.waitForSelector('#resume-continue-sudoku', { visible: true, timeout: 10000 });
  await page.click('#resume-continue-sudoku');
  await page.waitForFunction((i) => window.__inkdoku.view && window.__inkdoku.view.kind === 'sudoku' && window.__inkdoku.view.cells[i].value === 3, { timeout: 10000 }, i);
  await park((await ui()).view, col);
  assert.equal(differing(await cellPixels(0, col), ink3), 0, 'a continued game looks the same');

  // The setting off (Settings dialog): the typed digit at once, the glyph still stored.
  await page.click('#btn-settings');
  await page.waitForSelector('#dlg-settings[open]');
  assert.equal(await page.$eval('#set-keepink', (b) => b.checked), true);
  await page.click('#set-keepink');
  await page.click('#settings-save');
  await waitFor('the setting is off', async () => (await ipc('get_settings')).keep_handwriting === false);
  await park((await ui()).view, col);
  assert.equal(differing(await cellPixels(0, col), typed3), 0, 'the typed digit, exactly as typed');
  assert.ok((await ui()).view.cells[i].glyph, 'the glyph stays stored');
  await settings({ keep_handwriting: true });
});

test('overwriting a just-written digit with a plausible reading teaches the recogniser; another digit does not', { timeout: 120000 }, async () => {
  // test.jsonl line 7547: a 7 the general model reads as 2 (59%), with 7 second (34%).
  const seven = loadSamples('7').find((s) => s.index === 7546);
  assert.ok(seven, 'test.jsonl line 7547 is there');
  const view = await newGame('sudoku', 9);
  const [a, b] = emptyInRow0(view);
  assert.equal((await ipc('handwriting_status')).samples, 0);
  const res = await writeInCell(page, pen, seven.strokes, 9, 0, a);
  assert.equal(res.outcome.symbol, '2', JSON.stringify(res.outcome));
  // The player types the 7 they meant: a correction, learnt.
  await clickCell(0, a);
  await page.keyboard.press('7');
  await page.waitForFunction((a) => window.__inkdoku.view.cells[a].value === 7, { timeout: 5000 }, a);
  const st = await ipc('handwriting_status');
  assert.equal(st.samples, 1, JSON.stringify(st));
  assert.equal(st.counts['7'], 1);
  // The same ink in another cell, then a digit it does not look like: nothing learnt.
  await ipc('reset_handwriting');
  const again = await writeInCell(page, pen, seven.strokes, 9, 0, b);
  assert.equal(again.outcome.symbol, '2');
  await clickCell(0, b);
  await page.keyboard.press('5');
  await page.waitForFunction((b) => window.__inkdoku.view.cells[b].value === 5, { timeout: 5000 }, b);
  assert.equal((await ipc('handwriting_status')).samples, 0, 'a change of mind teaches nothing');
});

/** The next digit the hint places (a correct board for the pictures), or null. */
async function hinted() {
  const h = await ipc('hint');
  if (!h || !h.place) return null;
  const d = h.place.value;
  return { row: h.place.row, col: h.place.col, label: d < 10 ? String(d) : String.fromCharCode(55 + d) };
}

/** Writes `count` hinted digits with real samples (a different writer each time). */
async function writeMany(count, n) {
  const seen = {};
  for (let k = 0; k < count; k++) {
    const p = await hinted();
    if (!p) break;
    const list = loadSamples(p.label);
    seen[p.label] = (seen[p.label] || 0) + 1;
    const s = list[(seen[p.label] * 37 + k) % list.length];
    const res = await writeInCell(page, pen, s.strokes, n, p.row, p.col);
    if (res.outcome.kind === 'symbol' && res.outcome.symbol !== p.label) {
      // Read otherwise: type it instead, so that the hints go on.
      await undo();
      await page.waitForFunction((i) => !window.__inkdoku.view.cells[i].value, { timeout: 5000 }, p.row * n + p.col);
      await ipc('act', { action: { type: 'set_value', row: p.row, col: p.col, value: Number.parseInt(p.label, 36) } });
    }
  }
  // The page shows what the backend holds now (a typed fallback came through IPC).
  await page.click('#btn-undo');
  await page.click('#btn-redo');
  await page.waitForFunction(() => window.__inkdoku.view.can_undo);
}

test('screenshots: a board in "keep my handwriting", light and dark, 16x16 and KenKen', { timeout: 600000 }, async () => {
  await resizePage(page, { width: 1200, height: 760 });
  let view = await newGame('sudoku', 9);
  await writeMany(26, 9);
  view = (await ui()).view;
  assert.ok(view.cells.filter((c) => c.glyph).length >= 18, 'most writes kept their ink');
  // One conflicting digit (typed into a row that has it in ink): red in handwriting too.
  const n = 9;
  const inked = view.cells.findIndex((c) => c.glyph);
  const row = Math.floor(inked / n);
  const free = view.cells.findIndex((c, k) => Math.floor(k / n) === row && !c.value);
  if (free >= 0) {
    const s = loadSamples(String(view.cells[inked].value))[5];
    await writeInCell(page, pen, s.strokes, n, row, free % n);
  }
  await park((await ui()).view);
  await page.screenshot({ path: artifactPath('handwriting-light.png') });
  // The dark theme on another board (a reload starts a new game).
  view = await newGame('sudoku', 9, { theme: 'dark' });
  await writeMany(26, 9);
  await park((await ui()).view);
  await page.screenshot({ path: artifactPath('handwriting-dark.png') });

  view = await newGame('sudoku', 16);
  await writeMany(40, 16);
  await page.screenshot({ path: artifactPath('handwriting-16x16.png') });

  view = await newGame('kenken', 6);
  await writeMany(22, 6);
  assert.ok((await ui()).view.cells.filter((c) => c.glyph).length >= 12, 'KenKen keeps the ink too');
  await page.screenshot({ path: artifactPath('handwriting-kenken.png') });
  await settings({ theme: 'system', keep_handwriting: false });
});
