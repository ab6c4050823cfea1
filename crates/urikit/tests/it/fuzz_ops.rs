//! The properties the fuzz targets check, one function per target, shared
//! by the fuzz targets (fuzz/src/lib.rs includes this file) and by the
//! test that replays the largest corpus inputs (`fuzz_largest.rs`).
//!
//! Each takes any bytes and does a bounded number of operations on them,
//! so that its work is linear in the input: [`linear`] asserts that with
//! the library's count of bytes examined, which catches a quadratic path
//! on a 4 KB input (sixteen million bytes against a bound of about a
//! million) without a clock.

use urikit::pct::{decode, encode, Component, PctStr};
use urikit::scheme::{self, File, View};
use urikit::template::{Template, Variables};
use urikit::{
    count_work, BaseBuilder, Dialect, ErrorKind, Extractor, Normalizer, QueryParams, Resolver,
    UriRef, UriRefBuf, UriRefBuilder,
};

use crate::recompose::{components, recompose};

/// Bytes the library may examine per byte of input, and in all: a linear
/// bound with room for every target's constant factor.
pub const PER_BYTE: u64 = 1024;
pub const CONSTANT: u64 = 1 << 16;

/// Runs `op` on `data` and asserts that the work it did is linear in the
/// input (see the module's documentation).
pub fn linear(data: &[u8], op: impl FnOnce(&[u8])) {
    let (work, ()) = count_work(|| op(data));
    let bound = PER_BYTE * data.len() as u64 + CONSTANT;
    assert!(
        work <= bound,
        "{work} bytes examined for an input of {} bytes (bound {bound})",
        data.len()
    );
}

/// A target's properties, run on its input.
pub type Target = fn(&[u8]);

/// Every target by name, for the replay test.
pub const TARGETS: &[(&str, Target)] = &[
    ("parse_roundtrip", parse_roundtrip),
    ("resolve", resolve),
    ("normalize", normalize),
    ("normalizer", normalizer),
    ("pct_roundtrip", pct_roundtrip),
    ("relativize", relativize),
    ("scheme_views", scheme_views),
    ("extract", extract),
    ("edit", edit),
    #[cfg(feature = "html")]
    ("html", html),
    ("base", base),
    ("query_params", query_params),
    ("builder", builder),
    ("guess", guess),
    ("file_paths", file_paths),
    ("dialects", dialects),
    ("template", template),
    ("whatwg", whatwg),
];

fn utf8(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// The input split at its first newline.
fn two(data: &[u8]) -> Option<(&str, &str)> {
    let s = utf8(data)?;
    Some(s.split_once('\n').unwrap_or((s, "")))
}

/// A dialect chosen by a byte.
fn dialect_of(b: u8) -> Dialect {
    Dialect::GRAMMARS[usize::from(b) % Dialect::GRAMMARS.len()]
}

/// The first byte as a selector, and the rest as text.
fn selected(data: &[u8]) -> Option<(u8, &str)> {
    let (&first, rest) = data.split_first()?;
    Some((first, utf8(rest)?))
}

/// A fresh parse of `u`'s text under its dialect, which must have the
/// components `u` reports: a result whose offsets were computed while it
/// was written (resolution, normalization, relativization) must agree with
/// the grammar it claims.
pub fn reparse<'a>(u: &UriRef<'a>) -> UriRef<'a> {
    let fresh = UriRef::parse_with(u.as_str(), u.dialect())
        .unwrap_or_else(|e| panic!("{:?} under {:?}: {e}", u.as_str(), u.dialect()));
    assert_eq!(components(u), components(&fresh), "{}", u.as_str());
    fresh
}

/// Every dialect: a reference that parses is its components put back
/// together, claims its dialect, and its owned copy is the same; error
/// offsets stay inside the input.
pub fn parse_roundtrip(data: &[u8]) {
    let Some(s) = utf8(data) else { return };
    for d in Dialect::GRAMMARS {
        match UriRef::parse_with(s, d) {
            Ok(u) => {
                assert_eq!(recompose(&u), s, "{d:?}");
                assert_eq!(u.dialect(), d);
                let owned = u.to_buf();
                assert_eq!(components(&owned.as_uri_ref()), components(&u));
                assert_eq!(owned.dialect(), d);
            }
            Err(e) => assert!(e.offset() <= s.len()),
        }
    }
}

