// "Solve step by step" (issue #26, after WPF Sudoku's solvers) in headless Chromium against the
// real backend: Solve offers "Step by step" beside "Solve instantly"; the computer makes a
// person's steps one at a time, each named and highlighted as a hint is; pause, one step and
// the speed work; undo goes back one step; the player takes over at any step (their move
// pauses the steps, and a wrong number of theirs is the next step's to take out); the steps
// finish the puzzle as the computer's (no win counted, no wave). Screenshots of the controls at
// 1920x1080 and 800x480, in English and Chinese, go to artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPenPage, closePenPage, resizePage, chooseLanguage } from '../support/devserver.mjs';
import { artifactPath } from '../support/proc.mjs';
import { pageState, ipc as ipcOf } from '../support/pen.mjs';

let session, page;

before(async () => {
  ({ page } = session = await openPenPage());
}, { timeout: 60000 });

after(async () => {
  await closePenPage(session);
});

const ui = () => pageState(page);
const ipc = (cmd, args = {}) => ipcOf(page, cmd, args);
const shown = (id) => page.evaluate((id) => { const e = document.getElementById(id); return Boolean(e && e.offsetParent !== null); }, id);
const undo = async () => { await page.keyboard.down('Control'); await page.keyboard.press('z'); await page.keyboard.up('Control'); };
const cellsOf = (v) => v.cells.map((c) => [c.value, c.candidates]);

/** A hard 9x9 (it needs steps that remove candidates), shown after a reload. */
async function hardSudoku() {
  const v = await ipc('new_game', { kind: 'sudoku', replace: true, params: { size: 9, difficulty: 'hard' } });
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForFunction((id) => window.__inkdoku && window.__inkdoku.view && window.__inkdoku.view.game_id === id && window.__inkdoku.ready, { timeout: 15000 }, v.game_id);
  return v;
}

async function startSteps() {
  await page.click('#btn-solve');
  await page.waitForSelector('#dlg-confirm[open] #confirm-alt:not([hidden])');
  await page.click('#confirm-alt');
  await page.waitForFunction(() => window.__inkdoku.steps !== 'off' && window.__inkdoku.step, { timeout: 10000 });
}

test('Solve offers step by step; each step is named, highlighted, one undo step; pause and one step', async () => {
  const start = await hardSudoku();
  await startSteps();
  await page.click('#steps-play'); // pause at once: the first step was made on start
  await page.waitForFunction(() => window.__inkdoku.steps === 'paused');
  const s = await ui();
  assert.ok(s.step.id && s.step.id !== 'solved', 'a technique names the step');
  assert.ok(s.hint && s.hint.highlight, 'the step is highlighted as a hint is');
  assert.ok(await page.$eval('#status .technique', (e) => e.textContent.length > 2), 'the status line names the technique');
  assert.equal(await shown('steps'), true);
  assert.equal(await shown('btn-hint'), false, 'the controls take the place of Hint and Solve');
  assert.equal(await shown('steps-once'), true);

  // One step: exactly one more change, and still paused.
  const before = await ui();
  await page.click('#steps-once');
  await page.waitForFunction((r) => window.__inkdoku.view.rev > r, {}, before.view.rev);
  const after1 = await ui();
  assert.equal(after1.steps, 'paused');
  assert.notDeepEqual(cellsOf(after1.view), cellsOf(before.view), 'the step changed the board');

  // Undo goes back exactly that step; the steps stay paused for the player.
  await undo();
  await page.waitForFunction((r) => window.__inkdoku.view.rev > r, {}, after1.view.rev);
  const back = await ui();
  assert.deepEqual(cellsOf(back.view), cellsOf(before.view), 'undo went back one step');
  assert.equal(back.steps, 'paused');
  assert.notEqual(back.view.game_id, undefined);
  assert.equal(back.view.game_id, start.game_id);
});

