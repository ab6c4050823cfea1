//! Google Safe Browsing's URL canonicalization, its host-suffix and
//! path-prefix lookup expressions, and their SHA-256 hashes (the "URLs and
//! Hashing" page of the Safe Browsing API, v4), with the answers of
//! Google's own Go client (`github.com/google/safebrowsing`, `urls.go`)
//! wherever the page leaves a choice open.
//!
//! ```
//! use urikit::safebrowsing::Url;
//!
//! let url = Url::parse("http://%31%36%38%2e%31%38%38%2e%39%39%2e%32%36/%2E%73%65%63%75%72%65/").unwrap();
//! assert_eq!(url.to_string(), "http://168.188.99.26/.secure/");
//!
//! let url = Url::parse("http://a.b.c/1/2.html?param=1/2").unwrap();
//! assert_eq!(
//!     url.expressions(),
//!     [
//!         "a.b.c/", "a.b.c/1/", "a.b.c/1/2.html", "a.b.c/1/2.html?param=1/2",
//!         "b.c/", "b.c/1/", "b.c/1/2.html", "b.c/1/2.html?param=1/2",
//!     ]
//! );
//! ```
//!
//! The steps, in the client's order:
//!
//! 1. The fragment is cut at the first `#`, white space (Unicode's, as Go's
//!    `strings.TrimSpace` has it) trimmed from both ends, and every tab,
//!    CR and LF removed.
//! 2. The whole text is percent-decoded until nothing decodes (at most
//!    1,024 rounds, as the client stops: deeper nesting is
//!    [`ErrorKind::EscapeTooDeep`]) and escaped once: bytes below 0x20,
//!    from 0x7F, space, `#` and `%` as `%xx` in lower-case hex.
//! 3. A scheme is what precedes the first `:` if it is made of letters,
//!    digits, `+`, `-` and `.` and begins with a letter; without one the
//!    text is read as `http` and a host, and with one it must go on with
//!    `//` ([`ErrorKind::MissingAuthority`]). The query is what follows the
//!    first `?`; the host what precedes the next `/`, and it may not be
//!    empty ([`ErrorKind::MissingHost`]).
//! 4. The host loses its user information and a `:` and digits at its
//!    end. A host with a byte above 0x80 once decoded is converted to
//!    punycode label by label (Go's `idna.ToASCII`, which checks nothing
//!    else: an `xn--` label that does not decode is
//!    [`ErrorKind::InvalidIdna`]); runs of dots become one, dots at the
//!    ends go, and an IPv4 address in any of the resolver's forms (octal,
//!    hex, fewer than four parts, a trailing space and text in a dotted
//!    quad of at most 15 characters) becomes four decimal numbers; any
//!    other host is lower-cased.
//! 5. The path is cleaned as Go's `path.Clean` cleans it (`.` and `..`
//!    resolved, runs of `/` made one), keeping a final `/`.
//!
//! Two readings of the page are the client's rather than the page's own
//! examples: an IPv6 literal is kept as written, lower-cased (the newer
//! page asks for RFC 5952's form), and the lookup expressions take up to
//! six suffixes of the host besides the host itself (the page says four).
//!
//! May use: `error`, `bytes`, `grammar`, `pct`, `parse`.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::error::{Error, ErrorKind};
use crate::grammar::rfc3986::hex_val;
use crate::parse::ip::{ipv4_exact, ipv6_text};
use crate::pct::unescape_repeatedly_tagged;

mod ipv4;
mod punycode;
mod space;

/// The rounds of decoding after which the client gives up.
const MAX_ROUNDS: u16 = 1024;

/// A URL canonicalized as Safe Browsing canonicalizes it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Url {
    scheme: String,
    host: String,
    path: String,
    query: Option<String>,
}

impl Url {
    /// Canonicalizes `url`.
    ///
    /// ```
    /// use urikit::safebrowsing::Url;
    ///
    /// let url = Url::parse("http://www.GOOgle.com.../foo/../bar/?q#frag").unwrap();
    /// assert_eq!(url.host(), "www.google.com");
    /// assert_eq!(url.path(), "/bar/");
    /// assert_eq!(url.query(), Some("q"));
    /// ```
    ///
    /// # Errors
    ///
    /// See the [module](self)'s steps; the offset is the input's byte where
    /// the text that fails begins.
    pub fn parse(url: &str) -> Result<Url, Error> {
        Url::parse_bytes(url.as_bytes())
    }

