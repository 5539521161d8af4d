// "Enter a puzzle" for Sudoku: the givens being copied from paper, pure (node-tested). Values
// are set and cleared cell by cell (an eraser stroke clears several in one step), every change
// can be undone, and the drawing travels as the engine's row-major values (0 = empty).

/** Box shape of each Sudoku size (as the engine's grid::Shape). */
export const BOXES = { 4: [2, 2], 6: [2, 3], 9: [3, 3], 16: [4, 4] };

export class GivensEditor {
  /** @param {number} size 4, 6, 9 or 16 */
  constructor(size, values = null) {
    if (!BOXES[size]) throw new RangeError(`a Sudoku is 4, 6, 9 or 16 cells wide, not ${size}`);
    this.size = size;
    this.values = values && values.length === size * size && values.every((v) => Number.isInteger(v) && v >= 0 && v <= size)
      ? [...values] : new Array(size * size).fill(0);
    this.past = [];
    this.future = [];
  }

  get boxRows() { return BOXES[this.size][0]; }
  get boxCols() { return BOXES[this.size][1]; }

  /** How many givens are entered. */
  get count() { return this.values.filter((v) => v).length; }

  /** Changes cells ([row, col, value] with 0 = clear) in one undo step; false if nothing changed. */
  change(edits) {
    const n = this.size;
    const real = edits.filter(([r, c, v]) => r >= 0 && r < n && c >= 0 && c < n && Number.isInteger(v) && v >= 0 && v <= n && this.values[r * n + c] !== v);
    if (!real.length) return false;
    this.past.push([...this.values]);
    this.future = [];
    for (const [r, c, v] of real) this.values[r * n + c] = v;
    return true;
  }

  set(row, col, value) { return this.change([[row, col, value]]); }
  clear(cells) { return this.change(cells.map(([r, c]) => [r, c, 0])); }
  clearAll() { return this.change(this.values.map((_, k) => [Math.floor(k / this.size), k % this.size, 0])); }

  undo() {
    if (!this.past.length) return false;
    this.future.push(this.values);
    this.values = this.past.pop();
    return true;
  }

  redo() {
    if (!this.future.length) return false;
    this.past.push(this.values);
    this.values = this.future.pop();
    return true;
  }

  /** Cells whose digit repeats in their row, column or box (drawn as clashes while entering). */
  clashes() {
    const n = this.size, [br, bc] = BOXES[n];
    const out = [];
    for (let k = 0; k < n * n; k++) {
      const v = this.values[k];
      if (!v) continue;
      const r = Math.floor(k / n), c = k % n;
      for (let j = 0; j < n * n; j++) {
        if (j === k || this.values[j] !== v) continue;
        const r2 = Math.floor(j / n), c2 = j % n;
        if (r2 === r || c2 === c || (Math.floor(r2 / br) === Math.floor(r / br) && Math.floor(c2 / bc) === Math.floor(c / bc))) { out.push([r, c]); break; }
      }
    }
    return out;
  }
}
