//! Finding URIs in plain text, following the recommendations for delimiting
//! URIs in context: draft-ietf-url-syntax-00, RFC 2396 and 2396bis
//! Appendix E, and the appendix of RFC 1738.
//!
//! The files: this one, the types callers see; `scan`, the reading of
//! Appendix E (delimiters, brackets, bare URIs, the hyphen rule) over the
//! blocks `arch` classifies; `lines`, the lines and columns of a match.

mod lines;
mod scan;

use alloc::borrow::Cow;
use core::ops::Range;

use crate::Dialect;

use scan::Scan;

/// Finds URI references in text.
///
/// What is recognised (Appendix E of the 1996 draft, RFC 2396 and 2396bis;
/// the RFC 1738 appendix):
/// - `<URL:...>` and `<...>`: the brackets and the `URL:` prefix (with or
///   without white space after it) are not part of the URI, and all white
///   space inside the brackets is removed, so a URI broken across lines
///   comes out whole. Brackets are known by the scheme inside them: only
///   white space (and `URL:`) comes between the `<` and the scheme, and a
///   character of the URI follows the scheme's colon (so `<see http://x/>`
///   holds the bare URI `http://x/`, and a line broken right after the
///   colon, `<http:` and `//x/>` below it, is not joined);
/// - bare URIs, delimited by whitespace, by double quotes, or by any
///   character that cannot be part of a URI. Trailing sentence punctuation
///   (`.`, `,`, `;`, `:`, `!`, `?`, `'`, and a `)` without its `(`) is not
///   part of a bare URI;
/// - the hyphen rule: a bare URI whose line ends right after a `-` goes on
///   at the first non-blank character of the next line. The specifications
///   say the hyphen "may or may not" be part of the URI; we keep it.
///
/// A bare URI is recognised only with a scheme, and, to avoid reading
/// `note:this` or `localhost:8080` as URIs, only when its scheme is followed
/// by `//` or is one the [registry](crate::scheme::lookup) knows (such as
/// `mailto:` or `news:`), or is `urn`. With
/// [`abbreviated(true)`](Self::abbreviated), bare `www.` and `ftp.` host
/// names are found too and completed by [`guess`](crate::guess).
///
/// Every URI found is valid under the extractor's dialect (RFC 3986 by
/// default). Under [`Rfc3987`](Dialect::Rfc3987) IRIs are found: a run
/// goes on over the characters beyond ASCII that RFC 3987 section 2.2
/// allows (`ucschar`, and `iprivate`), except those that delimit words in
/// text written without spaces: Unicode white space (U+3000 IDEOGRAPHIC
/// SPACE is a `ucschar`), the ideographic and full-width sentence marks
/// (`。`, `、`, `，`, `！`, `？` ...), brackets (`「」`, `（）`, `【】` ...)
/// and quotation marks (`“”`, `‘’`, `«»`). Like a space in a URI, such a
/// character in an IRI must be percent-encoded to be found.
///
/// The scan is linear in the text: the candidates (colons that a
/// character a URI may hold follows) and the line breaks of each 64 bytes
/// are found at once, as two bit masks, and
/// each byte is looked at a bounded number of times. [`extract`](Self::extract)
/// gives each URI with its line and column; [`uris`](Self::uris), which
/// gives the URI and its byte span alone, counts no line breaks and is
/// faster.
///
/// ```
/// use urikit::Extractor;
///
/// let text = "Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n\
///             but you can probably pick it up from <ftp://ds.internic.\n\
///             net/rfc/>. Note the warning in <http://www.ics.uci.edu/pub/\n\
///             ietf/uri/historical.html#WARNING>.";
/// let found: Vec<_> = Extractor::new().extract(text).collect();
/// let uris: Vec<&str> = found.iter().map(|m| m.as_str()).collect();
/// assert_eq!(uris, [
///     "http://www.w3.org/Addressing/",
///     "ftp://ds.internic.net/rfc/",
///     "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
/// ]);
/// assert_eq!((found[1].line(), found[1].column()), (2, 39));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Extractor {
    dialect: Dialect,
    abbreviated: bool,
}

impl Extractor {
    /// An extractor for RFC 3986 URIs, without abbreviated forms.
    ///
    /// ```
    /// const FIND: urikit::Extractor = urikit::Extractor::new();
    /// assert_eq!(FIND.extract("see http://a/.").next().unwrap().as_str(), "http://a/");
    /// ```
    pub const fn new() -> Extractor {
        Extractor {
            dialect: Dialect::Rfc3986,
            abbreviated: false,
        }
    }

