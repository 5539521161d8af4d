// Corner and centre marks and many cells at once (#43 items 1 and 2) in headless Chromium
// against the real backend: Shift+digit writes a corner mark and Ctrl+digit a centre mark (by
// the key's place, as SudokuPad), Shift+arrows add cells to the selection and a number then
// goes on all of them as one undo step; the Pencil button, pressed again, says and cycles what
// the pad writes, as Space does; select mode takes taps and sweeps with the mouse; Delete goes a layer at a
// time; the marks survive a reload; small digits written with the pen in pencil mode (held-out
// handwriting, CDP pen events) become corner and centre marks when "Read my pencil marks" is on,
// an arrow stays ink, and undo brings the ink back. Screenshots at 1920x1080, 800x480 and in Chinese go to
// artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPenPage, closePenPage, resizePage, chooseLanguage } from '../support/devserver.mjs';
import { artifactPath, sleep } from '../support/proc.mjs';
import { pageState, boardRect, cellCentre, ipc as ipcOf, viewRev, viewChanged, newSudokuShown, loadSamples } from '../support/pen.mjs';

let session, page;

before(async () => {
  ({ page } = session = await openPenPage({ width: 1920, height: 1080 }));
}, { timeout: 60000 });

after(async () => {
  await closePenPage(session);
});

const ui = () => pageState(page);
const ipc = (cmd, args = {}) => ipcOf(page, cmd, args);
const rev = () => viewRev(page);
const changed = (r) => viewChanged(page, r);
const marks = async (i) => (await ui()).view.cells[i].marks || '';

/** Holds `mod` while pressing `code` and waits for the board to change. */
async function chord(mod, code) {
  const r = await rev();
  await page.keyboard.down(mod);
  await page.keyboard.press(code);
  await page.keyboard.up(mod);
  await changed(r);
}

async function press(key) {
  const r = await rev();
  await page.keyboard.press(key);
  await changed(r);
}

const newSudoku = () => newSudokuShown(page);

async function clickCell(i) {
  const rect = await boardRect(page);
  const p = cellCentre(rect, 9, Math.floor(i / 9), i % 9);
  await page.mouse.click(p.x, p.y);
  await sleep(50);
}

let v0, row; // the puzzle, and a row with three empty cells side by side: [a, a+1, a+2]

test('Shift+digit is a corner mark, Ctrl+digit a centre mark; Shift+arrows select many; one undo step', async () => {
  await ipc('update_settings', { settings: { ...(await ipc('get_settings')), pencil_marks: 'candidates', tidy_marks: false } });
  v0 = await newSudoku();
  const empty = (i) => !v0.cells[i].given;
  const a = [...Array(79).keys()].find((i) => i % 9 <= 6 && empty(i) && empty(i + 1) && empty(i + 2));
  assert.ok(a !== undefined, 'a row with three empty cells side by side');
  row = [a, a + 1, a + 2];
  await clickCell(a);
  await chord('Shift', 'Digit2');
  await chord('Shift', 'Digit7');
  await chord('Control', 'Digit5');
  assert.equal(await marks(a), '27/5', 'corner marks in the order typed, then the centre mark');
  // Shift+Right twice: three cells selected, drawn as such.
  await page.keyboard.down('Shift');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.up('Shift');
  assert.equal((await ui()).many.length, 3);
  // Ctrl+5 on three cells: a has it, the others not: added to them; again: gone from all.
  await chord('Control', 'Digit5');
  assert.deepEqual(await Promise.all(row.map(marks)), ['27/5', '/5', '/5']);
  await chord('Control', 'Digit5');
  assert.deepEqual(await Promise.all(row.map(marks)), ['27', '', '']);
  await chord('Control', 'KeyZ');
  assert.deepEqual(await Promise.all(row.map(marks)), ['27/5', '/5', '/5'], 'one undo step for the selection');
  // A number typed on the selection writes all three as one step; Delete takes them first,
  // and the marks under them show again.
  await press('Digit4');
  assert.deepEqual((await ui()).view.cells.filter((_, i) => row.includes(i)).map((c) => c.value), [4, 4, 4]);
  await press('Delete');
  assert.deepEqual((await ui()).view.cells.filter((_, i) => row.includes(i)).map((c) => c.value), [0, 0, 0]);
  assert.equal(await marks(a), '27/5');
  await page.screenshot({ path: artifactPath('marks-1920x1080.png') });
});

