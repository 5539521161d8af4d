// The sliding picture puzzle's screen: the picture cut into tiles (the built-in one or the
// player's own, centre-cropped to the board's shape), moved by tap, drag/flick, arrow keys and
// WASD; brief slide animations, WebAudio sounds, a move counter, best results per size, the
// optimal next move as a hint. The interface is the one documented at the top of sudoku.js;
// the geometry is in slidegeom.js (node-tested), the rules in the engine. Loaded when a sliding
// game is first shown (the descriptor, screens/slide.js, is loaded with the page: #27).

import { call } from '../backend.js';
import { STATS_CHANGED } from '../status.js';
import { formatTime } from '../format.js';
import { FONT, context2d } from '../board.js';
import { play as playSound, played } from '../sound.js';
import { t, errorText, sizeText, onLanguageChange, fromMarkup } from '../i18n.js';
import { hintText } from '../hints.js';
import { boardRect, cropRect, tileSource, cellAtPoint, gapOf, keyTileDir, stepFor, tapAction, dragAction, dragPreview, movedTiles, neighbourMoving, opposite } from '../slidegeom.js';
import { builtinSource } from '../slidepics.js';
import { loadImage, ownPicture } from '../slideimage.js';

/** The screen's controls (built with it: index.html holds no game's markup). */
const CONTROLS = `
<p class="slide-stats"><strong id="slide-moves" aria-live="polite">0 moves</strong> <span id="slide-best" class="muted"></span></p>
<div class="row actions">
  <button id="slide-hint" type="button" title="Show the best next move (H); press again to make it" data-i18n="btn.hint" data-i18n-title="slide.hint.title">Hint</button>
  <button id="slide-peek" type="button" title="Hold to see the whole picture" data-i18n="slide.peek" data-i18n-title="slide.peek.title">Show picture</button>
</div>
<div class="row slide-toggles">
  <label><input id="slide-numbers" type="checkbox"> <span data-i18n="slide.numbers">Numbers</span></label>
  <label><input id="slide-mute" type="checkbox"> <span data-i18n="slide.mute">Mute sounds</span></label>
</div>
<div class="row swatch-row">
  <span data-i18n="slide.border">Border</span>
  <span id="slide-swatches" class="swatches" role="group" aria-label="Border colour" data-i18n-label="slide.border.colour"></span>
  <input id="slide-border-custom" type="color" aria-label="Custom border colour" title="Any colour" data-i18n-label="slide.border.custom" data-i18n-title="slide.border.any">
</div>
<p class="muted help" data-i18n="slide.help">Tap a tile in the gap's row or column to slide it (and the tiles between), or drag or flick it.
  Arrow keys and W A S D move a tile into the gap in the arrow's direction: → slides the tile left of the gap to the right.</p>
`;

const $ = (id) => document.getElementById(id);
/** Border colours offered as swatches (a colour picker gives any other). */
const SWATCHES = ['#1f2933', '#fbf8ef', '#8d6e63', '#c62828', '#f9a825', '#2e7d32', '#1565c0'];
const ANIM_MS = 120;
const FLASH_MS = 300;

const reducedMotion = () => Boolean(window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches);

// ---------- pictures ----------

/** Loaded pictures by name ('' = the default built-in one): promises of {img, width, height}. */
const pictures = new Map();

/** The picture called `name` (null: the default built-in one), loaded once. */
function picture(name) {
  const key = name || '';
  if (!pictures.has(key)) {
    const builtin = builtinSource(name);
    const p = builtin
      // A built-in SVG is drawn at whatever size the board needs (crisp at any DPR).
      ? loadImage(builtin).then((img) => ({ img, width: 600, height: 600, vector: true }))
      : ownPicture(name);
    p.catch(() => pictures.delete(key));
    pictures.set(key, p);
  }
  return pictures.get(key);
}

/**
 * The board-sized picture: the centre crop of the picture scaled once to the board's device
 * pixels, so every tile is a 1:1 copy of its piece (smooth, and cheap to animate).
 */
