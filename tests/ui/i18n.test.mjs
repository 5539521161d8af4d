import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { CATALOGUES, LANGUAGES, pickLanguage, placeholders, forms, format, t, setLanguage, loadLanguage, errorText, language, noticeText, saveTroubleText, ratedLevelText } from '../../ui/js/i18n.js';

// The other languages' catalogues are loaded on demand, as the page does.
for (const lang of LANGUAGES) await loadLanguage(lang);

const en = CATALOGUES.en;

test('every language has every key, with the same placeholders, and nothing extra', () => {
  for (const lang of LANGUAGES) {
    const cat = CATALOGUES[lang];
    for (const key of Object.keys(en)) {
      assert.ok(key in cat, `${lang} lacks "${key}"`);
      for (const text of forms(cat[key])) {
        assert.equal(typeof text, 'string', `${lang} "${key}" is not text`);
        assert.ok(text.trim().length > 0, `${lang} "${key}" is empty`);
      }
      assert.deepEqual(placeholders(cat[key]), placeholders(en[key]), `${lang} "${key}": placeholders differ`);
    }
    for (const key of Object.keys(cat)) assert.ok(key in en, `${lang} has "${key}", English does not`);
  }
});

test('the Chinese catalogue is Chinese: no English sentence left untranslated', () => {
  // Keys whose text is the same in both (names, symbols) are listed; any other identical text is a miss.
  const same = new Set(['app.title', 'stats.none', 'a11y.entry', 'error.with_detail']);
  const zh = CATALOGUES['zh-CN'];
  for (const key of Object.keys(en)) {
    // A text of names and punctuation only ("{game} {size}，{difficulty}") has nothing to translate.
    if (same.has(key) || typeof zh[key] !== 'string' || !/[A-Za-z]{2}/.test(forms(en[key]).join(' ').replace(/\{\w+\}/g, ''))) continue;
    assert.notEqual(zh[key], en[key], `zh-CN "${key}" is the English text`);
    assert.ok(/[\u4e00-\u9fff]/.test(zh[key]), `zh-CN "${key}" has no Chinese character: ${zh[key]}`);
  }
});