test('the player takes over: their wrong number is the next step\'s to take out; their move pauses the steps', async () => {
  await hardSudoku();
  // A wrong number of the player's: a given's digit in an empty cell of its row.
  const v = (await ui()).view;
  const i = v.cells.findIndex((c, k) => !c.given && v.cells.slice(k - (k % 9), k - (k % 9) + 9).some((x) => x.given));
  const row = Math.floor(i / 9), col = i % 9;
  const wrong = v.cells.slice(row * 9, row * 9 + 9).find((x) => x.given).value;
  await ipc('act', { action: { type: 'set_value', row, col, value: wrong } });
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForFunction((i, w) => window.__inkdoku && window.__inkdoku.view && window.__inkdoku.view.cells[i].value === w && window.__inkdoku.ready, {}, i, wrong);
  await startSteps();
  await page.click('#steps-play');
  await page.waitForFunction(() => window.__inkdoku.steps === 'paused');
  const s = await ui();
  assert.equal(s.step.id, 'wrong_number', `the first step takes out the player's wrong number (${s.step.id})`);
  assert.equal(s.view.cells[i].value, 0);

  // A move of the player's (here undo) while the computer plays pauses it.
  await page.click('#steps-play');
  await page.waitForFunction(() => window.__inkdoku.steps === 'playing');
  await undo();
  await page.waitForFunction(() => window.__inkdoku.steps === 'paused', { timeout: 5000 });
  // "Take over" closes the controls; Hint and Solve are back.
  await page.click('#steps-stop');
  await page.waitForFunction(() => window.__inkdoku.steps === 'off');
  assert.equal(await shown('steps'), false);
  assert.equal(await shown('btn-hint'), true);
});

test('the steps finish the puzzle as the computer: no win counted, no wave', async () => {
  await ipc('reset_stats');
  await ipc('new_game', { kind: 'sudoku', replace: true, params: { size: 4, difficulty: 'easy' } });
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => window.__inkdoku && window.__inkdoku.view && window.__inkdoku.view.size === 4 && window.__inkdoku.ready);
  await startSteps();
  await page.select('#steps-speed', 'fast');
  await page.waitForFunction(() => window.__inkdoku.view.solved, { timeout: 30000 });
  await page.waitForFunction(() => window.__inkdoku.steps === 'off');
  const s = await ui();
  assert.equal(s.view.solved_by_computer, true);
  assert.equal(s.victory, null, 'no wave for the computer');
  const status = await page.$eval('#status', (e) => e.textContent);
  assert.doesNotMatch(status, /well done/i);
  const stats = await ipc('get_stats');
  const rows = JSON.stringify(stats);
  assert.doesNotMatch(rows, /"won":\s*[1-9]/, `no win counted: ${rows.slice(0, 400)}`);
  // The hints it took are counted.
  assert.match(rows, /"hints":\s*[1-9]/);
});

test('screenshots: the controls at 1920x1080 and 800x480, English and Chinese, fit the panel', async () => {
  for (const lang of ['en', 'zh-CN']) {
    await chooseLanguage(page, lang);
    for (const [width, height] of [[1920, 1080], [800, 480]]) {
      await resizePage(page, { width, height });
      await hardSudoku();
      await startSteps();
      await page.click('#steps-play');
      await page.waitForFunction(() => window.__inkdoku.steps === 'paused');
      for (const id of ['steps-play', 'steps-once', 'steps-speed', 'steps-stop', 'btn-share']) {
        const box = await page.$eval(`#${id}`, (e) => { const r = e.getBoundingClientRect(); return { l: r.left, t: r.top, r: r.right, b: r.bottom }; });
        assert.ok(box.l >= 0 && box.t >= 0 && box.r <= width + 0.5 && box.b <= height + 0.5, `${id} on screen at ${width}x${height} ${lang}: ${JSON.stringify(box)}`);
      }
      const label = await page.$eval('#steps-stop', (e) => e.textContent);
      if (lang === 'zh-CN') assert.doesNotMatch(label, /[A-Za-z]{2,}/, 'the controls speak Chinese');
      await page.screenshot({ path: artifactPath(`solve-steps-${lang}-${width}x${height}.png`) });
      await page.click('#steps-stop');
    }
  }
  await chooseLanguage(page, 'en');
});
