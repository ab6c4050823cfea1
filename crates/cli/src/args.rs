//! The flags that several subcommands share, each declared once and
//! flattened into the subcommands that take it.

use clap::builder::TypedValueParser;
use clap::Args;
use urikit::Dialect;

/// `--json`: one JSON object per input (JSON Lines), as the contract says.
#[derive(Args, Clone, Copy, Debug)]
pub struct Json {
    /// One JSON object per input (JSON Lines), the records docs/cli.md describes.
    #[arg(long)]
    pub json: bool,
}

/// `--dialect NAME`: the specification whose grammar (and resolution)
/// applies.
#[derive(Args, Clone, Copy, Debug)]
pub struct DialectName {
    /// The specification whose grammar and resolution rules apply.
    #[arg(long, value_name = "NAME", value_parser = dialect_parser(), default_value = "rfc3986")]
    pub dialect: Dialect,
}

/// `--dialect NAME` and `--zone-ids`: how the commands that parse
/// references read them.
#[derive(Args, Clone, Copy, Debug)]
pub struct DialectArg {
    #[command(flatten)]
    pub name: DialectName,
    #[command(flatten)]
    pub zones: ZoneIds,
}

impl DialectArg {
    /// The dialect.
    pub fn dialect(self) -> Dialect {
        self.name.dialect
    }

    /// Whether it is the URL Standard's reading (`--dialect whatwg`),
    /// which `--zone-ids` does not apply to.
    pub fn whatwg(self) -> bool {
        if self.dialect() == Dialect::Whatwg && self.zones.zone_ids {
            crate::status::usage_error(
                "--zone-ids applies to the rfc3986 and rfc3987 dialects, not to whatwg",
            );
        }
        self.dialect() == Dialect::Whatwg
    }

    /// The parser of the dialect, with zone identifiers if asked for; a
    /// usage error (exit status 2) when they are asked for under a dialect
    /// that has none.
    pub fn parser(self) -> urikit::Parser {
        if self.dialect() == Dialect::Whatwg {
            crate::status::usage_error(
                "--dialect whatwg (the URL Standard's parser, not a grammar) applies to parse, \
                 resolve, normalize, equivalent and set; `uri compare` sets both readings side \
                 by side",
            );
        }
        if self.zones.zone_ids && !self.dialect().is_rfc3986_family() {
            crate::status::usage_error(&format!(
                "--zone-ids extends RFC 3986 (RFC 6874) and applies to the rfc3986 and rfc3987 \
                 dialects, not to {}",
                self.dialect().name()
            ));
        }
        self.zones.parser(self.dialect())
    }
}

/// `--zone-ids`: IPv6 zone identifiers (RFC 6874) accepted in IP literals.
#[derive(Args, Clone, Copy, Debug)]
pub struct ZoneIds {
    /// Also accept an IPv6 zone identifier in an IP literal, as in
    /// `http://[fe80::1%25eth0]/` (RFC 6874; not part of RFC 3986).
    #[arg(long)]
    pub zone_ids: bool,
}

impl ZoneIds {
    /// The parser of `dialect`, with zone identifiers if asked for.
    pub fn parser(self, dialect: Dialect) -> urikit::Parser {
        urikit::Parser::new(dialect).zone_ids(self.zone_ids)
    }
}

/// Where the error of an input that fails goes (`--errors`).
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Errors {
    /// In the input's place on standard output (one line or record per
    /// input, in order).
    #[default]
    Inline,
    /// To standard error, so that standard output holds only results (a
    /// pipe such as `uri get '{host}' | sort | uniq -c`).
    Stderr,
    /// Nowhere (the exit status still says that an input failed).
    Skip,
}

impl Errors {
    /// Where an input's answer is written: `out` for a result, and for an
    /// error `inline`; `err` for an error under `stderr`; nowhere (`None`)
    /// for an error under `skip`.
    pub fn route<'a>(
        self,
        ok: bool,
        out: &'a mut dyn std::io::Write,
        err: &'a mut dyn std::io::Write,
    ) -> Option<&'a mut dyn std::io::Write> {
        match (ok, self) {
            (true, _) | (false, Errors::Inline) => Some(out),
            (false, Errors::Stderr) => Some(err),
            (false, Errors::Skip) => None,
        }
    }
}

/// `--errors WHERE`: where a failed input's error goes.
#[derive(Args, Clone, Copy, Debug)]
pub struct ErrorsArg {
    /// Where the error of an input that fails goes: in its place (inline), to standard error
    /// (stderr), so that standard output holds only results, or nowhere (skip); the exit status
    /// is 1 either way.
    #[arg(long = "errors", value_name = "WHERE", value_enum, default_value_t = Errors::Inline)]
    pub errors: Errors,
}

/// `--web`, `--require-absolute`, `--require-host`, `--require-scheme`:
/// what an input must have besides a valid syntax ([`urikit::Requirements`]).
#[derive(Args, Clone, Debug)]
pub struct RequireArgs {
    /// Accept only web URLs: absolute, http or https, with a host (missing-scheme,
    /// scheme-not-allowed, missing-authority or missing-host otherwise).
    #[arg(long)]
    pub web: bool,
    /// Accept only absolute URIs, with a scheme (missing-scheme otherwise).
    #[arg(long)]
    pub require_absolute: bool,
    /// Accept only references with a non-empty host (missing-authority or missing-host
    /// otherwise).
    #[arg(long)]
    pub require_host: bool,
    /// Accept only these schemes, comma-separated (scheme-not-allowed otherwise).
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub require_scheme: Vec<String>,
}

impl RequireArgs {
    /// The requirements, borrowing the scheme list `schemes` (made by
    /// [`RequireArgs::scheme_list`]).
    pub fn get<'a>(&self, schemes: &'a [&'a str]) -> urikit::Requirements<'a> {
        let mut r = if self.web {
            urikit::Requirements::WEB
        } else {
            urikit::Requirements::NONE
        };
        r = r
            .absolute(self.web || self.require_absolute)
            .host(self.web || self.require_host);
        if !schemes.is_empty() {
            r = r.schemes(schemes);
        }
        r
    }

    /// The schemes of `--require-scheme`, as a list to borrow.
    pub fn scheme_list(&self) -> Vec<&str> {
        self.require_scheme.iter().map(String::as_str).collect()
    }
}

/// Whether `u` (read from `input`) meets `r`: the error record in its place
/// where it does not.
pub fn meets(
    r: &urikit::Requirements<'_>,
    u: &urikit::UriRef<'_>,
) -> Result<(), crate::json::ErrorRecord> {
    r.check(u).map_err(crate::json::ErrorRecord::from)
}

/// `--jobs N`: threads to work with.
#[derive(Args, Clone, Copy, Debug)]
pub struct Jobs {
    /// Threads to work with (0: one per core; at most one per core); the
    /// output stays in input order.
    #[arg(long = "jobs", default_value_t = 1, value_name = "N")]
    jobs: usize,
}

impl Jobs {
    /// The number of threads to use.
    pub fn get(self) -> usize {
        crate::batch::jobs(self.jobs)
    }
}

/// Parses a `--dialect` value: one of the library's dialect names.
fn dialect_parser() -> impl TypedValueParser<Value = Dialect> {
    clap::builder::PossibleValuesParser::new(Dialect::ALL.map(Dialect::name))
        .map(|name| Dialect::from_name(&name).expect("only known names are possible"))
}
