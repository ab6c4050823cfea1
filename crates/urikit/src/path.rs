//! Paths: the dot segments of RFC 3986 section 5.2.4 and of the older
//! documents' step 6, removed with the output as a stack of segments (so
//! the work is linear), and the directory a relative path is merged with.
//! Resolution and normalization both remove dot segments through here.
//!
//! May use: `out`, `bytes`, `parse` (its search for `/.`), `work`.

use crate::arch::first_pair;
use crate::bytes::last_byte;
use crate::out::Out;

/// What to do with `..` segments that climb above the root of the base
/// path, the choice RFC 2396 section 5.2 step 6g (and the 2396bis merge
/// routine, step 7) leaves to implementations. Only those two dialects ask
/// the question: RFC 3986 discards such segments by definition
/// (`remove_dot_segments`) and the 1996 draft keeps them (its Appendix C).
///
/// ```
/// use urikit::{AboveRoot, Dialect, Resolver, UriRef};
///
/// let base = UriRef::parse("http://a/b/c/d;p?q")?;
/// let r = UriRef::parse("../../../g")?;
/// let keep = Resolver::new(base)?.dialect(Dialect::Rfc2396);
/// assert_eq!(keep.resolve(r)?.as_str(), "http://a/../g");
/// let discard = keep.above_root(AboveRoot::Discard);
/// assert_eq!(discard.resolve(r)?.as_str(), "http://a/g");
/// # Ok::<(), urikit::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AboveRoot {
    /// Keep the `..` segments in the resolved path, as the documents'
    /// Appendix C tables show (the default).
    #[default]
    Keep,
    /// Remove them ("discarding relative levels above the root").
    Discard,
    /// Fail with [`ErrorKind::PathAboveRoot`](crate::ErrorKind::PathAboveRoot) ("avoiding traversal of the
    /// reference").
    Reject,
}

/// The base path up to and including its last `/` ("all but the last
/// segment"); empty when it has no `/`.
pub(crate) fn base_directory(path: &str) -> &str {
    match crate::bytes::last_byte(path.as_bytes(), b'/') {
        Some(i) => &path[..=i],
        None => "",
    }
}

/// The directory a relative path is merged with: [`base_directory`], or
/// `/` for a base with an authority and an empty path (RFC 3986 section
/// 5.2.3; the older texts are read the same way, see their modules).
pub(crate) fn merge_directory(base_path: &str, has_authority: bool) -> &str {
    if has_authority && base_path.is_empty() {
        "/"
    } else {
        base_directory(base_path)
    }
}

/// Without an authority, a path that begins with `//` would read back as an
/// authority (the trap RFC 3986 section 5.2.4 leaves open for `a:/.//b`):
/// `/.` in front names the same path and keeps it a path.
pub(crate) fn keep_path_a_path(out: &mut impl Out, path_start: usize, has_authority: bool) {
    if !has_authority && out.tail(path_start).starts_with(b"//") {
        out.insert_str(path_start, "/.");
    }
}

/// Whether a path has a `.` or `..` segment (RFC 3986 section 3.3).
pub(crate) fn has_dot_segment(path: &str) -> bool {
    let b = path.as_bytes();
    if dot_at(b, 0) != Dot::No {
        return true;
    }
    // Most paths have no `/.` at all: one search says so.
    match first_pair(b, b'/', b'.') {
        None => false,
        Some(j) => dot_at(b, j + 1) != Dot::No || next_dot_slash(b, j + 1).is_some(),
    }
}

/// What the segment of `b` that begins at `i` is, written as it is: `.`
/// or `..` when it ends there or at a `/` (RFC 3986 section 3.3).
fn dot_at(b: &[u8], i: usize) -> Dot {
    match b.get(i..) {
        Some([b'.'] | [b'.', b'/', ..]) => Dot::One,
        Some([b'.', b'.'] | [b'.', b'.', b'/', ..]) => Dot::Two,
        _ => Dot::No,
    }
}

