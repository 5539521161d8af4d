// The play aids of issue #14 in real headless Chromium against the real backend (dev bridge):
// eraser mode for pen, finger and mouse; a scratch-out in pencil mode; the input mode kept with
// the game; the keyboard's 0 and its centre start; the highlighted digit and complete numbers;
// the pen's barrel button; cell colours; the board's victory wave (none after Solve, still
// with reduced motion); the compact panel at 800x480 and in portrait. Screenshots of the
// highlight, colours and eraser mode go to artifacts/ (docs/screenshots/ holds copies, updated
// by hand when the look changes, so that a test run leaves the checkout clean).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startDevServer, launchChromium, openApp, reloadToNewGame, relaunch, resizePage, chooseLanguage } from '../support/devserver.mjs';
import { artifactPath, waitFor, sleep } from '../support/proc.mjs';
import { Pen, erase, pageState, boardRect, cellCentre, ipc as ipcOf } from '../support/pen.mjs';

let server, browser, page, pen, cdp;
const shot = (name) => artifactPath(name);

before(async () => {
  server = await startDevServer();
  browser = await launchChromium({ width: 1200, height: 760 });
  page = await openApp(browser, server.url);
  cdp = await page.createCDPSession();
  pen = new Pen(cdp);
}, { timeout: 60000 });

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

const ui = () => pageState(page);
const rect = () => boardRect(page);
const ipc = (cmd, args = {}) => ipcOf(page, cmd, args);

async function newGame(size = 9, viewport = { width: 1200, height: 760 }) {
  const s = await ipc('get_settings');
  await ipc('update_settings', { settings: { ...s, params: { ...s.params, sudoku: { size } }, handedness: 'right', last_game: 'sudoku' } });
  await page.setViewport(viewport);
  // A game of another kind put aside is offered for Continue first: start a new one instead.
  await reloadToNewGame(page);
  await page.waitForFunction((size) => window.__inkdoku.view && window.__inkdoku.view.kind === 'sudoku' && window.__inkdoku.view.size === size && window.__inkdoku.ready, {}, size);
  return (await ui()).view;
}

const blanks = (view) => view.cells.map((c, i) => ({ c, i })).filter(({ c }) => !c.given).map(({ i }) => ({ row: Math.floor(i / view.size), col: i % view.size }));
const undo = async () => { await page.keyboard.down('Control'); await page.keyboard.press('z'); await page.keyboard.up('Control'); };

/** Click (mouse) the centre of a cell. */
async function clickCell(row, col) {
  const r = await rect();
  const n = (await ui()).view.size;
  const p = cellCentre(r, n, row, col);
  await page.mouse.click(p.x, p.y);
}

async function typeInto(row, col, key) {
  const n = (await ui()).view.size;
  await clickCell(row, col);
  await page.waitForFunction((row, col) => { const s = window.__inkdoku.selected; return s && s.row === row && s.col === col; }, { timeout: 5000 }, row, col);
  await page.keyboard.press(String(key));
  if (key !== '0') await page.waitForFunction((i) => window.__inkdoku.view.cells[i].value !== 0, { timeout: 5000 }, row * n + col);
}

/** A row with at least `k` blanks and the first `k` of its blank columns. */
function rowWithBlanks(view, k) {
  const n = view.size;
  const row = [...Array(n).keys()].find((r) => view.cells.slice(r * n, r * n + n).filter((c) => !c.given).length >= k);
  return { row, cols: [...Array(n).keys()].filter((c) => !view.cells[row * n + c].given).slice(0, k) };
}

/** The board canvas's pixel (RGBA) at board coordinates (x, y in 0..1). */
function pixel(x, y) {
  return page.evaluate((x, y) => {
    const c = document.getElementById('board');
    return [...c.getContext('2d').getImageData(Math.floor(x * c.width), Math.floor(y * c.height), 1, 1).data];
  }, x, y);
}

