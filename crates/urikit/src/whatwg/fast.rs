//! The quick reading: most URLs met in the wild are already in the URL
//! Standard's canonical form (a special scheme in lower case, `//`, a
//! lower-case ASCII domain, no default port, no dot segment, nothing the
//! percent-encode sets would encode, no tab or newline). For those the
//! basic URL parser's output is the input itself (with a `/` for an empty
//! path), so one pass that proves it gives the `href` and its offsets,
//! and every other input goes to the parser. The pass decides only
//! acceptance of that form: whatever it does not prove, the parser reads,
//! so a wrong refusal costs time, never a different answer (the tests
//! compare both readings on every dataset and on generated inputs).
//!
//! May use: `whatwg::record`; `grammar::whatwg` (the sets it keeps),
//! `parse::scan` and `arch` (the vector classifier that scans them).

use super::record::Offsets;

use crate::arch::{Classify, Job};
use crate::grammar::whatwg::{KEPT_FRAGMENT, KEPT_HOST, KEPT_PATH_UNDOTTED, KEPT_QUERY};
use crate::parse::scan::scan_in;

/// What the pass found: the offsets in the input, the port, and whether
/// the path is empty (the `href` then has a `/` where it begins).
pub(crate) struct Quick {
    pub(crate) o: Offsets,
    pub(crate) port: Option<u16>,
    pub(crate) empty_path: bool,
    pub(crate) empty_host: bool,
}

