//! See `ops::template` (crates/urikit/tests/it/fuzz_ops.rs) for the
//! properties: matching inverts expansion, and each match examines a
//! number of bytes bounded by the template's length times the URI's.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| urikit_fuzz::ops::template(data));
