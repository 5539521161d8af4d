// #41 "Leaves stay leaves": no view module imports itself back through others, statically or
// with import() (the sliding picture's menu and its screen once did: screens/slide.js ↔
// screens/slide-play.js; what both need is slideimage.js's, a leaf).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const UI = resolve(dirname(fileURLToPath(import.meta.url)), '../../ui');

/** Every module under ui/js and the modules it imports (relative specifiers only). */
function graph() {
  const files = [];
  const walk = (d) => {
    for (const f of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, f.name);
      if (f.isDirectory()) walk(p);
      else if (p.endsWith('.js')) files.push(p);
    }
  };
  walk(join(UI, 'js'));
  const edges = new Map();
  for (const f of files) {
    // Comments may quote an import as an example: not scanned.
    const src = readFileSync(f, 'utf8').replace(/^\s*\/\/.*$/gm, '');
    const out = new Set();
    for (const m of src.matchAll(/(?:import|export)\s[^'"]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g)) {
      const spec = m[1] || m[2];
      if (spec.startsWith('.')) out.add(resolve(dirname(f), spec));
    }
    edges.set(f, out);
  }
  return edges;
}

/** The strongly connected components of more than one module (Tarjan). */
function circles(edges) {
  let next = 0;
  const index = new Map(), low = new Map(), stack = [], onStack = new Set(), found = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) || []) {
      if (!edges.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const c = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        c.push(relative(UI, w));
      } while (w !== v);
      if (c.length > 1) found.push(c.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

test('no view module imports itself back through others', () => {
  const edges = graph();
  assert.ok(edges.size > 30, `found only ${edges.size} modules: the scan is broken`);
  assert.ok([...edges.values()].some((out) => out.size > 5), 'no imports found: the scan is broken');
  assert.deepEqual(circles(edges), []);
});

test('the scan finds a circle when there is one', () => {
  const a = resolve(UI, 'js/a.js'), b = resolve(UI, 'js/b.js'), c = resolve(UI, 'js/c.js');
  assert.deepEqual(circles(new Map([[a, new Set([b])], [b, new Set([c])], [c, new Set([a])]])), [['js/a.js', 'js/b.js', 'js/c.js']]);
});
