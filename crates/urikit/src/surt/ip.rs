//! The IPv4 forms the Internet Archive's canonicalization reads as an
//! address (`attemptIPFormats`): a decimal number of any length, taken
//! modulo 2³², and the dotted forms of one to four parts that the C
//! library's `inet_aton` reads (a part with a leading `0` is octal; the
//! last part fills the bytes that remain).

use alloc::string::String;
use core::fmt::Write;

/// The address `host` names, in dotted decimal, or `None` where it is a
/// name.
pub(crate) fn attempt(host: &[u8]) -> Option<String> {
    if host.is_empty() {
        return None;
    }
    if host.iter().all(u8::is_ascii_digit) {
        // The number modulo 2^32, however long it is.
        let n = host.iter().fold(0u32, |n, &d| {
            n.wrapping_mul(10).wrapping_add(u32::from(d - b'0'))
        });
        return Some(dotted(n));
    }
    // Only the shapes `[1-9][0-9]*(\.[0-9]+){0,3}` and
    // `0[0-7]*(\.[0-7]+){0,3}` are tried; other names are names.
    let parts = host.split(|&b| b == b'.');
    let octal = host[0] == b'0';
    let mut count = 0;
    for p in parts.clone() {
        count += 1;
        let digits = if octal {
            p.iter().all(|b| (b'0'..=b'7').contains(b))
        } else {
            p.iter().all(u8::is_ascii_digit)
        };
        if p.is_empty() || !digits || count > 4 {
            return None;
        }
    }
    inet_aton(parts, count).map(dotted)
}

/// `inet_aton` on parts of digits alone (each non-empty).
fn inet_aton<'a>(parts: impl Iterator<Item = &'a [u8]>, count: usize) -> Option<u32> {
    let mut addr = 0u32;
    for (i, p) in parts.enumerate() {
        let (base, digits) = if p.len() > 1 && p[0] == b'0' {
            (8, &p[1..])
        } else {
            (10, p)
        };
        let mut v = 0u64;
        for &d in digits {
            let d = u64::from(d - b'0');
            if d >= base {
                return None;
            }
            v = v * base + d;
            if v > u64::from(u32::MAX) {
                return None;
            }
        }
        if i + 1 < count {
            if v > 0xff {
                return None;
            }
            addr |= (v as u32) << (24 - 8 * i);
        } else {
            // The last part fills the bytes the others left.
            let bits = 32 - 8 * (count - 1);
            if bits < 32 && v >> bits != 0 {
                return None;
            }
            addr |= v as u32;
        }
    }
    Some(addr)
}

fn dotted(n: u32) -> String {
    let [a, b, c, d] = n.to_be_bytes();
    let mut s = String::with_capacity(15);
    let _ = write!(s, "{a}.{b}.{c}.{d}");
    s
}

#[cfg(test)]
mod tests {
    use super::attempt;

    /// webarchive-commons' `GoogleURLCanonicalizerTest`
    /// `testAttemptIPFormats`, with the `surt` package's readings where
    /// they differ (it reads `10.0.258` as `inet_aton` does).
    #[test]
    fn forms() {
        let a = |h: &str| attempt(h.as_bytes());
        assert_eq!(a("www.foo.com"), None);
        assert_eq!(a("127.0.0.1").as_deref(), Some("127.0.0.1"));
        assert_eq!(a("017.0.0.1").as_deref(), Some("15.0.0.1"));
        assert_eq!(a("168.188.99.26").as_deref(), Some("168.188.99.26"));
        assert_eq!(a("10.0.258").as_deref(), Some("10.0.1.2"));
        assert_eq!(a("1.2.3.256"), None);
        assert_eq!(a("39024579298").as_deref(), Some("22.11.210.226"));
        assert_eq!(a("3279880203").as_deref(), Some("195.127.0.11"));
        assert_eq!(a("1.08.3.4"), None);
        assert_eq!(a("1.010.3.4").as_deref(), Some("1.8.3.4"));
        assert_eq!(a("0"), Some("0.0.0.0".into()));
        assert_eq!(a("1.2.3.4.5"), None);
        assert_eq!(a("1..2"), None);
    }
}
