// Pen latency benchmark (not a test): in headless Chromium against the real backend, writes
// real handwriting and reports, as medians and 95th percentiles,
//  - ink: from a pointer event's timestamp to its ink drawn on the canvas (includes the
//    browser's input pipeline), and the drawing itself inside the handler;
//  - write: from a stroke group closing to the typed symbol drawn (IPC + recognition + redraw).
// Usage: INKDOKU_DEVSERVER=... node tests/bench/pen-latency.mjs [samples]
import { startDevServer, launchChromium, openApp } from '../support/devserver.mjs';
import { loadSamples, spread, placeInCell, Pen } from '../support/pen.mjs';

const count = Number(process.argv[2] || 100);
const server = await startDevServer();
const browser = await launchChromium();
try {
  const page = await openApp(browser, server.url);
  const pen = new Pen(await page.createCDPSession());
  const rect = await page.evaluate(() => { const r = document.getElementById('ink').getBoundingClientRect(); return { x: r.left, y: r.top, size: r.width }; });
  const view = await page.evaluate(() => window.__inkdoku.view);
  const blanks = view.cells.map((c, i) => (c.given ? -1 : i)).filter((i) => i >= 0);
  for (const [k, s] of spread(loadSamples('123456789'), count).entries()) {
    const i = blanks[k % blanks.length];
    const row = Math.floor(i / 9), col = i % 9;
    const writes = await page.evaluate(() => window.__inkdoku.writes);
    await pen.write(placeInCell(s.strokes, rect, 9, row, col), { gap: 60 });
    const far = blanks[(k + 40) % blanks.length];
    await pen.hover({ x: rect.x + ((far % 9) + 0.5) * rect.size / 9, y: rect.y + (Math.floor(far / 9) + 0.5) * rect.size / 9 });
    await page.waitForFunction((w) => window.__inkdoku.writes > w, { timeout: 10000 }, writes);
    await page.evaluate(async () => { await fetch('/ipc/undo', { method: 'POST', body: '{}' }); });
  }
  const { ink, draw, write } = await page.evaluate(() => ({ ink: window.__inkdoku.inkLatency, draw: window.__inkdoku.inkDraw, write: window.__inkdoku.latency }));
  const stat = (xs) => {
    const a = [...xs].sort((p, q) => p - q);
    const q = (f) => a[Math.min(a.length - 1, Math.floor(f * a.length))];
    return `median ${q(0.5).toFixed(2)} ms, p95 ${q(0.95).toFixed(2)} ms (n=${a.length})`;
  };
  console.log(`ink (pointer event -> ink drawn): ${stat(ink)}`);
  console.log(`ink drawing inside the handler: ${stat(draw)}`);
  console.log(`write (group closed -> typed symbol drawn): ${stat(write)}`);
} finally {
  await browser.close();
  await server.stop();
}
