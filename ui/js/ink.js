// The live-ink overlay: strokes drawn under the nib as pointer events arrive, in the same
// event handler (no IPC, no waiting for a frame callback), and cleared group by group once the
// backend has answered. Points are kept in board coordinates so a resize redraws them in place.
// Stroke ids come from the caller (input.js numbers its live ink).

import { strokeWidth } from './inkstyle.js';

export class InkLayer {
  constructor(canvas) {
    this.canvas = canvas;
    // Its 2D context is made at the first stroke: until then WebKit keeps no GPU surface for an
    // empty overlay (about 3 MB at start under software GL, #27). On WebView2 the surface is made
    // at the first drawing either way.
    this.context = null;
    /** @type {{id:number, points:{x,y,p}[], type:string, color:string}[]} */
    this.strokes = [];
  }

  get ctx() {
    if (!this.context) this.context = this.canvas.getContext('2d');
    return this.context;
  }

  get px() {
    return this.canvas.width;
  }

  begin(id, point, pointerType, color) {
    const s = { id, points: [point], type: pointerType, color };
    this.strokes.push(s);
    this.dot(s, point);
  }

  extend(id, points) {
    const s = this.strokes.find((k) => k.id === id);
    if (!s) return;
    for (const point of points) {
      const prev = s.points[s.points.length - 1];
      s.points.push(point);
      this.segment(s, prev, point);
    }
  }

  remove(ids) {
    const drop = new Set(ids);
    this.strokes = this.strokes.filter((s) => !drop.has(s.id));
    this.redraw();
  }

  clear() {
    this.strokes = [];
    this.redraw();
  }

  width(s, p) {
    const cellPx = this.cellPx || this.px / 9;
    return strokeWidth(p, s.type, cellPx) * (window.devicePixelRatio || 1);
  }

  dot(s, p) {
    const ctx = this.ctx;
    ctx.fillStyle = s.color;
    ctx.beginPath();
    ctx.arc(p.x * this.px, p.y * this.px, this.width(s, p.p) / 2, 0, Math.PI * 2);
    ctx.fill();
  }

  segment(s, a, b) {
    const ctx = this.ctx;
    ctx.strokeStyle = s.color;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.lineWidth = this.width(s, b.p);
    ctx.beginPath();
    ctx.moveTo(a.x * this.px, a.y * this.px);
    ctx.lineTo(b.x * this.px, b.y * this.px);
    ctx.stroke();
  }

  redraw() {
    if (!this.context && this.strokes.length === 0) return; // nothing drawn yet, nothing to clear
    this.ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    for (const s of this.strokes) {
      this.dot(s, s.points[0]);
      for (let i = 1; i < s.points.length; i++) this.segment(s, s.points[i - 1], s.points[i]);
    }
  }
}
