// Back up everything and restore it (issue #44, item 5) in headless Chromium against the real
// backend, its files in a data folder as in the app (the dev server's --data-dir): Files… →
// "Back up everything…" writes one file; played on, "Restore from a backup…" says what the
// backup holds and asks; yes, and the app started again (a second dev server on the same
// folder) offers the game as it was backed up. A file that is no backup changes nothing.
// Screenshots of the question in English (1920x1080) and Chinese (800x480) go to artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPenPage, closePenPage, startDevServer, resizePage, chooseLanguage, closeDialogs } from '../support/devserver.mjs';
import { artifactPath, sleep } from '../support/proc.mjs';
import { pageState, ipc as ipcOf } from '../support/pen.mjs';

const root = mkdtempSync(join(tmpdir(), 'inkdoku-backup-pen-'));
const data = join(root, 'data');
const pick = join(root, 'pick.txt');
const file = join(root, 'everything.inkdoku-backup');
const args = ['--data-dir', data, '--pick-file', pick];
let session, page, second;

before(async () => {
  writeFileSync(pick, file);
  ({ page } = session = await openPenPage({ width: 1920, height: 1080, args }));
}, { timeout: 60000 });

after(async () => {
  await closePenPage(session);
  if (second) await second.stop();
  rmSync(root, { recursive: true, force: true });
});

const ipc = (cmd, args = {}) => ipcOf(page, cmd, args);
const text = (sel) => page.$eval(sel, (e) => e.textContent);

async function openFiles() {
  await page.click('#btn-share');
  await page.waitForSelector('#dlg-share[open]');
}

async function showNew(v) {
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForFunction((id) => window.__inkdoku && window.__inkdoku.ready && window.__inkdoku.view.game_id === id && !document.querySelector('dialog[open]'), { timeout: 15000 }, v.game_id);
}

let backed;

test('"Back up everything…" writes one file with the game in play', async () => {
  await showNew(await ipc('new_game', { kind: 'sudoku', replace: true, seed: 9, params: { size: 9, difficulty: 'easy' } }));
  const hint = await ipc('hint');
  backed = await ipc('act', { action: hint.apply });
  await showNew(backed);
  await openFiles();
  await page.click('#file-backup');
  await page.waitForFunction(() => !document.getElementById('dlg-share').open, { timeout: 10000 });
  assert.equal(await text('#status'), `Everything is backed up in ${file}.`);
  assert.ok(existsSync(file));
});

test('"Restore from a backup…" says what it holds, asks, and the app started again has it', async () => {
  // Played on: another game of the same kind, with a move.
  const other = await ipc('new_game', { kind: 'sudoku', replace: true, seed: 10, params: { size: 9, difficulty: 'easy' } });
  await ipc('act', { action: (await ipc('hint')).apply });
  await showNew(other);
  await openFiles();
  await page.click('#file-restore');
  await page.waitForSelector('#dlg-confirm[open]');
  const asked = await text('#confirm-text');
  assert.match(asked, /^Made on .* by Inkdoku \d+\.\d+\.\d+\. It holds games in progress: 1 · statistics: \d+ games, \d+ won · photos: 0 · handwriting samples: 0 · no settings\. Everything Inkdoku has now is replaced/);
  assert.equal(await text('#confirm-ok'), 'Restore and start again');
  await page.screenshot({ path: artifactPath('backup-restore-ask-1920x1080.png') });
  await page.click('#confirm-ok');
  await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('Restoring the backup'), { timeout: 10000 });
  // The app starts again: a new dev server on the same folder, a cold start of the page.
  await session.server.stop();
  second = await startDevServer({ args });
  await page.goto(second.url, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('#dlg-resume[open]', { timeout: 15000 });
  await page.click('#resume-continue-sudoku');
  await page.waitForFunction(() => window.__inkdoku && window.__inkdoku.ready && !document.querySelector('dialog[open]'), { timeout: 15000 });
  const v = (await pageState(page)).view;
  assert.deepEqual(v.cells.map((c) => c.value), backed.cells.map((c) => c.value), 'the game as it was backed up');
});

test('a file that is no backup is refused in the dialog and nothing changes; in Chinese', async () => {
  writeFileSync(file, '{"format": "inkdoku", "version": 1}');
  await openFiles();
  await page.click('#file-restore');
  await page.waitForFunction(() => document.getElementById('share-error').textContent !== '', { timeout: 10000 });
  assert.equal(await text('#share-error'), 'This is not an Inkdoku backup.', "English keeps the backend's sentence");
  assert.equal(await page.$eval('#dlg-confirm', (d) => d.open), false);
  await closeDialogs(page);
  // The question in Chinese at 800x480, from a good backup again.
  await ipc('back_up');
  await chooseLanguage(page, 'zh-CN');
  await resizePage(page, { width: 800, height: 480 });
  await openFiles();
  assert.equal(await text('#file-restore'), '从备份恢复…');
  await page.click('#file-restore');
  await page.waitForSelector('#dlg-confirm[open]');
  assert.match(await text('#confirm-text'), /^这个备份由 Inkdoku .* 制作，包含：1 局进行中的游戏/);
  await page.screenshot({ path: artifactPath('backup-restore-ask-zh-800x480.png') });
  await page.click('#confirm-cancel');
  await sleep(200);
  await closeDialogs(page);
});
