//! The integration tests of urikit, in one binary: the conformance vectors
//! of testdata/, property tests against a naive oracle written from the
//! ABNF, and the proof that parsing allocates nothing.

mod alloc_count;
mod base;
mod ccindex;
mod defects;
mod edit;
mod extract;
mod fuzz_largest;
mod fuzz_ops;
mod fuzz_regressions;
mod grammar;
mod iri;
mod layers;
mod limits;
mod naive;
mod normalize;
mod props;
mod psl;
mod recompose;
mod relativize;
mod repair;
mod resolve;
mod safebrowsing;
mod scheme;
mod surt;
mod template;
mod template_match;
mod vectors;
mod w3lib;
mod whatwg;
mod whatwg_ada;
mod wpt;
mod zone;

/// The library's modules import only modules below them (docs/design.md).
#[test]
fn every_import_points_down() {
    layers::check(layers::LIBRARY, "lib.rs");
}
