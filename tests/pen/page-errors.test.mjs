// A script error in the view (an uncaught exception, an unhandled promise rejection) in real
// Chromium against the real backend: it is sent to the backend's log, the player sees one calm
// sentence, and play goes on (the message takes no taps; the board still answers).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startDevServer, launchChromium, openApp } from '../support/devserver.mjs';
import { artifactPath, waitFor } from '../support/proc.mjs';
import { pageState, boardRect, cellCentre } from '../support/pen.mjs';

let server, browser, page;

before(async () => {
  server = await startDevServer();
  browser = await launchChromium({ width: 1200, height: 760 });
  page = await openApp(browser, server.url);
  // What reaches the backend's log_frontend_error, and was accepted by it.
  await page.evaluate(() => {
    window.__logged = [];
    const fetch = window.fetch;
    window.fetch = async (url, opts) => {
      const res = await fetch(url, opts);
      if (String(url).endsWith('/ipc/log_frontend_error') && res.ok) window.__logged.push(JSON.parse(opts.body));
      return res;
    };
  });
}, { timeout: 60000 });

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

const CALM = 'Something went wrong; your game is saved.';
const logged = () => page.evaluate(() => window.__logged);
/**
 * Makes the view's own code fail, as a bug in it would (an error thrown from a script the test
 * injects is "muted" by the browser: no message, no rejection event): while `during` runs, the
 * board's wrapper can't be found, so the next layout (app.js render()) throws.
 */
async function withBrokenLayout(during) {
  await page.evaluate(() => {
    window.__byId = document.getElementById;
    document.getElementById = function (id) { return id === 'board-wrap' ? null : window.__byId.call(document, id); };
  });
  try {
    await during();
  } finally {
    await page.evaluate(() => { document.getElementById = window.__byId; });
  }
}

const toastText = () => page.evaluate(() => { const t = document.getElementById('toast'); return t.hidden ? null : t.textContent; });

test('an uncaught error is logged and told calmly, and play goes on', { timeout: 30000 }, async () => {
  assert.equal(await toastText(), null);
  // A resize makes the page lay itself out again, in a listener: the error is uncaught.
  await withBrokenLayout(() => page.evaluate(() => window.dispatchEvent(new Event('resize'))));
  await waitFor('the calm message', async () => (await toastText()) === CALM);
  const entry = await waitFor('the error in the log', async () => (await logged()).find((l) => /^Uncaught TypeError/.test(l.message)));
  assert.match(entry.message, /reading 'style'/);
  assert.match(entry.source || '', /^http:\/\/127\.0\.0\.1:\d+\/js\/app\.js$/, 'where it happened');
  assert.ok(entry.line > 0);
  await page.screenshot({ path: artifactPath('page-error-message.png') });

  // The message blocks nothing: a tap where it shows reaches what is under it.
  const under = await page.evaluate(() => {
    const r = document.getElementById('toast').getBoundingClientRect();
    const el = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return el ? el.id || el.tagName : null;
  });
  assert.notEqual(under, 'toast');
  // And the game still plays: tap an empty cell, type a number.
  const v = (await pageState(page)).view;
  const blank = v.cells.findIndex((c) => c.value === 0);
  const { x, y } = cellCentre(await boardRect(page), v.size, Math.floor(blank / v.size), blank % v.size);
  await page.mouse.click(x, y);
  const digit = 1;
  await page.keyboard.press(String(digit));
  await waitFor('the number in the cell', async () => (await pageState(page)).view.cells[blank].value === digit);
});

test('an unhandled promise rejection is logged too', { timeout: 30000 }, async () => {
  // Regaining focus asks the backend for the platform, then lays out in an async listener: the
  // error rejects its promise, which nothing handles.
  await withBrokenLayout(() => page.evaluate(() => window.dispatchEvent(new Event('focus'))).then(() =>
    waitFor('the rejection in the log', async () => (await logged()).find((l) => /^Cannot read properties of null/.test(l.message)))));
  const entry = (await logged()).find((l) => /^Cannot read properties of null/.test(l.message));
  assert.match(entry.source || '', /app\.js/, `where it happened: ${entry.source}`);
  // Told once in a while, not once per error: the message is still the calm one.
  assert.equal(await toastText(), CALM);
});
