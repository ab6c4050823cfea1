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
    // Each library's closure is its own type, so that each loop below is
    // compiled for it: a call through a `dyn Fn` at every name cost about
    // 2.7 ns a name (the floor's time), as much for every library.
    let floor = |h: &str| h.bytes().last().map(usize::from);
    let urikit = |h: &str| list.registrable_domain(h, View::All).map(str::len);
    let urikit_icann = |h: &str| list.registrable_domain(h, View::Icann).map(str::len);
    let psl_crate = |h: &str| psl::domain_str(h).map(str::len);
    let publicsuffix = |h: &str| peer.domain(h.as_bytes()).map(|d| d.as_bytes().len());
    println!("{} host names", hosts.len());
    let ours: Vec<Option<usize>> = hosts.iter().map(|h| urikit(h)).collect();
    let agree = |lib: &str, f: &dyn Fn(&str) -> Option<usize>| {
        let got: Vec<Option<usize>> = hosts.iter().map(|h| f(h)).collect();
        let answers = got.iter().filter(|g| g.is_some()).count();
        let agree = got.iter().zip(&ours).filter(|(a, b)| a == b).count();
        println!("  {lib:<13} answers {answers}, agrees with urikit on {agree}");
    };
    agree("floor", &floor);
    agree("urikit", &urikit);
    agree("urikit-icann", &urikit_icann);
    agree("psl", &psl_crate);
    agree("publicsuffix", &publicsuffix);
    let mut seen = std::collections::HashSet::new();
    let distinct: Vec<&str> = hosts.iter().copied().filter(|h| seen.insert(*h)).collect();
    println!("{} distinct host names", distinct.len());
    for (group, names) in [
        ("psl-registrable-domain", &hosts),
        ("psl-registrable-domain-distinct", &distinct),
    ] {
        let mut g = c.benchmark_group(group);
        g.throughput(Throughput::Elements(names.len() as u64));
        time(&mut g, "floor", names, floor);
        time(&mut g, "urikit", names, urikit);
        time(&mut g, "urikit-icann", names, urikit_icann);
        time(&mut g, "psl", names, psl_crate);
        time(&mut g, "publicsuffix", names, publicsuffix);
        g.finish();
    }
}

/// Times `f` over `names` in `g`, compiled for `f`.
fn time<M: criterion::measurement::Measurement>(
    g: &mut criterion::BenchmarkGroup<'_, M>,
    lib: &str,
    names: &[&str],
    f: impl Fn(&str) -> Option<usize>,
) {
    g.bench_function(lib, |b| {
        b.iter(|| names.iter().filter_map(|h| f(black_box(h))).sum::<usize>())
    });
}

criterion_group!(benches, suffix_list);
criterion_main!(benches);
