// Entry point: start-up, the game in play and its screen, layout, the timer, undo/redo, the
// win screen and the page's published state. The dialogs are in dialogs.js, the board's pointer
// wiring in pointer.js, and everything about one game in its screen (screens/, picked by the
// view's `kind` from screens/index.js).

import { call, transportName, aimAt } from './backend.js';
import { computeLayout } from './layout.js';
import { fitCanvas, context2d } from './board.js';
import { BoardInput, guardPalms } from './pointer.js';
import { historyKey, appTakesKey, watchFocus } from './keys.js';
import { telemetry } from './telemetry.js';
import { formatTime, clockOf } from './format.js';
import { setStatus, toast, callOrToast } from './status.js';
import { gameOf, playable, drawable, screenReady, screenLoaded, mountGames } from './screens/index.js';
import { wireDialogs, openPicker, offerResume, offerLink, confirm, ask, openDialog, replacing, replacingOrToast, watchGeneration, freshFirst, generateGame } from './dialogs.js';
import { guardBrowserKeys } from './browserkeys.js';
import { watchErrors } from './oops.js';
import { wirePrint } from './print.js';
import { wireEntry, enterOnBoard, isEntering } from './entry.js';
import { t, setLanguage, loadLanguage, pickLanguage, onLanguageChange, noticeText, saveTroubleText } from './i18n.js';
import { applyTheme } from './theme.js';
import { A11yGrid } from './a11ygrid.js';
// Loaded when first needed, not with the page (#27): screens/calibrate.js, screens/stats.js,
// KenKen's entry screen, the sliding picture's screen (screens/index.js) and the catalogues of
// languages other than English (i18n.js).

const $ = (id) => document.getElementById(id);
const FALLBACK_SETTINGS = { last_game: 'sudoku' };

// The app's own state. The screen keeps its UI state (screen.state), telemetry.js the numbers.
const app = {
  transport: transportName(),
  view: null, // the PlayView of the game in play
  settings: null,
  platform: null,
  layout: null,
};
/** The screen of the game in play (null when nothing playable is in play). */
let screen = null;
let viewReceivedAt = 0;
/** The game number and change count of the newest view shown: an older reply is dropped. */
let newest = { game_id: 0, rev: -1 };
let wasSolved = false;
/** The move on its way is the computer's Solve: its win gets no celebration from the board. */
let computerSolving = false;

const grid = new A11yGrid($('a11y-grid'), $('a11y-live'), {
  activate: (cell) => (screen ? screen.onInput({ type: 'tap', cell }) : null),
  focusSelects: () => Boolean(screen && screen.a11y && screen.a11y().focusSelects),
});

const input = new BoardInput($('ink'), {
  mode: () => (screen ? screen.inputMode() : null),
  onEvent: (e) => (screen ? screen.onInput(e) : null),
});

// ---------- window.__inkdoku: read-only state for tests and debugging ----------

const published = {};
function publish(source, keys) {
  for (const k of keys) Object.defineProperty(published, k, { get: () => source()[k] ?? null, enumerable: true, configurable: true });
}
publish(() => app, Object.keys(app));
publish(() => telemetry, Object.keys(telemetry));
publish(() => ({ liveInk: input.liveInk }), ['liveInk']);
// What the tests wait for before they play: a view shown, its board drawn and the panel shown.
publish(() => ({ ready: Boolean(app.view) && telemetry.drawCount > 0 && telemetry.panelShown }), ['ready']);
window.__inkdoku = published;

// ---------- drawing ----------

// The hand being tried in "Which hand do you write with?" (null: none being tried).
let handPreview = null;

function hand() {
  if (handPreview) return handPreview;
  const h = app.settings ? app.settings.handedness : 'auto';
  if (h === 'left' || h === 'right') return h;
  return app.platform ? app.platform.system_hand : 'right';
}