    /// [`Url::parse`] of bytes that need not be UTF-8, as the client reads
    /// them (a lone `\x80` is escaped as `%80`).
    ///
    /// ```
    /// use urikit::safebrowsing::Url;
    ///
    /// let url = Url::parse_bytes(b"http://\x01\x80.com/").unwrap();
    /// assert_eq!(url.to_string(), "http://%01%80.com/");
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Url::parse`].
    pub fn parse_bytes(url: &[u8]) -> Result<Url, Error> {
        let mut text = String::new();
        let rounds = normalize(url, &mut text, None);
        let read = if rounds >= MAX_ROUNDS {
            Err((ErrorKind::EscapeTooDeep, usize::MAX))
        } else {
            read(&text)
        };
        read.map_err(|(kind, at)| Error::new(kind, origin(url, kind, at)))
    }

    /// The scheme, as written (`http` where there was none).
    ///
    /// ```
    /// assert_eq!(urikit::safebrowsing::Url::parse("www.google.com").unwrap().scheme(), "http");
    /// ```
    pub fn scheme(&self) -> &str {
        &self.scheme
    }

    /// The canonical host.
    ///
    /// ```
    /// assert_eq!(urikit::safebrowsing::Url::parse("http://3279880203/").unwrap().host(), "195.127.0.11");
    /// ```
    pub fn host(&self) -> &str {
        &self.host
    }

    /// The canonical path; `/` at least.
    ///
    /// ```
    /// assert_eq!(urikit::safebrowsing::Url::parse("http://a.com//a//b///c").unwrap().path(), "/a/b/c");
    /// ```
    pub fn path(&self) -> &str {
        &self.path
    }

    /// The query after the first `?`, escaped as the rest; `Some("")` where
    /// the URL ends in `?`.
    ///
    /// ```
    /// assert_eq!(urikit::safebrowsing::Url::parse("http://a.com/q?r?s").unwrap().query(), Some("r?s"));
    /// ```
    pub fn query(&self) -> Option<&str> {
        self.query.as_deref()
    }

    /// The canonical URL without its query, as the Go client's
    /// `canonicalURL` writes it.
    ///
    /// ```
    /// let url = urikit::safebrowsing::Url::parse("http://evil.com/foo?bar;").unwrap();
    /// assert_eq!(url.without_query(), "http://evil.com/foo");
    /// ```
    pub fn without_query(&self) -> String {
        let mut s =
            String::with_capacity(self.scheme.len() + 3 + self.host.len() + self.path.len());
        s.push_str(&self.scheme);
        s.push_str("://");
        s.push_str(&self.host);
        s.push_str(&self.path);
        s
    }

    /// The host suffixes looked up: the host, then up to six of its
    /// suffixes of two labels and more, longest first; an IP address
    /// alone.
    ///
    /// ```
    /// let url = urikit::safebrowsing::Url::parse("http://a.b.c.com/").unwrap();
    /// assert_eq!(url.hosts(), ["a.b.c.com", "b.c.com", "c.com"]);
    /// ```
    pub fn hosts(&self) -> Vec<&str> {
        /// The labels the client examines at most.
        const MAX_LABELS: usize = 7;
        let host = self.host.as_str();
        let bare = host.trim_matches(|c| c == '[' || c == ']');
        let mut hosts = alloc::vec![host];
        if ipv4_exact(bare.as_bytes()).is_some() || ipv6(bare) {
            return hosts;
        }
        let dots: Vec<usize> = host.match_indices('.').map(|(i, _)| i).collect();
        let labels = dots.len() + 1;
        if labels < 3 {
            return hosts;
        }
        let first = labels.saturating_sub(MAX_LABELS).max(1);
        // The suffix starting at label i follows dot i - 1; the last label
        // alone is not looked up.
        for &d in dots.iter().take(labels - 2).skip(first - 1) {
            hosts.push(&host[d + 1..]);
        }
        hosts
    }

    /// The path prefixes looked up: `/`, up to three directories, the path,
    /// and the path with its query when the query is not empty.
    ///
    /// ```
    /// let url = urikit::safebrowsing::Url::parse("http://a.com/a/b/c/d/e.html?123").unwrap();
    /// assert_eq!(
    ///     url.paths(),
    ///     ["/", "/a/", "/a/b/", "/a/b/c/", "/a/b/c/d/e.html", "/a/b/c/d/e.html?123"]
    /// );
    /// ```
    pub fn paths(&self) -> Vec<String> {
        let mut paths = Vec::new();
        self.each_path(|p, q| {
            let mut s = String::from(p);
            if let Some(q) = q {
                s.push('?');
                s.push_str(q);
            }
            paths.push(s);
        });
        paths
    }

