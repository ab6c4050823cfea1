//! Common Crawl's URL columns: the 16 `url_*` columns of its columnar
//! index (`url_surtkey` to `url_query`), with the answers of
//! commoncrawl/cc-index-table, which reads each capture's URL with Java's
//! `java.net.URL` (`java.net.URI` for a scheme Java has no handler for),
//! its `HostName` class and crawler-commons' `EffectiveTldFinder`.
//!
//! ```
//! use urikit::ccindex::columns;
//!
//! let c = columns("https://www.Example.co.uk:8443/a/b?x=1#f").unwrap();
//! assert_eq!(c.surtkey.as_deref(), Some("uk,co,example:8443)/a/b?x=1"));
//! assert_eq!(c.host_name.as_deref(), Some("www.example.co.uk"));
//! assert_eq!(c.host_tld.as_deref(), Some("uk"));
//! assert_eq!(c.host_registry_suffix.as_deref(), Some("co.uk"));
//! assert_eq!(c.host_registered_domain.as_deref(), Some("example.co.uk"));
//! assert_eq!(c.host_name_reversed.as_deref(), Some("uk.co.example.www"));
//! assert_eq!((c.protocol.as_deref(), c.port), (Some("https"), Some(8443)));
//! assert_eq!((c.path.as_deref(), c.query.as_deref()), (Some("/a/b"), Some("x=1")));
//! ```
//!
//! The reference's steps, as this module takes them:
//!
//! 1. The URL is read as `java.net.URL` reads it for the schemes Java
//!    handles (`http`, `https`, `ftp`, `file`, `jrt`; `mailto` keeps its
//!    text as the path): surrounding controls and spaces trimmed, `url:`
//!    skipped, the fragment cut at `#`, the query at the first `?`, an
//!    authority after `//` (not after `////`) up to `/`, a user before a
//!    single `@`, a port after `:` (Java's `Integer.parseInt`: a sign is
//!    allowed), an IPv6 literal checked. Another scheme is read as
//!    `java.net.URI` reads it. A URL whose host is missing is read again
//!    with `http:` or `https:` followed by exactly two slashes.
//! 2. The host, lower case: a dotted quad of octets is kept; one to four
//!    decimal parts are written as a dotted quad where Java's resolver
//!    reads them, and are kept, without the host columns, where it does
//!    not; a bracketed IPv6 literal is kept; any other host is
//!    form-decoded where it holds `%` (`+` as a space), converted to
//!    punycode by IDNA 2003 where it is not ASCII (all host columns NULL
//!    where that fails), and loses a final dot.
//! 3. The host's labels reversed (`url_host_tld` to
//!    `url_host_5th_last_part`, `url_host_name_reversed`).
//! 4. The suffixes by crawler-commons' reading of the Public Suffix List
//!    (the list compiled in): the longest rule that matches, with no
//!    implicit `*` (a host under an unknown top-level domain has none), a
//!    matched exception being the suffix itself; the registry (ICANN)
//!    suffix and its domain, and the private suffix and its domain.
//!
//! `url_surtkey` is the SURT key of the URL as the `surt` package makes it
//! (the index's `urlkey`, [`crate::surt`]).
//!
//! May use: `error`, `psl`, `surt`, `idna2003`, `parse`.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::Write;

use crate::error::{Error, ErrorKind};
use crate::psl::{List, Rule};

/// The columns' names, in the index's order.
pub const NAMES: [&str; 16] = [
    "url_surtkey",
    "url_host_name",
    "url_host_tld",
    "url_host_2nd_last_part",
    "url_host_3rd_last_part",
    "url_host_4th_last_part",
    "url_host_5th_last_part",
    "url_host_registry_suffix",
    "url_host_registered_domain",
    "url_host_private_suffix",
    "url_host_private_domain",
    "url_host_name_reversed",
    "url_protocol",
    "url_port",
    "url_path",
    "url_query",
];

/// One URL's columns; `None` is the index's NULL.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Columns {
    /// `url_surtkey`.
    pub surtkey: Option<String>,
    /// `url_host_name`.
    pub host_name: Option<String>,
    /// `url_host_tld`: the last label.
    pub host_tld: Option<String>,
    /// `url_host_2nd_last_part`.
    pub host_2nd_last_part: Option<String>,
    /// `url_host_3rd_last_part`.
    pub host_3rd_last_part: Option<String>,
    /// `url_host_4th_last_part`.
    pub host_4th_last_part: Option<String>,
    /// `url_host_5th_last_part`.
    pub host_5th_last_part: Option<String>,
    /// `url_host_registry_suffix`: the public suffix by the ICANN section.
    pub host_registry_suffix: Option<String>,
    /// `url_host_registered_domain`: one label more.
    pub host_registered_domain: Option<String>,
    /// `url_host_private_suffix`: the public suffix by both sections.
    pub host_private_suffix: Option<String>,
    /// `url_host_private_domain`: one label more.
    pub host_private_domain: Option<String>,
    /// `url_host_name_reversed`: `com.example.www`.
    pub host_name_reversed: Option<String>,
    /// `url_protocol`: the scheme, lower case.
    pub protocol: Option<String>,
    /// `url_port`, where the URL states one.
    pub port: Option<i32>,
    /// `url_path`.
    pub path: Option<String>,
    /// `url_query`.
    pub query: Option<String>,
}

