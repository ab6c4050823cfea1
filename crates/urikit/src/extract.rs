//! Finding URIs in plain text, following the recommendations for delimiting
//! URIs in context: draft-ietf-url-syntax-00, RFC 2396 and 2396bis
//! Appendix E, and the appendix of RFC 1738.

use alloc::borrow::Cow;
use alloc::string::String;
use core::ops::Range;

use crate::table::{Table, ALPHA, DIGIT, URI_CHAR};
use crate::{Dialect, UriRef};

/// Finds URI references in text.
///
/// What is recognised (Appendix E of the 1996 draft, RFC 2396 and 2396bis;
/// the RFC 1738 appendix):
/// - `<URL:...>` and `<...>`: the brackets and the `URL:` prefix (with or
///   without a space after it) are not part of the URI, and all whitespace
///   inside the brackets is removed, so a URI broken across lines comes out
///   whole;
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
/// default). The scan is linear in the text: candidates are found with
/// `memchr`, and each byte is looked at a bounded number of times.
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
            x: *self,
            text,
            pos: 0,
            line: 1,
            column: 0,
            counted: 0,
            next_delim: None,
            next_www: None,
            next_ftp: None,
        }
    }
}

/// A URI found in text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match<'t> {
    uri: Cow<'t, str>,
    span: Range<usize>,
    line: usize,
    column: usize,
}

impl<'t> Match<'t> {
    /// The URI: borrowed from the text, unless whitespace had to be removed
    /// or an abbreviated form completed.
    ///
    /// ```
    /// let m = urikit::Extractor::new().extract("<http://a/\n  b>").next().unwrap();
    /// assert_eq!(m.as_str(), "http://a/b");
    /// ```
    pub fn as_str(&self) -> &str {
        &self.uri
    }

    /// The URI, owned or borrowed.
    ///
    /// ```
    /// let m = urikit::Extractor::new().extract("x http://a/ y").next().unwrap();
    /// assert!(matches!(m.into_cow(), std::borrow::Cow::Borrowed("http://a/")));
    /// ```
    pub fn into_cow(self) -> Cow<'t, str> {
        self.uri
    }

    /// The byte range of the URI in the text: from its first character
    /// (after any `<`, `URL:` or quote) to just after its last.
    ///
    /// ```
    /// let m = urikit::Extractor::new().extract("<URL: http://a/>").next().unwrap();
    /// assert_eq!(m.span(), 6..15);
    /// ```
    pub fn span(&self) -> Range<usize> {
        self.span.clone()
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
    x: Extractor,
    text: &'t str,
    /// Where the scan goes on.
    pos: usize,
    /// The line and the column (characters after the line's start) of
    /// byte `counted`, up to which the text has been counted.
    line: usize,
    column: usize,
    counted: usize,
    /// The next `:` or `<`, `www.` and `ftp.` at or after `pos`, once
    /// looked for (`Some(None)`: there is none).
    next_delim: Option<Option<usize>>,
    next_www: Option<Option<usize>>,
    next_ftp: Option<Option<usize>>,
}

impl<'t> Iterator for Matches<'t> {
    type Item = Match<'t>;

    fn next(&mut self) -> Option<Match<'t>> {
        let b = self.text.as_bytes();
        while self.pos < b.len() {
            let i = self.next_trigger()?;
            let found = match b[i] {
                b'<' => self.angle(i),
                b':' => self.bare(i),
                _ => self.abbreviated(i),
            };
            match found {
                Some((uri, span, resume)) => {
                    self.pos = resume;
                    let (line, column) = self.position(span.start);
                    return Some(Match {
                        uri,
                        span,
                        line,
                        column,
                    });
                }
                None => self.pos = i + 1,
            }
        }
        None
    }
}

/// Characters of a scheme after its first letter.
const SCHEME_REST: Table = ALPHA.or(DIGIT).or(Table::new(b"+-."));

/// Whether a URI may begin right after byte `c`: anything that cannot be
/// part of a URI, or an opening `(` or `'`.
fn opens(c: u8) -> bool {
    !URI_CHAR.allows(c) || c == b'(' || c == b'\''
}

