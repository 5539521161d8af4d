// Small SVG plots for the statistics page: solve times over the last games (one line per
// difficulty) and a histogram of solve times. Pure: returns SVG markup (text escaped) that the
// page inserts; colours come from CSS classes (.plot-s0 … in app.css, themed). Node-tested.

const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
const r1 = (v) => Math.round(v * 10) / 10;

/**
 * Round tick values covering [0, max]: 1, 2 or 5 times a power of ten, about `count` of them,
 * at least `minStep` apart (1: whole numbers only).
 */
export function niceTicks(max, count = 4, minStep = 0) {
  if (!(max > 0)) return [0, Math.max(1, minStep)];
  const raw = Math.max(max / count, minStep);
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * pow).find((s) => s >= raw);
  const ticks = [];
  // Multiples of the step, rounded to 12 digits (0.6, not 0.6000000000000001).
  for (let k = 0; k * step <= max + step * 1e-9; k++) ticks.push(Number((k * step).toPrecision(12)));
  if (ticks[ticks.length - 1] < max) ticks.push(Number((ticks.length * step).toPrecision(12)));
  return ticks;
}

/** Time ticks on whole seconds, or whole minutes past 2 min (m:ss labels never repeat). */
export function timeTicks(maxMs, count = 4) {
  const unit = maxMs > 120_000 ? 60_000 : 1000;
  return niceTicks(maxMs / unit, count, 1).map((v) => v * unit);
}

/** Bin widths a player reads at a glance, in seconds. */
const BIN_SECONDS = [1, 2, 5, 10, 15, 20, 30, 60, 120, 180, 300, 600, 900, 1200, 1800, 3600, 7200];

/**
 * Equal-width bins over [0, max of values], at most `n` of them, of a round width (5 s, 2 min,
 * ...; the slowest game goes in the last bin).
 * @returns {{from: number, to: number, count: number}[]}
 */
export function histogramBins(values, n = 8) {
  if (!values.length) return [];
  const max = Math.max(...values);
  const wanted = max / n / 1000;
  const width = 1000 * (BIN_SECONDS.find((s) => s >= wanted) || Math.ceil(wanted / 3600) * 3600);
  const count = Math.max(1, Math.min(n, Math.floor(max / width) + 1));
  const bins = Array.from({ length: count }, (_, i) => ({ from: i * width, to: (i + 1) * width, count: 0 }));
  for (const v of values) bins[Math.min(count - 1, Math.floor(v / width))].count++;
  return bins;
}

function frame({ width, height, title, desc }) {
  return `<svg xmlns="http://www.w3.org/2000/svg" class="plot" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${esc(title)}"><title>${esc(title)}</title><desc>${esc(desc)}</desc>`;
}

const PAD = { left: 52, right: 12, top: 12, bottom: 34 };

function yAxis(ticks, y, x0, x1, fmt) {
  return ticks.map((v) => `<line class="plot-grid" x1="${x0}" x2="${x1}" y1="${r1(y(v))}" y2="${r1(y(v))}"/><text class="plot-label" x="${x0 - 6}" y="${r1(y(v) + 4)}" text-anchor="end">${esc(fmt(v))}</text>`).join('');
}

/**
 * Solve times of recent games, one line per series.
 * @param {{series: {name: string, values: number[]}[], width: number, height: number,
 *   title: string, desc: string, xLabel: string, fmt: (ms: number) => string}} o
 */
export function linePlot({ series, width, height, title, desc, xLabel, fmt }) {
  const x0 = PAD.left, x1 = width - PAD.right, y0 = height - PAD.bottom, y1 = PAD.top;
  const n = Math.max(2, ...series.map((s) => s.values.length));
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const ticks = timeTicks(max);
  const top = ticks[ticks.length - 1];
  const x = (i) => x0 + ((x1 - x0) * i) / (n - 1);
  const y = (v) => y0 - ((y0 - y1) * v) / top;
  let svg = frame({ width, height, title, desc });
  svg += yAxis(ticks, y, x0, x1, fmt);
  svg += `<line class="plot-axis" x1="${x0}" x2="${x1}" y1="${y0}" y2="${y0}"/><text class="plot-label" x="${(x0 + x1) / 2}" y="${height - 6}" text-anchor="middle">${esc(xLabel)}</text>`;
  series.forEach((s, k) => {
    if (!s.values.length) return;
    // Each series ends at the right edge: the latest game of every difficulty lines up.
    const off = n - s.values.length;
    const pts = s.values.map((v, i) => `${r1(x(i + off))},${r1(y(v))}`);
    svg += `<g class="plot-s${k % 4}"><title>${esc(s.name)}</title>`;
    if (pts.length > 1) svg += `<polyline fill="none" points="${pts.join(' ')}"/>`;
    svg += pts.map((p) => { const [px, py] = p.split(','); return `<circle cx="${px}" cy="${py}" r="3.5"/>`; }).join('');
    svg += '</g>';
  });
  return `${svg}</svg>`;
}

/**
 * The distribution of solve times as bars.
 * @param {{values: number[], width: number, height: number, title: string, desc: string,
 *   fmt: (ms: number) => string, yLabel: string}} o
 */
export function histogram({ values, width, height, title, desc, fmt, yLabel }) {
  const bins = histogramBins(values);
  const x0 = PAD.left, x1 = width - PAD.right, y0 = height - PAD.bottom, y1 = PAD.top;
  const max = Math.max(1, ...bins.map((b) => b.count));
  const ticks = niceTicks(max, 4, 1);
  const top = ticks[ticks.length - 1];
  const y = (v) => y0 - ((y0 - y1) * v) / top;
  let svg = frame({ width, height, title, desc });
  svg += yAxis(ticks, y, x0, x1, String);
  svg += `<text class="plot-label" x="12" y="${(y0 + y1) / 2}" text-anchor="middle" transform="rotate(-90 12 ${(y0 + y1) / 2})">${esc(yLabel)}</text>`;
  const w = bins.length ? (x1 - x0) / bins.length : 0;
  bins.forEach((b, i) => {
    const bx = x0 + i * w;
    svg += `<rect class="plot-bar" x="${r1(bx + 2)}" y="${r1(y(b.count))}" width="${r1(w - 4)}" height="${r1(y0 - y(b.count))}"><title>${esc(`${fmt(b.from)}–${fmt(b.to)}: ${b.count}`)}</title></rect>`;
    if (bins.length <= 6 || i % 2 === 0) svg += `<text class="plot-label" x="${r1(bx)}" y="${y0 + 16}" text-anchor="middle">${esc(fmt(b.from))}</text>`;
  });
  svg += `<line class="plot-axis" x1="${x0}" x2="${x1}" y1="${y0}" y2="${y0}"/>`;
  return `${svg}</svg>`;
}
