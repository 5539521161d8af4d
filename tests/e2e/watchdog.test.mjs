// When the view never comes (#45): the real app, whose WebKit web process stalls before it
// starts (fixtures/stall-web-process.c, preloaded), must not sit there for ever, nor take later
// launches with it. Within the watchdog's bound (shortened for the test by
// INKDOKU_VIEW_TIMEOUT_MS; the shipped default is 60 s) it logs what it knows, says so
// (INKDOKU_NO_MODAL: the words are logged, "shown: …", a question takes its default) and exits
// with code 3; a second launch meanwhile gets the first to say so and end (code 5); a third
// starts afresh to the same point. The saves are not touched. Launched directly, on the session
// bus and X display of the E2E step.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { start, waitFor, requireEnv, pidsByExe, repoRoot } from '../support/proc.mjs';
import { instanceOwner as owner } from '../support/tauri.mjs';

const skip = process.platform !== 'linux' && 'the web process is stalled through LD_PRELOAD (Linux); Windows: scripts/check-windows-installer.sh';
const exe = process.platform === 'linux' ? requireEnv('INKDOKU_APP') : '';
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'inkdoku-e2e-watchdog-'));
const dataDir = path.join(home, 'data', 'app.inkdoku.desktop');
const stall = path.join(home, 'stall-web-process.so');
const env = (boundMs) => ({
  ...process.env,
  HOME: home,
  XDG_DATA_HOME: path.join(home, 'data'),
  XDG_CONFIG_HOME: path.join(home, 'config'),
  TMPDIR: path.join(home, 'tmp'),
  LD_PRELOAD: stall,
  INKDOKU_VIEW_TIMEOUT_MS: String(boundMs),
  INKDOKU_NO_MODAL: '1',
});

/** Every launch, for after(): its pipes must not keep this file's process alive. */
const launches = [];
const launch = (boundMs) => { const c = start(exe, [], { env: env(boundMs) }); launches.push(c); return c; };

/** Processes that carry the stall (the app and whatever it started: a stalled web process). */
function stalled() {
  return fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)).filter((pid) => {
    try { return fs.readFileSync(`/proc/${pid}/environ`, 'latin1').includes(stall); } catch { return false; }
  }).map(Number);
}

after(() => {
  if (exe) for (const pid of [...pidsByExe(exe), ...stalled()]) try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ }
  // A grandchild outliving its launch would hold these pipes, and the test run would wait on
  // this file for good.
  for (const c of launches) { c.stdout?.destroy(); c.stderr?.destroy(); }
  fs.rmSync(home, { recursive: true, force: true });
});

function exited(child, timeout) {
  return waitFor('the launch to exit', () => child.exitCode !== null || child.signalCode !== null, { timeout }).then(() => child.exitCode);
}

/** The app's log (all of today's files), and the failed-start note. */
const log = () => fs.readdirSync(path.join(dataDir, 'logs')).filter((f) => f.endsWith('.log')).map((f) => fs.readFileSync(path.join(dataDir, 'logs', f), 'utf8')).join('');
const note = () => fs.readFileSync(path.join(dataDir, 'logs', 'startup-error.txt'), 'utf8');
const count = (text, what) => text.split(what).length - 1;
const sha = (f) => crypto.createHash('sha256').update(fs.readFileSync(f)).digest('hex');

function prepare() {
  fs.mkdirSync(path.join(home, 'tmp'), { recursive: true });
  execFileSync('cc', ['-shared', '-fPIC', '-O2', '-o', stall, path.join(repoRoot, 'tests/e2e/fixtures/stall-web-process.c')]);
  // A game in progress: the watchdog must leave it as it is.
  fs.mkdirSync(dataDir, { recursive: true });
  const save = path.join(dataDir, 'autosave-sudoku.inkdoku');
  fs.copyFileSync(path.join(repoRoot, 'tests/fixtures/saves/sudoku-4x4-fresh-v1.inkdoku'), save);
  return save;
}

test('a view that never comes: told, logged, exit 3 within the bound; a second launch is not swallowed', { timeout: 120000, skip }, async () => {
  const save = prepare();
  const before = sha(save);
  await waitFor('the name free', () => owner() === null);

  // 1. Alone: exits with 3 within the bound plus a margin, the words and the cause logged.
  const bound = 3000;
  let t = Date.now();
  const first = launch(bound);
  assert.equal(await exited(first, bound + 30000), 3, first.output);
  const took = Date.now() - t;
  assert.ok(took >= bound, `exited after ${took} ms, before the bound`);
  assert.match(first.output, /shown: Inkdoku's window did not appear: its web view did not start within 3 seconds\./);
  assert.match(log(), /the view did not say it was ready within \d+ ms; waiting on the page loading \(waiting for view_ready\) runtime=\d+\.\d+/);
  assert.match(log(), /shown: Inkdoku's window did not appear[\s\S]*Reinstall WebKitGTK[\s\S]*startup-error\.txt/);
  assert.match(note(), /the view did not say it was ready .* \(webview runtime: \d+\.\d+/);
  assert.deepEqual(pidsByExe(exe), [], 'nothing left running');

  // 2. A second launch while the first waits: the first says so and (the default answer) ends.
  await waitFor('the name free', () => owner() === null);
  const waiting = launch(60000);
  await waitFor('the first launch to own the name', () => owner() === waiting.pid, { timeout: 30000 });
  await waitFor('the first launch to make its webview', () => log().includes('making the window and its webview') && count(log(), 'Inkdoku starting') === 2, { timeout: 30000 });
  t = Date.now();
  const second = launch(60000);
  assert.equal(await exited(second, 30000), 0, `the second launch hands over: ${second.output}`);
  assert.equal(await exited(waiting, 30000), 5, `the waiting one ends at once, not after 60 s: ${waiting.output}`);
  assert.ok(Date.now() - t < 30000);
  assert.match(log(), /shown: Inkdoku is still starting, or is stuck: its window has not appeared after \d+ seconds\.[\s\S]*End the waiting Inkdoku now\?/);
  assert.match(log(), /ended at the player's word/);

  // 3. A third launch afterwards starts afresh, to the same point.
  await waitFor('the name free', () => owner() === null);
  const third = launch(bound);
  await waitFor('the third launch to own the name', () => owner() === third.pid, { timeout: 30000 });
  assert.equal(await exited(third, bound + 30000), 3, third.output);
  assert.equal(count(log(), 'Inkdoku starting'), 3, 'the first, the waiting one and the third started (the second handed over before its set-up)');
  assert.equal(sha(save), before, 'the save is untouched');
  await waitFor('every stalled web process to leave with its app', () => stalled().length === 0, { timeout: 10000 });
});
