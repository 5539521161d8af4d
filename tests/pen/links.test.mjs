// Sharing a puzzle by link (issue #44, item 2) in headless Chromium against the real backend:
// Files… shows the puzzle's link (inkdoku://play/<code>) with "Copy link"; a link pasted in
// "Play this puzzle" plays; a link handed to the app from outside (the OS, a second launch:
// here the dev bridge's /test/link) is offered — what it is, asked — and played, at a cold
// start before Continue; a broken link says so. Screenshots in English and Chinese.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPenPage, closePenPage, chooseLanguage, closeDialogs, resizePage } from '../support/devserver.mjs';
import { artifactPath, sleep } from '../support/proc.mjs';
import { pageState, ipc as ipcOf } from '../support/pen.mjs';

let session, page;

before(async () => {
  ({ page } = session = await openPenPage({ width: 1920, height: 1080 }));
}, { timeout: 60000 });

after(async () => {
  await closePenPage(session);
});

const ipc = (cmd, args = {}) => ipcOf(page, cmd, args);
const post = (path, a = {}) => page.evaluate(async (path, a) => (await fetch(path, { method: 'POST', body: JSON.stringify(a) })).json(), path, a);
const text = (sel) => page.$eval(sel, (e) => e.textContent);
/** Hands the app a link as the OS does, and tells the page as the shell does. */
async function handOver(url) {
  assert.equal(await post('/test/link', { url }), true);
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('inkdoku-link')));
}

let kenken;

test("Files… shows the puzzle's link, and a pasted link plays", async () => {
  const v = await ipc('new_game', { kind: 'kenken', replace: true, seed: 4, params: { size: 6, difficulty: 'medium' } });
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForFunction((id) => window.__inkdoku && window.__inkdoku.ready && window.__inkdoku.view.game_id === id, { timeout: 15000 }, v.game_id);
  await page.click('#btn-share');
  await page.waitForSelector('#dlg-share[open]');
  kenken = await page.$eval('#share-link', (e) => e.value);
  assert.match(kenken, /^inkdoku:\/\/play\/k6\.[A-Za-z0-9_-]+\.[asmdg0-9]+$/);
  assert.ok(kenken.length < 80, kenken);
  await page.screenshot({ path: artifactPath('links-files-1920x1080.png') });
  // Another game, then the link pasted in "Play this puzzle".
  await closeDialogs(page);
  const other = await ipc('new_game', { kind: 'sudoku', replace: true, params: { size: 9, difficulty: 'easy' } });
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForFunction((id) => window.__inkdoku && window.__inkdoku.ready && window.__inkdoku.view.game_id === id, { timeout: 15000 }, other.game_id);
  await page.click('#btn-share');
  await page.waitForSelector('#dlg-share[open]');
  await page.$eval('#share-text', (e, url) => { e.value = url; }, `  ${kenken}\n`);
  await page.click('#share-import');
  await page.waitForFunction(() => window.__inkdoku.view.kind === 'kenken' && !document.getElementById('dlg-share').open, { timeout: 10000 });
  assert.equal((await ipc('export_puzzle')).link, kenken);
});

test('a link from outside is offered, said and played; a broken one says so', async () => {
  await ipc('new_game', { kind: 'sudoku', replace: true, seed: 7, params: { size: 9, difficulty: 'medium' } });
  const sudoku = (await ipc('export_puzzle')).link;
  assert.match(sudoku, /^inkdoku:\/\/play\/3x3:[a-z0-9_]+$/, 'a Sudoku\'s link is its Solo game ID');
  const shown = await ipc('new_game', { kind: 'kenken', replace: true, params: { size: 4, difficulty: 'easy' } });
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForFunction((id) => window.__inkdoku && window.__inkdoku.ready && window.__inkdoku.view.game_id === id, { timeout: 15000 }, shown.game_id);
  await handOver(sudoku);
  await page.waitForSelector('#dlg-confirm[open]', { timeout: 10000 });
  assert.match(await text('#confirm-text'), /^Someone shared a Sudoku 9 × 9, \w+\. Play it\?$/);
  await page.screenshot({ path: artifactPath('links-offer-1920x1080.png') });
  await page.click('#confirm-ok');
  await page.waitForFunction(() => window.__inkdoku.view.kind === 'sudoku' && window.__inkdoku.ready, { timeout: 15000 });
  assert.equal((await ipc('export_puzzle')).link, sudoku);
  assert.match(await text('#status'), /^The shared Sudoku 9 × 9 \(\w+\): have fun\.$/);
  // Declined: nothing changes.
  const before = (await pageState(page)).view;
  await handOver(kenken);
  await page.waitForSelector('#dlg-confirm[open]', { timeout: 10000 });
  await page.click('#confirm-cancel');
  await sleep(300);
  assert.equal((await pageState(page)).view.game_id, before.game_id);
  // A link cut short.
  await handOver('inkdoku://play/');
  await page.waitForFunction(() => !document.getElementById('toast').hidden, { timeout: 10000 });
  assert.equal(await text('#toast'), "That link can't be played: the link has no puzzle in it.");
  assert.equal(await post('/test/link', { url: '--help' }), false, 'an argument that is no link is not kept');
});

test('a cold start by a link offers it before Continue; in Chinese at 800x480', async () => {
  await chooseLanguage(page, 'zh-CN');
  await resizePage(page, { width: 800, height: 480 });
  await post('/test/relaunch');
  await post('/test/link', { url: kenken });
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForSelector('#dlg-confirm[open]', { timeout: 15000 });
  assert.match(await text('#confirm-text'), /^有人分享了一道聪明格 6 × 6（.+）。要玩吗？$/);
  assert.equal(await page.$eval('#dlg-resume', (d) => d.open), false, 'Continue waits');
  await page.screenshot({ path: artifactPath('links-offer-zh-800x480.png') });
  await page.click('#confirm-ok');
  await page.waitForFunction(() => window.__inkdoku.view && window.__inkdoku.view.kind === 'kenken' && window.__inkdoku.ready, { timeout: 15000 });
  assert.equal((await ipc('export_puzzle')).link, kenken);
  await closeDialogs(page);
});
