// Teaching the recogniser in real headless Chromium against the real Rust backend: Settings →
// "Teach my handwriting…", then each digit 1-9 three times with the pen (real recorded samples
// of one held-out writer) anywhere on the board. Every sample reaches the handwriting profile,
// nothing is written into the puzzle, the settings tell how much was learnt, and "Forget my
// handwriting" empties the profile. Esc stops a teaching run.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPenPage, closePenPage } from '../support/devserver.mjs';
import { artifactPath } from '../support/proc.mjs';
import { loadSamples, pageState, writeInCell } from '../support/pen.mjs';

let session, page, pen;

before(async () => ({ page, pen } = session = await openPenPage()), { timeout: 60000 });
after(() => closePenPage(session));

const ui = () => pageState(page);
const ipc = (name, args = {}) =>
  page.evaluate(async ([n, a]) => (await fetch(`/ipc/${n}`, { method: 'POST', body: JSON.stringify(a) })).json(), [name, args]);

async function freshNine() {
  const s = await ipc('get_settings');
  await ipc('update_settings', { settings: { ...s, default_size: 9 } });
  await ipc('reset_handwriting');
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => window.__inkdoku.view && window.__inkdoku.view.size === 9);
}

async function openTeaching() {
  await page.click('#btn-settings');
  await page.waitForFunction(() => document.getElementById('dlg-settings').open && document.getElementById('hw-status').textContent.length > 0);
  await page.click('#hw-calibrate');
  await page.waitForFunction(() => window.__inkdoku.calibrating !== null);
}

const write = (strokes, row, col) => writeInCell(page, pen, strokes, 9, row, col);

test('teaching: each digit three times reaches the profile and leaves the puzzle alone; forget empties it', { timeout: 180000 }, async () => {
  await freshNine();
  const start = (await ui()).view;
  // One writer's digits, three of each (the first writer with three of every digit).
  const all = loadSamples('123456789');
  const byWriter = new Map();
  for (const s of all) {
    if (!byWriter.has(s.writer)) byWriter.set(s.writer, []);
    byWriter.get(s.writer).push(s);
  }
  const [, mine] = [...byWriter].find(([, l]) => [...'123456789'].every((d) => l.filter((s) => s.label === d).length >= 3));
  await openTeaching();
  assert.match(await page.evaluate(() => document.getElementById('status').textContent), /write 1 in any cell \(1 of 3\)/);
  await page.screenshot({ path: artifactPath('calibrate.png') });
  const empty = start.cells.findIndex((c) => !c.given && !c.value);
  for (const d of '123456789') {
    for (const s of mine.filter((x) => x.label === d).slice(0, 3)) {
      // Anywhere, even on a given: nothing is written.
      await write(s.strokes, Math.floor(empty / 9), empty % 9);
    }
  }
  const st = await ui();
  assert.equal(st.calibrating, null, 'teaching ends after the last sample');
  assert.match(await page.evaluate(() => document.getElementById('status').textContent), /learnt 27 samples/);
  assert.deepEqual(st.view.cells, start.cells, 'the puzzle is untouched');
  const status = await ipc('handwriting_status');
  assert.equal(status.samples, 27);
  for (const d of '123456789') assert.equal(status.counts[d], 3, d);
  // The settings say so; "Forget my handwriting" empties the profile.
  await page.click('#btn-settings');
  await page.waitForFunction(() => /27 samples/.test(document.getElementById('hw-status').textContent));
  await page.screenshot({ path: artifactPath('settings-handwriting.png') });
  await page.click('#hw-reset');
  await page.waitForFunction(() => /only its general model/.test(document.getElementById('hw-status').textContent));
  assert.equal((await ipc('handwriting_status')).samples, 0);
  await page.keyboard.press('Escape');
  // Esc stops a teaching run part-way; what was written so far is kept.
  await openTeaching();
  await write(mine.find((x) => x.label === '1').strokes, 0, 0);
  await page.keyboard.press('Escape');
  assert.equal((await ui()).calibrating, null);
  assert.equal((await ipc('handwriting_status')).samples, 1);
});

test('the settings with the handwriting section fit a 800x480 screen', { timeout: 60000 }, async () => {
  await page.setViewport({ width: 800, height: 480 });
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => window.__inkdoku.view);
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
