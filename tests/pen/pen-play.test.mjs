// Pen play in real headless Chromium against the real Rust backend (dev bridge): real recorded
// handwriting from held-out writers lands as the right digit in the right cell; the eraser end,
// scratch-out, pencil notes, palm rejection (also of a palm that lands before the pen) and slow
// multi-stroke digits behave as on paper.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPenPage, closePenPage, resizePage, reloadToNewGame } from '../support/devserver.mjs';
import { artifactPath, waitFor, sleep } from '../support/proc.mjs';
import { loadSamples, spread, placeInCell, erase, pageState, boardRect, cellCentre } from '../support/pen.mjs';

let session, page, pen;

before(async () => ({ page, pen } = session = await openPenPage()), { timeout: 60000 });
after(() => closePenPage(session));

const ui = () => pageState(page);
const rect = () => boardRect(page);

/** A fresh page with a new game: the page starts a game of the default size when it loads. */
async function newGame(size = 9) {
  await page.evaluate(async (size) => {
    const s = await (await fetch('/ipc/get_settings', { method: 'POST', body: '{}' })).json();
    await fetch('/ipc/update_settings', { method: 'POST', body: JSON.stringify({ settings: { ...s, params: { ...s.params, sudoku: { size } } } }) });
  }, size);
  await reloadToNewGame(page);
  await page.waitForFunction((size) => window.__inkdoku.view && window.__inkdoku.view.size === size, {}, size);
}

/** Writes recorded strokes into a cell and waits for the backend's answer. */
async function writeSample(strokes, row, col, { commitBy = 'hover', gap = 120, dt = 0 } = {}) {
  const r = await rect();
  const n = (await ui()).view.size;
  const writes = (await ui()).writes;
  await pen.write(placeInCell(strokes, r, n, row, col), { gap, dt });
  if (commitBy === 'hover') {
    // Hovering over another cell ends the group at once.
    await pen.hover(cellCentre(r, n, (row + Math.floor(n / 2)) % n, (col + Math.floor(n / 2)) % n));
  }
  await page.waitForFunction((w) => window.__inkdoku.writes > w, { timeout: 10000 }, writes);
  return (await ui()).lastWrite;
}

function blanks(view) {
  return view.cells.map((c, i) => ({ c, i })).filter(({ c }) => !c.given).map(({ i }) => ({ row: Math.floor(i / view.size), col: i % view.size }));
}

test('300 real handwritten digits from held-out writers land in the right cells', { timeout: 600000 }, async () => {
  await newGame(9);
  const samples = spread(loadSamples('123456789'), 300);
  const cells = blanks((await ui()).view);
  let right = 0;
  const wrong = [];
  for (const [k, s] of samples.entries()) {
    const cell = cells[k % cells.length];
    // Most groups end by hovering away; every tenth by the writer's pause.
    const res = await writeSample(s.strokes, cell.row, cell.col, { commitBy: k % 10 === 0 ? 'pause' : 'hover' });
    const ok = res.outcome.kind === 'symbol' && res.outcome.symbol === s.label && res.cell.row === cell.row && res.cell.col === cell.col;
    if (ok) right++;
    else wrong.push({ index: s.index, writer: s.writer, label: s.label, got: res.outcome.symbol || res.outcome.kind });
    if (res.outcome.kind === 'symbol') {
      // Keep the board empty for the next sample.
      const undos = (await ui()).view.can_undo;
      if (undos) await page.keyboard.down('Control'), await page.keyboard.press('z'), await page.keyboard.up('Control');
      await page.waitForFunction((r, c) => window.__inkdoku.view.cells[r * 9 + c].value === 0, { timeout: 5000 }, cell.row, cell.col);
    }
  }
  const rate = right / samples.length;
  console.log(`pen replay: ${right}/${samples.length} = ${(rate * 100).toFixed(1)}% right; misses: ${JSON.stringify(wrong)}`);
  assert.ok(rate >= 0.98, `only ${(rate * 100).toFixed(1)}% right: ${JSON.stringify(wrong)}`);
});

