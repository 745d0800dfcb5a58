// run.js owns the page of one run (#/run/ID): it lays out the parts,
// fetches them, and follows the run's event stream. New LLR points are
// appended to the plot from the events themselves; everything else is
// refetched, at most a few times a second whatever the rate of events.
import { el, fill, setText, section, copyButton, errorBox } from './dom.js';
import { getJSON, openStream, refresher, aborted } from './api.js';
import { lineChart, llrOptions, eloOptions, eloRange, pentaBars, ratingBars } from './chart.js';
import { runHeader, runLinks, sprtFacts, eloSummary, enginesTable, ratingsTable, workersTable } from './runparts.js';
import { gameList } from './gamelist.js';
import { spsaPart } from './spsa.js';

export const SENTENCE = 'The path is a picture of the run, not extra evidence: the counts are the evidence.';

// MAXPOINTS is what the page asks the server for (it downsamples); the
// LLR plot refetches once appended points have doubled it.
const MAXPOINTS = 2000;

export async function runPage(scope, main, id) {
  const base = `/api/runs/${encodeURIComponent(id)}`;
  let d;
  try {
    d = await getJSON(base, scope);
  } catch (e) {
    if (!aborted(e, scope)) main.append(errorBox(e));
    return;
  }
  if (scope.closed) return;
  document.title = `${d.run.name} · elolab`;
  const onError = (e) => console.error(e);

  const head = el('header', { class: 'runhead' });
  const links = el('div');
  main.append(head, links);

  const result = section(main, 'Result');
  const block = el('pre', { class: 'block' });
  result.body.append(el('div', { class: 'tools' }, copyButton('Copy', () => block.textContent)), block);

  // An SPSA run is about its parameters: they come first.
  const spsa = d.run.kind === 'spsa' ? spsaPart(scope, main, base, onError) : null;

  const grid1 = el('div', { class: 'grid' });
  main.append(grid1);
  const llrSec = section(grid1, 'SPRT: log-likelihood ratio over pairs');
  const llr = llrPart(scope, llrSec.body, base, onError);
  const eloSec = section(grid1, 'Elo over pairs');
  const elo = eloPart(scope, eloSec.body, base, onError);

  const grid2 = el('div', { class: 'grid' });
  main.append(grid2);
  const pentaSec = section(grid2, 'Pentanomial: game pairs by points');
  const engSec = section(grid2, 'Engines: incidents');

  const rateSec = section(main, 'Ratings');
  const rateBody = el('div');
  const ordoPre = el('pre', { class: 'block' });
  const ordoBox = el('details', null, el('summary', null, 'Ordo-style table as text'), ordoPre);
  const ladderPre = el('pre', { class: 'block' });
  const ladderBox = el('div', null, el('h3', null, 'Ladder'), ladderPre);
  rateSec.body.append(rateBody, ordoBox, ladderBox);

  const workSec = section(main, 'Workers');
  const gamesSec = section(main, 'Games');
  // SPSA games are not stored one by one: the list shows only if there
  // are games to list.
  const grew = gameList(scope, gamesSec.body, id, (n) => gamesSec.show(d.run.kind !== 'spsa' || n > 0));
  gamesSec.show(d.run.kind !== 'spsa');
  const setSec = section(main, 'Settings');
  const settings = el('pre', { class: 'block settings' });
  setSec.body.append(settings);

  const draw = (nd) => {
    d = nd;
    document.title = `${d.run.name} · elolab`;
    fill(head, runHeader(d.run));
    fill(links, runLinks(id, d));
    setText(block, d.block || '');
    result.show(!!d.block);
    llrSec.show(!!d.sprt);
    if (d.sprt) llr.facts(d.sprt, d.after_verdict);
    eloSec.show(hasElo(d));
    elo.summary(d.elo, d.wdl);
    pentaSec.show(!!d.penta);
    if (d.penta) fill(pentaSec.body, pentaBars(d.penta),
      el('p', { class: 'note' }, 'Each opening is played twice with colours swapped; a pair scores 0 to 2 points.'));
    const engines = Array.isArray(d.engines) ? d.engines : [];
    engSec.show(engines.length > 0 || d.run.kind !== 'spsa');
    fill(engSec.body, enginesTable(engines));
    const rated = Array.isArray(d.ratings) && d.ratings.length > 0;
    rateSec.show(rated || d.ordo != null || d.ladder != null);
    fill(rateBody, rated ? [ratingsTable(d.ratings), ratingBars(d.ratings)] : []);
    ordoBox.hidden = d.ordo == null;
    setText(ordoPre, d.ordo || '');
    ladderBox.hidden = d.ladder == null;
    setText(ladderPre, d.ladder || '');
    const workers = Array.isArray(d.workers) ? d.workers : [];
    workSec.show(workers.length > 0);
    if (workers.length) fill(workSec.body, workersTable(workers));
    setText(settings, d.settings || '');
    setSec.show(!!d.settings);
    grew(d.run.games);
  };
  draw(d);

  const kickDetail = refresher(scope, 500, async () => {
    const nd = await getJSON(base, scope);
    if (!scope.closed) draw(nd);
  }, onError);

  openStream(scope, 'run/' + id, (batch) => {
    if (d.sprt) {
      for (const ev of batch) if (Array.isArray(ev.llr)) llr.append(ev.llr);
      llr.flush();
    }
    kickDetail();
    if (hasElo(d)) elo.kick();
    if (spsa) spsa.kick();
  }, () => {
    kickDetail();
    if (d.sprt) llr.reload();
    if (hasElo(d)) elo.kick();
    if (spsa) spsa.kick();
  });
  if (d.sprt) llr.reload();
  if (hasElo(d)) elo.kick();
}

