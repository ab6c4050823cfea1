//! Go's `idna.ToASCII`, the profile `Punycode` of `golang.org/x/net/idna`:
//! punycode (RFC 3492) label by label and no other check, on bytes that
//! need not be UTF-8 (each byte that does not decode is U+FFFD, as Go's
//! `range` reads it). A label that begins with `xn--` is decoded first,
//! and an ASCII result replaces it; one that does not decode fails the
//! whole name.

use alloc::string::String;
use alloc::vec::Vec;

const BASE: u32 = 36;
const TMIN: u32 = 1;
const TMAX: u32 = 26;
const SKEW: u32 = 38;
const DAMP: u32 = 700;
const INITIAL_BIAS: u32 = 72;
const INITIAL_N: u32 = 128;
/// Go's arithmetic is in `int32`.
const MAX: u32 = i32::MAX as u32;

/// The code points of `bytes`, U+FFFD for each byte of an invalid sequence.
fn chars(bytes: &[u8]) -> Vec<u32> {
    let mut out = Vec::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        out.extend(chunk.valid().chars().map(u32::from));
        out.extend(chunk.invalid().iter().map(|_| 0xFFFD));
    }
    out
}

/// The ASCII form of the host `bytes`, or `None` where a label fails.
pub(super) fn to_ascii(bytes: &[u8]) -> Option<String> {
    let mut out = String::with_capacity(bytes.len() + 8);
    let mut failed = false;
    for (i, label) in bytes.split(|&b| b == b'.').enumerate() {
        if i > 0 {
            out.push('.');
        }
        let mut cps = chars(label);
        if let Some(encoded) = label.strip_prefix(b"xn--") {
            match decode(encoded) {
                Some(d) => cps = d,
                None => {
                    // The label stays; the name fails.
                    failed = true;
                }
            }
        }
        if cps.iter().all(|&c| c < 0x80) {
            out.extend(cps.iter().filter_map(|&c| char::from_u32(c)));
        } else {
            out.push_str("xn--");
            encode(&cps, &mut out)?;
        }
    }
    (!failed).then_some(out)
}

/// `a + b * c` in Go's `int32`, `None` on overflow.
fn madd(a: u32, b: u32, c: u32) -> Option<u32> {
    let p = u64::from(b) * u64::from(c) + u64::from(a);
    (p <= u64::from(MAX)).then_some(p as u32)
}

fn adapt(delta: u32, points: u32, first: bool) -> u32 {
    let mut delta = if first { delta / DAMP } else { delta / 2 };
    delta += delta / points;
    let mut k = 0;
    while delta > ((BASE - TMIN) * TMAX) / 2 {
        delta /= BASE - TMIN;
        k += BASE;
    }
    k + (BASE - TMIN + 1) * delta / (delta + SKEW)
}

fn threshold(k: u32, bias: u32) -> u32 {
    if k <= bias {
        TMIN
    } else if k >= bias + TMAX {
        TMAX
    } else {
        k - bias
    }
}

/// Go's `decode`: the basic code points before the last `-` (any bytes,
/// read as code points), then the deltas; at most 1,024 code points; a
/// surrogate decoded becomes U+FFFD.
fn decode(encoded: &[u8]) -> Option<Vec<u32>> {
    if encoded.is_empty() {
        return Some(Vec::new());
    }
    let pos = encoded
        .iter()
        .rposition(|&b| b == b'-')
        .map_or(0, |p| p + 1);
    if pos == 1 {
        return None;
    }
    if pos == encoded.len() {
        return Some(chars(&encoded[..pos - 1]));
    }
    let mut output = if pos > 0 {
        chars(&encoded[..pos - 1])
    } else {
        Vec::new()
    };
    let (mut i, mut n, mut bias) = (0u32, INITIAL_N, INITIAL_BIAS);
    let mut pos = pos;
    while pos < encoded.len() {
        let (old_i, mut w) = (i, 1u32);
        let mut k = BASE;
        loop {
            let digit = match encoded.get(pos)? {
                c @ b'0'..=b'9' => u32::from(c - b'0') + 26,
                c @ b'A'..=b'Z' => u32::from(c - b'A'),
                c @ b'a'..=b'z' => u32::from(c - b'a'),
                _ => return None,
            };
            pos += 1;
            i = madd(i, digit, w)?;
            let t = threshold(k, bias);
            if digit < t {
                break;
            }
            w = madd(0, w, BASE - t)?;
            k += BASE;
        }
        if output.len() >= 1024 {
            return None;
        }
        let x = output.len() as u32 + 1;
        bias = adapt(i - old_i, x, old_i == 0);
        n = n.checked_add(i / x).filter(|&n| n <= MAX)?;
        i %= x;
        if n > 0x10FFFF {
            return None;
        }
        output.insert(i as usize, n);
        i += 1;
    }
    // Go's `string([]rune)` writes a surrogate as U+FFFD.
    for c in &mut output {
        if (0xD800..0xE000).contains(c) {
            *c = 0xFFFD;
        }
    }
    Some(output)
}

