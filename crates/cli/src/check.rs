//! `uri check`: validates every line of files (or standard input, or the
//! embedded sample) as a stream, lists the invalid lines with a caret under
//! the offending byte, and summarizes.

use std::collections::{BTreeMap, HashMap};
use std::io::{self, IsTerminal, Read, Write};
use std::path::PathBuf;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use urikit::{Error, HostType, UriRef};

use crate::json::{self, ParseRecord};
use crate::{args, batch, input, status};

/// Lines the sample expects to be valid, then invalid (RFC 3986).
const SAMPLE_VALID: &str = include_str!("sample/valid.txt");
const SAMPLE_INVALID: &str = include_str!("sample/invalid.txt");

/// At most this many distinct schemes are counted by name; the rest are
/// counted together, so memory stays bounded whatever the input.
const MAX_SCHEMES: usize = 1000;

/// The options of `uri check`.
#[derive(clap::Args)]
pub struct Args {
    /// Check the embedded sample (also the default with no FILE when standard input is a terminal).
    #[arg(long)]
    sample: bool,
    /// Print one `uri parse` JSON record per line instead of the report (the summary goes to standard error).
    #[command(flatten)]
    json: args::Json,
    #[command(flatten)]
    jobs: args::Jobs,
    #[command(flatten)]
    dialect: args::DialectArg,
    #[command(flatten)]
    require: args::RequireArgs,
    /// Print only the valid lines, as they are (a filter for pipelines; the summary goes to
    /// standard error).
    #[arg(long, conflicts_with_all = ["json", "invalid_only"])]
    valid_only: bool,
    /// Print only the invalid lines, as they are.
    #[arg(long, conflicts_with = "json")]
    invalid_only: bool,
    /// Show beside each invalid line its repaired form (as `uri repair` makes it), where
    /// there is one.
    #[arg(long, conflicts_with_all = ["json", "valid_only", "invalid_only"])]
    repair: bool,
    /// Files to check, one reference per line; `-` is standard input.
    files: Vec<PathBuf>,
}

/// The kinds of host a valid line has (`None`: no authority), one counter
/// each in [`Stats`].
const HOST_KINDS: [Option<HostType>; 5] = [
    None,
    Some(HostType::RegName),
    Some(HostType::Ipv4),
    Some(HostType::Ipv6),
    Some(HostType::IpvFuture),
];

/// How many schemes [`Stats`] keeps at hand, with their counts not yet
/// added to its map: the schemes of a stream come back again and again
/// (`http`, `https`), and a comparison with the few last ones costs less
/// than hashing each line's scheme (a fifth of `uri check`'s time went to
/// the counts when every line went to the maps).
const RECENT_SCHEMES: usize = 4;

#[derive(Default)]
struct Stats {
    lines: u64,
    bytes: u64,
    valid: u64,
    by_code: BTreeMap<&'static str, u64>,
    /// Lines by scheme, counted case-insensitively (RFC 3986 section 3.1),
    /// but for the counts still held in `recent`.
    by_scheme: HashMap<String, u64>,
    /// The last schemes seen, as written, with the key each is counted
    /// under in `by_scheme` (already there) and the lines not yet added.
    recent: Vec<(String, String, u64)>,
    /// Lines by the kind of their host, in the order of [`HOST_KINDS`].
    by_host: [u64; HOST_KINDS.len()],
    /// Sample lines whose verdict was not the expected one.
    surprises: u64,
}

impl Stats {
    /// Adds the counts held in `recent` to `by_scheme`.
    fn settle(&mut self) {
        for (_, key, n) in self.recent.drain(..) {
            *self.by_scheme.entry(key).or_default() += n;
        }
    }

    /// Adds the counts of a later part of the input.
    fn merge(&mut self, mut other: Stats) {
        other.settle();
        self.lines += other.lines;
        self.bytes += other.bytes;
        self.valid += other.valid;
        self.surprises += other.surprises;
        for (k, v) in other.by_code {
            *self.by_code.entry(k).or_default() += v;
        }
        for (mine, theirs) in self.by_host.iter_mut().zip(other.by_host) {
            *mine += theirs;
        }
        for (k, v) in other.by_scheme {
            let key = self.scheme_key(k);
            *self.by_scheme.entry(key).or_default() += v;
        }
    }

