// live.js owns the page of the games in play (#/live): a small board per
// game, moved as the live stream reports new positions.
import { el, int, str, errorBox, fill } from './dom.js';
import { getJSON, openStream, refresher } from './api.js';
import { boardURL } from './game.js';

export function livePage(scope, main) {
  document.title = 'Live games · elolab';
  const info = el('p', { class: 'note' });
  const grid = el('div', { class: 'livegrid' });
  const err = el('div');
  main.append(el('h1', null, 'Games in play'), info, err, grid);
  let cards = new Map();

  // A board changes only once its new picture has loaded, so that it
  // does not flicker, and each board has at most one picture loading:
  // moves faster than the server draws them skip to the latest position.
  const setBoard = (c, url) => {
    c.want = url;
    if (c.loading || c.shown === url) return;
    c.loading = true;
    const im = new Image();
    const done = (ok) => {
      c.loading = false;
      if (!ok) return; // the next update tries again
      c.img.src = url;
      c.shown = url;
      if (c.want !== url && !scope.closed) setBoard(c, c.want);
    };
    im.onload = () => done(true);
    im.onerror = () => done(false);
    im.src = url;
  };
  const card = () => {
    const c = { img: el('img', { class: 'board', width: 240, height: 240, alt: '' }), who: el('div', { class: 'players' }), meta: el('div', { class: 'meta' }) };
    c.root = el('div', { class: 'livecard' }, c.img, c.who, c.meta);
    return c;
  };
  const apply = (games) => {
    const next = new Map();
    for (const g of games) {
      const key = String(g.key);
      const c = cards.get(key) || card();
      next.set(key, c);
      fill(c.who, el('span', { class: 'name' }, str(g.white)), ' – ', el('span', { class: 'name' }, str(g.black)));
      fill(c.meta, `${key} · ply ${int(g.plies)}` + (g.last ? ` · last ${g.last}` : ''));
      c.img.alt = `${str(g.white)} – ${str(g.black)}, ply ${int(g.plies)}`;
      setBoard(c, boardURL(g.fen, g.last, false));
    }
    cards = next;
    grid.replaceChildren(...[...next.values()].map((c) => c.root));
    info.textContent = games.length
      ? `${games.length} game${games.length === 1 ? '' : 's'} in play.`
      : 'No games in play. Games show here while `elolab run … --http` plays them.';
  };
  const kick = refresher(scope, 250, async () => {
    const d = await getJSON('/api/live', scope);
    if (scope.closed) return;
    fill(err);
    apply(d.games || []);
  }, (e) => fill(err, errorBox(e)));
  openStream(scope, 'live', (batch) => {
    let latest = null;
    for (const ev of batch) if (Array.isArray(ev.live)) latest = ev.live;
    if (latest) apply(latest); else kick();
  }, kick);
  kick();
}
