import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CATALOGUES, LANGUAGES, placeholders, setLanguage, loadLanguage } from '../../ui/js/i18n.js';
import { ADVICE_SENTENCES, phraseHint, hintText } from '../../ui/js/hints.js';

// The other languages' catalogues are loaded on demand, as the page does.
for (const lang of LANGUAGES) await loadLanguage(lang);

// Advice as the engine sends it (src/play.rs Advice), with every field an id of the table reads.
const advice = (id, more = {}) => ({
  id, technique: 'Engine name', explanation: 'The engine\'s own sentence.',
  highlight: { cells: [[0, 0]], target: { row: 2, col: 3 } }, place: { row: 4, col: 5, value: 11 },
  eliminate: [], tile: 7, to_go: 9, apply: null, ...more,
});

// The marks a wrong corner mark's advice takes away (#43).
const MORE = { wrong_corner_mark: { eliminate: [{ row: 0, col: 1, value: 7 }, { row: 0, col: 2, value: 7 }] } };

test('every sentence of the table is in both catalogues, with the placeholders its data fills', () => {
  const ids = Object.keys(ADVICE_SENTENCES);
  assert.deepEqual(ids.sort(), ['missing_candidate', 'next_move', 'optimal_move', 'solved', 'wrong_corner_mark', 'wrong_number']);
  for (const id of ids) {
    const { key, args } = ADVICE_SENTENCES[id];
    const filled = Object.keys(args(advice(id, MORE[id] || {}))).sort();
    for (const lang of LANGUAGES) {
      const text = CATALOGUES[lang][key];
      assert.ok(text, `${key} is in ${lang}`);
      assert.deepEqual(placeholders(text), filled, `${id}: ${lang} ${key} takes what the data gives`);
      // The status line names the advice too.
      assert.ok(CATALOGUES[lang][`tech.${id}`], `tech.${id} is in ${lang}`);
    }
  }
});

test('in Chinese each id of the table says its own sentence from the data', () => {
  setLanguage('zh-CN');
  try {
    assert.equal(phraseHint(advice('solved')), '谜题已经完成。');
    assert.equal(phraseHint(advice('wrong_number')), '第3行第4列填的数字是错的。');
    assert.equal(phraseHint(advice('missing_candidate')), '第5行第6列缺少候选数 B。');
    assert.equal(phraseHint(advice('wrong_corner_mark', MORE.wrong_corner_mark)), '第1行第2列、第1行第3列的角上标了 7，但 7 在这一宫的别处。');
    assert.equal(phraseHint(advice('wrong_corner_mark')), 'The engine\'s own sentence.', 'without its data, the engine\'s sentence');
    assert.equal(phraseHint(advice('optimal_move')), '滑动图块 7：最少还需 9 步。');
    assert.equal(phraseHint(advice('next_move')), '滑动图块 7：大约还需 9 步。');
    assert.deepEqual(hintText(advice('optimal_move')), { technique: '最佳一步', text: '滑动图块 7：最少还需 9 步。' });
  } finally {
    setLanguage('en');
  }
});

test('advice without the data its sentence needs keeps the engine\'s sentence', () => {
  setLanguage('zh-CN');
  try {
    assert.equal(phraseHint(advice('wrong_number', { highlight: { cells: [], target: null } })), 'The engine\'s own sentence.');
    assert.equal(phraseHint(advice('missing_candidate', { place: null })), 'The engine\'s own sentence.');
  } finally {
    setLanguage('en');
  }
});

test('any other id is a technique\'s step, said from what it places, removes or looks at', () => {
  setLanguage('zh-CN');
  try {
    assert.equal(phraseHint(advice('hidden_single')), '第5行第6列是 B。');
    assert.equal(phraseHint(advice('pointing', { place: null, eliminate: [{ row: 0, col: 1, value: 2 }] })), '可以从第1行第2列中删去候选数 2。');
    assert.equal(phraseHint(advice('deduction', { place: null })), '请看第1行第1列。');
    // A name the object prototype has is no row of the table.
    assert.equal(phraseHint(advice('toString')), '第5行第6列是 B。');
  } finally {
    setLanguage('en');
  }
});

test('English keeps the engine\'s sentence for every id, the table\'s too', () => {
  setLanguage('en');
  for (const id of [...Object.keys(ADVICE_SENTENCES), 'naked_pair']) {
    assert.equal(hintText(advice(id)).text, 'The engine\'s own sentence.', id);
  }
  assert.equal(hintText(advice('optimal_move')).technique, 'Optimal move');
});
