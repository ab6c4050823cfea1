//! Iteration over path segments and query pairs, still encoded: each item is
//! a [`PctStr`] that decodes on demand.
//!
//! May use: `pct`, `work`.

use core::iter::FusedIterator;
use core::str::Split;

use crate::pct::PctStr;

/// The segments of a path (RFC 3986 section 3.3), from
/// [`UriRef::path_segments`](crate::UriRef::path_segments).
///
/// The `/` that begins an absolute path is not a separator: `/a` has the one
/// segment `a`. An encoded slash (`%2F`) is data inside a segment.
///
/// ```
/// let uri = urikit::UriRef::parse("a/%2E%2E/b/").unwrap();
/// let mut segs = uri.path_segments();
/// assert_eq!(segs.next().unwrap(), "a");
/// assert_eq!(segs.next().unwrap().decode_utf8().unwrap(), "..");
/// assert_eq!(segs.next().unwrap(), "b");
/// assert_eq!(segs.next().unwrap(), "");
/// assert_eq!(segs.next(), None);
/// ```
#[derive(Clone, Debug)]
pub struct Segments<'a> {
    inner: Option<Split<'a, char>>,
}

impl<'a> Segments<'a> {
    pub(crate) fn new(path: PctStr<'a>) -> Segments<'a> {
        let p = path.as_str();
        let p = p.strip_prefix('/').unwrap_or(p);
        Segments {
            inner: (!path.is_empty()).then(|| p.split('/')),
        }
    }
}

impl<'a> Iterator for Segments<'a> {
    type Item = PctStr<'a>;

    fn next(&mut self) -> Option<PctStr<'a>> {
        let seg = self.inner.as_mut()?.next()?;
        crate::work::add(seg.len() + 1);
        Some(PctStr::new_unchecked(seg))
    }
}

impl DoubleEndedIterator for Segments<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.inner.as_mut()?.next_back().map(PctStr::new_unchecked)
    }
}

impl FusedIterator for Segments<'_> {}

/// The `&`-separated pairs of a query, from
/// [`UriRef::query_pairs`](crate::UriRef::query_pairs).
///
/// Each pair is split at its first `=`: `k=v` gives `(k, Some(v))`, `k=`
/// gives `(k, Some(""))` and `k` alone gives `(k, None)`, so a parameter
/// without `=` stays distinct from one with an empty value. Empty pieces
/// (`a&&b`, a trailing `&`) are skipped, as HTML form decoding does. Keys and
/// values are still encoded: decode them with
/// [`PctStr::decode_form_utf8`] for HTML forms (`+` is a space) or
/// [`PctStr::decode_utf8`] for the generic syntax.
///
/// The `&`/`=` convention is not part of RFC 3986 (section 3.4 leaves the
/// query's structure to the scheme), but it is the one HTML forms use.
///
/// ```
/// let uri = urikit::UriRef::parse("?a=1&&b").unwrap();
/// let keys: Vec<&str> = uri.query_pairs().map(|(k, _)| k.as_str()).collect();
/// assert_eq!(keys, ["a", "b"]);
/// ```
#[derive(Clone, Debug)]
pub struct QueryPairs<'a> {
    inner: Option<Split<'a, char>>,
}

impl<'a> QueryPairs<'a> {
    pub(crate) fn new(query: Option<PctStr<'a>>) -> QueryPairs<'a> {
        QueryPairs::separated(query, b'&')
    }

    /// The pairs of a query joined by `sep` (an ASCII byte) instead of `&`.
    pub(crate) fn separated(query: Option<PctStr<'a>>, sep: u8) -> QueryPairs<'a> {
        QueryPairs {
            inner: query.map(|q| q.as_str().split(char::from(sep))),
        }
    }
}

impl<'a> Iterator for QueryPairs<'a> {
    type Item = (PctStr<'a>, Option<PctStr<'a>>);

    fn next(&mut self) -> Option<Self::Item> {
        let split = self.inner.as_mut()?;
        loop {
            let piece = split.next()?;
            crate::work::add(piece.len() + 1);
            if piece.is_empty() {
                continue;
            }
            return Some(match piece.split_once('=') {
                Some((k, v)) => (PctStr::new_unchecked(k), Some(PctStr::new_unchecked(v))),
                None => (PctStr::new_unchecked(piece), None),
            });
        }
    }
}

impl FusedIterator for QueryPairs<'_> {}

#[cfg(test)]
mod tests {
    use crate::UriRef;

    fn segs(s: &str) -> alloc::vec::Vec<&str> {
        UriRef::parse(s)
            .unwrap()
            .path_segments()
            .map(|p| p.as_str())
            .collect()
    }

    #[test]
    fn segments_of_every_path_form() {
        assert!(segs("").is_empty());
        assert!(segs("http://h").is_empty());
        assert_eq!(segs("/"), [""]);
        assert_eq!(segs("//h/"), [""]);
        assert_eq!(segs("a"), ["a"]);
        assert_eq!(segs("/a//b"), ["a", "", "b"]);
        assert_eq!(segs("mailto:x@y"), ["x@y"]);
        let back: alloc::vec::Vec<_> = UriRef::parse("/a/b")
            .unwrap()
            .path_segments()
            .rev()
            .collect();
        assert_eq!(back, ["b", "a"]);
    }

    #[test]
    fn query_pairs_without_query_is_empty() {
        assert_eq!(UriRef::parse("/a").unwrap().query_pairs().count(), 0);
        assert_eq!(UriRef::parse("/a?").unwrap().query_pairs().count(), 0);
        let p: alloc::vec::Vec<_> = UriRef::parse("?=x&a==").unwrap().query_pairs().collect();
        assert_eq!(p[0].0, "");
        assert_eq!(p[0].1.unwrap(), "x");
        assert_eq!(p[1].1.unwrap(), "=");
    }
}