impl Columns {
    /// The text columns by name (all but `url_port`), in [`NAMES`]'
    /// order; `None` for `url_port` and a name that is not a column.
    ///
    /// ```
    /// let c = urikit::ccindex::columns("http://a.example.org/").unwrap();
    /// assert_eq!(c.text("url_host_private_domain"), Some(Some("example.org")));
    /// assert_eq!(c.text("url_port"), None);
    /// ```
    pub fn text(&self, name: &str) -> Option<Option<&str>> {
        let v = match name {
            "url_surtkey" => &self.surtkey,
            "url_host_name" => &self.host_name,
            "url_host_tld" => &self.host_tld,
            "url_host_2nd_last_part" => &self.host_2nd_last_part,
            "url_host_3rd_last_part" => &self.host_3rd_last_part,
            "url_host_4th_last_part" => &self.host_4th_last_part,
            "url_host_5th_last_part" => &self.host_5th_last_part,
            "url_host_registry_suffix" => &self.host_registry_suffix,
            "url_host_registered_domain" => &self.host_registered_domain,
            "url_host_private_suffix" => &self.host_private_suffix,
            "url_host_private_domain" => &self.host_private_domain,
            "url_host_name_reversed" => &self.host_name_reversed,
            "url_protocol" => &self.protocol,
            "url_path" => &self.path,
            "url_query" => &self.query,
            _ => return None,
        };
        Some(v.as_deref())
    }
}

/// The columns of `url` (a capture's WARC-Target-URI).
///
/// # Errors
///
/// Where the reference fails to make a row: a URL neither `java.net.URL`
/// nor `java.net.URI` reads, even with its slashes mended
/// ([`ErrorKind::InvalidChar`], [`ErrorKind::InvalidPort`],
/// [`ErrorKind::InvalidIpv6`], at offset 0).
pub fn columns(url: &str) -> Result<Columns, Error> {
    let mut w = WarcUri::default();
    let mut err = w.parse_and_set(url).err();
    // A URL without a host name is read again with its slashes mended;
    // a reading that fails leaves what the first one set.
    let retry = match &w.host {
        None => true,
        Some(c) => c.host_name.as_deref() == Some(""),
    };
    if retry {
        if let Err(e) = w.parse_and_set(&mend_slashes(url)) {
            err = err.or(Some(e));
        }
    }
    let Some(host) = w.host.take() else {
        return Err(Error::new(
            err.unwrap_or(ErrorKind::InvalidChar),
            first_bad(url),
        ));
    };
    let (path, query, port) = match (w.url, w.uri) {
        (Some(u), uri) => (u.path, u.query, u.port.or(uri.and_then(|r| r.port))),
        (None, Some(r)) => (r.path, r.query, r.port),
        (None, None) => return Err(Error::new(ErrorKind::InvalidChar, 0)),
    };
    Ok(Columns {
        surtkey: crate::surt::surt(url, &crate::surt::Options::default()).ok(),
        protocol: w.scheme,
        port,
        path,
        query,
        ..host
    })
}

/// Where a text neither Java class reads goes wrong, as near as a scan can
/// tell: the first control character, space or character that a URI
/// never holds (`"<>\^`{|}`), else its start.
fn first_bad(url: &str) -> usize {
    url.char_indices()
        .find(|&(_, c)| {
            c <= ' ' || c == '\u{7f}' || "\"<>\\^`{|}".contains(c) || java_space_or_control(c)
        })
        .map_or(0, |(i, _)| i)
}

/// `WarcUri`'s fields, as its two readings leave them.
#[derive(Default)]
struct WarcUri {
    url: Option<Read>,
    uri: Option<Read>,
    scheme: Option<String>,
    /// The host columns of `HostName`; `None` where no `HostName` was made.
    host: Option<Columns>,
}

impl WarcUri {
    /// `parseAndSetURI`: `java.net.URL`, else `java.net.URI`; a reading
    /// that fails changes nothing.
    fn parse_and_set(&mut self, s: &str) -> Result<(), ErrorKind> {
        if let Ok(u) = java_url(s) {
            self.scheme = u.scheme.clone();
            self.host = Some(host_of(&u));
            // `url.toURI()`: a URI of the URL's text; where that fails the
            // last URI stays. Of this URI the columns read the port alone
            // (the URL gives the rest), so its texts are not made.
            if let Some(uri) = u.external.as_deref().and_then(|e| java_uri(e, false).ok()) {
                self.uri = Some(uri);
            }
            self.url = Some(u);
            return Ok(());
        }
        let r = java_uri(s, true)?;
        self.scheme = r.scheme.clone();
        self.host = Some(host_of(&r));
        self.uri = Some(r);
        Ok(())
    }
}

/// The host columns of a reading (`HostName`).
fn host_of(r: &Read) -> Columns {
    let mut c = Columns::default();
    if let Some(h) = &r.host {
        host_columns(h, &mut c);
    }
    c
}

/// The host columns of a host name as cc-index-table's `HostName(String)`
/// reads it (the URL columns, `url_surtkey` and `url_protocol` to
/// `url_query`, are `None`).
///
/// ```
/// let c = urikit::ccindex::host("www.example.%d0%a0%d0%a4");
/// assert_eq!(c.host_name.as_deref(), Some("www.example.xn--p1ai"));
/// assert_eq!(c.host_registered_domain.as_deref(), Some("example.xn--p1ai"));
/// assert_eq!(urikit::ccindex::host("example.invalid").host_registry_suffix, None);
/// ```
pub fn host(name: &str) -> Columns {
    let mut c = Columns::default();
    host_columns(name, &mut c);
    c
}

/// What Java's URL (or URI) gives the columns.
#[derive(Clone, Debug)]
struct Read {
    scheme: Option<String>,
    /// The host to read (`None`: no host name at all).
    host: Option<String>,
    port: Option<i32>,
    path: Option<String>,
    query: Option<String>,
    /// A URL's text as `URL.toString()` writes it (`toURI` reads it).
    external: Option<String>,
}

