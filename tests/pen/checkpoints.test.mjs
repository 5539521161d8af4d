// Checkpoints (issue #44, item 3) in headless Chromium against the real backend: "⚑ Marks…"
// opens a small menu: "Mark this position" keeps the position; the marks are listed ("Mark 1 · 2
// moves ago") and going back to one is a single move (Undo returns, Redo goes again); "Last correct position" after a wrong digit asks
// first, takes the moves from the mistake on back as one move and counts as a hint; with nothing
// wrong it says so and changes nothing. Played with a mouse and the keyboard; screenshots of the
// panel and the dialog at 1920x1080 and 800x480, in English and Chinese, go to artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPenPage, closePenPage, resizePage, chooseLanguage } from '../support/devserver.mjs';
import { artifactPath, sleep } from '../support/proc.mjs';
import { pageState, boardRect, cellCentre, ipc as ipcOf, viewRev, viewChanged, newSudokuShown } from '../support/pen.mjs';

let session, page;

before(async () => {
  ({ page } = session = await openPenPage({ width: 1920, height: 1080 }));
}, { timeout: 60000 });

after(async () => {
  await closePenPage(session);
});

const ui = () => pageState(page);
const ipc = (cmd, args = {}) => ipcOf(page, cmd, args);
const values = (v) => v.cells.map((c) => c.value);
const rev = () => viewRev(page);
const changed = (r) => viewChanged(page, r);
const chord = async (key) => { const r = await rev(); await page.keyboard.down('Control'); await page.keyboard.press(key); await page.keyboard.up('Control'); await changed(r); };

/** A 9x9 easy Sudoku, shown after a reload. */
const newSudoku = () => newSudokuShown(page);

/** Taps cell i with the mouse (it selects it) and types `digit`. */
async function type(i, digit) {
  const rect = await boardRect(page);
  const p = cellCentre(rect, 9, Math.floor(i / 9), i % 9);
  await page.mouse.click(p.x, p.y);
  const r = await rev();
  await page.keyboard.press(String(digit));
  await changed(r);
  return (await ui()).view;
}

/** Writes the right digit in cell i: a wrong one tried is taken back with Ctrl+Z. */
async function writeRight(i) {
  for (let d = 1; d <= 9; d++) {
    const v = await type(i, d);
    if (!v.cells[i].incorrect) return d;
    await chord('z');
  }
  throw new Error(`no digit fits cell ${i}`);
}

async function openMarks() {
  await page.focus('#btn-marks');
  await page.keyboard.press('Enter'); // the keyboard reaches it as the mouse does
  await page.waitForSelector('#dlg-marks[open]');
  await sleep(150);
}

/** "⚑ Marks…" → "Mark this position", with the keyboard (the menu opens on it). */
async function markHere() {
  await openMarks();
  const r = await rev();
  assert.equal(await page.evaluate(() => document.activeElement.id), 'marks-mark');
  await page.keyboard.press('Enter');
  await changed(r);
}

async function pickInBack(selector) {
  const r = await rev();
  await page.click(selector);
  await changed(r);
}

test('mark, play, back to the mark as one move, undo and redo it', async () => {
  const start = await newSudoku();
  assert.deepEqual(start.marks, []);
  assert.equal(await page.$eval('#btn-marks', (e) => e.offsetParent !== null), true, 'the button is in the panel');
  const open = start.cells.map((c, i) => (c.given ? -1 : i)).filter((i) => i >= 0);
  const [a, b, c] = open;
  await writeRight(a);
  await markHere();
  const marked = (await ui()).view;
  assert.deepEqual(marked.marks.map((m) => m.n), [1]);
  assert.match(await page.$eval('#status', (e) => e.textContent), /mark 1/);
  await writeRight(b);
  await writeRight(c);
  const played = (await ui()).view;

  await openMarks();
  const labels = await page.$$eval('#marks-list button', (bs) => bs.map((x) => x.textContent));
  assert.deepEqual(labels, ['Mark 1 · 2 moves ago']);
  await page.screenshot({ path: artifactPath('checkpoints-dialog-1920x1080.png') });
  await pickInBack('#marks-list button');
  const back = (await ui()).view;
  assert.deepEqual(values(back), values(marked), 'the board as it was at the mark');
  assert.equal(back.marks[0].moves_ago, 3, 'going back was a move of its own');

  await chord('z');
  assert.deepEqual(values((await ui()).view), values(played), 'Undo brings back where the player was');
  await chord('y');
  assert.deepEqual(values((await ui()).view), values(marked), 'Redo goes back to the mark again');
  await chord('z');
});