/// Resolution under every dialect that defines it, strict and not, with
/// base and reference read under that dialect: the target is a reference
/// of the dialect, and re-parses (under it) to the components it reports
/// (RFC 3986 section 5.2.4's `a:/.//b` trap included).
pub fn resolve(data: &[u8]) {
    let Some((b, r)) = two(data) else { return };
    for d in Dialect::GRAMMARS
        .into_iter()
        .filter(|&d| d != Dialect::Rfc1738)
    {
        let (Ok(base), Ok(reference)) = (UriRef::parse_with(b, d), UriRef::parse_with(r, d)) else {
            continue;
        };
        let Ok(resolver) = Resolver::new(base) else {
            continue;
        };
        for strict in [true, false] {
            let Ok(t) = resolver.strict(strict).resolve(reference) else {
                continue;
            };
            assert_eq!(t.dialect(), d);
            let again = reparse(&t.as_uri_ref());
            assert_eq!(recompose(&again), t.as_str());
            assert!(again.has_scheme(), "{d:?}: {t}");
        }
    }
}

/// RFC 3986 normalization is idempotent, keeps equivalence, and its output
/// parses to the components the owned result reports. `normalize` returns
/// a normal input as it is, so `normalize_into`, which always runs every
/// step, is the judge of `is_normalized`.
pub fn normalize(data: &[u8]) {
    let Some(s) = utf8(data) else { return };
    let Ok(u) = UriRef::parse(s) else { return };
    let n = u.normalize();
    let again = reparse(&n.as_uri_ref());
    assert_eq!(
        again.normalize().as_str(),
        n.as_str(),
        "not idempotent: {s}"
    );
    assert!(u.equivalent(again), "not equivalent to its input: {s}");
    let mut written = String::new();
    Normalizer::new().normalize_into(u, &mut written);
    assert_eq!(
        written,
        n.as_str(),
        "normalize and normalize_into differ: {s}"
    );
    assert_eq!(
        Normalizer::new().is_normalized(u),
        written == s,
        "is_normalized is wrong: {s}"
    );
}

/// Every step of the normalizer on or off (the first byte's bits), under
/// every dialect (the second byte): the result is a reference of the
/// input's dialect, valid under it, idempotent, and the same from
/// `normalize` and `normalize_into`; `is_normalized` agrees with both.
pub fn normalizer(data: &[u8]) {
    let Some((&steps, rest)) = data.split_first() else {
        return;
    };
    let Some((d, s)) = selected(rest) else { return };
    let d = dialect_of(d);
    let Ok(u) = UriRef::parse_with(s, d) else {
        return;
    };
    let bit = |k: u8| steps & (1 << k) != 0;
    let n = Normalizer::new()
        .lowercase(bit(0))
        .uppercase_hex(bit(1))
        .decode_unreserved(bit(2))
        .remove_dot_segments(bit(3))
        .remove_default_port(bit(4))
        .slash_empty_path(bit(5))
        .ipv6_rfc5952(bit(6))
        // The steps beyond ASCII (the fault hunt of 2026-11-27 found
        // is_normalized blind to them).
        .nfc(bit(7))
        .idna_hosts(bit(7));
    let out = n.normalize(u);
    assert_eq!(out.dialect(), d, "{s}");
    let again = reparse(&out.as_uri_ref());
    assert_eq!(
        n.normalize(again).as_str(),
        out.as_str(),
        "not idempotent: {s}"
    );
    if d.is_rfc3986_family() {
        // The other dialects may fall back to the input where a step's
        // result is not valid under them; RFC 3986 always writes.
        let mut written = String::new();
        n.normalize_into(u, &mut written);
        assert_eq!(
            written,
            out.as_str(),
            "normalize and normalize_into differ: {s}"
        );
    }
    assert_eq!(n.is_normalized(u), out.as_str() == s, "is_normalized: {s}");
}

