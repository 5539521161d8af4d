// A Killer Sudoku (issue 42) in the real app: made from the game picker, then played to the win
// screen as a player who asks for hints would: each hint that places a number is typed into its
// cell with the keyboard; a hint that only removes candidates is applied by pressing Hint again.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, dismissResume, pageState, tapCell } from '../support/tauri.mjs';
import { waitFor } from '../support/proc.mjs';

let app;
after(async () => { if (app) await app.quit(); });

const click = async (d, id) => (await d.findElement({ id })).click();

test('a Killer from the picker played to the win screen', { timeout: 300000 }, async () => {
  app = await startApp();
  const d = app.driver;
  await dismissResume(d, 'new');
  await click(d, 'btn-new');
  await waitFor('the game picker', () => d.executeScript("return document.getElementById('dlg-new').open;"));
  await click(d, 'game-killer');
  await d.executeScript("document.getElementById('new-killer-difficulty').value = 'easy';");
  await click(d, 'new-start');
  const v0 = await waitFor('a Killer', async () => {
    const v = (await pageState(d)).view;
    return v && v.kind === 'killer' && !v.solved ? v : null;
  }, { timeout: 30000 });
  assert.ok(v0.variant.cages.length > 15, 'its cages came with the view');
  await app.screenshot('e2e-killer-start.png');
  const n = v0.size;
  for (let k = 0; k < 400 && !(await pageState(d)).view.solved; k++) {
    await click(d, 'btn-hint');
    const h = await waitFor('the hint', async () => (await pageState(d)).hint);
    const rev = (await pageState(d)).view.rev;
    if (h.place) {
      const { row, col, value } = h.place;
      await tapCell(d, n, row, col);
      await d.actions().sendKeys(String(value)).perform();
      await waitFor(`${value} typed in r${row + 1}c${col + 1}`, async () => (await pageState(d)).view.cells[row * n + col].value === value);
    } else {
      assert.ok(h.eliminate && h.eliminate.length, `a hint that removes candidates: ${JSON.stringify(h).slice(0, 300)}`);
      await click(d, 'btn-hint');
      await waitFor('the hint applied', async () => (await pageState(d)).view.rev > rev);
    }
  }
  const won = await waitFor('the celebration', () => d.executeScript("const c = document.getElementById('celebration'); return !c.hidden && c.textContent;"));
  assert.match(won, /Solved!/);
  const v = (await pageState(d)).view;
  assert.ok(v.solved && v.cells.every((c) => c.value && !c.conflict));
  await app.screenshot('e2e-killer-won.png');
});