function render() {
  const layout = computeLayout({ width: window.innerWidth, height: window.innerHeight, hand: hand() });
  app.layout = layout;
  $('app').dataset.hand = hand();
  $('app').dataset.orientation = layout.orientation;
  telemetry.renderedFor = `${window.innerWidth}x${window.innerHeight}`;
  const px = (v) => `${v}px`;
  Object.assign($('board-wrap').style, { left: px(layout.board.x), top: px(layout.board.y), width: px(layout.board.size), height: px(layout.board.size) });
  Object.assign($('panel').style, { left: px(layout.panel.x), top: px(layout.panel.y), width: px(layout.panel.width), height: px(layout.panel.height) });
  if (!screen) return;
  const dpr = window.devicePixelRatio || 1;
  fitCanvas($('board'), layout.board.size, dpr);
  input.fit(layout.board.size, dpr);
  // The backend marks nothing incorrect on a board being entered (it has no answer yet).
  screen.draw($('board'), {
    showIncorrect: Boolean(app.settings && app.settings.show_incorrect),
    handwriting: Boolean(app.settings && app.settings.keep_handwriting),
    regionTint: !(app.settings && app.settings.region_tint === false),
  });
  // The accessible grid stands for the canvas; a screen without one (the entry screens) leaves
  // the canvas as a labelled picture.
  if (screen.a11y) grid.update(screen.a11y());
  else grid.clear();
  if (screen.a11y) { $('board').setAttribute('aria-hidden', 'true'); $('board').removeAttribute('role'); }
  else { $('board').removeAttribute('aria-hidden'); $('board').setAttribute('role', 'img'); }
  telemetry.drawCount++;
}

function tickTimer() {
  const v = app.view;
  if (!v) return;
  const c = clockOf(v.elapsed_ms + (v.running ? performance.now() - viewReceivedAt : 0), v.time_limit_ms);
  const el = $('timer');
  // Ticks come twice a second (and go on while the clock is stopped): the page is touched only
  // when what it shows changes, since each write lays out and repaints (a tablet's battery).
  const text = c.countdown ? t('timer.left.text', { time: c.text }) : c.text;
  if (el.textContent !== text) el.textContent = text;
  if (el.dataset.countdown !== String(c.countdown)) el.dataset.countdown = String(c.countdown);
  if (el.dataset.lastMinute !== String(c.lastMinute)) el.dataset.lastMinute = String(c.lastMinute);
  const label = t(c.countdown ? 'timer.left' : 'timer');
  if (el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label);
  if (c.over && !v.solved) timeUp(v);
}

// Windows 11 no longer shows its handedness setting, so "automatic" is right-handed on most
// tablets: on the first pen stroke ever (handedness automatic, never asked) the player is asked
// once which hand writes; the layout moves as they choose; Settings… changes it later.
function watchFirstPen() {
  $('ink').addEventListener('pointerdown', (e) => {
    const s = app.settings;
    if (e.pointerType !== 'pen' || !s || s.hand_asked || s.handedness !== 'auto' || $('dlg-hand').open) return;
    askHand();
  });
  const pick = (h) => {
    handPreview = h;
    $('hand-left').setAttribute('aria-pressed', String(h === 'left'));
    $('hand-right').setAttribute('aria-pressed', String(h === 'right'));
    render();
  };
  $('hand-left').addEventListener('click', () => pick('left'));
  $('hand-right').addEventListener('click', () => pick('right'));
  $('dlg-hand').addEventListener('close', () => {
    const chosen = handPreview;
    handPreview = null;
    // Asked once: a choice is kept; closing without one keeps "automatic".
    saveSettings(chosen ? { handedness: chosen, hand_asked: true } : { hand_asked: true });
  });
}

function askHand() {
  const now = hand();
  $('hand-left').setAttribute('aria-pressed', String(now === 'left'));
  $('hand-right').setAttribute('aria-pressed', String(now === 'right'));
  handPreview = null;
  $('dlg-hand').show();
}

// Saving that stays impossible (another program holds the file, a full disk): the backend keeps
// the moves and retries; the player is told while it lasts, in their language.
let saveStatus = null;
async function checkSaves() {
  try {
    saveStatus = await call('save_status');
  } catch {
    return; // a backend without it (an older dev bridge) has nothing to say
  }
  showSaveTrouble();
}
function showSaveTrouble() {
  const text = saveTroubleText(saveStatus);
  const el = $('save-trouble');
  el.hidden = !text;
  if (text && el.textContent !== text) el.textContent = text;
}

// The game's time limit ran out: the player is told once, and plays on untimed (the limit is
// taken away) or starts a new game.
let toldTimeUp = null;
async function timeUp(v) {
  if (toldTimeUp === v.game_id) return;
  toldTimeUp = v.game_id;
  const minutes = Math.round(v.time_limit_ms / 60_000);
  const how = await ask({ title: t('timeup.title'), text: t('timeup.text', { minutes }), ok: t('timeup.play_on'), alt: t('btn.new'), cancel: false });
  if (how === 'alt') {
    openPicker();
    return;
  }
  const after = await callOrToast('set_time_limit', { minutes: null });
  if (after) show(after);
}

