"""urikit's column functions as DataFusion SQL functions.

>>> from datafusion import SessionContext
>>> import urikit.datafusion
>>> ctx = SessionContext()
>>> names = urikit.datafusion.register(ctx)
>>> ctx.sql("SELECT uri_host('http://a/b') AS h").to_pylist()
[{'h': 'a'}]

Every function of ``urikit.arrow.SPECS`` is registered as a Python UDF,
vectorized: DataFusion hands each batch to Python as Arrow arrays.
DataFusion's Python UDFs have one exact signature each, so a function
takes its required arguments only, all ``Utf8``; the optional ones take
their defaults, and ``register(ctx, dialect=...)`` chooses the dialect for
every function at once. Columns read as ``Utf8View`` (DataFusion's choice
for Parquet) need ``arrow_cast(col, 'Utf8')``; ``register`` turns the view
types off for Parquet so that this is rarely needed.
"""

from __future__ import annotations

from typing import Any

import pyarrow as pa
from datafusion import udf

from urikit import _urikit
from urikit.arrow import SPECS

__all__ = ["register"]


def _batch(name: str, extra: list[Any]):
    def run(*cols: pa.Array) -> pa.Array:
        return _urikit.call(name, *cols, *extra)

    return run


def register(ctx: Any, *, dialect: str | None = None) -> list[str]:
    """Registers every column function in ``ctx`` (a ``SessionContext``),
    reading references by ``dialect`` (RFC 3986 when None); returns their
    names."""
    from urikit import DIALECTS

    if dialect is not None and dialect not in DIALECTS:
        raise ValueError(f"unknown dialect {dialect!r}; expected one of: {', '.join(DIALECTS)}")
    ctx.sql("SET datafusion.execution.parquet.schema_force_view_types = false").collect()
    names = []
    for name, spec in SPECS.items():
        required = spec["required"]
        extra: list[Any] = []
        kinds = [k for _, k in spec["params"]]
        if dialect is not None and "dialect" in kinds:
            # The optional arguments before the dialect keep their defaults.
            extra = [None] * (kinds.index("dialect") - required) + [dialect]
        inputs = [pa.string()] * (1 + required)
        ctx.register_udf(udf(_batch(name, extra), inputs, spec["type"], "immutable", name))
        names.append(name)
    return names
