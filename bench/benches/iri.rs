//! IRI parsing (RFC 3987 section 2.2): urikit beside oxiri and iri-string
//! on each dataset of ../shared/data/urls read as IRIs, and on a set of
//! Unicode IRIs built from them (`urikit_bench::unicode_iris`: hosts and
//! paths rewritten into six scripts), in one criterion group per set.
//! Each library's count of accepted lines is printed first.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use urikit_bench::{datasets, unicode_iris};

type Parser = (&'static str, fn(&str) -> bool);

const PARSERS: &[Parser] = &[
    ("urikit", |s| urikit::IriRef::parse(s).is_ok()),
    ("oxiri", |s| oxiri::IriRef::parse(s).is_ok()),
    ("iri-string", |s| {
        iri_string::types::IriReferenceStr::new(s).is_ok()
    }),
];

fn iri(c: &mut Criterion) {
    let sets = datasets();
    let unicode = unicode_iris(sets.iter().flat_map(|(_, l)| l.iter().map(String::as_str)));
    for (name, lines) in sets
        .iter()
        .map(|(n, l)| (n.as_str(), l))
        .chain([("unicode", &unicode)])
    {
        let bytes: usize = lines.iter().map(|l| l.len()).sum();
        println!("set {name}: {} lines, {bytes} bytes", lines.len());
        for (lib, f) in PARSERS {
            let accepted = lines.iter().filter(|l| f(l)).count();
            println!("  {lib:<11} accepts {accepted}");
        }
        let mut g = c.benchmark_group(format!("iri/{name}"));
        g.throughput(Throughput::Bytes(bytes as u64));
        for (lib, f) in PARSERS {
            g.bench_function(*lib, |b| {
                b.iter(|| lines.iter().filter(|l| f(black_box(l))).count())
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
    targets = iri
}
criterion_main!(benches);
