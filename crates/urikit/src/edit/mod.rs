//! Editing references: making one from its components (`builder`),
//! changing one in place (`setters`), both written and checked by
//! `assemble`; query parameters (`query`), and the cleaned key of a URL
//! (`clean`). Every result keeps the structural rules of RFC 3986 section 3.
//!
//! Every component setter comes in two forms: the plain one takes text and
//! percent-encodes what the component cannot hold; the `_encoded` one takes
//! text already encoded and checks it against the component's grammar.
//!
//! May use: everything below `scheme` (`parse`, `pct`, `uri`, `buf`,
//! `grammar`, `iter`, ...).

pub(crate) mod assemble;
pub(crate) mod builder;
pub(crate) mod clean;
pub(crate) mod query;
pub(crate) mod setters;

pub use builder::UriRefBuilder;
pub use clean::{clean, TRACKING_PARAMS};
pub use query::{Param, QueryParams};
