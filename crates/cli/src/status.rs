//! The exit status of the contract: 0 when every input was processed
//! successfully, 1 when at least one was invalid, 2 for a usage error or an
//! input that could not be read. It is recorded as the command goes, so
//! that a command stopped early (its output pipe closed, as in
//! `uri check big.txt | head`) still ends with the status of what it saw.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

static INVALID: AtomicBool = AtomicBool::new(false);
static UNREADABLE: AtomicBool = AtomicBool::new(false);

/// An input was invalid (or failed the operation).
pub fn invalid() {
    INVALID.store(true, Ordering::Relaxed);
}

/// Records `ok`: nothing when true, an invalid input when false.
pub fn record(ok: bool) {
    if !ok {
        invalid();
    }
}

/// An input (a file) could not be read; the command goes on with the
/// others and ends with status 2.
pub fn unreadable() {
    UNREADABLE.store(true, Ordering::Relaxed);
}

/// The exit status for what has been recorded.
pub fn code() -> u8 {
    if UNREADABLE.load(Ordering::Relaxed) {
        2
    } else if INVALID.load(Ordering::Relaxed) {
        1
    } else {
        0
    }
}

/// Reports a usage error found after the arguments were read (a malformed
/// template) and exits with status 2, as the contract says.
pub fn usage_error(message: &str) -> ! {
    let _ = writeln!(std::io::stderr(), "error: {message}");
    std::process::exit(2)
}