function renderPicture(pic, rows, cols, bw, bh) {
  const out = document.createElement('canvas');
  out.width = bw;
  out.height = bh;
  // A CPU canvas, as the board it is copied into at every frame of a slide (no GPU read-back).
  const c = context2d(out);
  c.imageSmoothingEnabled = true;
  c.imageSmoothingQuality = 'high';
  let src = pic.img, w = pic.width, h = pic.height;
  if (pic.vector) {
    // Rasterise the SVG at the size the crop needs, then crop that.
    const side = Math.max(bw, bh);
    const r = document.createElement('canvas');
    r.width = side;
    r.height = side;
    r.getContext('2d').drawImage(pic.img, 0, 0, side, side);
    src = r; w = side; h = side;
  }
  const k = cropRect(w, h, rows, cols);
  c.drawImage(src, k.sx, k.sy, k.sw, k.sh, 0, 0, bw, bh);
  return out;
}

// ---------- the screen ----------

export function createScreen(ctx) {
  const state = {
    hint: null, // the last hint; a second press applies it
    picture: null, // the picture's name: builtin:<id>, a stored own picture's, null = the default
    pictureReady: false,
    pictureError: null,
    animating: false,
    flash: null, // {row, col} of a refused tile
    refusals: 0,
    sounds: played,
    best: null, // {moves, ms} for this size
    newBest: false,
    dragging: null, // the segment following a pointer: {cells, dr, dc, fraction}
    peek: false, // the whole picture is shown while "Show picture" is held
  };
  let view = null;
  let prevTiles = null;
  let anim = null; // {moved: Map, start}
  let cache = null; // {key, canvas}
  let pic = null; // the loaded picture
  let flashTimer = null;

  ctx.panel.replaceChildren(fromMarkup(CONTROLS));
  ctx.grid.setLabel(t('game.slide.board'));
  const stopListening = onLanguageChange(() => { ctx.grid.setLabel(t('game.slide.board')); relabelSwatches(); sync(); });
  const settings = () => ctx.settings() || {};
  const muted = () => Boolean(settings().mute);
  const sizeKey = () => `${view.rows}x${view.cols}`;

  $('slide-hint').addEventListener('click', hint);
  // "Show picture": the whole picture while the button is held (a keyboard press: a moment).
  let peekTimer = null;
  const peek = (on) => { clearTimeout(peekTimer); if (state.peek !== on) { state.peek = on; ctx.redraw(); } };
  const peekButton = $('slide-peek');
  peekButton.addEventListener('pointerdown', () => peek(true));
  for (const type of ['pointerup', 'pointerleave', 'pointercancel']) peekButton.addEventListener(type, () => peek(false));
  peekButton.addEventListener('click', (e) => { if (e.detail === 0) { peek(true); peekTimer = setTimeout(() => peek(false), 1500); } });
  $('slide-numbers').addEventListener('change', (e) => ctx.saveSettings({ slide_numbers: e.target.checked }));
  $('slide-mute').addEventListener('change', (e) => ctx.saveSettings({ mute: e.target.checked }));
  buildSwatches();

  function buildSwatches() {
    const box = $('slide-swatches');
    for (const colour of SWATCHES) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'swatch';
      b.style.setProperty('--swatch', colour);
      b.dataset.colour = colour;
      b.setAttribute('aria-label', t('slide.border.swatch', { colour }));
      b.addEventListener('click', () => setBorder(colour));
      box.append(b);
    }
    $('slide-border-custom').addEventListener('input', (e) => setBorder(e.target.value));
  }

  function relabelSwatches() {
    for (const b of $('slide-swatches').children) b.setAttribute('aria-label', t('slide.border.swatch', { colour: b.dataset.colour }));
  }

  function setBorder(colour) {
    ctx.saveSettings({ slide_border: colour }).then(sync);
  }

  function sync() {
    const s = settings();
    $('slide-numbers').checked = Boolean(s.slide_numbers);
    $('slide-mute').checked = Boolean(s.mute);
    const border = s.slide_border || SWATCHES[0];
    for (const b of $('slide-swatches').children) b.setAttribute('aria-pressed', String(b.dataset.colour === border));
    $('slide-border-custom').value = border;
    if (!view) return;
    $('slide-moves').textContent = view.moves === 1 ? t('slide.moves.one') : t('slide.moves', { n: view.moves });
    if (bestFor !== sizeKey()) loadBest();
    showBest();
  }

  function showBest() {
    if (!view) return;
    const best = state.best;
    const size = sizeText(view.rows, view.cols);
    $('slide-best').textContent = best ? t('slide.best', { size, moves: best.moves, time: formatTime(best.ms) }) : t('slide.no_best', { size });
  }

  let wanted; // the picture asked for (undefined: none yet)
  function usePicture(name) {
    if (wanted === name && !state.pictureError) return;
    wanted = name;
    state.picture = name;
    state.pictureReady = false;
    state.pictureError = null;
    pic = null;
    cache = null;
    picture(name).then(
      (p) => { if (wanted === name) { pic = p; state.pictureReady = true; ctx.redraw(); } },
      (e) => {
        if (wanted !== name) return;
        state.pictureError = e.message;
        ctx.toast(t('slide.picture_failed', { why: e.kind ? errorText(e) : e.message }));
        ctx.redraw();
      },
    );
  }

  function flash(cell) {
    state.flash = cell;
    state.refusals++;
    playSound('refused', muted());
    ctx.redraw();
    clearTimeout(flashTimer);
    flashTimer = setTimeout(() => { state.flash = null; ctx.redraw(); }, FLASH_MS);
  }

  function refuse(why, cell) {
    ctx.setStatus(why);
    flash(cell || null);
  }

  /** Sends a move; a refusal by the backend is shown like a local one. */
  async function move(action, cell) {
    const v = await ctx.act(action);
    if (!v) {
      state.dragging = null;
      flash(cell || null);
    }
    return v;
  }

  // The segment under a finger or pen follows it towards the gap until it lets go.
  function follow(e) {
    const p = e.from && !view.solved ? dragPreview(view, e.from, e.at) : null;
    if (!p && !state.dragging) return;
    state.dragging = p;
    ctx.redraw();
  }

  function tap(point) {
    const cell = cellAtPoint(point, view.rows, view.cols);
    if (!cell || view.solved) return null;
    const a = tapAction(view, cell);
    if (!a) {
      const g = gapOf(view);
      if (cell.row === g.row && cell.col === g.col) return null; // the gap itself: nothing to do
      return refuse(t('slide.only_line'), cell);
    }
    return move(a, cell);
  }

  function drag(points) {
    if (view.solved) return null;
    const a = dragAction(view, points[0], points[points.length - 1]);
    // A segment let go before it went far is not moved: it slides back.
    const p = state.dragging;
    if (p && a && a.type === 'tap' && p.fraction < 0.2) {
      state.dragging = null;
      ctx.redraw();
      return null;
    }
    if (!a || a.type !== 'tap') state.dragging = null;
    if (!a) return refuse(t('slide.no_way'), null);
    return move(a, cellAtPoint(points[0], view.rows, view.cols));
  }

  function key(tileDir) {
    if (view.solved) return;
    const cell = neighbourMoving(view, tileDir);
    if (!cell) {
      refuse(t('slide.edge', { dir: t(`dir.${tileDir}`) }), null);
      return;
    }
    move(stepFor(tileDir), cell);
  }

  // The first press shows the next move (and, on 3x3 and 4x4, the optimal moves to go); a
  // second press makes it.
  async function hint() {
    if (view.solved) return;
    const apply = state.hint && state.hint.apply;
    if (apply) {
      const target = state.hint.highlight.target;
      await move(apply, target);
      return;
    }
    ctx.setStatus(() => t('slide.looking'));
    const h = await ctx.callOrToast('hint');
    if (!h) return;
    state.hint = h;
    const tileDir = h.apply ? opposite(h.apply.dir) : null;
    const said = () => hintText(h).text;
    ctx.setStatus(tileDir ? () => t('slide.moves_dir', { hint: said(), dir: t(`dir.${tileDir}`) }) : said, () => hintText(h).technique);
    ctx.redraw();
  }

  function startAnimation(moved, from = 0) {
    if (!moved.size || reducedMotion()) return;
    // A dragged segment goes on from where the pointer left it (the easing is 1 - (1 - e)^2).
    anim = { moved, start: performance.now() - (1 - Math.sqrt(1 - Math.min(1, from))) * ANIM_MS };
    state.animating = true;
    const frame = () => {
      if (!anim) return;
      if (performance.now() - anim.start >= ANIM_MS) {
        anim = null;
        state.animating = false;
      }
      ctx.redraw();
      if (anim) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }

  // The bests are the statistics' (one place: "Reset statistics" clears them too): the fewest
  // moves and the quickest time of any win on this board size, whatever its level.
  let bestFor = null; // the size state.best was read for
  function loadBest() {
    const k = sizeKey();
    bestFor = k;
    return call('get_stats').then((st) => {
      if (bestFor !== k) return;
      const wins = (st.summaries || []).filter((g) => g.kind === 'slide' && g.size === k && g.won > 0);
      const min = (f) => Math.min(...wins.map(f).filter((x) => typeof x === 'number'));
      state.best = wins.length ? { moves: min((g) => g.best_moves), ms: min((g) => g.best_ms) } : null;
      showBest();
    }, () => {});
  }
  // "Reset statistics" (or any other change to them) is news for the panel.
  const statsChanged = () => { if (view) loadBest(); };
  window.addEventListener(STATS_CHANGED, statsChanged);

  function recordWin() {
    const old = state.best;
    const moves = view.moves, ms = view.elapsed_ms;
    const better = !old || moves < old.moves || ms < old.ms;
    state.newBest = better;
    // The backend counted the win before answering: read the bests again.
    loadBest();
    // After the app's own "Solved!" line.
    const done = () => t('slide.solved', { moves, time: formatTime(ms) });
    const size = sizeText(view.rows, view.cols);
    setTimeout(() => ctx.setStatus(better && old ? () => `${done()} ${t('slide.new_best', { size })}` : done), 0);
  }

  // ---------- drawing ----------

  function pictureCanvas(bw, bh) {
    if (!pic) return null;
    const k = `${state.picture}|${view.rows}x${view.cols}|${bw}x${bh}`;
    if (!cache || cache.key !== k) cache = { key: k, canvas: renderPicture(pic, view.rows, view.cols, bw, bh) };
    return cache.canvas;
  }

  function draw(canvas) {
    const c = context2d(canvas);
    const W = canvas.width;
    const s = settings();
    const { rows, cols } = view;
    c.setTransform(1, 0, 0, 1, 0, 0);
    c.clearRect(0, 0, W, W);
    const b = boardRect(rows, cols);
    const bx = Math.round(b.x * W), by = Math.round(b.y * W);
    const bw = Math.round(b.w * W), bh = Math.round(b.h * W);
    const tw = bw / cols, th = bh / rows;
    const line = Math.max(1, Math.round(Math.min(tw, th) * 0.025));
    const border = s.slide_border || SWATCHES[0];
    const img = pictureCanvas(bw, bh);
    c.imageSmoothingEnabled = true;
    c.imageSmoothingQuality = 'high';

    // The win shows the whole picture (and so does "Show picture").
    if ((view.solved && !anim) || (state.peek && img)) {
      if (img) c.drawImage(img, bx, by);
      c.lineWidth = line * 2;
      c.strokeStyle = border;
      c.strokeRect(bx + line, by + line, bw - line * 2, bh - line * 2);
      return;
    }

    c.fillStyle = border;
    c.fillRect(bx, by, bw, bh);
    const g = gapOf(view);
    c.fillStyle = 'rgba(0, 0, 0, 0.28)';
    c.fillRect(bx + g.col * tw + line / 2, by + g.row * th + line / 2, tw - line, th - line);

    const ease = anim ? Math.min(1, (performance.now() - anim.start) / ANIM_MS) : 1;
    const t = 1 - (1 - ease) * (1 - ease);
    const target = state.hint && state.hint.highlight && state.hint.highlight.target;
    const dragging = !anim && state.dragging;
    view.tiles.forEach((tile, i) => {
      if (tile === 0) return;
      let r = Math.floor(i / cols), col = i % cols;
      if (dragging && dragging.cells.includes(i)) {
        r += dragging.dr;
        col += dragging.dc;
      }
      const m = anim && anim.moved.get(tile);
      if (m) {
        const [from] = m;
        r = Math.floor(from / cols) + (r - Math.floor(from / cols)) * t;
        col = (from % cols) + (col - (from % cols)) * t;
      }
      const x = bx + col * tw, y = by + r * th;
      const half = line / 2;
      if (img) {
        const src = tileSource({ sx: 0, sy: 0, sw: bw, sh: bh }, rows, cols, tile);
        c.drawImage(img, src.sx + half, src.sy + half, src.sw - line, src.sh - line, x + half, y + half, tw - line, th - line);
      } else {
        c.fillStyle = '#e8eaf6';
        c.fillRect(x + half, y + half, tw - line, th - line);
      }
      if (s.slide_numbers || !img) drawNumber(c, tile, x + half, y + half, Math.min(tw, th));
      const isTarget = target && target.row * cols + target.col === i;
      const isFlash = state.flash && state.flash.row * cols + state.flash.col === i;
      if (isTarget || isFlash) {
        c.lineWidth = Math.max(3, line * 2);
        c.strokeStyle = isFlash ? '#c62828' : '#ffd54f';
        c.strokeRect(x + line * 1.5, y + line * 1.5, tw - line * 3, th - line * 3);
      }
    });
  }

  function drawNumber(c, tile, x, y, size) {
    const fs = Math.max(10, Math.round(size * 0.2));
    c.font = `600 ${fs}px ${FONT}`;
    const text = String(tile);
    const w = c.measureText(text).width + fs * 0.6, h = fs * 1.3;
    const px = x + size * 0.05, py = y + size * 0.05;
    c.fillStyle = 'rgba(255, 255, 255, 0.85)';
    c.beginPath();
    if (c.roundRect) c.roundRect(px, py, w, h, h / 3); else c.rect(px, py, w, h);
    c.fill();
    c.fillStyle = '#1b1b1b';
    c.textBaseline = 'middle';
    c.textAlign = 'center';
    c.fillText(text, px + w / 2, py + h / 2 + 1);
  }

  return {
    kind: 'slide',
    state,

    setView(v, { fresh = false } = {}) {
      const sameBoard = view && view.rows === v.rows && view.cols === v.cols;
      const wasSolved = Boolean(view && view.solved);
      if (fresh || !sameBoard) {
        ctx.input.reset(Math.max(v.rows, v.cols));
        prevTiles = null;
        anim = null;
        state.animating = false;
        state.newBest = false;
      }
      const moved = movedTiles(prevTiles, v.tiles);
      const dragged = state.dragging ? state.dragging.fraction : 0;
      state.dragging = null;
      view = v;
      prevTiles = v.tiles.slice();
      state.hint = null;
      usePicture(v.picture || null);
      if (!fresh && sameBoard && moved.size) {
        playSound('slide', muted());
        startAnimation(moved, dragged);
      }
      if (v.solved && !wasSolved && !fresh && sameBoard) {
        playSound('win', muted());
        recordWin();
      }
      sync();
    },

    draw(canvas) {
      if (view) draw(canvas);
    },

    inputMode() {
      return 'tap';
    },

    a11y() {
      const text = (r, c) => {
        const tile = view.tiles[r * view.cols + c];
        return tile ? t('a11y.tile', { n: tile }) : t('a11y.gap');
      };
      // Focus alone never moves a tile: Enter, Space or a click does.
      return { rows: view.rows, cols: view.cols, text, selected: null, rect: boardRect(view.rows, view.cols), focusSelects: false };
    },

    onInput(e) {
      switch (e.type) {
        case 'tap': return tap(e.point || { x: (e.cell.col + 0.5) / Math.max(view.rows, view.cols), y: (e.cell.row + 0.5) / Math.max(view.rows, view.cols) });
        case 'drag': return drag(e.points);
        case 'touch': return follow(e);
        default: return null;
      }
    },

    onKey(ev) {
      const dir = keyTileDir(ev);
      if (dir) {
        key(dir);
        return true;
      }
      if (!ev.ctrlKey && !ev.metaKey && !ev.altKey && (ev.key === 'h' || ev.key === 'H')) {
        hint();
        return true;
      }
      return false;
    },

    destroy() {
      clearTimeout(flashTimer);
      stopListening();
      window.removeEventListener(STATS_CHANGED, statsChanged);
      anim = null;
      ctx.panel.replaceChildren();
    },
  };
}