    /// The key a scheme whose name in lower case is `lower` is counted
    /// under: that name, or `(other)` once there are MAX_SCHEMES names and
    /// it is not one of them.
    fn scheme_key(&self, lower: String) -> String {
        if self.by_scheme.len() < MAX_SCHEMES || self.by_scheme.contains_key(&lower) {
            lower
        } else {
            "(other)".to_owned()
        }
    }

    fn count(&mut self, line: &str, result: &Result<UriRef<'_>, Error>) {
        self.lines += 1;
        self.bytes += line.len() as u64 + 1;
        match result {
            Ok(u) => {
                self.valid += 1;
                let host = u.host().map(|h| h.host_type());
                if let Some(k) = HOST_KINDS.iter().position(|&k| k == host) {
                    self.by_host[k] += 1;
                }
                let scheme = u.scheme().unwrap_or("(relative)");
                if let Some((.., n)) = self.recent.iter_mut().find(|(s, ..)| s == scheme) {
                    *n += 1;
                    return;
                }
                // Schemes are case-insensitive (RFC 3986 section 3.1).
                let key = self.scheme_key(scheme.to_ascii_lowercase());
                *self.by_scheme.entry(key.clone()).or_default() += 1;
                if self.recent.len() == RECENT_SCHEMES {
                    let (_, old, n) = self.recent.remove(0);
                    *self.by_scheme.entry(old).or_default() += n;
                }
                self.recent.push((scheme.to_owned(), key, 0));
            }
            Err(e) => *self.by_code.entry(e.code()).or_default() += 1,
        }
    }
}

struct Checker<W: Write> {
    out: W,
    json: bool,
    jobs: usize,
    progress: Option<ProgressBar>,
    stats: Stats,
    parser: urikit::Parser,
    /// What a line must have besides a valid syntax (`--web`, ...).
    require: urikit::Requirements<'static>,
    /// Whether the dialect is the IRI one (for the messages' hints).
    iri: bool,
    /// `--valid-only` (`Some(true)`) or `--invalid-only` (`Some(false)`):
    /// the lines themselves instead of the report.
    only: Option<bool>,
    /// Whether records name their file and line (several files).
    named: bool,
    /// `--repair`: the repaired form beside each invalid line.
    repair: bool,
}

impl<W: Write> Checker<W> {
    /// Checks one line; `expect` is the sample's expected verdict.
    fn line(
        &mut self,
        source: &str,
        number: u64,
        line: input::Line<'_>,
        expect: Option<bool>,
    ) -> io::Result<()> {
        // A line that is not UTF-8 is reported, with replacement characters
        // shown, as `invalid-utf8` at its first bad byte.
        let (text, bad) = line.read();
        let text = &*text;
        let result = match bad {
            None => self
                .parser
                .parse(text)
                .and_then(|u| self.require.check(&u).map(|()| u)),
            Some(e) => Err(e),
        };
        self.stats.count(text, &result);
        // The sample's invalid lines are expected; anyone else's count at
        // once, so that a closed output pipe still ends with status 1.
        if expect.is_none() {
            status::record(result.is_ok());
        }
        let surprise = expect.is_some_and(|valid| valid != result.is_ok());
        self.stats.surprises += u64::from(surprise);
        if let Some(valid) = self.only {
            if result.is_ok() == valid {
                self.out.write_all(line.raw())?;
                self.out.write_all(b"\n")?;
            }
            return Ok(());
        }
        if self.json {
            let mut record = ParseRecord::new(text, result, self.parser.accepts_zone_ids(), false);
            if self.named {
                record.file = Some(source);
                record.line = Some(number);
            }
            return json::write_line(&mut self.out, &record);
        }
        match result {
            Err(e) => {
                let (shown, mark) = crate::show::caret(text, e.offset());
                let note = if surprise {
                    " (the sample expects this line to be valid)"
                } else {
                    ""
                };
                let r = json::ErrorRecord::at(e, text, self.iri);
                // The sample's errors are there on purpose: not in red.
                let style = if expect == Some(false) {
                    crate::show::NOTE
                } else {
                    crate::show::ERROR
                };
                writeln!(
                    self.out,
                    "{source}:{number}: {} at byte {}: {}{note}\n  {shown}\n  {}",
                    crate::show::paint(r.code, style),
                    r.offset,
                    r.message,
                    crate::show::paint(&mark, style)
                )?;
                if self.repair && expect.is_none() {
                    match urikit::repair(text).result {
                        Ok(u) => {
                            let shown = crate::show::text(u.as_str());
                            writeln!(
                                self.out,
                                "  repaired: {}",
                                crate::show::paint(&shown, crate::show::GOOD)
                            )?
                        }
                        Err(e) => {
                            writeln!(self.out, "  no repair: {} at byte {}", e.code(), e.offset())?
                        }
                    }
                }
                Ok(())
            }
            Ok(_) if surprise => {
                writeln!(
                    self.out,
                    "{source}:{number}: valid, but the sample expects it to be invalid\n  {}",
                    crate::show::text(text)
                )
            }
            Ok(_) => Ok(()),
        }
    }

