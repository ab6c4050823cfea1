//! Finding URIs in plain text, following the recommendations for delimiting
//! URIs in context: draft-ietf-url-syntax-00, RFC 2396 and 2396bis
//! Appendix E, and the appendix of RFC 1738.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

use crate::bytes::Marks;
use crate::grammar::rfc3986::{ALPHA, DIGIT, QUERY, URI_CHAR};
use crate::grammar::rfc3987::allows_char;
use crate::grammar::{Table, Ucs};
use crate::parse::scan::{char_at, scan};
use crate::{work, Dialect, UriRef};

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
/// default). Under [`Rfc3987`](Dialect::Rfc3987) IRIs are found: a run
/// goes on over the characters beyond ASCII that RFC 3987 section 2.2
/// allows (`ucschar`, and `iprivate`), except those that delimit words in
/// text written without spaces: Unicode white space (U+3000 IDEOGRAPHIC
/// SPACE is a `ucschar`), the ideographic and full-width sentence marks
/// (`。`, `、`, `，`, `！`, `？` ...), brackets (`「」`, `（）`, `【】` ...)
/// and quotation marks (`“”`, `‘’`, `«»`). Like a space in a URI, such a
/// character in an IRI must be percent-encoded to be found.
///
/// The scan is linear in the text: the candidates (`:` and `<`) and the
/// line breaks of each 64 bytes are found at once, as two bit masks, and
/// each byte is looked at a bounded number of times.
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
        let classify = Classifier::new();
        let marks = classify.marks_at(text.as_bytes(), 0);
        Matches {
            x: *self,
            text,
            pos: 0,
            classify,
            block: 0,
            triggers: marks.either,
            marks,
            lines: 0,
            line_breaks: 0,
            column: 0,
            counted: 0,
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
    /// How blocks of text are classified.
    classify: Classifier,
    /// The 64-byte block the scan is in (its offset, a multiple of 64),
    /// its marks, the `:` and `<` in it not yet taken (bit `k` for byte
    /// `block + k`), and the line breaks before it.
    block: usize,
    marks: Marks,
    triggers: u64,
    lines: usize,
    /// The line breaks before byte `counted` and its column (characters
    /// after the line's start): up to there lines and columns have been
    /// counted.
    line_breaks: usize,
    column: usize,
    counted: usize,
    /// The next `www.` and `ftp.` at or after `pos`, once looked for
    /// (`Some(None)`: there is none).
    next_www: Option<Option<usize>>,
    next_ftp: Option<Option<usize>>,
}

impl<'t> Iterator for Matches<'t> {
    type Item = Match<'t>;

