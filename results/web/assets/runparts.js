// runparts.js owns the pieces of the run page that are plain renderings
// of /api/runs/ID: the header, the SPRT facts, the Elo summary, the
// tables (engines, ratings, workers). Each returns fresh nodes; run.js
// decides when to draw them.
import { el, num, int, str, ago, badge, table, incidentMark, incidentText, route } from './dom.js';

// runHeader: the run's name, kind, state, counts and headline.
export function runHeader(r) {
  const pairs = r.planned_pairs > 0 ? `${int(r.complete_pairs)} of ${int(r.planned_pairs)} pairs` : `${int(r.complete_pairs)} pairs`;
  const inc = incidentText(r.incidents);
  return [
    el('nav', { class: 'crumbs' }, el('a', { href: '#/' }, 'Runs'), ' / ', `run ${r.id}`),
    el('h1', null, el('span', { class: 'name' }, r.name), ' ', incidentMark(r.incidents)),
    el('p', { class: 'meta' },
      badge(r.kind, 'kind'), ' ', badge(r.state), ' ',
      // An SPSA run counts iterations (its headline), not complete pairs.
      el('span', null, r.kind === 'spsa' ? `${int(r.games)} games` : `${int(r.games)} games, ${pairs}`), ' · ',
      el('strong', { class: 'headline' }, r.headline || 'n/a'), ' · updated ', ago(r.updated)),
    inc ? el('p', { class: 'warnline' }, '⚠ Incidents: ', inc) : null,
  ];
}

// runLinks: the downloads and the server-drawn plots, for people without
// JavaScript and for pasting into a forum post.
export function runLinks(id, d) {
  const base = `/svg/runs/${encodeURIComponent(id)}/`;
  const links = [el('a', { href: `/api/runs/${encodeURIComponent(id)}/pgn`, download: `run-${id}.pgn` }, 'PGN')];
  if (d.sprt) links.push(el('a', { href: base + 'llr.svg' }, 'LLR plot (SVG)'));
  if (d.run.kind === 'spsa') links.push(el('a', { href: base + 'spsa.svg' }, 'SPSA plot (SVG)'));
  if (d.elo || d.run.kind === 'sprt' || d.run.kind === 'match') links.push(el('a', { href: base + 'elo.svg' }, 'Elo plot (SVG)'));
  const out = el('p', { class: 'links' }, 'Download: ');
  links.forEach((a, i) => out.append(i ? ' · ' : '', a));
  return out;
}

const VERDICT = { continue: 'continue', h0: 'H0 accepted', h1: 'H1 accepted' };

// sprtFacts: the test's parameters and where the LLR stands.
export function sprtFacts(s, afterVerdict) {
  const v = String(s.verdict || '').toLowerCase();
  const verdict = VERDICT[v] || s.verdict || 'n/a';
  const rows = [
    ['LLR', `${num(s.llr, 2)} in (${num(s.lower, 2)}, ${num(s.upper, 2)})`],
    ['Verdict', badge(verdict, 'verdict-' + (v.replace(/[^a-z0-9]/g, '') || 'none'))],
    ['Hypotheses', `H0: Elo ${num(s.elo0, 2)}, H1: Elo ${num(s.elo1, 2)} (${str(s.model)})`],
    ['Error rates', `α ${num(s.alpha, 3)}, β ${num(s.beta, 3)}`],
  ];
  if (afterVerdict > 0) rows.push(['After the verdict', `${int(afterVerdict)} games stored, not counted`]);
  return el('dl', { class: 'facts' }, rows.map(([k, v]) => [el('dt', null, k), el('dd', null, v)]));
}

// eloSummary: the Elo with its interval at the level chosen, and W/D/L.
export function eloSummary(elo, wdl, level) {
  const parts = [];
  if (elo) {
    const lo = level === 99 ? elo.lo99 : elo.lo95;
    const hi = level === 99 ? elo.hi99 : elo.hi95;
    parts.push(el('strong', null, `Elo ${num(elo.elo, 1, true)}`),
      `, ${level} % interval [${num(lo, 1, true)}, ${num(hi, 1, true)}] over ${int(elo.pairs)} pairs`);
  } else {
    parts.push('Elo n/a');
  }
  if (wdl) parts.push(el('span', { class: 'wdl' }, ` · W ${int(wdl.w)} · D ${int(wdl.d)} · L ${int(wdl.l)}`));
  return el('p', { class: 'summary' }, parts);
}

// enginesTable: per-engine incidents.
export function enginesTable(engines) {
  const n = (k) => (e) => {
    const v = e[k];
    return v > 0 ? el('span', { class: 'bad' }, int(v)) : int(v);
  };
  return table([
    { label: 'Engine', cell: (e) => [e.name, ' ', incidentMark(e)] },
    { label: 'Time losses', num: true, cell: n('time_losses') },
    { label: 'Crashes', num: true, cell: n('crashes') },
    { label: 'Stalls', num: true, cell: n('stalls') },
    { label: 'Illegal moves', num: true, cell: n('illegal') },
  ], engines || [], 'No engines yet.');
}

// ratingsTable: the Ordo-style ratings with CFS to the next player.
export function ratingsTable(ratings) {
  return table([
    { label: '#', num: true, cell: (r) => String(ratings.indexOf(r) + 1) },
    { label: 'Player', cell: (r) => r.name },
    { label: 'Rating', num: true, cell: (r) => num(r.rating, 1) },
    { label: 'Error', num: true, cell: (r) => num(r.error, 1) },
    { label: 'CFS (%)', num: true, title: 'confidence that this player is stronger than the next one', cell: (r) => num(r.cfs, 0) },
    { label: 'Played', num: true, cell: (r) => int(r.played) },
    { label: 'W', num: true, cell: (r) => int(r.w) },
    { label: 'D', num: true, cell: (r) => int(r.d) },
    { label: 'L', num: true, cell: (r) => int(r.l) },
    { label: '%', num: true, cell: (r) => num(r.pct, 1) },
    { label: 'Opp. avg', num: true, cell: (r) => num(r.opp_avg, 1) },
  ], ratings, 'No rated players yet.');
}

// workersTable: which machine played what in this run.
export function workersTable(workers) {
  return table([
    { label: 'Worker', cell: (w) => w.worker || '(this machine)' },
    { label: 'Games', num: true, cell: (w) => int(w.games) },
    { label: 'Pairs', num: true, cell: (w) => int(w.pairs) },
    { label: 'Time losses', num: true, cell: (w) => int(w.time_losses) },
    { label: 'Crashes', num: true, cell: (w) => int(w.crashes) },
    { label: 'Stalls', num: true, cell: (w) => int(w.stalls) },
  ], workers);
}

// gameLink: the game viewer's address for a game of a run.
export function gameLink(id, pair, game, text) {
  return el('a', { href: route('run', id, 'game', pair, game) }, text);
}
