#!/usr/bin/env bash
# The web page's tests in a real browser: installs what is missing (the
# wasm32 target, wasm-bindgen-cli at the version in Cargo.lock, Debian's
# chromium, the npm packages), builds the page into web/dist (build.sh),
# serves it on a free local port and runs web/tests/*.test.js with Node's
# test runner through playwright-core. Screenshots go to web/screenshots/
# and are copied to docs/ for the README. Arguments go to `node --test`,
# e.g. web/test.sh --test-name-pattern=hint
#
# The timing test reads magictour_top1465 from $SUDOKU_DATA or
# ../shared/data; without it that test is skipped, except under CI=true.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
cd "$here"

# The wasm32 target and wasm-bindgen-cli: build.sh installs them.
chromium="${CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$chromium" ]; then
    if [ "$(id -u)" = 0 ]; then
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
    else
        sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
    fi
fi
if [ ! -d node_modules/playwright-core ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci --no-audit --no-fund --loglevel=error
fi

./build.sh

# A free port, and a static server for web/dist that stops with this script.
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$here/dist" >/dev/null 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 50); do
    if python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/')" 2>/dev/null; then
        break
    fi
    sleep 0.1
done

# One file at a time: the timing tests must not share the two cores.
BASE_URL="http://127.0.0.1:$port/" CHROMIUM="$chromium" node --test --test-concurrency=1 --test-reporter=spec "$@" \
    tests/page.test.js tests/variants.test.js
for width in 1280 360; do
    cp "screenshots/page-$width.png" "$root/docs/web-$width.png"
done
cp screenshots/variant-x-thermo-arrow-1280.png "$root/docs/web-variants-1280.png"

