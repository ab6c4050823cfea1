"""A crawl-scale job in Spark SQL with urikit's functions.

Build an input (the shared URL datasets repeated and varied, with a link
per page to resolve), then run the job:

    python crawl.py build --rows 10000000 --out /data/crawl-input.parquet
    spark-submit --master 'local[*]' --jars target/spark/urikit-spark.jar \
        crawl.py run --input /data/crawl-input.parquet --out /data/crawl-out

(--jars: urikit's functions in the JVM, crates/spark/build.sh; without it
they run as Arrow UDFs in Python workers.)

The job reads Parquet (or text, one URL a line: --input urls.txt), and
writes Parquet under --out:

    validity/   each error code with its count and one example with offset
    hosts/      each host with its count
    domains/    each registrable domain (Public Suffix List) with its count
    links/      each page's link resolved against the page (RFC 3986 5.2)
    unique/     one row per URL after uri_clean (normalized, tracking
                parameters dropped, query sorted, no fragment), with how
                many input rows it stands for

and prints a summary. On a cluster, the executors need urikit: see
docs/engines.md ("On a cluster").
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

# The references of RFC 3986 section 5.4 and typical links, as the pages'
# links.
LINKS = [
    "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "g?y#s", ";x", "g;x",
    "", ".", "./", "..", "../", "../g", "../..", "../../", "../../g", "../../../g",
    "/./g", "/../g", "g.", ".g", "g..", "..g", "./../g", "./g/.", "g/./h", "g/../h",
    "index.html", "../img/logo.png?v=3", "https://cdn.example.net/a.js", "mailto:x@y",
    "a b", "http://[::1", "?utm_source=feed&id=7#top",
]


def build(rows: int, out: str, data: Path) -> None:
    """Writes `rows` rows of (url, link) to Parquet: the datasets' lines,
    each repeat varied (case of the scheme and host, a tracking parameter,
    a fragment), so that de-duplication has work to do."""
    import pyarrow as pa
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    lines: list[str] = []
    for f in sorted(data.glob("*.txt")):
        lines += f.read_bytes().decode("utf-8", "replace").splitlines()
    base = pa.array(lines, pa.string())
    n = len(lines)
    writer = None
    chunk = 1_000_000
    for start in range(0, rows, chunk):
        size = min(chunk, rows - start)
        idx = pa.array([(start + i) % n for i in range(size)], pa.int64())
        urls = pc.take(base, idx)
        rep = (start // n) % 4
        if rep == 1:
            # The scheme and the start of the host in upper case.
            urls = pc.binary_join_element_wise(
                pc.utf8_upper(pc.utf8_slice_codeunits(urls, 0, 7)),
                pc.utf8_slice_codeunits(urls, 7),
                "",
            )
        elif rep == 2:
            sep = pc.if_else(pc.match_substring(urls, "?"), "&", "?")
            urls = pc.binary_join_element_wise(urls, sep, f"utm_source=crawl{start % 7}", "")
        elif rep == 3:
            urls = pc.binary_join_element_wise(urls, "#section", "")
        links = pc.take(pa.array(LINKS), pa.array([(start + i) % len(LINKS) for i in range(size)]))
        batch = pa.table({"url": urls, "link": links})
        if writer is None:
            writer = pq.ParquetWriter(out, batch.schema)
        writer.write_table(batch)
    if writer is not None:
        writer.close()


def run(spark, source: str, out: str) -> dict:
    import urikit.spark

    # The native path when the urikit-spark jar is on the class path
    # (spark-submit --jars target/spark/urikit-spark.jar), else Arrow UDFs.
    path = urikit.spark.register(spark).mode
    if source.endswith(".txt"):
        df = spark.read.text(source).withColumnRenamed("value", "url")
        df = df.selectExpr("url", "CAST(NULL AS STRING) AS link")
    else:
        df = spark.read.parquet(source)
    df.createOrReplaceTempView("input")
    # Each URL parsed once per query: the functions are deterministic.
    spark.sql("""
        SELECT url, link, uri_error(url) AS err, uri_host(url) AS host,
               uri_registrable_domain(url) AS domain
        FROM input
    """).createOrReplaceTempView("parsed")
    started = time.perf_counter()
    validity = spark.sql("""
        SELECT coalesce(err.code, 'valid') AS code, count(*) AS n,
               min_by(url, url) AS example, min_by(err.offset, url) AS offset
        FROM parsed GROUP BY 1 ORDER BY n DESC
    """)
    validity.write.mode("overwrite").parquet(f"{out}/validity")
    spark.sql("SELECT host, count(*) AS n FROM parsed WHERE host IS NOT NULL GROUP BY host") \
        .write.mode("overwrite").parquet(f"{out}/hosts")
    spark.sql("SELECT domain, count(*) AS n FROM parsed WHERE domain IS NOT NULL GROUP BY domain") \
        .write.mode("overwrite").parquet(f"{out}/domains")
    spark.sql("""
        SELECT url AS page, link, uri_resolve(link, url) AS target,
               uri_error(link).code AS link_error
        FROM parsed WHERE link IS NOT NULL AND err IS NULL
    """).write.mode("overwrite").parquet(f"{out}/links")
    spark.sql("""
        SELECT uri_clean(url) AS key, min(url) AS example, count(*) AS n
        FROM parsed WHERE err IS NULL GROUP BY 1
    """).write.mode("overwrite").parquet(f"{out}/unique")
    elapsed = time.perf_counter() - started
    r = spark.read
    summary = {
        "rows": spark.table("input").count(),
        "codes": {row.code: row.n for row in r.parquet(f"{out}/validity").collect()},
        "hosts": r.parquet(f"{out}/hosts").count(),
        "domains": r.parquet(f"{out}/domains").count(),
        "links": r.parquet(f"{out}/links").count(),
        "unique": r.parquet(f"{out}/unique").count(),
        "seconds": round(elapsed, 1),
        "path": path,
    }
    return summary


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="write the input Parquet")
    b.add_argument("--rows", type=int, default=10_000_000)
    b.add_argument("--out", required=True)
    here = Path(__file__).resolve()
    b.add_argument("--data", type=Path,
                   default=Path(os.environ.get("URIKIT_DATA", here.parents[4] / "shared/data/urls")))
    r = sub.add_parser("run", help="run the job (under spark-submit or with a local session)")
    r.add_argument("--input", required=True)
    r.add_argument("--out", required=True)
    r.add_argument("--master", default=None, help="for a run without spark-submit, e.g. local[2]")
    a = ap.parse_args(argv)
    if a.command == "build":
        build(a.rows, a.out, a.data)
        return
    from pyspark.sql import SparkSession

    builder = SparkSession.builder.appName("urikit-crawl")
    if a.master:
        builder = builder.master(a.master)
    spark = builder.getOrCreate()
    try:
        summary = run(spark, a.input, a.out)
    finally:
        spark.stop()
    for k, v in summary.items():
        print(f"{k}: {v}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