impl<'t> Matches<'t> {
    /// The next `<` or `:` (or, for abbreviated URIs, `w`/`f` starting
    /// `www.`/`ftp.`) at or after `pos`.
    fn next_trigger(&mut self) -> Option<usize> {
        let (text, pos) = (self.text.as_bytes(), self.pos);
        // Each search result is kept until the scan passes it, so that no
        // stretch of text is searched twice.
        let refresh = |cached: &mut Option<Option<usize>>,
                       find: &dyn Fn(&[u8]) -> Option<usize>| {
            let stale = match *cached {
                None => true,
                Some(at) => at.is_some_and(|at| at < pos),
            };
            if stale {
                *cached = Some(find(&text[pos..]).map(|p| pos + p));
            }
            cached.flatten()
        };
        let colon_or_angle = refresh(&mut self.next_delim, &|b| memchr::memchr2(b':', b'<', b));
        let abbrev = if self.x.abbreviated {
            let www = refresh(&mut self.next_www, &|b| memchr::memmem::find(b, b"www."));
            let ftp = refresh(&mut self.next_ftp, &|b| memchr::memmem::find(b, b"ftp."));
            match (www, ftp) {
                (Some(a), Some(c)) => Some(a.min(c)),
                (a, c) => a.or(c),
            }
        } else {
            None
        };
        match (colon_or_angle, abbrev) {
            (Some(a), Some(c)) => Some(a.min(c)),
            (a, c) => a.or(c),
        }
    }

    /// `<...>` or `<URL:...>` opened at `i`: the URI inside, whitespace
    /// removed, and where the scan resumes.
    fn angle(&self, i: usize) -> Option<(Cow<'t, str>, Range<usize>, usize)> {
        let text = self.text;
        let b = text.as_bytes();
        // The window ends at the next '>'; a '<' before it opens another.
        let close = i + 1 + memchr::memchr2(b'>', b'<', &b[i + 1..])?;
        if b[close] != b'>' {
            return None;
        }
        let mut start = i + 1;
        let inner = &text[start..close];
        let lead = inner.len() - inner.trim_start().len();
        start += lead;
        if text[start..close]
            .get(..4)
            .is_some_and(|p| p.eq_ignore_ascii_case("URL:"))
        {
            start += 4;
            start += text[start..close].len() - text[start..close].trim_start().len();
        }
        let end = start + text[start..close].trim_end().len();
        let raw = &text[start..end];
        // Only a URI with a scheme is extracted: without a ':' there is
        // nothing to validate.
        memchr::memchr(b':', raw.as_bytes())?;
        let uri: Cow<'t, str> = if raw.bytes().any(|c| c.is_ascii_whitespace()) {
            Cow::Owned(raw.split_ascii_whitespace().collect::<String>())
        } else {
            Cow::Borrowed(raw)
        };
        if uri.is_empty() || !self.valid(&uri) {
            return None;
        }
        Some((uri, start..end, close + 1))
    }

    /// A bare URI around the `:` at `i`.
    fn bare(&self, i: usize) -> Option<(Cow<'t, str>, Range<usize>, usize)> {
        let b = self.text.as_bytes();
        // Most colons in prose end a word ("Note: ..."). With no URI
        // character after it, the run would end at the ':', which is then
        // dropped as punctuation, leaving no scheme: nothing to find.
        if !b.get(i + 1).is_some_and(|&c| URI_CHAR.allows(c)) {
            return None;
        }
        // Back over the scheme.
        let mut start = i;
        while start > self.pos && SCHEME_REST.allows(b[start - 1]) {
            start -= 1;
        }
        while start < i && !ALPHA.allows(b[start]) {
            start += 1;
        }
        if start == i || (start > 0 && !opens(b[start - 1])) {
            return None;
        }
        let scheme = &self.text[start..i];
        let slashes = b[i + 1..].starts_with(b"//");
        let known = crate::scheme::lookup(scheme).is_some() || scheme.eq_ignore_ascii_case("urn");
        if !slashes && !known {
            return None;
        }
        self.run(start).filter(|(uri, _, _)| self.valid(uri))
    }

    /// An abbreviated URI starting with `www.` or `ftp.` at `i`.
    fn abbreviated(&self, i: usize) -> Option<(Cow<'t, str>, Range<usize>, usize)> {
        let b = self.text.as_bytes();
        if i > 0 && !opens(b[i - 1]) {
            return None;
        }
        let (uri, span, resume) = self.run(i)?;
        let guessed = crate::guess(&uri)?;
        if !self.valid(&guessed) {
            return None;
        }
        Some((Cow::Owned(guessed), span, resume))
    }

    /// The run of URI characters from `start` (joined across a line break
    /// after a hyphen), without trailing punctuation, if valid.
    fn run(&self, start: usize) -> Option<(Cow<'t, str>, Range<usize>, usize)> {
        let text = self.text;
        let b = text.as_bytes();
        let mut end = start;
        let mut joined: Option<String> = None;
        let mut piece_start = start;
        loop {
            while end < b.len() && URI_CHAR.allows(b[end]) {
                end += 1;
            }
            // The hyphen rule: "-", blanks, a line break, blanks.
            let next = (end > piece_start && b[end - 1] == b'-')
                .then(|| continuation(b, end))
                .flatten();
            match next {
                Some(n) => {
                    joined
                        .get_or_insert_with(String::new)
                        .push_str(&text[piece_start..end]);
                    piece_start = n;
                    end = n;
                }
                None => break,
            }
        }
        // Trailing sentence punctuation, and a ')' without its '('. The
        // parentheses are counted once; each ')' dropped is one fewer.
        let all = joined.as_deref().map_or(&b""[..], str::as_bytes);
        let count = |c: u8| {
            all.iter()
                .chain(&b[piece_start..end])
                .filter(|&&x| x == c)
                .count()
        };
        let (open, mut close) = (count(b'('), count(b')'));
        let mut last = end;
        while last > piece_start {
            match b[last - 1] {
                b'.' | b',' | b';' | b':' | b'!' | b'?' | b'\'' => last -= 1,
                b')' if close > open => {
                    close -= 1;
                    last -= 1;
                }
                _ => break,
            }
        }
        let uri: Cow<'t, str> = match joined {
            Some(mut s) => {
                s.push_str(&text[piece_start..last]);
                Cow::Owned(s)
            }
            None => Cow::Borrowed(&text[start..last]),
        };
        // A URI followed by a letter outside ASCII is part of a longer word
        // (an IRI, which is not extracted).
        if b.get(end).is_some_and(|&c| c >= 0x80) || uri.is_empty() {
            return None;
        }
        Some((uri, start..last, last.max(start + 1)))
    }

    /// Valid under the dialect, with a scheme and something after it other
    /// than a bare `//`.
    fn valid(&self, uri: &str) -> bool {
        UriRef::parse_with(uri, self.x.dialect).is_ok_and(|u| {
            u.scheme()
                .is_some_and(|s| !matches!(&uri[s.len() + 1..], "" | "//"))
        })
    }

    /// The line and column (in characters, from 1) of byte `at`, counting
    /// only the bytes since the previous match, so that the whole scan
    /// counts each byte once.
    fn position(&mut self, at: usize) -> (usize, usize) {
        let b = self.text.as_bytes();
        let at = at.max(self.counted);
        let seg = &b[self.counted..at];
        let chars = count_chars;
        match memchr::memrchr(b'\n', seg) {
            Some(last) => {
                self.line += memchr::memchr_iter(b'\n', seg).count();
                self.column = chars(&seg[last + 1..]);
            }
            None => self.column += chars(seg),
        }
        self.counted = at;
        (self.line, self.column + 1)
    }
}