    /// Checks a stream in batches of lines, on `jobs` threads; memory is
    /// one batch (bounded by lines and bytes) whatever the length of the
    /// input.
    fn stream(&mut self, source: &str, r: Box<dyn Read + Send>, eager: bool) -> io::Result<()> {
        let mut n = 0u64;
        input::read_batches(r, eager, |batch, bytes| {
            let spans = batch.spans();
            if self.jobs <= 1 || spans.len() < 2 {
                for line in batch.lines() {
                    n += 1;
                    self.line(source, n, line, None)?;
                }
            } else {
                let json = self.json;
                let parts = batch::ordered(self.jobs, spans, |chunk, start| {
                    let mut c = Checker {
                        out: Vec::new(),
                        json,
                        jobs: 1,
                        progress: None,
                        stats: Stats::default(),
                        parser: self.parser,
                        require: self.require,
                        iri: self.iri,
                        only: self.only,
                        named: self.named,
                        repair: self.repair,
                    };
                    for (i, &span) in chunk.iter().enumerate() {
                        // Writing into a Vec cannot fail.
                        let line = batch.line(span);
                        let _ = c.line(source, n + (start + i) as u64 + 1, line, None);
                    }
                    (c.out, c.stats)
                });
                for (out, stats) in parts {
                    self.out.write_all(&out)?;
                    self.stats.merge(stats);
                }
                n += spans.len() as u64;
            }
            if let Some(p) = &self.progress {
                p.inc(bytes);
            }
            // Each batch's answers go out before the next is waited for.
            self.out.flush()
        })
    }
}

/// A progress bar on standard error for files (bytes of the total) or
/// standard input (bytes so far), only when standard error is a terminal
/// and the output is not JSON.
fn progress_bar(args: &Args) -> Option<ProgressBar> {
    if args.json.json
        || args.valid_only
        || args.invalid_only
        || args.sample
        || !io::stderr().is_terminal()
    {
        return None;
    }
    let total: Option<u64> = args
        .files
        .iter()
        .map(|f| {
            std::fs::metadata(f)
                .ok()
                .filter(|m| m.is_file())
                .map(|m| m.len())
        })
        .sum();
    let bar = match total {
        Some(t) if !args.files.is_empty() => ProgressBar::new(t).with_style(
            ProgressStyle::with_template(
                "{bar:40} {binary_bytes}/{binary_total_bytes} {binary_bytes_per_sec} eta {eta}",
            )
            .ok()?,
        ),
        _ => ProgressBar::new_spinner().with_style(
            ProgressStyle::with_template("{spinner} {binary_bytes} {binary_bytes_per_sec}").ok()?,
        ),
    };
    bar.set_draw_target(ProgressDrawTarget::stderr_with_hz(4));
    Some(bar)
}

