// #26: no English in the Chinese interface. In real headless Chromium against the real backend,
// with the language set to zh-CN, every screen (each game, KenKen's "enter a puzzle", the
// practice sheet, a Sudoku being entered) and every dialog (new game for each kind, the sliding
// picture's menu with a photo of the player's, settings, statistics, files, the replace
// question) is opened, and every visible text, tooltip and accessible name is read: a Latin word
// outside a short allow-list fails the test, so the next English string can't slip in.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startDevServer, launchChromium, openApp, openDialog, closeDialogs, reloadToNewGame } from '../support/devserver.mjs';
import { artifactPath, sleep, waitFor } from '../support/proc.mjs';
import { encodePng, gradient } from '../support/png.mjs';
import { ipc as ipcOf } from '../support/pen.mjs';

// The app's name; the formats and file types the player picks by name; the keys on the keyboard
// the tooltips name (Ctrl+Z); 16x16 boards write their symbols A-G, which single letters cover.
const ALLOWED = new Set(['Inkdoku', 'JSON', 'PNG', 'JPEG', 'Ctrl', 'Shift', 'Alt', 'Delete', 'Backspace', 'Esc', 'Tab', 'Enter']);

let server, browser, page;
// The file dialog answers with a photo: the sliding picture's menu shows it as a thumbnail.
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'inkdoku-zh-'));
const pickFile = path.join(tmp, 'pick.txt');

before(async () => {
  const photo = path.join(tmp, 'photo.png');
  fs.writeFileSync(photo, encodePng(90, 60, gradient(90, 60)));
  fs.writeFileSync(pickFile, photo);
  server = await startDevServer({ args: ['--pick-file', pickFile] });
  browser = await launchChromium({ width: 1280, height: 800 });
  page = await openApp(browser, server.url);
  await setSettings({ language: 'zh-CN' });
}, { timeout: 60000 });

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const ipc = (cmd, args = {}) => ipcOf(page, cmd, args);

async function setSettings(patch) {
  const s = await ipc('get_settings');
  return ipc('update_settings', { settings: { ...s, ...patch } });
}

/** Every Latin word the player can read or hear now: visible text, titles, accessible names. */
function latinWords() {
  return page.evaluate((allowed) => {
    const visible = (el) => {
      for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (e.hidden || s.display === 'none' || s.visibility === 'hidden') return false;
        if (e.tagName === 'DIALOG' && !e.open) return false;
        if (e.tagName === 'TEMPLATE') return false;
      }
      return true;
    };
    const found = [];
    const check = (text, where) => {
      // A colour value (#ffbb00, the border swatches' names) is no word.
      // Nor is a file extension (.txt, .json).
      const words = (text || '').replace(/#[0-9a-fA-F]{3,8}\b/g, ' ').replace(/\.[a-z]{2,5}\b/g, ' ').match(/[A-Za-z]{2,}/g) || [];
      for (const w of words) if (!allowed.includes(w)) found.push(`${w} (${where})`);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (el && !['SCRIPT', 'STYLE'].includes(el.tagName) && !el.closest('#set-language') && visible(el)) check(n.textContent, `${el.tagName.toLowerCase()}#${el.id || el.className}`);
    }
    // Each language is named in its own words in the language picker ("English", "中文").
    for (const el of document.querySelectorAll('[title], [aria-label], [placeholder], option:not(#set-language option)')) {
      if (!visible(el.tagName === 'OPTION' ? el.parentElement : el)) continue;
      for (const a of ['title', 'aria-label', 'placeholder']) check(el.getAttribute(a), `${el.tagName.toLowerCase()}#${el.id}[${a}]`);
      if (el.tagName === 'OPTION') check(el.textContent, `option in #${el.parentElement.id}`);
    }
    check(document.title, 'title');
    return found;
  }, [...ALLOWED]);
}

const seen = [];
async function look(what) {
  await sleep(250);
  const words = await latinWords();
  seen.push(what);
  await page.screenshot({ path: artifactPath(`zh-text-${what}.png`) });
  assert.deepEqual(words, [], `English in the Chinese interface (${what})`);
}



