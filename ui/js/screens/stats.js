// The statistics page (#dlg-stats): a table per game kind, size and difficulty (started, won,
// win rate, best and median time, hints, streaks, the sliding puzzle's best moves), and for the
// chosen game and size two plots (plot.js): recent solve times, one line per difficulty, and how
// long games take. "Reset statistics" asks first. The figures are the engine's (get_stats).

import { callOrToast, setStatus, STATS_CHANGED } from '../status.js';
import { confirm, openDialog } from '../dialogs.js';
import { formatTime } from '../format.js';
import { linePlot, histogram } from '../plot.js';
import { t, language, difficultyText, onLanguageChange } from '../i18n.js';
import { gameOf, drawable } from './index.js';
import { gameText, openReplay } from '../replay.js';

const $ = (id) => document.getElementById(id);
const DIFFICULTY_ORDER = ['easy', 'medium', 'hard', 'expert', 'custom'];

let data = null; // the last get_stats answer
let wins = { kept: 0, wins: [] }; // the recent wins kept to watch (recent_wins)
let chosen = null; // "kind|size" whose plots are shown

const gameName = (kind) => (gameOf(kind) ? gameOf(kind).name : kind);
const sizeLabel = (size) => size.replace('x', ' × ');
const time = (ms) => (ms === null || ms === undefined ? t('stats.none') : formatTime(ms));

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...children);
  return e;
}

function table(summaries) {
  const head = ['stats.kind', 'stats.started', 'stats.won', 'stats.rate', 'stats.best', 'stats.median', 'stats.hints', 'stats.streak', 'stats.best_streak', 'stats.best_moves'];
  const thead = el('thead', {}, el('tr', {}, ...head.map((k) => el('th', { scope: 'col' }, t(k)))));
  const rows = summaries.map((s) => el('tr', {},
    el('th', { scope: 'row' }, t('stats.group', { game: gameName(s.kind), size: sizeLabel(s.size), difficulty: difficultyText(s.difficulty) })),
    el('td', {}, String(s.started)),
    el('td', {}, String(s.won)),
    el('td', {}, `${Math.round(s.win_rate * 100)}%`),
    el('td', {}, time(s.best_ms)),
    el('td', {}, time(s.median_ms)),
    el('td', {}, String(s.hints)),
    el('td', {}, String(s.streak)),
    el('td', {}, String(s.best_streak)),
    el('td', {}, s.best_moves === null ? t('stats.none') : String(s.best_moves))));
  // The table may scroll sideways on a small screen: a keyboard can reach and scroll it.
  return el('div', { class: 'stats-table-wrap', tabindex: '0', role: 'region', 'aria-label': t('stats.table') }, el('table', { class: 'stats-table' }, el('caption', { class: 'visually-hidden' }, t('stats.table')), thead, el('tbody', {}, ...rows)));
}

/** The plots of one game and size: a line per difficulty, and every solve time's distribution. */
function plots(summaries, key) {
  const [kind, size] = key.split('|');
  const mine = summaries.filter((s) => s.kind === kind && s.size === size)
    .sort((a, b) => DIFFICULTY_ORDER.indexOf(a.difficulty) - DIFFICULTY_ORDER.indexOf(b.difficulty));
  const series = mine.map((s) => ({ name: difficultyText(s.difficulty), values: s.recent_ms }));
  const all = mine.flatMap((s) => s.times_ms);
  const box = el('div', { class: 'stats-plots' });
  if (!all.length) {
    box.append(el('p', { class: 'muted' }, t('stats.empty')));
    return box;
  }
  const n = Math.max(...series.map((s) => s.values.length));
  const line = el('figure', {});
  line.innerHTML = linePlot({ series, width: 420, height: 200, title: t('stats.recent'), desc: t('stats.recent.desc', { n }), xLabel: t('stats.axis.game'), fmt: formatTime });
  const legend = el('figcaption', { class: 'plot-legend' }, ...series.map((s, k) => el('span', { class: `plot-key plot-s${k % 4}` }, s.name)));
  line.append(legend);
  const hist = el('figure', {});
  hist.innerHTML = histogram({ values: all, width: 420, height: 200, title: t('stats.distribution'), desc: t('stats.distribution.desc'), fmt: formatTime, yLabel: t('stats.axis.wins') });
  hist.append(el('figcaption', { class: 'muted' }, t('stats.distribution')));
  box.append(line, hist);
  return box;
}

