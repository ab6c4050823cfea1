//! `uri guess`: abbreviated URIs typed by a person (Appendix F).

use std::io;

use clap::Args;

use crate::args;
use crate::each::{each_value, Output};
use crate::json::ErrorRecord;

/// The options of `uri guess`.
#[derive(Args)]
pub struct GuessArgs {
    #[command(flatten)]
    json: args::Json,
    /// Texts to complete; standard input, one per line, when none.
    texts: Vec<String>,
}

/// Completes each text into an absolute URI, or says there is no guess.
pub fn run(a: GuessArgs) -> io::Result<()> {
    let output = Output {
        json: a.json.json,
        base: None,
        jobs: 1,
    };
    each_value(a.texts, output, |t| {
        urikit::guess(t).ok_or_else(|| ErrorRecord {
            code: "not-host-like",
            offset: 0,
            message: "no guess: the text does not look like an abbreviated URI (a host name, \
                      host:port, user@domain)"
                .to_owned(),
        })
    })
}
