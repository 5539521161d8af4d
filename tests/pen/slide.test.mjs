// The sliding picture puzzle in real Chromium against the real backend (dev bridge): a 3x3
// shuffle solved by following the hint with every kind of input (mouse tap, pen drag, finger
// flick, arrow keys, WASD) to the win screen; refused moves; a picture loaded from a PNG shows on
// the tiles, centre-cropped (pixels compared with the source image); a file that is not a
// picture is refused with a message and changes nothing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startDevServer, launchChromium, openApp, relaunch } from '../support/devserver.mjs';
import { artifactPath, waitFor, sleep } from '../support/proc.mjs';
import { Pen } from '../support/pen.mjs';
import { encodePng, gradient } from '../support/png.mjs';
import { boardRect } from '../../ui/js/slidegeom.js';

let server, browser, page, pen;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'inkdoku-slide-'));
const pickFile = path.join(tmp, 'pick.txt');

before(async () => {
  fs.writeFileSync(pickFile, '');
  server = await startDevServer({ args: ['--pick-file', pickFile] });
  browser = await launchChromium({ width: 1200, height: 760 });
  page = await openApp(browser, server.url);
  pen = new Pen(await page.target().createCDPSession());
}, { timeout: 60000 });

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const ui = () => page.evaluate(() => JSON.parse(JSON.stringify(window.__inkdoku)));
const OPPOSITE = { up: 'down', down: 'up', left: 'right', right: 'left' };
const ARROW = { up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight' };
const WASD = { up: 'w', down: 's', left: 'a', right: 'd' };
const DELTA = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] };

/** A tile's centre and size in CSS pixels of the page. */
async function tileBox(row, col) {
  const { rect, view } = await page.evaluate(() => {
    const r = document.getElementById('ink').getBoundingClientRect();
    return { rect: { left: r.left, top: r.top, side: r.width }, view: window.__inkdoku.view };
  });
  const b = boardRect(view.rows, view.cols);
  const tw = (b.w * rect.side) / view.cols, th = (b.h * rect.side) / view.rows;
  return { x: rect.left + b.x * rect.side + (col + 0.5) * tw, y: rect.top + b.y * rect.side + (row + 0.5) * th, tw, th };
}

/** Starts a sliding puzzle through the game picker. */
async function startFromPicker({ rows, cols, difficulty, own = false }) {
  await page.click('#btn-new');
  await page.waitForFunction(() => document.getElementById('dlg-new').open);
  await page.click('#game-slide');
  await page.select('#slide-rows', String(rows));
  await page.select('#slide-cols', String(cols));
  await page.select('#slide-difficulty', difficulty);
  await page.click(own ? '#slide-pics [data-kind="own"]' : '#slide-pics [data-name="builtin:lake"]');
  const before = (await ui()).view;
  await page.click('#new-start');
  return waitFor('the sliding puzzle', async () => {
    // A sliding puzzle in progress is replaced only after a yes.
    if (await page.evaluate(() => document.getElementById('dlg-confirm').open)) await page.click('#confirm-ok');
    const s = await ui();
    return s.view && s.view.kind === 'slide' && s.view !== before && s.view.moves === 0 && s.view.rows === rows && s.view.cols === cols && s.drawCount ? s : null;
  });
}