    /// Calls `f` with each path of [`Url::paths`] as a prefix of the path
    /// and, for the last, the query that follows its `?`: the canonical
    /// path has no empty segment (`path.Clean`), so that each directory
    /// looked up is the path up to one of its `/`, and no string is made.
    fn each_path(&self, mut f: impl FnMut(&str, Option<&str>)) {
        /// The components of the longest prefix but the path itself.
        const MAX_COMPONENTS: usize = 4;
        let path = self.path.as_str();
        f("/", None);
        let components = path.split('/').filter(|c| !c.is_empty()).count();
        // The directory of i components ends at the path's (i + 1)-th `/`.
        let dirs = components.min(MAX_COMPONENTS).saturating_sub(1);
        for (i, _) in path.match_indices('/').skip(1).take(dirs) {
            f(&path[..=i], None);
        }
        if path != "/" {
            f(path, None);
        }
        if let Some(q) = self.query.as_deref().filter(|q| !q.is_empty()) {
            f(path, Some(q));
        }
    }

    /// The lookup expressions: every host of [`Url::hosts`] with every path
    /// of [`Url::paths`], in that order.
    ///
    /// ```
    /// let url = urikit::safebrowsing::Url::parse("http://a.b/?").unwrap();
    /// assert_eq!(url.expressions(), ["a.b/"]);
    /// ```
    pub fn expressions(&self) -> Vec<String> {
        let mut out = Vec::new();
        self.each_expression(|h, p, q| {
            let mut e = String::with_capacity(h.len() + p.len() + q.map_or(0, |q| q.len() + 1));
            e.push_str(h);
            e.push_str(p);
            if let Some(q) = q {
                e.push('?');
                e.push_str(q);
            }
            out.push(e);
        });
        out
    }

    /// Calls `f` with each expression of [`Url::expressions`] as its host,
    /// its path and the query after its `?` (see [`Url::each_path`]), in
    /// that order, with no string made for it.
    fn each_expression(&self, mut f: impl FnMut(&str, &str, Option<&str>)) {
        for h in self.hosts() {
            self.each_path(|p, q| f(h, p, q));
        }
    }

    /// The SHA-256 hash of each of [`Url::expressions`]; a hash prefix is
    /// its first bytes (four, usually).
    ///
    /// ```
    /// let url = urikit::safebrowsing::Url::parse("http://b/").unwrap();
    /// let h = url.hashes();
    /// assert_eq!(h.len(), 1);
    /// assert_eq!(h[0][..4], [0xa9, 0xee, 0xd1, 0xa7]);
    /// ```
    pub fn hashes(&self) -> Vec<[u8; 32]> {
        use sha2::Digest;
        let mut out = Vec::new();
        // Host and path fed to the hash in turn: the expression's text is
        // never made (an allocation each, a fifth of the time).
        self.each_expression(|h, p, q| {
            let mut sha = sha2::Sha256::new().chain_update(h).chain_update(p);
            if let Some(q) = q {
                sha = sha.chain_update("?").chain_update(q);
            }
            out.push(sha.finalize().into());
        });
        out
    }
}

/// The dotted quad of a host name that Safe Browsing reads as an IPv4
/// address (the Go client's `parseIPAddress`): in octal, hex or decimal,
/// in one to four parts, each part but the last giving its low byte and
/// the last the rest; a dotted quad followed by a space and text is the
/// quad, where the whole is at most 15 bytes (the Windows resolver's
/// reading). `None` for any other host.
///
/// ```
/// use urikit::safebrowsing::ipv4;
/// assert_eq!(ipv4("0x12.0x43.0x44.0x01").as_deref(), Some("18.67.68.1"));
/// assert_eq!(ipv4("12.0x12.01234").as_deref(), Some("12.18.2.156"));
/// assert_eq!(ipv4("3279880203").as_deref(), Some("195.127.0.11"));
/// assert_eq!(ipv4("123.123.0.0.1"), None);
/// ```
pub fn ipv4(host: &str) -> Option<String> {
    ipv4::canonical(host)
}

/// Whether `s` is an IPv6 address (RFC 3986's `IPv6address`, which Go's
/// `net.ParseIP` reads too).
fn ipv6(s: &str) -> bool {
    ipv6_text(s).is_some()
}

