// KenKen "Enter a puzzle" in real headless Chromium against the real Rust backend (dev bridge):
// a shared puzzle (../shared/data/kenken) copied cage by cage by dragging with pen, finger and
// mouse and typing targets gives its recorded solution on Solve; the engine's errors are shown
// at the cage they name; undo, the eraser end, several solutions, the sample, files in the text
// format and JSON, and "Play it". Screenshots of the entry screen go to artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startDevServer, launchChromium, openApp, resizePage, reloadToNewGame, chooseLanguage } from '../support/devserver.mjs';
import { artifactPath, repoRoot, sleep } from '../support/proc.mjs';
import { Pen, erase, pageState, boardRect, cellCentre } from '../support/pen.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkdoku-entry-'));
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
const key = async (k, mod) => {
  if (mod) await page.keyboard.down(mod);
  await page.keyboard.press(k);
  if (mod) await page.keyboard.up(mod);
};
const waitEntry = (f, arg) => page.waitForFunction(f, { timeout: 10000 }, arg);

/** The first puzzle of `size` in a shared set, with its recorded solution. */
function sharedPuzzle(size) {
  const file = path.join(repoRoot, '..', 'shared', 'data', 'kenken', 'keen_sgt_generated.jsonl');
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const p = JSON.parse(line);
    if (p.size === size && p.cages.length >= 10) return p;
  }
  throw new Error(`no ${size}x${size} puzzle in ${file}`);
}

/** "Enter a puzzle" from the game picker, as a player opens it (on an empty board). */
async function openEntry(size, { keepDraft = false } = {}) {
  if (!keepDraft) await page.evaluate(() => localStorage.removeItem('inkdoku.kenken-entry'));
  await page.click('#btn-new');
  await page.waitForFunction(() => document.getElementById('dlg-new').open);
  await page.click('#game-kenken');
  await page.select('#kk-size', String(size));
  await page.click('#kk-enter');
  await waitEntry(([n, any]) => { const e = window.__inkdoku.entry; return e && e.size === n && (any || e.cages.length === 0); }, [size, keepDraft]);
}

/** A walk through a cage's cells that moves only between neighbours (depth first, stepping back). */
function walk(cells) {
  const key = ([r, c]) => `${r},${c}`;
  const left = new Set(cells.map(key));
  const out = [];
  const visit = (cell) => {
    left.delete(key(cell));
    out.push(cell);
    for (const n of cells) {
      if (left.has(key(n)) && Math.abs(n[0] - cell[0]) + Math.abs(n[1] - cell[1]) === 1) {
        visit(n);
        out.push(cell);
      }
    }
  };
  visit(cells[0]);
  return out;
}

/** Screen points along the walk, a few per step, as a hand moves. */
function dragPoints(rect, n, cells) {
  const centres = walk(cells).map(([r, c]) => cellCentre(rect, n, r, c));
  const pts = [centres[0]];
  for (let i = 1; i < centres.length; i++) {
    for (let k = 1; k <= 4; k++) pts.push({ x: centres[i - 1].x + ((centres[i].x - centres[i - 1].x) * k) / 4, y: centres[i - 1].y + ((centres[i].y - centres[i - 1].y) * k) / 4 });
  }
  // A one-cell cage is a tap; a drag that stays in one cell moves a little inside it.
  if (pts.length === 1) pts.push({ x: pts[0].x + 1, y: pts[0].y });
  return pts;
}

async function drag(device, pts) {
  if (device === 'pen') return pen.stroke(pts);
  if (device === 'mouse') {
    await page.mouse.move(pts[0].x, pts[0].y);
    await page.mouse.down();
    for (const p of pts.slice(1)) await page.mouse.move(p.x, p.y);
    return page.mouse.up();
  }
  await page.touchscreen.touchStart(pts[0].x, pts[0].y);
  for (const p of pts.slice(1)) await page.touchscreen.touchMove(p.x, p.y);
  return page.touchscreen.touchEnd();
}

const OP_BUTTON = { '+': '+', '-': '-', '*': '*', '/': '/' };

