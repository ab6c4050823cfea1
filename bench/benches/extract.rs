//! Finding URIs in plain text: urikit's `Extractor` beside `linkify` (a
//! crate made for finding links in text; the URI parsers among our peers
//! have no extractor), on two texts: the specification files concatenated
//! a hundred times (`URIKIT_SPEC_DIR`, default `../../shared/spec`), dense
//! with URIs, and a mail archive built from their prose and the datasets
//! (`urikit_bench::mail_archive`: mostly prose, few URLs). Throughput is
//! reported in bytes, so criterion prints MB/s. urikit is timed twice:
//! `extract`, which gives each URI's line and column, and `uris`, which
//! gives what linkify gives (the URI and its byte span). Before timing,
//! each library's count of URIs found is printed.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn bench(c: &mut Criterion) {
    for (name, text) in [
        ("spec", urikit_bench::spec_text(100)),
        ("mail", urikit_bench::mail_archive(10_000)),
    ] {
        let urikit = urikit::Extractor::new();
        // URLs only, as urikit finds them (not bare e-mail addresses).
        let mut linkify = linkify::LinkFinder::new();
        linkify.kinds(&[linkify::LinkKind::Url]);
        println!(
            "{name}: {:.1} MB; URIs found: urikit {}, linkify {}",
            text.len() as f64 / 1e6,
            urikit.extract(&text).count(),
            linkify.links(&text).count()
        );
        let mut g = c.benchmark_group(format!("extract/{name}"));
        g.throughput(Throughput::Bytes(text.len() as u64));
        g.sample_size(10);
        g.bench_function("urikit", |b| {
            b.iter(|| urikit.extract(black_box(&text)).count())
        });
        // The URIs and their byte spans, as linkify gives them: no line or
        // column counted.
        g.bench_function("urikit (uris)", |b| {
            b.iter(|| urikit.uris(black_box(&text)).count())
        });
        g.bench_function("linkify", |b| {
            b.iter(|| linkify.links(black_box(&text)).count())
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
