//! RFC 2396 Appendix A (August 1998).
//!
//! Where it differs from the other documents:
//! - `scheme = alpha *( alpha | digit | "+" | "-" | "." )` (section 3.1): a
//!   scheme starts with a letter, unlike RFC 1738 and the 1996 draft.
//! - `authority = server | reg_name` (3.2): an authority that is not a valid
//!   `[ userinfo "@" ] hostport` is a registry-based name, which may hold
//!   `@` and `:`; it is typed as one registered-name host.
//! - `hostname = *( domainlabel "." ) toplabel [ "." ]` with `toplabel`
//!   starting with a letter, and `IPv4address = 1*digit "." 1*digit "."
//!   1*digit "." 1*digit` (3.2.2): `999.1.1.1` is an address (typed as a
//!   name, since it fits no octets), `1.2.3` is nothing.
//! - `segment = *pchar *( ";" param )` (3.3): parameters in every segment.
//! - `[` and `]` are not URI characters at all (2.4.3 lists them as
//!   "unwise"); `~` is a mark.
//! - `absoluteURI = scheme ":" ( hier_part | opaque_part )` with
//!   `opaque_part = uric_no_slash *uric`: `scheme:` alone is not a URI
//!   (`missing-path`); 2396bis Appendix G.2 records the change. A
//!   `uric_no_slash` may be `?`, so `mailto:?subject=x` is an opaque part
//!   (which the Appendix B split reads as an empty path and a query).
//! - `rel_path = rel_segment [ abs_path ]` with `rel_segment` not empty
//!   would make `?y` invalid, yet Appendix C resolves `?y`: we accept an
//!   empty relative path before a query, as 2396bis G.2 corrected.

use super::rfc3986::{ALPHA, DIGIT};
use super::Table;
use super::{Grammar, Hosts, Userinfo};

const MARK: Table = Table::new(b"-_.!~*'()");
const UNRESERVED: Table = ALPHA.or(DIGIT).or(MARK);
pub(crate) const URIC: Table = UNRESERVED.or(Table::new(b";/?:@&=+$,")).or_pct();
const PCHAR: Table = UNRESERVED.or(Table::new(b":@&=+$,")).or_pct();
/// `userinfo` (section 3.2.2).
pub(crate) const USERINFO: Table = UNRESERVED.or(Table::new(b";:&=+$,")).or_pct();
/// `reg_name` (section 3.2.1).
pub(crate) const REG_NAME: Table = UNRESERVED.or(Table::new(b"$,;:@&=+")).or_pct();
/// `path_segments` (section 3.3): `pchar`, `;` and `/`.
pub(crate) const PATH: Table = PCHAR.or(Table::new(b";/"));

pub(crate) const GRAMMAR: Grammar = Grammar {
    scheme_first: ALPHA,
    scheme_rest: ALPHA.or(DIGIT).or(Table::new(b"+-.")),
    relative: true,
    path: PATH,
    opaque: URIC,
    empty_after_scheme: false,
    query_after_authority: true,
    colon_in_first_segment: false,
    query: URIC,
    fragment: URIC,
    userinfo: Userinfo::Combined(USERINFO),
    hosts: Hosts::ClassicTrailingDot,
    reg_name: Some(REG_NAME),
    unreserved: UNRESERVED,
    port_needs_digits: false,
};