/** A trusted touch (finger) sweep through CDP. */
async function fingerSweep(points) {
  const at = (q) => [{ x: q.x, y: q.y, radiusX: 6, radiusY: 6, force: 0.5 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(points[0]) });
  for (const p of points.slice(1)) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(p) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

const along = (from, to, k = 12) => Array.from({ length: k }, (_, i) => ({ x: from.x + ((to.x - from.x) * i) / (k - 1), y: from.y + ((to.y - from.y) * i) / (k - 1) }));

test('eraser mode: mouse, finger and pen rub out numbers and colours until switched back; in pencil mode, notes', { timeout: 90000 }, async () => {
  const view = await newGame(9);
  const { row, cols } = rowWithBlanks(view, 3);
  for (const c of cols) await typeInto(row, c, 5);
  await ipc('act', { action: { type: 'set_colour', cells: [[row, cols[0]]], colour: 2 } });
  await page.click('#mode-eraser');
  assert.equal((await ui()).eraser, true);
  assert.equal(await page.$eval('#mode-eraser', (b) => b.getAttribute('aria-pressed')), 'true');
  const r = await rect();
  const ends = (c0, c1) => [cellCentre(r, 9, row, c0), cellCentre(r, 9, row, c1)];
  // The mouse sweeps over the first cell: cleared (colour too).
  {
    const [a, b] = ends(cols[0], cols[0]);
    await page.mouse.move(a.x - 10, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x + 10, b.y, { steps: 5 });
    await page.mouse.up();
  }
  await page.waitForFunction((i) => window.__inkdoku.view.cells[i].value === 0 && window.__inkdoku.view.cells[i].colour === 0, { timeout: 5000 }, row * 9 + cols[0]);
  // A finger over the second.
  {
    const [a] = ends(cols[1], cols[1]);
    await fingerSweep(along({ x: a.x - 12, y: a.y }, { x: a.x + 12, y: a.y }, 6));
  }
  await page.waitForFunction((i) => window.__inkdoku.view.cells[i].value === 0, { timeout: 5000 }, row * 9 + cols[1]);
  // The pen's nib (not its eraser end) over the third.
  {
    const [a] = ends(cols[2], cols[2]);
    await pen.stroke(along({ x: a.x - 12, y: a.y + 3 }, { x: a.x + 12, y: a.y - 3 }, 6));
  }
  await page.waitForFunction((i) => window.__inkdoku.view.cells[i].value === 0, { timeout: 5000 }, row * 9 + cols[2]);
  const after = (await ui()).view;
  for (let c = 0; c < 9; c++) if (view.cells[row * 9 + c].given) assert.equal(after.cells[row * 9 + c].value, view.cells[row * 9 + c].value, 'givens stay');
  assert.equal((await ui()).liveInk, 0, 'no eraser trail left behind');
  await page.screenshot({ path: shot('sudoku-eraser-mode.png') });
  // One undo brings back one sweep.
  await undo();
  await page.waitForFunction((i) => window.__inkdoku.view.cells[i].value === 5, { timeout: 5000 }, row * 9 + cols[2]);
  // X switches back: the pen writes again (a tap selects).
  await page.keyboard.press('x');
  assert.equal((await ui()).eraser, false);
  // Pencil + eraser: a note goes, a number stays.
  await page.click('#mode-pencil');
  const at = (x, y) => ({ x: r.x + r.size * x, y: r.y + r.size * y });
  await pen.stroke([at(0.05, 0.9), at(0.1, 0.92), at(0.15, 0.95)], { dt: 2 });
  await waitFor('the note', async () => (await ui()).view.notes.length === 1);
  await page.keyboard.press('X');
  assert.equal((await ui()).eraser, true);
  await page.mouse.move(r.x + r.size * 0.1, r.y + r.size * 0.85);
  await page.mouse.down();
  await page.mouse.move(r.x + r.size * 0.1, r.y + r.size * 0.99, { steps: 5 });
  await page.mouse.up();
  await waitFor('the note rubbed out', async () => (await ui()).view.notes.length === 0);
  await page.click('#mode-pen');
  assert.equal((await ui()).eraser, false, 'choosing the pen leaves eraser mode');
});

test('a scratch-out in pencil mode deletes the notes it crosses instead of adding a zig-zag', { timeout: 60000 }, async () => {
  await newGame(9);
  await page.click('#mode-pencil');
  const r = await rect();
  const w = r.size / 9;
  const c = cellCentre(r, 9, 4, 4);
  // A small note in cell (4,4) and one far away.
  await pen.stroke(along({ x: c.x - 0.2 * w, y: c.y }, { x: c.x + 0.2 * w, y: c.y + 0.1 * w }, 5), { dt: 2 });
  await pen.stroke(along({ x: r.x + 0.05 * r.size, y: r.y + 0.05 * r.size }, { x: r.x + 0.09 * r.size, y: r.y + 0.08 * r.size }, 5), { dt: 2 });
  const notes = await waitFor('two notes', async () => { const v = (await ui()).view; return v.notes.length === 2 ? v.notes : null; });
  const zig = Array.from({ length: 7 }, (_, k) => ({ x: c.x + (k % 2 ? 0.35 : -0.35) * w, y: c.y - 0.25 * w + (k * 0.5 * w) / 6 }));
  await pen.stroke(zig, { dt: 4 });
  const left = await waitFor('one note left', async () => { const v = (await ui()).view; return v.notes.length === 1 ? v.notes : null; });
  assert.deepEqual(left[0], notes[1], 'the far note stays, and the zig-zag is no note');
  await undo();
  await waitFor('undo brings it back', async () => (await ui()).view.notes.length === 2);
  await page.click('#mode-pen');
});

test('the input mode is kept with the game and comes back on Continue', { timeout: 60000 }, async () => {
  await newGame(9);
  await page.click('#mode-pencil');
  await waitFor('the backend has it', async () => (await ipc('board')).input_mode === 'pencil');
  // Another game puts this one aside; a new page offers it for Continue.
  await ipc('new_game', { kind: 'kenken', params: { size: 4 } });
  await relaunch(page);
  await page.waitForSelector('#resume-continue-sudoku', { visible: true, timeout: 10000 });
  await page.click('#resume-continue-sudoku');
  await page.waitForFunction(() => window.__inkdoku.view && window.__inkdoku.view.kind === 'sudoku');
  const s = await ui();
  assert.equal(s.mode, 'pencil');
  assert.equal(await page.$eval('#mode-pencil', (b) => b.getAttribute('aria-pressed')), 'true');
  await page.click('#mode-pen');
  await waitFor('pen again', async () => (await ipc('board')).input_mode === 'pen');
});

test('keyboard: the cursor shows in the centre from the start, a digit typed first lands there, and 0 clears as Delete does', { timeout: 60000 }, async () => {
  // A board whose centre is open (the J2ME original's first digit lands there).
  let view = await newGame(9);
  for (let k = 0; k < 10 && view.cells[40].given; k++) view = await newGame(9);
  assert.ok(!view.cells[40].given, 'a board with an open centre');
  const s0 = await ui();
  assert.deepEqual([s0.selected, s0.cursor], [null, { row: 4, col: 4 }], 'the cursor is in the centre, nothing selected');
  // Drawn: the centre cell's edge carries the selection's blue, before any key.
  const edge = [];
  for (let k = 1; k < 10; k++) edge.push(await pixel(4 / 9 + (1 / 9) * 0.05, (4 + k / 10) / 9));
  assert.ok(edge.some((c) => c[2] > 150 && c[0] < 120), `the cursor's (dashed) frame is drawn: ${JSON.stringify(edge)}`);
  await page.keyboard.press('5');
  await page.waitForFunction(() => window.__inkdoku.view.cells[40].value === 5, { timeout: 5000 });
  assert.deepEqual((await ui()).selected, { row: 4, col: 4 }, 'the typed digit made the centre the selection');
  await undo();
  await page.waitForFunction(() => window.__inkdoku.view.cells[40].value === 0, { timeout: 5000 });
  await page.keyboard.press('ArrowLeft');
  assert.deepEqual((await ui()).selected, { row: 4, col: 3 }, 'the first arrow moves on from the centre');
  // A number tapped first still arms it: the cursor is no selection.
  view = await newGame(9);
  await page.click('#numbers button[data-value="3"]');
  assert.equal((await ui()).armed, 3);
  const cell = blanks(view)[0];
  await typeInto(cell.row, cell.col, 7);
  await page.keyboard.press('0');
  await page.waitForFunction((i) => window.__inkdoku.view.cells[i].value === 0, { timeout: 5000 }, cell.row * 9 + cell.col);
});

test('highlight a digit: a filled cell or a number button lights its cells and its candidates; a complete number is marked', { timeout: 90000 }, async () => {
  const view = await newGame(9);
  await page.click('#btn-auto');
  await page.waitForFunction(() => window.__inkdoku.view.cells.some((c) => c.candidates));
  // Tap a given with the mouse: its digit is highlighted.
  const g = view.cells.findIndex((c) => c.given);
  const d = view.cells[g].value;
  await clickCell(Math.floor(g / 9), g % 9);
  await waitFor('the digit', async () => (await ui()).digit === d);
  await page.screenshot({ path: shot('sudoku-highlight.png') });
  // Another cell holding d (not a peer of the tapped one) is shaded like the tapped one's value.
  const other = view.cells.findIndex((c, i) => c.value === d && i !== g);
  const px = await pixel(((other % 9) + 0.1) / 9, (Math.floor(other / 9) + 0.1) / 9);
  assert.deepEqual(px.slice(0, 3), [0xe3, 0xe8, 0xff], `cell ${other} holding ${d} is highlighted`);
  // A number button highlights its digit too (finger tap on the pad).
  const d2 = (d % 9) + 1;
  const b = await page.$(`#numbers button[data-value="${d2}"]`);
  const box = await b.boundingBox();
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: box.x + box.width / 2, y: box.y + box.height / 2 }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await waitFor('the pad\'s digit', async () => (await ui()).digit === d2);
  assert.ok(await page.$eval(`#numbers button[data-value="${d2}"]`, (e) => e.classList.contains('highlit')));
  // Its candidates get a disc: the candidate's slot is no longer paper-coloured around it.
  const withCand = (await ui()).view.cells.findIndex((c) => !c.value && c.candidates & (1 << (d2 - 1)));
  assert.ok(withCand >= 0);
  const slot = { col: (d2 - 1) % 3, row: Math.floor((d2 - 1) / 3) };
  const discAt = await pixel(((withCand % 9) + (slot.col + 0.5) / 3 + 0.09 / 3) / 9, (Math.floor(withCand / 9) + (slot.row + 0.55) / 3 + 0.09 / 3) / 9);
  assert.notDeepEqual(discAt.slice(0, 3), [0xfb, 0xf8, 0xef], 'the candidate has its disc');
  // Disarm the number again.
  await page.click(`#numbers button[data-value="${d2}"]`);
  // Complete: after the computer's Solve every number is placed 9 times; clearing one cell of
  // a digit makes that one incomplete again.
  await page.click('#btn-solve');
  await page.waitForSelector('#dlg-confirm[open]');
  await page.click('#dlg-confirm button[value="ok"]');
  await page.waitForFunction(() => window.__inkdoku.view.solved);
  assert.equal(await page.$$eval('#numbers button.complete', (bs) => bs.length), 9);
  assert.match(await page.$eval('#numbers button[data-value="3"]', (e) => e.getAttribute('aria-label')), /all placed/);
  await undo();
  await page.waitForFunction(() => !window.__inkdoku.view.solved);
});

