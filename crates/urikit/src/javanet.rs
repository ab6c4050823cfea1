//! `java.net.URI`'s reading of a reference, and Spark's `parse_url` over
//! it: RFC 2396 (our `rfc2396` grammar's character sets) with the
//! deviations that the class's documentation lists, which is what Spark's
//! `parse_url` and `try_parse_url` answer from (they call `new URI(url)`
//! and its raw getters).
//!
//! The deviations of `java.net.URI` from RFC 2396, as its javadoc states
//! them ("Identities", "Escaped octets, quotation, encoding, and
//! decoding", the grammar notes):
//!
//! - An empty authority is allowed before a path, query or fragment
//!   (`file:///x`): the URI then has no authority and no host.
//! - IPv6 literals in brackets, as RFC 2732 adds them (with `[` and `]`
//!   among the reserved characters of a query and a fragment), and a
//!   scope identifier after `%` (`[fe80::1%eth0]`).
//! - The "other" characters: a character above U+0080 that is neither a
//!   space (Unicode `Zs`, `Zl`, `Zp`) nor a control may stand unescaped
//!   wherever an escaped octet may.
//! - An empty relative path is allowed (the empty string is a reference).
//! - A server-based authority (`[userinfo@]host[:port]`, the host a name
//!   whose last label starts with a letter, an IPv4 address whose four
//!   parts each fit in a byte, or an IPv6 literal) is tried first; when
//!   it fails and the text is a valid `reg_name`, the authority is
//!   registry-based and the URI has no host, user information or port.
//!
//! The module owns no character set of its own beyond RFC 2732's two
//! brackets: the sets are RFC 2396's (`grammar::rfc2396`).

use crate::grammar::rfc2396::{PATH, REG_NAME, URIC, USERINFO};
use crate::grammar::rfc3986::{ALPHA, DIGIT};
use crate::grammar::Table;

/// RFC 2732's brackets, reserved characters in a query and a fragment.
const URIC_2732: Table = URIC.or(Table::new(b"[]"));
/// The characters of a server-based authority (`java.net.URI`'s
/// `L_SERVER`): user information, a host name, an address, a port.
const SERVER: Table = USERINFO.or(ALPHA).or(DIGIT).or(Table::new(b"-.:@[]"));
/// A scope identifier after an IPv6 address's `%`.
const SCOPE_ID: Table = ALPHA.or(DIGIT).or(Table::new(b"_."));
/// `scheme` (RFC 2396 section 3.1) after its first letter.
const SCHEME_REST: Table = ALPHA.or(DIGIT).or(Table::new(b"+-."));

/// Why `java.net.URI` refuses a text: the reason in its words and the
/// byte offset where it stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JavaUriError {
    /// The reason, as `URISyntaxException` words it (`"Illegal character
    /// in path"`, `"Expected scheme name"`, `"Malformed escape pair"`).
    pub reason: &'static str,
    /// The byte offset in the text.
    pub offset: usize,
}

impl core::fmt::Display for JavaUriError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{} at byte {}", self.reason, self.offset)
    }
}

type Res<T> = Result<T, JavaUriError>;

fn fail<T>(reason: &'static str, offset: usize) -> Res<T> {
    Err(JavaUriError { reason, offset })
}

/// A reference as `java.net.URI` reads it: its raw components (slices of
/// the text), each `None` where the class's raw getter answers `null`.
///
/// ```
/// use urikit::javanet::JavaUri;
///
/// let u = JavaUri::parse("http://user@Example.com:8080/a%20b?q=1#top").unwrap();
/// assert_eq!(u.host(), Some("Example.com"));
/// assert_eq!(u.raw_path(), Some("/a%20b"));
/// // A host that is no server name: a registry-based authority, no host.
/// let r = JavaUri::parse("http://a_b.example/").unwrap();
/// assert_eq!((r.host(), r.raw_authority()), (None, Some("a_b.example")));
/// // An opaque URI has no path and no query.
/// let m = JavaUri::parse("mailto:a@b?subject=x").unwrap();
/// assert_eq!((m.raw_path(), m.raw_query()), (None, None));
/// assert!(JavaUri::parse("http://a/b c").is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct JavaUri<'a> {
    text: &'a str,
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    userinfo: Option<&'a str>,
    host: Option<&'a str>,
    port: Option<&'a str>,
    path: Option<&'a str>,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

