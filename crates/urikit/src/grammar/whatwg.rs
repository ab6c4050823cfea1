//! The URL Standard's sets of code points below U+0080 (section 1.3,
//! "Percent-encoded bytes": the percent-encode sets; section 4.4, what each
//! state of the basic URL parser keeps as it is). Every code point beyond
//! U+007E is in every percent-encode set. `whatwg::encode` writes with the
//! sets; `whatwg::fast` scans with the tables made from them.
//!
//! May use: `grammar` (Table, Scanned).

use super::{Scanned, Table};

/// A set of ASCII bytes, a bit each.
pub(crate) type Bits = u128;

const fn with(set: Bits, bytes: &[u8]) -> Bits {
    let mut s = set;
    let mut i = 0;
    while i < bytes.len() {
        s |= 1 << bytes[i];
        i += 1;
    }
    s
}

/// The C0 control percent-encode set: C0 controls and DEL (and every code
/// point beyond U+007E).
pub(crate) const C0_CONTROL: Bits = ((1 << 0x20) - 1) | (1 << 0x7F);
/// The fragment percent-encode set: C0 and space, `"`, `<`, `>`, `` ` ``.
pub(crate) const FRAGMENT: Bits = with(C0_CONTROL, b" \"<>`");
/// The query percent-encode set: C0 and space, `"`, `#`, `<`, `>`.
pub(crate) const QUERY: Bits = with(C0_CONTROL, b" \"#<>");
/// The special-query percent-encode set: the query set and `'`.
pub(crate) const SPECIAL_QUERY: Bits = with(QUERY, b"'");
/// The path percent-encode set: the query set and `?`, `^`, `` ` ``, `{`, `}`.
pub(crate) const PATH: Bits = with(QUERY, b"?^`{}");
/// The userinfo percent-encode set: the path set and `/`, `:`, `;`, `=`,
/// `@`, `[` to `]`, `|`.
#[cfg_attr(not(feature = "whatwg"), allow(dead_code))]
pub(crate) const USERINFO: Bits = with(PATH, b"/:;=@[\\]|");
/// The component percent-encode set: the userinfo set and `$` to `&`, `+`, `,`.
#[cfg_attr(not(feature = "whatwg"), allow(dead_code))]
pub(crate) const COMPONENT: Bits = with(USERINFO, b"$%&+,");
/// The application/x-www-form-urlencoded percent-encode set: the component
/// set and `!`, `'` to `)`, `~`.
#[cfg_attr(not(feature = "whatwg"), allow(dead_code))]
pub(crate) const FORM: Bits = with(COMPONENT, b"!'()~");

/// The table of the ASCII bytes in `bits`.
const fn table(bits: Bits) -> Table {
    let mut chars = [0u8; 128];
    let mut n = 0;
    let mut b = 0;
    while b < 128 {
        if bits & (1 << b) != 0 {
            chars[n] = b as u8;
            n += 1;
        }
        b += 1;
    }
    let (head, _) = chars.split_at(n);
    Table::new(head)
}

/// Printable ASCII, `!` to `~`: what no set encodes for being a control,
/// a space or beyond ASCII.
const PRINTABLE: Bits = ((1 << 0x7F) - 1) & !((1 << 0x21) - 1);

/// A domain that the host parser gives back as it is (section 3.5: an
/// ASCII domain is lower-cased, and a forbidden domain code point fails):
/// lower-case letters, digits, `-`, `.`, `_`.
pub(crate) const KEPT_HOST: Table = table(with(
    with(0, b"-._0123456789"),
    b"abcdefghijklmnopqrstuvwxyz",
))
.scanned(Scanned::WhatwgHost);

/// The bytes of a special URL's path that the path state keeps as they are:
/// printable, not in the path percent-encode set, not `\` (read as `/`).
pub(crate) const KEPT_PATH: Bits = PRINTABLE & !PATH & !(1 << b'\\');

/// [`KEPT_PATH`] but `.` and `%`, where a dot segment may begin: the quick
/// pass stops there to look.
pub(crate) const KEPT_PATH_UNDOTTED: Table =
    table(KEPT_PATH & !(1 << b'.') & !(1 << b'%')).scanned(Scanned::WhatwgPath);

/// The bytes of a special URL's query that the query state keeps.
pub(crate) const KEPT_QUERY: Table =
    table(PRINTABLE & !SPECIAL_QUERY).scanned(Scanned::WhatwgQuery);

/// The bytes of a fragment that the fragment state keeps (`#` among them).
pub(crate) const KEPT_FRAGMENT: Table =
    table(PRINTABLE & !FRAGMENT).scanned(Scanned::WhatwgFragment);