/// The special schemes the pass takes, with their default ports.
#[inline(always)]
fn scheme(b: &[u8]) -> Option<(usize, Option<u16>)> {
    let colon = b.iter().take(6).position(|&c| c == b':')?;
    if b.get(colon + 1..colon + 3) != Some(b"//") {
        return None;
    }
    let port = match &b[..colon] {
        b"http" | b"ws" => Some(80),
        b"https" | b"wss" => Some(443),
        b"ftp" => Some(21),
        b"file" => None,
        _ => return None,
    };
    Some((colon, port))
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

/// The pass: `Some` when `s` is a URL the basic URL parser would give back
/// as it is (a `/` aside, for an empty path). Run with the best classifier
/// of the processor (see [`arch`](crate::arch)).
#[inline]
pub(crate) fn scan(s: &str) -> Option<Quick> {
    crate::arch::run(s, Pass)
}

/// The pass, handed to the processor layer.
struct Pass;

impl Job for Pass {
    type Out = Option<Quick>;

    #[inline(always)]
    fn run<K: Classify>(self, k: K, s: &str) -> Option<Quick> {
        if s.len() >= 32 {
            scan_with(k.wide(), s)
        } else {
            scan_with(k, s)
        }
    }
}

#[inline(always)]
fn scan_with(k: impl Classify, s: &str) -> Option<Quick> {
    let b = s.as_bytes();
    let (scheme_end, default) = scheme(b)?;
    let file = default.is_none() && scheme_end == 4 && b[0] == b'f';
    let host_start = scheme_end + 3;
    // The host: a lower-case ASCII domain.
    let mut i = scan_in(k, b, host_start, &KEPT_HOST);
    let host_end = i;
    let host = &b[host_start..host_end];
    if host.is_empty() && !file {
        return None;
    }
    if file && host == b"localhost" {
        return None;
    }
    // Not an IPv4 address (the ends-in-a-number checker, section 3.5): the
    // last label, after a final dot, neither digits nor `0x` hex.
    if !host.is_empty() {
        let t = host.strip_suffix(b".").unwrap_or(host);
        let last = t.rsplit(|&c| c == b'.').next().unwrap_or(b"");
        if !last.is_empty()
            && (last.iter().all(u8::is_ascii_digit)
                || (last.len() >= 2
                    && last[0] == b'0'
                    && (last[1] | 0x20) == b'x'
                    && last[2..].iter().all(u8::is_ascii_hexdigit)))
        {
            return None;
        }
    }
    // The port: digits without a leading zero, at most 65535, not the
    // scheme's default (the parser removes it).
    let mut port = None;
    if b.get(i) == Some(&b':') {
        if file {
            return None;
        }
        i += 1;
        let start = i;
        let mut n: u32 = 0;
        while i < b.len() && b[i].is_ascii_digit() {
            n = n * 10 + u32::from(b[i] - b'0');
            i += 1;
            if i - start > 5 {
                return None;
            }
        }
        let digits = i - start;
        if digits == 0 || (digits > 1 && b[start] == b'0') || n > 65535 {
            return None;
        }
        let n = n as u16;
        if Some(n) == default {
            return None;
        }
        port = Some(n);
    }
    let port_end = i;
    // The path.
    let path_start = i;
    let empty_path = !matches!(b.get(i), Some(b'/'));
    if !empty_path {
        // The scan stops at each `.` and `%`: one that begins a segment may
        // begin a dot segment, which the parser removes.
        loop {
            i = scan_in(k, b, i, &KEPT_PATH_UNDOTTED);
            match b.get(i) {
                Some(b'.' | b'%') => {
                    if b[i - 1] == b'/' {
                        let rest = &b[i..];
                        let end = rest
                            .iter()
                            .position(|&c| matches!(c, b'/' | b'?' | b'#'))
                            .unwrap_or(rest.len());
                        if dot_segment(&rest[..end]) {
                            return None;
                        }
                    }
                    i += 1;
                }
                _ => break,
            }
        }
        // A drive letter first in a file URL's path may be rewritten.
        if file {
            let first = b[path_start + 1..i]
                .split(|&c| c == b'/')
                .next()
                .unwrap_or(b"");
            if first.len() == 2 && first[0].is_ascii_alphabetic() && matches!(first[1], b':' | b'|')
            {
                return None;
            }
        }
    }
    let path_end = i;
    // What ends the path: the end, `?` or `#`; anything else (a `\`, a
    // byte the path set encodes, a tab) is the parser's.
    if i < b.len() && b[i] != b'?' && b[i] != b'#' {
        return None;
    }
    if b.get(i) == Some(&b'?') {
        i = scan_in(k, b, i + 1, &KEPT_QUERY);
        if i < b.len() && b[i] != b'#' {
            return None;
        }
    }
    let query_end = i;
    if b.get(i) == Some(&b'#') {
        i = scan_in(k, b, i + 1, &KEPT_FRAGMENT);
        if i < b.len() {
            return None;
        }
    }
    let o = Offsets {
        scheme_end,
        username_start: host_start,
        username_end: host_start,
        password_end: host_start,
        host_start,
        host_end,
        port_end,
        path_start,
        path_end,
        query_end,
    };
    Some(Quick {
        o,
        port,
        empty_path,
        empty_host: host.is_empty(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the pass takes and what it leaves to the parser.
    #[test]
    fn canonical_or_not() {
        for s in [
            "http://example.com/",
            "https://a.b-c.example:8443/p/q.html?x=1&y=%20#top",
            "ws://h",
            "http://h?q",
            "file:///etc/hosts",
            "ftp://h/a%zz",
            "http://h/.a/..b/",
        ] {
            assert!(scan(s).is_some(), "{s}");
        }
        for s in [
            "HTTP://example.com/",
            "http://Example.com/",
            "http://h:80/",
            "http://h:080/",
            "http://h:/",
            "http://1.2.3.4/",
            "http://h.0x1/",
            "http://h/a/../b",
            "http://h/%2e/b",
            "http://h/a b",
            "http://h\\a",
            "http://u@h/",
            "http://[::1]/",
            "http://h/é",
            "http://h/a\tb",
            "file://localhost/x",
            "file:///C|/x",
            "http:/h",
            "foo://h/",
            "http://h/?'",
        ] {
            assert!(scan(s).is_none(), "{s}");
        }
    }
}
