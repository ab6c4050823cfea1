//! Session identifiers, removed from the path and the query
//! (webarchive-commons' `URLRegexTransformer`: `stripPathSessionID` and
//! `stripQuerySessionID`). The reference writes each as a regular
//! expression `^(.*)KEY(?:&(.*))?$`, whose greedy `(.*)` picks the last
//! place where the key matches; here each is a scan from the end, with
//! no backtracking, so that a long query costs linear time.

use alloc::vec::Vec;

/// Whether `s` begins with `word`, without ASCII case.
fn starts(s: &[u8], word: &[u8]) -> bool {
    s.len() >= word.len() && s[..word.len()].eq_ignore_ascii_case(word)
}

/// The length of the run at the start of `s` of bytes in `class`, up to
/// `max`.
fn run(s: &[u8], max: usize, class: fn(&u8) -> bool) -> usize {
    s.iter().take(max).take_while(|b| class(b)).count()
}

/// The end of the session key that starts at `s[0]`, if one does: the
/// five keys of the reference, in its order, each tried on the result of
/// the one before.
type Key = fn(&[u8], &[usize]) -> Option<usize>;

/// `NAME=` and exactly `n` letters or digits (`jsessionid=`, `phpsessid=`,
/// `sid=`, 32 of them).
fn alnum_value(s: &[u8], name: &[u8], n: usize) -> Option<usize> {
    if !starts(s, name) {
        return None;
    }
    let v = &s[name.len()..];
    (run(v, n, u8::is_ascii_alphanumeric) == n).then_some(name.len() + n)
}

fn jsessionid(s: &[u8], _: &[usize]) -> Option<usize> {
    alnum_value(s, b"jsessionid=", 32)
}

fn phpsessid(s: &[u8], _: &[usize]) -> Option<usize> {
    alnum_value(s, b"phpsessid=", 32)
}

fn sid(s: &[u8], _: &[usize]) -> Option<usize> {
    alnum_value(s, b"sid=", 32)
}

/// `ASPSESSIONID`, eight letters, `=`, 24 letters.
fn aspsessionid(s: &[u8], _: &[usize]) -> Option<usize> {
    const NAME: &[u8] = b"aspsessionid";
    if !starts(s, NAME) {
        return None;
    }
    let s = &s[NAME.len()..];
    if run(s, 8, u8::is_ascii_alphabetic) != 8 || s.get(8) != Some(&b'=') {
        return None;
    }
    (run(&s[9..], 24, u8::is_ascii_alphabetic) == 24).then_some(NAME.len() + 9 + 24)
}

/// `cfid=` a value `&cftoken=` a value, each value one or more bytes up
/// to the next `&`. `amp[i]` is how far the first `&` at or after `s[i]`
/// is from it (to the end where there is none).
fn cfid(s: &[u8], amp: &[usize]) -> Option<usize> {
    if !starts(s, b"cfid=") {
        return None;
    }
    let v = 5 + amp[5];
    if v == 5 || !starts(&s[v..], b"&cftoken=") {
        return None;
    }
    let end = v + 9 + amp[v + 9];
    (end > v + 9).then_some(end)
}

/// Whether a query may hold a session key: each key's name holds `id`.
pub(crate) fn may_have_key(query: &[u8]) -> bool {
    memchr::memchr2_iter(b'i', b'I', query).any(|i| {
        query
            .get(i + 1)
            .is_some_and(|b| b.eq_ignore_ascii_case(&b'd'))
    })
}

/// Whether a path may hold a cookieless session segment: one begins `/(`.
pub(crate) fn has_path_segment(path: &[u8]) -> bool {
    crate::arch::first_pair(path, b'/', b'(').is_some()
}

/// The query without its session keys (`stripQuerySessionID`): for each
/// key, the last place where it stands and is followed by `&` or the
/// end; the key and its `&` are removed.
pub(crate) fn strip_query(query: &mut Vec<u8>) {
    for (first, key) in KEYS {
        if let Some(found) = last_key(query, first, key, &[]) {
            strip_one(query, found);
        }
    }
    if let Some(amp) = cfid_amps(query) {
        if let Some(found) = last_key(query, b'c', cfid, &amp) {
            strip_one(query, found);
        }
    }
}

/// Whether [`strip_query`] removes anything from `query`: whether any key
/// stands in it as the first removal needs (a key is looked for only
/// once the ones before it have changed nothing).
pub(crate) fn has_key(query: &[u8]) -> bool {
    KEYS.iter()
        .any(|&(first, key)| last_key(query, first, key, &[]).is_some())
        || cfid_amps(query).is_some_and(|amp| last_key(query, b'c', cfid, &amp).is_some())
}

/// The keys but `cfid`, in the reference's order, each with the first
/// letter of its name.
const KEYS: [(u8, Key); 4] = [
    (b'j', jsessionid as Key),
    (b'p', phpsessid),
    (b's', sid),
    (b'a', aspsessionid),
];

