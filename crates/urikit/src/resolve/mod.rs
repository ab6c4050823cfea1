//! Resolution of relative references (section 5.2 of each specification),
//! one file per document, its steps numbered as in the text.
//!
//! Every algorithm writes the target straight into one output string: dot
//! segments are removed with the output as a stack of segments, so the work
//! is linear in the length of the base and the reference, and nothing is
//! allocated beyond the output.
//!
//! May use: `path`, `parse`, `uri`, `buf`, `dialect`, `error`.

use alloc::string::String;
use core::borrow::Borrow;

use crate::out::{Out, Text};

use crate::dialect::Dialect;
use crate::error::{Error, ErrorKind};
use crate::parse::{AuthMeta, Meta};
use crate::uri::UriRef;
use crate::UriRefBuf;

mod rfc2396;
mod rfc2396bis;
pub(crate) mod rfc3986;
mod url1996;

pub use crate::path::AboveRoot;
use crate::path::{has_dot_segment, keep_path_a_path, merge_directory};

/// Resolves references against one base URI, under one dialect. The base is
/// checked once, when the resolver is made; the resolver is a small `Copy`
/// value with chained `const` setters.
///
/// ```
/// use urikit::{Resolver, UriRef};
///
/// let resolver = Resolver::new(UriRef::parse("http://a/b/c/d;p?q")?)?;
/// for (r, target) in [("g", "http://a/b/c/g"), ("../g", "http://a/b/g"), ("?y", "http://a/b/c/d;p?y")] {
///     assert_eq!(resolver.resolve(UriRef::parse(r)?)?.as_str(), target);
/// }
/// # Ok::<(), urikit::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Resolver<'a> {
    base: UriRef<'a>,
    /// The directory a relative path is merged with and whether it has no
    /// dot segment, found once for every reference resolved; `None` for
    /// a resolver made for one reference ([`UriRef::resolve_against`],
    /// [`UriRef::relative_to`]), which finds it only if it needs it.
    merge: Option<(&'a str, bool)>,
    pub(crate) dialect: Dialect,
    pub(crate) strict: bool,
    above_root: AboveRoot,
}

