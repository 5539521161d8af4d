// "Watch my solve" (issue #44, item 4) in headless Chromium against the real backend (with a
// data folder, where wins are kept): a Sudoku won with a note, a wrong number, an undo and a
// redo along the way; the win's caption offers "Watch my solve", which plays every step in
// order at the chosen speed; the scrubber, the step buttons and the keyboard pause on any step,
// and the board shown is the backend's board of that step; the statistics list the win under
// "Recent wins" and replay it from there (the statistics open again after); Chinese; the
// dialog fits 1920x1080, 800x480 and 533x800. Screenshots go to artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPenPage, closePenPage, resizePage, chooseLanguage, closeDialogs } from '../support/devserver.mjs';
import { artifactPath, sleep } from '../support/proc.mjs';
import { pageState, boardRect, cellCentre, ipc as ipcOf } from '../support/pen.mjs';

let session, page, dataDir;

before(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkdoku-replay-'));
  ({ page } = session = await openPenPage({ width: 1920, height: 1080, args: ['--data-dir', dataDir] }));
}, { timeout: 60000 });

after(async () => {
  await closePenPage(session);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const ui = () => pageState(page);
const ipc = (cmd, args = {}) => ipcOf(page, cmd, args);
const text = (sel) => page.$eval(sel, (e) => e.textContent);
const step = () => page.$eval('#dlg-replay', (d) => Number(d.dataset.step));
const board = () => page.$eval('#replay-board', (c) => c.toDataURL());

/**
 * A 4x4 Sudoku won by the player: a candidate, a wrong number, Undo, Redo, Undo, then the
 * hints' numbers through the backend, and the last number typed on the page (so the page sees
 * the win as a player's). Returns the steps the replay must have.
 */
async function winASudoku() {
  const v = await ipc('new_game', { kind: 'sudoku', replace: true, params: { size: 4, difficulty: 'easy' } });
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForFunction((id) => window.__inkdoku && window.__inkdoku.view && window.__inkdoku.view.game_id === id && window.__inkdoku.ready, { timeout: 15000 }, v.game_id);
  const first = (await ipc('hint')).apply;
  assert.ok(['set_value', 'apply_hint'].includes(first.type), first.type);
  const wrong = (first.value % 4) + 1;
  await ipc('act', { action: { type: 'toggle_candidate', row: first.row, col: first.col, value: first.value } });
  await ipc('act', { action: { type: 'set_value', row: first.row, col: first.col, value: wrong } });
  await ipc('undo');
  await ipc('redo');
  await ipc('undo');
  let last = null;
  for (let k = 0; k < 40; k++) {
    const h = await ipc('hint');
    if (!h.apply) throw new Error(`no move from the hint: ${JSON.stringify(h)}`);
    const open = (await ipc('board')).cells.filter((c) => !c.value).length;
    if (open === 1 && h.apply.value) { last = h.apply; break; }
    await ipc('act', { action: h.apply });
  }
  assert.ok(last, 'one cell left to type');
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => window.__inkdoku && window.__inkdoku.ready);
  const rect = await boardRect(page);
  const p = cellCentre(rect, 4, last.row, last.col);
  await page.mouse.click(p.x, p.y);
  await page.keyboard.press(String(last.value));
  await page.waitForFunction(() => window.__inkdoku.view.solved && !document.getElementById('celebration').hidden, { timeout: 10000 });
  return (await ipc('open_replay')).steps;
}

/** The dialog is inside the window, and so is every control in it. */
async function fits() {
  return page.evaluate(() => {
    const inside = (r) => r.left >= -1 && r.top >= -1 && r.right <= window.innerWidth + 1 && r.bottom <= window.innerHeight + 1;
    const d = document.getElementById('dlg-replay');
    const bad = [...d.querySelectorAll('canvas, button, input, select')].filter((e) => !inside(e.getBoundingClientRect())).map((e) => e.id || e.textContent);
    return { dialog: inside(d.getBoundingClientRect()), bad, scrolls: d.scrollHeight > d.clientHeight + 1 };
  });
}

let steps;

test('the win offers "Watch my solve", which plays every step in order and stops at the win', async () => {
  steps = await winASudoku();
  assert.deepEqual(steps.slice(0, 6).map((s) => s.op), ['do', 'do', 'undo', 'redo', 'undo', 'do']);
  assert.equal(await page.$eval('#won-watch', (b) => b.hidden), false);
  await page.screenshot({ path: artifactPath('replay-caption-1920x1080.png') });
  await page.click('#won-watch');
  await page.waitForSelector('#dlg-replay[open]');
  assert.equal(await page.$eval('#dlg-replay', (d) => d.dataset.playing), 'true', 'from the win it plays at once');
  assert.match(await text('#replay-what'), new RegExp(`^Sudoku 4 × 4, easy: ${steps.length} steps$`));
  const start = await board();
  await page.select('#replay-speed', '8');
  // Every step is shown on the way (the step counter goes up one at a time).
  const seen = await page.evaluate(async (n) => {
    const d = document.getElementById('dlg-replay');
    const got = new Set();
    for (let k = 0; k < 600 && Number(d.dataset.step) < n; k++) {
      got.add(Number(d.dataset.step));
      await new Promise((r) => setTimeout(r, 10));
    }
    got.add(Number(d.dataset.step));
    return [...got];
  }, steps.length);
  assert.equal(Math.max(...seen), steps.length);
  assert.ok(seen.length >= steps.length * 0.8, `most steps were on screen: ${seen}`);
  await page.waitForFunction(() => document.getElementById('dlg-replay').dataset.playing === 'false');
  const last = steps[steps.length - 1];
  assert.match(await text('#replay-step'), new RegExp(`^Step ${steps.length} of ${steps.length} · Move · \\d+:\\d\\d$`));
  assert.equal(await page.$eval('#replay-play', (b) => b.getAttribute('aria-label')), 'Play');
  assert.ok(last.t_ms >= steps[0].t_ms);
  assert.notEqual(await board(), start, 'the board drawn changed');
  await page.screenshot({ path: artifactPath('replay-end-1920x1080.png') });
});

test('the scrubber, the buttons and the keyboard pause on any step, showing its board', async () => {
  // The scrubber with the keyboard: Home, then two steps right: the wrong number is there.
  await page.focus('#replay-scrub');
  await page.keyboard.press('Home');
  await page.waitForFunction(() => document.getElementById('dlg-replay').dataset.step === '0');
  assert.match(await text('#replay-step'), /^The start, before any of its \d+ steps$/);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.getElementById('dlg-replay').dataset.step === '2');
  assert.match(await text('#replay-step'), /^Step 2 of \d+ · Move · /);
  const two = await ipc('replay_frame', { step: 2 });
  const first = await ipc('replay_frame', { step: 1 });
  const cell = two.cells.findIndex((c, i) => c.value !== first.cells[i].value);
  assert.ok(cell >= 0 && !two.cells[cell].given, 'step 2 wrote a number');
  // Step forward: the undo takes it away again; the board shown is that step's.
  await page.click('#replay-fwd');
  await page.waitForFunction(() => document.getElementById('dlg-replay').dataset.step === '3');
  assert.match(await text('#replay-step'), /^Step 3 of \d+ · Undo · /);
  const three = await board();
  await page.click('#replay-back');
  await page.waitForFunction(() => document.getElementById('dlg-replay').dataset.step === '2');
  assert.notEqual(await board(), three);
  // The arrows step from the buttons too; Space plays and pauses.
  await page.focus('#replay-what');
  await page.evaluate(() => document.getElementById('replay-what').setAttribute('tabindex', '-1'));
  await page.focus('#replay-what');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.getElementById('dlg-replay').dataset.step === '3');
  assert.equal(await board(), three, 'the same step draws the same board');
  await page.keyboard.press(' ');
  await page.waitForFunction(() => document.getElementById('dlg-replay').dataset.playing === 'true');
  await page.keyboard.press(' ');
  await page.waitForFunction(() => document.getElementById('dlg-replay').dataset.playing === 'false');
  await page.click('#replay-end');
  await page.waitForFunction((n) => document.getElementById('dlg-replay').dataset.step === String(n), {}, steps.length);
  assert.equal(await page.$eval('#replay-fwd', (b) => b.disabled), true);
  await closeDialogs(page);
  assert.equal((await ui()).view.solved, true, 'the game in play is as it was');
});

