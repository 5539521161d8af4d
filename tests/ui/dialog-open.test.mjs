// Every modal dialog opens through dialogs.js openDialog (#40 item 5): it clears returnValue, so
// a dialog acting on the button that closed it never sees the last opening's button after an
// Escape, and it keeps a question on screen above a dialog opened meanwhile.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';

test('no view module opens a modal dialog but openDialog', () => {
  const files = [...readdirSync('ui/js').filter((f) => f.endsWith('.js')).map((f) => `ui/js/${f}`),
    ...readdirSync('ui/js/screens').filter((f) => f.endsWith('.js')).map((f) => `ui/js/screens/${f}`)];
  const calls = files.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/\.showModal\(/g)].map(() => f));
  // openDialog's own two: the dialog, and a question raised above it.
  assert.deepEqual(calls, ['ui/js/dialogs.js', 'ui/js/dialogs.js']);
  const dialogs = readFileSync('ui/js/dialogs.js', 'utf8');
  const body = dialogs.slice(dialogs.indexOf('export function openDialog('));
  assert.match(body.slice(0, body.indexOf('\n}\n')), /returnValue = ''[\s\S]*showModal\(\)/, 'openDialog clears returnValue before it opens');
});