test('the Pencil button, pressed again, says and cycles what the pad writes; so does Space', async () => {
  const [a, b] = row;
  await clickCell(b);
  const label = () => page.evaluate(() => document.getElementById('mode-pencil').textContent);
  await page.click('#mode-pencil');
  await page.waitForFunction(() => window.__inkdoku.mode === 'pencil');
  assert.equal(await label(), '✏ Pencil', 'the slots, as before');
  await page.click('#mode-pencil');
  await page.waitForFunction(() => document.getElementById('mode-pencil').textContent === '✏ Corner');
  assert.equal((await ipc('get_settings')).pencil_marks, 'corner', 'kept as a setting');
  let r = await rev();
  await page.click('#numbers button[data-value="8"]');
  await changed(r);
  assert.equal(await marks(b), '8/5');
  // Space: corner → centre → candidate slots → the pen.
  await page.keyboard.press('Space');
  await page.waitForFunction(() => document.getElementById('mode-pencil').textContent === '✏ Centre');
  r = await rev();
  await page.click('#numbers button[data-value="9"]');
  await changed(r);
  assert.equal(await marks(b), '8/59');
  await page.keyboard.press('Space');
  await page.waitForFunction(() => document.getElementById('mode-pencil').textContent === '✏ Pencil');
  r = await rev();
  await page.click('#numbers button[data-value="3"]');
  await changed(r);
  assert.equal((await ui()).view.cells[b].candidates, 1 << 2, 'the slots, as before');
  await page.keyboard.press('Space');
  await page.waitForFunction(() => window.__inkdoku.mode === 'pen');
  assert.equal(await marks(a), '27/5');
});

test('select mode takes a sweep and taps of the mouse; Delete goes a layer at a time; marks survive a reload', async () => {
  const rect = await boardRect(page);
  await page.click('#mode-select');
  await page.waitForFunction(() => window.__inkdoku.select === true);
  const [a, , c] = row;
  const from = cellCentre(rect, 9, Math.floor(a / 9), a % 9);
  const to = cellCentre(rect, 9, Math.floor(c / 9), c % 9);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let k = 1; k <= 8; k++) await page.mouse.move(from.x + ((to.x - from.x) * k) / 8, from.y, { steps: 2 });
  await page.mouse.up();
  await page.waitForFunction(() => window.__inkdoku.many.length === 3);
  // A tap on a selected cell takes it out; on another adds it.
  await clickCell(c);
  assert.equal((await ui()).many.length, 2);
  await clickCell(c);
  assert.equal((await ui()).many.length, 3);
  // A colour on all three, then Delete: marks first (no values), then the colours.
  let r = await rev();
  await page.click('#colours button[data-colour="2"]');
  await changed(r);
  await press('Delete');
  assert.deepEqual(await Promise.all(row.map(marks)), ['', '', '']);
  assert.equal((await ui()).view.cells[a].colour, 2);
  await press('Delete');
  assert.equal((await ui()).view.cells[a].colour, 0);
  await chord('Control', 'KeyZ');
  await chord('Control', 'KeyZ');
  assert.equal(await marks(a), '27/5');
  await page.click('#mode-select');
  await page.waitForFunction(() => window.__inkdoku.select === false);
  // The marks are in the save: a reload brings them back.
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => window.__inkdoku && window.__inkdoku.view && window.__inkdoku.ready, { timeout: 15000 });
  assert.equal(await marks(a), '27/5');
});

test('marks at 800x480 and in Chinese: the panel fits, the accessible grid reads them', async () => {
  const [a] = row;
  // More marks to look at: many corner marks in one cell, a long centre list in another.
  const v = (await ui()).view;
  const more = v.cells.map((c, i) => i).filter((i) => !v.cells[i].given && !row.includes(i)).slice(0, 2);
  await ipc('act', { action: { type: 'mark', cells: [[Math.floor(more[0] / 9), more[0] % 9]], kind: 'corner', value: 1 } });
  for (const d of [3, 5, 6, 8, 9]) await ipc('act', { action: { type: 'mark', cells: [[Math.floor(more[0] / 9), more[0] % 9]], kind: 'corner', value: d } });
  for (const d of [1, 2, 3, 4, 5, 6, 7]) await ipc('act', { action: { type: 'mark', cells: [[Math.floor(more[1] / 9), more[1] % 9]], kind: 'centre', value: d } });
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => window.__inkdoku && window.__inkdoku.ready, { timeout: 15000 });
  await resizePage(page, { width: 800, height: 480 });
  const fits = await page.evaluate(() => {
    const panel = document.getElementById('panel').getBoundingClientRect();
    const sel = document.getElementById('mode-select').getBoundingClientRect();
    return { inside: sel.right <= panel.right + 1 && sel.bottom <= window.innerHeight + 1, noScroll: document.documentElement.scrollHeight <= window.innerHeight + 1 };
  });
  await page.screenshot({ path: artifactPath('marks-800x480.png') });
  assert.deepEqual(fits, { inside: true, noScroll: true });
  await resizePage(page, { width: 1920, height: 1080 });
  await chooseLanguage(page, 'zh-CN');
  const said = await page.evaluate((i) => document.querySelectorAll('[role=gridcell]')[i].getAttribute('aria-label'), a);
  assert.match(said, /角标 2 7/);
  assert.match(said, /中心标记 5/);
  await page.click('#mode-pencil');
  await page.click('#mode-pencil');
  await page.waitForFunction(() => document.getElementById('mode-pencil').textContent === '✏ 角标');
  await page.screenshot({ path: artifactPath('marks-zh-1920x1080.png') });
  await page.keyboard.press('Space');
  await page.keyboard.press('Space');
  await page.keyboard.press('Space');
  await page.waitForFunction(() => window.__inkdoku.mode === 'pen');
  await chooseLanguage(page, 'en');
});

