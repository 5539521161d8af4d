// The docs and comments name files that exist (#26: a `session.rs` that was gone, an omitted
// `entry.rs`, a PRODUCT.md outside the repository). Pure file checks, no app.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
const read = (p) => fs.readFileSync(path.join(root, p), 'utf8');

test('each engine doc\'s "Code:" line lists every file of its folder, and only files that exist', () => {
  for (const doc of ['docs/slide.md', 'docs/kenken.md']) {
    const text = read(doc);
    const m = text.match(/Code: `(src\/[a-z]+\/)`([^]*?)(?:CLI:|\n\n)/);
    assert.ok(m, `${doc} has a Code: line`);
    const [, dir, list] = m;
    const named = [...list.matchAll(/`([a-z_0-9]+\.rs)`/g)].map((x) => x[1]).sort();
    const present = fs.readdirSync(path.join(root, dir)).filter((f) => f.endsWith('.rs')).sort();
    assert.deepEqual(named, present, `${doc} names the files of ${dir}`);
  }
});

test('the view\'s comments cite only documents that are in the repository', () => {
  const dir = path.join(root, 'ui', 'js');
  const files = fs.readdirSync(dir, { recursive: true }).filter((f) => f.endsWith('.js'));
  for (const f of files) {
    const text = fs.readFileSync(path.join(dir, f), 'utf8');
    for (const [, doc] of text.matchAll(/\b([A-Za-z-]+\.md)\b/g)) {
      const found = [doc, `docs/${doc}`, `docs/${doc.toLowerCase()}`].some((p) => fs.existsSync(path.join(root, p)));
      assert.ok(found, `ui/js/${f} cites ${doc}, which is not in the repository`);
    }
  }
});
