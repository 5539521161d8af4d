// The daily puzzle (issue #44, item 1) in headless Chromium against the real backend: New
// game… → ☀ Daily puzzle… opens the month's calendar of the game (Sudoku, KenKen and the
// Sudoku variants; the sliding puzzle has none), today chosen and outlined, later days shut; Play makes today's
// puzzle from the date (the same puzzle the engine makes for it), a reload resumes it, asking
// for it again continues it rather than replacing it; won, the day shows a star and the streak
// counts it; a past day plays later, not on time; statistics keep dailies apart; Chinese.
// Screenshots at 1920x1080, 800x480 and 533x800, in English and Chinese, go to artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPenPage, closePenPage, resizePage, chooseLanguage, closeDialogs } from '../support/devserver.mjs';
import { artifactPath, sleep } from '../support/proc.mjs';
import { pageState, ipc as ipcOf } from '../support/pen.mjs';

let session, page;

before(async () => {
  ({ page } = session = await openPenPage({ width: 1920, height: 1080 }));
}, { timeout: 60000 });

after(async () => {
  await closePenPage(session);
});

const ui = () => pageState(page);
const ipc = (cmd, args = {}) => ipcOf(page, cmd, args);
/** The page's own date, as the dialog reads it. */
const today = () => page.evaluate(() => { const d = new Date(); return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`; });
const text = (sel) => page.$eval(sel, (e) => e.textContent);

async function openDaily() {
  await page.click('#btn-new');
  await page.waitForSelector('#dlg-new[open]');
  await page.click('#new-daily');
  await page.waitForSelector('#dlg-daily[open]');
  await page.waitForFunction(() => document.querySelectorAll('#daily-cal .daily-day').length >= 28);
  await sleep(100);
}

/** Play in the daily dialog; waits for the daily of `date` of `kind` to be in play. */
async function play(kind, date) {
  await page.click('#daily-play');
  await page.waitForFunction((kind, date) => {
    const v = window.__inkdoku && window.__inkdoku.view;
    return v && v.kind === kind && v.daily === date && window.__inkdoku.ready && document.getElementById('gen').hidden;
  }, { timeout: 30000 }, kind, date);
  return (await ui()).view;
}

/** Wins the game in play as the player would with hints (the computer's step only for an elimination). */
async function winAsPlayer() {
  return page.evaluate(async () => {
    const ipc = async (command, args = {}) => (await fetch(`/ipc/${command}`, { method: 'POST', body: JSON.stringify(args) })).json();
    for (let k = 0; k < 2000; k++) {
      const h = await ipc('hint');
      const v = h.apply ? await ipc('act', { action: h.apply }) : (await ipc('solve_step')).view;
      if (v.solved) return v;
    }
    return null;
  });
}

test("the calendar opens on today's puzzle of the game, and Play makes it from the date", async () => {
  const date = await today();
  await openDaily();
  const games = await page.$$eval('#daily-games button', (bs) => bs.map((b) => [b.dataset.kind, b.getAttribute('aria-pressed')]));
  assert.deepEqual(games, [['sudoku', 'true'], ['kenken', 'false'], ['sudoku-x', 'false'], ['jigsaw', 'false'], ['killer', 'false']], 'the games with a daily puzzle; the sliding puzzle has none');
  const day = await page.$eval(`.daily-day[data-date="${date}"]`, (b) => ({ today: b.dataset.today, pressed: b.getAttribute('aria-pressed'), focused: document.activeElement === b, label: b.getAttribute('aria-label'), disabled: b.disabled }));
  assert.deepEqual([day.today, day.pressed, day.focused, day.disabled], ['true', 'true', true, false]);
  assert.match(day.label, /: not done$/);
  const cal = await ipc('daily_calendar', { kind: 'sudoku', today: date });
  assert.match(await text('#daily-today'), new RegExp(`^Today, .*: ${cal.level}\\. The week goes from easy on Monday to expert on Sunday\\.$`));
  assert.equal(await text('#daily-chosen'), `Today's puzzle (${cal.level}).`);
  assert.equal(await text('#daily-streak'), 'Streak: 0 days in a row on time · best 0');
  // Days after today can't be chosen yet; nor a later month.
  const later = await page.$$eval('.daily-day', (bs, d) => bs.filter((b) => b.dataset.date > d).every((b) => b.disabled && b.dataset.state === 'future'), date);
  assert.ok(later);
  assert.equal(await page.$eval('#daily-next', (b) => b.disabled), true);
  await page.screenshot({ path: artifactPath('daily-dialog-1920x1080.png') });

  const v = await play('sudoku', date);
  assert.equal(v.size, 9);
  assert.equal(v.difficulty, cal.level, 'the day of the week sets the level');
  assert.match(await text('#status'), /^Daily Sudoku of .* \((easy|medium|hard|expert)\)\.$/);
  // The very puzzle the engine makes for this date (`inkdoku daily` prints the same).
  const exported = await ipc('export_puzzle');
  await ipc('generate_game', { kind: 'sudoku', daily: date, replace: true });
  let s;
  do { s = await ipc('generation_status'); await sleep(20); } while (!s.done);
  assert.equal((await ipc('export_puzzle')).text, exported.text);
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForFunction((date) => window.__inkdoku && window.__inkdoku.ready && window.__inkdoku.view.daily === date, { timeout: 15000 }, date);
});

