// spsa.js owns the SPSA parts of a run page: each parameter's trajectory
// over iterations, drawn raw, normalised as (θ − start)/c or as a share
// of its range (computed here from /api/runs/ID/spsa), the table of the
// parameters' start, current, bounds, c and r, and the tuned values as
// YAML to copy.
import { el, fill, setText, section, table, copyButton } from './dom.js';
import { getJSON, refresher } from './api.js';
import { lineChart, trajectoryOptions } from './chart.js';

const MODES = [
  ['raw', 'raw θ', 'θ'],
  ['norm', '(θ − start) / c', '(θ − start)/c'],
  ['pct', '% of range', '% of range'],
];

// val prints a parameter value: integers as they are, others to five
// significant digits.
export function val(x) {
  if (typeof x !== 'number' || !Number.isFinite(x)) return 'n/a';
  if (Number.isInteger(x)) return String(x);
  return String(Number(x.toPrecision(5)));
}

// transform maps a parameter's θ values for the chosen view. c is the
// perturbation size at the first iteration (c_start), so one unit of the
// normalised view is one starting step.
export function transform(p, mode) {
  const t = p.theta || [];
  if (mode === 'norm') {
    const c = p.c_start;
    return t.map((v) => (Number.isFinite(v) && c ? (v - p.start) / c : null));
  }
  if (mode === 'pct') {
    const w = p.max - p.min;
    return t.map((v) => (Number.isFinite(v) && w > 0 ? (100 * (v - p.min)) / w : null));
  }
  return t.map((v) => (Number.isFinite(v) ? v : null));
}

export function spsaPart(scope, main, base, onError) {
  let mode = 'raw';
  let last = null;
  let charts = new Map();
  let names = '';

  const sec = section(main, 'SPSA: parameters over iterations');
  const info = el('p', { class: 'note' });
  const radios = MODES.map(([m, text]) => el('label', null,
    el('input', { type: 'radio', name: 'spsamode', value: m, checked: m === mode, onchange: () => { mode = m; rebuild(); } }),
    ' ', text));
  const grid = el('div', { class: 'trajectories' });
  sec.body.append(el('div', { class: 'switch', role: 'radiogroup', 'aria-label': 'view' }, 'Show: ', radios), info, grid);

  const tsec = section(main, 'SPSA: parameters');
  const tbl = el('div', { class: 'scroll' });
  const yaml = el('pre', { class: 'block' });
  tsec.body.append(tbl, el('h3', null, 'Tuned values ', copyButton('Copy YAML', () => yaml.textContent)), yaml);

  const clear = () => {
    for (const c of charts.values()) c.u.dispose();
    charts = new Map();
    fill(grid);
  };
  const data = (p) => [last.iterations, transform(p, mode)];
  const rebuild = () => {
    clear();
    if (!last) return;
    const ylabel = MODES.find((x) => x[0] === mode)[2];
    last.params.forEach((p, i) => {
      const cur = el('span', { class: 'cur' });
      const box = el('div', { class: 'chart' });
      grid.append(el('div', { class: 'traj' }, el('h3', null, p.name, ' ', cur), box));
      charts.set(p.name, { u: lineChart(scope, box, trajectoryOptions(p.name, ylabel, i), data(p)), cur });
    });
    labels();
  };
  const labels = () => {
    for (const p of last.params) {
      const c = charts.get(p.name);
      if (c) setText(c.cur, `${val(p.start)} → ${val(p.current)}`);
    }
  };
  const draw = (d) => {
    last = { iterations: d.iterations || [], params: d.params || [] };
    const n = last.iterations.length;
    setText(info, n ? `${n} points, iterations ${last.iterations[0]} to ${last.iterations[n - 1]}.` : 'No iterations yet.');
    const now = last.params.map((p) => p.name).join('\n');
    if (now !== names) { names = now; rebuild(); } else {
      for (const p of last.params) charts.get(p.name).u.setData(data(p));
      labels();
    }
    fill(tbl, table([
      { label: 'Parameter', cell: (p) => p.name },
      { label: 'Start', num: true, cell: (p) => val(p.start) },
      { label: 'Current', num: true, cell: (p) => val(p.current) },
      { label: 'Min', num: true, cell: (p) => val(p.min) },
      { label: 'Max', num: true, cell: (p) => val(p.max) },
      { label: 'c start', num: true, title: 'perturbation size at the first iteration', cell: (p) => val(p.c_start) },
      { label: 'c end', num: true, title: 'perturbation size at the last iteration', cell: (p) => val(p.c_end) },
      { label: 'r start', num: true, title: 'learning rate at the first iteration', cell: (p) => val(p.r_start) },
      { label: 'r end', num: true, title: 'learning rate at the last iteration', cell: (p) => val(p.r_end) },
    ], last.params, 'No parameters.'));
    setText(yaml, d.yaml || '');
  };
  const kick = refresher(scope, 1000, async () => {
    const d = await getJSON(`${base}/spsa?max=1000`, scope);
    if (!scope.closed) draw(d);
  }, onError);
  kick();
  return { kick };
}
