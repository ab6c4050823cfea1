"""urikit in Spark on the JVM (the urikit-spark jar) against Spark's own
functions and urikit's Arrow UDFs, in one run.

    crates/spark/build.sh
    .venv/bin/python crates/python/bench/spark.py            # 10 million rows

The shared datasets' lines repeated to 10 million rows (ROWS to change),
cached in memory, local[2]. Each query sums the length of one function's
result over every row; the figure is wall time per row, best of 3, and
"above the scan" subtracts Spark's own scan of the column
(`sum(length(u))`, the floor no function can go under). Ratios are within
this run. `sum(length(u))` counts characters, decoding UTF-8, which costs
more than the length of a shorter answer; `count(u)` (the column read,
nothing computed) is the second floor. Then where a row's time goes inside the JVM (`Urikit.crossing`):
the JNI crossing alone, with the row's copy, and `uri_host` whole.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pyarrow as pa

from timing import best

os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)

REPO = Path(__file__).resolve().parents[3]
DATA = Path(os.environ.get("URIKIT_DATA", REPO.parent / "shared" / "data" / "urls"))
ROWS = int(os.environ.get("ROWS", 10_000_000))
# RFC 3986 Appendix B's expression, its authority's host.
HOST_RE = r"^(?:[^:/?#]+:)?(?://(?:[^/?#@]*@)?(\[[^\]]*\]|[^:/?#]*))?"
CALLS = 10_000_000
PARTS = ["HOST", "PATH", "QUERY", "REF", "PROTOCOL", "FILE", "AUTHORITY", "USERINFO"]


def main():
    from pyspark.sql import SparkSession

    import urikit.spark

    jar = urikit.spark.jar_path()
    assert jar, "build the jar first: crates/spark/build.sh"
    spark = (SparkSession.builder.master("local[2]").config("spark.ui.enabled", "false")
             .config("spark.driver.memory", "6g").config("spark.jars", jar).getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    lines = [l for f in sorted(DATA.glob("*.txt"))
             for l in f.read_bytes().decode("utf-8", "replace").splitlines()]
    base = spark.createDataFrame(pa.table({"u": pa.array(lines, pa.string())}).to_pandas())
    reps = -(-ROWS // len(lines))
    df = base.crossJoin(spark.range(reps).withColumnRenamed("id", "r")).select("u").limit(ROWS)
    df = df.repartition(2).cache()
    n = df.count()
    df.createOrReplaceTempView("t")
    print(f"# {n:,} rows cached, local[2], wall ns per row (best of 3)\n")

    def q(expr, params=None):
        sql = f"SELECT sum(length({expr})) FROM t"
        return best(lambda: spark.sql(sql, args=params or {}).collect()) / n * 1e9

    assert urikit.spark.register(spark).mode == "native"
    crossing = spark._jvm.org.urikit.spark.Urikit.crossing(
        "https://www.example.com/path/to/page.html?id=42&utm_source=x", CALLS)
    scan = q("u")
    # The column read and nothing computed: count(u) checks NULLs only.
    read = best(lambda: spark.sql("SELECT count(u) FROM t").collect()) / n * 1e9
    rows = [("sum(length(u)): Spark's scan", scan), ("count(u): the read alone", read)]
    rows.append(("urikit native: uri_host(u)", q("uri_host(u)")))
    rows.append(("Spark: try_parse_url(u, 'HOST')", q("try_parse_url(u, 'HOST')")))
    rows.append(("Spark: regexp_extract (Appendix B)", q("regexp_extract(u, :re, 1)", {"re": HOST_RE})))
    rows.append(("urikit native: uri_registrable_domain(u)", q("uri_registrable_domain(u)")))
    rows.append(("urikit native: uri_normalize(u)", q("uri_normalize(u)")))
    parts = []
    for p in PARTS:
        parts.append((p, q(f"uri_parse_url(u, '{p}')"), q(f"try_parse_url(u, '{p}')")))
    urikit.spark.register(spark, mode="arrow")
    rows.append(("urikit Arrow UDF: uri_host(u)", best(lambda: spark.sql(
        "SELECT sum(length(uri_host(u))) FROM t").collect(), 1) / n * 1e9))
    print("| query | ns/row | above sum(length(u)) | above count(u) | / uri_host native (above count(u)) |")
    print("|---|---:|---:|---:|---:|")
    ref = rows[2][1] - read
    for what, t in rows:
        print(f"| {what} | {t:.0f} | {t - scan:.0f} | {t - read:.0f} | {(t - read) / ref:.2f} |")
    print("\n| part | uri_parse_url ns/row above the scan | try_parse_url | ratio |")
    print("|---|---:|---:|---:|")
    for p, mine, theirs in parts:
        print(f"| {p} | {mine - scan:.0f} | {theirs - scan:.0f} | {(mine - scan) / (theirs - scan):.2f} |")
    nop, copy, host, _ = list(crossing)
    print(f"\nInside the JVM, one thread, {CALLS:,} calls on a 60-byte URL: the JNI crossing "
          f"{nop / CALLS:.1f} ns, with the row's copy {copy / CALLS:.1f} ns, uri_host whole "
          f"{host / CALLS:.1f} ns a row; no cost per batch (a row is one call).")
    spark.stop()


if __name__ == "__main__":
    main()
