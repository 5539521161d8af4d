// A puzzle's link opened while Inkdoku runs (issue #44, item 2), in the real app: a second
// launch with `inkdoku://play/<code>` as its one argument (what the OS runs for a link: the
// installer's HKCU\Software\Classes\inkdoku, the .deb's x-scheme-handler) hands the link over
// through the single-instance lock and the deep-link plugin, and exits; the running window
// says what the puzzle is and asks; yes plays it.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, dismissResume, backend, pageState, appEnv } from '../support/tauri.mjs';
import { start, waitFor, requireEnv } from '../support/proc.mjs';

const exe = requireEnv('INKDOKU_APP');
let app;
after(async () => {
  if (app) await app.quit();
});

const isOpen = (d, id) => d.executeScript(`return document.getElementById('${id}').open;`);

test('a second launch with a link hands it to the running window, which offers the puzzle', async () => {
  app = await startApp();
  const d = app.driver;
  await dismissResume(d, 'new');
  await backend(d, 'new_game', { kind: 'kenken', replace: true, seed: 3, params: { size: 6, difficulty: 'medium' } });
  const { link } = await backend(d, 'export_puzzle');
  assert.match(link, /^inkdoku:\/\/play\/k6\./);
  const shown = await backend(d, 'new_game', { kind: 'sudoku', replace: true, params: { size: 9, difficulty: 'easy' } });
  await d.executeScript('location.reload()');
  await waitFor('the Sudoku shown', async () => { const s = await pageState(d); return s && s.ready && s.view && s.view.game_id === shown.game_id; });

  const second = start(exe, [link], { env: appEnv() });
  await waitFor('the second launch to hand over and exit', () => second.exitCode !== null || second.signalCode !== null, { timeout: 30000 });
  assert.equal(second.exitCode, 0, second.output);
  await waitFor('the question', () => isOpen(d, 'dlg-confirm'), { timeout: 15000 });
  const asked = await d.executeScript("return document.getElementById('confirm-text').textContent;");
  assert.match(asked, /^Someone shared a KenKen 6 × 6, \w+\. Play it\?$/);
  await app.screenshot('e2e-link-offer.png');
  await (await d.findElement({ id: 'confirm-ok' })).click();
  await waitFor('the shared KenKen', async () => { const s = await pageState(d); return s && s.ready && s.view && s.view.kind === 'kenken'; });
  assert.equal((await backend(d, 'export_puzzle')).link, link);
});
