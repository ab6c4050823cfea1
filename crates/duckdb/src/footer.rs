//! The metadata footer: the 512 bytes DuckDB reads at the end of a file
//! before it loads it as an extension. Eight fields of 32 bytes, zero
//! padded and stored last field first (the magic value `4` ends the
//! first 256 bytes), then a signature of 256 bytes (zeros: the extension
//! is unsigned, and loads where `allow_unsigned_extensions` is set).

/// The C API version the extension asks DuckDB for: the function table of
/// C API v1 as of DuckDB 1.5.6. Every function the extension calls is
/// stable at that version (the newest it calls, writing a string without
/// checking its UTF-8 again, became stable there), so one binary loads into
/// DuckDB 1.5.6 and every later release with C API v1 (DuckDB 2.0
/// included); an older DuckDB refuses the file, naming the version. (The
/// bindings read the table as 1.5.6 lays it out: asking for less would let
/// them read past an older DuckDB's shorter table.)
pub const CAPI_VERSION: &str = "v1.5.6";

/// The name DuckDB knows the extension by: the file is
/// `urikit.duckdb_extension`, its entry point `urikit_init_c_api`.
pub const NAME: &str = "urikit";

/// The footer's length.
pub const LEN: usize = 512;

/// DuckDB's name for the platform the extension was built for (`PRAGMA
/// platform`), or `None` for one it has no build of.
///
/// ```
/// let p = urikit_duckdb::footer::platform();
/// assert!(p.is_none_or(|p| p.contains('_')));
/// ```
pub fn platform() -> Option<&'static str> {
    let os = if cfg!(target_os = "linux") {
        "linux"
    } else if cfg!(target_os = "macos") {
        "osx"
    } else if cfg!(target_os = "windows") {
        "windows"
    } else {
        return None;
    };
    let arch = if cfg!(target_arch = "x86_64") {
        "amd64"
    } else if cfg!(target_arch = "aarch64") {
        "arm64"
    } else {
        return None;
    };
    Some(match (os, arch) {
        ("linux", "amd64") => "linux_amd64",
        ("linux", _) => "linux_arm64",
        ("osx", "amd64") => "osx_amd64",
        ("osx", _) => "osx_arm64",
        ("windows", "amd64") => "windows_amd64",
        _ => "windows_arm64",
    })
}

/// The footer of an unsigned C API extension for `platform`, at
/// `version` (the extension's own version).
///
/// ```
/// let f = urikit_duckdb::footer::footer("linux_amd64", "v0.1.0");
/// assert_eq!(f.len(), 512);
/// assert_eq!(&f[224..226], b"4\0");
/// assert_eq!(&f[96..104], b"C_STRUCT");
/// ```
pub fn footer(platform: &str, version: &str) -> [u8; LEN] {
    // Field k (0: the magic value) is stored at 32 * (7 - k).
    let fields = ["4", platform, CAPI_VERSION, version, "C_STRUCT"];
    let mut out = [0u8; LEN];
    for (k, field) in fields.iter().enumerate() {
        let at = 32 * (7 - k);
        let bytes = &field.as_bytes()[..field.len().min(32)];
        out[at..at + bytes.len()].copy_from_slice(bytes);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each field where DuckDB's reader looks for it (fields reversed,
    /// zeros stripped), and nothing in the signature.
    #[test]
    fn fields_read_back() {
        let f = footer("linux_amd64", "v0.1.0");
        let field = |k: usize| {
            let raw = &f[32 * (7 - k)..32 * (8 - k)];
            let end = raw.iter().rposition(|&b| b != 0).map_or(0, |p| p + 1);
            std::str::from_utf8(&raw[..end]).unwrap().to_owned()
        };
        assert_eq!(field(0), "4");
        assert_eq!(field(1), "linux_amd64");
        assert_eq!(field(2), "v1.5.6");
        assert_eq!(field(3), "v0.1.0");
        assert_eq!(field(4), "C_STRUCT");
        assert!((5..8).all(|k| field(k).is_empty()));
        assert!(f[256..].iter().all(|&b| b == 0));
    }
}
