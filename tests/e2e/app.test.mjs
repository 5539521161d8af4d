// The real app in a real WebView (WebKitGTK under Xvfb), driven through tauri-driver: the board
// drawn from the backend, selection, keyboard play with undo/redo, hints, solve and the win
// screen, the game picker and a 16x16 game, and screenshots for people to look at.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, waitForBoard, dismissResume, backend, pageState } from '../support/tauri.mjs';
import { waitFor } from '../support/proc.mjs';

let app;

before(async () => {
  app = await startApp();
  await dismissResume(app.driver, 'new');
}, { timeout: 60000 });
after(async () => { if (app) await app.quit(); });

async function clickCell(d, row, col) {
  const canvas = await d.findElement({ id: 'ink' });
  const rect = await canvas.getRect();
  const n = (await pageState(d)).view.size;
  const cell = rect.width / n;
  // Selenium offsets are from the element's centre.
  await d.actions().move({ origin: canvas, x: Math.round((col + 0.5) * cell - rect.width / 2), y: Math.round((row + 0.5) * cell - rect.height / 2) }).click().perform();
}

function firstBlank(view) {
  const i = view.cells.findIndex((c) => c.value === 0);
  return { row: Math.floor(i / view.size), col: i % view.size, i };
}

test('the window shows the backend\'s board over Tauri IPC, drawn crisply', { timeout: 30000 }, async () => {
  const d = app.driver;
  assert.equal(await d.getTitle(), 'Inkdoku');
  const s = await waitForBoard(d);
  assert.equal(s.transport, 'tauri');
  const fromBackend = await backend(d, 'board');
  assert.deepEqual(s.view.cells, fromBackend.cells, 'the page shows exactly the backend\'s board');
  const given = s.view.cells.findIndex((c) => c.given);
  const blank = s.view.cells.findIndex((c) => c.value === 0);
  const n = s.view.size;
  // The canvas really has ink in a given's cell, and paper in a blank one.
  const ink = await d.executeScript(`
    const [n, given, blank] = arguments;
    const c = document.getElementById('board');
    const g = c.getContext('2d');
    const cell = c.width / n;
    const dark = (i) => {
      const col = i % n, row = Math.floor(i / n);
      const d = g.getImageData(Math.floor(col * cell + cell * 0.2), Math.floor(row * cell + cell * 0.2), Math.ceil(cell * 0.6), Math.ceil(cell * 0.6)).data;
      let k = 0;
      for (let j = 0; j < d.length; j += 4) if (d[j] + d[j + 1] + d[j + 2] < 200) k++;
      return k;
    };
    return { given: dark(given), blank: dark(blank), width: c.width, css: c.getBoundingClientRect().width, dpr: window.devicePixelRatio };`, n, given, blank);
  assert.ok(ink.given > 20, `ink pixels in the given cell: ${ink.given}`);
  assert.equal(ink.blank, 0, 'the blank cell is paper');
  assert.equal(ink.width, Math.round(ink.css * ink.dpr), 'backing store matches CSS size x DPR');
});

test('clicking a cell selects it', { timeout: 30000 }, async () => {
  const d = app.driver;
  await clickCell(d, 2, 7);
  const sel = await waitFor('the selection', () => d.executeScript('return window.__inkdoku.selected;'));
  assert.deepEqual(sel, { row: 2, col: 7 });
  await app.screenshot('e2e-app.png');
});

test('keyboard entry, undo and redo', { timeout: 30000 }, async () => {
  const d = app.driver;
  const { view } = await pageState(d);
  const b = firstBlank(view);
  await clickCell(d, b.row, b.col);
  const body = await d.findElement({ css: 'body' });
  await body.sendKeys('7');
  await waitFor('the typed 7', async () => (await pageState(d)).view.cells[b.i].value === 7);
  assert.equal((await backend(d, 'board')).cells[b.i].value, 7, 'the backend has it');
  await body.sendKeys('\uE009z\uE000'); // Ctrl+Z
  await waitFor('undo', async () => (await pageState(d)).view.cells[b.i].value === 0);
  await (await d.findElement({ id: 'btn-redo' })).click();
  await waitFor('redo', async () => (await pageState(d)).view.cells[b.i].value === 7);
  await (await d.findElement({ id: 'btn-undo' })).click();
  await waitFor('undo again', async () => (await pageState(d)).view.cells[b.i].value === 0);
});

