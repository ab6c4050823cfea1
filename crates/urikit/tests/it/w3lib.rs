//! Scrapy's canonical URL (`urikit::w3lib`):
//!
//! - w3lib's own `canonicalize_url` tests as data (testdata/w3lib/, from
//!   `tests/test_url.py`, with w3lib 2.5.0's answers), every one passing;
//!   the differential against w3lib itself, on every line of the datasets
//!   and on generated text, is in the Python tests;
//! - properties over generated text: nothing panics, bytes read as their
//!   text, no fragment unless asked for, the query's pairs in order;
//! - the bad input of the issue: a query key repeated 100,000 times, a
//!   host of 10,000 labels, labels of 64 characters and more.

use proptest::prelude::*;
use urikit::w3lib::{canonicalize_url, canonicalize_url_bytes, Options};
use urikit::ErrorKind;

fn records() -> Vec<serde_json::Value> {
    crate::testdata("w3lib/canonicalize_url.jsonl")
}

fn options(r: &serde_json::Value) -> Options {
    let mut o = Options::default();
    for (k, v) in r["options"].as_object().into_iter().flatten() {
        match k.as_str() {
            "keep_blank_values" => o.keep_blank_values = v.as_bool().unwrap(),
            "keep_fragments" => o.keep_fragments = v.as_bool().unwrap(),
            "query_separator" => o.query_separator = v.as_str().unwrap().to_owned().into(),
            other => panic!("option {other}"),
        }
    }
    o
}

#[test]
fn w3libs_own_tests() {
    let all = records();
    assert!(all.len() > 50);
    let mut failed = Vec::new();
    for r in &all {
        let o = options(r);
        let got = match r["url_hex"].as_str() {
            Some(hex) => {
                let bytes: Vec<u8> = (0..hex.len())
                    .step_by(2)
                    .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
                    .collect();
                canonicalize_url_bytes(&bytes, &o)
            }
            None => canonicalize_url(r["url"].as_str().unwrap(), &o),
        };
        let want = r["canonical"].as_str().unwrap();
        match got {
            Ok(g) if g == want => {}
            other => failed.push(format!(
                "{} {}: {other:?}, want {want}",
                r["url"], r["options"]
            )),
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

/// What w3lib refuses with `ValueError`, with codes and input offsets.
#[test]
fn refusals_name_the_place() {
    let o = Options::default();
    for (input, code, at) in [
        ("http://a.com:8x/", ErrorKind::InvalidPort, 13),
        ("http://a.com:65536/", ErrorKind::PortOutOfRange, 13),
        ("  http://[::1/", ErrorKind::UnexpectedBracket, 9),
        ("http://a[::1]/", ErrorKind::UnexpectedBracket, 8),
        ("http://[::1]x/", ErrorKind::UnexpectedBracket, 12),
        ("http://[1.2.3.4]/", ErrorKind::InvalidIpv6, 8),
        ("http://[v1]/", ErrorKind::InvalidIpvFuture, 8),
        ("http://a\u{2100}b/", ErrorKind::InvalidHost, 7),
    ] {
        let e = canonicalize_url(input, &o).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (code, at), "{input:?}");
    }
    // Tabs removed before the split are counted in the offset.
    let e = canonicalize_url("http://a.\tcom:8x/", &o).unwrap_err();
    assert_eq!(e.offset(), 14);
}

/// The options: blank values, fragments, the separator.
#[test]
fn options_as_w3lib_reads_them() {
    let url = "http://a/p?b=&c&a=2#Frag";
    let o = Options::default();
    assert_eq!(canonicalize_url(url, &o).unwrap(), "http://a/p?a=2&b=&c=");
    let o = Options {
        keep_blank_values: false,
        keep_fragments: true,
        ..Options::default()
    };
    assert_eq!(canonicalize_url(url, &o).unwrap(), "http://a/p?a=2#Frag");
    let o = Options {
        query_separator: ";".into(),
        ..Options::default()
    };
    assert_eq!(
        canonicalize_url("http://a/p?c=3;a=50", &o).unwrap(),
        "http://a/p?a=50;c=3"
    );
}

#[test]
fn huge_inputs_stay_linear() {
    let o = Options::default();
    let query = format!("http://h/p?{}", "k=v&".repeat(100_000));
    let got = canonicalize_url(&query, &o).unwrap();
    assert_eq!(got.len(), "http://h/p?".len() + 100_000 * 4 - 1);
    let labels = format!("http://{}com/", "a.".repeat(10_000));
    assert!(canonicalize_url(&labels, &o).unwrap().ends_with(".a.com/"));
    // A label of 64 and more beyond ASCII: the codec refuses it, and w3lib
    // keeps the host as it is.
    let long = format!("http://\u{e9}{}.com/", "a".repeat(100));
    assert!(canonicalize_url(&long, &o).unwrap().contains('\u{e9}'));
    let dots = format!("http://h/{}", "../".repeat(100_000));
    assert_eq!(canonicalize_url(&dots, &o).unwrap(), "http://h/");
}

fn pieces() -> impl Strategy<Value = String> {
    let piece = prop::sample::select(vec![
        "http:", "HTTP:", "mailto:", "foo:", "//", "/", "\\", "@", ":", "[", "]", "[::1]",
        "[v1.x]", "%", "%2F", "%25", "%3b", "%41", "%e9", "+", "=", "&", ";", "?", "#", " ", "\t",
        "\u{e9}", "\u{df}", "\u{ff45}", "\u{130}", "\u{212a}", "\u{2100}", "\u{4e2d}", "a", "B",
        "0", "80", ".", "..", "'", "|", "\0", "\u{7f}", "xn--", "a=1", "b=", "c",
    ]);
    prop::collection::vec(piece, 0..14).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn canonical_urls_keep_their_promises(input in pieces()) {
        let o = Options::default();
        let got = canonicalize_url(&input, &o);
        prop_assert_eq!(&got, &canonicalize_url_bytes(input.as_bytes(), &o));
        if let Ok(url) = got {
            // No fragment unless asked for; `#` is never bare elsewhere.
            prop_assert!(!url.contains('#'), "{url:?}");
            // The query's pairs in order (as encoded, `+` and `%XX` sort
            // as their bytes do only roughly, so compare decoded names).
            if let Some((_, q)) = url.split_once('?') {
                let names: Vec<Vec<u8>> = q
                    .split('&')
                    .map(|p| p.split('=').next().unwrap_or("").as_bytes().to_vec())
                    .collect();
                let decoded: Vec<Vec<u8>> = names
                    .iter()
                    .map(|n| urikit::pct::decode(&String::from_utf8_lossy(n).replace('+', " ")).map(|c| c.into_owned()).unwrap_or_default())
                    .collect();
                let mut sorted = decoded.clone();
                sorted.sort();
                prop_assert_eq!(decoded, sorted);
            }
        }
    }
}
