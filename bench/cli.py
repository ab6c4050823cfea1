#!/usr/bin/env python3
"""`uri check`, `uri normalize` and `uri resolve` on the same large input.

Builds (once) bench/target/cli-input.txt, the four shared datasets repeated
17 times (105 MB, 1,854,037 lines), then runs the three commands in turn,
ROUNDS times (default 10), with `--jobs 2`, output to /dev/null, and prints
each command's best and median wall time, lines a second, peak resident
memory (with GNU time) and its ratio to `check`'s time. Interleaving the
commands spreads the noise of a shared machine over all three.

Usage: python3 bench/cli.py [ROUNDS]
"""

import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DATA = os.path.join(ROOT, "..", "shared", "data", "urls")
SETS = ["isaacs_files", "kasztp", "node_files", "userbait"]
COPIES = 17


def build_input():
    path = os.path.join(HERE, "target", "cli-input.txt")
    if not os.path.exists(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        parts = [open(os.path.join(DATA, f"{s}.txt"), "rb").read() for s in SETS]
        with open(path, "wb") as out:
            for _ in range(COPIES):
                for p in parts:
                    out.write(p)
    return path


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "urikit-cli"], cwd=ROOT, check=True)
    uri = os.path.join(ROOT, "target", "release", "uri")
    data = build_input()
    lines = sum(1 for _ in open(data, "rb"))
    commands = {
        "check": ["check"],
        "normalize": ["normalize"],
        "resolve": ["resolve", "--base", "http://example.com/a/b"],
    }
    # A child's peak resident size, as GNU time reports it (measured from
    # this interpreter it would include the interpreter's own, which the
    # child inherits until it runs `uri`).
    rss = os.path.join(HERE, "target", "cli-rss.txt")
    wrap = ["/usr/bin/time", "-f", "%M", "-o", rss] if os.path.exists("/usr/bin/time") else []
    times = {k: [] for k in commands}
    peak = {k: 0 for k in commands}
    for _ in range(rounds):
        for name, args in commands.items():
            with open(data, "rb") as f, open(os.devnull, "wb") as null:
                t = time.perf_counter()
                subprocess.run([*wrap, uri, *args, "--jobs", "2"], stdin=f, stdout=null)
                times[name].append(time.perf_counter() - t)
            if wrap:
                peak[name] = max(peak[name], int(open(rss).read().split()[-1]))
    base = statistics.median(times["check"])
    print(f"{lines:,} lines, {os.path.getsize(data) / 1e6:.0f} MB, {rounds} rounds, --jobs 2")
    print(f"{'command':10} {'best s':>7} {'median s':>9} {'Mlines/s':>9} {'max RSS MB':>11} {'÷ check':>8}")
    for name, v in times.items():
        m = statistics.median(v)
        print(
            f"{name:10} {min(v):7.3f} {m:9.3f} {lines / m / 1e6:9.1f} "
            f"{(f'{peak[name] / 1024:.1f}' if wrap else '-'):>11} {m / base:8.2f}"
        )


if __name__ == "__main__":
    main()
