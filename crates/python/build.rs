//! Builds the DuckDB extension (the `urikit-duckdb` crate, in release, in
//! a target directory of its own beside the workspace's, so that this
//! build's lock is not waited on) and leaves the file in `OUT_DIR`, where
//! the module embeds it: `urikit.duckdb.register` loads it into DuckDB, so
//! that the package carries the extension a wheel's users need.

use std::path::PathBuf;
use std::process::Command;

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let workspace = manifest.join("../..");
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace.join("target"))
        .join("duckdb-extension");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets it"))
        .join("urikit.duckdb_extension");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    // The library (the extension) and the program that writes its file.
    let status = Command::new(cargo)
        .args([
            "build",
            "--release",
            "--quiet",
            "--locked",
            "-p",
            "urikit-duckdb",
        ])
        .arg("--manifest-path")
        .arg(workspace.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(&target)
        // The outer build's wrappers and flags (clippy's driver, a
        // target's flags) are not the extension's.
        .env_remove("RUSTC_WORKSPACE_WRAPPER")
        .env_remove("RUSTC_WRAPPER")
        .env_remove("CLIPPY_ARGS")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_TARGET_DIR")
        .env_remove("CARGO_BUILD_TARGET")
        .status()
        .expect("cannot run cargo to build the DuckDB extension");
    assert!(status.success(), "building the DuckDB extension failed");
    let exe = format!("urikit-duckdb-extension{}", std::env::consts::EXE_SUFFIX);
    let status = Command::new(target.join("release").join(exe))
        .arg(&out)
        .status()
        .expect("cannot run the program that writes the DuckDB extension");
    assert!(status.success(), "writing the DuckDB extension failed");
    for dir in [
        "../duckdb",
        "../columns",
        "../urikit/src",
        "../urikit/Cargo.toml",
    ] {
        println!("cargo:rerun-if-changed={dir}");
    }
    println!("cargo:rerun-if-changed=../../Cargo.lock");
    println!("cargo:rerun-if-env-changed=CARGO_TARGET_DIR");
}
