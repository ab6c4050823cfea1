//! Parses a dataset many times, for a profiler: `cargo run --release --example profile_parse -- FILE [ROUNDS]`.
fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: profile_parse FILE [ROUNDS]");
    let rounds: usize = args.next().map_or(200, |r| r.parse().unwrap());
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let mut ok = 0usize;
    for _ in 0..rounds {
        for l in &lines {
            ok += urikit::UriRef::parse(std::hint::black_box(l)).is_ok() as usize;
        }
    }
    println!("{ok}");
}
