"""urikit's column functions as DuckDB SQL functions.

>>> import duckdb, urikit.duckdb
>>> con = duckdb.connect()
>>> names = urikit.duckdb.register(con)
>>> con.sql("SELECT uri_host('http://a/b'), uri_port_number('https://h/')").fetchall()
[('a', 443)]

Every function of ``urikit.arrow.SPECS`` is registered as an Arrow UDF:
DuckDB hands each vector to Python as Arrow arrays, urikit reads them in
Rust. The first argument is ``VARCHAR``; the optional ones (a dialect,
``drop``, ``idna``) may be given or left out, as in the contract. NULLs
reach urikit (``null_handling='special'``), so that the contract's NULL
rules hold exactly.
"""

from __future__ import annotations

from typing import Any

import duckdb
import pyarrow as pa

from urikit import _urikit
from urikit.arrow import SPECS

__all__ = ["duckdb_type", "register"]


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


def register(con: Any) -> list[str]:
    """Registers every column function in ``con`` (a DuckDB connection);
    returns their names."""
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