test('the pen\'s barrel button held writes pencil notes without changing the mode; released, the pen writes numbers', { timeout: 60000 }, async () => {
  const view = await newGame(9);
  const r = await rect();
  const cell = blanks(view)[3];
  const c = cellCentre(r, 9, cell.row, cell.col);
  const w = r.size / 9;
  const stroke = along({ x: c.x - 0.3 * w, y: c.y - 0.3 * w }, { x: c.x + 0.3 * w, y: c.y + 0.2 * w }, 6);
  // What Chromium delivers for a CDP pen with the right button: see telemetry.lastPointer.
  const send = (type, p, buttons, button) => cdp.send('Input.dispatchMouseEvent', { type, x: p.x, y: p.y, button, buttons, clickCount: 1, pointerType: 'pen', force: buttons ? 0.5 : 0 });
  await send('mouseMoved', stroke[0], 0, 'none');
  await send('mousePressed', stroke[0], 2, 'right');
  const down = (await ui()).lastPointer;
  assert.equal(down.type, 'pen');
  assert.equal(down.buttons, 2, 'Chromium reports the barrel as buttons 2');
  assert.equal(down.button, 2, 'and button 2 on the down');
  for (const p of stroke.slice(1)) await send('mouseMoved', p, 2, 'right');
  await send('mouseReleased', stroke[stroke.length - 1], 0, 'right');
  await waitFor('a pencil note', async () => (await ui()).view.notes.length === 1);
  const s = await ui();
  assert.equal(s.mode, 'pen', 'the mode did not change');
  assert.equal(s.view.cells[cell.row * 9 + cell.col].value, 0, 'no number written');
  // With a number chosen first, a barrel tap notes it as a candidate instead of writing it.
  await page.click('#numbers button[data-value="4"]');
  await send('mouseMoved', c, 0, 'none');
  await send('mousePressed', c, 2, 'right');
  await send('mouseReleased', c, 0, 'right');
  await page.waitForFunction((i) => window.__inkdoku.view.cells[i].candidates === 1 << 3, { timeout: 5000 }, cell.row * 9 + cell.col);
  // Released: a plain pen tap writes the chosen number.
  await pen.stroke([c, { x: c.x + 1, y: c.y }]);
  await page.waitForFunction((i) => window.__inkdoku.view.cells[i].value === 4, { timeout: 5000 }, cell.row * 9 + cell.col);
  await page.click('#numbers button[data-value="4"]');
});

