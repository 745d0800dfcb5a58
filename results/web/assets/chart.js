// chart.js owns the page's pictures: line charts with the vendored uPlot
// (window.uPlot, loaded by index.html before the modules), and the two
// small SVG charts drawn with DOM calls (pentanomial bars, rating error
// bars), whose labels are text nodes like everything else.
import { svg, num, int } from './dom.js';

export const colors = {
  line: '#1d4ed8', lower: '#b91c1c', upper: '#15803d', band: 'rgba(29, 78, 216, 0.14)',
  grid: '#e5e7eb', axis: '#4b5563', palette: ['#1d4ed8', '#b45309', '#15803d', '#7c3aed', '#be123c', '#0e7490', '#4d7c0f', '#a21caf'],
};

// legend formats a legend value: "--" (uPlot's own) off the plot.
const legend = (digits, sign) => (u, v) => (v == null ? '--' : num(v, digits, sign));

const axis = (label) => ({
  label, stroke: colors.axis, grid: { stroke: colors.grid, width: 1 }, ticks: { stroke: colors.grid, width: 1 },
});

// lineChart makes a uPlot chart in container that follows its width, and
// is destroyed with the page. opts are uPlot's, without width.
export function lineChart(scope, container, opts, data) {
  const height = opts.height || 260;
  const width = () => Math.max(240, Math.floor(container.clientWidth));
  const u = new window.uPlot({ ...opts, width: width(), height }, data, container);
  let last = width();
  const ro = new ResizeObserver(() => {
    const w = width();
    if (w !== last) { last = w; u.setSize({ width: w, height }); }
  });
  ro.observe(container);
  // dispose ends the chart before its page does (a rebuilt chart).
  let done = false;
  u.dispose = () => {
    if (done) return;
    done = true;
    ro.disconnect();
    u.destroy();
  };
  scope.onClose(u.dispose);
  return u;
}

// llrOptions: the LLR over pairs, with the two bounds as dashed lines.
export function llrOptions() {
  return {
    height: 280,
    scales: { x: { time: false } },
    axes: [axis('pairs'), axis('LLR')],
    series: [
      { label: 'pairs' },
      { label: 'LLR', stroke: colors.line, width: 1.5, value: legend(2) },
      { label: 'lower bound', stroke: colors.lower, width: 1, dash: [6, 4], points: { show: false }, value: legend(2) },
      { label: 'upper bound', stroke: colors.upper, width: 1, dash: [6, 4], points: { show: false }, value: legend(2) },
    ],
  };
}

// eloOptions: Elo over pairs with its interval at the level asked (95 or
// 99) as a shaded band between the lower and upper series.
// The first pairs' intervals are hundreds of Elo wide; scaling the axis
// to them would flatten the rest of the run into a line. yRange(data)
// gives the range of the later nine tenths of the points (and 0).
export function eloOptions(level, yRange) {
  const faint = { stroke: 'rgba(29, 78, 216, 0.35)', width: 1, points: { show: false }, value: legend(1) };
  return {
    height: 280,
    scales: { x: { time: false }, y: { range: (u) => yRange(u.data) } },
    axes: [axis('pairs'), axis('Elo')],
    series: [
      { label: 'pairs' },
      { label: 'Elo', stroke: colors.line, width: 1.5, value: legend(1, true) },
      { ...faint, label: `lower ${level} %` },
      { ...faint, label: `upper ${level} %` },
    ],
    bands: [{ series: [3, 2], fill: colors.band }],
  };
}

// eloRange is the y range of an Elo chart's data ([x, elo, lo, hi]):
// the points after the first tenth, 0 included, with a margin.
export function eloRange(data) {
  const n = data[0].length;
  let lo = 0, hi = 0;
  for (let i = Math.floor(n / 10); i < n; i++) {
    for (let s = 1; s <= 3; s++) {
      const v = data[s][i];
      if (Number.isFinite(v)) { if (v < lo) lo = v; if (v > hi) hi = v; }
    }
  }
  if (hi - lo < 2) { lo -= 1; hi += 1; }
  const pad = (hi - lo) * 0.08;
  return [lo - pad, hi + pad];
}

// trajectoryOptions: one SPSA parameter over iterations.
export function trajectoryOptions(name, ylabel, i) {
  return {
    height: 200,
    scales: { x: { time: false } },
    legend: { show: false },
    axes: [axis('iteration'), axis(ylabel)],
    series: [{ label: 'iteration' }, { label: name, stroke: colors.palette[i % colors.palette.length], width: 1.5 }],
  };
}