// ---------- the game in play ----------

const ctx = {
  panel: $('screen-panel'),
  canvas: $('board'),
  grid,
  input,
  call,
  callOrToast,
  replacing,
  act: async (action) => {
    computerSolving = action.type === 'solve';
    const v = await callOrToast('act', { action });
    if (v) show(v);
    computerSolving = false;
    return v;
  },
  show: (view) => show(view),
  startGame: async (view, note) => { if (await startGame(view)) setStatus(note); },
  historyChanged: () => syncHistory(),
  backToGame: (note) => backToGame(note),
  redraw: render,
  setStatus,
  toast,
  confirm,
  ask,
  openDialog,
  settings: () => app.settings,
  saveSettings: (patch) => saveSettings(patch),
};

/** @param {((ctx) => object)|null} make a screen factory (a game's `create`, or its `entry`) */
function useScreen(make) {
  if (screen) screen.destroy();
  grid.clear();
  screen = make ? make(ctx) : null;
  $('app').dataset.game = screen ? screen.kind : '';
  if (screen) publish(() => (screen ? screen.state : {}), Object.keys(screen.state));
}

/**
 * Shows a PlayView of the game in play; `fresh`: it is another game (new, continued, opened).
 * A kind with no screen yet is not shown: the player is told, and the picker opens.
 * @returns {boolean} whether it is shown
 */
function show(view, { fresh = false } = {}) {
  // Replies can overtake each other: one about an older game, or an older state of this one,
  // must not replace what is on the screen.
  if (isStale(view)) {
    telemetry.staleDropped++;
    return false;
  }
  // On a side screen only a game that is started (fresh) replaces it, not a late reply.
  if (!fresh && !app.view && screen) return false;
  if (typeof view.game_id === 'number') { newest = { game_id: view.game_id, rev: view.rev }; aimAt(view.game_id); }
  if (!playable(view.kind)) {
    useScreen(null);
    app.view = null;
    input.clear();
    const c = $('board');
    context2d(c).clearRect(0, 0, c.width, c.height);
    const name = gameOf(view.kind) ? gameOf(view.kind).name : t('status.that_game');
    const why = t('status.unplayable', { game: name });
    setStatus(why);
    syncHistory();
    openPicker(why);
    return false;
  }
  if (!screen || screen.kind !== view.kind) {
    // A screen whose code is not loaded yet (startGame loads it first): shown once it is.
    if (!screenLoaded(view.kind)) {
      screenReady(view.kind).then(() => show(view, { fresh: true }));
      return false;
    }
    useScreen(gameOf(view.kind).create);
    fresh = true;
  }
  app.view = view;
  viewReceivedAt = performance.now();
  // The backend knows who solved it (also for a game opened already solved); the flag set
  // around "Solve" covers a backend that predates it.
  const byComputer = Boolean(view.solved_by_computer) || computerSolving;
  const won = view.solved && !wasSolved && !fresh ? (byComputer ? 'computer' : 'player') : null;
  $('app').dataset.entering = String(isEntering(view));
  $('entry').hidden = !isEntering(view);
  screen.setView(view, { fresh, won });
  syncHistory();
  tickTimer();
  render();
  if (view.solved && !wasSolved) celebrate(byComputer);
  wasSolved = view.solved;
  if (!view.solved) $('celebration').hidden = true;
  return true;
}

/** Is this view older than the newest one shown (another game before it, or an earlier change)? */
function isStale(view) {
  if (typeof view.game_id !== 'number' || typeof view.rev !== 'number') return false;
  return view.game_id < newest.game_id || (view.game_id === newest.game_id && view.rev < newest.rev);
}

/** What "Enter a puzzle" on the board (entry.js) needs from the app. */
const entryHost = { callOrToast, replacingOrToast, startGame: (v) => startGame(v), setStatus, mark: (cells) => screen && screen.mark && screen.mark(cells) };

/**
 * "Enter a puzzle": the game's entry, as its descriptor says (screens/sudoku.js, `entry`): on a
 * board of the backend's played as any game (entry.js), or a screen of the game's own with no
 * game shown (the one in play stays saved in the backend; its undo and redo are the editor's,
 * it has no clock).
 */