/// decode(encode(text)) is the text, for every component, and the encoded
/// form is valid percent-encoding.
pub fn pct_roundtrip(data: &[u8]) {
    let Some(s) = utf8(data) else { return };
    for c in Component::ALL {
        let e = encode(s, c);
        let p = PctStr::new(&e).expect("encoded text is valid");
        let back = if c == Component::Form {
            p.decode_form()
        } else {
            decode(&e).unwrap()
        };
        assert_eq!(&*back, s.as_bytes(), "{c:?}");
    }
}

/// Relativization is the inverse of resolution, under every dialect that
/// has one, strict and not: the reference it gives resolves against the
/// base to the target, and parses to the components it reports. A target
/// that no reference reaches is `unreachable-target`, and then not even
/// the target itself resolves to it.
pub fn relativize(data: &[u8]) {
    let Some((b, t)) = two(data) else { return };
    for d in Dialect::GRAMMARS
        .into_iter()
        .filter(|&d| d != Dialect::Rfc1738)
    {
        let (Ok(base), Ok(target)) = (UriRef::parse_with(b, d), UriRef::parse_with(t, d)) else {
            continue;
        };
        let Ok(r) = Resolver::new(base) else { continue };
        for strict in [true, false] {
            let r = r.strict(strict);
            match r.relativize(target) {
                Ok(rel) => {
                    let back = r.resolve(rel.as_uri_ref()).expect("the reference resolves");
                    assert_eq!(back.as_str(), t, "{d:?} strict {strict}: {rel}");
                    assert_eq!(rel.dialect(), d);
                    reparse(&rel.as_uri_ref());
                }
                Err(e) if e.kind() == ErrorKind::UnreachableTarget => {
                    assert!(e.offset() <= t.len());
                    let itself = r.resolve(target).map(|x| x.into_string());
                    assert_ne!(itself.as_deref(), Ok(t), "{d:?} strict {strict}");
                }
                Err(e) => assert_eq!(e.kind(), ErrorKind::MissingScheme, "{d:?}: {e}"),
            }
        }
    }
}

/// The scheme views and warnings never panic, whatever the URI, and every
/// warning points into it.
pub fn scheme_views(data: &[u8]) {
    let Some(s) = utf8(data) else { return };
    for scheme in [
        "",
        "ftp:",
        "http:",
        "gopher:",
        "mailto:",
        "news:",
        "nntp:",
        "telnet:",
        "wais:",
        "file:",
        "prospero:",
    ] {
        let text = format!("{scheme}{s}");
        let Ok(u) = UriRef::parse(&text) else {
            continue;
        };
        let _ = format!("{:?}", View::new(u));
        for w in scheme::warnings(&u) {
            assert!(w.offset() < text.len(), "{w:?} in {text}");
            assert!(!w.to_string().is_empty());
        }
    }
}

/// Every URI the extractor finds (under the dialect of the first byte,
/// abbreviated forms or not by its high bit) is valid under that dialect,
/// and its span and position lie in the text; `uris`, whose scan counts
/// no lines, finds the same URIs with the same spans.
pub fn extract(data: &[u8]) {
    let Some((sel, s)) = selected(data) else {
        return;
    };
    let d = dialect_of(sel & 0x7F);
    let x = Extractor::new().dialect(d).abbreviated(sel & 0x80 != 0);
    let lines = s.split('\n').count();
    let mut uris = x.uris(s);
    for m in x.extract(s) {
        assert!(
            UriRef::parse_with(m.as_str(), d).is_ok(),
            "{:?}",
            m.as_str()
        );
        assert!(m.span().end <= s.len() && m.span().start < m.span().end);
        assert!(m.line() >= 1 && m.line() <= lines && m.column() >= 1);
        assert_eq!(uris.next().as_ref(), Some(m.found()));
    }
    assert_eq!(uris.next(), None);
}

