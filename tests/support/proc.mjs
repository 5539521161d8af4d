// Process helpers for the end-to-end and pen tests: start a child, wait for ports, clean up.
import { spawn, execFileSync } from 'node:child_process';
import net from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const artifactsDir = path.join(repoRoot, 'artifacts');

export function artifactPath(name) {
  fs.mkdirSync(artifactsDir, { recursive: true });
  return path.join(artifactsDir, name);
}

export function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

export async function waitFor(what, fn, { timeout = 20000, interval = 100 } = {}) {
  const end = Date.now() + timeout;
  let last;
  while (Date.now() < end) {
    try {
      last = await fn();
      if (last) return last;
    } catch (e) {
      last = e;
    }
    await sleep(interval);
  }
  throw new Error(`timed out waiting for ${what} (last: ${last && last.message ? last.message : JSON.stringify(last)})`);
}

export function portOpen(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const s = net.connect({ port, host }, () => { s.destroy(); resolve(true); });
    s.on('error', () => resolve(false));
  });
}

/** Spawns a child whose output is kept (for error messages) and which dies with the test. */
export function start(cmd, args, opts = {}) {
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...opts });
  child.output = '';
  child.stdout.on('data', (d) => { child.output += d; });
  child.stderr.on('data', (d) => { child.output += d; });
  process.on('exit', () => { try { child.kill('SIGKILL'); } catch { /* already gone */ } });
  return child;
}

export async function stop(child) {
  if (!child) return;
  if (child.exitCode === null) {
    child.kill('SIGTERM');
    await Promise.race([new Promise((r) => child.once('exit', r)), sleep(3000)]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  // A grandchild that outlives it (the app under WebKitWebDriver) may still hold these pipes,
  // which would keep this test process alive for good.
  child.stdout?.destroy();
  child.stderr?.destroy();
}

/** The processes running the executable at `exe` (Linux: /proc/<pid>/exe; Windows: by name). */
export function pidsByExe(exe) {
  if (process.platform === 'win32') {
    // The Windows workflow (.github/workflows/windows.yml): one CSV line per process, "name","pid",...
    const name = path.basename(exe).toLowerCase();
    const out = execFileSync('tasklist', ['/FI', `IMAGENAME eq ${name}`, '/FO', 'CSV', '/NH'], { encoding: 'utf8' });
    return out.split(/\r?\n/).map((l) => l.split('","')).filter((f) => f.length > 1 && f[0].replace(/^"/, '').toLowerCase() === name).map((f) => Number(f[1]));
  }
  const want = fs.realpathSync(exe);
  return fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)).filter((pid) => {
    try { return fs.readlinkSync(`/proc/${pid}/exe`) === want; } catch { return false; }
  }).map(Number);
}

export function requireEnv(name) {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run the tests through scripts/test-all.sh`);
  return v;
}
