// "Which hand do you write with?" (issue #24: Windows 11 no longer shows its handedness setting,
// so "automatic" says right-handed on most tablets): asked once, on the first pen stroke ever
// while the handedness is automatic; the layout moves as the player chooses; the answer is kept,
// and a finger or the mouse never asks. Real pen events through CDP, real backend.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPenPage, closePenPage } from '../support/devserver.mjs';
import { artifactPath, sleep } from '../support/proc.mjs';
import { boardRect, cellCentre, ipc as ipcOf } from '../support/pen.mjs';

let session, page, pen;

before(async () => {
  ({ page, pen } = session = await openPenPage({ askHand: true }));
}, { timeout: 60000 });

after(async () => {
  await closePenPage(session);
});

const ipc = (cmd, args = {}) => ipcOf(page, cmd, args);
const panelX = () => page.$eval('#panel', (e) => e.getBoundingClientRect().left);

async function penStrokeInCell(row, col) {
  const r = await boardRect(page);
  const c = cellCentre(r, 9, row, col);
  const d = r.size / 9 / 4;
  await pen.stroke([{ x: c.x, y: c.y - d }, { x: c.x, y: c.y }, { x: c.x, y: c.y + d }], { dt: 8 });
}

test('the mouse never asks; the first pen stroke asks once; the layout follows the choice', { timeout: 60000 }, async () => {
  const s = await ipc('get_settings');
  assert.deepEqual([s.handedness, s.hand_asked], ['auto', false]);
  const r = await boardRect(page);
  await page.mouse.click(r.x + r.size / 2, r.y + r.size / 2);
  await sleep(300);
  assert.equal(await page.$eval('#dlg-hand', (d) => d.open), false, 'a mouse click asks nothing');

  await penStrokeInCell(0, 0);
  await page.waitForSelector('#dlg-hand[open]', { timeout: 5000 });
  assert.ok((await panelX()) > 600, 'right-handed to start with');
  await page.click('#hand-left');
  await page.waitForFunction(() => document.getElementById('app').dataset.hand === 'left');
  assert.equal(await panelX(), 0, 'the panel moved to the left at once');
  await page.screenshot({ path: artifactPath('hand-ask.png') });
  assert.equal((await ipc('get_settings')).handedness, 'auto', 'only tried, not kept yet');
  await page.click('#hand-done');
  await page.waitForFunction(async () => {
    const s = await (await fetch('/ipc/get_settings', { method: 'POST', body: '{}' })).json();
    return s.handedness === 'left' && s.hand_asked;
  }, { timeout: 5000 });

  // Asked once: not again after a reload, nor when the handedness is automatic again.
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => window.__inkdoku && window.__inkdoku.ready);
  assert.equal(await panelX(), 0, 'kept');
  await ipc('update_settings', { settings: { ...(await ipc('get_settings')), handedness: 'auto' } });
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => window.__inkdoku && window.__inkdoku.ready);
  await penStrokeInCell(8, 8);
  await sleep(400);
  assert.equal(await page.$eval('#dlg-hand', (d) => d.open), false, 'asked once only');
});
