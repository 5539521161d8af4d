// KenKen in the real app: a freshly generated 4x4 (made in the background) played to the win
// screen by pressing Hint twice per cell; then a KenKen in progress survives closing and
// relaunching the app beside a Sudoku in progress, and Continue brings each back.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, dismissResume, pageState, backend, tapCell } from '../support/tauri.mjs';
import { waitFor, sleep } from '../support/proc.mjs';

let app;
after(async () => { if (app) await app.quit(); });

const click = async (d, id) => (await d.findElement({ id })).click();

/** The picker, KenKen, a size and level, then Start or Generate fresh. */
async function pickKenken(d, size, difficulty, button) {
  await click(d, 'btn-new');
  await waitFor('the game picker', () => d.executeScript("return document.getElementById('dlg-new').open;"));
  await click(d, 'game-kenken');
  await d.executeScript(`document.getElementById('kk-size').value = '${size}'; document.getElementById('kk-difficulty').value = '${difficulty}';`);
  await click(d, button);
  return waitFor(`a ${size}x${size} KenKen`, async () => {
    const v = (await pageState(d)).view;
    return v && v.kind === 'kenken' && v.size === size && !v.solved && v.cells.every((c) => c.value === 0) ? v : null;
  }, { timeout: 30000 });
}

test('a generated 4x4 KenKen played to the win screen with hints', { timeout: 120000 }, async () => {
  app = await startApp();
  const d = app.driver;
  await dismissResume(d, 'new');
  // A Sudoku in progress, to be kept beside the KenKen.
  const s = (await pageState(d)).view;
  const blank = s.cells.findIndex((c) => c.value === 0);
  await backend(d, 'act', { action: { type: 'set_value', row: Math.floor(blank / s.size), col: blank % s.size, value: 1 } });

  const v0 = await pickKenken(d, 4, 'easy', 'new-fresh');
  assert.equal(v0.cells.length, 16);
  const status = await d.executeScript("return document.getElementById('status').textContent;");
  assert.match(status, /4 × 4 KenKen \(easy\), freshly made/);
  await app.screenshot('e2e-kenken-start.png');
  for (let k = 0; k < 20 && !(await pageState(d)).view.solved; k++) {
    await click(d, 'btn-hint');
    const h = await waitFor('the hint', async () => (await pageState(d)).hint);
    assert.ok(h.explanation && h.highlight.target, JSON.stringify(h));
    const before = (await pageState(d)).view.cells.filter((c) => c.value).length;
    await click(d, 'btn-hint');
    await waitFor('the hint applied', async () => (await pageState(d)).view.cells.filter((c) => c.value).length > before);
  }
  const won = await waitFor('the celebration', () => d.executeScript("const c = document.getElementById('celebration'); return !c.hidden && c.textContent;"));
  assert.match(won, /Solved!/);
  assert.match(won, /Time: \d+:\d\d/);
  const v = (await pageState(d)).view;
  assert.ok(v.solved && !v.running && v.cages.every((c) => !c.wrong) && v.cells.every((c) => !c.conflict));
  await app.screenshot('e2e-kenken-won.png');
});

test('a KenKen in progress and a Sudoku in progress both survive closing and relaunching', { timeout: 120000 }, async () => {
  let d = app.driver;
  const n = 4;
  await pickKenken(d, n, 'medium', 'new-start');
  await tapCell(d, n, 1, 2);
  await d.actions().sendKeys('3').perform();
  await waitFor('the typed 3', async () => (await pageState(d)).view.cells[1 * n + 2].value === 3);
  await click(d, 'mode-pencil');
  await tapCell(d, n, 3, 0);
  await d.actions().sendKeys('2').perform();
  await waitFor('the candidate 2', async () => (await pageState(d)).view.cells[3 * n].candidates === 0b10);
  await click(d, 'mode-pen');
  const before = (await pageState(d)).view;
  await sleep(500); // the autosave writer is asynchronous
  await app.quit();

  app = await startApp();
  d = app.driver;
  const offered = await waitFor('the resume dialog', () => d.executeScript("const d = document.getElementById('dlg-resume'); return d.open && document.getElementById('resume-list').textContent;"));
  assert.match(offered, /KenKen, 4 × 4 \(medium\): 1 of 16 cells filled/, offered);
  assert.match(offered, /Sudoku, \d+ × \d+ \(\w+\): \d+ of \d+ cells filled/, offered);
  assert.equal(await dismissResume(d, 'kenken'), true);
  const after = (await pageState(d)).view;
  assert.equal(after.kind, 'kenken');
  assert.deepEqual(after.cages, before.cages);
  assert.deepEqual(after.cells, before.cells);
  assert.ok(after.can_undo);
  await app.screenshot('e2e-kenken-resumed.png');
  await click(d, 'btn-undo');
  await waitFor('undo of the candidate', async () => (await pageState(d)).view.cells[3 * n].candidates === 0);
  // The Sudoku is still there to continue, with its move.
  const sudoku = await backend(d, 'continue_game', { kind: 'sudoku' });
  assert.equal(sudoku.kind, 'sudoku');
  assert.ok(sudoku.cells.some((c) => c.value === 1 && !c.given), 'the Sudoku keeps its move');
});
