//! Scrapy's canonical URL: the answers of w3lib's `canonicalize_url`
//! (w3lib 2.5.0), the key Scrapy's duplicate filter and request
//! fingerprints are made of.
//!
//! ```
//! use urikit::w3lib::{canonicalize_url, Options};
//!
//! let o = Options::default();
//! assert_eq!(
//!     canonicalize_url("http://www.example.com/do?c=3&b=5&b=2&a=50", &o).unwrap(),
//!     "http://www.example.com/do?a=50&b=2&b=5&c=3"
//! );
//! assert_eq!(canonicalize_url("http://[::0:1]/a/../b", &o).unwrap(), "http://[::1]/b");
//! ```
//!
//! w3lib's steps, in its order:
//!
//! 1. The URL is made "safe" (`safe_url_string`): C0 controls and spaces
//!    trimmed, tabs and newlines removed; split as w3lib's own `urlsplit`
//!    splits it (a scheme of a letter and letters, digits, `+`, `-`, `.`;
//!    `\` as `/` before the query in a special scheme; an authority after
//!    `//` up to `/`, `?` or `#`); the user and password decoded and
//!    encoded again, the host lower-cased and, beyond ASCII, through NFKC
//!    and Python's IDNA 2003 codec (kept as it is where the codec refuses
//!    it), the port written as a number; the path, query and fragment
//!    percent-encoded where they hold what is not safe in them.
//! 2. The query's pairs decoded (`+` as a space), blank values dropped
//!    unless `keep_blank_values`, sorted by name then value as bytes, and
//!    encoded again (a space as `+`, only unreserved characters bare).
//! 3. The path decoded but for `%25`, `%2F`, `%3B` and `%3F`, and encoded
//!    again in upper-case hex; `/` where it is empty; its dot segments
//!    removed (RFC 3986 section 5.2.4) where it begins with `/`; the
//!    parameters after a `;` in its last segment kept apart, for the
//!    schemes Python's `urllib` gives parameters.
//! 4. The fragment dropped unless `keep_fragments`; the host lower-cased
//!    again and an IPv6 address written in RFC 5952's form.
//!
//! Refused where w3lib raises `ValueError`: a port that is not digits
//! ([`ErrorKind::InvalidPort`]) or over 65535
//! ([`ErrorKind::PortOutOfRange`]), a bracket without its pair or with
//! text around it ([`ErrorKind::UnexpectedBracket`]), a bracketed host
//! that is not an IPv6 address ([`ErrorKind::InvalidIpv6`]) or IPvFuture
//! ([`ErrorKind::InvalidIpvFuture`]), and a host beyond ASCII whose NFKC
//! form holds a delimiter (`/`, `?`, `#`, `@`, `:`, `\`:
//! [`ErrorKind::InvalidHost`]). Offsets are in the input.
//!
//! One class of answer differs from w3lib under Python before 3.13: an
//! IPv4-mapped IPv6 address is written `::ffff:1.2.3.4` (RFC 5952 section
//! 5, and Python from 3.13), where older Pythons write `::ffff:102:304`.
//!
//! May use: `error`, `grammar`, `arch`, `parse`, `path`, `idna2003`.

use alloc::borrow::Cow;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::Write;

use unicode_normalization::UnicodeNormalization;

use crate::error::{Error, ErrorKind};
use crate::grammar::rfc3986::hex_val;
use crate::parse::ip::ipv6_text;

/// `canonicalize_url`'s keyword arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Keep query pairs whose value is empty or missing (`a=`, `a`), as
    /// `a=` (w3lib's default: `true`).
    pub keep_blank_values: bool,
    /// Keep the fragment (default `false`).
    pub keep_fragments: bool,
    /// What separates the query's pairs (default `&`; `;` for the legacy
    /// form). Not empty. Borrowed where it is a constant, so that
    /// [`Options::default`] allocates nothing (a column function makes
    /// its options for every row).
    ///
    /// ```
    /// let o = urikit::w3lib::Options { query_separator: ";".into(), ..Default::default() };
    /// assert_eq!(urikit::w3lib::canonicalize_url("http://a.com/?b=1;a=2", &o).unwrap(), "http://a.com/?a=2;b=1");
    /// ```
    pub query_separator: Cow<'static, str>,
}

impl Options {
    /// w3lib's defaults, as a constant: what [`Options::default`] gives,
    /// borrowed where a call is made for every row.
    ///
    /// ```
    /// use urikit::w3lib::{canonicalize_url, Options};
    /// assert_eq!(Options::DEFAULT, Options::default());
    /// assert_eq!(canonicalize_url("http://a.com/?b=&a=1#f", &Options::DEFAULT).unwrap(), "http://a.com/?a=1&b=");
    /// ```
    pub const DEFAULT: Options = Options {
        keep_blank_values: true,
        keep_fragments: false,
        query_separator: Cow::Borrowed("&"),
    };
}

impl Default for Options {
    fn default() -> Options {
        Options::DEFAULT
    }
}

/// The URL Standard's special schemes, as w3lib lists them.
const SPECIAL: [&str; 6] = ["ftp", "file", "http", "https", "ws", "wss"];

/// The schemes Python's `urllib.parse` gives parameters (`uses_params`).
const USES_PARAMS: [&str; 16] = [
    "", "ftp", "hdl", "prospero", "http", "imap", "https", "shttp", "rtsp", "rtsps", "rtspu",
    "sip", "sips", "mms", "sftp", "tel",
];

/// The schemes Python's `urllib.parse` writes with `//` (`uses_netloc`).
const USES_NETLOC: [&str; 26] = [
    "", "ftp", "http", "gopher", "nntp", "telnet", "imap", "wais", "file", "mms", "https", "shttp",
    "snews", "prospero", "rtsp", "rtsps", "rtspu", "rsync", "svn", "svn+ssh", "sftp", "nfs", "git",
    "git+ssh", "ws", "wss",
];

/// A set of ASCII bytes as a table of all 256: what a quoting leaves
/// bare is asked with one load, not a search of a list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Bare([bool; 256]);

impl Bare {
    /// RFC 3986's unreserved characters (section 2.3) and `extra`.
    const fn with(extra: &[u8]) -> Bare {
        let mut t = [false; 256];
        let mut b = 0;
        while b < 128 {
            t[b] = unreserved(b as u8);
            b += 1;
        }
        let mut i = 0;
        while i < extra.len() {
            t[extra[i] as usize] = true;
            i += 1;
        }
        Bare(t)
    }

    /// The set without `gone`.
    const fn without(self, gone: &[u8]) -> Bare {
        let mut t = self.0;
        let mut i = 0;
        while i < gone.len() {
            t[gone[i] as usize] = false;
            i += 1;
        }
        Bare(t)
    }

    /// Whether `b` is in the set.
    #[inline(always)]
    const fn has(&self, b: u8) -> bool {
        self.0[b as usize]
    }
}

/// The bytes each quoting leaves bare: RFC 3986's unreserved characters
/// and those of w3lib's `_quote` tables.
mod safe {
    use super::Bare;
    /// The user and password: sub-delims but `;` and `=`.
    pub static USERINFO: Bare = Bare::with(b"!$&'()*+,");
    /// Path, query and fragment on the way in: reserved but `#[]`, and `%`.
    pub static SAFEST: Bare = Bare::with(b":/?@!$&'()*+,;=%");
    /// A special scheme's query on the way in: as [`SAFEST`] but `'`.
    pub static SPECIAL_QUERY: Bare = Bare::with(b":/?@!$&()*+,;=%");
    /// The path on the way out: reserved but `#`, and `|` and `%`.
    pub static PATH: Bare = Bare::with(b":/?@[]!$&'()*+,;=|%");
    /// A query's names and values on the way out (`quote_plus`).
    pub static PAIR: Bare = Bare::with(b"");
    /// What [`plain`](super::plain) writes of a query's name or value as
    /// it stands: what [`PAIR`] leaves bare, and `+` (a space, written
    /// back as `+`). Every other byte is encoded.
    pub static PLAIN_FIELD: Bare = Bare::with(b"+");
    /// A scheme's bytes after its first letter (RFC 3986 section 3.1).
    pub static SCHEME: Bare = Bare::with(b"+-.").without(b"_~");
}

const fn unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

/// `bytes` percent-encoded in upper-case hex but for the bytes `bare`
/// leaves (and with `plus`, a space as `+`): each run of bare bytes is
/// copied whole.
fn quote_into(out: &mut String, bytes: &[u8], bare: &Bare, plus: bool) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    out.reserve(bytes.len());
    let mut rest = bytes;
    loop {
        let run = rest
            .iter()
            .position(|&b| !bare.has(b))
            .unwrap_or(rest.len());
        // A bare byte is ASCII, so the run is text.
        out.push_str(core::str::from_utf8(&rest[..run]).unwrap_or_default());
        let Some(&b) = rest.get(run) else {
            return;
        };
        if plus && b == b' ' {
            out.push('+');
        } else {
            out.push('%');
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 15)]));
        }
        rest = &rest[run + 1..];
    }
}

/// `bytes` with each `%HH` decoded (and with `plus`, `+` as a space):
/// borrowed where there is nothing to decode.
fn unquote(bytes: &[u8], plus: bool) -> Cow<'_, [u8]> {
    decode(bytes, plus, |out, v| out.push(v))
}

