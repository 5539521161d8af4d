// Handwriting in the real app (#15), with real recorded digits of held-out writers
// (../shared/data/ink/test.jsonl) written with the mouse (WebKitGTK reports every pointer as a
// mouse; pen and eraser behaviour is tested in Chromium, tests/pen/): with "keep my handwriting"
// ticked in Settings, a written digit lands as the recognised value and shows as the player's ink,
// and after closing and relaunching the app the game comes back with the same ink. The practice
// sheet ("Teach my handwriting…") saves its samples into the handwriting file in the app's data
// folder, which a relaunch reads back; "Forget my handwriting" empties it.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startApp, dismissResume, pageState, backend, appDataDir } from '../support/tauri.mjs';
import { waitFor, sleep } from '../support/proc.mjs';
import { loadSamples, placeInCell } from '../support/pen.mjs';

let app;
after(async () => { if (app) await app.quit(); });

/** The board's canvas on screen (CSS pixels, as WebDriver counts them). */
async function boardRect(d) {
  return d.executeScript("const r = document.getElementById('ink').getBoundingClientRect(); return { x: r.left, y: r.top, size: r.width };");
}

/**
 * Writes recorded strokes into cell (row, col) of a side-`n` grid on the board with the mouse,
 * then waits until the page has handled the group (its pause ends it) and returns the outcome.
 */
async function writeInCell(d, strokes, n, row, col) {
  const before = await d.executeScript('return window.__inkdoku.writes;');
  const placed = placeInCell(strokes, await boardRect(d), n, row, col);
  let a = d.actions();
  for (const stroke of placed) {
    // At most ~40 points a stroke: WebDriver sends each as its own action.
    const step = Math.max(1, Math.ceil(stroke.length / 40));
    const pts = stroke.filter((_, i) => i % step === 0 || i === stroke.length - 1);
    a = a.move({ x: Math.round(pts[0].x), y: Math.round(pts[0].y), duration: 0 }).press();
    for (const p of pts.slice(1)) a = a.move({ x: Math.round(p.x), y: Math.round(p.y), duration: 0 });
    a = a.release();
  }
  await a.perform();
  await waitFor('the write to be read', async () => (await d.executeScript('return window.__inkdoku.writes;')) > before, { timeout: 10000 });
  return d.executeScript('return JSON.parse(JSON.stringify(window.__inkdoku.lastWrite));');
}

/** The settings dialog's checkbox or button, clicked; Save closes it. */
async function inSettings(d, ids) {
  await (await d.findElement({ id: 'btn-settings' })).click();
  await waitFor('the settings', () => d.executeScript("return document.getElementById('dlg-settings').open && document.getElementById('hw-status').textContent.length > 0;"));
  for (const id of ids) await (await d.findElement({ id })).click();
}

