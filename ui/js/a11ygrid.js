// The board without a canvas: a role=grid of role=gridcell elements laid exactly over the
// canvas's cells, so a screen reader reads "row 3, column 5, 7, given", the keyboard reaches
// every cell (one tab stop, arrows move: the screen's onKey), and the focused cell shows a
// visible ring where the cell is drawn. Pointer input passes through to the ink canvas.
// The words come from the screen (cellText), so this module knows no game.

import { t } from './i18n.js';
import { symbolChar } from './board.js';
import { marksText } from './cellmarks.js';

/** What a Sudoku/KenKen cell says: "7, given", "3", "empty, notes 1 4", "5, clashes". */
export function penCellText(view, r, c) {
  const cell = view.cells[r * view.size + c];
  const n = symbolChar(cell.value);
  let content;
  if (!cell.value) content = t('a11y.empty');
  else if (cell.given) content = t('a11y.given', { n });
  else if (cell.conflict) content = t('a11y.conflict', { n });
  else content = t('a11y.entry', { n });
  if (!cell.value && cell.candidates) {
    const list = [];
    for (let v = 1; v <= view.size; v++) if (cell.candidates & (1 << (v - 1))) list.push(symbolChar(v));
    content = `${content}, ${t('a11y.notes', { list: list.join(' ') })}`;
  }
  const marks = cell.value ? '' : marksText(cell.marks, t, symbolChar);
  return marks ? `${content}, ${marks}` : content;
}

/** The full accessible name of a cell: "row 3, column 5, 7, given". */
export function cellLabel(r, c, content) {
  return t('a11y.cell', { row: r + 1, col: c + 1, content });
}

export class A11yGrid {
  /**
   * @param {HTMLElement} el the role=grid element
   * @param {HTMLElement} live a polite live region: a selection made without the grid's focus
   *   (pen, mouse) is announced there
   * @param {{activate: (cell: {row, col}) => void, focusSelects: () => boolean}} hooks
   *   activate: a click, Enter or Space on a cell (and focus, when focusSelects())
   */
  constructor(el, live, hooks) {
    this.el = el;
    this.live = live;
    this.hooks = hooks;
    this.rows = 0;
    this.cols = 0;
    this.cells = [];
    this.selected = null;
    el.addEventListener('focusin', (e) => {
      const cell = this.cellOf(e.target);
      if (cell && this.hooks.focusSelects() && !same(cell, this.selected)) this.hooks.activate(cell);
    });
    el.addEventListener('click', (e) => {
      const cell = this.cellOf(e.target);
      if (cell) this.hooks.activate(cell);
    });
    el.addEventListener('keydown', (e) => {
      const cell = this.cellOf(e.target);
      if (cell && (e.key === 'Enter' || e.key === ' ')) {
        e.preventDefault();
        e.stopPropagation();
        this.hooks.activate(cell);
      }
    });
  }

  cellOf(target) {
    const d = target && target.dataset;
    return d && d.row !== undefined ? { row: Number(d.row), col: Number(d.col) } : null;
  }

  setLabel(label) {
    this.el.setAttribute('aria-label', label);
  }

  clear() {
    this.selected = null;
    this.el.replaceChildren();
    this.rows = 0;
    this.cols = 0;
    this.cells = [];
  }

  build(rows, cols) {
    this.rows = rows;
    this.cols = cols;
    this.cells = [];
    this.el.replaceChildren();
    this.el.style.setProperty('--rows', rows);
    this.el.style.setProperty('--cols', cols);
    for (let r = 0; r < rows; r++) {
      const row = document.createElement('div');
      row.setAttribute('role', 'row');
      for (let c = 0; c < cols; c++) {
        const cell = document.createElement('div');
        cell.setAttribute('role', 'gridcell');
        cell.dataset.row = r;
        cell.dataset.col = c;
        cell.tabIndex = -1;
        row.append(cell);
        this.cells.push(cell);
      }
      this.el.append(row);
    }
  }

  /**
   * Mirrors the board: each cell's words, the selected cell (aria-selected, the one tab stop,
   * and focus follows it while the grid has focus).
   * @param {{rows: number, cols: number, text: (r, c) => string, selected: {row, col}|null,
   *   rect?: {x, y, w, h}}} board rect: the cells' area as fractions of the canvas (default all)
   */
  update({ rows, cols, text, selected, rect }) {
    if (rows !== this.rows || cols !== this.cols) this.build(rows, cols);
    const r0 = rect || { x: 0, y: 0, w: 1, h: 1 };
    const inset = `${r0.y * 100}% ${(1 - r0.x - r0.w) * 100}% ${(1 - r0.y - r0.h) * 100}% ${r0.x * 100}%`;
    if (this.el.style.inset !== inset) this.el.style.inset = inset;
    const focused = this.el.contains(document.activeElement);
    const sel = selected && selected.row < rows && selected.col < cols ? selected : null;
    const moved = Boolean(sel && !same(sel, this.selected));
    this.selected = sel;
    const tabStop = sel || { row: 0, col: 0 };
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const el = this.cells[r * cols + c];
        const label = cellLabel(r, c, text(r, c));
        if (el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label);
        const isSel = Boolean(sel && sel.row === r && sel.col === c);
        if (el.getAttribute('aria-selected') !== String(isSel)) el.setAttribute('aria-selected', String(isSel));
        el.tabIndex = tabStop.row === r && tabStop.col === c ? 0 : -1;
      }
    }
    if (focused && sel) {
      // Focus follows the selection; the screen reader reads the newly focused cell.
      const el = this.cells[sel.row * cols + sel.col];
      if (document.activeElement !== el) el.focus({ preventScroll: true });
    } else if (moved && this.live) {
      this.live.textContent = t('a11y.selected', { cell: cellLabel(sel.row, sel.col, text(sel.row, sel.col)) });
    }
  }
}

function same(a, b) {
  return Boolean(a && b && a.row === b.row && a.col === b.col);
}
