//! What the fuzz targets share: the properties each checks (the same
//! definitions the test suite replays the largest corpus inputs through),
//! and reassembling a parse from its components.

#[path = "../../crates/urikit/tests/it/recompose.rs"]
mod recompose;
pub use recompose::{components, recompose};

/// The properties of every target, and the linear-work check around them.
#[path = "../../crates/urikit/tests/it/fuzz_ops.rs"]
pub mod ops;

/// publicsuffix.org/list/'s formal algorithm over sets of rule texts, the
/// reference of the `psl` target (and of the Public Suffix List's tests).
#[path = "../../crates/urikit/tests/it/psl_plain.rs"]
pub mod psl_plain;
