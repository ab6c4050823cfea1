//! One library doing one job over a dataset, for an instruction counter:
//! `cargo run --release --example work -- JOB LIBRARY FILE ROUNDS` (FILE
//! `unicode`: the Unicode IRIs of `unicode_iris`), where
//! JOB is `parse`, `parse-iri` (urikit's `IriRef` or oxiri), `normalize` (`normalize-into`: into one `String`),
//! `resolve`, `relativize` or `extract` (items are bytes; FILE `spec`, `spec100` or
//! `mail`: the texts of the extraction benchmark; `urikit-uris`: without
//! lines and columns; peer `linkify`), `links`
//! (items are bytes; FILE `page` or `real`: the sets of the links
//! benchmark; urikit's `HtmlDocument`, `urikit-resolve` with every link
//! resolved, or the peer `lol_html`, `lol_html-all` with every selector) and LIBRARY is
//! `urikit` or a peer (`fluent-uri` for parse, normalize and resolve,
//! `oxiri` for resolve and relativize, `urikit-pair` for resolve with a
//! resolver made per pair; `template-match`: urikit or `regex` on
//! `urikit_bench::match_uris`, 64 per round; `template-expand`: urikit,
//! the 6 templates with 64 sets of values; FILE unused by these two). `resolve` resolves a mix of references (those
//! of RFC 3986 section 5.4 and typical links) against every http(s) line.
//! The crawl keys: `surt`, `w3lib`, `tldextract`, `safebrowsing`, `cc`
//! (Common Crawl's columns) and `psl` (the datasets' host names; with
//! `LABELS=1` to `4`, those of one, two, three, or four or more labels), urikit's.
//! Run with ROUNDS = 0 it does the setup alone, so that the difference
//! between two runs is the job's cost (see `cachegrind.sh`).
//! For `extract`, `normalize`, `psl` and the column jobs, `PASS_MIN=1` prints the shortest pass in nanoseconds to
//! standard error (the setup left out), for interleaved timing of builds.
use std::hint::black_box;

