//! HTML tokenization (the HTML standard, section 13.2.5), as much of it as
//! finding tags takes, over bytes.
//!
//! Every state that decides where a tag begins or ends is here: the data
//! state and the tag states, the attribute states (a `>` inside a quoted
//! value does not end the tag), comments (`<!-->`, `--!>`), the DOCTYPE
//! and bogus comments, RCDATA and RAWTEXT (which end only at the
//! appropriate end tag), and script data with its escaped and
//! double-escaped states (`<!--<script>` hides a `</script>`). What the
//! other states compute, a comment's text, a DOCTYPE's identifiers, each
//! parse error, does not change where a tag is, so it is not computed: a
//! comment ends at its first `-->` or `--!>`, a DOCTYPE or a bogus comment at
//! its first `>`.
//!
//! All the structure is ASCII, so the input is read as bytes and runs that
//! cannot hold a state change are passed over with `memchr`. Names are
//! reported as written and values as ranges of the input: the sink lowers
//! names (tokenization lowers ASCII letters) and decodes the values it wants
//! (character references, newlines, NUL), which no other state needs.
//!
//! No tree is built, so the sink plays the tree builder's one part that
//! tokenization depends on: after each start tag it says which state the
//! element's text is read in (13.2.6.4's "generic RCDATA element parsing
//! algorithm" and the others). Without a tree there is no "adjusted current
//! node" in a foreign namespace, so `<![CDATA[` always opens a bogus comment
//! (13.2.5.42), as in a document's HTML content.

use alloc::vec::Vec;
use core::ops::Range;

use memchr::{memchr, memchr2};

use crate::bytes::first_byte;

/// The state a start tag leaves the tokenizer in: the tree builder's
/// choice for the element's text (HTML standard 13.2.6.4.4 and 13.2.6.4.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Content {
    /// Markup (the data state).
    Data,
    /// RCDATA (`title`, `textarea`): text to the appropriate end tag.
    Rcdata,
    /// RAWTEXT (`style`, `xmp`, `iframe`, `noembed`, `noframes`): the same.
    Rawtext,
    /// Script data (`script`): text to the appropriate end tag, but not
    /// one inside an escaped `<script>` (13.2.5.4, 13.2.5.15 to 13.2.5.31).
    Script,
    /// PLAINTEXT (`plaintext`): text to the end of the input.
    Plaintext,
}

/// An attribute of a start tag: its name lowered, and its value as a
/// range of the input, as written (character references not yet decoded,
/// without the quotes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Attribute {
    pub name: Name,
    pub value: Range<usize>,
}

/// A tag or attribute name as tokenization makes it (ASCII letters
/// lowered), packed into a number so that names compare in one step: its
/// bytes in little-endian order. A name the sink cannot know is 0, the
/// name of nothing: one longer than 16 bytes, or one with a NUL (which
/// tokenization replaces with U+FFFD, and which packing would lose).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Name(pub u128);

impl Name {
    /// The name of the bytes `name` as written.
    pub fn of(name: &[u8]) -> Name {
        if name.len() > 16 {
            return Name(0);
        }
        let mut buf = [0u8; 16];
        for (d, s) in buf.iter_mut().zip(name) {
            *d = s.to_ascii_lowercase();
        }
        if buf[..name.len()].contains(&0) {
            return Name(0);
        }
        Name(u128::from_le_bytes(buf))
    }