    fn next(&mut self) -> Option<Match<'t>> {
        let b = self.text.as_bytes();
        while self.pos < b.len() {
            let i = self.next_trigger()?;
            let step = match b[i] {
                b'<' => self.angle(i),
                b':' => self.bare(i),
                _ => self.abbreviated(i),
            };
            match step {
                Step::Found(uri, span, resume) => {
                    self.pos = resume;
                    let (line, column) = self.position(span.start);
                    return Some(Match {
                        uri,
                        span,
                        line,
                        column,
                    });
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
    Found(Cow<'t, str>, Range<usize>, usize),
    Skip(usize),
}

/// A run of URI characters from a candidate's first character: one piece,
/// or several joined across line breaks by the hyphen rule.
struct Run {
    /// The first piece, from the candidate's first character.
    first: Range<usize>,
    /// The pieces on the following lines, if the hyphen rule joined any.
    more: Vec<Range<usize>>,
}

impl Run {
    /// Where the run ends in the text: everything before it has been read.
    fn end(&self) -> usize {
        self.more.last().unwrap_or(&self.first).end
    }
}

/// How the extractor classifies 64 bytes at a time ([`Marks`] of `:` or
/// `<`, its candidates, and of line breaks): with AVX2 where the processor
/// has it, chosen once per text.
#[derive(Clone, Copy, Debug)]
struct Classifier {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2", not(urikit_portable)))]
    avx2: Option<crate::parse::simd::Avx2>,
}

impl Classifier {
    /// The classifier of this processor.
    fn new() -> Classifier {
        Classifier {
            #[cfg(all(target_arch = "x86_64", target_feature = "sse2", not(urikit_portable)))]
            avx2: crate::parse::simd::Avx2::detect(),
        }
    }

    /// The first block from `at` (a multiple of 64) that holds a
    /// candidate, or the text's last block: its offset, its marks, and the
    /// line breaks of the blocks before it from `at`.
    #[inline]
    fn seek(self, b: &[u8], mut at: usize) -> (usize, Marks, usize) {
        let mut breaks = 0;
        // Blocks without a candidate, many at a time.
        #[cfg(all(target_arch = "x86_64", target_feature = "sse2", not(urikit_portable)))]
        if let Some(k) = self.avx2 {
            let (to, n) = k.skip64(b, at, b':', b'<', b'\n');
            work::add(to - at);
            (at, breaks) = (to, n);
        }
        loop {
            let m = self.marks_at(b, at);
            if m.either != 0 || at + 64 >= b.len() {
                return (at, m, breaks);
            }
            breaks += m.thirds as usize;
            at += 64;
        }
    }

    /// The marks of the 64 bytes of `b` from `at` (a multiple of 64, at
    /// most the text's length). The last block is padded with zero bytes.
    #[inline]
    fn marks_at(self, b: &[u8], at: usize) -> Marks {
        work::add(64);
        let marks = |c: &[u8; 64]| {
            #[cfg(all(target_arch = "x86_64", target_feature = "sse2", not(urikit_portable)))]
            return match self.avx2 {
                Some(k) => k.marks64(c, b':', b'<', b'\n'),
                None => crate::parse::simd::sse2_marks64(c, b':', b'<', b'\n'),
            };
            #[cfg(not(all(
                target_arch = "x86_64",
                target_feature = "sse2",
                not(urikit_portable)
            )))]
            return crate::bytes::marks64_portable(c, b':', b'<', b'\n');
        };
        match b.get(at..).and_then(|r| r.first_chunk::<64>()) {
            Some(c) => marks(c),
            None => {
                let rest = b.get(at..).unwrap_or_default();
                let mut c = [0; 64];
                c[..rest.len()].copy_from_slice(rest);
                marks(&c)
            }
        }
    }
}

/// The line breaks (`\n`) of `b`, counted as [`count_chars`] counts.
fn count_breaks(b: &[u8]) -> usize {
    count_bytes(b, |c| u8::from(c == b'\n'))
}

/// Characters of a scheme after its first letter.
const SCHEME_REST: Table = ALPHA.or(DIGIT).or(Table::new(b"+-."));

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
/// part of a URI, an opening `(`, `[` or `'`, or the `*` of Markdown
/// emphasis (`**http://x/**`).
fn opens(c: u8) -> bool {
    !URI_CHAR.allows(c) || matches!(c, b'(' | b'[' | b'\'' | b'*')
}

impl<'t> Matches<'t> {
    /// The next `<` or `:` at or after `pos`, from the blocks' masks.
    #[inline]
    fn next_delim(&mut self) -> Option<usize> {
        let (n, pos) = (self.text.len(), self.pos);
        while self.block + 64 <= pos {
            self.next_block();
        }
        // pos - block < 64 here. (The scan for `www.` may have left `pos`
        // before the block, which then has no candidate before `pos`.)
        self.triggers &= !0 << pos.saturating_sub(self.block);
        if self.triggers == 0 {
            if self.block + 64 >= n {
                return None;
            }
            let from = self.block + 64;
            let (block, marks, breaks) = self.classify.seek(self.text.as_bytes(), from);
            self.lines += self.marks.thirds as usize + breaks;
            (self.block, self.marks, self.triggers) = (block, marks, marks.either);
            if self.triggers == 0 {
                return None;
            }
        }
        Some(self.block + self.triggers.trailing_zeros() as usize)
    }

