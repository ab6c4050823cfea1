//! Resource limits on hostile sizes: each operation runs on an input of
//! size n and of size 8n, and the allocation counts must show that the work
//! grows at most linearly (constant or logarithmic for operations that
//! build one output, proportional for those that build one item per piece
//! of input). Counts, not wall time, so the tests are deterministic.

use urikit::{Extractor, Normalizer, QueryParams, Resolver, UriRef};

use crate::alloc_count::allocations;

/// `(allocations at n, allocations at 8n)` of `op` on `make(n)`.
fn at_n_and_8n(n: usize, make: impl Fn(usize) -> String, op: impl Fn(&str)) -> (usize, usize) {
    let small = make(n);
    let big = make(8 * n);
    let (a, ()) = allocations(|| op(&small));
    let (b, ()) = allocations(|| op(&big));
    (a, b)
}

/// A growing output buffer may reallocate a logarithmic number of times.
fn assert_near_constant((a, b): (usize, usize), what: &str) {
    assert!(b <= a + 8, "{what}: {a} allocations at n, {b} at 8n");
}

fn assert_at_most_linear((a, b): (usize, usize), what: &str) {
    assert!(b <= 8 * a + 64, "{what}: {a} allocations at n, {b} at 8n");
}

#[test]
fn a_100_mb_reference_parses_without_allocating() {
    let (a, b) = at_n_and_8n(
        12_500_000,
        |n| format!("http://h/{}", "a".repeat(n)),
        |s| assert!(UriRef::parse(s).is_ok()),
    );
    assert_eq!((a, b), (0, 0));
}

#[test]
fn a_million_path_segments() {
    let make = |n: usize| format!("http://h{}", "/seg".repeat(n));
    let count = at_n_and_8n(125_000, make, |s| {
        assert!(UriRef::parse(s).unwrap().path_segments().count() >= 125_000);
    });
    assert_eq!(count, (0, 0), "iterating segments allocates nothing");
    let norm = at_n_and_8n(125_000, make, |s| {
        let _ = Normalizer::new().normalize(UriRef::parse(s).unwrap());
    });
    assert_near_constant(norm, "normalize");
}

#[test]
fn deep_dot_dot_chains_resolve_in_one_buffer() {
    let base = UriRef::parse("http://a/b/c/d").unwrap();
    let r = Resolver::new(base).unwrap();
    let resolved = at_n_and_8n(
        100_000,
        |n| format!("{}g", "../".repeat(n)),
        |s| {
            assert_eq!(
                r.resolve(UriRef::parse(s).unwrap()).unwrap().as_str(),
                "http://a/g"
            )
        },
    );
    assert_near_constant(resolved, "resolve ../ chain");
    let dots = at_n_and_8n(
        100_000,
        |n| format!("http://a/{}", "x/../".repeat(n)),
        |s| {
            let n = Normalizer::new().normalize(UriRef::parse(s).unwrap());
            assert_eq!(n.as_str(), "http://a/");
        },
    );
    assert_near_constant(dots, "normalize x/.. chain");
}

#[test]
fn a_million_query_parameters() {
    let make = |n: usize| "k=v&".repeat(n);
    let pairs = at_n_and_8n(
        125_000,
        |n| format!("?{}", make(n)),
        |q| {
            let u = UriRef::parse(q).map(|u| u.query_pairs().count());
            assert_eq!(u.unwrap(), q.len() / 4);
        },
    );
    assert_eq!(pairs, (0, 0), "iterating pairs allocates nothing");
    let params = at_n_and_8n(125_000, make, |q| {
        let mut p = QueryParams::parse(q).unwrap();
        p.set("k", "w");
        assert_eq!(p.len(), 1);
    });
    assert_at_most_linear(params, "QueryParams parse and set");
}

#[test]
fn extraction_of_hostile_text_is_linear_and_does_not_recurse() {
    for unit in ["(", "<", "http://", "<URL:", "\"", "-\n", "www."] {
        let n = 50_000;
        let allocs = at_n_and_8n(
            n,
            |n| unit.repeat(n),
            |s| {
                let _ = Extractor::new().abbreviated(true).extract(s).count();
            },
        );
        assert_at_most_linear(allocs, unit);
    }
}

#[cfg(feature = "html")]
#[test]
fn deeply_nested_html_does_not_recurse() {
    let html = format!("{}<a href=x>", "<div><span>".repeat(500_000));
    let doc = urikit::html::HtmlDocument::parse(&html);
    assert_eq!(doc.links().len(), 1);
}