/// The characters of UTF-8 text: its bytes other than continuation bytes
/// (`10xxxxxx`). Counted 64 bytes at a time into a byte-sized sum, which
/// the compiler keeps in vector registers (a line can be the whole text).
fn count_chars(s: &[u8]) -> usize {
    let starts = |c: &u8| u8::from((*c as i8) >= -0x40);
    let mut chunks = s.chunks_exact(64);
    let mut n = 0;
    for c in &mut chunks {
        // At most 64: the sum fits a byte.
        n += usize::from(c.iter().map(starts).fold(0u8, u8::wrapping_add));
    }
    n + chunks
        .remainder()
        .iter()
        .map(starts)
        .map(usize::from)
        .sum::<usize>()
}

/// After a hyphen ending at `end`: where the URI goes on if only blanks, one
/// line break and blanks follow, and then a URI character.
fn continuation(b: &[u8], end: usize) -> Option<usize> {
    let blank = |c: &u8| *c == b' ' || *c == b'\t';
    let mut i = end;
    while i < b.len() && blank(&b[i]) {
        i += 1;
    }
    if b.get(i) == Some(&b'\r') {
        i += 1;
    }
    if b.get(i) != Some(&b'\n') {
        return None;
    }
    i += 1;
    while i < b.len() && blank(&b[i]) {
        i += 1;
    }
    (i < b.len() && URI_CHAR.allows(b[i])).then_some(i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::rust_2021::{ToOwned, Vec};

    fn uris(text: &str) -> Vec<String> {
        Extractor::new()
            .extract(text)
            .map(|m| m.as_str().to_owned())
            .collect()
    }

    /// Columns are in characters: the chunked count agrees with `chars()`
    /// on texts of every length around the chunk size, with multi-byte
    /// characters anywhere.
    #[test]
    fn count_chars_counts_characters() {
        for n in 0..200 {
            for (k, c) in ["a", "é", "€", "𝄞"].iter().enumerate() {
                let s: String = (0..n)
                    .map(|i| if i % (k + 2) == 0 { *c } else { "x" })
                    .collect();
                assert_eq!(count_chars(s.as_bytes()), s.chars().count(), "{n} {c}");
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
}
