// The WebAssembly module's functions, called from Node as the page calls
// them (web/dist/pkg, built by web/build.sh). Each expectation comes from
// the RFC section it names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { initSync, parse, resolve, normalize, inspect, relativize, repair, expand, escape, dialects, compare, crawl_keys } from '../dist/pkg/urikit_wasm.js';

const wasm = readFileSync(fileURLToPath(new URL('../dist/pkg/urikit_wasm_bg.wasm', import.meta.url)));
initSync({ module: wasm });
const j = (s) => JSON.parse(s);

test('components and their offsets in UTF-8, UTF-16 and code points (RFC 3986 section 3)', () => {
  const input = 'foo://example.com:8042/over/there?name=ferret#nose';
  const p = j(parse(input, 'rfc3986', false));
  assert.equal(p.ok, true);
  assert.deepEqual(p.components.map((c) => [c.name, c.text]), [
    ['scheme', 'foo'], ['host', 'example.com'], ['port', '8042'], ['path', '/over/there'],
    ['query', 'name=ferret'], ['fragment', 'nose'],
  ]);
  for (const c of p.components) assert.equal(input.slice(c.start.utf16, c.end.utf16), c.text);
  assert.equal(p.host.type, 'reg-name');
  assert.equal(p.port.number, 8042);
  assert.deepEqual(p.query_pairs, [['name', 'ferret']]);
  // An IRI (RFC 3987): a character beyond the BMP is two UTF-16 units,
  // four bytes and one code point.
  const iri = 'http://h/\u{1F600}?q=\u00e9';
  const q = j(parse(iri, 'rfc3987', false)).components.find((c) => c.name === 'query');
  assert.deepEqual([q.start.byte, q.start.utf16, q.start.char], [14, 12, 11]);
  assert.equal(iri.slice(q.start.utf16, q.end.utf16), 'q=\u00e9');
});

test('an error names its code, says what is wrong, and points at the character', () => {
  const p = j(parse('http://h/\u00e9 x', 'rfc3986', false));
  assert.equal(p.ok, false);
  assert.equal(p.error.code, 'invalid-char');
  assert.deepEqual(p.error.offset, { byte: 9, utf16: 9, char: 9 });
  assert.match(p.error.message, /U\+00E9/);
  // The same text is an IRI (RFC 3987 section 2.2, ucschar) up to the space.
  const q = j(parse('http://h/\u00e9 x', 'rfc3987', false));
  assert.deepEqual([q.error.code, q.error.offset.utf16], ['invalid-char', 10]);
  assert.equal(j(parse('x', 'whatwg', false)).error.code, 'unknown-dialect');
});

test('every dialect is offered, RFC 3986 first', () => {
  assert.deepEqual(j(dialects()), ['rfc3986', 'rfc3987', 'rfc2396bis', 'rfc2396', 'url-1996', 'rfc1738']);
  // RFC 2396 has no IPvFuture (RFC 3986 section 3.2.2 added it).
  assert.equal(j(parse('http://[v1.x]/', 'rfc3986', false)).ok, true);
  assert.equal(j(parse('http://[v1.x]/', 'rfc2396', false)).ok, false);
  // Zone identifiers only on request (RFC 6874).
  assert.equal(j(parse('http://[fe80::1%25eth0]/', 'rfc3986', false)).ok, false);
  assert.equal(j(parse('http://[fe80::1%25eth0]/', 'rfc3986', true)).host.zone, 'eth0');
});

test('resolution shows section 5.2 step by step and ends at the target of section 5.4.1', () => {
  const r = j(resolve('../g', 'http://a/b/c/d;p?q', 'rfc3986', false));
  assert.equal(r.result, 'http://a/b/g');
  const rules = r.steps.map((s) => s.rule);
  assert.deepEqual(rules.slice(0, 4), ['5.2.1', '5.2.1', '5.2.3', '5.2.4']);
  assert.equal(rules.at(-1), '5.3');
  assert.deepEqual(r.steps.filter((s) => s.rule.startsWith('5.2.4 ')).map((s) => s.rule.slice(-1)), ['E', 'E', 'C', 'E']);
  const bad = j(resolve('g', 'relative/base', 'rfc3986', false));
  assert.equal(bad.ok, false);
  assert.equal(bad.error.in, 'base');
  // RFC 2396 section 5: a relative path against an opaque base is the
  // base's fault; RFC 1738 has no relative references at all.
  const opaque = j(resolve('g', 'mailto:a@b', 'rfc2396', false));
  assert.deepEqual([opaque.error.code, opaque.error.in], ['opaque-base', 'base']);
  const old = j(resolve('http://a/g', 'http://a/', 'rfc1738', false));
  assert.deepEqual([old.error.code, old.error.in], ['unsupported-dialect', 'dialect']);
  // Zone identifiers reach resolution too (RFC 6874).
  assert.equal(j(resolve('g', 'http://[fe80::1%25eth0]/a/', 'rfc3986', true)).result, 'http://[fe80::1%25eth0]/a/g');
});

