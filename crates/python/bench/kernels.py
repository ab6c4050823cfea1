"""The native kernels in every engine, against each engine's scan and
ClickHouse's URL functions, in one run.

    .venv/bin/python crates/python/bench/kernels.py [--rows N] [--repeat R]

The shared datasets' lines, repeated to N rows (10 million by default),
are held in memory by each engine: a DuckDB table, a Polars frame (queried
by its in-memory engine and by its streaming one), a DataFusion table of
two partitions, a ClickHouse Memory table (through
chdb, in this process). Each query sums the length of one function's
result (the count of true for the boolean), so that every row is computed and
nothing is written; the engine's own scan of the column,
`sum(length(u))`, is measured the same way, and the figure reported is
the process's CPU time per row above that scan (all threads), with the
wall time beside it. Best of R runs (by CPU time). Ratios: ClickHouse's
`domain` against `uri_host`, `cutToFirstSignificantSubdomain` against
`uri_registrable_domain`, in each engine (ClickHouse validates nothing;
urikit parses every row by RFC 3986 and returns NULL for the invalid).

`length` is each engine's own SQL function of that name: characters in
DuckDB, DataFusion and Polars (whose SQL reads `length(u)` as
`str.len_chars()`), bytes in ClickHouse. Polars' queries are written as
its SQL reads them; with `str.len_bytes()`, which reads only the views,
Polars' scan reads no text at all (`--polars-bytes` measures that form).
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

# First: it keeps numpy's BLAS threads from spinning (see its docstring).
from timing import least_cpu

import pyarrow as pa

REPO = Path(__file__).resolve().parents[3]
DATA = Path(os.environ.get("URIKIT_DATA", REPO.parent / "shared" / "data" / "urls"))

# Each engine's text of the three queries and of its scan.
FUNCTIONS = {
    "uri_host": "sum(length(uri_host(u)))",
    "uri_is_valid": "count(nullif(uri_is_valid(u), false))",
    "uri_registrable_domain": "sum(length(uri_registrable_domain(u)))",
}
CLICKHOUSE = {
    "domain": "sum(length(domain(u)))",
    "cutToFirstSignificantSubdomain": "sum(length(cutToFirstSignificantSubdomain(u)))",
}


def rows(n: int) -> pa.Array:
    lines: list[str] = []
    for f in sorted(DATA.glob("*.txt")):
        lines += f.read_bytes().decode("utf-8", "replace").splitlines()
    return pa.array((lines * (n // len(lines) + 1))[:n], pa.string())


def measure(run, repeat: int) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of the run with the least CPU time."""
    cpu, wall, _ = least_cpu(run, repeat)
    return cpu, wall


def duckdb_queries(col):
    import urikit.duckdb

    con = urikit.duckdb.connect()
    con.register("a", pa.table({"u": col}))
    con.execute("CREATE TABLE t AS SELECT u FROM a")
    con.unregister("a")
    q = lambda e: (lambda: con.sql(f"SELECT {e} FROM t").fetchall())
    return q("sum(length(u))"), {name: q(e) for name, e in FUNCTIONS.items()}


def datafusion_queries(col):
    import datafusion

    import urikit.datafusion

    ctx = datafusion.SessionContext()
    urikit.datafusion.register(ctx)
    table = pa.table({"u": col})
    half = len(table) // 2
    ctx.register_record_batches("t", [table.slice(0, half).to_batches(8192), table.slice(half).to_batches(8192)])
    q = lambda e: (lambda: ctx.sql(f"SELECT {e} FROM t").collect())
    return q("sum(length(u))"), {name: q(e) for name, e in FUNCTIONS.items()}


def polars_queries(col, engine="in-memory", in_bytes=False):
    import polars as pl

    import urikit.polars  # noqa: F401

    df = pl.DataFrame({"u": col})
    u = pl.col("u").uri
    # SQL's `length`, as Polars' own SQL translates it (`--polars-bytes`:
    # the length in bytes, read from the views alone).
    length = (lambda e: e.str.len_bytes()) if in_bytes else (lambda e: e.str.len_chars())
    exprs = {
        "uri_host": length(u.host()).sum(),
        "uri_is_valid": u.is_valid().sum(),
        "uri_registrable_domain": length(u.registrable_domain()).sum(),
    }
    q = lambda e: (lambda: df.lazy().select(e).collect(engine=engine))
    return q(length(pl.col("u")).sum()), {name: q(e) for name, e in exprs.items()}


def polars_streaming_queries(col, in_bytes=False):
    # The streaming engine hands the plugin morsels, not the whole column:
    # their buffers are reused where the in-memory engine's answer for
    # 10 million rows is allocated afresh on each query.
    return polars_queries(col, engine="streaming", in_bytes=in_bytes)


def clickhouse_queries(col):
    from chdb import session

    s = session.Session()
    table = pa.table({"u": col})  # noqa: F841 (read by the Python() table function)
    s.query("CREATE TABLE t (u String) ENGINE = Memory")
    s.query("INSERT INTO t SELECT u FROM Python(table)")
    q = lambda e: (lambda: s.query(f"SELECT {e} FROM t"))
    return q("sum(length(u))"), {name: q(e) for name, e in CLICKHOUSE.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=10_000_000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--polars-bytes", action="store_true", help="Polars' lengths in bytes (str.len_bytes)")
    a = ap.parse_args()
    col = rows(a.rows)
    n = len(col)
    print(f"# {n:,} rows, {os.cpu_count()} cores; CPU ns per row above the engine's scan, best of {a.repeat}")
    print()
    print("| engine | query | CPU ns/row above scan | wall s | scan CPU ns/row |")
    print("|---|---|---:|---:|---:|")
    per_row: dict[tuple[str, str], float] = {}
    for engine, make in [
        ("DuckDB", duckdb_queries),
        ("Polars", lambda col: polars_queries(col, in_bytes=a.polars_bytes)),
        ("Polars (streaming)", lambda col: polars_streaming_queries(col, in_bytes=a.polars_bytes)),
        ("DataFusion", datafusion_queries),
        ("ClickHouse (chdb)", clickhouse_queries),
    ]:
        scan, queries = make(col)
        scan_cpu, _ = measure(scan, a.repeat)
        for name, run in queries.items():
            cpu, wall = measure(run, a.repeat)
            above = (cpu - scan_cpu) / n * 1e9
            per_row[(engine, name)] = above
            print(f"| {engine} | {name} | {above:.1f} | {wall:.2f} | {scan_cpu / n * 1e9:.1f} |")
    print()
    print("| engine | uri_host / domain | uri_registrable_domain / cutToFirstSignificantSubdomain |")
    print("|---|---:|---:|")
    ch = "ClickHouse (chdb)"
    for engine in ("DuckDB", "Polars", "Polars (streaming)", "DataFusion"):
        host = per_row[(engine, "uri_host")] / per_row[(ch, "domain")]
        reg = per_row[(engine, "uri_registrable_domain")] / per_row[(ch, "cutToFirstSignificantSubdomain")]
        print(f"| {engine} | {host:.2f} | {reg:.2f} |")


if __name__ == "__main__":
    main()
