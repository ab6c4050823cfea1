//! urikit for the web page in `web/`: each operation a function that takes
//! text and answers with one JSON object, compiled to WebAssembly with
//! wasm-bindgen. The page renders what these say; it decides nothing about
//! URIs itself.
//!
//! Every answer has `"ok"`. A failure carries `"error"`: the stable
//! `code`, the `message` a person reads (the library's
//! [`report::describe`], the same sentence as `uri` and the Python
//! package), and the `offset` of the offending character three ways: the
//! `byte` in UTF-8, the `utf16` index a JavaScript string uses, and the
//! `char` (code point) a person counts. Offsets of components carry the
//! same three.
//!
//! ```
//! let v: serde_json::Value = serde_json::from_str(&urikit_wasm::parse("http://h:8/a?b=c#d", "rfc3986", false)).unwrap();
//! assert_eq!(v["ok"], true);
//! assert_eq!(v["components"][1]["name"], "host");
//! assert_eq!(v["query_pairs"][0][1], "c");
//! ```
//!
//! May use: `urikit` (every layer's public API) and `serde_json`.

use std::borrow::Cow;

use serde_json::{json, Value};
use urikit::pct::PctStr;
use urikit::scheme::{self, Fields, View};
use urikit::template::{Template, Value as TemplateValue, Variables};
use urikit::{report, Dialect, Error, IriRef, Normalizer, Parser, Part, UriRef};
use wasm_bindgen::prelude::*;

pub mod trace;

/// The library's version, for the page's footer.
///
/// ```
/// assert_eq!(urikit_wasm::version(), env!("CARGO_PKG_VERSION"));
/// ```
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}

/// The names of the grammar dialects, in the order the page offers them
/// (RFC 3986, the default, first), as a JSON array. The WHATWG reading is
/// not among them: the page's panels read by the IETF grammars.
///
/// ```
/// assert!(urikit_wasm::dialects().starts_with(r#"["rfc3986","rfc3987""#));
/// ```
#[wasm_bindgen]
pub fn dialects() -> String {
    Value::from(
        Dialect::GRAMMARS
            .iter()
            .map(|d| d.name())
            .collect::<Vec<_>>(),
    )
    .to_string()
}

/// `s` as every urikit interface shows text: control characters, the
/// bidirectional formatting characters and the line and paragraph
/// separators as escapes, a backslash as `\\` ([`report::escape`]).
///
/// ```
/// assert_eq!(urikit_wasm::escape("a\u{202E}b\n"), "a\\u{202E}b\\n");
/// ```
#[wasm_bindgen]
pub fn escape(s: &str) -> String {
    report::escape(s).into_owned()
}

/// Where byte `byte` of `s` lies: in UTF-8 bytes, UTF-16 code units and
/// code points. A byte inside a character counts from that character's
/// start.
fn at(s: &str, byte: usize) -> Value {
    Counter::new(s).at(byte)
}

/// Counts UTF-16 units and code points up to offsets met in increasing
/// order, each byte once (a page's components, start to end).
struct Counter<'a> {
    s: &'a [u8],
    byte: usize,
    utf16: usize,
    chars: usize,
}