/// The offset of the first `/` of `b` at or after `from` that a dot
/// segment follows. Most paths have no `/.` at all; each `/.` found that
/// begins no dot segment (`/.well-known`) resumes the search after it.
fn next_dot_slash(b: &[u8], from: usize) -> Option<usize> {
    let mut k = from;
    while let Some(j) = b.get(k..).and_then(|r| first_pair(r, b'/', b'.')) {
        let at = k + j;
        if dot_at(b, at + 1) != Dot::No {
            return Some(at);
        }
        k = at + 1;
    }
    None
}

/// Calls `f(segment, is_last)` for each `/`-separated segment of the path
/// `dir` followed by `rest`, where `dir` is empty or ends with `/` (so the
/// two meet at a segment boundary).
pub(crate) fn for_each_segment<'s, E>(
    dir: &'s str,
    rest: &'s str,
    mut f: impl FnMut(&'s str, bool) -> Result<(), E>,
) -> Result<(), E> {
    if let Some(d) = dir.strip_suffix('/') {
        each_segment(d, |seg, _| f(seg, false))?;
    }
    each_segment(rest, f)
}

/// Calls `f(segment, is_last)` for each `/`-separated segment of `s`.
pub(crate) fn each_segment<'s, E>(
    s: &'s str,
    mut f: impl FnMut(&'s str, bool) -> Result<(), E>,
) -> Result<(), E> {
    crate::work::add(s.len());
    let mut start = 0;
    while let Some(k) = s.as_bytes()[start..].iter().position(|&c| c == b'/') {
        f(&s[start..start + k], false)?;
        start += k + 1;
    }
    f(&s[start..], true)
}

/// What a path segment is to the dot-segment rules.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dot {
    /// `.`
    One,
    /// `..`
    Two,
    /// Anything else.
    No,
}

/// How segments are recognised and written when dot segments are removed:
/// as written for resolution ([`Verbatim`]), or percent-normalized for
/// normalization, where `%2E` is a dot.
pub(crate) trait SegmentStyle {
    /// Whether `seg` is `.` or `..`.
    fn dot(&self, seg: &[u8]) -> Dot;
    /// Writes `seg` onto `out`.
    fn write(&self, out: &mut impl Out, seg: &str);
}

/// Segments as written: only a literal `.` or `..` is a dot segment (RFC
/// 3986 section 5.2.4 compares text, so `%2E` is not).
pub(crate) struct Verbatim;

impl SegmentStyle for Verbatim {
    fn dot(&self, seg: &[u8]) -> Dot {
        match seg {
            b"." => Dot::One,
            b".." => Dot::Two,
            _ => Dot::No,
        }
    }

    fn write(&self, out: &mut impl Out, seg: &str) {
        out.push_str(seg);
    }
}

/// The steps shared by RFC 2396 (5.2 step 6c to 6g), the 2396bis merge
/// routine (steps 3 to 7) and the 1996 draft (5.2 step 6d to 6g), done as a
/// stack of segments on the output instead of repeated string replacement:
///
/// - every `.` segment followed by `/` is removed ("all occurrences of
///   `./`"), and a final `.` is removed;
/// - every `<segment>/../` and a final `<segment>/..`, where `<segment>` is
///   not `..`, is removed, leftmost first; the root of an absolute path is
///   not a segment, so `/../g` stays as it is;
/// - a `..` with nothing left to remove climbs above the root, and `above`
///   says what to do with it.
///
/// `dir` and `rest` are written from the current end of `out`. Returns the
/// offset into `rest` of a `..` that was rejected.
pub(crate) fn merge_dot_segments(
    out: &mut impl Out,
    dir: &str,
    rest: &str,
    above: AboveRoot,
) -> Result<(), usize> {
    merge_dot_segments_with(out, dir, rest, above, &Verbatim)
}

