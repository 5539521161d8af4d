// The real app in a real WebView (WebKitGTK under Xvfb), driven through tauri-driver.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, waitForBoard } from '../support/tauri.mjs';
import { waitFor } from '../support/proc.mjs';

let app;

before(async () => { app = await startApp(); }, { timeout: 60000 });
after(async () => { if (app) await app.quit(); });

test('the window shows the backend\'s 9x9 board over Tauri IPC', { timeout: 30000 }, async () => {
  const d = app.driver;
  assert.equal(await d.getTitle(), 'Inkdoku');
  const s = await waitForBoard(d);
  assert.equal(s.transport, 'tauri');
  assert.equal(s.view.size, 9);
  assert.equal(s.view.cells.length, 81);
  assert.deepEqual(s.view.cells[0], { value: 5, given: true });
  // The canvas really has ink where the given 5 of r1c1 is, and paper where r1c3 is blank.
  const ink = await d.executeScript(`
    const c = document.getElementById('board');
    const g = c.getContext('2d');
    const cell = c.width / 9;
    const dark = (col, row) => {
      const d = g.getImageData(Math.floor(col * cell + cell * 0.2), Math.floor(row * cell + cell * 0.2), Math.ceil(cell * 0.6), Math.ceil(cell * 0.6)).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i] + d[i + 1] + d[i + 2] < 200) n++;
      return n;
    };
    return { given: dark(0, 0), blank: dark(2, 0), width: c.width, css: c.getBoundingClientRect().width, dpr: window.devicePixelRatio };`);
  assert.ok(ink.given > 20, `ink pixels in the given cell: ${ink.given}`);
  assert.equal(ink.blank, 0, 'the blank cell is paper');
  assert.equal(ink.width, Math.round(ink.css * ink.dpr), 'backing store matches CSS size x DPR');
});

test('clicking a cell selects it', { timeout: 30000 }, async () => {
  const d = app.driver;
  const canvas = await d.findElement({ id: 'board' });
  const rect = await canvas.getRect();
  // Selenium offsets are from the element's centre.
  const cell = rect.width / 9;
  await d.actions().move({ origin: canvas, x: Math.round((7.5 - 4.5) * cell), y: Math.round((2.5 - 4.5) * cell) }).click().perform();
  const sel = await waitFor('the selection', () => d.executeScript('return window.__inkdoku.selected;'));
  assert.deepEqual(sel, { row: 2, col: 7 });
  await app.screenshot('e2e-app.png');
});

test('a new 16x16 game comes from the backend', { timeout: 30000 }, async () => {
  const d = app.driver;
  await d.executeScript("const s = document.getElementById('size-select'); s.value = '16'; s.dispatchEvent(new Event('change'));");
  await (await d.findElement({ id: 'new-game' })).click();
  const n = await waitFor('a 16x16 board', () => d.executeScript('const v = window.__inkdoku.view; return v && v.size === 16 ? v.cells.length : null;'));
  assert.equal(n, 256);
  await app.screenshot('e2e-app-16.png');
});
