//! What the benchmarks and the instruction-count example share.

/// A fixed mix of reference kinds: RFC 3986 section 5.4, normal and
/// abnormal, plus typical links.
pub const REFS: &[&str] = &[
    "g",
    "./g",
    "g/",
    "/g",
    "//g",
    "?y",
    "g?y",
    "#s",
    "g?y#s",
    ";x",
    "g;x?y#s",
    "",
    ".",
    "./",
    "..",
    "../",
    "../g",
    "../..",
    "../../g",
    "../../../g",
    "/./g",
    "g/./h",
    "g/../h",
    "index.html",
    "../images/logo.png",
    "/search?q=uri&lang=en",
    "https://example.com/x",
];