test('a multi-stroke 4 written slowly is one digit', { timeout: 60000 }, async () => {
  await newGame(9);
  const four = loadSamples('4').find((s) => s.strokes.length === 2);
  const cell = blanks((await ui()).view)[0];
  const before = (await ui()).writes;
  // 400 ms between the strokes (less than the 500 ms pause), 8 ms between samples.
  const res = await writeSample(four.strokes, cell.row, cell.col, { commitBy: 'pause', gap: 400, dt: 8 });
  await sleep(700);
  const s = await ui();
  assert.equal(s.writes, before + 1, 'one recognition, not two');
  assert.equal(res.outcome.kind, 'symbol');
  assert.equal(res.outcome.symbol, '4');
  assert.equal(s.view.cells[cell.row * 9 + cell.col].value, 4);
});

async function typeInto(row, col, digit) {
  const r = await rect();
  // A pen tap selects the cell; the keyboard fills it.
  const p = cellCentre(r, 9, row, col);
  await pen.stroke([p, { x: p.x + 1, y: p.y }]);
  await page.waitForFunction((row, col) => { const s = window.__inkdoku.selected; return s && s.row === row && s.col === col; }, { timeout: 5000 }, row, col);
  await page.keyboard.press(String(digit));
  await page.waitForFunction((i, d) => window.__inkdoku.view.cells[i].value === d, { timeout: 5000 }, row * 9 + col, digit);
}

test('the eraser end clears every player-filled cell it passes over, in one undo step', { timeout: 60000 }, async () => {
  await newGame(9);
  const view = (await ui()).view;
  // A row with at least three blanks.
  const row = [...Array(9).keys()].find((r) => view.cells.slice(r * 9, r * 9 + 9).filter((c) => !c.given).length >= 3);
  const cols = [...Array(9).keys()].filter((c) => !view.cells[row * 9 + c].given).slice(0, 3);
  for (const c of cols) await typeInto(row, c, 5);
  const r = await rect();
  const from = cellCentre(r, 9, row, 0), to = cellCentre(r, 9, row, 8);
  const path = Array.from({ length: 12 }, (_, k) => ({ x: from.x + ((to.x - from.x) * k) / 11, y: from.y }));
  await erase(page, path);
  await page.waitForFunction((row, cols) => cols.every((c) => window.__inkdoku.view.cells[row * 9 + c].value === 0), { timeout: 5000 }, row, cols);
  // #26, as in the Tablet PC original: the selection follows the eraser to the cell it rubbed
  // last, and the pointer looks like an eraser while the pen is turned over.
  assert.deepEqual((await ui()).selected, { row, col: 8 });
  assert.equal(await page.$eval('#ink', (e) => e.dataset.cursor), 'eraser');
  assert.match(await page.$eval('#ink', (e) => getComputedStyle(e).cursor), /eraser-cursor\.svg/);
  await pen.hover(cellCentre(r, 9, row, 4));
  assert.equal(await page.$eval('#ink', (e) => getComputedStyle(e).cursor), 'crosshair', 'the nib again: the crosshair');
  const after = (await ui()).view;
  for (let c = 0; c < 9; c++) if (view.cells[row * 9 + c].given) assert.equal(after.cells[row * 9 + c].value, view.cells[row * 9 + c].value, 'givens stay');
  await page.keyboard.down('Control'); await page.keyboard.press('z'); await page.keyboard.up('Control');
  await page.waitForFunction((row, cols) => cols.every((c) => window.__inkdoku.view.cells[row * 9 + c].value === 5), { timeout: 5000 }, row, cols);
});

test('a scratch-out over a cell clears it', { timeout: 60000 }, async () => {
  await newGame(9);
  const cell = blanks((await ui()).view)[2];
  await typeInto(cell.row, cell.col, 8);
  const r = await rect();
  const c = cellCentre(r, 9, cell.row, cell.col);
  const w = r.size / 9;
  const zig = Array.from({ length: 7 }, (_, k) => ({ x: c.x + (k % 2 ? 0.35 : -0.35) * w, y: c.y - 0.25 * w + (k * 0.5 * w) / 6 }));
  const writes = (await ui()).writes;
  await pen.stroke(zig, { dt: 4 });
  await page.waitForFunction((w) => window.__inkdoku.writes > w, { timeout: 10000 }, writes);
  const s = await ui();
  assert.equal(s.lastWrite.outcome.kind, 'scratch_out');
  assert.equal(s.view.cells[cell.row * 9 + cell.col].value, 0);
});