/// `bytes` with each `%HH` given to `put` as the byte it stands for (and
/// with `plus`, `+` written as a space): borrowed where there is nothing
/// to decode.
#[inline(always)]
fn decode(bytes: &[u8], plus: bool, put: impl Fn(&mut Vec<u8>, u8)) -> Cow<'_, [u8]> {
    let first = if plus {
        crate::bytes::first_of(bytes, [b'%', b'+'])
    } else {
        crate::bytes::first_byte(bytes, b'%')
    };
    let Some(first) = first else {
        return Cow::Borrowed(bytes);
    };
    let mut out = Vec::with_capacity(bytes.len());
    out.extend_from_slice(&bytes[..first]);
    let mut i = first;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'%' {
            if let (Some(h), Some(l)) = (
                bytes.get(i + 1).and_then(|&c| hex_val(c)),
                bytes.get(i + 2).and_then(|&c| hex_val(c)),
            ) {
                put(&mut out, h << 4 | l);
                i += 3;
                continue;
            }
        }
        out.push(if plus && b == b'+' { b' ' } else { b });
        i += 1;
    }
    Cow::Owned(out)
}

/// The canonical URL of `url`, as w3lib's `canonicalize_url(url,
/// keep_blank_values, keep_fragments, query_separator=...)` writes it.
///
/// ```
/// use urikit::w3lib::{canonicalize_url, Options};
///
/// let o = Options { keep_fragments: true, ..Options::default() };
/// assert_eq!(
///     canonicalize_url("HTTP://Www.Example.COM:80/r\u{e9}sum\u{e9}?b&a=1#F", &o).unwrap(),
///     "http://www.example.com:80/r%C3%A9sum%C3%A9?a=1&b=#F"
/// );
/// ```
///
/// # Errors
///
/// See the [module](self); the offset is the input's.
pub fn canonicalize_url(url: &str, options: &Options) -> Result<String, Error> {
    let mut out = String::with_capacity(url.len() + 8);
    canonicalize_url_into(url, options, &mut out)?;
    Ok(out)
}

/// [`canonicalize_url`] appended to `out` (left as it was on an error):
/// a caller that canonicalizes many URLs (a column of them) reuses one
/// buffer, where each `String` of its own costs an allocation.
///
/// ```
/// use urikit::w3lib::{canonicalize_url_into, Options};
/// let mut out = String::from("> ");
/// canonicalize_url_into("http://A.com/?b=1&a=2", &Options::default(), &mut out).unwrap();
/// assert_eq!(out, "> http://a.com/?a=2&b=1");
/// ```
///
/// # Errors
///
/// As [`canonicalize_url`].
pub fn canonicalize_url_into(url: &str, options: &Options, out: &mut String) -> Result<(), Error> {
    if plain(url, options, out) {
        return Ok(());
    }
    let (start, text) = clean(url);
    canonical_into(&text, options, out)
        .map_err(|(kind, at)| Error::new(kind, origin(url, start, at)))
}

/// The canonical URL of a URL that none of w3lib's quoting changes,
/// written in one reading; `None` for every other URL, which takes the
/// steps. The answer is theirs (a property test holds the two together,
/// on generated URLs under generated options and on every dataset line).
///
/// Such a URL is printable ASCII of the bytes every quoting leaves bare
/// (RFC 3986's unreserved characters and `:/?#@!$&'()*+,=`: no space,
/// `\` or bracket), `%`, `;` after the path and `"`; a scheme and `//`, a
/// netloc that is a host and perhaps a port of digits (no `@`, no `%`),
/// a path with no `/.`, and a query with `&` its separator. A path's
/// escapes are decoded and encoded again as the steps do it
/// (`_unquotepath`, then the path's quoting, which encodes a `"` too);
/// where one of them stands for `.` and makes a dot segment, the steps
/// are taken. A query's names and values are written as they stand but
/// for the bytes the pairs' quoting encodes (all but the unreserved ones
/// and `+`: `=` in a value, `?`, `;` of an `&amp;`, `:` and `/` of a URL
/// given as a value); a query with escapes, or with a `+` and one of
/// `!"$'()*` (which sort between a space and `+`), is sorted by the
/// steps' own function. A host keeps a `"`, as the steps' IDNA does. The
/// netloc may be empty where `//` is written back (see below). What is
/// left of the steps is done here: the scheme and host lower-cased, the
/// port written as a number, `/` for an empty path, the query's pairs
/// sorted (a name alone gains its `=`; blank values dropped unless
/// `keep_blank_values`), the fragment kept with `keep_fragments` and
/// dropped otherwise. Where those steps change nothing up to the path's
/// end, or the query's (its pairs in order, each with its `=`), that much
/// is copied as it stands.
fn plain(text: &str, o: &Options, out: &mut String) -> bool {
    let start = out.len();
    let done = plain_into(text, o, out).is_some();
    if !done {
        out.truncate(start);
    }
    done
}

