// Screenshots of the sliding picture puzzle for docs/screenshots/ (slide-*.png), through the
// dev bridge in headless Chromium: the built-in picture and a photo, at 1920x1080 and 800x480.
// Usage: INKDOKU_DEVSERVER=… node tools/slide-screenshots.mjs PHOTO.jpg
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startDevServer, launchChromium, openApp } from '../tests/support/devserver.mjs';
import { repoRoot, sleep } from '../tests/support/proc.mjs';

const photo = process.argv[2];
if (!photo) throw new Error('usage: node tools/slide-screenshots.mjs PHOTO');
const out = path.join(repoRoot, 'docs', 'screenshots');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'inkdoku-shots-'));
const pickFile = path.join(tmp, 'pick.txt');
fs.writeFileSync(pickFile, path.resolve(photo));

try {
  for (const [width, height] of [[1920, 1080], [800, 480]]) {
    const server = await startDevServer({ args: ['--pick-file', pickFile] });
    const browser = await launchChromium({ width, height });
    try {
      const page = await openApp(browser, server.url);
      const ipc = (command, args = {}) => page.evaluate(async (c, a) => (await fetch(`/ipc/${c}`, { method: 'POST', body: JSON.stringify(a) })).json(), command, args);
      const show = async () => {
        await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
        await page.waitForFunction(() => window.__inkdoku.view && window.__inkdoku.view.kind === 'slide' && window.__inkdoku.pictureReady);
        await sleep(300);
      };
      // The built-in picture, 4 x 4, a few moves in, the hint showing.
      await ipc('new_game', { kind: 'slide', rows: 4, cols: 4, difficulty: 'medium', seed: 7 });
      await show();
      await page.click('#slide-hint');
      await page.waitForFunction(() => window.__inkdoku.hint);
      await page.screenshot({ path: path.join(out, `slide-builtin-${width}x${height}.png`) });
      // A photo, 3 x 4, numbers on, a warm border.
      await page.click('#btn-new');
      await page.click('#game-slide');
      await page.select('#slide-rows', '3');
      await page.select('#slide-cols', '4');
      await page.select('#slide-difficulty', 'easy');
      await page.click('#slide-pic-choose');
      await page.waitForFunction(() => { const b = document.querySelector('#slide-pics [data-kind="own"]'); return b && b.getAttribute('aria-checked') === 'true'; });
      await page.click('#new-start');
      await page.waitForFunction(() => window.__inkdoku.view.cols === 4 && window.__inkdoku.view.rows === 3 && window.__inkdoku.pictureReady);
      await sleep(300);
      await page.click('#slide-numbers');
      await page.click('#slide-swatches .swatch:nth-child(3)');
      await sleep(300);
      await page.screenshot({ path: path.join(out, `slide-photo-${width}x${height}.png`) });
      // The new-game options for the sliding picture, on the small screen.
      if (width > 800) continue;
      await page.click('#btn-new');
      await page.click('#game-slide');
      await sleep(300);
      await page.screenshot({ path: path.join(out, `slide-options-${width}x${height}.png`) });
      if (page.errors.length) throw new Error(page.errors.join('\n'));
    } finally {
      await browser.close();
      await server.stop();
    }
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
