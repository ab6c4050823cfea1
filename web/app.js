// The page: reads the fields, asks the WebAssembly module (crates/wasm),
// and shows what it answers. Text from the fields is only ever set as
// textContent, never as HTML, and is shown through the library's own
// escaping (control and bidirectional formatting characters as escapes).
import init, * as uk from './pkg/urikit_wasm.js';

const $ = (id) => document.getElementById(id);
const NAMES = ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'];
const EXTRAS = ['ipv6', 'nfc', 'idna'];
const CLIP = 2000; // characters of one component shown in the tables
// The first visit's example: valid, so that every panel shows its work
// (components and pairs, resolution removing dot-segments, a relative
// reference back to it, five normalization steps, the https fields).
const DEFAULTS = {
  uri: 'https://Example.com:443/docs/./guide/../api/%7eref?q=uri&lang=en#top',
  base: 'https://Example.com:443/docs/guide/intro',
  t: 'http://example.com/search{?q,lang}{#section}',
  vars: '{"q": "uri templates", "lang": "en", "section": "results"}',
};

/** An element with a class and text (never HTML). */
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** `s` as the library shows it: control and bidi characters escaped. */
function shown(s) {
  return uk.escape(s);
}

/** `s` cut to CLIP characters, saying how many were left out. */
function clipped(s) {
  if (s.length <= CLIP) return shown(s);
  return `${shown(s.slice(0, CLIP))}… (${s.length - CLIP} more UTF-16 units)`;
}

/** Where unpaired surrogates are (the clipboard can hold them; UTF-8
 * cannot, so they reach the library as U+FFFD). */
function loneSurrogates(s) {
  const at = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const n = s.charCodeAt(i + 1);
      if (n >= 0xdc00 && n <= 0xdfff) { i++; continue; }
      at.push(i);
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      at.push(i);
    }
  }
  return at;
}

function rows(tbody, list) {
  tbody.replaceChildren(...list.map((cells) => {
    const tr = el('tr');
    for (const c of cells) tr.append(c instanceof Node ? c : el('td', '', c));
    return tr;
  }));
}

/** The error box: code, sentence, where, and the input with the
 * offending character marked. */
function showError(box, text, err) {
  box.hidden = false;
  box.querySelector('code').textContent = err.code;
  box.querySelector('.msg, [id$="-message"]').textContent = err.message;
  const o = err.offset;
  box.querySelector('.where').textContent =
    `at character ${o.char + 1} (byte ${o.byte}) of the ${err.in}`;
  const at = Math.min(o.utf16, text.length);
  const cp = text.codePointAt(at);
  const len = cp === undefined ? 0 : (cp > 0xffff ? 2 : 1);
  const bad = el('span', 'bad', len ? shown(text.slice(at, at + len)) : ' ');
  bad.dataset.utf16 = String(at);
  const line = box.querySelector('.caret-line');
  line.replaceChildren(
    el('span', '', clippedTail(text.slice(0, at))),
    bad,
    el('span', '', clipped(text.slice(at + len))),
  );
}

/** Under the input's error, what `repair` makes of it (RFC 3986
 * Appendix C's delimiters stripped, what may not appear encoded), with a
 * button that takes it; nothing where no repair makes it valid. */
function showRepair(text, dialect) {
  const box = $('repair');
  const r = JSON.parse(uk.repair(text));
  const usable = r.ok && r.result !== text && JSON.parse(uk.parse(r.result, dialect, $('zones').checked)).ok;
  box.hidden = !usable;
  if (!usable) { box.replaceChildren(); return; }
  const use = el('button', '', 'Use it');
  use.type = 'button';
  use.addEventListener('click', () => {
    $('uri').value = r.result;
    schedule(update);
  });
  const changes = r.changes.map((c) => `${c.from === ' ' ? 'a space' : `'${c.from}'`} at character ${c.offset.char + 1} ${c.to ? `→ ${c.to}` : 'removed'}`);
  box.replaceChildren(
    el('span', 'label', 'Repaired: '), el('output', 'value', clipped(r.result)), ' ', use,
    el('p', 'note', changes.join('; ')),
  );
}

/** The last CLIP characters of `s` (what leads up to an error). */
function clippedTail(s) {
  if (s.length <= CLIP) return shown(s);
  return `(${s.length - CLIP} UTF-16 units before) …${shown(s.slice(-CLIP))}`;
}

