#!/usr/bin/env bash
# Copies the largest inputs of each target's corpus (fuzz/corpus/<target>,
# made by the fuzz runs) into testdata/fuzz/<target>/, where the test suite
# replays them at their size and repeated eight times and checks that the
# work grows linearly (crates/urikit/tests/it/fuzz_largest.rs).
set -eu
cd "$(dirname "$0")/.."
keep=${1:-4}
for dir in fuzz/corpus/*/; do
  t=$(basename "$dir")
  [ "$t" = differential ] && continue
  rm -rf "testdata/fuzz/$t"
  mkdir -p "testdata/fuzz/$t"
  ls -S "$dir" | head -n "$keep" | while read -r f; do
    cp "$dir/$f" "testdata/fuzz/$t/$f"
  done
done
du -sh testdata/fuzz
