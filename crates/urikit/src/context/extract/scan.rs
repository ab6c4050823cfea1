//! The scan of Appendix E: from candidate to candidate (the colons and
//! angle brackets `arch` marks 64 bytes at a time), each read as a URI in
//! angle brackets, quotes or bare, cut where the URI ends, and checked.
//!
//! May use: `arch`, `grammar`, `parse`, `uri`, and the extractor's types.

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

use super::lines::{count_bytes, count_chars, count_words, ONES, TOPS};
use super::{Extractor, Found};

/// The scan of a text for URIs, which with `LINES` also counts the line
/// breaks and notes the bytes beyond ASCII of the blocks it passes over,
/// for [`Matches::position`].
#[derive(Clone, Debug)]
pub(super) struct Scan<'t, const LINES: bool> {
    pub(super) x: Extractor,
    pub(super) text: &'t str,
    /// Where the scan goes on.
    pub(super) pos: usize,
    /// How blocks of text are classified.
    pub(super) classify: Classifier,
    /// The 64-byte block the scan is in, with its marks and the `:` and
    /// `<` in it not yet taken, and what the blocks before it tell.
    pub(super) at: Cursor,
    /// The next `www.` and `ftp.` at or after `pos`, once looked for
    /// (`Some(None)`: there is none).
    pub(super) next_www: Option<Option<usize>>,
    pub(super) next_ftp: Option<Option<usize>>,
}

impl<'t, const LINES: bool> Scan<'t, LINES> {
    pub(super) fn new(x: Extractor, text: &'t str) -> Scan<'t, LINES> {
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
    pub(super) fn find(&mut self) -> Option<Found<'t>> {
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
pub(super) enum Step<'t> {
    Uri(Cow<'t, str>, Range<usize>, usize),
    Skip(usize),
}

/// A run of URI characters from a candidate's first character: one piece,
/// or several joined across line breaks by the hyphen rule.
pub(super) struct Run {
    /// The first piece, from the candidate's first character.
    pub(super) first: Range<usize>,
    /// The pieces on the following lines, if the hyphen rule joined any.
    pub(super) more: Vec<Range<usize>>,
    /// Whether the pieces hold only the characters of a query (with their
    /// percent-encodings right) and at most one `#`: then whether a URI
    /// with a scheme in front is valid is [`plain_valid`]'s to say.
    pub(super) plain: bool,
}

impl Run {
    /// Where the run ends in the text: everything before it has been read.
    pub(super) fn end(&self) -> usize {
        self.more.last().unwrap_or(&self.first).end
    }
}

/// How the extractor classifies 64 bytes at a time ([`Marks`] of `:`, its
/// candidates, and of line breaks): the processor's [`Blocks`], chosen
/// once per text.
#[derive(Clone, Copy, Debug)]
pub(super) struct Classifier {
    pub(super) blocks: Blocks,
}

impl Classifier {
    /// The classifier of this processor.
    pub(super) fn new() -> Classifier {
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
    pub(super) fn advance<const LINES: bool>(self, c: &mut Cursor, b: &[u8]) {
        let from = c.block;
        self.blocks.advance::<LINES>(c, b, b':', b'\n');
        work::add(c.block + 64 - from);
    }

    /// The characters of the UTF-8 text `b[from..to]` (see
    /// [`count_chars`]): whole blocks with a vector count where the
    /// processor has one.
    #[inline]
    pub(super) fn count_chars(self, b: &[u8], from: usize, to: usize) -> usize {
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
    pub(super) fn count_breaks(self, b: &[u8], mut from: usize, to: usize) -> usize {
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
    pub(super) fn marks_at(self, b: &[u8], at: usize) -> Marks {
        work::add(64);
        self.blocks.marks_at(b, at, b':', b'\n')
    }
}

/// Whether `name`, before a colon, is the `URL:` prefix of a URI in
/// angle brackets (any case), which is not part of the URI.
pub(super) fn url_prefix(name: &[u8]) -> bool {
    name.eq_ignore_ascii_case(b"URL")
}

/// Whether `c`, a character beyond ASCII, ends a bare IRI (see
/// [`Extractor`]): white space, and the punctuation that delimits words
/// in text written without spaces.
pub(super) fn delimits(c: char) -> bool {
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
pub(super) fn opens(c: u8) -> bool {
    !URI_CHAR.allows(c) || matches!(c, b'(' | b'[' | b'\'' | b'*' | b'_')
}

impl<'t, const LINES: bool> Scan<'t, LINES> {
    /// The next candidate `:` at or after `pos`, from the blocks' masks.
    #[inline]
    pub(super) fn next_delim(&mut self) -> Option<usize> {
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
    pub(super) fn next_trigger(&mut self) -> Option<usize> {
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
    pub(super) fn opened_before(&self, start: usize) -> Option<usize> {
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
    pub(super) fn opened_before_prefix(&self, start: usize) -> Option<usize> {
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
    pub(super) fn angle(
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
    pub(super) fn ucs_len(&self, i: usize) -> usize {
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
    pub(super) fn ucs_char_len(&self, i: usize) -> usize {
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
    pub(super) fn scheme_before(&self, i: usize) -> Option<usize> {
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
    pub(super) fn bare(&self, start: usize, i: usize) -> Step<'t> {
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
    pub(super) fn plain_dialect(&self) -> bool {
        matches!(self.x.dialect, Dialect::Rfc3986 | Dialect::Rfc3987)
    }

    /// Whether the scheme `text[start..colon]` makes a bare URI worth
    /// reading: followed by `//`, or one the registry knows, or `urn`.
    pub(super) fn worth_reading(&self, start: usize, colon: usize) -> bool {
        let scheme = &self.text[start..colon];
        self.text.as_bytes()[colon + 1..].starts_with(b"//")
            || crate::scheme::lookup(scheme).is_some()
            || scheme.eq_ignore_ascii_case("urn")
    }

    /// An abbreviated URI starting with `www.` or `ftp.` at `i`.
    pub(super) fn abbreviated(&self, i: usize) -> Step<'t> {
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
    pub(super) fn run(&self, start: usize) -> Run {
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
    pub(super) fn cut_valid(
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
    pub(super) fn cut(
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
    pub(super) fn cut_slowly(
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
    pub(super) fn continuation(&self, end: usize) -> Option<usize> {
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
    pub(super) fn valid(&self, uri: &str) -> bool {
        UriRef::parse_with(uri, self.x.dialect).is_ok_and(|u| {
            u.scheme()
                .is_some_and(|s| !matches!(&uri[s.len() + 1..], "" | "//"))
        })
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
pub(super) fn plain_valid(uri: &str, colon: usize) -> bool {
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

/// The bytes of a word that [`SCHEME`] allows (letters, digits, `+`, `-`
/// and `.`, RFC 3986 section 3.1), each marked by its top bit; proven
/// equal to the table over every byte in every place by a test.
#[inline(always)]
pub(super) fn scheme_chars(w: u64) -> u64 {
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