test('a 3x3 shuffle is solved by following the hint with tap, pen drag, finger flick, arrows and WASD', { timeout: 90000 }, async () => {
  const s0 = await startFromPicker({ rows: 3, cols: 3, difficulty: 'medium' });
  assert.equal(s0.view.difficulty, 'medium');
  const start = s0.view;
  const panel = await page.evaluate(() => document.getElementById('screen-panel').textContent);
  assert.match(panel, /0 moves/);
  assert.match(panel, /→ slides the tile left of the gap to the right/, 'the help says which way an arrow moves');

  // A tile outside the gap's row and column can't move: refused, with a sound and a reason.
  const gap = start.tiles.indexOf(0);
  const [gr, gc] = [Math.floor(gap / 3), gap % 3];
  const off = { row: (gr + 1) % 3, col: (gc + 1) % 3 };
  const t = await tileBox(off.row, off.col);
  const refused = s0.refusals;
  await page.mouse.click(t.x, t.y);
  await waitFor('the refusal', async () => (await ui()).refusals === refused + 1);
  assert.match(await page.evaluate(() => document.getElementById('status').textContent), /gap's row or column/);
  assert.deepEqual((await ui()).view.tiles, start.tiles, 'nothing moved');
  assert.ok((await ui()).sounds.refused >= 1, 'the refusal sound');

  // The pen comes last: a finger right after the pen is taken for the writing hand's palm.
  const methods = ['finger flick', 'tap', 'arrow', 'wasd', 'pen drag'];
  let k = 0;
  let s = await ui();
  const used = new Set();
  while (!s.view.solved && k < 40) {
    await page.click('#slide-hint');
    const h = await waitFor('the hint', async () => (await ui()).hint);
    assert.ok(h.technique === 'Optimal move', `3x3 hints are optimal: ${h.technique}`);
    const toGo = Number(/(\d+) moves? to go/.exec(h.explanation)[1]);
    assert.equal(toGo, 13 - s.view.moves, 'moves to go (optimal) counts down along the optimal path');
    const { row, col } = h.highlight.target;
    const dir = OPPOSITE[h.apply.dir]; // the way the tile moves
    const method = k < 12 ? methods[k % 4] : 'pen drag';
    used.add(method);
    const b = await tileBox(row, col);
    const [dx, dy] = DELTA[dir];
    const to = { x: b.x + dx * b.tw * 0.7, y: b.y + dy * b.th * 0.7 };
    if (method === 'tap') await page.mouse.click(b.x, b.y);
    else if (method === 'pen drag') await pen.stroke(Array.from({ length: 8 }, (_, i) => ({ x: b.x + ((to.x - b.x) * i) / 7, y: b.y + ((to.y - b.y) * i) / 7 })));
    else if (method === 'finger flick') {
      await page.touchscreen.touchStart(b.x, b.y);
      await page.touchscreen.touchMove((b.x + to.x) / 2, (b.y + to.y) / 2);
      await page.touchscreen.touchMove(to.x, to.y);
      await page.touchscreen.touchEnd();
    } else await page.keyboard.press((method === 'arrow' ? ARROW : WASD)[dir]);
    const moves = s.view.moves;
    s = await waitFor(`${method} ${dir} to move tile r${row}c${col}`, async () => {
      const n = await ui();
      return n.view.moves === moves + 1 ? n : null;
    });
    k++;
  }
  assert.ok(s.view.solved, 'solved');
  assert.equal(s.view.moves, 13, 'exactly the optimal number of moves');
  assert.deepEqual([...used].sort(), [...methods].sort(), 'every kind of input was used');
  await page.waitForFunction(() => !document.getElementById('celebration').hidden);
  await waitFor('the win line', async () => /Solved in 13 moves/.test(await page.evaluate(() => document.getElementById('status').textContent)));
  const won = await ui();
  assert.ok(won.sounds.slide >= 13 && won.sounds.win >= 1, `sounds: ${JSON.stringify(won.sounds)}`);
  // The best for 3x3 is the statistics' (kept in one place) and shown.
  const stats = await page.evaluate(async () => (await fetch('/ipc/get_stats', { method: 'POST', body: '{}' })).json());
  assert.equal(stats.summaries.find((g) => g.kind === 'slide' && g.size === '3x3').best_moves, 13);
  assert.ok(!('slide_best' in (await ui()).settings), 'not kept twice');
  await waitFor('the best shown', async () => /Best 3 × 3: 13 moves/.test(await page.evaluate(() => document.getElementById('slide-best').textContent)));
  // The win shows the whole picture: no dark gap in the bottom-right cell.
  await waitFor('the last slide to end', async () => !(await ui()).animating);
  const corner = await tileBox(2, 2);
  const px = await page.evaluate(({ x, y }) => {
    const c = document.getElementById('board');
    const r = c.getBoundingClientRect();
    const k = c.width / r.width;
    return [...c.getContext('2d').getImageData(Math.round((x - r.left) * k), Math.round((y - r.top) * k), 1, 1).data];
  }, corner);
  assert.ok(px[3] === 255 && px[0] + px[1] + px[2] > 120, `the picture fills the gap's cell at the win: ${px}`);
  await page.screenshot({ path: artifactPath('slide-won.png') });
  // Undo takes the last move back; the clock stays stopped for a solved game's record.
  await page.click('#btn-undo');
  await waitFor('undo', async () => (await ui()).view.moves === 12);
  await page.click('#btn-redo');
  await waitFor('redo', async () => (await ui()).view.solved);
  // "Reset statistics" clears the best the panel shows too (#26: it was kept twice).
  await page.click('#btn-stats');
  await page.waitForSelector('#dlg-stats[open]');
  await page.click('#stats-reset');
  await page.waitForSelector('#dlg-confirm[open]');
  await page.click('#confirm-ok');
  await waitFor('no best after the reset', async () => /No best|no best/i.test(await page.evaluate(() => document.getElementById('slide-best').textContent)));
  await page.keyboard.press('Escape');
});

test('a picture loaded from a PNG shows on the tiles, centre-cropped, pixel for pixel', { timeout: 60000 }, async () => {
  // 400 x 300, a smooth gradient: on a square board the crop is x 50..350.
  const png = path.join(tmp, 'gradient.png');
  fs.writeFileSync(png, encodePng(400, 300, gradient(400, 300)));
  fs.writeFileSync(pickFile, png);
  await page.click('#btn-new');
  await page.waitForFunction(() => document.getElementById('dlg-new').open);
  await page.click('#game-slide');
  await page.click('#slide-pic-choose');
  // The new photo is the first of the own pictures, chosen, its size in its name.
  const own = await waitFor('the photo among the thumbnails', () => page.evaluate(() => {
    const b = document.querySelector('#slide-pics [data-kind="own"]');
    return b && b.getAttribute('aria-checked') === 'true' && /400 × 300/.test(b.getAttribute('aria-label')) ? b.getAttribute('aria-label') : null;
  }));
  assert.equal(own, 'Your photo 1 (400 × 300)');
  await page.keyboard.press('Escape');
  const s = await startFromPicker({ rows: 3, cols: 3, difficulty: 'easy', own: true });
  assert.match(s.view.picture, /^[0-9a-f]{32}\.png$/);
  await waitFor('the picture', async () => (await ui()).pictureReady);
  await sleep(200); // any slide animation is over
  let checked = 0;
  // At 1x and at 2x device pixels (the picture is re-cut at the new size).
  for (const scale of [1, 2]) {
    if (scale !== 1) {
      // (A new size too: headless Chromium's emulated DPR change fires no media-query change.)
      await page.setViewport({ width: 1180, height: 760, deviceScaleFactor: scale });
      await waitFor('the board at 2x', () => page.evaluate((k) => document.getElementById('board').width === Math.round(document.getElementById('board').getBoundingClientRect().width * k), scale));
      await sleep(200);
    }
    const dpr = await page.evaluate(() => window.devicePixelRatio);
    assert.equal(dpr, scale);
    const view = (await ui()).view;
    for (let i = 0; i < 9; i++) {
      const tile = view.tiles[i];
      if (tile === 0) continue;
      const home = { row: Math.floor((tile - 1) / 3), col: (tile - 1) % 3 };
      const b = await tileBox(Math.floor(i / 3), i % 3);
      for (const [u, v] of [[0.3, 0.3], [0.7, 0.6]]) {
        const got = await page.evaluate(({ x, y }) => {
          const c = document.getElementById('board');
          const r = c.getBoundingClientRect();
          const k = c.width / r.width;
          return [...c.getContext('2d').getImageData(Math.floor((x - r.left) * k), Math.floor((y - r.top) * k), 1, 1).data];
        }, { x: b.x + (u - 0.5) * b.tw, y: b.y + (v - 0.5) * b.th });
        // The same point of the source picture: the crop starts at x = 50, each tile is 100 px.
        const want = gradient(400, 300)(50 + (home.col + u) * 100, (home.row + v) * 100);
        for (let ch = 0; ch < 3; ch++) assert.ok(Math.abs(got[ch] - want[ch]) <= 6, `tile ${tile} at (${u}, ${v}) channel ${ch}: ${got} vs ${want} (dpr ${dpr})`);
        checked++;
      }
    }
  }
  await page.setViewport({ width: 1200, height: 760, deviceScaleFactor: 1 });
  assert.equal(checked, 32);
  // Holding "Show picture" shows the whole picture: the gap's cell shows its piece too.
  const gapAt = (await ui()).view.tiles.indexOf(0);
  const g = await tileBox(Math.floor(gapAt / 3), gapAt % 3);
  const pixel = () => page.evaluate(({ x, y }) => {
    const c = document.getElementById('board');
    const r = c.getBoundingClientRect();
    const k = c.width / r.width;
    return [...c.getContext('2d').getImageData(Math.floor((x - r.left) * k), Math.floor((y - r.top) * k), 1, 1).data];
  }, g);
  const dark = await pixel();
  const peek = await page.$('#slide-peek');
  const pb = await peek.boundingBox();
  await page.mouse.move(pb.x + pb.width / 2, pb.y + pb.height / 2);
  await page.mouse.down();
  await waitFor('the whole picture', async () => (await ui()).peek);
  const shown = await pixel();
  const want = gradient(400, 300)(50 + ((gapAt % 3) + 0.5) * 100, (Math.floor(gapAt / 3) + 0.5) * 100);
  for (let ch = 0; ch < 3; ch++) assert.ok(Math.abs(shown[ch] - want[ch]) <= 6, `the gap's piece while peeking: ${shown} vs ${want} (was ${dark})`);
  await page.mouse.up();
  await waitFor('back to the tiles', async () => !(await ui()).peek);
  assert.deepEqual(await pixel(), dark);
  // Numbers on the tiles and a border colour, kept in the settings.
  await page.click('#slide-numbers');
  await page.click('#slide-swatches .swatch:nth-child(4)');
  await waitFor('the settings', async () => { const t = (await ui()).settings; return t.slide_numbers && t.slide_border === '#c62828'; });
  await page.screenshot({ path: artifactPath('slide-picture.png') });
});

test('a file that is not a picture is refused with a message, and nothing changes', { timeout: 30000 }, async () => {
  const before = (await ui()).view;
  const text = path.join(tmp, 'holiday.png');
  fs.writeFileSync(text, 'this is not a picture at all');
  fs.writeFileSync(pickFile, text);
  await page.click('#btn-new');
  await page.waitForFunction(() => document.getElementById('dlg-new').open);
  await page.click('#game-slide');
  const menu = () => page.evaluate(() => [...document.querySelectorAll('#slide-pics [role="radio"]')].map((b) => `${b.dataset.name} ${b.getAttribute('aria-checked')}`));
  const menuBefore = await menu();
  await page.click('#slide-pic-choose');
  const msg = await waitFor('the message', () => page.evaluate(() => document.getElementById('slide-pic-error').textContent));
  assert.equal(msg, '"holiday.png" can\'t be used as a picture: it is not a PNG or JPEG image. Choose a PNG or JPEG photo.');
  assert.deepEqual(await menu(), menuBefore, 'the pictures offered and the chosen one are unchanged');
  assert.ok(menuBefore.some((m) => /\.png true$/.test(m)), `the own picture stays chosen: ${menuBefore}`);
  await page.screenshot({ path: artifactPath('slide-not-a-picture.png') });
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.getElementById('dlg-new').open);
  const after = (await ui()).view;
  assert.deepEqual(after.tiles, before.tiles);
  assert.equal(after.picture, before.picture);
  assert.deepEqual(page.errors, [], 'no page errors');
});