impl<'a> Resolver<'a> {
    /// A resolver for `base`, which must be an absolute URI (it must have a
    /// scheme: RFC 3986 section 5.1; otherwise [`ErrorKind::RelativeBase`]).
    /// A fragment in the base is allowed and ignored (section 5.1). It
    /// resolves with the algorithm of the dialect the base was read under
    /// ([`UriRef::dialect`]) until [`dialect`](Self::dialect) says
    /// otherwise.
    ///
    /// # Errors
    ///
    /// [`RelativeBase`](crate::ErrorKind::RelativeBase), at 0, when `base` has no scheme (RFC
    /// 3986 section 5.1: a base URI is absolute).
    ///
    /// ```
    /// use urikit::{ErrorKind, Resolver, UriRef};
    ///
    /// let err = Resolver::new(UriRef::parse("/a/b")?).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::RelativeBase);
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[inline]
    pub fn new(base: UriRef<'a>) -> Result<Resolver<'a>, Error> {
        let once = Resolver::once(base)?;
        Ok(Resolver {
            merge: Some(merge_of(base)),
            ..once
        })
    }

    /// A resolver for one reference: nothing of the base is found in
    /// advance (see [`new`](Self::new) for the errors).
    #[inline]
    pub(crate) fn once(base: UriRef<'a>) -> Result<Resolver<'a>, Error> {
        if !base.has_scheme() {
            return Err(Error::new(ErrorKind::RelativeBase, 0));
        }
        Ok(Resolver {
            base,
            merge: None,
            dialect: base.dialect(),
            strict: true,
            above_root: AboveRoot::Keep,
        })
    }

    /// Selects the dialect whose algorithm resolves (by default the one the
    /// base was read under). Its results are references of that dialect,
    /// so the base and each reference must be valid under it: one read
    /// under another dialect is read again under this one, and fails with
    /// [`ErrorKind::InvalidBase`] (the base) or
    /// [`ErrorKind::DialectMismatch`] (a reference) if it is not valid
    /// there. Resolving under [`Dialect::Rfc1738`] fails with
    /// [`ErrorKind::UnsupportedDialect`]: RFC 1738 defines no relative URLs.
    ///
    /// ```
    /// use urikit::{Dialect, Resolver, UriRef};
    ///
    /// let r = Resolver::new(UriRef::parse("http://a/b/c/d;p?q")?)?.dialect(Dialect::Rfc2396);
    /// assert_eq!(r.resolve(UriRef::parse("?y")?)?.as_str(), "http://a/b/c/?y");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[must_use]
    pub const fn dialect(mut self, dialect: Dialect) -> Resolver<'a> {
        self.dialect = dialect;
        self
    }

    /// Strict (the default) or not. A non-strict resolver treats a reference
    /// whose scheme equals the base's (compared without regard to case) as
    /// relative: the backward-compatible reading of `http:g` that RFC 3986
    /// section 5.2.2 and 2396bis section 5.2 allow. Under RFC 2396 (section
    /// 5.2 step 3) the scheme is only dropped when the base is hierarchical
    /// (it has an authority or an absolute path), since the document limits
    /// the loophole to schemes that always use `<hier_part>`.
    ///
    /// ```
    /// use urikit::{Resolver, UriRef};
    ///
    /// let r = Resolver::new(UriRef::parse("http://a/b/c/d;p?q")?)?;
    /// let g = UriRef::parse("http:g")?;
    /// assert_eq!(r.resolve(g)?.as_str(), "http:g");
    /// assert_eq!(r.strict(false).resolve(g)?.as_str(), "http://a/b/c/g");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[must_use]
    pub const fn strict(mut self, strict: bool) -> Resolver<'a> {
        self.strict = strict;
        self
    }

