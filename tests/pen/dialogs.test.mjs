// The dialogs' answers (#40), in headless Chromium against the real backend: a question asked
// while another is on screen waits its turn and each answer goes to its own question (item 1);
// a dialog that acts on the button that closed it never takes the last opening's button for
// Escape's answer, whatever the engine does with returnValue on Escape (item 5).
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPenPage, closePenPage, closeDialogs, chooseLanguage, spyCalls as spy, spiedCalls } from '../support/devserver.mjs';
import { ipc as ipcOf } from '../support/pen.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkdoku-dialogs-'));
const pickFile = path.join(dir, 'picked');
let session, page;

before(async () => {
  fs.writeFileSync(pickFile, '');
  ({ page } = session = await openPenPage({ args: ['--pick-file', pickFile] }));
}, { timeout: 60000 });

after(async () => {
  await closePenPage(session);
  fs.rmSync(dir, { recursive: true, force: true });
});

// A failed test leaves no dialog open for the next one.
afterEach(() => closeDialogs(page));

const ipc = (cmd, args = {}) => ipcOf(page, cmd, args);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const title = () => page.$eval('#dlg-confirm-title', (e) => e.textContent);
const state = () => page.evaluate(() => ({ game_id: window.__inkdoku.view.game_id, pen_only: window.__inkdoku.settings.pen_only }));

const calls = () => spiedCalls(page);

/** A new 4x4 Sudoku from the picker's Start; waits until it is shown. */
async function startFromPicker() {
  await page.click('#btn-new');
  await page.waitForSelector('#dlg-new[open]');
  await page.click('#game-sudoku');
  await page.select('#new-size', '4');
  const first = (await state()).game_id;
  await page.click('#new-start');
  await page.waitForFunction((id) => window.__inkdoku.view.game_id > id && !document.querySelector('dialog[open]'), { timeout: 20000 }, first);
}

/**
 * Closes the open `dialog` as Escape does in an engine that follows the earlier HTML text
 * (WebView2 before Chromium cleared it, WebKitGTK): closed with no value, its returnValue left
 * as it was. `close()` with no argument does exactly that in every engine.
 */
async function escapeTheOldWay(dialog) {
  await page.$eval(dialog, (d) => d.close());
  await page.waitForSelector(`${dialog}:not([open])`);
  await sleep(500); // what the close would start (a save, a new game) has had its time
}

test('a question asked while another is on screen waits; each answer goes to its own question', async () => {
  // A Sudoku 3 s from its one-minute limit: saved, its play time moved on, opened again.
  await ipc('new_game', { kind: 'sudoku', replace: true, params: { size: 4 } });
  await ipc('set_time_limit', { minutes: 1 });
  const file = path.join(dir, 'limited.inkdoku');
  fs.writeFileSync(pickFile, file);
  await ipc('save_game_as');
  const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
  saved.elapsed_ms = 57_000;
  fs.writeFileSync(file, JSON.stringify(saved));
  const opened = await ipc('open_game');
  if (!opened.view) await ipc('replace_game', { accept: true });
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => window.__inkdoku && window.__inkdoku.ready && window.__inkdoku.view.time_limit_ms === 60_000);
  await ipc('set_timer', { running: true });
  await spy(page);
  // Statistics → Reset…: the question is on screen when the time runs out.
  await page.click('#btn-stats');
  await page.waitForSelector('#dlg-stats[open]');
  await page.click('#stats-reset');
  await page.waitForSelector('#dlg-confirm[open]');
  assert.equal(await title(), 'Reset statistics?');
  await page.waitForFunction(() => /^0:00 left$/.test(document.getElementById('timer').textContent), { timeout: 10000 });
  await sleep(1500);
  assert.equal(await title(), 'Reset statistics?', 'the time-up question waits: the one on screen is not replaced');
  // "Keep them": the statistics stay, and then the time-up question comes, over the statistics.
  await page.click('#confirm-cancel');
  await page.waitForFunction(() => document.getElementById('dlg-confirm-title').textContent === 'Time is up' && document.getElementById('dlg-confirm').open, { timeout: 5000 });
  await page.waitForSelector('#dlg-stats[open]');
  assert.equal(await page.evaluate(() => document.elementFromPoint(...(() => { const r = document.getElementById('confirm-ok').getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()).id), 'confirm-ok', 'the question is on top of the statistics reopened under it');
  await page.click('#confirm-ok'); // Play on untimed
  await page.waitForFunction(() => window.__inkdoku.view.time_limit_ms === null, { timeout: 5000 });
  await sleep(300);
  assert.ok(!(await calls()).includes('reset_stats'), `"Play on untimed" must not answer the other question: ${await calls()}`);
  assert.equal(await page.$('#dlg-confirm[open]'), null);
  await page.keyboard.press('Escape');
  await page.waitForSelector('#dlg-stats:not([open])');
});

test('two questions at once: asked one after the other, each resolving with its own answer', async () => {
  const answers = page.evaluate(async () => {
    const { ask } = await import('/js/dialogs.js');
    const first = ask({ title: 'First', text: '', ok: 'Yes 1' });
    const second = ask({ title: 'Second', text: '', ok: 'Yes 2' });
    return Promise.all([first, second]);
  });
  await page.waitForFunction(() => document.getElementById('dlg-confirm').open && document.getElementById('dlg-confirm-title').textContent === 'First');
  await sleep(200);
  assert.equal(await title(), 'First');
  await page.click('#confirm-cancel');
  await page.waitForFunction(() => document.getElementById('dlg-confirm').open && document.getElementById('dlg-confirm-title').textContent === 'Second');
  await page.click('#confirm-ok');
  assert.deepEqual(await answers, [null, 'ok']);
});

test('Settings: Escape after an earlier Save saves nothing, whatever the engine does on Escape', async () => {
  const was = (await state()).pen_only;
  await page.click('#btn-settings');
  await page.waitForSelector('#dlg-settings[open]');
  await page.click('#settings-save');
  await page.waitForSelector('#dlg-settings:not([open])');
  await sleep(300);
  await page.click('#btn-settings');
  await page.waitForSelector('#dlg-settings[open]');
  await page.click('#set-penonly');
  await escapeTheOldWay('#dlg-settings');
  assert.equal((await state()).pen_only, was, 'the page kept the setting');
  assert.equal((await ipc('get_settings')).pen_only, was, 'the backend kept the setting');
});

test('New game: Escape after an earlier Start starts nothing, whatever the engine does on Escape', async () => {
  await startFromPicker();
  const started = (await state()).game_id;
  await spy(page);
  await page.click('#btn-new');
  await page.waitForSelector('#dlg-new[open]');
  await escapeTheOldWay('#dlg-new');
  assert.equal((await state()).game_id, started, 'no other game');
  assert.deepEqual((await calls()).filter((c) => c === 'new_game' || c === 'generate_game'), []);
});

test('the status line says again in the new language what it said (#40)', async () => {
  await startFromPicker();
  const status = () => page.$eval('#status', (e) => e.textContent);
  const english = await status();
  assert.match(english, /^New /);
  try {
    await chooseLanguage(page, 'zh-CN');
    await page.waitForFunction(() => /[\u4e00-\u9fff]/.test(document.getElementById('status').textContent), { timeout: 5000 }).catch(() => {});
    assert.match(await status(), /^新/, 'said again in Chinese');
  } finally {
    await chooseLanguage(page, 'en');
  }
  assert.equal(await status(), english, 'and back in English');
});
