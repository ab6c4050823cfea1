//! Relativization, the inverse of resolution: the shortest reference that
//! resolves against a base to a given target (see
//! [`Resolver::relativize`] for where "shortest" is proven).
//!
//! May use: `resolve`, `path` and what they use.

use alloc::string::String;

use crate::bytes::{common_prefix, last_byte, same};
use crate::error::{Error, ErrorKind};
use crate::out::{Out, Text};
use crate::parse::Meta;
use crate::path::{has_dot_segment, merge_directory, remove_dot_segments};
use crate::resolve::Resolver;
use crate::uri::UriRef;
use crate::{Dialect, UriRefBuf};

impl Resolver<'_> {
    /// A reference `r` such that [`resolve`](Self::resolve)`(r)` is exactly
    /// `target` (compared as written), as short as can be, or `target`
    /// itself when nothing shorter resolves to it and it resolves to
    /// itself. Its dialect is the resolver's.
    ///
    /// The candidates, shortest first: the empty reference or a fragment
    /// (same document); a query; a relative path, climbing with `../` from
    /// the base's directory (dot segments removed first), with `./` in
    /// front where its first segment has a `:` or is empty; an absolute
    /// path; a network path. A path without an authority that begins with
    /// `//` is written `/.//` (as resolution writes it) and stands for the
    /// path after the `/.`. Under RFC 3986, with a hierarchical base and no
    /// dot segment in either path, the first candidate is right by
    /// construction; otherwise each one is checked by resolving it before
    /// it is returned, so the answer is always right under the resolver's
    /// dialect and strictness.
    ///
    /// Where "as short as can be" holds: under RFC 3986, strict or not, no
    /// shorter reference resolves to the target (a test searches every
    /// shorter reference on generated pairs). Under the older dialects the
    /// answer is the shortest of the candidates above that their own
    /// algorithm resolves to the target; their quirks can make a shorter
    /// one exist (RFC 2396 and the 1996 draft merge `?y` like a relative
    /// path, 2396bis merges an empty base path as `/`, and all three keep
    /// an absolute reference's dot segments).
    ///
    /// # Errors
    ///
    /// - [`ErrorKind::MissingScheme`]: `target` is relative.
    /// - [`ErrorKind::UnsupportedDialect`]: RFC 1738 has no relative
    ///   references.
    /// - [`ErrorKind::DialectMismatch`] or [`ErrorKind::InvalidBase`]: the
    ///   target or the base was read under another dialect and is not valid
    ///   under the resolver's.
    /// - [`ErrorKind::UnreachableTarget`], at the target's first dot
    ///   segment: no reference resolves to the target. Under RFC 3986,
    ///   resolution removes every dot segment from a path it does not copy
    ///   from the base (section 5.2.4), so `http://a/../g` is reached by
    ///   nothing, not even itself. Under the older dialects, read
    ///   non-strictly, it means that none of the candidates reaches it.
    ///
    /// ```
    /// use urikit::{ErrorKind, Resolver, UriRef};
    ///
    /// let r = Resolver::new(UriRef::parse("http://a/b/c/d;p?q")?)?;
    /// let err = r.relativize(UriRef::parse("http://a/x/../g")?).unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (ErrorKind::UnreachableTarget, 11));
    /// # Ok::<(), urikit::Error>(())
    /// ```
    ///
    /// ```
    /// use urikit::{Resolver, UriRef};
    ///
    /// let r = Resolver::new(UriRef::parse("http://a/b/c/d;p?q")?)?;
    /// for (target, want) in [
    ///     ("http://a/b/c/g", "g"),
    ///     ("http://a/b/g", "../g"),
    ///     ("http://a/b/c/d;p?y", "?y"),
    ///     ("http://a/b/c/d;p?q#s", "#s"),
    ///     ("http://a/b/c/", "."),
    ///     ("http://a/b/c/a:b", "./a:b"),
    ///     ("http://g/x", "//g/x"),
    ///     ("https://a/", "https://a/"),
    /// ] {
    ///     let rel = r.relativize(UriRef::parse(target)?)?;
    ///     assert_eq!(rel.as_str(), want);
    ///     assert_eq!(r.resolve(rel.as_uri_ref())?.as_str(), target);
    /// }
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[inline]
    pub fn relativize(&self, target: UriRef<'_>) -> Result<UriRefBuf, Error> {
        match hot(&self.base(), &target, self.dialect, self.strict) {
            Some(r) => Ok(r),
            None => self.by_candidates(target),
        }
    }

    /// [`relativize`](Self::relativize) past its hot cases.
    #[inline(never)]
    fn by_candidates(&self, target: UriRef<'_>) -> Result<UriRefBuf, Error> {
        if !target.has_scheme() {
            return Err(Error::new(ErrorKind::MissingScheme, 0));
        }
        if self.dialect == Dialect::Rfc1738 {
            // The dialect defines no resolution, so nothing is relative.
            return Err(Error::new(ErrorKind::UnsupportedDialect, 0));
        }
        // `hot` has tried the common cases unless the base or the target
        // is read again below.
        let read_again = target.dialect() != self.dialect || self.base().dialect() != self.dialect;
        if !read_again && self.dialect.is_rfc3986_family() {
            if let Some(r) = first_exact(self.base(), target) {
                return Ok(r);
            }
        }
        // The result is a reference of the resolver's dialect, checked by
        // resolving under it: so must the base and the target be.
        let target = target.in_dialect(self.dialect)?;
        let base = self
            .base()
            .in_dialect(self.dialect)
            .map_err(|e| Error::new(ErrorKind::InvalidBase, e.offset()))?;
        let t = target.as_str();
        let rfc3986 = self.dialect.is_rfc3986_family();
        if rfc3986 && read_again {
            if let Some(r) = without_candidates(&base, &target, self.strict)
                .or_else(|| first_exact(base, target))
            {
                return Ok(r);
            }
        }
        let cands = Candidates::of(base, target);
        // Every candidate tried is shorter than the target: one allocation.
        let mut cand = Text::with_capacity(t.len());
        let mut check = String::new();
        for c in cands.shorter_than(t.len()) {
            cand.truncate(0);
            c.write(&cands.target, &mut cand);
            // Under RFC 3986, a candidate is right by construction unless
            // dot segments are about (see `Candidate::exact`); elsewhere,
            // resolution judges every candidate.
            let works = if rfc3986 && c.exact(&cands.target) {
                debug_assert!(
                    self.resolves_to(cand.as_str(), t, &mut check),
                    "{} against {} is not {t}",
                    cand.as_str(),
                    base.as_str()
                );
                true
            } else {
                self.resolves_to(cand.as_str(), t, &mut check)
            };
            if works {
                let meta = c.meta(cand.len(), &cands.target);
                return Ok(UriRefBuf::from_parts(cand, meta, self.dialect));
            }
        }
        // Nothing shorter: the target itself, if it resolves to itself.
        // Under strict resolution the older documents take an absolute
        // reference as it is; RFC 3986 removes its dot segments.
        let itself = match (self.strict, rfc3986) {
            (true, false) => true,
            (true, true) => !cands.target.dots,
            (false, _) => self.resolves_to(t, t, &mut check),
        };
        if itself {
            return Ok(target.to_buf());
        }
        // In the path the target stands for (after a `/.` before `//`).
        let skipped = cands.target.written.len() - cands.target.path.len();
        let at = first_dot_segment(cands.target.path)
            .map_or(0, |i| target.meta().path_start() + skipped + i);
        Err(Error::new(ErrorKind::UnreachableTarget, at))
    }

    /// Whether `cand` parses and resolves to exactly `t`.
    fn resolves_to(&self, cand: &str, t: &str, check: &mut String) -> bool {
        // A candidate's authority is the target's: a zone identifier
        // (RFC 6874) there was accepted when the target was read.
        crate::Parser::new(self.dialect)
            .zone_ids(true)
            .parse(cand)
            .is_ok_and(|r| self.resolve_into(r, check).is_ok() && check == t)
    }
}

