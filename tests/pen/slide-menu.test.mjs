// The sliding puzzle's picture menu in real Chromium against the real backend (dev bridge): the
// built-in pictures and the player's recent photos as thumbnails in the new-game dialog. A second
// built-in picture picked by click and another by keyboard is the one in play (the screen's
// picture, the `board` command, the settings) and comes back with the saved game after a
// relaunch; a photo chosen through the file dialog (the dev bridge's --pick-file) joins the
// recent thumbnails at the front, once; the menu fits and is screenshotted at 1920x1080, 800x480
// and in portrait, in English and Chinese.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPenPage, closePenPage, relaunch, chooseLanguage, resizePage } from '../support/devserver.mjs';
import { artifactPath, waitFor } from '../support/proc.mjs';
import { encodePng, gradient } from '../support/png.mjs';
import { ipc as ipcOf } from '../support/pen.mjs';

let session, page;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'inkdoku-slide-menu-'));
const pickFile = path.join(tmp, 'pick.txt');

before(async () => {
  fs.writeFileSync(pickFile, '');
  ({ page } = session = await openPenPage({ args: ['--pick-file', pickFile] }));
}, { timeout: 60000 });

after(async () => {
  await closePenPage(session);
  fs.rmSync(tmp, { recursive: true, force: true });
});

const ui = () => page.evaluate(() => JSON.parse(JSON.stringify(window.__inkdoku)));
const ipc = (cmd, args = {}) => ipcOf(page, cmd, args);

/** The menu as the player meets it: each thumbnail's name, accessible name, checked, Tab stop. */
const menu = () => page.evaluate(() => [...document.querySelectorAll('#slide-pics [role="radio"]')].map((b) => ({
  name: b.dataset.name, label: b.getAttribute('aria-label'), checked: b.getAttribute('aria-checked') === 'true', tab: b.tabIndex,
})));
const chosen = async () => (await menu()).filter((m) => m.checked).map((m) => m.name);
const focused = () => page.evaluate(() => document.activeElement && (document.activeElement.dataset.name || document.activeElement.id));

async function openMenu() {
  await page.click('#btn-new');
  await page.waitForFunction(() => document.getElementById('dlg-new').open);
  await page.click('#game-slide');
  await page.waitForFunction(() => document.querySelectorAll('#slide-pics [role="radio"]').length >= 4);
}

/** Start in the open dialog; waits for the new sliding puzzle (saying yes to replacing). */
async function start() {
  const before = (await ui()).view;
  await page.click('#new-start');
  return waitFor('the sliding puzzle', async () => {
    if (await page.evaluate(() => document.getElementById('dlg-confirm').open)) await page.click('#confirm-ok');
    const s = await ui();
    return s.view && s.view.kind === 'slide' && s.view.game_id !== (before && before.game_id) && s.pictureReady ? s : null;
  });
}

/** The picture in play, as the screen, the backend's board and the settings have it. */
async function inPlay() {
  const s = await ui();
  return { screen: s.picture, board: (await ipc('board')).picture, settings: (await ipc('get_settings')).params.slide.picture };
}

test('four built-in pictures, the default chosen; a second one picked by click is the one in play', { timeout: 60000 }, async () => {
  await openMenu();
  const m = await menu();
  assert.deepEqual(m.map((x) => x.name), ['builtin:lake', 'builtin:balloons', 'builtin:reef', 'builtin:town']);
  assert.deepEqual(m.map((x) => x.label), ['Mountain lake', 'Balloons', 'Coral reef', 'Town at night']);
  assert.deepEqual(await chosen(), ['builtin:lake'], 'the default (null in the settings) is chosen');
  assert.deepEqual(m.map((x) => x.tab), [0, -1, -1, -1], 'one Tab stop: the chosen picture');
  // Not by colour alone: the chosen one has a tick, and every tile is big enough for a finger.
  const look = await page.evaluate(() => [...document.querySelectorAll('#slide-pics [role="radio"], #slide-pic-choose')].map((b) => {
    const r = b.getBoundingClientRect();
    const tick = b.querySelector('.tick');
    return { w: r.width, h: r.height, tick: Boolean(tick && getComputedStyle(tick).display !== 'none' && tick.textContent === '✓') };
  }));
  for (const l of look) assert.ok(l.w >= 44 && l.h >= 44, `a 44 px target: ${JSON.stringify(l)}`);
  assert.deepEqual(look.map((l) => l.tick), [true, false, false, false, false]);
  assert.equal(await page.$eval('#slide-pic-choose', (b) => b.textContent.trim()), '+Add your own photo…');

  await page.click('#slide-pics [data-name="builtin:balloons"]');
  assert.deepEqual(await chosen(), ['builtin:balloons']);
  await start();
  assert.deepEqual(await inPlay(), { screen: 'builtin:balloons', board: 'builtin:balloons', settings: 'builtin:balloons' });
  // The board shows the balloons: tile 7 of a 4x4 board (row 1, column 2 when solved) holds the
  // big balloon, purple at (0.63, 0.38) of the picture, where the lake has a grey mountain.
  const px = await page.evaluate(() => {
    const c = document.getElementById('board');
    const v = window.__inkdoku.view;
    const at = v.tiles.indexOf(7), t = c.width / 4;
    const x = ((at % 4) + (0.6333 * 4 - 2)) * t, y = (Math.floor(at / 4) + (0.3833 * 4 - 1)) * t;
    return [v.rows, v.cols, ...c.getContext('2d').getImageData(Math.round(x), Math.round(y), 1, 1).data];
  });
  assert.deepEqual(px.slice(0, 2), [4, 4]);
  px.splice(0, 2);
  assert.ok(px[0] > 80 && px[0] < 140 && px[1] < 60 && px[2] > 120, `purple from the balloons picture: ${px}`);
});