/// The scanner over the text, with `java.net.URI`'s rules for escapes and
/// "other" characters.
struct Scan<'a> {
    s: &'a str,
    b: &'a [u8],
}

/// Whether `c` (above U+007F) is one of `java.net.URI`'s "other"
/// characters: above U+0080, not a space (`Character.isSpaceChar`: the
/// categories `Zs`, `Zl` and `Zp`), not a control (`isISOControl`).
fn other(c: char) -> bool {
    let n = c as u32;
    n > 0x80
        && !(0x80..=0x9f).contains(&n)
        && !matches!(
            n,
            0xa0 | 0x1680 | 0x2000..=0x200a | 0x2028 | 0x2029 | 0x202f | 0x205f | 0x3000
        )
}

impl<'a> Scan<'a> {
    /// The end of the run from `p` (before `end`) of characters in `set`
    /// (escapes and other characters too when `set` allows escapes); a
    /// `%` not followed by two hexadecimal digits fails, as in Java.
    fn run(&self, mut p: usize, end: usize, set: Table) -> Res<usize> {
        while p < end {
            let c = self.b[p];
            if c < 0x80 {
                // A plain `%` where the set has one (a scope identifier's),
                // before an escape, as Java matches.
                if c != 0 && set.allows(c) {
                    p += 1;
                    continue;
                }
                if c == b'%' && set.allows_pct() {
                    let hex = |i: usize| self.b.get(i).is_some_and(|h| h.is_ascii_hexdigit());
                    if p + 3 <= end && hex(p + 1) && hex(p + 2) {
                        p += 3;
                        continue;
                    }
                    return fail("Malformed escape pair", p);
                }
                break;
            }
            let ch = self.s[p..].chars().next().unwrap_or('\u{fffd}');
            if set.allows_pct() && other(ch) {
                p += ch.len_utf8();
                continue;
            }
            break;
        }
        Ok(p)
    }

    /// Fails with `reason` unless `p..end` is all in `set`.
    fn check(&self, p: usize, end: usize, set: Table, reason: &'static str) -> Res<()> {
        let q = self.run(p, end, set)?;
        if q < end {
            return fail(reason, q);
        }
        Ok(())
    }

    /// The first of `stops` from `p`, or `end`.
    fn find(&self, p: usize, end: usize, stops: &[u8]) -> usize {
        self.b[p..end]
            .iter()
            .position(|c| stops.contains(c))
            .map_or(end, |k| p + k)
    }

    fn at(&self, p: usize, c: u8) -> bool {
        self.b.get(p) == Some(&c)
    }
}