/// [`plain`], which leaves `out` for it to truncate where it answers
/// `None`.
fn plain_into(src: &str, o: &Options, out: &mut String) -> Option<()> {
    let url = src.as_bytes();
    let outside = crate::arch::any_outside(url, &BARE_SET);
    if outside && crate::arch::any_outside(url, &ESCAPED_SET) {
        return None;
    }
    // Every byte is ASCII: a piece of the bytes (each one that is not
    // empty is one of `url`'s) is a piece of the text.
    let text = |piece: &[u8]| {
        if piece.is_empty() {
            return "";
        }
        let at = piece.as_ptr() as usize - url.as_ptr() as usize;
        &src[at..at + piece.len()]
    };
    // The scheme: most lines' is `http`, `https` or `file` (45 % of the
    // datasets' are `file`), known from their first eight bytes, and most
    // often written in lower case already.
    let (n, known, lower) = if url.len() > 8 && url.starts_with(b"http://") {
        (4, "http", true)
    } else if url.len() > 8 && url.starts_with(b"https://") {
        (5, "https", true)
    } else if url.starts_with(b"file://") {
        (4, "file", true)
    } else if url.len() > 8 && url[..7].eq_ignore_ascii_case(b"http://") {
        (4, "http", false)
    } else if url.len() > 8 && url[..8].eq_ignore_ascii_case(b"https://") {
        (5, "https", false)
    } else {
        let n = url.iter().position(|&b| !safe::SCHEME.has(b))?;
        if n == 0 || !url[0].is_ascii_alphabetic() || !url[n..].starts_with(b"://") {
            return None;
        }
        (n, "", !url[..n].iter().any(u8::is_ascii_uppercase))
    };
    let (scheme, rest) = (&url[..n], &url[n + 3..]);
    let cut = Cut::of(rest);
    let netloc = &rest[..cut.netloc];
    let (host, port_text) = match cut.colon {
        Some(c) => (&netloc[..c], Some(&netloc[c + 1..])),
        None => (netloc, None),
    };
    if cut.at || host.is_empty() && port_text.is_some() {
        return None;
    }
    let port = match port_text {
        None => None,
        Some(p) if p.is_empty() || !p.iter().all(u8::is_ascii_digit) => return None,
        Some(p) => {
            let digits = &p[p.iter().position(|&b| b != b'0').unwrap_or(p.len())..];
            if digits.len() > 5 {
                return None;
            }
            let v = digits
                .iter()
                .fold(0u32, |v, &d| v * 10 + u32::from(d - b'0'));
            if v > 65535 {
                return None;
            }
            Some(v)
        }
    };
    let path = &rest[cut.netloc..cut.path];
    if cut.dot {
        return None;
    }
    // Whether the path has escapes, and the query. A `%` in a path (one
    // line in eighty of the datasets') is decoded and encoded again below;
    // in a query, the pairs are sorted by the steps' function; in a
    // netloc, the steps are taken. (The scheme has none: its bytes were
    // read.)
    let (escaped, query_escaped) = if outside {
        let has = |piece: &[u8], b| crate::bytes::first_byte(piece, b).is_some();
        // A `;` before the query: parameters, or a netloc's. A `"` in a
        // fragment that is kept, which the one reading writes as it
        // stands.
        if has(&rest[..cut.path], b';')
            || has(netloc, b'%')
            || o.keep_fragments && has(&rest[cut.hash..], b'"')
        {
            return None;
        }
        // A path's `"` is encoded as its escapes are written again.
        let path_escaped = has(path, b'%') || has(path, b'"');
        (path_escaped, has(&rest[cut.path..cut.hash], b'%'))
    } else {
        (false, false)
    };
    // An empty netloc (`file:///x`, a tenth of the datasets' lines) keeps
    // its `//` where Python's `urlunsplit` writes it again: for a scheme
    // that uses a netloc, or a path that begins with `//`.
    let uses_netloc = || {
        scheme.eq_ignore_ascii_case(b"file")
            || USES_NETLOC
                .iter()
                .any(|s| s.as_bytes().eq_ignore_ascii_case(scheme))
    };
    if host.is_empty() && !(path.starts_with(b"//") || uses_netloc()) {
        return None;
    }
    let (query, fragment) = match rest.get(cut.path) {
        Some(b'?') => (
            &rest[cut.path + 1..cut.hash],
            rest.get(cut.hash + 1..).unwrap_or_default(),
        ),
        // The fragment's `#`.
        Some(_) => (&b""[..], &rest[cut.path + 1..]),
        None => (&b""[..], &b""[..]),
    };
    if o.keep_fragments && fragment.contains(&b'#') {
        return None;
    }
    if !query.is_empty() && o.query_separator != "&" {
        return None;
    }

    // The query's pairs, on the stack for all but the longest queries;
    // each with whether a byte of it is encoded.
    const STACK: usize = 8;
    type Pair<'u> = (&'u [u8], &'u [u8], bool);
    let mut stack: arrayvec::ArrayVec<Pair<'_>, STACK> = arrayvec::ArrayVec::new();
    let mut heap: Vec<Pair<'_>> = Vec::new();
    let mut count = 0;
    // Whether the query is its own canonical form: no field empty or
    // dropped, each with its `=`, no byte encoded, the pairs in order
    // already.
    let mut as_is = true;
    let mut last: (&[u8], &[u8]) = (b"", b"");
    // Whether a field has a byte that sorts between a space and `+` (see
    // below).
    let mut between = false;
    // Whether the query holds only bytes a field keeps bare, `=` and `&`
    // (most queries; one vector pass): then a field is encoded only where
    // its value has a second `=`, and no byte of it sorts between a space
    // and `+`.
    // (Not asked of a query with escapes, whose fields are not read here.)
    let bare_fields =
        query_escaped || query.is_empty() || !crate::arch::any_outside(query, &FIELDS_SET);
    // The fields, split at each `&` (a query with escapes is sorted by the
    // steps' own function, below).
    let mut fields = (!query_escaped && !query.is_empty()).then_some(query);
    while let Some(q) = fields {
        let field = match crate::bytes::first_byte(q, b'&') {
            Some(k) => {
                fields = Some(&q[k + 1..]);
                &q[..k]
            }
            None => {
                fields = None;
                q
            }
        };
        if field.is_empty() {
            as_is = false;
            continue;
        }
        let (key, value, eq) = match crate::bytes::first_byte(field, b'=') {
            Some(e) => (&field[..e], &field[e + 1..], true),
            None => (field, &b""[..], false),
        };
        if !o.keep_blank_values && value.is_empty() {
            as_is = false;
            continue;
        }
        // Every byte but an unreserved one and `+` is encoded by the
        // pairs' quoting (`=` in a value, `?`, `;`, `:`, `/`, ...); none
        // is a `%`, `#` or `&`.
        let encoded = if bare_fields {
            crate::bytes::first_byte(value, b'=').is_some()
        } else {
            !key.iter().chain(value).all(|&b| safe::PLAIN_FIELD.has(b))
        };
        if encoded && !bare_fields {
            between |= field
                .iter()
                .any(|b| matches!(b, b'!' | b'"' | b'$' | b'\'' | b'(' | b')' | b'*'));
        }
        let pair = (key, value);
        as_is &= eq && !encoded && (count == 0 || last <= pair);
        last = pair;
        let pair = (key, value, encoded);
        if count < STACK {
            stack.push(pair);
        } else {
            if count == STACK {
                heap.extend_from_slice(&stack);
            }
            heap.push(pair);
        }
        count += 1;
    }
    // The pairs are sorted as their decoded bytes are, where a `+` is a
    // space: as they are written, unless a `+` meets one of `!"$'()*`,
    // which sort after a space but before `+`. Such a query (asked of the
    // whole query, a dropped field's `+` too, where one of those bytes was
    // seen), and one with escapes, is decoded, sorted and encoded by the
    // steps' function: the query as the steps have it before
    // (`safe_url_string`'s quoting) differs from this one only in a `'`
    // encoded, which it decodes.
    let sorted_by_steps = query_escaped || between && query.contains(&b'+');
    as_is &= !sorted_by_steps;

    out.reserve(url.len() + 8);
    // Where the input is written as it stands: up to the path's end where
    // the scheme and host have no capitals, the port no leading zero and
    // the path a byte, and on to the query's where it is in order (not a
    // `?` alone). Most lines are then one copy.
    let path_end = n + 3 + cut.path;
    let to = if !query.is_empty() && as_is {
        n + 3 + cut.hash
    } else {
        path_end
    };
    let capitals = crate::arch::has_capital(host);
    let port_as_is = port_text.is_none_or(|p| p.len() == 1 || p[0] != b'0');
    if lower && !capitals && port_as_is && !path.is_empty() {
        // A path with escapes is written below.
        out.push_str(&src[..if escaped { path_end - path.len() } else { to }]);
    } else {
        if known.is_empty() {
            let s = out.len();
            out.push_str(text(scheme));
            out[s..].make_ascii_lowercase();
        } else {
            out.push_str(known);
        }
        out.push_str("://");
        let h = out.len();
        out.push_str(text(host));
        if capitals {
            out[h..].make_ascii_lowercase();
        }
        if let Some(port) = port {
            let _ = write!(out, ":{port}");
        }
        if !escaped {
            out.push_str(if path.is_empty() { "/" } else { text(path) });
            out.push_str(&src[path_end..to]);
        }
    }
    if escaped {
        // The path as the steps write it: decoded and encoded again,
        // unless that makes a dot segment (`/%2E`).
        let at = out.len();
        quote_into(out, &unquote_path(text(path)), &safe::PATH, false);
        if crate::arch::first_pair(&out.as_bytes()[at..], b'/', b'.').is_some() {
            return None;
        }
        out.push_str(&src[path_end..to]);
    }
    if sorted_by_steps {
        let sorted = sorted_query(text(query), o);
        if !sorted.is_empty() {
            out.push('?');
            out.push_str(&sorted);
        }
    } else if to == path_end && count > 0 {
        let pairs = if count <= STACK {
            &mut stack[..]
        } else {
            &mut heap[..]
        };
        // A `+` is a space, and both sort before every other byte here
        // (above). Two pairs alike are alike in their third part too.
        pairs.sort_unstable();
        for (i, &(k, v, encoded)) in pairs.iter().enumerate() {
            out.push(if i == 0 { '?' } else { '&' });
            if encoded {
                quote_into(out, k, &safe::PLAIN_FIELD, false);
                out.push('=');
                quote_into(out, v, &safe::PLAIN_FIELD, false);
            } else if v.is_empty() {
                // A name alone gains its `=`.
                out.push_str(text(k));
                out.push('=');
            } else {
                // The name, its `=` and the value lie together in the
                // input (the name, even empty, is a piece of it).
                let at = k.as_ptr() as usize - url.as_ptr() as usize;
                out.push_str(&src[at..at + k.len() + 1 + v.len()]);
            }
        }
    }
    if o.keep_fragments && !fragment.is_empty() {
        out.push('#');
        out.push_str(text(fragment));
    }
    Some(())
}

/// Where the text after a URL's `://` is cut, as [`plain`] needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cut {
    /// The netloc's end: the first `/`, `?` or `#`.
    netloc: usize,
    /// The netloc's first `:`.
    colon: Option<usize>,
    /// Whether the host (the netloc up to that `:`) holds an `@`.
    at: bool,
    /// The path's end: the first `?` or `#`.
    path: usize,
    /// Whether the path holds `/.`.
    dot: bool,
    /// The first `#` (the fragment's), or the end.
    hash: usize,
}

impl Cut {
    /// The cut of `rest`: up to 128 bytes (most URLs' rest: 98 % of the
    /// datasets' lines) from the masks of the six bytes that cut it, in
    /// one vector pass for each 64 bytes
    /// ([`arch::byte_marks`](crate::arch::byte_marks)); a longer one by a
    /// search for each.
    fn of(rest: &[u8]) -> Cut {
        let wide = 2 * crate::arch::MARKS_MAX;
        match rest.len() {
            n if n <= crate::arch::MARKS_MAX => Cut::marked::<u64>(rest),
            n if n <= wide => Cut::marked::<u128>(rest),
            _ => Cut::searched(rest),
        }
    }

    /// The cut of `rest` (as wide as `M` at most) from its marks, each
    /// mask's bits of its first 64 bytes and then of the rest.
    fn marked<M: Mask>(rest: &[u8]) -> Cut {
        let n = rest.len();
        let xs = [b'/', b'?', b'#', b':', b'@', b'.'];
        let (head, tail) = rest.split_at(n.min(crate::arch::MARKS_MAX));
        let low = crate::arch::byte_marks(head, xs);
        let high = match tail.is_empty() {
            true => [0; 6],
            false => crate::arch::byte_marks(tail, xs),
        };
        let [slash, question, hash, colon, at, dot] =
            core::array::from_fn(|k| M::of(low[k], high[k]));
        let first = |m: M| m.first().min(n);
        let netloc = first(slash | question | hash);
        let c = first(colon & M::below(netloc));
        let colon = (c < netloc).then_some(c);
        let path = first(question | hash);
        let in_path = M::below(path) & !M::below(netloc);
        Cut {
            netloc,
            colon,
            at: !(at & M::below(colon.unwrap_or(netloc))).is_empty(),
            path,
            dot: !(slash & in_path & (dot & in_path).next()).is_empty(),
            hash: first(hash),
        }
    }