    /// What to do with `..` above the root under RFC 2396 and 2396bis; see
    /// [`AboveRoot`].
    ///
    /// ```
    /// use urikit::{AboveRoot, Dialect, ErrorKind, Resolver, UriRef};
    ///
    /// let r = Resolver::new(UriRef::parse("http://a/b")?)?
    ///     .dialect(Dialect::Rfc2396bis)
    ///     .above_root(AboveRoot::Reject);
    /// let err = r.resolve(UriRef::parse("../../x")?).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::PathAboveRoot);
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[must_use]
    pub const fn above_root(mut self, above_root: AboveRoot) -> Resolver<'a> {
        self.above_root = above_root;
        self
    }

    /// The base URI.
    ///
    /// ```
    /// let base = urikit::UriRef::parse("http://a/")?;
    /// assert_eq!(urikit::Resolver::new(base)?.base().as_str(), "http://a/");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub const fn base(&self) -> UriRef<'a> {
        self.base
    }

    /// The dialect whose algorithm resolves, and under which results are
    /// valid.
    ///
    /// ```
    /// use urikit::{Dialect, Resolver, UriRef};
    ///
    /// let r = Resolver::new(UriRef::parse_with("http://a/", Dialect::Rfc2396)?)?;
    /// assert_eq!(r.resolves_under(), Dialect::Rfc2396);
    /// assert_eq!(r.dialect(Dialect::Url1996).resolves_under(), Dialect::Url1996);
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub const fn resolves_under(&self) -> Dialect {
        self.dialect
    }

    /// Resolves `reference` into its target URI, which keeps the reference's
    /// fragment. A same-document reference (empty, or only a fragment) gives
    /// the base without its fragment, followed by the reference's fragment.
    ///
    /// The result always parses back to the components the algorithm
    /// produced: where a path without an authority would begin with `//`
    /// (RFC 3986 section 5.2.4's `a:/.//b` case) it is written with a
    /// leading `/.`, which names the same path.
    ///
    /// The reference is given by value or borrowed (`&u`). A caller that
    /// has a parsed view in hand, as in a loop over parse results, lends
    /// it: the resolver then reads it where the parser wrote it, where a
    /// copy made for the call would wait on those writes (a fifth of
    /// `uri resolve`'s own time went to such a copy).
    ///
    /// # Errors
    ///
    /// [`UnsupportedDialect`](crate::ErrorKind::UnsupportedDialect) under RFC 1738, which has
    /// no relative URLs; [`InvalidBase`](crate::ErrorKind::InvalidBase) or
    /// [`DialectMismatch`](crate::ErrorKind::DialectMismatch) when the base or the reference is
    /// not valid under the resolver's dialect; [`OpaqueBase`](crate::ErrorKind::OpaqueBase)
    /// under the older dialects for a relative path against a base without a hierarchical path;
    /// [`PathAboveRoot`](crate::ErrorKind::PathAboveRoot) when
    /// [`AboveRoot::Reject`](crate::AboveRoot::Reject) meets a `..` above the root, at that
    /// segment of the reference.
    ///
    /// ```
    /// use urikit::{Resolver, UriRef};
    ///
    /// let r = Resolver::new(UriRef::parse("a:/")?)?;
    /// let t = r.resolve(UriRef::parse(".//b")?)?;
    /// assert_eq!(t.as_str(), "a:/.//b");
    /// assert!(t.authority().is_none());
    /// // Borrowed.
    /// let u = UriRef::parse("c")?;
    /// assert_eq!(r.resolve(&u)?.as_str(), "a:/c");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[inline(always)]
    pub fn resolve<'r>(&self, reference: impl Borrow<UriRef<'r>>) -> Result<UriRefBuf, Error> {
        self.resolve_ref(reference.borrow())
    }

    /// [`resolve`](Self::resolve) with `reference` borrowed (see "The
    /// transforms take the reference as scalars" in `docs/design.md` for
    /// why this one borrows).
    fn resolve_ref(&self, reference: &UriRef<'_>) -> Result<UriRefBuf, Error> {
        // Copied here, a field at a time, rather than by the caller.
        let reference = *reference;
        let mut out = Text::with_capacity(self.base.as_str().len() + reference.as_str().len());
        let meta = self.resolve_meta(&reference, &mut out)?;
        // The offsets come from the components as they were written.
        Ok(UriRefBuf::from_parts(out, meta, self.dialect))
    }

    /// Like [`resolve`](Self::resolve), but writes the target into `out`
    /// (cleared first), so that a caller resolving many references can
    /// reuse one buffer.
    ///
    /// # Errors
    ///
    /// Those of [`resolve`](Self::resolve); `out` is then left empty.
    ///
    /// ```
    /// use urikit::{Resolver, UriRef};
    ///
    /// let r = Resolver::new(UriRef::parse("http://a/b/c")?)?;
    /// let mut out = String::new();
    /// r.resolve_into(UriRef::parse("d")?, &mut out)?;
    /// assert_eq!(out, "http://a/b/d");
    /// let u = UriRef::parse("../e")?;
    /// r.resolve_into(&u, &mut out)?;
    /// assert_eq!(out, "http://a/e");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[inline(always)]
    pub fn resolve_into<'r>(
        &self,
        reference: impl Borrow<UriRef<'r>>,
        out: &mut String,
    ) -> Result<(), Error> {
        self.resolve_ref_into(reference.borrow(), out)
    }

    /// [`resolve_into`](Self::resolve_into) with `reference` borrowed (see
    /// [`resolve_ref`](Self::resolve_ref)).
    fn resolve_ref_into(&self, reference: &UriRef<'_>, out: &mut String) -> Result<(), Error> {
        // Copied here, a field at a time, rather than by the caller.
        let reference = *reference;
        match self.resolve_meta(&reference, out) {
            Ok(_) => Ok(()),
            Err(e) => {
                // Not half a target.
                out.clear();
                Err(e)
            }
        }
    }

    /// [`resolve_into`](Self::resolve_into), returning where the target's
    /// components lie in `out`.
    #[inline(always)]
    fn resolve_meta<O: Out + AsRef<str>>(
        &self,
        reference: &UriRef<'_>,
        out: &mut O,
    ) -> Result<Meta, Error> {
        out.truncate(0);
        if self.dialect == Dialect::Rfc1738 {
            return Err(Error::new(ErrorKind::UnsupportedDialect, 0));
        }
        // The target is a reference of the resolver's dialect: so must the
        // base and the reference be (read again only when they are not:
        // the views are large, and copied here for nothing otherwise).
        let (base_again, reference_again);
        let base = if self.base.dialect() == self.dialect {
            &self.base
        } else {
            base_again = self
                .base
                .in_dialect(self.dialect)
                .map_err(|e| Error::new(ErrorKind::InvalidBase, e.offset()))?;
            &base_again
        };
        let reference = if reference.dialect() == self.dialect {
            reference
        } else {
            reference_again = reference.in_dialect(self.dialect)?;
            &reference_again
        };
        let base = &Operand {
            merge: self.merge,
            ..Operand::of(base)
        };
        let mut r = Operand::of(reference);
        if !self.strict && self.loophole_applies(base, &r) {
            r.no_scheme = true;
            let meta = self.run(base, &r, out)?;
            // The older grammars allow characters in an opaque part (`[`
            // under 2396bis) that a path may not hold: such a reference,
            // read as relative, gives no URI of the dialect, and is read as
            // the absolute URI it is written as.
            if self.dialect.is_rfc3986_family()
                || UriRef::parse_with(out.as_ref(), self.dialect).is_ok()
            {
                return Ok(meta);
            }
            out.truncate(0);
            r.no_scheme = false;
        }
        self.run(base, &r, out)
    }

    /// The dialect's algorithm on `base` and `r`, into `out`.
    #[inline(always)]
    fn run(&self, base: &Operand<'_>, r: &Operand<'_>, out: &mut impl Out) -> Result<Meta, Error> {
        let opts = Options {
            above_root: self.above_root,
        };
        match self.dialect {
            // RFC 3987 section 6.5: IRIs resolve as RFC 3986 references.
            Dialect::Rfc3986 | Dialect::Rfc3987 => Ok(rfc3986::resolve(base, r, out)),
            Dialect::Rfc2396bis => rfc2396bis::resolve(base, r, opts, out),
            Dialect::Rfc2396 => rfc2396::resolve(base, r, opts, out),
            Dialect::Url1996 => url1996::resolve(base, r, out),
            Dialect::Rfc1738 | Dialect::Whatwg => Err(Error::new(ErrorKind::UnsupportedDialect, 0)),
        }
    }

    fn loophole_applies(&self, base: &Operand<'_>, r: &Operand<'_>) -> bool {
        let same = match (r.scheme(), base.scheme()) {
            (Some(a), Some(b)) => a.eq_ignore_ascii_case(b),
            _ => false,
        };
        // RFC 2396 section 5.2 step 3: only for schemes that use <hier_part>.
        same && (self.dialect != Dialect::Rfc2396
            || base.authority().is_some()
            || base.path().starts_with('/'))
    }
}