impl<'a> JavaUri<'a> {
    /// Reads `s` as `new java.net.URI(s)` does.
    ///
    /// # Errors
    /// Where the constructor throws `URISyntaxException`: the reason in
    /// its words and the byte offset where the reading stopped.
    pub fn parse(s: &'a str) -> Result<JavaUri<'a>, JavaUriError> {
        let sc = Scan { s, b: s.as_bytes() };
        let n = s.len();
        let mut u = JavaUri {
            text: s,
            ..JavaUri::default()
        };
        // A scheme: the text before a ':' that comes before any '/', '?'
        // or '#'.
        let colon = sc.find(0, n, b":/?#");
        let mut p = if sc.at(colon, b':') {
            if colon == 0 {
                return fail("Expected scheme name", 0);
            }
            if !ALPHA.allows(sc.b[0]) {
                return fail("Illegal character in scheme name", 0);
            }
            let q = sc.run(1, colon, SCHEME_REST)?;
            if q < colon {
                return fail("Illegal character in scheme name", q);
            }
            u.scheme = Some(&s[..colon]);
            let p = colon + 1;
            if sc.at(p, b'/') {
                u.hierarchical(&sc, p)?
            } else {
                // Opaque: everything to the fragment.
                let q = sc.find(p, n, b"#");
                if q <= p {
                    return fail("Expected scheme-specific part", p);
                }
                sc.check(p, q, URIC_2732, "Illegal character in opaque part")?;
                q
            }
        } else {
            u.hierarchical(&sc, 0)?
        };
        if sc.at(p, b'#') {
            sc.check(p + 1, n, URIC_2732, "Illegal character in fragment")?;
            u.fragment = Some(&s[p + 1..]);
            p = n;
        }
        if p < n {
            return fail("Expected end of URI", p);
        }
        Ok(u)
    }

    fn hierarchical(&mut self, sc: &Scan<'a>, start: usize) -> Res<usize> {
        let n = sc.b.len();
        let mut p = start;
        if sc.at(p, b'/') && sc.at(p + 1, b'/') {
            p += 2;
            let q = sc.find(p, n, b"/?#");
            if q > p {
                p = self.authority(sc, p, q)?;
            } else if q >= n {
                return fail("Expected authority", p);
            }
        }
        let q = sc.find(p, n, b"?#");
        sc.check(p, q, PATH, "Illegal character in path")?;
        self.path = Some(&sc.s[p..q]);
        p = q;
        if sc.at(p, b'?') {
            let q = sc.find(p + 1, n, b"#");
            sc.check(p + 1, q, URIC_2732, "Illegal character in query")?;
            self.query = Some(&sc.s[p + 1..q]);
            p = q;
        }
        Ok(p)
    }

    fn authority(&mut self, sc: &Scan<'a>, p: usize, n: usize) -> Res<usize> {
        let bracket = sc.b[p..n].contains(&b']');
        let server_set = if bracket {
            SERVER.or(Table::new(b"%"))
        } else {
            SERVER
        };
        let server_chars = sc.run(p, n, server_set)? == n;
        let reg_chars = sc.run(p, n, REG_NAME)? == n;
        let text = &sc.s[p..n];
        if reg_chars && !server_chars {
            self.authority = Some(text);
            return Ok(n);
        }
        let mut failed = None;
        if server_chars {
            let mut server = JavaUri {
                text: self.text,
                ..JavaUri::default()
            };
            match server.server(sc, p, n) {
                Ok(()) => {
                    self.userinfo = server.userinfo;
                    self.host = server.host;
                    self.port = server.port;
                    self.authority = Some(text);
                    return Ok(n);
                }
                Err(e) => failed = Some(e),
            }
        }
        if reg_chars {
            self.authority = Some(text);
            return Ok(n);
        }
        match failed {
            Some(e) => Err(e),
            None => {
                let q = sc.run(p, n, server_set)?;
                fail("Illegal character in authority", q)
            }
        }
    }

    /// `[userinfo "@"] host [":" port]`, the whole of `p..n`.
    fn server(&mut self, sc: &Scan<'a>, mut p: usize, n: usize) -> Res<()> {
        let at = sc.find(p, n, b"@");
        if at < n {
            sc.check(p, at, USERINFO, "Illegal character in user info")?;
            self.userinfo = Some(&sc.s[p..at]);
            p = at + 1;
        }
        if sc.at(p, b'[') {
            let close = sc.find(p + 1, n, b"]");
            if close >= n || close == p + 1 {
                return fail("Expected closing bracket for IPv6 address", close);
            }
            let inner = &sc.b[p + 1..close];
            let zone = inner.iter().position(|&c| c == b'%');
            let addr_end = zone.map_or(close, |z| p + 1 + z);
            // The address, then the `]` the reader stops at (an address
            // is at most 45 characters).
            let text = &sc.b[p + 1..addr_end];
            let mut addr = [0u8; 64];
            let ok = text.len() < addr.len() && {
                addr[..text.len()].copy_from_slice(text);
                addr[text.len()] = b']';
                crate::parse::ip::parse_ipv6(&addr[..=text.len()], 0, false).map(|(end, _)| end)
                    == Ok(text.len() + 1)
            };
            if !ok {
                return fail("Malformed IPv6 address", p + 1);
            }
            if let Some(z) = zone {
                let z = p + 1 + z;
                if z + 1 == close {
                    return fail("Expected scope id", z + 1);
                }
                sc.check(z + 1, close, SCOPE_ID, "Illegal character in scope id")?;
            }
            self.host = Some(&sc.s[p..=close]);
            p = close + 1;
        } else {
            let q = match ipv4(sc.b, p, n) {
                Some(q) => q,
                None => hostname(sc.b, p, n)?,
            };
            self.host = Some(&sc.s[p..q]);
            p = q;
        }
        if sc.at(p, b':') {
            p += 1;
            let q = n;
            if q > p {
                if !sc.b[p..q].iter().all(u8::is_ascii_digit) {
                    return fail("Illegal character in port number", p);
                }
                if sc.s[p..q].parse::<i32>().is_err() {
                    return fail("Malformed port number", p);
                }
                self.port = Some(&sc.s[p..q]);
                p = q;
            }
        }
        if p < n {
            return fail("Expected port number", p);
        }
        Ok(())
    }

    /// The scheme (`getScheme`).
    pub fn scheme(&self) -> Option<&'a str> {
        self.scheme
    }
    /// The authority as written (`getRawAuthority`): server- or
    /// registry-based; `None` when absent or empty.
    pub fn raw_authority(&self) -> Option<&'a str> {
        self.authority
    }
    /// The user information of a server-based authority
    /// (`getRawUserInfo`).
    pub fn raw_user_info(&self) -> Option<&'a str> {
        self.userinfo
    }
    /// The host of a server-based authority (`getHost`), an IPv6 literal
    /// with its brackets.
    pub fn host(&self) -> Option<&'a str> {
        self.host
    }
    /// The port as written (`getPort` is its value, `-1` when `None`).
    pub fn port(&self) -> Option<&'a str> {
        self.port
    }
    /// The path (`getRawPath`): `None` for an opaque URI, `""` when empty.
    pub fn raw_path(&self) -> Option<&'a str> {
        self.path
    }
    /// The query (`getRawQuery`): `None` for an opaque URI or none given.
    pub fn raw_query(&self) -> Option<&'a str> {
        self.query
    }
    /// The fragment (`getRawFragment`).
    pub fn raw_fragment(&self) -> Option<&'a str> {
        self.fragment
    }
}

