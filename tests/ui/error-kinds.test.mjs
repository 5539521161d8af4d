// Every error kind the shell can send has a sentence in every catalogue (#40 item 9): without
// one, errorText says "internal error" in Chinese. The kinds are read from the Rust source,
// starting at CommandError::kind (src-tauri/src/commands/error.rs) and following each arm that
// hands on another error's kind, so a new kind without a sentence fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOGUES, LANGUAGES, loadLanguage } from '../../ui/js/i18n.js';

for (const lang of LANGUAGES) await loadLanguage(lang);

const rustFiles = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
  d.isDirectory() ? rustFiles(join(dir, d.name)) : d.name.endsWith('.rs') ? [join(dir, d.name)] : []);
const sources = [...rustFiles('src'), ...rustFiles('src-tauri/src')].map((file) => ({ file, text: readFileSync(file, 'utf8') }));

/** The text between the brace at `open` and its match. */
function block(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(open + 1, i);
  }
  throw new Error('unbalanced braces');
}

/** The field type of `Type::Variant(...)` in the `enum Type` of `text` (`#[from] a::b::T` → T). */
function variantType(text, type, variant) {
  const at = text.search(new RegExp(`enum ${type}\\b[^{]*\\{`));
  if (at < 0) return null;
  const m = new RegExp(`\\b${variant}\\(([^)]*)\\)`).exec(block(text, text.indexOf('{', at)));
  return m ? m[1].trim().split(/[\s:]+/).pop() : null;
}

/**
 * The codes the games give the text they can't read (`TextError::unreadable("kenken_puzzle", …)`
 * in each game's folder). The toy's are left out: the view has no toy.
 */
function unreadableCodes() {
  const codes = new Set();
  for (const { file, text } of sources) {
    if (file.endsWith('toy.rs')) continue;
    for (const m of text.matchAll(/TextError::unreadable\(\s*"(\w+)"/g)) codes.add(m[1]);
  }
  return codes;
}

/** The IPC kinds of the error type `type` (every type of that name: a game's ActionError…). */
function kindsOf(type, seen = new Set()) {
  if (seen.has(type)) return new Set();
  seen.add(type);
  const kinds = new Set();
  const add = (more) => { for (const k of more) kinds.add(k); };
  // A text no game could read (`ImportError::kind`) is told in the words of the game it looks
  // most like: a `TextError`'s own kinds, or the code that game gave it.
  if (type === 'ImportError') {
    add(kindsOf('TextError', seen));
    add(unreadableCodes());
  }
  let found = false;
  for (const { text } of sources) {
    for (const m of text.matchAll(new RegExp(`impl ${type} \\{`, 'g'))) {
      const body = block(text, m.index + m[0].length - 1);
      const f = /fn kind\(&self\) -> &'static str \{/.exec(body);
      if (!f) continue;
      found = true;
      for (const arm of block(body, f.index + f[0].length - 1).split(/,\s*\n/)) {
        const lit = /=>\s*"(\w+)"/.exec(arm);
        const handed = /(\w+)::(\w+)\((\w+)\)\s*=>\s*\3\.kind\(\)/.exec(arm);
        if (lit) kinds.add(lit[1]);
        else if (handed) add(kindsOf(variantType(text, type, handed[2]), seen));
        else if (/=>\s*\w+\s*$/.test(arm.trim())) {
          // A kind carried in a field (PlayError::Refused): the errors turned into this one
          // with their own kind (`impl From<ActionError> for PlayError` … `e.kind()`).
          for (const s of sources) for (const c of s.text.matchAll(new RegExp(`impl From<(\\w+)> for [\\w:]*\\b${type} \\{`, 'g'))) {
            if (block(s.text, c.index + c[0].length - 1).includes('.kind()')) add(kindsOf(c[1], seen));
          }
        }
      }
    }
  }
  assert.ok(found, `no kind() of ${type} found: the scan is broken`);
  return kinds;
}

test('every error kind the shell can send has a sentence in every language', () => {
  const kinds = kindsOf('CommandError');
  // The scan reaches the engine's kinds through PlayError and the games' refusals.
  for (const k of ['internal', 'would_replace', 'nothing_to_undo', 'given_cell', 'illegal_slide', 'unknown_note', 'bad_colour', 'stale', 'puzzle', 'kenken_puzzle', 'slide_puzzle', 'unsolvable', 'not_unique']) {
    assert.ok(kinds.has(k), `the scan missed "${k}": ${[...kinds]}`);
  }
  for (const lang of LANGUAGES) {
    const missing = [...kinds].filter((k) => typeof CATALOGUES[lang][`error.${k}`] !== 'string');
    assert.deepEqual(missing, [], `${lang} has no error.* sentence for these kinds`);
  }
});