/// Writes the canonical URL with its query (`?` and the query where the
/// URL has one, even empty), as the page's examples write it.
impl fmt::Display for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}://{}{}", self.scheme, self.host, self.path)?;
        if let Some(q) = &self.query {
            write!(f, "?{q}")?;
        }
        Ok(())
    }
}

/// The canonical URL of `url`, with its query ([`Url`]'s `Display`).
///
/// ```
/// assert_eq!(
///     urikit::safebrowsing::canonicalize("http://host/%25%32%35%25%32%35").unwrap(),
///     "http://host/%25%25"
/// );
/// ```
///
/// # Errors
///
/// As [`Url::parse`].
pub fn canonicalize(url: &str) -> Result<String, Error> {
    Url::parse(url).map(|u| alloc::string::ToString::to_string(&u))
}

/// The SHA-256 hash of a lookup expression.
///
/// ```
/// let h = urikit::safebrowsing::hash("abc");
/// assert_eq!(h[..4], [0xba, 0x78, 0x16, 0xbf]);
/// ```
pub fn hash(expression: &str) -> [u8; 32] {
    use sha2::Digest;
    sha2::Sha256::digest(expression.as_bytes()).into()
}

/// [`hash`] in lower-case hex, as hash prefixes are usually written (the
/// four-byte prefix is its first eight digits).
///
/// ```
/// assert_eq!(&urikit::safebrowsing::hash_hex("abc")[..8], "ba7816bf");
/// ```
pub fn hash_hex(expression: &str) -> String {
    hex(&hash(expression))
}

/// A hash in lower-case hex.
///
/// ```
/// let h = urikit::safebrowsing::Url::parse("http://b/").unwrap().hashes();
/// assert_eq!(&urikit::safebrowsing::hex(&h[0])[..8], "a9eed1a7");
/// ```
pub fn hex(hash: &[u8; 32]) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(64);
    for &b in hash {
        s.push(char::from(HEX[usize::from(b >> 4)]));
        s.push(char::from(HEX[usize::from(b & 15)]));
    }
    s
}

/// Whether step 2 escapes `b`: below 0x21 (space included), from 0x7F,
/// `#` and `%`.
fn escape(b: u8) -> bool {
    !(0x21..0x7f).contains(&b) || b == b'#' || b == b'%'
}

/// Step 1: the piece of the input that is read (cut at the first `#`,
/// trimmed), and where it begins.
fn piece(input: &[u8]) -> (usize, &[u8]) {
    let end = memchr::memchr(b'#', input).unwrap_or(input.len());
    let (start, end) = space::trim(&input[..end]);
    (start, &input[start..end])
}

/// Whether step 1 removes `b`.
fn stripped(b: &u8) -> bool {
    matches!(b, b'\t' | b'\r' | b'\n')
}

/// Step 1 and 2: the text cut, trimmed, stripped and escaped anew, into
/// `text`; returns the rounds of decoding it takes. With `trace`, also the
/// input's offset of each byte of `text` (a decoded byte's is its `%`'s),
/// which only an error's offset needs.
fn normalize(input: &[u8], text: &mut String, trace: Option<&mut Vec<usize>>) -> u16 {
    let (start, piece) = piece(input);
    let end = start + piece.len();
    let kept;
    let bytes: &[u8] = if piece.iter().any(stripped) {
        kept = piece
            .iter()
            .copied()
            .filter(|b| !stripped(b))
            .collect::<Vec<u8>>();
        &kept
    } else {
        piece
    };
    const HEX: &[u8; 16] = b"0123456789abcdef";
    text.clear();
    text.reserve(bytes.len() + 8);
    let push = |text: &mut String, b: u8| {
        if escape(b) {
            text.push('%');
            text.push(char::from(HEX[usize::from(b >> 4)]));
            text.push(char::from(HEX[usize::from(b & 15)]));
        } else {
            text.push(char::from(b));
        }
    };
    let Some(trace) = trace else {
        // The common case: no escape to decode, nothing to trace; and
        // most often no byte to escape either (sixteen bytes at a time).
        if memchr::memchr(b'%', bytes).is_none() {
            if !crate::bytes::any_byte(bytes, escape) {
                // Printable ASCII alone.
                text.push_str(core::str::from_utf8(bytes).unwrap_or_default());
                return 0;
            }
            for &b in bytes {
                push(text, b);
            }
            return 0;
        }
        let mut decoded = Vec::with_capacity(bytes.len());
        let mut rounds = Vec::with_capacity(bytes.len());
        unescape_repeatedly_tagged(
            bytes,
            &mut decoded,
            &mut rounds,
            |_| 0u16,
            |p, h, l| p.max(h).max(l).saturating_add(1),
        );
        for &b in &decoded {
            push(text, b);
        }
        return rounds.iter().copied().max().unwrap_or(0);
    };
    // Each stripped byte's offset in the input.
    let kept: Vec<usize> = (start..end).filter(|&i| !stripped(&input[i])).collect();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut tags: Vec<(u16, usize)> = Vec::with_capacity(bytes.len());
    unescape_repeatedly_tagged(
        bytes,
        &mut decoded,
        &mut tags,
        |i| (0, kept[i]),
        |p, h, l| (p.0.max(h.0).max(l.0).saturating_add(1), p.1),
    );
    trace.clear();
    for (&b, &(_, at)) in decoded.iter().zip(tags.iter()) {
        let n = if escape(b) { 3 } else { 1 };
        push(text, b);
        trace.extend(core::iter::repeat_n(at, n));
    }
    // Where the decoding goes past the client's limit.
    if let Some(&(_, at)) = tags.iter().find(|t| t.0 >= MAX_ROUNDS) {
        trace.insert(0, at);
        return MAX_ROUNDS;
    }
    tags.iter().map(|t| t.0).max().unwrap_or(0)
}

