//! RFC 2396 section 5.2, steps 1 to 7.
//!
//! Where the text does not give a URI, this module departs from it, and
//! says so here:
//! - Step 6a copies "all but the last segment of the base URI's path"; for a
//!   base with an authority and an empty path (`http://a`) that is nothing,
//!   and `g` would give `http://ag`, a different authority. 2396bis
//!   Appendix G.2 records this as a defect of step 6a; we merge as `/`, as
//!   2396bis and RFC 3986 section 5.2.3 do.
//! - Step 3's loophole for `http:g` is applied, when asked for, only when the
//!   base is hierarchical (it has an authority or an absolute path): the
//!   text limits it to schemes that always use `<hier_part>`.
//! - Section 5: "relative URI cannot be used within a document that has an
//!   unsuitable base URI", one outside the `<hier_part>` syntax. A relative
//!   path against an opaque base (`mailto:x`, `a:b/c`) is `opaque-base`,
//!   where merging would give a string that is not even an RFC 2396 URI
//!   (`..` against `a:b/c` gives `a:`).

use crate::out::Out;

use super::{
    above_root_error, copy_before_fragment, current_document, opaque, opaque_base_error,
    write_base_head, write_head, write_tail, Operand, Options,
};
use crate::error::Error;
use crate::parse::Meta;
use crate::path::merge_dot_segments;

pub(super) fn resolve(
    base: &Operand<'_>,
    r: &Operand<'_>,
    opts: Options,
    out: &mut impl Out,
) -> Result<Meta, Error> {
    // 1) The reference is parsed (by the caller).
    // 2) An empty path with undefined scheme, authority and query is a
    //    reference to the current document.
    if r.path().is_empty() && r.scheme().is_none() && r.authority().is_none() && !r.has_query() {
        return Ok(current_document(base, r, out));
    }
    // 3) A reference with a scheme is absolute: we are done.
    if r.scheme().is_some() {
        return Ok(copy_before_fragment(r, r, out));
    }
    // 4) A network-path: skip to step 7. Otherwise the authority is the
    //    base's.
    if r.authority().is_some() {
        let head = write_head(out, base.scheme(), r);
        out.push_str(r.path());
        return Ok(write_tail(out, head, r));
    }
    let head = write_base_head(out, base);
    if r.path().starts_with('/') {
        // 5) An absolute-path: skip to step 7.
        out.push_str(r.path());
    } else if opaque(base, true) {
        // Section 5: an opaque base is "unsuitable" for relative paths.
        return Err(opaque_base_error());
    } else {
        // 6a) All but the last segment of the base path ("/" for an
        //     authority with an empty path: see the module's notes).
        let dir = base.merge_dir().0;
        // 6b) The reference's path is appended; 6c to 6f remove dot
        //     segments; 6g: leading ".." as the resolver was told; 6h: the
        //     buffer is the new path.
        merge_dot_segments(out, dir, r.path(), opts.above_root)
            .map_err(|at| above_root_error(r, at))?;
    }
    // 7) Recombination; the query and fragment are the reference's (step 2).
    Ok(write_tail(out, head, r))
}
