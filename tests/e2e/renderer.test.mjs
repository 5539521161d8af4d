// A dead renderer comes back by itself, with the game (issue 23), in the real app under Xvfb:
// in the middle of play of each kind the WebKit web process is killed with SIGKILL; within 5 s
// the window shows the same game again (the shell reloads the page on WebKitGTK's
// web-process-terminated, and a reload resumes the game in play), and play goes on.
// WebKitWebDriver ends its session when the page crashes (as WebDriver says it must), so what
// follows the kill is checked as a player would: the screen (the same pixels as before the
// kill, clock aside), a key typed into the window (Ctrl+Z) and the game's autosave on disk.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { startApp, dismissResume, pageState, backend, appDataDir } from '../support/tauri.mjs';
import { waitFor, requireEnv, pidsByExe, artifactPath, sleep } from '../support/proc.mjs';

let app;
after(async () => { if (app) await app.quit(); });
/** The WebKit web processes started by the app (its descendants running WebKitWebProcess). */
function webProcesses(appPid) {
  const parent = new Map();
  const web = [];
  for (const d of fs.readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      if (fs.readFileSync(`/proc/${d}/cmdline`, 'utf8').includes('WebKitWebProcess')) web.push(Number(d));
    } catch { /* gone */ }
  }
  const descends = (pid) => { for (let p = pid, k = 0; p > 1 && k < 20; p = parent.get(p), k++) if (p === appPid) return true; return false; };
  return web.filter(descends);
}

/** The whole X screen as a PNG file. */
function shoot(file) {
  execFileSync('import', ['-window', 'root', file]);
  return file;
}

/** Whether the screen's board area shows something (not a blank page): its pixels vary. */
function drawn(file) {
  const sd = Number(execFileSync('convert', [file, '-crop', '600x600+100+80', '-format', '%[fx:standard_deviation]', 'info:'], { encoding: 'utf8' }));
  return sd > 0.05;
}

/** How many pixels differ between two screenshots (ImageMagick's absolute error count). */
function differing(a, b) {
  try {
    execFileSync('compare', ['-metric', 'AE', '-fuzz', '4%', a, b, 'null:'], { stdio: ['ignore', 'ignore', 'pipe'] });
    return 0;
  } catch (e) {
    const n = Number(String(e.stderr).trim().split(/\s/)[0]);
    return Number.isFinite(n) ? n : Infinity;
  }
}

/** The autosave of one kind, as the app wrote it. */
function autosave(kind) {
  const file = path.join(appDataDir(), `autosave-${kind}.inkdoku`);
  try { return JSON.parse(fs.readFileSync(file, 'utf8')); } catch { return null; }
}

/** A move in the game in play, whatever its kind. */
function moveFor(v) {
  if (v.kind === 'slide') {
    const gap = v.tiles.indexOf(0);
    const [r, c] = [Math.floor(gap / v.cols), gap % v.cols];
    const [tr, tc] = r > 0 ? [r - 1, c] : [r + 1, c];
    return { type: 'tap', row: tr, col: tc };
  }
  const i = v.cells.findIndex((c) => !c.given && !c.value);
  return { type: 'set_value', row: Math.floor(i / v.size), col: i % v.size, value: 1 };
}

const board = (v) => JSON.stringify(v.kind === 'slide' ? v.tiles : v.cells.map((c) => c.value));

for (const [kind, args] of [['sudoku', { size: 9 }], ['kenken', { size: 4 }], ['slide', { rows: 3, cols: 3, difficulty: 'easy' }]]) {
  test(`${kind}: the web process killed during play, the same game is back within 5 s and play goes on`, { timeout: 120000 }, async () => {
    app = await startApp();
    try {
      await killDuringPlay(kind, args);
    } finally {
      await app.quit();
      app = null;
    }
  });
}

async function killDuringPlay(kind, args) {
    const d = app.driver;
    await dismissResume(d, 'new');
    const [appPid] = pidsByExe(requireEnv('INKDOKU_APP'));
    assert.ok(appPid, 'the app runs');
    const started = await backend(d, 'new_game', { kind, replace: true, params: args });
    assert.ok(started.game_id, JSON.stringify(started));
    const played = await backend(d, 'act', { action: moveFor(started) });
    assert.ok(!played.error, JSON.stringify(played));
    // The page shows it after a reload (which resumes the game in play).
    await d.navigate().refresh();
    await waitFor('the game on the page', async () => { const s = await pageState(d).catch(() => null); return s && s.view && s.view.game_id === played.game_id && s.ready; });
    // The window's pixels settled, showing the game.
    const before = artifactPath(`renderer-${kind}-before.png`);
    let previous = shoot(artifactPath(`renderer-${kind}-settling.png`));
    await waitFor('the game drawn in the window', async () => {
      await sleep(300);
      shoot(before);
      const settled = drawn(before) && differing(previous, before) < 50;
      previous = shoot(artifactPath(`renderer-${kind}-settling.png`));
      return settled;
    }, { timeout: 15000 });
    await waitFor('the autosave', () => { const a = autosave(kind); return a && a.history.done.length === 1; });
    // Where the undo button is on the screen, for the click after the kill.
    const win = await d.manage().window().getRect();
    const undo = await d.executeScript("const r = document.getElementById('btn-undo').getBoundingClientRect(); return {x: r.left + r.width / 2, y: r.top + r.height / 2};");
    const victims = await waitFor('the web process', () => { const p = webProcesses(appPid); return p.length ? p : null; });
    const killedAt = Date.now();
    for (const pid of victims) process.kill(pid, 'SIGKILL');
    // The window shows the same game again: the same pixels but for the clock.
    let last = Infinity;
    await waitFor('the same game on the screen', () => {
      const now = shoot(artifactPath(`renderer-${kind}-after.png`));
      last = differing(before, now);
      return last < 2500 && drawn(now);
    }, { timeout: 5000 + 2000, interval: 200 }).catch((e) => { throw new Error(`${e.message}; ${last} pixels differ (see artifacts/renderer-${kind}-after.png)`); });
    const took = Date.now() - killedAt;
    assert.ok(took <= 5000 + 1500, `back in ${took} ms (screenshots take a moment)`);
    assert.deepEqual(webProcesses(appPid).filter((p) => victims.includes(p)), [], 'the killed process is gone');
    // Play goes on: a click on the window's undo button undoes the move, and the autosave says so.
    await sleep(300);
    execFileSync('xdotool', ['mousemove', '--sync', String(Math.round(win.x + undo.x)), String(Math.round(win.y + undo.y)), 'click', '1']);
    await waitFor('the undo, saved', () => { const a = autosave(kind); return a && a.history.done.length === 0 && a.history.undone.length === 1; });
    assert.deepEqual(pidsByExe(requireEnv('INKDOKU_APP')), [appPid], 'the app itself never stopped');
    console.log(`${kind}: back in ${took} ms`);
}
