// Starts the development bridge (real Rust backend + ui/ over HTTP) and a headless Chromium.
import puppeteer from 'puppeteer-core';
import path from 'node:path';
import { start, stop, waitFor, requireEnv, repoRoot } from './proc.mjs';

/** @param {{args?: string[]}} [opts] args: more dev-server arguments (e.g. --pick-file FILE) */
export async function startDevServer({ args = [] } = {}) {
  // This checkout's ui/, whichever checkout built the binary (it defaults to its own: a
  // clean-clone run sharing the target dir would otherwise serve the clone's view here).
  const ui = path.join(repoRoot, 'ui');
  const child = start(requireEnv('INKDOKU_DEVSERVER'), ['--port', '0', '--ui', ui, ...args]);
  const url = await waitFor('the dev server to listen', () => {
    const m = /listening on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(child.output);
    if (child.exitCode !== null) throw new Error(`dev server exited: ${child.output}`);
    return m && m[1];
  });
  return { url, stop: () => stop(child) };
}

export async function launchChromium({ width = 1200, height = 760, deviceScaleFactor = 1 } = {}) {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      `--window-size=${width},${height}`,
    ],
    defaultViewport: { width, height, deviceScaleFactor },
  });
  return browser;
}

/** Opens the app page and waits until it has drawn a board from the backend. */
export async function openApp(browser, url, { askHand = false } = {}) {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60000 });
  await page.waitForFunction(() => window.__inkdoku && window.__inkdoku.ready, { timeout: 15000 });
  if (askHand === false) {
    // "Which hand do you write with?" pops up on the first pen stroke ever: tests other than its
    // own (hand-ask.test.mjs) start as a player who has answered it.
    const asked = await page.evaluate(async () => {
      const ipc = async (c, a) => (await fetch(`/ipc/${c}`, { method: 'POST', body: JSON.stringify(a) })).json();
      const s = await ipc('get_settings', {});
      if (s.hand_asked) return true;
      await ipc('update_settings', { settings: { ...s, hand_asked: true } });
      return false;
    });
    if (!asked) {
      await page.reload({ waitUntil: 'domcontentloaded' });
      await page.waitForFunction(() => window.__inkdoku && window.__inkdoku.ready, { timeout: 15000 });
    }
  }
  page.errors = errors;
  return page;
}

/**
 * The set-up most pen tests share: the dev server (with `args`), a headless Chromium of
 * `width` x `height`, the app page and a CDP pen on it. `close(session)` undoes it.
 */
export async function openPenPage({ width = 1200, height = 760, args = [], askHand = false } = {}) {
  const { Pen } = await import('./pen.mjs');
  const server = await startDevServer({ args });
  const browser = await launchChromium({ width, height });
  const page = await openApp(browser, server.url, { askHand });
  return { server, browser, page, pen: new Pen(await page.createCDPSession()) };
}

/**
 * Resizes the page and waits until the app has laid itself out for the new size: Chromium fires
 * `resize` at its next frame, so the old layout is still on screen just after setViewport. (A new
 * device-pixel ratio alone changes no CSS-pixel layout, and headless Chromium fires nothing for it.)
 */
/** Records the commands the page calls from now on (the dev bridge is plain fetch): `spiedCalls`. */
export async function spyCalls(page) {
  await page.evaluate(() => {
    window.__calls = [];
    if (window.__spying) return;
    window.__spying = true;
    const f = window.fetch;
    window.fetch = (u, o) => { const m = /\/ipc\/([a-z_]+)/.exec(String(u)); if (m) window.__calls.push(m[1]); return f(u, o); };
  });
}
/** The commands called since `spyCalls`, in order. */
export const spiedCalls = (page) => page.evaluate(() => window.__calls);

/** Clicks `button` and waits until `dialog` (a selector) is open. */
export async function openDialog(page, button, dialog) {
  await page.click(button);
  await page.waitForSelector(`${dialog}[open]`);
}

/** Closes the open dialogs with Escape, as a player does (at most three deep). */
export async function closeDialogs(page) {
  for (let k = 0; k < 3 && (await page.$('dialog[open]')); k++) {
    await page.keyboard.press('Escape');
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Changes the language as a player does: Settings…, Language, Save; waits until the page speaks it. */
export async function chooseLanguage(page, lang) {
  await page.click('#btn-settings');
  await page.waitForSelector('#dlg-settings[open]');
  await page.select('#set-language', lang);
  await page.click('#settings-save');
  await page.waitForFunction((l) => document.documentElement.lang === l, { timeout: 5000 }, lang);
}

export async function resizePage(page, { width, height, deviceScaleFactor = 1 }) {
  await page.setViewport({ width, height, deviceScaleFactor });
  await page.waitForFunction((want) => window.__inkdoku && window.__inkdoku.renderedFor === want, { timeout: 10000 }, `${width}x${height}`);
  await page.waitForFunction((dpr) => window.devicePixelRatio === dpr, { timeout: 10000 }, deviceScaleFactor);
}

/**
 * A new game of the last game played (with its remembered options, as the app's own "new game"
 * makes it), then a reload: a reload resumes the game in play, so the page shows that new game.
 * Waits until it is drawn and no dialog is open.
 */
export async function reloadToNewGame(page, { timeout = 15000 } = {}) {
  const id = await page.evaluate(async () => {
    const ipc = async (command, args) => (await fetch(`/ipc/${command}`, { method: 'POST', body: JSON.stringify(args) })).json();
    const s = await ipc('get_settings', {});
    const kind = ['sudoku', 'kenken', 'slide'].includes(s.last_game) ? s.last_game : 'sudoku';
    // No params: the backend takes the ones the settings keep for that kind.
    return (await ipc('new_game', { kind, replace: true })).game_id;
  });
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForFunction((want) => window.__inkdoku && window.__inkdoku.view && window.__inkdoku.view.game_id === want && window.__inkdoku.ready && !document.querySelector('dialog[open]'), { timeout }, id);
}

export async function closePenPage({ server, browser } = {}) {
  if (browser) await browser.close();
  if (server) await server.stop();
}

/**
 * The games as after quitting and launching the app again (the dev bridge keeps its state in
 * memory): the game in play waits for Continue, and the page's next start is a cold one, which
 * offers it. Then reloads and waits for that start-up to settle (a dialog or a board).
 */
export async function relaunch(page, { timeout = 15000 } = {}) {
  await page.evaluate(() => fetch('/test/relaunch', { method: 'POST', body: '{}' }));
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => document.querySelector('dialog[open]') || (window.__inkdoku && window.__inkdoku.ready), { timeout });
}

/**
 * After a click that starts a game: waits until `started` (a function run in the page, with
 * `args`) holds or the "replace the game in progress?" question is asked, and says yes to it.
 * Then waits for `started`.
 */
export async function startReplacing(page, started, ...args) {
  const asked = () => document.getElementById('dlg-confirm').open;
  await page.waitForFunction(`(${asked})() || (${started})(...${JSON.stringify(args)})`, { timeout: 10000 });
  if (await page.evaluate(asked)) await page.click('#confirm-ok');
  await page.waitForFunction(started, { timeout: 10000 }, ...args);
}