/// The path a target's path stands for: without an authority, a path that
/// begins with `//` is written `/.//` (resolution writes it so, RFC 3986
/// section 5.2.4's `a:/.//b` case), and stands for the path without the
/// `/.`.
#[inline]
fn effective_path(has_authority: bool, path: &str) -> &str {
    match path.strip_prefix("/.") {
        Some(rest) if !has_authority && rest.starts_with("//") => rest,
        _ => path,
    }
}

/// The offset in `path` of its first `.` or `..` segment.
fn first_dot_segment(path: &str) -> Option<usize> {
    let mut at = 0;
    for seg in path.split('/') {
        if seg == "." || seg == ".." {
            return Some(at);
        }
        at += seg.len() + 1;
    }
    None
}

impl<'a> UriRef<'a> {
    /// The shortest reference that resolves against `base` to this URI,
    /// with the default [`Resolver`] (RFC 3986); see
    /// [`Resolver::relativize`].
    ///
    /// # Errors
    ///
    /// Those of [`Resolver::new`](crate::Resolver::new) for `base`
    /// ([`RelativeBase`](crate::ErrorKind::RelativeBase)), then those of
    /// [`Resolver::relativize`](crate::Resolver::relativize).
    ///
    /// ```
    /// use urikit::UriRef;
    ///
    /// let base = UriRef::parse("http://example.com/a/b/c")?;
    /// let t = UriRef::parse("http://example.com/a/x/y?z")?;
    /// assert_eq!(t.relative_to(base)?.as_str(), "../x/y?z");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[inline]
    pub fn relative_to(&self, base: UriRef<'_>) -> Result<UriRefBuf, Error> {
        // `Resolver::once` with its checks, past the hot cases.
        if base.has_scheme() {
            if let Some(r) = hot(&base, self, base.dialect(), true) {
                return Ok(r);
            }
        }
        Resolver::once(base)?.by_candidates(*self)
    }
}

