"""The keys of crawlers and web archives, urikit against the Python
packages that compute them today, in one run.

    .venv/bin/python crates/python/bench/keys.py [--lines N]

Every line of the shared datasets (or the first N) is keyed by the
package and by urikit's scalar function, one call per line, and by
``urikit.arrow`` as one column. Reported: CPU time per URL (the process's,
all threads) and wall time, and the package's time over urikit's. The
answers are compared first: a figure for keys that differ means nothing.
A column's time is to its Arrow result, which a batch user keeps; the
same call with the result made into a Python list (``to_pylist``, one
``str`` per row, as the package's answers are) is timed beside it. Below
each table, a floor: the same loop calling one of the interpreter's own C
functions that returns objects of the same shape (``str.lower``: a new
``str``; ``str.partition``: three, in a tuple), the least any function
called once per URL costs; the package's time over it bounds what any
scalar function could reach.

Keys: SURT (the ``surt`` package against ``urikit.surt`` and
``urikit.arrow.surt``), Scrapy's canonical URL (w3lib's
``canonicalize_url`` against ``urikit.canonicalize_url`` and
``urikit.arrow.canonical(u, 'w3lib')``), the registrable-domain split
(``tldextract.extract`` with its bundled list against
``urikit.compat.tldextract``, ``urikit.tldextract_parts`` and
``urikit.arrow.tldextract``), and Safe
Browsing's hashes (gglsbl's ``URL.hashes``, the Python package that
computes them, against ``urikit.safebrowsing_hashes``; the two read some
URLs differently, so the differences are counted, not refused).
"""

from __future__ import annotations

import argparse
import functools
import os
from pathlib import Path

# First: it keeps numpy's BLAS threads from spinning (see its docstring).
from timing import least_cpu

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


def scalar(fn, urls):
    def run():
        out = []
        for u in urls:
            try:
                out.append(fn(u))
            except Exception:  # the package's refusal, whatever its class
                out.append(None)
        return out

    return run


def section(title, rows, urls, compare=True, floor=None, order=None):
    """Times each row, checks the answers against the first row's (or
    counts the differences), and prints CPU and wall time per URL.

    ``floor``: a row whose answers are not compared, the least that any
    function called once per URL from Python costs in the same loop (a C
    function of the interpreter's that returns new objects of the same
    shape): the package's time over it is the most that any scalar
    function could reach.

    ``order``: applied to each answer after the timing, before the
    comparison (``sorted``, for answers whose order is the package's; a
    struct's row, a ``dict``, made the package's tuple)."""
    n = len(urls)
    results = {}
    for name, f, repeat in rows:
        cpu, wall, out = least_cpu(f, repeat)
        if isinstance(out, (pa.Array, pa.ChunkedArray)):
            out = out.to_pylist()  # for the comparison, after the timing
        if order:
            out = [None if a is None else order(a) for a in out]
        results[name] = cpu, wall, out
    first = rows[0][0]
    want = results[first][2]
    notes = []
    for name, (_, _, out) in results.items():
        differ = sum(a != b for a, b in zip(out, want))
        if compare:
            assert differ == 0, f"{name}: {differ} answers differ from {first}'s"
        elif differ and "arrow" not in name:
            notes.append(f"{name}: {differ} answers differ from {first}'s")
    print(f"{title}, {n} URLs (the datasets' lines)" + ("; identical answers" if compare else ""))
    for note in notes:
        print("  " + note)
    print(f"{'':28} {'CPU ns/URL':>11} {'wall ns/URL':>12} {'package / this (CPU)':>21}")
    base = results[first][0]
    for name, (cpu, wall, _) in results.items():
        print(f"{name:28} {cpu / n * 1e9:11.0f} {wall / n * 1e9:12.0f} {base / cpu:21.1f}")
    for name, f, repeat in floor_rows({"floor": floor} if floor else {}):
        cpu, wall, _ = least_cpu(f, repeat)
        print(f"{name:28} {cpu / n * 1e9:11.0f} {wall / n * 1e9:12.0f} {base / cpu:21.1f}")
    print()


