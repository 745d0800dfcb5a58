// api.js owns the page's traffic with the server: JSON fetches, the one
// server-sent-events stream of a page with its batching, and the scope
// that ends all of a page's fetches, timers and streams when the reader
// goes to another page.

// Scope collects what a page must undo when it is left.
export class Scope {
  constructor() {
    this.ctl = new AbortController();
    this.closers = [];
    this.closed = false;
  }
  get signal() { return this.ctl.signal; }
  onClose(fn) { this.closers.push(fn); }
  close() {
    if (this.closed) return;
    this.closed = true;
    this.ctl.abort();
    for (const fn of this.closers.splice(0).reverse()) {
      try { fn(); } catch (e) { console.error(e); }
    }
  }
}

// getJSON fetches a JSON document; a failure throws the server's own
// message ({"error": "run 99 does not exist"}) when it sent one.
export async function getJSON(url, scope) {
  const r = await fetch(url, { signal: scope ? scope.signal : undefined, headers: { Accept: 'application/json' } });
  let body = null;
  try { body = await r.json(); } catch (_) { body = null; }
  if (!r.ok) throw new Error(body && typeof body.error === 'string' ? body.error : `${url}: HTTP ${r.status}`);
  if (body == null) throw new Error(`${url}: the answer is not JSON`);
  return body;
}

// aborted tells a fetch cancelled by leaving the page from a real error.
export function aborted(e, scope) {
  return (scope && scope.closed) || (e && e.name === 'AbortError');
}

// The header shows the state of the page's stream.
let statusNode = null;
export function setStatusNode(n) { statusNode = n; }
function status(state, text) {
  if (!statusNode) return;
  statusNode.className = 'conn ' + state;
  statusNode.textContent = text;
}
export function clearStatus() { status('', ''); }

// BATCH is the period of the page's updates: at most four a second
// whatever the rate of events, so that a run finishing 50 pairs a second
// costs four renders a second.
export const BATCH = 250;

// openStream follows one event stream: onBatch receives the data of all
// update events of the last BATCH ms at once, onReset is called when the
// events since the last one seen are lost (the server's reset event, or
// a stream reopened by hand) and the page must fetch everything again.
// The browser's EventSource reconnects by itself after a network error
// and resends Last-Event-ID; only when it gives up (readyState CLOSED)
// is the stream reopened here, and then without an id, hence the reset.
export function openStream(scope, name, onBatch, onReset) {
  let es = null;
  let pending = [];
  let timer = null;
  let retry = null;
  let reopened = false;
  const flush = () => {
    timer = null;
    const batch = pending;
    pending = [];
    if (batch.length && !scope.closed) onBatch(batch);
  };
  const open = () => {
    retry = null;
    es = new EventSource('/api/events?stream=' + encodeURIComponent(name));
    es.addEventListener('open', () => {
      status('on', 'live');
      if (reopened) { reopened = false; onReset(); }
    });
    es.addEventListener('update', (ev) => {
      let d;
      try { d = JSON.parse(ev.data); } catch (_) { return; }
      pending.push(d);
      if (timer == null) timer = setTimeout(flush, BATCH);
    });
    es.addEventListener('reset', () => {
      pending = [];
      if (!scope.closed) onReset();
    });
    es.addEventListener('error', () => {
      if (es.readyState === EventSource.CLOSED) {
        status('off', 'disconnected, retrying');
        es.close();
        reopened = true;
        if (!scope.closed) retry = setTimeout(open, 3000);
      } else {
        status('off', 'reconnecting');
      }
    });
  };
  open();
  scope.onClose(() => {
    if (es) es.close();
    clearTimeout(timer);
    clearTimeout(retry);
    clearStatus();
  });
}

// refresher returns kick(): each kick asks for fn to run again; fn runs
// at most once per gap ms, never twice at once, and a kick during a run
// leads to one more run after it. Used to refetch what an event names
// without queueing a fetch per event.
export function refresher(scope, gap, fn, onError) {
  let running = false;
  let again = false;
  let last = -Infinity;
  let timer = null;
  const run = async () => {
    timer = null;
    if (scope.closed) return;
    running = true;
    last = performance.now();
    try {
      await fn();
    } catch (e) {
      if (!aborted(e, scope) && onError) onError(e);
    } finally {
      running = false;
      if (again) { again = false; kick(); }
    }
  };
  const kick = () => {
    if (scope.closed) return;
    if (running) { again = true; return; }
    if (timer != null) return;
    timer = setTimeout(run, Math.max(0, last + gap - performance.now()));
  };
  scope.onClose(() => clearTimeout(timer));
  return kick;
}
