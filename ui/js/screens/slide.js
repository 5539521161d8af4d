// The sliding picture puzzle's game descriptor (the interface is documented at the top of
// sudoku.js) and its new-game options: the picture menu (the recent own pictures as
// thumbnails, "Choose a picture..."). The screen itself is screens/slide-play.js, loaded when a
// sliding game is first shown (#27: not with the page); the pictures both load are
// slideimage.js's (a leaf, so that neither module imports the other).

import { call } from '../backend.js';
import { t, errorText, sizeText, difficultyText, onLanguageChange } from '../i18n.js';
import { levelField } from './fields.js';
import { cropRect } from '../slidegeom.js';
import { ownPicture } from '../slideimage.js';
import { builtinSource, builtinId, menuName, menuItems, remember, gridStep } from '../slidepics.js';

const $ = (id) => document.getElementById(id);

// ---------- the new-game options: the picture menu ----------

const THUMB = 128; // device pixels of an own picture's thumbnail (drawn at 64 CSS px or less)
/** Own pictures' thumbnails by name: promises of {canvas, width, height}, decoded once. */
const thumbs = new Map();
let chosen = null; // the picked picture's menu name (builtin:<id> or a stored picture's)
let recent = []; // the player's own pictures, newest first (settings `slide_recent`)
let host = null; // {saveSettings, settings} of the dialog
let wired = false;
let play = null; // the screen's module (slide-play.js), once loaded

/** A small centre-cropped copy of own picture `name`: the full photo is not kept for the menu. */
function thumbnail(name) {
  if (!thumbs.has(name)) {
    const p = ownPicture(name).then(({ img, width, height }) => {
      const canvas = document.createElement('canvas');
      canvas.width = THUMB;
      canvas.height = THUMB;
      const k = cropRect(width, height, 1, 1);
      const c = canvas.getContext('2d');
      c.imageSmoothingQuality = 'high';
      c.drawImage(img, k.sx, k.sy, k.sw, k.sh, 0, 0, THUMB, THUMB);
      return { canvas, width, height };
    });
    p.catch(() => thumbs.delete(name));
    thumbs.set(name, p);
  }
  return thumbs.get(name);
}

const labelOf = (item, size) => (item.kind === 'builtin'
  ? t(`new.picture.${item.id}`)
  : size ? t('new.picture.own_size', { n: item.n, size }) : t('new.picture.own', { n: item.n }));

/** Builds the grid of thumbnails for the recent list and the chosen picture. */
function showMenu() {
  const box = $('slide-pics');
  const items = menuItems(recent, chosen);
  if (!items.some((i) => i.name === chosen)) chosen = items[0].name;
  box.replaceChildren(...items.map((item) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'picture-tile';
    b.setAttribute('role', 'radio');
    b.dataset.name = item.name;
    b.dataset.kind = item.kind;
    const label = (size) => { b.setAttribute('aria-label', labelOf(item, size)); b.title = labelOf(item, size); };
    label(null);
    if (item.kind === 'builtin') {
      const img = document.createElement('img');
      img.alt = '';
      img.src = builtinSource(item.name);
      b.append(img);
    } else {
      const c = document.createElement('canvas');
      c.width = THUMB;
      c.height = THUMB;
      b.append(c);
      thumbnail(item.name).then((th) => {
        c.getContext('2d').drawImage(th.canvas, 0, 0);
        label(sizeText(th.width, th.height));
      }, () => {
        // Gone or unreadable: not offered (nor chosen) any more.
        recent = recent.filter((n) => n !== item.name);
        if (chosen === item.name) chosen = null;
        if (b.isConnected) showMenu();
      });
    }
    const tick = document.createElement('span');
    tick.className = 'tick';
    tick.setAttribute('aria-hidden', 'true');
    tick.textContent = '✓';
    b.append(tick);
    b.addEventListener('click', () => choose(item.name));
    b.addEventListener('keydown', onMenuKey);
    return b;
  }));
  markChosen();
}

/** The chosen tile is checked (a tick and a thick outline, not colour alone) and the Tab stop. */
function markChosen() {
  for (const b of $('slide-pics').children) {
    const on = b.dataset.name === chosen;
    b.setAttribute('aria-checked', String(on));
    b.tabIndex = on ? 0 : -1;
  }
}

function choose(name, focus = false) {
  chosen = name;
  markChosen();
  if (focus) $('slide-pics').querySelector(`[data-name="${CSS.escape(name)}"]`).focus();
}