test('pencil notes stay glued to the board through a resize', { timeout: 60000 }, async () => {
  await newGame(9);
  await page.click('#mode-pencil');
  const r = await rect();
  const pts = Array.from({ length: 10 }, (_, k) => ({ x: r.x + r.size * (0.1 + 0.03 * k), y: r.y + r.size * (0.12 + 0.01 * k) }));
  await pen.stroke(pts, { dt: 2 });
  const notes = await waitFor('the note', async () => { const v = (await ui()).view; return v.notes.length === 1 ? v.notes : null; });
  await page.setViewport({ width: 900, height: 620 });
  await page.waitForFunction((w) => Math.abs(document.getElementById('ink').getBoundingClientRect().width - w) > 10, { timeout: 5000 }, r.size);
  const after = await ui();
  assert.deepEqual(after.view.notes, notes, 'the note is kept in board coordinates');
  // Drawn where it belongs on the smaller board: dark pixels around the note's middle.
  const dark = await page.evaluate(([x, y]) => {
    const c = document.getElementById('board');
    const d = c.getContext('2d').getImageData(Math.round(x * c.width) - 3, Math.round(y * c.height) - 3, 7, 7).data;
    let k = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] < 120) k++;
    return k;
  }, notes[0].points[5]);
  assert.ok(dark > 0, 'the note is drawn at its board position after the resize');
  await page.screenshot({ path: artifactPath('pen-notes-resized.png') });
  await resizePage(page, { width: 1200, height: 760 });
  await page.click('#mode-pen');
});

test('in pencil mode the eraser end removes the note strokes it touches, and only those', { timeout: 60000 }, async () => {
  await newGame(9);
  await page.click('#mode-pencil');
  const r = await rect();
  const at = (x, y) => ({ x: r.x + r.size * x, y: r.y + r.size * y });
  await pen.stroke([at(0.1, 0.1), at(0.2, 0.1), at(0.3, 0.12)], { dt: 2 });
  await pen.stroke([at(0.6, 0.7), at(0.7, 0.75), at(0.8, 0.8)], { dt: 2 });
  const notes = await waitFor('two notes', async () => { const v = (await ui()).view; return v.notes.length === 2 ? v.notes : null; });
  // A vertical rub across the first note only.
  await erase(page, [at(0.2, 0.02), at(0.2, 0.08), at(0.2, 0.14), at(0.2, 0.2)]);
  const left = await waitFor('one note left', async () => { const v = (await ui()).view; return v.notes.length === 1 ? v.notes : null; });
  assert.deepEqual(left[0], notes[1], 'the untouched note stays');
  await page.keyboard.down('Control'); await page.keyboard.press('z'); await page.keyboard.up('Control');
  await waitFor('undo brings it back', async () => (await ui()).view.notes.length === 2);
  await page.click('#mode-pen');
});

test('in pencil mode the eraser end rubs out the typed candidates of the cells it crosses too, in one undo step (#26)', { timeout: 60000 }, async () => {
  await newGame(9);
  await page.click('#btn-auto');
  const v = await waitFor('auto notes', async () => { const u = (await ui()).view; return u.cells.some((c) => c.candidates) ? u : null; });
  const r = await rect();
  // A blank cell with candidates, and a note drawn in another one.
  const target = blanks(v).find((c) => v.cells[c.row * 9 + c.col].candidates);
  await page.click('#mode-pencil');
  const c = cellCentre(r, 9, target.row, target.col);
  const side = r.size / 9;
  await erase(page, [{ x: c.x - side * 0.3, y: c.y }, { x: c.x, y: c.y + 2 }, { x: c.x + side * 0.3, y: c.y }]);
  const after = await waitFor('the candidates rubbed out', async () => { const u = (await ui()).view; return u.cells[target.row * 9 + target.col].candidates === 0 ? u : null; });
  const others = after.cells.filter((x, i) => i !== target.row * 9 + target.col && x.candidates !== v.cells[i].candidates);
  assert.equal(others.length, 0, 'only the crossed cell lost its marks');
  await page.keyboard.down('Control'); await page.keyboard.press('z'); await page.keyboard.up('Control');
  await waitFor('one undo brings them back', async () => (await ui()).view.cells[target.row * 9 + target.col].candidates === v.cells[target.row * 9 + target.col].candidates);
  await page.click('#mode-pen');
});