/** Draws one cage with `device` and types its rule as a player would. */
async function enterCage(cage, n, device) {
  const before = (await entry()).cages.length;
  await drag(device, dragPoints(await boardRect(page), n, cage.cells));
  await waitEntry((k) => window.__inkdoku.entry.cages.length === k, before + 1);
  for (const d of String(cage.target)) await key(d);
  if (cage.op !== '=') await page.click(`#ke-ops [data-op="${OP_BUTTON[cage.op]}"]`);
  await waitEntry(([i, t, op]) => { const c = window.__inkdoku.entry.cages[i]; return c.target === t && c.op === op; }, [before, cage.target, cage.op]);
}

const canonical = (cages) => cages.map((c) => JSON.stringify({ op: c.op, target: c.target, cells: [...c.cells].sort((a, b) => a[0] - b[0] || a[1] - b[1]) })).sort();

test('a shared puzzle copied by dragging cages and typing targets solves to its recorded solution', { timeout: 240000 }, async () => {
  const p = sharedPuzzle(6);
  await openEntry(6);
  // Touch first (a pen in use makes the palm filter ignore touch), then mouse, then the pen.
  const devices = ['touch', 'touch', 'mouse', 'mouse', 'mouse'];
  for (const [i, cage] of p.cages.entries()) await enterCage(cage, 6, devices[i] || 'pen');
  assert.deepEqual(canonical((await entry()).cages), canonical(p.cages), 'the board holds the shared puzzle');
  await page.click('#ke-solve');
  await waitEntry(() => window.__inkdoku.entry.verdict === 'unique');
  const e = await entry();
  assert.deepEqual(e.shown, p.solution.flat(), 'Solve gives the recorded solution');
  assert.match(e.message, /exactly one solution\. Level (easy|medium|hard|expert)/);
  await page.screenshot({ path: artifactPath('kenken-entry-solved.png') });

  // Save it as text and as JSON through the file dialog (the name picked says which); the text
  // file is the hand-entry format.
  for (const name of ['entered.txt', 'entered.json']) {
    fs.writeFileSync(pickFile, path.join(dir, name));
    await page.click('#ke-save');
    await waitEntry((f) => window.__inkdoku.entry.message === `Saved to ${f}.`, path.join(dir, name));
  }
  const text = fs.readFileSync(path.join(dir, 'entered.txt'), 'utf8');
  assert.equal(text.trim().split('\n').filter((l) => !l.startsWith('#')).length, 6 + p.cages.length, text);
  assert.equal(JSON.parse(fs.readFileSync(path.join(dir, 'entered.json'), 'utf8')).cages.length, p.cages.length);

  // Open the text file again after clearing the board: the same cages.
  await page.click('#ke-clear');
  await page.waitForFunction(() => document.getElementById('dlg-confirm').open);
  await page.click('#confirm-ok');
  await waitEntry(() => window.__inkdoku.entry.cages.length === 0);
  fs.writeFileSync(pickFile, path.join(dir, 'entered.txt'));
  await page.click('#ke-open');
  await waitEntry((k) => window.__inkdoku.entry.cages.length === k, p.cages.length);
  assert.deepEqual(canonical((await entry()).cages), canonical(p.cages), 'text round trip');

  // "Play it": a rated game of this puzzle, its answer hidden.
  await page.click('#ke-play');
  await page.waitForFunction(() => { const v = window.__inkdoku.view; return v && v.kind === 'kenken' && v.size === 6; }, { timeout: 10000 });
  const v = (await pageState(page)).view;
  assert.deepEqual(canonical(v.cages), canonical(p.cages));
  assert.ok(['easy', 'medium', 'hard', 'expert'].includes(v.difficulty), v.difficulty);
  assert.ok(v.cells.every((c) => c.value === 0));
  assert.equal(await page.evaluate(() => localStorage.getItem('inkdoku.kenken-entry')), null, 'a played entry is no draft any more');
  assert.deepEqual(page.errors, []);
});

