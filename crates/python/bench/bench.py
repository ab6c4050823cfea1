"""urikit for Python against its peers, in one run, on the shared datasets.

    .venv/bin/pip install -r crates/python/bench/requirements.txt
    .venv/bin/python crates/python/bench/bench.py [--rows N] [--repeat R]

Per object: parse each line and read its host and path, with urikit and
with urllib.parse, rfc3986 (with validation), yarl, ada_url and can_ada;
every library gets the same lines, and an invalid line (an exception, or a
None from can_ada) counts the same as a valid one. Per column: urikit.arrow
host over a column of a million URLs (the datasets repeated) against the
fastest per-object loop, against pyarrow.compute and Polars extracting the
host with RFC 3986 Appendix B's regular expression, and against the Rust
library's parse of the same lines (bench/examples/work.rs). The best of R
runs is reported, per URL, with ratios to urikit.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc

import urikit
from urikit import arrow

from timing import best

REPO = Path(__file__).resolve().parents[3]
DATA = Path(os.environ.get("URIKIT_DATA", REPO.parent / "shared" / "data" / "urls"))



def datasets() -> dict[str, list[str]]:
    return {
        f.stem: f.read_bytes().decode("utf-8", "replace").splitlines()
        for f in sorted(DATA.glob("*.txt"))
    }


def per_object(lines: list[str]):
    """name -> a function that reads host and path of every line."""

    def with_urikit():
        parse = urikit.parse
        for s in lines:
            try:
                u = parse(s)
                u.raw_host, u.raw_path
            except ValueError:
                pass

    def with_urllib():
        split = urllib.parse.urlsplit
        for s in lines:
            try:
                u = split(s)
                u.hostname, u.path
            except ValueError:
                pass

    out = {"urikit": with_urikit, "urllib.parse": with_urllib}
    try:
        import rfc3986

        def with_rfc3986():
            ref = rfc3986.uri_reference
            for s in lines:
                u = ref(s)
                if u.is_valid():
                    u.host, u.path

        out["rfc3986"] = with_rfc3986
    except ImportError:
        pass
    try:
        import yarl

        def with_yarl():
            url = yarl.URL
            for s in lines:
                try:
                    u = url(s)
                    u.raw_host, u.raw_path
                except ValueError:
                    pass

        out["yarl"] = with_yarl
    except ImportError:
        pass
    try:
        import ada_url

        def with_ada():
            url = ada_url.URL
            for s in lines:
                try:
                    u = url(s)
                    u.hostname, u.pathname
                except ValueError:
                    pass

        out["ada_url"] = with_ada
    except ImportError:
        pass
    try:
        import can_ada

        def with_can_ada():
            parse = can_ada.parse
            for s in lines:
                try:
                    u = parse(s)
                    u.hostname, u.pathname
                except ValueError:
                    pass

        out["can_ada"] = with_can_ada
    except ImportError:
        pass
    return out


def rust_parse_ns(lines_file: Path, n_lines: int, rounds: int) -> float | None:
    """ns per line of the Rust library's parse (work.rs), setup subtracted."""
    exe = REPO / "bench" / "target" / "release" / "examples" / "work"
    if not exe.exists():
        subprocess.run(
            ["cargo", "build", "--release", "-q", "--example", "work"],
            cwd=REPO / "bench",
            check=True,
        )

    def run(r: int) -> float:
        t = time.perf_counter()
        subprocess.run([str(exe), "parse", "urikit", str(lines_file), str(r)], check=True,
                       stdout=subprocess.DEVNULL)
        return time.perf_counter() - t

    full = min(run(rounds) for _ in range(3))
    setup = min(run(0) for _ in range(3))
    return (full - setup) / (rounds * n_lines) * 1e9


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()

    sets = datasets()
    print(f"# urikit {urikit.__version__}, Python {platform.python_version()}, "
          f"{os.cpu_count()} cores, best of {args.repeat}")
    print()
    print("## Per object: parse + host + path, ns per URL (ratio to urikit)")
    print()
    table = {}
    for name, lines in sets.items():
        fns = per_object(lines)
        table[name] = {lib: best(f, args.repeat) / len(lines) * 1e9 for lib, f in fns.items()}
    libs = list(next(iter(table.values())))
    print("| dataset | " + " | ".join(libs) + " |")
    print("|---" * (len(libs) + 1) + "|")
    for name, row in table.items():
        ref = row["urikit"]
        cells = [f"{row[lib]:.0f} ({row[lib] / ref:.2f})" for lib in libs]
        print(f"| {name} ({len(sets[name])}) | " + " | ".join(cells) + " |")
    print()

    everything = [line for lines in sets.values() for line in lines]
    rows = (everything * (args.rows // len(everything) + 1))[: args.rows]
    col = pa.array(rows, pa.string())
    print(f"## Per column: the host of {len(rows):,} URLs, ns per URL")
    print()
    results = {}
    results["urikit.arrow.host"] = best(lambda: arrow.host(col), args.repeat)
    results["urikit.arrow.host_type"] = best(lambda: arrow.host_type(col), args.repeat)
    # Appendix B's authority, then the host within it (after any userinfo,
    # before any port), as one expression; pyarrow wants a named group.
    named = r"^(?:[^:/?#]+:)?(?://(?:[^/?#@]*@)?(?P<host>\[[^\]]*\]|[^:/?#]*))?"
    results["pyarrow.compute (Appendix B regex)"] = best(
        lambda: pc.extract_regex(col, named), args.repeat)
    try:
        import polars as pl

        series = pl.Series(rows)
        results["polars str.extract (Appendix B regex)"] = best(
            lambda: series.str.extract(named.replace("?P<host>", ""), 1), args.repeat)
        results["urikit.arrow.host on a Polars Series"] = best(
            lambda: arrow.host(series), args.repeat)
    except ImportError:
        pass
    fastest_obj = min((lib for lib in libs if lib != "urikit"),
                      key=lambda lib: sum(table[d][lib] for d in table))
    sample = rows[:200_000]
    loop = per_object(sample)[fastest_obj]
    results[f"{fastest_obj} per-object loop"] = best(loop, max(1, args.repeat // 2)) * (
        len(rows) / len(sample))
    loop = per_object(sample)["urikit"]
    results["urikit per-object loop"] = best(loop, max(1, args.repeat // 2)) * (
        len(rows) / len(sample))
    tmp = Path(os.environ.get("TMPDIR", "/tmp")) / "urikit-bench-lines.txt"
    tmp.write_text("\n".join(rows[:200_000]) + "\n")
    rust = rust_parse_ns(tmp, 200_000, 20)
    ref = results["urikit.arrow.host"] / len(rows) * 1e9
    print("| what | ns per URL | ratio to urikit.arrow.host |")
    print("|---|---|---|")
    for what, t in results.items():
        if t is None:
            continue
        ns = t / len(rows) * 1e9
        print(f"| {what} | {ns:.1f} | {ns / ref:.2f} |")
    if rust is not None:
        print(f"| Rust: urikit::UriRef::parse (work.rs, 1 thread) | {rust:.1f} | {rust / ref:.2f} |")
    print()
    print(f"(python {sys.version.split()[0]}, pyarrow {pa.__version__})")


if __name__ == "__main__":
    main()
