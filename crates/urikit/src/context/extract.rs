//! Finding URIs in plain text, following the recommendations for delimiting
//! URIs in context: draft-ietf-url-syntax-00, RFC 2396 and 2396bis
//! Appendix E, and the appendix of RFC 1738.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

use crate::arch::{Blocks, Cursor, Marks};
use crate::grammar::rfc3986::{ALPHA, QUERY, SCHEME, URI_CHAR};
use crate::grammar::rfc3987::allows_char;
use crate::grammar::Ucs;
use crate::parse::scan::{char_at, scan};
use crate::{work, Dialect, UriRef};

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

/// The scan of a text for URIs, which with `LINES` also counts the line
/// breaks and notes the bytes beyond ASCII of the blocks it passes over,
/// for [`Matches::position`].
#[derive(Clone, Debug)]
struct Scan<'t, const LINES: bool> {
    x: Extractor,
    text: &'t str,
    /// Where the scan goes on.
    pos: usize,
    /// How blocks of text are classified.
    classify: Classifier,
    /// The 64-byte block the scan is in, with its marks and the `:` and
    /// `<` in it not yet taken, and what the blocks before it tell.
    at: Cursor,
    /// The next `www.` and `ftp.` at or after `pos`, once looked for
    /// (`Some(None)`: there is none).
    next_www: Option<Option<usize>>,
    next_ftp: Option<Option<usize>>,
}

impl<'t, const LINES: bool> Scan<'t, LINES> {
    fn new(x: Extractor, text: &'t str) -> Scan<'t, LINES> {
        let classify = Classifier::new();
        Scan {
            x,
            text,
            pos: 0,
            classify,
            at: Cursor::new(classify.marks_at(text.as_bytes(), 0)),
            next_www: None,
            next_ftp: None,
        }
    }

    /// The next URI.
    #[inline(always)]
    fn find(&mut self) -> Option<Found<'t>> {
        let b = self.text.as_bytes();
        while self.pos < b.len() {
            let i = self.next_trigger()?;
            // Most candidates in text are no URI's. A colon that ends a
            // word ("Note: ...", `":"`) is none (`bytes::candidates`); one
            // that follows no scheme (`a ":" b`) is passed over here,
            // before any call. A scheme after a `<` begins a URI in angle
            // brackets, read up to the `>`; if the brackets hold none, the
            // scheme may still begin a bare URI.
            let step = match b[i] {
                b':' => {
                    let Some(start) = self.scheme_before(i) else {
                        self.pos = i + 1;
                        continue;
                    };
                    let bracketed = self
                        .opened_before(start)
                        .and_then(|o| self.angle(o, start, i));
                    match bracketed {
                        Some((uri, span, resume)) => Step::Uri(uri, span, resume),
                        None => self.bare(start, i),
                    }
                }
                _ => self.abbreviated(i),
            };
            match step {
                Step::Uri(uri, span, resume) => {
                    self.pos = resume;
                    return Some(Found { uri, span });
                }
                // Never backwards: the scan is linear because every resume
                // point is past the trigger.
                Step::Skip(resume) => self.pos = resume.max(i + 1),
            }
        }
        None
    }
}

/// What a trigger gave: a URI and where the scan resumes, or only where
/// the scan resumes.
enum Step<'t> {
    Uri(Cow<'t, str>, Range<usize>, usize),
    Skip(usize),
}

/// A run of URI characters from a candidate's first character: one piece,
/// or several joined across line breaks by the hyphen rule.
struct Run {
    /// The first piece, from the candidate's first character.
    first: Range<usize>,
    /// The pieces on the following lines, if the hyphen rule joined any.
    more: Vec<Range<usize>>,
    /// Whether the pieces hold only the characters of a query (with their
    /// percent-encodings right) and at most one `#`: then whether a URI
    /// with a scheme in front is valid is [`plain_valid`]'s to say.
    plain: bool,
}

impl Run {
    /// Where the run ends in the text: everything before it has been read.
    fn end(&self) -> usize {
        self.more.last().unwrap_or(&self.first).end
    }
}

/// How the extractor classifies 64 bytes at a time ([`Marks`] of `:`, its
/// candidates, and of line breaks): the processor's [`Blocks`], chosen
/// once per text.
#[derive(Clone, Copy, Debug)]
struct Classifier {
    blocks: Blocks,
}

impl Classifier {
    /// The classifier of this processor.
    fn new() -> Classifier {
        Classifier {
            blocks: Blocks::new(),
        }
    }

