//! urikit's column functions as a DuckDB extension, written on DuckDB's C
//! extension API: every function of the contract (`functions.md`), every
//! argument form, over DuckDB's own vectors (no Arrow export, no Python).
//!
//! Build it and load it from the `duckdb` shell (an extension we build is
//! unsigned, so DuckDB must be started with `-unsigned`, or
//! `allow_unsigned_extensions` set):
//!
//! ```text
//! cargo build --release -p urikit-duckdb
//! target/release/urikit-duckdb-extension urikit.duckdb_extension
//! duckdb -unsigned
//! D LOAD 'urikit.duckdb_extension';
//! D SELECT uri_host('http://example.com/a'), uri_port_number('https://h/');
//! ```
//!
//! The file is the library this crate builds (`liburikit_duckdb.so`) with
//! DuckDB's metadata footer ([`footer`]) appended. It asks DuckDB for C API
//! v1 at [`footer::CAPI_VERSION`] and calls nothing newer, so the one
//! binary loads into DuckDB 1.5.6 and later (tested with 1.5.6, the
//! `duckdb` shell, and 2.0.0, the Python module). From
//! Python, `urikit.duckdb.register(con)` loads the copy the package
//! carries.
//!
//! The files, each using only those before it: `footer` (the metadata),
//! `vector` (DuckDB's vectors read and written), `function` (the
//! registration and the one callback), and this one, the entry point.

pub mod footer;
mod function;
mod vector;

use libduckdb_sys as ffi;

/// The entry point DuckDB calls when it loads `urikit.duckdb_extension`
/// (`<name>_init_c_api`): the C API's function table fetched, then every
/// function registered on a connection of its own. `false`, with the
/// error set through `access`, when DuckDB's C API is older than the
/// extension needs or a registration fails; a panic is caught here and
/// reported the same way, never unwound into DuckDB.
///
/// # Safety
/// Called by DuckDB alone, with the `info` and `access` of the load.
#[no_mangle]
pub unsafe extern "C" fn urikit_init_c_api(
    info: ffi::duckdb_extension_info,
    access: *const ffi::duckdb_extension_access,
) -> bool {
    // SAFETY: DuckDB passes a valid `access` for the duration of the call.
    let done = urikit_columns::catch(|| unsafe { init(info, access) });
    let error = match done {
        Ok(Ok(())) => return true,
        Ok(Err(e)) => e,
        Err(e) => format!("urikit, while loading: {e}"),
    };
    let error = std::ffi::CString::new(error.replace('\0', " ")).expect("NULs replaced");
    // SAFETY: as above; DuckDB copies the message.
    unsafe {
        if let Some(set_error) = (*access).set_error {
            set_error(info, error.as_ptr());
        }
    }
    false
}

/// # Safety
/// As [`urikit_init_c_api`].
unsafe fn init(
    info: ffi::duckdb_extension_info,
    access: *const ffi::duckdb_extension_access,
) -> Result<(), String> {
    // SAFETY: per the caller; the connection opened here is closed here.
    unsafe {
        match ffi::duckdb_rs_extension_api_init(info, access, footer::CAPI_VERSION) {
            Ok(true) => {}
            // DuckDB has set the error itself.
            Ok(false) => {
                return Err(format!(
                "urikit: this DuckDB does not offer C API {}; urikit needs DuckDB 1.5.6 or later",
                footer::CAPI_VERSION
            ))
            }
            Err(e) => return Err(format!("urikit: {e}")),
        }
        let get_database = (*access)
            .get_database
            .ok_or("urikit: DuckDB gave no database")?;
        let db = get_database(info);
        if db.is_null() {
            return Err("urikit: DuckDB gave no database".to_owned());
        }
        let mut con: ffi::duckdb_connection = std::ptr::null_mut();
        if ffi::duckdb_connect(*db, &mut con) != ffi::DuckDBSuccess {
            return Err("urikit: cannot open a connection to register the functions".to_owned());
        }
        let done = function::register(con);
        ffi::duckdb_disconnect(&mut con);
        done
    }
}