function renderParse(input, p) {
  const view = $('view');
  const comps = $('components');
  const details = $('details');
  const pairs = $('pairs');
  $('error').hidden = true;
  view.hidden = !p.ok;
  if (!p.ok) {
    view.replaceChildren();
    comps.hidden = details.hidden = pairs.hidden = true;
    showError($('error'), input, p.error);
    showRepair(input, $('dialect').value);
    return;
  }
  $('repair').hidden = true;
  // The input coloured by component; the delimiters between stay plain.
  const parts = [];
  let pos = 0;
  for (const c of p.components) {
    if (c.start.utf16 > pos) parts.push(el('span', 'delim', clipped(input.slice(pos, c.start.utf16))));
    const s = el('span', `c c-${c.name}`, c.shown);
    s.title = `${c.name}: bytes ${c.start.byte}–${c.end.byte}`;
    s.dataset.name = c.name;
    parts.push(s);
    pos = c.end.utf16;
  }
  if (pos < input.length) parts.push(el('span', 'delim', clipped(input.slice(pos))));
  view.replaceChildren(...parts);
  comps.hidden = false;
  rows(comps.tBodies[0], p.components.map((c) => {
    const name = el('td', `c c-${c.name}`, c.name);
    return [name, c.shown, `${c.start.byte}–${c.end.byte}`, `${c.start.char}–${c.end.char}`];
  }));
  const d = [];
  d.push(['kind', p.kind === 'uri' ? 'URI (has a scheme)' : 'relative reference']);
  if (p.host) {
    d.push(['host type', p.host.type]);
    if (p.host.zone !== null) d.push(['zone', clipped(p.host.zone)]);
    if (p.host.unicode !== p.components.find((c) => c.name === 'host')?.text) d.push(['host, for display', clipped(p.host.unicode)]);
  }
  if (p.port) {
    d.push(['port', p.port.number === null ? `${p.port.text} (too large to be a number)` : String(p.port.number)]);
    if (p.port.default !== null) d.push(['scheme\u2019s default port', String(p.port.default)]);
  }
  const more = p.segment_count - p.segments_shown.length;
  d.push(['path segments', p.segment_count
    ? p.segments_shown.map((s) => `“${s}”`).join(', ') + (more ? ` … (${more} more)` : '')
    : '(none)']);
  if (p.fragment !== null) d.push(['fragment, decoded', clipped(p.fragment)]);
  if (p.uri_form !== null) d.push(['URI form (RFC 3987 section 3.1)', clipped(p.uri_form)]);
  details.replaceChildren(...d.flatMap(([k, v]) => [el('dt', '', k), el('dd', '', v)]));
  details.hidden = false;
  pairs.hidden = p.pair_count === 0;
  const list = p.pairs_shown.map(([k, v]) => [k, v === null ? '(no value)' : v]);
  if (p.pair_count > list.length) list.push(['…', `${p.pair_count - list.length} more pairs`]);
  rows(pairs.tBodies[0], list);
}

function failText(r) {
  return `${r.error.code}: ${r.error.message} (character ${r.error.offset.char + 1} of the ${r.error.in})`;
}

/** What a panel says when the input itself is not valid: its error is
 * shown once, under the input. */
const SEE_ABOVE = 'The input is not valid under this dialect (see its error above).';

/** The browser's reading beside the RFC one: the href, each component
 * both ways (a differing row marked), and each validation error with the
 * input marked where it was met. */
function renderWhatwg(input, base) {
  const c = JSON.parse(uk.compare(input, base));
  const href = $('wg-href');
  if (c.whatwg.ok) {
    href.replaceChildren(el('span', 'label', 'href: '), el('output', 'value', clipped(c.whatwg.href)),
      el('span', 'note', ` origin ${c.whatwg.origin}`));
  } else {
    href.replaceChildren(el('span', 'label', 'The browser refuses it: '), el('code', '', c.whatwg.code),
      el('span', 'note', ` ${c.whatwg.message}`));
  }
  $('wg-rfc-name').textContent = c.dialect === 'rfc3987' ? 'RFC 3987' : 'RFC 3986';
  const cell = (v, ok, err) => (ok ? (v === null ? el('td', 'none', '(undefined)') : el('td', '', shown(v))) : el('td', 'none', err));
  const body = $('wg-rows').tBodies[0];
  body.replaceChildren(...c.rows.map((r) => {
    const tr = el('tr', r.differs ? 'differs' : '');
    tr.append(el('th', '', r.part),
      cell(r.rfc, c.rfc.ok, c.rfc.ok ? '' : c.rfc.code),
      cell(r.whatwg, c.whatwg.ok, c.whatwg.ok ? '' : c.whatwg.code));
    tr.querySelector('th').scope = 'row';
    return tr;
  }));
  if (c.differences.includes('validity')) {
    const tr = el('tr', 'differs');
    const th = el('th', '', 'validity');
    th.scope = 'row';
    tr.append(th, el('td', '', c.rfc.ok ? 'valid' : 'invalid'), el('td', '', c.whatwg.ok ? 'valid' : 'invalid'));
    body.prepend(tr);
  }
  $('wg-errors').replaceChildren(...c.validation_errors.map((e) => {
    const at = Math.min(e.offset.utf16, input.length);
    const cp = input.codePointAt(at);
    const len = cp === undefined ? 0 : (cp > 0xffff ? 2 : 1);
    const li = el('li', '');
    li.append(el('code', '', e.code), ` at character ${e.offset.char + 1}: ${e.message} `,
      el('span', 'caret-line', ''));
    li.lastChild.append(el('span', '', clippedTail(input.slice(0, at))),
      el('span', 'bad', len ? shown(input.slice(at, at + len)) : ' '), el('span', '', clipped(input.slice(at + len))));
    return li;
  }));
}