/// The parts of the target that candidates are written from.
#[derive(Clone, Copy)]
struct Target<'a> {
    authority: Option<&'a str>,
    /// The path it stands for (see [`effective_path`]).
    path: &'a str,
    /// The path as written.
    written: &'a str,
    /// The query and fragment with their delimiters.
    tail: &'a str,
    fragment: Option<&'a str>,
    meta: Meta,
    /// Whether `path` has a dot segment (found once: several candidates
    /// ask).
    dots: bool,
}

impl<'a> Target<'a> {
    fn of(t: UriRef<'a>) -> Target<'a> {
        let meta = t.meta();
        let authority = t.authority().map(|a| a.as_str());
        let written = t.path().as_str();
        let path = effective_path(authority.is_some(), written);
        Target {
            authority,
            path,
            dots: has_dot_segment(path),
            written,
            tail: &t.as_str()[meta.path_end..],
            fragment: t.fragment().map(|f| f.as_str()),
            meta,
        }
    }
}

/// A reference that may resolve against the base to the target, written
/// out only when tried.
#[derive(Clone, Copy)]
enum Candidate {
    /// The same document: `""`, or `"#" fragment`.
    SameDocument,
    /// The target's query and fragment, for the base's path.
    Tail,
    /// `ups` times `../` from the base's directory, then the target's path
    /// from `common` (see [`relative_path`]), then the tail; `plain` when
    /// the base's directory is absolute and has no dot segment.
    Relative {
        ups: usize,
        common: usize,
        plain: bool,
    },
    /// The target's path, which starts with `/`, then the tail (`/.` in
    /// front of a path that starts with `//`, which would read as an
    /// authority).
    Absolute,
    /// `"//" authority`, the path, the tail.
    Network,
}

impl Candidate {
    /// Whether the candidate resolves to the target `t` against `b` under
    /// RFC 3986 by construction (section 5.2.2). The same document and a
    /// query take the base's path as it is. An absolute or network path
    /// goes through `remove_dot_segments` alone, which leaves a path without
    /// dot segments as it is (the `/.` written before `//` aside). A
    /// relative path is merged with the base's directory (the base's last
    /// segment is dropped), and the `../` and `./` written here are all
    /// that `remove_dot_segments` takes away, provided neither the target's
    /// path nor that directory has dot segments and the directory is
    /// absolute (under `a:b/`, `..` resolves to `a:/`, not `a:`).
    fn exact(self, t: &Target<'_>) -> bool {
        match self {
            Candidate::SameDocument | Candidate::Tail => true,
            Candidate::Absolute | Candidate::Network => !t.dots,
            Candidate::Relative { plain, .. } => !t.dots && plain,
        }
    }

