// Layout in real Chromium at the sizes players use, from an 800x480 netbook to 4K at 200%:
// the board is square, inside the window and clear of the controls; every control is reachable;
// left-handed players get the controls on the left; portrait puts them below. Screenshots land
// in artifacts/ for people to look at.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startDevServer, launchChromium, openApp, reloadToNewGame } from '../support/devserver.mjs';
import { artifactPath } from '../support/proc.mjs';

let server, browser, page;

before(async () => {
  server = await startDevServer();
  browser = await launchChromium({ width: 1200, height: 760 });
  page = await openApp(browser, server.url);
}, { timeout: 60000 });

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

/** The page starts a game of the default size when it loads: set it (and the hand) first. */
async function setSettings(patch) {
  await page.evaluate(async (patch) => {
    const s = await (await fetch('/ipc/get_settings', { method: 'POST', body: '{}' })).json();
    await fetch('/ipc/update_settings', { method: 'POST', body: JSON.stringify({ settings: { ...s, ...patch } }) });
  }, patch);
}

async function show(width, height, dpr, size) {
  await page.setViewport({ width, height, deviceScaleFactor: dpr });
  await reloadToNewGame(page);
  await page.waitForFunction((size) => window.__inkdoku.view && window.__inkdoku.view.size === size && window.__inkdoku.ready, {}, size);
  return page.evaluate(() => {
    const r = (id) => { const b = document.getElementById(id).getBoundingClientRect(); return { x: b.left, y: b.top, w: b.width, h: b.height }; };
    const panel = document.getElementById('panel');
    const buttons = [...panel.querySelectorAll('button')].map((b) => { const q = b.getBoundingClientRect(); return { id: b.id || b.textContent, x: q.left, y: q.top, w: q.width, h: q.height }; });
    const c = document.getElementById('board');
    return { board: r('board'), panel: r('panel'), buttons, backing: c.width, dpr: window.devicePixelRatio, scrolls: panel.scrollHeight > panel.clientHeight + 1, hand: document.getElementById('app').dataset.hand };
  });
}

const cases = [
  { name: '800x480', w: 800, h: 480, dpr: 1, size: 9, hand: 'right' },
  { name: '1920x1080', w: 1920, h: 1080, dpr: 1, size: 9, hand: 'right' },
  { name: '4k-200pct', w: 1920, h: 1080, dpr: 2, size: 9, hand: 'right' },
  { name: 'left-handed', w: 1280, h: 800, dpr: 1, size: 9, hand: 'left' },
  { name: 'portrait', w: 800, h: 1280, dpr: 1.5, size: 9, hand: 'right' },
  { name: '16x16', w: 1366, h: 768, dpr: 1.25, size: 16, hand: 'right' },
  { name: '4x4', w: 1024, h: 768, dpr: 1, size: 4, hand: 'right' },
  { name: '6x6', w: 1024, h: 768, dpr: 1, size: 6, hand: 'right' },
];

for (const c of cases) {
  test(`layout ${c.name}`, { timeout: 30000 }, async () => {
    await setSettings({ handedness: c.hand, params: { sudoku: { size: c.size } } });
    const l = await show(c.w, c.h, c.dpr, c.size);
    const b = l.board;
    assert.ok(Math.abs(b.w - b.h) < 1, 'square board');
    assert.ok(b.x >= 0 && b.y >= 0 && b.x + b.w <= c.w + 0.5 && b.y + b.h <= c.h + 0.5, 'board inside the window');
    assert.equal(l.backing, Math.round(b.w * l.dpr), 'backing store in device pixels: crisp');
    const p = l.panel;
    const overlap = b.x < p.x + p.w && p.x < b.x + b.w && b.y < p.y + p.h && p.y < b.y + b.h;
    assert.ok(!overlap, 'board and controls do not overlap');
    if (c.w > c.h) {
      assert.ok(b.w >= Math.min(c.h, c.w - p.w) - 60, `board as large as the window allows (${b.w})`);
      if (c.hand === 'left') assert.ok(p.x + p.w <= b.x, 'controls left of the board');
      else assert.ok(p.x >= b.x + b.w, 'controls right of the board');
    } else {
      assert.ok(p.y >= b.y + b.h, 'controls below the board in portrait');
    }
    for (const btn of l.buttons.filter((x) => x.w > 0)) {
      assert.ok(btn.x >= p.x - 0.5 && btn.x + btn.w <= p.x + p.w + 0.5, `${btn.id} fits the panel's width`);
      assert.ok(btn.h >= 32, `${btn.id} is big enough to hit (${btn.h}px)`);
    }
    await page.screenshot({ path: artifactPath(`layout-${c.name}.png`) });
  });
}
