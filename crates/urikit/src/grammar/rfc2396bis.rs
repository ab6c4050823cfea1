//! draft-fielding-uri-rfc2396bis-00 Appendix A (October 2002).
//!
//! Where it differs from RFC 2396 (its Appendix G) and from RFC 3986:
//! - `host = IPv6reference / IPv4address / hostname` (3.2.2): IPv6 literals
//!   in brackets (no IPvFuture, which RFC 3986 added), `dec-octet` IPv4
//!   addresses, and `hostname = domainlabel [ qualified ]` with labels of at
//!   most 63 characters, so a name may end with a numeric label (`1.2.3`)
//!   but only a `toplabel` (letter first) may take the trailing `.`.
//! - `authority = server / reg-name`, as in RFC 2396.
//! - `pchar` includes `;` directly; `uric` includes `[` and `]`, which are
//!   allowed in an opaque part but not in a path, query or fragment
//!   (`query = *( pchar / "/" / "?" )`).
//! - `hier-part = [ net-path / abs-path ] [ "?" query ]`: `scheme:` alone is
//!   a URI (G.2, for `about:` and `DAV:`), and a relative path may be empty.
//! - The IPv6 text forms are checked by the RFC 3986 parser, whose grammar
//!   states the same text representation (RFC 2373 section 2.2) the draft's
//!   `IPv6address` was written for.

use super::rfc3986::{ALPHA, DIGIT};
use super::Table;
use super::{Grammar, Hosts, Userinfo};

const MARK: Table = Table::new(b"-_.!~*'()");
const UNRESERVED: Table = ALPHA.or(DIGIT).or(MARK);
const PCHAR: Table = UNRESERVED.or(Table::new(b";:@&=+$,")).or_pct();
const URIC: Table = UNRESERVED.or(Table::new(b"[];/?:@&=+$,")).or_pct();

pub(crate) const GRAMMAR: Grammar = Grammar {
    scheme_first: ALPHA,
    scheme_rest: ALPHA.or(DIGIT).or(Table::new(b"+-.")),
    relative: true,
    path: PCHAR.or(Table::new(b"/")),
    opaque: URIC,
    empty_after_scheme: true,
    query_after_authority: true,
    colon_in_first_segment: false,
    query: PCHAR.or(Table::new(b"/?")),
    fragment: PCHAR.or(Table::new(b"/?")),
    userinfo: Userinfo::Combined(UNRESERVED.or(Table::new(b";:&=+$,")).or_pct()),
    hosts: Hosts::Bis,
    reg_name: Some(UNRESERVED.or(Table::new(b";:@&=+$,")).or_pct()),
    unreserved: UNRESERVED,
    port_needs_digits: false,
};
