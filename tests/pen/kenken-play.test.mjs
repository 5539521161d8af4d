// KenKen played with the pen in real headless Chromium against the real Rust backend (dev
// bridge), through the same pen-play screen as Sudoku (screens/penplay.js): real recorded
// handwriting from held-out writers lands as the right digit in the right cell on 6x6 and 9x9
// boards; the eraser end, scratch-out and pencil notes behave as on paper; number pad, typed
// candidates, "Auto notes", hint (the cage highlighted, a second press applies it), Solve with
// its confirmation and the win screen.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPenPage, closePenPage, resizePage, startReplacing } from '../support/devserver.mjs';
import { artifactPath, waitFor, sleep } from '../support/proc.mjs';
import { loadSamples, spread, placeInCell, erase, pageState, boardRect, cellCentre } from '../support/pen.mjs';

let session, page, pen;

before(async () => ({ page, pen } = session = await openPenPage()), { timeout: 60000 });
after(() => closePenPage(session));

const ui = () => pageState(page);
const rect = () => boardRect(page);
const undo = async () => { await page.keyboard.down('Control'); await page.keyboard.press('z'); await page.keyboard.up('Control'); };

/** A new KenKen through the game picker, as a player starts one. */
async function newKenken(size, difficulty = 'easy') {
  await page.click('#btn-new');
  await page.waitForFunction(() => document.getElementById('dlg-new').open);
  await page.click('#game-kenken');
  await page.select('#kk-size', String(size));
  await page.select('#kk-difficulty', difficulty);
  const before = (await ui()).view;
  const old = JSON.stringify(before && before.cages);
  await page.click('#new-start');
  try {
    // A KenKen in progress is replaced only after a yes.
    await startReplacing(page, (n, old) => {
      const v = window.__inkdoku.view;
      return Boolean(v && v.kind === 'kenken' && v.size === n && JSON.stringify(v.cages) !== old);
    }, size, old);
  } catch (e) {
    // Seen once in CI (2026-12-01) and not since: say what the page showed, for the next look.
    const seen = await page.evaluate((old) => {
      const v = window.__inkdoku.view;
      const text = (id) => { const el = document.getElementById(id); return el && !el.hidden ? el.textContent : null; };
      return {
        view: v && { kind: v.kind, size: v.size, sameCages: JSON.stringify(v.cages) === old, filled: v.cells && v.cells.filter((c) => c.value).length },
        pickerOpen: document.getElementById('dlg-new').open, status: text('status'), toast: text('toast'),
      };
    }, old);
    throw new Error(`no new ${size}x${size} KenKen after Start: ${JSON.stringify(seen)} (${e.message})`);
  }
  return (await ui()).view;
}

/** Writes recorded strokes into a cell and waits for the backend's answer. */
async function writeSample(strokes, n, row, col, { commitBy = 'hover' } = {}) {
  const r = await rect();
  const writes = (await ui()).writes;
  await pen.write(placeInCell(strokes, r, n, row, col), { gap: 120 });
  if (commitBy === 'hover') await pen.hover(cellCentre(r, n, (row + Math.floor(n / 2)) % n, (col + Math.floor(n / 2)) % n));
  await page.waitForFunction((w) => window.__inkdoku.writes > w, { timeout: 10000 }, writes);
  return (await ui()).lastWrite;
}

async function tapCell(n, row, col) {
  const p = cellCentre(await rect(), n, row, col);
  await pen.stroke([p, { x: p.x + 1, y: p.y }]);
  await page.waitForFunction((row, col) => { const s = window.__inkdoku.selected; return s && s.row === row && s.col === col; }, { timeout: 5000 }, row, col);
}

async function typeInto(n, row, col, digit) {
  await tapCell(n, row, col);
  await page.keyboard.press(String(digit));
  await page.waitForFunction((i, d) => window.__inkdoku.view.cells[i].value === d, { timeout: 5000 }, row * n + col, digit);
}

