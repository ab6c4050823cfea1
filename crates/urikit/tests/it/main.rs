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
mod psl_plain;
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

/// The records of a JSON Lines file of testdata/ (`surt/surt.jsonl`),
/// blank lines and `#` comments skipped.
pub fn testdata(path: &str) -> Vec<serde_json::Value> {
    let p = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata")
        .join(path);
    std::fs::read_to_string(&p)
        .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

/// The library's modules import only modules below them (docs/design.md).
#[test]
fn every_import_points_down() {
    layers::check(layers::LIBRARY, "lib.rs");
}
