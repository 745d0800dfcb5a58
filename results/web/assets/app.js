// app.js is the live page's entry point: it routes by the address's hash
// (#/, #/run/ID, #/run/ID/game/PAIR/GAME, #/live, #/workers) and gives
// each page a scope that is closed, with its fetches, timers, charts and
// event stream, when the reader goes elsewhere.
import { el, errorBox } from './dom.js';
import { Scope, setStatusNode } from './api.js';
import { runsPage } from './runs.js';
import { runPage } from './run.js';
import { gamePage } from './game.js';
import { livePage } from './live.js';
import { workersPage } from './workers.js';

const routes = [
  { re: /^\/?$/, nav: 'runs', page: (s, m) => runsPage(s, m) },
  { re: /^\/run\/(\d+)\/?$/, nav: 'runs', page: (s, m, id) => runPage(s, m, id) },
  { re: /^\/run\/(\d+)\/game\/(\d+)\/(\d+)\/?$/, nav: 'runs', page: (s, m, id, p, g) => gamePage(s, m, id, p, g) },
  { re: /^\/live\/?$/, nav: 'live', page: (s, m) => livePage(s, m) },
  { re: /^\/workers\/?$/, nav: 'workers', page: (s, m) => workersPage(s, m) },
];

let scope = null;

function show() {
  if (scope) scope.close();
  scope = new Scope();
  const main = document.getElementById('main');
  main.replaceChildren();
  let path = location.hash.replace(/^#/, '');
  try { path = decodeURIComponent(path); } catch (_) { /* shown as not found */ }
  const r = routes.find((x) => x.re.test(path));
  for (const a of document.querySelectorAll('header nav a')) a.classList.toggle('active', !!r && a.dataset.nav === r.nav);
  if (!r) {
    document.title = 'Not found · elolab';
    main.append(el('h1', null, 'Not found'), errorBox(new Error(`no page at #${path}`)), el('p', null, el('a', { href: '#/' }, 'All runs')));
    return;
  }
  const args = path.match(r.re).slice(1);
  const s = scope;
  Promise.resolve()
    .then(() => r.page(s, main, ...args))
    .catch((e) => { if (!s.closed) { console.error(e); main.append(errorBox(e)); } });
}

setStatusNode(document.getElementById('conn'));
window.addEventListener('hashchange', show);
show();