function enterPuzzle(kind, args) {
  const g = gameOf(kind);
  if (!g || !g.entry) return;
  if (g.entry.onBoard) {
    enterOnBoard(entryHost, kind, args.size);
    return;
  }
  openSideScreen({ screen: 'entry', kind, size: args.size });
}

/**
 * A side screen over the game in play (a game's entry screen, the practice sheet): the game
 * waits with its clock stopped, and the backend remembers which screen is open, so a view that
 * reloads comes back to it (its draft is in the page's storage, drafts.js).
 * @param {{screen: 'entry', kind: string, size: number}|{screen: 'calibrate', letters: boolean}} side
 */
async function openSideScreen(side) {
  const make = await sideScreenFactory(side);
  if (!make) return;
  if (app.view && app.view.running) await callOrToast('set_timer', { running: false });
  await callOrToast('set_side_screen', { side });
  useSideScreen(make);
}

/** The factory of a side screen, its module loaded first; null for one this view lacks. */
async function sideScreenFactory(side) {
  if (side.screen === 'calibrate') {
    const { createCalibration } = await import('./screens/calibrate.js');
    return (c) => createCalibration(c, { letters: Boolean(side.letters) });
  }
  const g = side.screen === 'entry' ? gameOf(side.kind) : null;
  if (g && g.entry && g.entry.screen) return g.entry.screen({ size: side.size });
  return null;
}

/** A screen with no game shown (an entry screen, the calibration sheet). */
function useSideScreen(make) {
  useScreen(make);
  app.view = null;
  wasSolved = false;
  $('celebration').hidden = true;
  // Nothing of a board being entered under it ("Start this puzzle" belongs to that board).
  $('entry').hidden = true;
  $('app').dataset.entering = 'false';
  $('timer').textContent = '–';
  syncHistory();
  render();
}

/**
 * "Teach my handwriting" (screens/calibrate.js): the game in play waits, its clock stopped,
 * until the sheet is saved or cancelled (ctx.backToGame). A 16x16 player starts with A-G.
 */
async function calibrate() {
  await openSideScreen({ screen: 'calibrate', letters: Boolean(app.view && app.view.size === 16) });
}

/** Back from a side screen to the game in play, its clock running again; or a new game. */
async function backToGame(note) {
  await callOrToast('set_side_screen', { side: null });
  let v;
  try {
    v = await call('set_timer', { running: true });
  } catch (e) {
    if (e.kind === 'no_game') return newDefaultGame();
    v = await callOrToast('board');
  }
  if (v && (await startGame(v))) setStatus(note);
}

/**
 * Another game: new, generated, continued, imported or opened; the code of its screen is loaded
 * first if the game keeps it apart (screens/index.js).
 * @returns {Promise<boolean>} whether it is shown
 */
async function startGame(view) {
  if (!screenLoaded(view.kind)) await screenReady(view.kind);
  return show(view, { fresh: true });
}

/**
 * The win's caption; after the computer's Solve it appears without any animation. A player's
 * win can be watched again ("Watch my solve", replay.js) in a game whose board it can draw.
 */
function celebrate(computer) {
  $('won-time').textContent = t('won.time', { time: formatTime(app.view.elapsed_ms) });
  $('won-watch').hidden = computer || !drawable(app.view.kind);
  $('celebration').dataset.quiet = String(computer);
  $('celebration').hidden = false;
  setStatus(() => t(computer ? 'status.solved_by_computer' : 'status.solved'));
}

/** @returns {Promise<boolean>} whether the new game is shown */
async function newGame(kind, args) {
  const v = await replacingOrToast('new_game', { kind, ...args });
  if (!v || !(await startGame(v))) return false;
  const g = gameOf(v.kind);
  const pen = Boolean(app.platform && app.platform.pen_present) || input.penSeen;
  setStatus(() => t('status.new', { game: g.describe(v), how: g.howToPlay(pen) }));
  return true;
}

/**
 * A new game of the last game played, with its remembered options; if those can't be used any
 * more (a remembered picture was deleted), the game's defaults: the player always gets a game.
 */
