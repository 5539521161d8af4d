// The dialogs: the game picker with each game's new-game options (#dlg-new), generating a
// fresh puzzle with progress and cancel, settings, puzzles and files, "welcome back" with one
// Continue per game in progress, and a yes/no confirmation. Games come from screens/index.js;
// nothing here knows one game from another.

import { call } from './backend.js';
import { formatTime } from './format.js';
import { setStatus, toast, callOrToast } from './status.js';
import { GAMES, gameOf, playable } from './screens/index.js';
import { t, language, errorText, sizeText, difficultyText, ratedLevelText, onLanguageChange } from './i18n.js';

const $ = (id) => document.getElementById(id);

/**
 * What the dialogs need from the app.
 * @typedef {{settings: () => object|null, saveSettings: (patch: object) => Promise<void>,
 *   startGame: (view: object) => Promise<boolean>, newGame: (kind: string, args: object) => Promise<void>,
 *   newDefaultGame: () => Promise<void>, enterPuzzle: (kind: string, args: object) => void,
 *   openDaily: (kind: string) => void}} Host
 */
/** @type {Host} */
let host = null;
let picked = 'sudoku';

// ---------- the game picker (home) ----------

function buildTiles() {
  const box = $('game-tiles');
  box.replaceChildren();
  for (const g of GAMES) {
    const b = document.createElement('button');
    b.type = 'button';
    b.id = `game-${g.kind}`;
    b.className = 'tile';
    b.disabled = !g.create;
    const name = document.createElement('strong');
    name.textContent = g.name;
    const blurb = document.createElement('span');
    blurb.textContent = g.create ? g.blurb : t('coming_soon');
    b.title = blurb.textContent;
    b.append(name, blurb);
    b.addEventListener('click', () => pick(g.kind));
    box.append(b);
  }
  if (picked) for (const g of GAMES) $(`game-${g.kind}`).setAttribute('aria-pressed', String(g.kind === picked));
}

function pick(kind) {
  picked = kind;
  for (const g of GAMES) $(`game-${g.kind}`).setAttribute('aria-pressed', String(g.kind === kind));
  for (const f of document.querySelectorAll('#dlg-new [data-game]')) f.hidden = f.dataset.game !== kind;
  $('new-fresh').hidden = !gameOf(kind).canGenerate;
  // "Start" makes the puzzle the way the settings say; the other button the other way.
  const other = freshFirst(gameOf(kind)) ? 'new.collection' : 'new.fresh';
  $('new-fresh').textContent = t(other);
  $('new-fresh').title = t(`${other}.title`);
}

/** Whether "New game" makes a fresh puzzle for `game` (the settings' generation method). */
export function freshFirst(game) {
  const s = host.settings();
  return Boolean(game.canGenerate && s && s.new_puzzles === 'fresh');
}

/**
 * The home screen: pick a game (the last one played is preselected) and its options.
 * @param {string} [note] why the player is here, shown above the tiles
 */
export function openPicker(note) {
  $('new-note').textContent = typeof note === 'string' ? note : '';
  $('new-note').hidden = typeof note !== 'string';
  const s = host.settings();
  if (s && s.params) for (const g of GAMES) if (g.create && s.params[g.kind]) g.options.fill(s.params[g.kind], host);
  pick(s && playable(s.last_game) ? s.last_game : 'sudoku');
  openDialog($('dlg-new'));
}

function onPickerClosed() {
  const choice = $('dlg-new').returnValue;
  if (choice === 'daily') { host.openDaily(picked); return; }
  if (choice !== 'start' && choice !== 'fresh' && choice !== 'enter') return;
  const g = gameOf(picked);
  const params = g.options.read();
  // The kind's params are remembered under it, as the last chosen.
  // A game may remember more of the choice (the sliding picture's recent photos): in the same
  // save, since two saves at once would each write over the other's change.
  const more = g.options.remembered ? g.options.remembered(params) : {};
  host.saveSettings({ params: { ...host.settings().params, [g.kind]: params }, last_game: g.kind, ...more });
  if (choice === 'enter') host.enterPuzzle(g.kind, params);
  // 'fresh' is the other button: the other way of making it.
  else if ((choice === 'fresh') !== freshFirst(g)) generateGame(g, { params });
  else host.newGame(g.kind, { params });
}

