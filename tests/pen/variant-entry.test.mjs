// "Enter a puzzle from paper" for the variants (#42) in real headless Chromium against the real
// Rust backend (dev bridge): a Killer opened from a Solo game ID file (kept over a reload of
// the view), one cage rubbed out with
// the eraser end and drawn again with the pen, its sum typed; a cage without a sum named at
// that cage; Solve, Save (a Solo ID again) and "Play it". A Jigsaw's regions drawn with the pen
// and the mouse, then its givens written on its own board (one with real held-out handwriting),
// "Start this puzzle" says where two solutions differ, then plays it. A Sudoku X entered on its
// board. zh-CN, and screenshots at 1200x760 and 800x480 (artifacts/).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startDevServer, launchChromium, openApp, resizePage, chooseLanguage } from '../support/devserver.mjs';
import { artifactPath, waitFor } from '../support/proc.mjs';
import { Pen, erase, pageState, boardRect, cellCentre, loadSamples, placeInCell, ipc as bridge } from '../support/pen.mjs';

// Made by `sgt-solo --generate 1 3x3k` and `9j` (Debian's sgt-puzzles 20230122).
const KILLER = '3x3k:zzzc,aaaaaaa__a__a__a____aa_aa__aaa____baa__aaa_aaa__aaa__a_b_b_b_a___a__a_____a_____a___a_a_aaaaaa_,10a8a11a10a9_14a9a11a11_10a10a13_3_17c9_17c17a8g13a9_11_9_13a17a6d23_17_15b19a15c21_7i8a5a';
const JIGSAW = '9j:3c5_7c2c3a5a9a7_4d1a4_9a3g6c9g8a2_5a8d3_9a1a3a2c8c7_8c3,aeaaa__abdbaab_g_b_ebagg_ebaba_abaaab_aaa_aaba_b_b_cbb';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkdoku-ventry-'));
const pickFile = path.join(dir, 'picked');
let server, browser, page, pen;

before(async () => {
  fs.writeFileSync(pickFile, '');
  server = await startDevServer({ args: ['--pick-file', pickFile] });
  browser = await launchChromium({ width: 1200, height: 760 });
  page = await openApp(browser, server.url);
  pen = new Pen(await page.createCDPSession());
}, { timeout: 60000 });

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const entry = async () => (await pageState(page)).entry;
const waitEntry = async (f, arg) => {
  try {
    return await page.waitForFunction(f, { timeout: 15000 }, arg);
  } catch (e) {
    // Say what the screen shows instead.
    const seen = await page.evaluate(() => ({ entry: window.__inkdoku.entry && { ...window.__inkdoku.entry, drawing: undefined }, status: document.getElementById('status').textContent })).catch(() => null);
    throw new Error(`${e.message}; ${JSON.stringify(seen)}`);
  }
};
const ipc = (cmd, args) => bridge(page, cmd, args);

