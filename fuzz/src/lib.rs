//! What the fuzz targets share: reassembling a parse from its components
//! and listing them (the same definitions as the property tests), and
//! splitting an input.

#[path = "../../crates/urikit/tests/it/recompose.rs"]
mod recompose;
pub use recompose::{components, recompose};

/// The input split at its first newline into two strings (a base and a
/// reference, say); `None` for bytes that are not UTF-8.
pub fn two(data: &[u8]) -> Option<(&str, &str)> {
    let s = std::str::from_utf8(data).ok()?;
    Some(s.split_once('\n').unwrap_or((s, "")))
}