test('cell colours: a pattern and a hue each, by swatch, sweep or M; undoable; gone with the eraser', { timeout: 60000 }, async () => {
  const view = await newGame(9);
  const [a, b, c2] = blanks(view);
  // A swatch first (no cell selected yet), then a finger sweep along a row colours every cell
  // it passes.
  await page.click('#colours button[data-colour="2"]');
  assert.equal((await ui()).colour, 2);
  const r = await rect();
  await fingerSweep(along(cellCentre(r, 9, 8, 0), cellCentre(r, 9, 8, 2), 8));
  await page.waitForFunction(() => [72, 73, 74].every((i) => window.__inkdoku.view.cells[i].colour === 2), { timeout: 5000 });
  // With the colour still chosen, the eraser end rubs a colour out rather than painting.
  await eraserEnd(cellCentre(r, 9, 8, 2));
  await page.waitForFunction(() => window.__inkdoku.view.cells[74].colour === 0 && window.__inkdoku.view.cells[73].colour === 2, { timeout: 5000 });
  await page.click('#colours button[data-colour="2"]');
  assert.equal((await ui()).colour, null);
  // A cell first, then a swatch.
  await clickCell(a.row, a.col);
  await page.click('#colours button[data-colour="1"]');
  await page.waitForFunction((i) => window.__inkdoku.view.cells[i].colour === 1, { timeout: 5000 }, a.row * 9 + a.col);
  // The keyboard's M cycles the selected cell's colour.
  await clickCell(b.row, b.col);
  await page.keyboard.press('m');
  await page.waitForFunction((i) => window.__inkdoku.view.cells[i].colour === 1, { timeout: 5000 }, b.row * 9 + b.col);
  await page.keyboard.press('m');
  await page.waitForFunction((i) => window.__inkdoku.view.cells[i].colour === 2, { timeout: 5000 }, b.row * 9 + b.col);
  for (const [cell, k] of [[c2, 3], [{ row: 0, col: 8 }, 4], [{ row: 1, col: 8 }, 4], [{ row: 6, col: 0 }, 1], [{ row: 6, col: 1 }, 1]]) {
    await clickCell(cell.row, cell.col);
    await page.click(`#colours button[data-colour="${k}"]`);
    await page.waitForFunction((i, k) => window.__inkdoku.view.cells[i].colour === k, { timeout: 5000 }, cell.row * 9 + cell.col, k);
  }
  await clickCell(a.row, a.col);
  await page.keyboard.press('m');
  await page.waitForFunction((i) => window.__inkdoku.view.cells[i].colour === 2, { timeout: 5000 }, a.row * 9 + a.col);
  await page.keyboard.press('m');
  await page.waitForFunction((i) => window.__inkdoku.view.cells[i].colour === 3, { timeout: 5000 }, a.row * 9 + a.col);
  await clickCell(4, 4);
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  await page.screenshot({ path: shot('sudoku-colours.png') });
  // Undo takes the last colouring back.
  await undo();
  await page.waitForFunction((i) => window.__inkdoku.view.cells[i].colour === 2, { timeout: 5000 }, a.row * 9 + a.col);
  // The eraser end rubs colours out.
  await eraserEnd(cellCentre(r, 9, a.row, a.col));
  await page.waitForFunction((i) => window.__inkdoku.view.cells[i].colour === 0, { timeout: 5000 }, a.row * 9 + a.col);
});