impl<'a> Counter<'a> {
    fn new(s: &'a str) -> Counter<'a> {
        Counter {
            s: s.as_bytes(),
            byte: 0,
            utf16: 0,
            chars: 0,
        }
    }

    /// [`at`] for `byte`, counting on from the last offset asked for (or
    /// from the start, for an earlier one).
    fn at(&mut self, byte: usize) -> Value {
        let end = byte.min(self.s.len());
        if end < self.byte {
            (self.byte, self.utf16, self.chars) = (0, 0, 0);
        }
        for &b in &self.s[self.byte..end] {
            // A character starts at each byte that is not a continuation
            // byte; one of four bytes (lead 0xF0 and up) is two UTF-16 units.
            let starts = usize::from(b & 0xC0 != 0x80);
            self.chars += starts;
            self.utf16 += starts + usize::from(b >= 0xF0);
        }
        self.byte = end;
        // Inside a character: that character's start.
        let inside = end < self.s.len() && self.s[end] & 0xC0 == 0x80;
        let (utf16, chars) = if inside {
            let lead = self.s[..end]
                .iter()
                .rposition(|&b| b & 0xC0 != 0x80)
                .unwrap_or(0);
            let wide = usize::from(self.s[lead] >= 0xF0);
            (self.utf16 - 1 - wide, self.chars - 1)
        } else {
            (self.utf16, self.chars)
        };
        json!({"byte": byte, "utf16": utf16, "char": chars})
    }
}

/// The answer for `e`, found in `input` (`which` names the field it came
/// from on the page: `"input"`, `"base"`, `"template"`, ...).
fn failure(e: &Error, input: &str, dialect: Dialect, which: &str) -> Value {
    json!({
        "ok": false,
        "error": {
            "code": e.code(),
            "message": report::describe(e, input, dialect == Dialect::Rfc3987),
            "offset": at(input, e.offset()),
            "in": which,
        }
    })
}

/// A failure that is not the library's: `code`, the sentence, and where
/// in `text` (the field `which`) it lies.
fn refusal(code: &str, message: String, text: &str, byte: usize, which: &str) -> Value {
    json!({"ok": false, "error": {
        "code": code,
        "message": message,
        "offset": at(text, byte),
        "in": which,
    }})
}

/// An operation's answer as JSON text: its value, or the failure it
/// stopped at.
fn answer(result: Result<Value, Value>) -> String {
    match result {
        Ok(v) | Err(v) => v.to_string(),
    }
}

/// The parser of the dialect named `name`, or the answer that says it is
/// unknown.
fn parser(name: &str) -> Result<Parser, Value> {
    // The page's panels read by the grammars; the WHATWG reading has its
    // own panel ([`compare`]).
    let grammar = Dialect::from_name(name).filter(|d| Dialect::GRAMMARS.contains(d));
    grammar.map(Parser::new).ok_or_else(|| {
        let message = format!("'{name}' is not a dialect; the dialects are {}", dialects());
        refusal("unknown-dialect", message, name, 0, "dialect")
    })
}

/// The parser of the dialect named `name`, zone identifiers (RFC 6874)
/// accepted when `zone_ids`: every operation reads the page's fields so.
fn parser_z(name: &str, zone_ids: bool) -> Result<Parser, Value> {
    parser(name).map(|p| p.zone_ids(zone_ids))
}

/// The URI form of an IRI (RFC 3987 section 3.1): its host in ASCII by
/// UTS #46 where the scheme uses the DNS and IDNA accepts it (else
/// percent-encoded), every other character beyond ASCII percent-encoded.
/// `None` when `u` is no IRI with characters beyond ASCII (then it is its
/// own URI form).
fn uri_form(u: UriRef<'_>) -> Option<String> {
    if u.as_str().is_ascii() {
        return None;
    }
    let iri = IriRef::try_from(u).ok()?;
    let uri = iri.to_uri_idna().unwrap_or_else(|_| iri.to_uri());
    Some(uri.into_string())
}

/// A failure of resolving `reference` against `base`: the base's fault
/// (no scheme; opaque where the dialect cannot join a path to it), the
/// dialect's (RFC 1738 has no relative references), or else the
/// reference's (more `..` than the base has levels, where the
/// dialect refuses them), each at its offset in its own field.
fn resolution_failure(e: &Error, reference: &str, base: &str, d: Dialect) -> Value {
    use urikit::ErrorKind as K;
    match e.kind() {
        K::RelativeBase | K::OpaqueBase | K::InvalidBase => failure(e, base, d, "base"),
        K::UnsupportedDialect => failure(&Error::new(e.kind(), 0), d.name(), d, "dialect"),
        _ => failure(e, reference, d, "input"),
    }
}

/// `text` read by `p`; a failure names the field `which`.
fn read<'a>(p: Parser, text: &'a str, which: &str) -> Result<UriRef<'a>, Value> {
    p.parse(text)
        .map_err(|e| failure(&e, text, p.dialect(), which))
}

/// Text decoded from percent-encoding; bytes that are not UTF-8 shown as
/// U+FFFD (the page shows the encoded form beside it).
fn decoded(p: PctStr<'_>) -> String {
    match p.decode() {
        Cow::Borrowed(b) => String::from_utf8_lossy(b).into_owned(),
        Cow::Owned(b) => String::from_utf8_lossy(&b).into_owned(),
    }
}

/// At most this many characters of one text are shown on the page, and at
/// most this many items of a list.
pub const SHOWN_CHARS: usize = 2000;
/// See [`SHOWN_CHARS`].
pub const SHOWN_ITEMS: usize = 32;

/// `s` for the page: escaped as [`escape`] does, its first [`SHOWN_CHARS`]
/// characters and how many more there are.
fn shown(s: &str) -> String {
    match s.char_indices().nth(SHOWN_CHARS) {
        None => report::escape(s).into_owned(),
        Some((cut, _)) => format!(
            "{}… ({} more characters)",
            report::escape(&s[..cut]),
            s[cut..].chars().count()
        ),
    }
}

