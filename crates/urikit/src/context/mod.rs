//! URIs in context: found in plain text (`extract`), completed from what a
//! person typed (`abbrev`), the base of a document (`base`) and the links
//! of an HTML document (`html`), near-URIs repaired (`repair`), and errors
//! explained to a person (`report`).
//!
//! May use: everything below it.

mod abbrev;
mod base;
mod extract;
#[cfg(feature = "html")]
pub mod html;
#[cfg(feature = "alloc")]
mod repair;
#[cfg(feature = "alloc")]
pub mod report;

pub use abbrev::guess;
pub use base::{Base, BaseBuilder, BaseError, Layer};
pub use extract::{Extractor, Found, Match, Matches, Uris};
#[cfg(feature = "alloc")]
pub use repair::{repair, Change, Changes, Repaired};