// niceTicks returns round tick values covering [lo, hi].
export function niceTicks(lo, hi, want = 6) {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / want;
  const p = Math.pow(10, Math.floor(Math.log10(raw)));
  const step = [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw) || 10 * p;
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) out.push(Math.abs(v) < step * 1e-9 ? 0 : v);
  return out;
}

const PENTA = ['LL', 'LD', 'DD+WL', 'WD', 'WW'];
const PENTA_TITLE = ['both games lost (0 points)', 'a loss and a draw (0.5)', 'two draws, or a win and a loss (1)', 'a win and a draw (1.5)', 'both games won (2)'];
const PENTA_COLOR = ['#b91c1c', '#f97316', '#9ca3af', '#65a30d', '#15803d'];

// pentaBars draws the five pair outcomes as bars with counts and shares.
export function pentaBars(p) {
  const W = 520, H = 210, top = 24, bottom = 36, gap = 18;
  const total = p.reduce((a, b) => a + b, 0);
  const max = Math.max(1, ...p);
  const bw = (W - gap * 6) / 5;
  const g = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'penta', role: 'img', 'aria-label': 'pentanomial counts ' + p.join(', ') });
  p.forEach((n, i) => {
    const h = ((H - top - bottom) * n) / max;
    const x = gap + i * (bw + gap);
    const y = H - bottom - h;
    const pct = total ? ` (${num((100 * n) / total, 1)} %)` : '';
    g.append(
      svg('rect', { x, y, width: bw, height: Math.max(h, 0.5), fill: PENTA_COLOR[i], rx: 2 }, svg('title', { text: `${PENTA_TITLE[i]}: ${n}${pct}` })),
      svg('text', { x: x + bw / 2, y: y - 6, 'text-anchor': 'middle', class: 'count', text: `${int(n)}${pct}` }),
      svg('text', { x: x + bw / 2, y: H - bottom + 18, 'text-anchor': 'middle', class: 'label', text: PENTA[i] }),
    );
  });
  g.append(svg('line', { x1: 0, x2: W, y1: H - bottom, y2: H - bottom, class: 'base' }));
  return g;
}

// short cuts a label to n characters.
const short = (s, n) => {
  const a = [...String(s)];
  return a.length > n ? a.slice(0, n - 1).join('') + '…' : a.join('');
};

// ratingBars draws each player's rating with its error bar, best first.
export function ratingBars(ratings) {
  const rows = ratings.filter((r) => Number.isFinite(r.rating));
  const W = 640, left = 170, right = 24, rowH = 24, top = 10, axisH = 28;
  const H = top + rows.length * rowH + axisH;
  const err = (r) => (Number.isFinite(r.error) ? r.error : 0);
  let lo = Math.min(0, ...rows.map((r) => r.rating - err(r)));
  let hi = Math.max(0, ...rows.map((r) => r.rating + err(r)));
  if (hi - lo < 1) { lo -= 1; hi += 1; }
  const pad = (hi - lo) * 0.05;
  lo -= pad; hi += pad;
  const x = (v) => left + ((v - lo) / (hi - lo)) * (W - left - right);
  const g = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'ratingbars', role: 'img', 'aria-label': 'ratings with error bars' });
  const yAxis = H - axisH;
  for (const t of niceTicks(lo, hi)) {
    g.append(
      svg('line', { x1: x(t), x2: x(t), y1: top - 4, y2: yAxis, class: t === 0 ? 'zero' : 'grid' }),
      svg('text', { x: x(t), y: yAxis + 16, 'text-anchor': 'middle', class: 'tick', text: num(t, 0) }),
    );
  }
  rows.forEach((r, i) => {
    const y = top + i * rowH + rowH / 2;
    const e = err(r);
    g.append(
      svg('text', { x: left - 10, y: y + 4, 'text-anchor': 'end', class: 'name', text: short(r.name, 22) }, svg('title', { text: r.name })),
      svg('line', { x1: x(r.rating - e), x2: x(r.rating + e), y1: y, y2: y, class: 'bar' }),
      svg('line', { x1: x(r.rating - e), x2: x(r.rating - e), y1: y - 5, y2: y + 5, class: 'bar' }),
      svg('line', { x1: x(r.rating + e), x2: x(r.rating + e), y1: y - 5, y2: y + 5, class: 'bar' }),
      svg('circle', { cx: x(r.rating), cy: y, r: 4, class: 'dot' },
        svg('title', { text: `${r.name}: ${num(r.rating, 1, true)} ± ${num(r.error, 1)}` })),
    );
  });
  return g;
}