/// Where `part` (a slice of `whole`) starts in `whole`.
fn offset_in(whole: &str, part: &str) -> usize {
    part.as_ptr() as usize - whole.as_ptr() as usize
}

/// Parses `input` by `dialect` (zone identifiers of RFC 6874 accepted when
/// `zone_ids`): its components in order with where each lies, the host's
/// type, the port's number, the path's segments and the query's pairs
/// decoded; or the error.
///
/// ```
/// let v: serde_json::Value = serde_json::from_str(&urikit_wasm::parse("http://h/a b", "rfc3986", false)).unwrap();
/// assert_eq!(v["error"]["code"], "invalid-char");
/// assert_eq!(v["error"]["offset"]["byte"], 10);
/// ```
#[wasm_bindgen]
pub fn parse(input: &str, dialect: &str, zone_ids: bool) -> String {
    answer(parse_value(input, dialect, zone_ids))
}

/// The two readings of `input` side by side (against `base`, when it is
/// not empty): RFC 3986 (RFC 3987 beyond ASCII) and the WHATWG URL
/// Standard's, component by component (the RFC reading normalized, as it
/// is compared), what they disagree on, and the standard's validation
/// errors with where each was met, three ways.
///
/// ```
/// let c: serde_json::Value = serde_json::from_str(&urikit_wasm::compare("http://0x7F.1/", "")).unwrap();
/// assert_eq!(c["whatwg"]["href"], "http://127.0.0.1/");
/// assert_eq!(c["differences"][0], "host");
/// assert_eq!(c["rows"][2]["rfc"], "0x7f.1");
/// assert_eq!(c["validation_errors"][0]["offset"]["byte"], 7);
/// ```
#[wasm_bindgen]
pub fn compare(input: &str, base: &str) -> String {
    use urikit::whatwg;
    let base = (!base.is_empty()).then_some(base);
    let c = whatwg::compare(input, base);
    let mut count = Counter::new(input);
    let mut errors: Vec<&whatwg::ValidationError> = c.whatwg.errors.iter().collect();
    errors.sort_by_key(|e| e.offset());
    let validation_errors: Vec<Value> = errors
        .iter()
        .map(|e| json!({"code": e.code(), "message": e.message(), "offset": count.at(e.offset())}))
        .collect();
    let rows: Vec<Value> = Part::COMPONENTS
        .into_iter()
        .map(|p| {
            json!({
                "part": p.name(),
                "rfc": c.rfc_part(p),
                "whatwg": c.whatwg_part(p),
                "differs": c.differences.contains(&whatwg::Difference::Part(p)),
            })
        })
        .collect();
    let rfc = match &c.rfc {
        Ok(u) => json!({"ok": true, "text": u.as_str()}),
        Err(e) => {
            json!({"ok": false, "code": e.code(), "message": report::explain(e, input, c.dialect == Dialect::Rfc3987).render(|_| None)})
        }
    };
    let w = match &c.whatwg.result {
        Ok(u) => json!({"ok": true, "href": u.href(), "origin": u.origin()}),
        Err(e) => json!({"ok": false, "code": e.code(), "message": e.message()}),
    };
    json!({
        "dialect": c.dialect.name(),
        "rfc": rfc,
        "whatwg": w,
        "rows": rows,
        "differences": c.differences.iter().map(|d| d.name()).collect::<Vec<_>>(),
        "validation_errors": validation_errors,
    })
    .to_string()
}

/// [`parse`]'s answer.
fn parse_value(input: &str, dialect: &str, zone_ids: bool) -> Result<Value, Value> {
    let p = parser(dialect)?.zone_ids(zone_ids);
    let u = read(p, input, "input")?;
    // Each component that is there, in the order of the text, with where
    // it lies three ways.
    let mut count = Counter::new(input);
    let components: Vec<Value> = Part::COMPONENTS
        .into_iter()
        .filter_map(|part| {
            let span = u.span(part)?;
            let text = &input[span.clone()];
            Some(json!({
                "name": part.name(),
                "text": text,
                "shown": shown(text),
                "start": count.at(span.start),
                "end": count.at(span.end),
            }))
        })
        .collect();
    let host = u.host().map(|h| {
        json!({
            "type": h.host_type().name(),
            "unicode": h.to_unicode_display(),
            "zone": h.zone_id().map(decoded),
        })
    });
    let port = u.port().map(|p| {
        json!({"text": p, "number": p.parse::<u64>().ok(), "default": u.scheme().and_then(scheme::default_port)})
    });
    Ok(json!({
        "ok": true,
        "dialect": p.dialect().name(),
        "kind": if u.has_scheme() { "uri" } else { "relative-ref" },
        "components": components,
        "host": host,
        "port": port,
        // The first SHOWN_ITEMS segments and pairs, decoded, and as the
        // page shows them (escaped, cut); how many there are in all.
        "segments": u.path_segments().take(SHOWN_ITEMS).map(decoded).collect::<Vec<_>>(),
        "segments_shown": u.path_segments().take(SHOWN_ITEMS).map(|s| shown(&decoded(s))).collect::<Vec<_>>(),
        "segment_count": u.path_segments().count(),
        "query_pairs": u.query_pairs().take(SHOWN_ITEMS).map(|(k, v)| json!([decoded(k), v.map(decoded)])).collect::<Vec<_>>(),
        "pairs_shown": u.query_pairs().take(SHOWN_ITEMS).map(|(k, v)| json!([shown(&decoded(k)), v.map(|v| shown(&decoded(v)))])).collect::<Vec<_>>(),
        "pair_count": u.query_pairs().count(),
        "fragment": u.fragment().map(decoded),
        "uri_form": uri_form(u),
    }))
}