async function newDefaultGame({ replace = false } = {}) {
  const s = app.settings || FALLBACK_SETTINGS;
  const g = gameOf(playable(s.last_game) ? s.last_game : 'sudoku');
  const yes = replace ? { replace: true } : {};
  // No params: the backend takes the ones it keeps for the kind. "New puzzles: fresh, made now"
  // (Settings): the generator, with its progress over the board; if that makes no game (it
  // failed, or was cancelled), one from the collection; and if the remembered params can't be
  // used, the kind's defaults (params {}).
  if (freshFirst(g) && (await generateGame(g, yes))) return;
  if (freshFirst(g) && app.view) return;
  if (!(await newGame(g.kind, yes))) await newGame(g.kind, { params: {}, ...yes });
}

async function saveSettings(patch) {
  const s = await callOrToast('update_settings', { settings: { ...app.settings, ...patch } });
  if (!s) return;
  app.settings = s;
  input.setPenOnly(s.pen_only);
  await applyLook(s);
  // A screen that shows something from the settings at once ("Show the suggested cell").
  if (screen && screen.settingsChanged && app.view) screen.settingsChanged(app.view);
  render();
}

/**
 * Language and theme from the settings (or the system's), applied without a restart. A
 * language's catalogue may have to be fetched first; of two changes in flight the later wins.
 */
async function applyLook(s) {
  applyTheme(s && s.theme);
  const asked = ++applyLook.asked;
  const lang = await loadLanguage(pickLanguage(s && s.language, navigator.languages || [navigator.language]));
  if (asked !== applyLook.asked) return;
  if (lang !== document.documentElement.lang || !applyLook.done) setLanguage(lang);
  applyLook.done = true;
}
applyLook.asked = 0;

// ---------- undo and redo: the session's, the same for every game ----------

function syncHistory() {
  // A screen with a history of its own (puzzle entry) answers for it; otherwise the session.
  const own = screen && screen.history ? screen.history.can() : null;
  $('btn-undo').disabled = own ? !own.undo : !app.view || !app.view.can_undo;
  $('btn-redo').disabled = own ? !own.redo : !app.view || !app.view.can_redo;
}

async function history(command) {
  if (screen && screen.history) {
    screen.history[command]();
    return;
  }
  // A side screen without a history of its own: the game put aside is not touched.
  if (!app.view) return;
  const v = await callOrToast(command);
  if (v) show(v);
}

function onKey(ev) {
  if (!screen || !appTakesKey(ev, document)) return;
  const h = historyKey(ev);
  // H asks for a hint, which a board being entered can't have.
  if (isEntering(app.view) && !ev.ctrlKey && ev.key.toLowerCase() === 'h') return;
  if (h) {
    ev.preventDefault();
    history(h);
  } else if (screen.onKey(ev)) {
    ev.preventDefault();
  }
}

// ---------- start ----------

