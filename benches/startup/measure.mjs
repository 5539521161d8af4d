#!/usr/bin/env node
// Start-up and memory bench (issue 27): Inkdoku against a blank Tauri 2 window whose page draws a
// 9x9 grid (benches/startup/blank), in the same run. A bench, not a test: nothing calls it.
//
//   cargo build --release -p inkdoku-app -p inkdoku-startup-blank
//   node benches/startup/measure.mjs [--runs 4] [--out DIR] [--ours BIN] [--blank BIN] [--before BIN] [--env K=V,...] [--smaps=1]
//
// The apps run one at a time on one Xvfb screen without a window manager (software rendering: no
// GPU, LIBGL_ALWAYS_SOFTWARE=1), each with a fresh HOME and XDG folders per round (nothing of the
// user's is touched), interleaved: ours cold, blank cold, ours warm, blank warm, for each round;
// one uncounted launch first.
// - cold: a fresh data folder (and caches: WebKit's, Mesa's shader cache);
// - warm: the second launch on the same folders. Inkdoku's first launch left an autosave of the
//   game it opened, and with an autosave it asks "Welcome back" (Continue / New game) instead of
//   drawing a board: the warm launch runs without the autosave files (everything else kept), so
//   it draws a new board as the first launch did. The "Welcome back" start is not measured.
// A probe (gridprobe.c, compiled here) grabs the screen every 20 ms and reports when a window
// shows (the first non-black pixel) and when a 9x9 grid is on the screen: launch to grid is the
// time. Memory: 4 s after launch, the PSS (/proc/PID/smaps_rollup) of the app and of every
// process under it (WebKitWebProcess, WebKitNetworkProcess), summed. Every process started is
// killed by its id; the whole run sits in a private D-Bus session (dbus-run-session), which
// Inkdoku's single-instance plugin needs and which ends with the run.
// Each launch also says how many view-sized frame buffers the app holds at 4 s: one until its
// page paints again after its first frames, then two (and ~12 MB more in all); the blank, which
// never paints again, often stays at one, so PSS is compared also between launches with two.
// Prints the medians, ranges and the ratio ours/blank (and before/blank with --before BIN); writes results.json and, for each run,
// the frame in which the grid was found (PNG) into --out.

import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync, renameSync, openSync, closeSync } from 'node:fs';
import { tmpdir, cpus, loadavg } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

const here = dirname(fileURLToPath(import.meta.url));
const args = parseArgs(process.argv.slice(2));
const target = process.env.CARGO_TARGET_DIR || join(process.env.HOME, '.cache/inkdoku/target');
const RUNS = Number(args.runs || 4);
const MEMORY_AT_MS = 4000;
const GRID_TIMEOUT_MS = Number(args.timeout || 20000);
const SCREEN = '1280x800x24';
const apps = [
  { name: 'ours', bin: resolve(args.ours || join(target, 'release/inkdoku-app')), id: 'app.inkdoku.desktop' },
  // --before BIN: an earlier build of the app, in the same interleaved run (a change's effect).
  ...(args.before ? [{ name: 'before', bin: resolve(args.before), id: 'app.inkdoku.desktop' }] : []),
  { name: 'blank', bin: resolve(args.blank || join(target, 'release/inkdoku-startup-blank')), id: 'app.inkdoku.startup-blank' },
];

function parseArgs(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([\w-]+)(?:=(.*))?$/.exec(argv[i]);
    if (!m) throw new Error(`unknown argument ${argv[i]}`);
    out[m[1]] = m[2] ?? argv[++i];
  }
  return out;
}

// The whole run in a private session bus (it and the daemon end with the run).
if (!process.env.INKDOKU_BENCH_BUS) {
  const child = spawn('dbus-run-session', ['--', process.execPath, fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, INKDOKU_BENCH_BUS: '1' },
  });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  await main();
}

