//! The Public Suffix List: the registrable domain of every host name of
//! the datasets (`urikit_bench::hosts`, in one buffer as a column holds
//! them), by urikit's table in each view,
//! by the psl crate and by publicsuffix given urikit's list file. Before
//! timing, each library's count of answers and how many agree with
//! urikit's are printed (the psl crate's list is the one it was published
//! with, so a few newer rules may differ).
//!
//! Two groups: the names as the datasets hold them, about half of them
//! the name of the row before (what a column grouped by host costs), and
//! each distinct name once in the order first seen (what a new name
//! costs: its branches and the table's words are not the processor's
//! already).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use publicsuffix::Psl as _;
use std::hint::black_box;
use urikit::psl::{List, View};

fn suffix_list(c: &mut Criterion) {
    // One buffer of names, as a column holds them.
    let owned = urikit_bench::hosts();
    let joined = owned.concat();
    let mut at = 0;
    let hosts: Vec<&str> = owned
        .iter()
        .map(|h| {
            at += h.len();
            &joined[at - h.len()..at]
        })
        .collect();
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../crates/urikit/data/public_suffix_list.dat"
    ))
    .expect("the list file");
    let peer: publicsuffix::List = text.parse().expect("publicsuffix reads the list");
    let list = List::builtin();
    type Domain<'a> = Box<dyn Fn(&str) -> Option<usize> + 'a>;
    let libs: Vec<(&str, Domain)> = vec![
        // Reading each name's last byte: the floor every library pays.
        ("floor", Box::new(|h| h.bytes().last().map(usize::from))),
        (
            "urikit",
            Box::new(|h| list.registrable_domain(h, View::All).map(str::len)),
        ),
        (
            "urikit-icann",
            Box::new(|h| list.registrable_domain(h, View::Icann).map(str::len)),
        ),
        ("psl", Box::new(|h| psl::domain_str(h).map(str::len))),
        (
            "publicsuffix",
            Box::new(|h| peer.domain(h.as_bytes()).map(|d| d.as_bytes().len())),
        ),
    ];
    println!("{} host names", hosts.len());
    let ours: Vec<Option<usize>> = hosts.iter().map(|h| (libs[1].1)(h)).collect();
    for (lib, f) in &libs {
        let got: Vec<Option<usize>> = hosts.iter().map(|h| f(h)).collect();
        let answers = got.iter().filter(|g| g.is_some()).count();
        let agree = got.iter().zip(&ours).filter(|(a, b)| a == b).count();
        println!("  {lib:<13} answers {answers}, agrees with urikit on {agree}");
    }
    let mut seen = std::collections::HashSet::new();
    let distinct: Vec<&str> = hosts.iter().copied().filter(|h| seen.insert(*h)).collect();
    println!("{} distinct host names", distinct.len());
    for (group, names) in [
        ("psl-registrable-domain", &hosts),
        ("psl-registrable-domain-distinct", &distinct),
    ] {
        let mut g = c.benchmark_group(group);
        g.throughput(Throughput::Elements(names.len() as u64));
        for (lib, f) in &libs {
            g.bench_function(*lib, |b| {
                b.iter(|| names.iter().filter_map(|h| f(black_box(h))).sum::<usize>())
            });
        }
        g.finish();
    }
}

criterion_group!(benches, suffix_list);
criterion_main!(benches);
