// The Sudoku screen: everything the view knows about Sudoku.
//
// ---- How a game plugs into the view (every screen module follows this) ----
// A screen module exports a GAME DESCRIPTOR, listed in screens/index.js (the picker shows the
// list; app.js finds a game by `view.kind` there, never with an `if (kind === ...)`):
//   kind            the backend's game kind ('sudoku')
//   name, blurb     the picker tile's title and one line about the game (getters: they read
//                   the player's language, i18n.js)
//   progress        what `done of total` counts in the resume dialog ('cells filled')
//   canGenerate     whether "Generate fresh" (generate_game) exists for it
//   options         the new-game options (a <fieldset data-game="kind"> in index.html's #dlg-new):
//                     fill(params, host)    put the kind's remembered params (the backend's
//                                              settings.params[kind], complete) into the form
//                                              (host: the dialogs' {settings, saveSettings}, for
//                                              what is remembered at once, the slide's recent photos)
//                     read()                -> the params the form says (new_game's `params`;
//                                              what they are and their defaults are the engine's
//                                              GameDef::Params, kept under the kind when chosen)
//   describe(view)  "9 × 9 game (easy)", for "New ..." status lines
//   howToPlay(pen)  one sentence for a new game (pen: a pen is present or has been seen)
//   drawBoard       optional: (canvas, view, ui) draws the board; what print.js prints (a game
//                   without it, the sliding picture, is not printed)
//   entersOnBoard   optional: "Enter a puzzle" is a backend board played as any game (entry.js)
//                   rather than an `entry` screen of the game's own (KenKen)
//   create(ctx)     -> the SCREEN for a game in play (games written cell by cell with the pen
//                      build it with createPenScreen from screens/penplay.js: one copy of pen play)
//   entry(args)     (optional) -> a promise of the factory `(ctx) => SCREEN` for "Enter a
//                      puzzle" with the picker's options (KenKen: screens/kenken-entry.js, loaded
//                      then); the picker then offers the button
//
// The app lends a screen this `ctx`:
//   panel           element to fill with the screen's controls (cleared by destroy())
//   canvas          the board canvas (the screen draws on it in draw())
//   input           the board's pointer wiring (pointer.js): reset(n) for a new board of side n,
//                   flush() to end an open pen group now, penSeen
//   call(cmd, args) the backend (throws {kind, message}); callOrToast(cmd, args): null on failure
//   act(action)     `act` + show the returned view; resolves to the view or null
//   show(view)      hand the app a PlayView the screen got some other way (write_cell)
//   redraw()        ask for draw() now
//   setStatus(text, technique?), toast(text), confirm({title, text, ok}) -> Promise<boolean>
//                   (setStatus's texts may be functions, () => t(...): said again in a new language)
//   settings()      the player's settings now; saveSettings(patch) -> Promise (remembered options)
//
// A SCREEN has:
//   kind
//   state           its UI state as plain data; the app publishes each key on window.__inkdoku
//   setView(view, {fresh, won})  a PlayView of this kind; fresh: another game (forget selection
//                   etc.); won: 'player' | 'computer' when this view is the moment of winning
//   draw(canvas, {showIncorrect})   draw the view (the canvas is already sized, crisp)
//   inputMode()     what a stroke starting now does: 'write' | 'note' | 'tap' (input.js)
//   onInput(event)  an input.js event (ink, tap, note, erase, drag); may return a promise: the
//                   event's live ink stays on screen until it settles
//   onKey(ev)       a KeyboardEvent (undo/redo are the app's); true if used
//   mark(cells)     optional: highlight cells until the next change (entry.js: where two
//                   solutions of a puzzle being entered differ)
//   destroy()
//   history         (optional, entry screens) {can() -> {undo, redo}, undo(), redo()}: the
//                   screen's own history, which the app's undo/redo buttons and keys then drive
// An entry screen also uses ctx.startGame(view, note) (start the game it made) and
// ctx.historyChanged() (its history changed: the app refreshes the undo/redo buttons).
// The app itself keeps the timer, undo/redo (the `undo`/`redo` commands), the win screen and
// the dialogs; the screen never calls them.

import { drawBoard } from '../board.js';
import { createPenScreen } from './penplay.js';
import { t, sizeText, difficultyText } from '../i18n.js';

const $ = (id) => document.getElementById(id);

export const sudoku = {
  kind: 'sudoku',
  get name() { return t('game.sudoku'); },
  get blurb() { return t('game.sudoku.blurb'); },
  get progress() { return t('progress.cells'); },
  canGenerate: true,
  options: {
    fill(p) {
      $('new-size').value = String(p.size);
      $('new-difficulty').value = p.difficulty;
      $('new-symmetric').checked = p.symmetric;
    },
    read() {
      return { size: Number($('new-size').value), difficulty: $('new-difficulty').value, symmetric: $('new-symmetric').checked };
    },
  },
  describe: (v) => t('game.sudoku.describe', { size: sizeText(v.size), difficulty: difficultyText(v.difficulty) }),
  howToPlay: (pen) => t(pen ? 'how.sudoku.pen' : 'how.sudoku.touch'),
  drawBoard, // also what print.js prints
  entersOnBoard: true, // "Enter a puzzle" is a backend board played as any game (entry.js)
  create: (ctx) => createPenScreen(ctx, { kind: 'sudoku', label: () => t('game.sudoku.board'), draw: drawBoard, padColumns: (n) => (n === 16 ? 4 : n === 4 ? 2 : 3), colours: true }),
};