/**
 * A held-out sample's strokes, a third of a cell high, centred at (`fx`, `fy`) of cell (`row`,
 * `col`) of the 9x9 board on screen.
 */
function small(strokes, rect, row, col, fx, fy) {
  const pts = strokes.flat();
  const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
  const x0 = Math.min(...xs), x1 = Math.max(...xs), y0 = Math.min(...ys), y1 = Math.max(...ys);
  const cell = rect.size / 9;
  const k = (cell * 0.3) / Math.max(x1 - x0, y1 - y0, 1);
  const cx = rect.x + (col + fx) * cell, cy = rect.y + (row + fy) * cell;
  return strokes.map((st) => st.map(([x, y]) => ({ x: cx + (x - (x0 + x1) / 2) * k, y: cy + (y - (y0 + y1) / 2) * k })));
}

test('small digits written with the pencil become corner and centre marks; an arrow stays ink; undo brings the ink back; zh', { timeout: 90000 }, async () => {
  await ipc('update_settings', { settings: { ...(await ipc('get_settings')), read_marks: true, pencil_marks: 'candidates', language: 'en' } });
  const v = await newSudoku(); // reloads: the page has the setting
  const { pen } = session;
  const rect = await boardRect(page);
  // Held-out digits the recogniser reads surely at full size (a 2 and a 7).
  const sure = async (d) => {
    for (const s of loadSamples(d)) {
      const r = await ipc('read_handwriting', { symbols: '1-9', strokes: s.strokes.map((st) => st.map(([x, y]) => ({ x, y }))) });
      if (r.kind === 'symbol' && r.candidates[0][0] === d && !r.unsure) return s;
    }
    throw new Error(`no sure ${d}`);
  };
  const two = await sure('2'), seven = await sure('7');
  const i = v.cells.findIndex((c) => !c.given);
  const [row, col] = [Math.floor(i / 9), i % 9];
  await page.click('#mode-pencil');
  await page.waitForFunction(() => window.__inkdoku.mode === 'pencil');
  // A 2 near the top-left corner, then a 7 in the middle, as a solver writes them.
  await pen.write(small(two.strokes, rect, row, col, 0.22, 0.22), { gap: 80 });
  await sleep(200);
  await pen.write(small(seven.strokes, rect, row, col, 0.5, 0.52), { gap: 80 });
  await page.waitForFunction((i) => window.__inkdoku.view.cells[i].marks, { timeout: 10000 }, i);
  assert.equal(await marks(i), '2/7', 'a corner mark and a centre mark');
  assert.equal((await ui()).view.notes.length, 0, 'the ink turned into type');
  await page.screenshot({ path: artifactPath('marks-handwritten-1920x1080.png') });
  // One undo: the ink is back, as written.
  await chord('Control', 'KeyZ');
  assert.equal(await marks(i), '');
  assert.equal((await ui()).view.notes.length, two.strokes.length + seven.strokes.length);
  // An arrow in another empty cell stays ink after the pause.
  const j = v.cells.findIndex((c, k) => !c.given && k !== i && Math.floor(k / 9) !== row);
  const c = cellCentre(rect, 9, Math.floor(j / 9), j % 9), w = rect.size / 9;
  const line = (a, b) => Array.from({ length: 8 }, (_, k) => ({ x: a.x + ((b.x - a.x) * k) / 7, y: a.y + ((b.y - a.y) * k) / 7 }));
  const tip = { x: c.x + 0.3 * w, y: c.y };
  await pen.write([line({ x: c.x - 0.3 * w, y: c.y }, tip), [{ x: tip.x - 0.12 * w, y: tip.y - 0.12 * w }, tip, { x: tip.x - 0.12 * w, y: tip.y + 0.12 * w }]], { gap: 80 });
  await sleep(1600);
  const after = (await ui()).view;
  assert.equal(after.cells[j].marks || '', '', 'no marks from an arrow');
  assert.equal(after.notes.length, two.strokes.length + seven.strokes.length + 2, 'the arrow stays ink');
  // In Chinese: the marks are read and said so.
  await chooseLanguage(page, 'zh-CN');
  const k = v.cells.findIndex((c2, m) => !c2.given && m !== i && m !== j);
  await pen.write(small(seven.strokes, rect, Math.floor(k / 9), k % 9, 0.78, 0.22), { gap: 80 });
  await page.waitForFunction((k) => window.__inkdoku.view.cells[k].marks, { timeout: 10000 }, k);
  assert.equal(await marks(k), '7');
  assert.match(await page.$eval('#status', (e) => e.textContent), /标记|不太确定/);
  await resizePage(page, { width: 800, height: 480 });
  await page.screenshot({ path: artifactPath('marks-handwritten-zh-800x480.png') });
  await resizePage(page, { width: 1920, height: 1080 });
  await chooseLanguage(page, 'en');
  await page.click('#mode-pen');
  await ipc('update_settings', { settings: { ...(await ipc('get_settings')), read_marks: false } });
});

