"""urikit's column functions as Spark SQL functions.

>>> import urikit.spark                                   # doctest: +SKIP
>>> urikit.spark.register(spark)                          # doctest: +SKIP
>>> spark.sql("SELECT uri_host('http://a/b')").first()[0]  # doctest: +SKIP
'a'

Every function of ``urikit.arrow.SPECS`` is registered under its SQL name,
with its Spark type (structs and arrays included). On Spark 4.1 and later
the functions are Arrow UDFs (``arrow_udf``): Spark hands each batch to
Python as Arrow arrays and urikit reads them in Rust, with no Python call
per row. On Spark 3.5 and 4.0 (no ``arrow_udf``) they are ``pandas_udf``s,
which cost a conversion through pandas, and where a NULL struct (the
``uri_error`` of a valid reference) arrives as a struct of NULL fields,
since a pandas UDF cannot return a NULL struct. The optional arguments (a dialect,
``drop``, ``idna``) may be given or left out, as in the contract.

On a cluster the executors need the package too: install the wheel on
them, or ship it (see docs/engines.md).
"""

from __future__ import annotations

import warnings
from typing import Any

import pyarrow as pa

from urikit import _urikit
from urikit.arrow import SPECS

__all__ = ["register", "spark_type"]


def spark_type(t: pa.DataType) -> str:
    """The Spark SQL (DDL) type of an Arrow type.

    >>> spark_type(SPECS["uri_error"]["type"])
    'struct<code:string,offset:bigint,message:string>'
    >>> spark_type(SPECS["uri_query_params"]["type"])
    'array<struct<key:string,value:string>>'
    """
    if pa.types.is_string(t) or pa.types.is_large_string(t):
        return "string"
    if pa.types.is_boolean(t):
        return "boolean"
    if pa.types.is_int32(t):
        return "int"
    if pa.types.is_int64(t):
        return "bigint"
    if pa.types.is_list(t) or pa.types.is_large_list(t):
        return f"array<{spark_type(t.value_type)}>"
    if pa.types.is_struct(t):
        fields = ",".join(f"{f.name}:{spark_type(f.type)}" for f in t)
        return f"struct<{fields}>"
    raise TypeError(f"no Spark type for {t}")


def _arrow_batch(name: str, expected: pa.DataType):
    def run(*cols: pa.Array) -> pa.Array:
        out = _urikit.call(name, *cols)
        # Spark may send large_string (spark.sql.execution.arrow.useLargeVarTypes)
        # and then expects it back.
        return out if out.type == expected else out.cast(expected)

    return run


def _pandas_batch(name: str):
    import pandas as pd

    def run(*cols: Any):
        arrays = [pa.Array.from_pandas(c) for c in cols]
        out = _urikit.call(name, *arrays)
        if pa.types.is_struct(out.type):
            return pd.DataFrame({f.name: out.field(i).to_pandas() for i, f in enumerate(out.type)})
        return out.to_pandas()

    return run


def register(spark: Any, *, mode: str | None = None) -> list[str]:
    """Registers every column function in ``spark`` (a ``SparkSession``);
    returns their names. ``mode`` is ``"arrow"`` (Arrow UDFs, the default
    where Spark has them) or ``"pandas"`` (pandas UDFs)."""
    if mode is None:
        try:
            from pyspark.sql.functions import arrow_udf  # noqa: F401

            mode = "arrow"
        except ImportError:
            mode = "pandas"
    if mode not in ("arrow", "pandas"):
        raise ValueError(f"unknown mode {mode!r}; expected 'arrow' or 'pandas'")
    names = []
    for name, spec in SPECS.items():
        ddl = spark_type(spec["type"])
        if mode == "arrow":
            from pyspark.sql.functions import ArrowUDFType, arrow_udf

            # The functions take a variable number of columns, which type
            # hints cannot say: the UDF's kind is given instead.
            with warnings.catch_warnings():
                warnings.filterwarnings("ignore", "It is preferred to specify type hints")
                udf = arrow_udf(_arrow_batch(name, _spark_arrow_type(spark, spec["type"])), ddl,
                                ArrowUDFType.SCALAR)
        else:
            from pyspark.sql.functions import PandasUDFType, pandas_udf

            udf = pandas_udf(_pandas_batch(name), ddl, PandasUDFType.SCALAR)
        spark.udf.register(name, udf)
        names.append(name)
    return names


def _spark_arrow_type(spark: Any, t: pa.DataType) -> pa.DataType:
    """The Arrow type Spark expects back for ``t``: large strings where it
    is set to send them (``spark.sql.execution.arrow.useLargeVarTypes``)."""
    large = str(spark.conf.get("spark.sql.execution.arrow.useLargeVarTypes")).lower() == "true"
    if not large:
        return t
    if pa.types.is_string(t):
        return pa.large_string()
    if pa.types.is_list(t):
        return pa.list_(_spark_arrow_type(spark, t.value_type))
    if pa.types.is_struct(t):
        return pa.struct([pa.field(f.name, _spark_arrow_type(spark, f.type)) for f in t])
    return t