/// Any sequence of (at most eight) edits leaves a reference whose fresh
/// parse has the same components, and a failed edit changes nothing.
pub fn edit(data: &[u8]) {
    let Some(s) = utf8(data) else { return };
    let mut u = UriRefBuf::parse("http://h/p?q#f".to_owned()).unwrap();
    for piece in s.split('\u{1}').take(8) {
        let split = piece.chars().next().map_or(0, char::len_utf8);
        let (op, arg) = piece.split_at(split);
        let before = u.clone();
        let some = (!arg.is_empty()).then_some(arg);
        let ok = match op {
            "s" => u.set_scheme(some).is_ok(),
            "u" => u.set_userinfo(some).is_ok(),
            "U" => u.set_userinfo_encoded(some).is_ok(),
            "h" => u.set_host(some).is_ok(),
            "H" => u.set_host_encoded(some).is_ok(),
            "o" => u.set_port_str(some).is_ok(),
            "p" => u.set_path(arg).is_ok(),
            "P" => u.set_path_encoded(arg).is_ok(),
            "q" => u.set_query(some).is_ok(),
            "Q" => u.set_query_encoded(some).is_ok(),
            "f" => u.set_fragment(some).is_ok(),
            "+" => u.push_segment(arg).is_ok(),
            "-" => u.pop_segment().is_ok(),
            "a" => u.append_path(arg).is_ok(),
            "k" => {
                let mut p = u.query_params();
                p.append(arg, arg);
                p.sort_by_key();
                u.set_query_params(&p).is_ok()
            }
            _ => continue,
        };
        if !ok {
            assert_eq!(u, before);
        }
        let fresh = UriRef::parse(u.as_str()).expect("an edited reference parses");
        assert_eq!(components(&fresh), components(&u.as_uri_ref()));
    }
}

/// The HTML scan never panics and finds what html5ever's tokenizer finds
/// (the same base and links, and the same lines where html5ever counts
/// them right); a base it finds establishes or fails with an error, and
/// links resolve or fail.
#[cfg(feature = "html")]
pub fn html(data: &[u8]) {
    use urikit::html::HtmlDocument;
    let html = String::from_utf8_lossy(data);
    let doc = HtmlDocument::parse(&html);
    let reference = urikit::html::reference(&html);
    let pairs = |d: &HtmlDocument| {
        let links: Vec<_> = d
            .links()
            .iter()
            .map(|l| (l.element(), l.attribute(), l.value().to_owned()))
            .collect();
        (d.base_href().map(str::to_owned), links)
    };
    assert_eq!(pairs(&doc), pairs(&reference), "{html:?}");
    if !urikit::html::miscounts_lines(&html) {
        assert_eq!(doc, reference, "{html:?}");
    }
    let mut b = BaseBuilder::new().retrieved_from("http://example.org/dir/page.html");
    if let Some(href) = doc.base_href() {
        b = b.embedded(href);
    }
    if let Ok(Some(base)) = b.establish() {
        for l in doc.links() {
            if let Ok(r) = UriRef::parse(l.value()) {
                let t = base
                    .resolver()
                    .resolve(r)
                    .expect("resolves against an absolute base");
                assert!(t.has_scheme());
            }
        }
    }
}

/// The base of a document from the layers of section 5.1, each a line of
/// the input (under the dialect of the first byte): an established base is
/// absolute, has no fragment, is valid under the dialect and claims it, and
/// its resolver resolves under it; a failure names a layer that was given.
pub fn base(data: &[u8]) {
    let Some((sel, s)) = selected(data) else {
        return;
    };
    let d = dialect_of(sel);
    let mut lines = s.split('\n');
    let mut b = BaseBuilder::new().dialect(d);
    let mut given = Vec::new();
    for (k, line) in lines.by_ref().take(6).enumerate() {
        if line.is_empty() {
            continue;
        }
        b = match k {
            0 => b.embedded(line),
            1 => b.content_base(line),
            2 => b.content_location(line),
            3 => b.retrieved_from(line),
            4 => b.redirected_to(line),
            _ => b.default_base(line),
        };
        given.push(k);
    }
    if let Some(block) = lines.next() {
        b = b.headers(&block.replace('|', "\r\n"));
    }
    match b.establish() {
        Ok(Some(base)) => {
            let u = base.uri();
            assert!(u.has_scheme() && u.fragment().is_none(), "{u}");
            assert_eq!(u.dialect(), d);
            reparse(&u);
            let x = base
                .resolver()
                .resolve(UriRef::parse_with("x", d).unwrap_or(u));
            let path = u.path().as_str();
            // RFC 2396's `hier_part` needs a path: `e:?` is opaque there.
            let empty_ok = d == Dialect::Rfc2396 || !path.is_empty();
            let opaque = u.authority().is_none() && empty_ok && !path.starts_with('/');
            match x {
                Ok(t) => assert_eq!(t.dialect(), d),
                // RFC 1738 has no relative references, and the older
                // documents none against an opaque base (RFC 2396 section 5).
                Err(e) => assert!(
                    d == Dialect::Rfc1738 || (!d.is_rfc3986_family() && opaque),
                    "{u}: {e}"
                ),
            }
        }
        Ok(None) => assert!(given.is_empty() || given == [4], "{given:?}"),
        Err(e) => assert!(e.error().offset() <= s.len()),
    }
}

