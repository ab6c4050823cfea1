//! draft-ietf-url-syntax-00 section 5.2, steps 1 to 7.
//!
//! The draft differs from RFC 2396 in step 6: the reference's query is
//! appended to the buffer (6c) before the dot segments are removed, so that
//! `g?y/./x` gives `http://a/b/c/g?y/x` and `g?y/../x` gives
//! `http://a/b/c/x` (Appendix C.2), and it has no step for `..` above the
//! root: such segments stay, as its Appendix C shows.
//!
//! As in the RFC 2396 module, a base with a server and an empty path merges
//! as `/` rather than giving `http://ag` for `g` against `http://a`.

use crate::out::Out;

use crate::error::Error;
use crate::parse::Meta;

use super::{
    copy_before_fragment, current_document, opaque, opaque_base_error, write_base_head, write_head,
    write_tail, Operand,
};
use crate::path::{keep_path_a_path, merge_dot_segments, AboveRoot};

pub(super) fn resolve(
    base: &Operand<'_>,
    r: &Operand<'_>,
    out: &mut impl Out,
) -> Result<Meta, Error> {
    // 1) The reference is parsed (by the caller).
    // 2) An empty path with undefined scheme, server and query is a
    //    reference to the current document.
    if r.path().is_empty() && r.scheme().is_none() && r.authority().is_none() && !r.has_query() {
        return Ok(current_document(base, r, out));
    }
    // 3) A reference with a scheme is an absolute URL: we are done.
    if r.scheme().is_some() {
        return Ok(copy_before_fragment(r, r, out));
    }
    // 4) A network-path: skip to step 7.
    if r.authority().is_some() {
        let head = write_head(out, base.scheme(), r);
        out.push_str(r.path());
        return Ok(write_tail(out, head, r));
    }
    if !r.path().starts_with('/') && opaque(base, false) {
        // Section 4.2: an opaque base is "unsuitable" for relative paths.
        return Err(opaque_base_error());
    }
    let head = write_base_head(out, base);
    if r.path().starts_with('/') {
        // 5) An absolute-path: skip to step 7.
        out.push_str(r.path());
        return Ok(write_tail(out, head, r));
    }
    // 6a) All but the last segment of the base path.
    let dir = base.merge_dir().0;
    // 6b) and 6c): the reference's path, then "?" and its query if defined,
    // which lie next to each other in the reference. 6d) to 6g): dot
    // segments, with "?" no different from other characters.
    let _ = merge_dot_segments(out, dir, r.path_and_query(), AboveRoot::Keep);
    // 6h) The query is what follows the first "?" of the buffer, and 6i)
    // the path what precedes it: the "?" already separates them.
    keep_path_a_path(out, head.path_start, head.auth.is_some());
    let query_end = out.len();
    let path_end = out
        .tail(head.path_start)
        .iter()
        .position(|&c| c == b'?')
        .map_or(query_end, |k| head.path_start + k);
    // 7) Recombination.
    super::write_fragment(out, r.fragment());
    Ok(head.meta(path_end, query_end))
}
