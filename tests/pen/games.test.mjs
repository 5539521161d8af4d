// The game picker (home) in real Chromium against the real backend: three tiles, the game
// without a screen yet disabled and saying so, the picker fitting a small 800x480 screen; and a
// game of a kind with no screen yet (as a file from a newer version could bring) is not faked:
// the player is told and sent to the picker.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startDevServer, launchChromium, openApp } from '../support/devserver.mjs';
import { artifactPath, waitFor } from '../support/proc.mjs';

let server, browser, page;

before(async () => {
  server = await startDevServer();
  browser = await launchChromium({ width: 800, height: 480 });
  page = await openApp(browser, server.url);
}, { timeout: 60000 });

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

const ui = () => page.evaluate(() => JSON.parse(JSON.stringify(window.__inkdoku)));
const ipc = (command, args = {}) => page.evaluate(async (command, args) => (await fetch(`/ipc/${command}`, { method: 'POST', body: JSON.stringify(args) })).json(), command, args);

test('the game picker fits an 800x480 screen: Sudoku and KenKen ready, Sliding picture coming soon', { timeout: 30000 }, async () => {
  await page.click('#btn-new');
  await page.waitForFunction(() => document.getElementById('dlg-new').open);
  const s = await page.evaluate(() => {
    const box = (el) => { const r = el.getBoundingClientRect(); return { x: r.left, y: r.top, w: r.width, h: r.height }; };
    return {
      dialog: box(document.getElementById('dlg-new')),
      tiles: [...document.querySelectorAll('#game-tiles .tile')].map((t) => ({ id: t.id, disabled: t.disabled, pressed: t.getAttribute('aria-pressed'), text: t.textContent, ...box(t) })),
      options: !document.querySelector('#dlg-new [data-game="sudoku"]').hidden,
      start: box(document.getElementById('new-start')),
      scrolls: document.getElementById('dlg-new').scrollHeight > document.getElementById('dlg-new').clientHeight + 1,
    };
  });
  const d = s.dialog;
  assert.ok(d.x >= 0 && d.y >= 0 && d.x + d.w <= 800 && d.y + d.h <= 480, `the picker fits the window: ${JSON.stringify(d)}`);
  assert.deepEqual(s.tiles.map((t) => [t.id, t.disabled, t.pressed]), [['game-sudoku', false, 'true'], ['game-kenken', false, 'false'], ['game-slide', true, 'false']]);
  for (const t of s.tiles) assert.ok(t.h >= 40 && t.x >= d.x && t.x + t.w <= d.x + d.w, `${t.id} is a decent tile inside the dialog`);
  assert.ok(/Coming soon/.test(s.tiles[2].text) && !/Coming soon/.test(s.tiles[1].text));
  assert.ok(s.options, 'Sudoku\'s options show');
  assert.ok(s.start.y + s.start.h <= 480, 'Start is on screen');
  assert.equal(s.scrolls, false, 'nothing hidden below a scroll');
  await page.screenshot({ path: artifactPath('picker-800x480.png') });
  // A disabled tile can't be chosen.
  await page.click('#game-slide');
  assert.equal(await page.evaluate(() => document.getElementById('game-sudoku').getAttribute('aria-pressed')), 'true');
  await page.click('#new-start');
  await page.waitForFunction(() => !document.getElementById('dlg-new').open && window.__inkdoku.view);
});

test('a game of a kind with no screen yet is not shown: the player is told and gets the picker', { timeout: 30000 }, async () => {
  // The backend's game in play becomes a sliding puzzle behind the page's back (as opening a
  // file would); the page meets it with the next view it asks for (the clock, when it is shown
  // again).
  const k = await ipc('new_game', { kind: 'slide', rows: 3, cols: 3 });
  assert.equal(k.kind, 'slide');
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await page.waitForFunction(() => document.getElementById('dlg-new').open);
  const s = await ui();
  assert.equal(s.view, null, 'no game is shown');
  assert.equal(s.selected, null);
  const told = await page.evaluate(() => ({ note: document.getElementById('new-note').textContent, status: document.getElementById('status').textContent }));
  assert.match(told.note, /Sliding picture can't be played in this version yet/, 'the picker says why it opened');
  assert.equal(told.status, told.note);
  assert.equal(await page.evaluate(() => { const d = document.getElementById('dlg-new'); return d.scrollHeight > d.clientHeight + 1; }), false, 'the picker with its note still fits 800x480');
  const panel = await page.evaluate(() => document.getElementById('screen-panel').children.length);
  assert.equal(panel, 0, 'no Sudoku controls for a sliding puzzle');
  await page.screenshot({ path: artifactPath('picker-unplayable.png') });
  // The pen does nothing on an empty board.
  const writes = s.writes;
  await page.keyboard.press('Escape');
  await page.mouse.click(200, 200);
  assert.equal((await ui()).writes, writes);
  // Choosing Sudoku plays again.
  await page.click('#btn-new');
  assert.equal(await page.evaluate(() => document.getElementById('new-note').hidden), true, 'no note when opened by the player');
  await page.click('#new-start');
  const v = await waitFor('a Sudoku again', async () => { const u = await ui(); return u.view && u.view.kind === 'sudoku' ? u.view : null; });
  assert.equal(v.cells.length, 81);
  assert.deepEqual(page.errors, []);
});
