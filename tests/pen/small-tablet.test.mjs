// Small Windows tablets (issue #24): an 8" 1280x800 screen at 150 % leaves about 853x460
// logical pixels in landscape (less the taskbar and the title bar) and 533x800 in portrait.
// Every screen and every dialog must work there: each control on screen, never under an edge,
// the board square and clear of the panel; a dialog inside the window with its answers in view
// (a long one scrolls inside itself). Screenshots of each go to artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPenPage, closePenPage, openDialog, closeDialogs, reloadToNewGame, resizePage } from '../support/devserver.mjs';
import { artifactPath, sleep } from '../support/proc.mjs';

let session, page;

before(async () => {
  ({ page } = session = await openPenPage());
}, { timeout: 60000 });

after(async () => {
  await closePenPage(session);
});

const SIZES = [
  { name: '853x460', width: 853, height: 460 },
  { name: '533x800', width: 533, height: 800 },
];

async function setSettings(patch) {
  await page.evaluate(async (patch) => {
    const s = await (await fetch('/ipc/get_settings', { method: 'POST', body: '{}' })).json();
    await fetch('/ipc/update_settings', { method: 'POST', body: JSON.stringify({ settings: { ...s, ...patch } }) });
  }, patch);
}

/**
 * What is wrong with the page as it is: controls outside the window (or the open dialog's
 * view), a board that is not square or overlaps the panel, a dialog that does not fit.
 */
function problems() {
  return page.evaluate(() => {
    const W = innerWidth, H = innerHeight, eps = 0.5;
    const out = [];
    const visible = (e) => { const s = getComputedStyle(e); const r = e.getBoundingClientRect(); return s.visibility !== 'hidden' && s.display !== 'none' && r.width > 0 && r.height > 0 && e.offsetParent !== null; };
    const inside = (r, b) => r.left >= b.left - eps && r.top >= b.top - eps && r.right <= b.right + eps && r.bottom <= b.bottom + eps;
    const name = (e) => `${e.tagName.toLowerCase()}#${e.id || (e.textContent || '').trim().slice(0, 20)}`;
    const win = { left: 0, top: 0, right: W, bottom: H };
    const dlg = document.querySelector('dialog[open]');
    if (dlg) {
      const d = dlg.getBoundingClientRect();
      if (!inside(d, win)) out.push(`dialog ${dlg.id} leaves the window: ${Math.round(d.left)},${Math.round(d.top)} ${Math.round(d.width)}x${Math.round(d.height)}`);
      const scrolls = dlg.scrollHeight > dlg.clientHeight + 1;
      const canScroll = ['auto', 'scroll'].includes(getComputedStyle(dlg).overflowY);
      if (scrolls && !canScroll) out.push(`dialog ${dlg.id} is cut off and cannot scroll`);
      // The answers (its menu) in view without scrolling.
      for (const b of dlg.querySelectorAll('menu button')) if (visible(b) && !inside(b.getBoundingClientRect(), win)) out.push(`${name(b)} of ${dlg.id} is out of view`);
      // Everything else: within the dialog's scrollable box at least.
      for (const e of dlg.querySelectorAll('button, select, input, textarea')) {
        if (!visible(e)) continue;
        const r = e.getBoundingClientRect();
        if (r.left < d.left - eps || r.right > d.right + eps) out.push(`${name(e)} of ${dlg.id} sticks out sideways`);
      }
      return out;
    }
    for (const e of document.querySelectorAll('#app button, #app select, #app input, #app textarea, #board')) {
      if (!visible(e)) continue;
      if (!inside(e.getBoundingClientRect(), win)) { const r = e.getBoundingClientRect(); out.push(`${name(e)} is outside the window (${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)})`); }
    }
    const b = document.getElementById('board').getBoundingClientRect();
    if (document.getElementById('board').offsetParent !== null) {
      if (Math.abs(b.width - b.height) > 1) out.push(`the board is not square: ${b.width}x${b.height}`);
      const p = document.getElementById('panel').getBoundingClientRect();
      const overlap = Math.min(b.right, p.right) - Math.max(b.left, p.left) > 1 && Math.min(b.bottom, p.bottom) - Math.max(b.top, p.top) > 1;
      if (overlap) out.push('the board overlaps the panel');
    }
    const panel = document.getElementById('panel');
    if (panel.scrollHeight > panel.clientHeight + 1) out.push('the panel scrolls');
    return out;
  });
}

async function look(size, what) {
  await sleep(200);
  await page.screenshot({ path: artifactPath(`small-${size.name}-${what}.png`) });
  const found = await problems();
  return found.map((p) => `${what}: ${p}`);
}



for (const size of SIZES) {
  test(`every screen and dialog works at ${size.name} (150 %)`, { timeout: 240000 }, async () => {
    await resizePage(page, { width: size.width, height: size.height, deviceScaleFactor: 1.5 });
    const found = [];
    for (const [kind, options, label] of [['sudoku', { params: { sudoku: { size: 9 } } }, 'sudoku9'], ['sudoku', { params: { sudoku: { size: 16 } } }, 'sudoku16'], ['kenken', { params: { kenken: { size: 7 } } }, 'kenken'], ['slide', {}, 'slide']]) {
      await setSettings({ last_game: kind, ...options });
      await reloadToNewGame(page);
      found.push(...(await look(size, label)));
    }
    await setSettings({ last_game: 'sudoku', params: { sudoku: { size: 9 } } });
    await reloadToNewGame(page);
    // "Solve step by step"'s controls in the panel.
    await openDialog(page, '#btn-solve', '#dlg-confirm');
    found.push(...(await look(size, 'dlg-solve')));
    await page.click('#confirm-alt');
    await page.waitForFunction(() => window.__inkdoku.steps !== 'off');
    await page.click('#steps-play');
    await page.waitForFunction(() => window.__inkdoku.steps === 'paused');
    found.push(...(await look(size, 'steps')));
    await page.click('#steps-stop');
    await reloadToNewGame(page);
    await openDialog(page, '#btn-new', '#dlg-new');
    for (const kind of ['sudoku', 'kenken', 'slide']) {
      await page.click(`#game-${kind}`);
      found.push(...(await look(size, `dlg-new-${kind}`)));
    }
    await closeDialogs(page);
    for (const [button, dialog] of [['#btn-settings', '#dlg-settings'], ['#btn-stats', '#dlg-stats'], ['#btn-share', '#dlg-share']]) {
      await openDialog(page, button, dialog);
      found.push(...(await look(size, dialog.slice(1))));
      await closeDialogs(page);
    }
    // KenKen's "enter a puzzle" screen, and the handwriting practice sheet.
    await openDialog(page, '#btn-new', '#dlg-new');
    await page.click('#game-kenken');
    await page.click('#kk-enter');
    await page.waitForSelector('#ke-solve');
    found.push(...(await look(size, 'kenken-entry')));
    await page.click('#ke-back');
    await sleep(300);
    await closeDialogs(page);
    await openDialog(page, '#btn-settings', '#dlg-settings');
    await page.click('#hw-calibrate');
    await page.waitForSelector('#cal-save');
    found.push(...(await look(size, 'calibrate')));
    await page.click('#cal-cancel');
    await sleep(300);
    await closeDialogs(page);
    assert.deepEqual(found, [], `at ${size.name}`);
  });
}
