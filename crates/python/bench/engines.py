"""urikit's functions in Spark, DuckDB and Polars against each engine's
built-in or regular-expression formulation, in one run.

    .venv/bin/python crates/python/jobs/crawl.py build --rows 10000000 --out /tmp/crawl-10m.parquet
    .venv/bin/python crates/python/bench/engines.py /tmp/crawl-10m.parquet

Each query reads the `url` column of the crawl job's input and sums the
length of the result, so that every row is computed and nothing is
written. Spark's built-in is `try_parse_url` (Spark 4's ANSI mode makes
`parse_url` fail the whole query on the first URL java.net.URI refuses). Spark runs local[2]; DuckDB and Polars on their default threads
(2 here). Times are the best of 3 (1 for Spark's full query); ratios are
to urikit in the same engine; rows per second per core divide by the
cores used. The 1M-row prefix shows how time grows to 10M.
"""

from __future__ import annotations

import os
import sys

import pyarrow.parquet as pq

from timing import best

# Spark's workers run the Python of this interpreter, where urikit is.
os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)

# The host by regular expression (RFC 3986 Appendix B's authority, then
# what follows any userinfo and precedes any port).
HOST_RE = r"^(?:[^:/?#]+:)?(?://(?:[^/?#@]*@)?(\[[^\]]*\]|[^:/?#]*))?"
# A loose validity test of the shape the built-ins allow: a scheme, then
# characters a URI may hold.
VALID_RE = r"^[A-Za-z][A-Za-z0-9+.-]*:[A-Za-z0-9._~:/?#\[\]@!$&'()*+,;=%-]*$"
# Cleaning: lower case, tracking parameters and the fragment dropped.
CLEAN_RE = r"([?&])(utm_[^&#]*|fbclid=[^&#]*|gclid=[^&#]*)&?|#.*$"

CORES = 2


def report(engine, rows, results):
    """Prints each query; a query not of urikit ("urikit:" labels) gets its
    time as a ratio to the urikit query before it."""
    ref = None
    for what, t in results.items():
        if what.startswith("urikit:"):
            ref, ratio = t, "1.00"
        else:
            ratio = f"{t / ref:.2f}"
        print(f"| {engine} | {rows:,} | {what} | {t:.2f} | {rows / t / CORES / 1e6:.2f} | {ratio} |")


def spark_bench(path, rows_list):
    from pyspark.sql import SparkSession

    import urikit.spark

    spark = (SparkSession.builder.master("local[2]").config("spark.ui.enabled", "false")
             .config("spark.driver.memory", "4g").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    urikit.spark.register(spark)
    df = spark.read.parquet(path)
    for rows in rows_list:
        df.limit(rows).cache().createOrReplaceTempView("t")
        spark.sql("SELECT count(*) FROM t").collect()
        params = {"valid": VALID_RE, "clean": CLEAN_RE}
        q = lambda sql: (lambda: spark.sql(sql, args=params).collect())
        results = {
            "urikit: uri_host": best(q("SELECT sum(length(uri_host(url))) FROM t")),
            "try_parse_url(url, 'HOST')": best(q("SELECT sum(length(try_parse_url(url, 'HOST'))) FROM t")),
            "urikit: uri_is_valid + uri_host + uri_clean": best(q(
                "SELECT count_if(uri_is_valid(url)), sum(length(uri_host(url))), "
                "count(DISTINCT uri_clean(url)) FROM t"), 1),
            "rlike + try_parse_url + regexp_replace": best(q(
                "SELECT count_if(url rlike :valid), sum(length(try_parse_url(url, 'HOST'))), "
                "count(DISTINCT lower(regexp_replace(url, :clean, '$1'))) FROM t"), 1),
        }
        report("Spark local[2]", rows, results)
        spark.catalog.clearCache()
    spark.stop()


def duckdb_bench(path, rows_list):
    import urikit.duckdb

    # The extension (a database that allows unsigned extensions).
    con = urikit.duckdb.connect()
    for rows in rows_list:
        con.execute(f"CREATE OR REPLACE TABLE t AS SELECT url FROM read_parquet('{path}') LIMIT {rows}")
        results = {
            "urikit: uri_host": best(lambda: con.sql("SELECT sum(length(uri_host(url))) FROM t").fetchall()),
            "regexp_extract": best(lambda: con.sql(
                f"SELECT sum(length(regexp_extract(url, '{HOST_RE}', 1))) FROM t").fetchall()),
        }
        report("DuckDB", rows, results)


def polars_bench(path, rows_list):
    import polars as pl

    import urikit.polars  # noqa: F401

    full = pl.read_parquet(path, columns=["url"])
    for rows in rows_list:
        df = full.head(rows)
        results = {
            "urikit: uri.host()": best(lambda: df.select(pl.col("url").uri.host().str.len_bytes().sum())),
            "str.extract": best(lambda: df.select(
                pl.col("url").str.extract(HOST_RE, 1).str.len_bytes().sum())),
        }
        report("Polars", rows, results)


def main():
    path = sys.argv[1]
    total = pq.ParquetFile(path).metadata.num_rows
    rows_list = [min(1_000_000, total), total]
    print(f"# {total:,} rows, {os.cpu_count()} cores")
    print()
    print("| engine | rows | query | seconds | M rows/s/core | time / urikit's |")
    print("|---|---|---|---|---|---|")
    duckdb_bench(path, rows_list)
    polars_bench(path, rows_list)
    spark_bench(path, rows_list)


if __name__ == "__main__":
    main()
