//! Resolution, normalization and relativization with urikit and its peers,
//! in the same criterion groups, on bases and targets from the shared
//! datasets (read as in `parse.rs`).
//!
//! Every library gets the same work: for resolution, the base is parsed
//! once and each reference string is parsed and resolved into an owned
//! result; for normalization, each line is parsed and normalized into an
//! owned result; for relativization, both URIs are parsed once and the
//! relative reference is computed. Before timing, each library's count of
//! results equal to urikit's is printed, so that differences in behaviour
//! are visible beside the times.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use iri_string::types::{UriAbsoluteStr, UriReferenceStr, UriStr};
use urikit_bench::{data_dir, REFS};

/// The shared datasets every group runs on.
const DATASETS: &[&str] = &["isaacs_files", "kasztp", "node_files", "userbait"];

/// Absolute http(s) URLs of a dataset that every library accepts, so that
/// all do the same work.
fn urls(name: &str, limit: usize) -> Vec<String> {
    let text = std::fs::read_to_string(data_dir().join(format!("{name}.txt"))).expect("dataset");
    text.lines()
        .filter(|l| l.starts_with("http"))
        .filter(|l| urikit::UriRef::parse_absolute(l).is_ok())
        .filter(|l| fluent_uri::Uri::parse(*l).is_ok())
        .filter(|l| UriStr::new(l).is_ok())
        .filter(|l| oxiri::Iri::parse(*l).is_ok())
        .filter(|l| url::Url::parse(l).is_ok())
        .take(limit)
        .map(str::to_owned)
        .collect()
}

fn resolve(c: &mut Criterion) {
    for name in DATASETS {
        resolve_group(c, name);
    }
}

fn resolve_group(c: &mut Criterion, name: &str) {
    let bases = urls(name, 400);
    if bases.is_empty() {
        return;
    }
    let n = (bases.len() * REFS.len()) as u64;
    let group = format!("resolve/{name}");
    let mut g = c.benchmark_group(&group);
    g.throughput(Throughput::Elements(n));

    let uk: Vec<_> = bases
        .iter()
        .map(|b| urikit::Resolver::new(urikit::UriRef::parse(b).unwrap()).unwrap())
        .collect();
    let fl: Vec<_> = bases
        .iter()
        .map(|b| fluent_uri::Uri::parse(b.as_str()).unwrap())
        .collect();
    let is: Vec<_> = bases.iter().map(|b| UriAbsoluteStr::new(b).ok()).collect();
    let ox: Vec<_> = bases
        .iter()
        .map(|b| oxiri::Iri::parse(b.as_str()).unwrap())
        .collect();
    let ur: Vec<_> = bases.iter().map(|b| url::Url::parse(b).unwrap()).collect();

    let ours = |i: usize, r: &str| -> Option<String> {
        urikit::UriRef::parse(r)
            .ok()
            .and_then(|r| uk[i].resolve(r).ok())
            .map(|t| t.into_string())
    };
    let mut agree = [0usize; 4];
    for i in 0..bases.len() {
        for r in REFS {
            let want = ours(i, r);
            let f = fluent_uri::UriRef::parse(*r)
                .ok()
                .and_then(|x| x.resolve_against(&fl[i]).ok())
                .map(|t| t.to_string());
            let s = is[i].and_then(|b| {
                UriReferenceStr::new(r)
                    .ok()
                    .map(|x| x.resolve_against(b).to_string())
            });
            let o = oxiri::IriRef::parse(*r)
                .ok()
                .and_then(|x| ox[i].resolve(&x).ok())
                .map(|t| t.into_inner());
            let u = ur[i].join(r).ok().map(String::from);
            for (k, got) in [f, s, o, u].into_iter().enumerate() {
                agree[k] += (got == want) as usize;
            }
        }
    }
    println!("{group}: {n} resolutions; results equal to urikit's: fluent-uri {}, iri-string {}, oxiri {}, url {}", agree[0], agree[1], agree[2], agree[3]);

    g.bench_function("urikit", |b| {
        let mut out = String::new();
        b.iter(|| {
            let mut len = 0;
            for res in &uk {
                for r in REFS {
                    if let Ok(r) = urikit::UriRef::parse(black_box(r)) {
                        if res.resolve_into(r, &mut out).is_ok() {
                            len += out.len();
                        }
                    }
                }
            }
            len
        })
    });
    g.bench_function("urikit (owned result)", |b| {
        b.iter(|| {
            let mut len = 0;
            for res in &uk {
                for r in REFS {
                    if let Ok(r) = urikit::UriRef::parse(black_box(r)) {
                        len += res.resolve(r).map_or(0, |t| t.as_str().len());
                    }
                }
            }
            len
        })
    });
    // The cost a caller pays when each reference has another base: the
    // base parsed beforehand (as oxiri's is), the resolver made per pair.
    let parsed: Vec<_> = bases
        .iter()
        .map(|b| urikit::UriRef::parse(b).unwrap())
        .collect();
    g.bench_function("urikit (resolver per pair)", |b| {
        b.iter(|| {
            let mut len = 0;
            for base in &parsed {
                for r in REFS {
                    if let Ok(r) = urikit::UriRef::parse(black_box(r)) {
                        len += r.resolve_against(*base).map_or(0, |t| t.as_str().len());
                    }
                }
            }
            len
        })
    });
    g.bench_function("fluent-uri", |b| {
        b.iter(|| {
            let mut len = 0;
            for base in &fl {
                for r in REFS {
                    if let Ok(r) = fluent_uri::UriRef::parse(*black_box(r)) {
                        len += r.resolve_against(base).map_or(0, |t| t.as_str().len());
                    }
                }
            }
            len
        })
    });
    g.bench_function("iri-string", |b| {
        b.iter(|| {
            let mut len = 0;
            for base in is.iter().flatten() {
                for r in REFS {
                    if let Ok(r) = UriReferenceStr::new(black_box(r)) {
                        len += r.resolve_against(base).to_string().len();
                    }
                }
            }
            len
        })
    });
    g.bench_function("oxiri", |b| {
        b.iter(|| {
            let mut len = 0;
            for base in &ox {
                for r in REFS {
                    if let Ok(r) = oxiri::IriRef::parse(*black_box(r)) {
                        len += base.resolve(&r).map_or(0, |t| t.as_str().len());
                    }
                }
            }
            len
        })
    });
    g.bench_function("url", |b| {
        b.iter(|| {
            let mut len = 0;
            for base in &ur {
                for r in REFS {
                    len += base.join(black_box(r)).map_or(0, |t| t.as_str().len());
                }
            }
            len
        })
    });
    g.finish();
}