/// `WarcUri.normalizeMalformedHttpSlashes`.
fn mend_slashes(url: &str) -> String {
    let prefix = if url.starts_with("http:") {
        "http:"
    } else if url.starts_with("https:") {
        "https:"
    } else {
        return url.to_string();
    };
    let rest = &url[prefix.len()..];
    let slashes = rest.len() - rest.trim_start_matches('/').len();
    if slashes == 2 {
        return url.to_string();
    }
    let mut s = String::from(prefix);
    s.push_str("//");
    s.push_str(&rest[slashes..]);
    s
}

/// `java.net.URL(spec)` with the handlers of Java 17, or `Err` where it
/// throws `MalformedURLException`.
fn java_url(spec: &str) -> Result<Read, ()> {
    let b = spec.as_bytes();
    let mut limit = b.len();
    while limit > 0 && b[limit - 1] <= b' ' {
        limit -= 1;
    }
    let mut start = 0;
    while start < limit && b[start] <= b' ' {
        start += 1;
    }
    if b.len() >= start + 4 && b[start..start + 4].eq_ignore_ascii_case(b"url:") {
        start += 4;
    }
    let mut protocol = None;
    if b.get(start) != Some(&b'#') {
        let mut i = start;
        while i < limit && b[i] != b'/' {
            if b[i] == b':' {
                let s = lower(&spec[start..i]);
                if valid_protocol(&s) {
                    protocol = Some(s);
                    start = i + 1;
                }
                break;
            }
            i += 1;
        }
    }
    let protocol = protocol.ok_or(())?;
    if !matches!(
        protocol.as_str(),
        "http" | "https" | "ftp" | "file" | "jrt" | "mailto"
    ) {
        return Err(());
    }
    let mut fragment = None;
    if let Some(h) = at(&spec[start..], b'#') {
        fragment = Some(String::from(&spec[start + h + 1..limit.max(start + h + 1)]));
        limit = start + h;
    }
    if protocol == "mailto" {
        let file = &spec[start..limit.max(start)];
        // Java's `isBlank`: `Character.isWhitespace` throughout (which a
        // no-break space is not).
        let java_space = |c: char| {
            matches!(
                c,
                '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | '\u{1c}'..='\u{1f}'
            ) || (c.is_whitespace() && !matches!(c, '\u{a0}' | '\u{2007}' | '\u{202f}') && c > ' ')
                || c == ' '
        };
        if file.chars().all(java_space) {
            return Err(());
        }
        // `URL.set`: the query after the last `?`.
        let (path, query) = match last_at(file, b'?') {
            Some(q) => (&file[..q], Some(String::from(&file[q + 1..]))),
            None => (file, None),
        };
        let mut external = String::from("mailto:");
        external.push_str(file);
        if let Some(r) = &fragment {
            external.push('#');
            external.push_str(r);
        }
        return Ok(Read {
            scheme: Some(protocol),
            host: Some(String::new()),
            port: None,
            path: Some(String::from(path)),
            query,
            external: Some(external),
        });
    }
    parse_url(spec, start, limit, protocol, fragment)
}

/// `URL.isValidProtocol`: a letter, then letters, digits, `.`, `+`, `-`.
fn valid_protocol(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(char::is_alphabetic)
        && chars.all(|c| c.is_alphanumeric() || matches!(c, '.' | '+' | '-'))
}

/// `URLStreamHandler.parseURL` for a URL without a context.
fn parse_url(
    spec: &str,
    mut start: usize,
    mut limit: usize,
    protocol: String,
    fragment: Option<String>,
) -> Result<Read, ()> {
    let mut spec = spec;
    let mut query = None;
    let mut query_only = false;
    if start < limit {
        if let Some(q) = at(spec, b'?') {
            query_only = q == start;
            if q < limit {
                query = Some(String::from(&spec[q + 1..limit]));
                limit = q;
                spec = &spec[..q];
            }
        }
    }
    let b = spec.as_bytes();
    let unc = start + 4 <= limit && &b[start..start + 4] == b"////";
    let mut host: Option<String> = None;
    let mut authority: Option<&str> = None;
    let mut port: i32 = -1;
    let mut path: Option<String> = None;
    if !unc && start + 2 <= limit && &b[start..start + 2] == b"//" {
        start += 2;
        let i = match at(&spec[start..], b'/').map(|p| p + start) {
            Some(i) if i <= limit => i,
            _ => limit,
        };
        let auth = &spec[start..i];
        authority = Some(auth);
        let h = match at(auth, b'@') {
            Some(at) if last_at(auth, b'@') != Some(at) => None,
            Some(at) => Some(&auth[at + 1..]),
            None => Some(auth),
        };
        match h {
            Some(h) if h.starts_with('[') => match at(h, b']') {
                Some(ind) if ind > 2 => {
                    if !ipv6_literal(&h[1..ind]) {
                        return Err(());
                    }
                    host = Some(String::from(&h[..=ind]));
                    let after = &h[ind + 1..];
                    if !after.is_empty() {
                        let Some(p) = after.strip_prefix(':') else {
                            return Err(());
                        };
                        if !p.is_empty() {
                            port = parse_int(p).ok_or(())?;
                        }
                    }
                }
                _ => return Err(()),
            },
            Some(h) => match at(h, b':') {
                Some(ind) => {
                    if ind + 1 < h.len() {
                        port = parse_int(&h[ind + 1..]).ok_or(())?;
                    }
                    host = Some(String::from(&h[..ind]));
                }
                None => host = Some(String::from(h)),
            },
            None => host = Some(String::new()),
        }
        if port < -1 {
            return Err(());
        }
        start = i;
        if !auth.is_empty() {
            path = Some(String::new());
        }
    }
    let host = host.unwrap_or_default();
    if !java_host_chars(&host) {
        return Err(());
    }
    if start < limit {
        let s = &spec[start..limit];
        path = Some(if s.starts_with('/') {
            String::from(s)
        } else if authority.is_some() {
            let mut p = String::from("/");
            p.push_str(s);
            p
        } else {
            String::from(s)
        });
    } else if query_only && path.is_some() {
        path = Some(String::from("/"));
    }
    let path = path.unwrap_or_default();
    // `URLStreamHandler.toExternalForm`.
    let room = authority.map_or(0, str::len)
        + path.len()
        + query.as_ref().map_or(0, String::len)
        + fragment.as_ref().map_or(0, String::len);
    let mut external = String::with_capacity(protocol.len() + 5 + room);
    external.push_str(&protocol);
    external.push(':');
    if let Some(a) = authority.filter(|a| !a.is_empty()) {
        external.push_str("//");
        external.push_str(a);
    }
    external.push_str(&path);
    if let Some(q) = &query {
        external.push('?');
        external.push_str(q);
    }
    if let Some(r) = &fragment {
        external.push('#');
        external.push_str(r);
    }
    Ok(Read {
        scheme: Some(protocol),
        host: Some(lower(&host)),
        port: (port != -1).then_some(port),
        path: Some(path),
        query,
        external: Some(external),
    })
}

