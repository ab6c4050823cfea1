"""urikit's column functions in DuckDB: the native extension.

>>> import duckdb, urikit.duckdb
>>> con = urikit.duckdb.connect()
>>> names = urikit.duckdb.register(con)
>>> con.sql("SELECT uri_host('http://a/b'), uri_port_number('https://h/')").fetchall()
[('a', 443)]

The package carries ``urikit.duckdb_extension``, a DuckDB extension written
in Rust on DuckDB's C extension API (the ``urikit-duckdb`` crate): DuckDB
calls it on its own vectors, in its own threads, with no Python and no
Arrow between the engine and the library. The same file loads in the
``duckdb`` shell (``duckdb -unsigned``, then ``LOAD 'path'``, the path
from :func:`extension_path`) and in any other client; it asks for C API
v1 as of DuckDB 1.5.6, so it loads into DuckDB 1.5.6 and later.

DuckDB loads an extension it has not signed only into a database started
with ``allow_unsigned_extensions`` (a setting that cannot change once the
database runs): :func:`connect` opens one so. On a connection that does not
allow it, :func:`register` registers the same functions as Arrow UDFs
instead (DuckDB hands each vector to Python, urikit reads it in Rust): the
same answers, at the cost of a Python call per vector.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa

from urikit import _urikit
from urikit.arrow import FUNCTIONS, SPECS

__all__ = ["connect", "duckdb_type", "extension_path", "register"]


def extension_path() -> str:
    """The path of the DuckDB extension the package carries, written once
    per build into the user's cache directory (``$XDG_CACHE_HOME/urikit``,
    else ``~/.cache/urikit``; the temporary directory when neither can be
    written).

    >>> extension_path().endswith("urikit.duckdb_extension")
    True
    """
    data = _urikit.duckdb_extension()
    digest = hashlib.sha256(data).hexdigest()[:16]
    roots = [Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "urikit"]
    roots.append(Path(tempfile.gettempdir()) / "urikit")
    for root in roots:
        path = root / digest / "urikit.duckdb_extension"
        if path.is_file() and path.stat().st_size == len(data):
            return str(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            # Written beside, then renamed: another process never loads
            # half a file.
            fd, tmp = tempfile.mkstemp(dir=path.parent)
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, path)
            return str(path)
        except OSError:
            continue
    raise OSError("cannot write urikit.duckdb_extension to a cache or temporary directory")


def connect(database: str = ":memory:", config: dict[str, Any] | None = None, **kw: Any) -> Any:
    """A DuckDB connection that may load the extension
    (``allow_unsigned_extensions``), with urikit's functions registered.

    >>> connect().sql("SELECT uri_is_valid('a b')").fetchall()
    [(False,)]
    """
    con = duckdb.connect(database, config={**(config or {}), "allow_unsigned_extensions": True}, **kw)
    register(con, native=True)
    return con


def _allows_unsigned(con: Any) -> bool:
    rows = con.sql("SELECT current_setting('allow_unsigned_extensions')").fetchall()
    return bool(rows and rows[0][0])


def duckdb_type(t: pa.DataType) -> str:
    """The DuckDB SQL type of an Arrow type.

    >>> duckdb_type(SPECS["uri_error"]["type"])
    'STRUCT("code" VARCHAR, "offset" BIGINT, "message" VARCHAR)'
    >>> duckdb_type(SPECS["uri_path_segments"]["type"])
    'VARCHAR[]'
    """
    if pa.types.is_string(t) or pa.types.is_large_string(t):
        return "VARCHAR"
    if pa.types.is_boolean(t):
        return "BOOLEAN"
    if pa.types.is_int32(t):
        return "INTEGER"
    if pa.types.is_int64(t):
        return "BIGINT"
    if pa.types.is_list(t) or pa.types.is_large_list(t):
        return f"{duckdb_type(t.value_type)}[]"
    if pa.types.is_struct(t):
        return "STRUCT(" + ", ".join(f'"{f.name}" {duckdb_type(f.type)}' for f in t) + ")"
    raise TypeError(f"no DuckDB type for {t}")


def _batch(name: str):
    def run(*cols: Any) -> Any:
        return _urikit.call(name, *cols)

    return run


def register(con: Any, native: bool | None = None) -> list[str]:
    """Registers every column function in ``con`` (a DuckDB connection);
    returns their names.

    ``native``: ``True`` loads the extension (an error when ``con`` does not
    allow unsigned extensions, naming the setting); ``False`` registers the
    Arrow UDFs; ``None`` (the default) loads the extension where ``con``
    allows it and registers the Arrow UDFs where it does not.

    >>> import duckdb
    >>> con = duckdb.connect()
    >>> len(register(con, native=False)) == len(FUNCTIONS)
    True
    """
    if native is None:
        native = _allows_unsigned(con)
    if native:
        if not _allows_unsigned(con):
            raise ValueError(
                "this DuckDB database does not allow unsigned extensions, and urikit's is not "
                "signed by DuckDB: open it with config={'allow_unsigned_extensions': True} "
                "(urikit.duckdb.connect does), or pass native=False for the Arrow UDFs"
            )
        con.load_extension(extension_path())
        return list(FUNCTIONS)
    names = []
    for name, spec in SPECS.items():
        con.create_function(
            name,
            _batch(name),
            [duckdb.sqltypes.VARCHAR],
            duckdb.type(duckdb_type(spec["type"])),
            type="arrow",
            null_handling="special",
        )
        names.append(name)
    return names