// hasElo: a head-to-head run has an Elo (n/a before its first pair);
// the many-player kinds have ratings instead.
const hasElo = (d) => !!d.elo || d.run.kind === 'sprt' || d.run.kind === 'match';

// llrPart: the LLR plot, fetched whole once and then extended by the
// points the events carry.
function llrPart(scope, body, base, onError) {
  const box = el('div', { class: 'chart' });
  const factsBox = el('div');
  body.append(box, el('p', { class: 'note' }, SENTENCE), factsBox);
  let u = null;
  let xs = [], ys = [], lo = [], hi = [];
  let lower = null, upper = null;
  let loading = false;
  let pending = [];
  let dirty = false;

  const push = (p) => {
    if (!Array.isArray(p) || p.length < 2) return;
    if (xs.length && p[0] <= xs[xs.length - 1]) return; // already drawn
    xs.push(p[0]); ys.push(p[1]); lo.push(lower); hi.push(upper);
    dirty = true;
  };
  const draw = () => {
    dirty = false;
    const data = [xs, ys, lo, hi];
    if (!u) u = lineChart(scope, box, llrOptions(), data);
    else u.setData(data);
    // The last pair drawn, for tests that wait for the plot to catch up.
    box.dataset.pairs = xs.length ? String(xs[xs.length - 1]) : '0';
  };
  const load = async () => {
    loading = true;
    try {
      const d = await getJSON(`${base}/llr?max=${MAXPOINTS}`, scope);
      if (scope.closed) return;
      lower = d.lower; upper = d.upper;
      xs = []; ys = []; lo = []; hi = [];
      for (const p of d.points || []) push(p);
    } finally {
      loading = false;
    }
    for (const p of pending) push(p);
    pending = [];
    draw();
  };
  const reload = refresher(scope, 1000, load, onError);
  return {
    reload,
    append(points) {
      if (loading || lower == null) { pending.push(...points); return; }
      for (const p of points) push(p);
    },
    flush() {
      if (!dirty || !u) return;
      if (xs.length > 2 * MAXPOINTS) reload(); else draw();
    },
    facts(s, after) { fill(factsBox, sprtFacts(s, after)); },
  };
}

// eloPart: Elo over pairs with its 95 % or 99 % band (the reader's
// choice, kept while the run updates).
function eloPart(scope, body, base, onError) {
  let level = 95;
  let points = [];
  let u = null;
  let last = { elo: null, wdl: null };
  const sum = el('div');
  const box = el('div', { class: 'chart' });
  const radio = (v, text) => el('label', null,
    el('input', { type: 'radio', name: 'elolevel', value: v, checked: v === 95, onchange: () => { level = v; u = redraw(true); last && render(); } }),
    ' ', text);
  body.append(sum,
    el('div', { class: 'switch', role: 'radiogroup', 'aria-label': 'interval' }, 'Interval: ',
      radio(95, '95 %'), ' ', radio(99, '99 % (for people who look many times)')),
    box);
  const data = () => {
    const a = level === 99 ? 4 : 2;
    return [points.map((p) => p[0]), points.map((p) => p[1]), points.map((p) => p[a]), points.map((p) => p[a + 1])];
  };
  // The band's labels name the level, so a switch builds a new chart.
  const redraw = (fresh) => {
    if (fresh && u) { u.dispose(); u = null; fill(box); }
    if (!points.length) { fill(box, el('p', { class: 'note' }, 'No complete pairs yet.')); return null; }
    if (box.querySelector('p')) fill(box);
    if (!u) return lineChart(scope, box, eloOptions(level, eloRange), data());
    u.setData(data());
    return u;
  };
  const render = () => fill(sum, eloSummary(last.elo, last.wdl, level));
  const kick = refresher(scope, 1000, async () => {
    const d = await getJSON(`${base}/elo?max=${MAXPOINTS}`, scope);
    if (scope.closed) return;
    points = d.points || [];
    u = redraw(false);
  }, onError);
  return {
    kick,
    summary(elo, wdl) { last = { elo, wdl }; render(); },
  };
}