function renderResolve(input, base, d, zones, valid) {
  const out = $('resolved');
  const steps = $('steps');
  const rel = $('relative');
  if (!base) {
    out.textContent = 'Give a base URI to resolve the reference against it.';
    steps.hidden = true;
    rel.textContent = '';
    return null;
  }
  if (!valid) {
    out.replaceChildren(el('span', 'note', SEE_ABOVE));
    steps.hidden = true;
    rel.replaceChildren();
    return null;
  }
  const r = JSON.parse(uk.resolve(input, base, d, zones));
  if (!r.ok) {
    out.replaceChildren(el('span', 'fail', failText(r)));
    steps.hidden = true;
  } else {
    out.replaceChildren(el('span', 'label', 'Resolved: '), el('output', 'value', clipped(r.result)));
    steps.hidden = r.steps.length === 0;
    rows(steps.tBodies[0], r.steps.map((s) => [
      el('td', 'rule', s.rule), clipped(s.text), s.input === null ? '' : shown(s.input), s.output === null ? '' : shown(s.output),
    ]));
    if (r.steps.length === 0) out.append(el('p', 'note', `The ${d} dialect resolves by its own document's algorithm; the steps are shown for the RFC 3986 family.`));
  }
  if (!r.ok && r.error.in === 'base') {
    // The base's fault is said once, by resolution.
    rel.replaceChildren();
    return null;
  }
  const v = JSON.parse(uk.relativize(input, base, d, zones));
  rel.replaceChildren(...(v.ok
    ? [el('span', 'label', 'The resolved input relative to the base: '), el('output', 'value', clipped(v.result)),
      el('span', 'note', v.resolves_to === null ? '' : ` (resolves back to ${clipped(v.resolves_to)})`)]
    : [el('span', 'fail', `Relativization: ${failText(v)}`)]));
  return r.ok ? r.result : null;
}

function renderNormalize(input, d, zones, extra, valid) {
  const out = $('normalized');
  const list = $('nsteps');
  if (!valid) {
    out.replaceChildren(el('span', 'note', SEE_ABOVE));
    list.replaceChildren();
    return;
  }
  const r = JSON.parse(uk.normalize(input, d, zones, extra.join(',')));
  if (!r.ok) {
    out.replaceChildren(el('span', 'fail', failText(r)));
    list.replaceChildren();
    return;
  }
  out.replaceChildren(el('span', 'label', r.normal ? 'Already normal: ' : 'Normal form: '), el('output', 'value', clipped(r.result)));
  list.replaceChildren(...r.steps.map((s) => {
    const li = el('li');
    li.append(el('span', 'rule', s.section), ` ${s.name}: `, el('code', '', clipped(s.result)));
    return li;
  }));
}

const PROFILE_NAMES = {
  ia: 'Internet Archive canonical URL',
  'ia-basic': 'Google\'s steps (webarchive-commons Basic)',
  'ia-ordinary': 'webarchive-commons Ordinary',
  'ia-aggressive': 'webarchive-commons Aggressive',
  safebrowsing: 'Safe Browsing canonical URL',
  w3lib: 'Scrapy canonical URL (w3lib)',
};

function renderCrawl(input) {
  const k = JSON.parse(uk.crawl_keys(input));
  const cell = (r) => (r.ok ? el('code', '', clipped(r.result)) : el('span', 'fail', `${r.error.code}: ${r.error.message}`));
  const list = [['SURT key (surt package)', k.surt], ...k.canonical.map((c) => [PROFILE_NAMES[c.profile] ?? c.profile, c])];
  const tbody = $('crawl-rows').tBodies[0];
  tbody.replaceChildren(...list.map(([name, r]) => {
    const tr = el('tr');
    const th = el('th', '', name);
    th.scope = 'row';
    const td = el('td');
    td.append(cell(r));
    tr.append(th, td);
    return tr;
  }));
  const sb = $('sb-rows');
  sb.hidden = !k.safebrowsing.ok;
  if (k.safebrowsing.ok) {
    sb.tBodies[0].replaceChildren(...k.safebrowsing.expressions.map((e) => {
      const tr = el('tr');
      tr.append(el('td', '', e.prefix), el('td', '', clipped(e.expression)));
      return tr;
    }));
  }
}

