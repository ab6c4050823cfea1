//! What a row costs on the library's side of the crossing: `row::direct`
//! for `uri_host` and `row::eval` for two functions whose answer is
//! built, on one URL, many times (no JVM).
//!
//!     cargo run --release -p urikit-spark --example rowcost
//!     N=100000 valgrind --tool=cachegrind target/release/examples/rowcost   # instructions
use std::time::Instant;

fn main() {
    let f = urikit_columns::SPECS
        .iter()
        .position(|s| s.name == "uri_host")
        .unwrap();
    let slot = urikit_spark::row::slot(f, None).unwrap().unwrap();
    let url = b"https://www.example.com/path/to/page.html?id=42&utm_source=x";
    let mut out = vec![0u8; 4096];
    let n: u64 = std::env::var("N")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000_000);
    let mut sink = 0i64;
    let t = Instant::now();
    for _ in 0..n {
        sink = sink.wrapping_add(urikit_spark::row::direct(
            slot,
            std::hint::black_box(url),
            &mut out,
        ));
    }
    let per = t.elapsed().as_nanos() as f64 / n as f64;
    println!("row::direct(uri_host): {per:.1} ns a row ({sink})");
    let p = urikit::Parser::new(urikit::Dialect::Rfc3986);
    let t = Instant::now();
    for _ in 0..n {
        let s = std::str::from_utf8(std::hint::black_box(url)).unwrap();
        sink = sink.wrapping_add(
            p.parse(s)
                .ok()
                .and_then(|u| u.host().map(|h| h.as_str().len() as i64))
                .unwrap_or(0),
        );
    }
    let per = t.elapsed().as_nanos() as f64 / n as f64;
    println!("parse + host: {per:.1} ns a row ({sink})");
    // A function whose answer is built: `row::eval` (the jar's general
    // call), `uri_normalize` and `uri_surt` without arguments.
    for name in ["uri_normalize", "uri_surt"] {
        let f = urikit_columns::SPECS
            .iter()
            .position(|s| s.name == name)
            .unwrap();
        let t = Instant::now();
        for _ in 0..n {
            sink = sink.wrapping_add(urikit_spark::row::eval(
                f,
                std::hint::black_box(url),
                &[],
                &mut out,
            ));
        }
        let per = t.elapsed().as_nanos() as f64 / n as f64;
        println!("row::eval({name}): {per:.1} ns a row ({sink})");
    }
}
