//! The extraction vectors of testdata/extract/ (format in
//! testdata/README.md), and linearity of the scan.

use serde_json::Value;
use urikit::{Dialect, Extractor};

use crate::vectors::check_all;

#[test]
fn appendix_e_vectors() {
    check_all("extract", 14, |r| {
        let text = r["text"].as_str().unwrap();
        let abbreviated = r["abbreviated"] == true;
        let mut x = Extractor::new().abbreviated(abbreviated);
        if let Some(d) = r.get("dialect").and_then(Value::as_str) {
            x = x.dialect(Dialect::from_name(d).unwrap());
        }
        let found: Vec<_> = x.extract(text).collect();
        // `uris` finds the same, without lines and columns.
        let spans: Vec<_> = x.uris(text).collect();
        if !spans.iter().eq(found.iter().map(|m| m.found())) {
            return Err(format!("uris() gives {spans:?}"));
        }
        let uris: Vec<&str> = found.iter().map(|m| m.as_str()).collect();
        let want: Vec<&str> = r["uris"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| u.as_str().unwrap())
            .collect();
        if uris != want {
            return Err(format!("got {uris:?}"));
        }
        if let Some(p) = r.get("positions") {
            let got: Vec<[usize; 2]> = found.iter().map(|m| [m.line(), m.column()]).collect();
            let want: Vec<[usize; 2]> = serde_json::from_value(p.clone()).unwrap();
            if got != want {
                return Err(format!("positions {got:?}"));
            }
        }
        for m in &found {
            // The span holds the URI as written (whitespace removed).
            let written: String = text[m.span()].split_whitespace().collect();
            if !abbreviated && written != m.as_str() {
                return Err(format!("span {:?} is {written:?}", m.span()));
            }
        }
        Ok(())
    });
}

/// The scan is linear: on texts of size n and 8n made of hostile pieces
/// (unclosed brackets, colons without schemes, long runs), the number of
/// matches grows by 8 and nothing quadratic happens (the 8n texts are a few
/// megabytes, so a quadratic scan would not finish).
#[test]
fn hostile_texts_are_scanned_once() {
    for piece in [
        "<<<<<<<<:::::a:b:c",
        "http://a/- \n\n-\n",
        "\"\"\"(((((http://x/)))",
        "www.www.ftp.ftp. ",
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaa:",
        "x<http://a/ b",
        "<URL: \u{a0}http://a/ <",
    ] {
        let count = |n: usize| {
            let text = piece.repeat(n);
            Extractor::new().abbreviated(true).extract(&text).count()
        };
        let small = count(10_000);
        assert_eq!(count(80_000), small * 8, "{piece:?}");
    }
}

/// Trailing punctuation is dropped in one pass: a URI followed by a long
/// run of `)` is found once, at n and 8n (a quadratic scan would not
/// finish on the 8n text).
#[test]
fn long_trailing_punctuation_is_dropped_once() {
    for n in [100_000, 800_000] {
        let text = format!("http://a/{}", ")".repeat(n));
        let found: Vec<_> = Extractor::new().extract(&text).collect();
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].as_str(), "http://a/");
    }
}

/// Texts of pieces that start, end, wrap, break and interrupt URIs, long
/// enough to cross the scanner's 64-byte blocks.
fn texts() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    const PIECES: &[&str] = &[
        "http://a/b",
        "<",
        ">",
        "URL:",
        ":",
        "\n",
        " ",
        "-",
        "é",
        "www.x.org",
        "(",
        ")",
        "[",
        "]",
        "%",
        "%41",
        "mailto:x@y",
        "\r\n",
        "ab",
        "日本",
        ".",
        "#f",
        "?q",
        "ftp.y",
        "\t",
        "https://[::1]/",
        "urn:a:b",
    ];
    proptest::collection::vec(proptest::sample::select(PIECES), 0..120).prop_map(|v| v.concat())
}

proptest::proptest! {
    /// Lines and columns (in characters, RFC-agnostic bookkeeping) are
    /// those of the span's first byte, counted naively; a URI taken as
    /// written is the span's text; and what is found does not depend on
    /// where the scanner's blocks fall: the text shifted by 1 to 130
    /// bytes of padding gives the same URIs, spans shifted alike.
    #[test]
    fn positions_and_finds_do_not_depend_on_blocks(
        text in texts(),
        pad in 1usize..130,
        abbreviated in proptest::bool::ANY,
    ) {
        let x = Extractor::new().abbreviated(abbreviated);
        let found: Vec<_> = x.extract(&text).collect();
        for m in &found {
            let before = &text[..m.span().start];
            let line = 1 + before.matches('\n').count();
            let column = 1 + before.rsplit('\n').next().unwrap().chars().count();
            proptest::prop_assert_eq!((m.line(), m.column()), (line, column), "{:?}", m);
            if let std::borrow::Cow::Borrowed(s) = m.clone().into_cow() {
                if !abbreviated || !s.starts_with("http://www.") {
                    proptest::prop_assert_eq!(s, &text[m.span()]);
                }
            }
        }
        let padded = format!("{} {text}", "x".repeat(pad - 1));
        let shifted: Vec<_> = x.extract(&padded).collect();
        proptest::prop_assert_eq!(shifted.len(), found.len());
        for (a, b) in found.iter().zip(&shifted) {
            proptest::prop_assert_eq!(a.as_str(), b.as_str());
            proptest::prop_assert_eq!(a.span().start + pad, b.span().start);
            proptest::prop_assert_eq!(a.line(), b.line());
        }
    }

    /// `uris` finds what `extract` finds, URI for URI and span for span:
    /// the scan that leaves line breaks and bytes beyond ASCII uncounted
    /// stops at the same candidates, in every dialect the texts' pieces
    /// tell apart (IRIs) and with abbreviated forms.
    #[test]
    fn uris_are_what_extract_finds(
        text in texts(),
        pad in 0usize..130,
        abbreviated in proptest::bool::ANY,
        iri in proptest::bool::ANY,
    ) {
        let dialect = if iri { Dialect::Rfc3987 } else { Dialect::Rfc3986 };
        let x = Extractor::new().abbreviated(abbreviated).dialect(dialect);
        let text = format!("{}{text}", "\n".repeat(pad));
        let found: Vec<_> = x.extract(&text).map(|m| m.found().clone()).collect();
        let uris: Vec<_> = x.uris(&text).collect();
        proptest::prop_assert_eq!(uris, found);
    }
}