/// How far the first `&` at or after each place of `query` is, which
/// only `cfid` needs, and only if its name occurs.
fn cfid_amps(query: &[u8]) -> Option<Vec<usize>> {
    if !contains_ci(query, b"cfid=") {
        return None;
    }
    let mut amp = alloc::vec![0; query.len() + 1];
    for i in (0..query.len()).rev() {
        amp[i] = if query[i] == b'&' { 0 } else { amp[i + 1] + 1 };
    }
    Some(amp)
}

/// The last place in `q` where `key` (whose name begins with the letter
/// `first`, in lower case) stands and is followed by `&` or the end, and
/// its length. Only the places of that letter, in either case, are tried
/// (a vector search from the end), not every byte.
fn last_key(q: &[u8], first: u8, key: Key, amp: &[usize]) -> Option<(usize, usize)> {
    let upper = first.to_ascii_uppercase();
    memchr::memrchr2_iter(first, upper, q).find_map(|i| {
        let len = key(&q[i..], amp.get(i..).unwrap_or(&[]))?;
        match q.get(i + len) {
            None | Some(b'&') => Some((i, len)),
            Some(_) => None,
        }
    })
}

/// The key found at `i`, `len` long, removed with its `&`.
fn strip_one(q: &mut Vec<u8>, (i, len): (usize, usize)) {
    let end = i + len;
    if end == q.len() {
        q.truncate(i);
    } else {
        // The rest after `&` takes the key's place; an empty rest leaves
        // the `&`'s place empty too.
        q.drain(i..=end);
    }
}

fn contains_ci(s: &[u8], word: &[u8]) -> bool {
    s.windows(word.len()).any(|w| w.eq_ignore_ascii_case(word))
}

/// The path without an ASP.NET session segment (`stripPathSessionID`):
/// the last segment `/(X(24 letters or digits)...)/`, or
/// `/(24 letters or digits)/`, that a name ending `.aspx` follows before
/// any `?`.
pub(crate) fn strip_path(path: &mut Vec<u8>) {
    if !has_path_segment(path) {
        return;
    }
    for segment in [
        cookieless_many as fn(&[u8]) -> Option<usize>,
        cookieless_one,
    ] {
        // ok[i]: an `.aspx` starts at or after `i` with no `?` before its
        // end (the reference's `[^?]+\.aspx.*` from `i`, less the byte
        // its `+` needs).
        let n = path.len();
        let mut ok = alloc::vec![false; n + 1];
        for i in (0..n).rev() {
            ok[i] = path[i] != b'?' && (starts(&path[i..], b".aspx") || ok[i + 1]);
        }
        for i in (1..n).rev() {
            if path[i - 1] != b'/' || path[i] != b'(' {
                continue;
            }
            let Some(len) = segment(&path[i..]) else {
                continue;
            };
            let rest = i + len;
            if rest < n && path[rest] != b'?' && ok[rest + 1] {
                path.drain(i..rest);
                break;
            }
        }
    }
}

/// `(` then one or more `X(24 letters or digits)`, then `)/`.
fn cookieless_many(s: &[u8]) -> Option<usize> {
    let mut at = 1;
    let mut blocks = 0;
    while s.get(at).is_some_and(u8::is_ascii_alphabetic) {
        if s.get(at + 1) != Some(&b'(')
            || run(&s[(at + 2).min(s.len())..], 24, u8::is_ascii_alphanumeric) != 24
            || s.get(at + 26) != Some(&b')')
        {
            return None;
        }
        at += 27;
        blocks += 1;
    }
    (blocks > 0 && s.get(at..at + 2) == Some(b")/")).then_some(at + 2)
}

