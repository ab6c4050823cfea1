//! RFC 3986 section 5.2: transform references (5.2.2), merge paths (5.2.3),
//! remove dot segments (5.2.4), and recompose (5.3).

use crate::out::Out;

use crate::parse::Meta;

use super::{
    current_document, write_base_head, write_base_head_and, write_head, write_tail, Operand,
};
use crate::path::{
    has_dot_segment, remove_dot_segments, remove_dot_segments_after_dir,
    remove_dot_segments_clean_dir, remove_dot_segments_with, Verbatim,
};

/// Section 5.2.2, with the reference's scheme already undefined by the
/// caller when a non-strict parser drops it. The target's query and
/// fragment are always the reference's (`T.query = R.query`, or the base's
/// for a same-document reference, which is copied whole).
pub(super) fn resolve(base: &Operand<'_>, r: &Operand<'_>, out: &mut impl Out) -> Meta {
    let head = if r.has_scheme() {
        if !has_dot_segment(r.path()) {
            // With no dot segment to remove, the target's components are
            // the reference's as written, and recomposed (section 5.3)
            // they are its text: one copy, and its offsets. (A parsed
            // reference's path cannot begin with `//` without an
            // authority, so there is nothing for `write_tail` to mend.)
            out.push_str(r.u.as_str());
            return r.meta();
        }
        // T.scheme = R.scheme; T.authority = R.authority;
        // T.path = remove_dot_segments(R.path); T.query = R.query;
        let head = write_head(out, r.scheme(), r);
        remove_dot_segments(out, "", r.path());
        head
    } else if r.has_authority() {
        let head = write_head(out, base.scheme(), r);
        remove_dot_segments(out, "", r.path());
        head
    } else if r.path().is_empty() {
        if !r.has_query() {
            // T.path = Base.path and T.query = Base.query: the base without
            // its fragment (section 5.4.1, the "" and "#s" examples).
            return current_document(base, r, out);
        }
        // T.path = Base.path, in the same copy as the head.
        write_base_head_and(out, base, base.path().len())
    } else if r.path().starts_with('/') {
        let head = write_base_head(out, base);
        remove_dot_segments(out, "", r.path());
        head
    } else {
        // Section 5.2.3: a base with an authority and an empty path
        // merges as "/"; otherwise all but the last segment of the base
        // path, then the reference's path.
        let (dir, clean) = base.merge_dir();
        if clean && dir.ends_with('/') && base.path().as_ptr() == dir.as_ptr() {
            // The directory is the start of the base's path, and copied
            // with its head; no dot segment in it (the resolver knows), so
            // only the reference's path is looked at.
            let head = write_base_head_and(out, base, dir.len());
            remove_dot_segments_after_dir(out, head.path_start, r.path());
            head
        } else {
            let head = write_base_head(out, base);
            if clean {
                remove_dot_segments_clean_dir(out, dir, r.path());
            } else {
                remove_dot_segments_with(out, dir, r.path(), &Verbatim);
            }
            head
        }
    };
    write_tail(out, head, r)
}
