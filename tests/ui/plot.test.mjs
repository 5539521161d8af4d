import { test } from 'node:test';
import assert from 'node:assert/strict';
import { niceTicks, timeTicks, histogramBins, linePlot, histogram } from '../../ui/js/plot.js';
import { formatTime } from '../../ui/js/format.js';

test('ticks are round and cover the maximum', () => {
  assert.deepEqual(niceTicks(10, 4), [0, 5, 10]);
  assert.deepEqual(niceTicks(7, 4), [0, 2, 4, 6, 8]);
  assert.deepEqual(niceTicks(0.5, 4), [0, 0.2, 0.4, 0.6]);
  assert.deepEqual(niceTicks(0), [0, 1]);
  assert.deepEqual(niceTicks(3, 4, 1), [0, 1, 2, 3], 'whole numbers when asked');
  assert.deepEqual(timeTicks(900), [0, 1000], 'sub-second games: 0:00 and 0:01, never 0:00 twice');
  assert.deepEqual(timeTicks(2500), [0, 1000, 2000, 3000]);
  assert.deepEqual(timeTicks(45_000), [0, 20_000, 40_000, 60_000]);
  assert.deepEqual(timeTicks(10 * 60_000), [0, 5 * 60_000, 10 * 60_000]);
  for (const max of [1, 3, 17, 99, 1234]) {
    const t = niceTicks(max);
    assert.ok(t[t.length - 1] >= max && t[0] === 0, `${max}: ${t}`);
  }
});

test('histogram bins count every value once, on whole seconds', () => {
  const values = [500, 1_000, 59_000, 61_000, 120_000, 119_999];
  const bins = histogramBins(values, 4);
  assert.equal(bins.reduce((s, b) => s + b.count, 0), values.length);
  assert.ok(bins.every((b) => b.from % 1000 === 0 && b.to - b.from === bins[0].to));
  assert.equal(bins[0].to, 30_000, 'a round width: 30 s for games up to 2 minutes in 4 bins');
  assert.equal(histogramBins([1_000_000], 8)[0].to, 180_000, '3 min bins for a 17 min game');
  assert.equal(bins.length, 4);
  assert.ok(bins[bins.length - 1].to >= 120_000, 'the slowest game is in the last bin');
  assert.deepEqual(histogramBins([]), []);
  assert.deepEqual(histogramBins([3000]).map((b) => b.count).reduce((a, b) => a + b), 1);
});

test('the line plot has one labelled group per series, points in the frame, latest on the right', () => {
  const svg = linePlot({
    series: [{ name: 'Easy <1>', values: [60_000, 30_000, 45_000] }, { name: 'Hard', values: [200_000] }],
    width: 400, height: 200, title: 'Recent', desc: 'd', xLabel: 'game', fmt: formatTime,
  });
  assert.match(svg, /^<svg [^>]*role="img"[^>]*aria-label="Recent"/);
  assert.match(svg, /<title>Easy &lt;1&gt;<\/title>/, 'text is escaped');
  assert.equal((svg.match(/<circle /g) || []).length, 4);
  assert.equal((svg.match(/<polyline /g) || []).length, 1, 'a single game is a point, not a line');
  const xs = [...svg.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)"/g)].map((m) => [Number(m[1]), Number(m[2])]);
  for (const [x, y] of xs) assert.ok(x >= 52 && x <= 388 && y >= 12 && y <= 166, `${x},${y}`);
  // The one hard game lines up with the latest easy one.
  assert.equal(xs[3][0], xs[2][0]);
  assert.match(svg, />4:00</, 'the axis reaches past the slowest time (3:20), in m:ss');
});

test('the histogram draws one bar per bin, heights by count', () => {
  const svg = histogram({ values: [10_000, 11_000, 12_000, 50_000], width: 300, height: 150, title: 'T', desc: 'D', fmt: formatTime, yLabel: 'wins' });
  const bars = [...svg.matchAll(/<rect class="plot-bar" x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)"/g)].map((m) => Number(m[2]));
  assert.equal(bars.length, histogramBins([10_000, 11_000, 12_000, 50_000]).length);
  assert.equal(Math.max(...bars), bars[Math.floor(10_000 / (histogramBins([50_000])[0].to))] || Math.max(...bars));
  assert.ok(bars.filter((h) => h > 0).length === 2, 'two bins hold games');
  assert.match(svg, /<title>T<\/title><desc>D<\/desc>/);
});