/// QueryParams read from the first line, then at most eight operations
/// (the other lines: an operation letter and its argument): after each,
/// the text reads back as the same parameters, as many as it says.
pub fn query_params(data: &[u8]) {
    let Some((sel, s)) = selected(data) else {
        return;
    };
    let mut lines = s.split('\n');
    let Ok(p) = QueryParams::parse(lines.next().unwrap_or("")) else {
        return;
    };
    let form = sel & 1 != 0;
    let mut p = p.form(form);
    for line in lines.take(8) {
        let (op, arg) = line.split_at(line.chars().next().map_or(0, char::len_utf8));
        let (k, v) = arg.split_once('=').unwrap_or((arg, ""));
        match op {
            "a" => p.append(k, v),
            "f" => p.append_flag(k),
            "s" => p.set(k, v),
            "r" => {
                let before = p.len();
                let gone = p.remove(k);
                assert_eq!(p.len() + gone, before);
            }
            "o" => p.sort_by_key(),
            "k" => p.retain(|x| x.key().starts_with(k)),
            _ => continue,
        }
        let back = QueryParams::parse(&p.to_string())
            .expect("the text is a query")
            .form(form);
        assert_eq!(back, p, "after {line:?}");
        assert_eq!(back.iter().count(), p.len());
    }
}

/// The builder, from components given one per line (a line `-` leaves one
/// out; the first byte's bits choose plain or encoded setters): what it
/// builds re-parses to the components it reports, and plain text reads
/// back decoded as it was given.
pub fn builder(data: &[u8]) {
    let Some((sel, s)) = selected(data) else {
        return;
    };
    let parts: Vec<Option<&str>> = s
        .split('\n')
        .chain(std::iter::repeat("-"))
        .take(7)
        .map(|l| (l != "-").then_some(l))
        .collect();
    let encoded = |k: u8| sel & (1 << k) != 0;
    let mut b = UriRefBuilder::new().dot_prefix(sel & 0x80 != 0);
    if let Some(x) = parts[0] {
        b = b.scheme(x);
    }
    if let Some(x) = parts[1] {
        b = if encoded(0) {
            b.userinfo_encoded(x)
        } else {
            b.userinfo(x)
        };
    }
    if let Some(x) = parts[2] {
        b = if encoded(1) {
            b.host_encoded(x)
        } else {
            b.host(x)
        };
    }
    if let Some(x) = parts[3] {
        b = b.port_str(x);
    }
    if let Some(x) = parts[4] {
        b = if encoded(2) {
            b.path_encoded(x)
        } else {
            b.path(x)
        };
    }
    if let Some(x) = parts[5] {
        b = if encoded(3) {
            b.query_encoded(x)
        } else {
            b.query(x)
        };
    }
    if let Some(x) = parts[6] {
        b = if encoded(4) {
            b.fragment_encoded(x)
        } else {
            b.fragment(x)
        };
    }
    match b.build() {
        Ok(u) => {
            reparse(&u.as_uri_ref());
            let plain = |text: Option<PctStr<'_>>, given: Option<&str>, enc: bool| {
                if let (Some(t), Some(g), false) = (text, given, enc) {
                    assert_eq!(t.decode_utf8().unwrap(), g);
                }
            };
            plain(u.userinfo(), parts[1], encoded(0));
            plain(u.query(), parts[5], encoded(3));
            plain(u.fragment(), parts[6], encoded(4));
        }
        // Every offset is into the value the caller gave: a setter's into
        // its value, a colon in the first segment at that colon of the
        // path as given (plain or encoded).
        Err(e) => {
            assert!(e.offset() <= s.len(), "{e}");
            if e.kind() == urikit::ErrorKind::ColonInFirstSegment {
                let path = parts[4].unwrap_or_default();
                assert_eq!(
                    path.as_bytes().get(e.offset()),
                    Some(&b':'),
                    "{e}: {path:?}"
                );
            }
        }
    }
}