test('asking for the unfinished puzzle of the day again continues it, with no question', async () => {
  const date = await today();
  const before = (await ui()).view;
  const empty = before.cells.findIndex((c) => !c.given && !c.value);
  const hint = await ipc('hint');
  const written = await ipc('act', { action: hint.apply || { type: 'set_value', row: Math.floor(empty / 9), col: empty % 9, value: 1 } });
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForFunction((rev) => window.__inkdoku && window.__inkdoku.ready && window.__inkdoku.view.rev >= 1, { timeout: 15000 }, written.rev);
  await openDaily();
  await page.click('#daily-play');
  await page.waitForFunction(() => !document.querySelector('dialog[open]'), { timeout: 10000 });
  await sleep(300);
  const v = (await ui()).view;
  assert.equal(await page.$eval('#dlg-confirm', (d) => d.open), false, 'no "replace the game in progress?" for the same puzzle');
  assert.equal(v.daily, date);
  assert.deepEqual(v.cells.map((c) => c.value), written.cells.map((c) => c.value), 'the move made is still there');
});

test('a won day shows a star and counts in the streak; a past day plays later, not on time', async () => {
  const date = await today();
  const won = await winAsPlayer();
  assert.ok(won && won.solved && !won.solved_by_computer);
  // The page learns of the win as after a restart (the moves went round it).
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => window.__inkdoku && window.__inkdoku.ready && window.__inkdoku.view.solved, { timeout: 15000 });
  await closeDialogs(page);
  await openDaily();
  const day = await page.$eval(`.daily-day[data-date="${date}"]`, (b) => ({ state: b.dataset.state, text: b.textContent, label: b.getAttribute('aria-label') }));
  assert.equal(day.state, 'done');
  assert.match(day.text, /★$/);
  assert.match(day.label, /: done on time$/);
  assert.equal(await text('#daily-streak'), 'Streak: 1 day on time · best 1');
  // The month before always has days to play late.
  await page.click('#daily-prev');
  await sleep(100);
  const first = await page.$eval('.daily-day:not([disabled])', (b) => b.dataset.date);
  await page.click(`.daily-day[data-date="${first}"]`);
  assert.match(await text('#daily-chosen'), /: you can still play it, though not on time\.$/);
  await page.screenshot({ path: artifactPath('daily-dialog-done-1920x1080.png') });
  const v = await play('sudoku', first);
  const cal = await ipc('daily_calendar', { kind: 'sudoku', today: date });
  const weekday = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7;
  assert.equal(v.difficulty, cal.week[weekday]);
  await winAsPlayer();
  const after = await ipc('daily_calendar', { kind: 'sudoku', today: date });
  assert.deepEqual(after.days.map((d) => [d.date, d.on_time]), [[first, false], [date, true]]);
  assert.equal(after.streak, 1, 'a day done late neither makes nor breaks today');
  // The statistics keep dailies apart.
  await closeDialogs(page);
  await page.click('#btn-stats');
  await page.waitForSelector('#dlg-stats[open]');
  await page.waitForFunction(() => document.querySelector('#stats-body table'));
  const rows = await page.$$eval('#stats-body tbody th', (ths) => ths.map((th) => th.textContent));
  assert.ok(rows.some((r) => /Sudoku 9 × 9.*daily puzzle/.test(r)), rows.join(' | '));
  await closeDialogs(page);
});

