// Saving that stays impossible (issue #24: another program holds the save file open, as an
// antivirus or a backup tool can on Windows): the view asks `save_status` every few seconds and
// tells the player, in their language, only while it lasts. The backend's side (retries, when
// to tell) is tested in src-tauri's commands tests; the dev bridge keeps no files, so here the
// answer of `save_status` is the one thing the page is given.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPenPage, closePenPage, chooseLanguage } from '../support/devserver.mjs';
import { artifactPath } from '../support/proc.mjs';

let session, page;

before(async () => {
  ({ page } = session = await openPenPage());
}, { timeout: 60000 });

after(async () => {
  await closePenPage(session);
});

test('the real bridge says nothing is wrong; a lasting trouble is told in Chinese until it goes', { timeout: 60000 }, async () => {
  const real = await page.evaluate(async () => (await fetch('/ipc/save_status', { method: 'POST', body: '{}' })).json());
  assert.deepEqual(real, { trouble: null, message: null });
  assert.equal(await page.$eval('#save-trouble', (e) => e.hidden), true);
  await chooseLanguage(page, 'zh-CN');
  await page.evaluate(() => {
    window.__trouble = { kind: 'busy', path: 'C:\\Users\\李 雷\\AppData\\Roaming\\app.inkdoku.desktop\\autosave-sudoku.inkdoku' };
    const f = window.fetch;
    window.fetch = (u, o) => (String(u).endsWith('/ipc/save_status')
      ? Promise.resolve(new Response(JSON.stringify({ trouble: window.__trouble, message: 'English' }), { headers: { 'content-type': 'application/json' } }))
      : f(u, o));
  });
  await page.waitForFunction(() => !document.getElementById('save-trouble').hidden, { timeout: 12000 });
  const text = await page.$eval('#save-trouble', (e) => e.textContent);
  assert.match(text, /无法保存/);
  assert.match(text, /autosave-sudoku\.inkdoku/);
  await page.screenshot({ path: artifactPath('save-trouble-zh.png') });
  await page.evaluate(() => { window.__trouble = null; });
  await page.waitForFunction(() => document.getElementById('save-trouble').hidden, { timeout: 12000 });
  await chooseLanguage(page, 'en');
});
