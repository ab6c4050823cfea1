"""urikit's column functions as a Polars expression namespace, ``uri``.

>>> import polars as pl
>>> import urikit.polars
>>> df = pl.DataFrame({"u": ["http://a.example.co.uk/p?x=1", "bad url", None]})
>>> df.select(pl.col("u").uri.registrable_domain()).to_series().to_list()
['example.co.uk', None, None]
>>> df.select(pl.col("u").uri.query_param("x")).to_series().to_list()
['1', None, None]

Each function of ``urikit.arrow.SPECS`` is a method, by its name without
``uri_``; an argument may be a Python value or another expression. The
batches go to Rust as Arrow arrays, with no Python call per row.
"""

from __future__ import annotations

from typing import Any

import polars as pl
import pyarrow as pa

from urikit import _urikit
from urikit.arrow import SPECS, bind

__all__ = ["UriNamespace"]


def _dtype(t: pa.DataType) -> pl.DataType:
    return pl.from_arrow(pa.array([], t)).dtype


def _series(out: Any) -> pl.Series:
    return pl.from_arrow(out)


def _strings(s: pl.Series) -> pl.Series:
    # A column of nothing but NULL has Polars' Null type, whose export
    # arrow-rs refuses ("doesn't expect buffer at index 0"): as strings,
    # every row NULL, NULL comes back (functions.md).
    return s.cast(pl.String) if s.dtype == pl.Null else s


def _method(name: str, spec: dict[str, Any]):
    params = spec["params"]
    required = spec["required"]
    dtype = _dtype(spec["type"])
    short = name.removeprefix("uri_")

    def method(self: UriNamespace, *args: Any, **kwargs: Any) -> pl.Expr:
        values = bind(f"uri.{short}", params, required, args, kwargs)
        exprs = [i for i, v in enumerate(values) if isinstance(v, pl.Expr)]
        if not exprs:
            return self._expr.map_batches(
                # The series goes over the C stream interface, and each
                # thread's part comes back as a chunk: nothing is copied to
                # join them.
                lambda s: _series(_urikit.call(name, _strings(s), *values)),
                return_dtype=dtype,
                is_elementwise=True,
            )

        def run(series: list[pl.Series]) -> pl.Series:
            it = iter(series[1:])
            args = [_strings(next(it)).to_arrow() if i in exprs else v for i, v in enumerate(values)]
            return _series(_urikit.call(name, _strings(series[0]).to_arrow(), *args))

        return pl.map_batches(
            [self._expr, *[values[i] for i in exprs]], run, return_dtype=dtype,
            is_elementwise=True,
        )

    method.__name__ = short
    method.__doc__ = f"{spec['doc']}\n\nThe SQL function ``{name}``."
    return method


@pl.api.register_expr_namespace("uri")
class UriNamespace:
    """``pl.col(...).uri``: urikit's column functions on an expression."""

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr


for _name, _spec in SPECS.items():
    setattr(UriNamespace, _name.removeprefix("uri_"), _method(_name, _spec))
del _name, _spec