/// [`merge_dot_segments`] with segments recognised and written by `style`.
pub(crate) fn merge_dot_segments_with(
    out: &mut impl Out,
    dir: &str,
    rest: &str,
    above: AboveRoot,
    style: &impl SegmentStyle,
) -> Result<(), usize> {
    let p0 = out.len();
    let rest_start = rest.as_ptr() as usize;
    // Only the empty first segment of an absolute path is the root.
    let rooted = if dir.is_empty() {
        rest.starts_with('/')
    } else {
        dir.starts_with('/')
    };
    for_each_segment(dir, rest, |seg, last| {
        match style.dot(seg.as_bytes()) {
            Dot::One => {}
            Dot::Two => {
                // The top entry is `seg/`: find where it starts.
                let written = out.tail(p0);
                let top_end = written.len().saturating_sub(1);
                let top_start = written[..top_end]
                    .iter()
                    .rposition(|&c| c == b'/')
                    .map_or(0, |i| i + 1);
                crate::work::add(top_end - top_start + 1);
                let top = &written[top_start..top_end];
                let is_root = rooted && top_start == 0 && !written.is_empty() && top.is_empty();
                if !written.is_empty() && style.dot(top) != Dot::Two && !is_root {
                    out.truncate(p0 + top_start);
                } else {
                    match above {
                        AboveRoot::Keep => {
                            out.push_str("..");
                            if !last {
                                out.push(b'/');
                            }
                        }
                        AboveRoot::Discard => {}
                        AboveRoot::Reject => {
                            let at = (seg.as_ptr() as usize).wrapping_sub(rest_start);
                            return Err(if at <= rest.len() { at } else { 0 });
                        }
                    }
                }
            }
            Dot::No => {
                style.write(out, seg);
                if !last {
                    out.push(b'/');
                }
            }
        }
        Ok(())
    })
}

/// Section 5.2.4 on the path `dir` followed by `rest` (`dir` empty or ending
/// with `/`), written onto the end of `out`, which serves as the output
/// buffer. The rules, applied to the input buffer until it is empty:
///
/// - A. a prefix `../` or `./` is removed;
/// - B. a prefix `/./` or a final `/.` is replaced by `/`;
/// - C. a prefix `/../` or a final `/..` is replaced by `/`, and the last
///   segment of the output (with the `/` before it, if any) is removed;
/// - D. an input of exactly `.` or `..` is removed;
/// - E. otherwise the first segment, with its leading `/` if any, moves to
///   the output.
///
/// In segment terms: rules A and D only apply before the first segment has
/// moved, and each later segment either moves as `/seg` (E), vanishes (B),
/// or removes the previous one (C); a final `.` or `..` leaves a `/`.
pub(crate) fn remove_dot_segments(out: &mut impl Out, dir: &str, rest: &str) {
    if has_dot_segment(dir) {
        remove_dot_segments_with(out, dir, rest, &Verbatim);
    } else {
        remove_dot_segments_clean_dir(out, dir, rest);
    }
}

/// [`remove_dot_segments`] for a `dir` known to have no dot segment (a
/// `Resolver` finds so once for its base), empty or ending with `/`.
pub(crate) fn remove_dot_segments_clean_dir(out: &mut impl Out, dir: &str, rest: &str) {
    debug_assert!(dir.is_empty() || dir.ends_with('/'), "{dir:?}");
    let p0 = out.len();
    if dir.ends_with('/') {
        // Every segment of the directory moves (rule E), leaving the input
        // at the `/` that ends it; then the rules go on with the rest.
        out.push_str(dir);
        remove_dot_segments_after_dir(out, p0, rest);
    } else if dir.is_empty() && rest.starts_with('/') {
        out.push(b'/');
        remove_after_slash(out, p0, rest, 1);
    } else if !has_dot_segment(rest) {
        // No directory (`dir` is empty unless it ends with `/`) and only
        // rule E applies: every segment moves as it is.
        out.push_str(rest);
    } else {
        remove_dot_segments_with(out, "", rest, &Verbatim);
    }
}

/// [`remove_dot_segments`] for a directory already written on `out` from
/// `p0`, which ends with `/` and has no dot segment, followed by `rest`.
pub(crate) fn remove_dot_segments_after_dir(out: &mut impl Out, p0: usize, rest: &str) {
    remove_after_slash(out, p0, rest, 0);
}

