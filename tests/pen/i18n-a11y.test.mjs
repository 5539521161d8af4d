// Chinese and English, the themes, the statistics page and accessibility, in real Chromium
// against the real backend: the language follows the settings and changes without a reload;
// every theme paints the board in its own colours; a won game shows up in the statistics with
// its plots; the board is playable by keyboard through the accessible grid; axe-core finds no
// serious or critical violation on the play screen, the dialogs and the statistics page.
// Screenshots land in artifacts/ (i18n-*.png, theme-*.png, stats-*.png) for people to look at.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { startDevServer, launchChromium, openApp, resizePage, reloadToNewGame } from '../support/devserver.mjs';
import { artifactPath } from '../support/proc.mjs';

const require = createRequire(import.meta.url);
// Evaluated through DevTools, which the page's CSP (script-src 'self') does not block.
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

let server, browser, page;

before(async () => {
  server = await startDevServer();
  browser = await launchChromium({ width: 1920, height: 1080 });
  page = await openApp(browser, server.url);
}, { timeout: 60000 });

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

async function ipc(command, args = {}) {
  return page.evaluate(async (command, args) => {
    const r = await fetch(`/ipc/${command}`, { method: 'POST', body: JSON.stringify(args) });
    return r.json();
  }, command, args);
}

async function setSettings(patch) {
  const s = await ipc('get_settings');
  return ipc('update_settings', { settings: { ...s, ...patch } });
}

/**
 * Reloads at a size: the page starts a new game of the last game played with the remembered
 * options (a game put aside earlier brings the "welcome back" dialog: New game), and waits for
 * it to be drawn.
 */
async function reload(width, height) {
  await page.setViewport({ width, height, deviceScaleFactor: 1 });
  await reloadToNewGame(page);
}

/** A new game of `kind` (the page makes it at load from the remembered options). */
async function newGame(kind, options) {
  await setSettings({ last_game: kind, ...options });
  const { width, height } = page.viewport();
  await reload(width, height);
  assert.equal(await page.evaluate(() => window.__inkdoku.view.kind), kind);
}

const newSudoku = (size = 9) => newGame('sudoku', { params: { sudoku: { size, difficulty: 'easy' } } });

/** Buttons of the panel: each inside the panel and its text not cut off. */
async function panelFits() {
  return page.evaluate(() => {
    const p = document.getElementById('panel').getBoundingClientRect();
    return [...document.querySelectorAll('#panel button')].filter((b) => b.offsetWidth > 0).map((b) => {
      const r = b.getBoundingClientRect();
      return { id: b.id || b.textContent, inside: r.left >= p.left - 0.5 && r.right <= p.right + 0.5, clipped: b.scrollWidth > b.clientWidth + 1 };
    }).filter((b) => !b.inside || b.clipped);
  });
}

/** The fonts Chromium really drew an element's text with (DevTools' platform fonts). */
async function platformFonts(selector) {
  const cdp = await page.createCDPSession();
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts.map((f) => f.familyName);
}

