// The game picker (home) in real Chromium against the real backend: six tiles, every game
// playable, each game's options fitting a small 800x480 screen; and a game of another kind
// that the backend starts behind the page's back (as opening a file does) is shown with its own
// screen. (Every kind the backend knows now has a screen, so the "can't be played in this
// version" path of app.js has no kind left to exercise here.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startDevServer, launchChromium, openApp } from '../support/devserver.mjs';
import { artifactPath, waitFor } from '../support/proc.mjs';
import { ipc as ipcOf } from '../support/pen.mjs';

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
const ipc = (cmd, args = {}) => ipcOf(page, cmd, args);

test('the game picker fits an 800x480 screen: Sudoku, KenKen, Sliding picture and the Sudoku variants all ready', { timeout: 30000 }, async () => {
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
  assert.deepEqual(s.tiles.map((t) => [t.id, t.disabled, t.pressed]), [['game-sudoku', false, 'true'], ['game-kenken', false, 'false'], ['game-slide', false, 'false'], ['game-killer', false, 'false'], ['game-jigsaw', false, 'false'], ['game-sudoku-x', false, 'false']]);
  for (const t of s.tiles) assert.ok(t.h >= 40 && t.x >= d.x && t.x + t.w <= d.x + d.w, `${t.id} is a decent tile inside the dialog`);
  assert.ok(s.tiles.every((t) => !/Coming soon/.test(t.text)));
  assert.ok(s.options, 'Sudoku\'s options show');
  assert.ok(s.start.y + s.start.h <= 480, 'Start is on screen');
  assert.equal(s.scrolls, false, 'nothing hidden below a scroll');
  await page.screenshot({ path: artifactPath('picker-800x480.png') });
  // The sliding picture's options (size, level, picture) fit too, and only they show.
  await page.click('#game-slide');
  const slide = await page.evaluate(() => {
    const dlg = document.getElementById('dlg-new');
    const start = document.getElementById('new-start').getBoundingClientRect();
    return {
      pressed: document.getElementById('game-slide').getAttribute('aria-pressed'),
      shown: [...document.querySelectorAll('#dlg-new [data-game]')].filter((f) => !f.hidden).map((f) => f.dataset.game),
      startBottom: start.bottom,
      scrolls: dlg.scrollHeight > dlg.clientHeight + 1,
    };
  });
  assert.deepEqual(slide, { pressed: 'true', shown: ['slide'], startBottom: slide.startBottom, scrolls: false });
  assert.ok(slide.startBottom <= 480, 'Start is on screen with the sliding picture\'s options');
  await page.screenshot({ path: artifactPath('picker-slide-800x480.png') });
  await page.click('#game-sudoku');
  // Wait for the new game itself (not the old one's view): the next test starts a game behind
  // the page's back, which this one's late arrival would replace.
  await page.evaluate(() => { window.__viewBefore = window.__inkdoku.view; });
  await page.click('#new-start');
  await page.waitForFunction(() => !document.getElementById('dlg-new').open && window.__inkdoku.view && window.__inkdoku.view !== window.__viewBefore);
});

test('a game of another kind started behind the page\'s back is shown with its own screen', { timeout: 30000 }, async () => {
  // The backend's game in play becomes a sliding puzzle behind the page's back (as opening a
  // file would); the page meets it with the next view it asks for (the clock, when it is shown
  // again).
  const k = await ipc('new_game', { kind: 'slide', params: { rows: 3, cols: 3 } });
  assert.equal(k.kind, 'slide');
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  const s = await waitFor('the sliding puzzle', async () => { const u = await ui(); return u.view && u.view.kind === 'slide' ? u : null; });
  assert.deepEqual(s.view.tiles, k.tiles);
  assert.equal(s.selected, null, 'nothing of the Sudoku screen is left');
  const panel = await page.evaluate(() => ({ slide: Boolean(document.getElementById('slide-hint')), pad: Boolean(document.getElementById('numbers')) }));
  assert.deepEqual(panel, { slide: true, pad: false }, 'the sliding puzzle\'s controls, not Sudoku\'s');
  assert.equal(await page.evaluate(() => document.getElementById('dlg-new').open), false);
  // Choosing Sudoku plays again.
  await page.click('#btn-new');
  assert.equal(await page.evaluate(() => document.getElementById('new-note').hidden), true, 'no note when opened by the player');
  await page.click('#new-start');
  const v = await waitFor('a Sudoku again', async () => { const u = await ui(); return u.view && u.view.kind === 'sudoku' ? u.view : null; });
  assert.equal(v.cells.length, 81);
  assert.deepEqual(page.errors, []);
});