/// Resolves `reference` against `base` (RFC 3986 section 5, or the older
/// document's own algorithm for an older dialect). For the RFC 3986
/// family, `steps` shows section 5.2 one step at a time ([`trace`]); each
/// step is `{rule, text, input, output}`.
///
/// ```
/// let v: serde_json::Value = serde_json::from_str(&urikit_wasm::resolve("../g", "http://a/b/c/d;p?q", "rfc3986", false)).unwrap();
/// assert_eq!(v["result"], "http://a/b/g");
/// assert_eq!(v["steps"][2]["rule"], "5.2.3");
/// ```
#[wasm_bindgen]
pub fn resolve(reference: &str, base: &str, dialect: &str, zone_ids: bool) -> String {
    answer(resolve_value(reference, base, dialect, zone_ids))
}

/// [`resolve`]'s answer.
fn resolve_value(
    reference: &str,
    base: &str,
    dialect: &str,
    zone_ids: bool,
) -> Result<Value, Value> {
    let p = parser_z(dialect, zone_ids)?;
    let b = read(p, base, "base")?;
    let r = read(p, reference, "input")?;
    let d = p.dialect();
    let result = r
        .resolve_against(b)
        .map_err(|e| resolution_failure(&e, reference, base, d))?;
    let steps: Vec<Value> = if d.is_rfc3986_family() {
        let (steps, _) = trace::resolution(b, r);
        steps
            .into_iter()
            .map(|s| {
                let (input, output) = s.buffers.unzip();
                json!({"rule": s.rule, "text": s.text, "input": input, "output": output})
            })
            .collect()
    } else {
        Vec::new()
    };
    Ok(json!({"ok": true, "result": result.as_str(), "steps": steps}))
}

/// A normalizer with every step off, from which the page turns them on
/// one at a time (the library's table, [`Normalizer::STEPS`]).
fn no_steps() -> Normalizer {
    Normalizer::STEPS
        .iter()
        .fold(Normalizer::new(), |n, s| s.set(n, false))
}

/// Normalizes `input` (RFC 3986 section 6.2.2 and 6.2.3; `extra`, a
/// comma-separated list of `ipv6`, `nfc` and `idna`, adds those steps):
/// the result, and each step that changed something with the text after
/// it. The steps are taken one after another, each on top of those before,
/// so the last text is the result.
///
/// ```
/// let v: serde_json::Value = serde_json::from_str(&urikit_wasm::normalize("HTTP://a:80/./b/%7e", "rfc3986", false, "")).unwrap();
/// assert_eq!(v["result"], "http://a/b/~");
/// assert_eq!(v["steps"].as_array().unwrap().len(), 5);
/// ```
#[wasm_bindgen]
pub fn normalize(input: &str, dialect: &str, zone_ids: bool, extra: &str) -> String {
    answer(normalize_value(input, dialect, zone_ids, extra))
}

