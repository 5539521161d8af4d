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
//   newGameFields   the markup of its New game options: one <fieldset data-game="kind"> that
//                   screens/index.js puts into #dlg-new (index.html holds no game's fields); a
//                   button in it with `data-enter` is "Enter a puzzle" (the dialog closes with
//                   'enter'), one with `value="enter"` too
//   options         the new-game options (what newGameFields wrote):
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
//   create(ctx)     -> the SCREEN for a game in play (games written cell by cell with the pen
//                      build it with createPenScreen from screens/penplay.js: one copy of pen play)
//   entry           (optional) "Enter a puzzle from paper", which the app asks for by kind:
//                     {onBoard: true}   on a backend board played as any game (entry.js; the
//                                       backend's `enter_puzzle {kind, size}`: Sudoku)
//                     {screen(args)}    -> a promise of the factory `(ctx) => SCREEN` of the
//                                       game's own entry screen with the picker's options
//                                       (KenKen: screens/kenken-entry.js, loaded then), opened
//                                       as the side screen `{screen: 'entry', kind, size}`
//                   its screen speaks the generic entry commands (check_entry, play_entry,
//                   open_entry, save_entry: `{kind, ...}`)
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
//   setStatus(text, technique?), toast(text), confirm({title, text, ok}) -> Promise<boolean>,
//                   ask(question) (dialogs.js), openDialog(dlg) (every modal dialog opens through it)
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
import { levelField } from './fields.js';

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
  // "Enter a puzzle" is a backend board played as any game (entry.js, `enter_puzzle`).
  entry: { onBoard: true },
  newGameFields: `
  <fieldset data-game="sudoku" class="options">
    <label><span data-i18n="new.size">Size</span>
      <select id="new-size" aria-label="Board size" data-i18n-label="new.size.label">
        <option value="4">4 × 4</option><option value="6">6 × 6</option>
        <option value="9" selected>9 × 9</option><option value="16">16 × 16</option>
      </select>
    </label>${levelField({ id: 'new-difficulty', label: 'Difficulty', labelKey: 'new.difficulty' })}
    <label class="check"><input id="new-symmetric" type="checkbox" checked> <span data-i18n="new.symmetric">Symmetric givens</span></label>
    <button id="new-enter" class="wide" type="button" data-enter title="An empty board of this size to copy a puzzle from a newspaper or book" data-i18n="entry.paper" data-i18n-title="entry.paper.title">Enter a puzzle from paper…</button>
  </fieldset>
`,
  create: (ctx) => createPenScreen(ctx, { kind: 'sudoku', label: () => t('game.sudoku.board'), draw: drawBoard, padColumns: (n) => (n === 16 ? 4 : n === 4 ? 2 : 3), colours: true }),
};
