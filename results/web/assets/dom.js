// dom.js owns how the page turns data into DOM: elements built with DOM
// APIs, text inserted with textContent, numbers formatted with "n/a" for
// the ones that do not exist. Engine names, options and PGN tags are
// hostile input, so nothing here ever parses a string as HTML.

// el builds an element. attrs: "class", "text" (textContent), "onX"
// (listener) and plain attributes; children are nodes or strings (strings
// become text nodes).
export function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  setAttrs(e, attrs);
  add(e, children);
  return e;
}

const SVG = 'http://www.w3.org/2000/svg';

// svg builds an SVG element the same way (attributes only, no markup).
export function svg(tag, attrs, ...children) {
  const e = document.createElementNS(SVG, tag);
  setAttrs(e, attrs);
  add(e, children);
  return e;
}

function setAttrs(e, attrs) {
  if (!attrs) return;
  for (const [k, v] of Object.entries(attrs)) {
    if (v == null || v === false) continue;
    if (k === 'class') e.setAttribute('class', v);
    else if (k === 'text') e.textContent = String(v);
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : String(v));
  }
}

function add(e, children) {
  for (const c of children.flat(Infinity)) {
    if (c == null || c === false) continue;
    e.append(c instanceof Node ? c : String(c));
  }
}

// fill replaces a node's children.
export function fill(node, ...children) {
  node.replaceChildren();
  add(node, children);
  return node;
}

// setText changes a node's text only when it differs, so that a live
// refresh does not drop the reader's selection in an unchanged block.
export function setText(node, text) {
  const s = text == null ? '' : String(text);
  if (node.textContent !== s) node.textContent = s;
}

// num formats a number that may not exist; sign adds "+" to positives.
export function num(x, digits = 1, sign = false) {
  if (typeof x !== 'number' || !Number.isFinite(x)) return 'n/a';
  const s = x.toFixed(digits);
  return sign && x > 0 ? '+' + s : s;
}

// int formats a count that may not exist.
export function int(x) {
  if (typeof x !== 'number' || !Number.isFinite(x)) return 'n/a';
  return String(Math.round(x));
}

// str prints a string that may be missing.
export function str(x) {
  return x == null || x === '' ? 'n/a' : String(x);
}

// ago says how long ago an RFC 3339 time was, with the time itself as the
// title of the returned element.
export function ago(rfc3339) {
  const t = Date.parse(rfc3339);
  if (!Number.isFinite(t)) return el('span', { text: 'n/a' });
  return el('time', { datetime: rfc3339, title: new Date(t).toLocaleString(), text: agoText(t) });
}

function agoText(t) {
  const s = Math.max(0, Math.round((Date.now() - t) / 1000));
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  return new Date(t).toLocaleDateString();
}

// table builds a table from column specs {label, num (right-aligned),
// title, cell(row) → node|string}. rows may be empty: the table then says
// so in one row.
export function table(cols, rows, empty = 'None.') {
  const head = el('tr', null, cols.map((c) => el('th', { class: c.num ? 'num' : null, title: c.title }, c.label)));
  const body = el('tbody');
  for (const r of rows) {
    body.append(el('tr', null, cols.map((c) => el('td', { class: c.num ? 'num' : null }, c.cell(r)))));
  }
  if (rows.length === 0) body.append(el('tr', null, el('td', { class: 'empty', colspan: cols.length }, empty)));
  return el('table', { class: 'data' }, el('thead', null, head), body);
}

// link to a route of the page (hash routing). Parts are encoded.
export function route(...parts) {
  return '#/' + parts.map((p) => encodeURIComponent(String(p))).join('/');
}

// copyButton copies text() to the clipboard. navigator.clipboard needs a
// secure context (127.0.0.1 is one, a LAN address over http is not), so
// it falls back to a selected hidden textarea.
export function copyButton(label, text) {
  const b = el('button', { type: 'button', class: 'copy' }, label);
  b.addEventListener('click', async () => {
    const s = text();
    let ok = false;
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(s);
        ok = true;
      }
    } catch (_) { /* fall back below */ }
    if (!ok) ok = copyFallback(s);
    b.textContent = ok ? 'Copied' : 'Copy failed: select the text';
    setTimeout(() => { b.textContent = label; }, 1500);
  });
  return b;
}

function copyFallback(s) {
  const ta = el('textarea', { class: 'offscreen', readonly: true });
  ta.value = s;
  document.body.append(ta);
  ta.select();
  let ok = false;
  try { ok = document.execCommand('copy'); } catch (_) { ok = false; }
  ta.remove();
  return ok;
}

// section is a titled part of a page whose body is refilled on updates.
export function section(parent, title, cls) {
  const body = el('div', { class: 'body' });
  const root = el('section', { class: cls ? 'card ' + cls : 'card' }, el('h2', null, title), body);
  parent.append(root);
  return { root, body, show(on) { root.hidden = !on; } };
}

// incidentText describes a run's or engine's incidents, or '' for none.
export function incidentText(x) {
  if (!x) return '';
  const parts = [];
  const say = (n, one, many) => { if (n > 0) parts.push(`${n} ${n === 1 ? one : many}`); };
  say(x.time_losses, 'time loss', 'time losses');
  say(x.crashes, 'crash', 'crashes');
  say(x.stalls, 'stall', 'stalls');
  say(x.illegal, 'illegal move', 'illegal moves');
  return parts.join(', ');
}

// incidentMark is the ⚠ shown beside anything with incidents.
export function incidentMark(x) {
  const t = incidentText(x);
  if (!t) return null;
  return el('span', { class: 'warn', title: t, 'aria-label': t, role: 'img' }, '⚠');
}

// errorBox shows what went wrong, in the server's words when it said.
export function errorBox(e) {
  return el('p', { class: 'error', role: 'alert' }, e && e.message ? e.message : String(e));
}

// badge is a small coloured word (a run's state, a verdict).
export function badge(word, kind) {
  return el('span', { class: 'badge ' + (kind || String(word).replace(/[^a-z0-9]+/gi, '-').toLowerCase()) }, word);
}