    /// Moves the scan to the next block, counting the line breaks of the
    /// one it leaves.
    #[inline]
    fn next_block(&mut self) {
        self.lines += self.marks.thirds as usize;
        self.block += 64;
        self.marks = self.classify.marks_at(self.text.as_bytes(), self.block);
        self.triggers = self.marks.either;
    }

    /// The next `<` or `:` (or, for abbreviated URIs, `w`/`f` starting
    /// `www.`/`ftp.`) at or after `pos`.
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

    /// `<...>` or `<URL:...>` opened at `i`: the URI inside, whitespace
    /// removed, and where the scan resumes. When the brackets hold no URI,
    /// the scan goes on right after the `<`, so that what they hold is read
    /// as plain text (the window ends at the next `<`, so no text is read
    /// this way more than twice).
    fn angle(&self, i: usize) -> Step<'t> {
        let skip = Step::Skip(i + 1);
        let text = self.text;
        let b = text.as_bytes();
        // The window ends at the next '>'; a '<' before it opens another.
        let Some(close) = memchr::memchr2(b'>', b'<', &b[i + 1..]).map(|p| i + 1 + p) else {
            work::add(b.len() - i);
            return skip;
        };
        work::add(close - i);
        if b[close] != b'>' {
            return skip;
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
        if memchr::memchr(b':', raw.as_bytes()).is_none() {
            return skip;
        }
        // All white space, ASCII or not (U+00A0 NO-BREAK SPACE is common
        // in converted documents).
        // (Bytes first: white space is at most a space or beyond ASCII.)
        let uri: Cow<'t, str> = if raw.bytes().any(|c| c <= b' ' || c >= 0x80)
            && raw.chars().any(char::is_whitespace)
        {
            Cow::Owned(raw.split(char::is_whitespace).collect::<String>())
        } else {
            Cow::Borrowed(raw)
        };
        if uri.is_empty() || !self.valid(&uri) {
            return skip;
        }
        Step::Found(uri, start..end, close + 1)
    }