test('under prefers-reduced-motion tiles jump without animating; muted, no sound plays', { timeout: 30000 }, async () => {
  await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
  try {
    await startFromPicker({ rows: 4, cols: 3, difficulty: 'easy', own: false });
    await page.click('#slide-mute');
    await waitFor('mute saved', async () => (await ui()).settings.mute === true);
    const before = await ui();
    // Watch every frame for an animation while moving.
    await page.evaluate(() => {
      window.__sawAnimation = false;
      const look = () => { if (window.__inkdoku.animating) window.__sawAnimation = true; if (!window.__stopLooking) requestAnimationFrame(look); };
      window.__stopLooking = false;
      look();
    });
    const h = await (async () => { await page.click('#slide-hint'); return waitFor('the hint', async () => (await ui()).hint); })();
    await page.keyboard.press(ARROW[OPPOSITE[h.apply.dir]]);
    const after = await waitFor('the move', async () => { const s = await ui(); return s.view.moves === 1 ? s : null; });
    await sleep(200);
    assert.equal(await page.evaluate(() => { window.__stopLooking = true; return window.__sawAnimation; }), false, 'no animation');
    assert.deepEqual(after.sounds, before.sounds, 'no sound while muted');
    assert.equal(after.view.rows, 4);
  } finally {
    await page.emulateMediaFeatures([]);
    await page.click('#slide-mute');
  }
});