    /// The cut of a longer `rest`, by vector searches (each reads only
    /// from where the one before stopped, and the first `#` is searched
    /// for past the path alone: none lies before it).
    fn searched(rest: &[u8]) -> Cut {
        use crate::bytes::{first_byte, first_of};
        let n = rest.len();
        let from = |at: usize, hit: Option<usize>| hit.map_or(n, |k| at + k);
        let netloc = from(0, first_of(rest, [b'/', b'?', b'#']));
        let colon = first_byte(&rest[..netloc], b':');
        let path = from(netloc, first_of(&rest[netloc..], [b'?', b'#']));
        let hash = match rest.get(path) {
            Some(b'?') => from(path + 1, first_byte(&rest[path + 1..], b'#')),
            _ => path,
        };
        Cut {
            netloc,
            colon,
            at: first_byte(&rest[..colon.unwrap_or(netloc)], b'@').is_some(),
            path,
            dot: crate::arch::first_pair(&rest[netloc..path], b'/', b'.').is_some(),
            hash,
        }
    }
}

/// The masks [`Cut::marked`] reads: a bit a byte, of up to 64 bytes
/// (`u64`) or 128 (`u128`), the cut's logic written once for both.
trait Mask:
    Copy
    + core::ops::BitAnd<Output = Self>
    + core::ops::BitOr<Output = Self>
    + core::ops::Not<Output = Self>
{
    /// The marks of the first 64 bytes, and of those after them.
    fn of(low: u64, high: u64) -> Self;
    /// The bits below bit `k`: the marks of the bytes before place `k`.
    fn below(k: usize) -> Self;
    /// The first mark's place (the width where there is none).
    fn first(self) -> usize;
    /// Each mark moved to the byte before it.
    fn next(self) -> Self;
    /// Whether no bit is set.
    fn is_empty(self) -> bool;
}

/// What both widths of [`Mask`] do alike, written once.
macro_rules! mask_bits {
    () => {
        #[inline(always)]
        fn first(self) -> usize {
            self.trailing_zeros() as usize
        }
        #[inline(always)]
        fn next(self) -> Self {
            self >> 1
        }
        #[inline(always)]
        fn is_empty(self) -> bool {
            self == 0
        }
    };
}

impl Mask for u64 {
    #[inline(always)]
    fn of(low: u64, _: u64) -> u64 {
        low
    }
    #[inline(always)]
    fn below(k: usize) -> u64 {
        crate::bytes::bits_below(k)
    }
    mask_bits!();
}

impl Mask for u128 {
    #[inline(always)]
    fn of(low: u64, high: u64) -> u128 {
        u128::from(low) | u128::from(high) << 64
    }
    #[inline(always)]
    fn below(k: usize) -> u128 {
        if k >= 128 {
            u128::MAX
        } else {
            (1 << k) - 1
        }
    }
    mask_bits!();
}

/// The bytes [`plain`] reads without escapes: those both quotings of a
/// path leave bare (but `%` and `;`, see [`ESCAPED`]), and the fragment's
/// `#` (but `"`, see there too).
static BARE: [bool; 256] = {
    let mut t = ESCAPED;
    t[b'%' as usize] = false;
    t[b';' as usize] = false;
    t[b'"' as usize] = false;
    t
};

/// The bytes [`plain`] reads: [`BARE`]; `%`, whose escapes it decodes and
/// encodes again in a path and leaves to the steps elsewhere; `;`, which
/// it reads after the path alone (in a path it begins parameters, in a
/// netloc the steps refuse or encode it); and `"`, which a host keeps and
/// every quoting encodes. A query's `;` is most often an HTML entity's
/// (`&amp;`), and a `"` one left of a quoted URL (`https://"www.`):
/// together about one line in a hundred of the datasets' lines that
/// missed the one reading, which took the steps at about 1 µs each.
static ESCAPED: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        t[b] =
            unreserved(c) || (safe::SAFEST.has(c) && safe::PATH.has(c)) || matches!(c, b'#' | b'"');
        b += 1;
    }
    t
};

/// [`BARE`] in the forms the processor's classifiers read: the URLs that
/// take the one reading are most of a column's, and each is tested whole
/// before it is read (a byte shuffle 32 bytes at a time with AVX2, where
/// comparisons folded by the compiler took 120 instructions of a dataset
/// line's 1,310).
static BARE_SET: crate::arch::ByteSet = crate::arch::ByteSet::of(&BARE);

/// The bytes of a query whose fields [`plain`] reads with no byte loop:
/// those a field keeps bare ([`safe::PLAIN_FIELD`]), and the `=` and `&`
/// that cut the fields.
static FIELDS: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = safe::PLAIN_FIELD.has(b as u8) || b == b'=' as usize || b == b'&' as usize;
        b += 1;
    }
    t
};

/// [`FIELDS`] in the forms the processor's classifiers read.
static FIELDS_SET: crate::arch::ByteSet = crate::arch::ByteSet::of(&FIELDS);

/// [`ESCAPED`] so: asked only of the URLs that [`BARE_SET`] refuses (one
/// in twenty of the datasets' lines), which costs the others nothing.
static ESCAPED_SET: crate::arch::ByteSet = crate::arch::ByteSet::of(&ESCAPED);

/// [`canonicalize_url`] of bytes, read as w3lib reads them: UTF-8, with
/// each byte that is not percent-encoded (`%FF`).
///
/// ```
/// use urikit::w3lib::{canonicalize_url_bytes, Options};
/// assert_eq!(
///     canonicalize_url_bytes(b"http://a.com/\xff", &Options::default()).unwrap(),
///     "http://a.com/%FF"
/// );
/// ```
///
/// # Errors
///
/// As [`canonicalize_url`], the offset in the text with those bytes
/// encoded.
pub fn canonicalize_url_bytes(url: &[u8], options: &Options) -> Result<String, Error> {
    let mut text = String::with_capacity(url.len());
    for chunk in url.utf8_chunks() {
        text.push_str(chunk.valid());
        for &b in chunk.invalid() {
            let _ = write!(text, "%{b:02X}");
        }
    }
    canonicalize_url(&text, options)
}

fn c0_or_space(c: char) -> bool {
    c <= ' '
}

/// The text w3lib splits: C0 controls and spaces trimmed, tabs and
/// newlines removed; and where it begins in `url`.
fn clean(url: &str) -> (usize, Cow<'_, str>) {
    let trimmed = url.trim_matches(c0_or_space);
    let start = url.len() - url.trim_start_matches(c0_or_space).len();
    if trimmed.contains(['\t', '\n', '\r']) {
        (start, Cow::Owned(trimmed.replace(['\t', '\n', '\r'], "")))
    } else {
        (start, Cow::Borrowed(trimmed))
    }
}

/// The input's offset of the cleaned text's byte `at`.
fn origin(url: &str, start: usize, at: usize) -> usize {
    let mut seen = 0;
    for (i, b) in url.bytes().enumerate().skip(start) {
        if matches!(b, b'\t' | b'\n' | b'\r') {
            continue;
        }
        if seen == at {
            return i;
        }
        seen += 1;
    }
    url.len()
}

type Failure = (ErrorKind, usize);

/// The parts of w3lib's `urlsplit`, offsets in the cleaned text.
struct Split<'a> {
    scheme: String,
    netloc: &'a str,
    username: Option<&'a str>,
    password: Option<&'a str>,
    hostname: String,
    port: Option<u32>,
    path: Cow<'a, str>,
    query: &'a str,
    fragment: &'a str,
}