    /// The length of the character at `i` if it can be part of a bare IRI
    /// beyond ASCII (only under RFC 3987): a `ucschar` or `iprivate` that
    /// does not [delimit](delimits) words; 0 otherwise.
    #[inline]
    fn ucs_len(&self, i: usize) -> usize {
        // ASCII, or any other dialect: nothing to decode.
        if self.x.dialect != Dialect::Rfc3987
            || !self.text.as_bytes().get(i).is_some_and(|&c| c >= 0x80)
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

    /// A bare URI around the `:` at `i`.
    fn bare(&self, i: usize) -> Step<'t> {
        let skip = Step::Skip(i + 1);
        let b = self.text.as_bytes();
        // Most colons in prose end a word ("Note: ..."). With no URI
        // character after it, the run would end at the ':', which is then
        // dropped as punctuation, leaving no scheme: nothing to find.
        if !b.get(i + 1).is_some_and(|&c| URI_CHAR.allows(c)) && self.ucs_len(i + 1) == 0 {
            return skip;
        }
        // Back over the scheme (never before `pos`: each byte is backed
        // over once).
        let mut start = i;
        while start > self.pos && SCHEME_REST.allows(b[start - 1]) {
            start -= 1;
        }
        work::add(i - start);
        while start < i && !ALPHA.allows(b[start]) {
            start += 1;
        }
        if start == i || (start > 0 && !opens(b[start - 1])) || !self.worth_reading(start, i) {
            return skip;
        }
        let run = self.run(start);
        match self.cut_valid(&run, |uri| self.valid(uri)) {
            Some((uri, span, resume)) => Step::Found(uri, span, resume),
            None => Step::Skip(run.end()),
        }
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
            (Some((_, span, resume)), Some(g)) => Step::Found(Cow::Owned(g), span, resume),
            _ => Step::Skip(run.end()),
        }
    }

    /// The run of URI characters from `start`, joined across a line break
    /// after a hyphen, unless the next line begins a URI of its own.
    fn run(&self, start: usize) -> Run {
        let b = self.text.as_bytes();
        // The URI characters: those of a query, a window at a time, and
        // the others one by one.
        let scan = |from: usize| {
            let mut end = from;
            // A `]` belongs to a URI only when it closes the `[` of an IP
            // literal; any other ends the run, as in Markdown's `[text](url)`
            // and `[http://x/]`.
            let mut bracket = false;
            loop {
                end = scan(b, end, &QUERY);
                match b.get(end) {
                    // `%` not followed by two hex digits: still a URI
                    // character, which the parser will refuse.
                    Some(b'#' | b'%') => end += 1,
                    Some(b'[') => {
                        bracket = true;
                        end += 1;
                    }
                    Some(b']') if bracket => {
                        bracket = false;
                        end += 1;
                    }
                    Some(0x80..) => match self.ucs_len(end) {
                        0 => break,
                        n => end += n,
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
        Run { first, more }
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
    fn cut(
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
        // Markdown emphasis around the URI (`**http://x/**`).
        let starred = start > 0 && b[start - 1] == b'*';
        let mut last = end;
        while last > last_start {
            match b[last - 1] {
                b'.' | b',' | b';' | b':' | b'!' | b'?' | b'\'' => last -= 1,
                b'*' if starred => last -= 1,
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
        while colon < b.len() && SCHEME_REST.allows(b[colon]) {
            colon += 1;
        }
        let scheme_starts = ALPHA.allows(b[i]) && b.get(colon) == Some(&b':');
        let starts_uri = (scheme_starts && self.worth_reading(i, colon))
            || (self.x.abbreviated && (b[i..].starts_with(b"www.") || b[i..].starts_with(b"ftp.")));
        (!starts_uri).then_some(i)
    }

    /// Valid under the dialect, with a scheme and something after it other
    /// than a bare `//`.
    fn valid(&self, uri: &str) -> bool {
        UriRef::parse_with(uri, self.x.dialect).is_ok_and(|u| {
            u.scheme()
                .is_some_and(|s| !matches!(&uri[s.len() + 1..], "" | "//"))
        })
    }

    /// The line and column (in characters, from 1) of byte `at` (at or
    /// after the previous match's): the line from the current block's
    /// marks where `at` is in it, the column counting only the bytes since
    /// the previous match, so that the whole scan counts each byte a
    /// bounded number of times.
    fn position(&mut self, at: usize) -> (usize, usize) {
        let b = self.text.as_bytes();
        let at = at.max(self.counted);
        // The block's line breaks before `at`, where `at` is in the block.
        let below = match at.checked_sub(self.block) {
            Some(k @ 0..64) => Some(self.marks.third & ((1u64 << k) - 1)),
            _ => None,
        };
        self.line_breaks = match below {
            Some(m) => self.lines + m.count_ones() as usize,
            // Before the block (a scheme begun in an earlier one, or an
            // abbreviated URI found before the next `:`) or past it (white
            // space after a `<`): the breaks since the previous match.
            None => self.line_breaks + count_breaks(&b[self.counted..at]),
        };
        // The last line break before `at`: the block's last one before it,
        // else searched for.
        let last = match below {
            Some(m) if m != 0 => Some(self.block + 63 - m.leading_zeros() as usize),
            Some(_) => memchr::memrchr(b'\n', &b[self.counted..self.block.max(self.counted)])
                .map(|p| self.counted + p),
            None => memchr::memrchr(b'\n', &b[self.counted..at]).map(|p| self.counted + p),
        }
        .filter(|&p| p >= self.counted);
        work::add(at - self.counted);
        match last {
            Some(p) => self.column = count_chars(&b[p + 1..at]),
            None => self.column += count_chars(&b[self.counted..at]),
        }
        self.counted = at;
        (self.line_breaks + 1, self.column + 1)
    }
}

/// The characters of UTF-8 text: its bytes other than continuation bytes
/// (`10xxxxxx`).
fn count_chars(s: &[u8]) -> usize {
    count_bytes(s, |c| u8::from((c as i8) >= -0x40))
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
