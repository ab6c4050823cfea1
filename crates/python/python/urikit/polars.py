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
methods are a Polars expression plugin: the package's compiled module is
also a library Polars loads, and calls on its own threads (and in its
streaming engine) with the columns' Arrow arrays, with no Python call per
batch.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polars as pl
import pyarrow as pa
from polars.plugins import register_plugin_function

from urikit import _urikit
from urikit.arrow import SPECS, bind

__all__ = ["UriNamespace"]

# The plugin: the compiled module itself.
_PLUGIN = Path(_urikit.__file__).resolve()


def _method(name: str, spec: dict[str, Any]):
    params = spec["params"]
    required = spec["required"]
    short = name.removeprefix("uri_")

    def method(self: UriNamespace, *args: Any, **kwargs: Any) -> pl.Expr:
        values = bind(f"uri.{short}", params, required, args, kwargs)
        inputs = [self._expr]
        literal = []
        for (_, kind), v in zip(params, values):
            if isinstance(v, pl.Expr):
                inputs.append(v)
                literal.append(False)
            else:
                inputs.append(pl.lit(v, dtype=pl.Boolean if kind == "bool" else pl.String))
                literal.append(True)
        return register_plugin_function(
            plugin_path=_PLUGIN,
            function_name="uri",
            args=inputs,
            kwargs={"function": name, "literal": literal},
            is_elementwise=True,
            use_abs_path=True,
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