    /// Moves `c` from its block to the next one that holds a candidate, or
    /// to the text's last block, counting in what the blocks between hold.
    ///
    /// Without `LINES` the count of line breaks and the notes of bytes
    /// beyond ASCII may be left out.
    #[inline]
    fn advance<const LINES: bool>(self, c: &mut Cursor, b: &[u8]) {
        let from = c.block;
        self.blocks.advance::<LINES>(c, b, b':', b'\n');
        work::add(c.block + 64 - from);
    }

    /// The characters of the UTF-8 text `b[from..to]` (see
    /// [`count_chars`]): whole blocks with a vector count where the
    /// processor has one.
    #[inline]
    fn count_chars(self, b: &[u8], from: usize, to: usize) -> usize {
        if to - from >= 64 {
            let whole = from + (to - from) / 64 * 64;
            if let Some(n) = self.blocks.count(&b[from..whole], -0x40, false) {
                return n + count_chars(b, whole, to);
            }
        }
        count_chars(b, from, to)
    }

    /// The line breaks (`\n`) of `b[from..to]`: whole blocks with a vector
    /// count where the processor has one, the rest eight bytes at a time.
    #[inline]
    fn count_breaks(self, b: &[u8], mut from: usize, to: usize) -> usize {
        let mut n = 0;
        if to - from >= 64 {
            let whole = from + (to - from) / 64 * 64;
            if let Some(k) = self.blocks.count(&b[from..whole], b'\n' as i8, true) {
                n = k;
                from = whole;
            }
        }
        n + count_words(b, from, to, |w| {
            crate::bytes::zero_bytes(w ^ (ONES * u64::from(b'\n')))
        })
    }

    /// The marks of the 64 bytes of `b` from `at` (a multiple of 64, at
    /// most the text's length). The last block is padded with zero bytes.
    #[inline]
    fn marks_at(self, b: &[u8], at: usize) -> Marks {
        work::add(64);
        self.blocks.marks_at(b, at, b':', b'\n')
    }
}

/// Whether `name`, before a colon, is the `URL:` prefix of a URI in
/// angle brackets (any case), which is not part of the URI.
fn url_prefix(name: &[u8]) -> bool {
    name.eq_ignore_ascii_case(b"URL")
}

/// Whether `c`, a character beyond ASCII, ends a bare IRI (see
/// [`Extractor`]): white space, and the punctuation that delimits words
/// in text written without spaces.
fn delimits(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '。' | '、'
                | '，'
                | '．'
                | '！'
                | '？'
                | '：'
                | '；'
                | '…'
                | '（'
                | '）'
                | '「'
                | '」'
                | '『'
                | '』'
                | '【'
                | '】'
                | '〈'
                | '〉'
                | '《'
                | '》'
                | '〔'
                | '〕'
                | '“'
                | '”'
                | '‘'
                | '’'
                | '«'
                | '»'
        )
}

/// Whether a URI may begin right after byte `c`: anything that cannot be
/// part of a URI, an opening `(`, `[` or `'`, or the `*` or `_` of
/// Markdown emphasis (`**http://x/**`, `_http://x/_`).
fn opens(c: u8) -> bool {
    !URI_CHAR.allows(c) || matches!(c, b'(' | b'[' | b'\'' | b'*' | b'_')
}

impl<'t, const LINES: bool> Scan<'t, LINES> {
    /// The next candidate `:` at or after `pos`, from the blocks' masks.
    #[inline]
    fn next_delim(&mut self) -> Option<usize> {
        let (n, pos) = (self.text.len(), self.pos);
        let b = self.text.as_bytes();
        while self.at.block + 64 <= pos {
            self.at.step(|next| self.classify.marks_at(b, next));
        }
        // pos - block < 64 here. (The scan for `www.` may have left `pos`
        // before the block, which then has no candidate before `pos`.)
        let at = &mut self.at;
        at.triggers &= !0 << pos.saturating_sub(at.block);
        if at.triggers == 0 {
            if at.block + 64 >= n {
                return None;
            }
            self.classify.advance::<LINES>(at, b);
            if at.triggers == 0 {
                return None;
            }
        }
        Some(at.block + at.triggers.trailing_zeros() as usize)
    }