test('problems are shown at the cage they name; undo and the eraser end work while entering', { timeout: 120000 }, async () => {
  await openEntry(4);
  const rect = await boardRect(page);
  // A 3-cell cage with a − rule: the engine says a − cage has two cells, at that cage.
  await drag('pen', dragPoints(rect, 4, [[0, 0], [0, 1], [0, 2]]));
  await waitEntry(() => window.__inkdoku.entry.cages.length === 1);
  await key('1');
  await key('-');
  await page.click('#ke-solve');
  await waitEntry(() => window.__inkdoku.entry.verdict === 'invalid');
  let e = await entry();
  assert.deepEqual([e.problem.code, e.problem.cage, e.selected], ['not_two_cells', 0, 0]);
  assert.match(e.message, /Cage 1: a - cage must have exactly 2 cells, it has 3\./);
  await page.screenshot({ path: artifactPath('kenken-entry-problem.png') });
  // Undo (Ctrl+Z) takes the operation back, then the target; another drag over a drawn cell
  // is refused.
  await key('z', 'Control');
  await waitEntry(() => window.__inkdoku.entry.cages[0].op === null && window.__inkdoku.entry.cages[0].target === 1);
  await key('z', 'Control');
  await waitEntry(() => window.__inkdoku.entry.cages[0].target === null);
  await drag('pen', dragPoints(rect, 4, [[0, 2], [0, 3]]));
  await waitEntry(() => /already in a cage/.test(window.__inkdoku.entry.message));
  // A cage with no target: named.
  await page.click('#ke-ops [data-op="+"]');
  await page.click('#ke-solve');
  await waitEntry(() => window.__inkdoku.entry.problem && window.__inkdoku.entry.problem.code === 'no_target');
  // The eraser end rubs the cage out; undo brings it back; the undo button is the editor's.
  const a = cellCentre(rect, 4, 0, 0), b = cellCentre(rect, 4, 0, 1);
  await erase(page, [a, { x: (a.x + b.x) / 2, y: a.y }, b]);
  await waitEntry(() => window.__inkdoku.entry.cages.length === 0);
  assert.equal(await page.$eval('#btn-undo', (x) => x.disabled), false);
  await page.click('#btn-undo');
  await waitEntry(() => window.__inkdoku.entry.cages.length === 1);
  await page.click('#btn-redo');
  await waitEntry(() => window.__inkdoku.entry.cages.length === 0);
  // Uncovered cells: the message says where.
  await drag('mouse', dragPoints(rect, 4, [[3, 3]]));
  await waitEntry(() => window.__inkdoku.entry.cages.length === 1 && window.__inkdoku.entry.cages[0].op === '=');
  await key('2');
  await page.click('#ke-solve');
  await waitEntry(() => window.__inkdoku.entry.problem && window.__inkdoku.entry.problem.code === 'uncovered');
  e = await entry();
  assert.equal(e.problem.cage, null);
  assert.equal(e.problem.cells.length, 1);
  assert.match(e.message, /is in no cage/);
  assert.deepEqual(page.errors, []);
  // Closing the app (here: reloading the page) loses nothing: the drawing comes back.
  // The games in play are offered first (Continue): start a new one instead, then enter.
  await reloadToNewGame(page);
  await openEntry(4, { keepDraft: true });
  await waitEntry(() => { const e = window.__inkdoku.entry; return e.cages.length === 1 && e.cages[0].target === 2; });
  assert.match((await entry()).message, /back where you left it/);
  // Clear all (confirmed) leaves an empty board for next time.
  await page.click('#ke-clear');
  await page.waitForFunction(() => document.getElementById('dlg-confirm').open);
  await page.click('#confirm-ok');
  await waitEntry(() => window.__inkdoku.entry.cages.length === 0);
});

test('keyboard only: cursor, Enter, Shift+arrows grow a cage; several solutions are shown with where they differ', { timeout: 60000 }, async () => {
  await openEntry(3);
  // One cage over the whole board: 18+ fits every Latin square of order 3.
  await key('Enter');
  for (const k of ['ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowRight']) await key(k, 'Shift');
  await waitEntry(() => window.__inkdoku.entry.cages.length === 1 && window.__inkdoku.entry.cages[0].cells.length === 9);
  await key('1');
  await key('8');
  await key('+');
  // The board without a canvas: every cell says which cage holds it.
  const labels = await page.$$eval('#a11y-grid [role="gridcell"]', (cells) => cells.map((c) => c.getAttribute('aria-label')));
  assert.equal(labels.length, 9);
  assert.match(labels[4], /row 2, column 2, in cage 18\+, chosen/);
  await page.click('#ke-solve');
  await waitEntry(() => window.__inkdoku.entry.verdict === 'multiple');
  assert.match((await entry()).message, /More than one solution/);
  await page.click('#ke-show');
  await waitEntry(() => window.__inkdoku.entry.shown !== null);
  await page.screenshot({ path: artifactPath('kenken-entry-multiple.png') });
  // "Play it" refuses, and says why on the board.
  await page.click('#ke-play');
  await sleep(300);
  assert.equal((await pageState(page)).entry.verdict, 'multiple');
});

