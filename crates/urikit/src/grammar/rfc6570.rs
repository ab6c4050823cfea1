//! RFC 6570 (URI Template) section 2: the character sets of a template.

use super::rfc3986::{ALPHA, DIGIT, GEN_DELIMS, SUB_DELIMS, UNRESERVED};
use super::Table;

/// The ASCII part of `literals` (section 2.1, as RFC 6570 erratum 6937
/// corrects it): `%x21 / %x23-24 / %x26-3B / %x3D / %x3F-5B / %x5D / %x5F
/// / %x61-7A / %x7E`, that is every visible character but `"` `%` `<` `>`
/// `\` `^` `` ` `` `{` `|` `}`. The RFC as published wrote `%x26 /
/// %x28-3B`, leaving out the apostrophe that its own section 3.2.1 example
/// `'{var}'` holds; the verified erratum puts it back. (`ucschar`,
/// `iprivate` and `pct-encoded` are the rest of the rule.)
pub(crate) const LITERAL: Table = Table::new(b"!#$")
    .or(Table::range(0x26, 0x3B))
    .or(Table::new(b"=]_~"))
    .or(Table::range(0x3F, 0x5B))
    .or(Table::range(0x61, 0x7A));

/// `varchar = ALPHA / DIGIT / "_" / pct-encoded` (section 2.3).
pub(crate) const VARCHAR: Table = ALPHA.or(DIGIT).or(Table::new(b"_")).or_pct();

/// `reserved = gen-delims / sub-delims` (RFC 3986 section 2.2).
pub(crate) const RESERVED: Table = GEN_DELIMS.or(SUB_DELIMS);

/// What a `{+var}` or `{#var}` expansion writes as it is (section 3.2.1,
/// `U+R`): unreserved and reserved characters (and `pct-encoded`
/// triplets, which the expander keeps whole).
pub(crate) const UNRESERVED_RESERVED: Table = UNRESERVED.or(RESERVED);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_are_the_visible_characters_but_ten() {
        for c in 0..=0x7Fu8 {
            let visible = (0x21..0x7F).contains(&c);
            // Erratum 6937: the apostrophe is a literal.
            let refused = b"\"%<>\\^`{|}".contains(&c);
            assert_eq!(LITERAL.allows(c), visible && !refused, "{:?}", c as char);
        }
    }
}