    /// The next candidate `:` (or, for abbreviated URIs, `w`/`f` starting
    /// `www.`/`ftp.`) at or after `pos`.
    #[inline]
    fn next_trigger(&mut self) -> Option<usize> {
        let colon_or_angle = self.next_delim();
        if !self.x.abbreviated {
            return colon_or_angle;
        }
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
                let found = find(&text[pos..]);
                work::add(found.map_or(text.len() - pos, |p| p + 1));
                *cached = Some(found.map(|p| pos + p));
            }
            cached.flatten()
        };
        let www = refresh(&mut self.next_www, &|b| memchr::memmem::find(b, b"www."));
        let ftp = refresh(&mut self.next_ftp, &|b| memchr::memmem::find(b, b"ftp."));
        let abbrev = match (www, ftp) {
            (Some(a), Some(c)) => Some(a.min(c)),
            (a, c) => a.or(c),
        };
        match (colon_or_angle, abbrev) {
            (Some(a), Some(c)) => Some(a.min(c)),
            (a, c) => a.or(c),
        }
    }

    /// Where the `<` is that opens a URI in angle brackets whose scheme
    /// begins at `start`: right before the scheme, or before white space,
    /// or before `URL:` and white space (RFC 3986 Appendix C: the prefix
    /// "with or without a trailing space"), none of which reaches back
    /// before `pos`. Inlined in the scan: most schemes follow ASCII white
    /// space and a letter, and the bytes say so at once.
    #[inline(always)]
    fn opened_before(&self, start: usize) -> Option<usize> {
        let (b, pos) = (self.text.as_bytes(), self.pos);
        let mut k = start;
        while k > pos && matches!(b[k - 1], b' ' | b'\t'..=b'\r') {
            k -= 1;
        }
        work::add(start - k);
        match b[..k].last() {
            _ if k <= pos => None,
            Some(b'<') => Some(k - 1),
            Some(b':' | 0x80..) => self.opened_before_prefix(start),
            _ => None,
        }
    }

    /// [`opened_before`](Self::opened_before) where a colon (of `URL:`?)
    /// or a byte beyond ASCII (of white space such as U+00A0 NO-BREAK
    /// SPACE, common in converted documents?) comes before the scheme and
    /// the ASCII white space before it.
    #[inline(never)]
    fn opened_before_prefix(&self, start: usize) -> Option<usize> {
        let (b, pos) = (self.text.as_bytes(), self.pos);
        let blanks_before = |at: usize| {
            let k = pos + self.text[pos..at].trim_end().len();
            work::add(at - k);
            k
        };
        let mut k = blanks_before(start);
        if k >= pos + 4 && b[k - 1] == b':' && url_prefix(&b[k - 4..k - 1]) {
            k = blanks_before(k - 4);
        }
        (k > pos && b[k - 1] == b'<').then(|| k - 1)
    }

    /// The URI in the angle brackets opened at `open`, whose first scheme
    /// begins at `start` with its colon at `colon` (see
    /// [`opened_before`](Self::opened_before)), if they hold one, with
    /// its span and where the scan resumes: after the `>`. The brackets
    /// end at the first `>`; a `<` before it opens no URI. A `URL:`
    /// prefix and the white space after it are left out (the URI's
    /// scheme is the one after them), and so is all white space: a URI
    /// broken across lines comes out whole. Between `open` and the colon
    /// there is no `<` or `>`.
    fn angle(
        &self,
        open: usize,
        start: usize,
        colon: usize,
    ) -> Option<(Cow<'t, str>, Range<usize>, usize)> {
        let text = self.text;
        let b = text.as_bytes();
        // The URI begins at the scheme, or after `URL:` and white space
        // (which end before the `>`, if there is one).
        let prefixed = url_prefix(&b[start..colon]);
        let first = match prefixed {
            true => {
                let rest = text[colon + 1..].trim_start();
                work::add(text.len() - rest.len() - (colon + 1));
                text.len() - rest.len()
            }
            false => start,
        };
        // Most brackets hold a URI as it is: a scheme and a plain run (as
        // `bare` reads them) that the `>` ends. Then `plain_valid` says
        // whether it is valid.
        if self.plain_dialect() {
            let scheme_end = match prefixed {
                true => scan(b, first, &SCHEME),
                false => colon,
            };
            if b.get(first).is_some_and(|&c| ALPHA.allows(c)) && b.get(scheme_end) == Some(&b':') {
                let run = self.run(first);
                let end = run.first.end;
                if run.plain && run.more.is_empty() && b.get(end) == Some(&b'>') {
                    let uri = &text[first..end];
                    return plain_valid(uri, scheme_end - first)
                        .then(|| (Cow::Borrowed(uri), first..end, end + 1));
                }
            }
        }
        // The brackets end at the first '>' after the colon; a '<' before
        // it opens others.
        let close = match memchr::memchr2(b'>', b'<', &b[colon..]) {
            Some(p) if b[colon + p] == b'>' => colon + p,
            found => {
                work::add(found.map_or(b.len() - colon, |p| p + 1));
                return None;
            }
        };
        work::add(close - open);
        let raw = text[first..close].trim_end();
        let end = first + raw.len();
        // Only a URI with a scheme is extracted (after `URL:` there may be
        // none): without a ':' there is nothing to validate.
        memchr::memchr(b':', raw.as_bytes())?;
        // All white space, ASCII or not.
        // (Bytes first: white space is at most a space or beyond ASCII.)
        let uri: Cow<'t, str> = if raw.bytes().any(|c| c <= b' ' || c >= 0x80)
            && raw.chars().any(char::is_whitespace)
        {
            Cow::Owned(raw.split(char::is_whitespace).collect::<String>())
        } else {
            Cow::Borrowed(raw)
        };
        self.valid(&uri).then(|| (uri, first..end, close + 1))
    }

    /// The length of the character at `i` if it can be part of a bare IRI
    /// beyond ASCII (only under RFC 3987): a `ucschar` or `iprivate` that
    /// does not [delimit](delimits) words; 0 otherwise.
    #[inline]
    fn ucs_len(&self, i: usize) -> usize {
        // ASCII, or any other dialect: nothing to decode.
        if self.x.dialect != Dialect::Rfc3987
            || self.text.as_bytes().get(i).is_none_or(|&c| c < 0x80)
        {
            return 0;
        }
        self.ucs_char_len(i)
    }

    /// [`ucs_len`](Self::ucs_len) of a character beyond ASCII.
    #[cold]
    fn ucs_char_len(&self, i: usize) -> usize {
        match char_at(self.text.as_bytes(), i) {
            Some((c, n))
                if allows_char(Ucs::CharsAndPrivate, c)
                    && !char::from_u32(c).is_some_and(delimits) =>
            {
                n
            }
            _ => 0,
        }
    }

    /// Where the scheme before the `:` at `i` begins: back over the
    /// scheme's characters (never before `pos`: each byte is backed over
    /// once), eight bytes at a time, then on to its first letter. `None`
    /// if there is no letter, or if the character before the scheme does
    /// not [open](opens) a URI. Inlined in the scan, before any call: most
    /// colons that reach it in prose (times, `10:30`) have none.
    #[inline(always)]
    fn scheme_before(&self, i: usize) -> Option<usize> {
        let b = self.text.as_bytes();
        // No scheme character before the colon (ABNF's `":"`): nothing to
        // back over.
        if i <= self.pos || !SCHEME.allows(b[i - 1]) {
            return None;
        }
        let mut start = i;
        while let Some(w) = start.checked_sub(8).filter(|&w| w >= self.pos) {
            let word = u64::from_le_bytes(b[w..start].try_into().unwrap_or_default());
            // The last byte of the word is the highest: the scheme's
            // characters are those above the highest other one.
            let others = !scheme_chars(word) & TOPS;
            start -= others.leading_zeros() as usize / 8;
            if others != 0 {
                break;
            }
        }
        if start < self.pos + 8 {
            while start > self.pos && SCHEME.allows(b[start - 1]) {
                start -= 1;
            }
        }
        work::add(i - start);
        while start < i && !ALPHA.allows(b[start]) {
            start += 1;
        }
        (start < i && (start == 0 || opens(b[start - 1]))).then_some(start)
    }

    /// A bare URI around the `:` at `i`, whose scheme begins at `start`.
    fn bare(&self, start: usize, i: usize) -> Step<'t> {
        let skip = Step::Skip(i + 1);
        let b = self.text.as_bytes();
        // Most colons in prose end a word ("Note: ..."). With no URI
        // character after it, the run would end at the ':', which is then
        // dropped as punctuation, leaving no scheme: nothing to find.
        if !b.get(i + 1).is_some_and(|&c| URI_CHAR.allows(c)) && self.ucs_len(i + 1) == 0 {
            return skip;
        }
        if !self.worth_reading(start, i) {
            return skip;
        }
        let run = self.run(start);
        let quick = run.plain && self.plain_dialect();
        let valid = |uri: &str| match quick {
            true => plain_valid(uri, i - start),
            false => self.valid(uri),
        };
        match self.cut_valid(&run, valid) {
            Some((uri, span, resume)) => Step::Uri(uri, span, resume),
            None => Step::Skip(run.end()),
        }
    }

    /// Whether the dialect's grammar is RFC 3986's (or RFC 3987's, the
    /// same for ASCII), for which [`plain_valid`] answers.
    fn plain_dialect(&self) -> bool {
        matches!(self.x.dialect, Dialect::Rfc3986 | Dialect::Rfc3987)
    }

    /// Whether the scheme `text[start..colon]` makes a bare URI worth
    /// reading: followed by `//`, or one the registry knows, or `urn`.
    fn worth_reading(&self, start: usize, colon: usize) -> bool {
        let scheme = &self.text[start..colon];
        self.text.as_bytes()[colon + 1..].starts_with(b"//")
            || crate::scheme::lookup(scheme).is_some()
            || scheme.eq_ignore_ascii_case("urn")
    }

    /// An abbreviated URI starting with `www.` or `ftp.` at `i`.
    fn abbreviated(&self, i: usize) -> Step<'t> {
        let b = self.text.as_bytes();
        if i > 0 && !opens(b[i - 1]) {
            return Step::Skip(i + 1);
        }
        let run = self.run(i);
        let mut guessed = None;
        let found = self.cut_valid(&run, |uri| match crate::guess(uri) {
            Some(g) if self.valid(&g) => {
                guessed = Some(g);
                true
            }
            _ => false,
        });
        match (found, guessed) {
            (Some((_, span, resume)), Some(g)) => Step::Uri(Cow::Owned(g), span, resume),
            _ => Step::Skip(run.end()),
        }
    }

    /// The run of URI characters from `start`, joined across a line break
    /// after a hyphen, unless the next line begins a URI of its own.
    fn run(&self, start: usize) -> Run {
        let b = self.text.as_bytes();
        // Whether the run holds nothing but what `plain_valid` needs: the
        // characters of a query (percent-encodings checked by the scan) and
        // at most one `#`.
        let mut plain = true;
        let mut hashes = 0;
        // The URI characters: those of a query, a window at a time, and
        // the others one by one.
        let mut scan = |from: usize| {
            let mut end = from;
            // A `]` belongs to a URI only when it closes the `[` of an IP
            // literal; any other ends the run, as in Markdown's `[text](url)`
            // and `[http://x/]`.
            let mut bracket = false;
            loop {
                end = scan(b, end, &QUERY);
                match b.get(end) {
                    Some(b'#') => {
                        hashes += 1;
                        end += 1;
                    }
                    // `%` not followed by two hex digits: still a URI
                    // character, which the parser will refuse.
                    Some(b'%') => {
                        plain = false;
                        end += 1;
                    }
                    Some(b'[') => {
                        plain = false;
                        bracket = true;
                        end += 1;
                    }
                    Some(b']') if bracket => {
                        bracket = false;
                        end += 1;
                    }
                    Some(0x80..) => match self.ucs_len(end) {
                        0 => break,
                        n => {
                            plain = false;
                            end += n;
                        }
                    },
                    _ => break,
                }
            }
            end
        };
        let first = start..scan(start);
        let mut more = Vec::new();
        let mut piece = first.clone();
        // The hyphen rule: "-", blanks, a line break, blanks.
        while piece.end > piece.start && b[piece.end - 1] == b'-' {
            match self.continuation(piece.end) {
                Some(n) => {
                    piece = n..scan(n);
                    more.push(piece.clone());
                }
                None => break,
            }
        }
        Run {
            first,
            more,
            plain: plain && hashes <= 1,
        }
    }

    /// The candidate the run gives (trailing punctuation left out), if
    /// `accept` takes it, and where the scan resumes: after it. If not,
    /// and the hyphen rule joined lines, the first line's part alone (the
    /// specifications say the hyphen "may or may not" be part of the URI);
    /// the lines joined to it were read as part of a rejected candidate, so
    /// the scan resumes after them. Each text is read at most twice.
    fn cut_valid(
        &self,
        run: &Run,
        mut accept: impl FnMut(&str) -> bool,
    ) -> Option<(Cow<'t, str>, Range<usize>, usize)> {
        if let Some((uri, span)) = self.cut(run.first.clone(), &run.more) {
            if accept(&uri) {
                let resume = span.end.max(run.first.start + 1);
                return Some((uri, span, resume));
            }
        }
        if run.more.is_empty() {
            return None;
        }
        let (uri, span) = self.cut(run.first.clone(), &[])?;
        accept(&uri).then_some((uri, span, run.end()))
    }

    /// The text of the `first` piece and the joined pieces `more` (none
    /// when the text is one piece), without trailing sentence punctuation
    /// and a `)` without its `(`; `None` if nothing is left, or if a letter
    /// outside ASCII follows (the word is longer than the URI: an IRI,
    /// which is not extracted).
    #[inline]
    fn cut(
        &self,
        first: Range<usize>,
        more: &[Range<usize>],
    ) -> Option<(Cow<'t, str>, Range<usize>)> {
        let b = self.text.as_bytes();
        // Most runs are one piece that ends in none of the characters cut
        // from its end, before ASCII or the text's end: the run as it is.
        if more.is_empty()
            && first.start < first.end
            && !matches!(
                b[first.end - 1],
                b'.' | b',' | b';' | b':' | b'!' | b'?' | b'\'' | b'*' | b'_' | b')'
            )
            && b.get(first.end).is_none_or(|&c| c < 0x80)
        {
            return Some((Cow::Borrowed(&self.text[first.clone()]), first));
        }
        self.cut_slowly(first, more)
    }

    /// [`cut`](Self::cut) for every run.
    #[inline(never)]
    fn cut_slowly(
        &self,
        first: Range<usize>,
        more: &[Range<usize>],
    ) -> Option<(Cow<'t, str>, Range<usize>)> {
        let text = self.text;
        let b = text.as_bytes();
        let end = more.last().unwrap_or(&first).end;
        let iri = self.x.dialect == Dialect::Rfc3987;
        // A letter beyond ASCII right after the run makes the word longer
        // than the URI (an IRI, which only the IRI dialect extracts); white
        // space beyond ASCII (U+00A0 NO-BREAK SPACE, U+3000 ...) and the
        // punctuation that delimits words end it like a space.
        if !iri
            && b.get(end).is_some_and(|&c| c >= 0x80)
            && !text[end..].chars().next().is_some_and(delimits)
        {
            return None;
        }
        let start = first.start;
        let pieces = more;
        let last_start = pieces.last().map_or(start, |p| p.start);
        let all = core::iter::once(first).chain(pieces.iter().cloned());
        // The parentheses are counted once, when a ')' ends the run; each
        // ')' dropped is one fewer.
        let mut parens: Option<(usize, usize)> = None;
        let count_parens = || {
            all.clone().fold((0, 0), |(open, close), r| {
                let r = &b[r];
                work::add(r.len());
                let n = |x: u8| count_bytes(r, |c| u8::from(c == x));
                (open + n(b'('), close + n(b')'))
            })
        };
        // Markdown emphasis around the URI (`**http://x/**`, `_http://x/_`).
        let starred = start > 0 && b[start - 1] == b'*';
        let underscored = start > 0 && b[start - 1] == b'_';
        let mut last = end;
        while last > last_start {
            match b[last - 1] {
                b'.' | b',' | b';' | b':' | b'!' | b'?' | b'\'' => last -= 1,
                b'*' if starred => last -= 1,
                b'_' if underscored => last -= 1,
                b')' => match parens.get_or_insert_with(count_parens) {
                    (open, close) if *close > *open => {
                        *close -= 1;
                        last -= 1;
                    }
                    _ => break,
                },
                _ => break,
            }
        }
        work::add(end - last);
        let uri: Cow<'t, str> = if pieces.is_empty() {
            Cow::Borrowed(&text[start..last])
        } else {
            let mut s = String::new();
            let mut all = all.peekable();
            while let Some(r) = all.next() {
                let r_end = if all.peek().is_none() { last } else { r.end };
                s.push_str(&text[r.start..r_end]);
            }
            Cow::Owned(s)
        };
        (!uri.is_empty()).then_some((uri, start..last))
    }

    /// After a hyphen ending at `end`: where the URI goes on if only
    /// blanks, one line break and blanks follow, and then a URI character
    /// that does not begin a URI of its own (a scheme with `//` or one the
    /// registry knows, `<`, or with abbreviated forms `www.` or `ftp.`):
    /// a line that starts with a URI starts a new one.
    fn continuation(&self, end: usize) -> Option<usize> {
        let b = self.text.as_bytes();
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
        work::add(i - end);
        if i >= b.len() || !URI_CHAR.allows(b[i]) && self.ucs_len(i) == 0 {
            return None;
        }
        let mut colon = i;
        while colon < b.len() && SCHEME.allows(b[colon]) {
            colon += 1;
        }
        let scheme_starts = ALPHA.allows(b[i]) && b.get(colon) == Some(&b':');
        let starts_uri = (scheme_starts && self.worth_reading(i, colon))
            || (self.x.abbreviated && (b[i..].starts_with(b"www.") || b[i..].starts_with(b"ftp.")));
        (!starts_uri).then_some(i)
    }

    /// Valid under the dialect, with a scheme and something after it other
    /// than a bare `//`. (Kept out of the scan's loops: inlined into
    /// both, `extract` lost 2%.)
    #[inline(never)]
    fn valid(&self, uri: &str) -> bool {
        UriRef::parse_with(uri, self.x.dialect).is_ok_and(|u| {
            u.scheme()
                .is_some_and(|s| !matches!(&uri[s.len() + 1..], "" | "//"))
        })
    }
}