    /// The length of the reference [`write`](Self::write) gives.
    fn len(self, t: &Target<'_>) -> usize {
        match self {
            Candidate::SameDocument => t.fragment.map_or(0, |f| f.len() + 1),
            Candidate::Tail => t.tail.len(),
            Candidate::Relative { ups, common, .. } => {
                let rest = &t.path[common..];
                let head = match (rest.is_empty(), ups) {
                    (true, 0) => 1,
                    (true, _) => 3 * ups - 1,
                    (false, 0) if needs_dot_slash(rest) => 2,
                    (false, _) => 3 * ups,
                };
                head + rest.len() + t.tail.len()
            }
            Candidate::Absolute => {
                2 * usize::from(t.path.starts_with("//")) + t.path.len() + t.tail.len()
            }
            Candidate::Network => 2 + t.authority.map_or(0, str::len) + t.path.len() + t.tail.len(),
        }
    }

    /// Where the components of the written reference, `len` bytes long,
    /// lie: it ends with the target's tail, and a network path carries the
    /// target's authority from offset 2.
    fn meta(self, len: usize, t: &Target<'_>) -> Meta {
        if let Candidate::SameDocument = self {
            return Meta {
                scheme_end: 0,
                auth: None,
                path_end: 0,
                query_end: 0,
            };
        }
        let auth = match self {
            Candidate::Network => t.meta.auth.map(|a| a.moved(t.meta.auth_start(), 2)),
            _ => None,
        };
        let path_end = len - t.tail.len();
        Meta {
            scheme_end: 0,
            auth,
            path_end,
            query_end: path_end + (t.meta.query_end - t.meta.path_end),
        }
    }

    /// The reference, owned, as a reference of `dialect`.
    fn to_buf(self, t: &Target<'_>, dialect: Dialect) -> UriRefBuf {
        let mut out = Text::with_capacity(self.len(t));
        self.write(t, &mut out);
        let meta = self.meta(out.len(), t);
        UriRefBuf::from_parts(out, meta, dialect)
    }