/** A brand-new puzzle from the generator, made in the background with a progress bar.
 * Resolves to whether it became the game (not when it failed, was cancelled or not started). */
export async function generateGame(game, args) {
  const started = await replacingOrToast('generate_game', { kind: game.kind, ...args });
  return started ? watchGeneration(started.job, 0) : false;
}

/**
 * Shows the progress of generation `job` until its game starts (also after the view reloaded
 * while it ran). Resolves to whether the new game is shown. `announce`: say "a fresh puzzle"
 * (the caller says what it is otherwise).
 */
export function watchGeneration(job, progress = 0, announce = true) {
  $('gen').hidden = false;
  $('gen-progress').value = progress;
  return new Promise((resolve) => {
    const poll = async () => {
      if ($('gen').hidden) { resolve(false); return; } // cancelled
      // A game played on meanwhile is not replaced unasked: the same question as any replacement.
      const s = await replacingOrToast('generation_status', {}, (view) => ({ job, progress: 1, done: true, view }));
      if (!s || s.job !== job) { $('gen').hidden = true; resolve(false); return; }
      $('gen-progress').value = s.progress;
      if (!s.done) { setTimeout(poll, 100); return; }
      $('gen').hidden = true;
      if (s.view) {
        const shown = await host.startGame(s.view);
        if (shown && announce) setStatus(() => t('status.fresh', { game: gameOf(s.view.kind).describe(s.view) }));
        resolve(shown);
        return;
      }
      if (s.error) toast(errorText({ kind: 'unavailable', message: `That puzzle can't be made: ${s.error}.` }));
      resolve(false);
    };
    setTimeout(poll, 100);
  });
}

/** Shows a game the backend started (as Continue and the pickers do). */
export function showGame(view) {
  return host.startGame(view);
}

// ---------- nothing replaces a game in progress without the player's yes ----------

/**
 * Calls a command that starts a game. If that would throw away an unfinished game of the same
 * kind (the backend answers `would_replace`, saying which), asks first: yes starts it (the new
 * game waited in the backend, or the command runs again with `replace`), no keeps the old one.
 * @param {(view: object) => any} [wrap] the command's answer made of a view (`replace_game`
 *   answers with the bare view; `open_game` answers `{view}`)
 * @returns {Promise<any>} the command's answer, or null when the player kept the game
 */
export async function replacing(command, args = {}, wrap = (v) => v) {
  try {
    return await call(command, args);
  } catch (e) {
    if (e.kind !== 'would_replace') throw e;
    const d = e.detail || {};
    const g = gameOf(d.kind) || { name: d.kind, progress: '' };
    const yes = await confirm({
      title: t('replace.title'),
      text: t('replace.text', { game: g.name, size: sizeText(d.rows, d.cols), difficulty: difficultyText(d.difficulty), done: d.done, total: d.total, progress: g.progress, time: formatTime(d.elapsed_ms || 0) }),
      ok: t('replace.ok'),
    });
    if (d.waiting) {
      const v = await call('replace_game', { accept: yes });
      return yes && v ? wrap(v) : null;
    }
    return yes ? call(command, { ...args, replace: true }) : null;
  }
}

/** [`replacing`], a failure told in the toast (as `callOrToast` does for `call`): null then. */
export async function replacingOrToast(command, args = {}, wrap) {
  try {
    return await replacing(command, args, wrap);
  } catch (e) {
    toast(errorText(e));
    return null;
  }
}

// ---------- welcome back ----------

/**
 * Start-up found games in progress: one Continue per kind (most recent first), or a new game.
 * @param {{kind, rows, cols, difficulty, elapsed_ms, saved_at_ms, done, total}[]} resumable
 */
