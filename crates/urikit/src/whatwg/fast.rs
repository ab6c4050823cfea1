//! The quick reading: most URLs met in the wild are already in the URL
//! Standard's canonical form (a special scheme in lower case, `//`, a
//! lower-case ASCII domain, no default port, no dot segment, nothing the
//! percent-encode sets would encode, no tab or newline), and most of the
//! rest differ from it only in what the parser rewrites in place (an
//! upper-case scheme or host, a default port, a `\` for a `/`, a byte to
//! percent-encode). One pass with the vector classifier proves that: it
//! returns the offsets of the input's components and, only where
//! something had to change, the serialization written as it went. Every
//! other input (userinfo, an IP address, a dot segment, a tab, an IDNA
//! label, a relative reference) goes to the parser. The pass decides only
//! what it can prove: whatever it leaves, the parser reads, so a refusal
//! costs time, never a different answer (the tests compare both readings
//! on every dataset and on generated inputs).
//!
//! [`valid`] is the same idea for `can_parse`: a special URL can fail
//! only in its authority (section 4.4: the path, query and fragment states
//! never fail), so proving a plain host and port proves the URL.
//!
//! May use: `whatwg::encode`, `whatwg::error`, `whatwg::record`;
//! `grammar::whatwg` (the sets it keeps), `parse::scan` and `arch` (the
//! vector classifier that scans them).

use alloc::string::String;

use super::encode::{is_forbidden_domain, push_byte};
use super::error::{ValidationError, ValidationErrorKind as K};
use super::record::Offsets;

use crate::arch::{Classify, Job};
use crate::grammar::whatwg::{KEPT_FRAGMENT, KEPT_HOST, KEPT_PATH_UNDOTTED, KEPT_QUERY};
use crate::grammar::Table;
use crate::parse::scan::scan_in;

/// What the pass found: the offsets in the `href`, the port, the host's
/// form, and the `href` itself where it is not the input.
pub(crate) struct Quick {
    pub(crate) o: Offsets,
    pub(crate) port: Option<u16>,
    pub(crate) host: HostForm,
    pub(crate) href: Option<String>,
}

/// The hosts the pass writes.
#[derive(Clone, Copy)]
pub(crate) enum HostForm {
    /// An ASCII domain.
    Domain,
    /// An IPv4 address already in its serialization's form.
    Ipv4,
    /// The empty host of a `file:` URL.
    Empty,
}

/// The special schemes (section 4.1) with their default ports, `file`
/// (none) among them, read from `b` in any case: the scheme's end and its
/// port, or `None` when `b` does not begin with one and `:`.
#[inline(always)]
fn scheme(b: &[u8]) -> Option<(usize, Option<u16>)> {
    // The two that most URLs have, as they are most often written.
    if b.starts_with(b"https:") {
        return Some((5, Some(443)));
    }
    if b.starts_with(b"http:") {
        return Some((4, Some(80)));
    }
    let colon = b.iter().take(6).position(|&c| c == b':')?;
    let mut name = [0u8; 5];
    for (n, c) in name.iter_mut().zip(&b[..colon]) {
        *n = c.to_ascii_lowercase();
    }
    let port = match &name[..colon] {
        b"http" | b"ws" => Some(80),
        b"https" | b"wss" => Some(443),
        b"ftp" => Some(21),
        b"file" => None,
        _ => return None,
    };
    Some((colon, port))
}

/// Whether `host` ends in a number (section 3.5, the ends-in-a-number
/// checker, in the form that matters here): its last label, after one
/// final dot, is digits or `0x` and hex digits. Such a host is read as an
/// IPv4 address, which the pass leaves to the parser.
#[inline(always)]
fn ends_in_a_number(host: &[u8]) -> bool {
    let t = host.strip_suffix(b".").unwrap_or(host);
    // Most hosts end in a letter that no number ends in.
    match t.last() {
        Some(c) if c.is_ascii_hexdigit() || (c | 0x20) == b'x' => {}
        _ => return false,
    }
    let last = match t.iter().rposition(|&c| c == b'.') {
        Some(p) => &t[p + 1..],
        None => t,
    };
    last.iter().all(u8::is_ascii_digit)
        || (last.len() >= 2
            && last[0] == b'0'
            && (last[1] | 0x20) == b'x'
            && last[2..].iter().all(u8::is_ascii_hexdigit))
}

