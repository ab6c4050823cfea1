//! The WHATWG reading beside ada and the url crate: each line of each
//! dataset parsed and serialized (`href`), and validity alone
//! (`can_parse`), in one criterion group each per dataset. Before timing,
//! each library's count of accepted lines and the sum of its `href`
//! lengths are printed: they must agree.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use urikit_bench::datasets;

type Href = (&'static str, fn(&str) -> usize);

const HREF: &[Href] = &[
    ("urikit", |s| {
        urikit::whatwg::Url::parse(s).map_or(0, |u| u.href().len() + 1)
    }),
    ("ada", |s| {
        ada_url::Url::parse(s, None).map_or(0, |u| u.href().len() + 1)
    }),
    ("url", |s| {
        url::Url::parse(s).map_or(0, |u| u.as_str().len() + 1)
    }),
];

type Valid = (&'static str, fn(&str) -> bool);

const CAN_PARSE: &[Valid] = &[
    ("urikit", |s| urikit::whatwg::Url::can_parse(s, None)),
    ("ada", |s| ada_url::Url::can_parse(s, None)),
    ("url", |s| url::Url::parse(s).is_ok()),
];

fn whatwg(c: &mut Criterion) {
    for (name, lines) in datasets() {
        let bytes: usize = lines.iter().map(|l| l.len()).sum();
        println!("dataset {name}: {} lines", lines.len());
        for (lib, f) in HREF {
            let total: usize = lines.iter().map(|l| f(l)).sum();
            let ok = lines.iter().filter(|l| f(l) > 0).count();
            println!("  {lib:<7} accepts {ok}, href bytes {total}");
        }
        let mut g = c.benchmark_group(format!("whatwg-href/{name}"));
        g.throughput(Throughput::Bytes(bytes as u64));
        for (lib, f) in HREF {
            g.bench_function(*lib, |b| {
                b.iter(|| lines.iter().map(|l| f(black_box(l))).sum::<usize>())
            });
        }
        g.finish();
        let mut g = c.benchmark_group(format!("whatwg-can-parse/{name}"));
        g.throughput(Throughput::Bytes(bytes as u64));
        for (lib, f) in CAN_PARSE {
            g.bench_function(*lib, |b| {
                b.iter(|| lines.iter().filter(|l| f(black_box(l))).count())
            });
        }
        g.finish();
    }
}

criterion_group!(benches, whatwg);
criterion_main!(benches);