function render() {
  const body = $('stats-body');
  body.replaceChildren();
  if (!data) return;
  if (data.set_aside) body.append(el('p', { class: 'note', role: 'status' }, t(data.restored ? 'stats.restored' : 'stats.set_aside')));
  const summaries = data.summaries;
  $('stats-reset').disabled = !summaries.length;
  if (!summaries.length) {
    body.append(el('p', {}, t('stats.empty')));
    return;
  }
  const keys = [...new Set(summaries.map((s) => `${s.kind}|${s.size}`))];
  if (!keys.includes(chosen)) chosen = keys[0];
  const pick = el('select', { id: 'stats-game', 'aria-label': t('new.game') },
    ...keys.map((k) => { const [kind, size] = k.split('|'); const o = el('option', { value: k }, `${gameName(kind)} ${sizeLabel(size)}`); o.selected = k === chosen; return o; }));
  pick.addEventListener('change', () => { chosen = pick.value; render(); $('stats-game').focus(); });
  body.append(table(summaries), el('label', { class: 'stats-pick' }, el('span', {}, t('new.game')), pick), plots(summaries, chosen), recentWins());
}

/** The recent wins kept to watch again ("Watch my solve"), newest first. */
function recentWins() {
  const box = el('section', { class: 'stats-wins', 'aria-labelledby': 'stats-wins-title' }, el('h3', { id: 'stats-wins-title' }, t('stats.wins')));
  const watchable = wins.wins.filter((w) => drawable(w.kind));
  if (!watchable.length) return el('div');
  const date = new Intl.DateTimeFormat(language(), { dateStyle: 'medium', timeStyle: 'short' });
  const list = el('ul', { class: 'stats-wins-list' }, ...watchable.map((w) => {
    const what = gameText(w);
    const when = date.format(new Date(w.won_at_ms));
    const watch = el('button', { type: 'button', 'data-win': w.id, 'aria-label': t('stats.wins.watch.label', { what, date: when }) }, t('stats.wins.watch'));
    watch.addEventListener('click', () => watchWin(w.id));
    return el('li', {}, el('span', {}, t('stats.wins.row', { what, time: formatTime(w.elapsed_ms), date: when })), watch);
  }));
  box.append(el('p', { class: 'muted' }, t('stats.wins.note', { n: wins.kept })), list);
  return box;
}

/** Watches a kept win; the statistics open again when the replay closes. */
async function watchWin(id) {
  $('dlg-stats').close();
  await openReplay({ win: id, back: () => openDialog($('dlg-stats')) });
}

/**
 * Opens the statistics page with the latest figures. This module is loaded when the player
 * first asks for the page (app.js, #27), and wires the page's own controls then.
 */
export async function openStats() {
  wireStats();
  const [s, w] = await Promise.all([callOrToast('get_stats'), callOrToast('recent_wins')]);
  if (!s) return;
  data = s;
  wins = w || { kept: 0, wins: [] };
  render();
  openDialog($('dlg-stats'));
}

async function reset() {
  const ok = await confirm({ title: t('stats.reset.title'), text: t('stats.reset.text'), ok: t('stats.reset.ok'), cancel: t('stats.reset.cancel') });
  if (!ok) { openDialog($('dlg-stats')); return; }
  const s = await callOrToast('reset_stats');
  if (s) { data = s; setStatus(() => t('stats.reset.done')); window.dispatchEvent(new Event(STATS_CHANGED)); }
  render();
  openDialog($('dlg-stats'));
}

let wired = false;
function wireStats() {
  if (wired) return;
  wired = true;
  $('stats-reset').addEventListener('click', () => {
    // The confirmation is a dialog of its own: this one closes meanwhile and opens again after.
    $('dlg-stats').close();
    reset();
  });
  onLanguageChange(() => { if ($('dlg-stats').open) render(); });
}
