//! Runs `html::HtmlDocument::parse` on an HTML file many times, for a
//! profiler: `cargo run --release --example profile_links -- FILE [N]`.

fn main() {
    let mut args = std::env::args().skip(1);
    let file = args.next().expect("usage: profile_links FILE [N]");
    let n: usize = args.next().map_or(20, |s| s.parse().unwrap());
    let html = std::fs::read_to_string(file).unwrap();
    let mut total = 0;
    for _ in 0..n {
        total += urikit::html::HtmlDocument::parse(&html).links().len();
    }
    println!("{total}");
}