test('the picker offers KenKen with its size and level, remembered for next time', { timeout: 30000 }, async () => {
  const v = await newKenken(5, 'medium');
  assert.equal(v.difficulty, 'medium');
  assert.equal(v.cells.length, 25);
  const s = await page.evaluate(async () => (await fetch('/ipc/get_settings', { method: 'POST', body: '{}' })).json());
  assert.deepEqual([s.params.kenken.size, s.params.kenken.difficulty, s.last_game], [5, 'medium', 'kenken']);
  await page.click('#btn-new');
  await page.waitForFunction(() => document.getElementById('dlg-new').open);
  const form = await page.evaluate(() => ({
    kenken: document.getElementById('game-kenken').getAttribute('aria-pressed'),
    shown: !document.querySelector('#dlg-new [data-game="kenken"]').hidden,
    sudokuHidden: document.querySelector('#dlg-new [data-game="sudoku"]').hidden,
    size: document.getElementById('kk-size').value,
    level: document.getElementById('kk-difficulty').value,
    pad: document.getElementById('numbers').children.length,
  }));
  assert.deepEqual(form, { kenken: 'true', shown: true, sudokuHidden: true, size: '5', level: 'medium', pad: 5 });
  await page.keyboard.press('Escape');
});

test('200 real handwritten digits from held-out writers land in the right KenKen cells (6x6 and 9x9)', { timeout: 600000 }, async () => {
  let right = 0, total = 0;
  const wrong = [];
  for (const [n, labels] of [[6, '123456'], [9, '123456789']]) {
    await newKenken(n);
    const samples = spread(loadSamples(labels), 100);
    for (const [k, s] of samples.entries()) {
      // Every cell in turn, the label cells (top-left corner printed) included.
      const row = Math.floor((k * 7) / n) % n, col = (k * 7) % n;
      const res = await writeSample(s.strokes, n, row, col, { commitBy: k % 10 === 0 ? 'pause' : 'hover' });
      total++;
      const ok = res.outcome.kind === 'symbol' && res.outcome.symbol === s.label && res.cell.row === row && res.cell.col === col;
      if (ok) right++;
      else wrong.push({ n, index: s.index, writer: s.writer, label: s.label, got: res.outcome.symbol || res.outcome.kind });
      if (res.outcome.kind === 'symbol') {
        assert.equal((await ui()).view.cells[row * n + col].value, Number(res.outcome.symbol), 'the view shows what was read');
        await undo();
        await page.waitForFunction((i) => window.__inkdoku.view.cells[i].value === 0, { timeout: 5000 }, row * n + col);
      }
    }
  }
  const rate = right / total;
  console.log(`kenken pen replay: ${right}/${total} = ${(rate * 100).toFixed(1)}% right; misses: ${JSON.stringify(wrong)}`);
  assert.equal(total, 200);
  assert.ok(rate >= 0.98, `only ${(rate * 100).toFixed(1)}% right: ${JSON.stringify(wrong)}`);
});

test('a digit the board does not have (7 on a 6x6) is never read as a 7 and leaves no ink', { timeout: 60000 }, async () => {
  await newKenken(6);
  const seven = loadSamples('7').slice(0, 5);
  let refused = 0;
  for (const s of seven) {
    const res = await writeSample(s.strokes, 6, 2, 2);
    if (res.outcome.kind !== 'symbol') {
      refused++;
      // The reason as data, said in the player's language.
      assert.ok(['not_allowed', 'unclear'].includes(res.outcome.why.code), JSON.stringify(res.outcome));
      if (res.outcome.why.code === 'not_allowed') {
        assert.equal(res.outcome.why.looks_like, '7');
        assert.equal(await page.evaluate(() => document.getElementById('status').textContent), "That looks like 7, which this board doesn't use.");
      }
    } else assert.notEqual(res.outcome.symbol, '7', 'never a 7 on a 6x6 board');
    if (res.outcome.kind === 'symbol') { await undo(); await page.waitForFunction(() => window.__inkdoku.view.cells[14].value === 0); }
  }
  assert.ok(refused >= 1, 'a 7 is not silently turned into another digit every time');
  assert.equal((await ui()).liveInk, 0, 'no ink is kept');
});