/// The input's offset of the byte at `at` of the normalized text (or of
/// the deepest escape, for [`ErrorKind::EscapeTooDeep`]): the text is
/// made again with each byte traced to its origin, which only an error
/// pays for.
fn origin(input: &[u8], kind: ErrorKind, at: usize) -> usize {
    plain_origin(input, kind, at).unwrap_or_else(|| traced_origin(input, kind, at))
}

/// [`origin`] where nothing was decoded or removed, so that each byte of
/// the piece read is one byte of the text, or three where escaped: no
/// text made again. `None` for every other input.
fn plain_origin(input: &[u8], kind: ErrorKind, at: usize) -> Option<usize> {
    let (start, piece) = piece(input);
    if kind == ErrorKind::EscapeTooDeep
        || memchr::memchr(b'%', piece).is_some()
        || piece.iter().any(stripped)
    {
        return None;
    }
    let mut len = 0;
    for (i, &b) in piece.iter().enumerate() {
        len += if escape(b) { 3 } else { 1 };
        if at < len {
            return Some(start + i);
        }
    }
    // The end of the text: the end of what was read.
    Some(if piece.is_empty() {
        0
    } else {
        start + piece.len()
    })
}

/// [`origin`] by the text made again with each byte's origin.
fn traced_origin(input: &[u8], kind: ErrorKind, at: usize) -> usize {
    let mut text = String::new();
    let mut trace = Vec::new();
    let rounds = normalize(input, &mut text, Some(&mut trace));
    if kind == ErrorKind::EscapeTooDeep && rounds >= MAX_ROUNDS {
        return trace.first().copied().unwrap_or(0);
    }
    match trace.get(at) {
        Some(&o) => o,
        // The end of the text: the end of what was read.
        None => trace.last().map_or(0, |o| o + 1),
    }
}

/// Steps 3 to 5 on the normalized text; an error's offset is in it.
fn read(text: &str) -> Result<Url, (ErrorKind, usize)> {
    let (scheme, after) = scheme(text);
    let q = text[after..].find('?').map(|q| after + q);
    let body_end = q.unwrap_or(text.len());
    let query = q.map(|q| String::from(&text[q + 1..]));
    let (scheme, at) = match scheme {
        Some(s) if !s.is_empty() => {
            if !text[after..body_end].starts_with("//") {
                return Err((ErrorKind::MissingAuthority, after));
            }
            (String::from(s), after + 2)
        }
        _ => (String::from("http"), after),
    };
    let body = &text[at..body_end];
    let (hostish, path) = match body.find('/') {
        Some(i) => (&body[..i], &body[i..]),
        None => (body, ""),
    };
    if hostish.is_empty() {
        return Err((ErrorKind::MissingHost, at));
    }
    let host = host(hostish).map_err(|kind| (kind, at))?;
    Ok(Url {
        scheme,
        host,
        path: clean(path),
        query,
    })
}

