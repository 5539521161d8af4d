// The Settings dialog's time limits are the engine's (src/settings.rs TIME_LIMITS): the list is
// written in both places (the view builds the options, the engine checks the value), so a test
// keeps them the same.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TIME_LIMITS } from '../../ui/js/dialogs.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test("the dialog's time limits are the ones the engine accepts", () => {
  const settings = fs.readFileSync(path.join(root, 'src/settings.rs'), 'utf8');
  const listed = /TIME_LIMITS: \[u16; \d+\] = \[([^\]]*)\]/.exec(settings)[1].split(',').map((s) => Number(s.trim()));
  assert.deepEqual(TIME_LIMITS, listed);
});