test("KenKen's daily is a 6x6 of its own calendar", async () => {
  const date = await today();
  await openDaily();
  await page.click('#daily-game-kenken');
  await page.waitForFunction(() => document.getElementById('daily-game-kenken').getAttribute('aria-pressed') === 'true');
  assert.equal(await page.$eval(`.daily-day[data-date="${date}"]`, (b) => b.dataset.state), 'open', 'Sudoku\'s win is not KenKen\'s');
  const v = await play('kenken', date);
  assert.equal(v.size, 6);
});

test("each variant's daily is a 9x9 of its own calendar; a Killer's has its cages", async () => {
  const date = await today();
  for (const kind of ['sudoku-x', 'jigsaw', 'killer']) {
    await openDaily();
    await page.click(`#daily-game-${kind}`);
    await page.waitForFunction((k) => document.getElementById(`daily-game-${k}`).getAttribute('aria-pressed') === 'true', {}, kind);
    assert.equal(await page.$eval(`.daily-day[data-date="${date}"]`, (b) => b.dataset.state), 'open', `${kind}: another game's win is not its`);
    if (kind === 'killer') await page.screenshot({ path: artifactPath('daily-dialog-killer-1920x1080.png') });
    const v = await play(kind, date);
    assert.equal(v.size, 9);
    const cal = await ipc('daily_calendar', { kind, today: date });
    assert.equal(v.difficulty, cal.level);
    // The puzzle the engine makes for the date.
    const exported = (await ipc('export_puzzle')).text;
    assert.match(exported, kind === 'killer' ? /^3x3k:/ : kind === 'jigsaw' ? /^9j:/ : /^3x3x:/);
    if (kind === 'killer') {
      assert.ok(v.variant && v.variant.cages && v.variant.cages.length > 10, 'a Killer is drawn with its cages');
      await page.screenshot({ path: artifactPath('daily-killer-1920x1080.png') });
    }
  }
});

test('in Chinese, and on small screens', async () => {
  await chooseLanguage(page, 'zh-CN');
  await openDaily();
  assert.equal(await text('#dlg-daily-title'), '每日一题');
  const heads = await page.$$eval('#daily-cal th', (ths) => ths.map((th) => th.textContent));
  assert.deepEqual(heads, ['周一', '周二', '周三', '周四', '周五', '周六', '周日']);
  assert.match(await text('#daily-today'), /^今天是.*年.*月.*日星期.：.*。一周之内由易到难/);
  assert.match(await text('#daily-streak'), /^连续按时完成：\d+ 天 · 最长 \d+ 天$/);
  await page.screenshot({ path: artifactPath('daily-dialog-zh-1920x1080.png') });
  for (const [width, height] of [[800, 480], [533, 800]]) {
    await closeDialogs(page);
    await resizePage(page, { width, height });
    await openDaily();
    // The whole dialog reaches the screen: Play can be pressed without scrolling the page.
    const box = await page.$eval('#daily-play', (b) => { const r = b.getBoundingClientRect(); return { bottom: r.bottom, right: r.right }; });
    const dlg = await page.$eval('#dlg-daily', (d) => ({ scroll: d.scrollHeight > d.clientHeight }));
    assert.ok(box.right <= width, `Play at x ${box.right} of ${width}`);
    if (!dlg.scroll) assert.ok(box.bottom <= height, `Play at y ${box.bottom} of ${height}`);
    await page.screenshot({ path: artifactPath(`daily-dialog-zh-${width}x${height}.png`) });
  }
  await closeDialogs(page);
  await chooseLanguage(page, 'en');
  await openDaily();
  await page.screenshot({ path: artifactPath('daily-dialog-533x800.png') });
  await closeDialogs(page);
});