export function offerResume(resumable) {
  const list = [...resumable].sort((a, b) => b.saved_at_ms - a.saved_at_ms);
  const box = $('resume-list');
  box.replaceChildren();
  for (const r of list) {
    const g = gameOf(r.kind) || { name: r.kind, progress: '' };
    const item = document.createElement('div');
    item.className = 'resume-item';
    const text = document.createElement('p');
    text.textContent = t('resume.line', { game: g.name, size: sizeText(r.rows, r.cols), difficulty: difficultyText(r.difficulty), done: r.done, total: r.total, progress: g.progress, time: formatTime(r.elapsed_ms) });
    const b = document.createElement('button');
    b.type = 'submit';
    b.id = `resume-continue-${r.kind}`;
    b.value = `continue:${r.kind}`;
    b.textContent = playable(r.kind) ? t('resume.continue') : t('coming_soon');
    b.disabled = !playable(r.kind);
    item.append(text, b);
    box.append(item);
  }
  const first = list.find((r) => playable(r.kind));
  const dlg = $('dlg-resume');
  dlg.addEventListener('close', async () => {
    // Escape continues the most recent game, as the default button does.
    const choice = dlg.returnValue === 'new' ? null : dlg.returnValue.startsWith('continue:') ? dlg.returnValue.slice(9) : first && first.kind;
    if (choice) {
      const v = await callOrToast('continue_game', { kind: choice });
      if (v && (await host.startGame(v))) { setStatus(() => t('status.welcome')); return; }
    }
    // "New game" here is the answer to "continue or start again": no second question.
    await host.newDefaultGame({ replace: dlg.returnValue === 'new' });
  }, { once: true });
  openDialog(dlg);
  if (first) $(`resume-continue-${first.kind}`).focus();
}

// ---------- confirmation ----------

/** Asks a yes/no question; resolves true if the player said `ok`. */
export async function confirm({ title, text, ok, cancel }) {
  return (await ask({ title, text, ok, cancel })) === 'ok';
}

/**
 * Asks a question with one or two ways to say yes: resolves to 'ok', 'alt' (the `alt` button,
 * shown only when given) or null (cancelled, Escape). `cancel: false`: no cancel button (Escape
 * still closes it, resolving to null).
 *
 * Every question uses #dlg-confirm, and one may come while another is on screen (the time limit
 * runs out while "Reset statistics?" waits): questions queue, each shown after the one before
 * is answered, and an answer belongs to its own question only (#40).
 */
export function ask(question) {
  const answer = questions.then(() => showQuestion(question));
  questions = answer.catch(() => {});
  return answer;
}
let questions = Promise.resolve();

function showQuestion({ title, text, ok, alt, cancel }) {
  $('dlg-confirm-title').textContent = title;
  $('confirm-text').textContent = text;
  $('confirm-ok').textContent = ok;
  $('confirm-alt').hidden = !alt;
  $('confirm-alt').textContent = alt || '';
  $('confirm-cancel').textContent = cancel || t('confirm.cancel');
  $('confirm-cancel').hidden = cancel === false;
  const dlg = $('dlg-confirm');
  openDialog(dlg);
  // With no way to cancel, the first answer is the one Enter gives.
  if (cancel === false) $('confirm-ok').focus();
  return new Promise((resolve) => {
    const closed = () => {
      if (dlg.open) return; // raised over a dialog opened meanwhile (openDialog), not answered
      dlg.removeEventListener('close', closed);
      resolve(['ok', 'alt'].includes(dlg.returnValue) ? dlg.returnValue : null);
    };
    dlg.addEventListener('close', closed);
  });
}

/**
 * Opens a modal dialog: every dialog opens here. Its returnValue is cleared first, so a dialog
 * that acts on the button that closed it (Start, Save) never takes the button of its last
 * opening for Escape's answer: engines differ on whether Escape clears it (#40). A question
 * waiting for its answer stays on top of a dialog opened meanwhile.
 * @param {HTMLDialogElement} dlg
 */
export function openDialog(dlg) {
  const q = $('dlg-confirm');
  const raise = q !== dlg && q.open;
  const focused = document.activeElement;
  dlg.returnValue = '';
  dlg.showModal();
  if (!raise) return;
  q.close();
  q.showModal();
  if (q.contains(focused)) focused.focus();
}

// ---------- settings, puzzles and files ----------

/** The time limits a game may have (settings.rs TIME_LIMITS), named in the current language. */
export const TIME_LIMITS = [0, 5, 10, 15, 20, 30, 45, 60, 90];
function fillTimeLimits(chosen) {
  $('set-timelimit').replaceChildren(...TIME_LIMITS.map((m) => {
    const o = document.createElement('option');
    o.value = String(m);
    o.textContent = m ? t('settings.limit.min', { n: m }) : t('settings.limit.none');
    o.selected = m === chosen;
    return o;
  }));
}

