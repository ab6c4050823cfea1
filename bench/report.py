#!/usr/bin/env python3
"""Turns criterion's estimates (target/criterion) into the RESULTS.md table:
ns per URL, MB/s, and each library's time as a ratio of urikit's and of
fluent-uri's. Run after `cargo bench --bench parse`; needs the datasets to
count lines (URIKIT_DATA or ../../shared/data/urls)."""
import json, os, pathlib, platform, subprocess, sys

here = pathlib.Path(__file__).resolve().parent
data = pathlib.Path(os.environ.get("URIKIT_DATA", here / "../../shared/data/urls")).resolve()
crit = here / "target" / "criterion"
libs = ["urikit", "fluent-uri", "iri-string", "oxiri", "url", "ada"]

def estimate(group, lib):
    f = crit / group / lib / "new" / "estimates.json"
    if not f.exists():
        return None
    return json.loads(f.read_text())["mean"]["point_estimate"]  # ns per iteration

cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
rustc = subprocess.run(["rustc", "--version"], capture_output=True, text=True).stdout.strip()
print(f"Environment: {cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, {rustc}\n")
for ds in sorted(data.glob("*.txt")):
    group = f"parse_{ds.stem}"
    raw = ds.read_bytes()
    lines = raw.decode("utf-8", "replace").splitlines()
    n, size = len(lines), sum(len(l.encode()) for l in lines)
    times = {lib: estimate(group, lib) for lib in libs}
    if times["urikit"] is None:
        continue
    print(f"### {ds.name} ({n} lines, {size} bytes)\n")
    print("| library | ns/URL | MB/s | time / urikit | time / fluent-uri |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for lib in libs:
        t = times[lib]
        if t is None:
            continue
        fl = times["fluent-uri"]
        print(f"| {lib} | {t / n:.1f} | {size / t * 1e3:.0f} | {t / times['urikit']:.2f} | {t / fl:.2f} |")
    print()
