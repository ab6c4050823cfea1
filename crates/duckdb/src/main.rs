//! `urikit-duckdb-extension OUT`: writes the DuckDB extension to `OUT`
//! (conventionally `urikit.duckdb_extension`): the extension library built
//! beside this program, with the metadata footer DuckDB checks.
//!
//! ```text
//! cargo build --release -p urikit-duckdb
//! target/release/urikit-duckdb-extension target/urikit.duckdb_extension
//! duckdb -unsigned -c "LOAD 'target/urikit.duckdb_extension'; SELECT uri_host('http://a/b')"
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

use urikit_duckdb::footer;

fn main() -> ExitCode {
    let Some(out) = std::env::args_os().nth(1).map(PathBuf::from) else {
        eprintln!("usage: urikit-duckdb-extension OUT (the extension file to write)");
        return ExitCode::from(2);
    };
    match write(&out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("urikit-duckdb-extension: {e}");
            ExitCode::FAILURE
        }
    }
}

fn write(out: &std::path::Path) -> Result<(), String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
    let dir = exe.parent().ok_or("this program has no directory")?;
    let name = format!(
        "{}urikit_duckdb{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    );
    let lib = dir.join(&name);
    let mut bytes = std::fs::read(&lib).map_err(|e| {
        format!(
            "cannot read {} ({e}); build it with cargo build -p urikit-duckdb",
            lib.display()
        )
    })?;
    let platform = footer::platform().ok_or("DuckDB has no build for this platform")?;
    let version = concat!("v", env!("CARGO_PKG_VERSION"));
    bytes.extend_from_slice(&footer::footer(platform, version));
    // Written beside, then renamed: a reader never sees half a file.
    let tmp = out.with_extension("partial");
    std::fs::write(&tmp, &bytes).map_err(|e| format!("cannot write {}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, out).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    Ok(())
}
