// gamelist.js owns a run's list of games: a hundred at a time, each a
// link to the game viewer, following the run while it plays.
import { el, fill, int, str, table, errorBox } from './dom.js';
import { getJSON, refresher, aborted } from './api.js';
import { gameLink } from './runparts.js';

const PAGE = 100;

// gameList draws the list into container and returns grew(total), which
// the run page calls when the run has more games than before. onTotal
// hears the number of stored games after each fetch.
export function gameList(scope, container, id, onTotal) {
  let offset = 0;
  let total = 0;
  let shown = 0;
  let seq = 0;
  const info = el('span', { class: 'pageinfo' });
  const btn = (text, title, to) => el('button', { type: 'button', title, onclick: () => go(to()) }, text);
  const first = btn('« First', 'first page', () => 0);
  const prev = btn('‹ Previous', 'previous 100 games', () => offset - PAGE);
  const next = btn('Next ›', 'next 100 games', () => offset + PAGE);
  const last = btn('Last »', 'last page', () => Math.floor(Math.max(0, total - 1) / PAGE) * PAGE);
  const body = el('div', { class: 'scroll gamelist' });
  container.append(el('div', { class: 'pager' }, first, prev, next, last, info), body);

  const pager = () => {
    const to = Math.min(total, offset + shown);
    info.textContent = total ? `games ${offset + 1}–${to} of ${total}` : 'no games yet';
    first.disabled = prev.disabled = offset === 0;
    next.disabled = last.disabled = offset + PAGE >= total;
  };

  const load = async () => {
    const my = ++seq;
    const d = await getJSON(`/api/runs/${encodeURIComponent(id)}/games?offset=${offset}&limit=${PAGE}`, scope);
    if (my !== seq || scope.closed) return;
    total = d.total || 0;
    const games = d.games || [];
    shown = games.length;
    const workers = games.some((g) => g.worker);
    const cols = [
      { label: '#', num: true, cell: (g) => gameLink(id, g.pair, g.game, String(offset + games.indexOf(g) + 1)) },
      { label: 'Pair', num: true, cell: (g) => int(g.pair) },
      { label: 'White', cell: (g) => g.white },
      { label: 'Black', cell: (g) => g.black },
      { label: 'Result', cell: (g) => gameLink(id, g.pair, g.game, str(g.result)) },
      { label: 'Termination', cell: (g) => str(g.termination) },
      { label: 'Plies', num: true, cell: (g) => int(g.plies) },
    ];
    if (workers) cols.push({ label: 'Worker', cell: (g) => g.worker || '' });
    fill(body, table(cols, games, 'No games yet.'));
    pager();
    if (onTotal) onTotal(total);
  };
  const fail = (e) => { if (!aborted(e, scope)) fill(body, errorBox(e)); };
  const go = (to) => {
    offset = Math.max(0, to);
    load().catch(fail);
  };
  const kick = refresher(scope, 1000, load, fail);
  kick();

  // While the run plays only the page being filled changes; a full page
  // just gets a new total.
  return (newTotal) => {
    if (newTotal === total) return;
    if (shown < PAGE) { kick(); return; }
    total = Math.max(total, newTotal || 0);
    pager();
  };
}