    /// The grammar every URI found must satisfy.
    ///
    /// ```
    /// use urikit::{Dialect, Extractor};
    /// // "~" is not allowed unencoded by RFC 1738.
    /// let text = "<http://h/~u> <http://h/%7Eu>";
    /// let found: Vec<_> = Extractor::new().dialect(Dialect::Rfc1738).extract(text).collect();
    /// assert_eq!(found.len(), 1);
    /// ```
    pub const fn dialect(self, dialect: Dialect) -> Extractor {
        Extractor { dialect, ..self }
    }

    /// Whether to also find abbreviated URIs (2396bis Appendix F) that
    /// begin with `www.` or `ftp.`, completed by [`guess`](crate::guess).
    ///
    /// ```
    /// let e = urikit::Extractor::new().abbreviated(true);
    /// let m = e.extract("Visit www.w3.org/Addressing/ today.").next().unwrap();
    /// assert_eq!(m.as_str(), "http://www.w3.org/Addressing/");
    /// assert_eq!(m.span(), 6..28);
    /// ```
    pub const fn abbreviated(self, on: bool) -> Extractor {
        Extractor {
            abbreviated: on,
            ..self
        }
    }

    /// The URIs in `text`, in order.
    ///
    /// ```
    /// let text = "(see <URL:mailto:joe@example.com>, or http://example.com/a_(b))";
    /// let uris: Vec<String> = urikit::Extractor::new()
    ///     .extract(text)
    ///     .map(|m| m.as_str().to_owned())
    ///     .collect();
    /// assert_eq!(uris, ["mailto:joe@example.com", "http://example.com/a_(b)"]);
    /// ```
    pub fn extract<'t>(&self, text: &'t str) -> Matches<'t> {
        Matches {
            scan: Scan::new(*self, text),
            line_breaks: 0,
            column: 0,
            counted: 0,
        }
    }

    /// The URIs in `text`, in order, with their byte spans: what
    /// [`extract`](Self::extract) finds, without the line and column of
    /// each, which the scan then need not count (line breaks, characters
    /// beyond ASCII). For callers that want only the URIs.
    ///
    /// ```
    /// let text = "(see <URL:mailto:joe@example.com>, or http://example.com/a_(b))";
    /// let found: Vec<_> = urikit::Extractor::new().uris(text).collect();
    /// assert_eq!(found[1].as_str(), "http://example.com/a_(b)");
    /// assert_eq!(found[1].span(), 38..62);
    /// ```
    pub fn uris<'t>(&self, text: &'t str) -> Uris<'t> {
        Uris {
            scan: Scan::new(*self, text),
        }
    }
}

/// A URI found in text, and where: what [`Extractor::uris`] gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found<'t> {
    uri: Cow<'t, str>,
    span: Range<usize>,
}

impl<'t> Found<'t> {
    /// The URI: borrowed from the text, unless whitespace had to be removed
    /// or an abbreviated form completed.
    ///
    /// ```
    /// let f = urikit::Extractor::new().uris("<http://a/\n  b>").next().unwrap();
    /// assert_eq!(f.as_str(), "http://a/b");
    /// ```
    pub fn as_str(&self) -> &str {
        &self.uri
    }

    /// The URI, owned or borrowed.
    ///
    /// ```
    /// let f = urikit::Extractor::new().uris("x http://a/ y").next().unwrap();
    /// assert!(matches!(f.into_cow(), std::borrow::Cow::Borrowed("http://a/")));
    /// ```
    pub fn into_cow(self) -> Cow<'t, str> {
        self.uri
    }

    /// The byte range of the URI in the text: from its first character
    /// (after any `<`, `URL:` or quote) to just after its last.
    ///
    /// ```
    /// let f = urikit::Extractor::new().uris("<URL: http://a/>").next().unwrap();
    /// assert_eq!(f.span(), 6..15);
    /// ```
    pub fn span(&self) -> Range<usize> {
        self.span.clone()
    }

    /// Whether text inside the URI's span was removed to make it: white
    /// space inside `<...>` (RFC 3986 Appendix C: "ignored"), or the line
    /// end after a hyphen that joined two lines. A reader may want to know,
    /// since `<http://x/a b>` gives `http://x/ab`.
    ///
    /// ```
    /// let f = urikit::Extractor::new().uris("<https://x/a b>").next().unwrap();
    /// assert_eq!((f.as_str(), f.removed()), ("https://x/ab", true));
    /// let f = urikit::Extractor::new().uris("see https://x/a ok").next().unwrap();
    /// assert!(!f.removed());
    /// ```
    pub fn removed(&self) -> bool {
        matches!(self.uri, Cow::Owned(_)) && self.uri.len() < self.span.len()
    }
}

