// index.html asks for every module the page needs at start at once (<link rel="modulepreload">,
// #27): the list must be exactly the modules app.js imports statically, directly or not, so none
// is fetched late (one import level after another) and none is fetched for nothing. What a
// first board does not need (KenKen's entry screen, the sliding picture's screen, calibration,
// statistics, the Chinese catalogue) is loaded with import() when first asked for, and must not
// slip back into the static graph.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const UI = fileURLToPath(new URL('../../ui', import.meta.url));

const staticImports = (src, file) => [...src.matchAll(/^\s*import\s[^;]*?from\s+['"]([^'"]+)['"]/gms)].map((m) => resolve(dirname(file), m[1]));
const dynamicImports = (src, file) => [...src.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => resolve(dirname(file), m[1]));

/** Every module reachable from `roots` by static imports (the roots included). */
function staticGraph(roots) {
  const graph = new Set();
  const walk = (f) => {
    if (graph.has(f)) return;
    graph.add(f);
    staticImports(readFileSync(f, 'utf8'), f).forEach(walk);
  };
  roots.forEach(walk);
  return graph;
}

const APP = join(UI, 'js/app.js');
const page = staticGraph([APP]);
const rel = (fs) => [...fs].map((f) => relative(UI, f)).sort();

const ON_DEMAND = [
  'js/screens/calibrate.js', 'js/screens/stats.js', 'js/plot.js', 'js/screens/kenken-entry.js', 'js/screens/variant-entry.js',
  'js/cage-editor.js', 'js/drafts.js', 'js/screens/slide-play.js', 'js/sound.js', 'locales/zh-CN.js', 'js/daily.js', 'js/dailycal.js',
  'js/replay.js',
];

test('index.html preloads exactly the modules app.js imports statically, directly or not', () => {
  const graph = new Set(page);
  graph.delete(APP);
  assert.ok(graph.size > 25, `found only ${graph.size} modules: the scan is broken`);
  const html = readFileSync(join(UI, 'index.html'), 'utf8');
  const preloaded = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
  assert.equal(new Set(preloaded).size, preloaded.length, 'a module is preloaded twice');
  assert.deepEqual([...preloaded].sort(), rel(graph));
});

test('what a first board does not need is loaded on demand, not with the page', () => {
  // Every import() of the page's modules, and of the modules those load.
  const loaded = new Set();
  let frontier = [...page];
  while (frontier.length) {
    const next = [];
    for (const f of frontier) {
      for (const d of dynamicImports(readFileSync(f, 'utf8'), f)) {
        assert.ok(existsSync(d), `${relative(UI, f)} imports a missing ${relative(UI, d)}`);
        for (const m of staticGraph([d])) if (!page.has(m) && !loaded.has(m)) { loaded.add(m); next.push(m); }
      }
    }
    frontier = next;
  }
  assert.deepEqual(rel(loaded), [...ON_DEMAND].sort());
  for (const m of ON_DEMAND) assert.ok(!page.has(join(UI, m)), `${m} is in the page's static imports`);
});
