#!/usr/bin/env bash
# Builds the web page (installing the wasm32 target and wasm-bindgen-cli
# the first time, see build.sh) and serves it on http://localhost:${PORT:-8000}/
# (Ctrl-C stops). Any static file server will do; this one is Python's.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
"$here/build.sh"
port="${PORT:-8000}"
echo "Open http://localhost:$port/ in a browser."
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$here/dist"
