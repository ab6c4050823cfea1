//! RFC 1738 section 5 (December 1994), the generic syntax.
//!
//! Where it differs from the later documents, and how we read it:
//! - `genericurl = scheme ":" schemepart`: there are no relative URLs
//!   (RFC 1808 added them), so a reference without a scheme is
//!   `missing-scheme`.
//! - `scheme = 1*[ lowalpha | digit | "+" | "-" | "." ]`, but "programs
//!   interpreting URLs should treat upper case letters as equivalent to
//!   lower case" (2.1): upper case is accepted.
//! - `unreserved = alpha | digit | safe | extra` with `safe = "$" | "-" |
//!   "_" | "." | "+"`: `~` is "national" (2.2) and must be encoded, as must
//!   `[` and `]`.
//! - `ip-schemepart = "//" login [ "/" urlpath ]` with `login = [ user
//!   [ ":" password ] "@" ] hostport` and `port = digits`, so `h:` without
//!   digits is not a port. `schemepart = *xchar` would also take `//` as
//!   plain characters; we read a `//` as the Internet scheme syntax of 3.1,
//!   and allow its host to be empty as `fileurl` (3.10) does.
//! - `urlpath = *xchar`: the `?` of a search part is an ordinary character;
//!   the query is split off as the later documents' Appendix B does.
//! - A fragment identifier is not part of a URL, but "might follow it"
//!   (2.2, on `#`): an optional `#` and `*xchar` are accepted after it.

use super::rfc3986::{ALPHA, DIGIT};
use super::Table;
use super::{Grammar, Hosts, Userinfo};

const UNRESERVED: Table = ALPHA.or(DIGIT).or(Table::new(b"$-_.+!*'(),"));
const XCHAR: Table = UNRESERVED.or(Table::new(b";/?:@&=")).or_pct();

pub(crate) const GRAMMAR: Grammar = Grammar {
    scheme_first: ALPHA.or(DIGIT).or(Table::new(b"+-.")),
    scheme_rest: ALPHA.or(DIGIT).or(Table::new(b"+-.")),
    relative: false,
    path: XCHAR,
    opaque: XCHAR,
    empty_after_scheme: true,
    query_after_authority: true,
    colon_in_first_segment: true,
    query: XCHAR,
    fragment: XCHAR,
    userinfo: Userinfo::UserPassword(UNRESERVED.or(Table::new(b";?&=")).or_pct()),
    hosts: Hosts::Classic,
    reg_name: None,
    unreserved: UNRESERVED,
    port_needs_digits: true,
};
