// #41 "The view's per-game markup lives with the game's screen": index.html holds no game's
// fields or side screens; each game's descriptor writes its New game fieldset (put into the
// dialog by screens/index.js mountGames) and says where its "Enter a puzzle" is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { GAMES } from '../../ui/js/screens/index.js';

const html = readFileSync(new URL('../../ui/index.html', import.meta.url), 'utf8');

test('index.html holds no game\'s fields, side screens or panels', () => {
  assert.doesNotMatch(html, /data-game=/);
  for (const g of GAMES) {
    assert.doesNotMatch(html, new RegExp(`<template id="tpl-${g.kind}`), g.kind);
    for (const id of ['new-size', 'kk-size', 'slide-rows', 'ke-solve', 'slide-hint']) assert.ok(!html.includes(`id="${id}"`), id);
  }
  assert.match(html, /<dialog id="dlg-new"[\s\S]*<menu>/, 'the dialog keeps its buttons, the fields come before them');
});

test('each playable game writes its own New game fieldset, with no inline script or style', () => {
  for (const g of GAMES.filter((g) => g.create)) {
    const f = g.newGameFields || '';
    assert.equal((f.match(/<fieldset /g) || []).length, 1, `${g.kind}: one fieldset`);
    assert.match(f, new RegExp(`<fieldset data-game="${g.kind}"`), g.kind);
    assert.doesNotMatch(f, /<script|\sstyle=|\son\w+=/i, `${g.kind}: the CSP allows no inline script or style`);
  }
});

test('a game\'s entry is on its board or a screen of its own, and its fields offer it', () => {
  const entries = GAMES.filter((g) => g.entry);
  assert.deepEqual(entries.map((g) => g.kind).sort(), ['jigsaw', 'kenken', 'killer', 'sudoku', 'sudoku-x']);
  for (const g of entries) {
    assert.ok(Boolean(g.entry.onBoard) !== (typeof g.entry.screen === 'function'), `${g.kind}: one or the other`);
    assert.match(g.newGameFields, /data-enter|value="enter"/, `${g.kind}: an "Enter a puzzle" button`);
  }
});
