//! Resource limits on hostile sizes: each operation runs on an input of
//! size n and of size 8n, and the allocation counts must show that the work
//! grows at most linearly (constant or logarithmic for operations that
//! build one output, proportional for those that build one item per piece
//! of input). Counts, not wall time, so the tests are deterministic.

use urikit::{count_work, Dialect, Extractor, Normalizer, QueryParams, Resolver, UriRef};

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
                let x = Extractor::new().abbreviated(true);
                let _ = x.extract(s).count();
                let _ = x.uris(s).count();
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

/// `(work at n, work at 8n)` of `op` on `make(n)`: the bytes the library
/// examined (see `count_work`), so the test is deterministic.
fn work_at_n_and_8n(n: usize, make: impl Fn(usize) -> String, op: impl Fn(&str)) -> (u64, u64) {
    let small = make(n);
    let big = make(8 * n);
    let (a, ()) = count_work(|| op(&small));
    let (b, ()) = count_work(|| op(&big));
    (a, b)
}

/// Linear: eight times the input costs at most about eight times the work
/// (a quadratic scan costs sixty-four times).
fn assert_linear_work((a, b): (u64, u64), what: &str) {
    assert!(
        b <= 9 * a + 4096,
        "{what}: {a} bytes examined at n, {b} at 8n"
    );
}

/// The texts that made extraction quadratic (a rejected candidate resumed
/// the scan one byte later, and the next `:` of the same run read it to
/// its end again), and their neighbours: each, in every dialect, with and
/// without abbreviated forms, with lines counted and without (`uris`),
/// costs eight times the work at eight times the size.
#[test]
fn extraction_reads_each_byte_a_bounded_number_of_times() {
    let units = [
        "http:%-\n",
        "http://a%-\n",
        "(http:%",
        "www.a-\n",
        "http://a-\n",
        "(http://a/(http://a/%zz",
        "x-\nhttp://a/[-\n",
        "y(http://x/a-\n",
        "<http://a%-\n",
        // Brackets found back from a scheme, over white space and `URL:`.
        " URL: \u{a0}a:b",
        "<URL:  x:y",
        "<\u{a0}http://a/ ",
        "<URL: http://a/ b",
        "mailto:%-\n",
        "ftp.a-\n(www.b-\n",
        "http://a/))))",
        "https://h:x(mailto:",
        // IRIs: runs over characters beyond ASCII, cut at delimiters.
        "http://例%-\n",
        "(http:ü%",
        "http://a/ü」-\n",
        "「http://例え/\u{202e}",
        "http://é\u{3000}",
    ];
    for unit in units {
        for dialect in Dialect::GRAMMARS {
            for abbreviated in [false, true] {
                let x = Extractor::new().dialect(dialect).abbreviated(abbreviated);
                let work = work_at_n_and_8n(
                    4096 / unit.len(),
                    |n| unit.repeat(n),
                    |s| {
                        let _ = x.extract(s).count();
                        let _ = x.uris(s).count();
                    },
                );
                let what = format!(
                    "{unit:?} under {} (abbreviated: {abbreviated})",
                    dialect.name()
                );
                assert_linear_work(work, &what);
            }
        }
    }
}

/// The last piece of a long hyphenated run is invalid while every line
/// alone is valid: the first line is found, and the lines read as part of
/// the rejected candidate are not read again from each line.
#[test]
fn a_failed_hyphen_join_is_not_retried_from_every_line() {
    let make = |n: usize| format!("{}[", "y(http://x/a-\n".repeat(n));
    let found = |s: &str| Extractor::new().extract(s).count();
    assert_eq!(found(&make(100)), 1);
    let work = work_at_n_and_8n(300, make, |s| {
        let _ = found(s);
    });
    assert_linear_work(work, "hyphenated lines ending in '['");
}
