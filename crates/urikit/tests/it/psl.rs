//! The registrable domain by the Public Suffix List, checked against the
//! list's own test cases (publicsuffix.org, `tests/test_psl.txt`,
//! `checkPublicSuffix(name, registrable domain)`), for the rules they
//! exercise: a plain TLD, a listed second level, wildcards (`*.ck`,
//! `*.kobe.jp`) and exceptions (`!www.ck`, `!city.kobe.jp`), in mixed case.

use urikit::UriRef;

fn domain(name: &str) -> Option<String> {
    let text = format!("http://{name}/");
    let uri = UriRef::parse(&text).unwrap();
    uri.host().unwrap().registrable_domain().map(str::to_owned)
}

#[test]
fn the_lists_own_cases() {
    let cases: &[(&str, Option<&str>)] = &[
        // Mixed case.
        ("COM", None),
        ("example.COM", Some("example.COM")),
        ("WwW.example.COM", Some("example.COM")),
        // TLD with only one rule.
        ("biz", None),
        ("domain.biz", Some("domain.biz")),
        ("b.domain.biz", Some("domain.biz")),
        ("a.b.domain.biz", Some("domain.biz")),
        // TLD with some two-level rules.
        ("uk.com", None),
        ("example.uk.com", Some("example.uk.com")),
        ("b.example.uk.com", Some("example.uk.com")),
        ("test.ac", Some("test.ac")),
        // TLD with only one wildcard rule, and an exception.
        ("mm", None),
        ("c.mm", None),
        ("b.c.mm", Some("b.c.mm")),
        ("jp", None),
        ("test.jp", Some("test.jp")),
        ("www.test.jp", Some("test.jp")),
        ("ac.jp", None),
        ("test.ac.jp", Some("test.ac.jp")),
        // Wildcard and exception rules.
        ("c.kobe.jp", None),
        ("b.c.kobe.jp", Some("b.c.kobe.jp")),
        ("a.b.c.kobe.jp", Some("b.c.kobe.jp")),
        ("city.kobe.jp", Some("city.kobe.jp")),
        ("www.city.kobe.jp", Some("city.kobe.jp")),
        ("ck", None),
        ("test.ck", None),
        ("b.test.ck", Some("b.test.ck")),
        ("www.ck", Some("www.ck")),
        ("www.www.ck", Some("www.ck")),
        // US K12.
        ("test.k12.ak.us", Some("test.k12.ak.us")),
        ("k12.ak.us", None),
    ];
    for &(name, want) in cases {
        assert_eq!(domain(name).as_deref(), want, "{name}");
    }
}

#[test]
fn unlisted_names_fall_to_the_default_rule() {
    // The algorithm's default rule `*`: the last label is the suffix.
    assert_eq!(domain("a.b.example").as_deref(), Some("b.example"));
    let text = "http://a.b.example./";
    let host = UriRef::parse(text).unwrap().host().unwrap();
    assert_eq!(host.public_suffix(), Some("example"));
}

#[test]
fn no_domain_for_addresses_empty_or_overlong_names() {
    for text in [
        "http://1.2.3.4/",
        "http://[v1.x]/",
        "file:///p",
        "http://./",
    ] {
        let host = UriRef::parse(text).unwrap().host().unwrap();
        assert_eq!(host.registrable_domain(), None, "{text}");
        assert_eq!(host.public_suffix(), None, "{text}");
    }
    let long = format!("http://{}.com/", "a".repeat(260));
    let host = UriRef::parse(&long).unwrap().host().unwrap();
    assert_eq!(host.registrable_domain(), None);
}