impl<'t> Matches<'t> {
    /// The line and column (in characters, from 1) of byte `at` (at or
    /// after the previous match's): the line from the current block's
    /// marks where `at` is in it, the column counting only the bytes since
    /// the previous match, so that the whole scan counts each byte a
    /// bounded number of times.
    fn position(&mut self, at: usize) -> (usize, usize) {
        let b = self.scan.text.as_bytes();
        let scan = &mut self.scan;
        let at = at.max(self.counted);
        // The block's line breaks before `at`, where `at` is in the block.
        let below = match at.checked_sub(scan.at.block) {
            Some(k @ 0..64) => Some(scan.at.marks.third & ((1u64 << k) - 1)),
            _ => None,
        };
        self.line_breaks = match below {
            Some(m) => scan.at.lines + m.count_ones() as usize,
            // Before the block (a scheme begun in an earlier one, or an
            // abbreviated URI found before the next `:`) or past it (white
            // space after a `<`): the breaks since the previous match.
            None => self.line_breaks + scan.classify.count_breaks(b, self.counted, at),
        };
        // The last line break before `at`: the block's last one before it,
        // else the one the blocks before left (placed now if the scan
        // passed it over), else searched for back to the previous match.
        let last = match below {
            Some(m) if m != 0 => Some(scan.at.block + 63 - m.leading_zeros() as usize),
            Some(_) => {
                if let Some((from, to)) = scan.at.unplaced.take() {
                    let p = memchr::memrchr(b'\n', &b[from..to]).map_or(from, |p| from + p);
                    work::add(to - p);
                    scan.at.line_start = p + 1;
                }
                scan.at.line_start.checked_sub(1)
            }
            None => memchr::memrchr(b'\n', &b[self.counted..at]).map(|p| self.counted + p),
        }
        .filter(|&p| p >= self.counted);
        work::add(at - self.counted);
        // Characters from `from` to `at`: bytes, where `at` is in the block,
        // the text before the block is ASCII from `from` on, and the
        // block's marks show no byte beyond ASCII before `at`.
        let chars = |from: usize| match at.checked_sub(scan.at.block) {
            Some(k @ 0..64)
                if from >= scan.at.ascii_from
                    && scan.at.marks.high
                        & ((1u64 << k) - (1u64 << from.saturating_sub(scan.at.block)))
                        == 0 =>
            {
                at - from
            }
            _ => scan.classify.count_chars(b, from, at),
        };
        match last {
            Some(p) => self.column = chars(p + 1),
            None => self.column += chars(self.counted),
        }
        self.counted = at;
        (self.line_breaks + 1, self.column + 1)
    }
}

