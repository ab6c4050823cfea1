//! SURT keys: the key of every line of the datasets, by urikit
//! (`urikit::surt`, the `surt` package's answers), into one reused
//! buffer as a column kernel writes them. No Rust library computes SURT;
//! the peer is the `surt` Python package itself, measured in the same
//! terms by `crates/python/bench/crawl.py`. The floor copies each line
//! into the buffer: the least any key costs.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use urikit::surt::{surt_bytes, Options};

fn keys(c: &mut Criterion) {
    let lines: Vec<String> = urikit_bench::datasets()
        .into_iter()
        .flat_map(|(_, l)| l)
        .collect();
    let o = Options::default();
    let mut g = c.benchmark_group("surt");
    g.throughput(Throughput::Elements(lines.len() as u64));
    let mut out = Vec::with_capacity(1 << 16);
    g.bench_function("floor", |b| {
        b.iter(|| {
            let mut n = 0;
            for l in &lines {
                out.clear();
                out.extend_from_slice(l.as_bytes());
                n += out.len();
            }
            black_box(n)
        })
    });
    g.bench_function("urikit", |b| {
        b.iter(|| {
            let mut n = 0;
            for l in &lines {
                out.clear();
                if surt_bytes(l.as_bytes(), &o, &mut out).is_ok() {
                    n += out.len();
                }
            }
            black_box(n)
        })
    });
    g.finish();
}

criterion_group!(benches, keys);
criterion_main!(benches);