/// A URI found in text, where, and on which line and column: what
/// [`Extractor::extract`] gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match<'t> {
    found: Found<'t>,
    line: usize,
    column: usize,
}

impl<'t> Match<'t> {
    /// The URI ([`Found::as_str`]).
    ///
    /// ```
    /// let m = urikit::Extractor::new().extract("<http://a/\n  b>").next().unwrap();
    /// assert_eq!(m.as_str(), "http://a/b");
    /// ```
    pub fn as_str(&self) -> &str {
        self.found.as_str()
    }

    /// The URI, owned or borrowed ([`Found::into_cow`]).
    ///
    /// ```
    /// let m = urikit::Extractor::new().extract("x http://a/ y").next().unwrap();
    /// assert!(matches!(m.into_cow(), std::borrow::Cow::Borrowed("http://a/")));
    /// ```
    pub fn into_cow(self) -> Cow<'t, str> {
        self.found.into_cow()
    }

    /// The byte range of the URI in the text ([`Found::span`]).
    ///
    /// ```
    /// let m = urikit::Extractor::new().extract("<URL: http://a/>").next().unwrap();
    /// assert_eq!(m.span(), 6..15);
    /// ```
    pub fn span(&self) -> Range<usize> {
        self.found.span()
    }

    /// The URI and where it is, without the line and column.
    ///
    /// ```
    /// let m = urikit::Extractor::new().extract("a\n http://a/").next().unwrap();
    /// assert_eq!(m.found().span(), 3..12);
    /// ```
    pub fn found(&self) -> &Found<'t> {
        &self.found
    }

    /// The line of the URI's first character, counting from 1.
    ///
    /// ```
    /// let m = urikit::Extractor::new().extract("a\nb\n http://a/").next().unwrap();
    /// assert_eq!(m.line(), 3);
    /// ```
    pub fn line(&self) -> usize {
        self.line
    }

    /// The column of the URI's first character, in characters, counting
    /// from 1.
    ///
    /// ```
    /// let m = urikit::Extractor::new().extract("é http://a/").next().unwrap();
    /// assert_eq!(m.column(), 3);
    /// ```
    pub fn column(&self) -> usize {
        self.column
    }
}

/// The iterator of [`Extractor::extract`].
#[derive(Clone, Debug)]
pub struct Matches<'t> {
    scan: Scan<'t, true>,
    /// The line breaks before byte `counted` and its column (characters
    /// after the line's start): up to there lines and columns have been
    /// counted.
    line_breaks: usize,
    column: usize,
    counted: usize,
}

impl<'t> Iterator for Matches<'t> {
    type Item = Match<'t>;

    fn next(&mut self) -> Option<Match<'t>> {
        let found = self.scan.find()?;
        let (line, column) = self.position(found.span.start);
        Some(Match {
            found,
            line,
            column,
        })
    }
}

/// The iterator of [`Extractor::uris`].
#[derive(Clone, Debug)]
pub struct Uris<'t> {
    scan: Scan<'t, false>,
}

impl<'t> Iterator for Uris<'t> {
    type Item = Found<'t>;

    fn next(&mut self) -> Option<Found<'t>> {
        self.scan.find()
    }
}

#[cfg(test)]
mod tests {
    use super::lines::count_chars;
    use super::scan::{plain_valid, scheme_chars, Classifier};
    use super::*;
    use crate::grammar::rfc3986::SCHEME;
    use crate::UriRef;
    use alloc::format;
    use alloc::string::String;
    use std::prelude::rust_2021::{ToOwned, Vec};

    /// The word form of the scheme's characters is the table's, for
    /// every byte in every place of a word, among bytes of each kind.
    #[test]
    fn scheme_chars_are_the_tables() {
        for fill in [b'a', b'-', b' ', b',', 0x80, 0xFF, 0] {
            for k in 0..8 {
                for c in 0..=255u8 {
                    let mut w = [fill; 8];
                    w[k] = c;
                    let want = (0..8)
                        .filter(|&j| SCHEME.allows(w[j]))
                        .fold(0u64, |m, j| m | 0x80 << (8 * j));
                    assert_eq!(
                        scheme_chars(u64::from_le_bytes(w)),
                        want,
                        "{fill:#x} {k} {c:#x}"
                    );
                }
            }
        }
    }