use urikit_bench::REFS;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [job, lib, file, rounds] = &args[..] else {
        panic!("usage: work JOB LIBRARY FILE ROUNDS");
    };
    let rounds: usize = rounds.parse().expect("ROUNDS is a number");
    // `unicode`: the Unicode IRIs built from every dataset; `spec` and
    // `mail`: the texts of the extraction benchmark (ten copies of the
    // specifications, a 2,000-message archive); `spec100`: the hundred
    // copies the criterion benchmark reads, out of the caches.
    let pages = match file.as_str() {
        "page" => vec![urikit_bench::links_page()],
        "real" => urikit_bench::real_pages(240),
        _ => Vec::new(),
    };
    let text = if !pages.is_empty() {
        pages.concat()
    } else if file == "spec" {
        urikit_bench::spec_text(10)
    } else if file == "spec100" {
        // As the criterion benchmark has it: larger than the caches.
        urikit_bench::spec_text(100)
    } else if file == "mail" {
        urikit_bench::mail_archive(2_000)
    } else if file == "unicode" {
        let sets = urikit_bench::datasets();
        urikit_bench::unicode_iris(sets.iter().flat_map(|(_, l)| l.iter().map(String::as_str)))
            .join("\n")
    } else {
        std::fs::read_to_string(file).expect("the dataset")
    };
    let lines: Vec<&str> = text.lines().collect();
    let mut sum = 0usize;
    match (job.as_str(), lib.as_str()) {
        // The lines themselves (for `unicode`, to count them).
        ("dump", _) if !pages.is_empty() => {
            print!("{text}");
            return;
        }
        ("dump", _) => {
            for l in &lines {
                println!("{l}");
            }
            return;
        }
        ("parse", "urikit") => {
            for _ in 0..rounds {
                for l in &lines {
                    sum += urikit::UriRef::parse(black_box(l)).is_ok() as usize;
                }
            }
        }
        // The host of each line, by the library: the floor of the column
        // kernel `uri_host`.
        ("host", "urikit") => {
            for _ in 0..rounds {
                for l in &lines {
                    sum += urikit::UriRef::parse(black_box(l))
                        .ok()
                        .and_then(|u| u.host().map(|h| h.as_str().len()))
                        .unwrap_or(0);
                }
            }
        }
        // The registrable domain of each line's host name (FILE unused:
        // `urikit_bench::hosts`), by urikit's list (`urikit`, both
        // sections; `urikit-icann`) or the psl crate.
        // `LABELS=1`, `2` or `3`: only the names of that many labels; `4`:
        // of four or more (the classes whose times `bench/RESULTS.md`
        // gives); unset: every name.
        ("psl", lib) => {
            let labels = match std::env::var("LABELS").map(|v| v.parse::<usize>()) {
                Ok(Ok(k @ 1..=3)) => k..=k,
                Ok(Ok(4)) => 4..=usize::MAX,
                _ => 1..=usize::MAX,
            };
            let hosts: Vec<String> = urikit_bench::hosts()
                .into_iter()
                .filter(|h| labels.contains(&h.split('.').count()))
                .collect();
            if std::env::var_os("PASS_MIN").is_some() {
                eprintln!("{} names", hosts.len());
            }
            let list = urikit::psl::List::builtin();
            let view = match lib {
                "urikit-icann" => urikit::psl::View::Icann,
                _ => urikit::psl::View::All,
            };
            // The library chosen once, not at each name.
            let peer = lib == "psl";
            sum += passes(rounds, || {
                let mut sum = 0;
                if peer {
                    for h in &hosts {
                        sum += psl::domain_str(black_box(h)).map_or(0, str::len);
                    }
                } else {
                    for h in &hosts {
                        sum += list
                            .registrable_domain(black_box(h), view)
                            .map_or(0, str::len);
                    }
                }
                sum
            });
        }
        // The SURT key of each line (`urikit::surt`, the surt package's
        // answers), into one reused buffer.
        ("surt", "urikit") => {
            let o = urikit::surt::Options::default();
            let mut out = Vec::with_capacity(1 << 12);
            for _ in 0..rounds {
                for l in &lines {
                    out.clear();
                    if urikit::surt::surt_bytes(black_box(l.as_bytes()), &o, &mut out).is_ok() {
                        sum += out.len();
                    }
                }
            }
        }
        // tldextract's parts of each line (`urikit::psl::List::tldextract`,
        // without the private section, as `tldextract.extract`'s default).
        ("tldextract", "urikit") => {
            let list = urikit::psl::List::builtin();
            for _ in 0..rounds {
                for l in &lines {
                    let e = list.tldextract(black_box(l), false, false);
                    sum += e.domain.len() + e.suffix.len() + e.subdomain.len();
                }
            }
        }
        // w3lib's canonical URL of each line (`urikit::w3lib`).
        ("w3lib", "urikit") => {
            let o = urikit::w3lib::Options::default();
            for _ in 0..rounds {
                for l in &lines {
                    if let Ok(c) = urikit::w3lib::canonicalize_url(black_box(l), &o) {
                        sum += c.len();
                    }
                }
            }
        }
        // Safe Browsing's hashes of each line (`urikit::safebrowsing`).
        // Common Crawl's URL columns of each line (`urikit::ccindex`).
        ("cc", "urikit") => {
            for _ in 0..rounds {
                for l in &lines {
                    if let Ok(c) = urikit::ccindex::columns(black_box(l)) {
                        sum += c.host_name.map_or(0, |h| h.len());
                    }
                }
            }
        }
        ("safebrowsing", "urikit") => {
            for _ in 0..rounds {
                for l in &lines {
                    if let Ok(u) = urikit::safebrowsing::Url::parse(black_box(l)) {
                        sum += u.hashes().len();
                    }
                }
            }
        }
        // A column function over the lines as one Arrow string array, on
        // one thread: `column-host`, `column-is-valid`; `views-host`,
        // `views-is-valid`: a `string_view` array, the answer as views
        // (as Polars calls it); `array-host`: one array as `urikit.arrow`
        // asks for it (`call_array`), the column cut for the machine's
        // threads and the parts joined.
        (job, "urikit")
            if job.starts_with("column-")
                || job.starts_with("views-")
                || job.starts_with("array-") =>
        {
            let (views, name) = match job.strip_prefix("views-") {
                Some(name) => (true, name),
                None => (false, job.split_once('-').map_or(job, |(_, name)| name)),
            };
            // `column-canonical=w3lib`: a text argument, the same on every
            // row.
            let (name, args) = match name.split_once('=') {
                Some((name, arg)) => (name, vec![urikit_columns::Arg::Text(Some(arg.to_string()))]),
                None => (name, Vec::new()),
            };
            let name = format!("uri_{}", name.replace('-', "_"));
            let spec = urikit_columns::spec(&name).expect("a column function");
            let col: arrow_array::ArrayRef = if views {
                std::sync::Arc::new(arrow_array::StringViewArray::from(lines.clone()))
            } else {
                std::sync::Arc::new(arrow_array::StringArray::from(lines.clone()))
            };
            sum += passes(rounds, || {
                if job.starts_with("array-") {
                    let out = urikit_columns::call_array(spec, &col, &args).expect("the call");
                    return out.len();
                }
                let col = std::slice::from_ref(&col);
                let out = if views {
                    urikit_columns::call_views(spec, col, &args, 1)
                } else {
                    urikit_columns::call_with(spec, col, &args, 1)
                };
                out.expect("the call")
                    .iter()
                    .map(|a| a.len())
                    .sum::<usize>()
            });
        }
        // Parsing as a user's code does it: then reading the host, the
        // path and the query (so that the offsets are computed and used).
        ("parse-read", "urikit") => {
            for _ in 0..rounds {
                for l in &lines {
                    sum += urikit_bench::read_urikit(black_box(l));
                }
            }
        }
        ("parse-read", "fluent-uri") => {
            for _ in 0..rounds {
                for l in &lines {
                    sum += read_fluent(black_box(l));
                }
            }
        }
        ("parse-iri", "urikit") => {
            for _ in 0..rounds {
                for l in &lines {
                    sum += urikit::IriRef::parse(black_box(l)).is_ok() as usize;
                }
            }
        }
        ("parse-iri", "oxiri") => {
            for _ in 0..rounds {
                for l in &lines {
                    sum += oxiri::IriRef::parse(black_box(*l)).is_ok() as usize;
                }
            }
        }
        ("whatwg", "urikit") => {
            for _ in 0..rounds {
                for l in &lines {
                    sum += urikit::whatwg::Url::parse(black_box(l)).map_or(0, |u| u.href().len());
                }
            }
        }
        ("whatwg", "ada") => {
            for _ in 0..rounds {
                for l in &lines {
                    sum += ada_url::Url::parse(black_box(*l), None).map_or(0, |u| u.href().len());
                }
            }
        }
        ("whatwg", "url") => {
            for _ in 0..rounds {
                for l in &lines {
                    sum += url::Url::parse(black_box(l)).map_or(0, |u| u.as_str().len());
                }
            }
        }
        ("can-parse", "urikit") => {
            for _ in 0..rounds {
                for l in &lines {
                    sum += urikit::whatwg::Url::can_parse(black_box(l), None) as usize;
                }
            }
        }
        ("can-parse", "ada") => {
            for _ in 0..rounds {
                for l in &lines {
                    sum += ada_url::Url::can_parse(black_box(l), None) as usize;
                }
            }
        }
        ("parse", "fluent-uri") => {
            for _ in 0..rounds {
                for l in &lines {
                    sum += fluent_uri::UriRef::parse(black_box(*l)).is_ok() as usize;
                }
            }
        }
        ("normalize" | "normalize-into", lib) => {
            // Each library's pass is a function of its own, as criterion's
            // closures are (what the compiler makes of a loop inlined into
            // this long `main` can differ).
            let n = urikit::Normalizer::new();
            let mut out = String::new();
            let into = job == "normalize-into";
            sum += passes(rounds, || match lib {
                "urikit" if into => normalize_urikit_into(&n, &lines, &mut out),
                "urikit" => normalize_urikit(&n, &lines),
                "fluent-uri" => normalize_fluent(&lines),
                "ada" => normalize_ada(&lines),
                _ => panic!("normalize: urikit, fluent-uri or ada"),
            });
        }
        ("resolve", lib) => {
            let bases = http_urls(&lines, 400, |l| {
                fluent_uri::Uri::parse(l).is_ok() && oxiri::Iri::parse(l).is_ok()
            });
            let uk: Vec<_> = bases
                .iter()
                .map(|b| urikit::Resolver::new(urikit::UriRef::parse(b).unwrap()).unwrap())
                .collect();
            let fl: Vec<_> = bases
                .iter()
                .map(|b| fluent_uri::Uri::parse(*b).unwrap())
                .collect();
            let ox: Vec<_> = bases
                .iter()
                .map(|b| oxiri::Iri::parse(*b).unwrap())
                .collect();
            let pb: Vec<_> = bases
                .iter()
                .map(|b| urikit::UriRef::parse(b).unwrap())
                .collect();
            for _ in 0..rounds {
                for i in 0..bases.len() {
                    for r in REFS {
                        sum += match lib {
                            "urikit" => urikit::UriRef::parse(black_box(r))
                                .and_then(|r| uk[i].resolve(r))
                                .map_or(0, |t| t.as_str().len()),
                            "fluent-uri" => fluent_uri::UriRef::parse(*black_box(r))
                                .ok()
                                .and_then(|r| r.resolve_against(&fl[i]).ok())
                                .map_or(0, |t| t.as_str().len()),
                            "oxiri" => oxiri::IriRef::parse(*black_box(r))
                                .ok()
                                .and_then(|r| ox[i].resolve(&r).ok())
                                .map_or(0, |t| t.as_str().len()),
                            // The resolver made anew for every pair.
                            "urikit-pair" => urikit::UriRef::parse(black_box(r))
                                .and_then(|r| r.resolve_against(pb[i]))
                                .map_or(0, |t| t.as_str().len()),
                            _ => panic!("resolve: urikit, urikit-pair, fluent-uri or oxiri"),
                        };
                    }
                }
            }
        }
        ("relativize", lib) => {
            // Neighbouring http(s) URLs that both libraries accept.
            let urls = http_urls(&lines, 4000, |l| oxiri::Iri::parse(l).is_ok());
            let uk: Vec<_> = urls
                .iter()
                .map(|u| urikit::UriRef::parse(u).unwrap())
                .collect();
            let ox: Vec<_> = urls
                .iter()
                .map(|u| oxiri::Iri::parse(*u).unwrap())
                .collect();
            for _ in 0..rounds {
                for i in 1..urls.len() {
                    sum += match lib {
                        "urikit" => uk[i]
                            .relative_to(black_box(uk[i - 1]))
                            .map_or(0, |x| x.as_str().len()),
                        "oxiri" => black_box(&ox[i - 1])
                            .relativize(&ox[i])
                            .map_or(0, |x| x.as_str().len()),
                        _ => panic!("relativize: urikit or oxiri"),
                    };
                }
            }
        }
        // Items are bytes: FILE is `spec`, `mail` or any text.
        ("extract", lib) => {
            let urikit = urikit::Extractor::new();
            let mut linkify = linkify::LinkFinder::new();
            // URLs only, as urikit finds them (no bare e-mail addresses).
            linkify.kinds(&[linkify::LinkKind::Url]);
            sum += passes(rounds, || match lib {
                "urikit" => urikit.extract(black_box(&text)).count(),
                "urikit-uris" => urikit.uris(black_box(&text)).count(),
                "linkify" => linkify.links(black_box(&text)).count(),
                _ => panic!("extract: urikit, urikit-uris or linkify"),
            });
        }
        // Items are bytes: FILE is `page` or `real`.
        ("links", lib) => {
            let mut out = String::new();
            for _ in 0..rounds {
                for p in &pages {
                    sum += match lib {
                        "urikit" => urikit::html::HtmlDocument::parse(black_box(p))
                            .links()
                            .len(),
                        "urikit-resolve" => urikit_bench::resolve_links(black_box(p), &mut out),
                        "lol_html" => urikit_bench::lol_html_links(black_box(p), false).len(),
                        "lol_html-all" => urikit_bench::lol_html_links(black_box(p), true).len(),
                        _ => panic!("links: urikit, urikit-resolve, lol_html or lol_html-all"),
                    };
                }
            }
        }
        // The file is not read by these: the URIs are the templates'
        // own (see urikit_bench::match_uris).
        ("template-expand", "urikit") => {
            let sets: Vec<urikit::template::Variables> = (0..64)
                .map(|i| urikit_bench::values(i).into_iter().collect())
                .collect();
            let ts: Vec<_> = urikit_bench::TEMPLATES
                .iter()
                .map(|t| urikit::template::Template::parse(t).unwrap())
                .collect();
            let mut out = String::new();
            for _ in 0..rounds {
                for t in &ts {
                    for v in &sets {
                        out.clear();
                        t.expand_into(black_box(v), &mut out).unwrap();
                        sum += out.len();
                    }
                }
            }
        }
        ("template-match", lib) => {
            let t = urikit::template::Template::parse(urikit_bench::TEMPLATES[0]).unwrap();
            let re = regex::Regex::new(urikit_bench::MATCH_REGEX).unwrap();
            let uris = urikit_bench::match_uris();
            for _ in 0..rounds {
                for u in &uris {
                    sum += match lib {
                        "urikit" => t.match_uri(black_box(u)).unwrap().len(),
                        "regex" => urikit_bench::regex_match(&re, black_box(u)).len(),
                        _ => panic!("template-match: urikit or regex"),
                    };
                }
            }
        }
        _ => panic!("unknown job or library: {job} {lib}"),
    }
    println!("{sum}");
}

