//! A slow, obviously correct oracle: the ABNF of RFC 3986 Appendix A
//! transcribed rule by rule into combinators that return every position
//! where a rule can end (so alternation and repetition need no cleverness),
//! and the regular expression of Appendix B as a plain function.

use std::collections::BTreeSet;
use std::rc::Rc;

type Ends = BTreeSet<usize>;

/// What a rule does: from a start position, every position where it can end.
type Match = dyn Fn(&[u8], usize) -> Ends;

/// A rule.
#[derive(Clone)]
pub struct R(Rc<Match>);

impl R {
    fn run(&self, b: &[u8], i: usize) -> Ends {
        (self.0)(b, i)
    }
}

fn ch(pred: fn(u8) -> bool) -> R {
    R(Rc::new(move |b, i| {
        b.get(i)
            .filter(|&&c| pred(c))
            .map(|_| i + 1)
            .into_iter()
            .collect()
    }))
}

/// A quoted ABNF string: case-insensitive (RFC 5234 section 2.3).
fn lit(s: &'static str) -> R {
    R(Rc::new(move |b: &[u8], i| {
        let end = i + s.len();
        (end <= b.len() && b[i..end].eq_ignore_ascii_case(s.as_bytes()))
            .then_some(end)
            .into_iter()
            .collect()
    }))
}

fn seq(rs: Vec<R>) -> R {
    R(Rc::new(move |b, i| {
        let mut cur: Ends = [i].into();
        for r in &rs {
            cur = cur.iter().flat_map(|&p| r.run(b, p)).collect();
        }
        cur
    }))
}

fn alt(rs: Vec<R>) -> R {
    R(Rc::new(move |b, i| {
        rs.iter().flat_map(|r| r.run(b, i)).collect()
    }))
}

/// `min*max r` (`max` None for unbounded).
fn rep(min: usize, max: Option<usize>, r: R) -> R {
    R(Rc::new(move |b, i| {
        let mut out = Ends::new();
        let mut cur: Ends = [i].into();
        let mut n = 0;
        loop {
            if n >= min {
                // A position already reached with fewer repetitions was
                // explored with at least as many repetitions left.
                cur = cur.difference(&out).copied().collect();
                out.extend(cur.iter().copied());
            }
            if max == Some(n) || cur.is_empty() {
                break;
            }
            cur = cur.iter().flat_map(|&p| r.run(b, p)).collect();
            n += 1;
        }
        out
    }))
}

fn opt(r: R) -> R {
    rep(0, Some(1), r)
}

fn star(r: R) -> R {
    rep(0, None, r)
}

fn nrep(n: usize, r: R) -> R {
    rep(n, Some(n), r)
}

/// The rules of RFC 3986 Appendix A.
pub struct Grammar {
    pub uri_reference: R,
    pub ipv4address: R,
}

