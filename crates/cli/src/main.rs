//! `uri`: the command-line front end of urikit.
//!
//! Its machine-readable face (`--json`, exit status, error codes) follows
//! the project's CLI contract; see the README for every flag.
//!
//! Modules: `main` (dispatch, exit status), `args` (the flags several
//! subcommands share), `input` (all reading), `each` (the commands that
//! map each input to one result), `batch` (threads, a leaf), `status`,
//! `show` (the escaping of human output), `json` (the contract's records),
//! and one file per subcommand or pair of subcommands.

mod args;
mod batch;
mod check;
mod codec;
mod crawl;
mod each;
mod edit;
mod extract;
mod guess;
mod input;
mod inspect;
mod iri;
mod json;
mod links;
mod man;
mod normalize;
mod parse;
mod resolve;
mod show;
mod status;
mod template;
mod whatwg;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Parse, validate, resolve, encode and decode URI references (RFC 3986 and its predecessors).
/// The reference of every command: docs/cli.md, and `uri man`.
#[derive(Parser)]
#[command(
    name = "uri",
    version,
    about = "Parse, check, resolve, normalize, edit and extract URI references (RFC 3986 and its \
             predecessors, RFC 3987 IRIs, RFC 6570 templates). Every command: docs/cli.md, or uri \
             man."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Parse each URI reference and print its components.
    #[command(
        after_help = "Examples:\n  uri parse 'http://u@[::1]:8080/p?q#f'\n  uri parse --json --dialect rfc3987 'https://例え.テスト/パス'\n  grep -o 'http[^ ]*' notes.txt | uri parse --json"
    )]
    Parse(parse::ParseArgs),
    /// Validate every line of files (or standard input, or the embedded sample) and summarize.
    #[command(
        after_help = "Examples:\n  uri check urls.txt\n  uri check --json a.txt b.txt > records.jsonl\n  uri check --valid-only < urls.txt > valid.txt\n  uri check --repair urls.txt"
    )]
    Check(check::Args),
    /// Resolve each reference against a base URI.
    #[command(
        after_help = "Examples:\n  uri resolve --base 'http://a/b/c/d;p?q' ../g '?y' '#s'\n  uri resolve --dialect rfc2396 --base 'http://a/b/c/d;p?q' '?y'"
    )]
    Resolve(resolve::ResolveArgs),
    /// The shortest reference that resolves against a base to each target.
    #[command(
        after_help = "Examples:\n  uri relativize --base http://a/b/c/d http://a/b/g http://x/y"
    )]
    Relativize(resolve::RelativizeArgs),
    /// Normalize each reference (RFC 3986 sections 6.2.2 and 6.2.3).
    #[command(
        after_help = "Examples:\n  uri normalize 'HTTP://Example.COM:80/a/./b/../%7euser'\n  uri normalize --ipv6 'http://[2001:DB8:0:0::1]/'\n  uri normalize --dialect rfc3987 --nfc --idna 'http://XN--MNCHEN-3YA.de/'"
    )]
    Normalize(normalize::NormalizeArgs),
    /// The key for de-duplication: normalized, tracking parameters dropped, query sorted,
    /// fragment dropped.
    #[command(
        after_help = "Examples:\n  uri clean 'https://Example.com/a?utm_source=x&b=2&a=1#top'\n  uri clean --drop 'ref*' < urls.txt | sort -u"
    )]
    Clean(normalize::CleanArgs),
    /// The Internet Archive's SURT key of each URL (the sort key of web archives' CDX
    /// indexes and Common Crawl's url_surtkey), as the surt package computes it.
    #[command(
        after_help = "Examples:\n  uri surt 'http://www.archive.org/goo/?b&a'\n  uri surt --scheme --trailing-comma https://www.example.com/\n  uri surt --option query_lowercase=false < urls.txt | sort -u"
    )]
    Surt(crawl::SurtArgs),
    /// Each URL in the canonical form of a tool of the field (--profile ia: the Internet
    /// Archive's).
    #[command(
        after_help = "Examples:\n  uri canonical --profile ia 'http://www34.archive.org/index.html?b=a&a=b#x'\n  uri canonical --profile ia-basic 'http://host/%25%32%35'\n  uri canonical --profile safebrowsing 'http://www.GOOgle.com.../q?r#x'\n  uri canonical --profile w3lib --keep-fragments 'http://a/do?c=3&b=5#top'"
    )]
    Canonical(crawl::CanonicalArgs),
    /// Google Safe Browsing's lookup expressions of each URL (host suffixes with path
    /// prefixes, after its canonicalization), each after its SHA-256 hash prefix.
    #[command(
        after_help = "Examples:\n  uri safebrowsing 'http://a.b.c/1/2.html?param=1/2'\n  uri safebrowsing --prefix 32 --json < urls.txt"
    )]
    Safebrowsing(crawl::SafeBrowsingArgs),
    /// Common Crawl's 16 URL columns of each URL (url_surtkey to url_query), as its
    /// columnar index computes them: tab-separated, \N for NULL.
    #[command(
        after_help = "Examples:\n  uri columns --header 'https://www.example.co.uk:8443/a?x=1'\n  uri columns --json < urls.txt"
    )]
    Columns(crawl::ColumnsArgs),
    /// Whether two references are equal after normalization: the syntax-based and
    /// scheme-based rungs of the ladder (RFC 3986 section 6.2.2 and 6.2.3; with --ipv6,
    /// --nfc and --idna, the steps RFC 5952 and RFC 3987 section 5.3 add).
    #[command(
        after_help = "Examples:\n  uri equivalent 'HTTP://a:80/%7e' 'http://a/~'\n  if uri equivalent --status \"$a\" \"$b\"; then echo same; fi"
    )]
    Equivalent(normalize::EquivalentArgs),
    /// The scheme-specific view of each URI (RFC 1738 section 3), with security warnings.
    #[command(
        after_help = "Examples:\n  uri inspect 'ftp://myname@host.dom/%2Fetc/motd;type=a'\n  uri inspect --json 'gopher://mail.example.com:25/1%0D%0AHELO'"
    )]
    Inspect(inspect::InspectArgs),
    /// Find URIs in plain text (Appendix E: <URL:...>, <...>, quotes, bare URIs).
    #[command(
        after_help = "Examples:\n  uri extract mail.txt\n  uri extract --abbreviated --json notes.txt\n  uri extract --dialect rfc3987 page.txt"
    )]
    Extract(extract::ExtractArgs),
    /// Every link of HTML documents (href, src, srcset, action, cite, meta refresh ...), resolved.
    #[command(
        after_help = "Examples:\n  uri links --base https://example.com/dir/ page.html\n  curl -s https://example.com/ | uri links --base https://example.com/ --json"
    )]
    Links(links::LinksArgs),
    /// The base URI of a document and the layer that gave it (section 5.1).
    #[command(
        after_help = "Examples:\n  uri base --html page.html --retrieval https://example.com/a/\n  uri base -H 'Content-Location: /b/' --retrieval https://example.com/a/"
    )]
    Base(links::BaseArgs),
    /// Edit components of each URI reference (set, clear, append to the path, edit query parameters).
    #[command(
        after_help = "Examples:\n  uri set --host example.com --port 8080 https://curl.se/x\n  uri set --remove-query 'utm_*' --sort-query < urls.txt\n  uri set --append-path users --set-query page=2 https://api.example/v1"
    )]
    Set(Box<edit::SetArgs>),
    /// Print components of each URI reference through a template such as '{scheme}://{host}{path}'.
    #[command(
        after_help = "Examples:\n  uri get '{host}' https://example.com/a\n  uri get '{scheme}://{host}[:{port}]{path}' < urls.txt\n  uri get '{:query:q} {port:default}' 'https://s.example/?q=a%20b'"
    )]
    Get(edit::GetArgs),
    /// Complete abbreviated URIs typed by a person (Appendix F heuristics).
    #[command(
        after_help = "Examples:\n  uri guess www.w3.org/Addressing/ user@example.org localhost:8080"
    )]
    Guess(guess::GuessArgs),
    /// Percent-encode text for a component.
    #[command(
        after_help = "Examples:\n  uri encode --component path 'a b/c?d'\n  uri encode --component query 'x=1&y=2'"
    )]
    Encode(codec::EncodeArgs),
    /// Decode percent-encoded text.
    #[command(
        after_help = "Examples:\n  uri decode 'a%20b%2Fc'\n  uri decode --component form 'a+b%26c'"
    )]
    Decode(codec::DecodeArgs),
    /// Map IRI references to URI references (RFC 3987 section 3.1).
    #[command(
        after_help = "Examples:\n  uri to-uri 'http://www.example.org/Dürst'\n  uri to-uri --idna 'https://例え.テスト/パス'"
    )]
    ToUri(iri::ToUriArgs),
    /// Map URI references to IRI references (RFC 3987 section 3.2).
    #[command(after_help = "Examples:\n  uri to-iri 'http://xn--bcher-kva.example/D%C3%BCrst'")]
    ToIri(iri::ToIriArgs),
    /// Make near-URIs valid RFC 3986 references (encode what may not appear, strip quotes and
    /// brackets around them), reporting each change.
    #[command(
        after_help = "Examples:\n  uri repair ' \"http://example.com/a b|c\" '\n  uri repair --json < near-urls.txt"
    )]
    Repair(guess::RepairArgs),
    /// The two readings of each input side by side: RFC 3986 (RFC 3987 beyond ASCII) and the
    /// WHATWG URL Standard, and what a program and a browser would disagree on.
    #[command(
        after_help = "Examples:\n  uri compare 'http://evil.com\\@good.com/' 'http://0x7f.1/'\n  uri compare --json < urls.txt | jq -c 'select(.differences != [])'"
    )]
    Compare(whatwg::CompareArgs),
    /// URI Templates (RFC 6570).
    #[command(subcommand)]
    Template(template::TemplateCommand),
    /// Print a completion script for a shell: `uri completions bash > /etc/bash_completion.d/uri`.
    Completions {
        /// bash, zsh, fish, elvish or powershell.
        shell: clap_complete::Shell,
    },
    /// Print the whole manual page (roff): every command, the exit status, the error codes, the
    /// environment and examples: `uri man > uri.1; man ./uri.1`.
    Man,
}

