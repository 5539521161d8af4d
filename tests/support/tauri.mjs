// Drives the real app: tauri-driver (with WebKitWebDriver) + selenium-webdriver.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { Builder } from 'selenium-webdriver';
import { start, stop, sleep, waitFor, portOpen, requireEnv, artifactPath, pidsByExe } from './proc.mjs';

// Each test file (node --test runs each in its own process) gets its own home, kept across the
// relaunches within the file: the app's saves, settings and WebKit data start empty, and no file
// sees the games another one left.
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'inkdoku-e2e-home-'));
process.on('exit', () => fs.rmSync(home, { recursive: true, force: true }));
/** The app's data folder (saves, settings, logs) in this test file's home. */
export const appDataDir = () => path.join(home, 'data', 'app.inkdoku.desktop');
/** The environment the app runs in (its home, data and config folders). */
export const appEnv = () => ({ ...process.env, HOME: home, XDG_DATA_HOME: path.join(home, 'data'), XDG_CONFIG_HOME: path.join(home, 'config') });

// Ports can be moved (INKDOKU_DRIVER_PORT) so that two checkouts can run their E2E at once.
const driverPort = Number(process.env.INKDOKU_DRIVER_PORT || 4444);
const nativePort = driverPort + 1;

/**
 * The pid of the process owning the app's single-instance D-Bus name (Linux), or null. A killed
 * app's name is released by the bus a moment after the process is gone.
 */
export function instanceOwner() {
  try {
    const out = execFileSync('dbus-send', ['--session', '--print-reply', '--dest=org.freedesktop.DBus', '/org/freedesktop/DBus',
      'org.freedesktop.DBus.GetConnectionUnixProcessID', 'string:app.inkdoku.desktop.SingleInstance'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const m = /uint32 (\d+)/.exec(out);
    return m ? Number(m[1]) : null;
  } catch {
    return null; // no owner (or no session bus)
  }
}

export async function startApp() {
  const app = requireEnv('INKDOKU_APP');
  // The previous test's app was killed with its session: launched before the bus has freed its
  // name, this one would hand over to it and, finding it gone, start again in a new process
  // (shell.rs, relaunch_once), which WebKitWebDriver, waiting on the process it launched, may
  // never see.
  if (process.platform === 'linux') await waitFor('the last instance to release its name', () => instanceOwner() === null);
  // Another driver on these ports (a run left behind) would take this test's session into its
  // own home: say so instead.
  for (const port of [driverPort, nativePort]) {
    if (await portOpen(port)) throw new Error(`port ${port} is already in use: another tauri-driver? (INKDOKU_DRIVER_PORT moves it)`);
  }
  const driverBin = process.env.TAURI_DRIVER || 'tauri-driver';
  const driverProc = start(driverBin, ['--port', String(driverPort), '--native-port', String(nativePort)], { env: appEnv() });
  await waitFor('tauri-driver and WebKitWebDriver to listen', async () => {
    if (driverProc.exitCode !== null) throw new Error(`tauri-driver exited: ${driverProc.output}`);
    return (await portOpen(driverPort)) && (await portOpen(nativePort));
  });
  const building = new Builder()
    .usingServer(`http://127.0.0.1:${driverPort}/`)
    .withCapabilities({ browserName: 'wry', 'tauri:options': { application: app } })
    .build();
  // Bounded, and saying why: a launch that fails (e.g. "could not start") leaves WebKitWebDriver
  // waiting for a window that never comes.
  const stalled = Symbol('stalled');
  let timer;
  const driver = await Promise.race([building, new Promise((r) => { timer = setTimeout(() => r(stalled), 90000); })]);
  clearTimeout(timer); // a pending timer would keep the test file's process alive
  if (driver === stalled) {
    building.catch(() => {}); // it fails once the driver is stopped
    await stop(driverProc);
    throw new Error(`no WebDriver session after 90 s; app processes: [${pidsByExe(app)}]; tauri-driver said:\n${driverProc.output}`);
  }
  await driver.manage().setTimeouts({ script: 10000, pageLoad: 20000, implicit: 0 });
  return {
    driver,
    async screenshot(name) {
      fs.writeFileSync(artifactPath(name), await driver.takeScreenshot(), 'base64');
    },
    async quit() {
      // Bounded: now and then ending the WebDriver session hangs, or leaves the app running.
      await Promise.race([driver.quit().catch(() => {}), sleep(10000)]);
      await stop(driverProc);
      // The app exits by itself once its window is closed (saving first). If it outlives its
      // session, it would hold tauri-driver's pipes and hang the test run: kill it, as a crash
      // would (the autosave after every move is what survives).
      try {
        await waitFor('the app to exit', () => pidsByExe(app).length === 0, { timeout: 8000 });
      } catch {
        for (const pid of pidsByExe(app)) try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ }
        console.error('the app outlived its WebDriver session and was killed');
      }
      // tauri-driver's port must be free before the next test file starts it again.
      await waitFor('tauri-driver to stop', async () => !(await portOpen(driverPort)));
    },
  };
}

/** A JSON copy of the page's exposed state. */
export function pageState(driver) {
  return driver.executeScript('return JSON.parse(JSON.stringify(window.__inkdoku));');
}

/** Waits until the page has drawn the backend's board, and returns the page state. */
export async function waitForBoard(driver) {
  return waitFor('the board to be drawn', () =>
    driver.executeScript('const s = window.__inkdoku; return s && s.ready ? JSON.parse(JSON.stringify(s)) : null;'),
  );
}

/** Calls a backend command from inside the page, over the app's own IPC. */
export function backend(driver, command, args = {}) {
  return driver.executeAsyncScript(
    'const [cmd, args, done] = arguments; window.__TAURI_INTERNALS__.invoke(cmd, args).then(done, (e) => done({ error: e }));',
    command,
    args,
  );
}

/**
 * Answers the "Continue or New game" question if it is asked ('new', or the kind of game to
 * continue, e.g. 'sudoku'); returns whether it was.
 */
export async function dismissResume(driver, choice) {
  const asked = await waitFor('start-up', () =>
    driver.executeScript("const d = document.getElementById('dlg-resume'); const s = window.__inkdoku; return d.open ? 'asked' : (s && s.view ? 'no' : null);"),
  );
  if (asked === 'asked') await (await driver.findElement({ id: choice === 'new' ? 'resume-new' : `resume-continue-${choice}` })).click();
  await waitForBoard(driver);
  return asked === 'asked';
}

/** Taps cell (row, col) of an n x n board with the mouse and waits until it is selected. */
export async function tapCell(d, n, row, col) {
  const canvas = await d.findElement({ id: 'ink' });
  const rect = await canvas.getRect();
  const x = Math.round(((col + 0.5) / n) * rect.width - rect.width / 2), y = Math.round(((row + 0.5) / n) * rect.height - rect.height / 2);
  await d.actions().move({ origin: canvas, x, y }).press().release().perform();
  await waitFor('the selection', async () => { const s = (await pageState(d)).selected; return s && s.row === row && s.col === col; });
}