test('a remembered picture that has gone from the app\'s folder: the player still gets a game, and is told', { timeout: 30000 }, async () => {
  const ipc = (command, args = {}) => page.evaluate(async (c, a) => (await fetch(`/ipc/${c}`, { method: 'POST', body: JSON.stringify(a) })).json(), command, args);
  const s = await ipc('get_settings');
  await ipc('update_settings', { settings: { ...s, last_game: 'slide', params: { ...s.params, slide: { rows: 3, cols: 5, picture: 'ffffffffffffffffffffffffffffffff.png' } } } });
  // After a relaunch the game put aside waits for Continue: the player asks for a new game.
  await relaunch(page);
  if (await page.evaluate(() => document.getElementById('dlg-resume').open)) await page.click('#resume-new');
  const after = await waitFor('a game', async () => { const u = await ui(); return u && u.view && u.drawCount ? u : null; });
  assert.equal(after.view.kind, 'slide');
  assert.equal(after.view.picture, null, 'the built-in picture');
  assert.match(await page.evaluate(() => document.getElementById('toast').textContent), /no longer in Inkdoku's folder/);
});

test('a dragged tile follows the finger; let go early it slides back, past a fifth of a cell it moves', { timeout: 30000 }, async () => {
  const s = await startFromPicker({ rows: 3, cols: 3, difficulty: 'easy' });
  const gap = s.view.tiles.indexOf(0);
  const [gr, gc] = [Math.floor(gap / 3), gap % 3];
  const col = gc === 0 ? 1 : gc - 1; // a tile beside the gap, in its row
  const dir = Math.sign(gc - col);
  const b = await tileBox(gr, col);
  await page.mouse.move(b.x, b.y);
  await page.mouse.down();
  await page.mouse.move(b.x + dir * b.tw * 0.5, b.y, { steps: 5 });
  const mid = await waitFor('the tile to follow', async () => (await ui()).dragging);
  assert.deepEqual(mid.cells, [gr * 3 + col]);
  assert.ok(Math.abs(mid.fraction - 0.5) < 0.05, `half way: ${mid.fraction}`);
  await page.mouse.move(b.x + dir * b.tw * 0.1, b.y, { steps: 3 });
  await page.mouse.up();
  await waitFor('the tile to slide back', async () => (await ui()).dragging === null);
  assert.equal((await ui()).view.moves, 0, 'let go early: no move');
  await page.mouse.move(b.x, b.y);
  await page.mouse.down();
  await page.mouse.move(b.x + dir * b.tw * 0.6, b.y, { steps: 5 });
  await page.mouse.up();
  const after = await waitFor('the move', async () => { const u = await ui(); return u.view.moves === 1 ? u : null; });
  assert.equal(after.view.tiles[gap], s.view.tiles[gr * 3 + col], 'the dragged tile is in the gap');
  assert.equal(after.dragging, null);
});
