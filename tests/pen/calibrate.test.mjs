// Teaching the recogniser in real headless Chromium against the real Rust backend: Settings →
// "Teach my handwriting…" opens the practice sheet (screens/calibrate.js): three boxes for each
// symbol, written with the pen (real recorded samples of one held-out writer). Each box says at
// once how it was read; the eraser end and rewriting redo a box; "Save what I wrote" puts every
// filled box into the handwriting profile at once and brings the game back as it was, its clock
// stopped meanwhile; Cancel learns nothing. The settings tell how much was learnt, and "Forget
// my handwriting" empties the profile, once the player said yes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPenPage, closePenPage, resizePage, reloadToNewGame } from '../support/devserver.mjs';
import { artifactPath } from '../support/proc.mjs';
import { loadSamples, pageState, writeInCell, erase, boardRect, cellCentre, ipc as ipcOf } from '../support/pen.mjs';

let session, page, pen;

before(async () => ({ page, pen } = session = await openPenPage()), { timeout: 60000 });
after(() => closePenPage(session));

const ui = () => pageState(page);
const ipc = (cmd, args = {}) => ipcOf(page, cmd, args);
const status = () => page.evaluate(() => document.getElementById('status').textContent);

async function fresh(size = 9) {
  const s = await ipc('get_settings');
  await ipc('update_settings', { settings: { ...s, params: { ...s.params, sudoku: { size } }, last_game: 'sudoku', language: 'en' } });
  await ipc('reset_handwriting');
  await reloadToNewGame(page);
  await page.waitForFunction((n) => window.__inkdoku.view.size === n, {}, size);
}

async function openSheet() {
  await page.click('#btn-settings');
  await page.waitForFunction(() => document.getElementById('dlg-settings').open && document.getElementById('hw-status').textContent.length > 0);
  await page.click('#hw-calibrate');
  await page.waitForFunction(() => window.__inkdoku.calibration != null && !document.getElementById('dlg-settings').open);
}

/** One held-out writer's samples of each symbol (the first writer with three of every one). */
function oneWriter(symbols) {
  const byWriter = new Map();
  for (const s of loadSamples(symbols)) {
    if (!byWriter.has(s.writer)) byWriter.set(s.writer, []);
    byWriter.get(s.writer).push(s);
  }
  const [, mine] = [...byWriter].find(([, l]) => [...symbols].every((d) => l.filter((s) => s.label === d).length >= 3));
  return mine;
}

const sheet = async () => (await ui()).calibration;
const write = (strokes, box) => writeInCell(page, pen, strokes, 9, box.row, box.col);

test('the practice sheet: three boxes a digit, read as written, redo by eraser or rewriting, saved at once; the game waits', { timeout: 240000 }, async () => {
  await fresh(9);
  const start = (await ui()).view;
  assert.equal(start.running, true);
  const mine = oneWriter('123456789');
  await openSheet();
  assert.match(await status(), /Write each symbol three times/);
  assert.equal((await ipc('board')).running, false, 'the game\'s clock stops while the sheet is out');
  let cal = await sheet();
  assert.deepEqual([cal.total, cal.filled, cal.letters], [27, 0, false]);
  assert.equal(await page.evaluate(() => document.getElementById('cal-save').disabled), true, 'nothing to save yet');
  // Ink outside the boxes is not a sample.
  await writeInCell(page, pen, mine[0].strokes, 9, 0, 0);
  assert.match(await status(), /Write in the boxes/);
  assert.equal((await sheet()).filled, 0);
  for (const box of cal.boxes) {
    const s = mine.filter((x) => x.label === box.symbol)[cal.boxes.filter((b) => b.symbol === box.symbol).indexOf(box)];
    const w = await write(s.strokes, box);
    assert.equal(w.calibration, box.symbol);
  }
  cal = await sheet();
  assert.equal(cal.filled, 27);
  const right = cal.boxes.filter((b) => b.read && b.read.symbol === b.symbol && !b.read.unsure).length;
  assert.ok(right >= 24, `most of a held-out writer's digits read right at once (${right} of 27)`);
  await page.screenshot({ path: artifactPath('calibrate.png') });
  // The eraser end rubs a box out; writing there again fills it again.
  const first = cal.boxes[0];
  const r = await boardRect(page);
  const c = cellCentre(r, 9, first.row, first.col);
  await erase(page, [{ x: c.x - 10, y: c.y }, { x: c.x + 10, y: c.y + 4 }]);
  await page.waitForFunction(() => window.__inkdoku.calibration.filled === 26);
  // The sheet's own undo and redo (the game's history is not touched).
  await page.click('#btn-undo');
  await page.waitForFunction(() => window.__inkdoku.calibration.filled === 27);
  await page.click('#btn-redo');
  await page.waitForFunction(() => window.__inkdoku.calibration.filled === 26);
  assert.equal((await ipc('board')).can_undo, false, 'the game in play has nothing to undo');
  await write(mine.filter((x) => x.label === '1')[0].strokes, first);
  assert.equal((await sheet()).filled, 27);
  // Nothing reached the profile or the puzzle yet; Save puts all 27 in, and the game is back.
  assert.equal((await ipc('handwriting_status')).samples, 0);
  await page.click('#cal-save');
  await page.waitForFunction(() => window.__inkdoku.view && !window.__inkdoku.calibration);
  assert.match(await status(), /learnt 27 samples/);
  const st = await ipc('handwriting_status');
  assert.equal(st.samples, 27);
  for (const d of '123456789') assert.equal(st.counts[d], 3, d);
  const back = (await ui()).view;
  assert.deepEqual(back.cells, start.cells, 'the puzzle is untouched');
  assert.equal(back.running, true, 'its clock runs again');
  // The settings say so; "Forget my handwriting" empties the profile, once the player said yes.
  await page.click('#btn-settings');
  await page.waitForFunction(() => /27 samples/.test(document.getElementById('hw-status').textContent));
  await page.screenshot({ path: artifactPath('settings-handwriting.png') });
  // It asks first (issue #40): "Keep it" keeps every sample; "Forget" forgets them.
  await page.click('#hw-reset');
  await page.waitForSelector('#dlg-confirm[open]');
  assert.match(await page.evaluate(() => document.getElementById('dlg-confirm-title').textContent), /Forget your handwriting\?/);
  assert.equal((await ipc('handwriting_status')).samples, 27, 'nothing is forgotten before the answer');
  await page.click('#confirm-cancel');
  await page.waitForFunction(() => !document.getElementById('dlg-confirm').open);
  assert.equal((await ipc('handwriting_status')).samples, 27, '"Keep it" keeps it');
  assert.match(await page.evaluate(() => document.getElementById('hw-status').textContent), /27 samples/);
  await page.click('#hw-reset');
  await page.waitForSelector('#dlg-confirm[open]');
  await page.click('#confirm-ok');
  await page.waitForFunction(() => /only its general model/.test(document.getElementById('hw-status').textContent));
  assert.equal((await ipc('handwriting_status')).samples, 0);
  await page.keyboard.press('Escape');
  // Cancel (Esc) learns nothing, after asking, once something was written.
  await openSheet();
  await write(mine.find((x) => x.label === '1').strokes, (await sheet()).boxes[0]);
  await page.keyboard.press('Escape');
  await page.waitForSelector('#dlg-confirm[open]');
  await page.click('#confirm-ok');
  await page.waitForFunction(() => window.__inkdoku.view && !window.__inkdoku.calibration);
  assert.match(await status(), /Nothing was learnt/);
  assert.equal((await ipc('handwriting_status')).samples, 0);
});

