// One Inkdoku at a time (tauri-plugin-single-instance: on Linux, the first instance owns a D-Bus
// name; a later launch hands over to it and exits; resume.test.mjs checks that). This is the
// race that made a relaunch fail with "Inkdoku could not start": the running instance dies
// after the new launch found its name taken but before it answered. The new launch must then
// start the app itself (src-tauri/src/shell.rs, `relaunch_once`). The real app, launched
// directly (no WebDriver) on the session bus and X display of the E2E step.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { start, waitFor, requireEnv, pidsByExe } from '../support/proc.mjs';
import { instanceOwner as owner } from '../support/tauri.mjs';

const exe = requireEnv('INKDOKU_APP');
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'inkdoku-e2e-single-'));
const env = {
  ...process.env,
  HOME: home,
  XDG_DATA_HOME: path.join(home, 'data'),
  XDG_CONFIG_HOME: path.join(home, 'config'),
  // The failed-start note falls back to the temp folder: keep it where this test looks.
  TMPDIR: path.join(home, 'tmp'),
};
fs.mkdirSync(env.TMPDIR);

function killAll() {
  for (const pid of pidsByExe(exe)) try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ }
}

after(() => {
  killAll();
  fs.rmSync(home, { recursive: true, force: true });
});

function launch() {
  return start(exe, [], { env });
}

function exited(child, timeout) {
  return waitFor('the launch to exit', () => child.exitCode !== null || child.signalCode !== null, { timeout }).then(() => child.exitCode);
}

/** Every failed-start note under the test's home (data, log and temp folders). */
function startupNotes() {
  const found = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name === 'startup-error.txt') found.push(fs.readFileSync(p, 'utf8'));
    }
  };
  walk(home);
  return found;
}

async function stopAll() {
  killAll();
  await waitFor('no app left and the name free', () => pidsByExe(exe).length === 0 && owner() === null);
}

test('a launch whose running instance dies before answering starts the app itself', { timeout: 90000 }, async () => {
  await waitFor('the name free', () => owner() === null);
  const first = launch();
  await waitFor('the first launch to own the name', () => owner() === first.pid, { timeout: 30000 });
  // Frozen, the first instance keeps its name but can't answer: the second launch's hand-over
  // waits. Watch the bus for that call, then kill the first, as a crash would.
  const monitor = spawn('dbus-monitor', ['--session', "interface='org.SingleInstance.DBus'"], { stdio: ['ignore', 'pipe', 'ignore'] });
  let seen = '';
  monitor.stdout.on('data', (d) => { seen += d; });
  try {
    process.kill(first.pid, 'SIGSTOP');
    const second = launch();
    await waitFor('the hand-over call on the bus', () => seen.includes('ExecuteCallback'), { timeout: 30000 });
    process.kill(first.pid, 'SIGKILL');
    assert.equal(await exited(second, 30000), 0, `the second launch does not fail: ${second.output}`);
    const now = await waitFor('a new instance to own the name', () => {
      const pid = owner();
      return pid && pid !== first.pid && pid !== second.pid ? pid : null;
    }, { timeout: 30000 });
    // A child the app forks (WebKit starting its helper processes) shows the app's exe until it
    // execs, so one look can count two apps; a real second app would stay. CI saw it once.
    await waitFor('exactly one app to run', () => {
      const pids = pidsByExe(exe);
      if (pids.length === 1 && pids[0] === now) return true;
      throw new Error(`app processes [${pids}], the name's owner ${now}`);
    }, { timeout: 10000 });
    assert.deepEqual(startupNotes(), [], 'no "could not start"');
  } finally {
    monitor.kill('SIGKILL');
    await stopAll();
  }
});
