"""Each crawl key's ``urikit.arrow`` call made again and again in one
process, one line a call: what a call costs once its buffers are the
allocator's (the first call of each takes the page faults of new memory),
and how it divides between the user, the system and the page faults.

    .venv/bin/python crates/python/bench/calls.py [--calls N] [KEY ...]
    taskset -c 0 .venv/bin/python crates/python/bench/calls.py   # one thread

KEY is ``surt``, ``w3lib``, ``tldextract`` or ``safebrowsing`` (all four
when none is named). Each call's figures are per URL of the shared
datasets' lines: CPU (all threads) and wall nanoseconds, the user and
system parts of the CPU, and the call's minor page faults. On one core
(``taskset``) a call runs on one thread, and its two parts are not joined
into one array; the difference between the two runs is the second
thread's cost, the join first of all.
"""

from __future__ import annotations

import argparse
import resource
import time

# First: through `timing`, it keeps numpy's BLAS threads from spinning.
from keys import lines

import pyarrow as pa

import urikit.arrow as ua

KEYS = {
    "surt": ua.surt,
    "w3lib": lambda col: ua.canonical(col, "w3lib"),
    "tldextract": ua.tldextract,
    "safebrowsing": ua.safebrowsing_hashes,
}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--calls", type=int, default=7)
    ap.add_argument("keys", nargs="*", help=f"any of {', '.join(KEYS)} (all when none)")
    args = ap.parse_args()
    unknown = [k for k in args.keys if k not in KEYS]
    if unknown:
        ap.error(f"no key named {', '.join(unknown)}; the keys: {', '.join(KEYS)}")
    col = pa.array(lines(None))
    n = len(col)
    per = lambda s: f"{s / n * 1e9:6.0f}"
    print(f"{n} URLs; ns a URL: CPU, wall, user, system; the call's minor page faults")
    for key in args.keys or list(KEYS):
        f = KEYS[key]
        for k in range(args.calls):
            r0 = resource.getrusage(resource.RUSAGE_SELF)
            c, w = time.process_time(), time.perf_counter()
            out = f(col)
            c, w = time.process_time() - c, time.perf_counter() - w
            r1 = resource.getrusage(resource.RUSAGE_SELF)
            user, system = r1.ru_utime - r0.ru_utime, r1.ru_stime - r0.ru_stime
            faults = r1.ru_minflt - r0.ru_minflt
            print(f"{key:13} call {k + 1}  {per(c)} {per(w)} {per(user)} {per(system)} {faults:7}")
            del out


if __name__ == "__main__":
    main()