/// An IPv4 address from `p` (four decimal parts, each at most 255), followed by the end or `:`; `None` otherwise (the
/// text is then read as a host name).
fn ipv4(b: &[u8], p: usize, n: usize) -> Option<usize> {
    let m = p + b[p..n]
        .iter()
        .position(|c| !(c.is_ascii_digit() || *c == b'.'))
        .unwrap_or(n - p);
    let mut q = p;
    for part in 0..4 {
        if part > 0 {
            if q >= m || b[q] != b'.' {
                return None;
            }
            q += 1;
        }
        let digits = b[q..m].iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 {
            return None;
        }
        let v: u32 = b[q..q + digits].iter().fold(0, |v, c| {
            v.saturating_mul(10).saturating_add(u32::from(c - b'0'))
        });
        if v > 255 {
            return None;
        }
        q += digits;
    }
    if q < m {
        return None;
    }
    if q < n && b[q] != b':' {
        return None;
    }
    Some(q)
}

/// `hostname = *( domainlabel "." ) toplabel [ "." ]` from `p`, ending at
/// `n` or `:`; the last label of a name of more than one starts with a
/// letter.
fn hostname(b: &[u8], start: usize, n: usize) -> Res<usize> {
    let mut p = start;
    let mut last = None;
    while p < n {
        let q = p + b[p..n]
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric())
            .count();
        if q <= p {
            break;
        }
        last = Some(p);
        p = q;
        let q = p + b[p..n]
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric() || **c == b'-')
            .count();
        if q > p {
            if b[q - 1] == b'-' {
                return fail("Illegal character in hostname", q - 1);
            }
            p = q;
        }
        if p < n && b[p] == b'.' {
            p += 1;
        } else {
            break;
        }
    }
    if p < n && b[p] != b':' {
        return fail("Illegal character in hostname", p);
    }
    let Some(l) = last else {
        return fail("Expected hostname", start);
    };
    if l > start && !b[l].is_ascii_alphabetic() {
        return fail("Illegal character in hostname", l);
    }
    Ok(p)
}