impl<'a> UriRef<'a> {
    /// Resolves this reference against `base` with the default
    /// [`Resolver`] (RFC 3986 section 5.2, strict).
    ///
    /// # Errors
    ///
    /// Those of [`Resolver::new`] for `base`, then those of [`Resolver::resolve`].
    ///
    /// ```
    /// use urikit::UriRef;
    ///
    /// let base = UriRef::parse("http://a/b/c/d;p?q")?;
    /// assert_eq!(UriRef::parse("../../g")?.resolve_against(base)?.as_str(), "http://a/g");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn resolve_against(&self, base: UriRef<'_>) -> Result<UriRefBuf, Error> {
        Resolver::once(base)?.resolve(*self)
    }
}

#[derive(Clone, Copy)]
struct Options {
    above_root: AboveRoot,
}

/// The directory a relative path is merged with against `base` (see
/// [`merge_directory`]), and whether it has no dot segment.
fn merge_of(base: UriRef<'_>) -> (&str, bool) {
    let dir = merge_directory(base.path().as_str(), base.meta().auth.is_some());
    (dir, !has_dot_segment(dir))
}

/// A base or a reference as a resolution algorithm reads it: its five
/// components as written (`None` is undefined), each found when asked for
/// (an algorithm reads only a few), and what the resolver knows of it.
/// (Writing a reference from components is `edit::assemble::Components`' business.)
struct Operand<'a> {
    u: &'a UriRef<'a>,
    /// The scheme is read as undefined (a non-strict resolver's loophole).
    no_scheme: bool,
    /// For a base, the directory a relative path is merged with and
    /// whether it is clean, if the resolver found it in advance.
    merge: Option<(&'a str, bool)>,
}