test('every key the view uses exists (data-i18n attributes and t() calls in ui/)', () => {
  const files = ['ui/index.html', ...readdirSync('ui/js').filter((f) => f.endsWith('.js')).map((f) => `ui/js/${f}`),
    ...readdirSync('ui/js/screens').map((f) => `ui/js/screens/${f}`)];
  const used = new Set();
  const namespaces = new Set(Object.keys(en).map((k) => k.split('.')[0]));
  for (const f of files) {
    // Comments name keys only as examples ("data-i18n=\"key\""): they are not scanned.
    const src = readFileSync(f, 'utf8').replace(/^\s*\/\/.*$/gm, '');
    // A key filled in by markup code ("${labelKey}") is caught where it is passed, quoted, below.
    for (const m of src.matchAll(/data-i18n(?:-label|-title|-alt)?="([^"$]+)"/g)) used.add(m[1]);
    for (const m of src.matchAll(/\bt\('([^'$]+)'/g)) used.add(m[1]);
    // A key chosen before the call (t(won ? 'status.a' : 'status.b')): any quoted name in one of
    // the catalogue's namespaces.
    for (const m of src.matchAll(/'([a-z]\w*\.[\w.]+)'/g)) if (namespaces.has(m[1].split('.')[0])) used.add(m[1]);
  }
  assert.ok(used.size > 100, `found only ${used.size} keys: the scan is broken`);
  for (const key of used) assert.ok(key in en, `"${key}" is used but not in the catalogue`);
});

test('the language follows the system unless the settings name one', () => {
  assert.equal(pickLanguage('auto', ['zh-CN', 'en-US']), 'zh-CN');
  assert.equal(pickLanguage('auto', ['zh']), 'zh-CN');
  assert.equal(pickLanguage('auto', ['zh-Hans-CN']), 'zh-CN');
  assert.equal(pickLanguage('auto', ['zh-TW']), 'en');
  assert.equal(pickLanguage('auto', ['de-DE', 'zh-SG']), 'zh-CN');
  assert.equal(pickLanguage('auto', ['fr-FR']), 'en');
  assert.equal(pickLanguage(undefined, []), 'en');
  assert.equal(pickLanguage('en', ['zh-CN']), 'en');
  assert.equal(pickLanguage('zh-CN', ['en-GB']), 'zh-CN');
  assert.equal(pickLanguage('klingon', ['zh-CN']), 'zh-CN');
});

test('t fills placeholders and switches language without a reload', () => {
  assert.equal(format('{a} and {b}', { a: 1, b: 'x' }), '1 and x');
  assert.equal(format('{a} {missing}', { a: 0 }), '0 {missing}');
  setLanguage('en');
  assert.equal(t('pen.wrote', { n: 7, cell: 'r1c2' }), 'Wrote 7 in r1c2.');
  setLanguage('zh-CN');
  assert.equal(language(), 'zh-CN');
  assert.equal(t('btn.hint'), '提示');
  assert.equal(t('game.sudoku'), '数独');
  assert.equal(t('no.such.key'), 'no.such.key');
  setLanguage('en');
});

test('backend errors read in the player language, with structured details', () => {
  setLanguage('en');
  assert.equal(errorText({ kind: 'no_game', message: 'There is no game in progress.' }), 'There is no game in progress.');
  setLanguage('zh-CN');
  assert.equal(errorText({ kind: 'no_game', message: 'There is no game in progress.' }), '当前没有进行中的游戏。');
  assert.equal(errorText({ kind: 'never_heard_of', message: 'x' }), CATALOGUES['zh-CN']['error.internal']);
  const e = { kind: 'puzzle', message: "That puzzle can't be read: cage 3 has no cells.", detail: { key: 'kenken.empty_cage', cage: 3 } };
  assert.equal(errorText(e), '无法读取这道谜题。笼子 3 没有格子。');
  assert.equal(errorText({ ...e, detail: { key: 'kenken.no_such_problem' } }), '无法读取这道谜题。', 'an unknown detail: the kind alone');
  setLanguage('en');
  assert.equal(errorText(e), e.message, "English: the engine's own sentence");
  assert.equal(errorText({ kind: 'no_game' }), 'There is no game in progress.', 'no message: the catalogue');
});

test('hints are phrased from their data in Chinese, and keep the engine sentence in English', async () => {
  const { hintText } = await import('../../ui/js/hints.js');
  const h = {
    technique: 'Naked pair', id: 'naked_pair', explanation: 'r1c1 and r1c2 hold only 3 and 7, so ...',
    highlight: { cells: [[0, 0], [0, 1]], target: null }, place: null,
    eliminate: [{ row: 0, col: 4, value: 3 }, { row: 0, col: 4, value: 7 }, { row: 0, col: 8, value: 3 }], tile: null, to_go: null,
  };
  setLanguage('en');
  assert.deepEqual(hintText(h), { technique: 'Naked pair', text: h.explanation });
  setLanguage('zh-CN');
  assert.deepEqual(hintText(h), { technique: '显性数对', text: '可以从第1行第5列、第1行第9列中删去候选数 3、7。' });
  const single = { ...h, id: 'hidden_single', eliminate: [], place: { row: 2, col: 3, value: 12 } };
  assert.equal(hintText(single).text, '第3行第4列是 C。');
  assert.equal(hintText(single).technique, '隐性唯一数');
  assert.equal(hintText({ ...h, id: 'optimal_move', tile: 5, to_go: 12, eliminate: [] }).text, '滑动图块 5：最少还需 12 步。');
  assert.equal(hintText({ ...h, id: 'wrong_number', eliminate: [], highlight: { cells: [], target: { row: 0, col: 0 } } }).text, '第1行第1列填的数字是错的。');
  assert.equal(hintText({ ...h, id: 'pointing', eliminate: [] }).text, '请看第1行第1列、第1行第2列。');
  // An id the view does not know keeps the engine's words.
  assert.deepEqual(hintText({ ...h, id: undefined }), { technique: 'Naked pair', text: h.explanation });
  setLanguage('en');
});

test('why a write was not read is said in the player\'s language, from the backend\'s data', async () => {
  const { unreadText } = await import('../../ui/js/screens/penplay.js');
  const before = language();
  try {
    setLanguage('en');
    assert.equal(unreadText({ code: 'not_allowed', looks_like: '0' }), "That looks like 0, which this board doesn't use.");
    assert.match(unreadText({ code: 'unclear', guess: '4', percent: 23 }), /best guess 4, 23%/);
    assert.match(unreadText({ code: 'dot' }), /dot/);
    assert.equal(unreadText(undefined), t('pen.unread.plain'), 'an older backend without `why`');
    setLanguage('zh-CN');
    assert.equal(unreadText({ code: 'not_allowed', looks_like: '0' }), '看起来像 0，但这个棋盘不用它。');
    assert.match(unreadText({ code: 'unclear', guess: '4', percent: 23 }), /最可能是 4，23%/);
  } finally {
    setLanguage(before);
  }
});

test('start-up notices: the backend\'s sentence in English, each notice from its data in Chinese', () => {
  const before = language();
  const found = {
    notice: 'Sorry: the file is damaged. The previous save was restored instead; at most the last move is lost.',
    notices: [
      { about: 'save', game: 'kenken', restored: true, kept: ['/data/autosave-kenken.inkdoku.corrupt-1'] },
      { about: 'handwriting', restored: false, kept: [] },
    ],
  };
  try {
    setLanguage('en');
    assert.equal(noticeText(found), found.notice);
    assert.equal(noticeText({ notice: null, notices: [] }), null);
    setLanguage('zh-CN');
    const zh = noticeText(found);
    assert.match(zh, /聪明格存档已损坏：已恢复上一份存档/);
    assert.match(zh, /autosave-kenken\.inkdoku\.corrupt-1/);
    assert.match(zh, /通用模型重新开始/);
    // An older backend without the data: the plain sentence.
    assert.equal(noticeText({ notice: 'x' }), t('notice.recovered'));
  } finally {
    setLanguage(before);
  }
});

test('saving that stays impossible is told in the player\'s language, and nothing while it works', () => {
  const was = language();
  setLanguage('zh-CN');
  assert.equal(saveTroubleText({ trouble: null }), null);
  const busy = saveTroubleText({ trouble: { kind: 'busy', path: 'C:\\Users\\李 雷\\autosave-sudoku.inkdoku' } });
  assert.match(busy, /无法保存/);
  assert.match(busy, /autosave-sudoku\.inkdoku/);
  assert.doesNotMatch(busy, /Users/, 'the name, not the whole path');
  assert.match(saveTroubleText({ trouble: { kind: 'io', path: 'x', message: 'disk full' } }), /disk full/);
  setLanguage('en');
  assert.match(saveTroubleText({ trouble: { kind: 'io', path: 'x', message: 'disk full' } }), /can't be saved right now \(disk full\)/);
  setLanguage(was);
});

test('a language we do not have loads as English; one we have is loaded once', async () => {
  assert.equal(await loadLanguage('fr'), 'en');
  assert.equal(await loadLanguage('zh-CN'), 'zh-CN');
  const zh = CATALOGUES['zh-CN'];
  assert.equal(await loadLanguage('zh-CN'), 'zh-CN');
  assert.equal(CATALOGUES['zh-CN'], zh, 'not fetched again');
  assert.deepEqual(LANGUAGES, ['en', 'zh-CN']);
});

test('numbers of things take the plural rules of the language (Intl.PluralRules), not string tricks', () => {
  const before = language();
  try {
    setLanguage('en');
    assert.equal(t('slide.moves', { n: 1 }), '1 move');
    assert.equal(t('slide.moves', { n: 0 }), '0 moves');
    assert.equal(t('slide.moves', { n: 2 }), '2 moves');
    assert.equal(t('hint.slide', { tile: 5, n: 1 }), 'Slide tile 5: 1 move to go at best.');
    assert.equal(t('hint.slide.about', { tile: 5, n: 1 }), 'Slide tile 5: about 1 move to go.');
    assert.equal(t('slide.solved', { moves: 1, time: '0:03' }), 'Solved in 1 move and 0:03.');
    assert.match(t('hw.learnt', { count: 1 }), /learnt 1 sample of/);
    assert.match(t('hw.learnt', { count: 12 }), /learnt 12 samples of/);
    assert.match(t('cal.saved', { count: 1 }), /learnt 1 sample of/);
    assert.match(t('ke.cage_chosen', { cell: 'r1c1', n: 1 }), /\(1 cell\)/);
    setLanguage('zh-CN');
    assert.equal(t('slide.moves', { n: 1 }), t('slide.moves', { n: 2 }).replace('2', '1'), 'Chinese: one form');
  } finally {
    setLanguage(before);
  }
  // Every plural entry names a placeholder it counts and has the forms English needs; no plain
  // English text puts a number before a plural noun.
  for (const [key, entry] of Object.entries(CATALOGUES.en)) {
    if (typeof entry === 'string') {
      assert.doesNotMatch(entry, /\{(n|count|moves)\} (\w+ )?\w+s\b/, `"${key}" needs plural forms`);
      continue;
    }
    assert.ok(typeof entry.one === 'string' && typeof entry.other === 'string', `"${key}" has one and other`);
    assert.ok(placeholders(entry.other).includes(entry.count), `"${key}" counts {${entry.count}}`);
  }
});

test('a rated puzzle\'s level comes with its hardest technique when the backend tells it (issue #40)', () => {
  const before = language();
  try {
    setLanguage('en');
    assert.equal(t('status.imported', { level: ratedLevelText('hard', 'X-wing') }), 'Imported the puzzle (hard; its hardest step is X-wing).');
    assert.equal(ratedLevelText('easy', 'Hidden single'), 'easy; its hardest step is hidden single');
    assert.equal(ratedLevelText('unrated', undefined), 'unrated', 'no rating: the level alone, as before');
    setLanguage('zh-CN');
    assert.equal(t('status.imported', { level: ratedLevelText('hard', 'X-wing') }), '已导入谜题（困难；最难的一步是X 翼）。');
  } finally {
    setLanguage(before);
  }
});