/** A short rub of the pen's eraser end across point p (in-page events: CDP has no eraser). */
function eraserEnd(p) {
  return erase(page, [{ x: p.x - 5, y: p.y }, { x: p.x + 5, y: p.y }]);
}

/** Fills every blank but the last from the solution (typed), returns the last one and its value. */
async function fillAllButOne() {
  const view = (await ui()).view;
  const solved = await ipc('act', { action: { type: 'solve' } });
  await ipc('undo');
  const cells = blanks(view);
  const n = view.size;
  for (const c of cells.slice(0, -1)) await typeInto(c.row, c.col, solved.cells[c.row * n + c.col].value);
  const last = cells[cells.length - 1];
  return { last, value: solved.cells[last.row * n + last.col].value };
}

test('a player\'s win lights the board cell by cell from the last cell written; the computer\'s Solve does not; reduced motion keeps it still', { timeout: 90000 }, async () => {
  await newGame(4);
  let { last, value } = await fillAllButOne();
  await typeInto(last.row, last.col, value);
  await page.waitForFunction(() => window.__inkdoku.view.solved);
  assert.equal((await ui()).victory, 'wave');
  // The last cell glows first: gold over paper (red high, blue low).
  await sleep(250);
  const glow = await pixel((last.col + 0.1) / 4, (last.row + 0.1) / 4);
  assert.ok(glow[0] > 200 && glow[2] < 200, `the last cell glows: ${glow}`);
  await page.screenshot({ path: artifactPath('victory-wave.png') }).catch(() => {});
  await waitFor('the wave ends', async () => (await ui()).victory === null, 5000);
  assert.equal(await page.$eval('#celebration', (e) => e.dataset.quiet), 'false');
  // Undo, then the computer's Solve: the caption, but no wave and no animation.
  await undo();
  await page.waitForFunction(() => !window.__inkdoku.view.solved);
  await page.click('#btn-solve');
  await page.waitForSelector('#dlg-confirm[open]');
  await page.click('#dlg-confirm button[value="ok"]');
  await page.waitForFunction(() => window.__inkdoku.view.solved);
  assert.equal((await ui()).victory, null, 'no wave after Solve');
  assert.equal(await page.$eval('#celebration', (e) => e.dataset.quiet), 'true');
  assert.equal(await page.$eval('#celebration .won', (e) => getComputedStyle(e).animationName), 'none');
  // Reduced motion: the board lights up without moving.
  await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
  await newGame(4);
  ({ last, value } = await fillAllButOne());
  await typeInto(last.row, last.col, value);
  await page.waitForFunction(() => window.__inkdoku.view.solved);
  assert.equal((await ui()).victory, 'still');
  await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'no-preference' }]);
});

