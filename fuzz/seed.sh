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
for t in ("parse_roundtrip", "normalize", "pct_roundtrip", "scheme_views", "differential", "edit", "guess"):
    write(t, inputs)
for t in ("resolve", "relativize"):
    write(t, pairs)
write("html", texts)
# Targets whose first byte selects options (a dialect, steps, a mode).
selectors = [chr(c) for c in (0x00, 0x01, 0x02, 0x03, 0x04, 0x41, 0x7F, 0x80, 0x84)]
write("extract", {s + t for s in selectors for t in texts | inputs})
write("normalizer", {a + b + t for a in ("\x7f", "\x3f", "\x00", "\xff") for b in selectors[:5] for t in inputs})
# Templates: each RFC 6570 example with its expansion and some values,
# and each valid template.
templates = set()
for f in glob.glob("../testdata/template/*.jsonl"):
    for line in open(f, encoding="utf-8"):
        r = json.loads(line)
        if isinstance(r.get("template"), str):
            templates.add(r["template"] + "\n" + r.get("expansion", "") + "\nred,gr een,%7e")
write("template", templates)
write("dialects", {s + t for s in selectors[:5] for t in inputs})
write("builder", {s + "\n".join(["http", "u", "h", "80", "/p", "q", "f"]) for s in selectors})
write("base", {s + p.replace("\n", "\n\n\n") for s in selectors[:5] for p in pairs})
write("query_params", {s + "a=1&b&c=%20\nab=c\nf\no\nra\nkb" for s in selectors[:2]})
write("file_paths", {s + p for s in ("\x00", "\x01") for p in ("/tmp/a b", "C:\\x\\y", "\\\\srv\\share\\f", "/")})
# The WHATWG targets: the repository's inputs and pairs (input, newline,
# base), and, when the web-platform tests are beside the checkout, their
# inputs (read from there at seeding time, never stored here).
wpt = os.path.join("..", "..", "shared", "data", "wpt", "urltestdata.json")
urls = set(inputs) | {b.split("\n", 1)[1] + "\n" + b.split("\n", 1)[0] for b in pairs}
if os.path.exists(wpt):
    for e in json.load(open(wpt, encoding="utf-8")):
        if isinstance(e, dict):
            s = e["input"].encode("utf-16", "surrogatepass").decode("utf-16", "replace")
            urls.add(s + ("\n" + e["base"] if e.get("base") else ""))
write("whatwg", urls)
write("whatwg_ada", urls)
print(len(inputs), "inputs,", len(pairs), "pairs,", len(texts), "texts,", len(urls), "URLs")
PY
