// backend.js: every command that changes the game in play says which game it is meant for (the
// one the view shows), the same list as the backend's, and the backend's refusal of a command
// meant for another game (`other_game`) is quiet (issue #40).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { call, aimAt, AIMED, isQuiet } from '../../ui/js/backend.js';
import { errorText, setLanguage, loadLanguage, CATALOGUES } from '../../ui/js/i18n.js';

/** What the page posts to the dev bridge, answered by `answer`. */
function bridge(answer = () => ({ status: 200, body: {} })) {
  const sent = [];
  globalThis.fetch = async (url, init) => {
    const command = decodeURIComponent(url.split('/').pop());
    const args = JSON.parse(init.body);
    sent.push({ command, args });
    const { status, body } = answer(command, args);
    return { ok: status === 200, json: async () => body };
  };
  return sent;
}

test('the commands that change the game carry the game shown; the others do not', async () => {
  const sent = bridge();
  aimAt(null);
  await call('undo');
  assert.deepEqual(sent.pop().args, {}, 'nothing shown yet: nothing to aim at');
  aimAt(7);
  await call('write_cell', { row: 1, col: 2, strokes: [] });
  assert.deepEqual(sent.pop().args, { row: 1, col: 2, strokes: [], game_id: 7 });
  await call('undo');
  assert.deepEqual(sent.pop().args, { game_id: 7 });
  await call('get_settings');
  assert.deepEqual(sent.pop().args, {});
  await call('new_game', { kind: 'sudoku' });
  assert.deepEqual(sent.pop().args, { kind: 'sudoku' }, 'a new game is meant for no game in play');
  aimAt(8);
  await call('act', { action: { type: 'solve' } });
  assert.equal(sent.pop().args.game_id, 8);
});

test('the list is the backend\'s (commands/in_play.rs AIMED)', () => {
  const rust = readFileSync(new URL('../../src-tauri/src/commands/in_play.rs', import.meta.url), 'utf8');
  const list = /pub const AIMED: &\[&str\] = &\[([^\]]*)\]/.exec(rust);
  assert.ok(list, 'AIMED found in in_play.rs');
  assert.deepEqual([...AIMED].sort(), [...list[1].matchAll(/"([a-z_]+)"/g)].map((m) => m[1]).sort());
});

test('a command for another game is refused quietly, with a sentence in both catalogues', async () => {
  bridge(() => ({ status: 400, body: { kind: 'other_game', message: 'That was meant for the game before this one; nothing was changed.' } }));
  aimAt(3);
  const e = await call('write_cell', { row: 0, col: 0, strokes: [] }).catch((x) => x);
  assert.equal(e.kind, 'other_game');
  assert.ok(isQuiet(e));
  assert.equal(errorText(e), null, 'nothing for the toast');
  assert.ok(!isQuiet({ kind: 'stale' }));
  await loadLanguage('zh-CN');
  setLanguage('zh-CN');
  assert.equal(errorText(e), null);
  for (const lang of ['en', 'zh-CN']) assert.ok(CATALOGUES[lang]['error.other_game'], lang);
  setLanguage('en');
});
