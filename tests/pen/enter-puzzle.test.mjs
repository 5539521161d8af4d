// "Enter a puzzle" from paper (#14) in real Chromium against the real backend: an empty board
// from the game picker; a given written with the pen (real handwriting, the recogniser), a wrong
// reading rubbed out with the eraser end, the rest typed; "Start this puzzle" says when it has
// several solutions (and highlights where two differ) or clashing numbers (undone with Ctrl+Z),
// and a fair puzzle starts rated, its numbers locked.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPenPage, closePenPage } from '../support/devserver.mjs';
import { artifactPath, waitFor } from '../support/proc.mjs';
import { loadSamples, placeInCell, erase, pageState, boardRect, cellCentre } from '../support/pen.mjs';

let session, page, pen;

before(async () => ({ page, pen } = session = await openPenPage()), { timeout: 60000 });
after(() => closePenPage(session));

const PAPER = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const ui = () => pageState(page);
const status = () => page.$eval('#status', (s) => s.textContent);
const shown = (id) => page.evaluate((id) => { const el = document.getElementById(id); return el.getClientRects().length > 0; }, id);

async function typeInto(i, digit) {
  const { x, y } = cellCentre(await boardRect(page), 9, Math.floor(i / 9), i % 9);
  await page.mouse.click(x, y);
  await page.keyboard.press(String(digit));
  await waitFor(`${digit} in cell ${i}`, async () => (await ui()).view.cells[i].value === digit);
}

async function start() {
  const before = await status();
  await page.click('#entry-start');
  await waitFor('the check', async () => (await status()) !== before);
  return status();
}

test('copy a puzzle from paper with the pen and the keyboard, then play it', { timeout: 120000 }, async () => {
  await page.click('#btn-new');
  await page.waitForFunction(() => document.getElementById('dlg-new').open);
  await page.click('#game-sudoku');
  await page.select('#new-size', '9');
  await page.click('#new-enter');
  const empty = await waitFor('the empty board', async () => { const v = (await ui()).view; return v && v.difficulty === 'being entered' ? v : null; });
  assert.ok(empty.cells.every((c) => c.value === 0 && !c.given));
  assert.equal(await shown('entry-start'), true, '"Start this puzzle" is offered');
  assert.equal(await shown('btn-hint'), false, 'no hints for a board being entered');
  assert.equal(await shown('btn-solve'), false);

  // The 5 of r1c1 written with the pen; a reading that isn't 5 is rubbed out with the eraser end.
  const rect = await boardRect(page);
  let read = null;
  for (const s of loadSamples('5').slice(0, 8)) {
    const writes = (await ui()).writes;
    await pen.write(placeInCell(s.strokes, rect, 9, 0, 0), { gap: 120 });
    await pen.hover(cellCentre(rect, 9, 4, 4));
    await page.waitForFunction((w) => window.__inkdoku.writes > w, { timeout: 10000 }, writes);
    read = (await ui()).view.cells[0].value;
    if (read === 5) break;
    if (read) {
      const a = cellCentre(rect, 9, 0, 0);
      await erase(page, [{ x: a.x - 15, y: a.y }, { x: a.x + 15, y: a.y + 4 }, { x: a.x - 10, y: a.y + 8 }]);
      await waitFor('the eraser', async () => (await ui()).view.cells[0].value === 0);
    }
  }
  assert.equal(read, 5, 'the pen wrote the 5');

  // One given is not a puzzle: several solutions, and where two of them differ is shown.
  assert.match(await start(), /more than one solution: two of them differ in the \d+ highlighted cells/);
  const marked = (await ui()).hint;
  assert.ok(marked && marked.highlight.cells.length >= 2, JSON.stringify(marked));
  await page.screenshot({ path: artifactPath('enter-puzzle-several.png') });

  // A slip: a second 5 in the first row. Start says so; Ctrl+Z takes it back.
  await typeInto(1, 5);
  assert.match(await start(), /Two numbers clash/);
  await page.keyboard.down('Control'); await page.keyboard.press('z'); await page.keyboard.up('Control');
  await waitFor('the undo', async () => (await ui()).view.cells[1].value === 0);

  // The rest of the paper, typed.
  for (const [i, ch] of [...PAPER].entries()) if (i > 0 && ch !== '.') await typeInto(i, Number(ch));
  assert.match(await start(), /^Your puzzle is easy: its hardest step is [a-z].+\. Its numbers are locked; have fun\.$/);
  const v = (await ui()).view;
  assert.equal(v.difficulty, 'easy');
  assert.deepEqual(v.cells.map((c) => (c.given ? String(c.value) : '.')).join(''), PAPER, 'the givens are the paper\'s, locked');
  assert.equal(v.can_undo, false, 'a new game');
  assert.equal(await shown('entry-start'), false);
  assert.equal(await shown('btn-hint'), true, 'hints are back');
  await page.screenshot({ path: artifactPath('enter-puzzle-started.png') });
});
