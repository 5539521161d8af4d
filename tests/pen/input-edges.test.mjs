// Input at the edges of the board (#40 items 7, 8, 13), in real headless Chromium against the
// real backend: a palm resting on the panel while the pen is in use presses nothing; keys typed
// into a form field, a select or a button stay there, and a non-modal question ("Which hand?")
// leaves the board's keys working; a stroke whose pointer-up never comes (the board lost the
// pointer, the window lost the focus) ends, so the board does not freeze.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPenPage, closePenPage, reloadToNewGame } from '../support/devserver.mjs';
import { sleep, waitFor } from '../support/proc.mjs';
import { pageState, boardRect, cellCentre, ipc as ipcOf } from '../support/pen.mjs';

let session, page, pen;

before(async () => ({ page, pen } = session = await openPenPage()), { timeout: 60000 });
after(() => closePenPage(session));

const ui = () => pageState(page);
const ipc = (cmd, args = {}) => ipcOf(page, cmd, args);
const blanks = (view) => view.cells.map((c, i) => ({ c, i })).filter(({ c }) => !c.given).map(({ i }) => ({ row: Math.floor(i / view.size), col: i % view.size }));
const centreOf = (sel) => page.$eval(sel, (e) => { const r = e.getBoundingClientRect(); return { x: r.left + r.width / 2, y: r.top + r.height / 2 }; });

/** A 9x9 Sudoku, shown after a reload (level as remembered). */
async function sudoku() {
  await ipc('update_settings', { settings: { ...(await ipc('get_settings')), last_game: 'sudoku' } });
  await reloadToNewGame(page);
}

/** A palm on the screen: trusted touch events through CDP, a palm-sized contact. */
async function palm() {
  const cdp = await page.createCDPSession();
  const at = (q) => [{ x: q.x, y: q.y, radiusX: 30, radiusY: 30, force: 0.6 }];
  return {
    tap: async (q) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(q) });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    },
  };
}

// ---------- 7. palm rejection beyond the board ----------

test('a palm on the number pad or Hint while the pen is in use presses nothing; a finger later does', { timeout: 60000 }, async () => {
  await sudoku();
  const r = await boardRect(page);
  const cell = blanks((await ui()).view)[0];
  const c = cellCentre(r, 9, cell.row, cell.col);
  await page.mouse.click(c.x, c.y);
  await page.waitForFunction((want) => JSON.stringify(window.__inkdoku.selected) === want, {}, JSON.stringify(cell));
  const hand = await palm();
  const five = await centreOf('#numbers button[data-value="5"]');
  const hintAt = await centreOf('#btn-hint');

  const before = await ui();
  const unchanged = async (what, palms) => {
    const s = await ui();
    assert.equal(s.view.cells[cell.row * 9 + cell.col].value, 0, `${what}: no digit entered by the palm`);
    assert.equal(s.digit, before.digit, `${what}: no number chosen by the palm`);
    assert.equal(s.hint, null, `${what}: no hint asked (it would count in the statistics)`);
    assert.equal(s.view.can_undo, false, `${what}: no move made`);
    assert.equal(s.palmsIgnored, before.palmsIgnored + palms, `${what}: the touches reached the page and were taken for the palm`);
  };

  // The pen writes (on a given, so that its own write changes nothing) while the palm lands
  // on the pad and on Hint.
  const given = before.view.cells.findIndex((x) => x.given);
  const g = cellCentre(r, 9, Math.floor(given / 9), given % 9);
  await pen.hover(g);
  await pen.send('mousePressed', { x: g.x, y: g.y - 12 }, 1, 0.5);
  await pen.send('mouseMoved', { x: g.x, y: g.y - 4 }, 1, 0.5);
  await hand.tap(five);
  await hand.tap(hintAt);
  await pen.send('mouseMoved', { x: g.x, y: g.y + 12 }, 1, 0.5);
  await pen.send('mouseReleased', { x: g.x, y: g.y + 12 }, 0, 0);
  await pen.hover(cellCentre(r, 9, (Math.floor(given / 9) + 4) % 9, (given + 4) % 9));
  await waitFor('the pen\'s write answered', async () => (await ui()).writes > before.writes);
  await sleep(500);
  await unchanged('while the pen writes', 2);

  // The pen in the air over the panel (in range) is in use too.
  await pen.hover({ x: five.x - 40, y: five.y - 60 });
  await hand.tap(five);
  await sleep(500);
  await unchanged('while the pen hovers', 3);

  // Without a pen about (its grace is 3 s), the same touch is a finger and presses the pad.
  await sleep(3200);
  await hand.tap(five);
  await waitFor('the finger\'s digit', async () => (await ui()).view.cells[cell.row * 9 + cell.col].value === 5);
});