// The second module (crates/wasm-suffix): the Public Suffix List's
// tables make it as large as the first, so it is fetched only when its
// panel is opened.
let suffix = null;

async function loadSuffix() {
  if (!suffix) {
    const m = await import('./pkg/urikit_wasm_suffix.js');
    await m.default();
    suffix = m;
    const l = JSON.parse(m.list());
    $('suffix-list').textContent = `The Public Suffix List of ${l.version}: ${l.rules} rules, its ICANN section alone and with the private section. The functions answer in lower case.`;
  }
  renderSuffix(state().uri);
  document.body.dataset.suffixReady = '1';
}

function renderSuffix(input) {
  if (!suffix || !$('suffix-panel').open) return;
  const k = JSON.parse(suffix.suffixes(input));
  const value = (v) => (v === null ? el('span', 'note', 'none') : el('code', '', clipped(String(v))));
  const fail = (r) => el('span', 'fail', `${r.error.code}: ${r.error.message}`);
  const row = (name, cell) => {
    const tr = el('tr');
    const th = el('th', '', name);
    th.scope = 'row';
    const td = el('td');
    td.append(cell);
    tr.append(th, td);
    return tr;
  };
  const parts = (t) => value(`${t.subdomain} | ${t.domain} | ${t.suffix}`);
  $('suffix-rows').tBodies[0].replaceChildren(
    row('host (RFC 3986)', k.host.ok ? value(k.host.result) : fail(k.host)),
    row('public suffix (ICANN section)', value(k.icann.public_suffix)),
    row('registrable domain (ICANN section)', value(k.icann.registrable_domain)),
    row('public suffix (both sections)', value(k.all.public_suffix)),
    row('registrable domain (both sections)', value(k.all.registrable_domain)),
    row('tldextract: subdomain | domain | suffix', parts(k.tldextract.icann)),
    row('tldextract with private domains', parts(k.tldextract.private)),
  );
  $('cc-rows').tBodies[0].replaceChildren(...(k.columns.ok
    ? k.columns.result.map(([name, v]) => row(name, value(v)))
    : [row('no row', fail(k.columns))]));
}

function renderScheme(input, d, zones, p, resolved) {
  const out = $('scheme');
  const fields = $('fields');
  const warnings = $('warnings');
  const none = (note) => {
    out.replaceChildren(el('span', 'note', note));
    fields.hidden = true;
    warnings.replaceChildren();
  };
  if (!p.ok) return none(SEE_ABOVE);
  // A relative reference has no scheme of its own: the view is of what
  // it resolves to (RFC 3986 section 5), where there is a base.
  let text = input;
  let lead = [];
  if (p.kind !== 'uri') {
    if (resolved === null) return none('A relative reference has no scheme of its own; give a base URI to see the view of what it resolves to.');
    text = resolved;
    lead = [el('p', 'note', 'A relative reference has no scheme of its own: this is the view of the input resolved against the base, '),
      el('output', 'value', clipped(resolved))];
  }
  const r = JSON.parse(uk.inspect(text, d, zones));
  if (text !== input) {
    // Offsets are into the resolved text, which the page names so.
    for (const w of [r.error, ...(r.warnings ?? [])]) if (w && w.in === 'input') w.in = 'resolved input';
  }
  if (!r.ok) {
    out.replaceChildren(...lead, el('span', 'fail', failText(r)));
    fields.hidden = true;
    warnings.replaceChildren();
    return;
  }
  out.replaceChildren(...lead);
  if (r.read_as !== null) {
    out.append(el('p', 'note', 'The schemes\u2019 rules are written for URIs: the IRI is read through its URI form (RFC 3987 section 3.1), '),
      el('output', 'value', clipped(r.read_as)));
  }
  out.append(el('p', '', r.scheme
    ? `The ${r.scheme} scheme's fields:`
    : 'RFC 1738 does not describe this scheme: the generic components above are all there is.'));
  fields.hidden = r.fields.length === 0;
  rows(fields.tBodies[0], r.fields.map(([k, v]) => [k, clipped(typeof v === 'string' ? v : JSON.stringify(v))]));
  warnings.replaceChildren(...r.warnings.map((w) => el('li', 'warning', `${w.code}: ${w.message} (character ${w.offset.char + 1} of the ${w.in})`)));
}