/// `(24 letters or digits)/`.
fn cookieless_one(s: &[u8]) -> Option<usize> {
    (run(&s[1..], 24, u8::is_ascii_alphanumeric) == 24 && s.get(25..27) == Some(b")/"))
        .then_some(27)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(q: &str) -> String {
        let mut v = q.as_bytes().to_vec();
        strip_query(&mut v);
        String::from_utf8(v).unwrap()
    }

    fn path(p: &str) -> String {
        let mut v = p.as_bytes().to_vec();
        strip_path(&mut v);
        String::from_utf8(v).unwrap()
    }

    use alloc::format;
    use alloc::string::String;

    /// webarchive-commons' `URLRegexTransformerTest` cases (as the `surt`
    /// package's tests keep them).
    #[test]
    fn query_keys() {
        let id = "0123456789abcdefghijklemopqrstuv";
        assert_eq!(query(&format!("?jsessionid={id}")), "?");
        assert_eq!(
            query(&format!("?jsessionid={id}0")),
            format!("?jsessionid={id}0")
        );
        assert_eq!(query(&format!("?jsessionid={id}&x=y")), "?x=y");
        assert_eq!(
            query(&format!("?one=two&jsessionid={id}&x=y")),
            "?one=two&x=y"
        );
        assert_eq!(query(&format!("?one=two&jsessionid={id}")), "?one=two&");
        assert_eq!(
            query("?aspsessionidABCDEFGH=ABCDEFGHIJKLMNOPQRSTUVWX&x=y"),
            "?x=y"
        );
        assert_eq!(query(&format!("?phpsessid={id}&x=y")), "?x=y");
        assert_eq!(
            query(&format!("?one=two&phpsessid={id}&x=y")),
            "?one=two&x=y"
        );
        assert_eq!(query(&format!("?one=two&phpsessid={id}")), "?one=two&");
        assert_eq!(query("?sid=9682993c8daa2c5497996114facdc805&x=y"), "?x=y");
        assert_eq!(
            query(&format!(
                "?sid=9682993c8daa2c5497996114facdc805&jsessionid={id}"
            )),
            "?"
        );
        assert_eq!(
            query("?CFID=1169580&CFTOKEN=48630702&dtstamp=22%2F08%2F2006%7C06%3A58%3A11"),
            "?dtstamp=22%2F08%2F2006%7C06%3A58%3A11"
        );
        assert_eq!(
            query("?CFID=14475712&CFTOKEN=2D89F5AF-3048-2957-DA4EE4B6B13661AB&r=468710288378&m=forgotten"),
            "?r=468710288378&m=forgotten"
        );
        assert_eq!(
            query("?CFID=16603925&CFTOKEN=2AE13EEE-3048-85B0-56CEDAAB0ACA44B8"),
            "?"
        );
        // `cfid=` with an empty value is no key.
        assert_eq!(query("?cfid=&cftoken=1"), "?cfid=&cftoken=1");
    }

    /// The keys tried at every byte from the end, as the reference's
    /// regular expression `^(.*)KEY(?:&(.*))?$` reads them: what the
    /// search from the keys' first letters must find.
    fn every_byte(q: &mut Vec<u8>) {
        for key in [jsessionid as Key, phpsessid, sid, aspsessionid, cfid] {
            // How far the first `&` at or after each place is.
            let amp: Vec<usize> = (0..=q.len())
                .map(|i| {
                    q[i..]
                        .iter()
                        .position(|&b| b == b'&')
                        .unwrap_or(q.len() - i)
                })
                .collect();
            for i in (0..q.len()).rev() {
                let Some(len) = key(&q[i..], amp.get(i..).unwrap_or(&[])) else {
                    continue;
                };
                match q.get(i + len) {
                    None => q.truncate(i),
                    Some(b'&') => {
                        q.drain(i..=i + len);
                    }
                    Some(_) => continue,
                }
                break;
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(20_000))]

        /// The search from each key's first letter removes what the
        /// reading at every byte removes, on queries made of the keys'
        /// pieces, in both cases, with `&`, `=` and values of the
        /// lengths the keys want and others.
        #[test]
        fn keys_found_from_their_first_letter_as_at_every_byte(
            parts in proptest::collection::vec(proptest::sample::select(alloc::vec![
                "jsessionid=", "JSESSIONID=", "phpsessid=", "PhpSessId=", "sid=", "SID=",
                "aspsessionid", "ASPSESSIONIDABCDEFGH=", "cfid=", "CFID=", "&cftoken=",
                "&CFTOKEN=", "&", "=", "x", "0123456789abcdefghijklmnopqrstuv",
                "ABCDEFGHIJKLMNOPQRSTUVWX", "abcdefgh", "j", "s", "1",
            ]), 0..12),
        ) {
            let q: Vec<u8> = parts.concat().into_bytes();
            let (mut fast, mut slow) = (q.clone(), q.clone());
            strip_query(&mut fast);
            every_byte(&mut slow);
            proptest::prop_assert_eq!(has_key(&q), slow != q);
            proptest::prop_assert_eq!(fast, slow);
        }
    }

    #[test]
    fn path_segments() {
        assert_eq!(
            path("/(S(4hqa0555fwsecu455xqckv45))/mileg.aspx"),
            "/mileg.aspx"
        );
        assert_eq!(
            path("/(4hqa0555fwsecu455xqckv45)/mileg.aspx"),
            "/mileg.aspx"
        );
        assert_eq!(
            path("/(a(4hqa0555fwsecu455xqckv45)S(4hqa0555fwsecu455xqckv45)f(4hqa0555fwsecu455xqckv45))/mileg.aspx?page=sessionschedules"),
            "/mileg.aspx?page=sessionschedules"
        );
        assert_eq!(path("/photos/36050182@N05/"), "/photos/36050182@N05/");
        // No `.aspx` after it, or a `?` first: kept.
        assert_eq!(
            path("/(4hqa0555fwsecu455xqckv45)/mileg.asp"),
            "/(4hqa0555fwsecu455xqckv45)/mileg.asp"
        );
        assert_eq!(
            path("/(4hqa0555fwsecu455xqckv45)/?.aspx"),
            "/(4hqa0555fwsecu455xqckv45)/?.aspx"
        );
    }
}
