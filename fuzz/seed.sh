#!/usr/bin/env bash
# Builds fuzz/corpus/<target>/ from the inputs of testdata/ (one file per
# input), so that every target starts from the conformance vectors.
set -euo pipefail
cd "$(dirname "$0")"
python3 - <<'PY'
import json, os, glob, hashlib
inputs, pairs, texts = set(), set(), set()
for f in glob.glob("../testdata/**/*.jsonl", recursive=True):
    for line in open(f, encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        r = json.loads(line)
        for k in ("input", "ref", "target", "a", "b", "base"):
            if isinstance(r.get(k), str):
                inputs.add(r[k])
        if isinstance(r.get("base"), str):
            for k in ("input", "ref", "target"):
                if isinstance(r.get(k), str):
                    pairs.add(r["base"] + "\n" + r[k])
        for k in ("text", "html"):
            if isinstance(r.get(k), str):
                texts.add(r[k])
def write(target, items):
    d = os.path.join("corpus", target)
    os.makedirs(d, exist_ok=True)
    for s in items:
        b = s.encode("utf-8")
        open(os.path.join(d, hashlib.sha1(b).hexdigest()), "wb").write(b)
for t in ("parse_roundtrip", "normalize", "pct_roundtrip", "scheme_views", "differential", "edit"):
    write(t, inputs)
for t in ("resolve", "relativize"):
    write(t, pairs)
write("extract", texts | inputs)
write("html", texts)
print(len(inputs), "inputs,", len(pairs), "pairs,", len(texts), "texts")
PY