    /// The name of `b[start..end]`, as [`of`](Self::of) gives it, read as
    /// two words where `b` has sixteen bytes from `start` (the common
    /// case): letters lowered eight at a time, NUL found the same way.
    #[inline]
    pub fn at(b: &[u8], start: usize, end: usize) -> Name {
        /// ASCII capitals with 0x20 added: the high bit of each byte whose
        /// low seven bits are from `A` to `Z` (no carry leaves a byte),
        /// where the byte's own high bit is clear.
        fn lower(x: u64) -> u64 {
            const ONES: u64 = 0x0101_0101_0101_0101;
            const LOW7: u64 = ONES * 0x7F;
            let h = x & LOW7;
            let at_least_a = h + ONES * u64::from(0x80 - b'A');
            let beyond_z = h + ONES * u64::from(0x80 - b'Z' - 1);
            x | ((at_least_a & !beyond_z & !x & !LOW7) >> 2)
        }
        /// The low `n` bytes of a word lowered, or `None` if one is NUL.
        fn word(w: &[u8; 8], n: usize) -> Option<u64> {
            let mask = u64::MAX >> (64 - 8 * n);
            let w = u64::from_le_bytes(*w);
            (crate::bytes::zero_bytes(w) & mask == 0).then(|| lower(w) & mask)
        }
        let n = end - start;
        let rest = &b[start..];
        let name = match (
            n,
            rest.first_chunk::<8>(),
            rest.get(8..).and_then(<[u8]>::first_chunk::<8>),
        ) {
            (1..=8, Some(w), _) => word(w, n).map(u128::from),
            (9..=16, Some(w), Some(v)) => word(w, 8)
                .zip(word(v, n - 8))
                .map(|(lo, hi)| u128::from(lo) | u128::from(hi) << 64),
            (17.., _, _) => None,
            _ => return Name::of(&b[start..end]),
        };
        Name(name.unwrap_or(0))
    }

    /// The name of a lower-case `name`, at compile time.
    pub const fn lower(name: &str) -> Name {
        let b = name.as_bytes();
        assert!(!b.is_empty() && b.len() <= 16);
        let mut k = 0u128;
        let mut i = 0;
        while i < b.len() {
            assert!(b[i] != 0 && !b[i].is_ascii_uppercase());
            k |= (b[i] as u128) << (8 * i);
            i += 1;
        }
        Name(k)
    }

    /// The lowered name's bytes.
    #[cfg(test)]
    pub fn to_vec(self) -> Vec<u8> {
        self.0
            .to_le_bytes()
            .into_iter()
            .take_while(|&c| c != 0)
            .collect()
    }
}

/// What reads the tokens.
pub(super) trait Sink {
    /// Whether the text of the data state matters now; when it does not,
    /// runs of text are passed over without being reported.
    fn wants_text(&self) -> bool;

    /// Text read in the data state or PLAINTEXT, as written (character
    /// references not decoded, newlines not normalized).
    fn text(&mut self, text: &str);

    /// Whether the attributes of a start tag with this name are wanted:
    /// when not, they are read (to find the tag's end) but not kept.
    fn wants_attributes(&mut self, name: Name) -> bool;

    /// A start tag, whose `>` is at `end`; `attributes` is empty unless
    /// [`wants_attributes`](Self::wants_attributes) said yes. Returns the
    /// state to read the element's text in.
    fn start_tag(&mut self, name: Name, attributes: &[Attribute], end: usize) -> Content;

    /// An end tag.
    fn end_tag(&mut self, name: Name);
}

/// The byte order mark, which the decoder drops (HTML standard 13.2.3.1).
const BOM: &[u8] = "\u{feff}".as_bytes();