/// Whether the segment `seg` is a single- or double-dot segment (section
/// 4.1), which the parser would remove.
#[inline]
fn dot_segment(seg: &[u8]) -> bool {
    match seg.len() {
        1 | 2 => seg.iter().all(|&c| c == b'.'),
        3..=6 => {
            let s = core::str::from_utf8(seg).unwrap_or("");
            s.eq_ignore_ascii_case("%2e")
                || s.eq_ignore_ascii_case(".%2e")
                || s.eq_ignore_ascii_case("%2e.")
                || s.eq_ignore_ascii_case("%2e%2e")
        }
        _ => false,
    }
}

/// The bytes an ASCII domain may hold (section 3.5, domain to ASCII: an
/// ASCII domain without an `xn--` label is only lowered): printable ASCII
/// but the forbidden domain code points. [`KEPT_HOST`]'s are the common
/// ones, which the vector scan takes.
const HOSTISH: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0x21u8;
    while c < 0x7F {
        t[c as usize] = !is_forbidden_domain(c as char);
        c += 1;
    }
    t
};

/// Whether `host` is an IPv4 address as the serializer writes it (section
/// 3.6): four decimal parts of at most 255, without leading zeros.
#[inline]
fn dotted_quad(host: &[u8]) -> bool {
    let mut parts = 0;
    for part in host.split(|&c| c == b'.') {
        parts += 1;
        if parts > 4 || !(1..=3).contains(&part.len()) || (part.len() > 1 && part[0] == b'0') {
            return false;
        }
        let value = part.iter().try_fold(0u32, |n, &c| {
            c.is_ascii_digit().then(|| n * 10 + u32::from(c - b'0'))
        });
        if value.is_none_or(|v| v > 255) {
            return false;
        }
    }
    parts == 4
}

/// The serialization being written: nothing until the first change, then
/// the input up to `from` with the changes, the rest still to copy.
struct Out<'a> {
    s: &'a str,
    buf: Option<String>,
    from: usize,
}

impl<'a> Out<'a> {
    /// Where the input's offset `i` (not before the last change) lands
    /// in the serialization.
    #[inline(always)]
    fn at(&self, i: usize) -> usize {
        match &self.buf {
            Some(b) => b.len() + i - self.from,
            None => i,
        }
    }

    /// Replaces the input's bytes `i..j` (a character boundary each) with
    /// what `with` writes.
    #[inline]
    fn replace(&mut self, i: usize, j: usize, with: impl FnOnce(&mut String)) {
        let s = self.s;
        let b = self
            .buf
            .get_or_insert_with(|| String::with_capacity(s.len() + 16));
        b.push_str(&s[self.from..i]);
        with(b);
        self.from = j;
    }

    /// Percent-encodes the input's bytes `i..j` (section 1.3).
    #[inline]
    fn encode(&mut self, i: usize, j: usize) {
        let b = &self.s.as_bytes()[i..j];
        self.replace(i, j, |out| b.iter().for_each(|&c| push_byte(out, c)));
    }

    /// The serialization, if anything changed.
    #[inline(always)]
    fn finish(self) -> Option<String> {
        let s = self.s;
        self.buf.map(|mut b| {
            b.push_str(&s[self.from..]);
            b
        })
    }
}

/// The end of the run of bytes beyond ASCII from `i` (a character
/// boundary, as every ASCII byte is).
#[inline]
fn beyond_ascii(b: &[u8], i: usize) -> usize {
    b[i..]
        .iter()
        .position(|&c| c < 0x80)
        .map_or(b.len(), |p| i + p)
}

/// The pass: `Some` when `s` is a URL whose reading the pass can write
/// (see the module's text). Run with the best classifier of the processor
/// (see [`arch`](crate::arch)).
#[cfg(test)]
pub(crate) fn scan(s: &str) -> Option<Quick> {
    scan_then(s, |q| q)
}

/// [`scan`], its answer handed to `then` within the processor layer's
/// frame (what `then` builds is returned once, not moved twice).
#[inline]
pub(crate) fn scan_then<T>(s: &str, then: impl FnOnce(Option<Quick>) -> T) -> T {
    crate::arch::run(s.as_bytes(), Pass(s, then))
}

/// The pass, handed to the processor layer.
struct Pass<'a, F>(&'a str, F);

impl<T, F: FnOnce(Option<Quick>) -> T> Job for Pass<'_, F> {
    type Out = T;

    #[inline(always)]
    fn run<K: Classify>(self, k: K, b: &[u8]) -> T {
        // The serialization slices the text: the job holds it as `str`.
        let s = self.0;
        debug_assert_eq!(s.as_bytes(), b);
        (self.1)(if b.len() >= 32 {
            scan_with(k.wide(), s)
        } else {
            scan_with(k, s)
        })
    }
}

