// The settings file of the real app (issue #40): settings.json is written the way saves are
// (temp file, flush, rename, the previous copy kept as settings.json.bak), and a file left
// empty (what a plain truncate-and-write leaves on a full disk) is restored from that copy at
// the next launch, with a notice, instead of every setting going back to its default.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startApp, dismissResume, backend, appDataDir } from '../support/tauri.mjs';
import { waitFor, sleep } from '../support/proc.mjs';

let app;
after(async () => { if (app) await app.quit(); });

const file = () => path.join(appDataDir(), 'settings.json');
const readJson = (p) => JSON.parse(fs.readFileSync(p, 'utf8'));

test('settings are kept with a copy; an emptied file comes back from it, and the player is told', { timeout: 150000 }, async () => {
  app = await startApp();
  let d = app.driver;
  await dismissResume(d, 'new');
  const s = await backend(d, 'get_settings');
  await backend(d, 'update_settings', { settings: { ...s, time_limit_min: 10 } });
  await backend(d, 'update_settings', { settings: { ...s, time_limit_min: 15 } });
  assert.equal(readJson(file()).settings.time_limit_min, 15);
  assert.equal(readJson(`${file()}.bak`).settings.time_limit_min, 10, 'the previous copy is kept');
  await app.quit();
  assert.equal(readJson(file()).settings.time_limit_min, 15, 'closing the app writes nothing else over it');

  fs.writeFileSync(file(), '');
  app = await startApp();
  d = app.driver;
  await dismissResume(d, 'new');
  assert.equal((await backend(d, 'get_settings')).time_limit_min, 10, 'the copy, one change older');
  const toast = await waitFor('the notice', () => d.executeScript("const t = document.getElementById('toast'); return t.hidden ? null : t.textContent;"));
  assert.match(toast, /settings/i);
  assert.ok(fs.readdirSync(appDataDir()).some((n) => n.startsWith('settings.json.corrupt-')), 'the emptied file is kept aside');
  await sleep(200);
});
