// Sudoku "Enter a puzzle" in real headless Chromium against the real Rust backend (dev bridge):
// the givens of a newspaper puzzle written with real recorded handwriting of held-out writers,
// scratch-out and the eraser end, undo, clashing givens and a missing given (the cells where two
// solutions differ), then Start: a rated game with its givens locked.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startDevServer, launchChromium, openApp } from '../support/devserver.mjs';
import { artifactPath } from '../support/proc.mjs';
import { loadSamples, placeInCell, Pen, erase, pageState, boardRect, cellCentre } from '../support/pen.mjs';

// A classic newspaper puzzle (30 givens).
const PUZZLE = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
let server, browser, page, pen;

before(async () => {
  server = await startDevServer();
  browser = await launchChromium({ width: 1200, height: 760 });
  page = await openApp(browser, server.url);
  pen = new Pen(await page.createCDPSession());
}, { timeout: 60000 });

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

const entry = async () => (await pageState(page)).entry;
const waitEntry = (f, arg) => page.waitForFunction(f, { timeout: 10000 }, arg);

async function openEntry(size) {
  await page.evaluate(() => localStorage.removeItem('inkdoku.sudoku-entry'));
  await page.click('#btn-new');
  await page.waitForFunction(() => document.getElementById('dlg-new').open);
  await page.click('#game-sudoku');
  await page.select('#new-size', String(size));
  await page.click('#new-enter');
  await waitEntry((n) => { const e = window.__inkdoku.entry; return e && e.size === n && e.values.every((v) => !v); }, size);
}

/** Writes strokes into a cell with the pen and waits for the backend's reading. */
async function writeIn(strokes, n, row, col) {
  const reads = (await entry()).reads;
  const rect = await boardRect(page);
  await pen.write(placeInCell(strokes, rect, n, row, col), { gap: 120 });
  // Hovering over another cell ends the group, as a hand moving on does.
  await pen.hover(cellCentre(rect, n, (row + 4) % n, (col + 4) % n));
  await waitEntry((r) => window.__inkdoku.entry.reads > r, reads);
  return (await entry()).values[row * n + col];
}

test('a newspaper puzzle written with the pen starts as a rated game with its givens locked', { timeout: 300000 }, async () => {
  await openEntry(9);
  const byLabel = {};
  for (const s of loadSamples('123456789')) (byLabel[s.label] ||= []).push(s);
  let misread = 0;
  let used = 0;
  for (let k = 0; k < 81; k++) {
    if (PUZZLE[k] === '.') continue;
    const want = Number(PUZZLE[k]);
    // A different writer's sample each time (spread over the held-out set).
    const pool = byLabel[PUZZLE[k]];
    const sample = pool[(used++ * 37) % pool.length];
    const got = await writeIn(sample.strokes, 9, Math.floor(k / 9), k % 9);
    if (got !== want) {
      // Read wrong (or not at all): the player types it, as they would.
      misread++;
      await page.keyboard.press(String(want));
      await waitEntry(([i, v]) => window.__inkdoku.entry.values[i] === v, [k, want]);
    }
  }
  console.log(`sudoku entry: ${30 - misread} of 30 handwritten givens read right`);
  assert.ok(misread <= 2, `${misread} of 30 givens misread`);
  assert.deepEqual((await entry()).values.map(String).join('').replace(/0/g, '.'), PUZZLE);
  await page.screenshot({ path: artifactPath('sudoku-entry.png') });

  // Start: rated and played; givens locked.
  await page.click('#se-start');
  await page.waitForFunction(() => { const v = window.__inkdoku.view; return v && v.kind === 'sudoku' && v.cells[0].value === 5; }, { timeout: 15000 });
  const v = (await pageState(page)).view;
  assert.equal(v.difficulty, 'easy');
  assert.ok(v.cells.filter((c) => c.given).length === 30);
  assert.match(await page.$eval('#status', (s) => s.textContent), /one solution: easy, the hardest step is/);
  assert.deepEqual(page.errors, []);
});

test('scratch-out, the eraser end and undo while entering; clashes and a missing given are shown', { timeout: 120000 }, async () => {
  await openEntry(4);
  const seven = loadSamples('3')[5];
  assert.equal(await writeIn(seven.strokes, 4, 0, 0), 3);
  // Scratch-out clears the cell.
  const rect = await boardRect(page);
  const c = cellCentre(rect, 4, 0, 0), w = rect.size / 4 * 0.3;
  const zig = Array.from({ length: 9 }, (_, i) => ({ x: c.x + (i % 2 ? w : -w), y: c.y - w + (i * w) / 4 }));
  const reads = (await entry()).reads;
  await pen.stroke(zig);
  await pen.hover(cellCentre(rect, 4, 2, 2));
  await waitEntry((r) => window.__inkdoku.entry.reads > r, reads);
  assert.equal((await entry()).values[0], 0, (await entry()).message);
  // Undo brings the 3 back (the header's button is the editor's); the eraser end clears it.
  await page.click('#btn-undo');
  await waitEntry(() => window.__inkdoku.entry.values[0] === 3);
  const a = cellCentre(rect, 4, 0, 0), b = cellCentre(rect, 4, 0, 1);
  await erase(page, [a, b]);
  await waitEntry(() => window.__inkdoku.entry.values[0] === 0);
  // Two 1s in a box clash: Start says so and marks them.
  const tap = async (r, c2) => { const p = cellCentre(rect, 4, r, c2); await pen.stroke([p, { x: p.x + 1, y: p.y }]); await waitEntry(([r, c]) => { const s = window.__inkdoku.entry.selected; return s && s.row === r && s.col === c; }, [r, c2]); };
  await tap(0, 0);
  await page.keyboard.press('1');
  await tap(1, 1);
  await page.keyboard.press('1');
  await page.click('#se-start');
  await waitEntry(() => window.__inkdoku.entry.verdict === 'clashes');
  assert.deepEqual((await entry()).marked, [[0, 0], [1, 1]]);
  // Too few givens: several solutions, the cells where two differ marked.
  await page.keyboard.press('Delete');
  await page.click('#se-start');
  await waitEntry(() => window.__inkdoku.entry.verdict === 'multiple');
  const e = await entry();
  assert.ok(e.marked.length >= 2, JSON.stringify(e.marked));
  assert.match(e.message, /More than one solution: the marked cells differ/);
  await page.screenshot({ path: artifactPath('sudoku-entry-multiple.png') });
  assert.deepEqual(page.errors, []);
});