/// [`normalize`]'s answer.
fn normalize_value(
    input: &str,
    dialect: &str,
    zone_ids: bool,
    extra: &str,
) -> Result<Value, Value> {
    let u = read(parser_z(dialect, zone_ids)?, input, "input")?;
    let wanted: Vec<&str> = extra
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    let optional: Vec<&str> = Normalizer::STEPS
        .iter()
        .filter(|s| !s.default)
        .map(|s| s.name)
        .collect();
    if let Some(bad) = wanted.iter().find(|w| !optional.contains(w)) {
        let message = format!(
            "'{bad}' is not an optional step; they are {}",
            optional.join(", ")
        );
        return Err(refusal(
            "unknown-step",
            message,
            extra,
            offset_in(extra, bad),
            "steps",
        ));
    }
    // The default steps, then those asked for, in the table's order.
    let chosen = Normalizer::STEPS
        .iter()
        .filter(|s| s.default || wanted.contains(&s.name));
    let mut n = no_steps();
    let mut before = input.to_owned();
    let mut steps = Vec::new();
    for s in chosen {
        n = s.set(n, true);
        let now = n.normalize(u);
        if now.as_str() != before {
            steps.push(json!({"section": s.section, "name": s.does, "step": s.name, "result": now.as_str()}));
            before = now.as_str().to_owned();
        }
    }
    Ok(json!({"ok": true, "result": before, "steps": steps, "normal": steps.is_empty()}))
}

/// The fields of a scheme's view, as `[name, value]` pairs in the order of
/// `uri inspect`'s contract.
struct Pairs {
    fields: Vec<Value>,
}

impl Fields for Pairs {
    type Err = Error;
    fn text(&mut self, name: &str, u: UriRef<'_>, v: PctStr<'_>) -> Result<(), Error> {
        let d = u.decode_part(v)?;
        self.fields.push(json!([name, d]));
        Ok(())
    }
    fn opt_text(&mut self, name: &str, u: UriRef<'_>, v: Option<PctStr<'_>>) -> Result<(), Error> {
        match v {
            Some(v) => self.text(name, u, v),
            None => self.raw(name, None),
        }
    }
    fn raw(&mut self, name: &str, v: Option<&str>) -> Result<(), Error> {
        self.fields.push(json!([name, v]));
        Ok(())
    }
    fn number(&mut self, name: &str, v: Option<u64>) -> Result<(), Error> {
        self.fields.push(json!([name, v]));
        Ok(())
    }
    fn flag(&mut self, name: &str, v: bool) -> Result<(), Error> {
        self.fields.push(json!([name, v]));
        Ok(())
    }
    fn list<'p>(
        &mut self,
        name: &str,
        _: UriRef<'_>,
        items: &mut dyn Iterator<Item = PctStr<'p>>,
    ) -> Result<(), Error> {
        let items: Vec<String> = items.map(decoded).collect();
        self.fields.push(json!([name, items]));
        Ok(())
    }
    fn pairs<'p>(
        &mut self,
        name: &str,
        _: UriRef<'_>,
        items: &mut dyn Iterator<Item = (PctStr<'p>, PctStr<'p>)>,
    ) -> Result<(), Error> {
        let items: Vec<Value> = items
            .map(|(k, v)| json!([decoded(k), decoded(v)]))
            .collect();
        self.fields.push(json!([name, items]));
        Ok(())
    }
}

/// The scheme's view of RFC 1738 section 3 (`scheme` is `null` for a
/// scheme it does not describe) with the cautions of RFC 1738 section 6
/// and RFC 3986 section 7 as warnings, each with its offset. An IRI is
/// read through its URI form (RFC 3987 section 3.1: the schemes' rules are
/// written for URIs), given as `read_as`, and the warnings' offsets are
/// then into that form.
///
/// ```
/// let v: serde_json::Value = serde_json::from_str(&urikit_wasm::inspect("ftp://u:pw@h:2121/d/f;type=a", "rfc1738", false)).unwrap();
/// assert_eq!(v["scheme"], "ftp");
/// assert_eq!(v["warnings"][0]["code"], "password-in-userinfo");
/// let v: serde_json::Value = serde_json::from_str(&urikit_wasm::inspect("http://b\u{fc}cher.example/", "rfc3987", false)).unwrap();
/// assert_eq!(v["read_as"], "http://xn--bcher-kva.example/");
/// assert_eq!(v["fields"][0], serde_json::json!(["host", "xn--bcher-kva.example"]));
/// ```
#[wasm_bindgen]
pub fn inspect(input: &str, dialect: &str, zone_ids: bool) -> String {
    answer(inspect_value(input, dialect, zone_ids))
}

/// [`inspect`]'s answer.
fn inspect_value(input: &str, dialect: &str, zone_ids: bool) -> Result<Value, Value> {
    let p = parser_z(dialect, zone_ids)?;
    let u = read(p, input, "input")?;
    match uri_form(u) {
        None => view_value(u, input, "input", None),
        Some(form) => {
            let uri = Parser::new(Dialect::Rfc3986).zone_ids(zone_ids);
            let u = read(uri, &form, "URI form")?;
            view_value(u, &form, "URI form", Some(&form))
        }
    }
}

