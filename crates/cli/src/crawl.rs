//! The keys of crawlers and web archives: `uri surt` (the Internet
//! Archive's SURT, `urikit::surt`) and `uri canonical --profile NAME` (a
//! canonical URL by the rules of one tool of the field).

use std::io;

use clap::Args;
use urikit::surt::{Canonicalizer, Options};

use crate::args;
use crate::each::{each_value, Output};
use crate::json::ErrorRecord;

/// `uri surt`'s switches, each one of the `surt` package's options.
#[derive(Args)]
pub struct SurtArgs {
    /// Write the scheme before the key: `http://(org,archive)/` (with_scheme).
    #[arg(long)]
    scheme: bool,
    /// A comma after the host's last label: `org,archive,)/` (trailing_comma).
    #[arg(long)]
    trailing_comma: bool,
    /// Keep a dotted IPv4 address as it is instead of reversing it (reverse_ipaddr off).
    #[arg(long)]
    keep_ip: bool,
    /// Keep a leading `www.` (or `www2.`...) of the host (host_massage off).
    #[arg(long)]
    keep_www: bool,
    /// The canonicalization before the key: default (Google's steps, then the Internet
    /// Archive's), google, ia, identity, ordinary or aggressive (webarchive-commons' rule
    /// sets).
    #[arg(long, value_name = "NAME", default_value = "default", value_parser = canonicalizer)]
    canonicalizer: Canonicalizer,
    /// Set any other option of the surt package by its name (query_lowercase=false,
    /// path_strip_empty=true, ...). Repeatable.
    #[arg(long = "option", value_name = "NAME=BOOL", value_parser = option)]
    options: Vec<String>,
    #[command(flatten)]
    json: args::Json,
    #[command(flatten)]
    errors: args::ErrorsArg,
    #[command(flatten)]
    jobs: args::Jobs,
    /// URLs; standard input, one per line, when none.
    urls: Vec<String>,
}

fn canonicalizer(name: &str) -> Result<Canonicalizer, String> {
    Canonicalizer::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Canonicalizer::ALL.iter().map(|c| c.name()).collect();
        format!("no canonicalizer {name:?}; one of {}", names.join(", "))
    })
}

fn option(text: &str) -> Result<String, String> {
    Options::default().apply(text)?;
    Ok(text.to_owned())
}

/// `uri surt`: the SURT key of each URL.
pub fn surt(a: SurtArgs) -> io::Result<()> {
    let mut o = Options {
        canonicalizer: a.canonicalizer,
        with_scheme: a.scheme,
        trailing_comma: a.trailing_comma,
        reverse_ipaddr: !a.keep_ip,
        host_massage: !a.keep_www,
        ..Options::default()
    };
    for list in &a.options {
        // Each list was checked when the arguments were read.
        let _ = o.apply(list);
    }
    let output = Output {
        jobs: a.jobs.get(),
        ..Output::new(a.json, a.errors)
    };
    each_value(a.urls, output, |s| {
        urikit::surt::surt(s, &o).map_err(|e| ErrorRecord::at(e, s, true))
    })
}

fn profile(name: &str) -> Result<Canonicalizer, String> {
    Canonicalizer::from_profile(name).ok_or_else(|| {
        let names: Vec<&str> = Canonicalizer::PROFILES.iter().map(|p| p.0).collect();
        format!("no profile {name:?}; one of {}", names.join(", "))
    })
}

/// `uri canonical`'s arguments.
#[derive(Args)]
pub struct CanonicalArgs {
    /// Whose canonical form: ia (the Internet Archive's: Google's steps, then the
    /// Archive's), ia-basic (Google's steps alone, webarchive-commons'
    /// BasicURLCanonicalizer), ia-ordinary or ia-aggressive (its Ordinary and Aggressive
    /// canonicalizers).
    #[arg(long, value_name = "NAME", value_parser = profile)]
    profile: Canonicalizer,
    #[command(flatten)]
    json: args::Json,
    #[command(flatten)]
    errors: args::ErrorsArg,
    #[command(flatten)]
    jobs: args::Jobs,
    /// URLs; standard input, one per line, when none.
    urls: Vec<String>,
}

/// `uri canonical`: each URL in the canonical form of a profile.
pub fn canonical(a: CanonicalArgs) -> io::Result<()> {
    let o = Options {
        canonicalizer: a.profile,
        ..Options::default()
    };
    let output = Output {
        jobs: a.jobs.get(),
        ..Output::new(a.json, a.errors)
    };
    each_value(a.urls, output, |s| {
        urikit::surt::canonicalize(s, &o).map_err(|e| ErrorRecord::at(e, s, true))
    })
}