test('normalization lists only the steps of section 6.2.2 and 6.2.3 that changed something', () => {
  const n = j(normalize('HTTP://Example.COM:80/a/./b/%7euser', 'rfc3986', false, ''));
  assert.equal(n.result, 'http://example.com/a/b/~user');
  assert.deepEqual(n.steps.map((s) => s.section), ['RFC 3986 6.2.2.1', 'RFC 3986 6.2.2.1', 'RFC 3986 6.2.2.2', 'RFC 3986 6.2.2.3', 'RFC 3986 6.2.3']);
  assert.equal(n.steps.at(-1).result, n.result);
  assert.equal(j(normalize('http://a/', 'rfc3986', false, '')).normal, true);
  assert.equal(j(normalize('http://[0:0::1]/', 'rfc3986', false, 'ipv6')).result, 'http://[::1]/');
  assert.equal(j(normalize('HTTP://[FE80::1%25Eth0]:80/', 'rfc3986', true, '')).result, 'http://[fe80::1%25Eth0]/');
  assert.equal(j(normalize('http://[fe80::1%25eth0]/', 'rfc3986', false, '')).error.code, 'invalid-ipv6');
  // The optional steps are the library's table's: an unknown one is named.
  assert.match(j(normalize('http://a/', 'rfc3986', false, 'ipv4')).error.message, /they are ipv6, nfc, idna/);
});

test('the scheme view of RFC 1738 with its warnings, relativization and templates', () => {
  const v = j(inspect('ftp://me:secret@h:21/pub/f;type=i', 'rfc1738', false));
  assert.equal(v.scheme, 'ftp');
  assert.deepEqual(v.warnings.map((w) => w.code), ['password-in-userinfo']);
  assert.equal(v.read_as, null);
  assert.equal(j(inspect('http://[fe80::1%25eth0]:8080/', 'rfc3986', true)).fields[0][1], '[fe80::1%25eth0]');
  // An IRI is read through its URI form (RFC 3987 section 3.1): the host
  // by IDNA, the path percent-encoded.
  const iri = j(inspect('http://b\u00fccher.example/\u00fc', 'rfc3987', false));
  assert.equal(iri.read_as, 'http://xn--bcher-kva.example/%C3%BC');
  assert.deepEqual(iri.fields[0], ['host', 'xn--bcher-kva.example']);
  assert.equal(j(parse('http://b\u00fccher.example/\u00fc', 'rfc3987', false)).uri_form, 'http://xn--bcher-kva.example/%C3%BC');
  assert.equal(j(parse('http://a/', 'rfc3987', false)).uri_form, null);
  assert.deepEqual(j(relativize('http://a/b/c/g?y', 'http://a/b/c/d;p?q', 'rfc3986', false)),
    { ok: true, target: 'http://a/b/c/g?y', result: 'g?y', resolves_to: 'http://a/b/c/g?y' });
  // The input is resolved first: a relative one (RFC 3986 section 5.2),
  // an absolute one with dot-segments that no reference keeps (5.2.4).
  const rel = j(relativize('../../g', 'http://a/b/c/d;p?q', 'rfc3986', false));
  assert.deepEqual([rel.target, rel.result], ['http://a/g', '/g']);
  const dots = j(relativize('http://a/../g', 'http://a/b', 'rfc3986', false));
  assert.deepEqual([dots.target, dots.result], ['http://a/g', 'g']);
  assert.equal(j(relativize('g', 'relative/base', 'rfc3986', false)).error.in, 'base');
  // What repair makes of a near-URI, and each change (RFC 3986 Appendix C).
  const fixed = j(repair('<http://h/a b>'));
  assert.equal(fixed.result, 'http://h/a%20b');
  assert.deepEqual(fixed.changes.map((c) => [c.offset.char, c.from, c.to]), [[0, '<', ''], [11, ' ', '%20'], [13, '>', '']]);
  assert.equal(j(repair('http://h:8a/')).error.code, 'invalid-port');
  // RFC 6570 section 3.2.1's examples.
  const vars = '{"var": "value", "hello": "Hello World!", "list": ["red", "green", "blue"], "keys": {"semi": ";", "dot": ".", "comma": ","}}';
  assert.equal(j(expand('{hello}', vars)).result, 'Hello%20World%21');
  assert.equal(j(expand('{/list*}', vars)).result, '/red/green/blue');
  assert.equal(j(expand('{?keys*}', vars)).result, '?semi=%3B&dot=.&comma=%2C');
  const bad = j(expand('{x', vars));
  assert.deepEqual([bad.error.code, bad.error.in], ['invalid-template', 'template']);
  assert.equal(j(expand('{x}', '{"x": ')).error.code, 'invalid-variables');
});

