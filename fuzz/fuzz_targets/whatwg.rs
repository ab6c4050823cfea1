//! See `ops::whatwg` (crates/urikit/tests/it/fuzz_ops.rs) for the
//! properties; the work it does must be linear in the input.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| urikit_fuzz::ops::linear(data, urikit_fuzz::ops::whatwg));