function handwritingText(st) {
  return st && st.samples ? t('hw.learnt', { count: st.samples }) : t('hw.general');
}

async function openSettings() {
  const s = host.settings();
  $('set-hand').value = s.handedness;
  $('set-incorrect').checked = s.show_incorrect;
  $('set-penonly').checked = s.pen_only;
  $('set-keepink').checked = Boolean(s.keep_handwriting);
  $('set-suggest').checked = Boolean(s.suggest_cell);
  $('set-regiontint').checked = s.region_tint !== false;
  $('set-tidy').checked = Boolean(s.tidy_marks);
  $('set-readmarks').checked = Boolean(s.read_marks);
  $('set-pencil').value = s.pencil_marks || 'candidates';
  $('hw-status').textContent = handwritingText(await callOrToast('handwriting_status'));
  $('set-language').value = s.language || 'auto';
  $('set-theme').value = s.theme || 'system';
  $('set-newpuzzles').value = s.new_puzzles || 'collection';
  fillTimeLimits(s.time_limit_min || 0);
  openDialog($('dlg-settings'));
}

async function openShare() {
  const e = await callOrToast('export_puzzle');
  $('share-text').value = e ? e.text : '';
  $('share-link').value = e ? e.link : '';
  $('share-copy-link').disabled = !e;
  $('share-error').textContent = '';
  openDialog($('dlg-share'));
}

/** A button of the files dialog: a failure is shown in the dialog, which stays open. */
function fileButton(id, command, args, done, wrap) {
  $(id).addEventListener('click', async () => {
    try {
      const r = await replacing(command, args(), wrap);
      if (r) done(r);
    } catch (e) {
      $('share-error').textContent = errorText(e);
    }
  });
}

function opened(message) {
  return async (view) => {
    $('dlg-share').close();
    if (await host.startGame(view)) setStatus(() => message(view));
  };
}

/**
 * A puzzle's link opened from outside (the OS started Inkdoku with it, or a second launch
 * handed it over): what its puzzle is, asked, then played with the usual question before an
 * unfinished game is replaced. Resolves to whether it became the game.
 */
export async function offerLink() {
  let offer;
  try {
    offer = await call('take_link');
  } catch (e) {
    toast(errorText(e));
    return false;
  }
  if (!offer || !offer.link) return false;
  const s = offer.summary;
  const g = gameOf(s.kind) || { name: s.kind };
  const about = { game: g.name, size: sizeText(s.rows, s.cols), difficulty: difficultyText(s.difficulty) };
  if (!(await confirm({ title: t('link.title'), text: t('link.text', about), ok: t('link.ok'), cancel: t('link.cancel') }))) return false;
  const view = await replacingOrToast('import_puzzle', { text: offer.link });
  if (!view || !(await host.startGame(view))) return false;
  setStatus(() => t('status.link_played', about));
  return true;
}

/** "Copy link": the puzzle's link to the clipboard (selected in its field where the clipboard
 * can't be written, for the player to copy). */
async function copyLink() {
  const field = $('share-link');
  try {
    await navigator.clipboard.writeText(field.value);
    setStatus(() => t('status.link_copied'));
  } catch {
    field.focus();
    field.select();
    $('share-error').textContent = t('files.copy_by_hand');
  }
}

/**
 * "Restore from a backup…": the backup chosen and checked (nothing changes), what it holds said
 * and asked, then restored: the app starts again with it (the state it replaces is kept).
 */
async function restoreBackup() {
  let shown;
  try {
    shown = await call('read_backup');
  } catch (e) {
    $('share-error').textContent = errorText(e);
    return;
  }
  const c = shown && shown.contents;
  if (!c) return;
  if (!(await confirm({ title: t('restore.title'), text: restoreText(c), ok: t('restore.ok'), cancel: t('cancel') }))) return;
  try {
    await call('restore_backup');
    $('dlg-share').close();
    setStatus(() => t('status.restoring'));
  } catch (e) {
    $('share-error').textContent = errorText(e);
  }
}