test('the statistics list the win under "Recent wins" and replay it from there', async () => {
  await page.click('#btn-stats');
  await page.waitForSelector('#dlg-stats[open]');
  await page.waitForSelector('.stats-wins-list li');
  const rows = await page.$$eval('.stats-wins-list li', (ls) => ls.map((l) => l.textContent));
  assert.equal(rows.length, 1);
  assert.match(rows[0], /^Sudoku 4 × 4, easy · \d+:\d\d · /);
  assert.match(await text('.stats-wins p'), /^The last 20 games you won are kept to watch again\.$/);
  await page.screenshot({ path: artifactPath('replay-stats-1920x1080.png') });
  await page.click('.stats-wins-list button');
  await page.waitForSelector('#dlg-replay[open]');
  assert.equal(await page.$eval('#dlg-stats', (d) => d.open), false);
  assert.equal(await step(), 0, 'from the statistics it waits at the start');
  assert.equal(await page.$eval('#dlg-replay', (d) => d.dataset.playing), 'false');
  await page.click('#replay-end');
  await page.waitForFunction((n) => document.getElementById('dlg-replay').dataset.step === String(n), {}, steps.length);
  await page.keyboard.press('Escape');
  await page.waitForSelector('#dlg-stats[open]');
  await closeDialogs(page);
});

test('the replay fits small tablets and speaks Chinese', async () => {
  for (const [width, height] of [[800, 480], [533, 800]]) {
    await resizePage(page, { width, height });
    await page.click('#won-watch');
    await page.waitForSelector('#dlg-replay[open]');
    await page.click('#replay-play');
    await page.waitForFunction(() => document.getElementById('dlg-replay').dataset.playing === 'false');
    await sleep(100);
    const f = await fits();
    assert.deepEqual(f, { dialog: true, bad: [], scrolls: false }, `${width}x${height}`);
    const side = await page.$eval('#replay-board', (c) => c.getBoundingClientRect().width);
    assert.ok(side >= (width > height ? 300 : 380), `the board is ${side}px at ${width}x${height}`);
    await page.screenshot({ path: artifactPath(`replay-${width}x${height}.png`) });
    await closeDialogs(page);
  }
  await resizePage(page, { width: 1920, height: 1080 });
  await chooseLanguage(page, 'zh-CN');
  await page.click('#won-watch');
  await page.waitForSelector('#dlg-replay[open]');
  await page.click('#replay-play');
  await page.click('#replay-start');
  await page.waitForFunction(() => document.getElementById('dlg-replay').dataset.step === '0');
  await page.click('#replay-fwd');
  await page.waitForFunction(() => document.getElementById('dlg-replay').dataset.step === '1');
  assert.match(await text('#replay-step'), /^第 1 步，共 \d+ 步 · 操作 · /);
  assert.match(await text('#replay-what'), /共 \d+ 步$/);
  assert.equal(await page.$eval('#replay-start', (b) => b.getAttribute('aria-label')), '回到开头');
  await page.screenshot({ path: artifactPath('replay-zh-1920x1080.png') });
  await closeDialogs(page);
  await chooseLanguage(page, 'en');
});
