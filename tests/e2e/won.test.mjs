// Winning, closing and relaunching the real app (#14): a finished game is not offered to
// continue and brings no "the saved game was missing; the previous save was restored" notice.
// The dispatcher side is a_won_game_is_not_offered_and_brings_no_notice (commands/tests.rs).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, dismissResume, pageState, backend } from '../support/tauri.mjs';
import { waitFor, sleep } from '../support/proc.mjs';

let app;
after(async () => { if (app) await app.quit(); });

test('a game won with the last number typed, then close and relaunch: no notice, nothing to continue', { timeout: 120000 }, async () => {
  app = await startApp();
  let d = app.driver;
  await dismissResume(d, 'new');
  // A 4x4 Sudoku from the game picker, whatever was played last (on Windows the E2E files share
  // one data folder).
  await (await d.findElement({ id: 'btn-new' })).click();
  await waitFor('the game picker', () => d.executeScript("return document.getElementById('dlg-new').open;"));
  await d.executeScript("document.getElementById('game-sudoku').click(); document.getElementById('new-size').value = '4';");
  await (await d.findElement({ id: 'new-start' })).click();
  const start = await waitFor('the new 4x4 Sudoku', async () => {
    const v = (await pageState(d)).view;
    return v && v.kind === 'sudoku' && v.size === 4 && !v.solved && !v.can_undo ? v : null;
  });
  const n = start.size;
  // The solution, from the computer's Solve taken back at once.
  const solution = (await backend(d, 'act', { action: { type: 'solve' } })).cells.map((c) => c.value);
  await backend(d, 'undo');
  const blanks = start.cells.map((c, i) => (c.value === 0 ? i : -1)).filter((i) => i >= 0);
  const last = blanks.pop();
  for (const i of blanks) await backend(d, 'act', { action: { type: 'set_value', row: Math.floor(i / n), col: i % n, value: solution[i] } });
  // The player's last number, through the board and the keyboard: it wins the game.
  const canvas = await d.findElement({ id: 'ink' });
  const rect = await canvas.getRect();
  const at = (v) => Math.round(((v + 0.5) / n) * rect.width - rect.width / 2);
  await d.actions().move({ origin: canvas, x: at(last % n), y: at(Math.floor(last / n)) }).click().perform();
  await d.actions().sendKeys(String(solution[last])).perform();
  const won = await waitFor('the win', async () => { const v = (await pageState(d)).view; return v && v.solved ? v : null; });
  assert.equal(won.cells[last].value, solution[last]);
  assert.equal(await d.executeScript("return !document.getElementById('celebration').hidden;"), true, 'the win is shown');
  await sleep(500); // the autosave writer is asynchronous
  await app.quit();

  app = await startApp();
  d = app.driver;
  const offered = await waitFor('start-up', () =>
    d.executeScript("const s = window.__inkdoku; if (document.getElementById('dlg-resume').open) return [...document.getElementById('resume-list').children].map((li) => li.textContent); return s && s.view ? [] : null;"));
  assert.deepEqual(offered.filter((l) => /^Sudoku/.test(l)), [], `no Sudoku offered to continue: ${JSON.stringify(offered)}`);
  await dismissResume(d, 'new');
  // Whatever start-up has to say is said by now (the toast comes with start-up's answer).
  await sleep(1500);
  const toast = await d.executeScript("const t = document.getElementById('toast'); return t.hidden ? null : t.textContent;");
  assert.equal(toast, null, `no notice after a win: ${toast}`);
  const fresh = (await pageState(d)).view;
  assert.equal(fresh.solved, false, 'a new game to play');
  assert.equal(fresh.kind, 'sudoku', 'of the game played last');
  await app.screenshot('e2e-after-win.png');
});
