//! Relativization, the inverse of resolution: the shortest reference that
//! resolves against a base to a given target.

use alloc::string::String;

use crate::error::{Error, ErrorKind};
use crate::resolve::rfc3986::remove_dot_segments;
use crate::resolve::{merge_directory, Resolver};
use crate::uri::UriRef;
use crate::UriRefBuf;

impl Resolver<'_> {
    /// The shortest reference `r` such that [`resolve`](Self::resolve)`(r)`
    /// is exactly `target` (compared as written), or `target` itself when
    /// nothing shorter resolves to it.
    ///
    /// The candidates, shortest first: the empty reference or a fragment
    /// (same document); a query; a relative path, climbing with `../` from
    /// the base's directory, with `./` in front where its first segment has
    /// a `:` or is empty; an absolute path; a network path. Each candidate is
    /// checked by resolving it before it is returned, so the answer is
    /// right under the resolver's dialect and strictness.
    ///
    /// A target whose path has dot segments cannot be the result of
    /// resolving anything but itself (resolution removes them), so it comes
    /// back as it is.
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
    pub fn relativize(&self, target: UriRef<'_>) -> Result<UriRefBuf, Error> {
        if !target.has_scheme() {
            return Err(Error::new(ErrorKind::MissingScheme, 0));
        }
        let t = target.as_str();
        let mut check = String::new();
        // Resolution under this resolver is the judge of every candidate.
        let mut works = |cand: &str| -> Result<bool, Error> {
            let Ok(r) = UriRef::parse(cand) else {
                return Ok(false);
            };
            self.resolve_into(r, &mut check)?;
            Ok(check == t)
        };
        // The dialect may define no resolution at all.
        works(t)?;
        for cand in candidates(self.base(), target) {
            if cand.len() < t.len() && works(&cand)? {
                return UriRefBuf::parse(cand);
            }
        }
        Ok(target.to_buf())
    }
}

impl<'a> UriRef<'a> {
    /// The shortest reference that resolves against `base` to this URI,
    /// with the default [`Resolver`] (RFC 3986); see
    /// [`Resolver::relativize`].
    ///
    /// ```
    /// use urikit::UriRef;
    ///
    /// let base = UriRef::parse("http://example.com/a/b/c")?;
    /// let t = UriRef::parse("http://example.com/a/x/y?z")?;
    /// assert_eq!(t.relative_to(base)?.as_str(), "../x/y?z");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn relative_to(&self, base: UriRef<'_>) -> Result<UriRefBuf, Error> {
        Resolver::new(base)?.relativize(*self)
    }
}

/// The candidate references for `t` against `b`, roughly shortest first;
/// the caller checks each one.
fn candidates(b: UriRef<'_>, t: UriRef<'_>) -> impl Iterator<Item = String> {
    let mut out: alloc::vec::Vec<String> = alloc::vec::Vec::new();
    let same_scheme = b.scheme() == t.scheme();
    let b_auth = b.authority().map(|a| a.as_str());
    let t_auth = t.authority().map(|a| a.as_str());
    let t_path = t.path().as_str();
    let tail = tail(t);
    if same_scheme && b_auth == t_auth {
        let b_path = b.path().as_str();
        let b_query = b.query().map(|q| q.as_str());
        let t_query = t.query().map(|q| q.as_str());
        if b_path == t_path && b_query == t_query {
            // Same document: "" or "#f".
            out.push(
                t.fragment()
                    .map_or(String::new(), |f| alloc::format!("#{f}")),
            );
        }
        if b_path == t_path && t_query.is_some() {
            out.push(String::from(tail));
        }
        if let Some(rel) = relative_path(b_path, b_auth.is_some(), t_path) {
            let mut s = rel;
            s.push_str(tail);
            out.push(s);
        }
        if t_path.starts_with('/') {
            let mut s = String::new();
            if t_path.starts_with("//") {
                s.push_str("/.");
            }
            s.push_str(t_path);
            s.push_str(tail);
            out.push(s);
        }
    }
    if same_scheme {
        if let Some(a) = t_auth {
            out.push(alloc::format!("//{a}{t_path}{tail}"));
        }
    }
    out.sort_by_key(String::len);
    out.into_iter()
}

/// The query and fragment of `t` with their delimiters.
fn tail<'a>(t: UriRef<'a>) -> &'a str {
    let s = t.as_str();
    let p = t.path().as_str();
    let end = p.as_ptr() as usize - s.as_ptr() as usize + p.len();
    &s[end..]
}

/// A relative path from the directory of `base_path` to `target_path`:
/// `../` for each directory level of the base not shared with the target,
/// then the rest of the target. `None` when the paths are not both absolute
/// or both relative.
fn relative_path(base_path: &str, has_authority: bool, target_path: &str) -> Option<String> {
    let base_dir = merge_directory(base_path, has_authority);
    if base_dir.starts_with('/') != target_path.starts_with('/') {
        return None;
    }
    // Resolution removes the base's dot segments with the reference's; so
    // must we before comparing directories.
    let dir_buf;
    let dir = if base_dir.split('/').any(|s| s == "." || s == "..") {
        let mut d = String::new();
        remove_dot_segments(&mut d, "", base_dir);
        dir_buf = d;
        dir_buf.as_str()
    } else {
        base_dir
    };
    // Shared directory prefix, whole segments only.
    let mut common = 0;
    for (i, (x, y)) in dir.bytes().zip(target_path.bytes()).enumerate() {
        if x != y {
            break;
        }
        if x == b'/' {
            common = i + 1;
        }
    }
    let ups = dir[common..].bytes().filter(|&c| c == b'/').count();
    let rest = &target_path[common..];
    let mut s = String::new();
    for _ in 0..ups {
        s.push_str("../");
    }
    let first = rest.split('/').next().unwrap_or("");
    if rest.is_empty() {
        // The directory itself: "." or a final ".." (which leaves a "/").
        if ups == 0 {
            s.push('.');
        } else {
            s.pop();
        }
    } else if ups == 0 && (first.contains(':') || first.is_empty()) {
        s.push_str("./");
    }
    s.push_str(rest);
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::relative_path;

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
            assert_eq!(
                relative_path(base, auth, target).as_deref(),
                Some(want),
                "{base} -> {target}"
            );
        }
        assert_eq!(relative_path("/a", true, "b"), None);
    }
}
