//! The links of an HTML document: urikit's `html::HtmlDocument` (the
//! html5ever tokenizer) beside lol_html (Cloudflare's streaming HTML
//! rewriter, selecting the same elements), on a page built from the shared
//! URL datasets (`URIKIT_DATA`, default `../../shared/data/urls`): every
//! http(s) URL of kasztp.txt and userbait.txt as an `<a href>` with an
//! `<img src>` beside it, in a page with a head, inline script and style.
//! Both sides collect element, attribute, value and line; "+ resolve" also
//! resolves each link against the base with urikit (what `uri links` does).
//! Throughput is in bytes, so criterion prints MB/s.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use urikit::html::HtmlDocument;

fn lol_html_links(html: &str) -> Vec<(&'static str, &'static str, String, usize)> {
    use lol_html::{element, HtmlRewriter, Settings};
    let links = std::cell::RefCell::new(Vec::new());
    let lines = std::cell::RefCell::new((0usize, 1usize)); // (offset counted to, line)
    let line_at = |offset: usize| {
        let mut l = lines.borrow_mut();
        let (from, n) = *l;
        let n = n + memchr::memchr_iter(b'\n', &html.as_bytes()[from..offset]).count();
        *l = (offset, n);
        n
    };
    let mut settings = Settings::new();
    for (sel, el_name, attr) in [
        ("a[href]", "a", "href"),
        ("area[href]", "area", "href"),
        ("link[href]", "link", "href"),
        ("img[src]", "img", "src"),
        ("script[src]", "script", "src"),
        ("iframe[src]", "iframe", "src"),
        ("form[action]", "form", "action"),
    ] {
        let links = &links;
        let line_at = &line_at;
        settings = settings.append_element_content_handler(element!(sel, move |el| {
            let value = el.get_attribute(attr).unwrap_or_default();
            let line = line_at(el.source_location().bytes().end);
            links.borrow_mut().push((el_name, attr, value, line));
            Ok(())
        }));
    }
    let mut rw = HtmlRewriter::new(settings, |_: &[u8]| {});
    rw.write(html.as_bytes()).unwrap();
    rw.end().unwrap();
    links.into_inner()
}

fn bench(c: &mut Criterion) {
    let html = urikit_bench::links_page();
    let doc = HtmlDocument::parse(&html);
    let lol = lol_html_links(&html);
    println!(
        "page: {:.1} MB; links found: urikit {}, lol_html {}",
        html.len() as f64 / 1e6,
        doc.links().len(),
        lol.len()
    );
    let base = urikit::BaseBuilder::new()
        .retrieved_from("http://example.org/dir/page.html")
        .establish()
        .unwrap()
        .unwrap();
    let mut g = c.benchmark_group("links");
    g.throughput(Throughput::Bytes(html.len() as u64));
    g.sample_size(10);
    g.bench_function("urikit", |b| {
        b.iter(|| HtmlDocument::parse(black_box(&html)).links().len())
    });
    g.bench_function("lol_html", |b| {
        b.iter(|| lol_html_links(black_box(&html)).len())
    });
    g.bench_function("urikit + resolve", |b| {
        let mut out = String::new();
        b.iter(|| {
            let doc = HtmlDocument::parse(black_box(&html));
            let r = base.resolver();
            doc.links()
                .iter()
                .filter(|l| {
                    urikit::UriRef::parse(l.value())
                        .is_ok_and(|u| r.resolve_into(u, &mut out).is_ok())
                })
                .count()
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