test('a win made by the hint\'s second press waves from the hinted cell (#26)', { timeout: 60000 }, async () => {
  await newGame(4);
  const { last } = await fillAllButOne();
  await page.click('#btn-hint');
  await waitFor('the hint', async () => /./.test(await page.$eval('#status', (e) => e.textContent)));
  await sleep(200);
  await page.click('#btn-hint');
  await page.waitForFunction(() => window.__inkdoku.view.solved);
  const u = await ui();
  assert.equal(u.victory, 'wave');
  assert.deepEqual(u.victoryFrom, { row: last.row, col: last.col }, 'from the cell the hint filled, not the one typed before');
  await waitFor('the wave ends', async () => (await ui()).victory === null, 5000);
});

test('KenKen shares the aids: colours by swatch and eraser mode, the highlighted digit, the victory wave', { timeout: 90000 }, async () => {
  await newGame(9);
  await page.click('#btn-new');
  await page.waitForFunction(() => document.getElementById('dlg-new').open);
  await page.click('#game-kenken');
  await page.select('#kk-size', '4');
  await page.click('#new-start');
  await page.waitForFunction(() => window.__inkdoku.view && window.__inkdoku.view.kind === 'kenken' && window.__inkdoku.view.size === 4);
  assert.equal(await page.$eval('#colour-row', (e) => e.hidden), false);
  await clickCell(1, 1);
  await page.click('#colours button[data-colour="3"]');
  await page.waitForFunction(() => window.__inkdoku.view.cells[5].colour === 3, { timeout: 5000 });
  await page.keyboard.press('2');
  await page.waitForFunction(() => window.__inkdoku.view.cells[5].value === 2, { timeout: 5000 });
  assert.equal((await ui()).digit, 2, 'the digit typed is highlighted');
  await page.keyboard.press('x');
  const r = await rect();
  const c = cellCentre(r, 4, 1, 1);
  await page.mouse.move(c.x - 20, c.y);
  await page.mouse.down();
  await page.mouse.move(c.x + 20, c.y, { steps: 4 });
  await page.mouse.up();
  await page.waitForFunction(() => window.__inkdoku.view.cells[5].value === 0 && window.__inkdoku.view.cells[5].colour === 0, { timeout: 5000 });
  await page.keyboard.press('x');
  // A win by the player: the board's wave.
  const solved = await ipc('act', { action: { type: 'solve' } });
  await ipc('undo');
  for (let i = 0; i < 16; i++) await typeInto(Math.floor(i / 4), i % 4, solved.cells[i].value);
  await page.waitForFunction(() => window.__inkdoku.view.solved);
  assert.equal((await ui()).victory, 'wave');
});

async function panelFits(width, height) {
  await newGame(9, { width, height });
  // The longest hint text a player sees: the panel must not scroll, and Files… stays on screen.
  await page.evaluate(() => {
    const s = document.getElementById('status');
    s.textContent = 'Hidden single: in box 5 the number 7 fits only in r5c4, because every other empty cell of the box sees a 7 in its row or column. Write 7 in r5c4. Press Hint again to have it written for you.';
  });
  return page.evaluate(() => {
    const panel = document.getElementById('panel');
    const files = document.getElementById('btn-share').getBoundingClientRect();
    const p = panel.getBoundingClientRect();
    const ids = ['mode-pen', 'mode-pencil', 'mode-eraser', 'btn-clear', 'btn-auto', 'btn-hint', 'btn-solve', 'btn-new', 'btn-settings', 'btn-share'];
    const boxes = ids.map((id) => { const b = document.getElementById(id).getBoundingClientRect(); return { id, top: b.top, bottom: b.bottom, left: b.left, right: b.right, h: b.height }; });
    const swatches = [...document.querySelectorAll('#colours button')].map((b) => b.getBoundingClientRect().height);
    return { scrolls: panel.scrollHeight > panel.clientHeight + 1, filesBottom: files.bottom, panelBottom: p.bottom, panelRight: p.right, boxes, swatches, height: window.innerHeight };
  });
}