#[inline(always)]
fn scan_with(k: impl Classify, s: &str) -> Option<Quick> {
    let b = s.as_bytes();
    // Leading and trailing C0 controls and spaces are the preprocessing's
    // (section 4.4); the scheme's first letter rules out the leading ones.
    if b.last().is_some_and(|&c| c <= b' ') {
        return None;
    }
    let (scheme_end, default) = scheme(b)?;
    if b.get(scheme_end + 1..scheme_end + 3) != Some(b"//") {
        return None;
    }
    let file = default.is_none();
    let mut out = Out {
        s,
        buf: None,
        from: 0,
    };
    // The scheme state lowers the scheme.
    if b[..scheme_end].iter().any(u8::is_ascii_uppercase) {
        out.replace(0, scheme_end, |o| {
            o.extend(
                b[..scheme_end]
                    .iter()
                    .map(|c| char::from(c.to_ascii_lowercase())),
            );
        });
    }
    let host_start = scheme_end + 3;
    // The host: an ASCII domain, lowered (domain to ASCII, section 3.5).
    let mut i = scan_in(k, b, host_start, &KEPT_HOST);
    if b.get(i).is_some_and(|&c| HOSTISH[usize::from(c)]) {
        let mut j = i;
        while j < b.len() && HOSTISH[usize::from(b[j])] {
            j += 1;
        }
        if b[i..j].iter().any(u8::is_ascii_uppercase) {
            out.replace(i, j, |o| {
                o.extend(b[i..j].iter().map(|c| char::from(c.to_ascii_lowercase())));
            });
        }
        i = j;
    }
    let host_end = i;
    let host = &b[host_start..host_end];
    if host.is_empty() && !file {
        return None;
    }
    if file && host.eq_ignore_ascii_case(b"localhost") {
        return None;
    }
    let form = if host.is_empty() {
        HostForm::Empty
    } else if !ends_in_a_number(host) {
        HostForm::Domain
    } else if dotted_quad(host) {
        HostForm::Ipv4
    } else {
        return None;
    };
    let host_end_out = out.at(host_end);
    // The port: digits, at most 65535; written without leading zeros, and
    // not at all when empty or the scheme's default (the port state).
    let mut port = None;
    if b.get(i) == Some(&b':') {
        if file {
            return None;
        }
        let colon = i;
        i += 1;
        let start = i;
        let mut n: u32 = 0;
        while i < b.len() && b[i].is_ascii_digit() {
            n = n * 10 + u32::from(b[i] - b'0');
            i += 1;
            if n > 65535 {
                return None;
            }
        }
        if i == start || Some(n as u16) == default {
            out.replace(colon, i, |_| ());
        } else {
            let n = n as u16;
            if b[start] == b'0' && i - start > 1 {
                out.replace(start, i, |o| {
                    let mut d = [0u8; 5];
                    let mut v = n;
                    let mut k = d.len();
                    loop {
                        k -= 1;
                        d[k] = b'0' + (v % 10) as u8;
                        v /= 10;
                        if v == 0 {
                            break;
                        }
                    }
                    o.extend(d[k..].iter().map(|&c| char::from(c)));
                });
            }
            port = Some(n);
        }
    }
    let port_end = out.at(i);
    // The path: what follows the authority is `/` or `\` (read as `/` in a
    // special URL), or the path is empty and serialized as `/`.
    let path_start = out.at(i);
    match b.get(i) {
        Some(b'/') => {}
        Some(b'\\') => out.replace(i, i + 1, |o| o.push('/')),
        None | Some(b'?' | b'#') => out.replace(i, i, |o| o.push('/')),
        Some(_) => return None,
    }
    if matches!(b.get(i), Some(b'/' | b'\\')) {
        let first = i + 1;
        i += 1;
        loop {
            i = scan_in(k, b, i, &KEPT_PATH_UNDOTTED);
            let Some(&c) = b.get(i) else { break };
            match c {
                // A `.` or `%` that begins a segment may begin a dot
                // segment, which the parser removes.
                b'.' | b'%' => {
                    if matches!(b[i - 1], b'/' | b'\\') {
                        let rest = &b[i..];
                        let end = rest
                            .iter()
                            .position(|&c| matches!(c, b'/' | b'\\' | b'?' | b'#'))
                            .unwrap_or(rest.len());
                        if dot_segment(&rest[..end]) {
                            return None;
                        }
                    }
                    i += 1;
                }
                b'\\' => {
                    out.replace(i, i + 1, |o| o.push('/'));
                    i += 1;
                }
                b'?' | b'#' => break,
                b'\t' | b'\n' | b'\r' => return None,
                // In the path percent-encode set.
                _ => i = encode_one(b, i, &mut out),
            }
        }
        // A drive letter first in a file URL's path may be rewritten.
        if file {
            let seg = &b[first..i];
            let end = seg
                .iter()
                .position(|&c| c == b'/' || c == b'\\')
                .unwrap_or(seg.len());
            let seg = &seg[..end];
            if seg.len() == 2 && seg[0].is_ascii_alphabetic() && matches!(seg[1], b':' | b'|') {
                return None;
            }
        }
    }
    let path_end = out.at(i);
    // The query, by the special-query percent-encode set.
    if b.get(i) == Some(&b'?') {
        i = encode_rest(k, b, i + 1, &KEPT_QUERY, Some(b'#'), &mut out)?;
    }
    let query_end = out.at(i);
    // The fragment, by the fragment percent-encode set.
    if b.get(i) == Some(&b'#') {
        encode_rest(k, b, i + 1, &KEPT_FRAGMENT, None, &mut out)?;
    }
    let o = Offsets {
        scheme_end,
        username_start: host_start,
        username_end: host_start,
        password_end: host_start,
        host_start,
        host_end: host_end_out,
        port_end,
        path_start,
        path_end,
        query_end,
    };
    Some(Quick {
        o,
        port,
        host: form,
        href: out.finish(),
    })
}