/// w3lib's `_urlsplit`.
fn split(text: &str) -> Result<Split<'_>, Failure> {
    let scheme_end = {
        let b = text.as_bytes();
        let n = b
            .iter()
            .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')))
            .unwrap_or(b.len());
        (n > 0 && b[0].is_ascii_alphabetic() && b.get(n) == Some(&b':')).then_some(n)
    };
    let (scheme, base) = match scheme_end {
        Some(n) => (text[..n].to_ascii_lowercase(), n + 1),
        None => (String::new(), 0),
    };
    let rest = &text[base..];
    // `\` is `/` in a special scheme's authority and path (same length, so
    // offsets hold).
    let url: Cow<'_, str> = if SPECIAL.contains(&scheme.as_str()) && rest.contains('\\') {
        let cut = [rest.find('?'), rest.find('#')]
            .into_iter()
            .flatten()
            .min()
            .unwrap_or(rest.len());
        let mut s = rest[..cut].replace('\\', "/");
        s.push_str(&rest[cut..]);
        Cow::Owned(s)
    } else {
        Cow::Borrowed(rest)
    };
    let authority = url.starts_with("//");
    let scan = if authority { 2 } else { 0 };
    let find = |c: u8| crate::bytes::first_byte(&url.as_bytes()[scan..], c).map(|p| p + scan);
    let (slash, mut question, mut hash) = (find(b'/'), find(b'?'), find(b'#'));
    let (open, close) = (find(b'['), find(b']'));
    let mut netloc_range = 0..0;
    let mut after = 0;
    let mut bracketed = open.is_some();
    if authority {
        let delim = [slash, question, hash]
            .into_iter()
            .flatten()
            .filter(|&p| p > 0)
            .min()
            .unwrap_or(url.len());
        let inside = |p: Option<usize>| p.filter(|&p| (2..delim).contains(&p));
        let (open, close) = (inside(open), inside(close));
        if open.is_some() != close.is_some() {
            let at = open.or(close).unwrap_or(2);
            return Err((ErrorKind::UnexpectedBracket, base + at));
        }
        netloc_range = 2..delim;
        if open.is_some() {
            check_bracketed_netloc(&url[2..delim]).map_err(|(k, at)| (k, base + 2 + at))?;
        }
        bracketed = open.is_some();
        after = delim;
        question = question.map(|q| q - delim);
        hash = hash.map(|h| h - delim);
    }
    let netloc_at = base + netloc_range.start;
    // The netloc, path, query and fragment, borrowed from the text where
    // no `\` was replaced.
    let (netloc, tail): (&str, Cow<'_, str>) = match url {
        Cow::Borrowed(u) => (&u[netloc_range.clone()], Cow::Borrowed(&u[after..])),
        Cow::Owned(ref u) => (
            &rest[netloc_range.clone()],
            Cow::Owned(String::from(&u[after..])),
        ),
    };
    check_netloc(netloc).map_err(|k| (k, netloc_at))?;
    let rest_tail = &rest[after..];
    let (mut path_end, mut fragment) = (rest_tail.len(), "");
    if let Some(h) = hash {
        fragment = &rest_tail[h + 1..];
        path_end = h;
    }
    let mut query = "";
    if let Some(q) = question {
        if q < path_end {
            query = &rest_tail[q + 1..path_end];
            path_end = q;
        }
    }
    let path = match tail {
        Cow::Borrowed(t) => Cow::Borrowed(&t[..path_end]),
        Cow::Owned(t) => Cow::Owned(String::from(&t[..path_end])),
    };
    let (userinfo, hostinfo, host_at) = match netloc.rfind('@') {
        Some(i) => (Some(&netloc[..i]), &netloc[i + 1..], netloc_at + i + 1),
        None => (None, netloc, netloc_at),
    };
    let (username, password) = match userinfo {
        Some(u) => match u.split_once(':') {
            Some((name, pass)) => (Some(name), Some(pass)),
            None => (Some(u), None),
        },
        None => (None, None),
    };
    let (hostname, port, port_at) = if bracketed {
        let inner = hostinfo.split_once('[').map_or("", |(_, r)| r);
        let (h, after_close) = inner.split_once(']').unwrap_or((inner, ""));
        let port = after_close.split_once(':').map_or("", |(_, p)| p);
        let port_at = host_at + hostinfo.len() - port.len();
        (h, port, port_at)
    } else {
        let (h, p) = hostinfo.split_once(':').unwrap_or((hostinfo, ""));
        (h, p, host_at + h.len() + 1)
    };
    let hostname = match hostname.split_once('%') {
        Some((h, zone)) => {
            let mut s = h.to_lowercase();
            s.push('%');
            s.push_str(zone);
            s
        }
        None => hostname.to_lowercase(),
    };
    let port = if port.is_empty() {
        None
    } else if !port.bytes().all(|b| b.is_ascii_digit()) {
        return Err((ErrorKind::InvalidPort, port_at));
    } else {
        let digits = port.trim_start_matches('0');
        match digits.parse::<u32>() {
            Ok(n) if n <= 65535 && digits.len() <= 5 => Some(n),
            _ if digits.is_empty() => Some(0),
            _ => return Err((ErrorKind::PortOutOfRange, port_at)),
        }
    };
    Ok(Split {
        scheme,
        netloc,
        username,
        password,
        hostname,
        port,
        path,
        query,
        fragment,
    })
}

/// w3lib's `_check_bracketed_netloc`: `[` begins the host, only a port
/// follows `]`, and what is between is IPv6 or IPvFuture; offsets in the
/// netloc.
fn check_bracketed_netloc(netloc: &str) -> Result<(), Failure> {
    let at = netloc.rfind('@').map_or(0, |i| i + 1);
    let hostport = &netloc[at..];
    let hostname = match hostport.split_once('[') {
        Some((before, bracketed)) => {
            if !before.is_empty() {
                return Err((ErrorKind::UnexpectedBracket, at + before.len()));
            }
            let (h, port) = bracketed.split_once(']').unwrap_or((bracketed, ""));
            if !port.is_empty() && !port.starts_with(':') {
                return Err((ErrorKind::UnexpectedBracket, at + 2 + h.len()));
            }
            h
        }
        None => hostport.split_once(':').map_or(hostport, |(h, _)| h),
    };
    let host_at = at + usize::from(hostport.starts_with('['));
    if hostname.starts_with(['v', 'V']) {
        return if ipvfuture(hostname) {
            Ok(())
        } else {
            Err((ErrorKind::InvalidIpvFuture, host_at))
        };
    }
    match ipv6(hostname) {
        Some(_) => Ok(()),
        // An IPv4 address in brackets, or neither.
        None => Err((ErrorKind::InvalidIpv6, host_at)),
    }
}

/// `v`, hex digits, `.` and something (`\Av[a-fA-F0-9]+\..+\Z`).
fn ipvfuture(h: &str) -> bool {
    if !h.starts_with('v') {
        return false;
    }
    let digits = h[1..].bytes().take_while(u8::is_ascii_hexdigit).count();
    digits > 0 && h[1 + digits..].starts_with('.') && h.len() > 2 + digits
}

/// An IPv6 address as Python's `ipaddress.ip_address` reads it (a scope
/// after `%`, not empty and without `%`), written as Python 3.13 writes
/// it (RFC 5952, an IPv4-mapped address in its dotted form).
fn ipv6(h: &str) -> Option<String> {
    let (addr, zone) = match h.split_once('%') {
        Some((a, z)) if !z.is_empty() && !z.contains('%') => (a, Some(z)),
        Some(_) => return None,
        None => (h, None),
    };
    let pieces = ipv6_text(addr)?;
    let mut out = core::net::Ipv6Addr::from(pieces).to_string();
    if let Some(z) = zone {
        out.push('%');
        out.push_str(z);
    }
    Some(out)
}

/// w3lib's `_checknetloc`: a netloc beyond ASCII whose NFKC form (without
/// the delimiters it had) holds a delimiter is refused.
fn check_netloc(netloc: &str) -> Result<(), ErrorKind> {
    if netloc.is_ascii() {
        return Ok(());
    }
    let cleaned: String = netloc.chars().filter(|c| !"@:#?".contains(*c)).collect();
    let normalized: String = cleaned.nfkc().collect();
    if cleaned != normalized && normalized.contains(['/', '?', '#', '@', ':', '\\']) {
        return Err(ErrorKind::InvalidHost);
    }
    Ok(())
}

/// The host as w3lib writes it: ASCII as it is; else NFKC (without `@:#?`)
/// and Python's IDNA 2003 codec, or the host as it is where the codec
/// refuses it.
fn idna(hostname: &str, out: &mut String) {
    if hostname.is_ascii() {
        out.push_str(hostname);
        return;
    }
    let cleaned: String = hostname
        .chars()
        .filter(|c| !"@:#?".contains(*c))
        .nfkc()
        .collect();
    match crate::idna2003::to_ascii(cleaned.as_bytes()) {
        Some(ascii) => out.extend(ascii.iter().map(|&b| char::from(b))),
        None => out.push_str(hostname),
    }
}

/// The canonical URL of the cleaned text.
#[cfg(test)]
fn canonical(text: &str, o: &Options) -> Result<String, Failure> {
    let mut out = String::new();
    canonical_into(text, o, &mut out)?;
    Ok(out)
}

/// The canonical URL of the cleaned text, appended to `out` (which is
/// left as it was on an error: every error comes before the writing).
fn canonical_into(text: &str, o: &Options, out: &mut String) -> Result<(), Failure> {
    let parts = split(text)?;
    let special = SPECIAL.contains(&parts.scheme.as_str());
    // safe_url_string: the netloc.
    let mut netloc = String::with_capacity(parts.netloc.len() + 8);
    if let Some(user) = parts.username {
        quote_into(
            &mut netloc,
            &unquote(user.as_bytes(), false),
            &safe::USERINFO,
            false,
        );
        if let Some(pass) = parts.password {
            netloc.push(':');
            quote_into(
                &mut netloc,
                &unquote(pass.as_bytes(), false),
                &safe::USERINFO,
                false,
            );
        }
        netloc.push('@');
    }
    if parts.hostname.contains(':') {
        if !parts.hostname.is_ascii() {
            // Python cannot write it as ASCII (UnicodeEncodeError).
            return Err((ErrorKind::InvalidIpvFuture, 0));
        }
        netloc.push('[');
        netloc.push_str(&parts.hostname);
        netloc.push(']');
    } else {
        idna(&parts.hostname, &mut netloc);
    }
    if let Some(port) = parts.port {
        let _ = write!(netloc, ":{port}");
    }
    let mut path = String::with_capacity(parts.path.len());
    quote_into(&mut path, parts.path.as_bytes(), &safe::SAFEST, false);
    let mut query = String::with_capacity(parts.query.len());
    let query_safe = if special {
        &safe::SPECIAL_QUERY
    } else {
        &safe::SAFEST
    };
    quote_into(&mut query, parts.query.as_bytes(), query_safe, false);
    // The fragment is quoted only to be kept.
    let mut fragment = String::new();
    if o.keep_fragments {
        quote_into(
            &mut fragment,
            parts.fragment.as_bytes(),
            &safe::SAFEST,
            false,
        );
    }
    if path.is_empty() && !query.is_empty() && special {
        path.push('/');
    }
    // canonicalize_url: parameters apart.
    let (path, params) = split_params(&parts.scheme, &path);
    let query = if query.is_empty() {
        query
    } else {
        sorted_query(&query, o)
    };
    let path = if path.is_empty() {
        String::from("/")
    } else {
        let mut p = String::with_capacity(path.len());
        quote_into(&mut p, &unquote_path(path), &safe::PATH, false);
        p
    };
    let path = if path.starts_with('/') {
        remove_dot_segments(path)
    } else {
        path
    };
    let netloc = lower_host(netloc);
    let netloc = normalize_ipv6_host(netloc);
    unsplit(
        &parts.scheme,
        &netloc,
        &path,
        params,
        &query,
        &fragment,
        out,
    );
    Ok(())
}