test('the eraser end clears every filled cell it passes over, in one undo step', { timeout: 60000 }, async () => {
  const n = 6;
  await newKenken(n);
  const row = 3;
  for (const [c, d] of [[0, 1], [2, 2], [5, 3]]) await typeInto(n, row, c, d);
  await typeInto(n, 1, 1, 4); // another row: stays
  const r = await rect();
  const from = cellCentre(r, n, row, 0), to = cellCentre(r, n, row, n - 1);
  await erase(page, Array.from({ length: 12 }, (_, k) => ({ x: from.x + ((to.x - from.x) * k) / 11, y: from.y })));
  await page.waitForFunction((row) => [0, 2, 5].every((c) => window.__inkdoku.view.cells[row * 6 + c].value === 0), { timeout: 5000 }, row);
  assert.equal((await ui()).view.cells[1 * n + 1].value, 4, 'a cell off the eraser\'s path stays');
  await undo();
  await page.waitForFunction((row) => [[0, 1], [2, 2], [5, 3]].every(([c, d]) => window.__inkdoku.view.cells[row * 6 + c].value === d), { timeout: 5000 }, row);
});

test('a scratch-out over a KenKen cell clears it', { timeout: 60000 }, async () => {
  const n = 6;
  await newKenken(n);
  await typeInto(n, 2, 3, 5);
  const r = await rect();
  const c = cellCentre(r, n, 2, 3);
  const w = r.size / n;
  const zig = Array.from({ length: 7 }, (_, k) => ({ x: c.x + (k % 2 ? 0.35 : -0.35) * w, y: c.y - 0.25 * w + (k * 0.5 * w) / 6 }));
  const writes = (await ui()).writes;
  await pen.stroke(zig, { dt: 4 });
  await page.waitForFunction((w) => window.__inkdoku.writes > w, { timeout: 10000 }, writes);
  const s = await ui();
  assert.equal(s.lastWrite.outcome.kind, 'scratch_out');
  assert.equal(s.view.cells[2 * n + 3].value, 0);
});

test('pencil notes on a KenKen: kept in board coordinates, rubbed out by the eraser, cleared by a digit in their cell', { timeout: 60000 }, async () => {
  const n = 6;
  await newKenken(n);
  await page.click('#mode-pencil');
  const r = await rect();
  const at = (x, y) => ({ x: r.x + r.size * x, y: r.y + r.size * y });
  await pen.stroke([at(0.05, 0.55), at(0.1, 0.57), at(0.14, 0.6)], { dt: 2 }); // inside cell (3, 0)
  await pen.stroke([at(0.6, 0.85), at(0.7, 0.87), at(0.8, 0.9)], { dt: 2 });
  const notes = await waitFor('two notes', async () => { const v = (await ui()).view; return v.notes.length === 2 ? v.notes : null; });
  await page.screenshot({ path: artifactPath('kenken-notes.png') });
  // The eraser in pencil mode rubs out the second note only.
  await erase(page, [at(0.7, 0.8), at(0.7, 0.86), at(0.7, 0.92)]);
  const left = await waitFor('one note left', async () => { const v = (await ui()).view; return v.notes.length === 1 ? v.notes : null; });
  assert.deepEqual(left[0], notes[0]);
  await page.click('#mode-pen');
  // A value written in the note's cell removes the note there.
  await typeInto(n, 3, 0, 2);
  assert.equal((await ui()).view.notes.length, 0);
  await undo();
  await waitFor('undo brings the note back', async () => (await ui()).view.notes.length === 1);
});