/// `IPAddressUtil.checkHostString` of Java 17: no control character, no
/// `/`, and none of the characters whose compatibility form is a
/// delimiter (`℀`, `／`, `⁇`, `﹕`...).
fn java_host_chars(host: &str) -> bool {
    const OTHERS: [u32; 17] = [
        8263, 8264, 8265, 8448, 8449, 8453, 8454, 10868, 65109, 65110, 65119, 65131, 65283, 65295,
        65306, 65311, 65312,
    ];
    let bad = |c: char| match c {
        ' '..='~' => c == '/',
        '\0'..='\u{7f}' => true,
        _ => OTHERS.contains(&u32::from(c)),
    };
    !host.chars().any(bad)
}

/// Java's `Integer.parseInt(s, 10)`: a sign, then decimal digits (of any
/// script, as `Character.digit` reads them), within 32 bits.
fn parse_int(s: &str) -> Option<i32> {
    let (neg, digits) = match s.as_bytes().first()? {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    if digits.is_empty() {
        return None;
    }
    let mut v: i64 = 0;
    for c in digits.chars() {
        let d = java_digit(c)?;
        v = v * 10 + i64::from(d);
        if v > i64::from(i32::MAX) + 1 {
            return None;
        }
    }
    let v = if neg { -v } else { v };
    i32::try_from(v).ok()
}

/// The decimal value of a digit, as Java's `Character.digit(c, 10)` reads
/// it: ASCII, and the runs of ten of Unicode's `Nd` in the table below
/// (the scripts of the Basic Multilingual Plane, and two beyond it).
fn java_digit(c: char) -> Option<u32> {
    if let Some(d) = c.to_digit(10) {
        return Some(d);
    }
    /// The zeros of the decimal digit runs beyond ASCII (Unicode's `Nd`).
    const ZEROS: [u32; 38] = [
        0x660, 0x6F0, 0x7C0, 0x966, 0x9E6, 0xA66, 0xAE6, 0xB66, 0xBE6, 0xC66, 0xCE6, 0xD66, 0xDE6,
        0xE50, 0xED0, 0xF20, 0x1040, 0x1090, 0x17E0, 0x1810, 0x1946, 0x19D0, 0x1A80, 0x1A90,
        0x1B50, 0x1BB0, 0x1C40, 0x1C50, 0xA620, 0xA8D0, 0xA900, 0xA9D0, 0xA9F0, 0xAA50, 0xABF0,
        0xFF10, 0x104A0, 0x11066,
    ];
    let c = u32::from(c);
    ZEROS
        .iter()
        .find(|&&z| (z..z + 10).contains(&c))
        .map(|&z| c - z)
}

/// `IPAddressUtil.isIPv6LiteralAddress`: an IPv6 address, with a scope
/// after `%` allowed.
fn ipv6_literal(s: &str) -> bool {
    let addr = s.split_once('%').map_or(s, |(a, _)| a);
    crate::parse::ip::ipv6_text(addr).is_some()
}

/// The ASCII characters of java.net.URI's classes (RFC 2396 with RFC
/// 2732's brackets): what each component may hold besides escapes and
/// "other" characters.
mod class {
    /// The table of a class: `true` for the ASCII letters and digits,
    /// RFC 2396's marks `-_.!~*'()` and the bytes of each of `extras`.
    const fn table(extras: &[&[u8]]) -> [bool; 128] {
        let mut t = [false; 128];
        let mut c = 0;
        while c < 128 {
            t[c] = (c as u8).is_ascii_alphanumeric();
            c += 1;
        }
        let marks = b"-_.!~*'()";
        let mut k = 0;
        while k < marks.len() {
            t[marks[k] as usize] = true;
            k += 1;
        }
        let mut e = 0;
        while e < extras.len() {
            let mut k = 0;
            while k < extras[e].len() {
                t[extras[e][k] as usize] = true;
                k += 1;
            }
            e += 1;
        }
        t
    }
    /// What `userinfo` holds besides the letters, digits and marks.
    const USERINFO_EXTRA: &[u8] = b";:&=+$,";
    const URIC: [bool; 128] = table(&[b";/?:@&=+$,[]"]);
    const PATH: [bool; 128] = table(&[b":@&=+$,;/"]);
    const USERINFO: [bool; 128] = table(&[USERINFO_EXTRA]);
    const REG_NAME: [bool; 128] = table(&[b"$,;:@&=+"]);
    const SERVER: [bool; 128] = table(&[USERINFO_EXTRA, b".:@[]"]);
    /// Whether the byte `c` is in `t` (no byte beyond ASCII is).
    #[inline(always)]
    fn has(t: &[bool; 128], c: u8) -> bool {
        t.get(usize::from(c)).copied().unwrap_or(false)
    }
    /// `uric`: the query, the fragment and an opaque part.
    pub fn uric(c: u8) -> bool {
        has(&URIC, c)
    }
    /// A path: `pchar`, `;` and `/`.
    pub fn path(c: u8) -> bool {
        has(&PATH, c)
    }
    /// `userinfo`.
    pub fn userinfo(c: u8) -> bool {
        has(&USERINFO, c)
    }
    /// `reg_name`.
    pub fn reg_name(c: u8) -> bool {
        has(&REG_NAME, c)
    }
    /// A server-based authority: `userinfo`'s, `.`, `:`, `@`, `[` and `]`.
    pub fn server(c: u8) -> bool {
        has(&SERVER, c)
    }
}

/// Whether every character of `s` is in `ascii`'s class, an escape, or
/// (beyond U+0080) neither a space nor a control; a `%` without two hex
/// digits is an error where `escapes` (java.net.URI fails on it).
#[inline]
fn all(s: &str, ascii: impl Fn(u8) -> bool, escapes: bool) -> Result<bool, ErrorKind> {
    let b = s.as_bytes();
    let mut ok = true;
    let mut i = 0;
    while i < b.len() {
        let a = b[i];
        if a.is_ascii() {
            if a == b'%' && escapes {
                let hex = b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                    && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit);
                if !hex {
                    return Err(ErrorKind::InvalidPercentEncoding);
                }
            } else {
                ok &= ascii(a);
            }
            i += 1;
        } else {
            // `i` is where a character begins: each step passes one.
            let c = s[i..].chars().next().unwrap_or('\u{80}');
            ok &= u32::from(c) > 0x80 && !java_space_or_control(c);
            i += c.len_utf8();
        }
    }
    Ok(ok)
}