/// ASCII whitespace as the tokenizer sees it: tab, line feed, form feed,
/// space, and carriage return, which input preprocessing turns into a line
/// feed (13.2.3.5).
const fn is_space(c: u8) -> bool {
    matches!(c, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ')
}

/// Reads `html` to its end, telling `sink` of every tag and of text.
pub(super) fn tokenize(html: &str, sink: &mut impl Sink) {
    let b = html.as_bytes();
    let mut attrs = Vec::new();
    let mut i = if b.starts_with(BOM) { BOM.len() } else { 0 };
    loop {
        // 13.2.5.1 Data state: text to the next `<`. A character reference
        // (`&`) is text too, decoded by the sink if it wants it.
        let lt = first_byte(&b[i..], b'<').map_or(b.len(), |k| i + k);
        if lt > i && sink.wants_text() {
            sink.text(&html[i..lt]);
        }
        let Some(&c) = b.get(lt + 1) else {
            // The end of the input, or a `<` as its last character (text).
            if lt < b.len() && sink.wants_text() {
                sink.text("<");
            }
            return;
        };
        // 13.2.5.6 Tag open state.
        let next = match c {
            b'!' => markup_declaration(b, lt + 2),
            b'/' => end_tag_open(html, lt + 2, sink),
            b'?' => bogus_comment(b, lt + 1),
            c if c.is_ascii_alphabetic() => start_tag(html, lt + 1, sink, &mut attrs),
            _ => {
                // Anything else: the `<` is text, and the character is
                // read again in the data state.
                if sink.wants_text() {
                    sink.text("<");
                }
                Some(lt + 1)
            }
        };
        // What the states from the `<` read (the searches of the data
        // state count themselves).
        crate::work::add(next.unwrap_or(b.len()) - lt);
        match next {
            Some(n) => i = n,
            None => return,
        }
    }
}

/// The bytes that end a run in the tag states, as bits: whitespace (1),
/// `/` (2), `>` (4), `=` (8).
static STOPS: [u8; 256] = {
    let mut t = [0; 256];
    let mut c = 0;
    while c < 256 {
        t[c] = if is_space(c as u8) { 1 } else { 0 }
            | if c == b'/' as usize { 2 } else { 0 }
            | if c == b'>' as usize { 4 } else { 0 }
            | if c == b'=' as usize { 8 } else { 0 };
        c += 1;
    }
    t
};

/// Where a run of bytes none of which is in `stops` (bits of [`STOPS`])
/// ends, from `i`: a tag name ends at whitespace, `/` or `>`, an attribute
/// name also at `=`, an unquoted value at whitespace or `>`.
#[inline]
fn run_end(b: &[u8], mut i: usize, stops: u8) -> usize {
    while let Some(&c) = b.get(i) {
        if STOPS[usize::from(c)] & stops != 0 {
            break;
        }
        i += 1;
    }
    i
}

/// [`STOPS`] bits: the ends of a tag name, of an attribute name, of an
/// unquoted attribute value.
const TAG_NAME: u8 = 1 | 2 | 4;
const ATTRIBUTE_NAME: u8 = 1 | 2 | 4 | 8;
const UNQUOTED: u8 = 1 | 4;

/// 13.2.5.8 Tag name state, for a start tag whose name begins at `i`, then
/// its attributes and the text of its element. Returns where the data
/// state goes on, or `None` at the end of the input.
fn start_tag(
    html: &str,
    i: usize,
    sink: &mut impl Sink,
    attrs: &mut Vec<Attribute>,
) -> Option<usize> {
    let b = html.as_bytes();
    let end = run_end(b, i, TAG_NAME);
    let name = Name::at(b, i, end);
    attrs.clear();
    let keep = sink.wants_attributes(name);
    // A tag the input ends inside is not emitted (the end-of-file rules of
    // 13.2.5.8 and the attribute states).
    let gt = attributes(b, end, keep.then_some(attrs))?;
    let after = gt + 1;
    match sink.start_tag(name, attrs, gt) {
        Content::Data => Some(after),
        Content::Plaintext => {
            // 13.2.5.5 PLAINTEXT state: the rest is text.
            if after < b.len() && sink.wants_text() {
                sink.text(&html[after..]);
            }
            None
        }
        Content::Rcdata | Content::Rawtext => {
            let lt = raw_text_end(b, after, &b[i..end])?;
            end_tag(html, lt, end - i, sink)
        }
        Content::Script => {
            let lt = script_data_end(b, after)?;
            end_tag(html, lt, b"script".len(), sink)
        }
    }
}

/// 13.2.5.7 End tag open state, after `</`.
fn end_tag_open(html: &str, i: usize, sink: &mut impl Sink) -> Option<usize> {
    let b = html.as_bytes();
    match b.get(i) {
        Some(c) if c.is_ascii_alphabetic() => {
            let end = run_end(b, i, TAG_NAME);
            // The attributes of an end tag are read but not kept.
            let gt = attributes(b, end, None)?;
            sink.end_tag(Name::at(b, i, end));
            Some(gt + 1)
        }
        // `</>`: nothing.
        Some(b'>') => Some(i + 1),
        Some(_) => bogus_comment(b, i),
        None => {
            if sink.wants_text() {
                sink.text("</");
            }
            None
        }
    }
}

/// An end tag that ends RCDATA, RAWTEXT or script data: `</`, a name of
/// `len` letters (already matched), then the tag's attributes as for any
/// end tag.
fn end_tag(html: &str, lt: usize, len: usize, sink: &mut impl Sink) -> Option<usize> {
    let b = html.as_bytes();
    let name_end = lt + 2 + len;
    let gt = attributes(b, name_end, None)?;
    sink.end_tag(Name::at(b, lt + 2, name_end));
    Some(gt + 1)
}

/// The attributes of a tag whose name ends at `i` (13.2.5.32 to 13.2.5.40,
/// with the self-closing start tag state): the offset of the `>` that ends
/// the tag, or `None` when the input ends first. With `out`, each
/// attribute is pushed onto it.
fn attributes(b: &[u8], mut i: usize, mut out: Option<&mut Vec<Attribute>>) -> Option<usize> {
    loop {
        // Before attribute name state.
        while is_space(*b.get(i)?) {
            i += 1;
        }
        match b[i] {
            b'>' => return Some(i),
            b'/' => {
                // Self-closing start tag state: `>` ends the tag; anything
                // else is read again before an attribute name.
                i += 1;
                if *b.get(i)? == b'>' {
                    return Some(i);
                }
                continue;
            }
            _ => {}
        }
        // Attribute name state; its first character is part of the name
        // even when it is `=` (unexpected-equals-sign-before-attribute-name).
        let name = i..run_end(b, i + 1, ATTRIBUTE_NAME);
        i = name.end;
        // After attribute name state.
        while is_space(*b.get(i)?) {
            i += 1;
        }
        if b[i] != b'=' {
            // An attribute without a value; `/`, `>` and the next name are
            // read again before an attribute name.
            if let Some(out) = out.as_deref_mut() {
                out.push(Attribute {
                    name: Name::at(b, name.start, name.end),
                    value: i..i,
                });
            }
            continue;
        }
        i += 1;
        // Before attribute value state.
        while is_space(*b.get(i)?) {
            i += 1;
        }
        let value = match b[i] {
            q @ (b'"' | b'\'') => {
                // Attribute value (double- or single-quoted) state, then
                // after attribute value (quoted), whose anything-else reads
                // the character again before an attribute name.
                let close = i + 1 + first_byte(&b[i + 1..], q)?;
                let v = i + 1..close;
                i = close + 1;
                v
            }
            // missing-attribute-value: the tag ends, the value is empty.
            b'>' => i..i,
            _ => {
                // Attribute value (unquoted) state: to whitespace or `>`.
                let start = i;
                i = run_end(b, i, UNQUOTED);
                if i == b.len() {
                    return None;
                }
                start..i
            }
        };
        if let Some(out) = out.as_deref_mut() {
            out.push(Attribute {
                name: Name::at(b, name.start, name.end),
                value,
            });
        }
    }
}

/// 13.2.5.42 Markup declaration open state, after `<!`: a comment, a
/// DOCTYPE or a bogus comment. Returns where the data state goes on.
fn markup_declaration(b: &[u8], i: usize) -> Option<usize> {
    let rest = &b[i..];
    if rest.starts_with(b"--") {
        comment_end(b, i + 2)
    } else if rest.len() >= 7 && rest[..7].eq_ignore_ascii_case(b"doctype") {
        // Every DOCTYPE state ends the token at its first `>`
        // (13.2.5.53 to 13.2.5.68).
        memchr(b'>', &rest[7..]).map(|k| i + 7 + k + 1)
    } else {
        // `[CDATA[` outside foreign content, and anything else.
        bogus_comment(b, i)
    }
}

/// 13.2.5.41 Bogus comment state, from `i`: to the first `>`.
fn bogus_comment(b: &[u8], i: usize) -> Option<usize> {
    memchr(b'>', &b[i..]).map(|k| i + k + 1)
}

/// The end of a comment whose text begins at `s` (after `<!--`): one past
/// the `>` of `<!-->`, `<!--->` (13.2.5.43 and 13.2.5.44, abrupt closing),
/// or the first `-->` or `--!>` whose dashes lie at or after `s`. The
/// comment states between (13.2.5.45 to 13.2.5.52) change only the
/// comment's text and errors: a run of two or more dashes followed by `>`,
/// or by `!>`, ends the comment from every one of them.
fn comment_end(b: &[u8], s: usize) -> Option<usize> {
    match (b.get(s), b.get(s + 1)) {
        (Some(b'>'), _) => return Some(s + 1),
        (Some(b'-'), Some(b'>')) => return Some(s + 2),
        _ => {}
    }
    let mut i = s;
    loop {
        let d = i + memchr(b'-', &b[i..])?;
        let mut j = d + 1;
        while b.get(j) == Some(&b'-') {
            j += 1;
        }
        if j - d >= 2 {
            match (b.get(j), b.get(j + 1)) {
                (Some(b'>'), _) => return Some(j + 1),
                (Some(b'!'), Some(b'>')) => return Some(j + 2),
                _ => {}
            }
        }
        i = j;
    }
}

/// Whether an appropriate end tag for `name` (letters, in any case) begins
/// at `lt`: `</`, the name in any case, then whitespace, `/` or `>`
/// (13.2.5.11, 13.2.5.14, 13.2.5.17, 13.2.5.27). Anything else there is
/// text, and the state that found the `<` goes on after it.
fn is_end_tag(b: &[u8], lt: usize, name: &[u8]) -> bool {
    let n = lt + 2 + name.len();
    b.get(lt + 1) == Some(&b'/')
        && b.get(lt + 2..n)
            .is_some_and(|s| s.eq_ignore_ascii_case(name))
        && b.get(n)
            .is_some_and(|&c| is_space(c) || c == b'/' || c == b'>')
}

/// 13.2.5.2 RCDATA and 13.2.5.3 RAWTEXT states, from `i`: the offset of
/// the `<` of the appropriate end tag (for the element `name`, as written:
/// the raw-text elements' names are letters only), or `None` when the text
/// runs to the end of the input.
fn raw_text_end(b: &[u8], mut i: usize, name: &[u8]) -> Option<usize> {
    loop {
        let lt = i + memchr(b'<', &b[i..])?;
        if is_end_tag(b, lt, name) {
            return Some(lt);
        }
        i = lt + 1;
    }
}

/// 13.2.5.4 Script data state and the states it leads to, from `i`: the
/// offset of the `<` of the `</script` that ends the element, or `None`
/// when the script runs to the end of the input.
///
/// `<!--` escapes the script (13.2.5.18 to 13.2.5.20): `</script` still
/// ends it, but `<script` followed by whitespace, `/` or `>` double-escapes
/// it (13.2.5.26), and then `</script` only returns to the escaped state
/// (13.2.5.31). In either, `-->` returns to plain script data.
fn script_data_end(b: &[u8], mut i: usize) -> Option<usize> {
    const SCRIPT: &[u8] = b"script";
    loop {
        // Script data: only `<` matters.
        let lt = i + memchr(b'<', &b[i..])?;
        if is_end_tag(b, lt, SCRIPT) {
            return Some(lt);
        }
        if !b[lt + 1..].starts_with(b"!--") {
            // `</` with another name, `<!` without `--`, or a lone `<`:
            // text, and the state goes on after the `<`.
            i = lt + 1;
            continue;
        }
        // Script data escape start, escape start dash, then the escaped
        // states, entered with two dashes read.
        i = lt + 4;
        let mut dashes = 2;
        let mut double = false;
        loop {
            if dashes == 0 {
                // Script data (double) escaped state: only `-` and `<`
                // change it.
                i += memchr2(b'-', b'<', &b[i..])?;
            }
            match *b.get(i)? {
                b'-' => {
                    dashes = (dashes + 1).min(2);
                    i += 1;
                }
                b'>' if dashes == 2 => {
                    // `-->`: back to script data.
                    i += 1;
                    break;
                }
                b'<' => {
                    dashes = 0;
                    let lt = i;
                    i += 1;
                    if !double && is_end_tag(b, lt, SCRIPT) {
                        // 13.2.5.21 to 13.2.5.23: the appropriate end tag.
                        return Some(lt);
                    }
                    // Escaped less-than sign: `<` and letters begin the
                    // double escape start (13.2.5.24); double-escaped
                    // less-than sign: `</` and letters begin the double
                    // escape end (13.2.5.30). Either switches on the word
                    // `script` followed by whitespace, `/` or `>`, which
                    // it consumes; anything else is read again.
                    let letters = if double {
                        if b.get(i) != Some(&b'/') {
                            continue;
                        }
                        i + 1
                    } else {
                        i
                    };
                    let mut end = letters;
                    while b.get(end).is_some_and(u8::is_ascii_alphabetic) {
                        end += 1;
                    }
                    if end == letters {
                        continue;
                    }
                    let c = *b.get(end)?;
                    if is_space(c) || c == b'/' || c == b'>' {
                        if b[letters..end].eq_ignore_ascii_case(SCRIPT) {
                            double = !double;
                        }
                        i = end + 1;
                    } else {
                        i = end;
                    }
                }
                _ => {
                    // Anything else after dashes (NUL among them) returns
                    // to the escaped state.
                    dashes = 0;
                    i += 1;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::borrow::ToOwned;
    use alloc::format;
    use alloc::string::String;
    use alloc::vec::Vec;

    /// Records every call, the names lowered and the values as written.
    #[derive(Default)]
    struct Record {
        events: Vec<String>,
    }

    fn content(name: Name) -> Content {
        match &name.to_vec()[..] {
            b"title" | b"textarea" => Content::Rcdata,
            b"style" | b"xmp" | b"iframe" | b"noembed" | b"noframes" => Content::Rawtext,
            b"script" => Content::Script,
            b"plaintext" => Content::Plaintext,
            _ => Content::Data,
        }
    }

    struct Recorder<'h> {
        html: &'h str,
        rec: Record,
    }

    impl Sink for Recorder<'_> {
        fn wants_text(&self) -> bool {
            true
        }
        fn text(&mut self, text: &str) {
            self.rec.events.push(format!("text {text}"));
        }
        fn wants_attributes(&mut self, _: Name) -> bool {
            true
        }
        fn start_tag(&mut self, name: Name, attributes: &[Attribute], end: usize) -> Content {
            let mut s = format!("<{}", String::from_utf8_lossy(&name.to_vec()));
            for a in attributes {
                let n = String::from_utf8_lossy(&a.name.to_vec()).into_owned();
                s += &format!(" {n}={:?}", &self.html[a.value.clone()]);
            }
            s += &format!("> at {end}");
            self.rec.events.push(s);
            content(name)
        }
        fn end_tag(&mut self, name: Name) {
            let n = String::from_utf8_lossy(&name.to_vec()).into_owned();
            self.rec.events.push(format!("</{n}>"));
        }
    }

    fn events(html: &str) -> Vec<String> {
        let mut r = Recorder {
            html,
            rec: Record::default(),
        };
        tokenize(html, &mut r);
        r.rec.events
    }

    /// The start tags only.
    fn tags(html: &str) -> Vec<String> {
        events(html)
            .into_iter()
            .filter(|e| e.starts_with('<') && !e.starts_with("</"))
            .map(|e| e[..e.rfind(" at ").unwrap()].to_owned())
            .collect()
    }

    #[test]
    fn attribute_states() {
        // 13.2.5.32 to 13.2.5.40.
        assert_eq!(
            tags(r#"<A HREF="x>y" b='1' c=2 d e = "3" =f/g/>"#),
            [r#"<a href="x>y" b="1" c="2" d="" e="3" =f="" g="">"#]
        );
        // An unquoted value takes quotes and `=` into it; `>` ends it.
        assert_eq!(tags("<a h=a\"b'c=d>"), ["<a h=\"a\\\"b'c=d\">"]);
        // missing-attribute-value.
        assert_eq!(tags("<a href=>"), ["<a href=\"\">"]);
        // After a quoted value, anything else begins the next attribute.
        assert_eq!(tags("<a x=\"1\"y=2>"), ["<a x=\"1\" y=\"2\">"]);
    }

    #[test]
    fn the_end_of_the_input_inside_a_tag_emits_nothing() {
        for html in [
            "<a",
            "<a ",
            "<a href",
            "<a href=",
            "<a href='x",
            "<a href=x",
            "<a/",
            "</a",
        ] {
            assert!(events(html).iter().all(|e| e.starts_with("text")), "{html}");
        }
    }

    #[test]
    fn tag_open_fallbacks() {
        // 13.2.5.6: `<` followed by anything but a letter, `!`, `/`, `?`.
        assert_eq!(events("a <3 b"), ["text a ", "text <", "text 3 b"]);
        assert_eq!(events("x<"), ["text x", "text <"]);
        // 13.2.5.7: `</>` is nothing, `</` at the end is text, `</3` a
        // bogus comment.
        assert_eq!(events("</>x"), ["text x"]);
        assert_eq!(events("</"), ["text </"]);
        assert_eq!(events("</3 <a href=x>y"), ["text y"]);
        // `<?` is a bogus comment to the first `>`.
        assert_eq!(events("<?xml <a>?>z"), ["text ?>z"]);
    }

    #[test]
    fn comments_end_where_the_states_end_them() {
        let cases = [
            ("<!--><a>", true),
            ("<!---><a>", true),
            ("<!----><a>", true),
            ("<!-- x --><a>", true),
            ("<!-- x --!><a>", true),
            ("<!-- x ----><a>", true),
            ("<!-- x --!--><a>", true),
            ("<!--<!--><a>", true),
            // Not ended: `--!>` needs its dashes after `<!--`, and `- ->`
            // is not `-->`.
            ("<!--!><a>", false),
            ("<!---!><a>", false),
            ("<!-- - -> <a>", false),
            ("<!-- --x> <a>", false),
        ];
        for (html, a) in cases {
            assert_eq!(tags(html) == ["<a>"], a, "{html}");
        }
    }

    #[test]
    fn declarations_and_bogus_comments() {
        assert_eq!(tags("<!DocType html><a>"), ["<a>"]);
        // A DOCTYPE ends at its first `>`, even inside an identifier.
        assert_eq!(tags("<!doctype html \"x>y\"><a>"), ["<a>"]);
        // CDATA outside foreign content is a bogus comment to the first `>`.
        assert_eq!(tags("<![CDATA[ <b> ]]><a>"), ["<a>"]);
        assert_eq!(
            events("<![CDATA[ x > <a> ]]>"),
            ["text  ", "<a> at 16", "text  ]]>"]
        );
        assert_eq!(tags("<!x <b> <a>"), ["<a>"]);
    }

    #[test]
    fn raw_text_ends_at_the_appropriate_end_tag_only() {
        assert_eq!(
            events("<title><a></titlex></title ><b>"),
            ["<title> at 6", "</title>", "<b> at 30"]
        );
        assert_eq!(tags("<style></sty></STYLE x='>'><a>"), ["<style>", "<a>"]);
        assert_eq!(tags("<textarea></textarea"), ["<textarea>"]);
        assert_eq!(tags("<xmp><a></xmp/><b>"), ["<xmp>", "<b>"]);
    }

    #[test]
    fn script_data_escapes() {
        let cases: &[(&str, &[&str])] = &[
            ("<script>x</script><a>", &["<script>", "<a>"]),
            ("<script>'</scrip'</script ><a>", &["<script>", "<a>"]),
            // Escaped: `</script>` still ends it.
            ("<script><!-- </script><a>", &["<script>", "<a>"]),
            // Double-escaped: `</script>` does not, until `-->`.
            (
                "<script><!--<script></script><b>--></script><a>",
                &["<script>", "<a>"],
            ),
            (
                "<script><!--<script></script></script><a>",
                &["<script>", "<a>"],
            ),
            ("<script><!--<script>--></script><a>", &["<script>", "<a>"]),
            // `<scripty>` does not double-escape.
            ("<script><!--<scripty></script><a>", &["<script>", "<a>"]),
            // `<!-->` is escape then back.
            ("<script><!--><script></script><a>", &["<script>", "<a>"]),
            ("<script><!--->x</script><a>", &["<script>", "<a>"]),
            // Dashes interrupted do not end the escape.
            (
                "<script><!--<script>- ->--></script><a>",
                &["<script>", "<a>"],
            ),
            ("<script><!--<script>x", &["<script>"]),
            ("<script><!--<script>-->x</script><a>", &["<script>", "<a>"]),
        ];
        for (html, want) in cases {
            assert_eq!(tags(html), *want, "{html}");
        }
    }

    #[test]
    fn plaintext_is_text_to_the_end() {
        assert_eq!(
            events("<plaintext></plaintext><a>"),
            ["<plaintext> at 10", "text </plaintext><a>"]
        );
    }

    #[test]
    fn long_names_and_a_byte_order_mark() {
        let long = "<abcdefghijklmnopq x=1>";
        assert_eq!(tags(long), ["< x=\"1\">"]);
        // A NUL makes a name no element's: U+FFFD in the standard.
        assert_eq!(tags("<a\0 h\0=1>"), ["< =\"1\">"]);
        assert_eq!(Name::of(b"a\0"), Name(0));
        assert_eq!(Name::of(b"A"), Name::lower("a"));
        assert_eq!(events("\u{feff}<a>"), ["<a> at 5"]);
    }

    #[test]
    fn names_read_as_words_are_the_names_read_byte_by_byte() {
        // Letters at the edges of the capitals' range, NUL, bytes beyond
        // ASCII, at every length to 18, with and without sixteen bytes
        // after the start.
        let alphabet = [
            b'a', b'A', b'Z', b'z', b'@', b'[', b'`', b'{', 0, 0xC3, 0xDA, b'-',
        ];
        let mut seed = 1u64;
        for _ in 0..20_000 {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let len = (seed >> 59) as usize + 3 * ((seed >> 40) & 1) as usize;
            let bytes: Vec<u8> = (0..len)
                .map(|k| alphabet[(seed >> (3 * k % 48)) as usize % alphabet.len()])
                .collect();
            for tail in [0, 1, 20] {
                let mut b = bytes.clone();
                b.extend(core::iter::repeat_n(b'x', tail));
                assert_eq!(Name::at(&b, 0, len), Name::of(&bytes), "{bytes:?} {tail}");
            }
        }
    }
}