test('number pad, typed candidates, Auto notes, a hint that names and highlights its cage, Solve and the win screen', { timeout: 60000 }, async () => {
  const n = 4;
  const view = await newKenken(n, 'hard');
  // Number first, then cells (armed); a candidate in pencil mode.
  await page.click('#mode-pencil');
  await tapCell(n, 0, 0);
  await page.click('#numbers button[data-value="3"]');
  await page.waitForFunction(() => window.__inkdoku.view.cells[0].candidates === 0b100);
  await page.click('#mode-pen');
  await page.click('#btn-auto');
  await page.waitForFunction(() => window.__inkdoku.view.cells.every((c) => c.candidates !== 0));
  // Hint: the first press explains and highlights, the second applies.
  await page.click('#btn-hint');
  await page.waitForFunction(() => window.__inkdoku.hint);
  const h = (await ui()).hint;
  assert.ok(h.explanation.length > 20, h.explanation);
  assert.ok(h.highlight.cells.length >= 1 && h.highlight.target, 'a cell and its cage are highlighted');
  const status = await page.evaluate(() => document.getElementById('status').textContent);
  assert.ok(status.includes(h.explanation), status);
  const cageCells = JSON.stringify(h.highlight.cells);
  assert.ok(view.cages.some((c) => JSON.stringify(c.cells) === cageCells), 'the highlight is a whole cage');
  await page.screenshot({ path: artifactPath('kenken-hint.png') });
  await page.click('#btn-hint');
  const t = h.highlight.target;
  await page.waitForFunction((i) => window.__inkdoku.view.cells[i].value !== 0, { timeout: 5000 }, t.row * n + t.col);
  // Solve asks first; "Keep playing" changes nothing, OK solves and celebrates.
  await page.click('#btn-solve');
  await page.waitForFunction(() => document.getElementById('dlg-confirm').open);
  await page.click('#dlg-confirm button[value="cancel"]');
  await sleep(300);
  assert.equal((await ui()).view.solved, false);
  await page.click('#btn-solve');
  await page.waitForFunction(() => document.getElementById('dlg-confirm').open);
  await page.click('#confirm-ok');
  await page.waitForFunction(() => window.__inkdoku.view.solved && !document.getElementById('celebration').hidden, { timeout: 5000 });
  const v = (await ui()).view;
  assert.ok(v.cells.every((c) => c.value && !c.conflict && !c.incorrect) && v.cages.every((c) => !c.wrong));
  await undo();
  await page.waitForFunction(() => !window.__inkdoku.view.solved && document.getElementById('celebration').hidden);
  assert.deepEqual(page.errors, []);
});