/// The query or the fragment from `i` (past its `?` or `#`): the bytes
/// `kept` holds are copied, the others percent-encoded (section 1.3); it
/// ends at the byte `end` (`#` ends a query) or at the end of the text.
/// `None` at a tab or newline, which the parser removes (section 4.4).
#[inline(always)]
fn encode_rest(
    k: impl Classify,
    b: &[u8],
    mut i: usize,
    kept: &Table,
    end: Option<u8>,
    out: &mut Out<'_>,
) -> Option<usize> {
    loop {
        i = scan_in(k, b, i, kept);
        let Some(&c) = b.get(i) else { return Some(i) };
        match c {
            _ if Some(c) == end => return Some(i),
            b'\t' | b'\n' | b'\r' => return None,
            _ => i = encode_one(b, i, out),
        }
    }
}

/// Percent-encodes what begins at `i` and returns the offset past it: a
/// byte below 0x80, or the whole run of bytes beyond ASCII (each of which
/// every percent-encode set holds, section 1.3).
#[inline(always)]
fn encode_one(b: &[u8], i: usize, out: &mut Out<'_>) -> usize {
    let j = if b[i] >= 0x80 {
        beyond_ascii(b, i)
    } else {
        i + 1
    };
    out.encode(i, j);
    j
}

/// Whether `s` is proven to parse (`false`: not proven): a special
/// scheme, `//`, a host of [`HOSTISH`] bytes that does not end in a
/// number, and a port of at most 65535. The path, query and fragment
/// states never fail (section 4.4), so nothing after the authority is
/// read.
#[inline]
pub(crate) fn valid(s: &str) -> bool {
    crate::arch::run(s.as_bytes(), Valid)
}

/// [`valid`], handed to the processor layer.
struct Valid;

impl Job for Valid {
    type Out = bool;

    #[inline(always)]
    fn run<K: Classify>(self, k: K, b: &[u8]) -> bool {
        valid_with(k, b)
    }
}

#[inline(always)]
fn valid_with(k: impl Classify, b: &[u8]) -> bool {
    let Some((colon, default)) = scheme(b) else {
        return false;
    };
    if b.get(colon + 1..colon + 3) != Some(b"//") {
        return false;
    }
    let start = colon + 3;
    let mut i = scan_in(k, b, start, &KEPT_HOST);
    while i < b.len() && HOSTISH[usize::from(b[i])] {
        i += 1;
    }
    let host = &b[start..i];
    if (host.is_empty() && default.is_some()) || (ends_in_a_number(host) && !dotted_quad(host)) {
        return false;
    }
    if b.get(i) == Some(&b':') {
        if default.is_none() {
            return false;
        }
        i += 1;
        let mut n: u32 = 0;
        while i < b.len() && b[i].is_ascii_digit() {
            n = n * 10 + u32::from(b[i] - b'0');
            if n > 65535 {
                return false;
            }
            i += 1;
        }
    }
    matches!(b.get(i), None | Some(b'/' | b'\\' | b'?' | b'#'))
}