test('the panel with its new buttons fits at 800x480 even with a long hint, and in portrait', { timeout: 60000 }, async () => {
  for (const [w, h] of [[800, 480], [800, 1280], [480, 800]]) {
    const l = await panelFits(w, h);
    assert.equal(l.scrolls, false, `${w}x${h}: the panel does not scroll ${JSON.stringify(l)}`);
    assert.ok(l.filesBottom <= l.height + 0.5, `${w}x${h}: Files… is on screen (${l.filesBottom} > ${l.height})`);
    for (const b of l.boxes) {
      assert.ok(b.h >= 30, `${w}x${h}: ${b.id} is big enough to hit (${b.h})`);
      assert.ok(b.bottom <= l.panelBottom + 0.5 && b.right <= l.panelRight + 0.5, `${w}x${h}: ${b.id} inside the panel`);
    }
    assert.equal(l.swatches.length, 4);
    for (const h of l.swatches) assert.ok(h >= 30, `${w}x${h}: a colour swatch is big enough to hit (${h})`);
    if (w === 800 && h === 480) await page.screenshot({ path: shot('sudoku-800x480-aids.png') });
    if (w === 800 && h === 1280) await page.screenshot({ path: artifactPath('play-aids-portrait.png') }).catch(() => {});
  }
  await page.setViewport({ width: 1200, height: 760 });
});

/** How many pixels of a cell (inset a little, off the grid lines) are close to `rgb`. */
function cellPixelsNear(row, col, n, [r0, g0, b0], tol = 40, inset = 0.15) {
  return page.evaluate(({ row, col, n, r0, g0, b0, tol, inset }) => {
    const c = document.getElementById('board');
    const side = c.width / n;
    const x = Math.floor(col * side + side * inset), y = Math.floor(row * side + side * inset), w = Math.floor(side * (1 - 2 * inset));
    const d = c.getContext('2d').getImageData(x, y, w, w).data;
    let k = 0;
    for (let i = 0; i < d.length; i += 4) if (Math.abs(d[i] - r0) + Math.abs(d[i + 1] - g0) + Math.abs(d[i + 2] - b0) < tol) k++;
    return k;
  }, { row, col, n, r0, g0, b0, tol, inset });
}

const hex = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));

test('"Show incorrect numbers" paints a wrong number red, and only while it is on (#26: it had no test)', { timeout: 60000 }, async () => {
  const s = await ipc('get_settings');
  for (const on of [true, false]) {
    await ipc('update_settings', { settings: { ...s, show_incorrect: on } });
    const view = await newGame(9); // the page reads the setting as it loads
    // The answer, from the computer's Solve taken back at once (the page is not told).
    const solved = await ipc('act', { action: { type: 'solve' } });
    await ipc('undo');
    // A blank cell and a wrong number for it that clashes with nothing on the board (a clash
    // is red whatever the setting).
    const clashFree = (c) => {
      const seen = new Set(view.cells.filter((x, i) => {
        const r = Math.floor(i / 9), k = i % 9;
        return x.value && (r === c.row || k === c.col || (Math.floor(r / 3) === Math.floor(c.row / 3) && Math.floor(k / 3) === Math.floor(c.col / 3)));
      }).map((x) => x.value));
      return [1, 2, 3, 4, 5, 6, 7, 8, 9].find((d) => d !== solved.cells[c.row * 9 + c.col].value && !seen.has(d));
    };
    const c = blanks(view).find((b) => clashFree(b));
    assert.ok(c, 'a cell that can take a wrong number without a clash');
    await typeInto(c.row, c.col, clashFree(c));
    await sleep(200);
    const red = await cellPixelsNear(c.row, c.col, 9, hex('#b71c1c'));
    const ink = await cellPixelsNear(c.row, c.col, 9, hex('#1a237e'));
    if (on) assert.ok(red > 20 && ink < red / 4, `on: the wrong number is red (red ${red} px, ink ${ink} px)`);
    else assert.ok(ink > 20 && red < ink / 4, `off: the wrong number is ink-coloured (red ${red} px, ink ${ink} px)`);
  }
  await ipc('update_settings', { settings: s });
});

