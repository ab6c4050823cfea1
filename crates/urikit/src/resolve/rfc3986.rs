//! RFC 3986 section 5.2: transform references (5.2.2), merge paths (5.2.3),
//! remove dot segments (5.2.4), and recompose (5.3).

use alloc::string::String;

use crate::parse::Meta;

use super::{
    current_document, for_each_segment, has_dot_segment, write_base_head, write_head, write_tail,
    Dot, Parts, SegmentStyle, Verbatim,
};

/// Section 5.2.2, with the reference's scheme already undefined by the
/// caller when a non-strict parser drops it.
pub(super) fn resolve(base: &Parts<'_>, r: &Parts<'_>, out: &mut String) -> Meta {
    if r.scheme().is_some() {
        // T.scheme = R.scheme; T.authority = R.authority;
        // T.path = remove_dot_segments(R.path); T.query = R.query;
        let head = write_head(out, r.scheme(), r);
        remove_dot_segments(out, "", r.path());
        write_tail(out, head, r.query(), r.fragment())
    } else if r.authority().is_some() {
        let head = write_head(out, base.scheme(), r);
        remove_dot_segments(out, "", r.path());
        write_tail(out, head, r.query(), r.fragment())
    } else if r.path().is_empty() {
        if r.query().is_none() {
            // T.path = Base.path and T.query = Base.query: the base without
            // its fragment (section 5.4.1, the "" and "#s" examples).
            current_document(base, r, out)
        } else {
            let head = write_base_head(out, base);
            out.push_str(base.path());
            write_tail(out, head, r.query(), r.fragment())
        }
    } else {
        let head = write_base_head(out, base);
        if r.path().starts_with('/') {
            remove_dot_segments(out, "", r.path());
        } else {
            // Section 5.2.3: a base with an authority and an empty path
            // merges as "/"; otherwise all but the last segment of the base
            // path, then the reference's path.
            if base.merge_dir_clean {
                remove_dot_segments_clean_dir(out, base.merge_dir, r.path());
            } else {
                remove_dot_segments_with(out, base.merge_dir, r.path(), &Verbatim);
            }
        }
        write_tail(out, head, r.query(), r.fragment())
    }
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
pub(crate) fn remove_dot_segments(out: &mut String, dir: &str, rest: &str) {
    if has_dot_segment(dir) {
        remove_dot_segments_with(out, dir, rest, &Verbatim);
    } else {
        remove_dot_segments_clean_dir(out, dir, rest);
    }
}

/// [`remove_dot_segments`] for a `dir` known to have no dot segment (a
/// `Resolver` finds so once for its base).
fn remove_dot_segments_clean_dir(out: &mut String, dir: &str, rest: &str) {
    if !has_dot_segment(rest) {
        // Only rule E applies: every segment moves as it is.
        out.push_str(dir);
        out.push_str(rest);
    } else if let Some(d) = dir.strip_suffix('/') {
        // Every segment of the directory moves (rule E), leaving the input
        // at the `/` that ends it; then the rules go on with the rest.
        let p0 = out.len();
        out.push_str(d);
        remove_from(out, p0, true, "", rest, &Verbatim);
    } else {
        remove_dot_segments_with(out, dir, rest, &Verbatim);
    }
}

/// [`remove_dot_segments`] with segments recognised and written by `style`.
pub(crate) fn remove_dot_segments_with(
    out: &mut String,
    dir: &str,
    rest: &str,
    style: &impl SegmentStyle,
) {
    let p0 = out.len();
    remove_from(out, p0, false, dir, rest, style);
}

/// The rules on the input `dir` then `rest`, the output being `out` from
/// `p0`; `started` once a segment has moved (or the input began with `/`),
/// after which rules A and D no longer apply.
fn remove_from(
    out: &mut String,
    p0: usize,
    mut started: bool,
    dir: &str,
    rest: &str,
    style: &impl SegmentStyle,
) {
    let _ = for_each_segment::<()>(dir, rest, |seg, last| {
        let dot = style.dot(seg);
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
                    out.push('/');
                }
            }
            Dot::Two => {
                let cut = out.as_bytes()[p0..]
                    .iter()
                    .rposition(|&c| c == b'/')
                    .map_or(p0, |i| p0 + i);
                crate::work::add(out.len() - cut + 1);
                out.truncate(cut);
                if last {
                    out.push('/');
                }
            }
            Dot::No => {
                out.push('/');
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
