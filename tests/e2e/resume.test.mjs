// Never lose a game: play, close the app, launch it again, Continue — same board, same pencil
// notes, undo still works. And a second launch while it runs keeps one window.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { startApp, dismissResume, pageState, backend } from '../support/tauri.mjs';
import { waitFor, sleep, requireEnv } from '../support/proc.mjs';

let app;
after(async () => { if (app) await app.quit(); });

async function dragOnBoard(d, from, to) {
  const canvas = await d.findElement({ id: 'ink' });
  const rect = await canvas.getRect();
  const at = ([x, y]) => ({ origin: canvas, x: Math.round(x * rect.width - rect.width / 2), y: Math.round(y * rect.height - rect.height / 2) });
  let a = d.actions().move(at(from)).press();
  for (let k = 1; k <= 8; k++) a = a.move({ ...at([from[0] + ((to[0] - from[0]) * k) / 8, from[1] + ((to[1] - from[1]) * k) / 8]), duration: 20 });
  await a.release().perform();
}

/** A fresh app with a new game and one number written into its first blank cell. */
async function startWithOneMove(value) {
  app = await startApp();
  const d = app.driver;
  await dismissResume(d, 'new');
  const v0 = (await pageState(d)).view;
  const blank = v0.cells.findIndex((c) => c.value === 0);
  const n = v0.size;
  const view = await backend(d, 'act', { action: { type: 'set_value', row: Math.floor(blank / n), col: blank % n, value } });
  return { d, blank, n, view };
}

function inkdokuWindows() {
  const tree = execFileSync('xwininfo', ['-root', '-tree'], { encoding: 'utf8' });
  return tree.split('\n').filter((l) => /"Inkdoku"/.test(l)).length;
}

test('a game survives closing and relaunching the app, with notes and undo', { timeout: 90000 }, async () => {
  let { d, blank, n } = await startWithOneMove(1);
  await d.executeScript("document.getElementById('mode-pencil').click();");
  await dragOnBoard(d, [0.05, 0.05], [0.3, 0.2]);
  const before = await waitFor('the pencil note', async () => {
    const v = (await backend(d, 'board'));
    return v.notes.length === 1 ? v : null;
  });
  await sleep(500); // the autosave writer is asynchronous
  await app.quit();

  app = await startApp();
  d = app.driver;
  // One line and one Continue per game in progress: the Sudoku among them (the E2E files share
  // one home, so a KenKen left by kenken.test.mjs may be offered too).
  const offered = await waitFor('the resume dialog', () => d.executeScript("const d = document.getElementById('dlg-resume'); return d.open && [...document.getElementById('resume-list').children].map((li) => li.textContent);"));
  const line = new RegExp(`^Sudoku, ${n} × ${n} \\(\\w+\\): \\d+ of ${n * n} cells filled, \\d+:\\d\\d played\\.Continue$`);
  assert.equal(offered.filter((l) => line.test(l)).length, 1, JSON.stringify(offered));
  assert.equal(await dismissResume(d, 'sudoku'), true, '"Continue or New game" is offered');
  const after = await waitFor('the restored game', async () => {
    const v = (await pageState(d)).view;
    return v && v.notes.length === 1 ? v : null;
  });
  assert.deepEqual(after.cells, before.cells);
  assert.deepEqual(after.notes, before.notes);
  assert.ok(after.can_undo);
  await (await d.findElement({ id: 'btn-undo' })).click();
  await waitFor('undo of the note', async () => (await pageState(d)).view.notes.length === 0);
  await (await d.findElement({ id: 'btn-undo' })).click();
  await waitFor('undo of the value', async () => (await pageState(d)).view.cells[blank].value === 0);
  await app.screenshot('e2e-resumed.png');
});

test('launching a second instance keeps one window', { timeout: 60000 }, async () => {
  assert.equal(inkdokuWindows(), 1);
  const second = spawn(requireEnv('INKDOKU_APP'), [], { stdio: 'ignore' });
  const code = await Promise.race([new Promise((r) => second.once('exit', (c) => r(c))), sleep(15000).then(() => 'still running')]);
  if (code === 'still running') second.kill('SIGKILL');
  assert.equal(code, 0, 'the second launch hands over to the first and exits');
  await sleep(500);
  assert.equal(inkdokuWindows(), 1, 'still exactly one Inkdoku window');
  // The first instance still answers.
  assert.ok((await backend(app.driver, 'board')).cells.length > 0);
});

test('Quit (Files…) closes the app with the game saved; the next launch offers it for Continue', { timeout: 90000 }, async () => {
  if (app) await app.quit();
  let { d, blank, view: before } = await startWithOneMove(3);
  await d.executeScript("document.getElementById('btn-share').click();");
  // Clicked after the script has returned: the app may close before WebDriver answers it.
  await d.executeScript("setTimeout(() => document.getElementById('file-quit').click(), 100);");
  await waitFor('the app to close', () => inkdokuWindows() === 0, { timeout: 15000 });
  await app.quit();
  app = await startApp();
  d = app.driver;
  await waitFor('the resume dialog', () => d.executeScript("return document.getElementById('dlg-resume').open;"));
  assert.equal(await dismissResume(d, 'sudoku'), true);
  const after = await waitFor('the game quit', async () => { const v = (await pageState(d)).view; return v && v.cells[blank].value === 3 ? v : null; });
  assert.deepEqual(after.cells, before.cells);
  await app.quit();
  app = null;
});
