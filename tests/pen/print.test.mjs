// Printing in real Chromium against the real backend: Ctrl+P and "Print puzzle…" in Files…
// print a clean page, the board alone on white with its givens (the player's numbers only when
// asked), and nothing of the panel; the print layout is looked at as a screenshot and a PDF.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { startDevServer, launchChromium, openApp } from '../support/devserver.mjs';
import { artifactPath, waitFor } from '../support/proc.mjs';
import { pageState, boardRect, cellCentre } from '../support/pen.mjs';

let server, browser, page;

before(async () => {
  server = await startDevServer();
  browser = await launchChromium({ width: 1200, height: 760 });
  page = await openApp(browser, server.url);
  // The print dialog itself is the browser's: counted here instead of opened.
  await page.evaluate(() => { window.__printed = 0; window.print = () => { window.__printed++; }; });
}, { timeout: 60000 });

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

/** Dark pixels inside the middle of cell i of the printed board, and whether its corner is white. */
function sheetCell(i) {
  return page.evaluate((i) => {
    const c = document.querySelector('#print-sheet canvas');
    if (!c) return null;
    const n = window.__inkdoku.view.size;
    const cell = c.width / n;
    const x0 = (i % n) * cell, y0 = Math.floor(i / n) * cell;
    const d = c.getContext('2d').getImageData(Math.round(x0 + cell * 0.2), Math.round(y0 + cell * 0.2), Math.round(cell * 0.6), Math.round(cell * 0.6)).data;
    let dark = 0;
    for (let k = 0; k < d.length; k += 4) if (d[k] + d[k + 1] + d[k + 2] < 3 * 128) dark++;
    const corner = c.getContext('2d').getImageData(Math.round(x0 + cell * 0.12), Math.round(y0 + cell * 0.12), 1, 1).data;
    return { dark, white: corner[0] === 255 && corner[1] === 255 && corner[2] === 255 };
  }, i);
}

const ctrlP = async () => {
  await page.keyboard.down('Control');
  await page.keyboard.press('p');
  await page.keyboard.up('Control');
};

let given, entry;

test('Ctrl+P prints the givens on white, without the numbers the player wrote', { timeout: 30000 }, async () => {
  const v = (await pageState(page)).view;
  given = v.cells.findIndex((c) => c.given);
  entry = v.cells.findIndex((c) => c.value === 0);
  const { x, y } = cellCentre(await boardRect(page), v.size, Math.floor(entry / v.size), entry % v.size);
  await page.mouse.click(x, y);
  await page.keyboard.press('7');
  await waitFor('the player\'s number', async () => (await pageState(page)).view.cells[entry].value === 7);

  await ctrlP();
  assert.equal(await page.evaluate(() => window.__printed), 1);
  const g = await sheetCell(given), e = await sheetCell(entry);
  assert.ok(g.dark > 50, `the given is printed: ${JSON.stringify(g)}`);
  assert.equal(e.dark, 0, 'the player\'s number is not');
  assert.ok(e.white, 'on white paper, not the screen\'s cream');
  assert.match(await page.$eval('#print-sheet h1', (h) => h.textContent), /^Sudoku: 9 × 9 game/);
});

test('the print layout is the board alone, large, on one page', { timeout: 30000 }, async () => {
  await page.emulateMediaType('print');
  const layout = await page.evaluate(() => {
    const shown = (id) => { const el = document.getElementById(id); return el.getClientRects().length > 0 && getComputedStyle(el).display !== 'none'; };
    const r = document.querySelector('#print-sheet canvas').getBoundingClientRect();
    return { app: shown('app'), panel: shown('panel'), toast: shown('toast'), sheet: shown('print-sheet'), canvas: { w: r.width, h: r.height } };
  });
  assert.deepEqual({ app: layout.app, panel: layout.panel, toast: layout.toast, sheet: layout.sheet }, { app: false, panel: false, toast: false, sheet: true });
  assert.ok(layout.canvas.w > 500 && Math.abs(layout.canvas.w - layout.canvas.h) < 1, `a large square board: ${JSON.stringify(layout.canvas)}`);
  await page.screenshot({ path: artifactPath('print-sudoku.png'), fullPage: true });
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  fs.writeFileSync(artifactPath('print-sudoku.pdf'), pdf);
  assert.equal(Buffer.from(pdf.subarray(0, 5)).toString(), '%PDF-');
  const pages = (Buffer.from(pdf).toString('latin1').match(/\/Type\s*\/Page[^s]/g) || []).length;
  assert.equal(pages, 1, 'one page');
  await page.emulateMediaType('screen');
});

test('"Print puzzle…" in Files…, with my numbers, prints them too', { timeout: 30000 }, async () => {
  await page.click('#btn-share');
  await page.waitForFunction(() => document.getElementById('dlg-share').open);
  await page.click('#print-entries');
  await page.click('#file-print');
  assert.equal(await page.evaluate(() => window.__printed), 2);
  assert.equal(await page.evaluate(() => document.getElementById('dlg-share').open), false, 'the dialog is closed first');
  const e = await sheetCell(entry);
  assert.ok(e.dark > 50, `the player's number is printed: ${JSON.stringify(e)}`);
  await page.emulateMediaType('print');
  await page.screenshot({ path: artifactPath('print-sudoku-entries.png'), fullPage: true });
  await page.emulateMediaType('screen');
});