test('the KenKen board at 1920x1080, 800x480, 4K at 200%, portrait and left-handed: square, crisp, labels legible', { timeout: 120000 }, async () => {
  // `shown`: the side the app then uses ('auto' follows the system: right-handed here).
  const setHand = async (hand, shown = hand) => {
    await page.click('#btn-settings');
    await page.waitForFunction(() => document.getElementById('dlg-settings').open);
    await page.select('#set-hand', hand);
    await page.click('#settings-save');
    await page.waitForFunction((h) => !document.getElementById('dlg-settings').open && document.getElementById('app').dataset.hand === h, {}, shown);
  };
  const shots = [
    { name: 'kenken-1920x1080', width: 1920, height: 1080, dpr: 1, size: 6 },
    { name: 'kenken-800x480', width: 800, height: 480, dpr: 1, size: 9 },
    { name: 'kenken-4k-200pct', width: 1920, height: 1080, dpr: 2, size: 9 },
    { name: 'kenken-portrait', width: 800, height: 1280, dpr: 1, size: 7 },
    { name: 'kenken-left-handed', width: 1366, height: 768, dpr: 1.5, size: 5, hand: 'left' },
  ];
  for (const s of shots) {
    await resizePage(page, { width: s.width, height: s.height, deviceScaleFactor: s.dpr });
    if (s.hand) await setHand(s.hand);
    const n = s.size;
    const v = await newKenken(n, 'medium');
    // A lived-in board: a few values (one conflicting), candidates, a note and the hint.
    await page.evaluate(async (cages, n) => {
      const act = (action) => fetch('/ipc/act', { method: 'POST', body: JSON.stringify({ action }) });
      const free = cages.filter((c) => c.op !== '=').flatMap((c) => c.cells);
      await act({ type: 'set_value', row: free[0][0], col: free[0][1], value: 1 });
      await act({ type: 'set_value', row: free[0][0], col: (free[0][1] + 2) % n, value: 1 });
      await act({ type: 'toggle_candidate', row: free[3][0], col: free[3][1], value: 2 });
      await act({ type: 'toggle_candidate', row: free[3][0], col: free[3][1], value: n });
      // The page learns of moves made behind its back with its next view (the clock's).
      document.dispatchEvent(new Event('visibilitychange'));
    }, v.cages, n);
    await page.waitForFunction(() => window.__inkdoku.view.cells.filter((c) => c.value === 1).length === 2);
    await page.click('#btn-hint');
    await page.waitForFunction(() => window.__inkdoku.hint);
    const m = await page.evaluate(() => {
      const c = document.getElementById('board').getBoundingClientRect();
      const p = document.getElementById('panel').getBoundingClientRect();
      const canvas = document.getElementById('board');
      const pad = document.getElementById('numbers').getBoundingClientRect();
      return {
        board: { x: c.left, y: c.top, w: c.width, h: c.height }, panel: { x: p.left, y: p.top, w: p.width, h: p.height },
        backing: canvas.width, dpr: window.devicePixelRatio, padBottom: pad.bottom, view: window.__inkdoku.view,
      };
    });
    assert.equal(m.board.w, m.board.h, `${s.name}: square`);
    assert.equal(m.backing, Math.round(m.board.w * m.dpr), `${s.name}: the backing store is in device pixels (crisp)`);
    assert.ok(m.board.x >= 0 && m.board.y >= 0 && m.board.x + m.board.w <= s.width && m.board.y + m.board.h <= s.height, `${s.name}: on screen`);
    const overlap = m.board.x < m.panel.x + m.panel.w && m.panel.x < m.board.x + m.board.w && m.board.y < m.panel.y + m.panel.h && m.panel.y < m.board.y + m.board.h;
    assert.ok(!overlap, `${s.name}: the controls leave the board alone`);
    assert.ok(m.padBottom <= s.height, `${s.name}: the number pad is on screen`);
    if (s.hand === 'left') assert.ok(m.panel.x < m.board.x, 'left-handed: controls on the left');
    else if (s.width > s.height) assert.ok(m.panel.x > m.board.x, 'right-handed: controls on the right');
    else assert.ok(m.panel.y > m.board.y, 'portrait: controls below');
    // The label of the first cage, read back from the canvas: dark pixels in its cell's top-left
    // corner, none in the middle of the label cell's bottom half unless a value is there.
    const ink = await page.evaluate((n) => {
      const canvas = document.getElementById('board');
      const cell = canvas.width / n;
      const { cages } = window.__inkdoku.view;
      const [r, c] = cages.find((k) => k.op !== '=').cells[0];
      const d = canvas.getContext('2d').getImageData(Math.round(c * cell + cell * 0.08), Math.round(r * cell + cell * 0.08), Math.round(cell * 0.3), Math.round(cell * 0.2)).data;
      let dark = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i] < 90 && d[i + 1] < 90) dark++;
      return dark;
    }, n);
    assert.ok(ink > 0, `${s.name}: the cage label is drawn in its corner`);
    await page.screenshot({ path: artifactPath(`${s.name}.png`) });
    if (s.hand) await setHand('auto', 'right');
  }
  await page.setViewport({ width: 1200, height: 760, deviceScaleFactor: 1 });
});
