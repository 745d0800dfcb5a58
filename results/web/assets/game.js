// game.js owns the game viewer (#/run/ID/game/PAIR/GAME): the board as
// an image the server draws from the FEN, the move list, stepping with
// buttons and arrow keys, flipping, and the game's PGN tags.
import { el, str, int, table, errorBox, route } from './dom.js';
import { getJSON, aborted } from './api.js';

// boardURL is the server-drawn board for a position.
export function boardURL(fen, last, flip) {
  let u = '/svg/board?fen=' + encodeURIComponent(fen);
  if (last) u += '&last=' + encodeURIComponent(last);
  return u + '&flip=' + (flip ? 1 : 0);
}

// moveNumbers numbers the plies from the start FEN's side to move and
// move number: shown[k] is what the move list prints before ply k ("12."
// for White, "12…" for a Black move that opens the list, else ""), full[k]
// names the ply on its own ("12." or "12…").
export function moveNumbers(startFEN, n) {
  const f = String(startFEN || '').split(/\s+/);
  let move = parseInt(f[5], 10);
  if (!Number.isFinite(move) || move < 1) move = 1;
  let black = f[1] === 'b';
  const shown = [];
  const full = [];
  for (let k = 0; k < n; k++) {
    full.push(black ? `${move}…` : `${move}.`);
    shown.push(!black || k === 0 ? full[k] : '');
    if (black) move++;
    black = !black;
  }
  return { shown, full };
}

export async function gamePage(scope, main, id, pair, game) {
  let g;
  try {
    g = await getJSON(`/api/runs/${encodeURIComponent(id)}/games/${encodeURIComponent(pair)}/${encodeURIComponent(game)}`, scope);
  } catch (e) {
    if (!aborted(e, scope)) main.append(errorBox(e));
    return;
  }
  if (scope.closed) return;
  document.title = `${g.white} – ${g.black} · elolab`;
  const plies = g.plies || [];
  const n = plies.length;
  let i = n; // open on the final position: the result is what one came for
  let flip = false;

  const img = el('img', { class: 'board', width: 400, height: 400 });
  const where = el('p', { class: 'where' });
  const comment = el('p', { class: 'comment' });
  const btn = (text, title, fn) => el('button', { type: 'button', title, onclick: fn }, text);
  const bFirst = btn('« Start', 'first position (Home)', () => go(0));
  const bPrev = btn('‹ Back', 'previous move (←)', () => go(i - 1));
  const bNext = btn('Next ›', 'next move (→)', () => go(i + 1));
  const bLast = btn('End »', 'final position (End)', () => go(n));
  const bFlip = btn('Flip', 'flip the board (f)', () => { flip = !flip; show(); });

  const nums = moveNumbers(g.start_fen, n);
  const list = el('div', { class: 'moves', role: 'list' });
  const moveEls = plies.map((p, k) => {
    const a = el('button', { type: 'button', class: 'move', title: p.comment || null, onclick: () => go(k + 1) }, str(p.san));
    if (nums.shown[k]) list.append(el('span', { class: 'num' }, nums.shown[k]));
    list.append(a, ' ');
    return a;
  });
  list.append(el('span', { class: 'result' }, str(g.result)));

  main.append(
    el('nav', { class: 'crumbs' }, el('a', { href: '#/' }, 'Runs'), ' / ',
      el('a', { href: route('run', id) }, `run ${id}`), ' / ', `pair ${pair}, game ${game}`),
    el('h1', null, el('span', { class: 'name' }, g.white), ' – ', el('span', { class: 'name' }, g.black), ' ', el('span', { class: 'result' }, str(g.result))),
    el('p', { class: 'meta' }, `${str(g.termination)} · ${int(n)} plies`),
    el('div', { class: 'viewer' },
      el('div', { class: 'boardcol' }, img, el('div', { class: 'controls' }, bFirst, bPrev, bNext, bLast, bFlip), where, comment),
      el('div', { class: 'movecol' }, list,
        el('h3', null, 'Tags'), table([{ label: 'Tag', cell: (t) => t[0] }, { label: 'Value', cell: (t) => t[1] }], g.tags || [], 'No tags.'))),
  );

  const fenAt = (k) => (k === 0 ? g.start_fen : plies[k - 1].fen);
  const lastAt = (k) => (k === 0 ? '' : plies[k - 1].uci);
  function show() {
    img.src = boardURL(fenAt(i), lastAt(i), flip);
    const label = i === 0 ? 'Start position' : `After ${nums.full[i - 1]} ${str(plies[i - 1].san)}`;
    img.alt = label;
    where.textContent = `${label} (ply ${i} of ${n})`;
    comment.textContent = i > 0 && plies[i - 1].comment ? plies[i - 1].comment : '';
    moveEls.forEach((m, k) => m.classList.toggle('current', k === i - 1));
    bFirst.disabled = bPrev.disabled = i === 0;
    bNext.disabled = bLast.disabled = i === n;
    const cur = moveEls[i - 1];
    if (cur) {
      const top = cur.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - cur.offsetHeight) list.scrollTop = top - list.clientHeight / 2;
    }
    // The next position is the likeliest to be asked for: fetch it now.
    if (i < n) new Image().src = boardURL(fenAt(i + 1), lastAt(i + 1), flip);
  }
  function go(k) {
    const to = Math.max(0, Math.min(n, k));
    if (to === i) return;
    i = to;
    show();
  }
  const onKey = (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const t = e.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.isContentEditable)) return;
    const act = { ArrowLeft: () => go(i - 1), ArrowRight: () => go(i + 1), Home: () => go(0), End: () => go(n), f: () => { flip = !flip; show(); } }[e.key];
    if (act) { e.preventDefault(); act(); }
  };
  document.addEventListener('keydown', onKey);
  scope.onClose(() => document.removeEventListener('keydown', onKey));
  show();
}
