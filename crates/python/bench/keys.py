"""The keys of crawlers and web archives, urikit against the Python
packages that compute them today, in one run.

    .venv/bin/python crates/python/bench/keys.py [--lines N]

Every line of the shared datasets (or the first N) is keyed by the
package and by urikit's scalar function, one call per line, and by
``urikit.arrow`` as one column. Reported: CPU time per URL (the process's,
all threads) and wall time, and the package's time over urikit's. The
answers are compared first: a figure for keys that differ means nothing.

Keys: SURT (the ``surt`` package's ``surt.surt`` against ``urikit.surt``
and ``urikit.arrow.surt``).
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

import pyarrow as pa

import urikit
import urikit.arrow as ua

REPO = Path(__file__).resolve().parents[3]
DATA = Path(os.environ.get("URIKIT_DATA", REPO.parent / "shared" / "data" / "urls"))


def lines(limit: int | None) -> list[str]:
    out = []
    for f in sorted(DATA.glob("*.txt")):
        out += f.read_bytes().decode("utf-8", "replace").splitlines()
    return out[:limit] if limit else out


def timed(f, repeat: int = 3):
    """Best of `repeat` runs: (cpu seconds, wall seconds, result)."""
    best = None
    for _ in range(repeat):
        c0, w0 = time.process_time(), time.perf_counter()
        r = f()
        c, w = time.process_time() - c0, time.perf_counter() - w0
        if best is None or c < best[0]:
            best = (c, w, r)
    return best


def scalar(fn, urls):
    def run():
        out = []
        for u in urls:
            try:
                out.append(fn(u))
            except (ValueError, AttributeError):
                out.append(None)
        return out

    return run


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lines", type=int, default=None)
    args = ap.parse_args()
    urls = lines(args.lines)
    n = len(urls)
    import surt

    col = pa.array(urls)
    rows = [
        ("surt package", scalar(surt.surt, urls), 1),
        ("urikit.surt", scalar(urikit.surt, urls), 3),
        ("urikit.arrow.surt", lambda: ua.surt(col).to_pylist(), 3),
    ]
    results = {}
    for name, f, repeat in rows:
        cpu, wall, out = timed(f, repeat)
        results[name] = (cpu, wall, out)
    want = results["surt package"][2]
    for name, (_, _, out) in results.items():
        differ = sum(a != b for a, b in zip(out, want))
        assert differ == 0, f"{name}: {differ} keys differ from the package's"
    print(f"SURT, {n} URLs (the datasets' lines); identical keys")
    print(f"{'':20} {'CPU ns/URL':>11} {'wall ns/URL':>12} {'package / this (CPU)':>21}")
    base = results["surt package"][0]
    for name, (cpu, wall, _) in results.items():
        print(f"{name:20} {cpu / n * 1e9:11.0f} {wall / n * 1e9:12.0f} {base / cpu:21.1f}")


if __name__ == "__main__":
    main()