def floor_rows(options: dict) -> list:
    """A section's floor (``keys``' ``floor`` option) as a row named
    ``floor: ...``, or no row: how every table names it."""
    floor = options.get("floor")
    return [("floor: " + floor[0], floor[1], floor[2])] if floor else []


@functools.cache
def extractor():
    """tldextract's extractor with its bundled list and no network: one
    for every call of ``keys``, so that the list is read once (on its
    first extraction)."""
    import tldextract

    return tldextract.TLDExtract(cache_dir=None, suffix_list_urls=())


def keys(urls: list[str], col: pa.Array) -> list[tuple[str, list, dict]]:
    """The keys' sections, each ``(title, rows, options)``: a row is
    ``(name, function of no arguments, runs)``, the package's first; the
    options are ``section``'s. Every key of every package over ``urls``
    (``col`` the same texts as one column), in one place for this script
    and for ``cachegrind.py --keys``. Safe Browsing's section is left out
    where gglsbl is not installed."""
    import surt
    from w3lib.url import canonicalize_url

    import urikit.compat.tldextract as compat_tld

    out = [
        ("SURT", [
            ("surt package", scalar(surt.surt, urls), 1),
            ("urikit.surt", scalar(urikit.surt, urls), 3),
            ("urikit.arrow.surt", lambda: ua.surt(col), 3),
            ("urikit.arrow.surt, to_pylist", lambda: ua.surt(col).to_pylist(), 3),
        ], {"floor": ("str.lower", scalar(str.lower, urls), 3)}),
        ("w3lib canonical URL", [
            ("w3lib canonicalize_url", scalar(canonicalize_url, urls), 1),
            ("urikit.canonicalize_url", scalar(urikit.canonicalize_url, urls), 3),
            ("urikit.arrow.canonical w3lib", lambda: ua.canonical(col, "w3lib"), 3),
            ("urikit.arrow.canonical, to_pylist", lambda: ua.canonical(col, "w3lib").to_pylist(), 3),
        ], {"floor": ("str.lower", scalar(str.lower, urls), 3)}),
    ]
    ex = extractor()
    parts = lambda r: (r.subdomain, r.domain, r.suffix)
    out.append(("tldextract", [
        ("tldextract.extract", scalar(lambda u: parts(ex(u)), urls), 1),
        ("urikit.compat.tldextract", scalar(lambda u: parts(compat_tld.extract(u)), urls), 3),
        ("urikit.tldextract_parts", scalar(lambda u: urikit.tldextract_parts(u)[:3], urls), 3),
        ("urikit.arrow.tldextract", lambda: ua.tldextract(col), 3),
        ("urikit.arrow.tldextract, to_pylist", lambda: ua.tldextract(col).to_pylist(), 3),
    ], {"floor": ("str.partition", scalar(lambda u: u.partition("."), urls), 3),
        "order": lambda a: tuple(a.values())[:3] if isinstance(a, dict) else a}))
    try:
        from gglsbl.protocol import URL as GglsblURL
    except ImportError:
        return out
    out.append(("Safe Browsing hashes (gglsbl reads some URLs otherwise than Google's Go client)", [
        # gglsbl's hashes come from a generator, made a list; each
        # package's order is its own, so the lists are sorted only for the
        # comparison, after the timing.
        ("gglsbl URL.hashes", scalar(lambda u: list(GglsblURL(u).hashes), urls), 1),
        ("urikit.safebrowsing_hashes", scalar(urikit.safebrowsing_hashes, urls), 3),
        ("urikit.arrow (hex)", lambda: ua.safebrowsing_hashes(col), 3),
    ], {"compare": False, "order": sorted}))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lines", type=int, default=None)
    args = ap.parse_args()
    urls = lines(args.lines)
    sections = keys(urls, pa.array(urls))
    for title, rows, options in sections:
        section(title, rows, urls, **options)
    if len(sections) < 4:
        print("Safe Browsing: gglsbl is not installed (pip install -r crates/python/bench/requirements.txt)")


if __name__ == "__main__":
    main()
