// Printing the puzzle on a clean page: the board with its givens (and, if asked, the player's
// numbers), drawn large on white into #print-sheet, which is all the page shows in print
// (app.css, @media print). Ctrl+P and "Print puzzle" in Files… both come here; the browser's own
// print command (beforeprint) gets the same sheet.

import { t } from './i18n.js';

const $ = (id) => document.getElementById(id);
// Drawn at this many pixels a side and scaled down by the printer: crisp on paper.
const SHEET_PX = 1800;

/**
 * The view as it is printed: the givens (with `entries`, also the player's numbers; with
 * `marks`, their candidates and corner and centre marks), without ink notes or the marks of
 * wrong numbers. A game without givens (KenKen) prints its cages and empty cells.
 */
export function printableView(view, { entries = false, marks = false } = {}) {
  return {
    ...view,
    cells: view.cells.map((c) => ({
      ...c,
      value: c.given || entries ? c.value : 0,
      candidates: marks ? c.candidates : 0,
      marks: marks ? c.marks : undefined,
      conflict: false,
      incorrect: false,
    })),
    notes: [],
    cages: view.cages ? view.cages.map((g) => ({ ...g, wrong: false })) : view.cages,
  };
}

/**
 * @param {{view: () => object|null, game: (kind: string) => object|null, toast: (text: string) => void}} host
 *   game(kind): the game descriptor, whose `drawBoard(canvas, view, ui)` draws a printable board
 *   (a game without one, the sliding picture, is not printed)
 */
export function wirePrint(host) {
  const printable = () => {
    const v = host.view();
    const g = v && host.game(v.kind);
    return g && g.drawBoard ? { view: v, game: g } : null;
  };

  /** Fills #print-sheet for the game in play; returns whether there is something to print. */
  function buildSheet() {
    const p = printable();
    const sheet = $('print-sheet');
    sheet.replaceChildren();
    if (!p) return false;
    const title = document.createElement('h1');
    title.textContent = `${p.game.name}: ${p.game.describe(p.view)}`;
    const canvas = document.createElement('canvas');
    canvas.width = SHEET_PX;
    canvas.height = SHEET_PX;
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', t('print.board', { game: p.game.name }));
    p.game.drawBoard(canvas, printableView(p.view, { entries: $('print-entries').checked, marks: $('print-marks').checked }), { paper: '#ffffff' });
    const foot = document.createElement('p');
    foot.textContent = 'Inkdoku';
    sheet.append(title, canvas, foot);
    return true;
  }

  function printPuzzle() {
    if (!buildSheet()) {
      host.toast(t('print.only'));
      return;
    }
    window.print();
  }

  window.addEventListener('beforeprint', buildSheet);
  // Capture: Ctrl+P prints our sheet even while a dialog is open, instead of the whole window.
  window.addEventListener('keydown', (ev) => {
    if ((ev.ctrlKey || ev.metaKey) && !ev.altKey && !ev.shiftKey && ev.key.toLowerCase() === 'p') {
      ev.preventDefault();
      ev.stopPropagation();
      printPuzzle();
    }
  }, { capture: true });
  $('file-print').addEventListener('click', () => {
    $('dlg-share').close();
    printPuzzle();
  });
  return { buildSheet, printPuzzle };
}
