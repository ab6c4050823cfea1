//! The web page's second WebAssembly module: a host's public suffix and
//! registrable domain by the Public Suffix List (its ICANN section alone
//! and with the private section), tldextract's parts, and Common Crawl's
//! URL columns. The list's tables are most of its size, so the page loads
//! it only when its panel is opened, and the first module stays within
//! its 400 KB (`web/build.sh` checks both budgets).
//!
//! Like the first module (`urikit-wasm`), it answers in JSON and decides
//! nothing itself: every answer is the library's (`urikit::psl`,
//! `urikit::ccindex`), and a failure carries the library's stable `code`,
//! its sentence ([`urikit::report::describe`]) and the offending
//! character's offset as a byte in UTF-8 and as the `utf16` index a
//! JavaScript string uses.
//!
//! ```
//! let v: serde_json::Value = serde_json::from_str(&urikit_wasm_suffix::suffixes("https://a.b.GitHub.io/x")).unwrap();
//! assert_eq!(v["host"]["result"], "a.b.GitHub.io");
//! assert_eq!(v["icann"]["registrable_domain"], "github.io");
//! assert_eq!(v["all"]["registrable_domain"], "b.github.io");
//! // Common Crawl's columns in the index's order, as [name, value] pairs.
//! assert_eq!(v["columns"]["result"][8], serde_json::json!(["url_host_registered_domain", "github.io"]));
//! ```
//!
//! May use: `urikit` (its public API) and `serde_json`.

use serde_json::{json, Value};
use urikit::psl::List;
use urikit::{report, Error, UriRef};
use wasm_bindgen::prelude::*;

/// The version of the Public Suffix List compiled in (its `// VERSION:`
/// line) and how many rules it holds, as JSON.
///
/// ```
/// let v: serde_json::Value = serde_json::from_str(&urikit_wasm_suffix::list()).unwrap();
/// assert_eq!(v["version"], urikit::psl::VERSION);
/// assert!(v["rules"].as_u64().unwrap() > 9000);
/// ```
#[wasm_bindgen]
pub fn list() -> String {
    let l = List::builtin();
    json!({"version": l.version(), "rules": l.rules()}).to_string()
}

/// Everything the page's suffix panel shows of `input`, as one JSON
/// object:
///
/// - `host`: the host of the reference read by RFC 3986 (`ok` and
///   `result`, or `ok: false` and `error`);
/// - `icann` and `all`: the `public_suffix` and `registrable_domain` of
///   that host by the ICANN section and by both sections, in lower case
///   as the column functions answer them (`null` for an IP address, a
///   name that is itself a suffix, or no host);
/// - `tldextract`: `tldextract.extract`'s parts of the text (which reads
///   any text), with the private section and without;
/// - `columns`: Common Crawl's URL columns (`uri_cc_columns`) as
///   `[name, value]` pairs in the index's order, or the error that makes
///   no row.
///
/// ```
/// let v: serde_json::Value = serde_json::from_str(&urikit_wasm_suffix::suffixes("http://a:8x/")).unwrap();
/// assert_eq!(v["host"]["error"]["code"], "invalid-port");
/// assert_eq!(v["host"]["error"]["offset"]["byte"], 10);
/// assert_eq!(v["tldextract"]["icann"]["domain"], "a");
/// ```
#[wasm_bindgen]
pub fn suffixes(input: &str) -> String {
    let fail = |e: Error| {
        let utf16 = input
            .get(..e.offset())
            .map_or(0, |s| s.encode_utf16().count());
        json!({"ok": false, "error": {
            "code": e.code(),
            "message": report::describe(&e, input, true),
            "offset": {"byte": e.offset(), "utf16": utf16},
        }})
    };
    let parsed = UriRef::parse(input);
    let host = parsed.as_ref().ok().and_then(|u| u.host());
    let views = |icann: bool| {
        let lower = |s: Option<&str>| s.map(str::to_ascii_lowercase);
        let h = host.as_ref();
        let (suffix, domain) = if icann {
            (
                h.and_then(|h| h.icann_public_suffix()),
                h.and_then(|h| h.icann_registrable_domain()),
            )
        } else {
            (
                h.and_then(|h| h.public_suffix()),
                h.and_then(|h| h.registrable_domain()),
            )
        };
        json!({"public_suffix": lower(suffix), "registrable_domain": lower(domain)})
    };
    let host_v = match &parsed {
        Ok(_) => json!({"ok": true, "result": host.as_ref().map(|h| h.as_str())}),
        Err(e) => fail(*e),
    };
    let extract = |private: bool| {
        let e = List::builtin().tldextract(input, private, false);
        json!({
            "subdomain": e.subdomain,
            "domain": e.domain,
            "suffix": e.suffix,
            "is_private": e.is_private,
            "registry_suffix": e.registry_suffix,
        })
    };
    let columns = match urikit::ccindex::columns(input) {
        Ok(c) => {
            // In the index's order, as [name, value] pairs (a JSON object
            // would not keep it).
            let pairs: Vec<Value> = urikit::ccindex::NAMES
                .iter()
                .map(|&name| match name {
                    "url_port" => json!([name, c.port]),
                    _ => json!([name, c.text(name).flatten()]),
                })
                .collect();
            json!({"ok": true, "result": pairs})
        }
        Err(e) => fail(e),
    };
    json!({
        "host": host_v,
        "icann": views(true),
        "all": views(false),
        "tldextract": {"icann": extract(false), "private": extract(true)},
        "columns": columns,
    })
    .to_string()
}