/// Checks the files (or standard input, or the sample) and prints the
/// report. A file that cannot be read is reported by name, the others are
/// checked, and the exit status is then 2.
pub fn run(args: Args) -> io::Result<()> {
    let start = Instant::now();
    // The sample only when asked for, or when there is nothing else to
    // check and a person is at the terminal: an empty pipe checks 0 lines.
    let sample = args.sample || (args.files.is_empty() && io::stdin().is_terminal());
    let stdout = io::stdout();
    // The sample's verdicts are RFC 3986's, whatever the flags say.
    let (parser, require) = if sample {
        (
            urikit::Parser::new(urikit::Dialect::Rfc3986),
            urikit::Requirements::NONE,
        )
    } else {
        // Made once for the run: the scheme list lives as long as it.
        let schemes: &'static [&'static str] = Box::leak(
            args.require
                .require_scheme
                .iter()
                .map(|s| &*Box::leak(s.clone().into_boxed_str()))
                .collect::<Vec<&'static str>>()
                .into_boxed_slice(),
        );
        (args.dialect.parser(), args.require.get(schemes))
    };
    let mut c = Checker {
        out: io::BufWriter::with_capacity(1 << 16, stdout.lock()),
        json: args.json.json,
        jobs: args.jobs.get(),
        progress: progress_bar(&args),
        stats: Stats::default(),
        require,
        iri: parser.dialect() == urikit::Dialect::Rfc3987,
        parser,
        only: match (args.valid_only, args.invalid_only) {
            (true, _) => Some(true),
            (_, true) => Some(false),
            _ => None,
        },
        named: args.files.len() > 1,
        repair: args.repair,
    };
    if sample && !args.json.json && c.only.is_none() {
        let count = |t: &str| t.lines().count();
        writeln!(
            c.out,
            "The embedded sample: {} references that RFC 3986 accepts and {} that it refuses, \
             each shown below with its error, on purpose.\nTo check your own: uri check FILE..., \
             or pipe lines in (cat urls.txt | uri check).\n",
            count(SAMPLE_VALID),
            count(SAMPLE_INVALID)
        )?;
    }
    if sample {
        for (source, text, valid) in [
            ("sample:valid", SAMPLE_VALID, true),
            ("sample:invalid", SAMPLE_INVALID, false),
        ] {
            for (i, line) in text.lines().enumerate() {
                c.line(source, i as u64 + 1, input::Line::text(line), Some(valid))?;
            }
        }
    } else {
        let sources: Vec<String> = if args.files.is_empty() {
            vec!["-".into()]
        } else {
            args.files.iter().map(|f| f.display().to_string()).collect()
        };
        for source in &sources {
            let checked = input::open_raw(source)
                // Standard input may be a terminal or `tail -f`: each line
                // is answered as soon as it is read.
                .and_then(|r| c.stream(input::name(source), r, input::may_wait(source)));
            match checked {
                Err(e) if input::is_read_error(&e) => {
                    c.out.flush()?;
                    if let Some(p) = &c.progress {
                        p.suspend(|| eprintln!("error: {e}"));
                    } else {
                        eprintln!("error: {e}");
                    }
                    status::unreadable();
                }
                other => other?,
            }
        }
    }
    let elapsed = start.elapsed().as_secs_f64();
    if let Some(p) = c.progress.take() {
        p.finish_and_clear();
    }
    c.out.flush()?;
    let mut stats = c.stats;
    stats.settle();
    // The sample holds invalid lines on purpose: it passes when every
    // verdict is the expected one.
    if sample {
        status::record(stats.surprises == 0);
    }
    if args.json.json || c.only.is_some() {
        summary(&mut io::stderr().lock(), &stats, elapsed, sample)?;
    } else {
        let mut out = stdout.lock();
        summary(&mut out, &stats, elapsed, sample)?;
        out.flush()?;
    }
    Ok(())
}