    /// The scheme is found back from its colon whatever its length and
    /// whatever comes before it, as far as the scan's place and no further.
    #[test]
    fn schemes_of_every_length_are_found() {
        for n in 1..30 {
            for before in ["", " ", "(", "a", "é ", "1", "9-"] {
                let scheme: String = (0..n)
                    .map(|i| ["h", "t", "+", "1", ".", "-", "p"][i % 7])
                    .collect();
                let text = format!("{before}{scheme}://x/ y");
                let found = uris(&text);
                // A letter before is the scheme's first; a scheme that
                // digits or `-` run into has no opening before it.
                let want = match before {
                    "a" => [format!("a{scheme}://x/")].to_vec(),
                    "1" | "9-" => Vec::new(),
                    _ => [format!("{scheme}://x/")].to_vec(),
                };
                assert_eq!(found, want, "{text:?}");
            }
        }
    }

    fn uris(text: &str) -> Vec<String> {
        Extractor::new()
            .extract(text)
            .map(|m| m.as_str().to_owned())
            .collect()
    }

    /// Columns are in characters and lines in line feeds: the chunked
    /// counts (portable, and with AVX2 where the processor has it) agree
    /// with `chars()` and a byte count on texts of every length around the
    /// chunk sizes, with multi-byte characters anywhere.
    #[test]
    fn counts_agree_with_the_obvious() {
        let k = Classifier::new();
        for n in 0..200 {
            let s: String = (0..n)
                .map(|i| ["a", "\n", "é", "€", "𝄞", "\n"][i % 6])
                .collect();
            let b = s.as_bytes();
            for from in [0, 1, 2, 7, 8, 9].into_iter().filter(|&f| f <= b.len()) {
                // From a character's start.
                if from < b.len() && (b[from] as i8) < -0x40 {
                    continue;
                }
                let t = &s[from..];
                assert_eq!(k.count_chars(b, from, b.len()), t.chars().count(), "{n}");
                assert_eq!(
                    k.count_breaks(b, from, b.len()),
                    t.matches('\n').count(),
                    "{n}"
                );
            }
        }
    }

    #[test]
    fn count_chars_counts_characters() {
        for n in 0..200 {
            for (k, c) in ["a", "é", "€", "𝄞"].iter().enumerate() {
                let s: String = (0..n)
                    .map(|i| if i % (k + 2) == 0 { *c } else { "x" })
                    .collect();
                assert_eq!(
                    count_chars(s.as_bytes(), 0, s.len()),
                    s.chars().count(),
                    "{n} {c}"
                );
            }
        }
    }

    /// A colon or an angle bracket that cannot start a URI is passed over
    /// without changing what is found around it.
    #[test]
    fn colons_and_brackets_of_prose() {
        let text = "Note: see <this> and <URL:http://a/b>, or http://c/d: done.\n\
                    A line ending in a colon:\nhttp://e/";
        assert_eq!(uris(text), ["http://a/b", "http://c/d", "http://e/"]);
        let m: Vec<_> = Extractor::new().extract(text).collect();
        assert_eq!((m[2].line(), m[2].column()), (3, 1));
    }

    #[test]
    fn delimiters_of_appendix_e() {
        assert_eq!(uris("\"http://test.com/\""), ["http://test.com/"]);
        assert_eq!(uris("<http://test.com/>"), ["http://test.com/"]);
        assert_eq!(uris("http://test.com/"), ["http://test.com/"]);
        assert_eq!(uris("<URL:http://a/b>"), ["http://a/b"]);
        assert_eq!(uris("<URL: http://a/b>"), ["http://a/b"]);
        assert_eq!(uris("<url:http://a/b>"), ["http://a/b"]);
        // `urL:` first in the brackets is the prefix, in any case: what
        // follows it (`?`) is no URI with a scheme.
        assert_eq!(uris("see <urL:?>."), Vec::<&str>::new());
        assert_eq!(uris("see http://a/b."), ["http://a/b"]);
        assert_eq!(uris("is it http://a/b?"), ["http://a/b"]);
        assert_eq!(uris("(http://a/b)"), ["http://a/b"]);
        assert_eq!(uris("http://a/(b)"), ["http://a/(b)"]);
        assert_eq!(uris("'http://a/b'"), ["http://a/b"]);
        assert_eq!(uris("http://a/b:, then"), ["http://a/b"]);
    }