/// Go's `encode` of the code points `cps` (at least one beyond ASCII),
/// appended to `out`; `None` on overflow.
fn encode(cps: &[u32], out: &mut String) -> Option<()> {
    let basic = cps.iter().filter(|&&c| c < 0x80).count() as u32;
    out.extend(
        cps.iter()
            .filter(|&&c| c < 0x80)
            .filter_map(|&c| char::from_u32(c)),
    );
    if basic > 0 {
        out.push('-');
    }
    let (mut delta, mut n, mut bias) = (0u32, INITIAL_N, INITIAL_BIAS);
    let mut h = basic;
    let mut remaining = cps.len() as u32 - basic;
    while remaining != 0 {
        let m = cps.iter().copied().filter(|&c| c >= n).min().unwrap_or(MAX);
        delta = madd(delta, m - n, h + 1)?;
        n = m;
        for &c in cps {
            if c < n {
                delta += 1;
                if delta > MAX {
                    return None;
                }
                continue;
            }
            if c > n {
                continue;
            }
            let mut q = delta;
            let mut k = BASE;
            loop {
                let t = threshold(k, bias);
                if q < t {
                    break;
                }
                out.push(digit(t + (q - t) % (BASE - t)));
                q = (q - t) / (BASE - t);
                k += BASE;
            }
            out.push(digit(q));
            bias = adapt(delta, h + 1, h == basic);
            delta = 0;
            h += 1;
            remaining -= 1;
        }
        delta += 1;
        n += 1;
    }
    Some(())
}

fn digit(d: u32) -> char {
    match d {
        0..=25 => char::from(b'a' + d as u8),
        _ => char::from(b'0' + (d - 26) as u8),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 3492 section 7.1's samples, and the client's own.
    #[test]
    fn encodes_and_decodes() {
        assert_eq!(
            to_ascii("www.ümlat.com".as_bytes()).unwrap(),
            "www.xn--mlat-zra.com"
        );
        assert_eq!(
            to_ascii("ليهمابتكلموشعربي؟".as_bytes()).unwrap(),
            "xn--egbpdaj6bu4bxfgehfvwxn"
        );
        assert_eq!(to_ascii("xn--mlat-zra".as_bytes()).unwrap(), "xn--mlat-zra");
        // An `xn--` label of ASCII alone is replaced by it.
        assert_eq!(to_ascii("xn--abc-.ü".as_bytes()).unwrap(), "abc.xn--tda");
        assert_eq!(to_ascii("xn--.ü".as_bytes()).unwrap(), ".xn--tda");
        assert_eq!(to_ascii("xn---a.ü".as_bytes()), None);
        assert_eq!(to_ascii("xn--a!.ü".as_bytes()), None);
        // Bytes that are not UTF-8 are U+FFFD each.
        assert_eq!(
            to_ascii(b"\xff\xfe"),
            to_ascii("\u{fffd}\u{fffd}".as_bytes())
        );
        assert_eq!(decode(b"egbpdaj6bu4bxfgehfvwxn").map(|v| v.len()), Some(17));
    }
}
