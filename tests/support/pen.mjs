// Pen strokes for headless Chromium: trusted pen events through CDP (pointerType "pen" with
// pressure), real recorded handwriting placed into a cell, and the eraser end (which CDP can't
// synthesise) as in-page PointerEvents with button 5 / buttons 32.
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot, sleep } from './proc.mjs';

export const inkData = path.join(repoRoot, '..', 'shared', 'data', 'ink');

/** Samples of test.jsonl (held-out writers) whose label is in `labels`. */
export function loadSamples(labels = '123456789') {
  return fs
    .readFileSync(path.join(inkData, 'test.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line, index) => ({ index, ...JSON.parse(line) }))
    .filter((s) => labels.includes(s.label));
}

/** Every k-th sample, so that many writers are represented. */
export function spread(samples, count) {
  const step = samples.length / count;
  return Array.from({ length: count }, (_, i) => samples[Math.floor(i * step)]);
}

/**
 * Maps a sample's strokes into a cell of the board on screen: the glyph is scaled (keeping its
 * aspect ratio) to fill `fill` of the cell height and centred, as a writer would.
 */
export function placeInCell(strokes, rect, n, row, col, fill = 0.7) {
  const pts = strokes.flat();
  const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
  const x0 = Math.min(...xs), x1 = Math.max(...xs), y0 = Math.min(...ys), y1 = Math.max(...ys);
  const cell = rect.size / n;
  const scale = (cell * fill) / Math.max(x1 - x0, y1 - y0, 1);
  const cx = rect.x + (col + 0.5) * cell, cy = rect.y + (row + 0.5) * cell;
  return strokes.map((s) => s.map(([x, y]) => ({ x: cx + (x - (x0 + x1) / 2) * scale, y: cy + (y - (y0 + y1) / 2) * scale })));
}

export class Pen {
  constructor(cdp) {
    this.cdp = cdp;
  }

  send(type, p, buttons, force) {
    return this.cdp.send('Input.dispatchMouseEvent', {
      type, x: p.x, y: p.y, button: type === 'mouseMoved' && !buttons ? 'none' : 'left', buttons, clickCount: 1,
      pointerType: 'pen', force, tiltX: 5, tiltY: -8,
    });
  }

  hover(p) {
    return this.send('mouseMoved', p, 0, 0);
  }

  /** One stroke with the nib down, `dt` ms between samples. */
  async stroke(points, { dt = 0, pressure = 0.55 } = {}) {
    await this.hover(points[0]);
    await this.send('mousePressed', points[0], 1, pressure);
    for (const p of points.slice(1)) {
      await this.send('mouseMoved', p, 1, pressure);
      if (dt) await sleep(dt);
    }
    await this.send('mouseReleased', points[points.length - 1], 0, 0);
  }

  /** Several strokes with `gap` ms of hovering between them. */
  async write(strokes, { gap = 60, dt = 0 } = {}) {
    for (const [i, s] of strokes.entries()) {
      if (i) await sleep(gap);
      await this.stroke(s, { dt });
    }
  }
}

/** The eraser end: in-page pen PointerEvents with button 5 / buttons 32 along a path. */
export function erase(page, points) {
  return page.evaluate((pts) => {
    const target = document.getElementById('ink');
    const fire = (type, p, buttons) =>
      target.dispatchEvent(new PointerEvent(type, { bubbles: true, cancelable: true, pointerId: 77, pointerType: 'pen', isPrimary: true, clientX: p.x, clientY: p.y, button: type === 'pointermove' ? -1 : 5, buttons, pressure: buttons ? 0.5 : 0 }));
    fire('pointerdown', pts[0], 32);
    for (const p of pts.slice(1)) fire('pointermove', p, 32);
    fire('pointerup', pts[pts.length - 1], 0);
  }, points);
}

/** The page's published state (window.__inkdoku) as plain JSON. */
export function pageState(page) {
  return page.evaluate(() => JSON.parse(JSON.stringify(window.__inkdoku)));
}

/** The board on screen: its top-left corner and side, CSS pixels. */
export function boardRect(page) {
  return page.evaluate(() => { const r = document.getElementById('ink').getBoundingClientRect(); return { x: r.left, y: r.top, size: r.width }; });
}

/** The centre of cell (row, col) of a side-`n` board at `rect` (boardRect). */
export function cellCentre(rect, n, row, col) {
  return { x: rect.x + ((col + 0.5) * rect.size) / n, y: rect.y + ((row + 0.5) * rect.size) / n };
}

/**
 * Writes recorded strokes into cell (row, col) of a side-`n` board, ends the group by hovering
 * over a distant cell, and waits until the page has handled it (`window.__inkdoku.writes`).
 */
export async function writeInCell(page, pen, strokes, n, row, col) {
  const r = await boardRect(page);
  const before = await page.evaluate(() => window.__inkdoku.writes);
  const placed = placeInCell(strokes, r, n, row, col);
  await pen.write(placed, { gap: 120 });
  const far = Math.floor(n / 2);
  await pen.hover(cellCentre(r, n, (row + far) % n, (col + far) % n));
  try {
    await page.waitForFunction((w) => window.__inkdoku.writes > w, { timeout: 10000 }, before);
  } catch (e) {
    // Say where the strokes went: what was under their first point, what the page said.
    const seen = await page.evaluate((p) => {
      const el = document.elementFromPoint(p.x, p.y);
      const status = document.getElementById('status');
      return { under: el && (el.id || el.tagName), status: status && status.textContent, lastPointer: window.__inkdoku.lastPointer };
    }, placed[0][0]).catch(() => null);
    throw new Error(`the write in cell (${row}, ${col}) of ${n}x${n} was never answered: ${e.message}; ${JSON.stringify(seen)}`);
  }
  return page.evaluate(() => JSON.parse(JSON.stringify(window.__inkdoku.lastWrite)));
}

/** Calls a backend command through the page's dev bridge (plain fetch), as the page does. */
export function ipc(page, cmd, args = {}) {
  return page.evaluate(async (cmd, args) => (await fetch(`/ipc/${cmd}`, { method: 'POST', body: JSON.stringify(args) })).json(), cmd, args);
}

/** The view's revision on screen; `viewChanged` waits until the page shows a later one. */
export const viewRev = async (page) => (await pageState(page)).view.rev;
export const viewChanged = (page, r) => page.waitForFunction((r) => window.__inkdoku.view.rev > r, { timeout: 10000 }, r);

/** A new 9x9 easy Sudoku in place of any game, shown after a reload; its view. */
export async function newSudokuShown(page) {
  const v = await ipc(page, 'new_game', { kind: 'sudoku', replace: true, params: { size: 9, difficulty: 'easy' } });
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForFunction((id) => window.__inkdoku && window.__inkdoku.view && window.__inkdoku.view.game_id === id && window.__inkdoku.ready, { timeout: 15000 }, v.game_id);
  return v;
}