test('every screen and dialog speaks Chinese only', { timeout: 180000 }, async () => {
  for (const [kind, options] of [['sudoku', { params: { sudoku: { size: 16 } } }], ['kenken', {}], ['slide', {}]]) {
    await setSettings({ last_game: kind, ...options });
    await reloadToNewGame(page);
    await waitFor('Chinese', async () => page.evaluate(() => document.documentElement.lang === 'zh-CN'));
    await look(`play-${kind}`);
    // A hint, said in the panel and status line.
    if (kind !== 'slide') {
      await page.click('#btn-hint');
      await look(`hint-${kind}`);
      // Solve's question, then "Solve step by step"'s controls and its first step.
      await openDialog(page, '#btn-solve', '#dlg-confirm');
      await look(`solve-${kind}`);
      await page.click('#confirm-alt');
      await page.waitForFunction(() => window.__inkdoku.steps !== 'off');
      await page.click('#steps-play');
      await page.waitForFunction(() => window.__inkdoku.steps === 'paused');
      await look(`steps-${kind}`);
      await page.click('#steps-stop');
      // A fresh game again: one with the step's move would be at stake when a new one starts below.
      await reloadToNewGame(page);
    }
  }
  await openDialog(page, '#btn-new', '#dlg-new');
  for (const kind of ['sudoku', 'kenken', 'slide']) {
    await page.click(`#game-${kind}`);
    await look(`new-${kind}`);
  }
  // The picture menu with a photo of the player's among the built-in pictures.
  await page.click('#slide-pic-choose');
  await waitFor('the photo\'s thumbnail', () => page.evaluate(() => {
    const b = document.querySelector('#slide-pics [data-kind="own"]');
    return b && /^你的照片 1（90 × 60）$/.test(b.getAttribute('aria-label'));
  }));
  await look('new-slide-photo');
  // A fresh puzzle being made: its progress card over the board (as in the seed), in Chinese.
  await page.click('#game-sudoku');
  await page.select('#new-size', '16');
  await page.select('#new-difficulty', 'hard');
  await page.click('#new-fresh');
  await page.waitForSelector('#gen:not([hidden])', { timeout: 5000 });
  const placed = await page.evaluate(() => {
    const g = document.getElementById('gen').getBoundingClientRect();
    const b = document.getElementById('board').getBoundingClientRect();
    return { inside: g.left >= b.left && g.right <= b.right && g.top >= b.top && g.bottom <= b.bottom, centred: Math.abs((g.left + g.right) / 2 - (b.left + b.right) / 2) < 2 };
  });
  assert.deepEqual(placed, { inside: true, centred: true }, 'the progress sits over the board');
  await page.screenshot({ path: artifactPath('zh-text-generating.png') });
  assert.deepEqual(await latinWords(), [], 'English in the Chinese interface (generating)');
  // Cancelled, unless the puzzle was ready first.
  await page.evaluate(() => { const g = document.getElementById('gen'); if (!g.hidden) document.getElementById('gen-cancel').click(); });
  await page.waitForSelector('#gen[hidden]');
  seen.push('generating');
  await closeDialogs(page);
  await openDialog(page, '#btn-settings', '#dlg-settings');
  await look('settings');
  await closeDialogs(page);
  await openDialog(page, '#btn-stats', '#dlg-stats');
  await look('stats');
  await closeDialogs(page);
  await openDialog(page, '#btn-share', '#dlg-share');
  await look('files');
  // A text that is no puzzle: the error said in Chinese.
  await page.$eval('#share-text', (t) => { t.value = '12345'; });
  await page.click('#share-import');
  await waitFor('the error', async () => page.$eval('#share-error', (e) => e.textContent.length > 0));
  await look('files-error');
  await closeDialogs(page);
  // A Sudoku being entered from paper, with its instructions in the status line.
  await setSettings({ last_game: 'sudoku', params: { sudoku: { size: 9 } } });
  await reloadToNewGame(page);
  await openDialog(page, '#btn-new', '#dlg-new');
  await page.click('#game-sudoku');
  await page.click('#new-enter');
  await waitFor('the board being entered', async () => page.evaluate(() => window.__inkdoku.view && window.__inkdoku.view.difficulty === 'being entered'));
  await look('enter-sudoku');
  // KenKen's "enter a puzzle" screen.
  await openDialog(page, '#btn-new', '#dlg-new');
  await page.click('#game-kenken');
  await page.click('#kk-enter');
  await page.waitForSelector('#ke-solve');
  await look('enter-kenken');
  assert.ok(await page.$eval('#entry', (e) => e.hidden), 'nor does KenKen\'s entry screen');
  await page.click('#ke-back');
  await sleep(300);
  // The practice sheet.
  await closeDialogs(page);
  await openDialog(page, '#btn-settings', '#dlg-settings');
  await page.click('#hw-calibrate');
  await page.waitForSelector('#cal-save');
  await look('calibrate');
  assert.ok(await page.$eval('#entry', (e) => e.hidden), 'the practice sheet shows no "Start this puzzle" of the board under it');
  await page.click('#cal-cancel');
  // "Which hand do you write with?" (asked on the first pen stroke ever).
  await page.evaluate(() => document.getElementById('dlg-hand').show());
  await look('hand-ask');
  await page.click('#hand-done');
  assert.ok(seen.length >= 21, `looked at ${seen.join(', ')}`);
});