test('"Last correct position": nothing wrong says so; after a wrong digit it asks, goes back one move, counts a hint', async () => {
  const start = await newSudoku();
  await ipc('reset_stats');
  const open = start.cells.map((c, i) => (c.given ? -1 : i)).filter((i) => i >= 0);
  await writeRight(open[0]);
  await markHere();

  // Nothing wrong yet: said, no question, nothing changed.
  await openMarks();
  await page.click('#marks-correct');
  await page.waitForFunction(() => /Nothing is wrong/.test(document.getElementById('status').textContent), { timeout: 5000 });
  assert.equal(await page.$('#dlg-confirm[open]'), null, 'no question when nothing is wrong');
  const correct = (await ui()).view;

  // A wrong digit: a given's digit in an empty cell of its row; then a right one after it.
  const i = open.find((k) => start.cells.slice(k - (k % 9), k - (k % 9) + 9).some((x) => x.given));
  const row = start.cells.slice(i - (i % 9), i - (i % 9) + 9);
  const wrong = row.find((x) => x.given).value;
  const v = await type(i, wrong);
  assert.equal(v.cells[i].incorrect, true);
  await writeRight(open.find((k) => k !== i && k !== open[0] && !v.cells[k].value));
  const mistaken = (await ui()).view;

  await openMarks();
  await page.screenshot({ path: artifactPath('checkpoints-dialog-marks-1920x1080.png') });
  await page.click('#marks-correct');
  await page.waitForSelector('#dlg-confirm[open]');
  assert.match(await page.$eval('#confirm-text', (e) => e.textContent), /last 2 moves/);
  await page.screenshot({ path: artifactPath('checkpoints-ask-1920x1080.png') });
  const r = await rev();
  await page.click('#confirm-ok');
  await changed(r);
  const fixed = (await ui()).view;
  assert.deepEqual(values(fixed), values(correct), 'back to just before the wrong digit');
  assert.match(await page.$eval('#status', (e) => e.textContent), /Back 2 moves/);
  const stats = await ipc('get_stats');
  assert.equal(stats.summaries[0].hints, 1, 'counted as a hint');

  await chord('z');
  assert.deepEqual(values((await ui()).view), values(mistaken), 'one undo step brings the moves back');
  await chord('y');

  // The panel with marks at 1920x1080 and at 800x480: the row fits, the panel does not scroll.
  await page.screenshot({ path: artifactPath('checkpoints-panel-1920x1080.png') });
  for (const [width, height] of [[800, 480], [533, 800]]) {
    await resizePage(page, { width, height });
    await sleep(200);
    const fit = await page.evaluate(() => {
      const inside = (e) => { const q = e.getBoundingClientRect(); return q.left >= 0 && q.top >= 0 && q.right <= innerWidth + 0.5 && q.bottom <= innerHeight + 0.5; };
      const panel = document.getElementById('panel');
      return { marks: inside(document.getElementById('btn-marks')), scrolls: panel.scrollHeight > panel.clientHeight + 1 };
    });
    assert.deepEqual(fit, { marks: true, scrolls: false }, `${width}x${height}`);
    await page.screenshot({ path: artifactPath(`checkpoints-panel-${width}x${height}.png`) });
    await openMarks();
    const d = await page.$eval('#dlg-marks', (e) => { const q = e.getBoundingClientRect(); return q.left >= 0 && q.top >= 0 && q.right <= innerWidth + 0.5 && q.bottom <= innerHeight + 0.5; });
    assert.equal(d, true, `the dialog fits ${width}x${height}`);
    await page.screenshot({ path: artifactPath(`checkpoints-dialog-${width}x${height}.png`) });
    await page.keyboard.press('Escape');
    await sleep(150);
  }
  await resizePage(page, { width: 1920, height: 1080 });
});

test('in Chinese: the buttons, the marks and the question', async () => {
  await newSudoku();
  const open = (await ui()).view.cells.map((c, i) => (c.given ? -1 : i)).filter((i) => i >= 0);
  await writeRight(open[0]);
  await markHere();
  await chooseLanguage(page, 'zh-CN');
  assert.equal(await page.$eval('#btn-marks', (e) => e.textContent), '⚑ 标记…');
  await openMarks();
  assert.deepEqual(await page.$$eval('#marks-list button', (bs) => bs.map((x) => x.textContent)), ['标记 1 · 现在']);
  assert.equal(await page.$eval('#marks-correct', (e) => e.textContent), '最后正确的局面');
  assert.equal(await page.$eval('#marks-mark', (e) => e.textContent), '⚑ 标记当前局面');
  await page.screenshot({ path: artifactPath('checkpoints-dialog-zh.png') });
  await page.keyboard.press('Escape');
  await sleep(150);
  await page.screenshot({ path: artifactPath('checkpoints-panel-zh.png') });
  await chooseLanguage(page, 'en');
});
