// Pen input in real headless Chromium against the real backend (dev bridge): the page must see
// a pen with its pressure, and a pen tap must select the cell under the nib.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startDevServer, launchChromium, openApp } from '../support/devserver.mjs';
import { artifactPath } from '../support/proc.mjs';

let server;
let browser;
let page;

before(async () => {
  server = await startDevServer();
  browser = await launchChromium();
  page = await openApp(browser, server.url);
}, { timeout: 60000 });

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

async function boardRect() {
  return page.evaluate(() => {
    const r = document.getElementById('board').getBoundingClientRect();
    return { x: r.left, y: r.top, size: r.width };
  });
}

test('the page is served over the HTTP transport with the backend\'s board', { timeout: 20000 }, async () => {
  const s = await page.evaluate(async () => ({
    transport: window.__inkdoku.transport,
    cells: window.__inkdoku.view.cells,
    backend: await (await fetch('/ipc/board', { method: 'POST', body: '{}' })).json(),
  }));
  assert.equal(s.transport, 'http');
  assert.equal(s.cells.length, 81);
  assert.deepEqual(s.cells, s.backend.cells);
  assert.deepEqual(page.errors, []);
});

test('a trusted pen event arrives as a pen with pressure and selects the cell', { timeout: 20000 }, async () => {
  const r = await boardRect();
  const cdp = await page.createCDPSession();
  const x = r.x + (4.5 / 9) * r.size;
  const y = r.y + (6.5 / 9) * r.size;
  const base = { x, y, button: 'left', clickCount: 1, pointerType: 'pen', tiltX: 10, tiltY: -5 };
  await cdp.send('Input.dispatchMouseEvent', { ...base, type: 'mouseMoved', buttons: 0, force: 0 });
  await cdp.send('Input.dispatchMouseEvent', { ...base, type: 'mousePressed', buttons: 1, force: 0.62 });
  await cdp.send('Input.dispatchMouseEvent', { ...base, type: 'mouseReleased', buttons: 0, force: 0 });
  const s = await page.evaluate(() => ({ last: window.__inkdoku.lastPointer, selected: window.__inkdoku.selected }));
  assert.equal(s.last.type, 'pen');
  assert.ok(Math.abs(s.last.pressure - 0.62) < 0.01, `pressure ${s.last.pressure}`);
  assert.deepEqual(s.selected, { row: 6, col: 4 });
  await page.screenshot({ path: artifactPath('pen-harness.png') });
});

test('a malformed command over HTTP gets a typed error, not a crash', { timeout: 20000 }, async () => {
  const res = await page.evaluate(async () => {
    const r = await fetch('/ipc/new_game', { method: 'POST', body: '{"size": "huge"' });
    const r2 = await fetch('/ipc/no_such_command', { method: 'POST', body: '{}' });
    return [r.status, await r.json(), r2.status, await r2.json()];
  });
  assert.equal(res[0], 400);
  assert.equal(res[1].kind, 'bad_arguments');
  assert.equal(res[2], 400);
  assert.equal(res[3].kind, 'unknown_command');
  // The server is still up and serving the same game.
  const board = await page.evaluate(async () => (await fetch('/ipc/board', { method: 'POST', body: '{}' })).json());
  assert.equal(board.cells.length, 81);
});
