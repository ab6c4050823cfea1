#!/usr/bin/env bash
# Runs every fuzz target for SECONDS (default 600) with the URI dictionary,
# one after the other, and prints each run's last status line. Needs
# cargo-fuzz and a nightly toolchain (or RUSTC_BOOTSTRAP=1 on stable).
set -uo pipefail
cd "$(dirname "$0")/.."
secs=${1:-600}
[ -d fuzz/corpus ] || fuzz/seed.sh
for t in $(cargo fuzz list --fuzz-dir fuzz); do
  mkdir -p fuzz/corpus/$t
  log=fuzz/artifacts/$t.log
  mkdir -p fuzz/artifacts
  cargo +nightly fuzz run --fuzz-dir fuzz "$t" fuzz/corpus/$t -- \
    -dict=fuzz/uri.dict -max_total_time="$secs" -max_len=4096 >"$log" 2>&1
  status=$?
  echo "$t: exit $status: $(grep -E '^#[0-9]+' "$log" | tail -1)"
done