/// The rules on an input that begins with `/` followed by `rest[i..]`
/// (segments as written), the output being `out` from `p0`. The output
/// already ends with that `/`, the one rule E would move with the next
/// segment; kept there, it makes every step a copy or a cut:
///
/// - a segment that is not a dot segment moves with the `/` after it, and
///   so do all up to the next `/` that a dot segment follows, in one copy;
/// - `.` (rule B) leaves the output as it is;
/// - `..` (rule C) cuts the output back to the `/` before its last segment,
///   which stays (as rule C's replacement `/` would be written next).
///
/// At the end of the input the output ends with `/` exactly when the input
/// did or its last segment was a dot segment, as the rules leave it.
fn remove_after_slash(out: &mut impl Out, p0: usize, rest: &str, mut i: usize) {
    let b = rest.as_bytes();
    while i < b.len() {
        match dot_at(b, i) {
            Dot::One => i += 2,
            Dot::Two => {
                let written = out.tail(p0);
                let top = written.len().saturating_sub(1);
                // The last segment is most often short: its `/` is looked
                // for in the last sixteen bytes first, as words.
                let w = &written[..top];
                let lo = w.len().saturating_sub(16);
                let cut = match last_byte(&w[lo..], b'/') {
                    Some(k) => Some(lo + k),
                    None => memchr::memrchr(b'/', &w[..lo]),
                };
                crate::work::add(top - cut.unwrap_or(0) + 1);
                match cut {
                    Some(c) => out.truncate(p0 + c + 1),
                    // Nothing above (a rootless directory): the output is
                    // empty and the input begins with `/`.
                    None => {
                        out.truncate(p0);
                        out.push(b'/');
                    }
                }
                i += 3;
            }
            Dot::No => {
                let stop = next_dot_slash(b, i).map_or(b.len(), |k| k + 1);
                out.push_str(&rest[i..stop]);
                i = stop;
            }
        }
    }
}