impl<'a> Operand<'a> {
    #[inline]
    fn of(u: &'a UriRef<'a>) -> Operand<'a> {
        Operand {
            u,
            no_scheme: false,
            merge: None,
        }
    }

    /// For a base, the directory a relative path is merged with (see
    /// [`merge_directory`]), and whether it has no dot segment.
    #[inline]
    fn merge_dir(&self) -> (&'a str, bool) {
        self.merge.unwrap_or_else(|| merge_of(*self.u))
    }

    #[inline]
    fn has_scheme(&self) -> bool {
        !self.no_scheme && self.u.has_scheme()
    }

    #[inline]
    fn has_authority(&self) -> bool {
        self.u.meta().auth.is_some()
    }

    #[inline]
    fn scheme(&self) -> Option<&'a str> {
        if self.no_scheme {
            None
        } else {
            self.u.scheme()
        }
    }

    #[inline]
    fn authority(&self) -> Option<&'a str> {
        self.u.authority().map(|a| a.as_str())
    }

    #[inline]
    fn path(&self) -> &'a str {
        self.u.path().as_str()
    }

    #[inline]
    fn has_query(&self) -> bool {
        self.u.query().is_some()
    }

    #[inline]
    fn fragment(&self) -> Option<&'a str> {
        self.u.fragment().map(|f| f.as_str())
    }

    /// Where the components lie in the reference.
    #[inline]
    fn meta(&self) -> Meta {
        self.u.meta()
    }

    /// The whole reference without its fragment.
    #[inline]
    fn before_fragment(&self) -> &'a str {
        &self.u.as_str()[..self.u.meta().query_end]
    }

    /// The path and the query with its `?`, which lie next to each other.
    #[inline]
    fn path_and_query(&self) -> &'a str {
        let m = self.u.meta();
        &self.u.as_str()[m.path_start()..m.query_end]
    }
}

/// Where the head of a target lies, once written: see [`write_head`].
#[derive(Clone, Copy)]
struct Head {
    scheme_end: usize,
    auth: Option<AuthMeta>,
    path_start: usize,
}

impl Head {
    /// The offsets of a target whose path runs from the head to
    /// `path_end`, its query to `query_end`.
    fn meta(self, path_end: usize, query_end: usize) -> Meta {
        Meta {
            scheme_end: self.scheme_end,
            auth: self.auth,
            path_end,
            query_end,
        }
    }
}

/// Writes `scheme ":"` and `"//" authority` (RFC 3986 section 5.3), the
/// authority being that of `from`, and returns where they lie and where
/// the path will start.
fn write_head(out: &mut impl Out, scheme: Option<&str>, from: &Operand<'_>) -> Head {
    let mut scheme_end = 0;
    if let Some(s) = scheme {
        out.push_str(s);
        scheme_end = out.len();
        out.push(b':');
    }
    let m = from.meta();
    let auth = from.authority().zip(m.auth).map(|(a, am)| {
        out.push_str("//");
        let start = out.len();
        out.push_str(a);
        am.moved(m.auth_start(), start)
    });
    Head {
        scheme_end,
        auth,
        path_start: out.len(),
    }
}