test('the pen on a given changes nothing and says so (#26: it had no test)', { timeout: 60000 }, async () => {
  const view = await newGame(9);
  const i = view.cells.findIndex((c) => c.given);
  const row = Math.floor(i / 9), col = i % 9;
  const r = await rect();
  const p = cellCentre(r, 9, row, col);
  const side = r.size / 9;
  // A "1": a downstroke in the given's cell, then the pen away to end the group.
  await pen.stroke(Array.from({ length: 8 }, (_, k) => ({ x: p.x, y: p.y - side * 0.3 + (side * 0.6 * k) / 7 })));
  await pen.hover(cellCentre(r, 9, (row + 4) % 9, (col + 4) % 9));
  await sleep(1200);
  const after = (await ui()).view;
  assert.deepEqual(after.cells, view.cells, 'nothing changed');
  assert.equal(after.can_undo, false, 'and no undo step');
  assert.match(await page.$eval('#status', (e) => e.textContent), /part of the puzzle/, 'the status line says why');
});

test('pencil notes are dark in pencil mode and grey in pen mode (#26: it had no test)', { timeout: 60000 }, async () => {
  const view = await newGame(9);
  const cell = blanks(view)[0];
  await page.click('#mode-pencil');
  const r = await rect();
  const p = cellCentre(r, 9, cell.row, cell.col);
  const side = r.size / 9;
  await pen.stroke(Array.from({ length: 10 }, (_, k) => ({ x: p.x - side * 0.35 + (side * 0.7 * k) / 9, y: p.y })));
  await waitFor('the note', async () => (await ui()).view.notes.length === 1);
  await sleep(200);
  const active = await cellPixelsNear(cell.row, cell.col, 9, hex('#37474f'), 30);
  await page.click('#mode-pen');
  await sleep(300);
  const idle = await cellPixelsNear(cell.row, cell.col, 9, hex('#7b8a93'), 30);
  const activeNow = await cellPixelsNear(cell.row, cell.col, 9, hex('#37474f'), 30);
  assert.ok(active > 10, `dark in pencil mode (${active} px)`);
  assert.ok(idle > 10 && activeNow < idle / 3, `grey in pen mode (grey ${idle} px, dark ${activeNow} px)`);
});

test('"Show the suggested cell": after every move the cell the next step fills is outlined, no Hint pressed (#26)', { timeout: 60000 }, async () => {
  const s = await ipc('get_settings');
  const hintsSoFar = async () => (await ipc('get_stats')).summaries.reduce((k, g) => k + g.hints, 0);
  await newGame(9);
  const hintsBefore = await hintsSoFar();
  assert.equal((await ui()).suggested, null, 'off by default');
  // Switched on in Settings, as a player does: the outline appears at once.
  await page.click('#btn-settings');
  await page.waitForSelector('#dlg-settings[open]');
  await page.click('#set-suggest');
  await page.click('#settings-save');
  const first = await waitFor('the suggested cell', async () => (await ui()).suggested);
  const expected = await ipc('suggested_cell');
  assert.deepEqual([first.row, first.col], expected.cell);
  const view = (await ui()).view;
  assert.equal(view.cells[first.row * 9 + first.col].value, 0, 'an empty cell');
  await page.screenshot({ path: artifactPath('suggested-cell.png') });
  // Looked at in both languages, large and small (the frame is drawn from the board's size).
  for (const lang of ['zh-CN', 'en']) {
    await chooseLanguage(page, lang);
    for (const [width, height] of [[1920, 1080], [800, 480]]) {
      await resizePage(page, { width, height });
      assert.deepEqual(await ui().then((u) => u.suggested), first, 'the suggestion stays through a resize');
      await page.screenshot({ path: artifactPath(`suggested-cell-${lang}-${width}x${height}.png`) });
    }
  }
  await resizePage(page, { width: 1200, height: 760 });
  // The outline is drawn: accent-coloured pixels along the cell's inner edge.
  const edge = await cellPixelsNear(first.row, first.col, 9, hex('#3d5afe'), 40, 0.02);
  assert.ok(edge > 20, `the frame is drawn (${edge} px)`);
  // Filled (by the hint's move, so it is right): the suggestion moves on.
  const h = await ipc('hint');
  await typeInto(first.row, first.col, h.apply.value);
  await waitFor('the next suggestion', async () => { const u = (await ui()).suggested; return u && (u.row !== first.row || u.col !== first.col); });
  assert.equal(await hintsSoFar(), hintsBefore + 1, 'only the Hint asked above counted, not the suggestions');
  await ipc('update_settings', { settings: { ...s, suggest_cell: false } });
});
