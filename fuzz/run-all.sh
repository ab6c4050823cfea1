#!/usr/bin/env bash
# Runs every fuzz target for SECONDS (default 600) with the URI dictionary,
# PARALLEL at a time (default 2), and prints each run's last status line.
# Each input has 2 seconds (-timeout) and the properties assert that the
# work is linear in the input (fuzz_ops.rs), so a quadratic path on a 4 KB
# input fails at once. Needs cargo-fuzz and a nightly toolchain (or
# RUSTC_BOOTSTRAP=1 on stable).
set -uo pipefail
cd "$(dirname "$0")/.."
secs=${1:-600}
parallel=${2:-2}
[ -d fuzz/corpus ] || fuzz/seed.sh
mkdir -p fuzz/artifacts
RUSTC_BOOTSTRAP=1 cargo fuzz build --fuzz-dir fuzz -O >/dev/null 2>&1
run() {
  t=$1
  mkdir -p fuzz/corpus/$t
  log=fuzz/artifacts/$t.log
  RUSTC_BOOTSTRAP=1 cargo fuzz run --fuzz-dir fuzz -O "$t" fuzz/corpus/$t -- \
    -dict=fuzz/uri.dict -max_total_time="$secs" -max_len=4096 -timeout=2 \
    -rss_limit_mb=2048 >"$log" 2>&1
  status=$?
  echo "$t: exit $status: $(grep -E '^#[0-9]+' "$log" | tail -1)"
}
export -f run
export secs
cargo fuzz list --fuzz-dir fuzz | xargs -P "$parallel" -I{} bash -c 'run {}'
