// Back up everything and restore it in the real app (issue #44, item 5): "Back up everything…"
// writes one file; played on, Files… → "Restore from a backup…" asks, and yes makes the app
// start again (a new process), which puts the backup's files in place before reading anything;
// what it replaced is kept as a backup of its own.
//
// The native dialogs can't be driven by WebDriver, so this debug build answers them from the
// file named by INKDOKU_TEST_PICK_FILE (debug builds only, never a release: src-tauri/src/shell.rs).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApp, dismissResume, backend, appDataDir } from '../support/tauri.mjs';
import { waitFor, requireEnv, pidsByExe } from '../support/proc.mjs';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'inkdoku-e2e-backup-'));
const pickFile = path.join(tmp, 'pick.txt');
const file = path.join(tmp, 'everything.inkdoku-backup');
fs.writeFileSync(pickFile, file);
process.env.INKDOKU_TEST_PICK_FILE = pickFile;
const exe = requireEnv('INKDOKU_APP');

let app;
after(async () => {
  if (app) await app.quit();
  // The app started again by the restore is no WebDriver session's.
  for (const pid of pidsByExe(exe)) try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ }
  fs.rmSync(tmp, { recursive: true, force: true });
});

const click = async (d, id) => (await d.findElement({ id })).click();
const isOpen = (d, id) => d.executeScript(`return document.getElementById('${id}').open;`);

test('a backup restored replaces the games, and the app starts again with them', async () => {
  app = await startApp();
  const d = app.driver;
  await dismissResume(d, 'new');
  await backend(d, 'new_game', { kind: 'sudoku', replace: true, seed: 11, params: { size: 9, difficulty: 'easy' } });
  await backend(d, 'act', { action: (await backend(d, 'hint')).apply });
  assert.equal((await backend(d, 'back_up')).path, file);
  const backup = JSON.parse(fs.readFileSync(file, 'utf8'));
  const backedSave = Buffer.from(backup.files.find((f) => f.path === 'autosave-sudoku.inkdoku').data, 'base64');
  // Played on: another Sudoku, with a move, saved.
  await backend(d, 'new_game', { kind: 'sudoku', replace: true, seed: 12, params: { size: 9, difficulty: 'easy' } });
  await backend(d, 'act', { action: (await backend(d, 'hint')).apply });
  const data = appDataDir();
  await waitFor('the autosave of the game played on', () => !fs.readFileSync(path.join(data, 'autosave-sudoku.inkdoku')).equals(backedSave));

  // Restore, as a player does: Files…, "Restore from a backup…", yes.
  await click(d, 'btn-share');
  await waitFor('the files dialog', () => isOpen(d, 'dlg-share'));
  await click(d, 'file-restore');
  await waitFor('the question', () => isOpen(d, 'dlg-confirm'));
  const asked = await d.executeScript("return document.getElementById('confirm-text').textContent;");
  assert.match(asked, /games in progress: 1 ·/);
  await app.screenshot('e2e-backup-restore-ask.png');
  const before = pidsByExe(exe);
  await click(d, 'confirm-ok');

  // The app starts again: a new process, which finishes the restore before reading anything.
  await waitFor('a new Inkdoku process', () => pidsByExe(exe).some((p) => !before.includes(p)), { timeout: 30000 });
  await waitFor('the restore to be finished', () => !fs.existsSync(path.join(data, '.restore-pending')), { timeout: 30000 });
  assert.ok(fs.readFileSync(path.join(data, 'autosave-sudoku.inkdoku')).equals(backedSave), 'the game as it was backed up');
  const kept = fs.readdirSync(path.join(data, 'backups'));
  assert.equal(kept.length, 1);
  assert.match(kept[0], /^before-restore-\d+\.inkdoku-backup$/);
  const old = JSON.parse(fs.readFileSync(path.join(data, 'backups', kept[0]), 'utf8'));
  assert.ok(!Buffer.from(old.files.find((f) => f.path === 'autosave-sudoku.inkdoku').data, 'base64').equals(backedSave), 'the kept backup holds the game played on');
});
