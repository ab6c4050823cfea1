//! The links of HTML documents: urikit's `html::HtmlDocument` beside
//! lol_html (Cloudflare's streaming HTML rewriter), on two sets:
//!
//! - `page`: a page built from the shared URL datasets (`URIKIT_DATA`,
//!   default `../../shared/data/urls`): every http(s) URL of kasztp.txt and
//!   userbait.txt as an `<a href>` with an `<img src>` beside it, in a page
//!   with a head, inline script and style (9.5 MB);
//! - `real`: 240 real-looking pages (`urikit_bench::real_pages`: articles
//!   with their heads, scripts, styles, navigation, prose, figures with
//!   `srcset`, forms, comments; 9.7 MB).
//!
//! Every side collects element, attribute, value and line. "lol_html" uses
//! the seven commonest selectors, "lol_html (all)" every element and
//! attribute urikit reads; neither decodes character references, which
//! urikit does. "urikit + resolve" also parses and resolves each link
//! against the document's base (what `uri links` does). Throughput is in
//! bytes, so criterion prints MB/s.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use urikit::html::HtmlDocument;
use urikit_bench::{lol_html_links, resolve_links};

fn bench(c: &mut Criterion) {
    let sets = [
        ("page", vec![urikit_bench::links_page()]),
        ("real", urikit_bench::real_pages(240)),
    ];
    for (name, pages) in &sets {
        let bytes: usize = pages.iter().map(String::len).sum();
        let count = |f: &dyn Fn(&str) -> usize| pages.iter().map(|p| f(p)).sum::<usize>();
        println!(
            "{name}: {} pages, {:.1} MB; links found: urikit {} ({} resolved), lol_html {}, lol_html (all) {}",
            pages.len(),
            bytes as f64 / 1e6,
            count(&|p| HtmlDocument::parse(p).links().len()),
            count(&|p| resolve_links(p, &mut String::new())),
            count(&|p| lol_html_links(p, false).len()),
            count(&|p| lol_html_links(p, true).len()),
        );
        let mut g = c.benchmark_group(format!("links/{name}"));
        g.throughput(Throughput::Bytes(bytes as u64));
        g.sample_size(10);
        g.bench_function("urikit", |b| {
            b.iter(|| {
                pages
                    .iter()
                    .map(|p| HtmlDocument::parse(black_box(p)).links().len())
                    .sum::<usize>()
            })
        });
        g.bench_function("urikit + resolve", |b| {
            let mut out = String::new();
            b.iter(|| {
                pages
                    .iter()
                    .map(|p| resolve_links(black_box(p), &mut out))
                    .sum::<usize>()
            })
        });
        g.bench_function("lol_html", |b| {
            b.iter(|| {
                pages
                    .iter()
                    .map(|p| lol_html_links(black_box(p), false).len())
                    .sum::<usize>()
            })
        });
        g.bench_function("lol_html (all)", |b| {
            b.iter(|| {
                pages
                    .iter()
                    .map(|p| lol_html_links(black_box(p), true).len())
                    .sum::<usize>()
            })
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