test('a hint names a technique and a second press fills its cell', { timeout: 30000 }, async () => {
  const d = app.driver;
  await (await d.findElement({ id: 'btn-hint' })).click();
  const hint = await waitFor('the hint', () => d.executeScript('return window.__inkdoku.hint;'));
  assert.ok(hint.technique.length > 0);
  assert.ok(hint.explanation.length > 10, hint.explanation);
  const status = await (await d.findElement({ id: 'status' })).getText();
  assert.ok(status.includes(hint.technique), status);
  assert.ok(hint.apply && hint.apply.type === 'apply_hint', JSON.stringify(hint));
  const { row, col, value } = hint.apply;
  await (await d.findElement({ id: 'btn-hint' })).click();
  await waitFor('the hinted value', async () => {
    const v = (await pageState(d)).view;
    return v.cells[row * v.size + col].value === value;
  });
});

test('solve asks first, then finishes the puzzle and celebrates', { timeout: 30000 }, async () => {
  const d = app.driver;
  await (await d.findElement({ id: 'btn-solve' })).click();
  await waitFor('the confirmation', () => d.executeScript("return document.getElementById('dlg-confirm').open;"));
  await (await d.findElement({ id: 'confirm-ok' })).click();
  await waitFor('the solved board', async () => (await pageState(d)).view.solved);
  const won = await waitFor('the celebration', () => d.executeScript("const c = document.getElementById('celebration'); return !c.hidden && c.textContent;"));
  assert.match(won, /Solved!/);
  assert.match(won, /Time: \d+:\d\d/);
  assert.equal((await pageState(d)).view.running, false, 'the clock stops');
  await app.screenshot('e2e-won.png');
});

test('a new 16x16 game from the game picker, which remembers the choice', { timeout: 30000 }, async () => {
  const d = app.driver;
  await (await d.findElement({ id: 'btn-new' })).click();
  // The picker: Sudoku (the last game played) is chosen; KenKen, the sliding picture and the
  // Sudoku variants can be.
  const tiles = await waitFor('the game picker', () => d.executeScript(`
    if (!document.getElementById('dlg-new').open) return null;
    return [...document.querySelectorAll('#game-tiles .tile')].map((t) => ({ id: t.id, text: t.textContent, disabled: t.disabled, pressed: t.getAttribute('aria-pressed') }));`));
  assert.deepEqual(tiles.map((t) => [t.id, t.disabled, t.pressed]), [['game-sudoku', false, 'true'], ['game-kenken', false, 'false'], ['game-slide', false, 'false'], ['game-killer', false, 'false'], ['game-jigsaw', false, 'false'], ['game-sudoku-x', false, 'false']]);
  assert.match(tiles[1].text, /KenKen.*cages/);
  assert.match(tiles[2].text, /Sliding picture.*Slide the tiles/);
  await app.screenshot('e2e-picker.png');
  await d.executeScript("document.getElementById('new-size').value = '16';");
  await (await d.findElement({ id: 'new-start' })).click();
  const n = await waitFor('a 16x16 board', () => d.executeScript('const v = window.__inkdoku.view; return v && v.size === 16 ? v.cells.length : null;'));
  assert.equal(n, 256);
  const buttons = await d.findElements({ css: '#numbers button' });
  assert.equal(buttons.length, 16);
  assert.equal(await buttons[15].getText(), 'G');
  const settings = await waitFor('the remembered options', async () => {
    const s = await backend(d, 'get_settings');
    return s.params.sudoku.size === 16 ? s : null;
  });
  assert.equal(settings.last_game, 'sudoku');
  await app.screenshot('e2e-app-16.png');
});