// ---------- 8. keys aimed at a form control stay there ----------

/** KenKen's "Enter a puzzle" (4x4) with one cage drawn by the mouse over two cells. */
async function cageTable() {
  await page.evaluate(() => localStorage.removeItem('inkdoku.kenken-entry'));
  await page.click('#btn-new');
  await page.waitForFunction(() => document.getElementById('dlg-new').open);
  await page.click('#game-kenken');
  await page.select('#kk-size', '4');
  await page.click('#kk-enter');
  await page.waitForFunction(() => { const e = window.__inkdoku.entry; return e && e.size === 4 && e.cages.length === 0; }, { timeout: 10000 });
  const r = await boardRect(page);
  const a = cellCentre(r, 4, 0, 0), b = cellCentre(r, 4, 0, 1);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  for (let k = 1; k <= 4; k++) await page.mouse.move(a.x + ((b.x - a.x) * k) / 4, a.y);
  await page.mouse.up();
  await page.waitForFunction(() => window.__inkdoku.entry.cages.length === 1 && window.__inkdoku.entry.selected === 0, { timeout: 10000 });
  await page.click('#ke-table-box summary');
}

test('in the cage table, digits, Backspace and Enter go to the target field and arrows to the operation', { timeout: 60000 }, async () => {
  await cageTable();
  const entry = async () => (await ui()).entry;
  const field = '#ke-table tbody tr:first-child input';
  const cursor = (await entry()).cursor;
  await page.click(field);
  await page.keyboard.type('12');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('2');
  await sleep(300);
  let e = await entry();
  assert.equal(await page.$eval(field, (i) => i.value), '12', 'the field shows what was typed');
  assert.equal(e.cages[0].target, null, 'the cage changes when the field does, not key by key');
  // Enter is the field's change: the cage takes its target, and no one-cell cage is added.
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.__inkdoku.entry.cages[0].target === 12, { timeout: 5000 });
  await sleep(300);
  assert.equal((await entry()).cages.length, 1, 'Enter added no one-cell cage');

  const op = '#ke-table tbody tr:first-child select';
  await page.focus(op);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  e = await entry();
  assert.deepEqual(e.cursor, cursor, 'the board\'s cursor did not move');
  assert.equal(await page.$eval(op, (s) => s.value), '-', 'the arrows chose the operation');
  await page.waitForFunction(() => window.__inkdoku.entry.cages[0].op === '-', { timeout: 5000 });

  // Keys aimed at nothing in particular are still the board's: an arrow moves its cursor.
  await page.$eval(op, (s) => s.blur());
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction((row) => window.__inkdoku.entry.cursor.row === row + 1, { timeout: 5000 }, cursor.row);
  // Back to the game put aside.
  await page.click('#ke-back');
  await page.waitForFunction(() => window.__inkdoku.view && !window.__inkdoku.entry, { timeout: 10000 });
});

test('arrows in the step-by-step speed select change the speed, not the board\'s selection; undo stays the app\'s', { timeout: 60000 }, async () => {
  const v = await ipc('new_game', { kind: 'sudoku', replace: true, params: { size: 9, difficulty: 'hard' } });
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForFunction((id) => window.__inkdoku && window.__inkdoku.view && window.__inkdoku.view.game_id === id && window.__inkdoku.ready, { timeout: 15000 }, v.game_id);
  await page.click('#btn-solve');
  await page.waitForSelector('#dlg-confirm[open] #confirm-alt:not([hidden])');
  await page.click('#confirm-alt');
  await page.waitForFunction(() => window.__inkdoku.steps !== 'off' && window.__inkdoku.step, { timeout: 10000 });
  await page.click('#steps-play');
  await page.waitForFunction(() => window.__inkdoku.steps === 'paused');
  const before = await ui();
  await page.focus('#steps-speed');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight'); // (a closed select takes left and right too; fast is the last)
  await sleep(300);
  const after = await ui();
  assert.equal(await page.$eval('#steps-speed', (s) => s.value), 'fast');
  assert.deepEqual([after.selected, after.cursor], [before.selected, before.cursor], 'the selection did not move');
  // Ctrl+Z in a select is still the game's undo (a select has none of its own).
  assert.equal(before.view.can_undo, true);
  await page.keyboard.down('Control');
  await page.keyboard.press('z');
  await page.keyboard.up('Control');
  await page.waitForFunction((rev) => window.__inkdoku.view.rev !== rev && window.__inkdoku.view.can_undo === false, { timeout: 5000 }, before.view.rev);
  await page.click('#steps-stop').catch(() => {});
});