/** What a backup holds, as the restore question says it (`contents` of `read_backup`). */
function restoreText(c) {
  const date = new Intl.DateTimeFormat(language(), { dateStyle: 'long', timeStyle: 'short' }).format(new Date(c.made_at_ms));
  return t('restore.text', { date, app: c.app, games: c.games.length, recorded: c.games_recorded, won: c.games_won, photos: c.photos, samples: c.handwriting_samples, settings: t(c.settings ? 'restore.settings' : 'restore.no_settings') });
}

/** An imported puzzle's level as rated by the engine (a sliding board has none), and a Sudoku's hardest technique. */
const importedLevel = (view) => ({ level: ratedLevelText(view.difficulty, view.technique) });

/** @param {Host} app */
export function wireDialogs(app) {
  host = app;
  buildTiles();
  onLanguageChange(buildTiles);
  $('btn-new').addEventListener('click', () => openPicker());
  $('won-new').addEventListener('click', () => openPicker());
  $('dlg-new').addEventListener('close', onPickerClosed);
  // Not a submit button: Enter in the form must keep meaning Start.
  // A game's "Enter a puzzle" button that is no submit button of the form (its `data-enter`).
  for (const b of document.querySelectorAll('#dlg-new [data-enter]')) b.addEventListener('click', () => $('dlg-new').close('enter'));
  $('new-daily').addEventListener('click', () => $('dlg-new').close('daily'));
  $('gen-cancel').addEventListener('click', async () => {
    await callOrToast('cancel_generation');
    $('gen').hidden = true;
    setStatus(() => t('status.cancelled'));
  });
  $('btn-settings').addEventListener('click', openSettings);
  $('hw-reset').addEventListener('click', async () => {
    // Asked like every loss: a tap by mistake must cost nothing (the file is kept as the backup).
    if (!(await confirm({ title: t('hw.forget.ask.title'), text: t('hw.forget.ask.text'), ok: t('hw.forget.ask.ok'), cancel: t('hw.forget.ask.cancel') }))) return;
    const st = await callOrToast('reset_handwriting');
    if (st) $('hw-status').textContent = handwritingText(st);
  });
  $('dlg-settings').addEventListener('close', () => {
    if ($('dlg-settings').returnValue === 'calibrate') host.calibrate();
    if ($('dlg-settings').returnValue !== 'save') return;
    host.saveSettings({ handedness: $('set-hand').value, show_incorrect: $('set-incorrect').checked, pen_only: $('set-penonly').checked, keep_handwriting: $('set-keepink').checked, suggest_cell: $('set-suggest').checked, region_tint: $('set-regiontint').checked, tidy_marks: $('set-tidy').checked, read_marks: $('set-readmarks').checked, pencil_marks: $('set-pencil').value, language: $('set-language').value, theme: $('set-theme').value, new_puzzles: $('set-newpuzzles').value, time_limit_min: Number($('set-timelimit').value) });
  });
  $('btn-share').addEventListener('click', openShare);
  const none = () => ({});
  fileButton('share-import', 'import_puzzle', () => ({ text: $('share-text').value }), opened((v) => t('status.imported', importedLevel(v))));
  // A file written where the player chose (no path: cancelled), said in the status line.
  const written = (key) => (r) => {
    if (r.path) { $('dlg-share').close(); setStatus(() => t(key, { path: r.path })); }
  };
  fileButton('file-save', 'save_game_as', none, written('status.saved_to'));
  fileButton('file-backup', 'back_up', none, written('status.backed_up'));
  const asOpened = (view) => ({ view });
  fileButton('file-open', 'open_game', none, (r) => r.view && opened(() => t('status.opened'))(r.view), asOpened);
  $('share-copy-link').addEventListener('click', copyLink);
  $('file-restore').addEventListener('click', restoreBackup);
  $('file-quit').addEventListener('click', async () => {
    // The app exits after saving; where nothing closes (the dev bridge) the player is told.
    if (await callOrToast('quit')) { $('dlg-share').close(); setStatus(() => t('status.saved_quit')); }
  });
  fileButton('file-import', 'import_puzzle_file', none, (r) => r.view && opened((v) => t('status.imported_file', importedLevel(v)))(r.view), asOpened);
}