function renderTemplate() {
  const t = $('template').value;
  const r = JSON.parse(uk.expand(t, $('vars').value));
  const out = $('expanded');
  out.replaceChildren(...(r.ok
    ? [el('span', 'label', 'Expansion: '), el('output', 'value', clipped(r.result))]
    : [el('span', 'fail', failText(r))]));
}

function state() {
  return {
    uri: $('uri').value,
    base: $('base').value,
    dialect: $('dialect').value,
    zones: $('zones').checked,
    suffix: $('suffix-panel').open,
    extra: EXTRAS.filter((x) => $(`x-${x}`).checked),
    t: $('template').value,
    vars: $('vars').value,
  };
}

function permalink(s) {
  const q = new URLSearchParams();
  q.set('uri', s.uri);
  q.set('base', s.base);
  if (s.dialect !== 'rfc3986') q.set('dialect', s.dialect);
  if (s.zones) q.set('zones', '1');
  if (s.suffix) q.set('suffix', '1');
  if (s.extra.length) q.set('extra', s.extra.join(','));
  q.set('t', s.t);
  q.set('vars', s.vars);
  $('permalink').href = `?${q}`;
  // The address bar follows the edits, so that copying it shares this
  // state (without a history entry per keystroke).
  history.replaceState(null, '', `?${q}`);
}

function update() {
  const t0 = performance.now();
  const s = state();
  const lone = loneSurrogates(s.uri);
  const notice = $('notice');
  notice.hidden = lone.length === 0;
  notice.textContent = lone.length
    ? `The text holds ${lone.length} unpaired surrogate${lone.length > 1 ? 's' : ''} (the first at UTF-16 unit ${lone[0]}), which no UTF-8 text can: each is read as U+FFFD.`
    : '';
  const p = JSON.parse(uk.parse(s.uri, s.dialect, s.zones));
  renderParse(s.uri, p);
  const t1 = performance.now();
  renderWhatwg(s.uri, s.base);
  const resolved = renderResolve(s.uri, s.base, s.dialect, s.zones, p.ok);
  renderNormalize(s.uri, s.dialect, s.zones, s.extra, p.ok);
  renderScheme(s.uri, s.dialect, s.zones, p, resolved);
  renderCrawl(s.uri);
  renderSuffix(s.uri);
  permalink(s);
  const t2 = performance.now();
  document.body.dataset.parseMs = (t1 - t0).toFixed(3);
  document.body.dataset.updateMs = (t2 - t0).toFixed(3);
  $('timing').textContent = `parsed and shown in ${(t1 - t0).toFixed(2)} ms; every panel in ${(t2 - t0).toFixed(2)} ms`;
}

let pending = false;
function schedule(fn) {
  if (pending) return;
  pending = true;
  requestAnimationFrame(() => { pending = false; fn(); });
}

async function main() {
  await init();
  const select = $('dialect');
  for (const d of JSON.parse(uk.dialects())) select.append(new Option(d, d));
  const q = new URLSearchParams(location.search);
  $('uri').value = q.get('uri') ?? DEFAULTS.uri;
  $('base').value = q.get('base') ?? DEFAULTS.base;
  select.value = JSON.parse(uk.dialects()).includes(q.get('dialect')) ? q.get('dialect') : 'rfc3986';
  $('zones').checked = q.get('zones') === '1';
  const extra = (q.get('extra') ?? '').split(',');
  for (const x of EXTRAS) $(`x-${x}`).checked = extra.includes(x);
  $('template').value = q.get('t') ?? DEFAULTS.t;
  $('vars').value = q.get('vars') ?? DEFAULTS.vars;
  $('version').textContent = `urikit ${uk.version()}`;
  for (const id of ['uri', 'base', 'dialect', 'zones', ...EXTRAS.map((x) => `x-${x}`)]) {
    $(id).addEventListener('input', () => schedule(update));
    $(id).addEventListener('change', () => schedule(update));
  }
  for (const id of ['template', 'vars']) {
    $(id).addEventListener('input', () => schedule(() => { renderTemplate(); permalink(state()); }));
  }
  $('suffix-panel').addEventListener('toggle', () => {
    permalink(state());
    if ($('suffix-panel').open) loadSuffix();
  });
  update();
  renderTemplate();
  // Opened last, so that its toggle finds the page ready.
  $('suffix-panel').open = q.get('suffix') === '1';
  document.body.dataset.ready = '1';
}

main();
