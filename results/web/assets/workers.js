// workers.js owns the page of the live workers (#/workers), kept current
// by the workers stream.
import { el, fill, int, num, str, ago, table, errorBox, route } from './dom.js';
import { getJSON, openStream, refresher } from './api.js';

export function workersPage(scope, main) {
  document.title = 'Workers · elolab';
  const body = el('div', { class: 'scroll' });
  main.append(el('h1', null, 'Workers'), body);
  const draw = (workers) => {
    fill(body, workers.length ? table([
      { label: 'Name', cell: (w) => w.name },
      { label: 'Host', cell: (w) => str(w.host) },
      { label: 'Cores', num: true, cell: (w) => int(w.cores) },
      { label: 'Concurrency', num: true, cell: (w) => int(w.concurrency) },
      { label: 'Version', cell: (w) => str(w.version) },
      { label: 'Run', cell: (w) => (/^\d+$/.test(String(w.run)) ? el('a', { href: route('run', w.run) }, `run ${w.run}`) : str(w.run)) },
      { label: 'Job', cell: (w) => str(w.job) },
      { label: 'Games', num: true, cell: (w) => int(w.games) },
      { label: 'Games/min', num: true, cell: (w) => num(w.games_per_min, 1) },
      { label: 'Last seen', cell: (w) => ago(w.seen) },
    ], workers) : el('p', { class: 'note' },
      'No live workers. Workers show here while the serving run hands its games to other machines.'));
  };
  const kick = refresher(scope, 500, async () => {
    const d = await getJSON('/api/workers', scope);
    if (!scope.closed) draw(d.workers || []);
  }, (e) => fill(body, errorBox(e)));
  openStream(scope, 'workers', (batch) => {
    let latest = null;
    for (const ev of batch) if (Array.isArray(ev.workers)) latest = ev.workers;
    if (latest) draw(latest); else kick();
  }, kick);
  kick();
}
