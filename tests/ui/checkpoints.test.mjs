// Checkpoints' view part (ui/js/checkpoints.js): how a mark is named in both languages and how
// the "Go back" dialog's answer reads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { markLabel, markChoices, readChoice } from '../../ui/js/checkpoints.js';
import { t, setLanguage, loadLanguage } from '../../ui/js/i18n.js';

await loadLanguage('zh-CN');

test('a mark says how long ago it was made, in English and Chinese', () => {
  setLanguage('en');
  assert.equal(markLabel({ n: 2, step: 3, moves_ago: 14 }, t), 'Mark 2 · 14 moves ago');
  assert.equal(markLabel({ n: 1, step: 3, moves_ago: 1 }, t), 'Mark 1 · 1 move ago');
  assert.equal(markLabel({ n: 3, step: 9, moves_ago: 0 }, t), 'Mark 3 · now');
  assert.equal(markLabel({ n: 4, step: 9, moves_ago: null }, t), 'Mark 4 · move 9, undone since');
  setLanguage('zh-CN');
  assert.equal(markLabel({ n: 2, step: 3, moves_ago: 14 }, t), '标记 2 · 14 步之前');
  assert.equal(markLabel({ n: 3, step: 9, moves_ago: 0 }, t), '标记 3 · 现在');
  setLanguage('en');
});

test('the dialog lists the newest mark first and reads its answer back', () => {
  setLanguage('en');
  const marks = [{ n: 1, step: 2, moves_ago: 5 }, { n: 3, step: 6, moves_ago: 1 }];
  assert.deepEqual(markChoices(marks, t), [
    { value: 'mark-3', label: 'Mark 3 · 1 move ago' },
    { value: 'mark-1', label: 'Mark 1 · 5 moves ago' },
  ]);
  assert.deepEqual(markChoices(undefined, t), []);
  assert.deepEqual(readChoice('mark-3'), { mark: 3 });
  assert.deepEqual(readChoice('correct'), { correct: true });
  assert.deepEqual(readChoice('mark'), { markNow: true });
  for (const cancelled of ['', 'cancel', null, 'mark-', 'mark-x']) assert.equal(readChoice(cancelled), null);
});