pub fn grammar() -> Grammar {
    let alpha = ch(|c| c.is_ascii_alphabetic());
    let digit = ch(|c| c.is_ascii_digit());
    let hexdig = ch(|c| c.is_ascii_hexdigit());
    let unreserved = alt(vec![
        alpha.clone(),
        digit.clone(),
        ch(|c| b"-._~".contains(&c)),
    ]);
    let sub_delims = ch(|c| b"!$&'()*+,;=".contains(&c));
    let pct_encoded = seq(vec![lit("%"), hexdig.clone(), hexdig.clone()]);
    let pchar = alt(vec![
        unreserved.clone(),
        pct_encoded.clone(),
        sub_delims.clone(),
        lit(":"),
        lit("@"),
    ]);

    let scheme = seq(vec![
        alpha.clone(),
        star(alt(vec![
            alpha.clone(),
            digit.clone(),
            lit("+"),
            lit("-"),
            lit("."),
        ])),
    ]);
    let userinfo = star(alt(vec![
        unreserved.clone(),
        pct_encoded.clone(),
        sub_delims.clone(),
        lit(":"),
    ]));
    let port = star(digit.clone());

    let dec_octet = alt(vec![
        seq(vec![lit("25"), ch(|c| (b'0'..=b'5').contains(&c))]),
        seq(vec![
            lit("2"),
            ch(|c| (b'0'..=b'4').contains(&c)),
            digit.clone(),
        ]),
        seq(vec![lit("1"), digit.clone(), digit.clone()]),
        seq(vec![ch(|c| (b'1'..=b'9').contains(&c)), digit.clone()]),
        digit.clone(),
    ]);
    let ipv4address = seq(vec![
        dec_octet.clone(),
        lit("."),
        dec_octet.clone(),
        lit("."),
        dec_octet.clone(),
        lit("."),
        dec_octet.clone(),
    ]);
    let h16 = rep(1, Some(4), hexdig.clone());
    let h16c = seq(vec![h16.clone(), lit(":")]);
    let ls32 = alt(vec![
        seq(vec![h16.clone(), lit(":"), h16.clone()]),
        ipv4address.clone(),
    ]);
    // [ *n( h16 ":" ) h16 ]
    let pre = |n: usize| opt(seq(vec![rep(0, Some(n), h16c.clone()), h16.clone()]));
    let ipv6address = alt(vec![
        seq(vec![nrep(6, h16c.clone()), ls32.clone()]),
        seq(vec![lit("::"), nrep(5, h16c.clone()), ls32.clone()]),
        seq(vec![
            opt(h16.clone()),
            lit("::"),
            nrep(4, h16c.clone()),
            ls32.clone(),
        ]),
        seq(vec![pre(1), lit("::"), nrep(3, h16c.clone()), ls32.clone()]),
        seq(vec![pre(2), lit("::"), nrep(2, h16c.clone()), ls32.clone()]),
        seq(vec![pre(3), lit("::"), h16c.clone(), ls32.clone()]),
        seq(vec![pre(4), lit("::"), ls32.clone()]),
        seq(vec![pre(5), lit("::"), h16.clone()]),
        seq(vec![pre(6), lit("::")]),
    ]);
    let ipvfuture = seq(vec![
        lit("v"),
        rep(1, None, hexdig.clone()),
        lit("."),
        rep(
            1,
            None,
            alt(vec![unreserved.clone(), sub_delims.clone(), lit(":")]),
        ),
    ]);
    let ip_literal = seq(vec![lit("["), alt(vec![ipv6address, ipvfuture]), lit("]")]);
    let reg_name = star(alt(vec![
        unreserved.clone(),
        pct_encoded.clone(),
        sub_delims.clone(),
    ]));
    let host = alt(vec![ip_literal, ipv4address.clone(), reg_name]);
    let authority = seq(vec![
        opt(seq(vec![userinfo, lit("@")])),
        host,
        opt(seq(vec![lit(":"), port])),
    ]);

    let segment = star(pchar.clone());
    let segment_nz = rep(1, None, pchar.clone());
    let segment_nz_nc = rep(
        1,
        None,
        alt(vec![
            unreserved.clone(),
            pct_encoded.clone(),
            sub_delims.clone(),
            lit("@"),
        ]),
    );
    let slash_segments = star(seq(vec![lit("/"), segment.clone()]));
    let path_abempty = slash_segments.clone();
    let path_absolute = seq(vec![
        lit("/"),
        opt(seq(vec![segment_nz.clone(), slash_segments.clone()])),
    ]);
    let path_noscheme = seq(vec![segment_nz_nc, slash_segments.clone()]);
    let path_rootless = seq(vec![segment_nz, slash_segments]);
    let path_empty = seq(vec![]);

    let query = star(alt(vec![pchar.clone(), lit("/"), lit("?")]));
    let fragment = query.clone();
    let auth_part = seq(vec![lit("//"), authority, path_abempty]);
    let hier_part = alt(vec![
        auth_part.clone(),
        path_absolute.clone(),
        path_rootless,
        path_empty.clone(),
    ]);
    let relative_part = alt(vec![auth_part, path_absolute, path_noscheme, path_empty]);
    let tail = seq(vec![
        opt(seq(vec![lit("?"), query])),
        opt(seq(vec![lit("#"), fragment])),
    ]);
    let uri = seq(vec![scheme, lit(":"), hier_part, tail.clone()]);
    let relative_ref = seq(vec![relative_part, tail]);
    Grammar {
        uri_reference: alt(vec![uri, relative_ref]),
        ipv4address,
    }
}

impl Grammar {
    /// Whether the whole input is a `URI-reference`.
    pub fn accepts(&self, s: &str) -> bool {
        self.uri_reference.run(s.as_bytes(), 0).contains(&s.len())
    }

    /// Whether the whole input is an `IPv4address`.
    pub fn is_ipv4(&self, s: &str) -> bool {
        self.ipv4address.run(s.as_bytes(), 0).contains(&s.len())
    }
}

/// The nine groups of the RFC 3986 Appendix B regular expression
/// `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`, matched by
/// hand: each group is the longest run its character class allows, as the
/// greedy regex takes it.
pub fn appendix_b(s: &str) -> [Option<&str>; 9] {
    let mut g: [Option<&str>; 9] = [None; 9];
    let mut rest = s;
    // (([^:/?#]+):)?
    let n = rest.find([':', '/', '?', '#']).unwrap_or(rest.len());
    if n > 0 && rest[n..].starts_with(':') {
        g[0] = Some(&rest[..=n]);
        g[1] = Some(&rest[..n]);
        rest = &rest[n + 1..];
    }
    // (//([^/?#]*))?
    if let Some(after) = rest.strip_prefix("//") {
        let n = after.find(['/', '?', '#']).unwrap_or(after.len());
        g[2] = Some(&rest[..n + 2]);
        g[3] = Some(&after[..n]);
        rest = &after[n..];
    }
    // ([^?#]*)
    let n = rest.find(['?', '#']).unwrap_or(rest.len());
    g[4] = Some(&rest[..n]);
    rest = &rest[n..];
    // (\?([^#]*))?
    if rest.starts_with('?') {
        let n = rest.find('#').unwrap_or(rest.len());
        g[5] = Some(&rest[..n]);
        g[6] = Some(&rest[1..n]);
        rest = &rest[n..];
    }
    // (#(.*))?
    if let Some(fragment) = rest.strip_prefix('#') {
        g[7] = Some(rest);
        g[8] = Some(fragment);
    }
    g
}

#[test]
fn the_oracle_itself_knows_the_basics() {
    let g = grammar();
    for ok in [
        "",
        "a:b",
        "http://[::1]/",
        "//[v1.x]",
        "?#",
        "a/b:c",
        "http://1.2.3.4:80/",
    ] {
        assert!(g.accepts(ok), "{ok}");
    }
    for bad in [
        "a b",
        "1a:b",
        "[",
        "%",
        "http://[1::2::3]/",
        "a:b#c#d",
        "http://h:x/",
    ] {
        assert!(!g.accepts(bad), "{bad}");
    }
    assert!(g.is_ipv4("255.0.10.1") && !g.is_ipv4("256.0.0.1") && !g.is_ipv4("01.0.0.1"));
}
