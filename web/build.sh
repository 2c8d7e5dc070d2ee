#!/usr/bin/env bash
# Builds the web page into web/dist/: the engine (crates/wasm) compiled to
# WebAssembly with the size-friendly `wasm` profile, its JavaScript glue
# from wasm-bindgen (--target web), and the page's HTML, CSS and JavaScript.
# Everything the page loads is in web/dist/; serve that folder from any
# static file host.
#
# Needs the wasm32-unknown-unknown target and wasm-bindgen-cli at the
# version of the wasm-bindgen crate in Cargo.lock, and installs them when
# they are missing (the first time only; compiling wasm-bindgen-cli takes a
# few minutes):
#   rustup target add wasm32-unknown-unknown
#   cargo install wasm-bindgen-cli --version "$(web/build.sh --wasm-bindgen-version)"
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"

# The wasm-bindgen version the crate is locked to.
wasm_bindgen_version() {
    awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' "$root/Cargo.lock"
}
if [ "${1:-}" = "--wasm-bindgen-version" ]; then
    wasm_bindgen_version
    exit 0
fi

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    echo "web/build.sh: adding the wasm32-unknown-unknown target (once)" >&2
    rustup target add wasm32-unknown-unknown
fi
want="$(wasm_bindgen_version)"
have="$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" || true
if [ "$have" != "$want" ]; then
    echo "web/build.sh: installing wasm-bindgen-cli $want (found: ${have:-none}; once, a few minutes)" >&2
    # Not --locked: the tool's own lock file may name versions the
    # registry no longer serves.
    cargo install --quiet wasm-bindgen-cli --version "$want"
fi

target_dir="${CARGO_TARGET_DIR:-$root/target}"
cd "$root"
cargo build --quiet -p sudoku-wasm --target wasm32-unknown-unknown --profile wasm
dist="$here/dist"
rm -rf "$dist"
mkdir -p "$dist/pkg"
# The name section (the functions' names, 107 KB, for stack traces in a
# debugger) is left out of the file the page loads; a panic's message
# still reaches the console.
wasm-bindgen --target web --no-typescript --remove-name-section --out-dir "$dist/pkg" \
    "$target_dir/wasm32-unknown-unknown/wasm/sudoku_wasm.wasm"
cp "$here/index.html" "$here/style.css" "$here/app.js" "$here/worker.js" "$dist/"
wasm="$dist/pkg/sudoku_wasm_bg.wasm"
echo "web/build.sh: built $dist ($(wc -c < "$wasm") bytes of WebAssembly, $(gzip -9 -c "$wasm" | wc -c) gzipped)"