/// Python's `urlparse` parameters: after the first `;` of the last
/// segment, for the schemes that have them.
fn split_params<'p>(scheme: &str, path: &'p str) -> (&'p str, &'p str) {
    if USES_PARAMS.contains(&scheme) {
        let last = path.rfind('/').map_or(0, |i| i + 1);
        if let Some(semi) = path[last..].find(';') {
            return (&path[..last + semi], &path[last + semi + 1..]);
        }
    }
    (path, "")
}

/// A query's name and value, decoded.
type Pair<'a> = (Cow<'a, [u8]>, Cow<'a, [u8]>);

/// The query's pairs decoded, filtered, sorted and encoded again.
fn sorted_query(query: &str, o: &Options) -> String {
    let sep: &str = &o.query_separator;
    let mut pairs: Vec<Pair<'_>> = Vec::new();
    for field in query.split(sep).filter(|f| !f.is_empty()) {
        let (key, value) = field
            .split_once('=')
            .map_or((field, None), |(k, v)| (k, Some(v)));
        if !o.keep_blank_values && value.is_none_or(str::is_empty) {
            continue;
        }
        pairs.push((
            unquote(key.as_bytes(), true),
            unquote(value.unwrap_or("").as_bytes(), true),
        ));
    }
    pairs.sort();
    let mut out = String::with_capacity(query.len());
    for (i, (k, v)) in pairs.iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        quote_into(&mut out, k, &safe::PAIR, true);
        out.push('=');
        quote_into(&mut out, v, &safe::PAIR, true);
    }
    out
}

/// w3lib's `_unquotepath`: decoded, but for `%25`, `%2F`, `%3B` and `%3F`,
/// which stay encoded, in upper-case hex. w3lib writes it as Python's
/// `str.replace` of each (`%25` by `%2525`, `%2f` and `%2F` by `%252F`,
/// and so on, in its order) before decoding; no replacement makes or
/// breaks another's match, so one pass gives the same (a property test
/// holds it to those replacements).
fn unquote_path(path: &str) -> Cow<'_, [u8]> {
    decode(path.as_bytes(), false, |out, v| match v {
        b'%' => out.extend_from_slice(b"%25"),
        b'/' => out.extend_from_slice(b"%2F"),
        b';' => out.extend_from_slice(b"%3B"),
        b'?' => out.extend_from_slice(b"%3F"),
        v => out.push(v),
    })
}

/// w3lib's `_remove_dot_segments` (RFC 3986 section 5.2.4) of a path that
/// begins with `/`.
fn remove_dot_segments(path: String) -> String {
    if !path.contains("/.") {
        return path;
    }
    let segments: Vec<&str> = path[1..].split('/').collect();
    let mut output: Vec<&str> = Vec::with_capacity(segments.len());
    let (last, rest) = segments.split_last().unwrap_or((&"", &[]));
    for &s in rest {
        match s {
            ".." => {
                output.pop();
            }
            "." => {}
            s => output.push(s),
        }
    }
    match *last {
        ".." => {
            output.pop();
            output.push("");
        }
        "." => output.push(""),
        s => output.push(s),
    }
    let mut out = String::with_capacity(path.len());
    for s in output {
        out.push('/');
        out.push_str(s);
    }
    out
}

/// The host of the netloc lower-cased, a final `:` dropped.
fn lower_host(netloc: String) -> String {
    if netloc.is_ascii()
        && !netloc.ends_with(':')
        && !netloc.bytes().any(|b| b.is_ascii_uppercase())
    {
        // Nothing to lower or drop.
        return netloc;
    }
    let at = netloc.rfind('@').map_or(0, |i| i + 1);
    let host = netloc[at..].to_lowercase();
    let host = host.strip_suffix(':').unwrap_or(&host);
    let mut out = String::with_capacity(netloc.len());
    out.push_str(&netloc[..at]);
    out.push_str(host);
    out
}

/// w3lib's `_normalize_ipv6_host`: the first bracketed IPv6 address in RFC
/// 5952's form.
fn normalize_ipv6_host(netloc: String) -> String {
    let Some(open) = netloc.find('[') else {
        return netloc;
    };
    let Some(close) = netloc[open..].find(']').map(|c| open + c) else {
        return netloc;
    };
    match ipv6(&netloc[open + 1..close]) {
        Some(ip) => {
            let mut out = String::with_capacity(netloc.len());
            out.push_str(&netloc[..=open]);
            out.push_str(&ip);
            out.push_str(&netloc[close..]);
            out
        }
        None => netloc,
    }
}

