"""Google Safe Browsing's list functions in DuckDB's extension: CPU time
per row above DuckDB's own scan of the column.

    .venv/bin/python crates/python/bench/duckdb_lists.py [--rows N] [--repeat R] [--extension PATH] [--query EXPR ...]

The shared datasets' lines, repeated to N rows (1,090,620 by default, ten
times the datasets), are held in a DuckDB table; each query sums the
length of one function's list (`sum(len(f(u)))`), so that every row is
computed and nothing is kept, and the figure is the process's CPU time per
row above the scan `sum(length(u))` (all threads), best of R runs, with
the wall time beside it. ``--extension`` loads another build of the
extension (a `urikit.duckdb_extension` file) in place of the package's,
so that two builds are measured by the same script; ``--query`` measures
other expressions of `u` in place of the two lists (each given once, such
as ``--query 'sum(length(uri_host(u)))'``).
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

# First: it keeps numpy's BLAS threads from spinning (see its docstring).
from timing import least_cpu

import duckdb
import pyarrow as pa

REPO = Path(__file__).resolve().parents[3]
DATA = Path(os.environ.get("URIKIT_DATA", REPO.parent / "shared" / "data" / "urls"))

QUERIES = {
    "uri_safebrowsing_expressions": "sum(len(uri_safebrowsing_expressions(u)))",
    "uri_safebrowsing_hashes": "sum(len(uri_safebrowsing_hashes(u)))",
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=1_090_620)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--extension", default=None)
    ap.add_argument("--query", action="append", default=None, help="an expression of u to measure (repeatable)")
    a = ap.parse_args()
    queries = {e: e for e in a.query} if a.query else QUERIES
    lines: list[str] = []
    for f in sorted(DATA.glob("*.txt")):
        lines += f.read_bytes().decode("utf-8", "replace").splitlines()
    col = pa.array((lines * (a.rows // len(lines) + 1))[: a.rows], pa.string())
    if a.extension:
        con = duckdb.connect(config={"allow_unsigned_extensions": True})
        con.execute(f"LOAD '{a.extension}'")
    else:
        import urikit.duckdb

        con = urikit.duckdb.connect()
    con.register("a", pa.table({"u": col}))
    con.execute("CREATE TABLE t AS SELECT u FROM a")
    con.unregister("a")
    n = len(col)
    run = lambda e: least_cpu(lambda: con.sql(f"SELECT {e} FROM t").fetchall(), a.repeat)
    scan, _, _ = run("sum(length(u))")
    print(f"# {n:,} rows; CPU ns per row above DuckDB's scan ({scan / n * 1e9:.1f}), best of {a.repeat}")
    print("| function | CPU ns/row above scan | wall ns/row |")
    print("|---|---:|---:|")
    for name, e in queries.items():
        cpu, wall, _ = run(e)
        print(f"| {name} | {(cpu - scan) / n * 1e9:.0f} | {wall / n * 1e9:.0f} |")


if __name__ == "__main__":
    main()
