//! The flags that several subcommands share, each declared once and
//! flattened into the subcommands that take it.

use clap::builder::TypedValueParser;
use clap::Args;
use urikit::Dialect;

/// `--json`: one JSON object per input (JSON Lines), as the contract says.
#[derive(Args, Clone, Copy, Debug)]
pub struct Json {
    /// One JSON object per input (JSON Lines), as documented in the contract.
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

    /// The parser of the dialect, with zone identifiers if asked for; a
    /// usage error (exit status 2) when they are asked for under a dialect
    /// that has none.
    pub fn parser(self) -> urikit::Parser {
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
