//! How fast lol_html would find urikit's links, on the page of
//! `benches/links.rs`: `cargo run --release --example lol_probe -- MODE
//! [ROUNDS]`, best of ROUNDS (5) wall times, MODE one of
//!
//! - `urikit`: `urikit::html::HtmlDocument::parse` (html5ever's tokenizer);
//! - `lol7`: lol_html with the seven selectors of `benches/links.rs`;
//! - `lolall`: lol_html with every element and attribute of
//!   `urikit::html::LINK_ATTRIBUTES`, plus `srcset`, `meta` and `base`;
//! - `lolalltext`: `lolall` with a document text handler, which the rule
//!   that a `<base>` counts only in the head needs (text that is not white
//!   space ends the head).
//!
//! Each lol_html mode collects element, attribute, value and line, as
//! `benches/links.rs` does; none decodes character references in values
//! (lol_html leaves them as written), which urikit does.

use std::cell::{Cell, RefCell};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let html = urikit_bench::links_page();
    let mode = args.next().expect("MODE");
    let rounds: usize = args.next().map_or(5, |s| s.parse().unwrap());
    let mut best = f64::MAX;
    let mut count = 0;
    for _ in 0..rounds {
        let t = Instant::now();
        count = match mode.as_str() {
            "urikit" => urikit::html::HtmlDocument::parse(&html).links().len(),
            "lol7" => lol(&html, false, false),
            "lolall" => lol(&html, true, false),
            "lolalltext" => lol(&html, true, true),
            _ => panic!("MODE: urikit, lol7, lolall or lolalltext"),
        };
        best = best.min(t.elapsed().as_secs_f64());
    }
    println!("{mode}: {count} links, best {:.1} ms", best * 1e3);
}

type Link = (&'static str, &'static str, String, usize);

fn lol(html: &str, all: bool, text: bool) -> usize {
    use lol_html::{doc_text, element, HtmlRewriter, Settings};
    let links = RefCell::new(Vec::<Link>::new());
    let lines = RefCell::new((0usize, 1usize)); // (offset counted to, line)
    let body = Cell::new(false);
    let line_at = |offset: usize| {
        let mut l = lines.borrow_mut();
        let (from, n) = *l;
        let n = n + memchr::memchr_iter(b'\n', &html.as_bytes()[from..offset]).count();
        *l = (offset, n);
        n
    };
    let seven: &[(&'static str, &'static str)] = &[
        ("a", "href"),
        ("area", "href"),
        ("link", "href"),
        ("img", "src"),
        ("script", "src"),
        ("iframe", "src"),
        ("form", "action"),
    ];
    let mut pairs: Vec<(&'static str, &'static str)> = if all {
        urikit::html::LINK_ATTRIBUTES.to_vec()
    } else {
        seven.to_vec()
    };
    if all {
        pairs.extend([
            ("img", "srcset"),
            ("source", "srcset"),
            ("meta", "content"),
            ("base", "href"),
        ]);
    }
    let selectors: Vec<(String, &'static str, &'static str)> = pairs
        .iter()
        .map(|&(e, a)| (format!("{e}[{a}]"), e, a))
        .collect();
    let mut settings = Settings::new();
    for (selector, name, attr) in &selectors {
        let (links, line_at, name, attr) = (&links, &line_at, *name, *attr);
        settings =
            settings.append_element_content_handler(element!(selector.as_str(), move |el| {
                let value = el.get_attribute(attr).unwrap_or_default();
                let line = line_at(el.source_location().bytes().end);
                links.borrow_mut().push((name, attr, value, line));
                Ok(())
            }));
    }
    if text {
        let body = &body;
        settings = settings.append_document_content_handler(doc_text!(move |t| {
            if !body.get() && !t.as_str().bytes().all(|c| c.is_ascii_whitespace()) {
                body.set(true);
            }
            Ok(())
        }));
    }
    let mut rw = HtmlRewriter::new(settings, |_: &[u8]| {});
    rw.write(html.as_bytes()).unwrap();
    rw.end().unwrap();
    links.into_inner().len()
}