test('while the non-modal "Which hand?" question is open the board\'s keys work', { timeout: 60000 }, async () => {
  await sudoku();
  await ipc('update_settings', { settings: { ...(await ipc('get_settings')), handedness: 'auto', hand_asked: false } });
  await reloadToNewGame(page);
  try {
    const r = await boardRect(page);
    const c = cellCentre(r, 9, 0, 0);
    await pen.stroke([{ x: c.x, y: c.y - 8 }, { x: c.x, y: c.y }, { x: c.x, y: c.y + 8 }]);
    await page.waitForSelector('#dlg-hand[open]', { timeout: 5000 });
    const view = (await ui()).view;
    const cell = blanks(view).find((b) => b.row > 0);
    // The cursor starts in the centre; the arrows walk it to a blank cell, and a digit fills it.
    for (let k = 0; k < 9 && JSON.stringify((await ui()).selected) !== JSON.stringify(cell); k++) {
      const s = (await ui()).selected || { row: 4, col: 4 };
      await page.keyboard.press(s.row < cell.row ? 'ArrowDown' : s.row > cell.row ? 'ArrowUp' : s.col < cell.col ? 'ArrowRight' : 'ArrowLeft');
      await sleep(50);
    }
    await waitFor('the arrows moved the selection', async () => JSON.stringify((await ui()).selected) === JSON.stringify(cell), { timeout: 5000 });
    await page.keyboard.press('3');
    await waitFor('the digit typed', async () => (await ui()).view.cells[cell.row * 9 + cell.col].value === 3, { timeout: 5000 });
    // Its own buttons keep Enter: it presses the focused one, the board adds nothing.
    await page.focus('#hand-done');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !document.getElementById('dlg-hand').open, { timeout: 5000 });
  } finally {
    await ipc('update_settings', { settings: { ...(await ipc('get_settings')), hand_asked: true } });
  }
});

// ---------- 13. a lost pointer-up does not freeze the board ----------

/** The pen goes down on cell (1, 1) and draws a little; its pointer id. */
async function penDownOnBoard() {
  await page.evaluate(() => {
    window.__penId = null;
    document.getElementById('ink').addEventListener('pointerdown', (e) => { if (e.pointerType === 'pen') window.__penId = e.pointerId; }, { capture: true, once: true });
  });
  const r = await boardRect(page);
  const a = cellCentre(r, 9, 1, 1);
  await pen.hover(a);
  await pen.send('mousePressed', a, 1, 0.5);
  for (let k = 1; k <= 3; k++) await pen.send('mouseMoved', { x: a.x + 4 * k, y: a.y + 6 * k }, 1, 0.5);
  await waitFor('the stroke\'s ink', async () => (await ui()).liveInk === 1);
  return page.evaluate(() => window.__penId);
}

/** After the lost up: the stroke was dropped, and the mouse now selects a cell. */
async function boardTakesTheMouse(writesBefore) {
  const view = (await ui()).view;
  const cell = blanks(view).find((b) => b.row >= 5 && b.col >= 5);
  const r = await boardRect(page);
  const c = cellCentre(r, 9, cell.row, cell.col);
  await page.mouse.click(c.x, c.y);
  await waitFor('the mouse\'s tap to select its cell (the board is not frozen)', async () => JSON.stringify((await ui()).selected) === JSON.stringify(cell), { timeout: 5000 });
  await sleep(700); // the writer's pause: a stroke left open would be committed now
  const s = await ui();
  assert.equal(s.liveInk, 0, 'the dropped stroke\'s ink is gone');
  assert.equal(s.writes, writesBefore, 'nothing written from half a stroke');
}

test('the board loses the pen mid-stroke (lostpointercapture) and its up lands elsewhere: the stroke ends', { timeout: 60000 }, async () => {
  await sudoku();
  const writes = (await ui()).writes;
  const id = await penDownOnBoard();
  assert.equal(typeof id, 'number');
  await page.evaluate((id) => document.getElementById('ink').releasePointerCapture(id), id);
  // The pen goes on to the panel and lifts there: the board never sees its up.
  const off = await centreOf('#status');
  await pen.send('mouseMoved', off, 1, 0.5);
  await pen.send('mouseReleased', off, 0, 0);
  await boardTakesTheMouse(writes);
});

test('the window loses the focus mid-stroke (blur): the stroke ends', { timeout: 60000 }, async () => {
  await sudoku();
  const writes = (await ui()).writes;
  await penDownOnBoard();
  // Another window takes the focus (and the pen's up with it).
  const other = await session.browser.newPage();
  await other.bringToFront();
  await page.waitForFunction(() => !document.hasFocus(), { timeout: 5000 });
  await other.close();
  await page.bringToFront();
  await boardTakesTheMouse(writes);
  await pen.send('mouseReleased', cellCentre(await boardRect(page), 9, 1, 1), 0, 0);
});
