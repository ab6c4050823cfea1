//! draft-fielding-uri-rfc2396bis-00 section 5.2: the pseudocode and its
//! merge routine. Unlike RFC 3986, dot segments are only removed from merged
//! paths: an absolute-path reference such as `/./g` is kept as written
//! (Appendix C.2).

use crate::out::Out;

use super::{
    above_root_error, current_document, opaque, opaque_base_error, write_base_head, write_head,
    write_tail, Operand, Options,
};
use crate::error::Error;
use crate::parse::Meta;
use crate::path::{base_directory, merge_dot_segments};

/// The pseudocode of section 5.2, with `R.scheme` already undefined by the
/// caller for a non-validating parser.
pub(super) fn resolve(
    base: &Operand<'_>,
    r: &Operand<'_>,
    opts: Options,
    out: &mut impl Out,
) -> Result<Meta, Error> {
    let meta = if r.scheme().is_some() {
        // T = R.
        let head = write_head(out, r.scheme(), r);
        out.push_str(r.path());
        write_tail(out, head, r)
    } else if r.authority().is_some() {
        let head = write_head(out, base.scheme(), r);
        out.push_str(r.path());
        write_tail(out, head, r)
    } else if r.path().is_empty() {
        if r.has_query() {
            // T.path = Base.path; T.query = R.query.
            let head = write_base_head(out, base);
            out.push_str(base.path());
            write_tail(out, head, r)
        } else {
            // "An empty reference refers to the current document."
            current_document(base, r, out)
        }
    } else {
        if !r.path().starts_with('/') && opaque(base, false) {
            // Section 5: an opaque base is "unsuitable" for relative paths.
            return Err(opaque_base_error());
        }
        let head = write_base_head(out, base);
        if r.path().starts_with('/') {
            out.push_str(r.path());
        } else {
            merge(out, base.path(), r.path(), opts).map_err(|at| above_root_error(r, at))?;
        }
        write_tail(out, head, r)
    };
    Ok(meta)
}

/// The merge routine, steps 1 to 8.
fn merge(out: &mut impl Out, base_path: &str, r_path: &str, opts: Options) -> Result<(), usize> {
    // 1. All but the last segment of the base path, or "/" when the base
    //    path is empty.
    let dir = if base_path.is_empty() {
        "/"
    } else {
        base_directory(base_path)
    };
    // 2. The reference's path is appended; 3 to 7: dot segments, and the
    //    choice for ".." above the root; 8. the result is the target path.
    merge_dot_segments(out, dir, r_path, opts.above_root)
}