/// Whether `uri`, whose first `colon` bytes are a scheme (a letter, then
/// letters, digits, `+`, `-` and `.`) and which holds nothing but the
/// characters of a query (`pchar`, `/` and `?`, RFC 3986 section 3.4;
/// percent-encodings right) and at most one `#`, is a URI that
/// [`valid`](Scan::valid) accepts, without the parser. Of Appendix A's
/// rules for such a string only the authority's can fail: after `//`, up
/// to the first `/`, `?` or `#`, a `userinfo` holds no `@` and a port only
/// digits (`authority = [ userinfo "@" ] host [ ":" port ]`, and a
/// `reg-name` holds neither `:` nor `@`). A path of any of these
/// characters is valid after a scheme (`path-abempty` after an authority,
/// `path-absolute` or `path-rootless` without one: a colon is only
/// restricted in a relative reference's first segment), and so are a
/// query and a fragment. As `valid` requires, something other than an
/// empty string or a bare `//` follows the scheme, and the scheme's colon
/// is there (trailing punctuation cut from `http:::` leaves `http`, a
/// relative reference).
fn plain_valid(uri: &str, colon: usize) -> bool {
    let Some(rest) = uri.as_bytes().get(colon + 1..) else {
        return false;
    };
    if rest.is_empty() || rest == b"//" {
        return false;
    }
    let Some(authority) = rest.strip_prefix(b"//") else {
        return true;
    };
    // One pass over the authority: the `@`s, and whether what follows the
    // first `:` after the last `@` (the port) is digits.
    let (mut ats, mut in_port, mut port_ok) = (0, false, true);
    for &c in authority {
        match c {
            b'/' | b'?' | b'#' => break,
            b'@' => (ats, in_port, port_ok) = (ats + 1, false, true),
            b':' if !in_port => in_port = true,
            c if in_port => port_ok &= c.is_ascii_digit(),
            _ => {}
        }
    }
    ats <= 1 && port_ok
}