/// The view of `u` (whose text is `text`, the page's field `which`).
fn view_value(
    u: UriRef<'_>,
    text: &str,
    which: &str,
    read_as: Option<&str>,
) -> Result<Value, Value> {
    let mut fields = Pairs { fields: Vec::new() };
    let view = View::new(u)
        .and_then(|view| view.visit(&mut fields).map(|()| view))
        .map_err(|e| failure(&e, text, u.dialect(), which))?;
    let warnings: Vec<Value> = scheme::warnings(&u)
        .map(|w| json!({"code": w.code(), "message": w.to_string(), "offset": at(text, w.offset()), "in": which}))
        .collect();
    let scheme = match view {
        View::Other(_) => None,
        _ => u.scheme().map(str::to_ascii_lowercase),
    };
    Ok(
        json!({"ok": true, "scheme": scheme, "fields": fields.fields, "warnings": warnings, "read_as": read_as}),
    )
}

/// The shortest reference that resolves against `base` to `target` (RFC
/// 3986 section 5 read backwards), and the target it resolves back to.
/// The page's input may be relative, or hold dot-segments that no
/// reference can reach, so `target` is first resolved against `base` (a
/// relative input joined to it, an absolute one with its dot-segments
/// removed, RFC 3986 section 5.2.2), and `target` in the answer is what
/// was relativized.
///
/// ```
/// let v: serde_json::Value = serde_json::from_str(&urikit_wasm::relativize("http://a/b/c/g?y", "http://a/b/c/d;p?q", "rfc3986", false)).unwrap();
/// assert_eq!(v["result"], "g?y");
/// let v: serde_json::Value = serde_json::from_str(&urikit_wasm::relativize("../x/./g", "http://a/b/c/d;p?q", "rfc3986", false)).unwrap();
/// assert_eq!((&v["target"], &v["result"]), (&serde_json::json!("http://a/b/x/g"), &serde_json::json!("../x/g")));
/// ```
#[wasm_bindgen]
pub fn relativize(target: &str, base: &str, dialect: &str, zone_ids: bool) -> String {
    answer(relativize_value(target, base, dialect, zone_ids))
}

/// [`relativize`]'s answer.
fn relativize_value(
    target: &str,
    base: &str,
    dialect: &str,
    zone_ids: bool,
) -> Result<Value, Value> {
    let p = parser_z(dialect, zone_ids)?;
    let b = read(p, base, "base")?;
    let t = read(p, target, "input")?;
    let d = p.dialect();
    let resolved = t
        .resolve_against(b)
        .map_err(|e| resolution_failure(&e, target, base, d))?;
    let t = resolved.as_uri_ref();
    let r = t
        .relative_to(b)
        .map_err(|e| failure(&e, t.as_str(), d, "resolved input"))?;
    let back = r
        .as_uri_ref()
        .resolve_against(b)
        .map(|t| t.as_str().to_owned())
        .ok();
    Ok(json!({"ok": true, "target": t.as_str(), "result": r.as_str(), "resolves_to": back}))
}

/// Repairs a near-URI as `uri repair` does: the RFC 3986 reference, and
/// each change, its offset three ways; or the error that remains.
///
/// ```
/// let v: serde_json::Value = serde_json::from_str(&urikit_wasm::repair(" http://h/a b ")).unwrap();
/// assert_eq!(v["result"], "http://h/a%20b");
/// assert_eq!(v["changes"][1]["to"], "%20");
/// ```
#[wasm_bindgen]
pub fn repair(input: &str) -> String {
    let r = urikit::repair(input);
    let changes: Vec<Value> = r
        .changes()
        .take(SHOWN_ITEMS)
        .map(|c| json!({"offset": at(input, c.offset), "from": shown(c.from), "to": c.to()}))
        .collect();
    match &r.result {
        Ok(u) => json!({"ok": true, "result": u.as_str(), "changes": changes}),
        Err(e) => failure(e, input, Dialect::Rfc3986, "input"),
    }
    .to_string()
}