test('Ctrl+click and Shift+sweep with the mouse add cells to the selection; a centre mark then goes on all', { timeout: 60000 }, async () => {
  const v = await newSudoku();
  const open = v.cells.map((c, i) => i).filter((i) => !v.cells[i].given);
  const [a, b, c] = [open[0], open[5], open[10]];
  await clickCell(a);
  await page.keyboard.down('Control');
  await clickCell(b);
  await clickCell(c);
  await page.keyboard.up('Control');
  assert.equal((await ui()).many.length, 3, 'a, then b and c added');
  assert.equal((await ui()).view.notes.length, 0, 'no ink from the clicks');
  await chord('Control', 'Digit6');
  assert.deepEqual(await Promise.all([a, b, c].map(marks)), ['/6', '/6', '/6']);
  // Ctrl+click on a selected cell takes it out.
  await page.keyboard.down('Control');
  await clickCell(c);
  await page.keyboard.up('Control');
  assert.equal((await ui()).many.length, 2);
  // A sweep with Shift held adds the cells it passes over and writes nothing.
  const rect = await boardRect(page);
  const rowOf = Math.floor(c / 9);
  const from = cellCentre(rect, 9, rowOf, 0), to = cellCentre(rect, 9, rowOf, 2);
  await page.keyboard.down('Shift');
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let k = 1; k <= 8; k++) await page.mouse.move(from.x + ((to.x - from.x) * k) / 8, from.y, { steps: 2 });
  await page.mouse.up();
  await page.keyboard.up('Shift');
  const st = await ui();
  assert.ok(st.many.length >= 4, `swept cells added: ${st.many.length}`);
  assert.equal(st.view.notes.length, 0, 'no ink from the sweep');
  // A plain click goes back to one cell.
  await clickCell(a);
  assert.equal((await ui()).many.length, 0);
});

test('with "Keep my handwriting" a mark read from the pencil keeps the player\'s ink', { timeout: 60000 }, async () => {
  await ipc('update_settings', { settings: { ...(await ipc('get_settings')), read_marks: true, keep_handwriting: true } });
  const v = await newSudoku();
  const { pen } = session;
  const rect = await boardRect(page);
  const i = v.cells.findIndex((c) => !c.given);
  const [row, col] = [Math.floor(i / 9), i % 9];
  let two = null;
  for (const s of loadSamples('2')) {
    const r = await ipc('read_handwriting', { symbols: '1-9', strokes: s.strokes.map((st) => st.map(([x, y]) => ({ x, y }))) });
    if (r.kind === 'symbol' && r.candidates[0][0] === '2' && !r.unsure) { two = s; break; }
  }
  await page.click('#mode-pencil');
  await page.waitForFunction(() => window.__inkdoku.mode === 'pencil');
  await pen.write(small(two.strokes, rect, row, col, 0.22, 0.22), { gap: 80 });
  await page.waitForFunction((i) => window.__inkdoku.view.cells[i].marks, { timeout: 10000 }, i);
  const cell = (await ui()).view.cells[i];
  assert.equal(cell.marks, '2');
  assert.ok(cell.mark_glyphs && cell.mark_glyphs['2'], 'the mark keeps its ink');
  assert.equal((await ui()).view.notes.length, 0);
  // Drawn in the player's hand: ink where the corner mark sits.
  const clip = { x: rect.x + (col * rect.size) / 9, y: rect.y + (row * rect.size) / 9, width: rect.size / 9, height: rect.size / 9 };
  await page.screenshot({ path: artifactPath('marks-kept-handwriting.png'), clip });
  await page.click('#mode-pen');
  await ipc('update_settings', { settings: { ...(await ipc('get_settings')), read_marks: false, keep_handwriting: false } });
});