    #[test]
    fn line_breaks() {
        // Whitespace inside angle brackets is removed.
        assert_eq!(uris("<http://a/\n   b/c>"), ["http://a/b/c"]);
        // The hyphen rule, with blanks around the break; the hyphen stays.
        assert_eq!(uris("http://a/long-\n   name"), ["http://a/long-name"]);
        assert_eq!(uris("http://a/long- \r\n\tname."), ["http://a/long-name"]);
        // No hyphen: the line break ends a bare URI.
        assert_eq!(uris("http://a/long\nname"), ["http://a/long"]);
        // A blank line is not a continuation.
        assert_eq!(uris("http://a/x-\n\nname"), ["http://a/x-"]);
    }

    #[test]
    fn only_uris_with_a_scheme_worth_reading() {
        assert!(uris("Note: this, ratio 3:4, at 10:30, localhost:8080/x").is_empty());
        assert_eq!(uris("mail mailto:a@b.c now"), ["mailto:a@b.c"]);
        assert_eq!(uris("urn:isbn:0451450523"), ["urn:isbn:0451450523"]);
        assert_eq!(uris("x-y://h/"), ["x-y://h/"]);
        // Invalid ones are not found. Brackets whose content is no URI are
        // read again as plain text; an unclosed '<' is not a wrapper.
        assert!(uris("<http://[x> http://a/%zz").is_empty());
        assert_eq!(uris("<http://a b%zz>"), ["http://a"]);
        assert_eq!(uris("<b>http://a/</b>"), ["http://a/"]);
        assert_eq!(uris("a<http://x/"), ["http://x/"]);
        assert!(uris("http://").is_empty());
        // The colons cut as punctuation leave no scheme (found by the
        // extract fuzz target).
        assert!(uris("\u{1}http:::\u{11}").is_empty());
        assert!(uris("see http:, or mailto:").is_empty());
    }

    #[test]
    fn positions_count_characters() {
        let found: Vec<_> = Extractor::new()
            .extract("ü\n  <x://é>\n\"http://a/\" http://b/")
            .collect();
        let got: Vec<_> = found
            .iter()
            .map(|m| (m.as_str(), m.line(), m.column()))
            .collect();
        assert_eq!(got, [("http://a/", 3, 2), ("http://b/", 3, 13)]);
        assert_eq!(found[0].span(), 15..24);
    }

