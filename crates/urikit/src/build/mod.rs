//! Building and editing references: the builder, the setters of
//! `UriRefBuf`, query parameters, and the cleaned key of a URL. Every result keeps the structural
//! rules of RFC 3986 section 3.
//!
//! May use: everything below `scheme` (`parse`, `pct`, `uri`, `buf`,
//! `grammar`, `iter`, ...).

pub(crate) mod clean;
pub(crate) mod edit;
pub(crate) mod query;

pub use clean::{clean, TRACKING_PARAMS};
pub use edit::UriRefBuilder;
pub use query::{Param, QueryParams};