fn normalize(c: &mut Criterion) {
    for name in DATASETS {
        // The raw lines, so that there is something to normalize.
        let text =
            std::fs::read_to_string(data_dir().join(format!("{name}.txt"))).expect("dataset");
        let lines: Vec<&str> = text.lines().take(20_000).collect();
        normalize_group(c, &format!("normalize/{name}"), &lines);
        // The same lines with the scheme and host in upper case: every one
        // of them changes (6.2.2.1), so no library can answer "already
        // normal".
        let upper: Vec<String> = lines.iter().map(|l| upper_scheme_and_host(l)).collect();
        let upper: Vec<&str> = upper.iter().map(String::as_str).collect();
        normalize_group(c, &format!("normalize/{name}-upper"), &upper);
    }
}

/// `l` with its scheme and its host (up to the first `/`, `?` or `#` after
/// `//`) in upper case.
fn upper_scheme_and_host(l: &str) -> String {
    let head = l.find("://").map_or(0, |i| {
        let rest = &l[i + 3..];
        i + 3 + rest.find(['/', '?', '#']).unwrap_or(rest.len())
    });
    l[..head].to_ascii_uppercase() + &l[head..]
}

fn normalize_group(c: &mut Criterion, group: &str, lines: &[&str]) {
    let mut g = c.benchmark_group(group);
    g.throughput(Throughput::Elements(lines.len() as u64));
    let n = urikit::Normalizer::new();
    let mut agree = [0usize; 2];
    let mut changed = 0;
    for l in lines {
        let want = urikit::UriRef::parse(l)
            .ok()
            .map(|u| n.normalize(u).into_string());
        changed += want.as_deref().is_some_and(|w| w != *l) as usize;
        let f = fluent_uri::UriRef::parse(*l)
            .ok()
            .map(|u| u.normalize().to_string());
        let s = UriStr::new(l).ok().map(|u| u.normalize().to_string());
        agree[0] += (f == want) as usize;
        agree[1] += (s == want) as usize;
    }
    println!("{group}: {} lines, {changed} changed by urikit; equal to urikit's: fluent-uri {}, iri-string {}", lines.len(), agree[0], agree[1]);
    g.bench_function("urikit", |b| {
        let mut out = String::new();
        b.iter(|| {
            let mut len = 0;
            for l in lines {
                if let Ok(u) = urikit::UriRef::parse(black_box(l)) {
                    n.normalize_into(u, &mut out);
                    len += out.len();
                }
            }
            len
        })
    });
    g.bench_function("urikit (owned result)", |b| {
        b.iter(|| {
            let mut len = 0;
            for l in lines {
                if let Ok(u) = urikit::UriRef::parse(black_box(l)) {
                    len += n.normalize(u).as_str().len();
                }
            }
            len
        })
    });
    g.bench_function("fluent-uri", |b| {
        b.iter(|| {
            let mut len = 0;
            for l in lines {
                if let Ok(u) = fluent_uri::UriRef::parse(*black_box(l)) {
                    len += u.normalize().as_str().len();
                }
            }
            len
        })
    });
    g.bench_function("iri-string", |b| {
        b.iter(|| {
            let mut len = 0;
            for l in lines {
                if let Ok(u) = UriStr::new(black_box(l)) {
                    len += u.normalize().to_string().len();
                }
            }
            len
        })
    });
    g.bench_function("ada (parse is its normalization)", |b| {
        b.iter(|| {
            let mut len = 0;
            for l in lines {
                len += ada_url::Url::parse(black_box(*l), None).map_or(0, |u| u.href().len());
            }
            len
        })
    });
    g.bench_function("url (parse is its normalization)", |b| {
        b.iter(|| {
            let mut len = 0;
            for l in lines {
                len += url::Url::parse(black_box(l)).map_or(0, |u| u.as_str().len());
            }
            len
        })
    });
    g.finish();
}

