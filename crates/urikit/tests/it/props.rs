//! Property tests: the fast parser against the naive oracle, reassembly,
//! never panicking, and percent-encoding round trips.

use proptest::prelude::*;
use urikit::pct::{encode, Component, PctStr};
use urikit::{HostType, UriRef};

use crate::naive;
use crate::recompose::recompose;

/// Pieces that URI grammar cares about, so that generated strings reach
/// every rule (random characters alone would rarely make an IPv6 literal).
const TOKENS: &[&str] = &[
    "http",
    "a",
    "Z9",
    "+",
    "-",
    ".",
    ":",
    "//",
    "/",
    "?",
    "#",
    "@",
    "[",
    "]",
    "::",
    "1",
    "255",
    "256",
    "0",
    "01",
    "1.2.3.4",
    "ffff",
    "12345",
    "v1.",
    "v",
    "%41",
    "%2f",
    "%",
    "%G",
    "x",
    "~",
    "!",
    "$&'()*+,;=",
    " ",
    "é",
    "\\",
    "\"",
    "..",
    "./",
    "../",
    "[::1]",
    "[v7.a]",
    "\t",
    "80",
    "_",
];

/// Bracketed hosts built from IPv6 and IPvFuture pieces.
fn ip_literal_authority() -> impl Strategy<Value = String> {
    const PIECES: &[&str] = &[
        "1", "ffff", "ABCD", "0", "12345", ":", "::", ".", "1.2.3.4", "1.2.3", "256", "01", "v",
        "V1", "x", "%25", "]",
    ];
    prop::collection::vec(prop::sample::select(PIECES), 0..12)
        .prop_map(|v| format!("//[{}]/", v.concat()))
}

fn token_string() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(TOKENS), 0..14).prop_map(|v| v.concat())
}

