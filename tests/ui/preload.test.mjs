// index.html asks for every module of the page at once (<link rel="modulepreload">, #27): the
// list must be exactly the modules app.js imports, directly or not, so none is fetched late (one
// import level after another) and none is fetched for nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const UI = fileURLToPath(new URL('../../ui', import.meta.url));

function imports(file) {
  const src = readFileSync(file, 'utf8');
  return [...src.matchAll(/^\s*import\s[^;]*?from\s+['"]([^'"]+)['"]/gms)].map((m) => resolve(dirname(file), m[1]));
}

test('index.html preloads exactly the modules app.js imports, directly or not', () => {
  const graph = new Set();
  const walk = (f) => {
    if (graph.has(f)) return;
    graph.add(f);
    imports(f).forEach(walk);
  };
  walk(join(UI, 'js/app.js'));
  graph.delete(join(UI, 'js/app.js'));
  assert.ok(graph.size > 30, `found only ${graph.size} modules: the scan is broken`);
  const html = readFileSync(join(UI, 'index.html'), 'utf8');
  const preloaded = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
  assert.equal(new Set(preloaded).size, preloaded.length, 'a module is preloaded twice');
  const needed = [...graph].map((f) => relative(UI, f)).sort();
  assert.deepEqual([...preloaded].sort(), needed);
  // No dynamic import() anywhere: the static graph is the whole page.
  for (const f of [...graph, join(UI, 'js/app.js')]) assert.doesNotMatch(readFileSync(f, 'utf8'), /\bimport\(/, relative(UI, f));
});
