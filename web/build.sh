#!/usr/bin/env bash
# Builds the page into web/dist: the library compiled to WebAssembly
# (crates/wasm, profile `wasm`: optimized for size), its JavaScript glue by
# wasm-bindgen-cli, and the static files. Needs the wasm32-unknown-unknown
# target and wasm-bindgen-cli of the version crates/wasm pins (.ci/run
# installs both). Fails if a module is over 400 KB gzipped. The name and
# producers sections are left out: a browser then shows no function names in
# a trace, and the page stays within its 400 KB.
set -euo pipefail
cd "$(dirname "$0")/.."
# The tools first, so that a missing one is said before minutes of
# compiling, with the command that installs it.
want=$(sed -n 's/^wasm-bindgen = "=\(.*\)"/\1/p' crates/wasm/Cargo.toml)
if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  echo "web/build.sh needs the wasm32-unknown-unknown target: rustup target add wasm32-unknown-unknown" >&2
  exit 1
fi
have=$(wasm-bindgen --version 2>/dev/null | cut -d' ' -f2 || true)
if [ "$have" != "$want" ]; then
  echo "web/build.sh needs wasm-bindgen-cli $want (found: ${have:-none}): cargo install wasm-bindgen-cli --version $want" >&2
  exit 1
fi
# Two modules: the page's (crates/wasm) and the one its Public Suffix List
# panel loads when opened (crates/wasm-suffix: the list's tables).
cargo build -q --profile wasm --target wasm32-unknown-unknown -p urikit-wasm -p urikit-wasm-suffix
rm -rf web/dist
mkdir -p web/dist/pkg
for m in urikit_wasm urikit_wasm_suffix; do
  wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section --out-dir web/dist/pkg \
    "target/wasm32-unknown-unknown/wasm/$m.wasm"
  size=$(gzip -9 -c "web/dist/pkg/${m}_bg.wasm" | wc -c)
  echo "web/dist: ${m}_bg.wasm $(wc -c <"web/dist/pkg/${m}_bg.wasm") bytes, $size gzipped"
  if [ "$size" -gt 409600 ]; then
    echo "${m}_bg.wasm is over 400 KB gzipped" >&2
    exit 1
  fi
done
cp web/index.html web/app.js web/style.css web/dist/
