//! The other crawl keys: Safe Browsing's lookup expressions and their
//! SHA-256 hashes, w3lib's canonical URL, tldextract's parts and Common
//! Crawl's 16 columns, of every line of the datasets. Their peers are
//! Python packages (gglsbl, w3lib, tldextract, cc-index-table's Java),
//! measured in the same run through Python by
//! `crates/python/bench/keys.py`; the floor copies each line.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

fn keys(c: &mut Criterion) {
    let lines: Vec<String> = urikit_bench::datasets()
        .into_iter()
        .flat_map(|(_, l)| l)
        .collect();
    let mut g = c.benchmark_group("crawl_keys");
    g.throughput(Throughput::Elements(lines.len() as u64));
    let mut out = Vec::with_capacity(1 << 16);
    g.bench_function("floor", |b| {
        b.iter(|| {
            let mut n = 0;
            for l in &lines {
                out.clear();
                out.extend_from_slice(black_box(l.as_bytes()));
                n += out.len();
            }
            black_box(n)
        })
    });
    g.bench_function("safebrowsing_expressions", |b| {
        b.iter(|| {
            let mut n = 0;
            for l in &lines {
                if let Ok(u) = urikit::safebrowsing::Url::parse(l) {
                    n += u.expressions().len();
                }
            }
            black_box(n)
        })
    });
    g.bench_function("safebrowsing_hashes", |b| {
        b.iter(|| {
            let mut n = 0;
            for l in &lines {
                if let Ok(u) = urikit::safebrowsing::Url::parse(l) {
                    n += u.hashes().len();
                }
            }
            black_box(n)
        })
    });
    let o = urikit::w3lib::Options::default();
    g.bench_function("w3lib", |b| {
        b.iter(|| {
            let mut n = 0;
            for l in &lines {
                if let Ok(u) = urikit::w3lib::canonicalize_url(l, &o) {
                    n += u.len();
                }
            }
            black_box(n)
        })
    });
    let list = urikit::psl::List::builtin();
    g.bench_function("tldextract", |b| {
        b.iter(|| {
            let mut n = 0;
            for l in &lines {
                let e = list.tldextract(l, false, false);
                n += e.domain.len() + e.suffix.len() + e.subdomain.len();
            }
            black_box(n)
        })
    });
    g.bench_function("ccindex", |b| {
        b.iter(|| {
            let mut n = 0;
            for l in &lines {
                if let Ok(c) = urikit::ccindex::columns(l) {
                    n += c.host_name.map_or(0, |h| h.len());
                }
            }
            black_box(n)
        })
    });
    g.finish();
}

criterion_group!(benches, keys);
criterion_main!(benches);
