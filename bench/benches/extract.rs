//! Finding URIs in plain text: urikit's `Extractor` beside `linkify` (a
//! crate made for finding links in text; the URI parsers among our peers
//! have no extractor), on the specification files concatenated a hundred
//! times (`URIKIT_SPEC_DIR`, default `../../shared/spec`). Throughput is
//! reported in bytes, so criterion prints MB/s. Before timing, each
//! library's count of URIs found is printed.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn corpus() -> String {
    let dir = std::env::var_os("URIKIT_SPEC_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/spec"));
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    let one: String = files
        .iter()
        .map(|f| String::from_utf8_lossy(&std::fs::read(f).unwrap()).into_owned())
        .collect();
    one.repeat(100)
}

fn bench(c: &mut Criterion) {
    let text = corpus();
    let urikit = urikit::Extractor::new();
    let linkify = linkify::LinkFinder::new();
    println!(
        "corpus: {:.1} MB; URIs found: urikit {}, linkify {}",
        text.len() as f64 / 1e6,
        urikit.extract(&text).count(),
        linkify.links(&text).count()
    );
    let mut g = c.benchmark_group("extract");
    g.throughput(Throughput::Bytes(text.len() as u64));
    g.sample_size(10);
    g.bench_function("urikit", |b| {
        b.iter(|| urikit.extract(black_box(&text)).count())
    });
    g.bench_function("linkify", |b| {
        b.iter(|| linkify.links(black_box(&text)).count())
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