/// The failure of an input with no scheme and no base, proven without the
/// parser: `Some` when `s` (with no tab or newline) does not begin, after
/// its leading C0 controls and spaces, with a scheme and `:` (section 4.4,
/// the scheme start, scheme and no scheme states).
#[inline]
pub(crate) fn no_scheme(s: &str) -> Option<ValidationError> {
    let b = s.as_bytes();
    let from = b.iter().position(|&c| c > b' ')?;
    if memchr::memchr3(b'\t', b'\n', b'\r', b).is_some() {
        return None;
    }
    let t = &b[from..];
    let scheme = t[0].is_ascii_alphabetic()
        && t[1..]
            .iter()
            .find(|&&c| !(c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')))
            == Some(&b':');
    (!scheme).then_some(ValidationError {
        kind: K::MissingSchemeNonRelativeUrl,
        offset: from,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn href(s: &str) -> Option<String> {
        scan(s).map(|q| q.href.unwrap_or_else(|| String::from(s)))
    }

    /// What the pass takes as it is, what it rewrites, and what it leaves
    /// to the parser.
    #[test]
    fn canonical_rewritten_or_left() {
        for s in [
            "http://example.com/",
            "https://a.b-c.example:8443/p/q.html?x=1&y=%20#top",
            "file:///etc/hosts",
            "ftp://h/a%zz",
            "http://h/.a/..b/",
        ] {
            assert_eq!(href(s).as_deref(), Some(s), "{s}");
        }
        for (s, want) in [
            ("ws://h", "ws://h/"),
            ("http://h?q", "http://h/?q"),
            ("HTTP://Example.COM/", "http://example.com/"),
            ("http://h:80/", "http://h/"),
            ("http://h:/", "http://h/"),
            ("http://h:080/", "http://h/"),
            ("http://h:0081/", "http://h:81/"),
            ("http://h:0080", "http://h/"),
            ("https://h:00443?x", "https://h/?x"),
            ("http://h\\a\\b", "http://h/a/b"),
            ("http://h/a b?c d#e f", "http://h/a%20b?c%20d#e%20f"),
            ("http://h/é?é#é", "http://h/%C3%A9?%C3%A9#%C3%A9"),
            ("http://h/{x}?'#`", "http://h/%7Bx%7D?%27#%60"),
            ("http://h/?{}", "http://h/?{}"),
            ("http://1.2.3.4:8080", "http://1.2.3.4:8080/"),
            ("http://\"A!$&'()*+,;=_`{}~/", "http://\"a!$&'()*+,;=_`{}~/"),
        ] {
            assert_eq!(href(s).as_deref(), Some(want), "{s}");
        }
        for s in [
            "http://1.2.3.4./",
            "http://01.2.3.4/",
            "http://1.2.3.256/",
            "http://1.2.3/",
            "http://1.2.3.4.5/",
            "http://h.0x1/",
            "http://h/a/../b",
            "http://h/a\\..\\b",
            "http://h/%2e/b",
            "http://u@h/",
            "http://[::1]/",
            "http://h/a\tb",
            "http://h/ ",
            "file://localhost/x",
            "file://LocalHost/x",
            "file:///C|/x",
            "file:///c:",
            "http:/h",
            "http:///h",
            "foo://h/",
            "http://h:65536/",
            "http://h:8a/",
            "http://h%41/",
            "http://é/",
        ] {
            assert!(scan(s).is_none(), "{s}");
        }
    }

    /// Validity from the authority alone, and what it leaves.
    #[test]
    fn valid_from_the_authority() {
        for s in [
            "http://example.com/a b\\c?\u{1}#`",
            "HTTPS://EXAMPLE.com:/",
            "http://h:65535",
            "file:///x",
            "ws://h?x",
        ] {
            assert!(valid(s), "{s}");
        }
        for s in [
            "http://",
            "http://h:65536/",
            "http://1.2.3.0x4/",
            "http://u@h/",
            "http://h h/",
            " http://h/",
            "file://h:1/",
            "mailto:x",
            "http:h",
        ] {
            assert!(!valid(s), "{s}");
        }
    }

    /// No scheme and nothing to read it against: the failure, where the
    /// parser meets it.
    #[test]
    fn no_scheme_fails_at_the_first_code_point() {
        assert_eq!(no_scheme("/a").map(|e| e.offset), Some(0));
        assert_eq!(no_scheme("  1a:b").map(|e| e.offset), Some(2));
        assert_eq!(no_scheme("a b:c").map(|e| e.offset), Some(0));
        assert!(no_scheme("a+b:c").is_none());
        assert!(no_scheme("\ta").is_none());
        assert!(no_scheme("   ").is_none());
    }
}
