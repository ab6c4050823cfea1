//! draft-ietf-url-syntax-00 Appendix A (December 1996).
//!
//! Where it differs from the other documents:
//! - `scheme = 1*( alpha | digit | "+" | "-" | "." )`: a scheme may start
//!   with a digit, as in RFC 1738.
//! - `server = [ [ user [ ":" password ] "@" ] hostport ]`: the user and
//!   password form of RFC 1738, each `*( unreserved | escaped | ";" | "&" |
//!   "=" | "+" )`; no `reg_name`.
//! - `hostname = *( domainlabel "." ) toplabel`, no trailing `.`;
//!   `hostnumber` is four `1*digit`.
//! - `mark` includes `$` and `,`; `reserved = ";" | "/" | "?" | ":" | "@" |
//!   "&" | "=" | "+"`; `[` and `]` are not URL characters.
//! - `net_path = "//" server [ abs_path ]` and `rel_path = [ path_segments ]
//!   [ "?" query ]` (section 5): a query comes after a path, so `//h?q` is
//!   no reference (`//h/?q` is); `http://h?q` is one as an `opaque-URL`.
//! - `opaque-URL = scheme ":" *urlc`: anything, even nothing, may follow the
//!   scheme; `pchar` includes `:`, so a relative path's first segment may
//!   hold one (though the Appendix B split reads `a:b` as a scheme).

use super::rfc3986::{ALPHA, DIGIT};
use super::Table;
use super::{Grammar, Hosts, Userinfo};

const MARK: Table = Table::new(b"$-_.!~*'(),");
const UNRESERVED: Table = ALPHA.or(DIGIT).or(MARK);
const URLC: Table = UNRESERVED.or(Table::new(b";/?:@&=+")).or_pct();
const PCHAR: Table = UNRESERVED.or(Table::new(b":@&=+")).or_pct();

pub(crate) const GRAMMAR: Grammar = Grammar {
    scheme_first: ALPHA.or(DIGIT).or(Table::new(b"+-.")),
    scheme_rest: ALPHA.or(DIGIT).or(Table::new(b"+-.")),
    relative: true,
    path: PCHAR.or(Table::new(b";/")),
    opaque: URLC,
    empty_after_scheme: true,
    query_after_authority: false,
    colon_in_first_segment: true,
    query: URLC,
    fragment: URLC,
    userinfo: Userinfo::UserPassword(UNRESERVED.or(Table::new(b";&=+")).or_pct()),
    hosts: Hosts::Classic,
    reg_name: None,
    unreserved: UNRESERVED,
    port_needs_digits: false,
};