fn relativize(c: &mut Criterion) {
    for name in DATASETS {
        relativize_group(c, name);
    }
}

fn relativize_group(c: &mut Criterion, name: &str) {
    let urls = urls(name, 4000);
    if urls.len() < 2 {
        return;
    }
    let pairs: Vec<(usize, usize)> = (1..urls.len()).map(|i| (i - 1, i)).collect();
    let group = format!("relativize/{name}");
    let mut g = c.benchmark_group(&group);
    g.throughput(Throughput::Elements(pairs.len() as u64));
    let uk: Vec<_> = urls
        .iter()
        .map(|u| urikit::UriRef::parse(u).unwrap())
        .collect();
    let ox: Vec<_> = urls
        .iter()
        .map(|u| oxiri::Iri::parse(u.as_str()).unwrap())
        .collect();
    let ur: Vec<_> = urls.iter().map(|u| url::Url::parse(u).unwrap()).collect();
    // Every result must resolve back to its target.
    let mut back = [0usize; 2];
    for &(i, j) in &pairs {
        if let Ok(r) = uk[j].relative_to(uk[i]) {
            back[0] += (r
                .as_uri_ref()
                .resolve_against(uk[i])
                .ok()
                .as_ref()
                .map(|t| t.as_str())
                == Some(urls[j].as_str())) as usize;
        }
        if let Ok(r) = ox[i].relativize(&ox[j]) {
            back[1] += (ox[i].resolve(&r).ok().map(|t| t.into_inner()).as_deref()
                == Some(urls[j].as_str())) as usize;
        }
    }
    println!(
        "{group}: {} pairs; results that resolve back to the target: urikit {}, oxiri {}",
        pairs.len(),
        back[0],
        back[1]
    );
    g.bench_function("urikit", |b| {
        b.iter(|| {
            let mut len = 0;
            for &(i, j) in &pairs {
                len += uk[j]
                    .relative_to(black_box(uk[i]))
                    .map_or(0, |x| x.as_str().len());
            }
            len
        })
    });
    g.bench_function("oxiri", |b| {
        b.iter(|| {
            let mut len = 0;
            for &(i, j) in &pairs {
                len += black_box(&ox[i])
                    .relativize(&ox[j])
                    .map_or(0, |x| x.as_str().len());
            }
            len
        })
    });
    g.bench_function("url", |b| {
        b.iter(|| {
            let mut len = 0;
            for &(i, j) in &pairs {
                len += black_box(&ur[i])
                    .make_relative(&ur[j])
                    .map_or(0, |x| x.len());
            }
            len
        })
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(std::time::Duration::from_millis(300))
        .measurement_time(std::time::Duration::from_secs(1));
    targets = resolve, normalize, relativize
}
criterion_main!(benches);