/// [`remove_dot_segments`] with segments recognised and written by `style`,
/// a segment at a time: `started` once a segment has moved (or the input
/// began with `/`), after which rules A and D no longer apply.
pub(crate) fn remove_dot_segments_with(
    out: &mut impl Out,
    dir: &str,
    rest: &str,
    style: &impl SegmentStyle,
) {
    let p0 = out.len();
    let mut started = false;
    let _ = for_each_segment::<()>(dir, rest, |seg, last| {
        let dot = style.dot(seg.as_bytes());
        if !started {
            match dot {
                // A (followed by "/") or D (alone).
                Dot::One | Dot::Two => {}
                // The input now begins with "/".
                Dot::No if seg.is_empty() => started = true,
                // E: the first segment of a rootless path.
                Dot::No => {
                    style.write(out, seg);
                    started = true;
                }
            }
            return Ok(());
        }
        match dot {
            Dot::One => {
                if last {
                    out.push(b'/');
                }
            }
            Dot::Two => {
                let written = out.tail(p0);
                let cut = written.iter().rposition(|&c| c == b'/').unwrap_or(0);
                crate::work::add(written.len() - cut + 1);
                out.truncate(p0 + cut);
                if last {
                    out.push(b'/');
                }
            }
            Dot::No => {
                out.push(b'/');
                style.write(out, seg);
            }
        }
        Ok(())
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;
    use alloc::string::String;

    fn merged(dir: &str, rest: &str, above: AboveRoot) -> Result<String, usize> {
        let mut out = String::from("x:");
        merge_dot_segments(&mut out, dir, rest, above)?;
        Ok(out[2..].into())
    }

    #[test]
    fn dot_segments_are_whole_segments() {
        for p in [
            ".", "..", "./a", "../a", "/a/.", "/a/..", "/a/./b", "a/../b",
        ] {
            assert!(has_dot_segment(p), "{p}");
        }
        for p in [
            "", "/", "/a.b", "/.a", "/a./b", "/...", "/..a/", "%2E", "/%2E%2E/",
        ] {
            assert!(!has_dot_segment(p), "{p}");
        }
        // Past the eight-byte steps, and on both sides of a step's edge.
        for n in 0..20 {
            let pad = "x".repeat(n);
            assert!(has_dot_segment(&format!("/{pad}/./y")), "{n}");
            assert!(has_dot_segment(&format!("/{pad}/..")), "{n}");
            assert!(!has_dot_segment(&format!("/{pad}/.x/y.z/")), "{n}");
        }
    }

    #[test]
    fn merge_follows_the_string_rewriting_steps() {
        let keep = AboveRoot::Keep;
        // RFC 2396 section 5.2 step 6c to 6f, by hand.
        for (dir, rest, want) in [
            ("/b/c/", "g", "/b/c/g"),
            ("/b/c/", ".", "/b/c/"),
            ("/b/c/", "..", "/b/"),
            ("/b/c/", "../..", "/"),
            ("/b/c/", "../../../g", "/../g"),
            ("/b/c/", "./g/.", "/b/c/g/"),
            ("/b/c/", "g;x=1/../y", "/b/c/y"),
            ("", "a/..", ""),
            ("", "./.", ""),
            ("", "../a/../b", "../b"),
            ("a/", "/../b", "a/b"),
            ("/", "..//g", "/..//g"),
            ("/b/c/", ".g/..g/g./g..", "/b/c/.g/..g/g./g.."),
        ] {
            assert_eq!(
                merged(dir, rest, keep).as_deref(),
                Ok(want),
                "{dir} + {rest}"
            );
        }
        assert_eq!(
            merged("/b/c/", "../../../g", AboveRoot::Discard).as_deref(),
            Ok("/g")
        );
        assert_eq!(
            merged("", "../a/../b", AboveRoot::Discard).as_deref(),
            Ok("b")
        );
        assert_eq!(merged("/b/", "x/../../../g", AboveRoot::Reject), Err(8));
    }

    #[test]
    fn segments_meet_at_the_boundary() {
        let mut seen = alloc::vec::Vec::new();
        for_each_segment::<()>("/a/", "b/", |s, last| {
            seen.push((s, last));
            Ok(())
        })
        .unwrap();
        assert_eq!(seen, [("", false), ("a", false), ("b", false), ("", true)]);
    }

    fn rds(path: &str) -> String {
        let mut out = String::new();
        remove_dot_segments(&mut out, "", path);
        out
    }

    /// Section 5.2.4's two worked examples and the edge cases of each rule.
    #[test]
    fn remove_dot_segments_follows_the_rules() {
        for (input, want) in [
            ("/a/b/c/./../../g", "/a/g"),
            ("mid/content=5/../6", "mid/6"),
            ("", ""),
            ("/", "/"),
            (".", ""),
            ("..", ""),
            ("./", ""),
            ("../", ""),
            ("../../a", "a"),
            ("./.././a/", "a/"),
            ("/.", "/"),
            ("/..", "/"),
            ("/./", "/"),
            ("/../", "/"),
            ("/a/.", "/a/"),
            ("/a/..", "/"),
            ("/a/../..", "/"),
            ("a/..", "/"),
            ("a/../b", "/b"),
            ("/a/%2E/b", "/a/%2E/b"),
            ("/a/.b/..c/b./c..", "/a/.b/..c/b./c.."),
            ("/a//..", "/a/"),
            ("/a//../b", "/a/b"),
            (".//g", "/g"),
            ("/.//g", "//g"),
            ("/./g", "/g"),
            ("/../g", "/g"),
        ] {
            assert_eq!(rds(input), want, "remove_dot_segments({input:?})");
        }
    }

    /// A dot-free directory moves whole, then the rest follows the rules
    /// (`remove_from` once started): the same answers as on the joined path.
    #[test]
    fn rest_after_a_clean_directory() {
        for (rest, want) in [
            (".", "/a/b/"),
            ("..", "/a/"),
            ("./", "/a/b/"),
            ("../", "/a/"),
            ("g/..", "/a/b/"),
            ("./g/.", "/a/b/g/"),
            ("../../../../g", "/g"),
            ("g//h/../..", "/a/b/g/"),
            ("", "/a/b/"),
            ("g", "/a/b/g"),
        ] {
            let mut out = String::from("x:");
            remove_dot_segments(&mut out, "/a/b/", rest);
            assert_eq!(&out[2..], want, "/a/b/ + {rest:?}");
            assert_eq!(rds(&format!("/a/b/{rest}")), want, "joined /a/b/{rest}");
        }
    }

    #[test]
    fn directory_and_path_join_at_a_slash() {
        let mut out = String::new();
        remove_dot_segments(&mut out, "/b/c/", "../../../g");
        assert_eq!(out, "/g");
        out.clear();
        remove_dot_segments(&mut out, "b/", "../../g");
        assert_eq!(out, "/g");
    }
}
