#!/usr/bin/env bash
# Instructions and (simulated) mispredicted branches per item, counted by
# valgrind's cachegrind: unlike wall time, the same on a busy machine.
# Usage: [JOBS='parse:urikit ...'] [BIN=work] ./cachegrind.sh [DATASET]   (default ../../shared/data/urls/kasztp.txt;
# BIN: another build of the work example, such as one saved before a change;
# `unicode`: the Unicode IRIs built from the datasets, for parse-iri;
# `spec`, `mail`: the texts of the extraction benchmark, for extract (items: bytes);
# `page`, `real`: the HTML of the links benchmark, for links (items: bytes);
# resolve and relativize assume one with 400 and 4,000 http(s) lines)
set -euo pipefail
cd "$(dirname "$0")"
data=${1:-../../shared/data/urls/kasztp.txt}
# The bench profile (one codegen unit, thin LTO): the code criterion times.
cargo build -q --profile bench --example work
bin=${BIN:-target/release/examples/work}
if [ "$data" = spec ] || [ "$data" = mail ]; then
  "$bin" dump - "$data" 0 >"target/$data.txt"
  data=target/$data.txt
fi
set=$data
if [ "$data" = page ] || [ "$data" = real ]; then
  "$bin" dump - "$data" 0 >"target/$data.html"
  data=target/$data.html
fi
if [ "$data" = unicode ]; then
  "$bin" dump - unicode 0 >target/unicode-iris.txt
  data=target/unicode-iris.txt
fi
count() { # JOB LIB ROUNDS -> "instructions mispredicts"
  local file=$data
  # The links job builds its pages itself (one document each).
  [ "$1" = links ] && file=$set
  valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes \
    --cachegrind-out-file=/dev/null "$bin" "$1" "$2" "$file" "$3" 2>&1 >/dev/null |
    awk '/I *refs:/ {gsub(",","",$4); i=$4} /Mispredicts:/ {gsub(",","",$3); m=$3} END {print i, m}'
}
lines=$(wc -l <"$data")
printf '%-11s %-11s %14s %12s\n' job library instr/item mispred/item
for spec in ${JOBS:-parse:urikit parse:fluent-uri normalize:urikit normalize:fluent-uri \
            resolve:urikit resolve:fluent-uri relativize:urikit relativize:oxiri}; do
  job=${spec%%:*}; lib=${spec##*:}
  read -r i0 m0 <<<"$(count "$job" "$lib" 0)"
  read -r i1 m1 <<<"$(count "$job" "$lib" 3)"
  # Items per round: every line, the 400 bases x 27 references of
  # resolve, the 3,999 pairs of relativize, the 64 URIs of
  # template-match or the 6 x 64 expansions of template-expand.
  items=$lines
  [ "$job" = resolve ] && items=10800
  [ "$job" = relativize ] && items=3999
  [ "$job" = template-match ] && items=64
  [ "$job" = template-expand ] && items=384
  [ "$job" = extract ] && items=$(wc -c <"$data")
  [ "$job" = links ] && items=$(wc -c <"$data")
  awk -v a="$i0" -v b="$i1" -v c="$m0" -v d="$m1" -v n="$items" -v j="$job" -v l="$lib" \
    'BEGIN {i=(b-a)/(3*n); printf (i < 100 ? "%-11s %-11s %14.2f %12.4f\n" : "%-11s %-11s %14.0f %12.2f\n"), j, l, i, (d-c)/(3*n)}'
done
