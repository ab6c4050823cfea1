//! Parse every line of each dataset in ../shared/data/urls with urikit and
//! its peers, in one criterion group per dataset.
//!
//! The datasets are read from `URIKIT_DATA` or `../../shared/data/urls`
//! relative to this crate (they are never copied into the repository).
//! Before timing, each library's count of accepted lines is printed: a
//! faster parser that accepts different inputs is not doing the same work.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use urikit_bench::datasets;

type Parser = (&'static str, fn(&str) -> bool);

const PARSERS: &[Parser] = &[
    ("urikit", |s| urikit::UriRef::parse(s).is_ok()),
    ("fluent-uri", |s| fluent_uri::UriRef::parse(s).is_ok()),
    ("iri-string", |s| {
        iri_string::types::UriReferenceStr::new(s).is_ok()
    }),
    ("oxiri", |s| oxiri::IriRef::parse(s).is_ok()),
    ("url", |s| url::Url::parse(s).is_ok()),
    ("ada", |s| ada_url::Url::parse(s, None).is_ok()),
];

fn parse(c: &mut Criterion) {
    for (name, lines) in datasets() {
        let bytes: usize = lines.iter().map(|l| l.len()).sum();
        println!("dataset {name}: {} lines, {bytes} bytes", lines.len());
        for (lib, f) in PARSERS {
            let accepted = lines.iter().filter(|l| f(l)).count();
            println!("  {lib:<11} accepts {accepted}");
        }
        let mut g = c.benchmark_group(format!("parse/{name}"));
        g.throughput(Throughput::Bytes(bytes as u64));
        for (lib, f) in PARSERS {
            g.bench_function(*lib, |b| {
                b.iter(|| {
                    let mut ok = 0usize;
                    for l in &lines {
                        ok += f(black_box(l)) as usize;
                    }
                    ok
                })
            });
        }
        g.finish();
        // Parsing as a user's code does it: then reading the host, the
        // path and the query (the sum of their lengths checked equal).
        let read = |f: fn(&str) -> usize| lines.iter().map(|l| f(l)).sum::<usize>();
        let (a, b) = (read(urikit_bench::read_urikit), read(read_fluent));
        println!("  parse and read: urikit {a}, fluent-uri {b}");
        let mut g = c.benchmark_group(format!("parse-read/{name}"));
        g.throughput(Throughput::Bytes(bytes as u64));
        for (lib, f) in [
            ("urikit", urikit_bench::read_urikit as fn(&str) -> usize),
            ("fluent-uri", read_fluent),
        ] {
            g.bench_function(lib, |b| {
                b.iter(|| {
                    let mut n = 0usize;
                    for l in &lines {
                        n += f(black_box(l));
                    }
                    n
                })
            });
        }
        g.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(2));
    targets = parse
}
criterion_main!(benches);

include!("../src/read_fluent.rs");