/** A palm (or finger) on the screen: trusted touch events through CDP (pointerType "touch"). */
async function touch() {
  const cdp = await page.createCDPSession();
  const at = (q) => [{ x: q.x, y: q.y, radiusX: 20, radiusY: 20, force: 0.4 }];
  return {
    down: (q) => cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(q) }),
    move: (q) => cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(q) }),
    up: () => cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] }),
  };
}

test('palm touches while the pen is in use change nothing', { timeout: 60000 }, async () => {
  await newGame(9);
  const r = await rect();
  const cell = blanks((await ui()).view)[0];
  const p = cellCentre(r, 9, cell.row, cell.col);
  await pen.hover(p); // the pen is in use
  const before = await ui();
  const palm = await touch();
  const q = cellCentre(r, 9, (cell.row + 4) % 9, (cell.col + 4) % 9);
  await palm.down(q);
  for (let k = 1; k <= 6; k++) await palm.move({ x: q.x + 6 * k, y: q.y + 4 * k });
  await palm.up();
  await sleep(800);
  const after = await ui();
  assert.deepEqual(after.view.cells, before.view.cells);
  assert.deepEqual(after.view.notes, before.view.notes);
  assert.deepEqual(after.selected, before.selected);
  assert.equal(after.writes, before.writes);
  assert.equal(after.liveInk, 0, 'no ink under the palm');
});

// The palm lands BEFORE the pen (no pen seen yet, so it is taken for a finger and draws): the pen
// going down must cancel it (tldraw's interrupt), so only what the pen writes lands.
for (const mode of ['pen', 'pencil']) {
  test(`a palm that lands before the pen is cancelled when the pen goes down (${mode} mode)`, { timeout: 60000 }, async () => {
    await newGame(9);
    if (mode === 'pencil') await page.click('#mode-pencil');
    const r = await rect();
    const view = (await ui()).view;
    const cell = blanks(view)[0];
    // The palm rests on a blank cell well away from the pen's, and drags a little.
    const palmCell = blanks(view).find((b) => Math.abs(b.row - cell.row) >= 3 && Math.abs(b.col - cell.col) >= 3);
    const q = cellCentre(r, 9, palmCell.row, palmCell.col);
    const palm = await touch();
    await palm.down(q);
    for (let k = 1; k <= 4; k++) await palm.move({ x: q.x + 5 * k, y: q.y + 3 * k });
    await waitFor('the palm\'s ink (the touch reached the page as a pointer)', async () => (await ui()).liveInk === 1);
    const before = await ui();
    const seven = loadSamples('7')[3];
    if (mode === 'pen') {
      const res = await writeSample(seven.strokes, cell.row, cell.col);
      assert.equal(res.outcome.kind, 'symbol');
      assert.equal(res.outcome.symbol, '7');
      assert.deepEqual(res.cell, { row: cell.row, col: cell.col });
    } else {
      await pen.write(placeInCell(seven.strokes, r, 9, cell.row, cell.col));
      await waitFor('the pen\'s note', async () => (await ui()).view.notes.length > 0);
    }
    await palm.move({ x: q.x + 30, y: q.y + 20 });
    await palm.up();
    await sleep(800); // a pause: anything the palm left open would be committed now
    const after = await ui();
    assert.equal(after.writes, before.writes + (mode === 'pen' ? 1 : 0), 'one write: the pen\'s digit, nothing from the palm');
    const changed = after.view.cells.map((c, i) => (c.value !== view.cells[i].value || c.candidates !== view.cells[i].candidates ? i : -1)).filter((i) => i >= 0);
    if (mode === 'pen') {
      assert.deepEqual(changed, [cell.row * 9 + cell.col], 'only the digit\'s cell changed');
      assert.equal(after.view.notes.length, 0);
      assert.deepEqual(after.selected, { row: cell.row, col: cell.col }, 'the palm selected nothing');
    } else {
      assert.deepEqual(changed, []);
      assert.equal(after.view.notes.length, seven.strokes.length, 'only the pen\'s strokes became notes');
      const palmX = (palmCell.col + 0.5) / 9;
      assert.ok(after.view.notes.every((nt) => nt.points.every(([x]) => Math.abs(x - palmX) > 1 / 9)), 'no note where the palm was');
      assert.equal(after.selected, null, 'the palm selected nothing');
    }
    assert.equal(after.liveInk, 0, 'no leftover live ink');
    await page.screenshot({ path: artifactPath(`pen-palm-first-${mode}.png`) });
    if (mode === 'pencil') await page.click('#mode-pen');
  });
}
