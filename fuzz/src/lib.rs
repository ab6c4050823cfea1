//! What the fuzz targets share: reassembling a parse from its components
//! and listing them (the same definitions as the property tests), checking
//! a result against a fresh parse, and splitting an input.

#[path = "../../crates/urikit/tests/it/recompose.rs"]
mod recompose;
pub use recompose::{components, recompose};

/// The input split at its first newline into two strings (a base and a
/// reference, say); `None` for bytes that are not UTF-8.
pub fn two(data: &[u8]) -> Option<(&str, &str)> {
    let s = std::str::from_utf8(data).ok()?;
    Some(s.split_once('\n').unwrap_or((s, "")))
}

/// The input split at its first newline into two references; `None` unless
/// both are UTF-8 and parse.
pub fn two_refs(data: &[u8]) -> Option<(urikit::UriRef<'_>, urikit::UriRef<'_>)> {
    let (a, b) = two(data)?;
    Some((
        urikit::UriRef::parse(a).ok()?,
        urikit::UriRef::parse(b).ok()?,
    ))
}

/// A fresh parse of `u`'s text, which must have the components `u` reports:
/// a result whose offsets were computed while it was written (resolution,
/// normalization, relativization) must agree with the grammar.
pub fn reparse<'a>(u: &urikit::UriRef<'a>) -> urikit::UriRef<'a> {
    let fresh = urikit::UriRef::parse(u.as_str()).expect("the result parses");
    assert_eq!(components(u), components(&fresh), "{}", u.as_str());
    fresh
}