test('a 16x16 player gets the letters A-G too; the sheet in Chinese; it fits 800x480', { timeout: 120000 }, async () => {
  await fresh(16);
  await openSheet();
  let cal = await sheet();
  assert.deepEqual([cal.letters, cal.total], [true, 48]);
  const mine = oneWriter('ABCDEFG');
  const g = cal.boxes.find((b) => b.symbol === 'G');
  await write(mine.find((x) => x.label === 'G').strokes, g);
  cal = await sheet();
  assert.equal(cal.boxes.find((b) => b.row === g.row && b.col === g.col).filled, true);
  // Without the letters the digits' boxes stay; the G is gone with its box.
  await page.click('#cal-letters');
  cal = await sheet();
  assert.deepEqual([cal.letters, cal.total, cal.filled], [false, 27, 0]);
  await page.click('#cal-letters');
  await page.screenshot({ path: artifactPath('calibrate-16.png') });
  for (const [w, h] of [[800, 480], [1920, 1080]]) {
    await resizePage(page, { width: w, height: h });
    const off = await page.evaluate(() => [...document.querySelectorAll('#panel button, #panel label')].filter((e) => e.offsetWidth > 0).filter((e) => { const r = e.getBoundingClientRect(); const p = document.getElementById('panel').getBoundingClientRect(); return r.top < p.top - 0.5 || r.bottom > p.bottom + 0.5 || r.left < p.left - 0.5 || r.right > p.right + 0.5 || e.scrollWidth > e.clientWidth + 1; }).map((e) => e.id || e.textContent));
    assert.deepEqual(off, [], `every control of the sheet on screen at ${w}x${h}`);
    await page.screenshot({ path: artifactPath(`calibrate-${w}x${h}.png`) });
  }
  await resizePage(page, { width: 1200, height: 760 });
  // In Chinese.
  const s = await ipc('get_settings');
  await ipc('update_settings', { settings: { ...s, language: 'zh-CN' } });
  await reloadToNewGame(page);
  await openSheet();
  assert.equal(await page.evaluate(() => document.getElementById('cal-save').textContent), '保存我写的');
  // The sheet was left with nothing written (its G went with the letters): no draft to bring back.
  assert.match(await status(), /三个格子/);
  assert.equal((await sheet()).filled, 0);
  await page.screenshot({ path: artifactPath('calibrate-zh.png') });
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => window.__inkdoku.view && !window.__inkdoku.calibration);
  await ipc('update_settings', { settings: { ...s, language: 'en' } });
});

test('the settings with the handwriting section fit a 800x480 screen', { timeout: 60000 }, async () => {
  await resizePage(page, { width: 800, height: 480 });
  await reloadToNewGame(page);
  await page.click('#btn-settings');
  await page.waitForFunction(() => document.getElementById('dlg-settings').open && document.getElementById('hw-status').textContent.length > 0);
  const boxes = await page.evaluate(() =>
    ['hw-calibrate', 'hw-reset', 'settings-save'].map((id) => {
      const r = document.getElementById(id).getBoundingClientRect();
      return { id, top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    }));
  for (const b of boxes) assert.ok(b.top >= 0 && b.bottom <= 480 && b.left >= 0 && b.right <= 800, JSON.stringify(b));
  await page.screenshot({ path: artifactPath('settings-handwriting-800x480.png') });
  await page.keyboard.press('Escape');
});
