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
pub struct DialectArg {
    /// The specification whose grammar and resolution rules apply.
    #[arg(long, value_name = "NAME", value_parser = dialect_parser(), default_value = "rfc3986")]
    pub dialect: Dialect,
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