function wire() {
  watchErrors();
  guardBrowserKeys(window, () => { telemetry.browserKeysBlocked++; });
  guardPalms(window);
  window.addEventListener('contextmenu', (e) => e.preventDefault());
  window.addEventListener('resize', render);
  // A new devicePixelRatio (the window moved to another screen, or the zoom changed) fires no
  // resize: the canvases are re-sized for it here, so the board stays crisp.
  const watchDpr = () => window.matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`).addEventListener('change', () => { render(); watchDpr(); }, { once: true });
  watchDpr();
  watchFocus(document);
  window.addEventListener('keydown', onKey);
  // Follow a handedness change made in the system settings: at once where the shell tells the
  // page (Windows' WM_SETTINGCHANGE, platform/windows.rs), else when the window regains focus.
  const followPlatform = async () => {
    const p = await callOrToast('platform_info');
    if (p) { app.platform = p; render(); }
  };
  window.addEventListener('focus', followPlatform);
  window.addEventListener('inkdoku-platform-changed', followPlatform);
  // A link handed over by a second launch while this one runs.
  window.addEventListener('inkdoku-link', () => offerLink());
  // The shell stopped or restarted the clock itself (sleep, screen off, minimised; the
  // shell's commands/state.rs): the clock shows it at once rather than ticking on.
  window.addEventListener('inkdoku-clock-changed', async () => {
    if (!app.view) return;
    const v = await callOrToast('board');
    if (v) show(v);
  });
  document.addEventListener('visibilitychange', async () => {
    // The clock stops while the window is hidden (the backend saves the game then).
    if (!app.view) return;
    const v = await callOrToast('set_timer', { running: document.visibilityState === 'visible' });
    if (v) show(v);
  });
  $('btn-undo').addEventListener('click', () => history('undo'));
  $('btn-redo').addEventListener('click', () => history('redo'));
  // Each game's New game fields, from its screen module, before the dialogs are wired.
  mountGames();
  // The daily puzzle's dialog is loaded when first opened (as the statistics are).
  const openDaily = async (kind) => (await import('./daily.js')).openDaily(kind);
  wireDialogs({ settings: () => app.settings, saveSettings, startGame, newGame, newDefaultGame, enterPuzzle, calibrate, openDaily });
  wireEntry(entryHost);
  wirePrint({ view: () => app.view, game: gameOf, toast });
  $('btn-stats').addEventListener('click', async () => (await import('./screens/stats.js')).openStats());
  // "Watch my solve" is loaded when first asked for.
  $('won-watch').addEventListener('click', async () => (await import('./replay.js')).openReplay());
  setInterval(tickTimer, 500);
  setInterval(checkSaves, 5000);
  watchFirstPen();
  onLanguageChange(showSaveTrouble);
  // A new language or theme redraws the board (its colours and the accessible grid's words).
  onLanguageChange(() => render());
  document.addEventListener('inkdoku-theme', () => render());
}

/**
 * Start-up paints the board first (#27): the panel stays hidden (data-starting, app.css) until a
 * frame after start-up has drawn the board or asked its question, so the first frame holds only
 * the board and the player sees it sooner. The timer is the fallback for a page that gets no
 * animation frames (hidden at start).
 */
function showPanel() {
  const show = () => {
    if (telemetry.panelShown) return;
    delete $('app').dataset.starting;
    telemetry.panelShown = true;
  };
  requestAnimationFrame(() => requestAnimationFrame(show));
  setTimeout(show, 1000);
}

async function start() {
  try {
    await startUp();
  } finally {
    showPanel();
  }
}

async function startUp() {
  wire();
  render();
  // The three answers do not depend on each other: asked at once, one round trip (#27).
  const answers = Promise.all([callOrToast('get_settings'), callOrToast('platform_info'), callOrToast('startup')]);
  await applyLook(null);
  const [settings, platform, found] = await answers;
  app.settings = settings;
  await applyLook(app.settings);
  render();
  // The page is painted in the player's theme: the shell may show the window now (on Windows it
  // opens hidden, so no white flash comes first; elsewhere this changes nothing).
  call('view_ready').catch(() => {});
  app.platform = platform;
  if (app.settings) input.setPenOnly(app.settings.pen_only);
  const notice = noticeText(found);
  if (notice) toast(notice, 12000);
  // A cold start by a puzzle's link offers that puzzle first: taken, it is the game, and the
  // games in progress wait for Continue. A reload shows the game in play, then the link.
  if (found && !found.in_play && !found.side && !found.generating && (await offerLink())) return;
  await resumeOrAsk(found);
  if (found && found.in_play) await offerLink();
}

/**
 * How start-up decides. The backend already has a game in play (the view reloaded, or its
 * renderer died and came back): show it exactly as it is, with the side screen that was open
 * and a generation still running; no question, no new game. Otherwise (a cold start) offer the
 * saved games, or start one.
 */
async function resumeOrAsk(found) {
  if (found && found.in_play) {
    // The page that went away stopped the clock as it was hidden; this one is on screen, so the
    // game comes back with its clock going (asked first, so the first view shown is the running one).
    const v = found.in_play;
    const restart = !found.side && !v.solved && !v.running && document.visibilityState === 'visible';
    await startGame((restart && (await callOrToast('set_timer', { running: true }))) || v);
    if (found.side) await openSideScreen(found.side);
    if (found.generating) watchGeneration(found.generating.job, found.generating.progress);
    telemetry.resumedAfterReload = true;
    return;
  }
  if (found && found.side) await openSideScreen(found.side);
  if (found && found.generating) {
    // Nothing in play yet: the puzzle being made becomes the game (or, if it fails, a new one).
    if (!(await watchGeneration(found.generating.job, found.generating.progress)) && !app.view && !screen) await newDefaultGame();
    return;
  }
  if (found && found.side) return;
  if (found && found.resumable && found.resumable.length) offerResume(found.resumable);
  else await newDefaultGame();
}

start();