/// A guess is an absolute URI, and guessing again gives it back.
pub fn guess(data: &[u8]) {
    let Some(s) = utf8(data) else { return };
    if let Some(g) = urikit::guess(s) {
        assert!(UriRef::parse_absolute(&g).is_ok(), "{s:?} gave {g:?}");
        assert_eq!(urikit::guess(&g).as_deref(), Some(g.as_str()), "{s:?}");
    }
}

/// Local paths to `file` URIs and back: a Unix path's bytes come back
/// exactly, a Windows path with its separators as `\`.
pub fn file_paths(data: &[u8]) {
    let Some((&sel, rest)) = data.split_first() else {
        return;
    };
    if sel & 1 == 0 {
        if let Ok(u) = scheme::from_unix_path(rest) {
            let f = File::new(u.as_uri_ref()).expect("a file URI made from a path is one");
            assert_eq!(f.to_unix_path_bytes().unwrap(), rest, "{u}");
        }
    } else if let Some(s) = utf8(rest) {
        if let Ok(u) = scheme::from_windows_path(s) {
            let f = File::new(u.as_uri_ref()).expect("a file URI made from a path is one");
            assert_eq!(f.to_windows_path().unwrap(), s.replace('/', "\\"), "{u}");
        }
    }
}

/// A reference of each dialect (the first byte) through every operation:
/// owned, normalized, resolved against a base and relativized from it,
/// re-read under RFC 3986, edited. Each result is valid under the dialect
/// it claims, and the operations that work in another dialect refuse the
/// reference with an error rather than build an invalid value.
pub fn dialects(data: &[u8]) {
    let Some((sel, s)) = selected(data) else {
        return;
    };
    let d = dialect_of(sel);
    let Ok(u) = UriRef::parse_with(s, d) else {
        return;
    };
    assert_eq!(u.to_buf().dialect(), d);
    let n = u.normalize();
    assert_eq!(n.dialect(), d);
    reparse(&n.as_uri_ref());
    match u.in_dialect(Dialect::Rfc3986) {
        Ok(v) => {
            assert_eq!(v.dialect(), Dialect::Rfc3986);
            reparse(&v);
        }
        Err(e) => {
            assert_eq!(e.kind(), ErrorKind::DialectMismatch);
            assert!(UriRef::parse(s).is_err());
        }
    }
    // An IRI is an IRI: of RFC 3987, or no IRI at all.
    match u.to_iri() {
        Ok(i) => {
            assert_eq!(i.dialect(), Dialect::Rfc3987);
            reparse(&i.as_uri_ref());
        }
        Err(e) => assert_eq!(e.kind(), ErrorKind::DialectMismatch),
    }
    let mut edited = u.to_buf();
    match edited.set_fragment(Some("f")) {
        Ok(()) => {
            // An IRI stays one; every other dialect's value becomes RFC 3986.
            let kept = if d == Dialect::Rfc3987 {
                d
            } else {
                Dialect::Rfc3986
            };
            assert_eq!(edited.dialect(), kept);
            reparse(&edited.as_uri_ref());
        }
        Err(e) => {
            assert_eq!(e.kind(), ErrorKind::DialectMismatch);
            assert_eq!(edited.as_str(), s);
        }
    }
    if d == Dialect::Rfc1738 {
        return;
    }
    let base = UriRef::parse_with("http://a/b/c/d;p?q", d).unwrap();
    let r = Resolver::new(base).unwrap();
    if let Ok(t) = r.resolve(u) {
        assert_eq!(t.dialect(), d);
        reparse(&t.as_uri_ref());
        if let Ok(rel) = r.relativize(t.as_uri_ref()) {
            assert_eq!(r.resolve(rel.as_uri_ref()).unwrap().as_str(), t.as_str());
        }
    }
    // Under RFC 3986 the reference must be valid RFC 3986.
    let strict = Resolver::new(UriRef::parse("http://a/b").unwrap()).unwrap();
    match strict.resolve(u) {
        Ok(t) => {
            assert_eq!(t.dialect(), Dialect::Rfc3986);
            reparse(&t.as_uri_ref());
        }
        Err(e) => assert_eq!(e.kind(), ErrorKind::DialectMismatch, "{e}"),
    }
    zones(s, d);
}