/// The components of a valid reference must be the Appendix B groups, and
/// the host type must follow section 3.2.2's first-match-wins rule.
fn agrees_with_oracle(g: &naive::Grammar, s: &str) -> Result<(), TestCaseError> {
    let parsed = UriRef::parse(s);
    prop_assert_eq!(
        g.accepts(s),
        parsed.is_ok(),
        "accept/reject of {:?}: {:?}",
        s,
        parsed.err()
    );
    let Ok(u) = parsed else { return Ok(()) };
    let groups = naive::appendix_b(s);
    prop_assert_eq!(u.scheme(), groups[1]);
    prop_assert_eq!(u.authority().map(|a| a.as_str()), groups[3]);
    prop_assert_eq!(Some(u.path().as_str()), groups[4]);
    prop_assert_eq!(u.query().map(|q| q.as_str()), groups[6]);
    prop_assert_eq!(u.fragment().map(|f| f.as_str()), groups[8]);
    if let Some(h) = u.host() {
        let text = h.as_str();
        let expected = if text.starts_with("[v") || text.starts_with("[V") {
            HostType::IpvFuture
        } else if text.starts_with('[') {
            HostType::Ipv6
        } else if g.is_ipv4(text) {
            HostType::Ipv4
        } else {
            HostType::RegName
        };
        prop_assert_eq!(h.host_type(), expected, "{}", s);
        if let Some(a) = h.ipv6() {
            let std: std::net::Ipv6Addr = text[1..text.len() - 1].parse().unwrap();
            prop_assert_eq!(a, std);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn fast_parser_agrees_with_the_naive_oracle(s in token_string()) {
        thread_local!(static G: naive::Grammar = naive::grammar());
        G.with(|g| agrees_with_oracle(g, &s))?;
    }

    #[test]
    fn ip_literals_agree_with_the_naive_oracle(s in ip_literal_authority()) {
        thread_local!(static G: naive::Grammar = naive::grammar());
        G.with(|g| agrees_with_oracle(g, &s))?;
    }

    #[test]
    fn reassembling_the_components_gives_the_input(s in token_string()) {
        if let Ok(u) = UriRef::parse(&s) {
            prop_assert_eq!(recompose(&u), s);
        }
    }

    #[test]
    fn never_panics_and_offsets_stay_within_the_input(s in any::<String>()) {
        if let Err(e) = UriRef::parse(&s) {
            prop_assert!(e.offset() <= s.len());
        }
    }

    #[test]
    fn never_panics_on_arbitrary_bytes(b in prop::collection::vec(any::<u8>(), 0..64)) {
        let s = String::from_utf8_lossy(&b);
        match UriRef::parse(&s) {
            Ok(u) => prop_assert_eq!(recompose(&u), s.as_ref()),
            Err(e) => prop_assert!(e.offset() <= s.len()),
        }
    }

    #[test]
    fn decode_of_encode_is_identity(s in any::<String>()) {
        for c in [Component::Userinfo, Component::Host, Component::Path, Component::Segment,
                  Component::Query, Component::Fragment] {
            let e = encode(&s, c);
            let p = PctStr::new(&e).unwrap();
            prop_assert_eq!(p.decode_utf8().unwrap(), s.as_str());
        }
        let e = encode(&s, Component::Form);
        prop_assert_eq!(PctStr::new(&e).unwrap().decode_form_utf8().unwrap(), s.as_str());
    }

    #[test]
    fn encoded_text_is_valid_in_its_component(s in any::<String>()) {
        // A segment's encoding is a valid path-absolute segment; a query's
        // a valid query; and so on: the encode sets match the grammar.
        let seg = encode(&s, Component::Segment);
        let u = format!("/{seg}?{}#{}", encode(&s, Component::Query), encode(&s, Component::Fragment));
        let parsed = UriRef::parse(&u).unwrap();
        prop_assert_eq!(parsed.path_segments().count(), 1);
        let host = encode(&s, Component::Host);
        let auth = format!("//{}@{host}/{}", encode(&s, Component::Userinfo), encode(&s, Component::Path));
        let parsed = UriRef::parse(&auth).unwrap();
        prop_assert_eq!(parsed.host().unwrap().as_str(), host.as_ref());
    }
}

#[test]
fn ten_megabytes_parse_without_trouble() {
    let big = format!("http://h/{}", "a%20b/".repeat(10 * 1024 * 1024 / 6));
    let u = UriRef::parse(&big).unwrap();
    assert_eq!(u.path().len(), big.len() - 8);
    let bad = format!("{big} ");
    assert_eq!(UriRef::parse(&bad).unwrap_err().offset(), big.len());
}

/// `Parser::parse_bytes` over 200,000 generated byte strings: the grammar's
/// tokens with bytes that are not UTF-8 (lone continuation bytes, cut
/// sequences, 0xFF) and characters beyond ASCII mixed in. Where the bytes
/// are UTF-8 the answer is `parse`'s under every dialect; where they are
/// not, it is an error. Under RFC 3986 the bytes are checked in the
/// parse's own pass, and a byte above 0x7F must behave as any other byte
/// the grammar has no place for (section 2: a URI is ASCII): the answer is
/// the one for the text with each such byte replaced by `"`, which no rule
/// of RFC 3986 allows.
#[test]
fn parse_bytes_answers_as_parse_and_refuses_what_is_not_utf8() {
    use urikit::{Dialect, ErrorKind, Parser};
    const EXTRA: &[&[u8]] = &[
        b"\x80",
        b"\xbf",
        b"\xc3",
        b"\xe2\x82",
        b"\xff",
        b"\xf0\x9f\x98\x80",
        b"\xc3\xa9",
    ];
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = move || {
        // xorshift64*
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_f491_4f6c_dd1d)
    };
    let key = |r: &Result<urikit::UriRef<'_>, urikit::Error>| match r {
        Ok(u) => Ok((
            u.as_str().to_owned(),
            u.scheme().map(str::to_owned),
            u.authority().map(|a| a.as_str().to_owned()),
            u.path().as_str().to_owned(),
            u.query().map(|q| q.as_str().to_owned()),
        )),
        Err(e) => Err((e.kind(), e.offset())),
    };
    let (mut not_utf8, mut accepted) = (0, 0);
    for case in 0..200_000 {
        let mut b = Vec::new();
        for _ in 0..next() % 12 {
            let r = next();
            if r % 5 == 0 {
                b.extend_from_slice(EXTRA[(r >> 8) as usize % EXTRA.len()]);
            } else {
                b.extend_from_slice(TOKENS[(r >> 8) as usize % TOKENS.len()].as_bytes());
            }
        }
        let dialects: &[Dialect] = if case % 8 == 0 {
            &Dialect::ALL
        } else {
            &[Dialect::Rfc3986]
        };
        for &d in dialects {
            let p = Parser::new(d);
            let got = p.parse_bytes(&b);
            match std::str::from_utf8(&b) {
                Ok(s) => assert_eq!(key(&got), key(&p.parse(s)), "{d:?} {s:?}"),
                Err(e) if d == Dialect::Rfc3986 => {
                    let stand_in: String = b
                        .iter()
                        .map(|&c| if c > 0x7F { '"' } else { char::from(c) })
                        .collect();
                    let want = p
                        .parse(&stand_in)
                        .expect_err("a quote is refused everywhere");
                    assert_eq!(key(&got), Err((want.kind(), want.offset())), "{b:?}");
                    assert!(
                        want.offset()
                            <= e.valid_up_to()
                                .max(b.iter().position(|&c| c > 0x7F).unwrap())
                    );
                }
                Err(e) => assert_eq!(
                    key(&got),
                    Err((ErrorKind::InvalidUtf8, e.valid_up_to())),
                    "{d:?} {b:?}"
                ),
            }
            if d == Dialect::Rfc3986 {
                not_utf8 += usize::from(std::str::from_utf8(&b).is_err());
                accepted += usize::from(got.is_ok());
            }
        }
    }
    // The generator reaches both sides.
    assert!(
        not_utf8 > 50_000 && accepted > 20_000,
        "{not_utf8} {accepted}"
    );
}