/// `uri --version`: the version, the library's features this build has,
/// the byte classifier the parser uses on this processor, and the Public
/// Suffix List compiled in.
fn long_version() -> String {
    format!(
        "{} (urikit features: {}; parser: {}; public suffix list: {})",
        env!("CARGO_PKG_VERSION"),
        urikit::FEATURES.join(", "),
        urikit::classifier(),
        urikit::psl::VERSION
    )
}

fn main() -> ExitCode {
    use clap::{CommandFactory, FromArgMatches};
    let version: &'static str = Box::leak(long_version().into_boxed_str());
    let matches = Cli::command().long_version(version).get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    // The contract's statuses are 0, 1 and 2: a bug that panics is an
    // error (2) with a message, not Rust's 101.
    std::panic::set_hook(Box::new(|info| {
        let _ = writeln!(
            io::stderr(),
            "error: internal error, please report it with the input: {info}"
        );
    }));
    match std::panic::catch_unwind(|| run(cli)) {
        Ok(code) => code,
        Err(_) => ExitCode::from(2),
    }
}

/// Runs the command and turns its outcome into the exit status.
fn run(cli: Cli) -> ExitCode {
    let result = match cli.command {
        Command::Parse(a) => parse::run(a),
        Command::Check(a) => check::run(a),
        Command::Resolve(a) => resolve::resolve(a),
        Command::Relativize(a) => resolve::relativize(a),
        Command::Normalize(a) => normalize::normalize(a),
        Command::Equivalent(a) => normalize::equivalent(a),
        Command::Clean(a) => normalize::clean(a),
        Command::Surt(a) => crawl::surt(a),
        Command::Canonical(a) => crawl::canonical(a),
        Command::Safebrowsing(a) => crawl::safebrowsing(a),
        Command::Columns(a) => crawl::columns(a),
        Command::Inspect(a) => inspect::run(a),
        Command::Extract(a) => extract::run(a),
        Command::Links(a) => links::links(a),
        Command::ToUri(a) => iri::to_uri(a),
        Command::ToIri(a) => iri::to_iri(a),
        Command::Completions { shell } => {
            use clap::CommandFactory;
            clap_complete::generate(shell, &mut Cli::command(), "uri", &mut io::stdout());
            Ok(())
        }
        Command::Man => {
            use clap::CommandFactory;
            let version: &'static str = Box::leak(long_version().into_boxed_str());
            man::render(&Cli::command().version(version), &mut io::stdout().lock())
        }
        Command::Base(a) => links::base(a),
        Command::Set(a) => edit::set(*a),
        Command::Get(a) => edit::get(a),
        Command::Guess(a) => guess::run(a),
        Command::Repair(a) => guess::repair(a),
        Command::Encode(a) => codec::encode(a),
        Command::Template(c) => template::run(c),
        Command::Decode(a) => codec::decode(a),
        Command::Compare(a) => whatwg::compare_cmd(a),
    };
    match result {
        Ok(()) => ExitCode::from(status::code()),
        // A closed output pipe (`uri check big.txt | head`) ends quietly,
        // with the status of what was seen before it closed.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(status::code()),
        Err(e) => {
            let _ = writeln!(io::stderr(), "error: {e}");
            ExitCode::from(2)
        }
    }
}
