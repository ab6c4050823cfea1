"""Instructions per URL (cachegrind), beside the wall and CPU times of
bench.py and keys.py: the machine is shared, the counts are not disturbed
by it.

    .venv/bin/python crates/python/bench/cachegrind.py [ROWS]
    .venv/bin/python crates/python/bench/cachegrind.py --keys [--only WORD] [ROWS]

Each job runs in its own interpreter under valgrind; the count of a
baseline (imports and the column built, nothing done) is subtracted.
Without ``--keys``: urikit's column and per-object parsing against
can_ada's (ROWS 100,000, the datasets repeated). With ``--keys``: every
row of keys.py's tables, each package's key against urikit's scalar
function and its Arrow column, with the package's count over each of
urikit's (ROWS 20,000: the datasets' lines, evenly spaced, since the
packages run some fifty times slower under valgrind). For the keys, the
setup (and the baseline) calls every job once on 64 URLs first, so that
the counts leave out what a package does once (tldextract reads its
bundled list on its first call).

Every job runs on one core (``taskset -c 0``): urikit's column calls
then keep to one thread (on two, their counts moved by a fifth). A job's
count still moves by up to about a million instructions from one
process to the next (60 a URL at 20,000 rows): nothing beside a
package's count, but a tenth of an Arrow call's, whose figures are
best taken as the range of two runs.
Under valgrind neither the SHA instructions nor AVX-512 are offered, so
that Safe Browsing's hashes take AVX2's eight lanes in urikit and the
package's library's (OpenSSL through hashlib) path for such processors:
the counts of a processor with neither, not of one that has them.
"""

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

KEYS = "--keys" in sys.argv[1:]
# `--only WORD`: the sections of keys.py whose title has WORD.
ONLY = next((b for a, b in zip(sys.argv[1:], sys.argv[2:]) if a == "--only"), None)
ARGS = [a for a in sys.argv[1:] if a not in ("--keys", "--only", ONLY)]
ROWS = int(ARGS[0]) if ARGS else 20_000 if KEYS else 100_000
HERE = Path(__file__).resolve().parent

SETUP = f"""
import sys
sys.path.insert(0, {str(HERE)!r})
from bench import datasets
import pyarrow as pa, urikit, can_ada
from urikit import arrow
lines = [l for ls in datasets().values() for l in ls]
rows = (lines * ({ROWS} // len(lines) + 1))[:{ROWS}]
col = pa.array(rows, pa.string())
"""

JOBS = {
    "baseline": "pass",
    "urikit.arrow.host": "arrow.host(col)",
    "urikit per-object (parse + host + path)": """
for s in rows:
    try:
        u = urikit.parse(s); u.raw_host, u.raw_path
    except ValueError:
        pass
""",
    "can_ada per-object (parse + hostname + pathname)": """
for s in rows:
    try:
        u = can_ada.parse(s); u.hostname, u.pathname
    except ValueError:
        pass
""",
}


KEYS_SETUP = f"""
import sys
sys.path.insert(0, {str(HERE)!r})
from keys import floor_rows, keys, lines
import pyarrow as pa
every = lines(None)
urls = every[::max(1, len(every) // {ROWS})][:{ROWS}]
col = pa.array(urls)
for _, rows, _ in keys(urls[:64], col[:64]):
    for _, f, _ in rows:
        f()
jobs = {{}}
for _, rows, options in keys(urls, col):
    for name, f, _ in rows + floor_rows(options):
        jobs[name] = f
import gc
gc.collect()
gc.disable()
"""


def count(code: str, setup: str = SETUP) -> int:
    with tempfile.TemporaryDirectory() as d:
        out = Path(d) / "cg.out"
        # The same count for the same work: one hash seed; nothing done on
        # a clock (jemalloc's background thread not started, and its
        # purging of freed pages, which runs when enough time has passed,
        # turned off; pyarrow on the system's allocator); and one core, so
        # that a column call keeps to one thread (on two, the threads'
        # waiting moved its count by a fifth from run to run).
        env = dict(
            os.environ,
            PYTHONHASHSEED="0",
            _RJEM_MALLOC_CONF="background_thread:false,dirty_decay_ms:-1,muzzy_decay_ms:-1",
            ARROW_DEFAULT_MEMORY_POOL="system",
        )
        r = subprocess.run(
            ["taskset", "-c", "0", "valgrind", "--tool=cachegrind", "--cache-sim=no", f"--cachegrind-out-file={out}",
             sys.executable, "-c", setup + code],
            capture_output=True, text=True, check=True, env=env,
        )
        m = re.search(r"I\s+refs:\s+([\d,]+)", r.stderr)
        return int(m.group(1).replace(",", ""))


def keys_table() -> None:
    """keys.py's rows, each section's package first, in instructions per
    URL and the package's count over each row's."""
    sys.path.insert(0, str(HERE))
    import pyarrow as pa
    from keys import floor_rows, keys

    base = count("pass", KEYS_SETUP)
    print(f"{ROWS:,} URLs (the datasets' lines, evenly spaced)")
    for title, rows, options in keys([], pa.array([], pa.string())):
        if ONLY and ONLY.lower() not in title.lower():
            continue
        # The interpreter's own C function in the same loop (keys.py's
        # floor): what any scalar function costs at the least.
        rows = rows + floor_rows(options)
        print(f"\n{title}\n")
        print("| job | instructions per URL | package / this |")
        print("|---|---:|---:|")
        package = None
        for name, _, _ in rows:
            per = (count(f"jobs[{name!r}]()", KEYS_SETUP) - base) / ROWS
            package = package or per
            print(f"| {name} | {per:,.0f} | {package / per:,.1f} |", flush=True)


def main() -> None:
    if KEYS:
        keys_table()
        return
    base = count(JOBS["baseline"])
    print(f"| job ({ROWS:,} URLs) | instructions per URL |")
    print("|---|---|")
    for name, code in JOBS.items():
        if name == "baseline":
            continue
        print(f"| {name} | {(count(code) - base) / ROWS:,.0f} |")


if __name__ == "__main__":
    main()
