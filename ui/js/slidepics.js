// The sliding puzzle's picture menu, the pure part (node-tested): which pictures the new-game
// dialog offers and in what order, where a built-in one is drawn from, the recent list, and where
// an arrow key moves in the grid of thumbnails. The DOM is screens/slide.js's.
//
// Names, as in the settings and saves (docs/slide.md): `builtin:<id>` for a built-in picture
// (the engine's `slide::play::BUILTIN_PICTURES`, the same list), a stored own picture's
// `<hex>.png|jpg`, and null for the default built-in picture.

/** The built-in pictures, the default first (as the engine lists them). */
export const BUILTIN_PICTURES = ['lake', 'balloons', 'reef', 'town'];
/** The default built-in picture's name (null in the settings and saves). */
export const DEFAULT_PICTURE = `builtin:${BUILTIN_PICTURES[0]}`;
/** How many own pictures are remembered (the engine's `settings::RECENT_PICTURES`). */
export const RECENT_PICTURES = 6;

/** The id of built-in picture `name` (null: the default), or null if it is none. */
export function builtinId(name) {
  if (name == null) return BUILTIN_PICTURES[0];
  const m = /^builtin:(.+)$/.exec(name);
  return m && BUILTIN_PICTURES.includes(m[1]) ? m[1] : null;
}

/** Where a built-in picture is drawn from (relative to ui/), or null for an own picture. */
export function builtinSource(name) {
  const id = builtinId(name);
  return id ? `img/slide-${id}.svg` : null;
}

/** The name a setting or a view's `picture` stands for in the menu (null: the default). */
export function menuName(name) {
  return name == null ? DEFAULT_PICTURE : name;
}

/**
 * The menu's pictures in order: every built-in one, then the player's own, newest first. The
 * picture in the settings is offered even when the recent list doesn't hold it (settings from
 * before the list).
 * @returns {{name: string, kind: 'builtin'|'own', id?: string, n?: number}[]}
 */
export function menuItems(recent, current) {
  const own = (recent || []).slice();
  if (current != null && builtinId(current) === null && !own.includes(current)) own.unshift(current);
  return [
    ...BUILTIN_PICTURES.map((id) => ({ name: `builtin:${id}`, kind: 'builtin', id })),
    ...own.slice(0, RECENT_PICTURES).map((name, i) => ({ name, kind: 'own', n: i + 1 })),
  ];
}

/** The recent list with `name` (just chosen) at the front, each name once. */
export function remember(recent, name) {
  return [name, ...(recent || []).filter((n) => n !== name)].slice(0, RECENT_PICTURES);
}

/**
 * Where an arrow key (or Home / End) moves from item `index` in a wrapped grid, given each
 * item's box ({x, y, w, h}, as laid out): left and right go to the previous and next item (round
 * the ends, like a radio group), up and down to the nearest item in the row above or below
 * (nowhere, `index` itself, at the first or last row). Null for any other key.
 */
export function gridStep(boxes, index, key) {
  const n = boxes.length;
  if (!n) return null;
  switch (key) {
    case 'ArrowLeft': return (index - 1 + n) % n;
    case 'ArrowRight': return (index + 1) % n;
    case 'Home': return 0;
    case 'End': return n - 1;
    case 'ArrowUp':
    case 'ArrowDown': {
      const here = boxes[index];
      const cy = here.y + here.h / 2, cx = here.x + here.w / 2;
      const down = key === 'ArrowDown';
      // The rows beyond this one, in the key's direction; the nearest such row's items.
      const beyond = boxes.map((b, i) => ({ b, i })).filter(({ b }) => (down ? b.y >= here.y + here.h / 2 : b.y + b.h <= cy));
      if (!beyond.length) return index;
      const rowY = down ? Math.min(...beyond.map(({ b }) => b.y)) : Math.max(...beyond.map(({ b }) => b.y));
      const row = beyond.filter(({ b }) => Math.abs(b.y - rowY) < here.h / 2);
      row.sort((p, q) => Math.abs(p.b.x + p.b.w / 2 - cx) - Math.abs(q.b.x + q.b.w / 2 - cx));
      return row[0].i;
    }
    default: return null;
  }
}