test('bad input: control and bidi characters escaped, a megabyte, unpaired surrogates', () => {
  assert.equal(escape('a\u202Eb\u0000\n'), 'a\\u{202E}b\\u{0}\\n');
  const big = `http://h/${'a'.repeat(1 << 20)}`;
  const p = j(parse(big, 'rfc3986', false));
  assert.equal(p.components.at(-1).end.utf16, big.length);
  // A lone surrogate reaches the module as U+FFFD: one UTF-16 unit either
  // way, so the offsets still fit the page's string. U+FFFD is not a
  // ucschar (RFC 3987 section 2.2 stops at U+FFEF), so no dialect takes it.
  const lone = 'http://h/\uD800x';
  for (const d of ['rfc3986', 'rfc3987']) {
    const e = j(parse(lone, d, false));
    assert.deepEqual([e.error.code, e.error.offset.utf16], ['invalid-char', 9]);
  }
});

test('the browser\'s reading beside the RFC one (URL Standard, uri compare)', () => {
  // The parser-confusion example: RFC 3986 refuses it, a browser goes to evil.com.
  const c = j(compare('http://evil.com\\@good.com/', ''));
  assert.equal(c.rfc.ok, false);
  assert.equal(c.whatwg.href, 'http://evil.com/@good.com/');
  assert.deepEqual(c.differences, ['validity']);
  assert.deepEqual(c.validation_errors.map((e) => [e.code, e.offset.utf16]), [['invalid-reverse-solidus', 15]]);
  // Section 3.5's IPv4 parser: the hosts differ, and the path once normalized.
  const d = j(compare('http://0x7F.1/a/%7e', ''));
  assert.deepEqual(d.differences, ['host', 'path']);
  const host = d.rows.find((r) => r.part === 'host');
  assert.deepEqual([host.rfc, host.whatwg, host.differs], ['0x7f.1', '127.0.0.1', true]);
  // Offsets three ways: after a character beyond the BMP (a URL code
  // point, four bytes, two UTF-16 units), the space is invalid-URL-unit.
  const e = j(compare('http://h/\u{1F600} x', ''));
  const unit = e.validation_errors.find((v) => v.code === 'invalid-URL-unit');
  assert.deepEqual([unit.offset.byte, unit.offset.utf16, unit.offset.char], [13, 11, 10]);
  // With a base, each reading resolves by its own rules.
  assert.equal(j(compare('..\\x', 'http://a/b/c')).whatwg.href, 'http://a/x');
});

test('the crawl keys: SURT, the canonical profiles and Safe Browsing, as their references answer', () => {
  // webarchive-commons WaybackURLKeyMakerTest (testdata/surt/surt.jsonl).
  const k = j(crawl_keys('http://www.archive.org/goo/?b&a'));
  assert.equal(k.surt.result, 'org,archive)/goo?a&b');
  const profile = (name) => k.canonical.find((c) => c.profile === name);
  assert.equal(profile('ia').result, 'http://archive.org/goo?a&b');
  // google/safebrowsing urls_test.go TestGeneratePatterns; the prefixes are SHA-256's.
  const sb = j(crawl_keys('http://a.b.c/1/2.html?param=1/2')).safebrowsing;
  assert.deepEqual(sb.expressions.map((e) => e.expression).sort(), [
    'a.b.c/', 'a.b.c/1/', 'a.b.c/1/2.html', 'a.b.c/1/2.html?param=1/2',
    'b.c/', 'b.c/1/', 'b.c/1/2.html', 'b.c/1/2.html?param=1/2',
  ]);
  assert.equal(sb.expressions[0].prefix, 'f9c142c4');
  // w3lib tests/test_url.py: the query sorted.
  const w = j(crawl_keys('http://www.example.com/do?c=3&b=5&b=2&a=50')).canonical.find((c) => c.profile === 'w3lib');
  assert.equal(w.result, 'http://www.example.com/do?a=50&b=2&b=5&c=3');
  // Refusals name their code: a port that is not a number (the surt package raises too).
  const bad = j(crawl_keys('http://a.org:8x/'));
  assert.equal(bad.surt.ok, false);
  assert.equal(bad.surt.error.code, 'invalid-port');
  assert.equal(j(crawl_keys('/asdf')).safebrowsing.error.code, 'missing-host');
});