/// IPv6 zone identifiers read on request (RFC 6874): a reference read
/// with them is what a plain parse gives when it has none; its owned
/// copy, normal form, resolution and edits are text the same parser reads
/// again with the same components.
fn zones(s: &str, d: Dialect) {
    let zp = urikit::Parser::new(d).zone_ids(true);
    let Ok(z) = zp.parse(s) else {
        return;
    };
    let again = |text: &str| {
        let fresh = zp.parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        fresh.to_buf()
    };
    let zoned = z.host().and_then(|h| h.zone_id()).is_some();
    if !zoned {
        assert_eq!(UriRef::parse_with(s, d).map(|u| u.to_buf()), Ok(z.to_buf()));
    }
    assert_eq!(again(z.to_buf().as_str()), z.to_buf());
    let n = z.normalize();
    assert_eq!(again(n.as_str()), n);
    assert_eq!(
        again(n.as_uri_ref().normalize().as_str()).as_str(),
        n.as_str(),
        "idempotent"
    );
    if d.is_rfc3986_family() {
        let base = zp.parse("http://[fe80::1%25eth0]/a/b").unwrap();
        let r = Resolver::new(base).unwrap();
        if let Ok(t) = r.resolve(z) {
            again(t.as_str());
            if let Ok(rel) = r.relativize(t.as_uri_ref()) {
                assert_eq!(r.resolve(rel.as_uri_ref()).unwrap().as_str(), t.as_str());
            }
        }
        let mut e = z.to_buf();
        if e.set_path("/x").is_ok() {
            again(e.as_str());
            assert_eq!(e.host().and_then(|h| h.zone_id()).is_some(), zoned);
        }
    }
}

/// `template`: a template from the input's first line, a URI from the
/// second and values from the third. Parsing fails only with an offset
/// inside the template. The template expands with every variable set to
/// the values (as a string, and as a list split at `,`), and matching that
/// expansion gives values that expand to it again (up to how escapes are
/// spelled) or `ambiguous-template`: never `no-match`, never other values
/// (the contract of `Template::match_uri`). Matching the URI either fails
/// with an offset inside it or gives values that expand to it. Each match
/// examines at most `MATCH_WORK` bytes per byte of template and of URI:
/// linear in the URI for a given template.
pub fn template(data: &[u8]) {
    let Some(s) = utf8(data) else { return };
    let mut lines = s.splitn(3, '\n');
    let (t, uri, values) = (
        lines.next().unwrap_or(""),
        lines.next().unwrap_or(""),
        lines.next().unwrap_or(""),
    );
    let template = match Template::parse(t) {
        Ok(template) => template,
        Err(e) => {
            assert!(e.offset() <= t.len(), "{t:?}: {e}");
            return;
        }
    };
    let names: Vec<&str> = template.variables().collect();
    let as_strings: Variables = names
        .iter()
        .map(|n| {
            (
                n.to_string(),
                urikit::template::Value::String(values.to_owned()),
            )
        })
        .collect();
    let as_lists: Variables = names
        .iter()
        .map(|n| {
            (
                n.to_string(),
                urikit::template::Value::List(values.split(',').map(str::to_owned).collect()),
            )
        })
        .collect();
    // Matches `text`, checking the work it took.
    let matched = |text: &str| {
        let (work, found) = count_work(|| template.match_uri(text));
        let bound = MATCH_WORK * (t.len() as u64 + 1) * (text.len() as u64 + 1) + CONSTANT;
        assert!(
            work <= bound,
            "{t:?} on {} bytes: {work} bytes examined (bound {bound})",
            text.len()
        );
        found
    };
    for vars in [&as_strings, &as_lists] {
        let Ok(out) = template.expand(vars) else {
            continue;
        };
        match matched(&out) {
            Ok(found) => {
                let again = template
                    .expand(&found)
                    .unwrap_or_else(|e| panic!("{t:?} on {out:?}: {found:?} does not expand: {e}"));
                assert_eq!(
                    escapes_alike(&again),
                    escapes_alike(&out),
                    "{t:?}: {found:?}"
                );
            }
            Err(e) => assert_eq!(
                e.kind(),
                ErrorKind::AmbiguousTemplate,
                "{t:?} on its own expansion {out:?}: {e}"
            ),
        }
    }
    match matched(uri) {
        Ok(found) => {
            let again = template
                .expand(&found)
                .unwrap_or_else(|e| panic!("{t:?} on {uri:?}: {e}"));
            assert_eq!(
                escapes_alike(&again),
                escapes_alike(uri),
                "{t:?}: {found:?}"
            );
        }
        Err(e) => assert!(
            e.offset() <= uri.len().max(t.len()),
            "{t:?} on {uri:?}: {e}"
        ),
    }
}