/// The first `n` absolute http(s) URLs among `lines` that urikit and the
/// peer (`accepts`) both accept, so that both do the same work.
fn http_urls<'a>(lines: &[&'a str], n: usize, accepts: fn(&str) -> bool) -> Vec<&'a str> {
    lines
        .iter()
        .copied()
        .filter(|l| {
            l.starts_with("http") && urikit::UriRef::parse_absolute(l).is_ok() && accepts(l)
        })
        .take(n)
        .collect()
}

/// Runs `pass` `rounds` times and sums what it returns; with `PASS_MIN`
/// set, prints the shortest pass in nanoseconds to standard error.
fn passes(rounds: usize, mut pass: impl FnMut() -> usize) -> usize {
    let mut best = u128::MAX;
    let mut sum = 0;
    for _ in 0..rounds {
        let t = std::time::Instant::now();
        sum += pass();
        best = best.min(t.elapsed().as_nanos());
    }
    if std::env::var_os("PASS_MIN").is_some() {
        eprintln!("min {best}");
    }
    sum
}

/// Each line parsed and normalized into an owned result.
#[inline(never)]
fn normalize_urikit(n: &urikit::Normalizer, lines: &[&str]) -> usize {
    let mut len = 0;
    for l in lines {
        if let Ok(u) = urikit::UriRef::parse(black_box(l)) {
            len += n.normalize(u).as_str().len();
        }
    }
    len
}

/// Each line parsed and normalized into one `String`.
#[inline(never)]
fn normalize_urikit_into(n: &urikit::Normalizer, lines: &[&str], out: &mut String) -> usize {
    let mut len = 0;
    for l in lines {
        if let Ok(u) = urikit::UriRef::parse(black_box(l)) {
            n.normalize_into(u, out);
            len += out.len();
        }
    }
    len
}

/// fluent-uri's parse and normalization.
#[inline(never)]
fn normalize_fluent(lines: &[&str]) -> usize {
    let mut len = 0;
    for l in lines {
        if let Ok(u) = fluent_uri::UriRef::parse(*black_box(l)) {
            len += u.normalize().as_str().len();
        }
    }
    len
}

/// ada parses into its normal form: the parse is the work.
#[inline(never)]
fn normalize_ada(lines: &[&str]) -> usize {
    let mut len = 0;
    for l in lines {
        len += ada_url::Url::parse(black_box(*l), None).map_or(0, |u| u.href().len());
    }
    len
}

include!("../src/read_fluent.rs");
