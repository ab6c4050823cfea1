//! RFC 3986 section 5.2: transform references (5.2.2), merge paths (5.2.3),
//! remove dot segments (5.2.4), and recompose (5.3).

use alloc::string::String;

use crate::parse::Meta;

use super::{current_document, write_base_head, write_head, write_tail, Operand};
use crate::path::{
    remove_dot_segments, remove_dot_segments_clean_dir, remove_dot_segments_with, Verbatim,
};

/// Section 5.2.2, with the reference's scheme already undefined by the
/// caller when a non-strict parser drops it.
pub(super) fn resolve(base: &Operand<'_>, r: &Operand<'_>, out: &mut String) -> Meta {
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
            let (dir, clean) = base.merge_dir();
            if clean {
                remove_dot_segments_clean_dir(out, dir, r.path());
            } else {
                remove_dot_segments_with(out, dir, r.path(), &Verbatim);
            }
        }
        write_tail(out, head, r.query(), r.fragment())
    }
}