/// A JSON value read with its objects' members in the order they were
/// written: an associative array expands its pairs in that order (RFC
/// 6570 section 2.4.2), which a map sorted by key would lose.
enum Json {
    Null,
    Scalar(String),
    List(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl<'de> serde::Deserialize<'de> for Json {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Json, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Json;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a JSON value")
            }
            fn visit_unit<E>(self) -> Result<Json, E> {
                Ok(Json::Null)
            }
            fn visit_bool<E>(self, v: bool) -> Result<Json, E> {
                Ok(Json::Scalar(v.to_string()))
            }
            fn visit_i64<E>(self, v: i64) -> Result<Json, E> {
                Ok(Json::Scalar(v.to_string()))
            }
            fn visit_u64<E>(self, v: u64) -> Result<Json, E> {
                Ok(Json::Scalar(v.to_string()))
            }
            fn visit_f64<E>(self, v: f64) -> Result<Json, E> {
                Ok(Json::Scalar(Value::from(v).to_string()))
            }
            fn visit_str<E>(self, v: &str) -> Result<Json, E> {
                Ok(Json::Scalar(v.to_owned()))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut a: A) -> Result<Json, A::Error> {
                let mut items = Vec::new();
                while let Some(v) = a.next_element()? {
                    items.push(v);
                }
                Ok(Json::List(items))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut a: A) -> Result<Json, A::Error> {
                let mut members = Vec::new();
                while let Some(kv) = a.next_entry()? {
                    members.push(kv);
                }
                Ok(Json::Object(members))
            }
        }
        d.deserialize_any(V)
    }
}

impl Json {
    /// The value as text, for a member of a list or an associative array.
    fn text(&self) -> String {
        match self {
            Json::Null => "null".to_owned(),
            Json::Scalar(s) => s.clone(),
            Json::List(items) => items.iter().map(Json::text).collect::<Vec<_>>().join(","),
            Json::Object(m) => m
                .iter()
                .map(|(k, v)| format!("{k},{}", v.text()))
                .collect::<Vec<_>>()
                .join(","),
        }
    }

    /// The value as a template variable (RFC 6570 section 2.3): a string,
    /// number or boolean is a string value, an array a list, an object an
    /// associative array; `null` leaves the variable undefined.
    fn variable(&self) -> Option<TemplateValue> {
        match self {
            Json::Null => None,
            Json::Scalar(s) => Some(TemplateValue::String(s.clone())),
            Json::List(items) => Some(TemplateValue::List(items.iter().map(Json::text).collect())),
            Json::Object(m) => Some(TemplateValue::Assoc(
                m.iter().map(|(k, v)| (k.clone(), v.text())).collect(),
            )),
        }
    }
}

/// Expands the URI Template `template` (RFC 6570, every level) with the
/// variables of `vars`, a JSON object.
///
/// ```
/// let v: serde_json::Value = serde_json::from_str(&urikit_wasm::expand("http://h{/p*}{?q}", r#"{"p": ["a", "b c"], "q": "x"}"#)).unwrap();
/// assert_eq!(v["result"], "http://h/a/b%20c?q=x");
/// ```
#[wasm_bindgen]
pub fn expand(template: &str, vars: &str) -> String {
    answer(expand_value(template, vars))
}