/// [`write_head`] with the base's own scheme and authority, which lie next
/// to each other at its start: one copy, and the base's offsets.
fn write_base_head(out: &mut impl Out, base: &Operand<'_>) -> Head {
    write_base_head_and(out, base, 0)
}

/// [`write_base_head`] followed by the first `path_len` bytes of the base's
/// path, in the same copy.
#[inline(always)]
fn write_base_head_and(out: &mut impl Out, base: &Operand<'_>, path_len: usize) -> Head {
    let at = out.len();
    let m = base.meta();
    let path_start = m.path_start();
    out.push_str(&base.u.as_str()[..path_start + path_len]);
    Head {
        scheme_end: at + m.scheme_end,
        auth: m.auth.map(|a| a.moved(0, at)),
        path_start: at + path_start,
    }
}

/// Writes the query and the fragment of `r` as written (`"?" query` and
/// `"#" fragment`, RFC 3986 section 5.3: every algorithm takes both from
/// the reference once it has a path of its own), after making sure the
/// path written since `head` reads back as a path, and returns where the
/// target's components lie.
#[inline(always)]
fn write_tail(out: &mut impl Out, head: Head, r: &Operand<'_>) -> Meta {
    keep_path_a_path(out, head.path_start, head.auth.is_some());
    let path_end = out.len();
    let m = r.meta();
    // The query and the fragment lie next to each other at the end.
    out.push_str(&r.u.as_str()[m.path_end..]);
    head.meta(path_end, path_end + (m.query_end - m.path_end))
}

fn write_fragment(out: &mut impl Out, fragment: Option<&str>) {
    if let Some(f) = fragment {
        out.push(b'#');
        out.push_str(f);
    }
}

/// A reference written as it is, then the fragment of `r` (the reference's
/// own, or none): the offsets are those of `u` up to its fragment.
fn copy_before_fragment(u: &Operand<'_>, r: &Operand<'_>, out: &mut impl Out) -> Meta {
    out.push_str(u.before_fragment());
    write_fragment(out, r.fragment());
    u.meta()
}

/// A same-document reference (RFC 3986 section 4.4; the "(current document)"
/// rows of the older Appendix C tables): the base without its fragment, then
/// the reference's fragment, if any.
fn current_document(base: &Operand<'_>, r: &Operand<'_>, out: &mut impl Out) -> Meta {
    copy_before_fragment(base, r, out)
}

/// Whether `base` is opaque: no authority, and a path that does not begin
/// with `/` and is not empty, unless `empty_is_opaque` (RFC 2396's
/// `hier_part` needs a path, so its `e:?y` is the opaque part `?y`; under
/// 2396bis and the 1996 draft an empty path is hierarchical). The older
/// documents make relative paths against such a base undefined ("a relative
/// URI cannot be used within a document that has an unsuitable base URI":
/// RFC 2396 and 2396bis section 5, the 1996 draft section 4.2); RFC 3986
/// defines them.
fn opaque(base: &Operand<'_>, empty_is_opaque: bool) -> bool {
    let path = base.path();
    base.authority().is_none() && !path.starts_with('/') && (empty_is_opaque || !path.is_empty())
}

/// The error for a relative path against an opaque base (see [`opaque`]).
fn opaque_base_error() -> Error {
    Error::new(ErrorKind::OpaqueBase, 0)
}

/// The error for a `..` above the root found at offset `at` of `r`'s path.
fn above_root_error(r: &Operand<'_>, at: usize) -> Error {
    Error::new(ErrorKind::PathAboveRoot, r.meta().path_start() + at)
}