    /// The parser's answer, as `Scan::valid` asks it.
    fn parsed_valid(uri: &str, dialect: Dialect) -> bool {
        UriRef::parse_with(uri, dialect).is_ok_and(|u| {
            u.scheme()
                .is_some_and(|s| !matches!(&uri[s.len() + 1..], "" | "//"))
        })
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(20_000))]

        /// `plain_valid` says what the parser says, for every string it is
        /// asked about: a scheme, then the characters of a query and `#`
        /// (at most one), with `%` only in right percent-encodings.
        #[test]
        fn plain_valid_is_the_parsers_answer(
            scheme in "[a-zA-Z][a-zA-Z0-9+.-]{0,4}",
            rest in proptest::collection::vec(
                proptest::sample::select(&[
                    "/", "//", "?", "#", ":", "@", "a", "Z", "0", "9", "-", ".", "_", "~", "!",
                    "$", "&", "'", "(", ")", "*", "+", ",", ";", "=", "%41", "%7e", "::", "@@",
                ][..]),
                0..12,
            ),
        ) {
            let mut uri = std::format!("{scheme}:{}", rest.concat());
            // At most one `#`.
            if let Some(h) = uri.find('#') {
                uri = std::format!("{}#{}", &uri[..h], uri[h + 1..].replace('#', "x"));
            }
            for d in [Dialect::Rfc3986, Dialect::Rfc3987] {
                proptest::prop_assert_eq!(
                    plain_valid(&uri, scheme.len()),
                    parsed_valid(&uri, d),
                    "{} under {:?}",
                    uri,
                    d
                );
            }
        }

        /// A window in angle brackets (RFC 3986 Appendix C), with or
        /// without `URL:` and white space around it, gives exactly what it
        /// holds when the parser takes that as a URI with a scheme, and
        /// never all of it otherwise: the scan's quick answer (characters
        /// of a query, one `#`) and the parser's agree, in every dialect.
        #[test]
        fn angle_windows_are_the_parsers_answer(
            scheme in "[a-zA-Z0-9][a-zA-Z0-9+.-]{0,3}",
            rest in proptest::collection::vec(
                proptest::sample::select(&[
                    "/", "//", "?", "#", ":", "@", "a", "0", "-", ".", "%41", "%", "%g1", "[",
                    "]", "[::1]", "|", "\"", "é", "]:80", ":99x",
                ][..]),
                0..10,
            ),
            prefix in proptest::sample::select(
                &["", " ", "URL:", "url: ", "\n ", "\u{a0}", "URL:\n\t", "\u{3000}URL:\u{a0}"][..],
            ),
            suffix in proptest::sample::select(&["", " ", "\n"][..]),
        ) {
            // A scheme `url` first in the brackets is Appendix C's `URL:`
            // prefix, which the scan strips (`<urL:?>` holds `?`, not the
            // URI `urL:?`): not generated.
            proptest::prop_assume!(!scheme.eq_ignore_ascii_case("url"));
            let uri = std::format!("{scheme}:{}", rest.concat());
            let text = std::format!("see <{prefix}{uri}{suffix}>.");
            let start = 5 + prefix.len();
            // (A scheme's colon before a character no URI holds is no
            // candidate; nor is such a string a URI.)
            for d in [Dialect::Rfc3986, Dialect::Rfc3987, Dialect::Rfc2396] {
                let whole = Extractor::new()
                    .dialect(d)
                    .extract(&text)
                    .any(|m| m.span() == (start..start + uri.len()) && m.as_str() == uri);
                proptest::prop_assert_eq!(whole, parsed_valid(&uri, d), "{} under {:?}", text, d);
            }
        }
    }

    /// Brackets are known by the scheme inside them (RFC 3986 Appendix C:
    /// the `<` and `URL:` "with or without a trailing space", white space
    /// anywhere in the URI after them): the text between a `<` and a
    /// scheme after other text is no URI, and a URI broken at its
    /// scheme's colon is not joined.
    #[test]
    fn brackets_are_known_by_the_scheme_inside() {
        assert_eq!(uris("<see http://x/>"), ["http://x/"]);
        assert!(uris("a <b c:d/e> f").is_empty());
        assert_eq!(uris("<\u{a0}http://a/\n b>"), ["http://a/b"]);
        assert_eq!(uris("<URL:\u{a0}http://a/>"), ["http://a/"]);
        assert_eq!(uris("<URL:\n  http://a/ >"), ["http://a/"]);
        assert_eq!(uris("<URL:URL:x>"), ["URL:x"]);
        assert_eq!(uris("x <<http://a/>"), ["http://a/"]);
        assert_eq!(uris("<foo:bar>"), ["foo:bar"]);
        assert!(uris("<http:\n//a/>").is_empty());
        for none in ["<URL:>", "<URL: >", "<URL:x>", "< :x>", "<:http://a/"] {
            assert_eq!(uris(none), Vec::<String>::new(), "{none:?}");
        }
        // The span is what the brackets hold after `URL:`, white space
        // and all.
        let f = Extractor::new()
            .uris("<URL: http://a/\n b >")
            .next()
            .unwrap();
        assert_eq!((f.as_str(), f.span()), ("http://a/b", 6..18));
    }

    /// The windows that the scan answers for, and those it leaves to the
    /// parser: white space inside, a `%` without two hex digits, a second
    /// `#`, an IP literal, a scheme that begins with a digit.
    #[test]
    fn angle_windows() {
        let found = uris;
        assert_eq!(found("<http://a/b?c#d>"), ["http://a/b?c#d"]);
        assert_eq!(found("< URL: http://a/ >"), ["http://a/"]);
        assert_eq!(found("<http://a/\n  b>"), ["http://a/b"]);
        assert_eq!(found("<http://[::1]/>"), ["http://[::1]/"]);
        assert_eq!(found("<http://u@h:80/>"), ["http://u@h:80/"]);
        // Refused by the parser, in the window and read bare: the run of
        // URI characters is the same (a scheme after a digit does not
        // begin after an opening character).
        for refused in [
            "<http://a/%zz>",
            "<http://a/#b#c>",
            "<http://h:8x/>",
            "<1http://a/>",
        ] {
            assert_eq!(found(refused), Vec::<String>::new(), "{refused}");
        }
    }
}