test('the sample solves; the entry screen fits at 1920x1080 and 800x480', { timeout: 60000 }, async () => {
  await openEntry(6);
  await page.click('#ke-sample');
  await waitEntry(() => window.__inkdoku.entry.cages.length === 15);
  await page.click('#ke-solve');
  await waitEntry(() => window.__inkdoku.entry.verdict === 'unique');
  for (const [w, h] of [[1920, 1080], [800, 480]]) {
    await resizePage(page, { width: w, height: h });
    // Every control of the panel is on screen, none cut off.
    const off = await page.evaluate(() => {
      const panel = document.getElementById('panel').getBoundingClientRect();
      return [...document.querySelectorAll('#panel button')].filter((b) => b.offsetParent && !b.hidden)
        .filter((b) => { const r = b.getBoundingClientRect(); return r.bottom > panel.bottom + 0.5 || r.right > panel.right + 0.5 || r.bottom > window.innerHeight; })
        .map((b) => b.id || b.textContent);
    });
    await page.screenshot({ path: artifactPath(`kenken-entry-${w}x${h}.png`) });
    assert.deepEqual(off, [], `${w}x${h}: buttons below the fold`);
  }
  await page.setViewport({ width: 1200, height: 760, deviceScaleFactor: 1 });
});

test('every cage is listed in a table, editable there too, in English and Chinese (#26)', { timeout: 90000 }, async () => {
  await openEntry(6);
  await page.click('#ke-sample');
  await waitEntry(() => window.__inkdoku.entry.cages.length === 15);
  await page.click('#ke-table-box summary');
  const rows = await page.$$eval('#ke-table tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((td) => (td.querySelector('select,input') || td).value ?? td.textContent)));
  assert.equal(rows.length, 15);
  assert.deepEqual(rows[0], ['1', 'R1C1, R1C2, R1C3', '+', '7'], 'cage 1 of the sample: 7+ over the first three cells');
  // The first cage: 7+ becomes 9×, from the table.
  await page.select('#ke-table tbody tr:first-child select', '*');
  await waitEntry(() => window.__inkdoku.entry.cages[0].op === '*');
  await page.$eval('#ke-table tbody tr:first-child input', (i) => { i.value = '90'; i.dispatchEvent(new Event('change', { bubbles: true })); });
  await waitEntry(() => window.__inkdoku.entry.cages[0].target === 90);
  assert.equal((await entry()).selected, 0, 'editing a row chooses its cage');
  // Undo takes the table's edits back as the panel's.
  await page.click('#btn-undo');
  await waitEntry(() => window.__inkdoku.entry.cages[0].target === 7);
  assert.equal(await page.$eval('#ke-table tbody tr:first-child input', (i) => i.value), '7', 'the table follows');
  for (const lang of ['en', 'zh-CN']) {
    // As a player changes it (the entry screen stays).
    await chooseLanguage(page, lang);
    const head = await page.$eval('#ke-table thead', (e) => e.textContent);
    assert.match(head, lang === 'en' ? /Cage/ : /笼子/, head);
    assert.equal(await page.$$eval('#ke-table tbody tr', (t) => t.length), 15, 'the table stays');
    for (const [w, h] of [[1920, 1080], [800, 480]]) {
      await resizePage(page, { width: w, height: h });
      await page.screenshot({ path: artifactPath(`kenken-cage-table-${lang}-${w}x${h}.png`) });
    }
  }
  await page.setViewport({ width: 1200, height: 760, deviceScaleFactor: 1 });
});