test('a digit written with "keep my handwriting" shows the ink, and a relaunch brings the same ink back', { timeout: 180000 }, async () => {
  app = await startApp();
  let d = app.driver;
  await dismissResume(d, 'new');
  await inSettings(d, ['set-keepink', 'settings-save']);
  await waitFor('the setting saved', async () => (await backend(d, 'get_settings')).keep_handwriting === true);
  const view = (await pageState(d)).view;
  const n = view.size;
  const i = view.cells.findIndex((c) => c.value === 0);
  const [row, col] = [Math.floor(i / n), i % n];
  // A digit that fits there (no conflict to colour the ink), from row, column and 3x3 box.
  const seen = new Set(view.cells.filter((_, k) => {
    const [r, c] = [Math.floor(k / n), k % n];
    return r === row || c === col || (Math.floor(r / 3) === Math.floor(row / 3) && Math.floor(c / 3) === Math.floor(col / 3));
  }).map((c) => c.value));
  const digit = [1, 2, 3, 4, 5, 6, 7, 8, 9].find((v) => !seen.has(v));
  // The first held-out sample the board reads as a sure `digit` (a misread one is taken back).
  let written = null;
  for (const s of loadSamples(String(digit)).slice(0, 12)) {
    const w = await writeInCell(d, s.strokes, n, row, col);
    if (w.outcome.kind === 'symbol' && w.outcome.symbol === String(digit) && !w.outcome.unsure) { written = s; break; }
    if (w.outcome.kind === 'symbol') {
      await (await d.findElement({ id: 'btn-undo' })).click();
      await waitFor('the misread undone', async () => (await pageState(d)).view.cells[i].value === 0);
    }
  }
  assert.ok(written, `one of twelve held-out ${digit}s reads as ${digit}`);
  const cell = await waitFor('the digit in the cell', async () => { const c = (await pageState(d)).view.cells[i]; return c.value === digit ? c : null; });
  assert.ok(Array.isArray(cell.glyph) && cell.glyph.length > 0, `the cell keeps the player's ink: ${JSON.stringify(cell)}`);
  await app.screenshot('e2e-handwriting.png');
  await sleep(500); // the autosave writer is asynchronous
  await app.quit();

  app = await startApp();
  d = app.driver;
  assert.equal(await dismissResume(d, 'sudoku'), true, '"Continue or New game" is offered');
  const back = await waitFor('the restored game', async () => { const v = (await pageState(d)).view; return v && v.cells[i].value === digit ? v : null; });
  assert.deepEqual(back.cells[i].glyph, cell.glyph, 'the same ink after a relaunch');
  assert.equal((await backend(d, 'get_settings')).keep_handwriting, true, 'the setting is kept');
});

test('the practice sheet saves into the handwriting file, which a relaunch reads; Forget empties it', { timeout: 180000 }, async () => {
  if (!app) { app = await startApp(); await dismissResume(app.driver, 'new'); }
  let d = app.driver;
  await backend(d, 'reset_handwriting');
  await inSettings(d, ['hw-calibrate']);
  const cal = await waitFor('the practice sheet', () => d.executeScript('const c = window.__inkdoku.calibration; return c ? JSON.parse(JSON.stringify(c)) : null;'));
  // Two boxes, a held-out writer's 1 and 7.
  const boxes = ['1', '7'].map((sym) => cal.boxes.find((b) => b.symbol === sym));
  for (const box of boxes) {
    const s = loadSamples(box.symbol)[0];
    const w = await writeInCell(d, s.strokes, 9, box.row, box.col);
    assert.equal(w.calibration, box.symbol);
  }
  assert.equal((await d.executeScript('return window.__inkdoku.calibration.filled;')), 2);
  await (await d.findElement({ id: 'cal-save' })).click();
  await waitFor('the game back', () => d.executeScript('return Boolean(window.__inkdoku.view && !window.__inkdoku.calibration);'));
  const st = await backend(d, 'handwriting_status');
  assert.equal(st.samples, 2, JSON.stringify(st));
  await app.quit();

  app = await startApp();
  d = app.driver;
  await dismissResume(d, 'new');
  const again = await backend(d, 'handwriting_status');
  assert.deepEqual([again.samples, again.counts['1'], again.counts['7']], [2, 1, 1], `read back from the data folder: ${JSON.stringify(again)}`);
  // Forget asks first; yes empties the profile, its file kept as the backup.
  await inSettings(d, ['hw-reset']);
  await waitFor('the question', () => d.executeScript("return document.getElementById('dlg-confirm').open;"));
  assert.equal((await backend(d, 'handwriting_status')).samples, 2, 'nothing forgotten before the answer');
  await (await d.findElement({ id: 'confirm-ok' })).click();
  await waitFor('the profile emptied', async () => (await backend(d, 'handwriting_status')).samples === 0);
  assert.ok(fs.existsSync(path.join(appDataDir(), 'handwriting.json.bak')) && !fs.existsSync(path.join(appDataDir(), 'handwriting.json')), 'the profile kept as the backup');
  await d.executeScript("document.getElementById('dlg-settings').close();");
});