/// Bytes template matching may examine per byte of template and of URI.
pub const MATCH_WORK: u64 = 512;

/// `text` with its escapes spelled one way (RFC 3986 section 6.2.2): a
/// `%HH` of an unreserved character decoded, the others in upper case, and
/// a character beyond ASCII escaped as UTF-8.
pub fn escapes_alike(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%'
            && i + 2 < b.len()
            && b[i + 1].is_ascii_hexdigit()
            && b[i + 2].is_ascii_hexdigit()
        {
            if let Ok(v) = u8::from_str_radix(&text[i + 1..i + 3], 16) {
                if v.is_ascii_alphanumeric() || b"-._~".contains(&v) {
                    out.push(char::from(v));
                } else {
                    out.push_str(&format!("%{v:02X}"));
                }
                i += 3;
                continue;
            }
        }
        let ch = text[i..].chars().next().unwrap_or('\0');
        if ch.is_ascii() {
            out.push(ch);
        } else {
            for byte in ch.to_string().bytes() {
                out.push_str(&format!("%{byte:02X}"));
            }
        }
        i += ch.len_utf8().max(1);
    }
    out
}

/// The WHATWG reading (`urikit::whatwg`): an input and, after a newline, a
/// base. Nothing panics; a URL's `href` parses back to itself (the
/// serializer's output is canonical); the quick pass and the basic URL
/// parser agree; each setter (chosen by the input's first byte) leaves a
/// URL whose `href` parses back to itself; the two readings compare.
pub fn whatwg(data: &[u8]) {
    use urikit::whatwg::{compare, Url};
    let Some(text) = utf8(data) else { return };
    let (input, base) = match text.split_once('\n') {
        Some((i, b)) => (i, Some(b)),
        None => (text, None),
    };
    let base_url = base.and_then(|b| Url::parse(b).ok());
    let quick = match &base_url {
        Some(b) => Url::parse_with_base(input, b),
        None => Url::parse(input),
    };
    let report = Url::parse_reporting(input, base_url.as_ref());
    // The quick pass (and the quick failure of an input with no scheme)
    // give what the parser gives, error and offset included; `can_parse`
    // (the authority alone where it can) agrees with both.
    assert_eq!(
        quick.as_ref().map(Url::href),
        report.result.as_ref().map(Url::href),
        "{input:?}"
    );
    assert_eq!(
        Url::can_parse(input, base_url.as_ref()),
        report.result.is_ok(),
        "{input:?}"
    );
    for e in &report.errors {
        assert!(e.offset() <= input.len(), "{e}");
    }
    let _ = compare(input, base);
    let Ok(mut url) = quick else { return };
    let again = Url::parse(url.href()).expect("a serialization parses");
    assert_eq!(again.href(), url.href(), "{input:?}");
    let attrs = [
        "href", "protocol", "username", "password", "host", "hostname", "port", "pathname",
        "search", "hash",
    ];
    let attr = attrs[usize::from(data[0]) % attrs.len()];
    let value = base.unwrap_or(input);
    let _ = url.set(attr, value);
    let again = Url::parse(url.href()).expect("a URL after a setter parses");
    assert_eq!(again.href(), url.href(), "{input:?}.{attr} = {value:?}");
}
