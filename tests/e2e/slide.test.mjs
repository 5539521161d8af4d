// The sliding picture puzzle in the real app: a 4x4 game with the player's own picture survives
// closing and relaunching the app, the picture too (it was copied into the app's data folder;
// the original file is deleted before the relaunch).
//
// The native open dialog can't be driven by WebDriver, so this debug build answers it from the
// file named by INKDOKU_TEST_PICK_FILE (debug builds only, never a release: src-tauri/src/shell.rs).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApp, dismissResume, pageState } from '../support/tauri.mjs';
import { waitFor, sleep } from '../support/proc.mjs';
import { encodePng, gradient } from '../support/png.mjs';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'inkdoku-e2e-slide-'));
const pickFile = path.join(tmp, 'pick.txt');
process.env.INKDOKU_TEST_PICK_FILE = pickFile;

let app;
after(async () => {
  if (app) await app.quit();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Colours of the board canvas at the middle of each tile, with the tile numbers there. */
function tileColours(d) {
  return d.executeScript(`
    const s = window.__inkdoku, v = s.view, c = document.getElementById('board'), g = c.getContext('2d');
    const side = c.width, tw = side / v.cols, th = side / v.rows;
    return v.tiles.map((tile, i) => {
      const x = Math.floor((i % v.cols + 0.5) * tw), y = Math.floor((Math.floor(i / v.cols) + 0.5) * th);
      return { tile, rgb: Array.from(g.getImageData(x, y, 1, 1).data.slice(0, 3)) };
    });`);
}

/** Each tile shows its own piece of the 400 x 400 gradient (the middle of its home cell). */
function assertPicture(colours) {
  const want = gradient(400, 400);
  for (const { tile, rgb } of colours) {
    if (tile === 0) continue;
    const r = Math.floor((tile - 1) / 4), c = (tile - 1) % 4;
    const w = want((c + 0.5) * 100, (r + 0.5) * 100);
    for (let ch = 0; ch < 2; ch++) assert.ok(Math.abs(rgb[ch] - w[ch]) <= 8, `tile ${tile}: ${rgb} vs ${w}`);
  }
}

test('a 4x4 game with your own picture survives closing and relaunching the app, picture and all', { timeout: 120000 }, async () => {
  const png = path.join(tmp, 'my-photo.png');
  fs.writeFileSync(png, encodePng(400, 400, gradient(400, 400)));
  fs.writeFileSync(pickFile, png);

  app = await startApp();
  let d = app.driver;
  await dismissResume(d, 'new');
  await (await d.findElement({ id: 'btn-new' })).click();
  await waitFor('the game picker', () => d.executeScript("return document.getElementById('dlg-new').open;"));
  await (await d.findElement({ id: 'game-slide' })).click();
  await d.executeScript("document.getElementById('slide-rows').value = '4'; document.getElementById('slide-cols').value = '4'; document.getElementById('slide-difficulty').value = 'easy';");
  await (await d.findElement({ id: 'slide-pic-choose' })).click();
  await waitFor('the picture to be chosen', () => d.executeScript("const b = document.querySelector('#slide-pics [data-kind=\"own\"]'); return b && b.getAttribute('aria-checked') === 'true' && b.getAttribute('aria-label');"));
  await (await d.findElement({ id: 'new-start' })).click();
  const started = await waitFor('the 4x4 sliding puzzle with the picture', async () => {
    const s = await pageState(d);
    return s.view && s.view.kind === 'slide' && s.view.rows === 4 && s.view.picture && s.pictureReady ? s : null;
  });
  assert.match(started.view.picture, /^[0-9a-f]{32}\.png$/);
  await sleep(300);
  assertPicture(await tileColours(d));

  // A few moves with the arrow keys (whichever can move), then close the app.
  for (const key of ['\uE012', '\uE013', '\uE014', '\uE015', '\uE012']) { // left, up, right, down, left
    await d.actions().sendKeys(key).perform();
    await sleep(150);
  }
  const before = await waitFor('moves made', async () => {
    const v = (await pageState(d)).view;
    return v.moves >= 2 ? v : null;
  });
  await sleep(600); // the autosave writer is asynchronous
  await app.quit();
  fs.rmSync(png); // the original is gone: the app must have its own copy

  app = await startApp();
  d = app.driver;
  const offered = await waitFor('the resume dialog', () => d.executeScript("const d = document.getElementById('dlg-resume'); return d.open && document.getElementById('resume-list').textContent;"));
  assert.match(offered, /Sliding picture, 4 × 4 \(easy\): \d+ of 15 tiles in place/);
  assert.equal(await dismissResume(d, 'slide'), true);
  const after = await waitFor('the restored game and its picture', async () => {
    const s = await pageState(d);
    return s.view && s.view.kind === 'slide' && s.pictureReady ? s : null;
  });
  assert.deepEqual(after.view.tiles, before.tiles);
  assert.equal(after.view.moves, before.moves);
  assert.equal(after.view.picture, before.picture);
  assert.ok(after.view.can_undo, 'the undo history came back');
  await sleep(300);
  assertPicture(await tileColours(d));
  await app.screenshot('e2e-slide-resumed.png');
});