/// The characters of UTF-8 text: its bytes other than continuation bytes
/// (`10xxxxxx`). Long texts 64 bytes at a time (in vector registers),
/// what is left eight at a time: a continuation byte is one whose top bit
/// is set and whose next bit is not.
fn count_chars(b: &[u8], from: usize, to: usize) -> usize {
    let long = from + (to - from) / 64 * 64;
    let continuation = count_words(b, long, to, |w| w & !(w << 1) & TOPS);
    count_bytes(&b[from..long], |c| u8::from((c as i8) >= -0x40)) + (to - long) - continuation
}

const ONES: u64 = 0x0101_0101_0101_0101;
const TOPS: u64 = 0x8080_8080_8080_8080;

/// The bytes of a word that [`SCHEME`] allows (letters, digits, `+`, `-`
/// and `.`, RFC 3986 section 3.1), each marked by its top bit; proven
/// equal to the table over every byte in every place by a test.
#[inline(always)]
fn scheme_chars(w: u64) -> u64 {
    // Bytes of seven bits from `lo` to `hi` (no sum leaves its byte).
    let within = |x: u64, lo: u8, hi: u8| {
        (x + ONES * u64::from(0x80 - lo)) & !(x + ONES * u64::from(0x7F - hi)) & TOPS
    };
    let low = w & !TOPS;
    // A letter in either case; or from `+` to `9` but `,` and `/`.
    let letters = within(low | (ONES * 0x20), b'a', b'z');
    let signs = within(low, b'+', b'9')
        & !crate::bytes::zero_bytes(low ^ (ONES * u64::from(b',')))
        & !crate::bytes::zero_bytes(low ^ (ONES * u64::from(b'/')));
    (letters | signs) & !w
}