/// `bytes` with each `%XX` decoded once (Go client's `unescape`).
fn decode_once(bytes: &[u8], out: &mut Vec<u8>) {
    let mut i = 0;
    while i < bytes.len() {
        if let (b'%', Some(h), Some(l)) = (
            bytes[i],
            bytes.get(i + 1).and_then(|&b| hex_val(b)),
            bytes.get(i + 2).and_then(|&b| hex_val(b)),
        ) {
            out.push(h << 4 | l);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
}

/// The scheme (Go client's `getScheme`): `Some(name)` and the offset after
/// its `:`, or `None` and 0. The name may be empty (a text that begins with
/// `:`), which reads as no scheme.
fn scheme(text: &str) -> (Option<&str>, usize) {
    for (i, b) in text.bytes().enumerate() {
        match b {
            b'a'..=b'z' | b'A'..=b'Z' => {}
            b'0'..=b'9' | b'+' | b'-' | b'.' if i > 0 => {}
            b':' => return (Some(&text[..i]), i + 1),
            _ => return (None, 0),
        }
    }
    (None, 0)
}

/// Step 4: the canonical host of the text between `//` and the path.
fn host(hostish: &str) -> Result<String, ErrorKind> {
    let host = match hostish.rfind('@') {
        Some(i) => &hostish[i + 1..],
        None => hostish,
    };
    if host.starts_with('[') && !host.contains(']') {
        return Err(ErrorKind::UnexpectedBracket);
    }
    // A `:` and digits at the end: the port.
    let digits = host.len() - host.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let host = if digits > 0 && host[..host.len() - digits].ends_with(':') {
        &host[..host.len() - digits - 1]
    } else {
        host
    };
    let mut decoded = Vec::with_capacity(host.len());
    decode_once(host.as_bytes(), &mut decoded);
    let converted;
    let host = if decoded.iter().any(|&b| b > 0x80) {
        converted = punycode::to_ascii(&decoded).ok_or(ErrorKind::InvalidIdna)?;
        converted.as_str()
    } else {
        host
    };
    let mut out = String::with_capacity(host.len());
    for label in host.split('.').filter(|l| !l.is_empty()) {
        if !out.is_empty() {
            out.push('.');
        }
        out.push_str(label);
    }
    Ok(match ipv4::canonical(&out) {
        Some(ip) => ip,
        None => {
            out.make_ascii_lowercase();
            out
        }
    })
}

/// Step 5: Go's `path.Clean` of a path that begins with `/` (or is empty),
/// keeping a final `/`.
fn clean(path: &str) -> String {
    let mut out = String::with_capacity(path.len() + 1);
    for segment in path.split('/') {
        match segment {
            "" | "." => {}
            ".." => {
                let keep = out.rfind('/').unwrap_or(0);
                out.truncate(keep);
            }
            s => {
                out.push('/');
                out.push_str(s);
            }
        }
    }
    if out.is_empty() || path.ends_with('/') {
        out.push('/');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 100_000, failure_persistence: None, ..ProptestConfig::default() })]

        /// Where it answers, the offset counted without a trace is the
        /// traced one, for every error and every offset in the text and
        /// past it.
        #[test]
        fn plain_offsets_are_the_traced_ones(
            input in proptest::collection::vec(prop_oneof![
                8 => prop::sample::select(&b"ab.c/:?@[]#%0 x\x7f\xc2\xa0"[..]),
                1 => any::<u8>(),
            ], 0..24),
            at in 0usize..80,
        ) {
            for kind in [ErrorKind::MissingHost, ErrorKind::MissingAuthority, ErrorKind::EscapeTooDeep] {
                if let Some(o) = plain_origin(&input, kind, at) {
                    prop_assert_eq!(o, traced_origin(&input, kind, at), "{:?} {:?}", input, kind);
                }
            }
        }
    }

    #[test]
    fn clean_is_go_path_clean() {
        for (path, want) in [
            ("", "/"),
            ("/", "/"),
            ("/a/./b/../c", "/a/c"),
            ("/../a", "/a"),
            ("//a//b///c////", "/a/b/c/"),
            ("/a/.", "/a"),
            ("/a/..", "/"),
            ("/a/../", "/"),
            ("/foo/.././bar/./../foo.html", "/foo.html"),
        ] {
            assert_eq!(clean(path), want, "{path:?}");
        }
    }

    #[test]
    fn schemes() {
        assert_eq!(scheme("http://a"), (Some("http"), 5));
        assert_eq!(scheme(":a"), (Some(""), 1));
        assert_eq!(scheme("1a:b"), (None, 0));
        assert_eq!(scheme("a+1.-:b"), (Some("a+1.-"), 6));
        assert_eq!(scheme("a/b:c"), (None, 0));
        assert_eq!(scheme("abc"), (None, 0));
    }
}