    /// Appends the reference to `out`.
    fn write(self, t: &Target<'_>, out: &mut impl Out) {
        match self {
            Candidate::SameDocument => {
                if let Some(f) = t.fragment {
                    out.push(b'#');
                    out.push_str(f);
                }
                return;
            }
            Candidate::Tail => {}
            Candidate::Relative { ups, common, .. } => {
                let rest = &t.path[common..];
                for _ in 0..ups {
                    out.push_str("../");
                }
                if rest.is_empty() {
                    // The directory itself: "." or a final ".." (whose
                    // resolution leaves the "/").
                    if ups == 0 {
                        out.push(b'.');
                    } else {
                        out.truncate(out.len() - 1);
                    }
                } else if ups == 0 && needs_dot_slash(rest) {
                    out.push_str("./");
                }
                out.push_str(rest);
            }
            Candidate::Absolute => {
                if t.path.starts_with("//") {
                    out.push_str("/.");
                }
                out.push_str(t.path);
            }
            Candidate::Network => {
                out.push_str("//");
                out.push_str(t.authority.unwrap_or_default());
                out.push_str(t.path);
            }
        }
        out.push_str(t.tail);
    }
}

/// [`without_candidates`] where the resolver's `dialect` is of the RFC 3986
/// family and the base and the target were read under it (others are read
/// again first), for a target with a scheme (others are an error).
#[inline(always)]
fn hot(
    base: &UriRef<'_>,
    target: &UriRef<'_>,
    dialect: Dialect,
    strict: bool,
) -> Option<UriRefBuf> {
    if dialect.is_rfc3986_family()
        && target.has_scheme()
        && target.dialect() == dialect
        && base.dialect() == dialect
    {
        without_candidates(base, target, strict)
    } else {
        None
    }
}

/// The most common cases, answered without the candidates, under RFC 3986
/// and provided the target's path has no dot segment (section 5.2.2
/// resolves a reference with an authority or a scheme with
/// `remove_dot_segments` alone, which then changes nothing):
///
/// - a target with another scheme than the base's is itself, under strict
///   resolution: every other form of reference takes the base's scheme
///   (section 5.2.2; the non-strict loophole compares schemes without
///   case, so that `a://` against `A:` resolves to `A://`);
/// - a target with the base's scheme and another authority is its network
///   path (section 4.2), the target without `scheme:`: no shorter
///   reference can keep the authority.
///
/// Offsets into bytes, not the component views: these are the hot cases.
#[inline]
fn without_candidates(b: &UriRef<'_>, t: &UriRef<'_>, strict: bool) -> Option<UriRefBuf> {
    let (bm, tm) = (b.meta(), t.meta());
    let (bs, ts) = (b.as_str().as_bytes(), t.as_str().as_bytes());
    let dots = || has_dot_segment(effective_path(tm.auth.is_some(), t.path().as_str()));
    if !same(part(bs, 0..bm.scheme_end), part(ts, 0..tm.scheme_end)) {
        return (strict && !dots()).then(|| t.to_buf());
    }
    let (ba, ta) = (bm.auth?, tm.auth?);
    if same(
        part(bs, bm.auth_start()..ba.end),
        part(ts, tm.auth_start()..ta.end),
    ) || dots()
    {
        return None;
    }
    // "//" starts where the scheme's ':' ends.
    let k = tm.scheme_end + 1;
    let meta = Meta {
        scheme_end: 0,
        auth: Some(ta.moved(tm.auth_start(), tm.auth_start() - k)),
        path_end: tm.path_end - k,
        query_end: tm.query_end - k,
    };
    Some(UriRefBuf::from_parts(
        Text::from(t.as_str().get(k..)?),
        meta,
        t.dialect(),
    ))
}

/// For a target with the base's scheme and authority, under RFC 3986
/// with both read under the resolver's dialect: the shortest candidate
/// shorter than the target, if it is right by construction
/// ([`Candidate::exact`]), without reading either again. Otherwise `None`,
/// and all the candidates are tried (the others by resolving them).
fn first_exact(b: UriRef<'_>, t: UriRef<'_>) -> Option<UriRefBuf> {
    let (bm, tm) = (b.meta(), t.meta());
    let (bs, ts) = (b.as_str().as_bytes(), t.as_str().as_bytes());
    let (ba, ta) = (bm.auth?, tm.auth?);
    let same_authority = same(part(bs, 0..bm.scheme_end), part(ts, 0..tm.scheme_end))
        && same(
            part(bs, bm.auth_start()..ba.end),
            part(ts, tm.auth_start()..ta.end),
        );
    if !same_authority {
        return None;
    }
    let mut c = Candidates::new(Target::of(t));
    c.same_authority(b, t);
    c.push(Candidate::Network);
    let first = c.shorter_than(t.as_str().len()).next()?;
    first
        .exact(&c.target)
        .then(|| first.to_buf(&c.target, t.dialect()))
}

/// The bytes of `s` in `r` (offsets a parse gave, so always there).
#[inline(always)]
fn part(s: &[u8], r: core::ops::Range<usize>) -> &[u8] {
    s.get(r).unwrap_or_default()
}

/// A relative path whose first segment has a `:` would read as a scheme,
/// and one whose first segment is empty as an authority or an absolute path
/// (RFC 3986 section 4.2): `./` in front keeps it relative.
fn needs_dot_slash(rest: &str) -> bool {
    let b = rest.as_bytes();
    let first = &b[..b.iter().position(|&c| c == b'/').unwrap_or(b.len())];
    first.is_empty() || first.contains(&b':')
}

/// The candidates for a target against a base, shortest first (at most
/// four: the same-document reference and the query exclude each other), each
/// with its length.
struct Candidates<'a> {
    target: Target<'a>,
    items: [(usize, Candidate); 4],
    len: usize,
}

impl<'a> Candidates<'a> {
    /// No candidate yet, for `target`.
    #[inline]
    fn new(target: Target<'a>) -> Candidates<'a> {
        Candidates {
            target,
            items: [(0, Candidate::SameDocument); 4],
            len: 0,
        }
    }

    /// The candidate references for `t` against `b`.
    #[inline]
    fn of(b: UriRef<'_>, t: UriRef<'a>) -> Candidates<'a> {
        let mut c = Candidates::new(Target::of(t));
        if b.scheme() != t.scheme() {
            return c;
        }
        if b.authority().map(|a| a.as_str()) == c.target.authority {
            c.same_authority(b, t);
        }
        if c.target.authority.is_some() {
            c.push(Candidate::Network);
        }
        c
    }