/// The bytes of `b[from..to]` (a few words' worth) whose top bit `mark`
/// sets in a word: eight bytes at a time, the bits summed by a
/// multiplication (at most 8, so the top byte holds the sum); the last
/// bytes as the word of `b` that ends with them, the bytes before masked
/// off (or one at a time, at the very start of the text). `mark` must
/// mark a byte by the byte alone. One pass with `mark` inlined (two
/// passes through a `dyn` callback, the second only after a mark, took 85
/// thousand more instructions a pass over the specifications' text).
#[inline(always)]
fn count_words(b: &[u8], from: usize, to: usize, mark: impl Fn(u64) -> u64) -> usize {
    let word = |at: usize| {
        let w = &b[at..at + 8];
        u64::from_le_bytes([w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]])
    };
    let sum = |bits: u64| (((bits & TOPS) >> 7).wrapping_mul(ONES) >> 56) as usize;
    let mut n = 0;
    let mut i = from;
    while i + 8 <= to {
        n += sum(mark(word(i)));
        i += 8;
    }
    n + match to - i {
        0 => 0,
        rest if to >= 8 => sum(mark(word(to - 8)) & (!0 << (8 * (8 - rest)))),
        _ => b[i..to]
            .iter()
            .map(|&c| sum(mark(u64::from(c)) & 0x80))
            .sum(),
    }
}

/// The bytes of `s` that `is` (0 or 1, branch-free) counts, 64 at a time
/// into a byte-sized sum, which the compiler keeps in vector registers
/// (a line can be the whole text).
#[inline(always)]
fn count_bytes(s: &[u8], is: impl Fn(u8) -> u8) -> usize {
    let mut chunks = s.chunks_exact(64);
    let mut n = 0;
    for c in &mut chunks {
        // At most 64: the sum fits a byte.
        n += usize::from(c.iter().fold(0u8, |a, &x| a.wrapping_add(is(x))));
    }
    n + chunks
        .remainder()
        .iter()
        .map(|&x| usize::from(is(x)))
        .sum::<usize>()
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;
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