/// Python's `urlunsplit`, with the parameters after the path.
fn unsplit(
    scheme: &str,
    netloc: &str,
    path: &str,
    params: &str,
    query: &str,
    fragment: &str,
    out: &mut String,
) {
    let url: Cow<'_, str> = if params.is_empty() {
        Cow::Borrowed(path)
    } else {
        Cow::Owned(alloc::format!("{path};{params}"))
    };
    out.reserve(scheme.len() + netloc.len() + url.len() + query.len() + fragment.len() + 6);
    if !scheme.is_empty() {
        out.push_str(scheme);
        out.push(':');
    }
    if !netloc.is_empty() {
        out.push_str("//");
        out.push_str(netloc);
        if !url.is_empty() && !url.starts_with('/') {
            out.push('/');
        }
    } else if url.starts_with("//")
        || (!scheme.is_empty()
            && USES_NETLOC.contains(&scheme)
            && (url.is_empty() || url.starts_with('/')))
    {
        out.push_str("//");
    }
    out.push_str(&url);
    if !query.is_empty() {
        out.push('?');
        out.push_str(query);
    }
    if !fragment.is_empty() {
        out.push('#');
        out.push_str(fragment);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;
    use proptest::prelude::*;

    /// URLs of what the one reading looks at, mostly of pieces it takes:
    /// schemes, hosts (capitals, `@`, brackets, ports), paths (`/.`, `;`,
    /// `%`, bytes every quoting changes), queries (names alone, blank and
    /// repeated pairs, `+`, `=` in a value, `;`, `?`, `&amp;`, the bytes
    /// that sort between a space and `+`), fragments.
    fn url() -> impl Strategy<Value = String> {
        let scheme = prop_oneof![
            4 => prop::sample::select(&["http://", "HTTPS://", "ftp://", "file://", "a+b.c-d://"][..]),
            1 => prop::sample::select(&["mailto:", "http:", "http:/", "", "1x://", " http://", "http:\\\\"][..]),
        ];
        let host = prop_oneof![
            6 => prop::sample::select(&["www.", "Example.", "com", "a1", "-", "_", "~", "!$&'()*+,="][..]),
            1 => prop::sample::select(
                &["@", "u:p@", "[::1]", ":", ":80", ":0", ":008", ":080", ":65536", ":123456", ":x", "%41", " ", "\t", "\u{e9}",
                  "\""][..]
            ),
        ];
        let rest = prop_oneof![
            8 => prop::sample::select(
                &["/", "/a", "/A", "/b.html", "?", "#", "&", "=", "b=2", "a=1", "A=1", "a", "+", "x+y", "~", ":", "@", "!", "'",
                  "?a=1&b=2", "&c=3", "&amp;", "$", "(", ")", "*", ",", "a=b", "+!", "/?", "\"", "+\""][..]
            ),
            1 => prop::sample::select(
                &["//", "/.", "/..", "/./", ";", ";p", "%2F", "%", " ", "\\", "|", "^", "[", "a=b=c", "\u{e9}", "\n",
                  // Past the 64 bytes that are read by their marks.
                  "/a-long-segment-of-seventy-bytes-that-takes-a-url-past-the-marks-width"][..]
            ),
            // Escapes: decoded and encoded again in a path (to a letter,
            // to themselves in upper case, kept for `%/;?`, a `.` that
            // may make a dot segment), refused elsewhere, or no escape.
            2 => prop::sample::select(
                &["%41", "%e2%82%AC", "%2f", "%2E", "/%2e%2E", "%zz", "%4", "%25", "%2525", "%7e", "%3b", "%3F", "%20",
                  "%23", "%%41", "%"][..]
            ),
        ];
        (
            scheme,
            proptest::collection::vec(host, 0..4),
            proptest::collection::vec(rest, 0..10),
        )
            .prop_map(|(s, h, r)| {
                let mut u = String::from(s);
                h.iter().for_each(|x| u.push_str(x));
                r.iter().for_each(|x| u.push_str(x));
                u
            })
    }

    fn options() -> impl Strategy<Value = Options> {
        (
            any::<bool>(),
            any::<bool>(),
            prop::sample::select(&["&", "&", ";", "&&"][..]),
        )
            .prop_map(|(keep_blank_values, keep_fragments, sep)| Options {
                keep_blank_values,
                keep_fragments,
                query_separator: String::from(sep).into(),
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(100_000))]

        /// The text after `://` read from its marks is cut where the
        /// searches cut it: on texts of the bytes each reading looks for,
        /// up to each mask's width (64 bytes, 128), and across the place
        /// where the second 64 begin.
        #[test]
        fn a_rest_marked_is_cut_where_searched(
            pieces in proptest::collection::vec(prop::sample::select(&[
                "/", ".", "?", "#", ":", "@", "/.", "//", "a", "Bc", ":80", "&", "=",
                "abcdefghijklmnop",
            ][..]), 0..60),
        ) {
            let rest: String = pieces.concat();
            let rest = rest.as_bytes();
            let narrow = &rest[..rest.len().min(crate::arch::MARKS_MAX)];
            prop_assert_eq!(Cut::marked::<u64>(narrow), Cut::searched(narrow));
            prop_assert_eq!(Cut::marked::<u128>(narrow), Cut::searched(narrow));
            let wide = &rest[..rest.len().min(2 * crate::arch::MARKS_MAX)];
            prop_assert_eq!(Cut::marked::<u128>(wide), Cut::searched(wide));
        }
    }

    /// w3lib's `_unquotepath` as w3lib writes it: decoded, but for `%25`,
    /// `%2F`, `%3B` and `%3F`, which stay encoded (each replacement is
    /// Python's `str.replace`, in its order).
    fn unquote_path_by_replacements(path: &str) -> Cow<'_, [u8]> {
        if !path.contains('%') {
            return Cow::Borrowed(path.as_bytes());
        }
        let mut p = path.replace("%25", "%2525");
        for (from, to) in [
            ("%2f", "%252F"),
            ("%2F", "%252F"),
            ("%3b", "%253B"),
            ("%3B", "%253B"),
            ("%3f", "%253F"),
            ("%3F", "%253F"),
        ] {
            if p.contains(from) {
                p = p.replace(from, to);
            }
        }
        Cow::Owned(unquote(p.as_bytes(), false).into_owned())
    }

    proptest! {
        // 20,000 cases (each about half a millisecond in a debug build):
        // the alphabet is small enough that its overlaps all come up.
        #![proptest_config(ProptestConfig { cases: 20_000, failure_persistence: None, ..ProptestConfig::default() })]

        /// The one pass is w3lib's replacements and decoding, on paths
        /// made of the bytes those look at (so that escapes of `%`, `/`,
        /// `;` and `?` in either case meet, overlap and break off).
        #[test]
        fn unquote_path_is_the_replacements(
            path in proptest::collection::vec(prop_oneof![
                Just("%"), Just("2"), Just("5"), Just("f"), Just("F"), Just("3"),
                Just("b"), Just("B"), Just("a"), Just("/"), Just("%25"), Just("%2f"),
                Just("%3F"), Just("é"),
            ], 0..16)
        ) {
            let path = path.concat();
            prop_assert_eq!(unquote_path(&path), unquote_path_by_replacements(&path), "{:?}", path);
        }
    }

    /// The test of a whole URL (and of a whole query) is the table's, for
    /// every byte at every place of texts of every length to 70.
    #[test]
    fn the_bare_test_is_the_table() {
        for n in 1..=70 {
            for at in 0..n {
                for v in 0..=255u8 {
                    let mut b = alloc::vec![b'a'; n];
                    b[at] = v;
                    for (table, set) in [
                        (&BARE, &BARE_SET),
                        (&ESCAPED, &ESCAPED_SET),
                        (&FIELDS, &FIELDS_SET),
                    ] {
                        assert_eq!(
                            crate::arch::any_outside(&b, set),
                            !table[usize::from(v)],
                            "{n} {at} {v:#x}"
                        );
                    }
                }
            }
        }
    }

    /// Each set is what w3lib's `_quote` tables leave bare: RFC 3986's
    /// unreserved characters (section 2.3) and the set's own, nothing
    /// beyond ASCII.
    #[test]
    fn the_bare_sets_are_w3libs() {
        let sets: [(&Bare, &[u8]); 7] = [
            (&safe::USERINFO, b"!$&'()*+,"),
            (&safe::SAFEST, b":/?@!$&'()*+,;=%"),
            (&safe::SPECIAL_QUERY, b":/?@!$&()*+,;=%"),
            (&safe::PATH, b":/?@[]!$&'()*+,;=|%"),
            (&safe::PAIR, b""),
            (&safe::PLAIN_FIELD, b"+"),
            (&safe::SCHEME, b"+-."),
        ];
        for (k, (set, extra)) in sets.iter().enumerate() {
            for b in 0..=255u8 {
                let want = if k == 6 {
                    b.is_ascii_alphanumeric() || extra.contains(&b)
                } else {
                    b.is_ascii_alphanumeric() || b"-._~".contains(&b) || extra.contains(&b)
                };
                assert_eq!(set.has(b), want, "set {k}, byte {b:#04x}");
            }
        }
    }

    /// The quoting by runs, byte for byte as one byte at a time writes
    /// it.
    fn quote_bytewise(bytes: &[u8], bare: &Bare, plus: bool) -> String {
        let mut out = String::new();
        for &b in bytes {
            if bare.has(b) {
                out.push(char::from(b));
            } else if plus && b == b' ' {
                out.push('+');
            } else {
                out.push_str(&alloc::format!("%{b:02X}"));
            }
        }
        out
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]
        #[test]
        fn quoting_by_runs_is_quoting_bytewise(
            bytes in proptest::collection::vec(
                prop_oneof![any::<u8>(), Just(b' '), Just(b'a'), Just(b'%')], 0..40),
            plus: bool,
        ) {
            for set in [&safe::SAFEST, &safe::PATH, &safe::PAIR, &safe::USERINFO] {
                let mut out = String::from("x");
                quote_into(&mut out, &bytes, set, plus);
                prop_assert_eq!(&out[1..], quote_bytewise(&bytes, set, plus));
            }
        }
    }

    /// [`plain`]'s answer after a text of its buffer's own, which it
    /// keeps, and which is all the buffer holds where it does not answer.
    fn plain_owned(u: &str, o: &Options) -> Option<String> {
        let mut out = String::from("x");
        if !plain(u, o, &mut out) {
            assert_eq!(out, "x", "{u:?}");
            return None;
        }
        assert!(out.starts_with('x'));
        Some(out.split_off(1))
    }

    /// The one reading writes what the steps do wherever it answers, and
    /// it answers for a good part of the URLs generated (so that the
    /// property cannot hold by never being tried).
    #[test]
    fn the_one_reading_writes_what_the_steps_do() {
        const CASES: u32 = 200_000;
        let taken = crate::testing::count_taken(CASES, (url(), options()), |(u, o)| {
            let Some(fast) = plain_owned(&u, &o) else {
                return Ok(false);
            };
            let slow = canonical(&clean(&u).1, &o);
            prop_assert_eq!(Ok(fast), slow, "{:?} {:?}", u, o);
            Ok(true)
        });
        assert!(
            taken > CASES as usize / 10,
            "the one reading answered {taken} times"
        );
    }

    /// The same on every line of the shared datasets, under the default
    /// options and with the fragments and no blank values, where the one
    /// reading answers for more than four lines in five.
    #[test]
    fn the_one_reading_writes_what_the_steps_do_on_the_datasets() {
        let all = crate::testing::dataset_lines();
        if all.is_empty() {
            return;
        }
        let (lines, mut taken) = (all.len(), 0);
        for u in &all {
            for o in [
                Options::default(),
                Options {
                    keep_blank_values: false,
                    keep_fragments: true,
                    ..Options::default()
                },
            ] {
                if let Some(fast) = plain_owned(u, &o) {
                    taken += 1;
                    assert_eq!(Ok(fast), canonical(&clean(u).1, &o), "{u:?}");
                }
            }
        }
        assert!(
            taken * 10 > lines * 2 * 8,
            "the one reading answered {taken} times for {lines} lines, twice each"
        );
    }

    /// Where the one reading copies the input as it stands (a query in
    /// order, a scheme and host without capitals, a port without a leading
    /// zero) and where it writes a piece again, with w3lib 2.5's answers:
    /// `canonicalize_url` sorts the pairs by name, then value, writes a
    /// name alone with its `=`, drops empty fields, blank values without
    /// `keep_blank_values`, and a `?` alone, and writes the port as a
    /// number.
    #[test]
    fn the_one_reading_copies_what_is_canonical_already() {
        let keep = Options::default();
        let drop = Options {
            keep_blank_values: false,
            ..Options::default()
        };
        let fragments = Options {
            keep_fragments: true,
            ..Options::default()
        };
        for (url, o, want) in [
            ("http://a.com/?a=1&b=2", &keep, "http://a.com/?a=1&b=2"),
            ("http://a.com/?b=2&a=1", &keep, "http://a.com/?a=1&b=2"),
            ("http://a.com/?a=1&&b=2", &keep, "http://a.com/?a=1&b=2"),
            ("http://a.com/?a=1&b=2&", &keep, "http://a.com/?a=1&b=2"),
            ("http://a.com/?a&b=2", &keep, "http://a.com/?a=&b=2"),
            ("http://a.com/?a=&b=2", &keep, "http://a.com/?a=&b=2"),
            ("http://a.com/?a=&b=2", &drop, "http://a.com/?b=2"),
            ("http://a.com/?a=", &drop, "http://a.com/"),
            ("http://a.com/?", &keep, "http://a.com/"),
            ("http://a.com:080/", &keep, "http://a.com:80/"),
            ("http://a.com:0/", &keep, "http://a.com:0/"),
            ("http://a.com:00/", &keep, "http://a.com:0/"),
            ("HTTP://a.com/", &keep, "http://a.com/"),
            ("Foo+x://a.com/p?z=1", &keep, "foo+x://a.com/p?z=1"),
            ("http://A.com/?a=1", &keep, "http://a.com/?a=1"),
            ("http://a.com?a=1", &keep, "http://a.com/?a=1"),
            ("http://a.com/?a=1#f", &fragments, "http://a.com/?a=1#f"),
            ("http://a.com/?a=1#f", &keep, "http://a.com/?a=1"),
            (
                "http://a.com/?a=1&a=1&a=0",
                &keep,
                "http://a.com/?a=0&a=1&a=1",
            ),
            (
                "http://a.com/?a=1&a+b=2&ab=0",
                &keep,
                "http://a.com/?a=1&a+b=2&ab=0",
            ),
        ] {
            assert_eq!(plain_owned(url, o).as_deref(), Some(want), "{url}");
            assert_eq!(canonical(&clean(url).1, o).as_deref(), Ok(want), "{url}");
        }
    }

    /// A path's escapes in the one reading, with w3lib 2.5's answers:
    /// `_unquotepath` decodes every escape but `%25`, `%2F`, `%3B` and
    /// `%3F`, the path's quoting encodes again in upper-case hex what it
    /// does not leave bare, and a `%` without two hex digits after it
    /// stays. An escape of `.` that makes a dot segment, and a `%` in the
    /// netloc or the query, are left to the steps (`None` from the one
    /// reading), which remove the segment and decode the query's.
    #[test]
    fn the_one_reading_decodes_and_encodes_a_paths_escapes() {
        let keep = Options::default();
        let fragments = Options {
            keep_fragments: true,
            ..Options::default()
        };
        for (url, o, want, one_reading) in [
            ("http://a.com/%41%7e%2d", &keep, "http://a.com/A~-", true),
            (
                "http://a.com/r%c3%a9sum%C3%A9",
                &keep,
                "http://a.com/r%C3%A9sum%C3%A9",
                true,
            ),
            (
                "http://a.com/a%2fb%2Fc%3b%3f%25",
                &keep,
                "http://a.com/a%2Fb%2Fc%3B%3F%25",
                true,
            ),
            (
                "http://a.com/%zz%4%%41",
                &keep,
                "http://a.com/%zz%4%A",
                true,
            ),
            ("http://a.com/x%2Ey", &keep, "http://a.com/x.y", true),
            ("http://a.com/%2525", &keep, "http://a.com/%2525", true),
            (
                "http://a.com/%20%23#f%41",
                &keep,
                "http://a.com/%20%23",
                true,
            ),
            (
                "http://a.com/%20%23#f%41",
                &fragments,
                "http://a.com/%20%23#f%41",
                true,
            ),
            (
                "HTTP://A.com/%61?b=1&a=2",
                &keep,
                "http://a.com/a?a=2&b=1",
                true,
            ),
            ("http://a.com/a/%2E%2E/b", &keep, "http://a.com/b", false),
            ("http://a.com/a/%2e/b", &keep, "http://a.com/a/b", false),
            ("http://a.com/%2E", &keep, "http://a.com/", false),
            ("http://a%41.com/", &keep, "http://a%41.com/", false),
            // A query's escapes are decoded and encoded again by the
            // steps' own sorting.
            ("http://a.com/?a=%41", &keep, "http://a.com/?a=A", true),
        ] {
            let fast = plain_owned(url, o);
            assert_eq!(fast.is_some(), one_reading, "{url}");
            if let Some(fast) = fast {
                assert_eq!(fast, want, "{url}");
            }
            assert_eq!(canonical(&clean(url).1, o).as_deref(), Ok(want), "{url}");
        }
    }

    /// A query's pairs with bytes the pairs' quoting encodes, in the one
    /// reading, with w3lib 2.5's answers: an HTML entity's `;`, `?` and
    /// `=` in a value, a URL as a value, the bytes that sort between a
    /// space and `+` (sorted as decoded: `a+b` is `a b`, before `a!`),
    /// escapes, and a `;` in the fragment, which is kept as it stands.
    #[test]
    fn the_one_reading_encodes_a_querys_pairs() {
        let keep = Options::default();
        let fragments = Options {
            keep_fragments: true,
            ..Options::default()
        };
        for (url, o, want) in [
            (
                "http://a.com/?id=14&amp;L=1",
                &keep,
                "http://a.com/?amp%3BL=1&id=14",
            ),
            (
                "http://a.com/p?b=x?y&a=1=2",
                &keep,
                "http://a.com/p?a=1%3D2&b=x%3Fy",
            ),
            (
                "http://a.com/?r=http://b.com/x?y:z@w&a=1",
                &keep,
                "http://a.com/?a=1&r=http%3A%2F%2Fb.com%2Fx%3Fy%3Az%40w",
            ),
            (
                "http://a.com/?a+b=1&a!=2",
                &keep,
                "http://a.com/?a+b=1&a%21=2",
            ),
            (
                "http://a.com/?a+b=1&a\"=2",
                &keep,
                "http://a.com/?a+b=1&a%22=2",
            ),
            // A host keeps its `"`; a path, a query and a kept fragment
            // encode it.
            (
                "https://\"WWW.Moby.com/a\"b?x=\"1\"&a=2#f\"g",
                &keep,
                "https://\"www.moby.com/a%22b?a=2&x=%221%22",
            ),
            (
                "http://a.com/?a=(1)&b=*,$'",
                &keep,
                "http://a.com/?a=%281%29&b=%2A%2C%24%27",
            ),
            (
                "http://a.com/?k=%41&j=a+b",
                &keep,
                "http://a.com/?j=a+b&k=A",
            ),
            (
                "http://a.com/?x=1;y=2#f;g",
                &keep,
                "http://a.com/?x=1%3By%3D2",
            ),
            (
                "http://a.com/?x=1;y=2#f;g",
                &fragments,
                "http://a.com/?x=1%3By%3D2#f;g",
            ),
        ] {
            assert_eq!(plain_owned(url, o).as_deref(), Some(want), "{url}");
            assert_eq!(canonical(&clean(url).1, o).as_deref(), Ok(want), "{url}");
        }
        // A `;` before the query is the steps', and a `"` in a fragment
        // that is kept.
        for (url, o) in [
            ("http://a.com/p;x?a=1", &keep),
            ("http://a;b.com/?a=1", &keep),
            ("http://a.com/#f\"g", &fragments),
        ] {
            assert_eq!(plain_owned(url, o), None, "{url}");
        }
        assert_eq!(
            canonical(&clean("https://\"A.com/#f\"g").1, &fragments).as_deref(),
            Ok("https://\"a.com/#f%22g")
        );
    }

    #[test]
    fn dot_segments_as_w3lib_removes_them() {
        for (path, want) in [
            ("/a/b", "/a/b"),
            ("/a/./b", "/a/b"),
            ("/a/../b", "/b"),
            ("/../a", "/a"),
            ("/a/..", "/"),
            ("/a/.", "/a/"),
            ("/.", "/"),
            ("/a/b/../../..", "/"),
        ] {
            assert_eq!(remove_dot_segments(String::from(path)), want, "{path}");
        }
    }

    #[test]
    fn parameters_of_the_last_segment() {
        assert_eq!(split_params("http", "/a;x/b;y;z"), ("/a;x/b", "y;z"));
        assert_eq!(split_params("mailto", "/a;b"), ("/a;b", ""));
    }

    #[test]
    fn ipv6_as_python_313_writes_it() {
        assert_eq!(ipv6("::0:1").as_deref(), Some("::1"));
        assert_eq!(ipv6("1:0:0:1:0:0:0:1").as_deref(), Some("1:0:0:1::1"));
        assert_eq!(ipv6("FE80::1%eth0").as_deref(), Some("fe80::1%eth0"));
        assert_eq!(ipv6("::ffff:1.2.3.4").as_deref(), Some("::ffff:1.2.3.4"));
        assert_eq!(ipv6("1.2.3.4"), None);
        assert_eq!(ipv6("::1%"), None);
    }
}