async function openEntry(kind, size) {
  await page.evaluate((k) => localStorage.removeItem(`inkdoku.${k}-entry`), kind);
  await page.click('#btn-new');
  await page.waitForFunction(() => document.getElementById('dlg-new').open);
  await page.click(`#game-${kind}`);
  if (kind !== 'killer') await page.select(`#new-${kind}-size`, String(size));
  await page.click(`#new-${kind}-enter`);
  await waitEntry(([k, n]) => { const e = window.__inkdoku.entry; return e && e.kind === k && e.size === n; }, [kind, size]);
  // The backend knows the screen is open (a reload comes back to it): no complaint.
  await page.waitForFunction(() => document.getElementById('toast').hidden || !/can't use/.test(document.getElementById('toast').textContent), { timeout: 3000 })
    .catch(async () => assert.fail(await page.$eval('#toast', (t) => t.textContent)));
}

/** Screen points through cells side by side, a few per step, as a hand moves. */
function through(rect, n, cells) {
  const c = cells.map(([r, k]) => cellCentre(rect, n, r, k));
  const pts = [c[0]];
  for (let i = 1; i < c.length; i++) for (let k = 1; k <= 4; k++) pts.push({ x: c[i - 1].x + ((c[i].x - c[i - 1].x) * k) / 4, y: c[i - 1].y + ((c[i].y - c[i - 1].y) * k) / 4 });
  if (pts.length === 1) pts.push({ x: pts[0].x + 1, y: pts[0].y });
  return pts;
}

/** A path through a connected set of cells that moves between neighbours only. */
function walk(cells) {
  const key = ([r, c]) => `${r},${c}`;
  const left = new Set(cells.map(key));
  const out = [];
  const visit = (cell) => {
    left.delete(key(cell));
    out.push(cell);
    for (const n of cells) if (left.has(key(n)) && Math.abs(n[0] - cell[0]) + Math.abs(n[1] - cell[1]) === 1) { visit(n); out.push(cell); }
  };
  visit(cells[0]);
  return out;
}

async function mouseDrag(pts) {
  await page.mouse.move(pts[0].x, pts[0].y);
  await page.mouse.down();
  for (const p of pts.slice(1)) await page.mouse.move(p.x, p.y);
  await page.mouse.up();
}

async function openFile(text, button) {
  const file = path.join(dir, `open-${Date.now()}.txt`);
  fs.writeFileSync(file, text);
  fs.writeFileSync(pickFile, file);
  await page.click(button);
}

test('a Killer from a Solo ID file, a cage drawn again with the pen, checked, saved and played', { timeout: 150000 }, async () => {
  await openEntry('killer', 9);
  await openFile(`# from Solo\n${KILLER}\n`, '#ve-open');
  await waitEntry(() => window.__inkdoku.entry.drawing.cages.length > 20);
  let e = await entry();
  const cages = e.drawing.cages;
  // A reload of the view comes back to this screen and this drawing (the draft).
  await page.reload();
  await waitEntry((n) => { const e = window.__inkdoku.entry; return e && e.kind === 'killer' && e.drawing.cages.length === n; }, cages.length);
  // Rub out a cage of two or more cells with the eraser end, then draw it again with the pen.
  const k = cages.findIndex((c) => c.cells.length >= 3);
  const cage = cages[k];
  const rect = await boardRect(page);
  const path2 = walk(cage.cells);
  const a = cellCentre(rect, 9, ...cage.cells[0]);
  await erase(page, [a, { x: a.x + 3, y: a.y + 2 }]);
  await waitEntry((n) => window.__inkdoku.entry.drawing.cages.length === n - 1, cages.length);
  await pen.stroke(through(rect, 9, path2));
  await waitEntry((n) => window.__inkdoku.entry.drawing.cages.length === n, cages.length);
  // No sum yet: Solve names that cage, and chooses it.
  await page.click('#ve-solve');
  await waitEntry(() => window.__inkdoku.entry.problem && window.__inkdoku.entry.problem.code === 'no_sum');
  e = await entry();
  assert.equal(e.selected, cages.length - 1, 'the cage named is the one chosen');
  assert.match(e.message, new RegExp(`Cage ${cages.length} has no sum yet`));
  await page.screenshot({ path: artifactPath('variant-entry-killer-problem.png') });
  for (const d of String(cage.sum)) await page.keyboard.press(d);
  await waitEntry((s) => { const c = window.__inkdoku.entry.drawing.cages; return c[c.length - 1].sum === s; }, cage.sum);
  await page.click('#ve-solve');
  await waitEntry(() => window.__inkdoku.entry.verdict === 'unique');
  e = await entry();
  assert.match(e.message, /Exactly one solution: (easy|medium|hard|expert), the hardest step is/);
  assert.equal(e.shown.length, 81);
  assert.ok(e.shown.every((v) => v >= 1 && v <= 9), 'the solution is on the board');
  await page.screenshot({ path: artifactPath('variant-entry-killer-solved.png') });
  // Saved as a Solo game ID: the same puzzle as the file (cages in Solo's order).
  const saved = path.join(dir, 'killer.txt');
  fs.writeFileSync(pickFile, saved);
  await page.click('#ve-save');
  await waitEntry((f) => window.__inkdoku.entry.message === `Saved to ${f}.`, saved);
  assert.equal(fs.readFileSync(saved, 'utf8').trim(), KILLER);
  // Play it: a Killer in play, rated, its cages drawn.
  await page.click('#ve-play');
  await page.waitForFunction(() => { const v = window.__inkdoku.view; return v && v.kind === 'killer' && v.difficulty !== 'being entered'; }, { timeout: 15000 });
  const v = (await pageState(page)).view;
  assert.equal(v.variant.cages.length, cages.length);
  assert.ok(v.cells.every((c) => c.value === 0));
  assert.equal(await page.evaluate(() => localStorage.getItem('inkdoku.killer-entry')), null, 'a played entry is no draft');
  assert.deepEqual(page.errors, []);
});

test('a Jigsaw: regions drawn with the pen and the mouse, givens written on its board, then played', { timeout: 180000 }, async () => {
  // The regions of a Solo jigsaw, as the player sees them on paper: read from its ID by the
  // backend (open_entry through the file dialog) into a scratch draft, then cleared and drawn.
  await openEntry('jigsaw', 9);
  await openFile(JIGSAW, '#ve-open');
  await waitEntry(() => window.__inkdoku.entry.drawing.regions.length === 9);
  const paper = (await entry()).drawing;
  await page.click('#ve-clear');
  await page.waitForFunction(() => document.getElementById('dlg-confirm').open);
  await page.click('#confirm-ok');
  await waitEntry(() => window.__inkdoku.entry.drawing.regions.length === 0);
  const rect = await boardRect(page);
  // Eight regions drawn, the pen and the mouse in turn; Solve says the cells left are in none.
  for (let i = 0; i < 8; i++) {
    const pts = through(rect, 9, walk(paper.regions[i]));
    if (i % 2) await mouseDrag(pts); else await pen.stroke(pts);
    await waitEntry((n) => window.__inkdoku.entry.drawing.regions.length === n, i + 1);
  }
  await page.click('#ve-solve');
  await waitEntry(() => window.__inkdoku.entry.problem && window.__inkdoku.entry.problem.code === 'uncovered');
  assert.equal((await entry()).problem.cells.length, 9);
  await page.screenshot({ path: artifactPath('variant-entry-jigsaw-uncovered.png') });
  await pen.stroke(through(rect, 9, walk(paper.regions[8])));
  await waitEntry(() => window.__inkdoku.entry.drawing.regions.length === 9);
  // Regions only: many solutions; then its board, to write the givens.
  await page.click('#ve-solve');
  await waitEntry(() => ['multiple', 'too_open'].includes(window.__inkdoku.entry.verdict));
  await page.click('#ve-givens');
  await page.waitForFunction(() => { const v = window.__inkdoku.view; return v && v.kind === 'jigsaw' && v.difficulty === 'being entered'; }, { timeout: 15000 });
  assert.equal(await page.evaluate(() => !document.getElementById('entry').hidden), true, '"Start this puzzle" is offered');
  const givens = [...paper.givens].map((ch) => Number(ch) || 0);
  const at = givens.map((g, i) => [g, i]).filter(([g]) => g);
  // The first given with the pen (held-out handwriting; another sample if one reads wrong).
  const [g0, i0] = at[0];
  const board = await boardRect(page);
  for (const s of loadSamples(String(g0)).slice(0, 8)) {
    const writes = (await pageState(page)).writes;
    await pen.write(placeInCell(s.strokes, board, 9, Math.floor(i0 / 9), i0 % 9), { gap: 120 });
    await pen.hover(cellCentre(board, 9, 4, 4));
    await page.waitForFunction((w) => window.__inkdoku.writes > w, { timeout: 10000 }, writes);
    const read = (await pageState(page)).view.cells[i0].value;
    if (read === g0) break;
    if (read) await page.keyboard.press('Delete');
  }
  assert.equal((await pageState(page)).view.cells[i0].value, g0, 'the handwritten given is read');
  // The rest typed, all but the last five: Start says where two solutions differ.
  const type = async ([g, i]) => {
    const { x, y } = cellCentre(board, 9, Math.floor(i / 9), i % 9);
    await page.mouse.click(x, y);
    await page.keyboard.press(String(g));
    await waitFor(`${g} in cell ${i}`, async () => (await pageState(page)).view.cells[i].value === g);
  };
  for (const gi of at.slice(1, -5)) await type(gi);
  await page.click('#entry-start');
  await waitFor('the check', async () => /more than one solution/.test(await page.$eval('#status', (s) => s.textContent)));
  await page.screenshot({ path: artifactPath('variant-entry-jigsaw-several.png') });
  for (const gi of at.slice(-5)) await type(gi);
  await page.click('#entry-start');
  await page.waitForFunction(() => { const v = window.__inkdoku.view; return v && v.kind === 'jigsaw' && v.difficulty !== 'being entered'; }, { timeout: 15000 });
  const v = (await pageState(page)).view;
  assert.ok(v.variant.jigsaw);
  assert.deepEqual(v.cells.map((c) => (c.given ? c.value : 0)), givens, 'the paper\'s givens, locked');

  // "Tint a Jigsaw's regions" (on by default) switched off in Settings: an empty cell away from
  // the selection is plain paper, and tinted again when switched back on.
  const last = at[at.length - 1][1]; // the cell selected now: its row, column and region are shaded
  const reg = v.variant.regions;
  const empty = givens.findIndex((g, i) => !g && Math.floor(i / 9) !== Math.floor(last / 9) && i % 9 !== last % 9 && reg[i] !== reg[last]);
  const paperAt = async () => {
    const [r, c] = [Math.floor(empty / 9), empty % 9];
    return page.evaluate(([r, c]) => {
      const cv = document.getElementById('board');
      const g = cv.getContext('2d');
      const cell = cv.width / 9;
      return [...g.getImageData(Math.round((c + 0.2) * cell), Math.round((r + 0.8) * cell), 1, 1).data].slice(0, 3);
    }, [r, c]);
  };
  const tinted = await paperAt();
  const toggle = async () => {
    await page.click('#btn-settings');
    await page.waitForSelector('#dlg-settings[open]');
    await page.click('#set-regiontint');
    await page.click('#settings-save');
  };
  await toggle();
  await waitFor('the tint gone', async () => (await ipc('get_settings')).region_tint === false);
  const plain = await waitFor('a plain cell', async () => { const p = await paperAt(); return p.join() !== tinted.join() ? p : null; });
  const paperHex = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--board-paper').trim());
  const paperRgb = [1, 3, 5].map((k) => parseInt(paperHex.slice(k, k + 2), 16));
  assert.ok(plain.every((v, k) => Math.abs(v - paperRgb[k]) <= 2), `the theme's paper ${paperHex}, not ${plain}`);
  await page.screenshot({ path: artifactPath('variant-jigsaw-untinted.png') });
  await toggle();
  await waitFor('the tint back', async () => (await paperAt()).join() === tinted.join());
  assert.deepEqual(page.errors, []);
});

test('a Sudoku X is entered on its board; the entry screens in Chinese and on a small screen', { timeout: 120000 }, async () => {
  await page.click('#btn-new');
  await page.waitForFunction(() => document.getElementById('dlg-new').open);
  await page.click('#game-sudoku-x');
  await page.select('#new-sudoku_x-size', '6');
  await page.click('#new-sudoku_x-enter');
  await page.waitForFunction(() => { const v = window.__inkdoku.view; return v && v.kind === 'sudoku-x' && v.size === 6 && v.difficulty === 'being entered'; }, { timeout: 15000 });
  assert.ok((await pageState(page)).view.variant.x, 'the diagonals are on the board being entered');

  await chooseLanguage(page, 'zh-CN');
  await openEntry('killer', 9);
  await openFile(KILLER, '#ve-open');
  await waitEntry(() => window.__inkdoku.entry.drawing.cages.length > 20);
  const zh = await page.$eval('.entry-head', (h) => h.textContent);
  assert.match(zh, /录入杀手数独/);
  await page.click('#ve-solve');
  await waitEntry(() => window.__inkdoku.entry.verdict === 'unique');
  assert.match((await entry()).message, /恰好一个解/);
  for (const [w, h] of [[1200, 760], [800, 480]]) {
    await resizePage(page, { width: w, height: h });
    await page.screenshot({ path: artifactPath(`variant-entry-killer-zh-${w}x${h}.png`) });
    // Every control of the panel is on the screen (or reachable by scrolling the panel).
    const fits = await page.evaluate(() => {
      const b = document.getElementById('ink').getBoundingClientRect();
      return b.width > 200 && b.bottom <= window.innerHeight + 1;
    });
    assert.ok(fits, `the board fits ${w}x${h}`);
  }
  await chooseLanguage(page, 'en');
  await resizePage(page, { width: 1200, height: 760 });
  await page.click('#ve-back');
  assert.deepEqual(page.errors, []);
});
