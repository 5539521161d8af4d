// The daily puzzle (#44): the dialog that picks a game's puzzle of a day (#dlg-daily), with a
// month's calendar of the days done (on time or later) and the streak, laid out by
// dailycal.js. Loaded when first opened. The puzzle, the levels of the week and what counts
// as done are the engine's (`daily_calendar`, `generate_game {daily}`). The date is the
// player's own: the local calendar date and the clock's offset from UTC.

import { call } from './backend.js';
import { callOrToast, setStatus, toast } from './status.js';
import { openDialog, replacing, watchGeneration, showGame } from './dialogs.js';
import { gameOf } from './screens/index.js';
import { t, language, difficultyText, errorText, onLanguageChange } from './i18n.js';
import { dateOf, partsOf, localToday, addMonths, monthWeeks, dayState, levelOf, dateText, weekdayNames, MARKS } from './dailycal.js';

const $ = (id) => document.getElementById(id);

// ---------- the dialog ----------

let state = null; // {kind, today, offsetMin, calendar, month: {y, m}, chosen}

/** A kind's calendar (`null` kind: the first game's with a daily puzzle). */
const calendar = (kind, today, offsetMin) => call('daily_calendar', { ...(kind ? { kind } : {}), today, offset_min: offsetMin });

/**
 * Opens the daily puzzle: `kind`'s if it has one, else the first game's that does (the
 * calendar names the games that have one).
 * @param {string} [kind]
 */
export async function openDaily(kind) {
  const { today, offsetMin } = localToday();
  let c;
  try {
    c = await calendar(kind, today, offsetMin).catch((e) => {
      if (e.kind === 'no_daily') return calendar(null, today, offsetMin);
      throw e;
    });
  } catch (e) {
    toast(errorText(e));
    return;
  }
  const { y, m } = partsOf(today);
  state = { kind: c.kind, today, offsetMin, calendar: c, month: { y, m }, chosen: today };
  buildGames(c.kinds);
  render();
  if (!wired) wire();
  openDialog($('dlg-daily'));
  focusChosen();
}

/** Another game's calendar. */
async function load() {
  let c;
  try {
    c = await calendar(state.kind, state.today, state.offsetMin);
  } catch (e) {
    toast(errorText(e));
    return;
  }
  state.calendar = c;
  render();
}

function buildGames(list) {
  const box = $('daily-games');
  box.replaceChildren(...list.map((k) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'tile';
    b.id = `daily-game-${k}`;
    b.dataset.kind = k;
    b.addEventListener('click', async () => {
      state.kind = k;
      await load();
    });
    return b;
  }));
}

function render() {
  const c = state.calendar;
  const lang = language();
  for (const b of $('daily-games').children) {
    const g = gameOf(b.dataset.kind);
    b.textContent = g ? g.name : b.dataset.kind;
    b.setAttribute('aria-pressed', String(b.dataset.kind === state.kind));
  }
  $('daily-today').textContent = t('daily.today', { date: dateText(state.today, lang), level: difficultyText(c.level) });
  $('daily-streak').textContent = t('daily.streak', { n: c.streak, best: c.best_streak });
  const { y, m } = state.month;
  $('daily-month').textContent = dateText(dateOf(y, m, 1), lang, { month: 'long', year: 'numeric' });
  const { y: ty, m: tm } = partsOf(state.today);
  $('daily-next').disabled = y * 12 + m >= ty * 12 + tm;
  $('daily-prev').disabled = y <= 2000 && m <= 1;
  const head = document.createElement('tr');
  for (const name of weekdayNames(lang)) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = name;
    head.append(th);
  }
  const rows = monthWeeks(y, m).map((week) => {
    const tr = document.createElement('tr');
    for (const date of week) {
      const td = document.createElement('td');
      if (date) td.append(dayButton(date));
      tr.append(td);
    }
    return tr;
  });
  const thead = document.createElement('thead');
  thead.append(head);
  const tbody = document.createElement('tbody');
  tbody.append(...rows);
  $('daily-cal').replaceChildren(thead, tbody);
  sayChosen();
}

function dayButton(date) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'daily-day';
  b.dataset.date = date;
  const st = dayState(date, state.calendar, state.today);
  b.dataset.state = st;
  b.disabled = st === 'future';
  b.textContent = String(partsOf(date).d);
  if (MARKS[st]) {
    const mark = document.createElement('span');
    mark.className = 'daily-mark';
    mark.setAttribute('aria-hidden', 'true');
    mark.textContent = MARKS[st];
    b.append(mark);
  }
  if (date === state.today) b.dataset.today = 'true';
  b.setAttribute('aria-pressed', String(date === state.chosen));
  b.setAttribute('aria-label', t(`daily.day.${st}`, { date: dateText(date, language()), level: difficultyText(levelOf(date, state.calendar)) }));
  b.addEventListener('click', () => {
    state.chosen = date;
    for (const o of $('daily-cal').querySelectorAll('.daily-day')) o.setAttribute('aria-pressed', String(o.dataset.date === date));
    sayChosen();
  });
  return b;
}

function sayChosen() {
  const date = state.chosen;
  const st = dayState(date, state.calendar, state.today);
  const when = date === state.today ? 'daily.chosen.today' : `daily.chosen.${st}`;
  $('daily-chosen').textContent = t(when, { date: dateText(date, language()), level: difficultyText(levelOf(date, state.calendar)) });
}

function focusChosen() {
  const b = $('daily-cal').querySelector(`.daily-day[data-date="${state.chosen}"]`);
  if (b) b.focus();
}

let wired = false;
function wire() {
  wired = true;
  const month = (k) => async () => {
    state.month = addMonths(state.month.y, state.month.m, k);
    render();
  };
  $('daily-prev').addEventListener('click', month(-1));
  $('daily-next').addEventListener('click', month(1));
  $('dlg-daily').addEventListener('close', () => {
    if ($('dlg-daily').returnValue === 'play') playDaily(state.kind, state.chosen);
  });
  onLanguageChange(() => { if (state && state.calendar) render(); });
}

/**
 * Plays `kind`'s puzzle of `date`: made by the generator from the date, or continued when the
 * unfinished game of that kind is that very puzzle (it is not replaced by itself).
 * Resolves to whether it is shown.
 */
export async function playDaily(kind, date) {
  let started;
  try {
    started = await call('generate_game', { kind, daily: date });
  } catch (e) {
    if (e.kind === 'would_replace' && e.detail && e.detail.daily === date) {
      const v = await callOrToast('continue_game', { kind });
      return Boolean(v) && showGame(v);
    }
    if (e.kind !== 'would_replace') { toast(errorText(e)); return false; }
    try {
      started = await replacing('generate_game', { kind, daily: date });
    } catch (e2) {
      toast(errorText(e2));
      return false;
    }
  }
  if (!started) return false;
  const shown = await watchGeneration(started.job, 0, false);
  if (shown) setStatus(() => t('status.daily', { game: gameOf(kind).name, date: dateText(date, language()), level: difficultyText(levelOf(date, state.calendar)) }));
  return shown;
}