/// Java's `Character.isSpaceChar(c) || Character.isISOControl(c)`.
fn java_space_or_control(c: char) -> bool {
    matches!(c, '\u{80}'..='\u{9f}' | '\u{a0}' | '\u{1680}' | '\u{2000}'..='\u{200a}' | '\u{2028}' | '\u{2029}' | '\u{202f}' | '\u{205f}' | '\u{3000}')
}

fn need(ok: bool) -> Result<(), ErrorKind> {
    if ok {
        Ok(())
    } else {
        Err(ErrorKind::InvalidChar)
    }
}

/// Where the first byte `c` (ASCII) of `s` is: a character boundary.
#[inline(always)]
fn at(s: &str, c: u8) -> Option<usize> {
    crate::bytes::first_byte(s.as_bytes(), c)
}

/// Where the last byte `c` (ASCII) of `s` is.
#[inline(always)]
fn last_at(s: &str, c: u8) -> Option<usize> {
    crate::bytes::last_byte(s.as_bytes(), c)
}

/// `s` in lower case (Java's `toLowerCase`, which for ASCII text is
/// ASCII's).
fn lower(s: &str) -> String {
    if s.is_ascii() {
        s.to_ascii_lowercase()
    } else {
        s.to_lowercase()
    }
}

/// `java.net.URI(str)` as far as the columns read it: the scheme, the host
/// and port of a server-based authority, the decoded path and query;
/// `Err` where the constructor throws. Without `texts`, the same checks
/// and the port, but no host, path or query made.
fn java_uri(s: &str, texts: bool) -> Result<Read, ErrorKind> {
    let (body, fragment) = match at(s, b'#') {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    if let Some(f) = fragment {
        need(all(f, class::uric, true)?)?;
    }
    let stop = crate::bytes::first_of(body.as_bytes(), [b'/', b'?']).unwrap_or(body.len());
    let scheme = match at(&body[..stop], b':') {
        Some(0) => return Err(ErrorKind::InvalidScheme),
        Some(n) => {
            let sb = &body.as_bytes()[..n];
            let valid = sb[0].is_ascii_alphabetic()
                && sb
                    .iter()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'));
            if !valid {
                return Err(ErrorKind::InvalidScheme);
            }
            Some(&body[..n])
        }
        None => None,
    };
    let rest = scheme.map_or(body, |sc| &body[sc.len() + 1..]);
    let mut read = Read {
        scheme: scheme.map(String::from),
        host: None,
        port: None,
        path: None,
        query: None,
        external: None,
    };
    if scheme.is_some() && rest.is_empty() {
        return Err(ErrorKind::MissingPath);
    }
    if scheme.is_some() && !rest.starts_with('/') {
        need(all(rest, class::uric, true)?)?;
    } else {
        let mut hier = rest;
        if let Some(after) = rest.strip_prefix("//") {
            let end = crate::bytes::first_of(after.as_bytes(), [b'/', b'?']).unwrap_or(after.len());
            let authority = &after[..end];
            // An empty authority only before a path, query or fragment.
            if authority.is_empty() && end == after.len() && fragment.is_none() {
                return Err(ErrorKind::MissingAuthority);
            }
            if !authority.is_empty() {
                if let Some((host, port)) = parse_authority(authority)? {
                    read.host = texts.then(|| lower(&host));
                    read.port = port;
                }
            }
            hier = &after[end..];
        }
        let (path, query) = match hier.split_once('?') {
            Some((p, q)) => (p, Some(q)),
            None => (hier, None),
        };
        need(all(path, class::path, true)?)?;
        if let Some(q) = query {
            need(all(q, class::uric, true)?)?;
        }
        if texts {
            read.path = Some(decode(path, true));
            read.query = query.map(|q| decode(q, false));
        }
    }
    if !texts {
        return Ok(read);
    }
    // `HostName(URI)`: none without a scheme; `dns:` names its host in
    // its text, `whois:` in its path.
    let ssp = rest;
    match scheme {
        None => read.host = None,
        Some("dns") => read.host = Some(decode(ssp, true)),
        Some("whois") => {
            let p = read.path.clone().unwrap_or_else(|| decode(ssp, true));
            read.host = Some(p.trim_start_matches('/').to_string());
        }
        Some(_) => {}
    }
    Ok(read)
}

/// java.net.URI's `parseAuthority`: a server-based authority's host and
/// port, `None` for a registry-based one, `Err` where it is neither.
fn parse_authority(a: &str) -> Result<Option<(String, Option<i32>)>, ErrorKind> {
    let bracket = a.contains(']');
    let server_chars = if bracket {
        all(a, |c| class::server(c) || c == b'%', false)?
    } else {
        all(a, class::server, true)?
    };
    let reg_chars = !bracket && all(a, class::reg_name, true)?;
    if reg_chars && !server_chars {
        return Ok(None);
    }
    if server_chars {
        match server(a)? {
            Some(hp) => return Ok(Some(hp)),
            None if reg_chars => return Ok(None),
            None => return Err(ErrorKind::InvalidHost),
        }
    }
    Err(ErrorKind::InvalidChar)
}

/// java.net.URI's `parseServer`: `Ok(None)` where it fails (the caller
/// may read a registry name), `Err` where Java throws past it (a port
/// beyond 32 bits).
fn server(a: &str) -> Result<Option<(String, Option<i32>)>, ErrorKind> {
    let hp = match at(a, b'@') {
        Some(i) => {
            if !all(&a[..i], class::userinfo, true)? {
                return Ok(None);
            }
            &a[i + 1..]
        }
        None => a,
    };
    let (host, port) = if let Some(rest) = hp.strip_prefix('[') {
        let Some(close) = at(rest, b']') else {
            return Ok(None);
        };
        if !ipv6_literal(&rest[..close]) {
            return Ok(None);
        }
        (&hp[..close + 2], &rest[close + 1..])
    } else {
        let end = at(hp, b':').unwrap_or(hp.len());
        (&hp[..end], &hp[end..])
    };
    if !host.starts_with('[') && !hostname(host) {
        return Ok(None);
    }
    let port = match port.strip_prefix(':') {
        None if port.is_empty() => None,
        None => return Ok(None),
        Some(p) => {
            let digits = p.len() - p.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            if digits < p.len() {
                return Ok(None);
            }
            if p.is_empty() {
                None
            } else {
                // Beyond 32 bits: "Malformed port number", a failed
                // server-based reading.
                match p.parse::<i32>() {
                    Ok(n) => Some(n),
                    Err(_) => return Ok(None),
                }
            }
        }
    };
    Ok(Some((host.to_string(), port)))
}

/// java.net.URI's host: a dotted quad (octets up to 255, leading zeros
/// allowed), or labels of letters, digits and inner `-` joined by `.` (a
/// final dot allowed), the last beginning with a letter where there are
/// several.
fn hostname(h: &str) -> bool {
    if h.split('.').count() == 4
        && h.split('.').all(|p| {
            !p.is_empty()
                && p.bytes().all(|b| b.is_ascii_digit())
                && p.parse::<u32>().is_ok_and(|v| v <= 255)
        })
    {
        return true;
    }
    let h = h.strip_suffix('.').unwrap_or(h);
    let ok = h.split('.').all(|l| {
        !l.is_empty()
            && l.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-')
            && !l.ends_with('-')
            && l.as_bytes()[0].is_ascii_alphanumeric()
    });
    // Every label is one character or more here.
    ok && (!h.contains('.')
        || h.rsplit('.')
            .next()
            .is_some_and(|l| l.as_bytes()[0].is_ascii_alphabetic()))
}

/// java.net.URI's decoding of a component: `%XX` runs as UTF-8 (U+FFFD
/// for what is not), but, with `brackets`, not between `[` and `]`
/// (`getPath`, `getSchemeSpecificPart`; `getQuery` decodes all).
fn decode(s: &str, brackets: bool) -> String {
    if !s.contains('%') {
        return s.to_string();
    }
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut run: Vec<u8> = Vec::new();
    let mut inside = false;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'[' {
            inside = true;
        } else if inside && c == b']' {
            inside = false;
        }
        if c == b'%' && !(inside && brackets) && i + 2 < b.len() {
            let hv = |c: u8| char::from(c).to_digit(16).unwrap_or(0) as u8;
            run.push(hv(b[i + 1]) << 4 | hv(b[i + 2]));
            i += 3;
            continue;
        }
        if !run.is_empty() {
            out.push_str(&String::from_utf8_lossy(&run));
            run.clear();
        }
        let ch = s[i..].chars().next().unwrap_or('\u{fffd}');
        out.push(ch);
        i += ch.len_utf8();
    }
    out.push_str(&String::from_utf8_lossy(&run));
    out
}