async function main() {
  for (const a of apps) if (!existsSync(a.bin)) throw new Error(`${a.bin} is missing: cargo build --release -p inkdoku-app -p inkdoku-startup-blank`);
  const out = resolve(args.out || mkdtempSync(join(tmpdir(), 'inkdoku-startup-')));
  mkdirSync(out, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'inkdoku-startup-work-'));
  const probe = join(work, 'gridprobe');
  execFileSync('cc', ['-O2', '-o', probe, join(here, 'gridprobe.c'), '-lX11']);

  const started = []; // every process this run started, to be killed at the end whatever happens
  // Only a child not yet reaped: its pid can't have been reused.
  const cleanup = () => { for (const p of started) if (p.exitCode === null && p.signalCode === null) killTree(p.pid); };
  process.on('exit', cleanup);
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => { cleanup(); process.exit(130); });

  const display = `:${Number(args.display || 90 + (process.pid % 9))}`;
  const xvfb = spawn('Xvfb', [display, '-screen', '0', SCREEN, '-nolisten', 'tcp'], { stdio: 'ignore' });
  started.push(xvfb);
  await waitForDisplay(display, probe);

  const header = {
    date: new Date().toISOString(),
    uptime: execFileSync('uptime').toString().trim(),
    cores: cpus().length,
    cpu: cpus()[0] && cpus()[0].model,
    screen: `Xvfb ${SCREEN}, no window manager, software rendering (LIBGL_ALWAYS_SOFTWARE=1)`,
    runs: RUNS,
    apps: apps.map((a) => ({ name: a.name, bin: a.bin })),
  };
  console.log(`# ${header.date}  ${header.uptime}`);
  console.log(`# ${header.cores} cores (${header.cpu}); ${header.screen}; ${RUNS} interleaved rounds`);

  // One launch not counted: the first GTK app of the session bus starts the accessibility bus
  // (at-spi), which then stays up as on a desktop; no measured launch should pay for it.
  await launch(apps[apps.length - 1], mkdtempSync(join(work, 'warm-up-')), display, probe, join(work, 'warm-up.ppm'), work, 'warm-up', started);
  await sleep(1000);

  const results = [];
  for (let round = 1; round <= RUNS; round++) {
    const homes = Object.fromEntries(apps.map((a) => [a.name, mkdtempSync(join(work, `${a.name}-${round}-`))]));
    for (const phase of ['cold', 'warm']) {
      for (const a of apps) {
        if (phase === 'warm') setAsideAutosaves(join(homes[a.name], '.local/share', a.id));
        const frame = join(out, `${a.name}-${phase}-${round}.ppm`);
        const r = await launch(a, homes[a.name], display, probe, frame, out, `${a.name}-${phase}-${round}`, started);
        const row = { round, phase, app: a.name, ...r };
        results.push(row);
        console.log(`${a.name.padEnd(5)} ${phase} #${round}: window ${ms(r.window_ms)}  grid ${ms(r.grid_ms)}  PSS ${mb(r.pss_kb)} (${r.processes.map((p) => `${p.name} ${mb(p.pss_kb)}`).join(', ')}; ${r.buffers} view buffer${r.buffers === 1 ? '' : 's'})`);
        await sleep(1000);
      }
    }
  }
  if (xvfb.exitCode === null) killTree(xvfb.pid);

  // Frames to look at (after the runs, so converting them costs the runs nothing).
  for (const f of readdirSync(out).filter((f) => f.endsWith('.ppm'))) {
    try {
      execFileSync('convert', [join(out, f), join(out, f.replace(/\.ppm$/, '.png'))]);
      rmSync(join(out, f));
    } catch { /* ImageMagick missing: the PPM stays */ }
  }

  const summary = {};
  console.log('\n| phase | app | launch → grid, median (range) | window shown, median | PSS at 4 s, median (range) |');
  console.log('|---|---|---|---|---|');
  for (const phase of ['cold', 'warm']) {
    for (const a of apps) {
      const rows = results.filter((r) => r.phase === phase && r.app === a.name);
      const grid = stats(rows.map((r) => r.grid_ms));
      const win = stats(rows.map((r) => r.window_ms));
      const pss = stats(rows.map((r) => r.pss_kb));
      summary[`${phase}/${a.name}`] = { grid, window: win, pss_kb: pss };
      console.log(`| ${phase} | ${a.name} | ${s(grid.median)} (${s(grid.min)}–${s(grid.max)}) | ${s(win.median)} | ${mb(pss.median)} (${mb(pss.min)}–${mb(pss.max)}) |`);
    }
  }
  console.log('');
  for (const phase of ['cold', 'warm']) {
    const b = summary[`${phase}/blank`];
    for (const a of apps.filter((x) => x.name !== 'blank')) {
      const o = summary[`${phase}/${a.name}`];
      console.log(`${phase}: grid ${a.name}/blank ${(o.grid.median / b.grid.median).toFixed(2)}×, PSS ${a.name}/blank ${(o.pss_kb.median / b.pss_kb.median).toFixed(2)}×`);
    }
  }
  // Like for like: WebKitGTK keeps one view-sized frame buffer (shared by the app and its web
  // process) until the page paints again after its first frames, then two, and the web process
  // grows by ~10 MB with it (docs/benchmarks.md, "Sixth pass"). A page that never paints again
  // (the blank, often) stays at one; any page that does (a clock, a hover, a tap) goes to two.
  // So PSS is also compared between launches that hold two buffers, when both apps have some.
  for (const phase of ['cold', 'warm']) {
    const two = (name) => stats(results.filter((r) => r.phase === phase && r.app === name && r.buffers === 2).map((r) => r.pss_kb));
    const b = two('blank');
    for (const a of apps.filter((x) => x.name !== 'blank')) {
      const o = two(a.name);
      summary[`${phase}/${a.name}/two-buffers`] = { pss_kb: o, blank_pss_kb: b };
      if (o.n && b.n) console.log(`${phase}, launches holding two view buffers (${a.name} ${o.n}, blank ${b.n}): PSS ${a.name}/blank ${(o.median / b.median).toFixed(2)}× (${mb(o.median)} / ${mb(b.median)})`);
    }
  }
  console.log(`# load after: ${execFileSync('uptime').toString().trim()}`);
  writeFileSync(join(out, 'results.json'), JSON.stringify({ ...header, loadAfter: loadavg(), results, summary }, null, 1));
  console.log(`# results and frames in ${out}`);
  rmSync(work, { recursive: true, force: true });
}