/** Arrows (as a radio group: moving picks), Home and End; Enter and Space click the button. */
function onMenuKey(e) {
  const tiles = [...$('slide-pics').children];
  const boxes = tiles.map((b) => { const r = b.getBoundingClientRect(); return { x: r.left, y: r.top, w: r.width, h: r.height }; });
  const to = gridStep(boxes, tiles.indexOf(e.currentTarget), e.key);
  if (to === null) return;
  e.preventDefault();
  e.stopPropagation();
  choose(tiles[to].dataset.name, true);
}

async function choosePicture() {
  $('slide-pic-error').textContent = '';
  try {
    const r = await call('choose_picture');
    if (!r.picture) return; // cancelled
    const { name } = r.picture;
    recent = remember(recent, name);
    chosen = name;
    showMenu();
    // Remembered at once, whether or not this dialog starts a game.
    if (host) host.saveSettings({ slide_recent: recent });
  } catch (e) {
    // Not a readable picture: nothing changes, and the player is told why.
    $('slide-pic-error').textContent = errorText(e);
  }
}

export const slide = {
  kind: 'slide',
  get name() { return t('game.slide'); },
  get blurb() { return t('game.slide.blurb'); },
  get progress() { return t('progress.tiles'); },
  canGenerate: false,
  newGameFields: `
  <fieldset data-game="slide" class="options" hidden>
    <label><span data-i18n="new.rows">Rows</span>
      <select id="slide-rows" aria-label="Rows of tiles" data-i18n-label="new.rows.label">
        <option value="3">3</option><option value="4" selected>4</option><option value="5">5</option><option value="6">6</option>
      </select>
    </label>
    <label><span data-i18n="new.cols">Columns</span>
      <select id="slide-cols" aria-label="Columns of tiles" data-i18n-label="new.cols.label">
        <option value="3">3</option><option value="4" selected>4</option><option value="5">5</option><option value="6">6</option>
      </select>
    </label>${levelField({ id: 'slide-difficulty', label: 'How well shuffled', labelKey: 'new.shuffle.label', levels: ['easy', 'medium', 'hard'], selected: 'medium' })}
    <!-- The picture menu (screens/slide.js): the built-in pictures, then the player's recent
         own ones, as thumbnails; then a tile to add a photo. -->
    <div class="picture-menu">
      <span id="slide-pic-label" data-i18n="new.picture">Picture</span>
      <div class="picture-tiles">
        <div id="slide-pics" role="radiogroup" aria-labelledby="slide-pic-label"></div>
        <button id="slide-pic-choose" class="picture-tile picture-add" type="button" title="Choose a PNG or JPEG photo" data-i18n-title="new.picture.add.title"><span class="plus" aria-hidden="true">+</span><span data-i18n="new.picture.add">Add your own photo…</span></button>
      </div>
      <p id="slide-pic-error" class="error" role="alert"></p>
    </div>
  </fieldset>
`,
  options: {
    fill(p, dialog) {
      host = dialog || null;
      if (!wired) {
        wired = true;
        $('slide-pic-choose').addEventListener('click', choosePicture);
        onLanguageChange(() => { if ($('slide-pics').children.length) showMenu(); });
      }
      $('slide-rows').value = String(p.rows);
      $('slide-cols').value = String(p.cols);
      $('slide-difficulty').value = p.difficulty;
      $('slide-pic-error').textContent = '';
      recent = ((host && host.settings().slide_recent) || []).slice();
      chosen = menuName(p.picture);
      showMenu();
    },
    read() {
      const rows = Number($('slide-rows').value), cols = Number($('slide-cols').value), difficulty = $('slide-difficulty').value;
      return { rows, cols, difficulty, picture: chosen || menuName(null) };
    },
    /** The settings' part of a game started with `p`: a photo played goes to the front of the
     * recent ones, however it was picked (the file dialog, or its thumbnail). */
    remembered(p) {
      if (builtinId(p.picture) !== null) return {};
      recent = remember(recent, p.picture);
      return { slide_recent: recent };
    },
  },
  describe: (v) => t('game.slide.describe', { size: sizeText(v.rows, v.cols), difficulty: difficultyText(v.difficulty) }),
  howToPlay: () => t('how.slide'),
  // The screen's module is fetched the first time a sliding game is shown (app.js awaits
  // `load` before `create`).
  load: async () => { play = play || (await import('./slide-play.js')); },
  get loaded() { return play !== null; },
  create: (ctx) => play.createScreen(ctx),
};