/// `HostName.setHostName` and the columns it gives.
fn host_columns(name: &str, c: &mut Columns) {
    let mut host = name.to_string();
    if ipv4_canonical(&host) {
        c.host_name = Some(host);
        return;
    }
    if ipv4_variant(&host) {
        if let Some(ip) = java_resolver_ipv4(&host) {
            host = ip;
        }
        c.host_name = Some(host);
        return;
    }
    if ipv6_bracketed(&host) {
        c.host_name = Some(host);
        return;
    }
    if host.contains('%') {
        if let Some(d) = url_decode(&host) {
            host = d;
        }
    }
    if !host.is_ascii() {
        match java_idn(&host) {
            Some(a) => host = a,
            None => return,
        }
    }
    if host.ends_with('.') {
        host.pop();
    }
    // Java's `split("\\.")`: trailing empty strings dropped (all of
    // them for `.`), but `""` gives one empty string.
    let mut parts: Vec<&str> = host.split('.').collect();
    if !host.is_empty() {
        while parts.last() == Some(&"") {
            parts.pop();
        }
    }
    parts.reverse();
    let part = |i: usize| parts.get(i).map(|s| s.to_string());
    c.host_tld = part(0);
    c.host_2nd_last_part = part(1);
    c.host_3rd_last_part = part(2);
    c.host_4th_last_part = part(3);
    c.host_5th_last_part = part(4);
    c.host_name_reversed = Some(parts.join("."));
    suffixes(&host, c);
    c.host_name = Some(host);
}

