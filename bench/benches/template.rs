//! URI Templates (RFC 6570): expansion against iri-string's templates,
//! uritemplate-next and std-uritemplate, and matching against a regular
//! expression written for each template (regex crate), in the same
//! criterion groups.
//!
//! The templates are shaped after public APIs (GitHub's issue and
//! repository listings, a search endpoint, a file store, map tiles, an
//! order with parameters); each is expanded with 64 sets of values (ASCII,
//! spaces, characters beyond ASCII, lists), every library with its values
//! prepared once as its API allows.

use std::collections::HashMap;
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use urikit::template::{Template, Value, Variables};
use urikit_bench::{match_uris, regex_match, values, MATCH_REGEX, TEMPLATES};

fn expand(c: &mut Criterion) {
    let sets: Vec<Vec<(String, Value)>> = (0..64).map(values).collect();
    let mut g = c.benchmark_group("template/expand");

    let compiled: Vec<Template> = TEMPLATES
        .iter()
        .map(|t| Template::parse(t).unwrap())
        .collect();
    let ours: Vec<Variables> = sets
        .iter()
        .map(|s| {
            s.iter()
                .fold(Variables::new(), |v, (n, x)| v.value(n, x.clone()))
        })
        .collect();
    g.bench_function("urikit", |b| {
        let mut out = String::new();
        b.iter(|| {
            let mut n = 0;
            for t in &compiled {
                for v in &ours {
                    out.clear();
                    t.expand_into(black_box(v), &mut out).unwrap();
                    n += out.len();
                }
            }
            n
        })
    });

    {
        use iri_string::spec::UriSpec;
        use iri_string::template::simple_context::{SimpleContext, Value as V};
        use iri_string::template::UriTemplateStr;
        let templates: Vec<&UriTemplateStr> = TEMPLATES
            .iter()
            .map(|t| UriTemplateStr::new(t).unwrap())
            .collect();
        let contexts: Vec<SimpleContext> = sets
            .iter()
            .map(|s| {
                let mut c = SimpleContext::new();
                for (n, x) in s {
                    let x = match x {
                        Value::String(s) => V::String(s.clone()),
                        Value::List(l) => V::List(l.clone()),
                        Value::Assoc(a) => V::Assoc(a.clone()),
                    };
                    c.insert(n.clone(), x);
                }
                c
            })
            .collect();
        g.bench_function("iri-string", |b| {
            use std::fmt::Write as _;
            let mut out = String::new();
            b.iter(|| {
                let mut n = 0;
                for t in &templates {
                    for c in &contexts {
                        out.clear();
                        write!(out, "{}", t.expand::<UriSpec, _>(black_box(c)).unwrap()).unwrap();
                        n += out.len();
                    }
                }
                n
            })
        });
    }

    {
        // uritemplate-next keeps the variables in the template: one
        // template per (template, value set), set up before timing.
        let prepared: Vec<uritemplate::UriTemplate> = TEMPLATES
            .iter()
            .flat_map(|t| {
                sets.iter().map(move |s| {
                    let mut u = uritemplate::UriTemplate::new(t);
                    for (n, x) in s {
                        match x {
                            Value::String(v) => u.set(n, v.clone()),
                            Value::List(l) => u.set(n, l.clone()),
                            Value::Assoc(a) => u.set(n, a.clone()),
                        };
                    }
                    u
                })
            })
            .collect();
        g.bench_function("uritemplate-next", |b| {
            b.iter(|| {
                prepared
                    .iter()
                    .map(|u| black_box(u).build().len())
                    .sum::<usize>()
            })
        });
    }

    {
        let maps: Vec<HashMap<String, stduritemplate::Value>> = sets
            .iter()
            .map(|s| {
                s.iter()
                    .map(|(n, x)| {
                        let v = match x {
                            Value::String(v) => stduritemplate::Value::String(v.clone()),
                            Value::List(l) => stduritemplate::Value::List(
                                l.iter()
                                    .map(|s| stduritemplate::Value::String(s.clone()))
                                    .collect(),
                            ),
                            Value::Assoc(a) => stduritemplate::Value::Map(
                                a.iter()
                                    .map(|(k, v)| {
                                        (k.clone(), stduritemplate::Value::String(v.clone()))
                                    })
                                    .collect(),
                            ),
                        };
                        (n.clone(), v)
                    })
                    .collect()
            })
            .collect();
        g.bench_function("std-uritemplate", |b| {
            b.iter(|| {
                let mut n = 0;
                for t in TEMPLATES {
                    for m in &maps {
                        n += stduritemplate::expand(t, black_box(m)).unwrap().len();
                    }
                }
                n
            })
        });
    }
    g.finish();
}

/// Matching: the GitHub issues template, against URIs expanded from it,
/// with urikit's matcher and with a regular expression doing the same job
/// (path variables by capture, query parameters split and decoded).
fn matching(c: &mut Criterion) {
    let template = Template::parse(TEMPLATES[0]).unwrap();
    let uris = match_uris();
    let mut g = c.benchmark_group("template/match");
    g.bench_function("urikit", |b| {
        b.iter(|| {
            uris.iter()
                .map(|u| template.match_uri(black_box(u)).unwrap().len())
                .sum::<usize>()
        })
    });
    let re = regex::Regex::new(MATCH_REGEX).unwrap();
    g.bench_function("regex", |b| {
        b.iter(|| {
            uris.iter()
                .map(|u| regex_match(&re, black_box(u)).len())
                .sum::<usize>()
        })
    });
    g.finish();
}

criterion_group!(benches, expand, matching);
criterion_main!(benches);
