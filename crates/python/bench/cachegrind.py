"""Instructions per URL (cachegrind), beside bench.py's wall times: the
machine is shared, the counts are not disturbed by it.

    .venv/bin/python crates/python/bench/cachegrind.py [ROWS]

Each job runs in its own interpreter under valgrind; the count of a
baseline (imports and the column built, nothing done) is subtracted.
"""

import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROWS = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
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


def count(code: str) -> int:
    with tempfile.TemporaryDirectory() as d:
        out = Path(d) / "cg.out"
        r = subprocess.run(
            ["valgrind", "--tool=cachegrind", "--cache-sim=no", f"--cachegrind-out-file={out}",
             sys.executable, "-c", SETUP + code],
            capture_output=True, text=True, check=True,
        )
        m = re.search(r"I\s+refs:\s+([\d,]+)", r.stderr)
        return int(m.group(1).replace(",", ""))


base = count(JOBS["baseline"])
print(f"| job ({ROWS:,} URLs) | instructions per URL |")
print("|---|---|")
for name, code in JOBS.items():
    if name == "baseline":
        continue
    print(f"| {name} | {(count(code) - base) / ROWS:,.0f} |")