/// `IPV4_ADDRESS_PATTERN_CANONICAL`: four octets (one or two digits, or
/// three up to 255).
fn ipv4_canonical(h: &str) -> bool {
    h.split('.').count() == 4 && h.split('.').all(octet)
}

fn octet(p: &str) -> bool {
    let b = p.as_bytes();
    match b.len() {
        1 | 2 => b.iter().all(u8::is_ascii_digit),
        3 => b.iter().all(u8::is_ascii_digit) && (b[0] == b'1' || (b[0] == b'2' && p <= "255")),
        _ => false,
    }
}

/// `IPV4_ADDRESS_PATTERN_VARIANT_DECIMAL`: up to three octets and dots,
/// then digits.
fn ipv4_variant(h: &str) -> bool {
    let mut parts = h.rsplit('.');
    let Some(last) = parts.next() else {
        return false;
    };
    !last.is_empty()
        && last.bytes().all(|b| b.is_ascii_digit())
        && parts.clone().count() <= 3
        && parts.all(octet)
}

/// `InetAddress.getByName(h).getHostAddress()` of a literal that
/// [`ipv4_variant`] matched: one to four decimal parts, the last filling
/// the remaining bytes; `None` where Java finds no literal (and asks DNS,
/// which does not resolve it).
fn java_resolver_ipv4(h: &str) -> Option<String> {
    if h.is_empty() || h.len() > 15 {
        return None;
    }
    let parts: Vec<&str> = h.split('.').collect();
    let (last, rest) = parts.split_last()?;
    let mut bytes = Vec::with_capacity(4);
    for p in rest {
        let v: u64 = p.parse().ok()?;
        if v > 255 {
            return None;
        }
        bytes.push(v as u8);
    }
    let v: u64 = last.parse().ok()?;
    let room = 4 - rest.len();
    if v >= 1u64 << (8 * room) {
        return None;
    }
    for k in (0..room).rev() {
        bytes.push((v >> (8 * k)) as u8);
    }
    let mut s = String::with_capacity(15);
    for (i, b) in bytes.iter().enumerate() {
        if i > 0 {
            s.push('.');
        }
        let _ = write!(s, "{b}");
    }
    Some(s)
}

/// `IPV6_ADDRESS_PATTERN`: `[`, hex digits and `:`, `]`.
fn ipv6_bracketed(h: &str) -> bool {
    h.len() > 2
        && h.starts_with('[')
        && h.ends_with(']')
        && h[1..h.len() - 1]
            .bytes()
            .all(|b| b.is_ascii_hexdigit() || b == b':')
}

/// `URLDecoder.decode(s, UTF_8)`: `+` as a space, `%XX` runs as UTF-8;
/// `None` where a `%` is not followed by two hex digits.
fn url_decode(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'+' => {
                out.push(' ');
                i += 1;
            }
            b'%' => {
                let mut bytes = Vec::new();
                while i < b.len() && b[i] == b'%' {
                    // Java's `Integer.parseInt(s, i + 1, i + 3, 16)`: a
                    // sign may take the first place; a negative is refused.
                    let pair = s.get(i + 1..)?.chars().take(2).collect::<Vec<char>>();
                    if pair.len() < 2 {
                        return None;
                    }
                    let v = match pair[0] {
                        '+' => java_hex(pair[1])?,
                        '-' if java_hex(pair[1])? == 0 => 0,
                        '-' => return None,
                        c => java_hex(c)? * 16 + java_hex(pair[1])?,
                    };
                    bytes.push(v as u8);
                    i += 1 + pair[0].len_utf8() + pair[1].len_utf8();
                }
                out.push_str(&String::from_utf8_lossy(&bytes));
            }
            _ => {
                let ch = s[i..].chars().next()?;
                out.push(ch);
                i += ch.len_utf8();
            }
        }
    }
    Some(out)
}

/// Java's `Character.digit(c, 16)`: ASCII and full-width hex digits, and
/// the decimal digits of the scripts in [`java_digit`]'s table.
fn java_hex(c: char) -> Option<u32> {
    match c {
        '\u{ff21}'..='\u{ff26}' => Some(u32::from(c) - 0xff21 + 10),
        '\u{ff41}'..='\u{ff46}' => Some(u32::from(c) - 0xff41 + 10),
        c => c.to_digit(16).or_else(|| java_digit(c)),
    }
}

/// Java's `IDN.toASCII(s, ALLOW_UNASSIGNED)`: IDNA 2003, label by label
/// (Python's codec reads it alike: [`crate::idna2003`]); `None` where it
/// throws.
fn java_idn(s: &str) -> Option<String> {
    let ascii = crate::idna2003::to_ascii(s.as_bytes())?;
    String::from_utf8(ascii).ok()
}

