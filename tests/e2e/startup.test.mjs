// A start that fails (#14): the real app, whose data folder can't be made, exits with the reason
// and where the details are written (on Windows in a message box, here on standard error) instead
// of dying silently.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { requireEnv, sleep } from '../support/proc.mjs';

// Windows finds the data folder through the shell's known folders, not the environment: there the
// folder can't be broken for one test, and the message box would wait for a click.
const skip = process.platform === 'win32' && 'the data folder can only be redirected on Linux';

test('an app that cannot make its data folder says why and where the details are', { timeout: 60000, skip }, async () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'inkdoku-e2e-broken-'));
  try {
    // A file where the data folder's parent should be: no folder can be made there (even as root).
    const data = path.join(home, 'data');
    fs.writeFileSync(data, 'not a folder');
    fs.mkdirSync(path.join(home, 'tmp'));
    const child = spawn(requireEnv('INKDOKU_APP'), [], {
      env: { ...process.env, HOME: home, XDG_DATA_HOME: data, XDG_CONFIG_HOME: path.join(home, 'config'), TMPDIR: path.join(home, 'tmp') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (b) => { stderr += b; });
    const code = await Promise.race([new Promise((r) => child.once('exit', (c) => r(c))), sleep(30000).then(() => 'still running')]);
    if (code === 'still running') child.kill('SIGKILL');
    assert.equal(code, 1, stderr);
    assert.match(stderr, /Inkdoku could not start: its data folder .*data\/app\.inkdoku\.desktop could not be created \(.+\)\./, stderr);
    const m = /The details are written in (.+startup-error\.txt)\./.exec(stderr);
    assert.ok(m, stderr);
    assert.equal(m[1], path.join(home, 'tmp', 'startup-error.txt'), 'the log folder is under the broken data folder, so the temp folder');
    assert.match(fs.readFileSync(m[1], 'utf8'), /Inkdoku could not start: its data folder/);
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
});