/// A part of Spark's `parse_url`, named as Spark names it (in capitals,
/// exactly).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UrlPart {
    /// `HOST`: `getHost`.
    Host,
    /// `PATH`: `getRawPath`.
    Path,
    /// `QUERY`: `getRawQuery`.
    Query,
    /// `REF`: `getRawFragment`.
    Ref,
    /// `PROTOCOL`: `getScheme`.
    Protocol,
    /// `FILE`: the path, then `?` and the query when there is one.
    File,
    /// `AUTHORITY`: `getRawAuthority`.
    Authority,
    /// `USERINFO`: `getRawUserInfo`.
    Userinfo,
}

impl UrlPart {
    /// The part named `name` (`"HOST"`), or `None` (Spark's answer for an
    /// unknown part is NULL).
    pub fn from_name(name: &str) -> Option<UrlPart> {
        Some(match name {
            "HOST" => UrlPart::Host,
            "PATH" => UrlPart::Path,
            "QUERY" => UrlPart::Query,
            "REF" => UrlPart::Ref,
            "PROTOCOL" => UrlPart::Protocol,
            "FILE" => UrlPart::File,
            "AUTHORITY" => UrlPart::Authority,
            "USERINFO" => UrlPart::Userinfo,
            _ => return None,
        })
    }
}

/// Spark's `parse_url(url, part)` and `parse_url(url, 'QUERY', key)` over
/// a parsed reference: the part (a slice of the text), or with `key` the
/// value of the first parameter of the query named `key` (`(&|^)key=`,
/// the value up to the next `&`; read as text, where Spark builds a
/// regular expression from the key).
///
/// ```
/// use urikit::javanet::{parse_url, JavaUri, UrlPart};
///
/// let u = JavaUri::parse("http://spark.apache.org/path?query=1&b=2").unwrap();
/// assert_eq!(parse_url(&u, UrlPart::Host, None), Some("spark.apache.org"));
/// assert_eq!(parse_url(&u, UrlPart::File, None), Some("/path?query=1&b=2"));
/// assert_eq!(parse_url(&u, UrlPart::Query, Some("b")), Some("2"));
/// assert_eq!(parse_url(&u, UrlPart::Host, Some("b")), None);
/// ```
pub fn parse_url<'a>(u: &JavaUri<'a>, part: UrlPart, key: Option<&str>) -> Option<&'a str> {
    if let Some(key) = key {
        if part != UrlPart::Query {
            return None;
        }
        return query_value(u.query?, key);
    }
    match part {
        UrlPart::Host => u.host,
        UrlPart::Path => u.path,
        UrlPart::Query => u.query,
        UrlPart::Ref => u.fragment,
        UrlPart::Protocol => u.scheme,
        UrlPart::Authority => u.authority,
        UrlPart::Userinfo => u.userinfo,
        UrlPart::File => {
            let path = u.path?;
            match u.query {
                // The path, `?` and the query stand together in the text.
                Some(q) => {
                    let start = path.as_ptr() as usize - u.text.as_ptr() as usize;
                    let end = q.as_ptr() as usize + q.len() - u.text.as_ptr() as usize;
                    u.text.get(start..end)
                }
                None => Some(path),
            }
        }
    }
}