/// The rules that match the suffixes of `host`, as
/// [`List::rules_of_suffixes`] gives them, cut where crawler-commons'
/// trie stops: it compares characters as they are, so a suffix with a
/// capital matches no rule, nor does a longer one.
fn rules_of(list: &List, host: &str) -> Vec<(usize, Rule, bool)> {
    let mut rules = list.rules_of_suffixes(host);
    if let Some(k) = rules
        .iter()
        .position(|&(o, _, _)| host[o..].bytes().any(|b| b.is_ascii_uppercase()))
    {
        rules.truncate(k);
    }
    rules
}

/// crawler-commons' `findEffectiveTLD` of `host`, whose rules are `rules`
/// ([`rules_of`]): where the suffix begins and the rule that gave it, or
/// `None`.
fn find_suffix(
    rules: &[(usize, Rule, bool)],
    host: &str,
    exclude_private: bool,
) -> Option<(usize, Rule)> {
    for &(offset, rule, private) in rules.iter().rev() {
        if exclude_private && private {
            continue;
        }
        if offset == 0 && rule == Rule::Wildcard {
            continue;
        }
        if offset == 0 || rule != Rule::Wildcard {
            return Some((offset, rule));
        }
        // A wildcard takes one label more.
        let start = last_at(&host[..offset - 1], b'.').map_or(0, |d| d + 1);
        return Some((start, Rule::Normal));
    }
    None
}

/// crawler-commons' `getAssignedDomain(host, strict = true, exclude)` of a
/// host already in lower case, whose rules are `rules`.
fn assigned_domain(
    rules: &[(usize, Rule, bool)],
    host: &str,
    exclude_private: bool,
) -> Option<String> {
    let (offset, rule) = find_suffix(rules, host, exclude_private)?;
    if rule == Rule::Exception {
        return Some(host[offset..].to_string());
    }
    if offset == 0 || host.as_bytes()[offset - 1] != b'.' {
        return None;
    }
    let before = &host[..offset - 1];
    if before.is_empty() || before.split('.').any(str::is_empty) {
        return None;
    }
    let start = last_at(before, b'.').map_or(0, |d| d + 1);
    let segment = &before[start..];
    if segment.is_ascii() {
        if segment.len() > 63 {
            return None;
        }
    } else if java_idn(segment).is_none() {
        return None;
    }
    Some(host[start..].to_string())
}

/// The four suffix columns, as `HostName` fills them. The list is read
/// once for the host as it is and, where it has capitals, once for the
/// host in lower case, which `getAssignedDomain` reads.
fn suffixes(host: &str, c: &mut Columns) {
    let list = List::builtin();
    let rules = rules_of(list, host);
    let Some((offset, _)) = find_suffix(&rules, host, false) else {
        return;
    };
    // Most hosts are in lower case already: no copy for them (ASCII is
    // checked byte by byte, what `lower` would change).
    let lowered = if host.is_ascii() {
        (host.bytes().any(|b| b.is_ascii_uppercase())).then(|| lower(host))
    } else {
        Some(lower(host)).filter(|l| l != host)
    }
    .map(|l| {
        let r = rules_of(list, &l);
        (l, r)
    });
    let (low, low_rules) = match &lowered {
        Some((l, r)) => (l.as_str(), r.as_slice()),
        None => (host, rules.as_slice()),
    };
    let private_suffix = host[offset..].to_string();
    let private_domain = assigned_domain(low_rules, low, false);
    if !private_suffix.contains('.') {
        c.host_registry_suffix = Some(private_suffix.clone());
        c.host_registered_domain = private_domain.clone();
    } else if let Some((o, _)) = find_suffix(&rules, host, true) {
        let registry = host[o..].to_string();
        c.host_registered_domain = if registry == private_suffix {
            private_domain.clone()
        } else {
            assigned_domain(low_rules, low, true)
        };
        c.host_registry_suffix = Some(registry);
    }
    c.host_private_suffix = Some(private_suffix);
    c.host_private_domain = private_domain;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slashes_mended_as_warc_uri_mends_them() {
        for (url, want) in [
            (
                "http://www.google.com/robots.txt",
                "http://www.google.com/robots.txt",
            ),
            (
                "http:///www.google.com/robots.txt",
                "http://www.google.com/robots.txt",
            ),
            (
                "http:////www.google.com/robots.txt",
                "http://www.google.com/robots.txt",
            ),
            (
                "http:/www.google.com/robots.txt",
                "http://www.google.com/robots.txt",
            ),
            ("ftp://////ftp.google.com", "ftp://////ftp.google.com"),
        ] {
            assert_eq!(mend_slashes(url), want);
        }
    }

    #[test]
    fn java_parse_int() {
        assert_eq!(parse_int("80"), Some(80));
        assert_eq!(parse_int("+80"), Some(80));
        assert_eq!(parse_int("-1"), Some(-1));
        assert_eq!(parse_int("\u{664}\u{663}"), Some(43));
        assert_eq!(parse_int("2147483648"), None);
        assert_eq!(parse_int(""), None);
        assert_eq!(parse_int("8x"), None);
    }

    #[test]
    fn ipv4_forms_as_java_reads_them() {
        assert!(ipv4_canonical("01.2.3.4"));
        assert!(!ipv4_canonical("001.2.3.4"));
        assert!(ipv4_variant("123.123.31611"));
        assert_eq!(
            java_resolver_ipv4("123.123.31611").as_deref(),
            Some("123.123.123.123")
        );
        assert_eq!(java_resolver_ipv4("4294967296"), None);
        assert_eq!(
            java_resolver_ipv4("1.2.3.0010").as_deref(),
            Some("1.2.3.10")
        );
    }
}
