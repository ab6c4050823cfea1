"""urikit's column functions as Spark SQL functions.

>>> import urikit.spark                                   # doctest: +SKIP
>>> urikit.spark.register(spark)                          # doctest: +SKIP
>>> spark.sql("SELECT uri_host('http://a/b')").first()[0]  # doctest: +SKIP
'a'

Every function of ``urikit.arrow.SPECS`` is registered under its SQL name,
with its Spark type (structs and arrays included), on one of three paths;
:func:`register` takes the fastest there is and says which it took.

- ``"native"``: when the session's JVM has the urikit-spark jar (built by
  ``crates/spark/build.sh``; :func:`jar_path` finds it, and
  ``spark.jars`` adds it), each function is evaluated in the JVM's own
  threads by urikit's native library, inside the code Spark generates for
  a stage: no Python worker, no Arrow transfer. Scala, Java and SQL users
  get the same functions from the jar alone (``org.urikit.spark.Urikit``,
  ``spark.sql.extensions=org.urikit.spark.UrikitExtensions``).
- ``"arrow"``: on Spark 4.1 and later without the jar, the functions are
  Arrow UDFs (``arrow_udf``): Spark hands each batch to
Python as Arrow arrays and urikit reads them in Rust, with no Python call
per row.
- ``"pandas"``: on Spark 3.5 and 4.0 (no ``arrow_udf``) they are ``pandas_udf``s,
which cost a conversion through pandas, and where a NULL struct (the
``uri_error`` of a valid reference) arrives as a struct of NULL fields,
since a pandas UDF cannot return a NULL struct. The optional arguments (a dialect,
``drop``, ``idna``) may be given or left out, as in the contract.

On a cluster the executors need the package too: install the wheel on
them, or ship it (see docs/engines.md).
"""

from __future__ import annotations

import logging
import os
import warnings
from pathlib import Path
from typing import Any

import pyarrow as pa

from urikit import _urikit
from urikit.arrow import SPECS

_log = logging.getLogger("urikit.spark")

__all__ = ["Registered", "jar_path", "native_available", "register", "spark_type"]

#: The class the urikit-spark jar registers the functions with.
JAR_CLASS = "org.urikit.spark.Urikit"


class Registered(list):
    """The names :func:`register` registered, in the contract's order, and
    ``mode``, the path it took (``"native"``, ``"arrow"`` or ``"pandas"``).

    >>> r = Registered(["uri_host"], "native")
    >>> r == ["uri_host"], r.mode
    (True, 'native')
    """

    def __init__(self, names: list[str], mode: str):
        super().__init__(names)
        self.mode = mode


def jar_path() -> str | None:
    """The urikit-spark jar to add to a session (``spark.jars``): the path
    in ``URIKIT_SPARK_JAR`` when set, else the one ``crates/spark/build.sh``
    writes (``target/spark/urikit-spark.jar``) in the checkout this package
    sits in or the working directory is in, when it is there; ``None``
    otherwise.

    >>> p = jar_path()
    >>> p is None or p.endswith(".jar")
    True
    """
    env = os.environ.get("URIKIT_SPARK_JAR")
    if env:
        return env
    for root in [*Path(__file__).resolve().parents, *Path.cwd().resolve().parents, Path.cwd()]:
        cand = root / "target" / "spark" / "urikit-spark.jar"
        if cand.is_file():
            return str(cand)
    return None


def native_available(spark: Any) -> bool:
    """Whether ``spark``'s JVM has the urikit-spark jar (a classic session
    whose class path holds ``org.urikit.spark.Urikit``); a Spark Connect
    session has no JVM here, and answers ``False``."""
    jvm = getattr(spark, "_jvm", None)
    if jvm is None:
        return False
    try:
        loader = jvm.java.lang.Thread.currentThread().getContextClassLoader()
        jvm.java.lang.Class.forName(JAR_CLASS, False, loader)
        return True
    except Exception:
        return False


def spark_type(t: pa.DataType) -> str:
    """The Spark SQL (DDL) type of an Arrow type.

    >>> spark_type(SPECS["uri_error"]["type"])
    'struct<code:string,offset:bigint,message:string>'
    >>> spark_type(SPECS["uri_query_params"]["type"])
    'array<struct<key:string,value:string>>'
    >>> spark_type(pa.float32())
    Traceback (most recent call last):
    ...
    TypeError: no Spark type for Float32

    The mapping is the library's (``urikit_columns::spark_ddl``), the one the
    urikit-spark jar declares its functions with.
    """
    return _urikit.spark_type(t)


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


def register(spark: Any, *, mode: str | None = None) -> Registered:
    """Registers every column function in ``spark`` (a ``SparkSession``);
    returns their names (on the native path ``uri_parse_url`` too, Spark's
    ``parse_url`` as ``java.net.URI`` reads, by urikit), with the path taken as ``.mode`` (also logged at
    INFO on the ``urikit.spark`` logger). ``mode`` is ``"native"`` (the
    jar's JVM functions, the default when the jar is there), ``"arrow"``
    (Arrow UDFs, the default where Spark has them) or ``"pandas"`` (pandas
    UDFs)."""
    if mode is None and native_available(spark):
        mode = "native"
    if mode == "native":
        if not native_available(spark):
            raise RuntimeError(
                "the urikit-spark jar is not on this session's class path: build it with "
                "crates/spark/build.sh and start the session with spark.jars set to it "
                f"(urikit.spark.jar_path(): {jar_path()})"
            )
        jvm = spark._jvm
        names = list(jvm.org.urikit.spark.Urikit.register(spark._jsparkSession))
        if names != [*SPECS, "uri_parse_url"]:
            raise RuntimeError(
                "the urikit-spark jar's functions are not this package's: rebuild the jar "
                "from the same checkout"
            )
        _log.info("urikit.spark: %d functions registered on the native path (the jar)", len(names))
        return Registered(names, "native")
    if mode is None:
        try:
            from pyspark.sql.functions import arrow_udf  # noqa: F401

            mode = "arrow"
        except ImportError:
            mode = "pandas"
    if mode not in ("arrow", "pandas"):
        raise ValueError(f"unknown mode {mode!r}; expected 'native', 'arrow' or 'pandas'")
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
    _log.info("urikit.spark: %d functions registered as %s UDFs (no urikit-spark jar in the JVM)",
              len(names), mode)
    return Registered(names, mode)


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