async function runAxe(context) {
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(AXE);
  const res = await page.evaluate(async (context) => {
    // Colour contrast is checked per theme by tests/ui/themes.test.mjs (axe can't see canvas).
    const r = await window.axe.run(context || document, { resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  }, context);
  return res;
}

test('Chinese: the view speaks Simplified Chinese, fits at 1920x1080 and 800x480, and switches back to English without a reload', { timeout: 60000 }, async () => {
  await setSettings({ language: 'zh-CN', theme: 'light', params: { sudoku: { size: 9 } } });
  await newSudoku(9);
  const texts = await page.evaluate(() => ({
    lang: document.documentElement.lang,
    hint: document.getElementById('btn-hint').textContent,
    undo: document.getElementById('btn-undo').getAttribute('aria-label'),
    pencil: document.getElementById('mode-pencil').textContent,
    grid: document.getElementById('a11y-grid').getAttribute('aria-label'),
    cell: document.querySelector('#a11y-grid [role=gridcell]').getAttribute('aria-label'),
    font: getComputedStyle(document.getElementById('btn-hint')).fontFamily,
  }));
  assert.equal(texts.lang, 'zh-CN');
  assert.equal(texts.hint, '提示');
  assert.equal(texts.undo, '撤销');
  assert.equal(texts.pencil, '✏ 铅笔');
  assert.equal(texts.grid, '数独棋盘');
  assert.match(texts.cell, /^第1行，第1列，/);
  assert.match(texts.font, /Microsoft YaHei/);
  // Drawn with a real CJK font (Noto Sans CJK SC here, YaHei on Windows), not as empty boxes.
  const fonts = await platformFonts('#btn-hint');
  assert.ok(fonts.some((f) => /CJK|YaHei|Noto Sans SC/i.test(f)), `the Chinese text's font: ${fonts}`);
  assert.deepEqual(await panelFits(), []);
  await page.screenshot({ path: artifactPath('i18n-zh-1920x1080.png') });
  await resizePage(page, { width: 800, height: 480, deviceScaleFactor: 1 });
  assert.deepEqual(await panelFits(), []);
  await page.screenshot({ path: artifactPath('i18n-zh-800x480.png') });

  // The Files dialog in Chinese: its label on one line.
  await page.click('#btn-share');
  await page.waitForSelector('#dlg-share[open]');
  const label = await page.evaluate(() => { const l = document.querySelector('label[for=share-text]'); return { h: l.getBoundingClientRect().height, line: parseFloat(getComputedStyle(l).lineHeight) || 20, text: l.textContent }; });
  assert.match(label.text, /谜题文本/);
  assert.ok(label.h < label.line * 1.6, `the label is one line (${label.h}px)`);
  await page.screenshot({ path: artifactPath('i18n-zh-files-800x480.png') });
  await page.keyboard.press('Escape');

  // The other dialogs in Chinese at 800x480, and the play screen at 4K (200%).
  for (const [button, dialog] of [['#btn-new', 'new'], ['#btn-settings', 'settings']]) {
    await page.click(button);
    await page.waitForSelector(`#dlg-${dialog}[open]`);
    const fits = await page.evaluate((d) => {
      const r = document.getElementById(`dlg-${d}`).getBoundingClientRect();
      const out = [...document.querySelectorAll(`#dlg-${d} button, #dlg-${d} select, #dlg-${d} label`)].filter((e) => e.offsetWidth > 0).filter((e) => { const q = e.getBoundingClientRect(); return q.left < r.left - 0.5 || q.right > r.right + 0.5; });
      return { inside: r.top >= 0 && r.bottom <= window.innerHeight + 0.5, out: out.map((e) => e.id || e.textContent) };
    }, dialog);
    assert.deepEqual(fits, { inside: true, out: [] }, `the ${dialog} dialog fits 800x480`);
    await page.screenshot({ path: artifactPath(`i18n-zh-${dialog}-800x480.png`) });
    await page.keyboard.press('Escape');
  }
  await resizePage(page, { width: 1920, height: 1080, deviceScaleFactor: 2 });
  assert.deepEqual(await panelFits(), []);
  await page.screenshot({ path: artifactPath('i18n-zh-4k-200pct.png') });

  // Settings → English: the page changes at once, no reload.
  await resizePage(page, { width: 1920, height: 1080, deviceScaleFactor: 1 });
  const before = await page.evaluate(() => window.__inkdoku.drawCount);
  await page.click('#btn-settings');
  await page.waitForSelector('#dlg-settings[open]');
  await page.select('#set-language', 'en');
  await page.click('#settings-save');
  await page.waitForFunction(() => document.getElementById('btn-hint').textContent === 'Hint');
  const after = await page.evaluate(() => ({ lang: document.documentElement.lang, cell: document.querySelector('#a11y-grid [role=gridcell]').getAttribute('aria-label'), draws: window.__inkdoku.drawCount }));
  assert.equal(after.lang, 'en');
  assert.match(after.cell, /^row 1, column 1, /);
  assert.ok(after.draws > before, 'the board was redrawn');
  await page.screenshot({ path: artifactPath('i18n-en-1920x1080.png') });
  await resizePage(page, { width: 800, height: 480, deviceScaleFactor: 1 });
  assert.deepEqual(await panelFits(), []);
  await page.screenshot({ path: artifactPath('i18n-en-800x480.png') });
  await resizePage(page, { width: 1920, height: 1080, deviceScaleFactor: 1 });
});

test('the Files label never breaks the "." onto a line of its own (English, 800x480)', { timeout: 30000 }, async () => {
  // A reload, so a test that failed before this one leaves no language or size behind.
  await setSettings({ language: 'en' });
  await reload(800, 480);
  await page.click('#btn-share');
  await page.waitForSelector('#dlg-share[open]');
  const l = await page.evaluate(() => { const e = document.querySelector('label[for=share-text]'); return { h: e.getBoundingClientRect().height, line: parseFloat(getComputedStyle(e).lineHeight) || 20, text: e.textContent }; });
  assert.equal(l.text, 'Puzzle as text (any game, . for blanks)');
  assert.ok(l.h < l.line * 1.6, `one line (${l.h}px, line ${l.line}px)`);
  await page.screenshot({ path: artifactPath('i18n-en-files-800x480.png') });
  await page.keyboard.press('Escape');
  await resizePage(page, { width: 1920, height: 1080, deviceScaleFactor: 1 });
});

test('each theme paints the page and the board in its own colours', { timeout: 60000 }, async () => {
  const seen = {};
  for (const theme of ['light', 'dark', 'high-contrast']) {
    await setSettings({ theme, language: 'en' });
    await reload(1920, 1080);
    const got = await page.evaluate(() => {
      const root = getComputedStyle(document.documentElement);
      const c = document.getElementById('board');
      // A pixel of paper: near the top-left cell's corner, clear of lines and digits.
      const cell = c.width / 9;
      const px = c.getContext('2d').getImageData(Math.round(cell * 0.18), Math.round(cell * 0.18), 1, 1).data;
      return { theme: document.documentElement.dataset.theme, paper: root.getPropertyValue('--board-paper').trim(), pixel: [...px].slice(0, 3), panel: getComputedStyle(document.getElementById('panel')).backgroundColor };
    });
    assert.equal(got.theme, theme);
    const hex = `#${got.pixel.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
    assert.equal(hex, got.paper, `${theme}: the board's paper is the theme's`);
    seen[theme] = got.panel;
    // Something of everything for the screenshot: candidates, an entry that clashes, a correct
    // entry, the selection and its peers.
    await page.click('#btn-auto');
    await page.waitForFunction(() => window.__inkdoku.view.cells.some((c) => c.candidates));
    const plan = await page.evaluate(() => {
      const v = window.__inkdoku.view;
      const blank = v.cells.findIndex((c, i) => !c.value && v.cells.slice(i - (i % 9), i - (i % 9) + 9).some((x) => x.given));
      const row = Math.floor(blank / 9);
      const clash = v.cells.slice(row * 9, row * 9 + 9).find((x) => x.given).value;
      return { blank, clash };
    });
    const h = await ipc('hint');
    await page.evaluate((r, c) => document.querySelectorAll('#a11y-grid [role=gridcell]')[r * 9 + c].click(), h.apply.row, h.apply.col);
    await page.keyboard.type(String(h.apply.value));
    await page.waitForFunction((i, v) => window.__inkdoku.view.cells[i].value === v, {}, h.apply.row * 9 + h.apply.col, h.apply.value);
    await page.evaluate((i) => document.querySelectorAll('#a11y-grid [role=gridcell]')[i].click(), plan.blank);
    await page.keyboard.type(String(plan.clash));
    await page.waitForFunction((i) => window.__inkdoku.view.cells[i].conflict, {}, plan.blank);
    await page.screenshot({ path: artifactPath(`theme-${theme}.png`) });
  }
  assert.equal(new Set(Object.values(seen)).size, 3, 'three different panels');
  // "system" follows prefers-color-scheme.
  await setSettings({ theme: 'system' });
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
  await reload(1920, 1080);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
  await setSettings({ theme: 'light' });
});

test('complete play by keyboard through the accessible grid, the selection announced', { timeout: 60000 }, async () => {
  await setSettings({ language: 'en', theme: 'light' });
  await newSudoku(4);
  // A selection made with the pointer is announced in the live region.
  const box = await page.evaluate(() => { const r = document.getElementById('ink').getBoundingClientRect(); return { x: r.left, y: r.top, w: r.width }; });
  await page.mouse.click(box.x + box.w * 0.9, box.y + box.w * 0.9);
  await page.waitForFunction(() => /^Selected: row 4, column 4, /.test(document.getElementById('a11y-live').textContent));
  await page.mouse.click(box.x + box.w * 0.1, box.y + box.w * 0.1);
  // Tab from the top of the page until the grid's cell has focus.
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  let where = null;
  for (let i = 0; i < 40 && where !== 'gridcell'; i++) {
    await page.keyboard.press('Tab');
    where = await page.evaluate(() => document.activeElement && document.activeElement.getAttribute('role'));
  }
  assert.equal(where, 'gridcell', 'the grid is reachable with Tab');
  const focusRing = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
  assert.equal(focusRing, 'solid', 'focus is visible');
  // Solve the whole 4x4 by keyboard: go to each empty cell with the arrows and type its digit
  // (the hint, asked over IPC, says which).
  for (let guard = 0; guard < 20; guard++) {
    const h = await ipc('hint');
    if (!h.apply || h.id === 'solved') break;
    const { row, col, value } = h.apply;
    const sel = await page.evaluate(() => window.__inkdoku.selected || { row: 0, col: 0 });
    for (let k = 0; k < Math.abs(row - sel.row); k++) await page.keyboard.press(row > sel.row ? 'ArrowDown' : 'ArrowUp');
    for (let k = 0; k < Math.abs(col - sel.col); k++) await page.keyboard.press(col > sel.col ? 'ArrowRight' : 'ArrowLeft');
    const focused = await page.evaluate(() => ({ label: document.activeElement.getAttribute('aria-label'), selected: document.activeElement.getAttribute('aria-selected') }));
    assert.match(focused.label, new RegExp(`^row ${row + 1}, column ${col + 1}, empty`));
    assert.equal(focused.selected, 'true');
    await page.keyboard.type(String(value));
    await page.waitForFunction((r, c, v) => window.__inkdoku.view.cells[r * 4 + c].value === v, {}, row, col, value);
    const label = await page.evaluate(() => document.activeElement.getAttribute('aria-label'));
    assert.match(label, new RegExp(`^row ${row + 1}, column ${col + 1}, ${value}`));
  }
  assert.equal(await page.evaluate(() => window.__inkdoku.view.solved), true, 'solved by keyboard alone');
  const given = await page.evaluate(() => [...document.querySelectorAll('#a11y-grid [role=gridcell]')].map((c) => c.getAttribute('aria-label')).find((l) => l.endsWith('given')));
  assert.match(given, /^row \d, column \d, \d, given$/);
});

/** A player's statistics, as get_stats answers: 9x9 Sudoku at three levels, 20 wins each. */
function sampleStats() {
  const times = (base, k) => Array.from({ length: 20 }, (_, i) => Math.round((base * (1.25 - i / 40) + ((i * 7919) % 11) * base / 40) * 1000 * k) / k);
  const group = (difficulty, base, started, hints, streak) => {
    const t = times(base, 1);
    const sorted = [...t].sort((a, b) => a - b);
    return { kind: 'sudoku', size: '9x9', difficulty, started, won: 20, win_rate: 20 / started, best_ms: sorted[0], median_ms: (sorted[9] + sorted[10]) / 2, hints, streak, best_streak: streak + 3, best_moves: null, recent_ms: t, times_ms: t };
  };
  return {
    set_aside: null,
    summaries: [
      group('easy', 300, 21, 4, 9), group('medium', 540, 24, 11, 3), group('hard', 900, 27, 25, 1),
      { kind: 'slide', size: '4x4', difficulty: 'medium', started: 6, won: 5, win_rate: 5 / 6, best_ms: 95_000, median_ms: 140_000, hints: 2, streak: 2, best_streak: 3, best_moves: 64, recent_ms: [180_000, 150_000, 140_000, 120_000, 95_000], times_ms: [180_000, 150_000, 140_000, 120_000, 95_000] },
    ],
  };
}

test('a won game shows in the statistics, with its plots, and Reset asks first', { timeout: 60000 }, async () => {
  await setSettings({ language: 'en', theme: 'light' });
  for (let game = 0; game < 3; game++) {
    await ipc('new_game', { kind: 'sudoku', params: { size: 4, difficulty: 'easy' } });
    for (let i = 0; i < 40; i++) {
      const h = await ipc('hint');
      const v = await ipc('act', { action: h.apply });
      if (v.solved) break;
    }
  }
  await newSudoku(4);
  await page.click('#btn-stats');
  await page.waitForSelector('#dlg-stats[open] svg.plot');
  const st = await page.evaluate(() => ({
    rows: [...document.querySelectorAll('.stats-table tbody tr')].map((r) => [...r.children].map((c) => c.textContent)),
    plots: document.querySelectorAll('#dlg-stats svg.plot').length,
    points: document.querySelectorAll('#dlg-stats svg.plot circle').length,
  }));
  const row = st.rows.find((r) => r[0].startsWith('Sudoku 4 × 4'));
  assert.ok(row, JSON.stringify(st.rows));
  assert.ok(Number(row[2]) >= 3, 'three wins (at least) counted');
  assert.equal(st.plots, 2);
  assert.ok(st.points >= 3);
  await page.screenshot({ path: artifactPath('stats-en-1920x1080.png') });
  assert.deepEqual(await runAxe('#dlg-stats'), [], 'the statistics page');

  // The same page in Chinese, at 800x480.
  await page.keyboard.press('Escape');
  await setSettings({ language: 'zh-CN' });
  await reload(800, 480);
  await page.click('#btn-stats');
  await page.waitForSelector('#dlg-stats[open] svg.plot');
  assert.match(await page.evaluate(() => document.getElementById('dlg-stats-title').textContent), /统计/);
  await page.screenshot({ path: artifactPath('stats-zh-800x480.png') });

  // The page with a player's worth of games (a fixture answer to get_stats: real wins here take
  // no time), in both languages, for people to look at.
  await page.keyboard.press('Escape');
  const fixture = sampleStats();
  await page.setRequestInterception(true);
  const serve = (req) => (req.url().endsWith('/ipc/get_stats')
    ? req.respond({ status: 200, contentType: 'application/json', body: JSON.stringify(fixture) })
    : req.continue());
  page.on('request', serve);
  for (const [lang, w, h] of [['en', 1920, 1080], ['zh-CN', 1920, 1080], ['zh-CN', 800, 480]]) {
    await setSettings({ language: lang });
    await reload(w, h);
    await page.click('#btn-stats');
    await page.waitForSelector('#dlg-stats[open] svg.plot');
    assert.equal(await page.evaluate(() => document.querySelectorAll('#dlg-stats svg.plot g circle').length), 60);
    await page.screenshot({ path: artifactPath(`stats-sample-${lang}-${w}x${h}.png`) });
    await page.keyboard.press('Escape');
  }
  page.off('request', serve);
  await page.setRequestInterception(false);
  await reload(800, 480);
  await page.click('#btn-stats');
  await page.waitForSelector('#dlg-stats[open] svg.plot');

  // Reset: "Keep them" keeps them; "Reset" empties.
  await page.click('#stats-reset');
  await page.waitForSelector('#dlg-confirm[open]');
  await page.click('#confirm-cancel');
  await page.waitForSelector('#dlg-stats[open]');
  assert.ok(await page.evaluate(() => document.querySelectorAll('.stats-table tbody tr').length) > 0);
  await page.click('#stats-reset');
  await page.waitForSelector('#dlg-confirm[open]');
  await page.click('#confirm-ok');
  await page.waitForFunction(() => document.getElementById('dlg-stats').open && !document.querySelector('.stats-table'));
  await page.keyboard.press('Escape');
  await setSettings({ language: 'en' });
});

test('axe-core: no serious or critical violations on the play screen and the dialogs', { timeout: 90000 }, async () => {
  await setSettings({ language: 'en', theme: 'light' });
  await newSudoku(9);
  const found = {};
  found.play = await runAxe();
  for (const [button, dialog] of [['#btn-new', '#dlg-new'], ['#btn-settings', '#dlg-settings'], ['#btn-share', '#dlg-share']]) {
    await page.click(button);
    await page.waitForSelector(`${dialog}[open]`);
    found[dialog] = await runAxe(dialog);
    await page.keyboard.press('Escape');
    await page.waitForFunction((d) => !document.querySelector(`${d}[open]`), {}, dialog);
  }
  // KenKen and the sliding puzzle's screens too, and Chinese.
  await newGame('kenken', { params: { kenken: { size: 4 } } });
  found.kenken = await runAxe();
  await newGame('slide', { params: { slide: { rows: 3, cols: 3 } } });
  found.slide = await runAxe();
  // The sliding picture's new-game options: the picture menu (a radio group of thumbnails).
  await page.click('#btn-new');
  await page.waitForSelector('#dlg-new[open]');
  await page.click('#game-slide');
  await page.waitForSelector('#slide-pics [role="radio"][aria-checked="true"]');
  found['#dlg-new slide'] = await runAxe('#dlg-new');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('#dlg-new[open]'));
  await setSettings({ language: 'zh-CN' });
  await newSudoku(9);
  found.zh = await runAxe();
  await setSettings({ language: 'en' });
  for (const [where, v] of Object.entries(found)) assert.deepEqual(v, [], where);
});