/// [`expand`]'s answer.
fn expand_value(template: &str, vars: &str) -> Result<Value, Value> {
    let in_template = |e: Error| failure(&e, template, Dialect::Rfc3986, "template");
    let t = Template::parse(template).map_err(in_template)?;
    let text = if vars.trim().is_empty() { "{}" } else { vars };
    let members = match serde_json::from_str::<Json>(text) {
        Ok(Json::Object(m)) => m,
        Ok(_) => {
            let message = "the variables are not a JSON object ({\"name\": value, ...})".into();
            return Err(refusal("invalid-variables", message, text, 0, "variables"));
        }
        Err(e) => {
            // serde_json counts lines from 1, and columns from 1 in bytes.
            let line_start: usize = text
                .split_inclusive('\n')
                .take(e.line().saturating_sub(1))
                .map(str::len)
                .sum();
            let at_byte = (line_start + e.column().saturating_sub(1)).min(text.len());
            let message = format!("the variables are not valid JSON: {e}");
            return Err(refusal(
                "invalid-variables",
                message,
                text,
                at_byte,
                "variables",
            ));
        }
    };
    let vars: Variables = members
        .iter()
        .filter_map(|(k, v)| v.variable().map(|v| (k.clone(), v)))
        .collect();
    let result = t.expand(&vars).map_err(in_template)?;
    Ok(json!({"ok": true, "result": result, "variables": t.variables().collect::<Vec<_>>()}))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Offsets counted on from the last one agree with counting from the
    /// start, at every byte of text with characters of one to four bytes
    /// (inside a character: its start).
    #[test]
    fn counted_offsets_agree_with_the_prefix() {
        let s = "a\u{e9}\u{20ac}\u{1F600}b/\u{10FFFF}";
        let mut c = Counter::new(s);
        for byte in 0..=s.len() + 2 {
            let mut b = byte.min(s.len());
            while !s.is_char_boundary(b) {
                b -= 1;
            }
            let head = &s[..b];
            let want = json!({"byte": byte, "utf16": head.encode_utf16().count(), "char": head.chars().count()});
            assert_eq!(c.at(byte), want, "{byte}");
            assert_eq!(at(s, byte), want, "{byte}");
        }
        // Back to an earlier offset: counted again from the start.
        assert_eq!(c.at(1), json!({"byte": 1, "utf16": 1, "char": 1}));
    }

    /// A long text is shown escaped and cut, saying how much is left out.
    #[test]
    fn shown_text_is_escaped_and_cut() {
        assert_eq!(shown("a\u{7}b"), "a\\u{7}b");
        let long = "\u{e9}".repeat(SHOWN_CHARS + 5);
        let s = shown(&long);
        assert!(s.ends_with("… (5 more characters)"), "{s}");
        assert_eq!(s.chars().filter(|&c| c == '\u{e9}').count(), SHOWN_CHARS);
    }

    /// Lists are cut to SHOWN_ITEMS with their full count beside them.
    #[test]
    fn long_lists_are_cut_and_counted() {
        let input = format!("http://h/{}?{}", "s/".repeat(150), "k=v&".repeat(120));
        let v: Value = serde_json::from_str(&parse(&input, "rfc3986", false)).unwrap();
        assert_eq!(v["segments"].as_array().unwrap().len(), SHOWN_ITEMS);
        assert_eq!(v["segment_count"], 151);
        assert_eq!(v["query_pairs"].as_array().unwrap().len(), SHOWN_ITEMS);
        assert_eq!(v["pair_count"], 120);
        assert_eq!(v["pairs_shown"].as_array().unwrap().len(), SHOWN_ITEMS);
    }

    /// Template variables keep the order they were written in (RFC 6570
    /// section 3.2.1's `keys`), and a JSON error points at its byte.
    #[test]
    fn template_variables_in_written_order() {
        let v: Value = serde_json::from_str(&expand(
            "{?keys*}",
            r#"{"keys": {"semi": ";", "dot": ".", "comma": ","}}"#,
        ))
        .unwrap();
        assert_eq!(v["result"], "?semi=%3B&dot=.&comma=%2C");
        let v: Value = serde_json::from_str(&expand("{x}", "{\n \"x\": ]")).unwrap();
        assert_eq!(v["error"]["code"], "invalid-variables");
        assert_eq!(v["error"]["offset"]["byte"], 8);
    }
}

/// The keys of crawlers and web archives for `input`: its SURT key (the
/// `surt` package's), its canonical URL by each profile (`ia`,
/// `ia-basic`, `ia-ordinary`, `ia-aggressive`, `safebrowsing`, `w3lib`),
/// and Safe Browsing's lookup expressions, each with its SHA-256 hash
/// prefix (four bytes, in hex). Each is `{"ok": true, "result"}` or
/// `{"ok": false, "error"}`; these keys read any text, not only URI
/// references.
///
/// ```
/// let v: serde_json::Value = serde_json::from_str(&urikit_wasm::crawl_keys("http://www.archive.org/goo/?b&a")).unwrap();
/// assert_eq!(v["surt"]["result"], "org,archive)/goo?a&b");
/// assert_eq!(v["canonical"][0]["profile"], "ia");
/// assert_eq!(v["safebrowsing"]["expressions"][0]["expression"], "www.archive.org/");
/// ```
#[wasm_bindgen]
pub fn crawl_keys(input: &str) -> String {
    let fail = |e: Error| json!({"ok": false, "error": {"code": e.code(), "message": report::describe(&e, input, true), "offset": at(input, e.offset())}});
    let surt = match urikit::surt::surt(input, &urikit::surt::Options::default()) {
        Ok(k) => json!({"ok": true, "result": k}),
        Err(e) => fail(e),
    };
    let canonical: Vec<Value> = urikit::canonical::Profile::ALL
        .iter()
        .map(|p| match p.canonicalize(input) {
            Ok(u) => json!({"profile": p.name(), "ok": true, "result": u}),
            Err(e) => {
                let mut v = fail(e);
                v["profile"] = json!(p.name());
                v
            }
        })
        .collect();
    let safebrowsing = match urikit::safebrowsing::Url::parse(input) {
        Ok(u) => {
            let expressions: Vec<Value> = u
                .expressions()
                .into_iter()
                .take(SHOWN_ITEMS)
                .map(|e| {
                    let hash = urikit::safebrowsing::hash_hex(&e);
                    json!({"expression": e, "prefix": &hash[..8]})
                })
                .collect();
            json!({"ok": true, "result": u.to_string(), "expressions": expressions})
        }
        Err(e) => fail(e),
    };
    json!({"surt": surt, "canonical": canonical, "safebrowsing": safebrowsing}).to_string()
}
