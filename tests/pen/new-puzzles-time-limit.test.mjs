// Two settings of issue #26 (after WPF Sudoku), in headless Chromium against the real backend:
// "New puzzles" (instant from the collection, or fresh from the generator: what "Start" and the
// app's own "New game" use, the other way one button away), and "Time limit" (a new game
// counts down instead of up; when the time is up the player is told once and may play on
// untimed, which Continue keeps).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPenPage, closePenPage, chooseLanguage, spyCalls as spy, spiedCalls } from '../support/devserver.mjs';
import { artifactPath } from '../support/proc.mjs';
import { pageState, ipc as ipcOf } from '../support/pen.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkdoku-limit-'));
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

const ui = () => pageState(page);
const ipc = (cmd, args = {}) => ipcOf(page, cmd, args);

/** Settings changed through the Settings dialog, as the player does. */
async function inSettings(change) {
  await page.click('#btn-settings');
  await page.waitForSelector('#dlg-settings[open]');
  await change();
  await page.click('#settings-save');
  await page.waitForSelector('#dlg-settings:not([open])');
}

const spyCalls = () => spy(page);
const calls = () => spiedCalls(page);

/** Waits until the backend and the page have the setting (the dialog saves after it closes). */
const saved = (key, value) => page.waitForFunction(async (key, value) => {
  const s = await (await fetch('/ipc/get_settings', { method: 'POST', body: '{}' })).json();
  const page = window.__inkdoku.settings;
  return s[key] === value && page && page[key] === value;
}, { timeout: 5000 }, key, value);

async function startFromPicker(button) {
  const before = (await ui()).view.game_id;
  await page.click('#btn-new');
  await page.waitForSelector('#dlg-new[open]');
  await page.click('#game-sudoku');
  await page.select('#new-size', '4');
  const label = await page.$eval('#new-fresh', (b) => b.textContent);
  await page.click(button);
  await page.waitForFunction((id) => window.__inkdoku.view.game_id > id && !document.querySelector('dialog[open]'), { timeout: 20000 }, before);
  return label;
}

test('New puzzles: Start follows the setting, the other button makes it the other way', async () => {
  await ipc('new_game', { kind: 'sudoku', replace: true, params: { size: 4 } });
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => window.__inkdoku && window.__inkdoku.ready);
  await spyCalls();
  let label = await startFromPicker('#new-start');
  assert.equal(label, 'Generate fresh');
  assert.ok((await calls()).includes('new_game') && !(await calls()).includes('generate_game'), `collection: ${await calls()}`);

  await inSettings(() => page.select('#set-newpuzzles', 'fresh'));
  await saved('new_puzzles', 'fresh');
  await spyCalls();
  label = await startFromPicker('#new-start');
  assert.equal(label, 'From the collection', 'the other way, one button away');
  assert.ok((await calls()).includes('generate_game') && !(await calls()).includes('new_game'), `fresh: ${await calls()}`);
  await spyCalls();
  await startFromPicker('#new-fresh');
  assert.ok((await calls()).includes('new_game') && !(await calls()).includes('generate_game'), `the other button: ${await calls()}`);
  await inSettings(() => page.select('#set-newpuzzles', 'collection'));
  await saved('new_puzzles', 'collection');
});

test('Time limit: a new game counts down; Chinese names the limits', async () => {
  await inSettings(() => page.select('#set-timelimit', '5'));
  await saved('time_limit_min', 5);
  await startFromPicker('#new-start');
  const s = await ui();
  assert.equal(s.view.time_limit_ms, 300_000);
  await page.waitForFunction(() => /^[45]:\d\d left$/.test(document.getElementById('timer').textContent), { timeout: 5000 });
  assert.equal(await page.$eval('#timer', (e) => e.getAttribute('aria-label')), 'Time left');
  await chooseLanguage(page, 'zh-CN');
  await page.waitForFunction(() => /^剩 [45]:\d\d$/.test(document.getElementById('timer').textContent), { timeout: 5000 });
  await page.click('#btn-settings');
  await page.waitForSelector('#dlg-settings[open]');
  const names = await page.$$eval('#set-timelimit option', (os) => os.map((o) => o.textContent));
  assert.deepEqual(names.slice(0, 3), ['不限时', '5 分钟', '10 分钟']);
  await page.screenshot({ path: artifactPath('settings-zh-time-limit.png') });
  await page.keyboard.press('Escape');
  await chooseLanguage(page, 'en');
  await inSettings(() => page.select('#set-timelimit', '0'));
  await saved('time_limit_min', 0);
});

test('when the time is up the player is told once and plays on untimed, also after a restart of the view', async () => {
  // A game one and a half seconds from its one-minute limit: saved, its play time moved on,
  // and opened again (Files… → Open game…, answered by the test's file).
  await ipc('new_game', { kind: 'sudoku', replace: true, params: { size: 4 } });
  await ipc('set_time_limit', { minutes: 1 });
  const saved = path.join(dir, 'limited.inkdoku');
  fs.writeFileSync(pickFile, saved);
  await ipc('save_game_as');
  const file = JSON.parse(fs.readFileSync(saved, 'utf8'));
  assert.equal(file.time_limit_ms, 60_000, 'the limit is saved with the game');
  file.elapsed_ms = 58_500;
  fs.writeFileSync(saved, JSON.stringify(file));
  const opened = await ipc('open_game', { });
  const view = opened.view || (await ipc('replace_game', { accept: true }));
  assert.equal(view.time_limit_ms, 60_000, JSON.stringify(opened).slice(0, 200));
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => window.__inkdoku && window.__inkdoku.view && window.__inkdoku.view.time_limit_ms === 60_000);
  await ipc('set_timer', { running: true });
  await page.waitForSelector('#dlg-confirm[open]', { timeout: 10000 });
  assert.equal(await page.$eval('#dlg-confirm-title', (e) => e.textContent), 'Time is up');
  assert.equal(await page.$eval('#confirm-cancel', (e) => e.hidden), true, 'two answers, no third');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'confirm-ok', 'Enter plays on');
  await page.screenshot({ path: artifactPath('time-up.png') });
  await page.click('#confirm-ok');
  await page.waitForFunction(() => window.__inkdoku.view.time_limit_ms === null);
  await page.waitForFunction(() => /^1:\d\d$/.test(document.getElementById('timer').textContent), { timeout: 5000 });
  assert.equal((await ipc('board')).time_limit_ms, null, 'the backend has it untimed');
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => window.__inkdoku && window.__inkdoku.ready);
  await new Promise((r) => setTimeout(r, 1500));
  assert.equal(await page.$('#dlg-confirm[open]'), null, 'told once: untimed stays untimed');
});