/** One launch: the probe first (it waits for a clear screen), then the app; grid time, memory at 4 s, kill. */
async function launch(a, home, display, probe, frame, out, label, started) {
  const p = spawn(probe, ['-i', '20', '-t', String(GRID_TIMEOUT_MS), '-o', frame], { env: { ...process.env, DISPLAY: display }, stdio: ['ignore', 'pipe', 'inherit'] });
  started.push(p);
  const lines = createInterface({ input: p.stdout });
  const seen = {};
  let onLine = null;
  lines.on('line', (l) => {
    const [what, ns, ...rest] = l.split(' ');
    seen[what] = { ns: ns ? BigInt(ns) : null, rest };
    if (onLine) onLine();
  });
  const until = (what) => new Promise((res) => {
    const check = () => { if (seen[what] || seen.timeout) { onLine = null; res(seen[what]); } };
    onLine = check;
    check();
  });
  await until('clear');
  for (const d of ['.local/share', '.config', '.cache', 'runtime']) mkdirSync(join(home, d), { recursive: true, mode: 0o700 });
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    XDG_DATA_HOME: join(home, '.local/share'),
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_RUNTIME_DIR: join(home, 'runtime'),
    DISPLAY: display,
    DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS,
    LANG: 'C.UTF-8',
    LIBGL_ALWAYS_SOFTWARE: '1',
    // --env K=V[,K=V]: extra environment for both apps (e.g. WEBKIT_DISABLE_COMPOSITING_MODE=1).
    ...Object.fromEntries((args.env ? String(args.env).split(',') : []).map((kv) => kv.split(/=(.*)/s).slice(0, 2))),
  };
  const log = openSync(join(out, `${label}.log`), 'w');
  const t0 = process.hrtime.bigint();
  const app = spawn(a.bin, [], { env, stdio: ['ignore', log, log] });
  closeSync(log);
  started.push(app);
  let exited = false;
  app.on('exit', () => { exited = true; });
  const grid = await until('grid');
  const window = seen.window;
  const since = (e) => (e && e.ns ? Number(e.ns - t0) / 1e6 : null);
  const wait = MEMORY_AT_MS - Number(process.hrtime.bigint() - t0) / 1e6;
  if (wait > 0) await sleep(wait);
  const processes = exited ? [] : tree(app.pid).map((pid) => ({ pid, name: comm(pid), pss_kb: pss(pid) }));
  const buffers = exited ? null : viewBuffers(app.pid);
  // --smaps: where each process's PSS is, by mapping (to find what a page or build adds).
  if (args.smaps && !exited) writeFileSync(join(out, `${label}.smaps.txt`), processes.map((q) => pssByMapping(q)).join('\n'));
  if (!exited) killTree(app.pid);
  // The probe may still be writing its frame: a moment for it, then it goes too.
  for (let i = 0; i < 60 && p.exitCode === null && p.signalCode === null; i++) await sleep(50);
  if (p.exitCode === null && p.signalCode === null) killTree(p.pid);
  await waitGone([app.pid, ...processes.map((q) => q.pid)]);
  return {
    window_ms: since(window),
    grid_ms: since(grid),
    grid_at: grid ? grid.rest.map(Number) : null,
    pss_kb: processes.reduce((t, q) => t + (q.pss_kb || 0), 0),
    buffers,
    processes,
    exited_early: exited,
  };
}