test('a built-in picture picked by keyboard (Tab, arrows, Home, End, Space) is played and comes back after a relaunch', { timeout: 60000 }, async () => {
  await openMenu();
  assert.deepEqual(await chosen(), ['builtin:balloons'], 'the last picture is remembered');
  await page.focus('#slide-difficulty');
  await page.keyboard.press('Tab');
  assert.equal(await focused(), 'builtin:balloons', 'Tab reaches the chosen picture');
  await page.keyboard.press('ArrowRight');
  assert.deepEqual([await focused(), ...(await chosen())], ['builtin:reef', 'builtin:reef'], 'an arrow moves and picks');
  await page.keyboard.press('End');
  assert.deepEqual(await chosen(), ['builtin:town']);
  await page.keyboard.press('Home');
  assert.deepEqual(await chosen(), ['builtin:lake']);
  await page.keyboard.press('ArrowLeft');
  assert.deepEqual(await chosen(), ['builtin:town'], 'round the end');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Space');
  assert.deepEqual([await focused(), ...(await chosen())], ['builtin:reef', 'builtin:reef']);
  assert.deepEqual((await menu()).map((x) => x.tab), [-1, -1, 0, -1]);
  await page.keyboard.press('Tab');
  assert.equal(await focused(), 'slide-pic-choose', 'then the tile that adds a photo');
  await page.keyboard.down('Shift');
  await page.keyboard.press('Tab');
  await page.keyboard.up('Shift');
  assert.equal(await focused(), 'builtin:reef');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.getElementById('dlg-new').open), true, 'Enter on a picture picks it, it starts nothing');
  await start();
  assert.deepEqual(await inPlay(), { screen: 'builtin:reef', board: 'builtin:reef', settings: 'builtin:reef' });
  // One move, so the game is kept for Continue; after a relaunch it shows its reef again.
  const v = (await ui()).view;
  const gap = v.tiles.indexOf(0);
  const side = gap % v.cols === 0 ? gap + 1 : gap - 1;
  await ipc('act', { action: { type: 'tap', row: Math.floor(side / v.cols), col: side % v.cols } });
  await relaunch(page);
  await page.waitForSelector('#resume-continue-slide', { visible: true, timeout: 10000 });
  await page.click('#resume-continue-slide');
  await waitFor('the continued game and its picture', async () => { const s = await ui(); return s.view && s.view.kind === 'slide' && s.pictureReady && s.view.moves === 1; });
  assert.equal((await ui()).picture, 'builtin:reef');
});

/** A PNG photo of w x h in the test's folder (a gradient: every pixel known). */
function photo(file, w, h) {
  const p = path.join(tmp, file);
  fs.writeFileSync(p, encodePng(w, h, gradient(w, h)));
  return p;
}