fn summary(out: &mut impl Write, s: &Stats, elapsed: f64, sample: bool) -> io::Result<()> {
    let invalid = s.lines - s.valid;
    let mb = s.bytes as f64 / 1e6;
    let lines = if s.lines == 1 { "line" } else { "lines" };
    writeln!(
        out,
        "checked {} {lines} ({mb:.1} MB) in {elapsed:.3} s: {} valid, {invalid} invalid",
        s.lines, s.valid
    )?;
    let list = |items: Vec<(&str, u64)>| {
        items
            .iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !s.by_code.is_empty() {
        let mut codes: Vec<_> = s.by_code.iter().map(|(k, v)| (*k, *v)).collect();
        codes.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        writeln!(out, "  by error code: {}", list(codes))?;
    }
    if !s.by_scheme.is_empty() {
        let mut schemes: Vec<_> = s.by_scheme.iter().map(|(k, v)| (k.as_str(), *v)).collect();
        schemes.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        let more = schemes.len().saturating_sub(12);
        schemes.truncate(12);
        let tail = if more > 0 {
            format!(" (and {more} more)")
        } else {
            String::new()
        };
        writeln!(out, "  by scheme:     {}{tail}", list(schemes))?;
    }
    // The kinds that occur, by name (`none`: no authority).
    let mut hosts: Vec<_> = HOST_KINDS
        .iter()
        .zip(s.by_host)
        .filter(|&(_, n)| n > 0)
        .map(|(k, n)| (k.map_or("none", HostType::name), n))
        .collect();
    if !hosts.is_empty() {
        hosts.sort();
        writeln!(out, "  by host type:  {}", list(hosts))?;
    }
    if elapsed > 0.0 {
        writeln!(
            out,
            "  throughput:    {:.0} lines/s, {:.1} MB/s",
            s.lines as f64 / elapsed,
            mb / elapsed
        )?;
    }
    if sample {
        match s.surprises {
            0 => writeln!(out, "sample: every line got the verdict the sample expects")?,
            n => writeln!(
                out,
                "sample: {n} lines did not get the verdict the sample expects"
            )?,
        }
        writeln!(
            out,
            "That was the embedded sample, its errors on purpose; to check your own: uri check \
             FILE..., or pipe lines in."
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Schemes are counted case-insensitively (RFC 3986 section 3.1)
    /// whether their counts wait among the recent schemes or went to the
    /// map, across more schemes than are kept at hand, in one part of the
    /// input or merged from several; hosts by kind.
    #[test]
    fn counts_by_scheme_and_host() {
        let lines = [
            "http://a/",
            "HTTP://b/",
            "https://c/",
            "a:b",
            "b:c",
            "c:d",
            "d:e",
            "Http://d/",
            "e:f",
            "http://[::1]/",
            "/x",
            "x y",
            "HTTPS://1.2.3.4/",
            "A:b",
        ];
        let count = |ls: &[&str]| {
            let mut s = Stats::default();
            for l in ls {
                s.count(l, &UriRef::parse(l));
            }
            s
        };
        let mut whole = count(&lines);
        whole.settle();
        let mut merged = count(&lines[..5]);
        merged.merge(count(&lines[5..]));
        merged.settle();
        for s in [whole, merged] {
            let mut schemes: Vec<_> = s.by_scheme.iter().map(|(k, v)| (k.as_str(), *v)).collect();
            schemes.sort();
            assert_eq!(
                schemes,
                [
                    ("(relative)", 1),
                    ("a", 2),
                    ("b", 1),
                    ("c", 1),
                    ("d", 1),
                    ("e", 1),
                    ("http", 4),
                    ("https", 2)
                ]
            );
            // none (a:b ... A:b, /x), reg-name, ipv4, ipv6, ipvfuture
            assert_eq!(s.by_host, [7, 4, 1, 1, 0]);
            assert_eq!((s.lines, s.valid), (14, 13));
        }
    }
}
