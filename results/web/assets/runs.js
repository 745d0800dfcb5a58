// runs.js owns the list of runs (#/), newest first, refetched when the
// runs stream says something changed.
import { el, fill, int, badge, table, incidentMark, errorBox, route, ago } from './dom.js';
import { getJSON, openStream, refresher } from './api.js';

export function runsPage(scope, main) {
  document.title = 'Runs · elolab';
  const body = el('div', { class: 'scroll' });
  main.append(el('h1', null, 'Runs'), body);
  const pairs = (r) => (r.planned_pairs > 0 ? `${int(r.complete_pairs)} / ${int(r.planned_pairs)}` : int(r.complete_pairs));
  const draw = (runs) => fill(body, table([
    { label: 'Run', num: true, cell: (r) => el('a', { href: route('run', r.id) }, String(r.id)) },
    { label: 'Name', cell: (r) => [el('a', { href: route('run', r.id), class: 'name' }, r.name), ' ', incidentMark(r.incidents)] },
    { label: 'Kind', cell: (r) => r.kind },
    { label: 'State', cell: (r) => badge(r.state) },
    { label: 'Games', num: true, cell: (r) => int(r.games) },
    { label: 'Pairs', num: true, cell: (r) => pairs(r) },
    { label: 'Headline', cell: (r) => el('span', { class: 'headline' }, r.headline || 'n/a') },
    { label: 'Updated', cell: (r) => ago(r.updated) },
  ], runs, 'No runs in this store yet.'));
  const kick = refresher(scope, 500, async () => {
    const d = await getJSON('/api/runs', scope);
    if (!scope.closed) draw(d.runs || []);
  }, (e) => fill(body, errorBox(e)));
  openStream(scope, 'runs', kick, kick);
  kick();
}