    /// The candidates for `t` against `b`, which has its scheme and
    /// authority, other than its network path.
    #[inline]
    fn same_authority(&mut self, b: UriRef<'_>, t: UriRef<'a>) {
        let b_path = b.path().as_str();
        // A same-document reference or a query keeps the base's path as
        // written (RFC 3986 section 5.2.2).
        if same(b_path.as_bytes(), self.target.written.as_bytes()) {
            let t_query = t.query().map(|q| q.as_str());
            if b.query().map(|q| q.as_str()) == t_query {
                self.push(Candidate::SameDocument);
            } else if t_query.is_some() {
                self.push(Candidate::Tail);
            }
        }
        let t_path = self.target.path;
        if let Some(rel) = relative_path(b_path, b.meta().auth.is_some(), t_path) {
            self.push(rel);
        }
        if t_path.starts_with('/') {
            self.push(Candidate::Absolute);
        }
    }

    /// Adds a candidate after those no longer than it: equal lengths keep
    /// the order above, which is also the order of preference.
    fn push(&mut self, cand: Candidate) {
        let len = cand.len(&self.target);
        let mut i = self.len;
        while i > 0 && self.items[i - 1].0 > len {
            self.items[i] = self.items[i - 1];
            i -= 1;
        }
        self.items[i] = (len, cand);
        self.len += 1;
    }

    /// The candidates shorter than `limit`, shortest first.
    fn shorter_than(&self, limit: usize) -> impl Iterator<Item = Candidate> + '_ {
        self.items[..self.len]
            .iter()
            .take_while(move |(len, _)| *len < limit)
            .map(|&(_, c)| c)
    }
}

/// The relative path from the directory of `base_path` to `target_path`:
/// the number of `../` for the directory levels of the base not shared with
/// the target, and the offset in the target's path of the rest. `None` when
/// the paths are not both absolute or both relative.
fn relative_path(base_path: &str, has_authority: bool, target_path: &str) -> Option<Candidate> {
    let base_dir = merge_directory(base_path, has_authority);
    // Resolution removes the base's dot segments with the reference's; so
    // must we before comparing directories (a rootless `a/../` is `/`).
    let dir_buf;
    let plain = !has_dot_segment(base_dir);
    let dir = if plain {
        base_dir
    } else {
        let mut d = String::new();
        remove_dot_segments(&mut d, "", base_dir);
        dir_buf = d;
        dir_buf.as_str()
    };
    let rooted = dir.starts_with('/');
    if rooted != target_path.starts_with('/') {
        return None;
    }
    // The shared directory prefix, whole segments only: up to the last `/`
    // before the first difference.
    let same = common_prefix(dir.as_bytes(), target_path.as_bytes());
    let common = last_byte(&dir.as_bytes()[..same], b'/').map_or(0, |i| i + 1);
    let ups = dir.as_bytes()[common..]
        .iter()
        .filter(|&&c| c == b'/')
        .count();
    Some(Candidate::Relative {
        ups,
        common,
        plain: plain && rooted,
    })
}

#[cfg(test)]
mod tests {
    use super::{relative_path, Target};
    use crate::UriRef;
    use alloc::string::String;

    #[test]
    fn relative_paths() {
        for (base, target, want) in [
            ("/a/b/c", "/a/b/d", "d"),
            ("/a/b/c", "/a/x", "../x"),
            ("/a/b/c", "/a/b/", "."),
            ("/a/b/c", "/a/", ".."),
            ("/a/b/c", "/", "../.."),
            ("/a/b/c", "/a/b/x:y", "./x:y"),
            ("/a/b/c", "/a/b//x", ".//x"),
            ("/a/bc/d", "/a/b/d", "../b/d"),
            ("/a/../b/c", "/b/x", "x"),
            ("", "/x", "x"),
            ("x/y", "x/z", "z"),
        ] {
            let auth = base.is_empty();
            let c = relative_path(base, auth, target).unwrap();
            let t = Target::of(UriRef::parse(target).unwrap());
            let mut s = String::new();
            c.write(&t, &mut s);
            assert_eq!(s, want, "{base} -> {target}");
            assert_eq!(c.len(&t), want.len(), "{base} -> {target}");
        }
        assert!(relative_path("/a", true, "b").is_none());
    }
}