test('a photo chosen through the file dialog joins the recent thumbnails at the front, once; one played from its thumbnail goes to the front too', { timeout: 60000 }, async () => {
  const first = photo('first.png', 320, 200), second = photo('second.png', 120, 160);
  await openMenu();
  fs.writeFileSync(pickFile, first);
  await page.click('#slide-pic-choose');
  await waitFor('the photo', async () => (await menu()).length === 5);
  let m = await menu();
  assert.match(m[4].name, /^[0-9a-f]{32}\.png$/);
  const a = m[4].name;
  assert.deepEqual(await chosen(), [a], 'the new photo is chosen');
  await waitFor('its size in its name', async () => (await menu())[4].label === 'Your photo 1 (320 × 200)');
  await waitFor('remembered in the settings', async () => JSON.stringify((await ipc('get_settings')).slide_recent) === JSON.stringify([a]));
  // The thumbnail is drawn: a small canvas (not the photo), with the gradient's colours.
  const thumb = await page.$eval(`#slide-pics [data-name="${a}"] canvas`, (c) => ({ w: c.width, h: c.height, px: [...c.getContext('2d').getImageData(64, 64, 1, 1).data] }));
  assert.deepEqual([thumb.w, thumb.h], [128, 128]);
  assert.equal(thumb.px[3], 255, `drawn: ${thumb.px}`);
  // A second photo goes in front of it.
  fs.writeFileSync(pickFile, second);
  await page.click('#slide-pic-choose');
  await waitFor('the second photo', async () => (await menu()).length === 6);
  m = await menu();
  const b = m[4].name;
  assert.notEqual(b, a);
  assert.deepEqual(m.slice(4).map((x) => x.name), [b, a]);
  assert.deepEqual(await chosen(), [b]);
  // The first again: to the front, not twice.
  fs.writeFileSync(pickFile, first);
  await page.click('#slide-pic-choose');
  await waitFor('the first photo in front', async () => (await menu())[4].name === a);
  assert.deepEqual((await menu()).slice(4).map((x) => x.name), [a, b]);
  await waitFor('the settings', async () => JSON.stringify((await ipc('get_settings')).slide_recent) === JSON.stringify([a, b]));
  // Closed without starting, the recent photos stay; the second is picked and played.
  await page.keyboard.press('Escape');
  await openMenu();
  assert.deepEqual((await menu()).slice(4).map((x) => x.name), [a, b]);
  await page.click(`#slide-pics [data-name="${b}"]`);
  await start();
  assert.deepEqual(await inPlay(), { screen: b, board: b, settings: b });
  // Picked from the thumbnails and played: to the front too, as through the file dialog.
  await waitFor('the played photo in front', async () => JSON.stringify((await ipc('get_settings')).slide_recent) === JSON.stringify([b, a]));
  await openMenu();
  assert.deepEqual((await menu()).slice(4).map((x) => x.name), [b, a]);
  await page.keyboard.press('Escape');
  assert.deepEqual(page.errors, [], 'no page errors');
});

test('the menu fits at 1920x1080, 800x480 and in portrait, in English and Chinese (screenshots)', { timeout: 90000 }, async () => {
  // More photos than are kept (six): the menu at its biggest.
  // Each new one pushes the oldest out.
  await openMenu();
  for (const [w, h] of [[200, 200], [300, 100], [100, 300], [240, 180], [64, 64], [90, 120]]) {
    fs.writeFileSync(pickFile, photo(`photo-${w}x${h}.png`, w, h));
    const front = (await menu())[4];
    await page.click('#slide-pic-choose');
    await waitFor('the photo in front', async () => { const m = await menu(); return m[4] && (!front || m[4].name !== front.name) && m[4].checked; });
  }
  const kept = (await ipc('get_settings')).slide_recent;
  assert.equal(kept.length, 6);
  assert.deepEqual((await menu()).slice(4).map((x) => x.name), kept);
  await page.keyboard.press('Escape');
  const sizes = [{ width: 1920, height: 1080, tag: '1920x1080' }, { width: 800, height: 480, tag: '800x480' }, { width: 480, height: 800, tag: 'portrait' }];
  for (const lang of ['en', 'zh-CN']) {
    if (lang !== 'en') await chooseLanguage(page, lang);
    for (const size of sizes) {
      await resizePage(page, size);
      await openMenu();
      await waitFor('the thumbnails drawn', async () => (await menu()).every((x) => /\(|（/.test(x.label) || x.name.startsWith('builtin:')));
      const fit = await page.evaluate(() => {
        const d = document.getElementById('dlg-new').getBoundingClientRect();
        const box = (sel) => [...document.querySelectorAll(sel)].map((b) => b.getBoundingClientRect());
        const inside = (r) => r.left >= d.left && r.right <= d.right && r.top >= d.top && r.bottom <= d.bottom;
        const tiles = box('#slide-pics [role="radio"], #slide-pic-choose');
        return {
          dialog: d.left >= 0 && d.top >= 0 && d.right <= innerWidth && d.bottom <= innerHeight,
          tiles: tiles.every((r) => inside(r) && r.width >= 44 && r.height >= 44) && box('#new-start').every(inside),
          scrolls: document.getElementById('dlg-new').scrollHeight > document.getElementById('dlg-new').clientHeight + 1,
        };
      });
      await page.screenshot({ path: artifactPath(`slide-picture-menu-${lang}-${size.tag}.png`) });
      assert.deepEqual(fit, { dialog: true, tiles: true, scrolls: false }, `${lang} ${size.tag}`);
      if (lang === 'zh-CN') {
        const labels = (await menu()).map((x) => x.label);
        assert.deepEqual(labels.slice(0, 4), ['山间湖泊', '热气球', '珊瑚礁', '夜晚的小镇']);
        assert.match(labels[4], /^你的照片 1（\d+ × \d+）$/);
        assert.equal(await page.$eval('#slide-pic-choose', (b) => b.textContent.trim()), '+添加自己的照片…');
      }
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.getElementById('dlg-new').open);
    }
  }
  await chooseLanguage(page, 'en');
});