/** Inkdoku's first launch saved the game it opened: the second launch would ask "Welcome back". */
function setAsideAutosaves(dataDir) {
  if (!existsSync(dataDir)) return;
  const aside = join(dataDir, '..', 'autosaves-set-aside');
  mkdirSync(aside, { recursive: true });
  for (const f of readdirSync(dataDir)) if (/^autosave/.test(f)) renameSync(join(dataDir, f), join(aside, f));
}

async function waitForDisplay(display, probe) {
  for (let i = 0; i < 100; i++) {
    try {
      execFileSync(probe, ['-t', '0'], { env: { ...process.env, DISPLAY: display }, stdio: 'ignore' });
    } catch (e) {
      if (e.status === 2) return; // connected; "timeout" after its clear check
    }
    await sleep(100);
  }
  throw new Error(`Xvfb ${display} did not start`);
}

/** The pid and every process under it (by parent pid), parents first. */
function tree(root) {
  const children = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(d));
    } catch { /* gone */ }
  }
  const out = [];
  const walk = (pid) => { out.push(pid); for (const c of children.get(pid) || []) walk(c); };
  if (existsSync(`/proc/${root}`)) walk(root);
  return out;
}

function comm(pid) {
  try { return readFileSync(`/proc/${pid}/comm`, 'utf8').trim(); } catch { return '?'; }
}

function pss(pid) {
  try {
    const m = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch { return null; }
}

/** A process's mappings from /proc/PID/smaps: name (file, [heap], [anon], memfd...), size, PSS. */
function mappings(pid) {
  const out = [];
  try {
    for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
      const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
      if (head) out.push({ name: head[1] || '[anon]', size_kb: 0, pss_kb: 0 });
      const m = /^(Size|Pss):\s+(\d+) kB/.exec(line);
      if (m && out.length) out[out.length - 1][m[1] === 'Size' ? 'size_kb' : 'pss_kb'] = Number(m[2]);
    }
  } catch { /* gone */ }
  return out;
}

/** How many view-sized frame buffers (WebKit's shared memory, 1 MB or more) the app maps. */
function viewBuffers(pid) {
  return mappings(pid).filter((m) => m.name.startsWith('/memfd:WebKitSharedMemory') && m.size_kb >= 1024).length;
}

/** A process's PSS summed by mapping name, largest first. */
function pssByMapping({ pid, name, pss_kb }) {
  const by = new Map();
  for (const m of mappings(pid)) by.set(m.name, (by.get(m.name) || 0) + m.pss_kb);
  const rows = [...by].sort((a, b) => b[1] - a[1]).filter(([, kb]) => kb >= 256);
  return [`# ${name} (pid ${pid}): PSS ${mb(pss_kb)}`, ...rows.map(([m, kb]) => `${(kb / 1024).toFixed(1).padStart(7)} MB  ${m}`)].join('\n') + '\n';
}

/** Kills a process and whatever runs under it, by pid. */
function killTree(pid) {
  for (const p of tree(pid).reverse()) {
    try { process.kill(p, 'SIGKILL'); } catch { /* gone */ }
  }
}

async function waitGone(pids) {
  for (let i = 0; i < 100; i++) {
    const alive = pids.filter((p) => {
      try { return !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${p}/stat`, 'utf8')); } catch { return false; }
    });
    if (!alive.length) return;
    await sleep(50);
  }
}

function stats(values) {
  const v = values.filter((x) => x !== null && x !== undefined).sort((a, b) => a - b);
  if (!v.length) return { median: null, min: null, max: null, n: 0 };
  const mid = v.length >> 1;
  return { median: v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2, min: v[0], max: v[v.length - 1], n: v.length };
}

function sleep(t) { return new Promise((r) => setTimeout(r, t)); }
function ms(x) { return x === null ? '—' : `${Math.round(x)} ms`; }
function s(x) { return x === null ? '—' : `${(x / 1000).toFixed(2)} s`; }
function mb(kb) { return kb === null || kb === undefined ? '—' : `${(kb / 1024).toFixed(0)} MB`; }