/// The value of the first `key=` parameter of `query`.
fn query_value<'a>(query: &'a str, key: &str) -> Option<&'a str> {
    let b = query.as_bytes();
    let mut start = 0;
    loop {
        if query[start..].starts_with(key) && b.get(start + key.len()) == Some(&b'=') {
            let v = start + key.len() + 1;
            let end = b[v..]
                .iter()
                .position(|&c| c == b'&')
                .map_or(b.len(), |k| v + k);
            return Some(&query[v..end]);
        }
        let amp = b[start..].iter().position(|&c| c == b'&')?;
        start += amp + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn host(s: &str) -> Option<&str> {
        JavaUri::parse(s).ok().and_then(|u| u.host())
    }

    /// The readings the javadoc describes, case by case; the tests of the
    /// Spark crate compare the whole with Spark's own `try_parse_url`.
    #[test]
    fn the_documented_deviations() {
        // RFC 2732 literals, with a scope identifier.
        assert_eq!(host("http://u:p@[::1]:80/"), Some("[::1]"));
        assert_eq!(host("http://[fe80::1%eth0]/"), Some("[fe80::1%eth0]"));
        assert!(JavaUri::parse("http://[::1%]/").is_err());
        assert!(JavaUri::parse("http://[1::2::3]/").is_err());
        // An empty authority before a path; none before nothing.
        let f = JavaUri::parse("file:///etc/hosts").unwrap();
        assert_eq!(
            (f.raw_authority(), f.raw_path()),
            (None, Some("/etc/hosts"))
        );
        assert!(JavaUri::parse("http://").is_err());
        // Other characters stand where escapes may; not in a server name.
        let u = JavaUri::parse("http://\u{e9}.example/\u{e9}").unwrap();
        assert_eq!(
            (u.host(), u.raw_authority()),
            (None, Some("\u{e9}.example"))
        );
        assert!(JavaUri::parse("http://h/\u{a0}").is_err());
        // The empty string is a reference; a scheme alone is not.
        assert_eq!(JavaUri::parse("").unwrap().raw_path(), Some(""));
        assert!(JavaUri::parse("http:").is_err());
        // Server names: the last label starts with a letter; a number is
        // an address only when its four parts fit in bytes.
        assert_eq!(host("http://1.2.3.4:8/"), Some("1.2.3.4"));
        assert_eq!(host("http://999.1.1.1/"), None);
        assert_eq!(host("http://123/"), Some("123"));
        assert_eq!(host("http://0001.1.1.1/"), Some("0001.1.1.1"));
        assert_eq!(host("http://a-.b/"), None);
        assert_eq!(host("http://a.b./"), Some("a.b."));
        // A port too large for an int: registry-based.
        assert_eq!(host("http://h:99999999999/"), None);
        // A malformed escape fails the whole reference.
        assert_eq!(
            JavaUri::parse("http://h/%zz").unwrap_err(),
            JavaUriError {
                reason: "Malformed escape pair",
                offset: 9
            }
        );
        assert_eq!(
            JavaUri::parse("1a:b").unwrap_err().reason,
            "Illegal character in scheme name"
        );
    }

    #[test]
    fn a_key_is_text_not_a_pattern() {
        assert_eq!(query_value("a.b=1&axb=2", "axb"), Some("2"));
        assert_eq!(query_value("xa=1&a=2=3&a=4", "a"), Some("2=3"));
        assert_eq!(query_value("a=1", ""), None);
        assert_eq!(query_value("=1", ""), Some("1"));
    }
}
