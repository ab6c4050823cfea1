"""The timing the benchmark scripts share. Imported before pyarrow (or
anything else that loads numpy): numpy starts OpenBLAS's threads, which
wait by spinning, CPU time of the process that is no library's work (11 %
of the samples of ``urikit.arrow.surt`` on two threads, and a two-thread
call's CPU time a third above its one-thread time). None of the scripts
uses BLAS; one thread of it is asked for, unless the caller set another
number.
"""

from __future__ import annotations

import gc
import os
import time
from typing import Callable

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def best(f: Callable[[], object], n: int = 3) -> float:
    """The shortest wall time of ``n`` runs of ``f``, in seconds (the least
    disturbed run on a shared machine).

    >>> best(lambda: None, 2) >= 0
    True
    """
    times = []
    for _ in range(n):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return min(times)


def least_cpu(f: Callable[[], object], n: int = 3) -> tuple[float, float, object]:
    """Of ``n`` runs of ``f``, the one with the least CPU time of the
    process (all its threads): ``(CPU seconds, wall seconds, f's result)``.

    The cyclic garbage collector is off while ``f`` runs, as ``timeit``
    has it: a run that keeps a hundred thousand answers (a list of hashes
    each) otherwise pays for collections that scan every answer kept so
    far, a cost of how many objects are alive, not of the function timed
    (it tripled ``urikit.safebrowsing_hashes``'s time in ``keys.py``). The
    last run's result is dropped before the next begins, for the same
    reason.

    >>> cpu, wall, result = least_cpu(lambda: 42, 2)
    >>> result, cpu >= 0, wall >= 0
    (42, True, True)
    """
    best = None
    for _ in range(n):
        gc.collect()
        gc.disable()
        try:
            c, w = time.process_time(), time.perf_counter()
            r = f()
            run = (time.process_time() - c, time.perf_counter() - w, r)
        finally:
            gc.enable()
        if best is None or run[0] < best[0]:
            best = run
        del r, run
    return best
