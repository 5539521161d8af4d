// Entry point: wires the backend, layout, board drawing and pointer input together.

import { call, transportName } from './backend.js';
import { computeLayout } from './layout.js';
import { fitCanvas, drawBoard } from './board.js';
import { toBoard, cellAt } from './hit.js';

const $ = (id) => document.getElementById(id);

// State the page exposes for tests and debugging (read-only use).
const state = {
  transport: transportName(),
  view: null,
  selected: null,
  layout: null,
  lastPointer: null,
  drawCount: 0,
};
window.__inkdoku = state;

function render() {
  const hand = $('app').dataset.hand === 'left' ? 'left' : 'right';
  const layout = computeLayout({ width: window.innerWidth, height: window.innerHeight, hand });
  state.layout = layout;
  const wrap = $('board-wrap');
  Object.assign(wrap.style, { left: `${layout.board.x}px`, top: `${layout.board.y}px`, width: `${layout.board.size}px`, height: `${layout.board.size}px` });
  const panel = $('panel');
  Object.assign(panel.style, { left: `${layout.panel.x}px`, top: `${layout.panel.y}px`, width: `${layout.panel.width}px`, height: `${layout.panel.height}px` });
  if (!state.view) return;
  const canvas = $('board');
  fitCanvas(canvas, layout.board.size, window.devicePixelRatio || 1);
  drawBoard(canvas, state.view, { selected: state.selected });
  state.drawCount++;
}

function showError(e) {
  const toast = $('toast');
  toast.textContent = e.message || String(e);
  toast.hidden = false;
  clearTimeout(showError.timer);
  showError.timer = setTimeout(() => { toast.hidden = true; }, 4000);
}

async function newGame() {
  const size = Number($('size-select').value);
  try {
    state.view = await call('new_game', { size });
    state.selected = null;
    $('status').textContent = `New ${size} × ${size} game.`;
    render();
  } catch (e) {
    showError(e);
  }
}

function onPointerDown(ev) {
  const canvas = $('board');
  const rect = canvas.getBoundingClientRect();
  const p = toBoard(ev.clientX - rect.left, ev.clientY - rect.top, rect.width);
  state.lastPointer = { type: ev.pointerType, pressure: ev.pressure, buttons: ev.buttons, button: ev.button, x: p.x, y: p.y };
  $('pointer-info').textContent = `${ev.pointerType} · pressure ${ev.pressure.toFixed(2)}`;
  if (!state.view) return;
  const hit = cellAt(p.x, p.y, state.view.size);
  if (hit) {
    state.selected = hit;
    render();
  }
}

function reportError(message, source, line) {
  call('log_frontend_error', { message: String(message), source: source || null, line: line || null }).catch(() => {});
}

window.addEventListener('error', (e) => reportError(e.message, e.filename, e.lineno));
window.addEventListener('unhandledrejection', (e) => reportError(e.reason && e.reason.message ? e.reason.message : String(e.reason)));
window.addEventListener('contextmenu', (e) => e.preventDefault());
window.addEventListener('resize', render);
$('board').addEventListener('pointerdown', onPointerDown);
$('new-game').addEventListener('click', newGame);

render();
newGame();
